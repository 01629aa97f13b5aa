"""Every dashboard page timed in a real browser, on a store as large as asked (default 100,000 games).

    python bench/pages.py LOGS_DIR                    # load LOGS_DIR, multiply its games to 100,000, time the pages
    python bench/pages.py --store small.duckdb --games 100000 --keep /tmp/big.duckdb
    python bench/pages.py --big /tmp/big.duckdb       # time the pages of a store already built

**The large store is built inside DuckDB**, cheaply: every row of every table of a small store is
copied ``k`` times with new game ids (``<id>~<k>``), new files, fingerprints, load numbers and
aggregate numbers, so the copies are distinct games to every query (their rows, events and
violations are the small store's, repeated). The copies are inserted one after the other, each in the
small store's order, so a game's events stay together in load-number order, as a load writes them.

**A page's time** is from the navigation to the moment Streamlit says the script has finished and
the page's heading is drawn, in Chromium (``which chromium``) driven by Playwright. Each page is
opened twice: the first opening runs its queries (the server's cache is cold for them), the second
reads them from the cache; the budget, 1 s, is for both. A new server's first page (the series page,
opened before the others) pays the server's imports, once: it is printed on its own line.
The one-minute load average is printed beside: on a shared machine a figure taken at load 10 is not
one taken at load 1. Exits 1 when a page is over the budget.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

from sgs_replay.cli.server import serving

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
APP = ROOT / "dashboards" / "app.py"

#: (url path, heading) of every page the browser opens
PAGES = [("", "Sanguosha match logs"), ("win_rates", "Win rates"), ("players", "Players"), ("draft", "3v3 draft"),
         ("violations", "Violation explorer"), ("game_viewer", "Game viewer"), ("series", "Series standings")]
BUDGET_S = 1.0
#: true once Streamlit has finished running the page's script
_DONE = ("() => { const a = document.querySelector('[data-testid=\"stApp\"]');"
         " return a && a.getAttribute('data-test-script-state') === 'notRunning'; }")

#: columns given a new value in each copy (``k`` is the copy's number, 0 keeps the original)
_TEXT_KEYS = ("game_id", "fingerprint", "file", "path")
_NUMBER_KEYS = {"load_no": "games", "gno": "stat_games"}


def multiply(small: Path, big: Path, games: int) -> int:
    """Copy every table of ``small`` into ``big`` as many times as it takes to hold ``games`` games."""
    import duckdb

    from sgs_replay.store.aggregates import refresh_violation_counts
    from sgs_replay.store.schema import create_all

    big.unlink(missing_ok=True)
    con = duckdb.connect(str(big))
    con.execute(f"ATTACH '{small}' AS small (READ_ONLY)")
    n = con.execute("SELECT count(*) FROM small.games").fetchone()[0]  # type: ignore[index]
    if not n:
        raise SystemExit(f"{small}: no game to multiply")
    times = -(-games // n)
    con.execute("BEGIN TRANSACTION")
    create_all(con)
    steps = {key: con.execute(f"SELECT coalesce(max({key}), 0) FROM small.{table}").fetchone()[0]  # type: ignore[index]
             for key, table in _NUMBER_KEYS.items()}
    tables = [r[0] for r in con.execute("SELECT table_name FROM duckdb_tables() WHERE database_name = 'small' "
                                        "ORDER BY table_name").fetchall()]
    for table in tables:
        cols = [r[0] for r in con.execute("SELECT column_name FROM duckdb_columns() WHERE database_name = 'small' "
                                          "AND table_name = ? ORDER BY column_index", [table]).fetchall()]
        if table == "store_info":
            con.execute("INSERT OR REPLACE INTO store_info SELECT * FROM small.store_info")
            continue
        if "game_id" not in cols or table.startswith("violation_counts_"):
            continue  # the violation counts are counted again below
        for k in range(times):  # one copy after the other, each in the small store's order: no sort
            repl = [f"{c} || '~{k}' AS {c}" if k else f"{c} AS {c}" for c in _TEXT_KEYS if c in cols]
            repl += [f"{c} + {k * int(steps[c])} AS {c}" for c in _NUMBER_KEYS if c in cols]
            con.execute(f"INSERT INTO {table} BY NAME SELECT t.* REPLACE ({', '.join(repl)}) FROM small.{table} t")
    refresh_violation_counts(con)
    con.execute("COMMIT")
    total = con.execute("SELECT count(*) FROM games").fetchone()[0]  # type: ignore[index]
    con.close()
    return int(total)


def time_pages(db: Path) -> list[tuple[str, float, float]]:
    """Each page's times in Chromium (seconds): its first opening (the server's query cache is cold for
    it, though earlier pages may have warmed DuckDB) and its second; first the row ``("(new server)",
    seconds, 0.0)``, the server's first page (the series page), which pays its imports."""
    from playwright.sync_api import sync_playwright

    exe = shutil.which("chromium") or shutil.which("chromium-browser")
    if exe is None:
        raise SystemExit("chromium is not installed")
    out = []
    with tempfile.TemporaryFile() as log, serving(APP, db, log, wait=60) as url:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=exe, args=["--no-sandbox", "--disable-gpu"])
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            t0 = time.perf_counter()
            page.goto(f"{url}/series")  # a new server's first page pays its imports: not any page's time
            page.wait_for_function(_DONE, timeout=120_000)
            out.append(("(new server)", time.perf_counter() - t0, 0.0))
            for path, heading in PAGES:
                took = []
                for _ in range(2):
                    t0 = time.perf_counter()
                    page.goto(f"{url}/{path}")
                    page.get_by_role("heading", name=heading).first.wait_for(timeout=120_000)
                    page.wait_for_function(_DONE, timeout=120_000)
                    took.append(time.perf_counter() - t0)
                out.append((path or "overview", took[0], took[1]))
            browser.close()
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("logs", nargs="?", type=Path, help="logs to load into the small store")
    ap.add_argument("--store", type=Path, help="a small store to multiply (instead of loading logs)")
    ap.add_argument("--big", type=Path, help="time this store as it is (no building)")
    ap.add_argument("--games", type=int, default=100_000, help="games of the large store (default 100,000)")
    ap.add_argument("--keep", type=Path, help="build the large store here and keep it")
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="sgs-pages-"))
    try:
        big = args.big
        if big is None:
            small = args.store
            if small is None:
                if args.logs is None:
                    ap.error("name logs, --store or --big")
                from sgs_replay.replay.pipeline import load_paths

                small = tmp / "small.duckdb"
                load_paths([args.logs], small)
            big = args.keep or tmp / "big.duckdb"
            t0 = time.perf_counter()
            n = multiply(small, big, args.games)
            print(f"store of {n:,} games built in {time.perf_counter() - t0:.0f} s   load {os.getloadavg()[0]:.1f}",
                  flush=True)
        slow = 0
        for name, first, again in time_pages(big):
            if name == "(new server)":
                print(f"a new server's first page (its imports) {first:5.2f} s   load {os.getloadavg()[0]:.1f}")
                continue
            over = max(first, again) > BUDGET_S
            slow += over
            print(f"page {name:<12} first {first:5.2f} s, again {again:5.2f} s: {'over' if over else 'within'} the "
                  f"{BUDGET_S:g} s budget   load {os.getloadavg()[0]:.1f}", flush=True)
        sys.exit(1 if slow else 0)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
