"""Per-game statistics tables, built in DuckDB once per load so the statistics never re-read the events.

``sgs_replay.analysis.stats``, the statistics views and the dashboards read three tables instead of parsing
every event's JSON and seat states on each query:

* ``stat_games``: one row per game with what the filters look at (mode, ruleset, table size, result,
  ``day``: the header's ``meta.date`` or the day of loading, ``event``: ``meta.event``);
* ``stat_seats``: one row per seat (the ``players`` row) with the seat's numbers in that game: damage
  dealt and taken, kills, rescues, cards used, turns and violations;
* ``stat_player_games``: one row per game and player name, the sums of that name's seats (the
  per-player table counts a player's games by counting rows);
* ``stat_draft_picks``: one row per general picked in a 3v3 draft, numbered, with whether the
  picking side won.

Their rows are computed by the same SQL the statistics use on the loaded tables
(``statsql.seat_numbers_sql``, ``statsql.draft_picks_sql``, ``statsql.PLAYER_GAMES``), so both give the same numbers (a test
checks it). :func:`refresh_aggregates` runs at the end of every load, inside its transaction, for the
games not yet aggregated: the games of that load, and every game of a store written before these
tables existed. :func:`usable` tells whether a store's aggregates cover all its games (a store not
loaded into since an older version wrote it is read from the loaded tables instead).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sgs_replay.store import statsql

#: the aggregate tables, in the order they are filled (``stat_games`` last: it marks a game done)
TABLES = ("stat_seats", "stat_player_games", "stat_draft_picks", "stat_games")

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
    SELECT e.game_id, e.seq, e.type, e.seat, e.target, e.card, e.json, e.state
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
    WITH {statsql.seat_numbers_sql("stat_chunk", "stat_events")}
    SELECT t.gno, p.game_id, p.seat, g.mode, g.ruleset, g.players AS table_size, p.name, p.general, p.role,
           p.side, p.position, p.won, ev.dealt, taken.taken, kills.kills, peach.rescues, ev.uses, ev.turns,
           vio.violations,
           {statsql.one_step_columns()}
    FROM players p JOIN stat_chunk t USING (game_id) JOIN games g USING (game_id)
    {statsql.SEAT_NUMBERS_JOIN}"""

_PLAYER_GAMES = f"""
    INSERT INTO stat_player_games
    {statsql.PLAYER_GAMES} AND pl.gno IN (SELECT gno FROM stat_chunk)
    GROUP BY pl.gno, pl.name"""

_DRAFT = f"""
    INSERT INTO stat_draft_picks
    SELECT game_id, side, general, pick_turn, pick, side_won
    FROM ({statsql.draft_picks_sql("stat_chunk", "games", "stat_events")})"""

_GAMES = f"""
    INSERT INTO stat_games
    SELECT t.gno, game_id, mode, ruleset, players, winner, reason, file, {statsql.DAY} AS day,
           {statsql.EVENT} AS event
    FROM games JOIN stat_chunk t USING (game_id)"""


def refresh_aggregates(con: Any, game_ids: Iterable[str] = ()) -> int:
    """Build the aggregate rows of every game that has none yet, and rebuild those of ``game_ids``;
    the number of games (re)built. Runs inside the caller's transaction (the load's)."""
    ids = sorted(set(game_ids))
    if ids:
        for table in TABLES:
            con.execute(f"DELETE FROM {table} WHERE list_contains(?, game_id)", [ids])
    con.execute(_TODO)
    try:
        lo, hi, todo = con.execute("SELECT min(gno), max(gno), count(*) FROM stat_todo").fetchall()[0]
        for start in range(lo or 0, (hi or -1) + 1, CHUNK):
            con.execute(_CHUNK, [start, start + CHUNK - 1])
            con.execute(_EVENTS.format(rows=_rows(con)))
            for sql in (_SEATS, _PLAYER_GAMES, _DRAFT, _GAMES):
                con.execute(sql)
    finally:
        for table in ("stat_events", "stat_chunk", "stat_todo"):
            con.execute(f"DROP TABLE IF EXISTS {table}")
    return int(todo)


def usable(con: Any) -> bool:
    """Whether ``con``'s store has aggregates for every game (a catalogue look-up and two counts)."""
    if not con.execute("SELECT count(*) FROM duckdb_tables() WHERE table_name = 'stat_games'").fetchall()[0][0]:
        return False  # a store written before the aggregates
    return bool(con.execute("SELECT (SELECT count(*) FROM games) = (SELECT count(*) FROM stat_games)").fetchall()[0][0])
