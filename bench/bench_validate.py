"""Throughput of parse + validate, and of `load` into DuckDB.

    python bench/bench_validate.py                 # the shared scenarios and sample_logs/, 50 copies each
    python bench/bench_validate.py --copies 200 --jobs 4
    python bench/bench_validate.py LOGS_DIR …      # your own logs (used as they are)

Copies get a distinct ``game_id`` in their header, so each one is a different game to the store
(its id is the content hash) and the load really inserts every copy.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from sgs_replay.formats.reader import UnreadableInput, expand_paths, read_path  # noqa: E402
from sgs_replay.replay.validate import validate_parsed  # noqa: E402


def default_sources() -> list[Path]:
    out = [ROOT.parent / "shared" / "scenarios", ROOT / "sample_logs"]
    return [p for p in out if p.is_dir()]


def replicate(sources: list[Path], copies: int, dest: Path) -> list[Path]:
    """Write ``copies`` copies of every log, each with its own game_id."""
    files = [f for f in expand_paths(sources) if f.name.endswith(".sgs.jsonl")]
    out = []
    for f in files:
        data = f.read_bytes()
        head, _, rest = data.partition(b"\n")
        try:
            header = json.loads(head)
        except ValueError:
            continue
        base = header.get("game_id") or f.name.removesuffix(".sgs.jsonl")
        for i in range(copies):
            header["game_id"] = f"{base}-copy{i:04d}"
            p = dest / f"{f.name.removesuffix('.sgs.jsonl')}-{i:04d}.sgs.jsonl"
            p.write_bytes(json.dumps(header, ensure_ascii=False).encode() + b"\n" + rest)
            out.append(p)
    return out


def timed(label: str, fn: Callable[[], tuple[int, int]]) -> dict[str, float]:
    """Wall time and this process's CPU time (steadier on a busy machine; excludes worker processes)."""
    t0, c0 = time.perf_counter(), time.process_time()
    games, events = fn()
    dt, cpu = time.perf_counter() - t0, time.process_time() - c0
    row = {"games": games, "events": events, "seconds": dt, "cpu_seconds": cpu,
           "games_per_s": games / dt if dt else 0.0, "events_per_s": events / dt if dt else 0.0}
    print(f"{label:<30} {games:>6} games {events:>8} events {dt:>7.2f} s wall {cpu:>7.2f} s cpu "
          f"{row['games_per_s']:>7.0f} games/s {row['events_per_s']:>8.0f} events/s", flush=True)
    return row


def _each_log(files: list[Path], work: Callable[[Any], None]) -> tuple[int, int]:
    """Read every file (unreadable ones skipped), run ``work`` on it; count games and events."""
    games = events = 0
    for f in files:
        try:
            p = read_path(f)
        except UnreadableInput:
            continue
        work(p)
        games += 1
        events += len(p.events)
    return games, events


def parse_only(files: list[Path]) -> tuple[int, int]:
    return _each_log(files, lambda p: None)


def parse_validate(files: list[Path]) -> tuple[int, int]:
    return _each_log(files, validate_parsed)


def parse_validate_snapshots(files: list[Path]) -> tuple[int, int]:
    from sgs_replay.replay.records import replay_with_snapshots

    return _each_log(files, replay_with_snapshots)


def load(files: list[Path], db: Path, **kw: object) -> tuple[int, int]:
    from sgs_replay.replay.pipeline import load_paths

    for p in (db, Path(str(db) + ".wal")):
        p.unlink(missing_ok=True)
    s = load_paths(files, db, **kw)  # type: ignore[arg-type]
    if s.failed or s.unreadable:
        print(f"  ({len(s.failed)} not processed, {len(s.unreadable)} unreadable)", file=sys.stderr)
    return s.loaded, s.events


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("paths", nargs="*", type=Path, help="logs to use as they are (default: replicate the samples)")
    ap.add_argument("--copies", type=int, default=50, help="copies of each sample log (default 50)")
    ap.add_argument("--jobs", type=int, default=min(4, os.cpu_count() or 1),
                    help="workers for the parallel load (default: CPUs, at most 4)")
    ap.add_argument("--json", action="store_true", help="print the results as JSON too")
    args = ap.parse_args()

    tmp = Path(tempfile.mkdtemp(prefix="sgs-bench-"))
    try:
        if args.paths:
            files = list(expand_paths(args.paths))
        else:
            sources = default_sources()
            if not sources:
                sys.exit("no logs: pass paths, or check out ../shared/scenarios beside the repository")
            (tmp / "logs").mkdir()
            files = replicate(sources, args.copies, tmp / "logs")
        load_avg = f", load average {os.getloadavg()[0]:.1f}" if hasattr(os, "getloadavg") else ""
        print(f"{len(files)} files, python {sys.version.split()[0]}, {os.cpu_count()} CPUs{load_avg}\n", flush=True)
        # warm up: content tables, rulesets, DuckDB and pyarrow are loaded once per process
        parse_validate(files[:5])
        load(files[:5], tmp / "warmup.duckdb")
        results = {
            "parse": timed("parse", lambda: parse_only(files)),
            "parse+validate": timed("parse + validate", lambda: parse_validate(files)),
            "parse+validate+snapshots": timed("parse + validate + snapshots", lambda: parse_validate_snapshots(files)),
            "load": timed("load → DuckDB", lambda: load(files, tmp / "bench.duckdb")),
            "load (no snapshots)": timed("load → DuckDB, no snapshots",
                                         lambda: load(files, tmp / "bench.duckdb", snapshots=False)),
        }
        if args.jobs > 1:
            results[f"load (jobs={args.jobs})"] = timed(f"load → DuckDB, {args.jobs} workers",
                                                        lambda: load(files, tmp / "bench.duckdb", jobs=args.jobs))
        size = (tmp / "bench.duckdb").stat().st_size
        print(f"\ndatabase size {size / 1e6:.1f} MB")
        if args.json:
            print(json.dumps(results, indent=1))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
