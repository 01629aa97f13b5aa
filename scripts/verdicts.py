"""Record the verdicts of every log the project has, and compare two recordings.

Before a refactor: ``python scripts/verdicts.py record before.jsonl``; after it:
``python scripts/verdicts.py record after.jsonl && python scripts/verdicts.py compare before.jsonl
after.jsonl``. The comparison lists every file whose report changed (violations, unverifiable count,
result, desyncs, import problems) and exits 1 when any did.

The logs are the bundled samples, the test fixtures and batteries, and (when present beside the
checkout) the shared rule scenarios and FreeKill recordings.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIRS = [ROOT / "sample_logs", ROOT / "tests", ROOT.parent / "shared" / "scenarios",
        ROOT.parent / "shared" / "peer" / "freekill"]


def _files() -> list[Path]:
    from sgs_replay.formats.reader import LOG_SUFFIXES

    out: list[Path] = []
    for d in DIRS:
        if d.is_dir():
            out.extend(sorted(p for p in d.rglob("*") if p.is_file() and p.name.endswith(LOG_SUFFIXES)))
    return out


def _name(p: Path) -> str:
    for base in (ROOT, ROOT.parent):
        try:
            return str(p.relative_to(base))
        except ValueError:
            continue
    return str(p)


def record(out: Path) -> None:
    from sgs_replay.formats.reader import UnreadableInput, read_path
    from sgs_replay.replay.validate import validate_parsed

    with out.open("w", encoding="utf-8") as fh:
        for p in _files():
            try:
                rep: dict[str, object] = validate_parsed(read_path(p)).report.public()
            except UnreadableInput as exc:
                rep = {"unreadable": str(exc).replace(str(p), "")}
            rep["file"] = _name(p)
            fh.write(json.dumps(rep, ensure_ascii=False, sort_keys=True) + "\n")


def compare(a: Path, b: Path) -> int:
    def load(p: Path) -> dict[str, str]:
        return {json.loads(line)["file"]: line for line in p.read_text(encoding="utf-8").splitlines()}

    def same(x: dict[str, object], y: dict[str, object]) -> bool:
        # a field added since (an empty list where the other recording has no such field) is no change
        keys = {k for k in x.keys() | y.keys() if not (x.get(k, []) == [] and y.get(k, []) == [])}
        return all(x.get(k) == y.get(k) for k in keys)

    before, after = load(a), load(b)
    changed = sorted(f for f in before.keys() & after.keys()
                     if before[f] != after[f] and not same(json.loads(before[f]), json.loads(after[f])))
    for f in sorted(before.keys() - after.keys()):
        print(f"gone: {f}")
    for f in sorted(after.keys() - before.keys()):
        print(f"new: {f}")
    for f in changed:
        x, y = json.loads(before[f]), json.loads(after[f])
        keys = sorted(k for k in x.keys() | y.keys() if x.get(k) != y.get(k))
        print(f"changed: {f} ({', '.join(keys)})")
    print(f"{len(before)} before, {len(after)} after, {len(changed)} changed")
    return 1 if changed or before.keys() != after.keys() else 0


def main(argv: list[str]) -> int:
    if any(a in ("-h", "--help") for a in argv):
        sys.stdout.write(__doc__ or "")
        return 0
    if any(a.startswith("-") for a in argv[1:]):
        sys.stderr.write(f"not a file name: {next(a for a in argv[1:] if a.startswith('-'))}\n{__doc__ or ''}")
        return 2
    if len(argv) == 2 and argv[0] == "record":
        record(Path(argv[1]))
        return 0
    if len(argv) == 3 and argv[0] == "compare":
        return compare(Path(argv[1]), Path(argv[2]))
    sys.stderr.write(__doc__ or "")
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
