"""The SQL of the statistics, shared by the views (``schema.VIEWS``) and ``sgs_replay.stats``.

Each template reads the games through ``{G}``: the ``games`` table for a view, a filtered
common table expression (``fg``) for a call of ``sgs_replay.stats`` with filters. No user value is
ever formatted into these strings; filters travel as query parameters.
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


#: the games with ``day``: the header's ``meta.date`` when it is a date, else the day of loading
GAMES_WITH_DAY = """
    SELECT *, coalesce(try_cast(meta::JSON->>'date' AS DATE), loaded_at::DATE) AS day FROM games"""


def view_sql(template: str) -> str:
    """A template over every game (for a view)."""
    return template.replace("{G}", f"({GAMES_WITH_DAY})")


#: the players of finished games (``won`` known), with their game's columns
RESULTS = """
    SELECT p.*, g.mode, g.ruleset, g.players AS table_size, g.winner, g.reason, g.file
    FROM players p JOIN {G} g USING (game_id)
    WHERE p.won IS NOT NULL"""

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


def win_rate_sql(by: tuple[str, ...]) -> str:
    """Win rates grouped by the ``by`` keys: games (distinct games), appearances (player rows), wins
    (games won), win_rate = wins / games, and the Wilson interval."""
    cols: list[str] = []
    for key in by:
        cols += [c for c in BY_COLUMNS[key] if c not in cols]
    where = " AND ".join(BY_WHERE[k] for k in by if k in BY_WHERE) or "TRUE"
    keys = ", ".join(cols)
    return f"""
        SELECT {keys}, count(DISTINCT game_id) AS games, count(*) AS appearances,
               count(DISTINCT game_id) FILTER (WHERE won) AS wins,
               round(count(DISTINCT game_id) FILTER (WHERE won) / count(DISTINCT game_id), 4) AS win_rate,
               {wilson_sql("count(DISTINCT game_id) FILTER (WHERE won)", "count(DISTINCT game_id)")}
        FROM ({RESULTS}) r WHERE {where}
        GROUP BY {keys}"""


#: per player (by name): games, results, damage, kills, rescues, cards used per turn, violations
PLAYER_STATS = f"""
    WITH pl AS (
        SELECT p.game_id, p.seat, p.name, p.won FROM players p JOIN {{G}} g USING (game_id)
        WHERE p.name IS NOT NULL
    ), ev AS (
        SELECT e.game_id, e.seat,
               sum(coalesce(try_cast(e.json::JSON->>'amount' AS INTEGER), 1)) FILTER (WHERE e.type = 'damage') AS dealt,
               count(*) FILTER (WHERE e.type = 'use') AS uses,
               count(*) FILTER (WHERE e.type = 'turn') AS turns
        FROM events e SEMI JOIN pl ON pl.game_id = e.game_id
        WHERE e.type IN ('damage', 'use', 'turn') AND e.seat IS NOT NULL GROUP BY ALL
    ), taken AS (
        SELECT e.game_id, e.target AS seat,
               sum(coalesce(try_cast(e.json::JSON->>'amount' AS INTEGER), 1)) AS taken
        FROM events e SEMI JOIN pl ON pl.game_id = e.game_id
        WHERE e.type = 'damage' AND e.target IS NOT NULL GROUP BY ALL
    ), kills AS (
        SELECT e.game_id, e.target AS seat, count(*) AS kills
        FROM events e SEMI JOIN pl ON pl.game_id = e.game_id
        WHERE e.type = 'death' AND e.target IS NOT NULL GROUP BY ALL
    ), peach AS (  -- a 桃 used on a character at 0 HP or less (dying), the position before the use
        SELECT e.game_id, e.seat, count(*) AS rescues
        FROM events e JOIN events b ON b.game_id = e.game_id AND b.seq = e.seq - 1
        SEMI JOIN pl ON pl.game_id = e.game_id
        WHERE e.type = 'use' AND (e.card = '桃' OR e.card LIKE '% 桃')
          AND list_filter(b.state, lambda s: s.seat = coalesce(e.target, e.seat) AND s.hp <= 0) <> []
        GROUP BY ALL
    ), vio AS (
        SELECT v.game_id, v.seat, count(*) AS violations
        FROM violations v SEMI JOIN pl ON pl.game_id = v.game_id
        WHERE v.seat IS NOT NULL GROUP BY ALL
    )
    SELECT pl.name AS player,
           count(DISTINCT pl.game_id) AS games,
           count(DISTINCT pl.game_id) FILTER (WHERE pl.won IS NOT NULL) AS finished,
           count(DISTINCT pl.game_id) FILTER (WHERE pl.won) AS wins,
           round(count(DISTINCT pl.game_id) FILTER (WHERE pl.won)
                 / nullif(count(DISTINCT pl.game_id) FILTER (WHERE pl.won IS NOT NULL), 0), 4) AS win_rate,
           {wilson_sql("count(DISTINCT pl.game_id) FILTER (WHERE pl.won)",
                       "count(DISTINCT pl.game_id) FILTER (WHERE pl.won IS NOT NULL)")},
           coalesce(sum(ev.dealt), 0)::BIGINT AS damage_dealt,
           coalesce(sum(taken.taken), 0)::BIGINT AS damage_taken,
           coalesce(sum(kills.kills), 0)::BIGINT AS kills,
           coalesce(sum(peach.rescues), 0)::BIGINT AS rescues,
           round(coalesce(sum(ev.uses), 0) / nullif(sum(ev.turns), 0), 2) AS cards_per_turn,
           coalesce(sum(vio.violations), 0)::BIGINT AS violations,
           round(100.0 * coalesce(sum(vio.violations), 0) / count(DISTINCT pl.game_id), 1) AS violations_per_100
    FROM pl
    LEFT JOIN ev USING (game_id, seat) LEFT JOIN taken USING (game_id, seat) LEFT JOIN kills USING (game_id, seat)
    LEFT JOIN peach USING (game_id, seat) LEFT JOIN vio USING (game_id, seat)
    GROUP BY pl.name"""

#: violations per 100 games, by rule (over every game the filters keep)
VIOLATIONS_BY_RULE = """
    WITH n AS (SELECT count(*) AS games FROM {G})
    SELECT v.rule, v.kind, count(*) AS violations, count(DISTINCT v.game_id) AS games_with,
           any_value(n.games) AS games,
           round(100.0 * count(*) / any_value(n.games), 2) AS per_100_games
    FROM violations v JOIN {G} g USING (game_id) CROSS JOIN n
    GROUP BY v.rule, v.kind"""

#: violations per 100 games of the player, by player and rule
VIOLATIONS_BY_PLAYER = """
    WITH pl AS (SELECT p.game_id, p.seat, p.name FROM players p JOIN {G} g USING (game_id) WHERE p.name IS NOT NULL),
         n AS (SELECT name, count(DISTINCT game_id) AS games FROM pl GROUP BY name)
    SELECT pl.name AS player, v.rule, v.kind, count(*) AS violations, any_value(n.games) AS games,
           round(100.0 * count(*) / any_value(n.games), 2) AS per_100_games
    FROM violations v JOIN pl ON pl.game_id = v.game_id AND pl.seat = v.seat JOIN n ON n.name = pl.name
    GROUP BY pl.name, v.rule, v.kind"""

#: a player's violations per rule and date (the header's meta.date, else the day of loading)
VIOLATIONS_OVER_TIME = """
    WITH pl AS (SELECT p.game_id, p.seat, p.name, g.day FROM players p JOIN {G} g USING (game_id)
                WHERE p.name IS NOT NULL)
    SELECT pl.name AS player, pl.day, v.rule, count(*) AS violations
    FROM violations v JOIN pl ON pl.game_id = v.game_id AND pl.seat = v.seat
    GROUP BY ALL"""

#: every general picked in a 3v3 draft: pick number (1-16), pick turn (1-9), side, and whether the
#: picking side won the game
DRAFT_PICKS = """
    WITH turns AS (
        SELECT e.game_id, e.seq, e.json::JSON->>'side' AS side,
               json_extract_string(e.json, '$.generals[*]') AS generals,
               row_number() OVER (PARTITION BY e.game_id ORDER BY e.seq) AS pick_turn
        FROM events e SEMI JOIN {G} g ON g.game_id = e.game_id
        WHERE e.type = 'draft_pick'
    ), picks AS (
        SELECT game_id, seq, side, pick_turn, unnest(generals) AS general,
               unnest(generate_series(1, len(generals))) AS k
        FROM turns
    )
    SELECT p.game_id, g.mode, g.ruleset, p.side, p.general, p.pick_turn,
           row_number() OVER (PARTITION BY p.game_id ORDER BY p.seq, p.k) AS pick,
           CASE WHEN g.winner IN ('warm', 'cold') THEN g.winner = p.side END AS side_won
    FROM picks p JOIN {G} g USING (game_id)"""


def _draft(select: str) -> str:
    return f"WITH dp AS ({DRAFT_PICKS}) {select}"


_WON = "count(*) FILTER (WHERE side_won)"
_FIN = "count(side_won)"

#: per general: how often and how early it is picked, and how the side that picked it fared
DRAFT_BY_GENERAL = _draft(f"""
    SELECT general, count(*) AS picks, count(DISTINCT game_id) AS games,
           round(avg(pick), 2) AS mean_pick,
           count(*) FILTER (WHERE pick = 1) AS first_picks,
           round(count(*) FILTER (WHERE pick = 1) / (SELECT count(DISTINCT game_id) FROM dp), 4) AS first_pick_rate,
           {_FIN} AS finished, {_WON} AS wins, round({_WON} / nullif({_FIN}, 0), 4) AS win_rate,
           {wilson_sql(_WON, _FIN)}
    FROM dp GROUP BY general""")

#: per pick number: the win rate of the side that made that pick
DRAFT_BY_PICK = _draft(f"""
    SELECT pick, any_value(pick_turn) AS pick_turn, count(*) AS picks, {_FIN} AS finished, {_WON} AS wins,
           round({_WON} / nullif({_FIN}, 0), 4) AS win_rate, {wilson_sql(_WON, _FIN)}
    FROM dp GROUP BY pick""")
