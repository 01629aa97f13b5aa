"""The 3v3 draft: how early each general is picked, and how the picking side fares by pick number."""

from __future__ import annotations

import sys
from pathlib import Path

import polars as pl
import streamlit as st

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import charts
import filters
import queries as q

st.title("3v3 draft")
q.require_db()
where = filters.current()
st.caption("From the `draft_pick` events: picks numbered 1–16 in order (turns of 1, 2, 2, 2, 2, 2, 2, 2, 1). "
           "The win rate is the picking side's, with its Wilson 95 % interval. " + filters.describe(where))
min_games = int(st.number_input("Minimum drafts per row", min_value=1, value=1, step=1))

by_pick = q.stat("draft_by_pick", where, min_games=min_games)
if by_pick.is_empty():
    st.info("No 3v3 draft in the games the filters keep.")
    st.stop()
# every draft has one first pick (the whole pick list would be 16 rows a draft to fetch and count)
drafts = q.stat("draft_by_pick", where).filter(pl.col("pick") == 1)["picks"].sum()
st.metric("Drafts", drafts)
st.subheader("Win rate by pick number")
st.dataframe(by_pick, hide_index=True, width="stretch")
st.altair_chart(charts.interval_chart(by_pick, "pick"), width="stretch")

st.subheader("Generals: pick order and first picks")
st.dataframe(q.stat("draft_stats", where, min_games=min_games), hide_index=True, width="stretch",
             column_config={"first_pick_rate": st.column_config.ProgressColumn(
                 "first-pick rate", format="percent", min_value=0.0, max_value=1.0)})

st.caption("Win rates by position are on the **Win rates** page (3v3: General × position): both sides field "
           "a commander and two vanguards, so a position alone says nothing.")
