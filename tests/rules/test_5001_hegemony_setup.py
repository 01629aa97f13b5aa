"""SGS-5001 hegemony-setup: 《三國殺各種模式的規則》 · 二、國戰模式 · 2.選擇武將:
選將階段，玩家需選擇勢力相同的兩個武將作為自己所扮演的角色，游戲開始時所有武將處于“暗置”狀態。"""

from __future__ import annotations

from typing import Any

from tests.hegemony_kit import deal, game, players, turn


def test_ok_four_pairs(sgs: Any) -> None:
    game(sgs, [*deal(), *turn(1)]).assert_clean()


def test_ok_a_log_from_nobodys_view(sgs: Any) -> None:
    """Every general `?`, the public max HP given; the reveal names the generals."""
    game(sgs, [*deal(), *turn(1, reveal={"main": "曹操"})], hidden=True).assert_clean()


def test_flags_two_kingdoms(sgs: Any) -> None:
    pairs = (("曹操", "甘宁"), ("刘备", "关羽"), ("孙权", "典韦"), ("吕布", "华佗"))
    game(sgs, [*deal()], pairs=pairs).assert_flags("SGS-5001", 1, seat=1)


def test_flags_a_general_twice_at_the_table(sgs: Any) -> None:
    pairs = (("曹操", "典韦"), ("刘备", "关羽"), ("孙权", "甘宁"), ("吕布", "曹操"))
    game(sgs, [*deal()], pairs=pairs).assert_flags("SGS-5001", 1, seat=4)


def test_flags_a_wrong_max_hp(sgs: Any) -> None:
    """刘备 (4 half units) and 关羽 (5) make 4 whole fish, not 5."""
    game(sgs, [*deal()], max_hp={2: 5}).assert_flags("SGS-5001", 1, seat=2)


def test_flags_a_missing_deputy(sgs: Any) -> None:
    ps = players()
    del ps[2]["deputy"]
    header = sgs.header(ps, mode="hegemony", ruleset="hegemony")
    sgs.validate(sgs.text(header, deal())).assert_flags("SGS-5001", 1, seat=3)


def test_flags_a_wrong_max_hp_found_when_both_are_revealed(sgs: Any) -> None:
    """From nobody's view the header said 5 for seat 1; 曹操 and 典韦 make 4: found at the reveal (line 7)."""
    out = game(sgs, [*deal(), *turn(1, reveal={"main": "曹操", "deputy": "典韦"})], hidden=True, max_hp={1: 5})
    out.assert_flags("SGS-5001", 7, seat=1)


def test_flags_two_kingdoms_found_when_both_are_revealed(sgs: Any) -> None:
    out = game(sgs, [*deal(), *turn(1, reveal={"main": "曹操", "deputy": "甘宁"})], hidden=True)
    out.assert_flags("SGS-5001", 7, seat=1)
