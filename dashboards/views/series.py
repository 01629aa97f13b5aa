"""Series standings: the 4th-edition points (第四版计分) of the games of a series, per game and in total."""

from __future__ import annotations

import sys
from pathlib import Path

import streamlit as st

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import queries as q

ROLE_ZH = {"lord": "主公", "loyalist": "忠臣", "rebel": "反贼", "renegade": "内奸"}

st.title("Series standings")
q.require_db()
st.caption("推广版计分赛: as many identity games as players, the lord passing to the next player each game, the "
           "points of the 4th-edition scoring added up; the highest total wins (《三国杀》标准版规则（身份局） · "
           "游戏规则 · 详细规则 · 计分规则). A game belongs to a series by the `series_id` and `game_number` of its "
           "header. `sgs-replay score FILES…` also checks that a series is well formed.")

if int(q.df(q.HAS_SERIES_POINTS)["n"].iloc[0]) == 0:
    st.info("This database was written before the series points were stored: load the logs again "
            "(`sgs-replay load LOGS… --full --db FILE`).")
    st.stop()
series = q.df(q.SERIES_LIST)
if series.empty:
    st.info("No game of a series in this database: a series' logs carry `series_id` and `game_number` in their "
            "header (docs/log-format.md §4).")
    st.stop()

ids = series["series_id"].tolist()
chosen = st.selectbox("Series", ids, index=0)
row = series[series["series_id"] == chosen].iloc[0]
standings = q.df(q.SERIES_STANDINGS, [chosen])
best = standings["points"].max()
first = standings[standings["points"] == best]["player"].tolist()
c1, c2, c3 = st.columns(3)
c1.metric("Games", int(row["games"]))
c2.metric("Players", int(row["players"]))
c3.metric("Leader" if len(first) == 1 else "Tied first", ", ".join(first))

st.subheader("Standings")
st.dataframe(standings, hide_index=True, width="stretch")

st.subheader("Points per game")
games = q.df(q.SERIES_GAME_POINTS, [chosen])
wide = games.pivot_table(index="player", columns="game", values="points", aggfunc="sum")
wide.columns = [f"game {c}" for c in wide.columns]
wide["total"] = wide.sum(axis=1)
st.dataframe(wide.sort_values(["total"], ascending=False), width="stretch")
running = games.pivot_table(index="game", columns="player", values="points", aggfunc="sum").fillna(0).cumsum()
st.line_chart(running)

st.subheader("Each game")
games["role"] = games["role"].map(lambda r: f"{r} {ROLE_ZH.get(r, '')}".strip())
st.dataframe(games, hide_index=True, width="stretch")
