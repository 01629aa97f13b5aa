"""How long the statistics take on a store of many games: `sgs-replay stats` and every dashboard page.

    python bench/bench_stats.py                          # 10,000 and 100,000 games
    python bench/bench_stats.py --games 10000 --no-apptest
    python bench/bench_stats.py --games 100000 --keep /tmp/sgs_bench

Building 100,000 games by loading 100,000 logs would take hours, so the store is built in two steps:

1. **Base**: real games are loaded the ordinary way (``load_paths``): copies of the ``.sgs.jsonl``
   files of ``sample_logs/``, each with its own header ``game_id``, player names drawn from a pool of
   300, a ``meta.date`` spread over two years and a ``meta.event``; and the FreeKill recordings
   (``.fk.rep``) under ``../shared`` when that folder exists. A copy that differs only in its id,
   names and meta is the same game to the store (same fingerprint) and is refused as a duplicate, so
   the base holds each distinct game once (about twenty), with the first copy's names and date.
2. **Multiplied**: inside DuckDB, every row of ``games``, ``players``, ``events`` and ``violations`` is
   copied as many times as needed, each copy with a fresh ``game_id``, ``fingerprint`` and file name,
   and the player names shifted through the pool, until the store holds N games.

The multiplied store is **for timing only**: its games are copies, so its statistics are the base's
numbers scaled, not anything to read. Its rows have the shape and volume of N real games (events with
their JSON and seat states included), which is what the queries' time depends on. When the store has
statistics aggregates (``sgs_replay.store.aggregates``), they are rebuilt after multiplying, and that
time is printed too (a real load pays it per game, in its own transaction).

What is timed, each with a fresh read-only connection and no Streamlit cache:

* every dashboard page's data work: the queries and ``sgs_replay.analysis.stats`` calls a render of that page
  with no widget touched makes (the table ``PAGES`` below), run the way the page runs them;
* ``sgs-replay stats --by X --format csv`` for every ``--by``, a whole process each (start-up included);
* unless ``--no-apptest``: one full render of each page through Streamlit's ``AppTest`` (the script
  run with its widgets and charts, no browser), cold cache.

Each time is printed as wall-clock time and as CPU time (this process's threads and the ``stats``
child process): on a shared machine the wall time also counts waiting for a core, the CPU time
does not. Run twice and read the second.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import date, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "dashboards"))

from sgs_replay.formats.reader import expand_paths  # noqa: E402

NAMES = [f"player{i:03d}" for i in range(300)]
SHARED = ROOT.parent / "shared"
#: every --by of `sgs-replay stats`
STATS_BY = ("general", "role", "seat", "side", "position", "player", "general,role", "general,seat", "pick",
            "players", "draft", "violations", "player-violations")


def make_logs(games: int, dest: Path) -> list[Path]:
    """``games`` logs: the sample logs over and over, each copy with its own id, names, date and event;
    and the FreeKill samples as they are."""
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
    for f in sorted(SHARED.glob("**/*.fk.rep")) if SHARED.is_dir() else ():
        if not (dest / f.name).exists():
            shutil.copy(f, dest / f.name)
            out.append(dest / f.name)
    return out


def build_base(db: Path, games: int, jobs: int) -> None:
    """Load ``games`` real games (and the FreeKill samples) into ``db`` unless it exists."""
    from sgs_replay.replay.pipeline import load_paths

    if db.is_file():
        return
    with tempfile.TemporaryDirectory() as tmp:
        files = make_logs(games, Path(tmp))
        t = time.perf_counter()
        summary = load_paths(files, db, jobs=jobs)
        print(f"base {db}: {summary.loaded} games loaded in {time.perf_counter() - t:.1f} s"
              f" ({len(summary.failed)} unreadable, {len(summary.duplicates)} duplicates)")


def _has_aggregates() -> bool:
    try:
        import sgs_replay.store.aggregates  # noqa: F401
    except ImportError:
        return False
    return True


def multiply(base: Path, db: Path, games: int) -> None:
    """``db``: ``base`` with every game copied until it holds ``games`` games (timing only)."""
    import duckdb

    if db.is_file():
        with duckdb.connect(str(db)) as con:
            if con.execute("SELECT count(*) FROM games").fetchone()[0] >= games:  # type: ignore[index]
                _aggregate(con)
                return
        db.unlink()
    t = time.perf_counter()
    shutil.copy(base, db)
    con = duckdb.connect(str(db))
    try:
        con.execute("SET memory_limit = '4GB'")
        n0 = con.execute("SELECT count(*) FROM games").fetchone()[0]  # type: ignore[index]
        copies = -(-games // n0) - 1
        ids = "(SELECT game_id FROM games WHERE game_id NOT LIKE '%~%' ORDER BY game_id LIMIT ?)"
        rename = "g.game_id || '~' || r.k"
        name = (f"CASE WHEN name LIKE 'player%' THEN printf('player%03d', "
                f"(try_cast(substr(name, 7) AS INTEGER) + 37 * r.k) % {len(NAMES)}) ELSE name END")
        step = max(1, 2000 // n0)  # about 2,000 games per statement
        # a copy's load number follows the base's, copy after copy (a store written before load_no has none)
        has_load_no = bool(con.execute("SELECT count(*) FROM information_schema.columns "
                                   "WHERE table_name = 'events' AND column_name = 'load_no'").fetchone()[0])  # type: ignore[index]
        renumber = f", g.load_no + r.k * {n0} AS load_no" if has_load_no else ""
        for k0 in range(1, copies + 1, step):
            k1 = min(copies + 1, k0 + step)
            # the last copy may be partial, so the store holds exactly ``games`` games
            todo = min(games - n0 * k0, n0 * (k1 - k0))
            if todo <= 0:
                break
            full, part = divmod(todo, n0)
            for lo, hi, limit in ((k0, k0 + full, n0), (k0 + full, k0 + full + 1, part)):
                if hi <= lo or limit == 0:
                    continue
                src = f"range({lo}, {hi}) r(k), {ids} keep"
                con.execute("BEGIN TRANSACTION")
                con.execute(f"""INSERT INTO games SELECT g.* REPLACE ({rename} AS game_id,
                                    g.fingerprint || '~' || r.k AS fingerprint, g.file || '~' || r.k AS file{renumber})
                                FROM games g, {src} WHERE g.game_id = keep.game_id""", [limit])
                con.execute(f"""INSERT INTO players SELECT g.* REPLACE ({rename} AS game_id, {name} AS name)
                                FROM players g, {src} WHERE g.game_id = keep.game_id""", [limit])
                for table in ("events", "violations"):
                    extra, order = (renumber, "g.load_no") if table == "events" and renumber else ("", "g.game_id")
                    con.execute(f"""INSERT INTO {table} SELECT g.* REPLACE ({rename} AS game_id{extra})
                                    FROM {table} g, {src} WHERE g.game_id = keep.game_id
                                    ORDER BY r.k, {order}""", [limit])
                con.execute("COMMIT")
        con.execute("CHECKPOINT")
        n = con.execute("SELECT (SELECT count(*) FROM games), (SELECT count(*) FROM events)").fetchone()
        print(f"multiplied {base.name} ×{copies + 1} → {db}: {n[0]} games, {n[1]} events "  # type: ignore[index]
              f"in {time.perf_counter() - t:.1f} s")
        _aggregate(con)
    finally:
        con.close()
    print(f"  {db.stat().st_size / 2**20:.0f} MiB")


def _aggregate(con: Any) -> None:
    """Build the statistics aggregates the store lacks (when this version has them)."""
    if not _has_aggregates():
        return
    from sgs_replay.store.aggregates import refresh_aggregates
    from sgs_replay.store.schema import create_all

    t = time.perf_counter()
    con.execute("BEGIN TRANSACTION")
    create_all(con)
    n = refresh_aggregates(con)
    con.execute("COMMIT")
    con.execute("CHECKPOINT")
    if n:
        print(f"  statistics aggregates of {n} games built in {time.perf_counter() - t:.1f} s")


# ------------------------------------------------------------------------------------------------ pages
def pages() -> dict[str, list[tuple[str, Callable[[Path], Any]]]]:
    """Each page's data work on first render, no widget touched: (label, call) pairs."""
    import queries as q

    from sgs_replay.analysis import stats

    none = stats.Filters()

    def sql(text: str, params: list[Any] | None = None) -> Callable[[Path], Any]:
        return lambda db: q.fetch_df(db, text, params)

    def stat(name: str, where: Any = none, **kwargs: Any) -> Callable[[Path], Any]:
        import msgspec

        return lambda db: q.fetch_stats(db, name, msgspec.json.encode(where).decode(),
                                        json.dumps(kwargs, sort_keys=True))

    def sidebar() -> list[tuple[str, Callable[[Path], Any]]]:
        import filters

        def options(db: Path) -> None:
            os.environ["SGS_REPLAY_DB"] = str(db)
            for _key, _label, text in filters.option_queries():
                q.fetch_df(db, text)

        return [("filter options", options)]

    check = [("db_problem", lambda db: q.db_problem(db))]
    ann = stats.Filters(player="player007")
    out: dict[str, list[tuple[str, Callable[[Path], Any]]]] = {
        "overview": [*check, ("TOTALS", sql(q.TOTALS)), ("GAMES_BY_MODE", sql(q.GAMES_BY_MODE)),
                     ("VIOLATIONS_BY_KIND", sql(q.VIOLATIONS_BY_KIND)),
                     ("VIOLATIONS_BY_RULE", sql(q.VIOLATIONS_BY_RULE)), ("GAME_TABLE", sql(q.GAME_TABLE, [q.GAME_TABLE_ROWS]))],
        "win_rates": [*check, *sidebar(), *[(f"win_rates by={by}", stat("win_rates", by=by, min_games=1))
                                            for by in ("general", "role", "seat", "side", "position",
                                                       ["general", "role"])]],
        "players": [*check, *sidebar(), ("player_stats", stat("player_stats"))],
        "players?player=player007": [
            *check, *sidebar(), ("player_stats", stat("player_stats", ann)),
            ("win_rates by=player,general", stat("win_rates", ann, by=["player", "general"])),
            ("violation_rates by=player", stat("violation_rates", ann, by="player")),
            ("violations_over_time", stat("violations_over_time", ann, player="player007"))],
        "draft": [*check, *sidebar(), ("draft_by_pick", stat("draft_by_pick", min_games=1)),
                  ("draft_by_pick (drafts)", stat("draft_by_pick")),
                  ("draft_stats", stat("draft_stats", min_games=1)),
                  ("win_rates by=position", stat("win_rates", by="position", min_games=1))],
        "violations": [*check, ("VIOLATION_KINDS", sql(q.VIOLATION_KINDS)),
                       ("VIOLATION_RULES", sql(q.VIOLATION_RULES, [None, None])),
                       ("VIOLATION_LIST", sql(q.VIOLATION_LIST, [None] * 8 + [5000]))],
    }
    viewer: list[tuple[str, Callable[[Path], Any]]] = [*check, ("GAME_COUNT", sql(q.GAME_COUNT)),
                                                      ("GAME_CHOICES", sql(q.GAME_CHOICES, [""] * 4))]

    def first_game(db: Path) -> str:
        return str(q.fetch_rows(db, "SELECT game_id FROM games ORDER BY game_id LIMIT 1")[0][0])

    def load_number(db: Path, gid: str) -> int | None:
        """The game's load number, as the viewer reads it (None in a store written before it existed)."""
        if not hasattr(q, "on_game"):
            return None
        got = q.fetch_rows(db, q.GAME_LOAD_NO, [gid])
        return None if not got or got[0][0] is None else int(got[0][0])

    for label, text, params in (("GAME_HEADER", q.GAME_HEADER, 1), ("GAME_PLAYERS", q.GAME_PLAYERS, 1),
                                ("GAME_EVENTS_ALL", q.GAME_EVENTS_ALL, 1), ("GAME_VIOLATIONS", q.GAME_VIOLATIONS, 1),
                                ("GAME_REPLAY_SOURCE", q.GAME_REPLAY_SOURCE, 1), ("GAME_EVENTS_UPTO", q.GAME_EVENTS_UPTO, 2)):
        def call(db: Path, text: str = text, params: int = params) -> Any:
            gid = first_game(db)
            args = {1: [gid], 2: [gid, 0], 3: [gid, gid, 0], 4: [gid, 0, gid, 0]}[params]
            return q.fetch_df(db, q.on_game(text, load_number(db, gid)), args)
        viewer.append((label, call))

    def replay(db: Path) -> Any:
        """The positions between the kept ones, as the viewer gets them: one replay of the stored game."""
        from sgs_replay.replay.records import replay_stored

        gid = first_game(db)
        header, ruleset = q.fetch_rows(db, q.GAME_REPLAY_SOURCE, [gid])[0]
        text = "SELECT line, json FROM events WHERE game_id = ? ORDER BY seq"
        load_no = load_number(db, gid)
        lines = q.fetch_rows(db, q.on_game(text, load_no) if load_no is not None else text, [gid])
        return replay_stored(header, lines, ruleset)

    viewer.append(("replay of the game (positions between the kept ones)", replay))
    out["game_viewer"] = viewer
    return out


#: CPU seconds of the last timed call: this process's threads and its finished children (the
#: machine may be shared, so wall time also counts waiting for a core; CPU time does not)
LAST_CPU = [0.0]


def timed(fn: Callable[[], Any]) -> float:
    t, c = time.perf_counter(), os.times()
    fn()
    dt, c2 = time.perf_counter() - t, os.times()
    LAST_CPU[0] = (c2.user - c.user) + (c2.system - c.system) + (c2.children_user - c.children_user) + (
        c2.children_system - c.children_system)
    return dt


def _line(label: str, wall: float, cpu: float, indent: int = 2) -> str:
    return f"{' ' * indent}{label:<{46 - indent}} {wall * 1000:8.0f} ms wall {cpu * 1000:8.0f} ms cpu"


def bench(db: Path, apptest: bool, verbose: bool) -> dict[str, float]:
    import duckdb

    with duckdb.connect(str(db), read_only=True) as con:
        n = con.execute("SELECT (SELECT count(*) FROM games), (SELECT count(*) FROM players), "
                    "(SELECT count(*) FROM events), (SELECT count(*) FROM violations)").fetchone()
    print(f"\n== {db}: {n[0]} games, {n[1]} players, {n[2]} events, {n[3]} violations")  # type: ignore[index]
    results: dict[str, float] = {}
    import pandas  # noqa: F401  - imported once by a running dashboard, not per page
    import polars  # noqa: F401

    import sgs_replay.report.render  # noqa: F401

    print("dashboard pages, data work (no cache; the connection as the dashboard keeps it):")
    import queries as q

    for page, calls in pages().items():
        if hasattr(q, "release"):
            q.release()  # each page opens the database once, as after a pause
        total = cpu = 0.0
        for label, call in calls:
            dt = timed(lambda call=call: call(db))
            total += dt
            cpu += LAST_CPU[0]
            if verbose:
                print(_line(label, dt, LAST_CPU[0], 4))
        results[f"page {page}"] = total
        results[f"page {page} (cpu)"] = cpu
        print(_line(page, total, cpu))
    print("sgs-replay stats --by X --format csv (a whole process each):")
    for by in STATS_BY:
        dt = timed(lambda by=by: subprocess.run(
            [sys.executable, "-m", "sgs_replay", "stats", "--db", str(db), "--by", by, "--format", "csv"],
            check=True, capture_output=True))
        results[f"stats --by {by}"] = dt
        results[f"stats --by {by} (cpu)"] = LAST_CPU[0]
        print(_line(by, dt, LAST_CPU[0]))
    if apptest:
        results.update(render_pages(db))
    return results


def render_pages(db: Path) -> dict[str, float]:
    import queries as q
    import streamlit as st
    from streamlit.testing.v1 import AppTest

    os.environ["SGS_REPLAY_DB"] = str(db)
    out = {}
    print("dashboard pages, one full AppTest render each (script run, widgets, charts; no browser), cold cache:")
    for page in ("overview", "win_rates", "players", "draft", "violations", "game_viewer"):
        path = str(ROOT / "dashboards" / "views" / f"{page}.py")
        st.cache_data.clear()
        if hasattr(q, "release"):
            q.release()
        at = AppTest.from_file(path, default_timeout=600)
        dt = timed(at.run)
        problems = [e.value for e in at.exception] + [e.value for e in at.error]
        out[f"render {page}"] = dt
        out[f"render {page} (cpu)"] = LAST_CPU[0]
        print(_line(page, dt, LAST_CPU[0]) + (f"  FAILED: {str(problems)[:200]}" if problems else ""))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, nargs="+", default=[10_000, 100_000])
    ap.add_argument("--base", type=int, default=9, help="copies of the sample logs loaded before multiplying")
    ap.add_argument("--keep", type=Path, default=Path(tempfile.gettempdir()) / "sgs_bench_stats",
                    help="folder of the stores (kept and reused)")
    ap.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1))
    ap.add_argument("--no-apptest", action="store_true", help="skip the full AppTest renders")
    ap.add_argument("--only", choices=("build", "bench"), help="only build the stores, or only time them")
    ap.add_argument("-v", "--verbose", action="store_true", help="each query's time too")
    args = ap.parse_args()
    args.keep.mkdir(parents=True, exist_ok=True)
    base = args.keep / f"base{args.base}.duckdb"
    build_base(base, args.base, args.jobs)
    summary: dict[int, dict[str, float]] = {}
    for n in args.games:
        db = args.keep / f"games{n}.duckdb"
        if args.only != "bench":
            multiply(base, db, n)
        if args.only != "build":
            summary[n] = bench(db, not args.no_apptest, args.verbose)
    if len(summary) > 1:
        print("\nsummary (ms):")
        labels = list(next(iter(summary.values())))
        print(f"  {'':<44}" + "".join(f"{n:>10}" for n in summary))
        for label in labels:
            print(f"  {label:<44}" + "".join(f"{summary[n].get(label, float('nan')) * 1000:10.0f}" for n in summary))


if __name__ == "__main__":
    main()
