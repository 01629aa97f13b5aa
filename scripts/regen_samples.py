"""Regenerate the derived files of ``sample_logs/``: the converted FreeKill games of ``identity/``,
``maneuvering/`` and ``freekill-3v3/`` (from the recordings in ``../shared/peer/freekill/samples``,
``maneuvering`` and ``3v3``) and the recordings of ``freekill/``.

``python scripts/regen_samples.py`` rewrites them; ``--check`` only compares and exits 1 on a drift
(``tests/test_sample_logs.py`` runs the check). Each derived file is exactly what ``sgs-replay
convert`` writes today, so loading a sample next to its recording is seen as the same game.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "sample_logs"
RECORDINGS = ROOT.parent / "shared" / "peer" / "freekill" / "samples"
#: converted games of the other FreeKill folders: sample folder → the recordings they come from
CONVERTED = {"identity": RECORDINGS, "maneuvering": RECORDINGS.parent / "maneuvering",
             "freekill-3v3": RECORDINGS.parent / "3v3"}


def derived() -> dict[Path, bytes]:
    """Every derived sample file and the bytes it must hold."""
    from sgs_replay.importers import freekill

    out: dict[Path, bytes] = {}
    for folder, recordings in CONVERTED.items():
        for f in sorted((SAMPLES / folder).glob("*.sgs.jsonl")):
            stamp = f.name.removesuffix(".sgs.jsonl")
            src = recordings / f"{stamp}.fk.rep"
            out[f] = freekill.to_jsonl(freekill.convert(src.read_bytes(), src.name))
    for f in sorted((SAMPLES / "freekill").glob("*.fk.rep")):
        out[f] = (RECORDINGS / f.name).read_bytes()
    return out


def main(argv: list[str]) -> int:
    if not RECORDINGS.is_dir():
        sys.stderr.write(f"the FreeKill recordings are not here: {RECORDINGS}\n")
        return 2
    drift = [p for p, data in derived().items() if not p.is_file() or p.read_bytes() != data]
    if "--check" in argv:
        for p in drift:
            print(f"drift: {p.relative_to(ROOT)}")
        return 1 if drift else 0
    for p, data in derived().items():
        p.write_bytes(data)
    print(f"{len(drift)} file(s) rewritten")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
