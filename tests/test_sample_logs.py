"""The bundled samples stay true: every derived file is what the tool writes today, and the committed
golden reports (``sample_logs/golden.json``) are what the validator says of them today."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RECORDINGS = ROOT.parent / "shared" / "peer" / "freekill" / "samples"


@pytest.mark.skipif(not RECORDINGS.is_dir(), reason="the FreeKill recordings are not beside the checkout")
def test_derived_samples_and_golden_reports_match_what_the_tool_writes() -> None:
    """Converted games, the first simulated game of every folder (the rest are the same code with
    other seeds of the one random generator) and the golden reports of all samples."""
    p = subprocess.run([sys.executable, "scripts/regen_samples.py", "--check", "--first", "1"], cwd=ROOT,
                       capture_output=True, text=True, check=False)
    assert p.returncode == 0, f"{p.stdout}{p.stderr}regenerate with: python scripts/regen_samples.py"


def test_every_sample_validates_as_documented() -> None:
    """The golden reports cover every sample; converted and simulated games are clean, only the
    disputes carry the violations they are about; every simulated ruleset has its games and
    identity mode is there with 5 and with 8 players."""
    from sgs_replay.formats.reader import expand_paths

    golden = json.loads((ROOT / "sample_logs" / "golden.json").read_text(encoding="utf-8"))
    files = [f.relative_to(ROOT / "sample_logs").as_posix() for f in expand_paths([ROOT / "sample_logs"])]
    assert sorted(golden) == sorted(files)
    for rel, rep in golden.items():
        assert rep["desyncs"] == [] and rep["import_problems"] == [], rel
        assert bool(rep["violations"]) == rel.startswith("disputes/"), (rel, rep["violations"][:3])
    per_folder: dict[str, int] = {}
    for rel, rep in golden.items():
        if rel.startswith("simulated/"):
            assert rep["result"] is not None, f"{rel}: a simulated game is played to its end"
            per_folder[rel.split("/")[1]] = per_folder.get(rel.split("/")[1], 0) + 1
    sys.path.insert(0, str(ROOT / "scripts"))
    from regen_samples import GAMES, SIMULATED

    assert set(per_folder) == {f"{name}-{n}p" for name, n in SIMULATED}
    assert min(per_folder.values()) >= GAMES, per_folder
    rulesets = {f.rsplit("-", 1)[0] for f in per_folder}
    assert {"standard", "maneuvering", "3v3-2013"} <= rulesets
    assert {"standard-5p", "standard-8p", "maneuvering-5p", "maneuvering-8p"} <= set(per_folder)
