"""SGS-X003 sacrifice (ruleset house-zhuanshi): 《三国杀》标准版规则（身份局） · 游戏规则 (二)详细规则 · 转世规则:
其他玩家每回合每人可以选择给他一张手牌，作为献祭。每名玩家每回合只能献祭一次。……玩家转世后与其它玩家同等对待，但不能献祭其他角色。"""

from __future__ import annotations

from typing import Any

from tests.rules.zhuanshi_log import KILL, REBORN, give, run, turn

FINISH = {"type": "phase", "seat": 3, "phase": "finish"}


def test_ok_three_givers_in_one_turn(sgs: Any) -> None:
    run(sgs, REBORN).assert_clean()


def test_ok_the_same_giver_in_the_next_turn(sgs: Any) -> None:
    run(sgs, [*KILL, give(3, "♠9 杀"), FINISH, *turn(5), give(3, "♣3 杀")]).assert_clean()


def test_ok_an_out_player_takes_no_turn(sgs: Any) -> None:
    """After seat 3's turn comes seat 5's: the out player of seat 4 is passed over while it is not reincarnated."""
    run(sgs, [*KILL, give(3, "♠9 杀"), FINISH, *turn(5)]).assert_clean()


def test_flags_a_second_sacrifice_in_one_turn(sgs: Any) -> None:
    run(sgs, [*KILL, give(3, "♠9 杀"), give(3, "♣3 杀")]).assert_flags("SGS-X003", line=12, seat=3, only=True)


def test_flags_a_sacrifice_to_a_living_player(sgs: Any) -> None:
    run(sgs, [*KILL, give(3, "♠9 杀", to=2)]).assert_flags("SGS-X003", line=11, seat=3, only=True)


def test_flags_a_sacrifice_by_a_reincarnated_player(sgs: Any) -> None:
    run(sgs, [*REBORN, give(4, "♠9 杀", to=2)]).assert_flags("SGS-X003", line=15, seat=4)


def test_flags_two_cards_at_once(sgs: Any) -> None:
    two = give(3, "♠9 杀")
    two["cards"] = ["♠9 杀", "♣3 杀"]
    run(sgs, [*KILL, two]).assert_flags("SGS-X003", line=11, seat=3)


def test_flags_an_out_player_taking_a_turn(sgs: Any) -> None:
    run(sgs, [*KILL, FINISH, *turn(4)]).assert_flags("SGS-T008", line=12)
