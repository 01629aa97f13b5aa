"""The filters every statistics page shares: source, ruleset, mode, table size, event and player.

They are drawn once in the sidebar by app.py, kept in the URL (``?mode=3v3&player=Ann``) so a view
can be linked, and kept in the session so they follow the visitor from page to page. A page run on
its own (tests) reads them from the URL.
"""

from __future__ import annotations

from typing import Any

import queries as q
import streamlit as st

from sgs_replay.store.statsql import SOURCE  # a game's source: the one definition

#: URL key → Filters field
KEYS = {"source": "source", "ruleset": "ruleset", "mode": "mode", "players": "players", "event": "event",
        "player": "player"}
ALL = "(all)"
#: each filter's URL key, label and the query of its choices
OPTIONS = (
    ("source", "Source (recording, simulation, hand-written)", "SELECT DISTINCT source FROM stat_games ORDER BY 1"),
    ("ruleset", "Ruleset", "SELECT DISTINCT ruleset FROM games ORDER BY 1"),
    ("mode", "Mode", "SELECT DISTINCT mode FROM games ORDER BY 1"),
    ("players", "Players at the table", "SELECT DISTINCT players::VARCHAR FROM games ORDER BY players"),
    ("event", "Event", "SELECT DISTINCT meta::JSON->>'event' FROM games ORDER BY 1"),
    ("player", "Player", "SELECT DISTINCT name FROM players ORDER BY 1"),
)
#: the events, from the statistics aggregates when the store has them (no header to parse)
EVENTS_AGG = "SELECT DISTINCT event FROM stat_games ORDER BY 1"


#: the sources, from the games (a store whose per-game tables are not up to date yet)
SOURCES_RAW = f"SELECT DISTINCT {SOURCE} FROM games g ORDER BY 1"


def option_queries() -> list[tuple[str, str, str]]:
    """``OPTIONS``, with the events read from the aggregates when they cover every game."""
    agg = q.aggregated(q.db_path())
    out = []
    for key, label, sql in OPTIONS:
        if key == "event" and agg:
            sql = EVENTS_AGG
        elif key == "source" and not agg:
            sql = SOURCES_RAW
        out.append((key, label, sql))
    return out


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
    """The games a page shows, in words (Markdown-safe): how many, from which source, how many
    results differ from the declared ones, the filters in force (``sgs_replay.analysis.stats.describe``, as
    ``sgs-replay stats`` prints it under a table)."""
    return "Showing " + q.md(q.describe(f))
