"""The import contracts of pyproject.toml (``[tool.importlinter]``) hold: the engine's core imports no mode, card
definition or skill; the engine's modules import downwards; the modes are independent; skills and modes import no
outer layer; the store imports nothing of the engine, the replay or the pipeline."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LINT = Path(sys.executable).parent / "lint-imports"


def test_the_contracts_are_declared() -> None:
    cfg = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]
    assert cfg["root_package"] == "sgs_replay"
    names = [c["name"] for c in cfg["contracts"]]
    assert any("core imports no mode" in n for n in names), names
    assert any(c["type"] == "independence" for c in cfg["contracts"])


@pytest.mark.skipif(not LINT.exists(), reason="import-linter is not installed (pip install -e '.[dev]')")
def test_lint_imports_keeps_every_contract() -> None:
    out = subprocess.run([str(LINT), "--no-cache"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stdout[-4000:] + out.stderr[-2000:]
    assert "0 broken" in out.stdout
