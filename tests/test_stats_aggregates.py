"""The statistics aggregates (sgs_replay.store.aggregates) give the numbers the loaded tables give.

Every statistic is computed twice on the bundled sample logs (and a few games with names, dates and
an event): through the per-game tables' definitions over the loaded tables (``stats.FORCE_RAW``),
and from the tables the load stored; the frames must be equal, column types included.
A store written before the aggregates existed is still read (from the raw tables), and its next
load builds the aggregates of every game it holds.
"""

from __future__ import annotations

import datetime as dt
import shutil
from pathlib import Path

import duckdb
import polars as pl
import pytest
from test_stats import _lord_wins

from sgs_replay.analysis import stats
from sgs_replay.analysis.stats import Filters
from sgs_replay.replay.pipeline import load_paths
from sgs_replay.store import aggregates
from sgs_replay.store.schema import stats_views

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "sample_logs"

FILTERS = [
    Filters(), Filters(mode="identity"), Filters(mode="3v3"), Filters(players=5), Filters(ruleset="standard"),
    Filters(event="Cup"), Filters(date_from=dt.date(2020, 1, 1), date_to=dt.date(2020, 12, 31)),
    Filters(date_from=dt.date(2021, 1, 1)), Filters(player="Ann"), Filters(player="Eve", mode="identity"),
    Filters(source="recording"), Filters(source="hand-written", mode="3v3"),
]


def _logs(dest: Path) -> Path:
    dest.mkdir()
    shutil.copytree(SAMPLES, dest / "samples", ignore=shutil.ignore_patterns("*.md", "simulated"))
    for folder in ("hegemony-5p", "1v1-2013-2p", "hulao-4p", "house-zhuanshi-5p"):  # views, entries, draws
        for f in sorted((SAMPLES / "simulated" / folder).glob("*-000[12]*.sgs.jsonl")):
            (dest / "samples" / f.name).write_bytes(f.read_bytes())
    (dest / "g1.sgs.jsonl").write_text(_lord_wins("g1", ["Ann", "Bo", "Cy", "Di"],
                                                  {"event": "Cup", "date": "2020-01-05"}), encoding="utf-8")
    (dest / "g2.sgs.jsonl").write_text(_lord_wins("g2", ["Ann", "Eve", "Cy", "Di"], round_=4), encoding="utf-8")
    return dest


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    d = tmp_path_factory.mktemp("agg")
    path = d / "s.duckdb"
    summary = load_paths([_logs(d / "logs")], path)
    assert summary.loaded >= 10 and not summary.failed, summary.text()
    return path


@pytest.fixture(scope="module")
def computed(db: Path) -> dict[str, pl.DataFrame]:
    """Every statistic under every filter, from the aggregates."""
    return _everything(db)


def _calls(names: list[str]) -> list[tuple[str, object]]:
    out: list[tuple[str, object]] = []
    keys = [k for k in stats.BY_KEYS if stats.uninformative((k,)) is None]
    for by in (*keys, ("general", "role"), ("general", "seat"), ("player", "general"), ("general", "side"),
               ("player", "role"), ("general", "position"), ("general", "entry"), ("week", "side"),
               ("mode", "source")):
        out.append((f"win_rates {by}", lambda db, w, by=by: stats.win_rates(db, by=by, where=w)))
    out += [("matchups", lambda db, w: stats.matchups(db, where=w)),
            ("summary", lambda db, w: stats.summary_frame(db, where=w))]
    out += [("player_stats", lambda db, w: stats.player_stats(db, where=w)),
            ("violation_rates rule", lambda db, w: stats.violation_rates(db, "rule", where=w)),
            ("violation_rates player", lambda db, w: stats.violation_rates(db, "player", where=w)),
            ("draft_picks", lambda db, w: stats.draft_picks(db, where=w)),
            ("draft_stats", lambda db, w: stats.draft_stats(db, where=w)),
            ("draft_by_pick", lambda db, w: stats.draft_by_pick(db, where=w))]
    out += [(f"violations_over_time {n}", lambda db, w, n=n: stats.violations_over_time(db, n, where=w))
            for n in names]
    return out


#: the filters of the tests that only check which tables the statistics are read from
FEW = [FILTERS[0], FILTERS[8]]


def _everything(db: Path, filters: list[Filters] = FILTERS, *, raw: bool = False) -> dict[str, pl.DataFrame]:
    names = sorted(stats.player_stats(db)["player"].to_list())
    stats.FORCE_RAW = raw
    try:
        with duckdb.connect(str(db), read_only=True) as con:
            return {f"{label} | {w}": call(con, w)  # type: ignore[operator]
                    for w in filters for label, call in _calls(names)}
    finally:
        stats.FORCE_RAW = False


def _subset(frames: dict[str, pl.DataFrame], filters: list[Filters]) -> dict[str, pl.DataFrame]:
    return {k: v for k, v in frames.items() if any(k.endswith(f" | {w}") for w in filters)}


def _same(a: dict[str, pl.DataFrame], b: dict[str, pl.DataFrame]) -> None:
    assert a.keys() == b.keys()
    for key in a:
        assert a[key].schema == b[key].schema, key
        assert a[key].equals(b[key]), (key, a[key], b[key])


def test_the_aggregates_cover_every_game(db: Path) -> None:
    with duckdb.connect(str(db), read_only=True) as con:
        assert aggregates.usable(con)
        n = con.execute("SELECT (SELECT count(*) FROM games), (SELECT count(*) FROM stat_games), "
                        "(SELECT count(*) FROM players), (SELECT count(*) FROM stat_seats), "
                        "(SELECT count(*) FROM stat_draft_picks)").fetchall()[0]
    assert n[0] == n[1] and n[2] == n[3] and n[4] == _draft_picks()


def _draft_picks() -> int:
    """The generals picked in the drafts of the sample games (each 3v3 game's 16) and of the 1v1 games."""
    from sgs_replay.formats import events as ev
    from sgs_replay.formats.reader import expand_paths, read_path

    files = [f for f in expand_paths([SAMPLES]) if "simulated" not in f.parts]
    files += sorted((SAMPLES / "simulated" / "1v1-2013-2p").glob("*-000[12]*.sgs.jsonl"))
    return sum(len(e.generals) for f in files for _, e in read_path(f).events if isinstance(e, ev.DraftPick))


#: the filters the full comparison runs under (every query through the definitions reads every event)
SOME = FILTERS[:3] + FILTERS[5:7] + FILTERS[8:9] + FILTERS[-1:]


def test_every_statistic_is_the_same_from_the_aggregates(db: Path, computed: dict[str, pl.DataFrame]) -> None:
    assert sum(f.height for f in computed.values()) > 500  # numbers to compare, not empty frames
    _same(_everything(db, SOME, raw=True), _subset(computed, SOME))


def test_the_views_are_the_same_from_the_aggregates(db: Path) -> None:
    with duckdb.connect(str(db), read_only=True) as con:
        for name, sql in stats_views(aggregates=False).items():
            want = con.sql(sql).pl()
            got = con.sql(f"SELECT * FROM {name}").pl()
            assert want.height > 0, name
            assert got.schema == want.schema, name
            assert got.sort(got.columns).equals(want.sort(want.columns)), name


def test_a_store_written_before_the_aggregates_is_read_and_then_refreshed(
        db: Path, computed: dict[str, pl.DataFrame], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(aggregates, "CHUNK", 4)  # the games in several steps
    old = tmp_path / "old.duckdb"
    shutil.copy(db, old)
    with duckdb.connect(str(old)) as con:  # as an earlier version left it: no aggregate tables
        for table in aggregates.TABLES:
            con.execute(f"DROP TABLE {table}")
    with duckdb.connect(str(old), read_only=True) as con:
        assert not aggregates.usable(con)
    _same(_subset(computed, FEW), _everything(old, FEW))  # read from the raw tables
    extra = tmp_path / "more"
    extra.mkdir()
    (extra / "g3.sgs.jsonl").write_text(_lord_wins("g3", ["Ann", "Fay", "Cy", "Di"], round_=5), encoding="utf-8")
    summary = load_paths([extra], old)
    assert summary.loaded == 1, summary.text()
    with duckdb.connect(str(old), read_only=True) as con:
        assert aggregates.usable(con)
        assert con.execute("SELECT count(*) FROM stat_games").fetchall()[0][0] == summary.total_games
    _same(_everything(old, FEW, raw=True), _everything(old, FEW))
    assert stats.player_stats(old, where=Filters(player="Fay"))["games"].to_list() == [1]


def test_aggregates_behind_the_games_are_not_used(db: Path, computed: dict[str, pl.DataFrame], tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """A game added by a version that does not know the aggregates: the statistics read the raw tables."""
    copy = tmp_path / "behind.duckdb"
    shutil.copy(db, copy)
    with duckdb.connect(str(copy)) as con:
        gid = con.execute("SELECT game_id FROM stat_games ORDER BY game_id LIMIT 1").fetchall()[0][0]
        for table in aggregates.TABLES:
            con.execute(f"DELETE FROM {table} WHERE game_id = ?", [gid])
    with duckdb.connect(str(copy), read_only=True) as con:
        assert not aggregates.usable(con)
    _same(_subset(computed, FEW), _everything(copy, FEW))
    with duckdb.connect(str(copy)) as con:
        assert aggregates.refresh_aggregates(con) == 1
        monkeypatch.setattr(aggregates, "MAX_RANGES", 0)  # the events found by reading the whole table
        assert aggregates.refresh_aggregates(con, [gid]) == 1  # rebuilt on request
        assert aggregates.usable(con)
    _same(_subset(computed, FEW), _everything(copy, FEW))
