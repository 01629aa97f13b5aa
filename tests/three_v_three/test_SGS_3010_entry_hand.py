"""SGS-3010 1v1-entry-hand: the entering general draws as many cards as its max HP.

《2013 王者之战 比赛规则》 · 1V1, 4．武将阵亡及新武将登场: B. … 从自己的备选武将中选择一名武将登场，调整体力并获得等同于
体力上限数量的起始手牌。
"""

from __future__ import annotations

from typing import Any

from .onevone_kit import HAND4, enter, game, kill

END = {"type": "phase", "seat": 1, "phase": "discard"}


def test_ok_four_cards_for_a_four_hp_general(v3: Any) -> None:
    game(v3, [*kill(), *enter(2, "甘宁", HAND4), END], hands={1: ["♠7 杀"]}, hp={2: 1}).assert_clean()


def test_flags_too_few_cards(v3: Any) -> None:
    out = game(v3, [*kill(), *enter(2, "甘宁", HAND4[:2]), END], hands={1: ["♠7 杀"]}, hp={2: 1})
    out.assert_flags("SGS-3010", 8, seat=2, only=True)


def test_flags_the_missing_starting_hand(v3: Any) -> None:
    out = game(v3, [*kill(), {"type": "general_choice", "seat": 2, "general": "甘宁"}, END], hands={1: ["♠7 杀"]}, hp={2: 1})
    out.assert_flags("SGS-3010", 8, seat=2, only=True)
