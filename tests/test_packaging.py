"""Installed, not only cloned: the wheel carries the sample logs and the schemas.

Builds the wheel, installs it (without dependencies) into a fresh virtual environment that sees this
environment's packages, and runs `sgs-replay demo` and `sgs-replay schema --check` from a folder that
is not the checkout. Part of the default test run (CI included).
"""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.packaging


def _run(cmd: list[str], cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=180, env=env)


def test_the_wheel_works_from_a_fresh_environment(tmp_path: Path) -> None:
    pytest.importorskip("hatchling")
    dist = tmp_path / "dist"
    r = _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", str(dist),
              str(ROOT)], cwd=tmp_path)
    assert r.returncode == 0, r.stdout + r.stderr
    (wheel,) = dist.glob("sgs_replay-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert any(n.startswith("sgs_replay/_data/sample_logs/") and n.endswith(".fk.rep") for n in names)
    assert any(n.startswith("sgs_replay/_data/schemas/") and n.endswith(".schema.json") for n in names)

    env_dir = tmp_path / "env"
    venv.EnvBuilder(with_pip=False).create(env_dir)
    py = env_dir / "bin" / "python"
    site = Path(_run([str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                     cwd=tmp_path).stdout.strip())
    # this environment's dependencies, after the new environment's own packages (a .pth line adds a
    # folder to the path without running that folder's own .pth files: the checkout stays invisible)
    (site / "_test_deps.pth").write_text(
        "\n".join(dict.fromkeys([sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]])) + "\n")
    r = _run([sys.executable, "-m", "pip", "--python", str(py), "install", "-q", "--no-deps", str(wheel)], cwd=tmp_path)
    assert r.returncode == 0, r.stdout + r.stderr

    work = tmp_path / "elsewhere"
    work.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    where = _run([str(py), "-c", "import sgs_replay; print(sgs_replay.__file__)"], cwd=work, env=env)
    assert Path(where.stdout.strip()).is_relative_to(env_dir), where.stdout + where.stderr
    exe = str(env_dir / "bin" / "sgs-replay")
    r = _run([exe, "demo"], cwd=work, env=env)
    assert r.returncode == 0, r.stdout + r.stderr
    assert (work / "sgs_demo.duckdb").is_file() and "games loaded" in r.stdout
    r = _run([exe, "schema", "--check"], cwd=work, env=env)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "matches the models" in r.stdout
    # writing schemas needs a folder when there is no checkout: a usage error, never a traceback
    r = _run([exe, "schema"], cwd=work, env=env)
    assert r.returncode == 2 and "--out" in r.stderr and "Traceback" not in r.stderr
