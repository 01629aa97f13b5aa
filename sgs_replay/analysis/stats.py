"""Statistics from a store, as polars DataFrames: win / draw / loss with intervals, results,
matchups, trends by week, players, the 3v3 draft, violations.

Every function takes the database (a path, or an open DuckDB connection) and optional
:class:`Filters`, runs one query (DuckDB → Arrow → polars) and returns a ``polars.DataFrame``. The
CLI (``sgs-replay stats``) and the dashboards call these functions; the same numbers without
filters are SQL views (``docs/store.md``). Every figure is defined once, in
:mod:`sgs_replay.store.statsql`.

*games* counts distinct games with a result (a side of three players, or two loyalists, is one game)
and *appearances* counts seats (or generals that played). A group's game is a win, a draw or a loss;
``win_rate`` is wins over decided games (wins + losses), ``ci_low`` and ``ci_high`` its Wilson 95 %
score interval, ``draw_rate`` draws over games. Results are the ones the validator proves
(:func:`summary` says how many declared ones differ). A game seen from several views counts once.

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
#: the sources a game may have (``games.source``)
SOURCES = ("recording", "simulation", "hand-written")
#: the CLI and the dashboards leave out rows with fewer games unless asked (``--min-games``, the page's
#: minimum); the functions here keep every row unless given ``min_games``
DEFAULT_MIN_GAMES = 10
#: a row with fewer decided games than this is flagged (``few_games``): its interval is wide
FEW_GAMES = statsql.FEW_GAMES
#: the order of each key's rows
_ORDER = {"role": "list_position(['lord', 'loyalist', 'rebel', 'renegade'], role)"}


class Filters(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Which games count. Every field is optional; set fields are combined with AND.

    ``date_from``/``date_to`` (inclusive) compare the day the game was played (``games.played_on``:
    the header's ``meta.date``, or a recording's date); a game whose day is not known is left out by
    them. ``event`` is the header's ``meta.event``; ``player`` keeps the games where a seat has that
    name; ``source`` is ``recording``, ``simulation`` or ``hand-written``.
    """

    ruleset: str | None = None
    mode: str | None = None
    players: int | None = None
    date_from: dt.date | None = None
    date_to: dt.date | None = None
    event: str | None = None
    player: str | None = None
    source: str | None = None

    #: the ``--where`` keys and the field each sets
    KEYS = {"ruleset": "ruleset", "mode": "mode", "players": "players", "from": "date_from",
            "to": "date_to", "event": "event", "player": "player", "source": "source"}

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
                elif field == "source" and value not in SOURCES:
                    raise ValueError(f"--where {item!r}: source must be one of {', '.join(SOURCES)}")
                else:
                    values[field] = value
            except ValueError as exc:
                if field == "source":
                    raise ValueError(str(exc)) from None
                kind = "a whole number" if field == "players" else "a date YYYY-MM-DD"
                raise ValueError(f"--where {item!r}: {key} must be {kind}") from None
        return cls(**values)

    def sql(self) -> tuple[str, list[Any]]:
        """The filtered games (``stat_games`` rows) as a common table expression ``fg``, and its parameters."""
        conds: list[str] = []
        params: list[Any] = []
        for field, cond in (("ruleset", "ruleset = ?"), ("mode", "mode = ?"), ("players", "players = ?"),
                            ("date_from", "day >= ?"), ("date_to", "day <= ?"), ("event", "event = ?"),
                            ("player", "gno IN (SELECT gno FROM stat_seats WHERE name = ?)"),
                            ("source", "source = ?")):
            value = getattr(self, field)
            if value is not None:
                conds.append(cond)
                params.append(value)
        where = " AND ".join(conds) or "TRUE"
        return f"fg AS (SELECT * FROM stat_games WHERE {where})", params

    def text(self) -> str:
        """The filters in words: ``mode = 3v3, source = simulation`` (or ``none``)."""
        keys = {v: k for k, v in self.KEYS.items()}
        parts = [f"{keys[f]} = {getattr(self, f)}" for f in self.__struct_fields__ if getattr(self, f) is not None]
        return ", ".join(parts) or "none"


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


#: read the per-game tables through their definitions even where the stored ones are up to date
#: (the test that both agree)
FORCE_RAW = False


def _run(db: Any, template: str | Any, where: Filters | None, tail: str = "", params: Sequence[Any] = ()) -> Any:
    """Run a statistics template (a name of ``statsql.templates``, or SQL with ``{G}``) over the
    filtered games; a polars DataFrame."""
    if isinstance(db, (str, Path)):
        from sgs_replay.store.stats import connect

        with connect(db) as con:
            return _run(con, template, where, tail, params)
    from sgs_replay.store.aggregates import usable

    try:
        sql = statsql.templates().get(template, template)
        agg = not FORCE_RAW and usable(db)
        if not agg:
            _check_layout(db)
        cte, fparams = (where or NO_FILTERS).sql()
        prefix = cte if agg else f"{statsql.raw_prefix()}, {cte}"
        body = sql.replace("{G}", "fg").strip()
        sql = (f"WITH {prefix}, {body[4:]}" if body.startswith("WITH") else f"WITH {prefix} {body}") + tail
        return db.sql(sql, params=[*fparams, *params] or None).pl()
    except Exception as exc:
        if type(exc).__module__.startswith("duckdb"):
            raise StoreError(f"query failed: {str(exc).strip().splitlines()[0]}") from None
        raise


def _check_layout(con: Any) -> None:
    """A store written before the columns the statistics read (the proven result) cannot be read until
    its next load adds them: say so instead of failing on a missing column."""
    n = con.execute("SELECT count(*) FROM duckdb_columns() WHERE table_name = 'games' "
                    "AND column_name = 'result_checked'").fetchall()[0][0]
    if not n:
        raise StoreError("the database was written by an older version of sgs-replay: load into it once more "
                         "(`sgs-replay load LOGS… --db FILE`, even with nothing new) to bring it up to date")


def _by(by: str | Sequence[str]) -> tuple[str, ...]:
    keys = (by,) if isinstance(by, str) else tuple(by)
    bad = [k for k in keys if k not in BY_KEYS]
    if bad or not keys:
        raise ValueError(f"by: unknown key {', '.join(map(repr, bad)) or '()'} (one of {', '.join(BY_KEYS)})")
    if "pick" in keys and len(keys) > 1:
        raise ValueError("by: 'pick' cannot be combined with another key")
    if len(set(keys)) != len(keys):
        raise ValueError(f"by: a key given twice ({', '.join(keys)})")
    return keys


def uninformative(keys: tuple[str, ...]) -> str | None:
    """Why win rates grouped by ``keys`` would say nothing (None: they can say something): every side
    of a game has the same position, so ``position`` alone gives each game's win and loss to the same
    row."""
    seat_keys = [k for k in keys if k not in statsql.PER_GAME]
    if seat_keys and all(k in statsql.EVERY_SIDE for k in seat_keys):
        what = ("both 3v3 sides field a commander and two vanguards" if "position" in seat_keys
                else "every side has starting generals (and every 國戰 seat a 副将)")
        k = seat_keys[0]
        return (f"by {','.join(keys)}: {what}, so every game is a win and a loss for the same row; compare a "
                f"general's own results with general,{k}")
    return None


def _order(cols: list[str]) -> str:
    return ", ".join(_ORDER.get(c, c) for c in cols)


def win_rates(db: Any, by: str | Sequence[str] = "general", *, where: Filters | None = None,
              min_games: int = 1) -> Any:
    """Win / draw / loss grouped by one key or a tuple of keys (``("general", "role")``, ``("week", "side")``).

    Keys: ``general`` (every general that played: starting, 副将, entering later), ``entry`` (how it
    entered), ``role`` (identity), ``kingdom`` (國戰), ``seat`` (per mode and table size: the
    seat-order effect), ``side`` (3v3, 1v1; 1v3 ``lvbu``/``allies``), ``position`` (3v3, with a general;
    so is ``entry``),
    ``composition`` (a 3v3 side's generals), ``player``, ``week`` (the week played), and ``pick``
    (the 3v3 draft's pick number, see :func:`draft_by_pick`). Columns: the keys, ``games``,
    ``appearances``, ``wins``, ``draws``, ``losses``, ``win_rate`` (over decided games), ``ci_low``,
    ``ci_high``, ``draw_rate``, ``few_games`` (fewer than :data:`FEW_GAMES` decided games); rows with
    fewer than ``min_games`` games are left out. Only games with a result count.

    Keys every seat of a game shares (``mode``, ``ruleset``, ``source``, ``week`` alone) have a winner
    and a loser in every game: they give :func:`results` instead. ``position`` or ``entry`` without a
    general says nothing (ValueError, naming the comparison that does)."""
    keys = _by(by)
    if keys == ("pick",):
        return draft_by_pick(db, where=where, min_games=min_games)
    if all(k in statsql.PER_GAME for k in keys):
        return results(db, keys, where=where)
    why = uninformative(keys)
    if why is not None:
        raise ValueError(why)
    cols = statsql.by_columns(keys)
    return _run(db, f"SELECT * FROM ({statsql.win_rate_sql(keys)}) WHERE games >= ?", where, f" ORDER BY {_order(cols)}", [min_games])


def results(db: Any, by: str | Sequence[str] = "mode", *, where: Filters | None = None) -> Any:
    """Games and their results per ``mode``, ``ruleset``, ``source`` or ``week`` (or several): games,
    finished (a result counted), draws, draw_rate, result_differs (the declared winner is not the proven
    one: the proven one counts), unchecked (loaded before the proven result was kept) and undated."""
    keys = _by(by)
    if not all(k in statsql.PER_GAME for k in keys):
        raise ValueError(f"by: results are per {', '.join(statsql.PER_GAME)}")
    return _run(db, statsql.results_sql(keys), where, f" ORDER BY {_order(statsql.by_columns(keys))}")


def trends(db: Any, by: str | Sequence[str] = "side", *, where: Filters | None = None,
           min_games: int = 1) -> Any:
    """Win / draw / loss per week played and ``by`` (games of unknown date are left out): the rate over
    time. ``min_games`` per week and row (1 by default: a week's few games are the trend's points)."""
    keys = (by,) if isinstance(by, str) else tuple(by)
    return win_rates(db, ("week", *[k for k in keys if k != "week"]), where=where, min_games=min_games)


#: the matchup each mode has: 1v1 general against general, 3v3 side composition against composition,
#: identity role against role, 國戰 kingdom against kingdom
MATCHUP_KINDS = {"1v1": "general", "3v3": "composition", "identity": "role", "hegemony": "kingdom"}


def matchups(db: Any, *, where: Filters | None = None, min_games: int = 1) -> Any:
    """Head to head: for every two sides that met (1v1 each general that played, 3v3 each side's
    composition, identity each role, 國戰 each kingdom), ``unit``'s games against ``opponent``: wins
    (it won), losses (the opponent won), draws (neither: a drawn game, or a third side won), the win
    rate over the games one of the two won with its interval, the draw rate. Columns ``mode``,
    ``kind``, ``unit``, ``opponent`` and the win-rate columns; rows under ``min_games`` left out."""
    return _run(db, f"SELECT * FROM ({statsql.MATCHUPS}) WHERE games >= ?", where, " ORDER BY mode, unit, opponent", [min_games])


def summary_frame(db: Any, *, where: Filters | None = None) -> Any:
    """:func:`summary` as a one-row DataFrame."""
    return _run(db, "summary", where)


def summary(db: Any, *, where: Filters | None = None) -> dict[str, int]:
    """What the statistics read: games, by source (``recording``, ``simulation``, ``hand_written``),
    finished, draws, ``result_differs`` (declared winner ≠ proven; the proven one counts), ``unchecked``
    (loaded before the proven result was kept) and ``undated``."""
    return {k: int(v or 0) for k, v in summary_frame(db, where=where).row(0, named=True).items()}


def describe(db: Any, where: Filters | None = None) -> str:
    """:func:`summary` in one sentence, as the CLI and the dashboards print it under a table."""
    return describe_summary(summary(db, where=where), where)


def describe_summary(row: dict[str, Any], where: Filters | None = None) -> str:
    """A :func:`summary` row in one sentence."""
    s = {k: int(v or 0) for k, v in row.items()}
    sources = ", ".join(f"{s[k]} {k.replace('_', '-')}" for k in ("recording", "simulation", "hand_written") if s[k])
    out = (f"{s['games']} games ({sources or 'none'}; filters: {(where or NO_FILTERS).text()}), "
           f"{s['finished']} with a result, {s['draws']} drawn")
    if s["result_differs"]:
        out += (f"; {s['result_differs']} declared a winner the rules do not prove (the proven result counts, "
                "none where none is proven)")
    if s["unchecked"]:
        out += f"; {s['unchecked']} loaded before results were checked (their declared result counts)"
    if s["undated"]:
        out += f"; {s['undated']} of unknown date (left out of weeks and date filters)"
    return out + "."


def player_stats(db: Any, *, where: Filters | None = None, min_games: int = 1) -> Any:
    """Per player (by name): games, finished games, wins, draws, losses, win rate (over decided games)
    and interval, draw rate, damage dealt and taken, kills, rescues (a 桃 used on a dying character),
    cards used per turn, violations and violations per 100 games. With ``where.player`` set, only that
    player's row."""
    cond = " WHERE games >= ?"
    params: list[Any] = [min_games]
    if where is not None and where.player is not None:
        cond += " AND player = ?"
        params.append(where.player)
    return _run(db, f"SELECT * FROM ({statsql.PLAYER_STATS}){cond}", where, " ORDER BY games DESC, player", params)


def _only_player(name: str) -> str:
    return f"SELECT * FROM ({statsql.templates()[name]}) WHERE player = ?"


def violation_rates(db: Any, by: str = "rule", *, where: Filters | None = None) -> Any:
    """Violations per 100 games ``by="rule"`` (over the games kept) or ``by="player"`` (per 100 of
    that player's games, one row per player and rule)."""
    if by == "rule":
        return _run(db, "violations_by_rule", where, " ORDER BY violations DESC, rule")
    if by == "player":
        tail = " ORDER BY player, violations DESC, rule"
        if where is not None and where.player is not None:
            return _run(db, _only_player("violations_by_player"), where, tail, [where.player])
        return _run(db, "violations_by_player", where, tail)
    raise ValueError(f"by: unknown key {by!r} (one of rule, player)")


def violations_over_time(db: Any, player: str, *, where: Filters | None = None) -> Any:
    """One player's violations per day and rule (the day played, else the day loaded)."""
    return _run(db, _only_player("violations_over_time"), where, " ORDER BY day, rule", [player])


def draft_picks(db: Any, *, where: Filters | None = None) -> Any:
    """Every pick of every 3v3 draft: game, side, general, pick turn (1–9), pick number (1–16) and
    whether the picking side won (NULL: no decided result)."""
    return _run(db, "draft_picks", where, " ORDER BY game_id, pick")


def draft_stats(db: Any, *, where: Filters | None = None, min_games: int = 1) -> Any:
    """Per general in 3v3 drafts: picks, mean pick number, first picks and first-pick rate (of all
    drafts kept), and the win rate of the side that picked it with its interval."""
    return _run(db, "draft_by_general", where,
                " HAVING count(DISTINCT game_id) >= ? ORDER BY mean_pick, general", [min_games])


def draft_by_pick(db: Any, *, where: Filters | None = None, min_games: int = 1) -> Any:
    """Per pick number (1–16): the win rate of the side that made that pick, with its interval."""
    return _run(db, "draft_by_pick", where, " HAVING count(*) >= ? ORDER BY pick", [min_games])


__all__ = ["BY_KEYS", "DEFAULT_MIN_GAMES", "Filters", "describe", "describe_summary", "draft_by_pick", "draft_picks", "draft_stats",
           "matchups", "player_stats", "results", "summary", "summary_frame", "trends", "violation_rates", "violations_over_time",
           "wilson", "win_rates"]
