"""Builders shared by the 國戰 (ruleset hegemony) tests: four seats with two generals each, the opening deal, turns."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sgs_replay.content import ruleset
from tests.conftest import Outcome, ScenarioBuilder, validate_text

#: (主将, 副将) by seat: 魏 (a 珠联璧合 pair, 4 + 4 half units), 蜀 (4 + 5: half a fish left over), 吴, 群
PAIRS = (("曹操", "典韦"), ("刘备", "关羽"), ("孙权", "甘宁"), ("吕布", "华佗"))
DECK = list(ruleset("hegemony").deck)


def players(pairs: tuple[tuple[str, str], ...] = PAIRS, *, hidden: bool = False,
            max_hp: dict[int, int] | None = None) -> list[dict[str, Any]]:
    """The seats; ``hidden``: a log from nobody's view (every general ``?``, the max HP given)."""
    out = []
    for seat, (a, b) in enumerate(pairs, start=1):
        p: dict[str, Any] = {"seat": seat, "name": f"P{seat}", "general": "?" if hidden else a, "deputy": "?" if hidden else b}
        if hidden or (max_hp and seat in max_hp):
            p["max_hp"] = (max_hp or {}).get(seat, 4)
        out.append(p)
    return out


def deal(n: int = 4, size: int = 4) -> list[dict[str, Any]]:
    return [{"type": "draw", "seat": s, "cards": DECK[(s - 1) * size:s * size], "reason": "initial"} for s in range(1, n + 1)]


def turn(seat: int, *inside: dict[str, Any], reveal: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """A turn: the reveal at its start (if any), then ``inside`` in the play phase."""
    out: list[dict[str, Any]] = [{"type": "turn", "seat": seat}]
    if reveal is not None:
        out.append({"type": "reveal_general", "seat": seat, **reveal})
    out += [{"type": "phase", "seat": seat, "phase": "start"}, {"type": "phase_skip", "seat": seat, "phase": "draw", "reason": "test"},
            {"type": "phase", "seat": seat, "phase": "play"}, *inside,
            {"type": "phase", "seat": seat, "phase": "finish"}, {"type": "turn_end", "seat": seat}]
    return out


def game(sgs: ScenarioBuilder, events: list[dict[str, Any]], *, pairs: tuple[tuple[str, str], ...] = PAIRS,
         hidden: bool = False, max_hp: dict[int, int] | None = None, ruleset_name: str = "hegemony",
         ruleset_file: Path | None = None) -> Outcome:
    header = sgs.header(players(pairs, hidden=hidden, max_hp=max_hp), mode="hegemony", ruleset=ruleset_name)
    return validate_text(sgs.text(header, events), ruleset=str(ruleset_file) if ruleset_file else None)
