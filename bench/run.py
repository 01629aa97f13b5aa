"""One benchmark run: parse, validate, load and end to end, beside the limits measured in the same run.

    python bench/run.py                      # 1,000 games built from the converted FreeKill samples
    python bench/run.py --games 10000        # a bigger corpus (built once per run, in a temporary folder)
    python bench/run.py LOGS_DIR             # your own logs, as they are
    python bench/run.py --skip-limits        # without the reference figures (msgspec, DuckDB, chess)

The corpus: copies of the logs converted from the FreeKill recordings beside the checkout
(``../shared/peer/freekill``, converted with ``sgs-replay convert``; else ``sample_logs/``). Each copy
gets its own header ``game_id`` and ``meta.game``, so it is a game of its own to the store (a different
content id and a different fingerprint) and the load really inserts every copy.

Figures are per CPU second of this process (steady on a shared machine) and, for the end-to-end load
in worker processes, per wall second. Each is printed beside the limit it is measured against:

* parse (bytes → typed, checked events) against msgspec's own decode of the same lines;
* validate (parse + rules engine) against python-chess reading and replaying seeded random games
  (installed only for the benchmark: ``pip install chess``; skipped when it is missing);
* load (validate + records + DuckDB) against the validate rate, and DuckDB's own insert of the same
  rows from Arrow.

Peak memory is the maximum resident set size of the process (and, for the end-to-end run, of its
workers), from ``resource.getrusage``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

FREEKILL = ROOT.parent / "shared" / "peer" / "freekill"


def source_logs(tmp: Path) -> list[Path]:
    """The logs copies are made of: the FreeKill recordings converted, else sample_logs/identity."""
    recs = sorted(FREEKILL.rglob("*.fk.rep")) if FREEKILL.is_dir() else []
    if recs:
        out = tmp / "converted"
        subprocess.run([sys.executable, "-m", "sgs_replay", "convert", *map(str, recs), "--out", str(out)],
                       check=False, capture_output=True)
        found = sorted(out.glob("*.sgs.jsonl"))
        if found:
            return found
    return sorted((ROOT / "sample_logs" / "identity").glob("*.sgs.jsonl"))


def build_corpus(sources: list[Path], games: int, dest: Path) -> list[Path]:
    """``games`` files, round-robin copies of ``sources``, each with its own game_id and meta.game."""
    dest.mkdir(parents=True, exist_ok=True)
    parts = []
    for f in sources:
        head, _, rest = f.read_bytes().partition(b"\n")
        parts.append((f.name.removesuffix(".sgs.jsonl"), json.loads(head), rest))
    out = []
    for i in range(games):
        stem, header, rest = parts[i % len(parts)]
        header = {**header, "game_id": f"{stem}-copy{i:06d}", "meta": {**header.get("meta", {}), "game": f"copy{i:06d}"}}
        p = dest / f"{i:06d}-{stem}.sgs.jsonl"
        p.write_bytes(json.dumps(header, ensure_ascii=False).encode() + b"\n" + rest)
        out.append(p)
    return out


def peak_rss_mb() -> float:
    """This process's peak resident set size so far, in MB."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _tree_rss(pid: int) -> int:
    """Resident bytes of a process and all its descendants (Linux /proc)."""
    children: dict[int, list[int]] = {}
    rss: dict[int, int] = {}
    page = os.sysconf("SC_PAGE_SIZE")
    for d in Path("/proc").iterdir():
        if not d.name.isdigit():
            continue
        try:
            stat = (d / "stat").read_text().rsplit(")", 1)[1].split()
            rss[int(d.name)] = int(stat[21]) * page
            children.setdefault(int(stat[1]), []).append(int(d.name))
        except (OSError, IndexError, ValueError):
            continue
    total, todo = 0, [pid]
    while todo:
        p = todo.pop()
        total += rss.get(p, 0)
        todo.extend(children.get(p, []))
    return total


def run_measured(cmd: list[str]) -> tuple[float, float, int]:
    """Run a command: wall seconds, peak memory of its whole process tree (MB, sampled), exit code."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    peak = 0
    stop = threading.Event()

    def sample() -> None:
        nonlocal peak
        while not stop.is_set():
            peak = max(peak, _tree_rss(proc.pid))
            stop.wait(0.1)

    th = threading.Thread(target=sample, daemon=True)
    th.start()
    proc.wait()
    stop.set()
    th.join()
    return time.perf_counter() - t0, peak / 1e6, proc.returncode


def cpu(fn: Any) -> tuple[float, Any]:
    c0 = time.process_time()
    out = fn()
    return time.process_time() - c0, out


def bench_parse(datas: list[tuple[str, bytes]]) -> dict[str, float]:
    """parse_bytes on every file, beside msgspec decoding the same lines into the same structs."""
    import msgspec

    from sgs_replay.formats import events as ev
    from sgs_replay.formats.reader import parse_bytes

    head, event = msgspec.json.Decoder(ev.Game), msgspec.json.Decoder(ev.Event)

    def decode() -> int:
        n = 0
        for _, d in datas:
            lines = d.split(b"\n")
            head.decode(lines[0])
            for line in lines[1:]:
                if line:
                    event.decode(line)
                    n += 1
        return n

    def parse() -> int:
        return sum(len(parse_bytes(d, name).events) for name, d in datas)

    best_m = best_p = float("inf")
    for _ in range(3):  # best of three: the machine is shared
        m, n = cpu(decode)
        p, n2 = cpu(parse)
        best_m, best_p = min(best_m, m), min(best_p, p)
    return {"events": n2, "parse_ev_s": n2 / best_p, "msgspec_ev_s": n / best_m, "ratio": (n2 / best_p) / (n / best_m)}


def chess_games(n: int, seed: int = 7) -> list[list[str]]:
    """Seeded random legal games (UCI moves), as the text python-chess will read back."""
    import chess

    rng = random.Random(seed)
    games = []
    for _ in range(n):
        b = chess.Board()
        moves: list[str] = []
        while not b.is_game_over() and len(moves) < 200:
            m = rng.choice(list(b.legal_moves))
            moves.append(m.uci())
            b.push(m)
        games.append(moves)
    return games


def bench_chess(games: list[list[str]]) -> float:
    """python-chess reading every move and replaying it with full legality checks: moves per CPU second."""
    import chess

    def replay() -> int:
        n = 0
        for moves in games:
            b = chess.Board()
            for u in moves:
                b.push(b.parse_uci(u))  # parse_uci checks the move is legal here
                n += 1
            b.is_game_over()
        return n

    t, n = cpu(replay)
    return n / t


def bench_validate(files: list[Path]) -> dict[str, float]:
    from sgs_replay.formats.reader import read_path
    from sgs_replay.replay.pipeline import bulk_gc
    from sgs_replay.replay.validate import validate_parsed

    def run() -> int:
        with bulk_gc():
            return sum(validate_parsed(read_path(f)).report.events for f in files)

    t, n = cpu(run)
    return {"events": n, "validate_ev_s": n / t, "cpu_s": t}


def bench_load(files: list[Path], db: Path, keep_rows: int) -> tuple[dict[str, float], list[dict[str, Any]]]:
    """``load_paths`` in this process (one worker): events per CPU second. Keeps the Arrow rows of the
    first ``keep_rows`` games, for DuckDB's own insert of the same rows."""
    from sgs_replay.replay.pipeline import load_paths

    kept: list[dict[str, Any]] = []

    def keep(rec: Any) -> None:
        if len(kept) < keep_rows and rec.tables is not None:
            kept.append(rec.tables)

    t, s = cpu(lambda: load_paths(files, db, jobs=1, on_game=keep, incremental=False))
    if s.failed or s.unreadable:
        print(f"  ({len(s.failed)} not processed, {len(s.unreadable)} unreadable)", file=sys.stderr)
    return {"games": s.loaded, "events": s.events, "load_ev_s": s.events / t, "cpu_s": t}, kept


def bench_duckdb(tables: list[dict[str, Any]], db: Path) -> dict[str, float]:
    """DuckDB inserting the same rows from Arrow, in one transaction, into the same schema (commit and
    close included): the limit of the load's writing side."""
    import duckdb
    import pyarrow as pa

    from sgs_replay.store.loader import insert_table
    from sgs_replay.store.schema import DATA_TABLES, create_all

    batches = {name: pa.concat_tables([t[name] for t in tables]) for name in DATA_TABLES}
    events = batches["events"].num_rows

    def insert(with_state: bool) -> float:
        db.unlink(missing_ok=True)
        c0 = time.process_time()
        con = duckdb.connect(str(db))
        con.execute("BEGIN TRANSACTION")
        create_all(con)
        for name, table in batches.items():
            if name == "events" and not with_state:
                table = table.set_column(table.schema.get_field_index("state"), "state",
                                         pa.nulls(table.num_rows, table.schema.field("state").type))
            insert_table(con, name, table)
        con.execute("COMMIT")
        con.close()
        return events / (time.process_time() - c0)

    return {"events": events, "duckdb_ev_s": insert(True), "duckdb_no_state_ev_s": insert(False)}


def bench_end_to_end(corpus: Path, db: Path, jobs: int) -> dict[str, float]:
    for p in (db, Path(str(db) + ".wal")):
        p.unlink(missing_ok=True)
    wall, peak, rc = run_measured([sys.executable, "-m", "sgs_replay", "load", str(corpus), "--db", str(db),
                                   "-q", "--jobs", str(jobs)])
    return {"jobs": jobs, "wall_s": wall, "peak_mb": peak, "exit": rc}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("paths", nargs="*", type=Path, help="logs to use as they are (default: build a corpus)")
    ap.add_argument("--games", type=int, default=1000, help="games in the corpus built (default 1000)")
    ap.add_argument("--keep", type=Path, help="build the corpus here and keep it (reused when it exists)")
    ap.add_argument("--jobs", type=int, nargs="*", default=[1, 2], help="worker counts of the end-to-end loads")
    ap.add_argument("--skip-limits", action="store_true", help="do not measure msgspec, DuckDB and python-chess")
    ap.add_argument("--json", type=Path, help="also write the figures to this JSON file")
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="sgs-run-"))
    try:
        if args.keep and args.keep.is_dir() and any(args.keep.iterdir()):
            files = sorted(args.keep.glob("*.sgs.jsonl"))
        else:
            files = build_corpus(source_logs(tmp), args.games, args.keep or tmp / "corpus")
        corpus = files[0].parent
        print(f"{len(files)} files in {corpus}; python {sys.version.split()[0]}, {os.cpu_count()} CPUs, "
              f"load average {os.getloadavg()[0]:.1f}", flush=True)
        out: dict[str, Any] = {"files": len(files)}
        datas = [(str(f), f.read_bytes()) for f in files]
        out["parse"] = r = bench_parse(datas)
        print(f"parse     {r['parse_ev_s']:>12,.0f} ev/CPU-s   msgspec decode {r['msgspec_ev_s']:>12,.0f} ev/s"
              f"   ratio {r['ratio']:.2f} (goal ≥ 0.4)", flush=True)
        del datas
        from sgs_replay.replay.pipeline import load_paths

        load_paths(files[:3], tmp / "warm.duckdb", incremental=False)  # imports and content tables, once
        out["validate"] = v = bench_validate(files)
        line = f"validate  {v['validate_ev_s']:>12,.0f} ev/CPU-s"
        if not args.skip_limits:
            try:
                chess_rate = bench_chess(chess_games(200))
            except ImportError:
                line += "   python-chess not installed (pip install chess): no reference"
            else:
                v["chess_moves_s"] = chess_rate
                v["ratio_chess"] = v["validate_ev_s"] / chess_rate
                line += (f"   python-chess read+replay {chess_rate:>10,.0f} moves/s   ratio {v['ratio_chess']:.2f}×"
                         " (goal ≥ 3×)")
        print(line, flush=True)
        ld, kept = bench_load(files, tmp / "load.duckdb", keep_rows=0 if args.skip_limits else 2000)
        out["load"] = ld
        ld["ratio_validate"] = ld["load_ev_s"] / v["validate_ev_s"]
        line = (f"load      {ld['load_ev_s']:>12,.0f} ev/CPU-s   {ld['ratio_validate']:.2f} of validate (goal ≥ 0.7)"
                f"   peak {peak_rss_mb():,.0f} MB (this process so far)")
        print(line, flush=True)
        if kept:
            out["duckdb"] = d = bench_duckdb(kept, tmp / "arrow.duckdb")
            del kept
            d["ratio_load"] = ld["load_ev_s"] / d["duckdb_ev_s"]
            print(f"          DuckDB Arrow insert of the same rows {d['duckdb_ev_s']:>10,.0f} ev/s "
                  f"({d['duckdb_no_state_ev_s']:,.0f} without the state column); load is {d['ratio_load']:.2f} of it",
                  flush=True)
        out["end_to_end"] = []
        for j in args.jobs:
            e = bench_end_to_end(corpus, tmp / f"e2e{j}.duckdb", j)
            e["events_per_wall_s"] = ld["events"] / e["wall_s"]
            out["end_to_end"].append(e)
            print(f"end to end `sgs-replay load --jobs {j}`: {e['wall_s']:>7.1f} s wall, {e['events_per_wall_s']:>9,.0f} "
                  f"ev/s, peak {e['peak_mb']:,.0f} MB (all processes), exit {e['exit']}", flush=True)
        if len(out["end_to_end"]) > 1:
            base = out["end_to_end"][0]["wall_s"]
            print("scaling: " + ", ".join(f"{e['jobs']} worker(s) {base / e['wall_s']:.2f}×" for e in out["end_to_end"]))
        if args.json:
            args.json.write_text(json.dumps(out, indent=1))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
