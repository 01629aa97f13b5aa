"""The code stays clean: ruff and mypy pass on the package, the dashboards, the benchmarks and the tests."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _tool(name: str) -> str:
    exe = Path(sys.executable).with_name(name)
    if exe.is_file():
        return str(exe)
    found = shutil.which(name)
    if found is None:
        pytest.skip(f"{name} is not installed (pip install -e '.[dev]')")
    return found


def test_ruff_is_clean() -> None:
    r = subprocess.run([_tool("ruff"), "check", "--output-format", "concise", "sgs_replay", "dashboards", "bench", "tests"],
                       cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stdout[-3000:]


def test_mypy_is_clean() -> None:
    r = subprocess.run([_tool("mypy"), "sgs_replay"], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stdout[-3000:]
