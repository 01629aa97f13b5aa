"""SGS-5002 hegemony-reveal: a general is turned face up at the start of its owner's turn, to use one of its skills, or
as its owner dies; 祸水 forbids the others in 邹氏's turn. 《三國殺各種模式的規則》 · 二、國戰模式: 游戲開始時所有武將處于“暗置”狀態。"""

from __future__ import annotations

from typing import Any

from tests.hegemony_kit import deal, game, turn

PLAY = {"type": "phase", "seat": 1, "phase": "play"}


def _qiangxi(reveal: bool = True) -> list[dict[str, Any]]:
    """In seat 1's play phase 典韦 is turned up to use 强袭 on seat 2 (losing 1 HP)."""
    out: list[dict[str, Any]] = []
    if reveal:
        out.append({"type": "reveal_general", "seat": 1, "deputy": "典韦", "skill": "强袭"})
    return [*out, {"type": "skill", "seat": 1, "skill": "强袭", "cards": [], "targets": [2]},
            {"type": "lose_hp", "seat": 1, "amount": 1}, {"type": "damage", "target": 2, "amount": 1, "source": 1}]


def test_ok_at_the_start_of_the_turn(sgs: Any) -> None:
    game(sgs, [*deal(), *turn(1, reveal={"main": "曹操"})]).assert_clean()


def test_ok_to_use_a_skill(sgs: Any) -> None:
    game(sgs, [*deal(), *turn(1, *_qiangxi())]).assert_clean()


def test_ok_to_use_a_skill_from_nobodys_view(sgs: Any) -> None:
    game(sgs, [*deal(), *turn(1, *_qiangxi())], hidden=True).assert_clean()


def test_flags_in_another_players_turn(sgs: Any) -> None:
    out = game(sgs, [*deal(), *turn(1, {"type": "reveal_general", "seat": 2, "main": "刘备"})])
    out.assert_flags("SGS-5002", 10, seat=2, only=True)


def test_flags_in_the_play_phase_for_no_skill(sgs: Any) -> None:
    game(sgs, [*deal(), *turn(1, {"type": "reveal_general", "seat": 1, "main": "曹操"})]).assert_flags("SGS-5002", 10, seat=1)


def test_flags_a_general_that_is_not_the_seats(sgs: Any) -> None:
    game(sgs, [*deal(), *turn(1, reveal={"main": "典韦"})]).assert_flags("SGS-5002", 7, seat=1)


def test_flags_a_general_already_face_up(sgs: Any) -> None:
    out = game(sgs, [*deal(), *turn(1, reveal={"main": "曹操"}), *turn(2), *turn(3), *turn(4), *turn(1, reveal={"main": "曹操"})])
    out.assert_flags("SGS-5002", 32, seat=1, only=True)


def test_flags_a_skill_of_the_other_general(sgs: Any) -> None:
    """强袭 is 典韦's: turning 曹操 up does not allow it."""
    reveal = {"type": "reveal_general", "seat": 1, "main": "曹操", "skill": "强袭"}
    game(sgs, [*deal(), *turn(1, reveal, *_qiangxi(reveal=False))]).assert_flags("SGS-5002", 10, seat=1)


def test_flags_a_reveal_in_zoushis_turn(sgs: Any) -> None:
    """祸水: 邹氏 face up, nobody else turns a general up in her turn (not even for a skill)."""
    pairs = (("邹氏", "马腾"), ("刘备", "关羽"), ("孙权", "甘宁"), ("曹操", "典韦"))
    qiangxi = {"type": "reveal_general", "seat": 4, "deputy": "典韦", "skill": "强袭"}
    out = game(sgs, [*deal(), *turn(1, qiangxi, reveal={"main": "邹氏"})], pairs=pairs)
    out.assert_flags("SGS-5002", 11, seat=4)


def test_ok_a_reveal_in_zoushis_turn_while_she_is_face_down(sgs: Any) -> None:
    pairs = (("邹氏", "马腾"), ("刘备", "关羽"), ("孙权", "甘宁"), ("曹操", "典韦"))
    out = game(sgs, [*deal(), *turn(1, reveal={"deputy": "马腾"}), *turn(2, reveal={"main": "刘备"})], pairs=pairs)
    out.assert_clean()
