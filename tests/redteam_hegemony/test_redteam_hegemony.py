"""The 國戰 and 鏖戰 battery in this folder, judged exactly as ``../shared/tools/check_scenarios.py`` judges.

``heg-*.sgs.jsonl`` are 國戰 logs (rulesets ``hegemony`` and ``hegemony-aozhan``): the pair of generals, reveals,
skills of face-down generals, kingdoms and 野心家, the leftover half fish and 珠联璧合, rewards and penalties by kingdom,
the end, 鏖戰's 桃, and a log from nobody's view. Each header's ``note`` cites the passage the expected result is
decided from: 《三國殺各種模式的規則》 by its section, or docs/hegemony.md where the rulebook is silent.

``expected.json`` has the shared schema: a list of ``{line, lines, kind, kinds}`` per scenario — a reported
violation must have one of ``lines`` and one of ``kinds`` and the exit status is 1 — or an empty list: the log is
legal, nothing is reported and the exit status is 0.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from scenario_judge import KINDS, judge

from sgs_replay.formats.reader import read_path
from sgs_replay.replay.validate import validate_parsed

HERE = Path(__file__).resolve().parent
EXPECTED: dict[str, list[dict[str, Any]]] = json.loads((HERE / "expected.json").read_text(encoding="utf-8"))
NAMES = sorted(EXPECTED)


@pytest.mark.parametrize("name", NAMES)
def test_redteam_hegemony_scenario(name: str) -> None:
    got = validate_parsed(read_path(HERE / f"{name}.sgs.jsonl")).report.public()["violations"]
    problem = judge(EXPECTED[name], got, 1 if got else 0)
    assert problem is None, f"{name}: {problem}"


def test_the_battery_is_whole() -> None:
    """Every log has its expectation and cites its source; both legal and faulty logs are there."""
    files = sorted(p.name.removesuffix(".sgs.jsonl") for p in HERE.glob("*.sgs.jsonl"))
    assert files == NAMES
    assert sum(1 for n in NAMES if not EXPECTED[n]) >= 8 and sum(1 for n in NAMES if EXPECTED[n]) >= 10
    for n in NAMES:
        header = json.loads((HERE / f"{n}.sgs.jsonl").read_text(encoding="utf-8").splitlines()[0])
        assert header["mode"] == "hegemony" and header.get("note"), n
        assert "《三國殺各種模式的規則》" in header["note"] or "docs/hegemony.md" in header["note"] or "國戰 generals" in header["note"], n
        assert all(k in KINDS for e in EXPECTED[n] for k in e["kinds"]), n
