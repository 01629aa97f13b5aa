"""Every SQL statement the dashboards run, and the one way they run it: read-only DuckDB.

The dashboards never run the rules engine: everything they show was computed when the logs were
loaded (``sgs-replay load``), including the seat state after every event (``events.state``).

The database is ``$SGS_REPLAY_DB`` (default ``sgs_demo.duckdb``), opened read-only. Opening a DuckDB
file costs tens of milliseconds, more than most of the queries, so the queries share one connection
(each through its own cursor) and it is closed after ``IDLE`` seconds without a query: a page's
queries pay for one opening, and a load into the same file can run between two page refreshes.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

DEFAULT_DB = "sgs_demo.duckdb"

# ---------------------------------------------------------------------------------------------- overview
TOTALS = """
    SELECT count(*) AS games,
           coalesce(sum(events), 0)::BIGINT AS events,
           coalesce(sum(violations), 0)::BIGINT AS violations,
           count(*) FILTER (WHERE violations = 0) AS clean_games,
           count(*) FILTER (WHERE winner IS NOT NULL) AS finished_games
    FROM games"""

GAMES_BY_MODE = """
    SELECT mode, ruleset, games, finished_games, clean_games, events, violations
    FROM games_by_mode ORDER BY games DESC, mode, ruleset"""

VIOLATIONS_BY_KIND = "SELECT kind, violations, games FROM violations_by_kind ORDER BY violations DESC, kind"

VIOLATIONS_BY_RULE = """
    SELECT rule, kind, violations, games, example
    FROM violations_by_rule ORDER BY violations DESC, rule"""

#: the overview lists this many games, those with the most violations (a browser table of 100,000
#: rows helps nobody and takes seconds to send)
GAME_TABLE_ROWS = 1000

GAME_TABLE = """
    SELECT regexp_extract(file, '[^/\\\\]+$') AS file_name, declared_id, mode, ruleset, players, events,
           violations, illegal_play, resolution_order, bookkeeping, outcome, format, unverifiable,
           winner, reason, game_id
    FROM game_overview
    WHERE game_id IN (SELECT game_id FROM games
                      ORDER BY violations DESC, regexp_extract(file, '[^/\\\\]+$'), game_id LIMIT ?)
    ORDER BY violations DESC, file_name, game_id"""

# ---------------------------------------------------------------------------------------------- violations
#: the kinds and rules to filter by, from the counts a load stores (not a pass over every violation)
VIOLATION_KINDS = "SELECT DISTINCT kind FROM violations_by_kind ORDER BY kind"

VIOLATION_RULES = """
    SELECT DISTINCT rule FROM violations_by_rule
    WHERE (? IS NULL OR list_contains(?::VARCHAR[], kind)) ORDER BY rule"""

VIOLATION_LIST = """
    SELECT regexp_extract(file, '[^/\\\\]+$') AS file_name, line, rule, kind, seat, message, expected, observed,
           message_zh, cite, declared_id, mode, ruleset, file, game_id
    FROM violation_details
    WHERE (? IS NULL OR list_contains(?::VARCHAR[], kind))
      AND (? IS NULL OR list_contains(?::VARCHAR[], rule))
      AND (? IS NULL OR file ILIKE '%' || ? || '%' OR message ILIKE '%' || ? || '%'
           OR declared_id ILIKE '%' || ? || '%')
    ORDER BY file, line, n
    LIMIT ?"""

# ---------------------------------------------------------------------------------------------- game viewer
#: the games the viewer's picker offers: at most CHOICES_SHOWN, those matching the search text
#: (file name, declared id or game id, any case) when there is one
CHOICES_SHOWN = 200
GAME_CHOICES = f"""
    SELECT game_id, regexp_extract(file, '[^/\\\\]+$') AS file_name, declared_id, mode, ruleset, events, violations
    FROM games
    WHERE ? = '' OR file ILIKE '%' || ? || '%' OR declared_id ILIKE '%' || ? || '%' OR game_id ILIKE '%' || ? || '%'
    ORDER BY file_name, declared_id, game_id LIMIT {CHOICES_SHOWN}"""
GAME_CHOICE = """
    SELECT game_id, regexp_extract(file, '[^/\\\\]+$') AS file_name, declared_id, mode, ruleset, events, violations
    FROM games WHERE game_id = ?"""
GAME_COUNT = "SELECT count(*) AS n FROM games"

GAME_HEADER = """
    SELECT game_id, file, declared_id, mode, ruleset, players, events, violations, unverifiable, winner, reason,
           from_position, meta
    FROM games WHERE game_id = ?"""

#: the game's load number (``games.load_no``; missing in a store written before it existed)
GAME_LOAD_NO = "SELECT load_no FROM games WHERE game_id = ?"


def on_game(sql: str, load_no: int | None) -> str:
    """``sql`` with its reads of ``events`` narrowed to the game's load number as well: the events of a
    game are one run of ``load_no``, so DuckDB reads only the row groups that hold them instead of
    scanning the events of every game for the ``game_id`` (a content hash, spread everywhere)."""
    if load_no is None:
        return sql
    return sql.replace("FROM events WHERE game_id = ?", f"FROM events WHERE load_no = {int(load_no)} AND game_id = ?")


GAME_PLAYERS = """
    SELECT seat, name, general, role, side, position, won, alive_at_end, hp_at_end
    FROM players WHERE game_id = ? ORDER BY seat"""

GAME_EVENTS_UPTO = """
    SELECT seq, line, type, seat, target, card, turn_seat, phase, json
    FROM events WHERE game_id = ? AND seq <= ? ORDER BY seq"""

#: The seat state after event ``seq`` (``seq = 0``: before the first event, from ``games.start_state``).
GAME_STATE_AT = """
    WITH s AS (
        SELECT unnest(state) AS st FROM events WHERE game_id = ? AND seq = ?
        UNION ALL
        SELECT unnest(start_state) AS st FROM games WHERE game_id = ? AND ? = 0
    )
    SELECT st.seat AS seat, p.general, coalesce(p.role, p.side) AS role_or_side,
           st.hp AS hp, st.max_hp AS max_hp, st.alive AS alive, st.hand AS hand,
           array_to_string(st.cards, ' ') AS cards, array_to_string(st.equip, ' · ') AS equip, array_to_string(st.judge, ' · ') AS judge
    FROM s LEFT JOIN players p ON p.game_id = ? AND p.seat = st.seat
    ORDER BY seat"""

GAME_HP_SERIES = """
    WITH s AS (
        SELECT 0 AS seq, unnest(start_state) AS st FROM games WHERE game_id = ?
        UNION ALL
        SELECT seq, unnest(state) AS st FROM events WHERE game_id = ? AND seq <= ?
    )
    SELECT seq, 'seat ' || st.seat AS seat, st.hp AS hp FROM s ORDER BY seq, st.seat"""

#: every event of a game (the viewer steps through them by turn, round and violation)
GAME_EVENTS_ALL = """
    SELECT seq, line, type, turn_seat, phase, json FROM events WHERE game_id = ? ORDER BY seq"""

#: the raw seat states at one event, for the table picture
GAME_STATE_RAW = """
    WITH s AS (
        SELECT unnest(state) AS st FROM events WHERE game_id = ? AND seq = ?
        UNION ALL
        SELECT unnest(start_state) AS st FROM games WHERE game_id = ? AND ? = 0
    )
    SELECT st.seat AS seat, st.hp AS hp, st.max_hp AS max_hp, st.alive AS alive, st.hand AS hand,
           st.cards AS cards, st.equip AS equip, st.judge AS judge
    FROM s ORDER BY seat"""

#: what the viewer replays a stored game from (``sgs_replay.replay.records.replay_stored``): its header and the
#: ruleset it was judged by, with the events' ``line`` and ``json`` (GAME_EVENTS_ALL)
GAME_REPLAY_SOURCE = "SELECT header, ruleset FROM games WHERE game_id = ?"

GAME_VIOLATIONS = """
    SELECT line, rule, kind, seat, message, expected, observed
    FROM violations WHERE game_id = ? ORDER BY line, n"""


# ---------------------------------------------------------------------------------------------- series
#: whether the store has the series_points table (a database written before it has not)
HAS_SERIES_POINTS = "SELECT count(*) AS n FROM information_schema.tables WHERE table_name = 'series_points'"

SERIES_LIST = """
    SELECT series_id, count(DISTINCT game_id) AS games, count(DISTINCT name) AS players, sum(points)::BIGINT AS points
    FROM series_points WHERE series_id IS NOT NULL GROUP BY series_id ORDER BY series_id"""

SERIES_STANDINGS = """
    SELECT name AS player, sum(points)::BIGINT AS points, sum(base)::BIGINT AS base, sum(bonus)::BIGINT AS bonus,
           count(*) AS games, string_agg(CAST(game_number AS VARCHAR), ', ' ORDER BY game_number)
               FILTER (WHERE role = 'lord') AS lord_in_game
    FROM series_points WHERE series_id = ? GROUP BY name ORDER BY points DESC, player"""

SERIES_GAME_POINTS = """
    SELECT s.game_number AS game, s.name AS player, s.seat, s.role, s.base, s.bonus, s.points, g.winner,
           regexp_extract(g.file, '[^/\\\\]+$') AS file_name
    FROM series_points s JOIN games g USING (game_id)
    WHERE s.series_id = ? ORDER BY s.game_number, s.seat"""


# ---------------------------------------------------------------------------------------------- running them
def db_path() -> Path:
    """The database the dashboards read: ``$SGS_REPLAY_DB`` or ``sgs_demo.duckdb``."""
    return Path(os.environ.get("SGS_REPLAY_DB") or DEFAULT_DB)


def db_problem(path: Path) -> str | None:
    """Why the dashboards cannot read ``path``, in one sentence; None when they can."""
    if not path.is_file():
        return (f"The database `{path}` does not exist. Create it with `sgs-replay demo` or "
                f"`sgs-replay load LOGS… --db {path}`, then start the dashboard with `sgs-replay dashboard --db {path}`.")
    try:
        tables = {r[0] for r in fetch_rows(path, "SELECT table_name FROM information_schema.tables")}
    except Exception as exc:  # noqa: BLE001 - not a DuckDB file, locked by a writer, …
        return f"The database `{path}` cannot be opened read-only: {str(exc).strip().splitlines()[0]}"
    missing = {"games", "players", "events", "violations", "game_overview"} - tables
    if missing:
        return (f"`{path}` is not an sgs-replay database (missing {', '.join(sorted(missing))}). "
                f"Load logs into it with `sgs-replay load LOGS… --db {path}`.")
    return None


#: Read-only, and no access outside the database file: no COPY … TO, read_csv('/etc/passwd'), ATTACH,
#: extension loading or HTTP, and the setting cannot be switched back on from SQL.
SAFE_CONFIG = {"enable_external_access": False, "autoinstall_known_extensions": False,
               "autoload_known_extensions": False, "lock_configuration": True}


#: seconds without a query after which the shared connection is closed (the file is then free
#: for a writer); 0: after every query
IDLE = 1.0


class _Shared:
    """One read-only connection to one database file, handed out as cursors, closed when idle.

    A connection is for one (file, modification time): when the file changes (a load ran while the
    connection was closed) the next query opens a new one. Thread-safe: Streamlit runs each
    visitor's page in its own thread, and a cursor is never shared between threads."""

    def __init__(self) -> None:
        import threading

        self.lock = threading.Lock()
        self.key: tuple[str, int] | None = None
        self.con: Any = None
        self.users = 0
        self.timer: Any = None

    def cursor(self, path: Path) -> Any:
        import duckdb

        key = (str(path.resolve()), _stamp(path))
        with self.lock:
            if self.key != key and self.users == 0:
                self._close()
            if self.con is None:
                self.con = duckdb.connect(str(path), read_only=True, config=dict(SAFE_CONFIG))
                self.key = key
            elif self.key != key:  # the file changed while another thread still reads the old one
                return None
            if self.timer is not None:
                self.timer.cancel()
                self.timer = None
            self.users += 1
            return self.con.cursor()

    def done(self, cur: Any) -> None:
        import threading

        cur.close()
        with self.lock:
            self.users -= 1
            if self.users == 0 and self.con is not None and IDLE <= 0:
                self._close()
            elif self.users == 0 and self.con is not None:
                self.timer = threading.Timer(IDLE, self.release)
                self.timer.daemon = True
                self.timer.start()

    def release(self) -> None:
        """Close the connection unless a query is running."""
        with self.lock:
            if self.users == 0:
                self._close()

    def _close(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        if self.con is not None:
            self.con.close()
        self.con, self.key = None, None


_SHARED = _Shared()


def release() -> None:
    """Close the shared connection now (when no query is running): the file is free for a writer."""
    _SHARED.release()


def _connect(path: Path) -> Any:
    import duckdb

    return duckdb.connect(str(path), read_only=True, config=dict(SAFE_CONFIG))


def _run(path: Path, work: Any) -> Any:
    """``work(connection)`` on a cursor of the shared connection (or on a connection of its own
    while another thread still reads an older version of the file)."""
    cur = _SHARED.cursor(path)
    if cur is None:
        con = _connect(path)
        try:
            return work(con)
        finally:
            con.close()
    try:
        return work(cur)
    finally:
        _SHARED.done(cur)


def md(value: Any) -> str:
    """Text from the database (file names, messages quoting a log) made safe for st.markdown/st.error:
    no link, image, HTML or emphasis it carries becomes live; bidi controls are shown as <U+202E>."""
    from sgs_replay.report.render import md_text

    return str(md_text(value))


def fetch_df(path: Path, sql: str, params: list[Any] | None = None) -> Any:
    """Run one query read-only; a pandas DataFrame (bidi controls in text made visible)."""
    import pandas as pd

    from sgs_replay.report.render import plain

    frame = _run(path, lambda con: con.sql(sql, params=params or None).df())
    # text columns: object in pandas 2, the string dtype in pandas 3
    for col, dtype in list(frame.dtypes.items()):
        if dtype.kind == "O" or isinstance(dtype, pd.StringDtype):
            frame[col] = frame[col].map(plain)
    return frame


def aggregated(path: Path) -> bool:
    """Whether the store has statistics aggregates for every game (``sgs_replay.store.aggregates``)."""
    from sgs_replay.store.aggregates import usable

    return bool(_run(path, usable))


def fetch_rows(path: Path, sql: str, params: list[Any] | None = None) -> list[tuple[Any, ...]]:
    """Run one query read-only; a list of tuples."""
    return _run(path, lambda con: con.sql(sql, params=params or None).fetchall())


# ---------------------------------------------------------------------------------------------- in a page
def _stamp(path: Path) -> int:
    try:
        return path.stat().st_mtime_ns
    except OSError:
        return 0


def _cached() -> Any:
    import streamlit as st

    @st.cache_data(ttl=300, show_spinner=False, max_entries=256)
    def run(path: str, stamp: int, sql: str, params: tuple[Any, ...]) -> Any:
        return fetch_df(Path(path), sql, list(params))

    return run


_RUN: Any = None


def df(sql: str, params: list[Any] | None = None) -> Any:
    """A cached query result for a page; refreshed when the database file changes."""
    global _RUN
    if _RUN is None:
        _RUN = _cached()
    path = db_path()
    return _RUN(str(path.resolve()), _stamp(path), sql, tuple(params or ()))


def _cached_stats() -> Any:
    import streamlit as st

    @st.cache_data(ttl=300, show_spinner=False, max_entries=256)
    def run(path: str, stamp: int, name: str, filters: str, kwargs: str) -> Any:
        return fetch_stats(Path(path), name, filters, kwargs)

    return run


_STATS: Any = None


def fetch_stats(path: Path, name: str, filters: str, kwargs: str) -> Any:
    """``sgs_replay.analysis.stats.<name>`` on a read-only, locked connection; a polars DataFrame with bidi
    controls in text made visible. ``filters`` and ``kwargs`` are JSON (hashable for the cache)."""
    import json

    import msgspec
    import polars as pl

    from sgs_replay.analysis import stats
    from sgs_replay.report.render import plain

    if name not in stats.__all__:
        raise ValueError(name)
    frame = _run(path, lambda con: getattr(stats, name)(con, where=msgspec.json.decode(filters, type=stats.Filters),
                                                         **json.loads(kwargs)))
    text = [c for c, t in frame.schema.items() if t == pl.String]
    if text:
        frame = frame.with_columns(pl.col(c).map_elements(plain, return_dtype=pl.String) for c in text)
    return frame


def describe(filters: Any) -> str:
    """``sgs_replay.analysis.stats.describe`` of the games the filters keep, cached like the statistics."""
    frame = stat("summary_frame", filters)
    from sgs_replay.analysis.stats import describe_summary

    return str(describe_summary(frame.row(0, named=True), filters))


def stat(name: str, filters: Any, **kwargs: Any) -> Any:
    """A cached ``sgs_replay.analysis.stats`` table (polars) for a page; refreshed when the database changes."""
    import json

    import msgspec

    global _STATS
    if _STATS is None:
        _STATS = _cached_stats()
    path = db_path()
    return _STATS(str(path.resolve()), _stamp(path), name, msgspec.json.encode(filters).decode(),
                  json.dumps(kwargs, sort_keys=True))


def require_db() -> Path:
    """The database path, or stop the page with a clear message when it cannot be read."""
    import streamlit as st

    path = db_path()
    problem = db_problem(path)
    if problem:
        st.error(problem)
        st.stop()
    return path
