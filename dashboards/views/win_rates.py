"""Win rates with their 95 % intervals: by general, role, seat, side and position, general × role."""

from __future__ import annotations

import sys
from pathlib import Path

import streamlit as st

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import charts
import filters
import queries as q

st.title("Win rates")
q.require_db()
where = filters.current()
st.caption("Only games with a result count. **games** are distinct games, **appearances** player rows "
           "(two loyalists of one game: 1 game, 2 appearances). The bar is the Wilson 95 % interval: "
           "a rate over few games says little. " + filters.describe(where))

min_games = int(st.number_input("Minimum games per row", min_value=1, value=1, step=1))

RATE = {"win_rate": st.column_config.ProgressColumn("win rate", format="percent", min_value=0.0, max_value=1.0)}


def show(by: object, label: str, empty: str, sort_by_rate: bool = False) -> None:
    frame = q.stat("win_rates", where, by=by, min_games=min_games)
    if frame.is_empty():
        st.info(empty)
        return
    if sort_by_rate:
        frame = frame.sort(["win_rate", "games", label], descending=[True, True, False])
    st.dataframe(frame, hide_index=True, width="stretch", column_config=RATE)
    st.altair_chart(charts.interval_chart(frame, label), width="stretch")


tabs = st.tabs(["By general", "By role", "By seat", "By side and position", "General × role"])
with tabs[0]:
    show("general", "general", f"No general has {min_games}+ finished games.", sort_by_rate=True)
with tabs[1]:
    show("role", "role", f"No role has {min_games}+ finished identity games.")
with tabs[2]:
    seats = q.stat("win_rates", where, by="seat", min_games=min_games)
    if seats.is_empty():
        st.info(f"No seat has {min_games}+ finished games.")
    else:
        import polars as pl

        seats = seats.with_columns(label=pl.format("{} {}p seat {}", "mode", "table_size", "seat"))
        st.dataframe(seats.drop("label"), hide_index=True, width="stretch", column_config=RATE)
        st.altair_chart(charts.interval_chart(seats, "label"), width="stretch")
with tabs[3]:
    show("side", "side", "No finished 3v3 or 1v1 games.")
    st.markdown("**By position (3v3)**")
    show("position", "position", "No finished 3v3 games.")
with tabs[4]:
    gr = q.stat("win_rates", where, by=("general", "role"), min_games=min_games)
    if gr.is_empty():
        st.info(f"No general × role has {min_games}+ finished identity games.")
    else:
        import polars as pl

        gr = gr.sort(["win_rate", "games"], descending=True).with_columns(
            label=pl.format("{} · {}", "general", "role"))
        st.dataframe(gr.drop("label"), hide_index=True, width="stretch", column_config=RATE)
        st.altair_chart(charts.interval_chart(gr, "label"), width="stretch")
