"""The hostile-input fuzz run, big: thousands of generated bad inputs through validate, audit, load
and convert, counting tracebacks and measuring the peak memory of each input.

    python bench/fuzz_hostile.py                    # 10,000 inputs, 4 worker processes
    python bench/fuzz_hostile.py --inputs 50000 --jobs 8
    python bench/fuzz_hostile.py --kills 30         # also kill -9 a load 30 times at random moments

The generators are those of ``tests/hostile.py`` (the CI suite runs a few dozen of each:
``SGS_FUZZ_EXAMPLES`` raises that). Each worker is a fresh process whose peak RSS is measured per
input with ``resource``; a traceback is any exception other than the reader's ``UnreadableInput``.
"""

from __future__ import annotations

import argparse
import random
import resource
import sys
import tempfile
import time
import traceback
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]


def _inputs(seed: int, n: int) -> list[tuple[str, bytes]]:
    """``n`` generated inputs (name, bytes), reproducible from ``seed``."""
    import hostile as H
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    recordings = sorted((ROOT / "sample_logs" / "freekill").glob("*.fk.rep"))
    strategies: list[tuple[str, Any]] = [("fuzz.sgs.jsonl", H.jsonl_logs), ("bomb.fk.rep", H.cbor_bombs())]
    for rec in recordings[:3]:
        strategies.append(("fuzz.fk.rep", H.freekill_mutations(rec.read_bytes())))
    out: list[tuple[str, bytes]] = []
    rnd = random.Random(seed)

    def collector(name: str, strategy: Any, want: int) -> Any:
        @settings(max_examples=want, deadline=None, database=None, suppress_health_check=list(HealthCheck))
        @given(data=st.data())
        def collect(data: st.DataObject) -> None:
            out.append((name, data.draw(strategy)))

        return collect

    for name, strategy in strategies:
        collector(name, strategy, n // len(strategies))()
    rnd.shuffle(out)
    return out[:n]


def _one(item: tuple[int, str, bytes]) -> tuple[int, str | None, int, float]:
    """(index, traceback or None, peak RSS in MB after it, seconds)."""
    i, name, data = item
    sys.setrecursionlimit(1000)
    from test_hostile import _through_everything

    t0 = time.perf_counter()
    try:
        _through_everything(data, name)
        err = None
    except Exception:  # noqa: BLE001 - counted and shown: this is what the run looks for
        err = traceback.format_exc(limit=6)
    return i, err, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024, time.perf_counter() - t0


def _batch_load(inputs: list[tuple[str, bytes]]) -> str:
    """One load of every input plus good logs, through the CLI: every good game in, every bad file named."""
    import subprocess

    import hostile as H

    with tempfile.TemporaryDirectory() as tmp:
        d = Path(tmp) / "logs"
        d.mkdir()
        good = [H.log_bytes([H.header(game_id=f"good-{i}"), *H.EVENTS]) for i in range(20)]
        for i, g in enumerate(good):
            (d / f"good{i}.sgs.jsonl").write_bytes(g)
        for i, (name, data) in enumerate(inputs):
            (d / f"bad{i}.{name.split('.', 1)[1]}").write_bytes(data)
        r = subprocess.run([sys.executable, "-m", "sgs_replay", "load", str(d), "--db", str(Path(tmp) / "db.duckdb")],
                           capture_output=True, text=True, cwd=ROOT, timeout=3600)
        conv = subprocess.run([sys.executable, "-m", "sgs_replay", "convert", str(d), "--out", str(Path(tmp) / "c")],
                              capture_output=True, text=True, cwd=ROOT, timeout=3600)
        import duckdb

        con = duckdb.connect(str(Path(tmp) / "db.duckdb"), read_only=True)
        files = {Path(f).name for (f,) in con.execute("SELECT file FROM games").fetchall()}
        con.close()
        lost = [f"good{i}.sgs.jsonl" for i in range(len(good)) if f"good{i}.sgs.jsonl" not in files]
        tb = sum("Traceback" in x for x in (r.stderr, conv.stderr))
        return (f"batch load of {len(inputs)} bad + {len(good)} good files: exit {r.returncode}, games stored "
                f"{len(files)}, good games lost {len(lost)}, tracebacks {tb}; convert exit {conv.returncode}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--inputs", type=int, default=10_000)
    ap.add_argument("--jobs", type=int, default=4)
    ap.add_argument("--seed", type=int, default=10)
    ap.add_argument("--kills", type=int, default=0, help="also kill -9 a load this many times")
    ap.add_argument("--batch", type=int, default=300, help="bad files in the batch-load check")
    args = ap.parse_args()

    t0 = time.perf_counter()
    inputs = _inputs(args.seed, args.inputs)
    print(f"generated {len(inputs)} inputs in {time.perf_counter() - t0:.0f} s")
    tracebacks: list[str] = []
    peak, slowest = 0, 0.0
    with ProcessPoolExecutor(args.jobs, max_tasks_per_child=200) as pool:
        for _i, err, rss, secs in pool.map(_one, [(i, n, d) for i, (n, d) in enumerate(inputs)], chunksize=20):
            peak, slowest = max(peak, rss), max(slowest, secs)
            if err:
                tracebacks.append(err)
    print(f"validate + audit + store record: {len(inputs)} inputs, tracebacks {len(tracebacks)}, "
          f"peak RSS of a worker {peak} MB, slowest input {slowest:.2f} s")
    for tb in tracebacks[:5]:
        print(tb)
    print(_batch_load(inputs[:args.batch]))
    if args.kills:
        from test_hostile import _good_logs, kill_during_load, store_games

        from sgs_replay.replay.pipeline import load_paths

        bad = 0
        rnd = random.Random(args.seed)
        for _ in range(args.kills):
            with tempfile.TemporaryDirectory() as tmp:
                old, new = Path(tmp) / "old", Path(tmp) / "new"
                old.mkdir(), new.mkdir()
                for i, data in enumerate(_good_logs(60)):
                    ((old if i < 5 else new) / f"g{i}.sgs.jsonl").write_bytes(data)
                db = Path(tmp) / "db.duckdb"
                load_paths([old], db)
                kill_during_load(db, new, rnd.uniform(0.1, 3.0))
                ok = store_games(db) in (5, 60)
                s = load_paths([old, new], db)
                bad += not (ok and s.loaded + s.already == 60 and store_games(db) == 60)
        print(f"kill -9 during load: {args.kills} runs, old-or-new violated or next load failed: {bad}")
    print(f"total {time.perf_counter() - t0:.0f} s")
    sys.exit(1 if tracebacks else 0)


if __name__ == "__main__":
    main()
