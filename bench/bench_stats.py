"""How long the statistics take on a store of many games: `sgs-replay stats` and every dashboard page.

    python bench/bench_stats.py                    # 2,000 games (copies of sample_logs/), built once
    python bench/bench_stats.py --games 10000 --db /tmp/big.duckdb

The copies differ in content (game_id, player names drawn from a pool of 300, and a meta.date
spread over two years), so each one is a game of its own to the store and the per-player and date
filters have something to do. The database is kept (``--db``) and reused when it already holds
the number of games asked for.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from datetime import date, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from sgs_replay.reader import expand_paths  # noqa: E402

NAMES = [f"player{i:03d}" for i in range(300)]


def make_logs(games: int, dest: Path) -> list[Path]:
    """``games`` logs: the sample logs over and over, each copy with its own id, names and date."""
    sources = [f for f in expand_paths([ROOT / "sample_logs"]) if f.name.endswith(".sgs.jsonl")]
    rng = random.Random(16)
    out = []
    for i in range(games):
        f = sources[i % len(sources)]
        head, _, rest = f.read_bytes().partition(b"\n")
        header = json.loads(head)
        header["game_id"] = f"{header.get('game_id') or f.stem}-copy{i:06d}"
        for p in header.get("players", []):
            p["name"] = rng.choice(NAMES)
        meta = dict(header.get("meta") or {})
        meta["date"] = (date(2024, 1, 1) + timedelta(days=rng.randrange(730))).isoformat()
        meta["event"] = rng.choice(["Spring cup", "Club night", "League"])
        meta.pop("match", None)  # each copy stands alone
        header["meta"] = meta
        path = dest / f"g{i:06d}.sgs.jsonl"
        path.write_bytes(json.dumps(header, ensure_ascii=False).encode() + b"\n" + rest)
        out.append(path)
    return out


def build(db: Path, games: int, jobs: int) -> None:
    from sgs_replay.pipeline import load_paths
    from sgs_replay.store.stats import counts

    if db.is_file() and counts(db)["games"] >= games:
        return
    with tempfile.TemporaryDirectory() as tmp:
        files = make_logs(games, Path(tmp))
        t = time.perf_counter()
        summary = load_paths(files, db, jobs=jobs)
        print(f"built {db}: {summary.loaded} games in {time.perf_counter() - t:.1f} s")


def timed(label: str, fn) -> float:  # type: ignore[no-untyped-def]
    t = time.perf_counter()
    fn()
    dt = time.perf_counter() - t
    print(f"  {label:<44} {dt * 1000:8.0f} ms")
    return dt


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--db", type=Path, default=Path(tempfile.gettempdir()) / "sgs_bench_stats.duckdb")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--no-pages", action="store_true", help="skip the dashboard pages")
    args = ap.parse_args()
    build(args.db, args.games, args.jobs)

    from sgs_replay import stats
    from sgs_replay.store.stats import counts

    n = counts(args.db)
    print(f"{n['games']} games, {n['players']} players, {n['events']} events, {n['violations']} violations")
    print("sgs_replay.stats (one fresh connection each):")
    for by in ("general", "role", "seat", "side", "position", "player", ("general", "role"), "pick"):
        timed(f"win_rates(by={by!r})", lambda by=by: stats.win_rates(args.db, by=by))
    timed("win_rates(by='general', mode=identity, from=2025-01-01)", lambda: stats.win_rates(
        args.db, by="general", where=stats.Filters(mode="identity", date_from=date(2025, 1, 1))))
    timed("player_stats()", lambda: stats.player_stats(args.db))
    timed("player_stats(player=player007)", lambda: stats.player_stats(args.db, where=stats.Filters(player="player007")))
    timed("draft_stats()", lambda: stats.draft_stats(args.db))
    timed("violation_rates(by='rule')", lambda: stats.violation_rates(args.db))
    timed("violation_rates(by='player')", lambda: stats.violation_rates(args.db, "player"))
    print("the command, a whole process each:")
    for by in ("general", "players", "draft"):
        timed(f"sgs-replay stats --by {by}", lambda by=by: subprocess.run(
            [sys.executable, "-m", "sgs_replay", "stats", "--db", str(args.db), "--by", by, "--format", "csv"],
            check=True, capture_output=True))
    if args.no_pages:
        return
    import streamlit as st
    from streamlit.testing.v1 import AppTest

    os.environ["SGS_REPLAY_DB"] = str(args.db)
    print("dashboard pages (AppTest, cache cleared before each; the script run only, no browser):")
    for page in ("overview", "win_rates", "players", "draft", "violations", "game_viewer"):
        path = ROOT / "dashboards" / "views" / f"{page}.py"
        AppTest.from_file(str(path), default_timeout=120).run()  # imports warmed
        st.cache_data.clear()
        timed(f"{page} (cold cache)", lambda path=path: AppTest.from_file(str(path), default_timeout=120).run())
        timed(f"{page} (warm cache)", lambda path=path: AppTest.from_file(str(path), default_timeout=120).run())
    at = AppTest.from_file(str(ROOT / "dashboards" / "views" / "players.py"), default_timeout=120)
    at.query_params["player"] = "player007"
    st.cache_data.clear()
    timed("players?player=player007 (cold cache)", at.run)


if __name__ == "__main__":
    main()
