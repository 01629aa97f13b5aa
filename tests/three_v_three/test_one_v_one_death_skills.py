"""The 1v1 skills of a death and of the opponent's turn: 肃资, 藏机, 姻礼.

《2013 王者之战 比赛规则》 (1V1): 夏侯渊 … 对手死亡时，你可以获得其弃置的所有牌。 黄月英 … 你死亡时，可将你装备区里所有的牌移出
游戏；若如此做，你下一名角色登场时，将这些牌置于其装备区里。 孙尚香 … 对手的回合内，当其失去的装备牌进入弃牌堆时，你可以获得之。
"""

from __future__ import annotations

from typing import Any

from .onevone_kit import enter, kill


def pair(a: str, b: str) -> list[dict[str, Any]]:
    return [{"seat": 1, "name": "A", "general": a, "side": "cold"}, {"seat": 2, "name": "B", "general": b, "side": "warm"}]


def lineups(a: str, b: str) -> list[dict[str, Any]]:
    return [{"type": "general_choice", "seat": 1, "general": a, "reserves": ["吕布", "张飞"]},
            {"type": "general_choice", "seat": 2, "general": b, "reserves": ["甘宁", "黄盖"]}]


def one_v_one(v3: Any, a: str, b: str, events: list[dict[str, Any]], **pos: Any) -> Any:
    pos.setdefault("current", 1)
    return v3.game([*lineups(a, b), *events], players=pair(a, b), mode="1v1", ruleset="1v1-2013", **pos)


# --- 肃资 ------------------------------------------------------------------------------------------

SUZI_POS: dict[str, Any] = {"hands": {1: ["♠7 杀"], 2: ["♣4 杀"]}, "equip": {2: ["♠9 寒冰剑"]}, "hp": {2: 1}}


def test_ok_suzi_takes_the_cards_the_opponents_death_discarded(v3: Any) -> None:
    out = one_v_one(v3, "夏侯渊", "孙权", [*kill(), {"type": "skill", "seat": 1, "skill": "肃资"}, *enter(2, "甘宁"),
                                         {"type": "use", "seat": 1, "card": "♠9 寒冰剑"}], **SUZI_POS)
    out.assert_clean()


def test_flags_suzi_without_a_death(v3: Any) -> None:
    out = one_v_one(v3, "夏侯渊", "孙权", [{"type": "skill", "seat": 1, "skill": "肃资"}], **SUZI_POS)
    out.assert_flags("SGS-S003", 4, seat=1)


def test_flags_suzi_after_the_next_general_entered(v3: Any) -> None:
    out = one_v_one(v3, "夏侯渊", "孙权", [*kill(), *enter(2, "甘宁"), {"type": "skill", "seat": 1, "skill": "肃资"}],
                    **SUZI_POS)
    out.assert_flags("SGS-S003", 9, seat=1)


def test_flags_suzi_naming_only_some_of_the_cards(v3: Any) -> None:
    out = one_v_one(v3, "夏侯渊", "孙权", [*kill(), {"type": "skill", "seat": 1, "skill": "肃资", "cards": ["♣4 杀"]}],
                    **SUZI_POS)
    out.assert_flags("SGS-S004", 7, seat=1)


def test_flags_the_card_suzi_did_not_take(v3: Any) -> None:
    out = one_v_one(v3, "夏侯渊", "孙权", [*kill(), *enter(2, "甘宁"), {"type": "use", "seat": 1, "card": "♠9 寒冰剑"}],
                    **SUZI_POS)
    out.assert_flags("SGS-C001", 9, seat=1)


# --- 藏机 ------------------------------------------------------------------------------------------

CANGJI_POS: dict[str, Any] = {"hands": {1: ["♠7 杀"]}, "equip": {2: ["♠9 寒冰剑", "♠2 八卦阵"]}, "hp": {2: 1}}


def test_ok_cangji_puts_the_equipment_into_the_next_generals_area(v3: Any) -> None:
    out = one_v_one(v3, "赵云", "黄月英", [*kill(), {"type": "skill", "seat": 2, "skill": "藏机"}, *enter(2, "甘宁"),
                                        {"type": "phase", "seat": 1, "phase": "discard"}, {"type": "turn", "seat": 2},
                                        {"type": "phase", "seat": 2, "phase": "play"},
                                        {"type": "discard", "seat": 2, "cards": ["♠9 寒冰剑", "♠2 八卦阵"]}],
                    **CANGJI_POS)
    out.assert_clean()


def test_flags_cangji_without_equipment(v3: Any) -> None:
    out = one_v_one(v3, "赵云", "黄月英", [*kill(), {"type": "skill", "seat": 2, "skill": "藏机"}],
                    hands={1: ["♠7 杀"]}, hp={2: 1})
    out.assert_flags("SGS-S004", 7, seat=2)


def test_flags_cangji_while_alive(v3: Any) -> None:
    out = one_v_one(v3, "赵云", "黄月英", [{"type": "skill", "seat": 2, "skill": "藏机"}], **CANGJI_POS)
    out.assert_flags("SGS-S003", 4, seat=2)


def test_flags_cangji_with_only_some_of_the_equipment(v3: Any) -> None:
    out = one_v_one(v3, "赵云", "黄月英", [*kill(), {"type": "skill", "seat": 2, "skill": "藏机", "cards": ["♠9 寒冰剑"]}],
                    **CANGJI_POS)
    out.assert_flags("SGS-S004", 7, seat=2)


def test_flags_the_equipment_used_as_discarded_without_cangji(v3: Any) -> None:
    out = one_v_one(v3, "赵云", "黄月英", [*kill(), *enter(2, "甘宁"), {"type": "phase", "seat": 1, "phase": "discard"},
                                        {"type": "turn", "seat": 2}, {"type": "phase", "seat": 2, "phase": "play"},
                                        {"type": "discard", "seat": 2, "cards": ["♠9 寒冰剑"]}], **CANGJI_POS)
    out.assert_flags("SGS-C001", 12, seat=2)


# --- 姻礼 ------------------------------------------------------------------------------------------

YINLI_POS: dict[str, Any] = {"hands": {1: ["♠J 顺手牵羊"]}, "equip": {1: ["♠9 寒冰剑"]}}
REPLACE = {"type": "use", "seat": 1, "card": "♠Q 丈八蛇矛"}


def test_ok_yinli_takes_the_equipment_the_opponent_replaced(v3: Any) -> None:
    out = one_v_one(v3, "赵云", "孙尚香", [REPLACE, {"type": "skill", "seat": 2, "skill": "姻礼", "cards": ["♠9 寒冰剑"]},
                                        {"type": "phase", "seat": 1, "phase": "discard"}, {"type": "turn", "seat": 2},
                                        {"type": "phase", "seat": 2, "phase": "play"},
                                        {"type": "use", "seat": 2, "card": "♠9 寒冰剑"}],
                    hands={1: ["♠Q 丈八蛇矛"]}, equip={1: ["♠9 寒冰剑"]})
    out.assert_clean()


def test_ok_yinli_takes_an_equipment_card_discarded_from_the_hand(v3: Any) -> None:
    out = one_v_one(v3, "赵云", "孙尚香", [{"type": "phase", "seat": 1, "phase": "discard"},
                                        {"type": "discard", "seat": 1, "cards": ["♠Q 丈八蛇矛"]},
                                        {"type": "skill", "seat": 2, "skill": "姻礼"}],
                    hands={1: ["♠Q 丈八蛇矛", "♠7 杀"]}, hp={1: 1})
    out.assert_clean()


def test_flags_yinli_in_her_own_turn(v3: Any) -> None:
    out = one_v_one(v3, "赵云", "孙尚香", [{"type": "use", "seat": 2, "card": "♠Q 丈八蛇矛"},
                                        {"type": "skill", "seat": 2, "skill": "姻礼", "cards": ["♠9 寒冰剑"]}],
                    current=2, hands={2: ["♠Q 丈八蛇矛"]}, equip={2: ["♠9 寒冰剑"]})
    out.assert_flags("SGS-S003", 5, seat=2)


def test_flags_yinli_once_play_has_moved_on(v3: Any) -> None:
    out = one_v_one(v3, "赵云", "孙尚香", [REPLACE, {"type": "phase", "seat": 1, "phase": "discard"},
                                        {"type": "skill", "seat": 2, "skill": "姻礼", "cards": ["♠9 寒冰剑"]}],
                    hands={1: ["♠Q 丈八蛇矛"]}, equip={1: ["♠9 寒冰剑"]})
    out.assert_flags("SGS-S003", 6, seat=2)


def test_flags_yinli_naming_a_card_that_was_not_discarded(v3: Any) -> None:
    out = one_v_one(v3, "赵云", "孙尚香", [REPLACE, {"type": "skill", "seat": 2, "skill": "姻礼", "cards": ["♣2 仁王盾"]}],
                    hands={1: ["♠Q 丈八蛇矛"]}, equip={1: ["♠9 寒冰剑"]})
    out.assert_flags("SGS-S004", 5, seat=2)


def test_flags_a_death_time_skill_before_the_missing_death(v3: Any) -> None:
    """The death is not logged: the death-time skill shows it is missing (SGS-D004 at its line), and counts."""
    out = one_v_one(v3, "夏侯渊", "孙权", [*kill()[:2], {"type": "skill", "seat": 1, "skill": "肃资"}, *enter(2, "甘宁"),
                                         {"type": "use", "seat": 1, "card": "♠9 寒冰剑"}], **SUZI_POS)
    out.assert_flags("SGS-D004", 6, seat=2, only=True)
