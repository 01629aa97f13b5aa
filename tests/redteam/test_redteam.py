"""The rule battery in this folder, judged exactly as ``../shared/tools/check_scenarios.py`` judges.

Each ``*.sgs.jsonl`` is a short identity-mode log (most start from a position); its header's ``note``
cites the rulebook passage (seed + section, or the spec) the expected result is decided from.
``expected.json`` has the shared schema: a list of ``{line, lines, kind, kinds}`` per scenario — a
reported violation must have one of ``lines`` and one of ``kinds`` and the exit status is 1 — or an
empty list: the log is legal, nothing is reported and the exit status is 0.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from scenario_judge import KINDS, judge

from sgs_replay.formats.reader import read_path
from sgs_replay.replay.validate import validate_parsed

HERE = Path(__file__).resolve().parent
EXPECTED: dict[str, list[dict[str, Any]]] = json.loads((HERE / "expected.json").read_text(encoding="utf-8"))
NAMES = sorted(EXPECTED)


def _path(name: str) -> Path:
    return HERE / f"{name}.sgs.jsonl"


@pytest.mark.parametrize("name", NAMES)
def test_redteam_scenario(name: str) -> None:
    got = validate_parsed(read_path(_path(name))).report.public()["violations"]
    problem = judge(EXPECTED[name], got, 1 if got else 0)
    assert problem is None, f"{name}: {problem}"


def test_expected_lists_every_file() -> None:
    on_disk = {p.name.removesuffix(".sgs.jsonl") for p in HERE.glob("*.sgs.jsonl")}
    assert on_disk == set(NAMES), "expected.json and the scenario files disagree"


def test_battery_shape() -> None:
    """At least 80 scenarios, about half clean; entries in the shared schema; every header cites its source."""
    clean = [n for n in NAMES if not EXPECTED[n]]
    assert len(NAMES) >= 80 and 0.35 <= len(clean) / len(NAMES) <= 0.65
    for name in NAMES:
        for e in EXPECTED[name]:
            assert e["line"] in e["lines"] and e["kind"] in e["kinds"] and set(e["kinds"]) <= KINDS, name
        header = json.loads(_path(name).read_text(encoding="utf-8").splitlines()[0])
        assert header["game_id"] == name and header["mode"] == "identity"
        assert re.search(r"seed 00\d|spec §|CONFLICTS", header.get("note", "")), f"{name}: the header note cites no source"


def test_cli_directory_run(cli: Any) -> None:
    """One `validate DIR --json` run: every file's report judged like check_scenarios.py (rc 1 iff violations)."""
    p = cli("validate", str(HERE), "--json", timeout=300)
    assert p.returncode == 1, p.stderr[-300:]
    assert "Traceback" not in p.stderr
    reports = {Path(r["file"]).name.removesuffix(".sgs.jsonl"): r for r in json.loads(p.stdout)["files"]}
    assert sorted(reports) == NAMES
    problems = [f"{n}: {msg}" for n in NAMES
                if (msg := judge(EXPECTED[n], reports[n]["violations"], 1 if reports[n]["violations"] else 0))]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("name", [next(n for n in NAMES if not EXPECTED[n]), next(n for n in NAMES if EXPECTED[n])])
def test_cli_exit_status(name: str, cli: Any) -> None:
    """The exit status the scorer reads: 0 for a clean scenario, 1 for a flagged one."""
    p = cli("validate", str(_path(name)), "--json")
    assert judge(EXPECTED[name], json.loads(p.stdout)["violations"], p.returncode) is None, p.stdout[-400:]
