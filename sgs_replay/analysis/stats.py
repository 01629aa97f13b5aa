"""Statistics from a store, as polars DataFrames: win rates with intervals, players, the 3v3 draft,
violations.

Every function takes the database (a path, or an open DuckDB connection) and optional
:class:`Filters`, runs one query (DuckDB → Arrow → polars) and returns a ``polars.DataFrame``. The
CLI (``sgs-replay stats``) and the dashboards call these functions; the same numbers without
filters are SQL views (``docs/store.md``).

A win rate is ``wins / games`` where *games* counts distinct games (a side of three players, or two
loyalists, is one game) and *appearances* counts player rows. ``ci_low`` and ``ci_high`` are the
Wilson 95 % score interval; with no game there is no interval (NULL).

>>> from sgs_replay.analysis.stats import Filters, win_rates
>>> win_rates("wc.duckdb", by="general", where=Filters(mode="3v3"), min_games=20)  # doctest: +SKIP
"""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import msgspec

from sgs_replay.store import statsql
from sgs_replay.store.errors import StoreError

#: ``by`` values of :func:`win_rates` (``pick`` is the 3v3 draft's pick number)
BY_KEYS = (*statsql.BY_COLUMNS, "pick")
#: the order of each key's rows
_ORDER = {"role": "list_position(['lord', 'loyalist', 'rebel', 'renegade'], role)"}


class Filters(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Which games count. Every field is optional; set fields are combined with AND.

    ``date_from``/``date_to`` (inclusive) compare the header's ``meta.date`` when it is a date, else
    the day the game was loaded. ``event`` is the header's ``meta.event``; ``player`` keeps the games
    where a seat has that name.
    """

    ruleset: str | None = None
    mode: str | None = None
    players: int | None = None
    date_from: dt.date | None = None
    date_to: dt.date | None = None
    event: str | None = None
    player: str | None = None

    #: the ``--where`` keys and the field each sets
    KEYS = {"ruleset": "ruleset", "mode": "mode", "players": "players", "from": "date_from",
            "to": "date_to", "event": "event", "player": "player"}

    @classmethod
    def parse(cls, items: Sequence[str]) -> Filters:
        """Filters from ``key=value`` strings (``mode=3v3``, ``players=8``, ``from=2013-01-01``).

        Raises ``ValueError`` naming the item that is wrong."""
        values: dict[str, Any] = {}
        for item in items:
            key, sep, value = item.partition("=")
            key = key.strip()
            if not sep or not value.strip():
                raise ValueError(f"--where {item!r}: expected key=value")
            if key not in cls.KEYS:
                raise ValueError(f"--where {item!r}: unknown key {key!r} (one of {', '.join(cls.KEYS)})")
            field, value = cls.KEYS[key], value.strip()
            try:
                if field == "players":
                    values[field] = int(value)
                elif field.startswith("date_"):
                    values[field] = dt.date.fromisoformat(value)
                else:
                    values[field] = value
            except ValueError:
                kind = "a whole number" if field == "players" else "a date YYYY-MM-DD"
                raise ValueError(f"--where {item!r}: {key} must be {kind}") from None
        return cls(**values)

    def sql(self, *, day: bool = False, aggregates: bool = False) -> tuple[str, list[Any]]:
        """The filtered games as a common table expression ``fg`` and its parameters. From
        ``stat_games`` (``aggregates``), or from ``games``, with the ``day`` column when ``day`` is
        set or a date filter needs it (it parses every header's meta)."""
        conds: list[str] = []
        params: list[Any] = []
        players = "stat_seats" if aggregates else "players"
        for field, cond in (("ruleset", "ruleset = ?"), ("mode", "mode = ?"), ("players", "players = ?"),
                            ("date_from", "day >= ?"), ("date_to", "day <= ?"),
                            ("event", "event = ?" if aggregates else f"{statsql.EVENT} = ?"),
                            ("player", f"game_id IN (SELECT game_id FROM {players} WHERE name = ?)")):
            value = getattr(self, field)
            if value is not None:
                conds.append(cond)
                params.append(value)
        where = " AND ".join(conds) or "TRUE"
        if aggregates:
            games = "SELECT * FROM stat_games"
        else:
            games = statsql.GAMES_WITH_DAY if day or self.date_from or self.date_to else "SELECT * FROM games"
        return f"WITH fg AS (SELECT * FROM ({games}) WHERE {where}) ", params


NO_FILTERS = Filters()


def wilson(wins: int, n: int, z: float = statsql.Z95) -> tuple[float, float] | None:
    """The Wilson score interval of ``wins`` successes in ``n`` trials (95 % by default); None when n = 0."""
    if n <= 0:
        return None
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


#: read the loaded tables even where the aggregates are up to date (the test that both agree)
FORCE_RAW = False


def _run(db: Any, template: str | Any, where: Filters | None, tail: str = "", params: Sequence[Any] = ()) -> Any:
    """Run a statistics template (a name of ``statsql.templates``, or a function of ``aggregates``
    giving the SQL) over the filtered games; a polars DataFrame."""
    if isinstance(db, (str, Path)):
        from sgs_replay.store.stats import connect

        with connect(db) as con:
            return _run(con, template, where, tail, params)
    from sgs_replay.store.aggregates import usable

    try:
        agg = not FORCE_RAW and usable(db)
        sql = template(agg) if callable(template) else statsql.templates(aggregates=agg)[template]
        if agg and (where or NO_FILTERS) == NO_FILTERS:
            sql = statsql.every_game(sql)
        cte, fparams = (where or NO_FILTERS).sql(day="g.day" in sql, aggregates=agg)
        body = sql.replace("{G}", "fg").strip()
        sql = (cte + ", " + body[4:] if body.startswith("WITH") else cte + body) + tail
        return db.sql(sql, params=[*fparams, *params] or None).pl()
    except Exception as exc:
        if type(exc).__module__.startswith("duckdb"):
            raise StoreError(f"query failed: {str(exc).strip().splitlines()[0]}") from None
        raise


def _by(by: str | Sequence[str]) -> tuple[str, ...]:
    keys = (by,) if isinstance(by, str) else tuple(by)
    bad = [k for k in keys if k not in BY_KEYS]
    if bad or not keys:
        raise ValueError(f"by: unknown key {', '.join(map(repr, bad)) or '()'} (one of {', '.join(BY_KEYS)})")
    if "pick" in keys and len(keys) > 1:
        raise ValueError("by: 'pick' cannot be combined with another key")
    return keys


def win_rates(db: Any, by: str | Sequence[str] = "general", *, where: Filters | None = None,
              min_games: int = 1) -> Any:
    """Win rates grouped by one key or a tuple of keys (``("general", "role")``, ``("general", "seat")``).

    Keys: ``general``, ``role`` (identity), ``seat`` (per mode and table size: the seat-order
    effect), ``side``, ``position`` (3v3/1v1), ``player``, ``mode``, ``ruleset``, and ``pick`` (the
    3v3 draft's pick number, see :func:`draft_by_pick`). Columns: the keys, ``games``,
    ``appearances``, ``wins``, ``win_rate``, ``ci_low``, ``ci_high``; rows with fewer than
    ``min_games`` games are left out. Only finished games count.
    """
    keys = _by(by)
    if keys == ("pick",):
        return draft_by_pick(db, where=where, min_games=min_games)
    cols: list[str] = []
    for k in keys:
        cols += [c for c in statsql.BY_COLUMNS[k] if c not in cols]
    order = ", ".join(_ORDER.get(c, c) for c in cols)
    return _run(db, lambda agg: f"SELECT * FROM ({statsql.win_rate_sql(keys, aggregates=agg)}) WHERE games >= ?",
                where, f" ORDER BY {order}", [min_games])


def player_stats(db: Any, *, where: Filters | None = None, min_games: int = 1) -> Any:
    """Per player (by name): games, finished games, wins, win rate and interval, damage dealt and
    taken, kills, rescues (a 桃 used on a dying character), cards used per turn, violations and
    violations per 100 games. With ``where.player`` set, only that player's row."""
    cond = " WHERE games >= ?"
    params: list[Any] = [min_games]
    if where is not None and where.player is not None:
        cond += " AND player = ?"
        params.append(where.player)
    return _run(db, lambda agg: f"SELECT * FROM ({statsql.templates(aggregates=agg)['player_stats']}){cond}", where,
                " ORDER BY games DESC, player", params)


def _only_player(agg: bool, name: str) -> str:
    return f"SELECT * FROM ({statsql.templates(aggregates=agg)[name]}) WHERE player = ?"


def violation_rates(db: Any, by: str = "rule", *, where: Filters | None = None) -> Any:
    """Violations per 100 games ``by="rule"`` (over the games kept) or ``by="player"`` (per 100 of
    that player's games, one row per player and rule)."""
    if by == "rule":
        return _run(db, "violations_by_rule", where, " ORDER BY violations DESC, rule")
    if by == "player":
        tail = " ORDER BY player, violations DESC, rule"
        if where is not None and where.player is not None:
            return _run(db, lambda agg: _only_player(agg, "violations_by_player"), where, tail, [where.player])
        return _run(db, "violations_by_player", where, tail)
    raise ValueError(f"by: unknown key {by!r} (one of rule, player)")


def violations_over_time(db: Any, player: str, *, where: Filters | None = None) -> Any:
    """One player's violations per day and rule (the day is ``meta.date``, else the loading day)."""
    return _run(db, lambda agg: _only_player(agg, "violations_over_time"), where,
                " ORDER BY day, rule", [player])


def draft_picks(db: Any, *, where: Filters | None = None) -> Any:
    """Every pick of every 3v3 draft: game, side, general, pick turn (1–9), pick number (1–16) and
    whether the picking side won (NULL: no result)."""
    return _run(db, "draft_picks", where, " ORDER BY game_id, pick")


def draft_stats(db: Any, *, where: Filters | None = None, min_games: int = 1) -> Any:
    """Per general in 3v3 drafts: picks, mean pick number, first picks and first-pick rate (of all
    drafts kept), and the win rate of the side that picked it with its interval."""
    return _run(db, "draft_by_general", where,
                " HAVING count(DISTINCT game_id) >= ? ORDER BY mean_pick, general", [min_games])


def draft_by_pick(db: Any, *, where: Filters | None = None, min_games: int = 1) -> Any:
    """Per pick number (1–16): the win rate of the side that made that pick, with its interval."""
    return _run(db, "draft_by_pick", where, " HAVING count(*) >= ? ORDER BY pick", [min_games])


__all__ = ["BY_KEYS", "Filters", "draft_by_pick", "draft_picks", "draft_stats", "player_stats",
           "violation_rates", "violations_over_time", "wilson", "win_rates"]
