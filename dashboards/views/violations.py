"""Violation explorer: filter by kind, rule and text; every violation with its file, line and evidence."""

from __future__ import annotations

import sys
from pathlib import Path
from urllib.parse import urlencode

import pandas as pd
import streamlit as st

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import queries as q

LIMIT = 5000

st.title("Violation explorer")
q.require_db()

kinds = q.df(q.VIOLATION_KINDS)["kind"].tolist()
if not kinds:
    st.success("No violations in any loaded game.")
    st.stop()

c1, c2, c3 = st.columns([2, 2, 2])
chosen_kinds = c1.multiselect("Kind", kinds, placeholder="all kinds")
kind_param = chosen_kinds or None
rules = q.df(q.VIOLATION_RULES, [kind_param, kind_param])["rule"].tolist()
chosen_rules = c2.multiselect("Rule", rules, placeholder="all rules")
text = c3.text_input("Search file, game id or message").strip() or None

rule_param = chosen_rules or None
rows = q.df(q.VIOLATION_LIST, [kind_param, kind_param, rule_param, rule_param, text, text, text, text, LIMIT])
st.metric("Violations shown", len(rows))
if len(rows) >= LIMIT:
    st.caption(f"Showing the first {LIMIT}; narrow the filters to see the rest.")
#: each violation opens the game viewer at its line (``?game=…&line=…``)
rows = rows.assign(open=[f"game_viewer?{urlencode({'game': g, 'line': int(ln)})}"
                         for g, ln in zip(rows["game_id"], rows["line"], strict=True)])
st.dataframe(
    rows.drop(columns=["message_zh", "cite", "file", "game_id"]), hide_index=True, width="stretch",
    column_config={
        "file_name": "file", "declared_id": "game id",
        "message": st.column_config.TextColumn("message", width="large"),
        "open": st.column_config.LinkColumn("viewer", display_text="open ▶", help="open the game viewer at this line"),
    },
)

if not rows.empty:
    st.subheader("Details")
    labels = [f"{r.file_name}:{r.line} — {r.rule} ({r.kind})" for r in rows.itertuples()]
    i = st.selectbox("Violation", range(len(labels)), format_func=lambda k: labels[k])
    r = rows.iloc[int(i)]
    st.markdown(f"**{q.md(r['rule'])}** · {q.md(r['kind'])} · line {r['line']}"
                + (f" · seat {int(r['seat'])}" if pd.notna(r["seat"]) else ""))
    st.text(r["message"])  # log text is shown as text, never as Markdown
    if pd.notna(r["message_zh"]) and r["message_zh"]:
        st.text(r["message_zh"])
    c1, c2 = st.columns(2)
    c1.markdown("**Expected**")
    c1.code(r["expected"] if pd.notna(r["expected"]) else "—", language=None)
    c2.markdown("**Observed**")
    c2.code(r["observed"] if pd.notna(r["observed"]) else "—", language=None)
    if pd.notna(r["cite"]) and r["cite"]:
        st.caption(f"Reference: {q.md(r['cite'])}")
    st.caption(f"File: {q.md(r['file'])}")
    url = "game_viewer?" + urlencode({"game": r["game_id"], "line": int(r["line"])})
    st.markdown(f"[Open the game viewer at line {int(r['line'])}]({url})")
