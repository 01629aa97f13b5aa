"""The 3v3 and skill rule battery in this folder, judged exactly as ``../shared/tools/check_scenarios.py`` judges.

``3v3-*.sgs.jsonl`` are six-seat 3v3 logs (action units, AOE direction, rescue order, decks and card
changes per ruleset, commander HP, lord skills, kill rewards, the end of the game, time-up tie-breaks,
penalties, resignation, the draft, the 2013 revised generals and the 3v3 additions);
``skill-*.sgs.jsonl`` are identity-mode logs for the skills the identity battery covers least. Most
start from a position; each header's ``note`` cites the rulebook passage (seed + section, the spec, or
CONFLICTS) the expected result is decided from.

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
SEATING = [("cold", "vanguard"), ("cold", "commander"), ("cold", "vanguard"),
           ("warm", "vanguard"), ("warm", "commander"), ("warm", "vanguard")]


def _path(name: str) -> Path:
    return HERE / f"{name}.sgs.jsonl"


def _header(name: str) -> dict[str, Any]:
    return json.loads(_path(name).read_text(encoding="utf-8").splitlines()[0])


@pytest.mark.parametrize("name", NAMES)
def test_redteam3v3_scenario(name: str) -> None:
    got = validate_parsed(read_path(_path(name))).report.public()["violations"]
    problem = judge(EXPECTED[name], got, 1 if got else 0)
    assert problem is None, f"{name}: {problem}"


@pytest.mark.parametrize("name", [
    "3v3-savage-cw-resolved-ccw",  # a whole AOE the other way round: reported at its first target
    "3v3-archery-ccw-resolved-cw",
    "3v3-side-all-sideways-acts-anyway",  # a wrong unit: reported at the unit, not again at its turn
    "3v3-unit-declared-while-open",
    "3v3-2012-hongyuan-enemy-draws",  # the enemy's draw stands for the teammate's that is missing
    "3v3-commander-killed-declared-resign",
    "skill-guanxing-draw-other-order",  # two known cards drawn swapped
])
def test_one_mistake_one_report(name: str) -> None:
    """After a violation the log is taken as what happened: the mistake is reported once."""
    got = validate_parsed(read_path(_path(name))).report.public()["violations"]
    assert len(got) == 1, [(v["line"], v["rule"], v["message"]) for v in got]


def test_expected_lists_every_file() -> None:
    on_disk = {p.name.removesuffix(".sgs.jsonl") for p in HERE.glob("*.sgs.jsonl")}
    assert on_disk == set(NAMES), "expected.json and the scenario files disagree"


def test_battery_shape() -> None:
    """At least 120 3v3 and 40 skill scenarios, about half clean; entries in the shared schema; every
    header cites its source; 3v3 logs seat six players as spec §2 says (unless the seating is the point)."""
    three = [n for n in NAMES if n.startswith("3v3-")]
    skills = [n for n in NAMES if n.startswith("skill-")]
    assert len(three) >= 120 and len(skills) >= 40 and len(three) + len(skills) == len(NAMES)
    for group in (three, skills):
        clean = [n for n in group if not EXPECTED[n]]
        assert 0.35 <= len(clean) / len(group) <= 0.65
    for name in NAMES:
        for e in EXPECTED[name]:
            assert e["line"] in e["lines"] and e["kind"] in e["kinds"] and set(e["kinds"]) <= KINDS, name
        header = _header(name)
        assert header["game_id"] == name
        assert re.search(r"seed 00\d|spec §|CONFLICTS", header.get("note", "")), f"{name}: the header note cites no source"
        if name.startswith("skill-"):
            assert header["mode"] == "identity", name
            continue
        assert header["mode"] == "3v3" and header["ruleset"].startswith("3v3-"), name
        seating = [(p["side"], p["position"]) for p in sorted(header["players"], key=lambda p: p["seat"])]
        assert seating == SEATING or name.startswith("3v3-seating-"), name


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
