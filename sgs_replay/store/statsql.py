"""The SQL of the statistics, shared by the views (``schema.VIEWS``) and ``sgs_replay.analysis.stats``.

Each template reads the games through ``{G}``: every game for a view, a filtered common table
expression (``fg``) for a call of ``sgs_replay.analysis.stats`` with filters. No user value is ever formatted
into these strings; filters travel as query parameters.

The templates come in two sets with the same columns and the same numbers (:func:`templates`):

* **raw**: straight from the loaded tables (``games``, ``players``, ``events``, ``violations``),
  parsing the events' JSON and the seat states on every query;
* **aggregates**: from the tables :mod:`sgs_replay.store.aggregates` builds once per load
  (``stat_games``, ``stat_seats``, ``stat_draft_picks``), whose rows are computed by the same SQL
  (:func:`seat_numbers_sql`, :func:`draft_picks_sql`). A store that lacks them (written by an older
  version and not loaded into since) is read raw.
"""

from __future__ import annotations

#: z for a two-sided 95 % interval
Z95 = 1.959963984540054


def wilson_sql(wins: str, n: str) -> str:
    """SQL for the Wilson 95 % score interval of ``wins`` successes in ``n`` trials (NULL when n = 0):
    ``ci_low`` and ``ci_high`` columns."""
    z2 = Z95 * Z95
    p = f"({wins})::DOUBLE / nullif({n}, 0)"
    denom = f"(1 + {z2} / nullif({n}, 0))"
    centre = f"(({p}) + {z2} / (2.0 * nullif({n}, 0))) / {denom}"
    half = f"{Z95} * sqrt(({p}) * (1 - ({p})) / nullif({n}, 0) + {z2} / (4.0 * nullif({n}, 0) ^ 2)) / {denom}"
    return (f"CASE WHEN {n} > 0 THEN round(greatest(0.0, {centre} - {half}), 4) END AS ci_low, "
            f"CASE WHEN {n} > 0 THEN round(least(1.0, {centre} + {half}), 4) END AS ci_high")


#: a game's day: the header's ``meta.date`` when it is a date, else the day of loading
DAY = "coalesce(try_cast(meta::JSON->>'date' AS DATE), loaded_at::DATE)"
#: a game's event: the header's ``meta.event``
EVENT = "meta::JSON->>'event'"
#: the games with ``day``
GAMES_WITH_DAY = f"""
    SELECT *, {DAY} AS day FROM games"""


def view_sql(template: str, *, aggregates: bool = True) -> str:
    """A template over every game (for a view): from the aggregates, or from the loaded tables."""
    if aggregates:
        return every_game(template).replace("{G}", "stat_games").replace("{P}", "stat_seats")
    return template.replace("{G}", f"({GAMES_WITH_DAY})").replace("{P}", "players")


#: the players of finished games (``won`` known), with their game's columns
RESULTS = """
    SELECT p.*, g.mode, g.ruleset, g.players AS table_size, g.winner, g.reason, g.file
    FROM {P} p JOIN {G} g USING (game_id)
    WHERE p.won IS NOT NULL"""
#: the same from ``stat_seats``, which carries its game's ``mode``, ``ruleset`` and ``table_size``
RESULTS_AGG = """
    SELECT p.* FROM stat_seats p SEMI JOIN {G} g ON g.gno = p.gno
    WHERE p.won IS NOT NULL"""

#: how the aggregate templates keep the seats of the games in ``{G}``
_IN_GAMES = ("SEMI JOIN {G} g ON g.gno = p.gno", "SEMI JOIN {G} g ON g.gno = pl.gno")


def every_game(sql: str) -> str:
    """An aggregate template without its join to the games: the same rows when ``{G}`` is every
    game (a view, or no filter), without the cost of the join."""
    for join in _IN_GAMES:
        sql = sql.replace(join, "")
    return sql

#: the columns each ``by`` key groups on (mode is kept apart: a general's rate differs by mode)
BY_COLUMNS: dict[str, tuple[str, ...]] = {
    "general": ("mode", "general"),
    "role": ("role",),
    "seat": ("mode", "table_size", "seat"),
    "side": ("mode", "side"),
    "position": ("mode", "position"),
    "player": ("name",),
    "mode": ("mode",),
    "ruleset": ("ruleset",),
}
#: rows a key needs (role: identity mode only; side, position: 3v3 and 1v1)
BY_WHERE = {"role": "mode = 'identity'", "side": "side IS NOT NULL", "position": "position IS NOT NULL"}


def _win_rate_columns(games: str, wins: str) -> str:
    return f"""{wins} AS wins, round({wins} / {games}, 4) AS win_rate, {wilson_sql(wins, games)}"""


#: groups whose win rates ``stat_seats`` gives in one step, by the group's columns (those constant
#: within a game, ``PER_GAME``, left out): for each, ``first_<name>`` marks one finished seat of each
#: game and group, and ``won_<name>`` whether the group won that game (over its finished seats)
ONE_STEP = {"game": (), "general": ("general",), "role": ("role",), "seat": ("seat",), "side": ("side",),
            "position": ("position",), "player": ("name",), "general_role": ("general", "role"),
            "general_seat": ("general", "seat"), "player_general": ("name", "general")}
PER_GAME = ("mode", "ruleset", "table_size")


def one_step_columns(partition: str = "p.game_id") -> str:
    """The ``first_<name>`` and ``won_<name>`` columns of ``stat_seats``, over ``players`` rows ``p``."""
    out = []
    for name, cols in ONE_STEP.items():
        over = f"OVER (PARTITION BY {', '.join([partition, *(f'p.{c}' for c in cols)])}, p.won IS NOT NULL)"
        out.append(f"p.won IS NOT NULL AND row_number() {over.removesuffix(')')} ORDER BY p.seat) = 1 "
                   f"AS first_{name}, bool_or(p.won) {over} AS won_{name}")
    return ",\n           ".join(out)


def win_rate_sql(by: tuple[str, ...], *, aggregates: bool = False) -> str:
    """Win rates grouped by the ``by`` keys: games (distinct games), appearances (player rows), wins
    (games won), win_rate = wins / games, and the Wilson interval.

    From ``stat_seats`` (``aggregates``): in one step for the groups of ``ONE_STEP`` (count the
    seats marked first of their game and group), else in two (one row per group and game, with its
    appearances and whether the group won, then per group); neither needs ``count(DISTINCT …)``.
    From ``players``: in one step with ``count(DISTINCT game_id)``."""
    cols: list[str] = []
    for key in by:
        cols += [c for c in BY_COLUMNS[key] if c not in cols]
    where = " AND ".join(BY_WHERE[k] for k in by if k in BY_WHERE) or "TRUE"
    keys = ", ".join(cols)
    rest = sorted(c for c in cols if c not in PER_GAME)
    one = next((name for name, group in ONE_STEP.items() if sorted(group) == rest), None)
    if aggregates and one is not None:
        first, won = f"first_{one}", f"first_{one} AND won_{one}"
        return f"""
        SELECT {keys}, count(*) FILTER (WHERE {first}) AS games, count(*) AS appearances,
               {_win_rate_columns(f"count(*) FILTER (WHERE {first})", f"count(*) FILTER (WHERE {won})")}
        FROM ({RESULTS_AGG}) r WHERE {where}
        GROUP BY {keys}"""
    if aggregates:
        return f"""
        SELECT {keys}, count(*) AS games, sum(n)::BIGINT AS appearances,
               {_win_rate_columns("count(*)", "count(*) FILTER (WHERE won)")}
        FROM (SELECT {keys}, gno, count(*) AS n, bool_or(won) AS won
              FROM ({RESULTS_AGG}) r WHERE {where} GROUP BY {keys}, gno)
        GROUP BY {keys}"""
    return f"""
        SELECT {keys}, count(DISTINCT game_id) AS games, count(*) AS appearances,
               {_win_rate_columns("count(DISTINCT game_id)", "count(DISTINCT game_id) FILTER (WHERE won)")}
        FROM ({RESULTS.replace("{P}", "players")}) r WHERE {where}
        GROUP BY {keys}"""


def seat_numbers_sql(scope: str, events: str = "events") -> str:
    """Common table expressions of one game's numbers per seat, for the games in ``scope`` (a table
    or CTE with a ``game_id`` column): ``ev`` (damage dealt, cards used, turns, by the acting seat),
    ``taken`` (damage taken), ``kills``, ``peach`` (rescues: a 桃 used on a character at 0 HP or less,
    judged from the position before the use) and ``vio`` (violations), each keyed by game and seat.
    ``events``: the events table, or a table holding the events of those games."""
    return f"""
    ev AS (
        SELECT e.game_id, e.seat,
               sum(coalesce(try_cast(e.json::JSON->>'amount' AS INTEGER), 1)) FILTER (WHERE e.type = 'damage') AS dealt,
               count(*) FILTER (WHERE e.type = 'use') AS uses,
               count(*) FILTER (WHERE e.type = 'turn') AS turns
        FROM {events} e SEMI JOIN {scope} sc ON sc.game_id = e.game_id
        WHERE e.type IN ('damage', 'use', 'turn') AND e.seat IS NOT NULL GROUP BY ALL
    ), taken AS (
        SELECT e.game_id, e.target AS seat,
               sum(coalesce(try_cast(e.json::JSON->>'amount' AS INTEGER), 1)) AS taken
        FROM {events} e SEMI JOIN {scope} sc ON sc.game_id = e.game_id
        WHERE e.type = 'damage' AND e.target IS NOT NULL GROUP BY ALL
    ), kills AS (
        SELECT e.game_id, e.target AS seat, count(*) AS kills
        FROM {events} e SEMI JOIN {scope} sc ON sc.game_id = e.game_id
        WHERE e.type = 'death' AND e.target IS NOT NULL GROUP BY ALL
    ), peach AS (
        SELECT e.game_id, e.seat, count(*) AS rescues
        FROM {events} e JOIN {events} b ON b.game_id = e.game_id AND b.seq = e.seq - 1
        SEMI JOIN {scope} sc ON sc.game_id = e.game_id
        WHERE e.type = 'use' AND (e.card = '桃' OR e.card LIKE '% 桃')
          AND list_filter(b.state, lambda s: s.seat = coalesce(e.target, e.seat) AND s.hp <= 0) <> []
        GROUP BY ALL
    ), vio AS (
        SELECT v.game_id, v.seat, count(*) AS violations
        FROM violations v SEMI JOIN {scope} sc ON sc.game_id = v.game_id
        WHERE v.seat IS NOT NULL GROUP BY ALL
    )"""


#: the LEFT JOINs that put a seat's numbers (:func:`seat_numbers_sql`) beside its ``pl`` row
SEAT_NUMBERS_JOIN = """
    LEFT JOIN ev USING (game_id, seat) LEFT JOIN taken USING (game_id, seat) LEFT JOIN kills USING (game_id, seat)
    LEFT JOIN peach USING (game_id, seat) LEFT JOIN vio USING (game_id, seat)"""


def _player_stats(*, games: str, won: str, fin: str, dealt: str, taken: str, kills: str, rescues: str,
                  uses: str, turns: str, violations: str) -> str:
    """The columns of the per-player table."""
    return f"""
           {games} AS games,
           {fin} AS finished,
           {won} AS wins,
           round({won} / nullif({fin}, 0), 4) AS win_rate,
           {wilson_sql(won, fin)},
           coalesce(sum({dealt}), 0)::BIGINT AS damage_dealt,
           coalesce(sum({taken}), 0)::BIGINT AS damage_taken,
           coalesce(sum({kills}), 0)::BIGINT AS kills,
           coalesce(sum({rescues}), 0)::BIGINT AS rescues,
           round(coalesce(sum({uses}), 0) / nullif(sum({turns}), 0), 2) AS cards_per_turn,
           coalesce(sum({violations}), 0)::BIGINT AS violations,
           round(100.0 * coalesce(sum({violations}), 0) / {games}, 1) AS violations_per_100"""


#: per player (by name): games, results, damage, kills, rescues, cards used per turn, violations
#: (from the events, every query)
PLAYER_STATS = f"""
    WITH pl AS (
        SELECT p.game_id, p.seat, p.name, p.won FROM players p JOIN {{G}} g USING (game_id)
        WHERE p.name IS NOT NULL
    ), {seat_numbers_sql("pl")}
    SELECT pl.name AS player, {_player_stats(
        games="count(DISTINCT pl.game_id)", won="count(DISTINCT pl.game_id) FILTER (WHERE pl.won)",
        fin="count(DISTINCT pl.game_id) FILTER (WHERE pl.won IS NOT NULL)", dealt="ev.dealt",
        taken="taken.taken", kills="kills.kills", rescues="peach.rescues", uses="ev.uses", turns="ev.turns",
        violations="vio.violations")}
    FROM pl {SEAT_NUMBERS_JOIN}
    GROUP BY pl.name"""

#: one row per game and player name (``stat_player_games``, built from ``stat_seats``): whether a
#: seat of that name won, whether the game has a result for it, and the sums of its seats' numbers
PLAYER_GAMES = """
    SELECT pl.gno, any_value(pl.game_id) AS game_id, pl.name, bool_or(pl.won) AS won,
           count(pl.won) > 0 AS finished, sum(pl.dealt) AS dealt, sum(pl.taken) AS taken,
           sum(pl.kills) AS kills, sum(pl.rescues) AS rescues, sum(pl.uses) AS uses, sum(pl.turns) AS turns,
           sum(pl.violations) AS violations
    FROM stat_seats pl
    WHERE pl.name IS NOT NULL"""

#: the per-player table from ``stat_player_games``: a player's games are its rows
PLAYER_STATS_AGG = f"""
    SELECT pl.name AS player, {_player_stats(
        games="count(*)", won="count(*) FILTER (WHERE pl.won)", fin="count(*) FILTER (WHERE pl.finished)",
        dealt="pl.dealt", taken="pl.taken", kills="pl.kills", rescues="pl.rescues", uses="pl.uses",
        turns="pl.turns", violations="pl.violations")}
    FROM stat_player_games pl SEMI JOIN {{G}} g ON g.gno = pl.gno
    GROUP BY pl.name"""

#: violations per 100 games, by rule (over every game the filters keep)
VIOLATIONS_BY_RULE = """
    WITH n AS (SELECT count(*) AS games FROM {G})
    SELECT v.rule, v.kind, count(*) AS violations, count(DISTINCT v.game_id) AS games_with,
           any_value(n.games) AS games,
           round(100.0 * count(*) / any_value(n.games), 2) AS per_100_games
    FROM violations v JOIN {G} g USING (game_id) CROSS JOIN n
    GROUP BY v.rule, v.kind"""

_BY_PLAYER = """
    SELECT pl.name AS player, v.rule, v.kind, count(*) AS violations, any_value(n.games) AS games,
           round(100.0 * count(*) / any_value(n.games), 2) AS per_100_games
    FROM violations v JOIN pl ON pl.game_id = v.game_id AND pl.seat = v.seat JOIN n ON n.name = pl.name
    GROUP BY pl.name, v.rule, v.kind"""

#: violations per 100 games of the player, by player and rule
VIOLATIONS_BY_PLAYER = """
    WITH pl AS (SELECT p.game_id, p.seat, p.name FROM players p JOIN {G} g USING (game_id) WHERE p.name IS NOT NULL),
         n AS (SELECT name, count(DISTINCT game_id) AS games FROM pl GROUP BY name)""" + _BY_PLAYER

#: the same from the aggregates: a player's games are its ``stat_player_games`` rows, and only the
#: seats with a violation can match one
VIOLATIONS_BY_PLAYER_AGG = """
    WITH pl AS (SELECT p.game_id, p.seat, p.name FROM stat_seats p SEMI JOIN {G} g ON g.gno = p.gno
                WHERE p.name IS NOT NULL AND p.violations > 0),
         n AS (SELECT pl.name, count(*) AS games FROM stat_player_games pl SEMI JOIN {G} g ON g.gno = pl.gno
               GROUP BY pl.name)""" + _BY_PLAYER

#: a player's violations per rule and date (the header's meta.date, else the day of loading)
VIOLATIONS_OVER_TIME = """
    WITH pl AS (SELECT p.game_id, p.seat, p.name, g.day FROM {P} p JOIN {G} g USING (game_id)
                WHERE p.name IS NOT NULL)
    SELECT pl.name AS player, pl.day, v.rule, count(*) AS violations
    FROM violations v JOIN pl ON pl.game_id = v.game_id AND pl.seat = v.seat
    GROUP BY ALL"""

def draft_picks_sql(scope: str, games: str, events: str = "events") -> str:
    """Every general picked in the 3v3 drafts of the games in ``scope`` (a table or CTE with a
    ``game_id`` column): game, side, general, pick turn (1-9), pick number (1-16), and whether the
    picking side won (NULL: no result; the winner read from ``games``, a table or CTE with the
    ``games`` columns), in the games' ``mode`` and ``ruleset``."""
    return f"""
    WITH turns AS (
        SELECT e.game_id, e.seq, e.json::JSON->>'side' AS side,
               json_extract_string(e.json, '$.generals[*]') AS generals,
               row_number() OVER (PARTITION BY e.game_id ORDER BY e.seq) AS pick_turn
        FROM {events} e SEMI JOIN {scope} sc ON sc.game_id = e.game_id
        WHERE e.type = 'draft_pick'
    ), picks AS (
        SELECT game_id, seq, side, pick_turn, unnest(generals) AS general,
               unnest(generate_series(1, len(generals))) AS k
        FROM turns
    )
    SELECT p.game_id, g.mode, g.ruleset, p.side, p.general, p.pick_turn,
           row_number() OVER (PARTITION BY p.game_id ORDER BY p.seq, p.k) AS pick,
           CASE WHEN g.winner IN ('warm', 'cold') THEN g.winner = p.side END AS side_won
    FROM picks p JOIN {games} g USING (game_id)"""


#: every general picked in a 3v3 draft (from the events, every query)
DRAFT_PICKS = draft_picks_sql("{G}", "{G}")
#: the same from ``stat_draft_picks``
DRAFT_PICKS_AGG = """
    SELECT p.game_id, g.mode, g.ruleset, p.side, p.general, p.pick_turn, p.pick, p.side_won
    FROM stat_draft_picks p JOIN {G} g USING (game_id)"""


def _draft(select: str, picks: str = DRAFT_PICKS) -> str:
    return f"WITH dp AS ({picks}) {select}"


_WON = "count(*) FILTER (WHERE side_won)"
_FIN = "count(side_won)"

#: per general: how often and how early it is picked, and how the side that picked it fared
_BY_GENERAL = f"""
    SELECT general, count(*) AS picks, count(DISTINCT game_id) AS games,
           round(avg(pick), 2) AS mean_pick,
           count(*) FILTER (WHERE pick = 1) AS first_picks,
           round(count(*) FILTER (WHERE pick = 1) / (SELECT count(DISTINCT game_id) FROM dp), 4) AS first_pick_rate,
           {_FIN} AS finished, {_WON} AS wins, round({_WON} / nullif({_FIN}, 0), 4) AS win_rate,
           {wilson_sql(_WON, _FIN)}
    FROM dp GROUP BY general"""
DRAFT_BY_GENERAL = _draft(_BY_GENERAL)

#: per pick number: the win rate of the side that made that pick
_BY_PICK = f"""
    SELECT pick, any_value(pick_turn) AS pick_turn, count(*) AS picks, {_FIN} AS finished, {_WON} AS wins,
           round({_WON} / nullif({_FIN}, 0), 4) AS win_rate, {wilson_sql(_WON, _FIN)}
    FROM dp GROUP BY pick"""
DRAFT_BY_PICK = _draft(_BY_PICK)


def templates(*, aggregates: bool) -> dict[str, str]:
    """Every statistics template but the win rates (:func:`win_rate_sql`), by name: from the
    aggregates or from the loaded tables. The games are still ``{G}``."""
    picks = DRAFT_PICKS_AGG if aggregates else DRAFT_PICKS
    out = {
        "player_stats": PLAYER_STATS_AGG if aggregates else PLAYER_STATS,
        "violations_by_rule": VIOLATIONS_BY_RULE,
        "violations_by_player": VIOLATIONS_BY_PLAYER_AGG if aggregates else VIOLATIONS_BY_PLAYER,
        "violations_over_time": VIOLATIONS_OVER_TIME,
        "draft_picks": picks,
        "draft_by_general": _draft(_BY_GENERAL, picks),
        "draft_by_pick": _draft(_BY_PICK, picks),
    }
    return {name: sql.replace("{P}", "stat_seats" if aggregates else "players") for name, sql in out.items()}
