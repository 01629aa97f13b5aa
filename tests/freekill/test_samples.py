"""The FreeKill sample recordings through the command line, as a user runs them.

- every sample validates clean under its own ruleset (``freekill-standard``), read directly as ``.fk.rep``;
- ``sgs-replay convert`` then ``validate`` of the ``.sgs.jsonl`` gives the same report;
- ``--ruleset standard`` gives exactly the findings listed in docs/freekill.md;
- import and validation time per recording is printed (not asserted: it depends on the machine).

The samples live in ../shared/peer/freekill/samples; these tests skip when it is absent.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from sgs_replay.formats.reader import read_path
from sgs_replay.importers import freekill
from sgs_replay.replay.validate import validate_parsed

REPO = Path(__file__).resolve().parents[2]
SAMPLE_DIR = REPO.parent / "shared" / "peer" / "freekill" / "samples"
SAMPLES = sorted(SAMPLE_DIR.glob("*.fk.rep")) if SAMPLE_DIR.is_dir() else []
DOC = REPO / "docs" / "freekill.md"
pytestmark = pytest.mark.skipif(not SAMPLES, reason="../shared/peer/freekill/samples is not available")


def _stamp(path: Path | str) -> str:
    return Path(path).name.split(".")[0]


def _sgs_replay(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "sgs_replay", *map(str, args)], capture_output=True, text=True,
                          cwd=REPO, timeout=120)


def _validate_json(path: Path, *extra: str) -> tuple[int, Any]:
    p = _sgs_replay("validate", path, "--json", *extra)
    assert "Traceback" not in p.stderr, p.stderr
    return p.returncode, json.loads(p.stdout)


def _same_report(report: dict[str, Any]) -> dict[str, Any]:
    return {k: report[k] for k in ("game_id", "ruleset", "events", "violations", "result")}


@pytest.fixture(scope="module")
def converted(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """``sgs-replay convert`` of every sample, once."""
    out = tmp_path_factory.mktemp("converted")
    p = _sgs_replay("convert", *SAMPLES, "--out", out)
    assert p.returncode == 0, p.stderr
    assert "import problem" not in p.stdout
    files = {_stamp(f): f for f in out.glob("*.sgs.jsonl")}
    assert sorted(files) == sorted(_stamp(s) for s in SAMPLES)
    return files


@pytest.mark.parametrize("path", SAMPLES, ids=[_stamp(p) for p in SAMPLES])
def test_sample_validates_clean_under_freekill_standard(path: Path, converted: dict[str, Path]) -> None:
    code, report = _validate_json(path)
    assert report["ruleset"] == "freekill-standard"
    assert report["violations"] == [], json.dumps(report["violations"], ensure_ascii=False, indent=1)
    assert code == 0
    assert report["result"] is not None and report["events"] > 100
    assert report["desyncs"] == [], report["desyncs"]  # the replay's card areas agree with the recording's
    assert report["import_problems"] == []

    # round trip: the converted log gives the same report
    code2, report2 = _validate_json(converted[_stamp(path)])
    assert code2 == code
    assert _same_report(report2) == _same_report(report)


# --- findings under --ruleset standard ----------------------------------------------------------------


def _documented_findings() -> set[tuple[str, int, int, str]]:
    """The table of docs/freekill.md § Findings: (recording, line, entry, rule id)."""
    text = DOC.read_text(encoding="utf-8")
    section = text.split("## Findings under the rulebook", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| (\d{14}) \| (\d+) \| (\d+) \| (SGS-[A-Z0-9]+) ", section, re.M)
    return {(stamp, int(line), int(entry), rule) for stamp, line, entry, rule in rows}


def test_standard_ruleset_reproduces_the_documented_findings() -> None:
    code, out = _validate_json(SAMPLE_DIR, "--ruleset", "standard")
    reports = out["files"]
    assert {r["ruleset"] for r in reports} == {"standard"}
    found = set()
    for r in reports:
        conv = freekill.convert(Path(r["file"]).read_bytes(), Path(r["file"]).name)
        for v in r["violations"]:
            found.add((_stamp(r["file"]), v["line"], conv.sources[v["line"] - 2], v["rule"]))
    table = "\n".join(f"| {s} | {line} | {entry} | {rule} |" for s, line, entry, rule in sorted(found))
    assert found == _documented_findings(), "docs/freekill.md § Findings is out of date; the run gives:\n" + table
    assert code == (1 if found else 0)


# --- throughput -----------------------------------------------------------------------------------


def test_import_and_validate_time_per_recording() -> None:
    """Printed, not asserted (run with ``-s`` to see it)."""
    lines = []
    total = 0.0
    for path in SAMPLES:
        start = time.perf_counter()
        parsed = read_path(path)
        mid = time.perf_counter()
        report = validate_parsed(parsed, None).report
        end = time.perf_counter()
        total += end - start
        lines.append(f"{_stamp(path)}  {path.stat().st_size / 1024:6.1f} KiB  {len(parsed.events):4d} events  "
                     f"import {mid - start:.3f} s  validate {end - mid:.3f} s  total {end - start:.3f} s  "
                     f"{len(report.violations)} violation(s)")
    print("\nimport + validate per FreeKill recording:\n" + "\n".join(lines)
          + f"\n{len(SAMPLES)} recordings, {total:.3f} s in all, {total / len(SAMPLES):.3f} s each on average")
