"""Builders shared by the 1v3 (虎牢關, ruleset hulao) tests: the four seats, the opening deal, a bare turn."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sgs_replay.content import ruleset
from tests.conftest import Outcome, ScenarioBuilder, validate_text

FIRST, SECOND = "神吕布·最强神话", "神吕布·暴怒的战神"
ALLIES = ("刘备", "关羽", "黄盖")
#: the hulao deck in table order: the opening deal takes its first 20 cards
DECK = list(ruleset("hulao").deck)


def players(lvbu: str = FIRST, allies: tuple[str, str, str] = ALLIES) -> list[dict[str, Any]]:
    out = [{"seat": 1, "name": "P1", "general": lvbu, "role": "lord"}]
    out += [{"seat": s, "name": f"P{s}", "general": g, "role": "rebel"} for s, g in zip((2, 3, 4), allies, strict=True)]
    return out


def deal(sizes: tuple[int, int, int, int] = (8, 3, 4, 5)) -> list[dict[str, Any]]:
    """The opening deal, seat 1 first."""
    out, i = [], 0
    for seat, n in enumerate(sizes, start=1):
        out.append({"type": "draw", "seat": seat, "cards": DECK[i:i + n], "reason": "initial"})
        i += n
    return out


def turn(seat: int) -> list[dict[str, Any]]:
    """A turn with nothing in it."""
    return [{"type": "turn", "seat": seat}, {"type": "phase", "seat": seat, "phase": "start"},
            {"type": "phase", "seat": seat, "phase": "finish"}, {"type": "turn_end", "seat": seat}]


def turns(*seats: int) -> list[dict[str, Any]]:
    return [e for s in seats for e in turn(s)]


def fresh(sgs: ScenarioBuilder, events: list[dict[str, Any]], *, lvbu: str = FIRST, ruleset_file: Path | None = None,
          **kw: Any) -> Outcome:
    """A log from the start of the game."""
    header = sgs.header(players(lvbu, **kw), mode="1v3", ruleset="hulao")
    return validate_text(sgs.text(header, events), ruleset=str(ruleset_file) if ruleset_file else None)


def position(sgs: ScenarioBuilder, events: list[dict[str, Any]], *, lvbu: str = FIRST,
             ruleset_file: Path | None = None, **pos: Any) -> Outcome:
    """A log from a position (``ScenarioBuilder.start``: seat 3 in its play phase unless ``pos`` says otherwise)."""
    header = sgs.header(players(lvbu), mode="1v3", ruleset="hulao", start=sgs.start(4, **pos))
    return validate_text(sgs.text(header, events), ruleset=str(ruleset_file) if ruleset_file else None)


def ruleset_file(tmp: Path, **params: Any) -> Path:
    """A ruleset file that inherits hulao with ``params`` changed."""
    lines = ['name = "hulao-variant"', 'inherits = "hulao"']
    for k, v in params.items():
        lines.append(f"{k} = {str(v).lower() if isinstance(v, bool) else v}")
    p = tmp / "hulao-variant.toml"
    p.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return p
