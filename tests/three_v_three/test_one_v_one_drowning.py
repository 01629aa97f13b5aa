"""水淹七军, the card of the 2013 1v1 deck (content/deck_1v1.csv, ♣7).

《2013 王者之战 比赛规则》 (1V1): 【水淹七军】出牌阶段，对对手使用，对手选择一项：弃置装备区里所有的牌
（至少一张），或受到你对其造成的1点伤害。

Seat 1 赵云 (cold, current, play phase) uses it on seat 2 孙权 (warm).
"""

from __future__ import annotations

from typing import Any

PAIR = [{"seat": 1, "name": "A", "general": "赵云", "side": "cold"},
        {"seat": 2, "name": "B", "general": "孙权", "side": "warm"}]
CARD = "♣7 水淹七军"


def game(v3: Any, events: list[dict[str, Any]], **pos: Any) -> Any:
    pos.setdefault("current", 1)
    pos.setdefault("hands", {1: [CARD]})
    return v3.game(events, players=PAIR, mode="1v1", ruleset="1v1-2013", **pos)


def use(targets: list[int] | None = None) -> dict[str, Any]:
    return {"type": "use", "seat": 1, "card": CARD, "targets": [2] if targets is None else targets}


def test_ok_the_target_takes_the_damage(v3: Any) -> None:
    game(v3, [use(), {"type": "damage", "source": 1, "target": 2, "amount": 1, "card": CARD}]).assert_clean()


def test_ok_the_target_discards_its_whole_equipment(v3: Any) -> None:
    out = game(v3, [use(), {"type": "discard", "seat": 2, "cards": ["♠2 八卦阵", "♠9 寒冰剑"], "reason": "水淹七军"}],
               equip={2: ["♠2 八卦阵", "♠9 寒冰剑"]})
    out.assert_clean()


def test_ok_a_nullification_counters_it(v3: Any) -> None:
    out = game(v3, [use(), {"type": "use", "seat": 2, "card": "♥K 无懈可击"}, {"type": "phase", "seat": 1, "phase": "discard"}],
               hands={1: [CARD], 2: ["♥K 无懈可击"]})
    out.assert_clean()


def test_flags_part_of_the_equipment_discarded(v3: Any) -> None:
    out = game(v3, [use(), {"type": "discard", "seat": 2, "cards": ["♠2 八卦阵"], "reason": "水淹七军"}],
               equip={2: ["♠2 八卦阵", "♠9 寒冰剑"]})
    out.assert_flags("SGS-D010", 3, seat=2, only=True)


def test_flags_a_discard_without_equipment(v3: Any) -> None:
    out = game(v3, [use(), {"type": "discard", "seat": 2, "cards": ["♦2 闪"], "reason": "水淹七军"}], hands={1: [CARD], 2: ["♦2 闪"]})
    out.assert_flags("SGS-D010", 3, seat=2)


def test_flags_neither_choice_carried_out(v3: Any) -> None:
    out = game(v3, [use(), {"type": "phase", "seat": 1, "phase": "discard"}])
    out.assert_flags("SGS-D002", 3, seat=2, only=True)


def test_flags_two_damage(v3: Any) -> None:
    out = game(v3, [use(), {"type": "damage", "source": 1, "target": 2, "amount": 2, "card": CARD}])
    out.assert_flags("SGS-D001", 3, seat=2)


def test_flags_used_on_yourself(v3: Any) -> None:
    out = game(v3, [use([1])])
    out.assert_flags("SGS-P004", 2, seat=1)


def test_flags_the_1v1_dismantlement_taking_a_judged_card(v3: Any) -> None:
    """1v1 过河拆桥: 弃置其装备区里的一张牌；或令对手亮出所有手牌，你弃置其中一张 (no judgement area)."""
    out = game(v3, [{"type": "use", "seat": 1, "card": "♠3 过河拆桥", "targets": [2]},
                    {"type": "move", "cards": ["♥6 乐不思蜀"], "from": {"zone": "judge", "seat": 2}, "to": {"zone": "discard"},
                     "reason": "过河拆桥"}], hands={1: ["♠3 过河拆桥"]}, judge={2: ["♥6 乐不思蜀"]})
    out.assert_flags("SGS-D010", 3, seat=2, only=True)


def test_ok_the_1v1_dismantlement_taking_an_equipped_card(v3: Any) -> None:
    out = game(v3, [{"type": "use", "seat": 1, "card": "♠3 过河拆桥", "targets": [2]},
                    {"type": "move", "cards": ["♠2 八卦阵"], "from": {"zone": "equip", "seat": 2}, "to": {"zone": "discard"},
                     "reason": "过河拆桥"}], hands={1: ["♠3 过河拆桥"]}, equip={2: ["♠2 八卦阵"]})
    out.assert_clean()
