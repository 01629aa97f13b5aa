"""Overview: games loaded by mode and ruleset, violations by kind and by rule, every game."""

from __future__ import annotations

import sys
from pathlib import Path

import streamlit as st

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import queries as q

st.title("Sanguosha match logs")
db = q.require_db()
st.caption(f"Database: {q.md(db)}")



def _all() -> object:
    from sgs_replay.analysis.stats import Filters

    return Filters()


totals = q.df(q.TOTALS).iloc[0]
c1, c2, c3, c4, c5 = st.columns(5)
c1.metric("Games", int(totals["games"]))
c2.metric("Events", int(totals["events"]))
c3.metric("Violations", int(totals["violations"]))
c4.metric("Clean games", int(totals["clean_games"]))
c5.metric("Finished games", int(totals["finished_games"]))

if int(totals["games"]) == 0:
    st.info("No games loaded yet. Load logs with `sgs-replay load LOGS… --db " + str(db) + "`.")
    st.stop()

st.subheader("Where the games come from, and their results")
results = q.stat("results", _all(), by=("mode", "source"))
st.caption("**source**: recording (a game engine's), simulation (`sgs-replay simulate`) or hand-written "
           "(docs/store.md). **result_differs**: games whose declared winner is not the one the rules prove; "
           "the statistics count the proven one. A game seen from several views (國戰 from nobody's view) is "
           "one game; its other views are linked to it (the `views` table).")
st.dataframe(results, hide_index=True, width="stretch")

st.subheader("Games by mode and ruleset")
by_mode = q.df(q.GAMES_BY_MODE)
left, right = st.columns([3, 2])
left.dataframe(by_mode, hide_index=True, width="stretch",
               column_config={"finished_games": "finished", "clean_games": "no violations"})
right.bar_chart(by_mode.assign(label=by_mode["mode"] + " · " + by_mode["ruleset"]), x="label", y="games",
                x_label="mode · ruleset", y_label="games", height=220)

st.subheader("Violations")
kinds = q.df(q.VIOLATIONS_BY_KIND)
if kinds.empty:
    st.success("No violations in any loaded game.")
else:
    left, right = st.columns([2, 3])
    with left:
        st.markdown("**By kind**")
        st.dataframe(kinds, hide_index=True, width="stretch")
        st.bar_chart(kinds, x="kind", y="violations", height=220)
    with right:
        st.markdown("**By rule**")
        st.dataframe(q.df(q.VIOLATIONS_BY_RULE), hide_index=True, width="stretch",
                     column_config={"example": st.column_config.TextColumn("example message", width="large")})

st.subheader("Games")
games = q.df(q.GAME_TABLE, [q.GAME_TABLE_ROWS])
if int(totals["games"]) > len(games):
    st.caption(f"The {len(games):,} games with the most violations of {int(totals['games']):,}; "
               "the **Violations** page searches them all.")
st.dataframe(
    games, hide_index=True, width="stretch",
    column_config={
        "file_name": "file", "declared_id": "game id", "game_id": st.column_config.TextColumn("content hash"),
        "violations": st.column_config.NumberColumn("violations", help="all kinds"),
        "illegal_play": "illegal play", "resolution_order": "order", "unverifiable": "unverifiable checks",
    },
)
st.caption("Open a game step by step in **Game viewer**; filter violations in **Violations**.")
