"""One benchmark run: parse, validate, load and end to end, beside the references measured in the same run.

    python bench/run.py                      # 1,000 distinct games: the FreeKill recordings + simulations
    python bench/run.py --games 10000 --keep /tmp/corpus10k   # build once, reuse on the next run
    python bench/run.py LOGS_DIR             # your own logs, as they are
    python bench/run.py --skip-limits        # without the reference figures (msgspec, DuckDB, chess)
    python bench/run.py --pages 100000       # also every dashboard page in Chromium at 100,000 games

**The corpus is distinct games, never copies**: every FreeKill recording beside the checkout
(``../shared/peer/freekill``) converted once, then seeded simulations (``sgs-replay simulate``) of every
ruleset in turn until the count is reached. A 國戰 game's copy from nobody's view is left out: it is the
same game seen otherwise, which the store links to the first and does not load again. (Copies of one log
with new ids would measure the duplicate check, or a cache, not the work.)

**CPU is every process's.** The in-process figures (parse, validate, load) are per CPU second of this
process with one worker (``--jobs 1`` semantics: per core). The end-to-end load runs ``sgs-replay load``
as a child; this process is made a child subreaper (Linux ``PR_SET_CHILD_SUBREAPER``), so the worker
processes a forkserver starts are reaped here and their CPU is in ``RUSAGE_CHILDREN``: the figure counts
the CLI, the forkserver and every worker. Wall time and peak memory (the resident set of the whole
process tree, sampled every 0.1 s) are printed beside it.

**References, same run**: parse against msgspec's own decode of the same lines; validate against
python-chess reading PGN text (``chess.pgn.read_game``, which parses and checks every SAN move) and
replaying it with ``Board.push_san`` — text moves parsed and checked, the work that matches ours (install
the benchmark's extra: ``pip install -e '.[bench]'``); load against validate and DuckDB's own Arrow insert
of the same rows. The one-minute load average is printed beside every figure: on a shared machine a
figure taken at load 14 is not one taken at load 1.
"""

from __future__ import annotations

import argparse
import ctypes
import io
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

#: the rulesets simulated for the corpus, with their table sizes, taken in turn
SIMULATED = [("standard", 5), ("maneuvering", 8), ("3v3-2013", 6), ("1v1-2013", 2), ("hulao", 4),
             ("hegemony", 6), ("freekill-standard", 8), ("freekill-3v3", 6), ("house-zhuanshi", 5),
             ("maneuvering", 5), ("standard", 8), ("hegemony-aozhan", 6)]
SIM_BATCH = 50  # games per simulate run


def load_avg() -> str:
    return f"load {os.getloadavg()[0]:.1f}"


def converted_recordings(dest: Path) -> list[Path]:
    """Every FreeKill recording beside the checkout converted once (one folder per source folder)."""
    if not FREEKILL.is_dir():
        return []
    out: list[Path] = []
    folders = sorted({p.parent for p in FREEKILL.rglob("*.fk.rep")})
    for i, folder in enumerate(folders):
        target = dest / f"fk{i:02d}"
        recs = sorted(folder.glob("*.fk.rep"))
        subprocess.run([sys.executable, "-m", "sgs_replay", "convert", *map(str, recs), "--out", str(target), "-q"],
                       check=False, capture_output=True)
        out.extend(sorted(target.glob("*.sgs.jsonl")))
    return out


def simulated(games: int, dest: Path, jobs: int = 2) -> list[Path]:
    """``games`` seeded simulations, SIM_BATCH games a run, the rulesets in turn, ``jobs`` runs at once."""
    runs = []
    for i in range((games + SIM_BATCH - 1) // SIM_BATCH):
        ruleset, players = SIMULATED[i % len(SIMULATED)]
        n = min(SIM_BATCH, games - i * SIM_BATCH)
        runs.append([sys.executable, "-m", "sgs_replay", "simulate", "--ruleset", ruleset, "--players", str(players),
                     "--games", str(n), "--seed", str(1000 + i), "--out", str(dest / f"sim{i:04d}"), "-q"])
    running: list[subprocess.Popen[bytes]] = []
    for cmd in runs:
        while len(running) >= jobs:
            running.pop(0).wait()
        running.append(subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
    for p in running:
        p.wait()
    for hidden in dest.glob("sim*/*.hidden.sgs.jsonl"):  # the same games from nobody's view
        hidden.unlink()
    return sorted(dest.glob("sim*/*.sgs.jsonl"))


def build_corpus(games: int, dest: Path) -> list[Path]:
    """``games`` distinct games: the converted recordings first, then simulations."""
    dest.mkdir(parents=True, exist_ok=True)
    files = converted_recordings(dest)[:games]
    if len(files) < games:
        files += simulated(games - len(files), dest)[: games - len(files)]
    return files


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


def become_subreaper() -> bool:
    """Make this process the reaper of its orphaned descendants (Linux), so that the CPU of a forkserver's
    workers ends in this process's ``RUSAGE_CHILDREN``. False where the call is not available."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(36, 1, 0, 0, 0) == 0  # PR_SET_CHILD_SUBREAPER
    except (OSError, AttributeError):
        return False


def _reap_orphans() -> None:
    """Wait for every descendant re-parented to this process (workers outliving their parent)."""
    while True:
        try:
            pid, _ = os.waitpid(-1, 0)
        except ChildProcessError:
            return
        if pid == 0:
            return


def run_measured(cmd: list[str]) -> dict[str, float]:
    """Run a command: wall seconds, CPU seconds of it and every descendant, peak memory of the whole
    process tree (MB, sampled) and the exit code."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
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
    wall = time.perf_counter() - t0
    stop.set()
    th.join()
    _reap_orphans()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu_s = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return {"wall_s": wall, "cpu_s": cpu_s, "peak_mb": peak / 1e6, "exit": proc.returncode}


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


def chess_games(n: int, seed: int = 7) -> list[tuple[str, list[str]]]:
    """Seeded random legal games, as PGN text and their SAN moves."""
    import chess
    import chess.pgn

    rng = random.Random(seed)
    games = []
    for _ in range(n):
        b = chess.Board()
        sans: list[str] = []
        while not b.is_game_over() and len(sans) < 200:
            m = rng.choice(list(b.legal_moves))
            sans.append(b.san(m))
            b.push(m)
        games.append((str(chess.pgn.Game.from_board(b)), sans))
    return games


def bench_chess(games: list[tuple[str, list[str]]]) -> float:
    """python-chess reading each game's PGN text (``read_game`` parses and checks every SAN move) and
    replaying its moves with ``push_san`` (parsed and checked again, then played): moves per CPU second."""
    import chess
    import chess.pgn

    def replay() -> int:
        n = 0
        for text, sans in games:
            chess.pgn.read_game(io.StringIO(text))
            b = chess.Board()
            for san in sans:
                b.push_san(san)
                n += 1
        return n

    best = float("inf")
    for _ in range(3):  # best of three, as the parse
        t, n = cpu(replay)
        best = min(best, t)
    return n / best


def bench_validate(files: list[Path]) -> dict[str, float]:
    from sgs_replay.formats.reader import read_path
    from sgs_replay.replay.pipeline import bulk_gc
    from sgs_replay.replay.validate import validate_parsed

    def run() -> int:
        with bulk_gc():
            return sum(validate_parsed(read_path(f)).report.events for f in files)

    best = float("inf")
    for _ in range(3):  # best of three, as python-chess and the parse: the machine's speed drifts
        t, n = cpu(run)
        best = min(best, t)
    return {"events": n, "validate_ev_s": n / best, "cpu_s": best}


def bench_load(files: list[Path], db: Path, keep_rows: int) -> tuple[dict[str, float], list[dict[str, Any]]]:
    """``load_paths`` in this process (one worker): events per CPU second. Keeps the Arrow rows of the
    first ``keep_rows`` games, for DuckDB's own insert of the same rows."""
    from sgs_replay.replay.pipeline import load_paths

    kept: list[dict[str, Any]] = []

    def keep(rec: Any) -> None:
        tables = rec.arrow() if len(kept) < keep_rows else None
        if tables is not None:
            kept.append(tables)

    best = float("inf")
    for i in range(3):  # best of three, as validate (the rows are kept from the first)
        for stale in (db, Path(str(db) + ".wal")):
            stale.unlink(missing_ok=True)
        hook = keep if i == 0 else None
        t, s = cpu(lambda hook=hook: load_paths(files, db, jobs=1, on_game=hook, incremental=False))
        best = min(best, t)
        if s.failed or s.unreadable:
            print(f"  ({len(s.failed)} not processed, {len(s.unreadable)} unreadable)", file=sys.stderr)
    return {"games": s.loaded, "events": s.events, "load_ev_s": s.events / best, "cpu_s": best}, kept


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


def bench_end_to_end(corpus: Path, db: Path, jobs: int, events: int) -> dict[str, float]:
    for p in (db, Path(str(db) + ".wal")):
        p.unlink(missing_ok=True)
    r = run_measured([sys.executable, "-m", "sgs_replay", "load", str(corpus), "--db", str(db), "-q",
                      "--jobs", str(jobs)])
    r.update(jobs=jobs, events_per_wall_s=events / r["wall_s"], events_per_cpu_s=events / max(r["cpu_s"], 1e-9))
    return r


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("paths", nargs="*", type=Path, help="logs to use as they are (default: build a corpus)")
    ap.add_argument("--games", type=int, default=1000, help="distinct games in the corpus built (default 1000)")
    ap.add_argument("--keep", type=Path, help="build the corpus here and keep it (reused when it exists)")
    ap.add_argument("--jobs", type=int, nargs="*", default=[1, 2], help="worker counts of the end-to-end loads")
    ap.add_argument("--skip-limits", action="store_true", help="do not measure msgspec, DuckDB and python-chess")
    ap.add_argument("--json", type=Path, help="also write the figures to this JSON file")
    ap.add_argument("--pages", type=int, metavar="GAMES", help="also time every dashboard page in Chromium on the "
                    "loaded store multiplied to GAMES games (bench/pages.py; 100000 for the goal)")
    args = ap.parse_args()
    from sgs_replay.formats.reader import LOG_SUFFIXES, expand_paths

    reaper = become_subreaper()
    tmp = Path(tempfile.mkdtemp(prefix="sgs-run-"))
    try:
        if args.paths:
            files = [f for f in expand_paths(args.paths) if f.name.endswith(LOG_SUFFIXES)]
            corpus = args.paths[0] if len(args.paths) == 1 and args.paths[0].is_dir() else None
        else:
            root = args.keep or tmp / "corpus"
            if args.keep and args.keep.is_dir() and any(args.keep.iterdir()):
                files = sorted(p for p in root.rglob("*.sgs.jsonl"))
            else:
                print(f"building {args.games:,} distinct games in {root} …", flush=True)
                files = build_corpus(args.games, root)
            corpus = root
        print(f"{len(files):,} games; python {sys.version.split()[0]}, {os.cpu_count()} CPUs, {load_avg()}",
              flush=True)
        out: dict[str, Any] = {"files": len(files), "cpus": os.cpu_count()}
        datas = [(str(f), f.read_bytes()) for f in files]
        out["parse"] = r = bench_parse(datas)
        r["load_avg"] = os.getloadavg()[0]
        print(f"parse     {r['parse_ev_s']:>12,.0f} ev/CPU-s   msgspec decode {r['msgspec_ev_s']:>12,.0f} ev/s"
              f"   ratio {r['ratio']:.2f} (goal ≥ 0.4)   {load_avg()}", flush=True)
        del datas
        from sgs_replay.replay.pipeline import load_paths

        load_paths(files[:3], tmp / "warm.duckdb", incremental=False)  # imports and content tables, once
        out["validate"] = v = bench_validate(files)
        v["load_avg"] = os.getloadavg()[0]
        line = f"validate  {v['validate_ev_s']:>12,.0f} ev/CPU-s   {load_avg()}"
        if not args.skip_limits:
            try:
                chess_rate = bench_chess(chess_games(200))
            except ImportError:
                line += "   python-chess not installed (pip install -e '.[bench]'): no reference"
            else:
                v["chess_moves_s"] = chess_rate
                v["ratio_chess"] = v["validate_ev_s"] / chess_rate
                line += (f"\n          python-chess read_game + push_san {chess_rate:>10,.0f} moves/CPU-s   "
                         f"validate/chess {v['ratio_chess']:.2f} (goal ≥ 2.0)   {load_avg()}")
        print(line, flush=True)
        ld, kept = bench_load(files, tmp / "load.duckdb", keep_rows=0 if args.skip_limits else 2000)
        out["load"] = ld
        ld["ratio_validate"] = ld["load_ev_s"] / v["validate_ev_s"]
        ld["load_avg"] = os.getloadavg()[0]
        print(f"load      {ld['load_ev_s']:>12,.0f} ev/CPU-s   load/validate {ld['ratio_validate']:.2f} (goal ≥ 0.7)"
              f"   peak {peak_rss_mb():,.0f} MB (this process so far)   {load_avg()}", flush=True)
        if kept:
            out["duckdb"] = d = bench_duckdb(kept, tmp / "arrow.duckdb")
            del kept
            d["ratio_load"] = ld["load_ev_s"] / d["duckdb_ev_s"]
            print(f"          DuckDB Arrow insert of the same rows {d['duckdb_ev_s']:>10,.0f} ev/s "
                  f"({d['duckdb_no_state_ev_s']:,.0f} without the state column); load is {d['ratio_load']:.2f} of it",
                  flush=True)
        if args.pages:
            sys.path.insert(0, str(ROOT / "bench"))
            from pages import BUDGET_S, multiply, time_pages

            n = multiply(tmp / "load.duckdb", tmp / "pages.duckdb", args.pages)
            out["pages"] = {}
            for name, first, again in time_pages(tmp / "pages.duckdb"):
                if name == "(new server)":
                    out["pages"]["new_server_s"] = first
                    continue
                out["pages"][name] = {"first_s": first, "again_s": again}
                print(f"page {name:<12} first {first:5.2f} s, again {again:5.2f} s in Chromium at {n:,} games "
                      f"(goal < {BUDGET_S:g} s)   {load_avg()}", flush=True)
            (tmp / "pages.duckdb").unlink(missing_ok=True)
        out["end_to_end"] = []
        if corpus is None:
            print("end to end: skipped (name one folder to load it whole)")
        for j in args.jobs if corpus is not None else []:
            assert corpus is not None
            e = bench_end_to_end(corpus, tmp / f"e2e{j}.duckdb", j, int(ld["events"]))
            e["load_avg"] = os.getloadavg()[0]
            out["end_to_end"].append(e)
            cpu_note = "" if reaper else " (workers' CPU not counted: no subreaper)"
            print(f"end to end `sgs-replay load --jobs {j}`: {e['wall_s']:>7.1f} s wall, {e['cpu_s']:>7.1f} s CPU "
                  f"(every process){cpu_note}, {e['events_per_cpu_s']:>9,.0f} ev/CPU-s, peak {e['peak_mb']:,.0f} MB, "
                  f"exit {e['exit']}   {load_avg()}", flush=True)
        if len(out["end_to_end"]) > 1:
            base = out["end_to_end"][0]["wall_s"]
            print("scaling: " + ", ".join(f"{e['jobs']} worker(s) {base / e['wall_s']:.2f}×" for e in out["end_to_end"])
                  + " (goal ≥ 1.7× at 2; end to end goal < 60 s and < 1 GB for 10,000 games)")
        if args.json:
            args.json.write_text(json.dumps(out, indent=1))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
