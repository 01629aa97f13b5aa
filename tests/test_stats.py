"""sgs_replay.analysis.stats: the Wilson interval, the statistics against hand-counted numbers, the filters,
the views, and `sgs-replay stats` / `sgs-replay export` through the entry point."""

from __future__ import annotations

import datetime as dt
import json
import subprocess
import sys
from pathlib import Path

import polars as pl
import pytest

from sgs_replay.analysis import stats
from sgs_replay.analysis.stats import Filters
from sgs_replay.replay.pipeline import load_paths
from sgs_replay.store.stats import query

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "sample_logs"


def _lord_wins(game_id: str, names: list[str], meta: dict[str, str] | None = None, round_: int = 3) -> str:
    """Seat 1 (the lord) kills the rebel and the renegade with two 杀: 2 damage dealt, 2 kills."""
    header = {"type": "game", "format": "sgs-replay/1", "game_id": game_id, "mode": "identity",
              "ruleset": "standard",
              "players": [{"seat": i + 1, "name": n, "general": g, "role": r} for i, (n, g, r) in
                          enumerate(zip(names, ["张飞", "甘宁", "许褚", "华佗"],
                                        ["lord", "loyalist", "rebel", "renegade"], strict=True))],
              "start": {"current": 1, "phase": "play", "round": round_,
                        "seats": {"1": {"hand": ["♠7 杀", "♠8 杀"], "equip": ["♥5 麒麟弓"]}, "2": {},
                                  "3": {"hp": 1}, "4": {"hp": 1}},
                        "deck": ["♣3 杀", "♦4 闪", "♥7 无中生有"]}}
    if meta:
        header["meta"] = meta
    events = [
        {"type": "use", "seat": 1, "card": "♠7 杀", "targets": [3]},
        {"type": "damage", "source": 1, "target": 3, "amount": 1, "card": "♠7 杀"},
        {"type": "death", "seat": 3, "killer": 1},
        {"type": "draw", "seat": 1, "cards": ["♣3 杀", "♦4 闪", "♥7 无中生有"], "reason": "reward"},
        {"type": "use", "seat": 1, "card": "♠8 杀", "targets": [4]},
        {"type": "damage", "source": 1, "target": 4, "amount": 1, "card": "♠8 杀"},
        {"type": "death", "seat": 4, "killer": 1},
        {"type": "game_end", "winner": "lord", "reason": "rebels_and_renegades_dead"},
    ]
    return "\n".join(json.dumps(x, ensure_ascii=False) for x in [header, *events]) + "\n"


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    d = tmp_path_factory.mktemp("stats")
    logs = d / "logs"
    logs.mkdir()
    (logs / "g1.sgs.jsonl").write_text(_lord_wins("g1", ["Ann", "Bo", "Cy", "Di"],
                                                  {"event": "Cup", "date": "2020-01-05"}), encoding="utf-8")
    # another game (a later round): the same plays by other players would be the same game
    (logs / "g2.sgs.jsonl").write_text(_lord_wins("g2", ["Ann", "Eve", "Cy", "Di"], round_=4), encoding="utf-8")
    for f in ("3v3/demo-cup-r1-t1-g1.sgs.jsonl", "disputes/table7-second-slash.sgs.jsonl"):
        (logs / Path(f).name).write_bytes((SAMPLES / f).read_bytes())
    path = d / "stats.duckdb"
    summary = load_paths([logs], path)
    assert summary.loaded == 4 and not summary.failed, summary.text()
    return path


@pytest.mark.parametrize(("wins", "n", "want"), [
    (0, 0, None), (5, 10, (0.2366, 0.7634)), (1, 1, (0.2065, 1.0)), (0, 1, (0.0, 0.7935)),
    (0, 10, (0.0, 0.2775)), (81, 263, (0.2553, 0.3662)),
])
def test_wilson_interval(wins: int, n: int, want: tuple[float, float] | None) -> None:
    got = stats.wilson(wins, n)
    if want is None:
        assert got is None
    else:
        assert got is not None and got == pytest.approx(want, abs=5e-5)


def test_wilson_in_sql_matches_python() -> None:
    import duckdb

    from sgs_replay.store.statsql import wilson_sql

    con = duckdb.connect()
    for wins, n in [(0, 0), (5, 10), (1, 1), (7, 9), (0, 3)]:
        low, high = con.execute(f"SELECT {wilson_sql(str(wins), str(n))}").fetchone()  # type: ignore[misc]
        want = stats.wilson(wins, n)
        if want is None:
            assert (low, high) == (None, None)
        else:
            assert (low, high) == pytest.approx(want, abs=1e-4)


def test_win_rates_by_role_counts_games_and_appearances(db: Path) -> None:
    df = stats.win_rates(db, by="role")
    assert isinstance(df, pl.DataFrame)
    rows = {r["role"]: r for r in df.iter_rows(named=True)}
    assert df["role"].to_list() == ["lord", "loyalist", "rebel", "renegade"]
    assert rows["lord"]["games"] == 2 and rows["lord"]["wins"] == 2 and rows["lord"]["appearances"] == 2
    assert rows["rebel"]["wins"] == 0
    low, high = stats.wilson(2, 2)  # type: ignore[misc]
    assert (rows["lord"]["ci_low"], rows["lord"]["ci_high"]) == pytest.approx((low, high), abs=1e-4)
    side = {r["side"]: r for r in stats.win_rates(db, by="side").iter_rows(named=True)}
    assert side["cold"]["games"] == 1 and side["cold"]["appearances"] == 3 and side["cold"]["wins"] == 1
    assert side["warm"]["wins"] == 0


def test_win_rates_combinations_and_min_games(db: Path) -> None:
    gr = stats.win_rates(db, by=("general", "role"))
    assert {"mode", "general", "role", "games", "appearances", "ci_low", "ci_high"} <= set(gr.columns)
    zhang = gr.filter((pl.col("general") == "张飞") & (pl.col("role") == "lord"))
    assert zhang["games"].to_list() == [2]
    seat = stats.win_rates(db, by=("general", "seat"))
    assert "seat" in seat.columns and "table_size" in seat.columns
    assert stats.win_rates(db, by="general", min_games=2)["games"].min() >= 2
    with pytest.raises(ValueError, match="unknown key"):
        stats.win_rates(db, by="colour")


def test_player_stats_by_hand(db: Path) -> None:
    ps = {r["player"]: r for r in stats.player_stats(db).iter_rows(named=True)}
    ann = ps["Ann"]
    assert (ann["games"], ann["finished"], ann["wins"], ann["win_rate"]) == (2, 2, 2, 1.0)
    assert (ann["damage_dealt"], ann["damage_taken"], ann["kills"]) == (4, 0, 4)
    assert (ps["Cy"]["damage_taken"], ps["Cy"]["kills"], ps["Cy"]["wins"]) == (2, 0, 0)
    assert ps["Eve"]["games"] == 1
    only = stats.player_stats(db, where=Filters(player="Eve"))
    assert only["player"].to_list() == ["Eve"]


def test_rescues_count_a_peach_on_a_dying_character(tmp_path: Path) -> None:
    path = tmp_path / "s.duckdb"
    load_paths([SAMPLES / "identity"], path)
    want = query(path, """
        SELECT count(*) AS n FROM events e JOIN events b ON b.game_id = e.game_id AND b.seq = e.seq - 1
        WHERE e.type = 'use' AND e.card LIKE '% 桃'
          AND list_filter(b.state, lambda s: s.seat = coalesce(e.target, e.seat) AND s.hp <= 0) <> []""")["n"][0]
    assert want > 0
    assert stats.player_stats(path)["rescues"].sum() == want


def test_filters(db: Path) -> None:
    assert stats.win_rates(db, by="mode", where=Filters(event="Cup"))["games"].to_list() == [1]
    dated = stats.player_stats(db, where=Filters(date_from=dt.date(2020, 1, 1), date_to=dt.date(2020, 12, 31)))
    assert set(dated["player"]) == {"Ann", "Bo", "Cy", "Di"} and dated["games"].max() == 1
    assert stats.win_rates(db, by="mode", where=Filters(mode="3v3"))["mode"].to_list() == ["3v3"]
    assert stats.win_rates(db, by="mode", where=Filters(players=6))["mode"].to_list() == ["3v3"]
    assert stats.win_rates(db, by="ruleset", where=Filters(ruleset="nope")).height == 0
    # values travel as parameters: a quote is a name, not SQL
    assert stats.player_stats(db, where=Filters(player="x' OR '1'='1")).height == 0
    f = Filters.parse(["mode=identity", "players=4", "from=2020-01-01", "event=Cup", "player=Ann"])
    assert f == Filters(mode="identity", players=4, date_from=dt.date(2020, 1, 1), event="Cup", player="Ann")
    for bad, msg in (("mode", "key=value"), ("colour=red", "unknown key"), ("players=four", "whole number"),
                     ("from=yesterday", "date")):
        with pytest.raises(ValueError, match=msg):
            Filters.parse([bad])


def test_draft(db: Path) -> None:
    picks = stats.draft_picks(db)
    assert picks.height == 16 and picks["pick"].to_list() == list(range(1, 17))
    first = picks.row(0, named=True)
    assert (first["general"], first["side"], first["pick_turn"], first["side_won"]) == ("孙权", "warm", 1, False)
    assert picks.group_by("pick_turn").len().sort("pick_turn")["len"].to_list() == [1, 2, 2, 2, 2, 2, 2, 2, 1]
    by_general = {r["general"]: r for r in stats.draft_stats(db).iter_rows(named=True)}
    assert by_general["孙权"]["first_pick_rate"] == 1.0 and by_general["诸葛亮"]["wins"] == 1
    by_pick = stats.win_rates(db, by="pick")
    assert by_pick["pick"].to_list() == list(range(1, 17))
    assert by_pick.filter(pl.col("pick") == 2)["wins"].to_list() == [1]


def test_violation_rates(db: Path) -> None:
    by_rule = {r["rule"]: r for r in stats.violation_rates(db).iter_rows(named=True)}
    assert by_rule["SGS-P001"]["violations"] == 1 and by_rule["SGS-P001"]["games"] == 4
    assert by_rule["SGS-P001"]["per_100_games"] == 25.0
    by_player = stats.violation_rates(db, "player")
    seat3 = query(db, """SELECT p.name FROM violations v JOIN players p USING (game_id, seat)
                         WHERE v.rule = 'SGS-P001'""")["name"][0]
    row = by_player.filter((pl.col("player") == seat3) & (pl.col("rule") == "SGS-P001")).row(0, named=True)
    assert (row["violations"], row["games"], row["per_100_games"]) == (1, 1, 100.0)


def test_views_match_the_functions(db: Path) -> None:
    for view, frame in (("win_rates_by_role", stats.win_rates(db, by="role")),
                        ("win_rates_by_general_seat", stats.win_rates(db, by=("general", "seat"))),
                        ("player_stats", stats.player_stats(db)),
                        ("draft_by_pick", stats.draft_by_pick(db))):
        got = query(db, f"SELECT * FROM {view}")
        assert got.sort(got.columns).equals(frame.sort(frame.columns)), view


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "sgs_replay", *args], capture_output=True, text=True, cwd=ROOT)


def test_cli_stats(db: Path, tmp_path: Path) -> None:
    r = _cli("stats", "--db", str(db), "--by", "role", "--min-games", "1")
    assert r.returncode == 0, r.stderr
    assert "lord" in r.stdout and "ci_low" in r.stdout
    assert "From 4 games (4 hand-written; filters: none)" in r.stdout  # what the table shows
    r = _cli("stats", "--db", str(db), "--by", "role")  # the default minimum: 10 games a row
    assert r.returncode == 0 and "0 row(s)" in r.stdout and "fewer than 10 games" in r.stdout
    r = _cli("stats", "--db", str(db), "--by", "players", "--where", "player=Ann", "--format", "json", "--min-games", "1")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)[0]["kills"] == 4
    r = _cli("stats", "--db", str(db), "--by", "general,role", "--format", "csv", "--min-games", "2")
    assert r.returncode == 0 and r.stdout.splitlines()[0].startswith("mode,general,role,games,appearances")
    out = tmp_path / "draft.parquet"
    r = _cli("stats", "--db", str(db), "--by", "draft", "--format", "parquet", "-o", str(out), "--min-games", "1")
    assert r.returncode == 0, r.stderr
    assert pl.read_parquet(out).height == 16
    for args, msg in ((["--by", "colour"], "--by 'colour'"), (["--where", "mode"], "--where 'mode'"),
                      (["--where", "players=x"], "players must be"), (["--format", "parquet"], "needs -o")):
        r = _cli("stats", "--db", str(db), *args)
        assert r.returncode == 2 and msg in r.stderr, (args, r.stderr)


@pytest.mark.parametrize("fmt", ["parquet", "csv"])
def test_cli_export(db: Path, tmp_path: Path, fmt: str) -> None:
    import duckdb

    out = tmp_path / "out"
    r = _cli("export", "--db", str(db), "--to", str(out), "--format", fmt)
    assert r.returncode == 0, r.stderr
    n = {t: query(db, f"SELECT count(*) AS n FROM {t}")["n"][0] for t in ("games", "players", "events", "violations",
                                                                            "series_points")}
    con = duckdb.connect()
    assert "series_points" in r.stdout
    for table, rows in n.items():
        if not rows:  # these games start from a position: no 4th-edition points (nothing to partition)
            continue
        if fmt == "parquet":
            assert (out / table / "mode=identity" / "ruleset=standard").is_dir()
            frame = pl.read_parquet(out / table / "**" / "*.parquet", hive_partitioning=True)
            dd = con.execute(f"SELECT count(*) FROM read_parquet('{out / table}/**/*.parquet', "
                             "hive_partitioning = true)").fetchone()
        else:
            frame = pl.read_csv(out / f"{table}.csv", infer_schema=False)
            dd = con.execute(f"SELECT count(*) FROM read_csv('{out / table}.csv')").fetchone()
        assert frame.height == rows and dd == (rows,), table
    roles = pl.read_parquet(out / "win_rates_by_role.parquet") if fmt == "parquet" else \
        pl.read_csv(out / "win_rates_by_role.csv")
    assert roles.sort("role")["games"].to_list() == stats.win_rates(db, by="role").sort("role")["games"].to_list()
    bad = tmp_path / "file"
    bad.write_text("x")
    r = _cli("export", "--db", str(db), "--to", str(bad))
    assert r.returncode == 2 and "not a folder" in r.stderr


def test_an_older_store_gets_the_new_columns_on_its_next_load(db: Path, tmp_path: Path) -> None:
    """A store written before the proven result, the source, the day played and the views: the statistics
    say to load again (not a missing-column error); the next load adds the columns and fills what can be
    derived (source, day); its older games count their declared result and are said to."""
    import shutil

    import duckdb

    from sgs_replay.store.errors import StoreError

    old = tmp_path / "old.duckdb"
    shutil.copy(db, old)
    with duckdb.connect(str(old)) as con:
        for table in ("stat_games", "stat_seats", "stat_generals", "stat_player_games", "stat_draft_picks", "views"):
            con.execute(f"DROP TABLE {table}")
        con.execute("DELETE FROM store_info WHERE key = 'aggregates_version'")
        for view in ("player_results", "game_overview"):
            con.execute(f"DROP VIEW IF EXISTS {view}")
        for column in ("view", "proven_winner", "proven_reason", "result_checked", "source", "played_on"):
            con.execute(f"ALTER TABLE games DROP COLUMN {column}")
        con.execute("ALTER TABLE players DROP COLUMN result")
        con.execute("ALTER TABLE events DROP COLUMN general")
    with pytest.raises(StoreError, match="load into it once more"):
        stats.win_rates(old, "role")
    extra = tmp_path / "more"
    extra.mkdir()
    (extra / "g9.sgs.jsonl").write_text(_lord_wins("g9", ["Ann", "Gus", "Cy", "Di"], round_=6), encoding="utf-8")
    summary = load_paths([extra], old)
    assert summary.loaded == 1, summary.text()
    s = stats.summary(old)
    assert s["games"] == 5 and s["unchecked"] == 4 and s["hand_written"] == 5
    lord = stats.win_rates(old, "role").filter(pl.col("role") == "lord").row(0, named=True)
    assert (lord["games"], lord["wins"]) == (3, 3)
    assert query(old, "SELECT count(*) AS n FROM games WHERE source IS NULL")["n"][0] == 0
    assert query(old, "SELECT played_on FROM games WHERE declared_id = 'g1'")["played_on"][0] == dt.date(2020, 1, 5)
