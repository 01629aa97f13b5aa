"""The bundled samples stay true: every derived file is what the tool writes today."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RECORDINGS = ROOT.parent / "shared" / "peer" / "freekill" / "samples"


@pytest.mark.skipif(not RECORDINGS.is_dir(), reason="the FreeKill recordings are not beside the checkout")
def test_derived_samples_match_what_convert_writes() -> None:
    p = subprocess.run([sys.executable, "scripts/regen_samples.py", "--check"], cwd=ROOT, capture_output=True,
                       text=True, check=False)
    assert p.returncode == 0, f"{p.stdout}{p.stderr}regenerate with: python scripts/regen_samples.py"


def test_every_sample_validates_as_documented() -> None:
    """The converted games are clean; only the disputes carry the violations they are about."""
    from sgs_replay.reader import expand_paths, read_path
    from sgs_replay.replay import validate_parsed

    for f in expand_paths([ROOT / "sample_logs"]):
        rep = validate_parsed(read_path(f)).report
        assert rep.desyncs == [] and rep.import_problems == [], f
        assert bool(rep.violations) == ("disputes" in f.parts), (f, rep.violations[:3])
