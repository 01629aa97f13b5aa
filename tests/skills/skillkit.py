"""The skill tests' log builder: small logs from a position, validated in memory.

Every skill has at least one clean log (``test_<skill id>_ok…``) and one log with a misuse
(``test_<skill id>_bad…``); ``test_coverage.py`` checks that for every general of every roster.

    def test_zhiheng_ok(play):
        out = play(["孙权", "甘宁", "许褚", "黄盖"], [
            skill(1, "制衡", cards=["♠7 杀"]),
            draw(1, ["♥3 桃"], skill="制衡"),
        ], hands={1: ["♠7 杀"]}, deck=["♥3 桃"])
        out.ok()

The header is line 1, so the n-th event is line n + 1. Identity tables seat the lord in seat 1
(roles: lord, loyalist, rebel, renegade, then rebels); 3v3 tables follow the spec's seating (cold
vanguard, cold commander, cold vanguard, warm vanguard, warm commander, warm vanguard).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from builders import judge_log, seat_states

from sgs_replay.rules import REGISTRY, Violation

# a ruleset of the 軍爭 rules with the 國戰 wording ("heg") of the skills that have one
HEG = str(Path(__file__).with_name("heg_skills.toml"))
ROLES = {4: ["lord", "loyalist", "rebel", "renegade"], 5: ["lord", "loyalist", "rebel", "rebel", "renegade"],
         6: ["lord", "loyalist", "rebel", "rebel", "rebel", "renegade"]}
SEATS_3V3 = [("cold", "vanguard"), ("cold", "commander"), ("cold", "vanguard"),
             ("warm", "vanguard"), ("warm", "commander"), ("warm", "vanguard")]


@dataclass
class Result:
    text: str
    violations: list[Violation]
    engine_behaviour: list[str] = field(default_factory=list)

    def describe(self) -> str:
        got = "\n".join(f"  line {v.line}: {v.rule} ({v.kind}) seat {v.seat}: {v.message}" for v in self.violations)
        log = "\n".join(f"{i:>3} {t[:200]}" for i, t in enumerate(self.text.splitlines(), start=1))
        return f"violations:\n{got or '  (none)'}\nlog:\n{log}"

    def ok(self) -> None:
        assert not self.violations, "expected a clean log\n" + self.describe()

    def bad(self, rule: str, line: int | None = None) -> Violation:
        assert rule in REGISTRY, f"unknown rule {rule}"
        hits = [v for v in self.violations if v.rule == rule and (line is None or v.line == line)]
        assert hits, f"expected {rule} at line {line}\n" + self.describe()
        return hits[0]

    def kind(self, kind: str, line: int | None = None) -> Violation:
        hits = [v for v in self.violations if v.kind == kind and (line is None or v.line == line)]
        assert hits, f"expected a {kind} violation at line {line}\n" + self.describe()
        return hits[0]


def header(generals: Sequence[str], *, mode: str = "identity", ruleset: str | None = None,
           start: Mapping[str, Any] | None = None) -> dict[str, Any]:
    if mode == "3v3":
        players = [{"seat": i, "general": g, "side": s, "position": p}
                   for i, (g, (s, p)) in enumerate(zip(generals, SEATS_3V3, strict=True), start=1)]
    elif mode == "1v1":
        players = [{"seat": i, "general": g, "side": s} for i, (g, s) in enumerate(zip(generals, ("warm", "cold"), strict=False), start=1)]
    else:
        players = [{"seat": i, "general": g, "role": r} for i, (g, r) in enumerate(zip(generals, ROLES[len(generals)], strict=False), start=1)]
    default = {"3v3": "3v3-2013", "1v1": "1v1-2013"}.get(mode, "standard")
    h: dict[str, Any] = {"type": "game", "format": "sgs-replay/1", "game_id": "skill-test", "mode": mode,
                         "ruleset": ruleset or default, "players": players}
    if start is not None:
        h["start"] = dict(start)
    return h


def position(n: int, *, current: int | None = 1, phase: str | None = "play", hands: Mapping[int, list[str]] | None = None,
             equip: Mapping[int, list[str]] | None = None, judge: Mapping[int, list[str]] | None = None,
             hp: Mapping[int, int] | None = None, max_hp: Mapping[int, int] | None = None, dead: Sequence[int] = (),
             deck: Sequence[str] | None = None, used: Mapping[str, int] | None = None, chained: Sequence[int] = (),
             **extra: Any) -> dict[str, Any]:
    seats = seat_states(n, hands=hands, equip=equip, judge=judge, hp=hp, max_hp=max_hp,
                        dead=[s for s in dead if not (hp and s in hp)], chained=chained)
    for s in dead:
        seats[str(s)]["alive"], seats[str(s)]["hp"] = False, 0
    out: dict[str, Any] = {"current": current, "phase": phase, "seats": seats}
    if deck is not None:
        out["deck"] = list(deck)
    if used:
        out["used"] = dict(used)
    out.update(extra)
    return out


def validate(text: str) -> Result:
    rep = judge_log(text.encode("utf-8"), "<skill test>").report
    return Result(text, list(rep.violations), list(rep.engine_behaviour))


def run(generals: Sequence[str], events: Sequence[Mapping[str, Any]], *, mode: str = "identity",
        ruleset: str | None = None, **pos: Any) -> Result:
    start = position(len(generals), **pos)
    lines = [json.dumps(header(generals, mode=mode, ruleset=ruleset, start=start), ensure_ascii=False)]
    lines += [json.dumps(e, ensure_ascii=False) for e in events]
    return validate("\n".join(lines) + "\n")


# --- event shorthands --------------------------------------------------------------------------------


def _clean(d: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in d.items() if v is not None}


def turn(seat: int) -> dict[str, Any]:
    return {"type": "turn", "seat": seat}


def phase(seat: int, name: str) -> dict[str, Any]:
    return {"type": "phase", "seat": seat, "phase": name}


def skip(seat: int, name: str, reason: str | None = None) -> dict[str, Any]:
    return _clean({"type": "phase_skip", "seat": seat, "phase": name, "reason": reason})


def use(seat: int, card: str | None = None, *targets: int, as_: str | None = None, cards: list[str] | None = None,
        skill: str | None = None, **kw: Any) -> dict[str, Any]:
    d = _clean({"type": "use", "seat": seat, "card": card, "as": as_, "cards": cards, "skill": skill, **kw})
    if targets:
        d["targets"] = list(targets)
    return d


def respond(seat: int, card: str | None = None, *, as_: str | None = None, cards: list[str] | None = None,
            skill: str | None = None) -> dict[str, Any]:
    return _clean({"type": "respond", "seat": seat, "card": card, "as": as_, "cards": cards, "skill": skill})


def pass_(seat: int) -> dict[str, Any]:
    return {"type": "pass", "seat": seat}


def skill(seat: int, name: str, *, targets: list[int] | None = None, cards: list[str] | None = None,
          choice: Any = None) -> dict[str, Any]:
    return _clean({"type": "skill", "seat": seat, "skill": name, "targets": targets, "cards": cards, "choice": choice})


def draw(seat: int, cards: list[str], reason: str = "skill", skill: str | None = None) -> dict[str, Any]:
    return _clean({"type": "draw", "seat": seat, "cards": cards, "reason": reason, "skill": skill})


def discard(seat: int, cards: list[str]) -> dict[str, Any]:
    return {"type": "discard", "seat": seat, "cards": cards}


def move(cards: list[str], frm: tuple[str, int | None], to: tuple[str, int | None], reason: str | None = None) -> dict[str, Any]:
    def place(p: tuple[str, int | None]) -> dict[str, Any]:
        return _clean({"zone": p[0], "seat": p[1]})

    return _clean({"type": "move", "cards": cards, "from": place(frm), "to": place(to), "reason": reason})


def judge(seat: int, card: str, reason: str) -> dict[str, Any]:
    return {"type": "judge", "seat": seat, "card": card, "reason": reason}


def retrial(seat: int, card: str, skill: str) -> dict[str, Any]:
    return {"type": "retrial", "seat": seat, "card": card, "skill": skill}


def reveal(cards: list[str], seat: int | None = None, reason: str | None = None) -> dict[str, Any]:
    return _clean({"type": "reveal", "cards": cards, "seat": seat, "reason": reason})


def choose(seat: int, choice: Any, reason: str | None = None) -> dict[str, Any]:
    return _clean({"type": "choose", "seat": seat, "choice": choice, "reason": reason})


def damage(target: int, amount: int = 1, source: int | None = None, card: str | None = None,
           nature: str | None = None) -> dict[str, Any]:
    return _clean({"type": "damage", "target": target, "amount": amount, "source": source, "card": card, "nature": nature})


def recover(seat: int, amount: int = 1, source: int | None = None) -> dict[str, Any]:
    return _clean({"type": "recover", "seat": seat, "amount": amount, "source": source})


def lose_hp(seat: int, amount: int = 1) -> dict[str, Any]:
    return {"type": "lose_hp", "seat": seat, "amount": amount}


def max_hp(seat: int, delta: int) -> dict[str, Any]:
    return {"type": "max_hp", "seat": seat, "delta": delta}


def death(seat: int, killer: int | None = None) -> dict[str, Any]:
    return _clean({"type": "death", "seat": seat, "killer": killer})


def dying(seat: int) -> dict[str, Any]:
    return {"type": "dying", "seat": seat}


def roster_ruleset(folder: Any, generals: Sequence[str], *, inherits: str = "maneuvering", name: str = "house") -> str:
    """A ruleset file in ``folder`` that inherits ``inherits`` and plays with ``generals`` (its path, for
    ``run(..., ruleset=path)``): generals of no packaged roster (the 國戰 ones) in an identity game."""
    path = folder / f"{name}.toml"
    roster = ", ".join(f'"{g}"' for g in generals)
    path.write_text(f'inherits = "{inherits}"\nname = "{name}"\n[roster]\ngenerals = [{roster}]\n', encoding="utf-8")
    return str(path)
