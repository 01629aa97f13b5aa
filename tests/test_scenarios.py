"""Every shared scenario against its expected result, through the Python API and the CLI.

Judged exactly as ``../shared/tools/check_scenarios.py`` judges: a scenario with expected violations
passes when, for each expected entry, a reported violation has one of its ``lines`` and one of its
``kinds`` and the exit status is 1; a clean scenario (``[]``) passes when nothing is reported and the
exit status is 0.
"""

from __future__ import annotations

import json
import os
import subprocess
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from scenario_judge import judge

from sgs_replay.formats.reader import read_path
from sgs_replay.replay.validate import validate_parsed

SCENARIOS = Path(__file__).resolve().parents[1].parent / "shared" / "scenarios"
_EXPECTED_FILE = SCENARIOS / "expected.json"
EXPECTED: dict[str, list[dict[str, Any]]] = (
    json.loads(_EXPECTED_FILE.read_text(encoding="utf-8")) if _EXPECTED_FILE.is_file() else {}
)
NAMES = sorted(EXPECTED)
pytestmark = pytest.mark.skipif(not NAMES, reason="../shared/scenarios is not checked out beside the repository")


def _path(name: str) -> Path:
    return SCENARIOS / f"{name}.sgs.jsonl"


@pytest.mark.parametrize("name", NAMES)
def test_scenario_api(name: str) -> None:
    expected = EXPECTED[name]
    report = validate_parsed(read_path(_path(name))).report
    got = report.public()["violations"]
    rc = 1 if got else 0  # what the CLI would exit with
    problem = judge(expected, got, rc)
    assert problem is None, f"{name}: {problem}"


def test_expected_lists_every_scenario_file() -> None:
    on_disk = {p.name.removesuffix(".sgs.jsonl") for p in SCENARIOS.glob("*.sgs.jsonl")}
    assert on_disk == set(NAMES), "expected.json and the scenario files disagree"


@pytest.fixture(scope="module")
def cli_runs(cli: Any) -> dict[str, subprocess.CompletedProcess[str]]:
    """One ``sgs-replay validate FILE --json`` per scenario, run a few at a time."""
    with ThreadPoolExecutor(max_workers=max(2, os.cpu_count() or 2)) as pool:
        runs = pool.map(lambda n: (n, cli("validate", str(_path(n)), "--json")), NAMES)
        return dict(runs)


@pytest.mark.parametrize("name", NAMES)
def test_scenario_cli(name: str, cli_runs: dict[str, subprocess.CompletedProcess[str]]) -> None:
    expected = EXPECTED[name]
    p = cli_runs[name]
    assert p.returncode in (0, 1), f"{name}: exit {p.returncode}: {p.stderr.strip()[-300:]}"
    assert "Traceback" not in p.stderr
    out = json.loads(p.stdout)
    assert out["file"].endswith(f"{name}.sgs.jsonl")
    problem = judge(expected, out["violations"], p.returncode)
    assert problem is None, f"{name}: {problem}"


def test_cli_report_shape(cli_runs: dict[str, subprocess.CompletedProcess[str]]) -> None:
    """Spec §7: the JSON report carries these keys, and each violation these fields."""
    name = next(n for n in NAMES if EXPECTED[n])
    p = cli_runs[name]
    out = json.loads(p.stdout)
    assert {"file", "game_id", "ruleset", "events", "violations", "unverifiable", "result"} <= set(out)
    assert out["game_id"] == name
    for v in out["violations"]:
        assert {"rule", "kind", "line", "seat", "message", "expected", "observed"} <= set(v)
        assert v["kind"] in {"illegal_play", "resolution_order", "bookkeeping", "outcome", "format"}
        assert v["rule"].startswith("SGS-")


def test_cli_directory_of_scenarios(cli: Any) -> None:
    """A directory is expanded to its logs; one report per file; exit 1 because some are flagged."""
    p = cli("validate", str(SCENARIOS), "--json")
    assert p.returncode == 1, p.stderr
    reports = json.loads(p.stdout)["files"]
    assert isinstance(reports, list)
    assert sorted(Path(r["file"]).name.removesuffix(".sgs.jsonl") for r in reports) == NAMES
