"""Builders for 3v3 and 1v1 rule tests: headers, positions, turns, and the validator's report.

``v3.game(events, **position)`` validates a log that starts from a position (spec §6), with the seating
of the shared scenarios unless ``players`` is given:

    seat 1 张辽 cold vanguard · 2 孙权 cold commander · 3 甘宁 cold vanguard
    seat 4 黄盖 warm vanguard · 5 刘备 warm commander · 6 甄姬 warm vanguard

``v3.fresh(events)`` validates a log from the start of the game (no ``start``). The header is line 1,
the first event line 2.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from builders import judge_log, seat_states

from sgs_replay.replay.validate import Report
from sgs_replay.rules import REGISTRY, Violation
from sgs_replay.rules import catalogue as _catalogue  # noqa: F401  (registers every rule)

REPO = Path(__file__).resolve().parents[2]
SEATING = (
    ("张辽", "cold", "vanguard"), ("孙权", "cold", "commander"), ("甘宁", "cold", "vanguard"),
    ("黄盖", "warm", "vanguard"), ("刘备", "warm", "commander"), ("甄姬", "warm", "vanguard"),
)
NAMES = ("Zhao", "Qian", "Sun", "Li", "Zhou", "Wu")


def players(generals: Sequence[tuple[str, str, str]] = SEATING, names: Sequence[str] = NAMES) -> list[dict[str, Any]]:
    return [{"seat": i, "name": n, "general": g, "side": s, "position": p}
            for i, ((g, s, p), n) in enumerate(zip(generals, names, strict=True), start=1)]


def position(n: int = 6, *, hands: Mapping[int, Sequence[str]] | None = None, equip: Mapping[int, Sequence[str]] | None = None,
             judge: Mapping[int, Sequence[str]] | None = None, hp: Mapping[int, int] | None = None,
             max_hp: Mapping[int, int] | None = None, dead: Iterable[int] = (), deck: Sequence[str] | None = None,
             current: int | None = 3, phase: str | None = "play", round: int | None = None,
             used: Mapping[str, int] | None = None, acted: Sequence[int] | None = None,
             unit: Mapping[str, Any] | None = None, next_unit: str | None = None) -> dict[str, Any]:
    seats = seat_states(n, hands=hands, equip=equip, judge=judge, hp=hp, max_hp=max_hp, dead=dead)
    out: dict[str, Any] = {"current": current, "phase": phase, "seats": seats}
    for k, v in (("round", round), ("deck", deck), ("used", used), ("acted", acted), ("unit", unit),
                 ("next_unit", next_unit)):
        if v is not None:
            out[k] = list(v) if isinstance(v, (list, tuple)) else v
    return out


def header(pl: list[dict[str, Any]], *, mode: str = "3v3", ruleset: str = "3v3-2013", start: dict[str, Any] | None = None,
           meta: dict[str, Any] | None = None, game_id: str = "test") -> dict[str, Any]:
    h: dict[str, Any] = {"type": "game", "format": "sgs-replay/1", "game_id": game_id, "mode": mode,
                         "ruleset": ruleset, "players": pl}
    if meta:
        h["meta"] = meta
    if start is not None:
        h["start"] = start
    return h


def text(h: Mapping[str, Any], events: Iterable[Mapping[str, Any]]) -> str:
    return "\n".join(json.dumps(x, ensure_ascii=False) for x in [h, *events]) + "\n"


def turn(seat: int) -> list[dict[str, Any]]:
    """A turn in which nothing is logged but its start and end."""
    return [{"type": "turn", "seat": seat}, {"type": "turn_end", "seat": seat}]


def unit(side: str, who: str = "commander", order: Sequence[int] | None = None) -> dict[str, Any]:
    e: dict[str, Any] = {"type": "action_unit", "side": side, "who": who}
    if order is not None:
        e["order"] = list(order)
    return e


@dataclass
class Outcome:
    text: str
    report: Report

    @property
    def violations(self) -> list[Violation]:
        return self.report.violations

    @property
    def rules(self) -> set[str]:
        return {v.rule for v in self.violations}

    def describe(self) -> str:
        got = "\n".join(f"  line {v.line}: {v.rule} {v.kind} seat={v.seat} — {v.message}" for v in self.violations)
        numbered = "\n".join(f"{i:>3} {t[:170]}" for i, t in enumerate(self.text.splitlines(), start=1))
        return f"violations:\n{got or '  (none)'}\nlog:\n{numbered}"

    def assert_clean(self) -> None:
        assert not self.violations, "expected a clean log\n" + self.describe()

    def assert_flags(self, rule: str, line: int | Iterable[int] | None = None, *, seat: int | None = None,
                     only: bool = False) -> Violation:
        assert rule in REGISTRY, f"unknown rule id {rule}"
        lines = None if line is None else ({line} if isinstance(line, int) else set(line))
        hits = [v for v in self.violations if v.rule == rule and (lines is None or v.line in lines)
                and (seat is None or v.seat == seat)]
        assert hits, f"expected {rule} at line {line}\n" + self.describe()
        assert hits[0].kind == str(REGISTRY[rule].kind)
        if only:
            others = [v for v in self.violations if v.rule != rule]
            assert not others, f"expected only {rule}\n" + self.describe()
        return hits[0]

    def assert_only(self, rule: str, line: int | Iterable[int] | None = None) -> Violation:
        """Exactly one violation, of ``rule`` (at ``line``): one mistake is one report."""
        v = self.assert_flags(rule, line)
        assert len(self.violations) == 1, "expected exactly one violation\n" + self.describe()
        return v


def check(log: str) -> Outcome:
    return Outcome(log, judge_log(log.encode("utf-8"), "<test>").report)


@dataclass
class Builder:
    tmp_path: Path

    def game(self, events: Iterable[Mapping[str, Any]], *, ruleset: str = "3v3-2013",
             players: list[dict[str, Any]] | None = None, meta: dict[str, Any] | None = None,
             mode: str = "3v3", **pos: Any) -> Outcome:
        """A log from a position (``pos``: see :func:`position`)."""
        pl = players or globals()["players"]()
        st = position(len(pl), **pos)
        return check(text(header(pl, mode=mode, ruleset=ruleset, start=st, meta=meta), events))

    def fresh_text(self, events: Iterable[Mapping[str, Any]], *, ruleset: str = "3v3-2013",
                   players: list[dict[str, Any]] | None = None, meta: dict[str, Any] | None = None,
                   mode: str = "3v3", game_id: str = "test") -> str:
        pl = players or globals()["players"]()
        return text(header(pl, mode=mode, ruleset=ruleset, meta=meta, game_id=game_id), events)

    def fresh(self, events: Iterable[Mapping[str, Any]], **kw: Any) -> Outcome:
        """A log from the start of the game (no ``start`` position)."""
        return check(self.fresh_text(events, **kw))

    def write(self, content: str, name: str) -> Path:
        p = self.tmp_path / name
        p.write_text(content, encoding="utf-8")
        return p

    def ruleset(self, name: str, body: str) -> str:
        """A house ruleset file (TOML) beside the logs; its path is a valid header ``ruleset``."""
        p = self.tmp_path / f"{name}.toml"
        p.write_text(body, encoding="utf-8")
        return str(p)


@pytest.fixture
def v3(tmp_path: Path) -> Builder:
    return Builder(tmp_path)


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "sgs_replay", *args], capture_output=True, text=True, cwd=REPO,
                          timeout=120)
