"""`sgs-replay simulate --ruleset 1v1-2013`: whole 1v1 games (the draft, the lineups, the next generals) that
the engine judges clean, the same for the same seed."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from sgs_replay.content import ruleset
from sgs_replay.formats.reader import read_path
from sgs_replay.replay.validate import validate_parsed
from sgs_replay.simulate import SimulateError, check_request, run
from sgs_replay.simulate.game import play_game

RS = "1v1-2013"


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("sim1v1")
    cov = run(ruleset(RS), 2, 12, 5, out)
    assert cov.violations == 0, cov.violation_samples
    return out


def _events(path: Path) -> list[dict[str, object]]:
    return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()]


def test_every_game_is_clean_and_ends_with_a_player_out_of_generals(games: Path) -> None:
    logs = sorted(games.glob("*.sgs.jsonl"))
    assert len(logs) == 12
    for p in logs:
        report = validate_parsed(read_path(p)).report
        assert not report.violations, (p.name, report.violations[:3])
        last = _events(p)[-1]
        assert last["type"] == "game_end" and last["reason"] == "all_generals_dead"


def test_a_game_has_the_draft_the_lineups_and_the_next_generals(games: Path) -> None:
    for p in sorted(games.glob("*.sgs.jsonl")):
        evs = _events(p)
        kinds = Counter(str(e["type"]) for e in evs)
        assert kinds["draft_pool"] == 1 and kinds["draft_pick"] == 6
        loser_deaths = kinds["death"]
        assert kinds["general_choice"] == 2 + loser_deaths - 1  # the lineups, then one entry per death but the last
        assert evs[0]["mode"] == "1v1" and len(evs[0]["players"]) == 2  # type: ignore[arg-type]


def test_the_same_seed_gives_the_same_game() -> None:
    rs = ruleset(RS)
    assert play_game(rs, 2, 9, 3).lines == play_game(rs, 2, 9, 3).lines
    assert play_game(rs, 2, 9, 3).lines != play_game(rs, 2, 9, 4).lines


def test_1v1_is_for_two_players() -> None:
    with pytest.raises(SimulateError, match="2 players"):
        check_request(ruleset(RS), 3)


def test_freekill_1v1_plays_its_own_draft_and_hands(tmp_path: Path) -> None:
    """freekill-1v1: twelve generals drawn, picked 1222221 from the cold player, six a player, hands of at most
    5 cards, an entering general dealt only what the pile holds; the games are clean."""
    from sgs_replay.simulate.one_v_one import pick_sizes

    assert pick_sizes(10) == (1, 2, 2, 2, 2, 1)
    assert pick_sizes(12) == (1, 2, 2, 2, 2, 2, 1)
    cov = run(ruleset("freekill-1v1"), 2, 4, 7, tmp_path)
    assert cov.violations == 0, cov.violation_samples
    for p in sorted(tmp_path.glob("*.sgs.jsonl")):
        evs = _events(p)
        picks = [e for e in evs if e["type"] == "draft_pick"]
        assert [len(e["generals"]) for e in picks] == [1, 2, 2, 2, 2, 2, 1]  # type: ignore[arg-type]
        assert picks[0]["side"] == "cold"
        choices = [e for e in evs if e["type"] == "general_choice" and "reserves" in e]
        assert [len(e["reserves"]) for e in choices] == [5, 5]  # type: ignore[arg-type]
        assert all(len(e["cards"]) <= 5 for e in evs if e["type"] == "draw" and e["reason"] == "initial")  # type: ignore[arg-type]
        assert not validate_parsed(read_path(p)).report.violations


def test_freekill_hulao_is_refused_up_front(tmp_path: Path) -> None:
    """The simulator plays the rulebook's 虎牢關: freekill-hulao (OL-revised places, reform, switch; allies from
    every package) is refused with one line naming the ruleset and why, exit 2, nothing written."""
    import subprocess
    import sys

    with pytest.raises(SimulateError, match=r"freekill-hulao.*hulao_reform_rounds.*roster is empty"):
        check_request(ruleset("freekill-hulao"), 4)
    check_request(ruleset("hulao-maneuvering"), 4)  # its pile limit is one the simulator plays
    out = tmp_path / "sim"
    r = subprocess.run([sys.executable, "-m", "sgs_replay", "simulate", "--ruleset", "freekill-hulao", "--games", "1",
                        "--out", str(out)], capture_output=True, text=True, timeout=120)
    assert r.returncode == 2 and r.stdout == "", (r.returncode, r.stdout)
    assert len(r.stderr.strip().splitlines()) == 1 and r.stderr.startswith("error: --ruleset freekill-hulao"), r.stderr
    assert not out.exists()
