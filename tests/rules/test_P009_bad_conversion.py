"""SGS-P009 bad-conversion: the physical cards must qualify for the conversion (武圣 red, 龙胆 杀↔闪 …)."""

from __future__ import annotations

from typing import Any

import pytest


def _players(sgs: Any, general: str, seat: int = 3) -> list[dict[str, Any]]:
    table = [("孙权", "lord"), ("甘宁", "loyalist"), ("许褚", "rebel"), ("黄盖", "rebel"), ("华佗", "renegade")]
    table[seat - 1] = (general, table[seat - 1][1])
    return sgs.identity_players(table)


def _as_slash(cards: list[str], skill: str) -> list[dict[str, Any]]:
    return [{"type": "use", "seat": 3, "as": "杀", "cards": cards, "skill": skill, "targets": [4]},
            {"type": "damage", "source": 3, "target": 4, "amount": 1}]


@pytest.mark.parametrize(("general", "skill", "card"), [("关羽", "武圣", "♥4 桃"), ("关羽", "武圣", "♦2 闪"),
                                                         ("赵云", "龙胆", "♦2 闪")])
def test_ok_converted_slash(sgs: Any, general: str, skill: str, card: str) -> None:
    sgs.identity(_as_slash([card], skill), players=_players(sgs, general), hands={3: [card]}).assert_clean()


@pytest.mark.parametrize(("general", "skill", "card"), [("关羽", "武圣", "♠8 杀"), ("关羽", "武圣", "♣2 仁王盾"),
                                                         ("赵云", "龙胆", "♥4 桃")])
def test_flags_card_does_not_qualify(sgs: Any, general: str, skill: str, card: str) -> None:
    out = sgs.identity(_as_slash([card], skill), players=_players(sgs, general), hands={3: [card]})
    out.assert_flags("SGS-P009", line=2, seat=3)


def test_ok_spear_two_hand_cards(sgs: Any) -> None:
    sgs.identity(_as_slash(["♥4 桃", "♦2 闪"], "丈八蛇矛"), hands={3: ["♥4 桃", "♦2 闪"]},
                 equip={3: ["♠Q 丈八蛇矛"]}).assert_clean()


def test_flags_spear_one_card(sgs: Any) -> None:
    out = sgs.identity(_as_slash(["♥4 桃"], "丈八蛇矛"), hands={3: ["♥4 桃"]}, equip={3: ["♠Q 丈八蛇矛"]})
    out.assert_flags("SGS-P009", line=2)


def test_ok_qingguo_black_card_as_jink(sgs: Any) -> None:
    sgs.identity([{"type": "use", "seat": 3, "card": "♠7 杀", "targets": [4]},
                  {"type": "respond", "seat": 4, "as": "闪", "cards": ["♣8 杀"], "skill": "倾国"}],
                 players=_players(sgs, "甄姬", seat=4), hands={3: ["♠7 杀"], 4: ["♣8 杀"]}).assert_clean()


def test_flags_qingguo_red_card(sgs: Any) -> None:
    out = sgs.identity([{"type": "use", "seat": 3, "card": "♠7 杀", "targets": [4]},
                        {"type": "respond", "seat": 4, "as": "闪", "cards": ["♥4 桃"], "skill": "倾国"}],
                       players=_players(sgs, "甄姬", seat=4), hands={3: ["♠7 杀"], 4: ["♥4 桃"]})
    out.assert_flags("SGS-P009", line=3, seat=4)


def test_ok_qixi_black_card_as_dismantlement(sgs: Any) -> None:
    sgs.identity([
        {"type": "use", "seat": 2, "as": "过河拆桥", "cards": ["♣8 杀"], "skill": "奇袭", "targets": [3]},
        {"type": "move", "cards": ["♥4 桃"], "from": {"seat": 3, "zone": "hand"}, "to": {"zone": "discard"},
         "reason": "过河拆桥"},
    ], hands={2: ["♣8 杀"], 3: ["♥4 桃"]}, current=2).assert_clean()


def test_flags_qixi_red_card(sgs: Any) -> None:
    out = sgs.identity([{"type": "use", "seat": 2, "as": "过河拆桥", "cards": ["♦2 闪"], "skill": "奇袭", "targets": [3]}],
                       hands={2: ["♦2 闪"], 3: ["♥4 桃"]}, current=2)
    out.assert_flags("SGS-P009", line=2, seat=2)


def test_flags_guose_not_a_diamond(sgs: Any) -> None:
    out = sgs.identity([{"type": "use", "seat": 3, "as": "乐不思蜀", "cards": ["♥4 桃"], "skill": "国色", "targets": [4]}],
                       players=_players(sgs, "大乔"), hands={3: ["♥4 桃"]})
    out.assert_flags("SGS-P009", line=2)


def test_ok_jijiu_red_card_as_peach_outside_own_turn(sgs: Any) -> None:
    sgs.identity([
        {"type": "use", "seat": 3, "card": "♠7 杀", "targets": [4]},
        {"type": "damage", "source": 3, "target": 4, "amount": 1, "card": "♠7 杀"},
        {"type": "use", "seat": 5, "as": "桃", "cards": ["♦2 闪"], "skill": "急救", "targets": [4]},
        {"type": "recover", "seat": 4, "amount": 1, "source": 5},
    ], hands={3: ["♠7 杀"], 5: ["♦2 闪"]}, hp={4: 1}).assert_clean()


def test_flags_jijiu_black_card(sgs: Any) -> None:
    out = sgs.identity([
        {"type": "use", "seat": 3, "card": "♠7 杀", "targets": [4]},
        {"type": "damage", "source": 3, "target": 4, "amount": 1, "card": "♠7 杀"},
        {"type": "use", "seat": 5, "as": "桃", "cards": ["♣8 杀"], "skill": "急救", "targets": [4]},
        {"type": "recover", "seat": 4, "amount": 1, "source": 5},
    ], hands={3: ["♠7 杀"], 5: ["♣8 杀"]}, hp={4: 1})
    out.assert_flags("SGS-P009", line=4, seat=5)
