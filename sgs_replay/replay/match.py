"""3v3 matches: the games of one best-of-3 match, checked together.

A 3v3 competition round is a match of two or three games between the same two teams; the first team
to win two games wins it (《三国杀标准版+风 3v3 比赛用牌（2010 版）》规则 · 一、1(1): 一轮比赛采用3局2胜得赛制). Between the games the teams
switch colour (《三国杀3V3解析·游戏牌篇》(2019) / 《三国杀》标准版规则（身份局） · 3V3规则 步骤4: 下一局直接轮换色系) and the commander rotates (《三国杀标准版+风 3v3 比赛用牌（2010 版）》规则
一、1(1): 如比赛局数大于一局，主帅选手应当进行轮换).

The games of a match are the logs whose header carries the same ``meta.match`` id. Header fields read
here (all optional except ``match``; docs/3v3.md):

- ``meta.match``: the match id;
- ``meta.game``: the game's number in the match (1, 2, 3); without it, the order the logs are given;
- ``meta.teams``: ``{"cold": "<team>", "warm": "<team>"}``, the team names for this game;
- ``meta.match_winner``: the team that won the match: a team name, the name of one of its players, or
  ``cold``/``warm`` for the side that team plays in this game.

A team is known by its players' names (players keep their names from game to game), or by
``meta.teams`` when names are missing. Violations are located at line 1 of the offending game's log.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from sgs_replay.formats import events as ev
from sgs_replay.rules import Violation, make
from sgs_replay.rules import catalogue as R

SIDES = ("cold", "warm")
WINS_NEEDED = 2
MAX_GAMES = 3


@dataclass
class MatchEntry:
    """One validated log: its file name, header and result (``{"winner": …}`` or None)."""

    file: str
    header: ev.Game | None
    result: dict[str, Any] | None = None


@dataclass
class _Game:
    entry: MatchEntry
    number: int | None
    teams: dict[str, str]  # side → team key
    names: dict[str, frozenset[str]]  # side → player names (empty when not all named)
    commander: dict[str, tuple[int, str | None]]  # side → (seat, player name)


@dataclass
class MatchReport:
    """The result of one match and the violations found, each with the file it belongs to."""

    match: str
    games: list[dict[str, Any]] = field(default_factory=list)
    score: dict[str, int] = field(default_factory=dict)
    winner: str | None = None
    declared_winner: str | None = None
    violations: list[tuple[str, Violation]] = field(default_factory=list)

    def public(self) -> dict[str, Any]:
        return {
            "match": self.match, "games": self.games, "score": self.score, "winner": self.winner,
            "declared_winner": self.declared_winner,
            "violations": [{"file": f, "rule": v.rule, "kind": v.kind, "line": v.line, "seat": v.seat,
                            "message": v.message, "expected": v.expected, "observed": v.observed}
                           for f, v in self.violations],
        }


def match_id(header: ev.Game | None) -> str | None:
    if header is None or header.mode != "3v3":
        return None
    m = header.meta.get("match")
    return None if m is None or m == "" else str(m)


def check_matches(entries: Iterable[MatchEntry]) -> list[MatchReport]:
    """Group the logs by ``meta.match`` and check each match (logs without it are ignored)."""
    groups: dict[str, list[MatchEntry]] = {}
    for e in entries:
        mid = match_id(e.header)
        if mid is not None:
            groups.setdefault(mid, []).append(e)
    return [_check(mid, group) for mid, group in groups.items()]


def _team_key(names: frozenset[str]) -> str:
    return " / ".join(sorted(names))


def _game(entry: MatchEntry) -> _Game:
    h = entry.header
    assert h is not None
    raw = h.meta.get("game")
    number = raw if isinstance(raw, int) and not isinstance(raw, bool) else (
        int(raw) if isinstance(raw, str) and raw.isdigit() else None)
    names: dict[str, frozenset[str]] = {}
    commander: dict[str, tuple[int, str | None]] = {}
    for side in SIDES:
        players = [p for p in h.players if p.side == side]
        if players and all(p.name for p in players):
            names[side] = frozenset(p.name for p in players if p.name)
        for p in players:
            if p.position == "commander":
                commander[side] = (p.seat, p.name)
    declared = h.meta.get("teams")
    teams: dict[str, str] = {}
    for side in SIDES:
        if isinstance(declared, dict) and isinstance(declared.get(side), str):
            teams[side] = declared[side]
        elif side in names:
            teams[side] = _team_key(names[side])
    return _Game(entry, number, teams, names, commander)


def _order(games: list[_Game], rep: MatchReport) -> list[_Game]:
    numbers = [g.number for g in games]
    if all(n is not None for n in numbers):
        seen: dict[int, _Game] = {}
        for g in games:
            assert g.number is not None
            if g.number in seen:
                _report(rep, g, R.V_MATCH_RESULT, None, f"game {g.number} of match {rep.match} is given twice "
                        f"({seen[g.number].entry.file} and {g.entry.file})", expected="one log per game",
                        observed=f"game {g.number} twice")
            seen.setdefault(g.number, g)
        return sorted(games, key=lambda g: g.number or 0)
    return games


def _report(rep: MatchReport, g: _Game, rule: Any, seat: int | None, detail: str, *, expected: object = None,
            observed: object = None) -> None:
    rep.violations.append((g.entry.file, make(rule, 1, seat, detail, expected=expected, observed=observed)))


def _same_team(a: _Game, side_a: str, b: _Game, side_b: str) -> bool | None:
    """Are the two sides the same team? None when the logs do not say."""
    if side_a in a.names and side_b in b.names:
        return a.names[side_a] == b.names[side_b]
    if side_a in a.teams and side_b in b.teams:
        return a.teams[side_a] == b.teams[side_b]
    return None


def _check(mid: str, entries: Sequence[MatchEntry]) -> MatchReport:
    rep = MatchReport(match=mid)
    games = _order([_game(e) for e in entries], rep)
    if len(games) > MAX_GAMES:
        for g in games[MAX_GAMES:]:
            _report(rep, g, R.V_MATCH_RESULT, None, f"a match is at most {MAX_GAMES} games",
                    expected=f"at most {MAX_GAMES} games", observed=f"{len(games)} games")
    # team labels: from the first game, carried along by the colour switch
    first = games[0]
    label = {side: first.teams.get(side, f"{side} in game 1") for side in SIDES}
    commanders: dict[str, list[str]] = {label["cold"]: [], label["warm"]: []}
    wins = {label["cold"]: 0, label["warm"]: 0}
    decided_by: list[str] = []
    prev: _Game | None = None
    prev_label: dict[str, str] = dict(label)
    for i, g in enumerate(games):
        # which team plays which side in this game
        this_label = dict(label) if i == 0 else {"cold": prev_label["warm"], "warm": prev_label["cold"]}
        if prev is not None:
            switched = [_same_team(g, "cold", prev, "warm"), _same_team(g, "warm", prev, "cold")]
            stayed = [_same_team(g, "cold", prev, "cold"), _same_team(g, "warm", prev, "warm")]
            if all(s is True for s in stayed):
                _report(rep, g, R.V_MATCH_SIDES, None,
                        f"each team keeps its colour from the previous game ({prev.entry.file}); the teams switch colour every game",
                        expected=f"cold {this_label['cold']}, warm {this_label['warm']}",
                        observed=f"cold {prev_label['cold']}, warm {prev_label['warm']}")
                this_label = dict(prev_label)
            elif any(s is False for s in switched):
                _report(rep, g, R.V_MATCH_SIDES, None,
                        "the players are not those of the previous game with the colours switched",
                        expected=f"cold {this_label['cold']}, warm {this_label['warm']}",
                        observed=f"cold {g.teams.get('cold', '?')}, warm {g.teams.get('warm', '?')}")
        for side in SIDES:
            team = this_label[side]
            seat, player = g.commander.get(side, (None, None))
            if player is None:
                continue
            earlier = commanders.setdefault(team, [])
            if player in earlier:
                _report(rep, g, R.V_MATCH_COMMANDER, seat,
                        f"{player} was already the commander of team {team} in this match; the commander rotates",
                        expected=f"a player other than {sorted(set(earlier))}", observed=player)
            earlier.append(player)
        winner_side = (g.entry.result or {}).get("winner")
        winner = this_label.get(winner_side) if winner_side in SIDES else None
        if decided_by:
            _report(rep, g, R.V_MATCH_RESULT, None,
                    f"the match was already won by {decided_by[0]} (first to {WINS_NEEDED} wins)",
                    expected="no further game", observed=f"game {g.number or i + 1}")
        elif winner is not None:
            wins[winner] = wins.get(winner, 0) + 1
            if wins[winner] >= WINS_NEEDED:
                decided_by.append(winner)
        rep.games.append({"file": g.entry.file, "game_id": g.entry.header.game_id if g.entry.header else None,
                          "game": g.number or i + 1, "cold": this_label["cold"], "warm": this_label["warm"],
                          "winner_side": winner_side, "winner": winner})
        prev, prev_label = g, this_label
    rep.score = wins
    rep.winner = decided_by[0] if decided_by else None
    _check_declared(rep, games)
    return rep


def _declared_team(g: _Game, value: Any, label: dict[str, str]) -> str | None:
    if not isinstance(value, str):
        return None
    if value in SIDES:
        return label.get(value)
    if value in label.values():
        return value
    for side in SIDES:
        if value in g.names.get(side, frozenset()):
            return label[side]
    return value


def _check_declared(rep: MatchReport, games: list[_Game]) -> None:
    """``meta.match_winner``, wherever it is given, must name the team that won the match."""
    for g, info in zip(games, rep.games, strict=False):
        value = g.entry.header.meta.get("match_winner") if g.entry.header else None
        if value is None:
            continue
        label = {"cold": info["cold"], "warm": info["warm"]}
        team = _declared_team(g, value, label)
        rep.declared_winner = team
        if rep.winner is not None:
            if team != rep.winner:
                _report(rep, g, R.V_MATCH_RESULT, None, f"{rep.winner} won the match ({_score(rep)})",
                        expected=rep.winner, observed=value)
        elif all(x["winner"] is not None for x in rep.games) and len(rep.games) >= MAX_GAMES:
            _report(rep, g, R.V_MATCH_RESULT, None, f"no team has won {WINS_NEEDED} games ({_score(rep)})",
                    expected="no match winner", observed=value)


def _score(rep: MatchReport) -> str:
    return ", ".join(f"{t} {n}" for t, n in rep.score.items())


def attach(reports: dict[str, Any], matches: Iterable[MatchReport]) -> None:
    """Add each match violation to the report of its file (``reports``: file name → Report)."""
    for m in matches:
        for f, v in m.violations:
            rep = reports.get(f)
            if rep is not None:
                rep.violations.append(v)
                rep.violations.sort(key=lambda x: x.line)
