"""One player (a coach's student): games, results, damage, kills, rescues, and mistakes by rule over time."""

from __future__ import annotations

import sys
from pathlib import Path

import streamlit as st

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import filters
import queries as q

st.title("Players")
q.require_db()
where = filters.current()
table = q.stat("player_stats", where)
if table.is_empty():
    st.info("No named player in the games the filters keep.")
    st.stop()

names = table["player"].to_list()
if where.player is None:
    st.caption("Every player in the games the filters keep; pick one (or set the Player filter) for the details. "
               + filters.describe(where))
    st.dataframe(table, hide_index=True, width="stretch")
    name = st.selectbox("Player", names, index=None, placeholder="choose a player")
    if name is None:
        st.stop()
    where = type(where)(**{**{f: getattr(where, f) for f in where.__struct_fields__}, "player": name})
else:
    name = where.player
st.subheader(q.md(name))
st.caption(filters.describe(where))
row = q.stat("player_stats", where).row(0, named=True)
c = st.columns(4)
c[0].metric("Games", row["games"])
c[1].metric("Wins / draws / losses", f"{row['wins']} / {row['draws']} / {row['losses']}")
rate = "–" if row["win_rate"] is None else f"{row['win_rate']:.0%} ({row['ci_low']:.0%}–{row['ci_high']:.0%})"
c[2].metric("Win rate (95 % interval)", rate)
c[3].metric("Violations per 100 games", row["violations_per_100"])
c = st.columns(4)
c[0].metric("Damage dealt / taken", f"{row['damage_dealt']} / {row['damage_taken']}")
c[1].metric("Kills", row["kills"])
c[2].metric("Rescues (桃 on a dying character)", row["rescues"])
c[3].metric("Cards used per turn", "–" if row["cards_per_turn"] is None else row["cards_per_turn"])

st.subheader("Results")
results = q.stat("win_rates", where, by=("player", "general"), min_games=1)
st.dataframe(results.filter(results["name"] == name), hide_index=True, width="stretch")

st.subheader("Mistakes by rule")
by_rule = q.stat("violation_rates", where, by="player")
if by_rule.is_empty():
    st.success("No violation in this player's games.")
else:
    st.dataframe(by_rule, hide_index=True, width="stretch")
    over_time = q.stat("violations_over_time", where, player=name)
    import altair as alt

    chart = alt.Chart(over_time.to_pandas()).mark_bar().encode(
        x=alt.X("day:T", title="day played (else the day loaded)"),
        y=alt.Y("violations:Q", title="violations"), color=alt.Color("rule:N", legend=alt.Legend(labelLimit=0)),
        tooltip=["day:T", "rule:N", "violations:Q"])
    st.altair_chart(chart.properties(height=260), width="stretch")
