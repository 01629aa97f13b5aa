"""Per-game statistics tables, built in DuckDB once per load so the statistics never re-read the events.

``sgs_replay.stats``, the statistics views and the dashboards read three tables instead of parsing
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

_SEATS = f"""
    INSERT INTO stat_seats BY NAME
    WITH {statsql.seat_numbers_sql("stat_todo")}
    SELECT t.gno, p.game_id, p.seat, g.mode, g.ruleset, g.players AS table_size, p.name, p.general, p.role,
           p.side, p.position, p.won, ev.dealt, taken.taken, kills.kills, peach.rescues, ev.uses, ev.turns,
           vio.violations,
           {statsql.one_step_columns()}
    FROM players p JOIN stat_todo t USING (game_id) JOIN games g USING (game_id)
    {statsql.SEAT_NUMBERS_JOIN}"""

_PLAYER_GAMES = f"""
    INSERT INTO stat_player_games
    {statsql.PLAYER_GAMES} AND pl.gno IN (SELECT gno FROM stat_todo)
    GROUP BY pl.gno, pl.name"""

_DRAFT = f"""
    INSERT INTO stat_draft_picks
    SELECT game_id, side, general, pick_turn, pick, side_won FROM ({statsql.draft_picks_sql("stat_todo", "games")})"""

_GAMES = f"""
    INSERT INTO stat_games
    SELECT t.gno, game_id, mode, ruleset, players, winner, reason, file, {statsql.DAY} AS day,
           {statsql.EVENT} AS event
    FROM games JOIN stat_todo t USING (game_id)"""


def refresh_aggregates(con: Any, game_ids: Iterable[str] = ()) -> int:
    """Build the aggregate rows of every game that has none yet, and rebuild those of ``game_ids``;
    the number of games (re)built. Runs inside the caller's transaction (the load's)."""
    ids = sorted(set(game_ids))
    if ids:
        for table in TABLES:
            con.execute(f"DELETE FROM {table} WHERE list_contains(?, game_id)", [ids])
    con.execute(_TODO)
    try:
        todo = con.execute("SELECT count(*) FROM stat_todo").fetchall()[0][0]
        if todo:
            for sql in (_SEATS, _PLAYER_GAMES, _DRAFT, _GAMES):
                con.execute(sql)
    finally:
        con.execute("DROP TABLE IF EXISTS stat_todo")
    return int(todo)


def usable(con: Any) -> bool:
    """Whether ``con``'s store has aggregates for every game (a catalogue look-up and two counts)."""
    if not con.execute("SELECT count(*) FROM duckdb_tables() WHERE table_name = 'stat_games'").fetchall()[0][0]:
        return False  # a store written before the aggregates
    return bool(con.execute("SELECT (SELECT count(*) FROM games) = (SELECT count(*) FROM stat_games)").fetchall()[0][0])
