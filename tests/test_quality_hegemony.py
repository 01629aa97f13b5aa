"""The fault classes on 國戰 games: the reveals (out of turn, left out before a skill, a wrong kingdom), the bonuses of
the pair, a 桃 in 鏖戰, and the generic classes that know the mode (the turn order, the winner, rewards by kingdom) are
caught at their line, on the full log and on the same game from nobody's view; the clean games raise no alarm."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from sgs_replay.content import ruleset
from sgs_replay.formats.reader import read_path
from sgs_replay.quality.faults import FAULTS, clean_game
from sgs_replay.quality.measure import measure
from sgs_replay.simulate import run

HEGEMONY = ["reveal_out_of_turn", "face_down_skill", "wrong_kingdom", "pair_bonus", "aozhan_peach"]
GENERIC = ["turn_wrong_seat", "wrong_winner", "reward_penalty", "death_missing"]


def _simulate(out: Path, name: str, players: int, games: int, seed: int) -> tuple[Path, Path]:
    """The games in ``out/full`` and their copies from nobody's view in ``out/hidden``."""
    full, hidden = out / "full", out / "hidden"
    cov = run(ruleset(name), players, games, seed, full)
    assert cov.violations == 0
    hidden.mkdir()
    for p in sorted(full.glob("*.hidden.sgs.jsonl")):
        p.rename(hidden / p.name)
    return full, hidden


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    return _simulate(tmp_path_factory.mktemp("qheg"), "hegemony", 5, 3, 21)


@pytest.fixture(scope="module")
def result(games: tuple[Path, Path]) -> dict[str, Any]:
    return measure([games[0]], 3, per_class=2, classes=HEGEMONY + GENERIC)


def _caught(result: dict[str, Any], cls: str) -> None:
    c = result["classes"][cls]
    assert c["planted"] and c["caught_at_line"] == c["planted"], (cls, c, result["misses"], result["elsewhere"])


@pytest.mark.parametrize("cls", ["reveal_out_of_turn", "face_down_skill", "wrong_kingdom", "pair_bonus"])
def test_the_hegemony_classes_are_caught_at_their_line(result: dict[str, Any], cls: str) -> None:
    _caught(result, cls)


@pytest.mark.parametrize("cls", GENERIC)
def test_the_generic_classes_know_the_mode(result: dict[str, Any], cls: str) -> None:
    _caught(result, cls)


def test_no_aozhan_peach_without_aozhan(result: dict[str, Any]) -> None:
    assert not result["classes"]["aozhan_peach"]["planted"]


def test_no_false_alarm_on_clean_hegemony_games(result: dict[str, Any]) -> None:
    assert all(not v["violations"] for v in result["false_alarms"].values()), result["false_alarms"]


def test_the_snap_knows_the_generals_and_kingdoms(games: tuple[Path, Path]) -> None:
    g, _ = clean_game(read_path(sorted(games[0].glob("*.sgs.jsonl"))[0]))
    first, last = g.snaps[0], g.snaps[-1]
    assert all(name is not None for pair in first.gens.values() for name in pair)
    assert not any(any(up) for up in first.up.values()) and set(first.kingdoms.values()) == {None}
    assert any(k is not None for k in last.kingdoms.values())


def test_the_classes_on_the_game_from_nobodys_view(games: tuple[Path, Path]) -> None:
    """From nobody's view a general is known once revealed: the reveal classes plant there too, and a skill of a
    general whose reveal is left out is one the seat does not have (SGS-S001)."""
    out = measure([games[1]], 3, per_class=2, classes=["reveal_out_of_turn", "face_down_skill", "wrong_kingdom",
                                                         "reward_penalty", "wrong_winner"])
    assert all(not v["violations"] for v in out["false_alarms"].values()), out["false_alarms"]
    for cls in ("reveal_out_of_turn", "face_down_skill", "wrong_kingdom", "wrong_winner"):
        _caught(out, cls)


def test_a_peach_in_aozhan_is_caught(tmp_path: Path) -> None:
    full, _ = _simulate(tmp_path, "hegemony-aozhan", 4, 6, 3)
    out = measure([full], 3, per_class=1, classes=["aozhan_peach"])
    assert out["classes"]["aozhan_peach"]["planted"] >= 2
    _caught(out, "aozhan_peach")


def test_the_hegemony_classes_plant_nothing_in_identity_games(tmp_path: Path) -> None:
    cov = run(ruleset("standard"), 5, 1, 4, tmp_path)
    assert cov.violations == 0
    g, _ = clean_game(read_path(sorted(tmp_path.glob("*.sgs.jsonl"))[0]))
    for cls in HEGEMONY:
        assert not list(FAULTS[cls](g, random.Random(0))), cls
