"""Step through one game: the events up to a point and every seat's state after it.

The state shown was recorded at load time (``events.state``): the dashboard never runs the engine.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pandas as pd
import streamlit as st

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import queries as q

st.title("Game viewer")
q.require_db()

games = q.df(q.GAME_CHOICES)
if games.empty:
    st.info("No games loaded yet.")
    st.stop()

ids = games["game_id"].tolist()


def _text(value: object, default: str) -> str:
    return str(value) if pd.notna(value) and value != "" else default


labels = {
    r.game_id: f"{r.file_name} · {_text(r.declared_id, r.game_id)} · {_text(r.mode, 'no mode')} · "
               f"{r.events} events · {r.violations} violations"
    for r in games.itertuples()
}
wanted = st.query_params.get("game")
game_id = st.selectbox("Game", ids, index=ids.index(wanted) if wanted in ids else 0, format_func=labels.__getitem__)
st.query_params["game"] = game_id

head = q.df(q.GAME_HEADER, [game_id]).iloc[0]
c1, c2, c3, c4 = st.columns(4)
c1.metric("Events", int(head["events"]))
c2.metric("Violations", int(head["violations"]))
c3.metric("Unverifiable checks", int(head["unverifiable"]))
c4.metric("Result", f"{head['winner']} ({head['reason']})" if pd.notna(head["winner"]) else "—")
st.caption(f"{q.md(head['file'])} · {q.md(_text(head['mode'], 'no mode'))} · ruleset {q.md(_text(head['ruleset'], '—'))}"
           + (" · starts from a position" if head["from_position"] else ""))

with st.expander("Players", expanded=False):
    st.dataframe(q.df(q.GAME_PLAYERS, [game_id]), hide_index=True, width="stretch")

n = int(head["events"])
if n == 0:
    st.info("This log has no events.")
    st.stop()

seq = st.slider("Event", min_value=0, max_value=n, value=n, help="0 = the position before the first event")
events = q.df(q.GAME_EVENTS_UPTO, [game_id, seq])
violations = q.df(q.GAME_VIOLATIONS, [game_id])

if seq == 0:
    st.markdown("**Before the first event**")
else:
    cur = events.iloc[-1]
    st.markdown(f"**Event {seq} of {n}** · line {cur['line']} · {q.md(cur['type'])}"
                + (f" · turn of seat {int(cur['turn_seat'])}" if pd.notna(cur["turn_seat"]) else "")
                + (f" · {q.md(cur['phase'])} phase" if pd.notna(cur["phase"]) else ""))
    st.code(cur["json"], language="json")
    here = violations[violations["line"] == cur["line"]]
    for v in here.itertuples():
        st.error(f"{q.md(v.rule)} ({q.md(v.kind)}) — {q.md(v.message)}"
                 + (f"  \nexpected: {q.md(v.expected)} · observed: {q.md(v.observed)}"
                    if pd.notna(v.expected) or pd.notna(v.observed) else ""))

left, right = st.columns([3, 2])
with left:
    st.markdown("**Seats**")
    state = q.df(q.GAME_STATE_AT, [game_id, seq, game_id, seq, game_id])
    if state.empty:
        st.info("No recorded state for this event (the replay stopped before it, or the header was unusable).")
    else:
        state = state.assign(hp=state["hp"].astype(str) + " / " + state["max_hp"].astype(str)).drop(columns=["max_hp"])
        st.dataframe(state, hide_index=True, width="stretch")
with right:
    hp = q.df(q.GAME_HP_SERIES, [game_id, game_id, seq])
    if not hp.empty:
        st.markdown("**HP**")
        st.line_chart(hp.pivot_table(index="seq", columns="seat", values="hp"), height=260)

st.markdown(f"**Events 1–{seq}** (latest first)")
marked = set(violations["line"].tolist())
shown = events.assign(flag=["⚠️" if ln in marked else "" for ln in events["line"]])
shown = shown[["flag", "seq", "line", "type", "seat", "target", "card", "turn_seat", "phase", "json"]]
st.dataframe(shown.iloc[::-1], hide_index=True, width="stretch", height=320,
             column_config={"flag": st.column_config.TextColumn("", width="small"),
                            "turn_seat": "turn", "json": st.column_config.TextColumn("event", width="large")})
upto = violations[violations["line"] <= (int(events.iloc[-1]["line"]) if seq else 1)]
st.markdown(f"**Violations so far: {len(upto)}** of {len(violations)}")
if not upto.empty:
    st.dataframe(upto, hide_index=True, width="stretch")
