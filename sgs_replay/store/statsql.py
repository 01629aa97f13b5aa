"""The SQL of the statistics: one definition of each figure, shared by the views (``schema.VIEWS``),
``sgs_replay.analysis.stats`` (and so ``sgs-replay stats``) and the dashboards.

Two layers:

* **the per-game tables** (``stat_games``, ``stat_seats``, ``stat_generals``, ``stat_player_games``,
  ``stat_draft_picks``): what each game, seat and general that played contributes — the result the
  rules prove, the source, the date, the seat's numbers. Their rows are defined once here
  (:func:`games_select`, :func:`seats_select`, …) over the loaded tables; the load stores them
  (:mod:`sgs_replay.store.aggregates`), and a store whose stored rows are missing or behind reads the
  same definitions as common table expressions (:func:`raw_prefix`);
* **the statistics** (:func:`win_rate_sql`, :func:`templates`): read only those tables, the games
  through ``{G}`` (every game for a view, the filtered ``fg`` for a call of ``sgs_replay.analysis.stats``).

No user value is ever formatted into these strings; filters travel as query parameters.

A seat's ``result`` is ``win``, ``draw`` or ``loss`` under the result the validator proves
(``games.proven_winner``); a game loaded before the proven result was kept (``result_checked`` NULL)
counts its declared one. A group (a general, a role, a side …) wins a game when one of its seats won,
draws when none won and one drew, and loses otherwise; ``win_rate`` is wins over decided games (wins
and losses), its Wilson interval over the same, ``draw_rate`` draws over games.
"""

from __future__ import annotations

#: z for a two-sided 95 % interval
Z95 = 1.959963984540054
#: a row with fewer decided games than this is flagged (``few_games``): its interval is wide
FEW_GAMES = 30

#: the version of the per-game tables' layout (``store_info.aggregates_version``): stored rows of
#: another version are rebuilt by the next load, and read through :func:`raw_prefix` until then
AGGREGATES_VERSION = "3"


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


# ---------------------------------------------------------------------------------------------- a game
#: the file name of a game (``games.file`` without its folders)
FILE_NAME = r"regexp_extract(g.file, '[^/\\]+$')"

#: where a game comes from (``games.source``), decided in this order: the header's ``meta.source`` when
#: it is one of the three; a recording of a game engine (a recording format read directly, or its
#: conversion: ``meta.engine``); a game of the simulator (``meta.generator`` ``sgs-replay simulate…``);
#: anything else was written by hand (a referee's or a tournament's log, an excerpt)
SOURCE = """CASE
    WHEN g.meta::JSON->>'source' IN ('recording', 'simulation', 'hand-written') THEN g.meta::JSON->>'source'
    WHEN g.source_format IS DISTINCT FROM 'sgs-replay/1' OR g.meta::JSON->>'engine' IS NOT NULL THEN 'recording'
    WHEN starts_with(coalesce(g.meta::JSON->>'generator', ''), 'sgs-replay simulate') THEN 'simulation'
    ELSE 'hand-written' END"""

#: the day a game was played (``games.played_on``): the header's ``meta.date`` when it is a date; else,
#: for a recording, the date its name carries (FreeKill names a recording ``YYYYMMDDhhmmss.…``: the
#: header's ``meta.recording``, or the file's name); else unknown (NULL), never the day of loading
PLAYED_ON = f"""coalesce(
    try_cast(g.meta::JSON->>'date' AS DATE),
    CASE WHEN ({SOURCE}) = 'recording' THEN try_strptime(regexp_extract(
        coalesce(g.meta::JSON->>'recording', {FILE_NAME}), '^((19|20)[0-9]{{6}})[0-9]{{6}}([.]|$)', 1), '%Y%m%d')::DATE END)"""

#: the columns the load fills from the others (an older store's games get them on its next load)
DERIVED_GAME_COLUMNS = {"source": SOURCE, "played_on": PLAYED_ON}

#: the result the statistics count: the proven one, or the declared one for a game loaded before the
#: proven result was kept
WINNER = "CASE WHEN g.result_checked THEN g.proven_winner ELSE g.winner END"
REASON = "CASE WHEN g.result_checked THEN g.proven_reason ELSE g.reason END"


def games_select(scope: str) -> str:
    """One ``stat_games`` row per game in ``scope`` (a table or subquery of ``game_id`` and ``gno``)."""
    return f"""
    SELECT t.gno::INTEGER AS gno, g.game_id, g.mode, g.ruleset, g.players, {WINNER} AS winner, {REASON} AS reason,
           g.winner AS declared_winner, g.reason AS declared_reason,
           coalesce(g.result_checked, FALSE) AS checked,
           coalesce(g.result_checked AND g.winner IS DISTINCT FROM g.proven_winner, FALSE) AS differs,
           coalesce(({WINNER}) IN ('none', 'draw') OR ({REASON}) = 'draw', FALSE) AS draw,
           coalesce(g.source, {SOURCE}) AS source, g.file,
           coalesce(g.played_on, {PLAYED_ON}) AS day,
           date_trunc('week', coalesce(g.played_on, {PLAYED_ON}))::DATE AS week,
           g.loaded_at::DATE AS loaded_day, g.meta::JSON->>'event' AS event
    FROM games g JOIN {scope} t USING (game_id)"""


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


#: the LEFT JOINs that put a seat's numbers (:func:`seat_numbers_sql`) beside its ``p`` row
SEAT_NUMBERS_JOIN = """
    LEFT JOIN ev USING (game_id, seat) LEFT JOIN taken USING (game_id, seat) LEFT JOIN kills USING (game_id, seat)
    LEFT JOIN peach USING (game_id, seat) LEFT JOIN vio USING (game_id, seat)"""

#: a seat's side: 3v3 and 1v1 its ``side``; 1v3 神吕布 (``lvbu``) or the allies (``allies``)
SIDE = """CASE WHEN sg.mode = '1v3' THEN CASE p.role WHEN 'lord' THEN 'lvbu' WHEN 'rebel' THEN 'allies' END
              ELSE p.side END"""

#: a seat's result under the game's counted result (a store loaded before ``players.result``: from ``won``)
RESULT = "coalesce(p.result, CASE p.won WHEN TRUE THEN 'win' WHEN FALSE THEN 'loss' END)"


def seats_select(scope: str, events: str = "events") -> str:
    """One ``stat_seats`` row per seat of the games in ``scope``: who sat there, the result, the
    seat's numbers in the game, and its game's columns the statistics group or filter by."""
    return f"""
    WITH sg AS ({games_select(scope)}), {seat_numbers_sql(scope, events)}
    SELECT sg.gno, p.game_id, p.seat, sg.mode, sg.ruleset, sg.players AS table_size, sg.source, sg.week,
           p.name, nullif(p.general, '?') AS general, p.role,
           CASE WHEN sg.mode = 'hegemony' THEN p.role END AS kingdom,
           {SIDE} AS side, p.position,
           CASE WHEN sg.mode = '3v3' THEN
               string_agg(p.general, '+' ORDER BY p.general) FILTER (WHERE p.position = 'commander')
                   OVER (PARTITION BY p.game_id, p.side)
               || ' · ' || string_agg(p.general, '+' ORDER BY p.general) FILTER (WHERE p.position = 'vanguard')
                   OVER (PARTITION BY p.game_id, p.side) END AS composition,
           CASE WHEN sg.winner IS NOT NULL THEN {RESULT} END AS result,
           ev.dealt, taken.taken, kills.kills, peach.rescues, ev.uses, ev.turns, vio.violations
    FROM players p JOIN sg USING (game_id)
    {SEAT_NUMBERS_JOIN}"""


#: how a general that enters during the game entered, by mode (``general_choice`` of a new general)
ENTRY = "CASE sg.mode WHEN '1v1' THEN 'replacement' WHEN '1v3' THEN 'form' ELSE 'reincarnation' END"


def generals_select(scope: str, events: str = "events") -> str:
    """One ``stat_generals`` row per general that played in the games of ``scope``: the seat's starting
    general (``start``), its 國戰 副将 (``deputy``), and every general a ``general_choice`` brings in that
    the seat has not had yet: the next general of 1v1 (``replacement``), a 转世 player's new general
    (``reincarnation``), 神吕布's second form in 1v3 (``form``). A general no view names (``?``) is not
    one. The names are canonical (``events.general``; as the log writes them for a game loaded before
    that column existed). Each row carries its seat's result and columns."""
    return f"""
    WITH sg AS ({games_select(scope)}), st AS (
        SELECT p.game_id, p.seat, p.general, 'start' AS entry, 0 AS seq FROM players p SEMI JOIN sg USING (game_id)
        UNION ALL
        SELECT p.game_id, p.seat, p.deputy, 'deputy', 0 FROM players p SEMI JOIN sg USING (game_id)
        WHERE p.deputy IS NOT NULL
    ), ch AS (
        SELECT e.game_id, e.seat, coalesce(e.general, e.json::JSON->>'general') AS general, min(e.seq) AS seq
        FROM {events} e SEMI JOIN sg USING (game_id)
        WHERE e.type = 'general_choice' AND e.seat IS NOT NULL GROUP BY ALL
    ), gen AS (
        SELECT game_id, seat, general, entry, seq FROM st
        UNION ALL
        SELECT ch.game_id, ch.seat, ch.general, {ENTRY}, ch.seq FROM ch JOIN sg USING (game_id)
        ANTI JOIN st ON st.game_id = ch.game_id AND st.seat = ch.seat AND st.general = ch.general
    )
    SELECT sg.gno, gen.game_id, gen.seat, sg.mode, sg.ruleset, sg.players AS table_size, sg.source, sg.week,
           p.name, gen.general, gen.entry, gen.seq, p.role,
           CASE WHEN sg.mode = 'hegemony' THEN p.role END AS kingdom, {SIDE} AS side, p.position,
           CASE WHEN sg.winner IS NOT NULL THEN {RESULT} END AS result
    FROM gen JOIN sg USING (game_id) JOIN players p USING (game_id, seat)
    WHERE gen.general IS NOT NULL AND gen.general <> '?'"""


def player_games_select(seats: str = "stat_seats") -> str:
    """One ``stat_player_games`` row per game and player name, from the ``stat_seats`` rows ``seats``:
    the name's result in the game (as a group), and the sums of its seats' numbers."""
    return f"""
    SELECT pl.gno, any_value(pl.game_id) AS game_id, pl.name, {GROUP_RESULT.format(r="pl.result")} AS result,
           count(pl.result) > 0 AS finished, sum(pl.dealt) AS dealt, sum(pl.taken) AS taken,
           sum(pl.kills) AS kills, sum(pl.rescues) AS rescues, sum(pl.uses) AS uses, sum(pl.turns) AS turns,
           sum(pl.violations) AS violations
    FROM {seats} pl
    WHERE pl.name IS NOT NULL
    GROUP BY pl.gno, pl.name"""


def draft_select(scope: str, events: str = "events") -> str:
    """Every general picked in the drafts (3v3 and 1v1) of the games in ``scope``: side, general, pick
    turn (1-9 in 3v3), pick number (1-16 in 3v3), and whether the picking side won (NULL: no decided
    result)."""
    return f"""
    WITH sg AS ({games_select(scope)}), turns AS (
        SELECT e.game_id, e.seq, e.json::JSON->>'side' AS side,
               json_extract_string(e.json, '$.generals[*]') AS generals,
               row_number() OVER (PARTITION BY e.game_id ORDER BY e.seq) AS pick_turn
        FROM {events} e SEMI JOIN sg USING (game_id)
        WHERE e.type = 'draft_pick'
    ), picks AS (
        SELECT game_id, seq, side, pick_turn, unnest(generals) AS general,
               unnest(generate_series(1, len(generals))) AS k
        FROM turns
    )
    SELECT sg.gno, p.game_id, p.side, p.general, p.pick_turn,
           row_number() OVER (PARTITION BY p.game_id ORDER BY p.seq, p.k) AS pick,
           CASE WHEN sg.winner IN ('warm', 'cold') THEN sg.winner = p.side END AS side_won
    FROM picks p JOIN sg USING (game_id)"""


#: every game, numbered in ``game_id`` order (the per-game tables read as common table expressions)
ALL_GAMES = "(SELECT game_id, row_number() OVER (ORDER BY game_id) AS gno FROM games)"


def raw_prefix() -> str:
    """The per-game tables as common table expressions over the loaded tables (the same definitions the
    load stores), for a store whose stored ones are missing or behind: ``name AS (…), …``."""
    return (f"stat_games AS ({games_select(ALL_GAMES)}), "
            f"stat_seats AS ({seats_select(ALL_GAMES)}), "
            f"stat_generals AS ({generals_select(ALL_GAMES)}), "
            f"stat_player_games AS ({player_games_select()}), "
            f"stat_draft_picks AS ({draft_select(ALL_GAMES)})")


# ---------------------------------------------------------------------------------------------- win rates
#: a group's result in one game from its seats' results ``{r}``: a win when one of them won, a draw
#: when none won and one drew, else a loss (NULL: no result)
GROUP_RESULT = ("CASE WHEN bool_or({r} = 'win') THEN 'win' WHEN bool_or({r} = 'draw') THEN 'draw' "
                "WHEN bool_or({r} = 'loss') THEN 'loss' END")

#: the columns each ``by`` key groups on (mode is kept apart where a rate differs by mode)
BY_COLUMNS: dict[str, tuple[str, ...]] = {
    "general": ("mode", "general"),
    "entry": ("mode", "entry"),
    "role": ("role",),
    "kingdom": ("kingdom",),
    "seat": ("mode", "table_size", "seat"),
    "side": ("mode", "side"),
    "position": ("mode", "position"),
    "composition": ("composition",),
    "player": ("name",),
    "mode": ("mode",),
    "ruleset": ("ruleset",),
    "source": ("source",),
    "week": ("week",),
}
#: rows a key needs
BY_WHERE = {"general": "general IS NOT NULL", "role": "mode = 'identity'", "kingdom": "kingdom IS NOT NULL",
            "side": "side IS NOT NULL", "position": "position IS NOT NULL", "composition": "composition IS NOT NULL",
            "week": "week IS NOT NULL", "player": "name IS NOT NULL"}
#: keys whose value is the same for every seat of a game: alone, they give every game a winner and a
#: loser (a rate of 1.0), so they make a table of results (:func:`results_sql`), not of win rates
PER_GAME = ("mode", "ruleset", "source", "week")
#: keys every side of a game has alike (both 3v3 sides field a commander and two vanguards; every seat
#: has a starting general, every 國戰 seat a 副将): alone (or with per-game keys) each game gives a win
#: and a loss to the same row; with a general they compare the general's own results by position or entry
EVERY_SIDE = ("position", "entry")
#: keys read from the generals that played (``stat_generals``) rather than the seats
GENERAL_KEYS = ("general", "entry")


def by_columns(by: tuple[str, ...]) -> list[str]:
    cols: list[str] = []
    for key in by:
        cols += [c for c in BY_COLUMNS[key] if c not in cols]
    return cols


def wdl_columns(games: str | None, wins: str, draws: str, losses: str) -> str:
    """``games`` (when given; else counted with ``count(*)`` and left to the caller), ``wins``, ``draws``,
    ``losses``, the rate and interval over decided games, the draw rate, and ``few_games`` (fewer than
    :data:`FEW_GAMES` decided games: a wide interval)."""
    decided = f"({wins} + {losses})"
    head = f"{games} AS games, " if games is not None else ""
    games = games or "count(*)"
    return f"""{head}{wins} AS wins, {draws} AS draws, {losses} AS losses,
               round({wins} / nullif({decided}, 0), 4) AS win_rate, {wilson_sql(wins, decided)},
               round({draws} / nullif({games}, 0), 4) AS draw_rate, {decided} < {FEW_GAMES} AS few_games"""


def win_rate_sql(by: tuple[str, ...]) -> str:
    """Win / draw / loss grouped by the ``by`` keys: games (distinct games with a result), appearances
    (seats or generals), wins, draws, losses (games), win_rate over decided games with its Wilson
    interval, draw_rate. Read from ``stat_generals`` when a key is a general's, else ``stat_seats``."""
    cols = by_columns(by)
    where = " AND ".join(BY_WHERE[k] for k in by if k in BY_WHERE) or "TRUE"
    keys = ", ".join(cols)
    source = "stat_generals" if any(k in GENERAL_KEYS for k in by) else "stat_seats"
    return f"""
        SELECT {keys}, count(*) AS games, sum(n)::BIGINT AS appearances,
               {wdl_columns(None, "count(*) FILTER (WHERE r = 'win')", "count(*) FILTER (WHERE r = 'draw')",
                            "count(*) FILTER (WHERE r = 'loss')")}
        FROM (SELECT {keys}, p.gno, count(*) AS n, {GROUP_RESULT.format(r="p.result")} AS r
              FROM {source} p SEMI JOIN {{G}} g ON g.gno = p.gno
              WHERE p.result IS NOT NULL AND {where} GROUP BY {keys}, p.gno)
        GROUP BY {keys}"""


def results_sql(by: tuple[str, ...]) -> str:
    """Per mode, ruleset, source or week (keys every seat of a game shares): games, finished (a result
    counted), draws and the draw rate, ``result_differs`` (games whose declared winner is not the proven
    one), ``unchecked`` (games loaded before the proven result was kept: their declared result counts)
    and ``undated`` games."""
    keys = ", ".join(by_columns(by))
    return f"""
        SELECT {keys}, count(*) AS games, count(g.winner) AS finished, count(*) FILTER (WHERE g.draw) AS draws,
               round(count(*) FILTER (WHERE g.draw) / nullif(count(g.winner), 0), 4) AS draw_rate,
               count(*) FILTER (WHERE g.differs) AS result_differs,
               count(*) FILTER (WHERE NOT g.checked) AS unchecked,
               count(*) FILTER (WHERE g.day IS NULL) AS undated
        FROM {{G}} g
        GROUP BY {keys}"""


#: the summary of the games a statistic reads: how many, from which source, their results
SUMMARY = """
    SELECT count(*) AS games,
           count(*) FILTER (WHERE g.source = 'recording') AS recording,
           count(*) FILTER (WHERE g.source = 'simulation') AS simulation,
           count(*) FILTER (WHERE g.source = 'hand-written') AS hand_written,
           count(g.winner) AS finished, count(*) FILTER (WHERE g.draw) AS draws,
           count(*) FILTER (WHERE g.differs) AS result_differs,
           count(*) FILTER (WHERE NOT g.checked) AS unchecked,
           count(*) FILTER (WHERE g.day IS NULL) AS undated
    FROM {G} g"""


# ---------------------------------------------------------------------------------------------- matchups
#: the sides of each mode that meet in a game, with the name a matchup gives them: 1v1 each general that
#: played for a side, 3v3 each side's composition (commander · vanguards), identity each role (the lord
#: and the loyalists on one side), 國戰 each kingdom (野心家 included)
_UNITS = """
    SELECT p.gno, p.mode, 'general' AS kind, p.general AS unit, p.side AS camp, p.result
    FROM stat_generals p WHERE p.mode = '1v1' AND p.side IS NOT NULL
    UNION ALL
    SELECT p.gno, p.mode, 'composition', p.composition, p.side, p.result
    FROM stat_seats p WHERE p.mode = '3v3' AND p.composition IS NOT NULL
    UNION ALL
    SELECT p.gno, p.mode, 'role', p.role, CASE WHEN p.role IN ('lord', 'loyalist') THEN 'lord' ELSE p.role END,
           p.result
    FROM stat_seats p WHERE p.mode = 'identity' AND p.role IS NOT NULL
    UNION ALL
    SELECT p.gno, p.mode, 'kingdom', p.kingdom, p.kingdom, p.result
    FROM stat_seats p WHERE p.mode = 'hegemony' AND p.kingdom IS NOT NULL"""

#: head to head: for every two units of different sides in the same game, the first's result against
#: the second: a win when it won, a loss when the other won, a draw otherwise (a drawn game, or a third
#: side won: in identity and 國戰 both can lose)
MATCHUPS = f"""
    WITH u AS (
        SELECT u.gno, u.mode, u.kind, u.unit, u.camp, {GROUP_RESULT.format(r="u.result")} AS r
        FROM ({_UNITS}) u SEMI JOIN {{G}} g ON g.gno = u.gno
        WHERE u.result IS NOT NULL GROUP BY ALL
    ), pairs AS (
        SELECT a.mode, a.kind, a.unit, b.unit AS opponent, a.gno,
               CASE WHEN a.r = 'win' THEN 'win' WHEN b.r = 'win' THEN 'loss' ELSE 'draw' END AS r
        FROM u a JOIN u b ON a.gno = b.gno AND a.camp <> b.camp AND a.unit <> b.unit
    )
    SELECT mode, kind, unit, opponent,
           {wdl_columns("count(*)", "count(*) FILTER (WHERE r = 'win')", "count(*) FILTER (WHERE r = 'draw')",
                        "count(*) FILTER (WHERE r = 'loss')")}
    FROM (SELECT DISTINCT * FROM pairs)
    GROUP BY mode, kind, unit, opponent"""


# ---------------------------------------------------------------------------------------------- players
#: per player (by name): games, results, damage, kills, rescues, cards used per turn, violations
_PW, _PD, _PL = ("count(*) FILTER (WHERE pl.result = 'win')", "count(*) FILTER (WHERE pl.result = 'draw')",
                 "count(*) FILTER (WHERE pl.result = 'loss')")
PLAYER_STATS = f"""
    SELECT pl.name AS player, count(*) AS games, count(*) FILTER (WHERE pl.finished) AS finished,
           {_PW} AS wins, {_PD} AS draws, {_PL} AS losses,
           round({_PW} / nullif({_PW} + {_PL}, 0), 4) AS win_rate, {wilson_sql(_PW, f"({_PW} + {_PL})")},
           round({_PD} / nullif(count(*) FILTER (WHERE pl.finished), 0), 4) AS draw_rate,
           coalesce(sum(pl.dealt), 0)::BIGINT AS damage_dealt,
           coalesce(sum(pl.taken), 0)::BIGINT AS damage_taken,
           coalesce(sum(pl.kills), 0)::BIGINT AS kills,
           coalesce(sum(pl.rescues), 0)::BIGINT AS rescues,
           round(coalesce(sum(pl.uses), 0) / nullif(sum(pl.turns), 0), 2) AS cards_per_turn,
           coalesce(sum(pl.violations), 0)::BIGINT AS violations,
           round(100.0 * coalesce(sum(pl.violations), 0) / count(*), 1) AS violations_per_100
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

#: violations per 100 games of the player, by player and rule: a player's games are its
#: ``stat_player_games`` rows, and only the seats with a violation can match one
VIOLATIONS_BY_PLAYER = """
    WITH pl AS (SELECT p.game_id, p.seat, p.name FROM stat_seats p SEMI JOIN {G} g ON g.gno = p.gno
                WHERE p.name IS NOT NULL AND p.violations > 0),
         n AS (SELECT pl.name, count(*) AS games FROM stat_player_games pl SEMI JOIN {G} g ON g.gno = pl.gno
               GROUP BY pl.name)
    SELECT pl.name AS player, v.rule, v.kind, count(*) AS violations, any_value(n.games) AS games,
           round(100.0 * count(*) / any_value(n.games), 2) AS per_100_games
    FROM violations v JOIN pl ON pl.game_id = v.game_id AND pl.seat = v.seat JOIN n ON n.name = pl.name
    GROUP BY pl.name, v.rule, v.kind"""

#: a player's violations per rule and day (the day the game was played, else the day it was loaded)
VIOLATIONS_OVER_TIME = """
    WITH pl AS (SELECT p.game_id, p.seat, p.name, coalesce(g.day, g.loaded_day) AS day
                FROM stat_seats p JOIN {G} g ON g.gno = p.gno WHERE p.name IS NOT NULL)
    SELECT pl.name AS player, pl.day, v.rule, count(*) AS violations
    FROM violations v JOIN pl ON pl.game_id = v.game_id AND pl.seat = v.seat
    GROUP BY ALL"""

# ---------------------------------------------------------------------------------------------- the 3v3 draft
#: every general picked in a 3v3 draft (a 1v1 draft is not one)
DRAFT_PICKS = """
    SELECT p.game_id, g.mode, g.ruleset, p.side, p.general, p.pick_turn, p.pick, p.side_won
    FROM stat_draft_picks p JOIN {G} g ON g.gno = p.gno
    WHERE g.mode = '3v3'"""

_WON = "count(*) FILTER (WHERE side_won)"
_FIN = "count(side_won)"

#: per general: how often and how early it is picked, and how the side that picked it fared
DRAFT_BY_GENERAL = f"""
    WITH dp AS ({DRAFT_PICKS})
    SELECT general, count(*) AS picks, count(DISTINCT game_id) AS games,
           round(avg(pick), 2) AS mean_pick,
           count(*) FILTER (WHERE pick = 1) AS first_picks,
           round(count(*) FILTER (WHERE pick = 1) / (SELECT count(DISTINCT game_id) FROM dp), 4) AS first_pick_rate,
           {_FIN} AS finished, {_WON} AS wins, round({_WON} / nullif({_FIN}, 0), 4) AS win_rate,
           {wilson_sql(_WON, _FIN)}
    FROM dp GROUP BY general"""

#: per pick number: the win rate of the side that made that pick
DRAFT_BY_PICK = f"""
    WITH dp AS ({DRAFT_PICKS})
    SELECT pick, any_value(pick_turn) AS pick_turn, count(*) AS picks, {_FIN} AS finished, {_WON} AS wins,
           round({_WON} / nullif({_FIN}, 0), 4) AS win_rate, {wilson_sql(_WON, _FIN)}
    FROM dp GROUP BY pick"""


def templates() -> dict[str, str]:
    """Every statistics template but the win rates (:func:`win_rate_sql`), by name. The games are ``{G}``."""
    return {
        "summary": SUMMARY,
        "matchups": MATCHUPS,
        "player_stats": PLAYER_STATS,
        "violations_by_rule": VIOLATIONS_BY_RULE,
        "violations_by_player": VIOLATIONS_BY_PLAYER,
        "violations_over_time": VIOLATIONS_OVER_TIME,
        "draft_picks": DRAFT_PICKS,
        "draft_by_general": DRAFT_BY_GENERAL,
        "draft_by_pick": DRAFT_BY_PICK,
    }


def view_sql(template: str, *, aggregates: bool = True) -> str:
    """A template over every game, as a view body: from the stored per-game tables, or (``aggregates``
    False) from their definitions over the loaded tables."""
    body = template.replace("{G}", "stat_games").strip()
    if aggregates:
        return body
    if body.startswith("WITH"):
        return f"WITH {raw_prefix()}, {body[4:]}"
    return f"WITH {raw_prefix()} {body}"
