"""SGS-3011 1v1-turn-after-death: a character that dies in its own turn ends it; the opponent starts a new one.

《2013 王者之战 比赛规则》 · 1V1, 4．武将阵亡及新武将登场: E.武将登场结算完毕。（如果角色在自己的回合内阵亡，则由对方开始新的回合。）
The entry (D. 新武将登场, with its 登场时 skills: 祝融 蛮裔 "你登场时，你可视为对对手使用一张【南蛮入侵】") is part of the
death's resolution: it comes before E, so before the turn passes.
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


ZHURONG = [{"type": "general_choice", "seat": 1, "general": "赵云", "reserves": ["祝融", "张飞"]},
           {"type": "general_choice", "seat": 2, "general": "孙权", "reserves": ["甘宁", "黄盖"]}]
MANYI = [{"type": "skill", "seat": 1, "skill": "蛮裔"},
         {"type": "use", "seat": 1, "as": "南蛮入侵", "cards": [], "skill": "蛮裔", "targets": [2]},
         {"type": "damage", "source": 1, "target": 2, "amount": 1}]
#: 典韦 (2 HP) loses 1 HP for 强袭 and dies of 夏侯惇's 刚烈 in his own play phase: nothing is left in resolution
QIANGXI = [{"seat": 1, "name": "A", "general": "典韦", "side": "cold"}, {"seat": 2, "name": "B", "general": "夏侯惇", "side": "warm"}]
KILLED_BY_GANGLIE = [
    {"type": "general_choice", "seat": 1, "general": "典韦", "reserves": ["小乔", "祝融"]},
    {"type": "general_choice", "seat": 2, "general": "夏侯惇", "reserves": ["曹仁", "孙坚"]},
    {"type": "skill", "seat": 1, "skill": "强袭", "targets": [2]}, {"type": "lose_hp", "seat": 1, "amount": 1, "reason": "强袭"},
    {"type": "damage", "target": 2, "amount": 1, "source": 1}, {"type": "skill", "seat": 2, "skill": "刚烈"},
    {"type": "judge", "seat": 2, "card": "♠6 青釭剑", "reason": "刚烈"}, {"type": "damage", "target": 1, "amount": 1, "source": 2},
    {"type": "dying", "seat": 1}, {"type": "death", "seat": 1, "killer": 2}]


def test_ok_the_next_generals_entry_skill_before_the_opponents_turn(v3: Any) -> None:
    """祝融 enters after 典韦 died in his own turn and uses 蛮裔 at once; then the opponent's turn."""
    out = v3.game([*KILLED_BY_GANGLIE, *enter(1, "祝融"), *MANYI, {"type": "turn", "seat": 2}], players=QIANGXI,
                  mode="1v1", ruleset="1v1-2013", current=1, hp={1: 2, 2: 4}, deck=["♠6 青釭剑"])
    out.assert_clean()


def test_flags_a_card_of_the_new_general_in_the_dead_characters_turn(v3: Any) -> None:
    """Not an entry skill: a card 祝融 uses from his new hand before the opponent's turn is an action of the turn
    that is over."""
    out = game(v3, [*ZHURONG, *_kill_in_own_turn(), *enter(1, "祝融", ["♦2 闪", "♦3 闪", "♦7 闪", "♠7 杀"]),
                    {"type": "use", "seat": 1, "card": "♠7 杀", "targets": [2]}],
               lineups=False, hands={1: ["♠A 决斗"], 2: ["♣4 杀"]}, hp={1: 1})
    out.assert_flags("SGS-3011", 11, seat=1)
