"""SGS-4001 1v3-setup: four seats, 神吕布 (first form) in seat 1, the allies in seats 2–4; opening hands 8/3/4/5.

《三國殺各種模式的規則》 · 1V3虎牢關模式: 游戲開始時使用“最強神話”的武將牌。…（牌局開始先鋒3張牌基本牌，中堅4張牌，大將5張，神呂布8張）
"""

from __future__ import annotations

from typing import Any

from tests.hulao_kit import SECOND, deal, fresh, turn


def test_ok_the_opening_deal(sgs: Any) -> None:
    fresh(sgs, [*deal(), *turn(2)]).assert_clean()


def test_flags_a_vanguard_dealt_four(sgs: Any) -> None:
    fresh(sgs, [*deal((8, 4, 4, 5)), *turn(2)]).assert_flags("SGS-4001", 3, seat=2)


def test_flags_lvbu_dealt_four(sgs: Any) -> None:
    fresh(sgs, deal((4, 3, 4, 5))).assert_flags("SGS-4001", 2, seat=1)


def test_flags_the_second_form_at_the_start(sgs: Any) -> None:
    fresh(sgs, deal(), lvbu=SECOND).assert_flags("SGS-4001", 1, seat=1)


def test_flags_lvbu_among_the_allies(sgs: Any) -> None:
    fresh(sgs, deal(), allies=("刘备", "神吕布·最强神话", "黄盖")).assert_flags("SGS-4001", 1, seat=3)
