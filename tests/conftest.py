"""Shared fixtures: a scenario builder that writes `sgs-replay/1` logs and validates them.

A rule test describes a position (who holds what, HP, the known top of the draw pile) and a few
events, exactly as a referee would log them; the builder writes the header with a ``start`` position,
numbers the lines (the header is line 1, the first event line 2) and returns the validator's report.

    def test_second_slash(sgs):
        out = sgs.identity([
            {"type": "use", "seat": 3, "card": "♠7 杀", "targets": [4]},
            {"type": "damage", "source": 3, "target": 4, "amount": 1, "card": "♠7 杀"},
            {"type": "use", "seat": 3, "card": "♣8 杀", "targets": [2]},
        ], hands={3: ["♠7 杀", "♣8 杀"]})
        out.assert_flags("SGS-P001", line=4)

Identity games seat 孙权 (lord) / 甘宁 (loyalist) / 许褚 (rebel) / 黄盖 (rebel) / 华佗 (renegade) in
seats 1–5, so seat 3 reaches seats 2 and 4 at distance 1 and seats 1 and 5 at distance 2. 3v3 games
use the seating of the shared scenarios (张辽 孙权 甘宁 | 黄盖 刘备 甄姬).

The shared folder (``../shared`` beside the repository) holds the cross-implementation scenarios;
tests that need it skip cleanly when it is absent.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from builders import judge_log, seat_states

from sgs_replay.replay.validate import Report
from sgs_replay.rules import REGISTRY, Violation
from sgs_replay.rules import catalogue as _catalogue  # noqa: F401  (registers every rule)

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"
SCENARIOS = SHARED / "scenarios"

IDENTITY_5 = (("孙权", "lord"), ("甘宁", "loyalist"), ("许褚", "rebel"), ("黄盖", "rebel"), ("华佗", "renegade"))
SEATING_3V3 = (
    ("张辽", "cold", "vanguard"), ("孙权", "cold", "commander"), ("甘宁", "cold", "vanguard"),
    ("黄盖", "warm", "vanguard"), ("刘备", "warm", "commander"), ("甄姬", "warm", "vanguard"),
)

Event = Mapping[str, Any]


def run_cli(*args: str, cwd: Path | None = None, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """``python -m sgs_replay ARGS`` in a subprocess (the installed entry point's code path)."""
    return subprocess.run([sys.executable, "-m", "sgs_replay", *args], capture_output=True, text=True,
                          cwd=cwd or REPO, timeout=timeout)


def run_cli_in_process(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """The same command through typer's test runner, in this process (no interpreter start-up).

    Returns a CompletedProcess like :func:`run_cli`; an exception that escapes the command is
    rendered into ``stderr`` as a traceback, so "no traceback" assertions hold for both runners.
    """
    import os
    import traceback

    from typer.testing import CliRunner

    from sgs_replay.cli.app import app

    old = Path.cwd()
    try:
        if cwd is not None:
            os.chdir(cwd)
        result = CliRunner().invoke(app, list(args))
    finally:
        os.chdir(old)
    stderr = result.stderr
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        stderr += "".join(traceback.format_exception(result.exception))
    return subprocess.CompletedProcess(["sgs-replay", *args], result.exit_code, result.stdout, stderr)


def dumps(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False)


# ---------------------------------------------------------------------------------------------------
# outcome of one validation
# ---------------------------------------------------------------------------------------------------


@dataclass
class Outcome:
    """A validated log: its text (for failure messages) and the report."""

    text: str
    report: Report
    internal_errors: list[str] = field(default_factory=list)

    @property
    def violations(self) -> list[Violation]:
        return self.report.violations

    @property
    def rules(self) -> set[str]:
        return {v.rule for v in self.violations}

    def at(self, line: int) -> list[Violation]:
        return [v for v in self.violations if v.line == line]

    def describe(self) -> str:
        got = "\n".join(f"  line {v.line}: {v.rule} {v.kind} seat={v.seat} — {v.message}" for v in self.violations)
        numbered = "\n".join(f"{i:>3} {t[:160]}" for i, t in enumerate(self.text.splitlines(), start=1))
        errors = "".join(f"\ninternal error: {x}" for x in self.internal_errors)
        return f"violations:\n{got or '  (none)'}{errors}\nlog:\n{numbered}"

    def assert_replayed(self) -> None:
        """The engine judged every event (an internal error leaves events unchecked)."""
        assert not self.internal_errors, "the engine failed on this log\n" + self.describe()

    def assert_clean(self) -> None:
        self.assert_replayed()
        assert not self.violations, "expected a clean log\n" + self.describe()

    def assert_flags(self, rule: str, line: int | Iterable[int] | None = None, *, seat: int | None = None,
                     only: bool = False) -> Violation:
        """The report holds a violation of ``rule`` (at ``line`` / one of the lines) with the rule's kind."""
        assert rule in REGISTRY, f"unknown rule id {rule}"
        self.assert_replayed()
        lines = None if line is None else ({line} if isinstance(line, int) else set(line))
        hits = [v for v in self.violations if v.rule == rule and (lines is None or v.line in lines)
                and (seat is None or v.seat == seat)]
        assert hits, f"expected {rule} at line {line}\n" + self.describe()
        hit = hits[0]
        assert hit.kind == str(REGISTRY[rule].kind)
        if only:
            others = [v for v in self.violations if v.rule != rule]
            assert not others, f"expected only {rule}\n" + self.describe()
        return hit

    def assert_kind(self, kind: str, line: int | Iterable[int]) -> None:
        lines = {line} if isinstance(line, int) else set(line)
        assert any(v.kind == kind and v.line in lines for v in self.violations), \
            f"expected a {kind} violation at {sorted(lines)}\n" + self.describe()

    def assert_not_flagged(self, rule: str) -> None:
        assert rule not in self.rules, f"{rule} should not be reported\n" + self.describe()


def validate_text(text: str | bytes, name: str = "<test>", ruleset: str | None = None) -> Outcome:
    data = text.encode("utf-8") if isinstance(text, str) else text
    replay = judge_log(data, name, ruleset)
    return Outcome(data.decode("utf-8", errors="replace"), replay.report,
                   list(replay.extra.get("internal_errors", [])))


# ---------------------------------------------------------------------------------------------------
# the builder
# ---------------------------------------------------------------------------------------------------


@dataclass
class ScenarioBuilder:
    """Writes logs from a position and a list of events; see the module docstring."""

    tmp_path: Path
    written: list[Path] = field(default_factory=list)

    # -- headers ---------------------------------------------------------------------------------
    @staticmethod
    def identity_players(generals: Sequence[tuple[str, str]] = IDENTITY_5) -> list[dict[str, Any]]:
        return [{"seat": i, "name": f"P{i}", "general": g, "role": r} for i, (g, r) in enumerate(generals, start=1)]

    @staticmethod
    def players_3v3(generals: Sequence[tuple[str, str, str]] = SEATING_3V3) -> list[dict[str, Any]]:
        return [{"seat": i, "name": f"P{i}", "general": g, "side": s, "position": p}
                for i, (g, s, p) in enumerate(generals, start=1)]

    @staticmethod
    def start(n: int, *, hands: Mapping[int, Sequence[str]] | None = None,
              equip: Mapping[int, Sequence[str]] | None = None, judge: Mapping[int, Sequence[str]] | None = None,
              hp: Mapping[int, int] | None = None, max_hp: Mapping[int, int] | None = None, dead: Iterable[int] = (),
              chained: Iterable[int] = (), deck: Sequence[str] | None = None, discard: Sequence[str] = (), current: int | None = 3,
              phase: str | None = "play", round: int | None = None, used: Mapping[str, int] | None = None,
              **extra: Any) -> dict[str, Any]:
        seats = seat_states(n, hands=hands, equip=equip, judge=judge, hp=hp, max_hp=max_hp, dead=dead, chained=chained)
        out: dict[str, Any] = {"current": current, "phase": phase, "seats": seats}
        if round is not None:
            out["round"] = round
        if deck is not None:
            out["deck"] = list(deck)
        if discard:
            out["discard"] = list(discard)
        if used:
            out["used"] = dict(used)
        out.update({k: v for k, v in extra.items() if v is not None})
        return out

    @staticmethod
    def header(players: list[dict[str, Any]], *, mode: str = "identity", ruleset: str = "standard",
               start: dict[str, Any] | None = None, game_id: str = "test") -> dict[str, Any]:
        h: dict[str, Any] = {"type": "game", "format": "sgs-replay/1", "game_id": game_id, "mode": mode,
                             "ruleset": ruleset, "players": players}
        if start is not None:
            h["start"] = start
        return h

    # -- logs ------------------------------------------------------------------------------------
    @staticmethod
    def text(header: Mapping[str, Any], events: Iterable[Event | str]) -> str:
        lines = [dumps(header)]
        lines.extend(e if isinstance(e, str) else dumps(e) for e in events)
        return "\n".join(lines) + "\n"

    def identity_text(self, events: Iterable[Event | str], *, players: list[dict[str, Any]] | None = None,
                      ruleset: str = "standard", start: bool = True, **position: Any) -> str:
        players = players or self.identity_players()
        st = self.start(len(players), **position) if start else None
        return self.text(self.header(players, ruleset=ruleset, start=st), events)

    def identity(self, events: Iterable[Event | str], *, players: list[dict[str, Any]] | None = None,
                 ruleset: str = "standard", start: bool = True, **position: Any) -> Outcome:
        """Validate an identity-mode log (5 players unless ``players`` says otherwise)."""
        return validate_text(self.identity_text(events, players=players, ruleset=ruleset, start=start, **position))

    def three_v_three_text(self, events: Iterable[Event | str], *, players: list[dict[str, Any]] | None = None,
                           ruleset: str = "3v3-2013", start: bool = True, **position: Any) -> str:
        players = players or self.players_3v3()
        st = self.start(6, **position) if start else None
        return self.text(self.header(players, mode="3v3", ruleset=ruleset, start=st), events)

    def three_v_three(self, events: Iterable[Event | str], **kw: Any) -> Outcome:
        """Validate a 3v3 log (the shared scenarios' seating unless ``players`` says otherwise)."""
        return validate_text(self.three_v_three_text(events, **kw))

    @staticmethod
    def validate(data: str | bytes, ruleset: str | None = None) -> Outcome:
        """Validate raw log text or bytes (for lines no builder would write)."""
        return validate_text(data, ruleset=ruleset)

    def write(self, text: str, name: str = "game.sgs.jsonl") -> Path:
        p = self.tmp_path / name
        p.write_text(text, encoding="utf-8")
        self.written.append(p)
        return p


@pytest.fixture
def sgs(tmp_path: Path) -> ScenarioBuilder:
    """The scenario builder (see the module docstring)."""
    return ScenarioBuilder(tmp_path)


@pytest.fixture(scope="session")
def cli() -> Any:
    """``cli("validate", path, "--json")`` runs ``python -m sgs_replay`` in a subprocess."""
    return run_cli


@pytest.fixture(scope="session")
def cli_fast() -> Any:
    """Like ``cli`` but in-process (typer's runner): for the many exit-code checks."""
    return run_cli_in_process


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    if not SHARED.is_dir():
        pytest.skip("../shared is not checked out beside the repository")
    return SHARED


@pytest.fixture(scope="session")
def scenarios_dir() -> Path:
    if not (SCENARIOS / "expected.json").is_file():
        pytest.skip("../shared/scenarios is not checked out beside the repository")
    return SCENARIOS


def write_simulated(out: Path, ruleset_name: str, players: int, games: int, seed: int = 1, *,
                    hidden: bool = True) -> Path:
    """Write ``games`` simulated games of a ruleset into ``out`` (created): the bytes `sgs-replay simulate`
    writes, each 國戰 game also from nobody's view when ``hidden``. For tests that need more games than
    the two per ruleset bundled in ``sample_logs/simulated``."""
    from sgs_replay.content import ruleset
    from sgs_replay.simulate.game import game_name, play_game

    rs = ruleset(ruleset_name)
    out.mkdir(parents=True, exist_ok=True)
    for i in range(games):
        o = play_game(rs, players, seed, i, strict=True)
        stem = game_name(rs, players, seed, i)
        (out / f"{stem}.sgs.jsonl").write_bytes(b"\n".join(o.lines) + b"\n")
        if hidden and o.hidden is not None:
            (out / f"{stem}.hidden.sgs.jsonl").write_bytes(b"\n".join(o.hidden) + b"\n")
    return out


@pytest.fixture(scope="session")
def simulated_games(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """``simulated_games("hegemony", 5, 20)``: a folder of that many simulated games (seed 1 unless
    given), written once per test session and shared by the tests that ask for the same games."""
    made: dict[tuple[str, int, int, int], Path] = {}

    def make(ruleset_name: str, players: int, games: int, seed: int = 1) -> Path:
        key = (ruleset_name, players, games, seed)
        if key not in made:
            made[key] = write_simulated(tmp_path_factory.mktemp(f"sim-{ruleset_name}-{players}p"), *key)
        return made[key]

    return make
