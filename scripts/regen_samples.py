"""Regenerate the derived files of ``sample_logs/``:

* the converted FreeKill games of ``identity/``, ``maneuvering/`` and ``freekill-3v3/`` (from the
  recordings in ``../shared/peer/freekill/samples``, ``maneuvering`` and ``3v3``) and the recordings of
  ``freekill/``: each is exactly what ``sgs-replay convert`` writes today, so loading a sample next to
  its recording is seen as the same game;
* the simulated games of ``simulated/<ruleset>-<players>p/`` (:data:`SIMULATED`): the first two of what
  ``sgs-replay simulate --ruleset R --players N --games 2 --seed 1`` writes, without its ``coverage.json``;
  a 國戰 game's copy from nobody's view only in the folders of :data:`HIDDEN_VIEWS` (the tests of linked
  views load it); tests that need more games simulate their own;
* the series of ``series/`` (``scripts/series_samples.py``): simulated identity games with the header
  fields of a series and the players' names;
* ``golden.json``: the expected verdict on every sample, one line per file keyed by its path under
  ``sample_logs/``: the ruleset, the number of events, the result, the violations as ``rule line seat``,
  the desyncs, import problems and engine behaviours, and the unverifiable count (:func:`verdict`). A
  change of the engine that changes a verdict on a sample shows up as a one-line diff of this file, to be
  read and committed on purpose.

``python scripts/regen_samples.py`` rewrites them all; ``--check`` only compares and exits 1 on a drift
(``--first N`` regenerates only the first N games of each simulated folder for the comparison, which is
what ``tests/test_sample_logs.py`` runs).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "sample_logs"
RECORDINGS = ROOT.parent / "shared" / "peer" / "freekill" / "samples"
#: converted games of the other FreeKill folders: sample folder → the recordings they come from
CONVERTED = {"identity": RECORDINGS, "maneuvering": RECORDINGS.parent / "maneuvering",
             "freekill-3v3": RECORDINGS.parent / "3v3"}
#: simulated sample folders: (ruleset, players); each holds GAMES games of seed SEED
SIMULATED = [(rs, n) for rs in ("standard", "maneuvering", "freekill-standard", "freekill-maneuvering", "house-attrition",
                                  "house-anhun", "house-zhuanshi")
             for n in (5, 8)] \
    + [(f"3v3-{year}", 6) for year in (2010, 2011, 2012, 2013)] + [("freekill-3v3", 6), ("1v1-2013", 2), ("hulao", 4)] \
    + [("hegemony", 5), ("hegemony", 8), ("hegemony-aozhan", 6)]
GAMES = 2
SEED = 1
#: the simulated folders that also keep each game's copy from nobody's view (``.hidden.sgs.jsonl``)
HIDDEN_VIEWS = {("hegemony", 5)}
GOLDEN = SAMPLES / "golden.json"


def derived() -> dict[Path, bytes]:
    """Every derived sample file and the bytes it must hold."""
    from sgs_replay.importers import freekill
    from sgs_replay.importers.adapter import dated

    out: dict[Path, bytes] = {}
    for folder, recordings in CONVERTED.items():
        for f in sorted((SAMPLES / folder).glob("*.sgs.jsonl")):
            stamp = f.name.removesuffix(".sgs.jsonl")
            src = recordings / f"{stamp}.fk.rep"
            out[f] = freekill.to_jsonl(dated(freekill.convert(src.read_bytes(), src.name)))
    for f in sorted((SAMPLES / "freekill").glob("*.fk.rep")):
        out[f] = (RECORDINGS / f.name).read_bytes()
    return out


def simulated(first: int | None = None) -> dict[Path, bytes]:
    """The simulated sample games (the first ``first`` of each folder, or all) and their bytes. A game
    the engine finds a violation in stops the run: a sample is a legal game."""
    from sgs_replay.content import ruleset
    from sgs_replay.simulate.game import game_name, play_game

    out: dict[Path, bytes] = {}
    for name, players in SIMULATED:
        rs = ruleset(name)
        folder = SAMPLES / "simulated" / f"{name}-{players}p"
        for i in range(GAMES if first is None else min(first, GAMES)):
            o = play_game(rs, players, SEED, i, strict=True)
            out[folder / f"{game_name(rs, players, SEED, i)}.sgs.jsonl"] = b"\n".join(o.lines) + b"\n"
            if o.hidden is not None and (name, players) in HIDDEN_VIEWS:  # 國戰: the game from nobody's view
                out[folder / f"{game_name(rs, players, SEED, i)}.hidden.sgs.jsonl"] = b"\n".join(o.hidden) + b"\n"
    return out


def series() -> dict[Path, bytes]:
    """The games of the sample series (``series/``) and their bytes."""
    sys.path.insert(0, str(ROOT / "scripts"))
    from series_samples import OUT, build

    return {OUT / name: data for name, data in build()}


def stale_simulated() -> list[Path]:
    """Files of the simulated folders that the current list does not write (a folder or game dropped)."""
    keep = {SAMPLES / "simulated" / f"{name}-{players}p" for name, players in SIMULATED}
    names = {f"{name}-{players}p-{SEED}-{i + 1:04d}{kind}.sgs.jsonl" for name, players in SIMULATED for i in range(GAMES)
             for kind in ("", ".hidden") if not kind or (name, players) in HIDDEN_VIEWS}
    return sorted(p for p in (SAMPLES / "simulated").rglob("*") if p.is_file()
                  and (p.parent not in keep or p.name not in names))


def verdict(report: dict[str, Any]) -> dict[str, Any]:
    """The expected verdict kept for one sample: what a change of the engine must not change by accident
    (the rule, line and seat of each violation, the result, what could not be checked), not the wording."""
    result = report["result"]
    return {
        "ruleset": report["ruleset"],
        "events": report["events"],
        "result": None if result is None else f"{result['winner']} ({result['reason']})",
        "violations": [f"{v['rule']} line {v['line']} seat {v.get('seat')}" for v in report["violations"]],
        "desyncs": [f"line {d['line']}: {d['card']} in the {d['recording']}, replayed in the {d['engine']}"
                    for d in report["desyncs"]],
        "import_problems": [str(p.get("message", p)) if isinstance(p, dict) else str(p)
                            for p in report["import_problems"]],
        "engine_behaviour": len(report["engine_behaviour"]),
        "unverifiable": report["unverifiable"],
    }


def golden() -> bytes:
    """The expected verdict on every sample log as it is on disk, one line per file keyed by its path under
    sample_logs/, in path order."""
    from sgs_replay.formats.reader import expand_paths, read_path
    from sgs_replay.replay.validate import validate_parsed

    lines = []
    for f in sorted(expand_paths([SAMPLES]), key=lambda p: p.relative_to(SAMPLES).as_posix()):
        rel = f.relative_to(SAMPLES).as_posix()
        entry = verdict(validate_parsed(read_path(f)).report.public())
        lines.append(f" {json.dumps(rel, ensure_ascii=False)}: {json.dumps(entry, ensure_ascii=False)}")
    return ("{\n" + ",\n".join(lines) + "\n}\n").encode()


def _first(argv: list[str]) -> int | None:
    if "--first" not in argv:
        return None
    i = argv.index("--first")
    try:
        return int(argv[i + 1])
    except (IndexError, ValueError):
        sys.stderr.write("--first needs a number of games\n")
        raise SystemExit(2) from None


def main(argv: list[str]) -> int:
    if not RECORDINGS.is_dir():
        sys.stderr.write(f"the FreeKill recordings are not here: {RECORDINGS}\n")
        return 2
    files = {**derived(), **simulated(_first(argv)), **series()}
    drift = [p for p, data in files.items() if not p.is_file() or p.read_bytes() != data]
    if "--check" in argv:
        stale = stale_simulated()
        if not drift and not stale and (not GOLDEN.is_file() or GOLDEN.read_bytes() != golden()):
            drift.append(GOLDEN)
        for p in [*drift, *stale]:
            print(f"{'drift' if p in drift else 'stale'}: {p.relative_to(ROOT)}")
        return 1 if drift or stale else 0
    for p in stale_simulated():
        p.unlink()
    for p, data in files.items():
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_bytes(data)
    new = golden()
    if not GOLDEN.is_file() or GOLDEN.read_bytes() != new:
        drift.append(GOLDEN)
        GOLDEN.write_bytes(new)
    print(f"{len(drift)} file(s) rewritten")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
