"""SGS-5003 hegemony-face-down-skill: a face-down general has no skill; its skill is used once it is face up.
《三國殺各種模式的規則》 · 二、國戰模式: 游戲開始時所有武將處于“暗置”狀態。"""

from __future__ import annotations

from typing import Any

from tests.hegemony_kit import deal, game, turn

QIANGXI = [{"type": "skill", "seat": 1, "skill": "强袭", "cards": [], "targets": [2]},
           {"type": "lose_hp", "seat": 1, "amount": 1}, {"type": "damage", "target": 2, "amount": 1, "source": 1}]


def test_ok_after_the_reveal_at_the_turns_start(sgs: Any) -> None:
    game(sgs, [*deal(), *turn(1, *QIANGXI, reveal={"deputy": "典韦"})]).assert_clean()


def test_flags_a_skill_of_a_face_down_general(sgs: Any) -> None:
    game(sgs, [*deal(), *turn(1, *QIANGXI)]).assert_flags("SGS-5003", 10, seat=1, only=True)


def test_flags_a_skill_of_the_face_down_one_of_two(sgs: Any) -> None:
    """曹操 face up does not give 典韦's 强袭."""
    game(sgs, [*deal(), *turn(1, *QIANGXI, reveal={"main": "曹操"})]).assert_flags("SGS-5003", 11, seat=1, only=True)


def test_flags_from_nobodys_view_as_a_skill_not_held(sgs: Any) -> None:
    """From nobody's view the generals are not known: the skill is not the seat's (SGS-S001)."""
    out = game(sgs, [*deal(), *turn(1, *QIANGXI)], hidden=True)
    out.assert_flags("SGS-S001", 10, seat=1)
    out.assert_not_flagged("SGS-5003")
