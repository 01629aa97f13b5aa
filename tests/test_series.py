"""`sgs-replay score`: a series of identity games (推广版计分赛) scored and checked as a series.

《三国杀》标准版规则（身份局） · 游戏规则 · 详细规则 · 计分规则: "决定一名起始玩家，从他/她开始当主公，一局过后按下表
记录每个玩家的得分，然后将主公身份交给下家……如此循环，直到所有人都当过一次主公，统计各人总分，最高分获胜。"
"""

from __future__ import annotations

import csv
import importlib.util
import io
import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from sgs_replay.analysis.scoring import Points
from sgs_replay.analysis.series import SeriesGame, check_series

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "sample_logs" / "series"
SAMPLE_FILES = sorted(SAMPLES.glob("*.sgs.jsonl"))


def _builder() -> Any:
    spec = importlib.util.spec_from_file_location("series_samples", ROOT / "scripts" / "series_samples.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.fixture
def series(tmp_path: Path) -> list[Path]:
    """A copy of the sample series, one file per game, in game order."""
    out = []
    for f in SAMPLE_FILES:
        shutil.copy(f, tmp_path / f.name)
        out.append(tmp_path / f.name)
    return out


def _edit_header(path: Path, **changes: Any) -> None:
    head, rest = path.read_text(encoding="utf-8").split("\n", 1)
    h = json.loads(head)
    for k, v in changes.items():
        if v is None:
            h.pop(k, None)
        else:
            h[k] = v
    path.write_text(json.dumps(h, ensure_ascii=False) + "\n" + rest, encoding="utf-8")


def _rename(path: Path, old: str, new: str) -> None:
    h = json.loads(path.read_text(encoding="utf-8").split("\n", 1)[0])
    _edit_header(path, players=[dict(p, name=new) if p.get("name") == old else p for p in h["players"]])


def test_the_sample_series_is_well_formed_and_scored(cli: Any) -> None:
    assert len(SAMPLE_FILES) == 5
    p = cli("score", str(SAMPLES), "--format", "json")
    assert p.returncode == 0, p.stderr
    assert p.stderr == ""
    out = json.loads(p.stdout)
    assert out["problems"] == [] and out["unreadable"] == []
    assert [g["game"] for g in out["games"]] == [1, 2, 3, 4, 5]
    assert sorted(g["lord"] for g in out["games"]) == sorted(out["players"])  # everyone lord once
    for name, total in out["totals"].items():  # the totals add up the games
        assert total == sum(q["points"] for g in out["games"] for q in g["points"] if q["player"] == name)
    best = max(out["totals"].values())
    assert out["winners"] == sorted(n for n, v in out["totals"].items() if v == best)
    for g in out["games"]:
        assert all(q["points"] == q["base"] + q["bonus"] for q in g["points"])


def test_csv_and_table(cli_fast: Any) -> None:
    p = cli_fast("score", str(SAMPLES), "--format", "csv")
    assert p.returncode == 0, p.stderr
    rows = list(csv.DictReader(io.StringIO(p.stdout)))
    assert len(rows) == 25 and {r["series_id"] for r in rows} == {"sample-series-5"}
    winners = sorted({r["player"] for r in rows if r["series_winner"] == "true"})
    t = cli_fast("score", str(SAMPLES))
    assert t.returncode == 0
    assert (f"winner: {winners[0]} (" if len(winners) == 1 else f"tied first: {', '.join(winners)} (") in t.stdout
    assert "game 5" in t.stdout and "主公" in t.stdout


def test_a_missing_game_and_the_lord_passing_to_the_next_player(cli_fast: Any, series: list[Path]) -> None:
    series[3].unlink()  # game 4 gone
    _edit_header(series[4], game_number=4)  # game 5 says it is game 4
    p = cli_fast("score", *map(str, series[:3] + series[4:]), "--format", "json")
    assert p.returncode == 1
    out = json.loads(p.stdout)
    assert out["winners"] == []
    err = p.stderr
    assert "game(s) 5 of 5 missing" in err
    assert f"{series[4]}:1: the lord is Eri, but after game 3" in err and "Dong (seat 2 there)" in err
    assert "Traceback" not in err


def test_lord_twice_and_other_players(cli_fast: Any, series: list[Path]) -> None:
    _edit_header(series[1], game_number=1)
    _rename(series[2], "Dong", "Zed")
    p = cli_fast("score", *map(str, series))
    assert p.returncode == 1
    assert f"{series[1]}:1: game 1 again (also {series[0]})" in p.stderr
    assert f"{series[2]}:1: not the players of game 1" in p.stderr and "missing Dong; new Zed" in p.stderr
    assert "no winner" in p.stdout


def test_one_series_at_a_time_and_headers_without_a_series(cli_fast: Any, series: list[Path]) -> None:
    _edit_header(series[0], series_id="another")
    _edit_header(series[1], series_id=None, game_number=None)
    _edit_header(series[2], game_number=None)
    p = cli_fast("score", *map(str, series))
    assert p.returncode == 1
    assert f"{series[0]}:1: series 'another', not 'sample-series-5'" in p.stderr
    assert f"{series[1]}:1: no series_id in the header" in p.stderr
    assert f"{series[2]}:1: no game_number in the header" in p.stderr


def test_unnamed_players_and_a_game_without_a_result(cli_fast: Any, series: list[Path]) -> None:
    h = json.loads(series[0].read_text(encoding="utf-8").split("\n", 1)[0])
    _edit_header(series[0], players=[{k: v for k, v in p.items() if k != "name" or p["seat"] != 3} for p in h["players"]])
    lines = series[1].read_text(encoding="utf-8").splitlines()
    series[1].write_text("\n".join(lines[:40]) + "\n", encoding="utf-8")  # a fragment: no result
    p = cli_fast("score", *map(str, series))
    assert p.returncode == 1
    assert f"{series[0]}:1: seat(s) 3 without a name" in p.stderr
    assert f"{series[1]}: the game has no result" in p.stderr


def test_unreadable_and_missing_files_exit_3(cli_fast: Any, series: list[Path], tmp_path: Path) -> None:
    series[0].write_bytes(b"\x00\x01 not a log")
    p = cli_fast("score", *map(str, series), "--format", "json")
    assert p.returncode == 3
    assert json.loads(p.stdout)["unreadable"][0]["file"] == str(series[0])
    assert "Traceback" not in p.stderr
    q = cli_fast("score", str(tmp_path / "nope.sgs.jsonl"))
    assert q.returncode == 3 and "no such file" in q.stderr
    r = cli_fast("score", "--format", "xml", str(series[1]))
    assert r.returncode == 2


def test_other_modes_are_not_scored(cli_fast: Any) -> None:
    p = cli_fast("score", str(ROOT / "sample_logs" / "3v3"))
    assert p.returncode == 1
    assert "a 3v3 game: the series scoring is for identity games" in p.stderr


def _game(number: int, names: list[str], lord_total: int) -> SeriesGame:
    roles = ["lord", "loyalist", "rebel", "renegade"]
    seats = {i + 1: names[(number - 1 + i) % 4] for i in range(4)}
    pts = [Points(s, roles[s - 1], lord_total if s == 1 else 0, 0) for s in seats]
    return SeriesGame(file=f"g{number}", mode="identity", series_id="s", number=number, names=dict(seats),
                      roles={s: roles[s - 1] for s in seats}, winner="lord", points=pts)


def test_a_tie_is_a_shared_first_place() -> None:
    names = ["A", "B", "C", "D"]
    rep = check_series([_game(1, names, 6), _game(2, names, 6), _game(3, names, 4), _game(4, names, 1)])
    assert rep.problems == []
    assert rep.totals == {"A": 6, "B": 6, "C": 4, "D": 1}
    assert rep.winners == ["A", "B"]


def test_the_builder_makes_a_well_formed_series(tmp_path: Path) -> None:
    from sgs_replay.cli.score_cmd import score_files

    files = []
    for name, data in _builder().build(4, seed=3, series_id="four"):
        (tmp_path / name).write_bytes(data)
        files.append(tmp_path / name)
    rep, unreadable = score_files(files)
    assert unreadable == [] and rep.problems == []
    assert rep.series_id == "four" and len(rep.games) == 4 and rep.winners


def test_load_stores_the_points_of_every_game(tmp_path: Path, series: list[Path]) -> None:
    """`sgs-replay load` fills series_points: the same points as `score`, and a changed file replaces its rows."""
    from sgs_replay.cli.score_cmd import score_files
    from sgs_replay.replay.pipeline import load_paths
    from sgs_replay.store.stats import query

    db = tmp_path / "s.duckdb"
    load_paths(series, db, snapshots=False)
    rep, _ = score_files(SAMPLE_FILES)
    rows = query(db, "SELECT name, sum(points) AS p, count(DISTINCT game_number) AS g FROM series_points "
                     "WHERE series_id = 'sample-series-5' GROUP BY name")
    assert {r["name"]: r["p"] for r in rows.iter_rows(named=True)} == rep.totals
    assert set(rows["g"]) == {5}
    one = query(db, "SELECT seat, role, base, bonus, points FROM series_points WHERE game_number = 1 ORDER BY seat")
    want = rep.games[0].points or []
    assert [tuple(r) for r in one.iter_rows()] == [(p.seat, p.role, p.base, p.bonus, p.total) for p in want]
    from sgs_replay.cli.stats_cmd import export

    assert "series_points" in export(db, tmp_path / "csv", "csv")
    assert len(list(csv.DictReader((tmp_path / "csv" / "series_points.csv").open(encoding="utf-8")))) == 25
    # a file changed since: its game's rows are replaced, not added to
    _edit_header(series[0], series_id="renamed")
    load_paths(series, db, snapshots=False)
    counts = query(db, "SELECT series_id, count(*) AS n FROM series_points GROUP BY series_id ORDER BY series_id")
    assert [tuple(r) for r in counts.iter_rows()] == [("renamed", 5), ("sample-series-5", 20)]


def test_anhun_protection_passes_from_game_to_game(tmp_path: Path, cli_fast: Any) -> None:
    """house-anhun: each game's protected_player is the player out first in the game before it; the
    first game protects nobody (《三国杀》标准版规则（身份局） · 游戏规则 (二)详细规则 2)."""
    files = []
    for name, data in _builder().build(4, seed=3, series_id="anhun-4", ruleset="house-anhun"):
        (tmp_path / name).write_bytes(data)
        files.append(tmp_path / name)
    heads = [json.loads(f.read_text(encoding="utf-8").split("\n", 1)[0]) for f in files]
    assert "protected_player" not in heads[0] and all(h.get("protected_player") for h in heads[1:])
    p = cli_fast("score", *map(str, files))
    assert p.returncode == 0, p.stderr
    wrong = next(n for n in ("Ada", "Bo", "Cai", "Dong") if n != heads[2]["protected_player"])
    _edit_header(files[2], protected_player=wrong)
    _edit_header(files[0], protected_player="Ada")
    p = cli_fast("score", *map(str, files))
    assert p.returncode == 1
    assert f"{files[2]}:1: protected_player is {wrong!r}, but" in p.stderr and "out first in game 2" in p.stderr
    assert f"{files[0]}:1: protected_player 'Ada' in the first game" in p.stderr
