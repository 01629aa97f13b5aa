"""Win rates by general, role and seat (identity), side and position (3v3, 1v1)."""

from __future__ import annotations

import sys
from pathlib import Path

import streamlit as st

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import queries as q

st.title("Win rates")
q.require_db()
st.caption("Only games with a result (`game_end`, or a victory the validator established) count. "
           "Identity: `lord` wins for the lord and the loyalists. 3v3 and 1v1: by side.")

modes = q.df(q.MODES_WITH_RESULTS)["mode"].tolist()
if not modes:
    st.info("No finished games loaded yet: win rates need games whose log ends with a result.")
    st.stop()

c1, c2 = st.columns([1, 1])
mode = c1.selectbox("Mode", modes, index=modes.index("identity") if "identity" in modes else 0)
min_games = int(c2.number_input("Minimum games", min_value=1, value=1, step=1))

RATE = {"win_rate": st.column_config.ProgressColumn("win rate", format="percent", min_value=0.0, max_value=1.0)}


def show(frame, x: str, empty: str) -> None:
    if frame.empty:
        st.info(empty)
        return
    st.dataframe(frame, hide_index=True, width="stretch", column_config=RATE)
    st.bar_chart(frame, x=x, y="win_rate", y_label="win rate", height=260)


t_general, t_role, t_seat, t_side = st.tabs(["By general", "By role", "By seat", "By side and position"])
with t_general:
    show(q.df(q.WIN_RATES_BY_GENERAL, [mode, min_games]), "general", f"No {mode} general has {min_games}+ games.")
with t_role:
    show(q.df(q.WIN_RATES_BY_ROLE, [min_games]), "role", "No finished identity-mode games.")
with t_seat:
    seats = q.df(q.WIN_RATES_BY_SEAT, [mode, min_games])
    if not seats.empty:
        seats = seats.assign(seat_label=seats["players"].astype(str) + "p seat " + seats["seat"].astype(str))
    show(seats, "seat_label", f"No {mode} seat has {min_games}+ games.")
with t_side:
    show(q.df(q.WIN_RATES_BY_SIDE, [min_games]), "side", "No finished 3v3 or 1v1 games.")
    pos = q.df(q.WIN_RATES_BY_POSITION, [min_games])
    if not pos.empty:
        st.markdown("**By position (3v3)**")
        st.dataframe(pos, hide_index=True, width="stretch", column_config=RATE)
