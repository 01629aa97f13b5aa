"""SGS-5005 hegemony-pair-bonus: the leftover half fish's card and 珠联璧合, once, as both generals are first face up.
《三國殺各種模式的規則》 · 二、國戰模式: 選擇勢力相同的兩個武將作為自己所扮演的角色."""

from __future__ import annotations

from typing import Any

from tests.hegemony_kit import DECK, deal, game, turn

PAIRS = (("刘备", "关羽"), ("曹操", "典韦"), ("孙权", "甘宁"), ("吕布", "华佗"))
BOTH = {"main": "刘备", "deputy": "关羽"}  # 4 + 5 half units: half a fish over; 珠联璧合


def _bonus(reason: str, n: int, seat: int = 1) -> dict[str, Any]:
    return {"type": "draw", "seat": seat, "cards": DECK[16:16 + n], "reason": reason}


def test_ok_the_half_and_the_companion_draws(sgs: Any) -> None:
    events = [*deal(), {"type": "turn", "seat": 1}, {"type": "reveal_general", "seat": 1, **BOTH},
              _bonus("half", 1), {"type": "draw", "seat": 1, "cards": DECK[17:19], "reason": "companion"}]
    game(sgs, events, pairs=PAIRS).assert_clean()


def test_ok_declined(sgs: Any) -> None:
    game(sgs, [*deal(), *turn(1, reveal=BOTH)], pairs=PAIRS).assert_clean()


def test_flags_a_half_draw_of_two(sgs: Any) -> None:
    events = [*deal(), {"type": "turn", "seat": 1}, {"type": "reveal_general", "seat": 1, **BOTH}, _bonus("half", 2)]
    game(sgs, events, pairs=PAIRS).assert_flags("SGS-5005", 8, seat=1, only=True)


def test_flags_a_half_draw_with_no_half_over(sgs: Any) -> None:
    """曹操 and 典韦: 4 + 4 half units, nothing over."""
    events = [*deal(), {"type": "turn", "seat": 2}, {"type": "reveal_general", "seat": 2, "main": "曹操", "deputy": "典韦"},
              _bonus("half", 1, seat=2)]
    game(sgs, events, pairs=PAIRS).assert_flags("SGS-5005", 8, seat=2, only=True)


def test_flags_a_companion_draw_later(sgs: Any) -> None:
    events = [*deal(), *turn(1, reveal=BOTH), _bonus("companion", 2)]
    game(sgs, events, pairs=PAIRS).assert_flags("SGS-5005", 13, seat=1, only=True)


def test_flags_a_companion_recovery_at_full_hp(sgs: Any) -> None:
    events = [*deal(), {"type": "turn", "seat": 1}, {"type": "reveal_general", "seat": 1, **BOTH},
              {"type": "recover", "seat": 1, "amount": 1}]
    out = game(sgs, events, pairs=PAIRS)
    out.assert_flags("SGS-5005", 8, seat=1)
