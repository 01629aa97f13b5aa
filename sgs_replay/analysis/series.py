"""A series of identity games (推广版计分赛) scored with the 4th-edition scoring, and checked as a series.

《三国杀》标准版规则（身份局） · 游戏规则 · 详细规则 · 计分规则 (推广版计分赛规则):

    *按照人数拟定游戏次数，轮流当主公并累计计分的游戏方式。 *决定一名起始玩家，从他/她开始当主公，一局过后按下表
    记录每个玩家的得分，然后将主公身份交给下家（其余身份依然要在其他玩家间随机抽选），如此循环，直到所有人都当过
    一次主公，统计各人总分，最高分获胜。

The games of a series are the logs whose header carries the same ``series_id``; ``game_number`` is
a game's place in it (docs/log-format.md §4). Players are known by their header ``name``. A series
is well formed when it is one series id, its games are numbered 1..N for N players with no gap or
repeat, the same players play every game, every player is lord exactly once, and the lord of each
game is the next player (下家, seat 2) of the previous game's lord. Each problem is located at the
file (and line 1, the header) it concerns.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from sgs_replay.analysis.scoring import GameFacts, Points, Seat, leaders, score_game

ROLE_ZH = {"lord": "主公", "loyalist": "忠臣", "rebel": "反贼", "renegade": "内奸"}


def facts_of(header: Any, engine: Any, result: dict[str, Any] | None) -> GameFacts | None:
    """The scoring facts of a replayed identity game; None when it is not one, starts from a position or
    has no result."""
    if header is None or engine is None or header.mode != "identity" or header.start is not None or not result:
        return None  # a game from a `start` position: the deaths before it are not known
    winner = result.get("winner")
    if winner not in ("lord", "rebel", "renegade"):
        return None
    seats = []
    for p in sorted(header.players, key=lambda p: p.seat):
        st = engine.table.seats.get(p.seat)
        if p.role is None or st is None:
            return None
        seats.append(Seat(p.seat, p.role, bool(st.alive)))
    deaths = [(int(v), None if k is None else int(k)) for v, k in engine.killer_of.items()]  # in the order of death
    return GameFacts(seats, winner, deaths)


def game_points(header: Any, engine: Any, result: dict[str, Any] | None) -> list[Points] | None:
    """Every player's 4th-edition points in one replayed game (None: not a finished identity game)."""
    facts = facts_of(header, engine, result)
    return None if facts is None else score_game(facts)


@dataclass
class SeriesGame:
    """One log of a series: where it is, its header's place and players, and its points."""

    file: str
    mode: str | None
    series_id: str | None
    number: int | None
    names: dict[int, str | None]  # seat → player name
    roles: dict[int, str | None]  # seat → role
    game_id: str | None = None
    from_position: bool = False
    winner: str | None = None
    points: list[Points] | None = None
    violations: int = 0
    #: 暗魂 protection (house-anhun): the ruleset has it, the header's protected player, the first player out
    anhun: bool = False
    protected: str | None = None
    first_out: str | None = None

    def lord(self) -> str | None:
        return next((self.names.get(s) for s, r in self.roles.items() if r == "lord"), None)


@dataclass
class Problem:
    """Why a series is not well formed, located at a file's line (1: the header) when it concerns one."""

    message: str
    file: str | None = None
    line: int | None = None

    def text(self) -> str:
        where = f"{self.file}:{self.line}: " if self.file and self.line else f"{self.file}: " if self.file else ""
        return f"{where}{self.message}"

    def public(self) -> dict[str, Any]:
        return {"file": self.file, "line": self.line, "message": self.message}


@dataclass
class SeriesReport:
    series_id: str | None
    players: list[str] = field(default_factory=list)  # in the seating of the first game
    games: list[SeriesGame] = field(default_factory=list)  # by game number
    totals: dict[str, int] = field(default_factory=dict)
    winners: list[str] = field(default_factory=list)  # empty unless the series is well formed and complete
    problems: list[Problem] = field(default_factory=list)

    def points_of(self, g: SeriesGame) -> dict[str, Points]:
        return {name: p for p in g.points or [] if (name := g.names.get(p.seat))}

    def public(self) -> dict[str, Any]:
        return {
            "series_id": self.series_id, "players": self.players,
            "games": [{"game": g.number, "file": g.file, "game_id": g.game_id, "lord": g.lord(), "winner": g.winner,
                       "violations": g.violations,
                       "points": [{"player": g.names.get(p.seat), "seat": p.seat, "role": p.role, "base": p.base,
                                   "bonus": p.bonus, "points": p.total, "kills": list(p.kills)} for p in g.points or []]}
                      for g in self.games],
            "totals": self.totals, "winners": self.winners,
            "problems": [p.public() for p in self.problems],
        }


def series_game(file: str, parsed: Any, replay: Any) -> SeriesGame:
    """A :class:`SeriesGame` from a parsed log and its replay (``validate_parsed(…, keep_engine=True)``)."""
    h = parsed.header
    rep = replay.report
    g = SeriesGame(
        file=file, mode=h.mode if h else None, series_id=h.series_id if h else None,
        number=h.game_number if h else None,
        names={p.seat: p.name for p in h.players} if h else {}, roles={p.seat: p.role for p in h.players} if h else {},
        game_id=h.game_id if h else None, from_position=bool(h and h.start is not None), winner=(rep.result or {}).get("winner"), violations=len(rep.violations))
    g.points = game_points(h, replay.engine, rep.result)
    if h is not None and h.mode == "identity":
        from sgs_replay.content import RulesetError, ruleset

        try:
            g.anhun = bool(ruleset(h.ruleset).p.anhun_protection)
        except RulesetError:
            g.anhun = False
        g.protected = h.protected_player
        if replay.engine is not None and replay.engine.killer_of:
            g.first_out = g.names.get(next(iter(replay.engine.killer_of)))
    return g


def check_series(games: Iterable[SeriesGame]) -> SeriesReport:
    """Score the games of one series and check that the series is well formed."""
    problems: list[Problem] = []
    usable: list[SeriesGame] = []
    for g in games:
        if g.mode != "identity":
            problems.append(Problem(f"a {g.mode or 'headerless'} game: the series scoring is for identity games", g.file, 1))
        elif g.series_id is None:
            problems.append(Problem("no series_id in the header: not a game of a series", g.file, 1))
        elif g.number is None:
            problems.append(Problem(f"no game_number in the header (series {g.series_id!r})", g.file, 1))
        else:
            usable.append(g)
    ids = Counter(g.series_id for g in usable)
    series_id = min(ids, key=lambda s: (-ids[s], usable.index(next(g for g in usable if g.series_id == s)))) if ids else None
    for g in usable:
        if g.series_id != series_id:
            problems.append(Problem(f"series {g.series_id!r}, not {series_id!r}: score one series at a time", g.file, 1))
    mine = sorted((g for g in usable if g.series_id == series_id), key=lambda g: (g.number or 0, g.file))
    rep = SeriesReport(series_id=series_id, games=mine)
    _check_players(mine, rep, problems)
    _check_numbers(mine, rep, problems)
    _check_lords(mine, rep, problems)
    _check_protection(mine, problems)
    for g in mine:
        if g.from_position:
            problems.append(Problem("the game starts from a position (`start`): what happened before it is not "
                                    "known, so it cannot be scored", g.file, 1))
        elif g.points is None:
            problems.append(Problem("the game has no result (the log ends before the game does): it cannot be scored",
                                    g.file, None))
    for g in mine:
        for name, p in rep.points_of(g).items():
            rep.totals[name] = rep.totals.get(name, 0) + p.total
    for name in rep.players:
        rep.totals.setdefault(name, 0)
    rep.totals = dict(sorted(rep.totals.items(), key=lambda kv: (-kv[1], kv[0])))
    rep.problems = problems
    if not problems and mine:
        rep.winners = leaders(rep.totals)
    return rep


def _check_players(games: Sequence[SeriesGame], rep: SeriesReport, problems: list[Problem]) -> None:
    if not games:
        return
    first = games[0]
    for g in games:
        unnamed = [s for s, n in sorted(g.names.items()) if not n]
        if unnamed:
            problems.append(Problem(f"seat(s) {', '.join(map(str, unnamed))} without a name: the players of a series "
                                    "are known by their names", g.file, 1))
        twice = sorted(n for n, k in Counter(n for n in g.names.values() if n).items() if k > 1)
        if twice:
            problems.append(Problem(f"the name(s) {', '.join(twice)} at more than one seat", g.file, 1))
    rep.players = [n for _, n in sorted(first.names.items()) if n]
    want = set(rep.players)
    for g in games[1:]:
        got = {n for n in g.names.values() if n}
        if got != want:
            missing, extra = sorted(want - got), sorted(got - want)
            problems.append(Problem(
                "not the players of game " + f"{first.number} ({first.file}): "
                + "; ".join(x for x in (f"missing {', '.join(missing)}" if missing else "",
                                        f"new {', '.join(extra)}" if extra else "") if x), g.file, 1))


def _check_numbers(games: Sequence[SeriesGame], rep: SeriesReport, problems: list[Problem]) -> None:
    n = len(rep.players)
    seen: dict[int, SeriesGame] = {}
    for g in games:
        assert g.number is not None
        if g.number in seen:
            problems.append(Problem(f"game {g.number} again (also {seen[g.number].file})", g.file, 1))
        elif n and g.number > n:
            problems.append(Problem(f"game {g.number}, but a series of {n} players is {n} games (everyone lord once)",
                                    g.file, 1))
        seen.setdefault(g.number, g)
    missing = [k for k in range(1, n + 1) if k not in seen]
    if missing:
        problems.append(Problem(f"series {rep.series_id!r}: game(s) {', '.join(map(str, missing))} of {n} missing"))


def _check_lords(games: Sequence[SeriesGame], rep: SeriesReport, problems: list[Problem]) -> None:
    lords: dict[str, list[SeriesGame]] = {}
    by_number = {g.number: g for g in reversed(games)}
    for g in games:
        lord = g.lord()
        if lord:
            lords.setdefault(lord, []).append(g)
    for lord, gs in lords.items():
        for g in gs[1:]:
            problems.append(Problem(f"{lord} is the lord again (already in game {gs[0].number}, {gs[0].file}): "
                                    "everyone is lord once", g.file, 1))
    complete = len(by_number) == len(rep.players) and all(k in by_number for k in range(1, len(rep.players) + 1))
    if complete:
        never = [p for p in rep.players if p not in lords]
        if never:
            problems.append(Problem(f"series {rep.series_id!r}: {', '.join(never)} never the lord: everyone is lord once"))
    for k in sorted(x for x in by_number if x is not None):
        prev, g = by_number.get(k - 1), by_number[k]
        if prev is None:
            continue
        heir = prev.names.get(2)  # the lord sits in seat 1; seat 2 is the next player (下家)
        if heir and g.lord() and g.lord() != heir:
            problems.append(Problem(f"the lord is {g.lord()}, but after game {prev.number} ({prev.file}) the lord "
                                    f"passes to the next player, {heir} (seat 2 there)", g.file, 1))


def _check_protection(games: Sequence[SeriesGame], problems: list[Problem]) -> None:
    """暗魂 protection (house-anhun, 《三国杀》标准版规则（身份局） · 游戏规则 (二)详细规则 2: 此局游戏第一个出局的玩家，
    下局不能第一个出局): each game's ``protected_player`` is the player out first in the game before it;
    the first game protects nobody."""
    by_number = {g.number: g for g in reversed(games)}
    for k in sorted(x for x in by_number if x is not None):
        g = by_number[k]
        if not g.anhun:
            continue
        prev = by_number.get(k - 1)
        if k == 1 and g.protected is not None:
            problems.append(Problem(f"protected_player {g.protected!r} in the first game: nobody was out in a game "
                                    "before it", g.file, 1))
        elif prev is not None and prev.first_out is not None and g.protected != prev.first_out:
            problems.append(Problem(f"protected_player is {g.protected!r}, but {prev.first_out} was out first in game "
                                    f"{prev.number} ({prev.file})", g.file, 1))
