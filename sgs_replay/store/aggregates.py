"""Per-game statistics tables, built in DuckDB once per load so the statistics never re-read the events.

``sgs_replay.analysis.stats``, the statistics views and the dashboards read five tables instead of parsing
every event's JSON and seat states on each query:

* ``stat_games``: one row per game with its counted result (the proven one), whether the declared one
  differs, its source, the day and week it was played, and what the filters look at;
* ``stat_seats``: one row per seat (the ``players`` row) with its result and its numbers in that game:
  damage dealt and taken, kills, rescues, cards used, turns and violations;
* ``stat_generals``: one row per general that played (the starting general, the 國戰 副将, every
  general that entered later), with how it entered;
* ``stat_player_games``: one row per game and player name (the per-player table counts a player's
  games by counting rows);
* ``stat_draft_picks``: one row per general picked in a draft, numbered, with whether the picking
  side won.

Their rows are defined once, in :mod:`sgs_replay.store.statsql` (``games_select``, ``seats_select``,
``generals_select``, ``player_games_select``, ``draft_select``); a store whose tables are missing or
behind is read through the same definitions (``statsql.raw_prefix``), so both give the same numbers (a
test checks it). :func:`refresh_aggregates` runs at the end of every load, inside its transaction, for
the games not yet aggregated: the games of that load, and every game of a store whose tables are of
another layout (``statsql.AGGREGATES_VERSION``). :func:`usable` tells whether a store's tables cover
all its games in the current layout.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sgs_replay.store import statsql

#: the aggregate tables, in the order they are filled (``stat_games`` last: it marks a game done)
TABLES = ("stat_seats", "stat_generals", "stat_player_games", "stat_draft_picks", "stat_games")

#: the games not aggregated yet, each with its game number (dense, in game_id order after the
#: numbers already given)
_TODO = """
    CREATE OR REPLACE TEMP TABLE stat_todo AS
    SELECT game_id, (SELECT coalesce(max(gno), 0) FROM stat_games) + row_number() OVER (ORDER BY game_id) AS gno
    FROM games ANTI JOIN stat_games USING (game_id)"""

#: games aggregated per step: each step copies their events out of the events table once
CHUNK = 5000

#: the games of one step, and their events (every statistic reads only these)
_CHUNK = """
    CREATE OR REPLACE TEMP TABLE stat_chunk AS SELECT * FROM stat_todo WHERE gno BETWEEN ? AND ?"""
_EVENTS = """
    CREATE OR REPLACE TEMP TABLE stat_events AS
    SELECT e.game_id, e.seq, e.type, e.seat, e.target, e.card, e.json, e.state, e.general
    FROM events e SEMI JOIN stat_chunk c ON c.game_id = e.game_id
    WHERE {rows}"""
#: where the step's events lie in the events table (a game's events are inserted together)
_RANGES = """
    SELECT min(e.rowid), max(e.rowid) FROM events e SEMI JOIN stat_chunk c ON c.game_id = e.game_id
    GROUP BY e.game_id ORDER BY 1"""
#: beyond this many row ranges, the step's events are found by scanning the whole table
MAX_RANGES = 256


def _rows(con: Any) -> str:
    """A condition on ``e.rowid`` that reads only the row ranges holding the step's events: scanning
    the seat states of every event to keep a few games' costs seconds on a large store. ``TRUE`` when
    the ranges are too many to list (then the whole table is read, as it must be anyway)."""
    ranges: list[list[int]] = []
    for lo, hi in con.execute(_RANGES).fetchall():
        if ranges and lo <= ranges[-1][1] + 1:
            ranges[-1][1] = max(ranges[-1][1], hi)
        else:
            ranges.append([int(lo), int(hi)])
    if not ranges or len(ranges) > MAX_RANGES:
        return "TRUE"
    return "(" + " OR ".join(f"e.rowid BETWEEN {lo:d} AND {hi:d}" for lo, hi in ranges) + ")"

_SEATS = f"""
    INSERT INTO stat_seats BY NAME
    {statsql.seats_select("stat_chunk", "stat_events")}"""

_GENERALS = f"""
    INSERT INTO stat_generals BY NAME
    {statsql.generals_select("stat_chunk", "stat_events")}"""

_PLAYER_GAMES = f"""
    INSERT INTO stat_player_games BY NAME
    {statsql.player_games_select("(SELECT * FROM stat_seats WHERE gno IN (SELECT gno FROM stat_chunk))")}"""

_DRAFT = f"""
    INSERT INTO stat_draft_picks BY NAME
    {statsql.draft_select("stat_chunk", "stat_events")}"""

_GAMES = f"""
    INSERT INTO stat_games BY NAME
    {statsql.games_select("stat_chunk")}"""

#: the columns of ``games`` the load derives from the others (source, day played), for every game
#: that lacks them (the load's, and an older store's)
_DERIVED = ("UPDATE games AS g SET " + ", ".join(f"{c} = {sql}" for c, sql in statsql.DERIVED_GAME_COLUMNS.items())
            + " WHERE g.source IS NULL")


def refresh_aggregates(con: Any, game_ids: Iterable[str] = ()) -> int:
    """Build the aggregate rows of every game that has none yet, and rebuild those of ``game_ids``;
    the number of games (re)built. Runs inside the caller's transaction (the load's)."""
    ids = sorted(set(game_ids))
    con.execute(_DERIVED)
    if ids:
        for table in TABLES:
            con.execute(f"DELETE FROM {table} WHERE list_contains(?, game_id)", [ids])
    con.execute(_TODO)
    try:
        lo, hi, todo = con.execute("SELECT min(gno), max(gno), count(*) FROM stat_todo").fetchall()[0]
        for start in range(lo or 0, (hi or -1) + 1, CHUNK):
            con.execute(_CHUNK, [start, start + CHUNK - 1])
            con.execute(_EVENTS.format(rows=_rows(con)))
            for sql in (_SEATS, _GENERALS, _PLAYER_GAMES, _DRAFT, _GAMES):
                con.execute(sql)
    finally:
        for table in ("stat_events", "stat_chunk", "stat_todo"):
            con.execute(f"DROP TABLE IF EXISTS {table}")
    return int(todo)


#: the violation counts the overview reads (``violations_by_kind``, ``violations_by_rule``, ``game_overview``),
#: each rebuilt whole from ``violations``: a load may add, replace or amend any game's violations, and
#: one pass over them costs far less than the load that wrote them
_VIOLATION_COUNTS = {
    "violation_counts_by_game": """
        SELECT game_id,
               count(*) FILTER (WHERE kind = 'illegal_play') AS illegal_play,
               count(*) FILTER (WHERE kind = 'resolution_order') AS resolution_order,
               count(*) FILTER (WHERE kind = 'bookkeeping') AS bookkeeping,
               count(*) FILTER (WHERE kind = 'outcome') AS outcome,
               count(*) FILTER (WHERE kind = 'format') AS format
        FROM violations GROUP BY game_id""",
    "violation_counts_by_kind": """
        SELECT kind, count(*) AS violations, count(DISTINCT game_id) AS games FROM violations GROUP BY kind""",
    "violation_counts_by_rule": """
        SELECT rule, kind, count(*) AS violations, count(DISTINCT game_id) AS games, min(message) AS example
        FROM violations GROUP BY rule, kind""",
}


def refresh_violation_counts(con: Any) -> None:
    """Rebuild the violation count tables from ``violations`` (inside the caller's transaction)."""
    for table, select in _VIOLATION_COUNTS.items():
        con.execute(f"DELETE FROM {table}")
        con.execute(f"INSERT INTO {table} BY NAME {select}")


def usable(con: Any) -> bool:
    """Whether ``con``'s store has aggregates for every game (a catalogue look-up and two counts)."""
    if not con.execute("SELECT count(*) FROM duckdb_tables() WHERE table_name = 'stat_generals'").fetchall()[0][0]:
        return False  # a store written before the aggregates
    version = con.execute("SELECT value FROM store_info WHERE key = 'aggregates_version'").fetchall()
    if not version or version[0][0] != statsql.AGGREGATES_VERSION:
        return False  # tables of another layout
    return bool(con.execute("SELECT (SELECT count(*) FROM games) = (SELECT count(*) FROM stat_games)").fetchall()[0][0])
