"""Scaling out and loading again: the same output for any number of workers, incremental loads,
kept positions, the match checks made by the pipeline."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from sgs_replay.formats.reader import read_path
from sgs_replay.replay import pipeline
from sgs_replay.replay.pipeline import load_paths
from sgs_replay.replay.records import kept_positions, replay_with_positions, replay_with_snapshots
from sgs_replay.store.stats import counts, query

pytest.importorskip("duckdb")

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "sample_logs"
FREEKILL = ROOT.parent / "shared" / "peer" / "freekill"


def _cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "sgs_replay", *args], cwd=cwd, capture_output=True, text=True,
                          timeout=300)


@pytest.fixture
def logs(tmp_path: Path) -> Path:
    d = tmp_path / "logs"
    shutil.copytree(SAMPLES, d, ignore=shutil.ignore_patterns("simulated"))  # the recorded games; not the simulated ones
    return d


def test_validate_output_is_the_same_for_any_number_of_workers(logs: Path, tmp_path: Path) -> None:
    one = _cli("validate", str(logs), "--json", "--jobs", "1", cwd=tmp_path)
    two = _cli("validate", str(logs), "--json", "--jobs", "2", cwd=tmp_path)
    assert one.returncode == two.returncode and one.stdout == two.stdout and one.stdout
    text1 = _cli("validate", str(logs), "--jobs", "1", cwd=tmp_path)
    text2 = _cli("validate", str(logs), "--jobs", "2", "-q", cwd=tmp_path)
    assert text1.stdout.splitlines()[-1] == text2.stdout.strip()


def test_load_is_the_same_for_any_number_of_workers(logs: Path, tmp_path: Path) -> None:
    a, b = tmp_path / "a.duckdb", tmp_path / "b.duckdb"
    sa = load_paths([logs], a, jobs=1)
    sb = load_paths([logs], b, jobs=2)

    def summary(text: str) -> list[str]:  # a pool that could not start is a note, not another result
        return [line for line in text.splitlines() if "a worker process stopped" not in line]

    assert summary(sa.text().replace(str(a), "")) == summary(sb.text().replace(str(b), ""))
    for table, order in (("games", "game_id"), ("players", "game_id, seat"), ("events", "game_id, seq"),
                         ("violations", "game_id, n"), ("series_points", "game_id, seat")):
        q = f"SELECT * EXCLUDE (loaded_at) FROM {table} ORDER BY {order}" if table == "games" else \
            f"SELECT * FROM {table} ORDER BY {order}"
        assert query(a, q).rows() == query(b, q).rows(), table


def test_convert_is_the_same_for_any_number_of_workers(tmp_path: Path) -> None:
    recs = sorted((FREEKILL / "samples").glob("*.fk.rep"))[:4]
    if len(recs) < 2:
        pytest.skip("no FreeKill recordings beside the checkout")
    one = _cli("convert", *map(str, recs), "--out", str(tmp_path / "one"), "--jobs", "1", cwd=tmp_path)
    two = _cli("convert", *map(str, recs), "--out", str(tmp_path / "two"), "--jobs", "2", cwd=tmp_path)
    assert one.returncode == two.returncode
    names = sorted(p.name for p in (tmp_path / "one").iterdir())
    assert names == sorted(p.name for p in (tmp_path / "two").iterdir()) and names
    for n in names:
        assert (tmp_path / "one" / n).read_bytes() == (tmp_path / "two" / n).read_bytes()
    assert one.stdout.replace("/one/", "/x/") == two.stdout.replace("/two/", "/x/")


def test_a_second_load_skips_unchanged_files_without_reading_them(logs: Path, tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "s.duckdb"
    first = load_paths([logs], db)
    before = counts(db)

    def boom(*a: object, **k: object) -> None:
        raise AssertionError("an unchanged file was validated again")

    monkeypatch.setattr(pipeline, "build_record", boom)
    again = load_paths([logs], db)
    assert again.already == first.loaded and again.loaded == 0 and counts(db) == before
    assert again.files == first.files


def test_a_changed_file_replaces_its_game(logs: Path, tmp_path: Path) -> None:
    db = tmp_path / "s.duckdb"
    load_paths([logs], db)
    before = counts(db)
    f = next(iter(sorted(logs.rglob("*.sgs.jsonl"))))
    old = read_path(f).content_id
    data = f.read_bytes()
    head, _, rest = data.partition(b"\n")
    f.write_bytes(head + b"\n" + rest.rstrip(b"\n") + b"\n" + b'{"type":"time_up"}\n')
    st = f.stat()
    os.utime(f, (st.st_atime, st.st_mtime + 5))
    s = load_paths([logs], db)
    assert s.loaded == 1
    new = read_path(f).content_id
    ids = set(query(db, "SELECT game_id FROM games")["game_id"].to_list())
    assert new in ids and old not in ids
    assert counts(db)["games"] == before["games"]
    assert query(db, "SELECT count(*) AS n FROM events WHERE game_id = ?", [old])["n"][0] == 0
    assert query(db, "SELECT game_id FROM files WHERE path = ?", [str(f.resolve())])["game_id"].to_list() == [new]


def test_full_reads_every_file_again(logs: Path, tmp_path: Path) -> None:
    db = tmp_path / "s.duckdb"
    first = load_paths([logs], db)
    again = load_paths([logs], db, incremental=False)
    assert again.already == first.loaded and again.files == first.files


def test_kept_positions_are_the_full_replays() -> None:
    for f in sorted(SAMPLES.rglob("*.sgs.jsonl"))[:6]:
        parsed = read_path(f)
        _, turn, phase, seats = replay_with_positions(parsed)
        _, full = replay_with_snapshots(read_path(f))
        assert set(seats) <= kept_positions(parsed.events)
        for i, s in seats.items():
            assert full[i] is not None and s == full[i][2], (f.name, i)
        assert [x[0] if x else None for x in full] == turn and [x[1] if x else None for x in full] == phase


def test_an_old_database_without_files_or_headers_still_opens(logs: Path, tmp_path: Path) -> None:
    db = tmp_path / "old.duckdb"
    load_paths([logs], db)
    import duckdb

    con = duckdb.connect(str(db))
    con.execute("DROP TABLE files")
    con.execute("ALTER TABLE games DROP COLUMN header")
    con.close()
    s = load_paths([logs], db)  # the columns and the table come back; every file is already present
    assert s.loaded == 0 and s.already == s.files
    assert query(db, "SELECT count(*) AS n FROM files")["n"][0] == s.files


def test_quiet_load_prints_results_only(logs: Path, tmp_path: Path) -> None:
    r = _cli("load", str(logs), "--db", str(tmp_path / "q.duckdb"), "-q", "--jobs", "2", cwd=tmp_path)
    assert r.returncode in (0, 1), r.stderr
    assert "games loaded" in r.stdout
    assert "events/s" not in r.stderr and "events/s" not in r.stdout


def test_a_dask_cluster_gives_the_same_results(logs: Path, tmp_path: Path) -> None:
    """``--executor dask``: the same parse/validate work on a Dask cluster (here a LocalCluster); the
    store is still written by this process, and the output is the same as a local run's."""
    distributed = pytest.importorskip("distributed")
    from sgs_replay.replay.pipeline import Executor

    a, b = tmp_path / "a.duckdb", tmp_path / "b.duckdb"
    load_paths([logs], a, jobs=1)
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False, protocol="tcp",
                                  host="127.0.0.1", dashboard_address=None) as cluster:
        address = cluster.scheduler_address
        sb = load_paths([logs], b, jobs=Executor(kind="dask", address=address))
        remote = _cli("validate", str(logs), "--json", "--executor", "dask", "--scheduler", address, cwd=tmp_path)
    assert sb.loaded == counts(a)["games"]
    q = "SELECT game_id, seq, type, json, state FROM events ORDER BY game_id, seq"
    assert query(a, q).rows() == query(b, q).rows()
    local = _cli("validate", str(logs), "--json", "--jobs", "1", cwd=tmp_path)
    assert remote.stdout == local.stdout and remote.returncode == local.returncode, remote.stderr[-2000:]


def test_the_dask_executor_needs_a_scheduler(tmp_path: Path) -> None:
    r = _cli("validate", str(SAMPLES), "--executor", "dask", cwd=tmp_path)
    assert r.returncode == 2 and "--scheduler" in r.stderr
