"""The 1v1 skills the engine defines beyond the text variants: 倾国 (1v1) and 翩仪.

《2013 王者之战 比赛规则》 (1V1): 甄姬 … 你可以将一张装备区里的牌当【闪】使用或打出。 貂蝉 … 锁定技，你登场时，若处于对手的
回合，其回合立即结束。
"""

from __future__ import annotations

from typing import Any

from .onevone_kit import enter, kill

ZHENJI = [{"seat": 1, "name": "A", "general": "赵云", "side": "cold"},
          {"seat": 2, "name": "B", "general": "甄姬", "side": "warm"}]
SLASH = {"type": "use", "seat": 1, "card": "♠7 杀", "targets": [2]}


def zhenji(v3: Any, events: list[dict[str, Any]], **pos: Any) -> Any:
    return v3.game(events, players=ZHENJI, mode="1v1", ruleset="1v1-2013", current=1, **pos)


def test_ok_qingguo_turns_an_equipped_card_into_a_dodge(v3: Any) -> None:
    out = zhenji(v3, [SLASH, {"type": "respond", "seat": 2, "as": "闪", "cards": ["♠9 寒冰剑"], "skill": "倾国"}],
                 hands={1: ["♠7 杀"]}, equip={2: ["♠9 寒冰剑"]})
    out.assert_clean()


def test_flags_qingguo_with_a_black_hand_card_in_1v1(v3: Any) -> None:
    out = zhenji(v3, [SLASH, {"type": "respond", "seat": 2, "as": "闪", "cards": ["♣4 杀"], "skill": "倾国"}],
                 hands={1: ["♠7 杀"], 2: ["♣4 杀"]})
    out.assert_flags("SGS-P009", 3, seat=2)


def test_ok_qingguo_keeps_its_standard_text_elsewhere(sgs: Any) -> None:
    players = sgs.identity_players((("孙权", "lord"), ("甘宁", "rebel"), ("许褚", "loyalist"), ("甄姬", "rebel"),
                                    ("华佗", "renegade")))
    out = sgs.identity([{"type": "use", "seat": 3, "card": "♠7 杀", "targets": [4]},
                        {"type": "respond", "seat": 4, "as": "闪", "cards": ["♣4 杀"], "skill": "倾国"}],
                       players=players, hands={3: ["♠7 杀"], 4: ["♣4 杀"]})
    out.assert_clean()


PAIR = [{"seat": 1, "name": "A", "general": "赵云", "side": "cold"},
        {"seat": 2, "name": "B", "general": "孙权", "side": "warm"}]
LINEUPS = [{"type": "general_choice", "seat": 1, "general": "赵云", "reserves": ["吕布", "张飞"]},
           {"type": "general_choice", "seat": 2, "general": "孙权", "reserves": ["貂蝉", "黄盖"]}]


def diaochan(v3: Any, events: list[dict[str, Any]]) -> Any:
    return v3.game([*LINEUPS, *kill(), *enter(2, "貂蝉", ["♦2 闪", "♦3 闪", "♦7 闪"]), *events], players=PAIR,
                   mode="1v1", ruleset="1v1-2013", current=1, hands={1: ["♠7 杀"]}, hp={2: 1})


def test_ok_pianyi_ends_the_opponents_turn(v3: Any) -> None:
    diaochan(v3, [{"type": "turn", "seat": 2}]).assert_clean()


def test_flags_the_opponents_turn_going_on_after_pianyi(v3: Any) -> None:
    diaochan(v3, [{"type": "phase", "seat": 1, "phase": "discard"}]).assert_flags("SGS-3011", 9, seat=1, only=True)


def test_flags_a_card_the_opponent_uses_after_pianyi(v3: Any) -> None:
    """其回合立即结束: the opponent's turn is over, a card it uses is no action of it (not only its phases)."""
    out = v3.game([*LINEUPS, *kill(), *enter(2, "貂蝉", ["♦2 闪", "♦3 闪", "♦7 闪"]),
                   {"type": "use", "seat": 1, "card": "♥7 无中生有"}], players=PAIR, mode="1v1", ruleset="1v1-2013",
                  current=1, hands={1: ["♠7 杀", "♥7 无中生有"]}, hp={2: 1})
    out.assert_flags("SGS-3011", 9, seat=1)


def test_pianyi_ok_announced_as_she_enters(v3: Any) -> None:
    """翩仪 is a locked skill: written or not, it ends the opponent's turn."""
    out = diaochan(v3, [{"type": "skill", "seat": 2, "skill": "翩仪"}, {"type": "turn", "seat": 2}])
    out.assert_clean()
    assert out.report.unverifiable == 0


def test_pianyi_bad_announced_later(v3: Any) -> None:
    """你登场时: not in her own turn that follows."""
    out = diaochan(v3, [{"type": "turn", "seat": 2}, {"type": "skill", "seat": 2, "skill": "翩仪"}])
    out.assert_flags("SGS-S003", 10, seat=2)


def test_kofqingguo_ok_announced_before_the_dodge(v3: Any) -> None:
    out = zhenji(v3, [SLASH, {"type": "skill", "seat": 2, "skill": "倾国"},
                      {"type": "respond", "seat": 2, "as": "闪", "cards": ["♠9 寒冰剑"], "skill": "倾国"}],
                 hands={1: ["♠7 杀"]}, equip={2: ["♠9 寒冰剑"]})
    out.assert_clean()
    assert out.report.unverifiable == 0


def test_kofqingguo_bad_a_hand_card(v3: Any) -> None:
    """装备区里的牌 only: a hand card (even a black one, the standard 倾国's) does not qualify."""
    out = zhenji(v3, [SLASH, {"type": "skill", "seat": 2, "skill": "倾国"},
                      {"type": "respond", "seat": 2, "as": "闪", "cards": ["♠4 杀"], "skill": "倾国"}],
                 hands={1: ["♠7 杀"], 2: ["♠4 杀"]}, equip={2: ["♠9 寒冰剑"]})
    out.assert_flags("SGS-P009", 4, seat=2)


HUWEI = [{"type": "general_choice", "seat": 1, "general": "赵云", "reserves": ["吕布", "张飞"]},
         {"type": "general_choice", "seat": 2, "general": "孙权", "reserves": ["关羽", "马超"]}]


def entering(v3: Any, general: str, events: list[dict[str, Any]]) -> Any:
    """Seat 2's 孙权 dies in seat 1's play phase and ``general`` enters."""
    return v3.game([*HUWEI, *kill(), *enter(2, general), *events], players=PAIR, mode="1v1", ruleset="1v1-2013",
                   current=1, hands={1: ["♠7 杀"]}, hp={2: 1})


def test_ok_huwei_uses_a_drowning_as_the_general_enters(v3: Any) -> None:
    """虎威: 你登场时，你可视为对对手使用一张【水淹七军】."""
    out = entering(v3, "关羽", [{"type": "skill", "seat": 2, "skill": "虎威"},
                               {"type": "use", "seat": 2, "as": "水淹七军", "cards": [], "skill": "虎威", "targets": [1]},
                               {"type": "damage", "source": 2, "target": 1, "amount": 1},
                               {"type": "phase", "seat": 1, "phase": "discard"}])
    out.assert_clean()


def test_ok_xiaoxi_uses_a_slash_as_the_general_enters(v3: Any) -> None:
    """骁袭: 你登场时，你可视为对对手使用一张【杀】."""
    out = entering(v3, "马超", [{"type": "skill", "seat": 2, "skill": "骁袭"},
                               {"type": "use", "seat": 2, "as": "杀", "cards": [], "skill": "骁袭", "targets": [1]},
                               {"type": "damage", "source": 2, "target": 1, "amount": 1},
                               {"type": "phase", "seat": 1, "phase": "discard"}])
    out.assert_clean()


def test_flags_xiaoxi_after_the_moment_of_entering(v3: Any) -> None:
    out = entering(v3, "马超", [{"type": "phase", "seat": 1, "phase": "discard"},
                               {"type": "skill", "seat": 2, "skill": "骁袭"}])
    out.assert_flags("SGS-S003", 10, seat=2)


XUCHU = [{"seat": 1, "name": "A", "general": "许褚", "side": "cold"},
         {"seat": 2, "name": "B", "general": "孙权", "side": "warm"}]


def xuchu(v3: Any, events: list[dict[str, Any]]) -> Any:
    return v3.game(events, players=XUCHU, mode="1v1", ruleset="1v1-2013", current=1,
                   hands={1: ["♥K 无懈可击", "♣4 杀"], 2: ["♦2 闪", "♣5 杀"]})


def test_ok_xiechan_won_gives_a_duel_to_xuchu(v3: Any) -> None:
    """挟缠: 若你赢，视为你对其使用一张【决斗】."""
    out = xuchu(v3, [{"type": "skill", "seat": 1, "skill": "挟缠", "targets": [2]},
                     {"type": "pindian", "seat": 1, "target": 2, "cards": ["♥K 无懈可击", "♦2 闪"]},
                     {"type": "use", "seat": 1, "as": "决斗", "cards": [], "skill": "挟缠", "targets": [2]},
                     {"type": "respond", "seat": 2, "card": "♣5 杀"}, {"type": "respond", "seat": 1, "card": "♣4 杀"},
                     {"type": "pass", "seat": 2}, {"type": "damage", "source": 1, "target": 2, "amount": 1}])
    out.assert_clean()


def test_ok_xiechan_lost_gives_the_duel_to_the_opponent(v3: Any) -> None:
    """挟缠: 若你没赢，视为对手对你使用一张【决斗】."""
    out = xuchu(v3, [{"type": "skill", "seat": 1, "skill": "挟缠", "targets": [2]},
                     {"type": "pindian", "seat": 1, "target": 2, "cards": ["♣4 杀", "♣5 杀"]},
                     {"type": "use", "seat": 2, "as": "决斗", "cards": [], "skill": "挟缠", "targets": [1]},
                     {"type": "pass", "seat": 1}, {"type": "damage", "source": 2, "target": 1, "amount": 1}])
    out.assert_clean()


def test_flags_xiechan_twice(v3: Any) -> None:
    """限定技: once per game."""
    out = xuchu(v3, [{"type": "skill", "seat": 1, "skill": "挟缠", "targets": [2]},
                     {"type": "pindian", "seat": 1, "target": 2, "cards": ["♣4 杀", "♣5 杀"]},
                     {"type": "use", "seat": 2, "as": "决斗", "cards": [], "skill": "挟缠", "targets": [1]},
                     {"type": "pass", "seat": 1}, {"type": "damage", "source": 2, "target": 1, "amount": 1},
                     {"type": "skill", "seat": 1, "skill": "挟缠", "targets": [2]}])
    out.assert_flags("SGS-S002", 7, seat=1)


CAOREN = [{"seat": 1, "name": "A", "general": "曹仁", "side": "cold"},
          {"seat": 2, "name": "B", "general": "甄姬", "side": "warm"}]
JUSHOU = [{"type": "phase", "seat": 1, "phase": "finish"},
          {"type": "skill", "seat": 1, "skill": "据守"},
          {"type": "draw", "seat": 1, "cards": ["♦2 闪", "♦3 闪", "♦7 闪"], "reason": "skill", "skill": "据守"},
          {"type": "turn_end", "seat": 1},
          {"type": "turn", "seat": 2}, {"type": "phase", "seat": 2, "phase": "finish"},
          {"type": "turn_end", "seat": 2}]


def test_ok_jushou_skips_the_next_turn_in_1v1(v3: Any) -> None:
    """据守: 回合结束阶段，你可以摸三张牌，若如此做，跳过你的下回合 — in 1v1 the opponent plays twice in a row."""
    out = v3.game([*JUSHOU, {"type": "turn", "seat": 2}], players=CAOREN, mode="1v1", ruleset="1v1-2013",
                  current=1, phase="play")
    out.assert_clean()


def test_flags_the_skipped_turn_taken_in_1v1(v3: Any) -> None:
    out = v3.game([*JUSHOU, {"type": "turn", "seat": 1}], players=CAOREN, mode="1v1", ruleset="1v1-2013",
                  current=1, phase="play")
    out.assert_flags("SGS-T007", 9, seat=1)
