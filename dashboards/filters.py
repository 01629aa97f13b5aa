"""The filters every statistics page shares: ruleset, mode, table size, event and player.

They are drawn once in the sidebar by app.py, kept in the URL (``?mode=3v3&player=Ann``) so a view
can be linked, and kept in the session so they follow the visitor from page to page. A page run on
its own (tests) reads them from the URL.
"""

from __future__ import annotations

from typing import Any

import queries as q
import streamlit as st

#: URL key → Filters field
KEYS = {"ruleset": "ruleset", "mode": "mode", "players": "players", "event": "event", "player": "player"}
ALL = "(all)"
#: each filter's URL key, label and the query of its choices
OPTIONS = (
    ("ruleset", "Ruleset", "SELECT DISTINCT ruleset FROM games ORDER BY 1"),
    ("mode", "Mode", "SELECT DISTINCT mode FROM games ORDER BY 1"),
    ("players", "Players at the table", "SELECT DISTINCT players::VARCHAR FROM games ORDER BY players"),
    ("event", "Event", "SELECT DISTINCT meta::JSON->>'event' FROM games ORDER BY 1"),
    ("player", "Player", "SELECT DISTINCT name FROM players ORDER BY 1"),
)
#: the events, from the statistics aggregates when the store has them (no header to parse)
EVENTS_AGG = "SELECT DISTINCT event FROM stat_games ORDER BY 1"


def option_queries() -> list[tuple[str, str, str]]:
    """``OPTIONS``, with the events read from the aggregates when they cover every game."""
    agg = q.aggregated(q.db_path())
    return [(key, label, EVENTS_AGG if key == "event" and agg else sql) for key, label, sql in OPTIONS]


def _options(sql: str) -> list[Any]:
    return [r for r in q.df(sql).iloc[:, 0].tolist() if r is not None]


def _initial(key: str) -> str | None:
    state = st.session_state.get(f"filter_{key}")
    if state is not None:
        return None if state == ALL else str(state)
    return st.query_params.get(key)


def sidebar() -> None:
    """Draw the filters in the sidebar and write the chosen ones to the URL."""
    if q.db_problem(q.db_path()):
        return
    with st.sidebar:
        st.markdown("**Filters** (all statistics pages)")
        chosen: dict[str, str] = {}
        for key, label, sql in option_queries():
            options = [ALL, *map(str, _options(sql))]
            want = _initial(key)
            index = options.index(want) if want in options else 0
            value = st.selectbox(label, options, index=index, key=f"filter_{key}")
            if value != ALL:
                chosen[key] = value
        for key in KEYS:
            if key in chosen:
                if st.query_params.get(key) != chosen[key]:
                    st.query_params[key] = chosen[key]
            elif key in st.query_params:
                del st.query_params[key]


def current() -> Any:
    """The filters in force, as ``sgs_replay.analysis.stats.Filters``."""
    from sgs_replay.analysis.stats import Filters

    values: dict[str, Any] = {}
    for key, field in KEYS.items():
        value = _initial(key)
        if value:
            if field == "players":
                try:
                    values[field] = int(value)
                except ValueError:
                    continue
            else:
                values[field] = value
    return Filters(**values)


def describe(f: Any) -> str:
    """The filters in force, in words (Markdown-safe)."""
    parts = [f"{k} = {q.md(getattr(f, v))}" for k, v in KEYS.items() if getattr(f, v) is not None]
    return "Filters: " + (", ".join(parts) if parts else "none (every game)")
