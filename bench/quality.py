"""The validator's measured accuracy: false alarms on clean games, recall on planted faults.

    python bench/quality.py                          # the corpus below, seed 0, one plant per class and game
    python bench/quality.py --seed 7 --per-class 3 --json quality.json
    python bench/quality.py LOGS_DIR …               # any folders of clean logs (e.g. simulated games)
    python bench/quality.py --faults FAULTS_DIR      # copies written by `sgs-replay inject`

The default corpus: the converted FreeKill games bundled in ``sample_logs/identity``, the 3v3
sample, and the FreeKill recordings beside the checkout (``../shared/peer/freekill/samples``,
``maneuvering`` and ``3v3``, read as ``.fk.rep``; what the reader cannot read is listed as
skipped, and a recording of a game already read is planted once). The same as
``sgs-replay quality --in … --json OUT``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from sgs_replay.quality.measure import measure, render  # noqa: E402

FREEKILL = ROOT.parent / "shared" / "peer" / "freekill"


def default_corpus() -> list[Path]:
    out = [ROOT / "sample_logs" / "identity", ROOT / "sample_logs" / "3v3",
           FREEKILL / "samples", FREEKILL / "maneuvering", FREEKILL / "3v3"]
    return [p for p in out if p.is_dir()]


def recordings_only(paths: list[Path]) -> list[Path]:
    """The FreeKill folders hold notes and tables beside the recordings: keep logs and recordings."""
    out: list[Path] = []
    for p in paths:
        if p.is_dir() and p.is_relative_to(FREEKILL):
            out.extend(sorted(p.glob("*.fk.rep")))
        else:
            out.append(p)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("clean", nargs="*", type=Path, help="folders or files of clean logs (default: the corpus above)")
    ap.add_argument("--faults", type=Path, help="faulty copies written by `sgs-replay inject` (default: plant now)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--per-class", type=int, default=1)
    ap.add_argument("--keep", type=Path, help="keep the planted copies in this folder")
    ap.add_argument("--json", type=Path, help="write the measurement here")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes validating the copies")
    a = ap.parse_args(argv)
    clean = recordings_only(a.clean or default_corpus())
    t0 = time.perf_counter()
    result = measure(clean, a.seed, a.faults, per_class=a.per_class, workdir=a.keep, jobs=a.jobs)
    result["seconds"] = round(time.perf_counter() - t0, 1)
    render(result)
    for s in result["skipped"]:
        print(f"skipped {s['file']}: {s['reason']}")
    print(f"{result['overall']['planted']} plants in {result['clean_games']} clean games, {result['seconds']} s")
    if a.json:
        a.json.write_text(json.dumps(result, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
