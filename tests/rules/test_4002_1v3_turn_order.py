"""SGS-4002 1v3-turn-order: the allies in seat order, 神吕布's optional turn after each allied turn; then seat order.

《三國殺各種模式的規則》 · 1V3虎牢關模式: 此階段的神呂布沒有自己的固定回合，而是在聯合軍的每個回合間隙（即每個聯合軍的回合結束后）可選擇是否進行自己的回合。
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.hulao_kit import deal, fresh, ruleset_file, turns


def test_ok_lvbu_in_some_gaps(sgs: Any) -> None:
    """He declines after 中坚, takes the gap after 大将; the markers are reset and 先锋 starts the next round."""
    fresh(sgs, [*deal(), *turns(2, 1, 3, 4, 1, 2, 1, 3)]).assert_clean()


def test_ok_lvbu_declines_every_gap(sgs: Any) -> None:
    fresh(sgs, [*deal(), *turns(2, 3, 4, 2, 3)]).assert_clean()


def test_ok_the_engines_reading_lvbu_in_every_gap(sgs: Any, tmp_path: Path) -> None:
    rs = ruleset_file(tmp_path, hulao_lvbu_turn_optional=False)
    fresh(sgs, [*deal(), *turns(2, 1, 3, 1, 4, 1, 2)], ruleset_file=rs).assert_clean()


def test_flags_lvbu_twice_in_a_row(sgs: Any) -> None:
    fresh(sgs, [*deal(), *turns(2, 1, 1)]).assert_flags("SGS-4002", 14, seat=1)


def test_flags_lvbu_before_any_ally(sgs: Any) -> None:
    fresh(sgs, [*deal(), *turns(1)]).assert_flags("SGS-4002", 6, seat=1)


def test_flags_an_ally_out_of_seat_order(sgs: Any) -> None:
    fresh(sgs, [*deal(), *turns(2, 4)]).assert_flags("SGS-4002", 10, seat=4)


def test_flags_an_ally_twice_in_a_round(sgs: Any) -> None:
    fresh(sgs, [*deal(), *turns(2, 1, 2)]).assert_flags("SGS-4002", 14, seat=2)


def test_flags_a_declined_gap_under_the_engines_reading(sgs: Any, tmp_path: Path) -> None:
    rs = ruleset_file(tmp_path, hulao_lvbu_turn_optional=False)
    fresh(sgs, [*deal(), *turns(2, 3)], ruleset_file=rs).assert_flags("SGS-4002", 10, seat=3)
