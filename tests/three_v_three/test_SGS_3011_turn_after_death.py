"""SGS-3011 1v1-turn-after-death: a character that dies in its own turn ends it; the opponent starts a new one.

《2013 王者之战 比赛规则》 · 1V1, 4．武将阵亡及新武将登场: E.武将登场结算完毕。（如果角色在自己的回合内阵亡，则由对方开始新的回合。）
"""

from __future__ import annotations

from typing import Any

from .onevone_kit import enter, game


def _kill_in_own_turn() -> list[dict[str, Any]]:
    """Seat 1 (赵云, 1 HP) uses 决斗 in its own play phase and loses it."""
    return [{"type": "use", "seat": 1, "card": "♠A 决斗", "targets": [2]},
            {"type": "respond", "seat": 2, "card": "♣4 杀"}, {"type": "pass", "seat": 1},
            {"type": "damage", "source": 2, "target": 1, "amount": 1, "card": "♠A 决斗"}, {"type": "death", "seat": 1, "killer": 2}]


def test_ok_the_opponent_starts_a_new_turn(v3: Any) -> None:
    out = game(v3, [*_kill_in_own_turn(), *enter(1, "吕布"), {"type": "turn", "seat": 2}],
               hands={1: ["♠A 决斗"], 2: ["♣4 杀"]}, hp={1: 1})
    out.assert_clean()


def test_ok_the_turn_closed_then_the_opponents(v3: Any) -> None:
    out = game(v3, [*_kill_in_own_turn(), *enter(1, "吕布"), {"type": "turn_end", "seat": 1}, {"type": "turn", "seat": 2}],
               hands={1: ["♠A 决斗"], 2: ["♣4 杀"]}, hp={1: 1})
    out.assert_clean()


def test_flags_the_dead_characters_turn_going_on(v3: Any) -> None:
    out = game(v3, [*_kill_in_own_turn(), *enter(1, "吕布"), {"type": "phase", "seat": 1, "phase": "discard"}],
               hands={1: ["♠A 决斗"], 2: ["♣4 杀"]}, hp={1: 1})
    out.assert_flags("SGS-3011", 11, seat=1, only=True)


def test_flags_the_new_general_taking_the_next_turn(v3: Any) -> None:
    out = game(v3, [*_kill_in_own_turn(), *enter(1, "吕布"), {"type": "turn", "seat": 1}],
               hands={1: ["♠A 决斗"], 2: ["♣4 杀"]}, hp={1: 1})
    out.assert_flags("SGS-3011", 11, seat=1, only=True)
