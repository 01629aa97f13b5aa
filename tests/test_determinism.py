"""A verdict never changes by itself: the same logs give byte-identical reports, run after run, in
one process (object ids are reused as frames come and go) and under different hash seeds (set and
dict order of strings)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from sgs_replay.formats.reader import read_path
from sgs_replay.replay.validate import validate_parsed

ROOT = Path(__file__).resolve().parent.parent
LOGS = [ROOT / "sample_logs", ROOT / "tests" / "redteam", ROOT / "tests" / "redteam3v3", ROOT / "tests" / "redteam_hegemony"]


def _files() -> list[Path]:
    out: list[Path] = []
    for d in LOGS:
        out.extend(sorted(p for p in d.rglob("*") if p.name.endswith((".sgs.jsonl", ".fk.rep"))))
    return out


def _reports(files: list[Path]) -> str:
    return json.dumps([validate_parsed(read_path(p)).report.public() for p in files], ensure_ascii=False)


def test_the_same_reports_run_after_run_in_one_process() -> None:
    files = _files()
    assert len(files) > 100
    first = _reports(files)
    for _ in range(4):
        assert _reports(files) == first


def test_the_same_reports_under_different_hash_seeds() -> None:
    outputs = set()
    for seed in ("0", "1", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        p = subprocess.run([sys.executable, "-m", "sgs_replay", "validate", "--json", *map(str, LOGS)],
                           capture_output=True, env=env, cwd=ROOT, check=False)
        assert p.returncode in (0, 1), p.stderr.decode()
        outputs.add(p.stdout)
    assert len(outputs) == 1
