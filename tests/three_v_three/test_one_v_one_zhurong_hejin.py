"""The two 1v1 generals of 《2013 王者之战 比赛规则》 (1V1) beyond the changed ones: 祝融 (蛮裔, 烈刃) and 何进 (谋诛, 延祸).

祝融 4体力不变 你登场时，你可视为对对手使用一张【南蛮入侵】；【南蛮入侵】对你无效。 何进 4体力 出牌阶段限一次，你可以令对手交给你一张
手牌。然后若你的手牌数大于对手的手牌数，对手选择一项：视为对你使用一张【杀】；视为对你使用一张【决斗】。你死亡时你可以依次弃置对手的
X张牌（X为你死亡时拥有牌的数量）。 烈刃 (not in the rulebooks, the official card): 每当你使用【杀】对目标角色造成伤害后，你可以与其
拼点，若你赢，你获得该角色的一张牌。
"""

from __future__ import annotations

from typing import Any

from sgs_replay.content import ruleset

from .onevone_kit import enter, kill


def pair(a: str, b: str) -> list[dict[str, Any]]:
    return [{"seat": 1, "name": "A", "general": a, "side": "cold"}, {"seat": 2, "name": "B", "general": b, "side": "warm"}]


def one_v_one(v3: Any, a: str, b: str, events: list[dict[str, Any]], **pos: Any) -> Any:
    pos.setdefault("current", 1)
    lineups = [{"type": "general_choice", "seat": 1, "general": a, "reserves": ["吕布", "张飞"]},
               {"type": "general_choice", "seat": 2, "general": b, "reserves": [g for g in ("祝融", "黄盖", "甘宁") if g != b][:2]}]
    return v3.game([*lineups, *events], players=pair(a, b), mode="1v1", ruleset="1v1-2013", **pos)


def test_ok_both_are_in_the_1v1_roster() -> None:
    rs = ruleset("1v1-2013")
    for name in ("祝融", "何进"):
        gen = rs.resolve_general(name)
        assert gen is not None and rs.in_roster(gen)
    assert len(rs.roster) == 32


# --- 蛮裔 ------------------------------------------------------------------------------------------

MANYI = {"type": "skill", "seat": 2, "skill": "蛮裔"}
SAVAGE = {"type": "use", "seat": 2, "as": "南蛮入侵", "cards": [], "skill": "蛮裔"}


def test_ok_manyi_uses_a_savage_assault_as_she_enters(v3: Any) -> None:
    out = one_v_one(v3, "赵云", "孙权", [*kill(), *enter(2, "祝融"), MANYI, SAVAGE,
                                       {"type": "damage", "source": 2, "target": 1, "amount": 1},
                                       {"type": "phase", "seat": 1, "phase": "discard"}], hands={1: ["♠7 杀"]}, hp={2: 1})
    out.assert_clean()


def test_flags_manyi_after_the_moment_of_entering(v3: Any) -> None:
    out = one_v_one(v3, "赵云", "孙权", [*kill(), *enter(2, "祝融"), {"type": "phase", "seat": 1, "phase": "discard"},
                                       MANYI], hands={1: ["♠7 杀"]}, hp={2: 1})
    out.assert_flags("SGS-S003", 10, seat=2)


def test_ok_a_savage_assault_has_no_effect_on_her(v3: Any) -> None:
    out = one_v_one(v3, "赵云", "祝融", [{"type": "use", "seat": 1, "card": "♠K 南蛮入侵"},
                                       {"type": "phase", "seat": 1, "phase": "discard"}], hands={1: ["♠K 南蛮入侵"]})
    out.assert_clean()


def test_flags_her_damage_by_a_savage_assault(v3: Any) -> None:
    out = one_v_one(v3, "赵云", "祝融", [{"type": "use", "seat": 1, "card": "♠K 南蛮入侵"},
                                       {"type": "damage", "source": 1, "target": 2, "amount": 1, "card": "♠K 南蛮入侵"}],
                    hands={1: ["♠K 南蛮入侵"]})
    out.assert_flags("SGS-D003", 5, seat=2)


# --- 烈刃 ------------------------------------------------------------------------------------------

SLASH = [{"type": "use", "seat": 1, "card": "♠7 杀", "targets": [2]},
         {"type": "damage", "source": 1, "target": 2, "amount": 1, "card": "♠7 杀"}]
LIEREN = {"type": "skill", "seat": 1, "skill": "烈刃", "targets": [2]}


def test_ok_lieren_won_takes_a_card(v3: Any) -> None:
    out = one_v_one(v3, "祝融", "孙权", [*SLASH, LIEREN, {"type": "pindian", "seat": 1, "target": 2, "cards": ["♠Q 丈八蛇矛", "♦2 闪"]},
                                       {"type": "move", "cards": ["♦3 闪"], "from": {"seat": 2, "zone": "hand"},
                                        "to": {"seat": 1, "zone": "hand"}, "reason": "烈刃"}],
                    hands={1: ["♠7 杀", "♠Q 丈八蛇矛"], 2: ["♦2 闪", "♦3 闪"]})
    out.assert_clean()


def test_ok_lieren_lost_takes_nothing(v3: Any) -> None:
    out = one_v_one(v3, "祝融", "孙权", [*SLASH, LIEREN, {"type": "pindian", "seat": 1, "target": 2, "cards": ["♠A 决斗", "♦2 闪"]},
                                       {"type": "phase", "seat": 1, "phase": "discard"}],
                    hands={1: ["♠7 杀", "♠A 决斗"], 2: ["♦2 闪", "♦3 闪"]})
    out.assert_clean()


def test_ok_lieren_after_a_converted_slash_and_a_rescue(v3: Any) -> None:
    """The 杀 of 丈八蛇矛 (no card on the damage), and the target rescued by her own 桃 before 烈刃."""
    out = one_v_one(v3, "祝融", "孙权", [{"type": "use", "seat": 1, "as": "杀", "cards": ["♠7 杀", "♠8 杀"], "skill": "丈八蛇矛",
                                        "targets": [2]},
                                       {"type": "damage", "source": 1, "target": 2, "amount": 1},
                                       {"type": "dying", "seat": 2},
                                       {"type": "use", "seat": 1, "card": "♥3 桃", "targets": [2]},
                                       {"type": "recover", "seat": 2, "amount": 1, "source": 1, "card": "♥3 桃"},
                                       LIEREN, {"type": "pindian", "seat": 1, "target": 2, "cards": ["♠A 决斗", "♦2 闪"]},
                                       {"type": "phase", "seat": 1, "phase": "discard"}],
                    hands={1: ["♠7 杀", "♠8 杀", "♥3 桃", "♠A 决斗"], 2: ["♦2 闪"]}, equip={1: ["♠Q 丈八蛇矛"]}, hp={2: 1})
    out.assert_clean()


def test_flags_lieren_without_a_slash_damage(v3: Any) -> None:
    out = one_v_one(v3, "祝融", "孙权", [LIEREN], hands={1: ["♠A 决斗"], 2: ["♦2 闪"]})
    out.assert_flags("SGS-S003", 4, seat=1)


# --- 谋诛 ------------------------------------------------------------------------------------------

MOUZHU = {"type": "skill", "seat": 1, "skill": "谋诛", "targets": [2]}
GIVE = {"type": "move", "cards": ["♦2 闪"], "from": {"seat": 2, "zone": "hand"}, "to": {"seat": 1, "zone": "hand"},
        "reason": "谋诛"}


def test_ok_mouzhu_then_the_opponent_duels_him(v3: Any) -> None:
    out = one_v_one(v3, "何进", "孙权", [MOUZHU, GIVE, {"type": "use", "seat": 2, "as": "决斗", "cards": [], "skill": "谋诛",
                                                      "targets": [1]},
                                       {"type": "respond", "seat": 1, "card": "♠7 杀"},
                                       {"type": "damage", "source": 1, "target": 2, "amount": 1}],
                    hands={1: ["♠7 杀", "♠8 杀"], 2: ["♦2 闪"]})
    out.assert_clean()


def test_ok_mouzhu_with_fewer_cards_ends_with_the_gift(v3: Any) -> None:
    out = one_v_one(v3, "何进", "孙权", [MOUZHU, GIVE, {"type": "phase", "seat": 1, "phase": "discard"}],
                    hands={2: ["♦2 闪", "♦3 闪", "♦7 闪", "♦8 闪"]})
    out.assert_clean()


def test_flags_mouzhu_twice_in_a_play_phase(v3: Any) -> None:
    out = one_v_one(v3, "何进", "孙权", [MOUZHU, GIVE, MOUZHU], hands={2: ["♦2 闪", "♦3 闪", "♦7 闪", "♦8 闪"]})
    out.assert_flags("SGS-S002", 6, seat=1)


def test_flags_mouzhu_answered_with_another_card(v3: Any) -> None:
    out = one_v_one(v3, "何进", "孙权", [MOUZHU, GIVE, {"type": "use", "seat": 2, "as": "过河拆桥", "cards": [], "skill": "谋诛",
                                                      "targets": [1]}],
                    hands={1: ["♠7 杀", "♠8 杀"], 2: ["♦2 闪"]})
    assert out.violations and all(v.line == 6 for v in out.violations)


# --- 延祸 ------------------------------------------------------------------------------------------

YANHUO = {"type": "skill", "seat": 2, "skill": "延祸"}
HAND = ["♥2 闪", "♥5 闪", "♦7 闪", "♦8 闪"]


def discard_of(cards: list[str], zone: str = "hand") -> dict[str, Any]:
    return {"type": "move", "cards": cards, "from": {"seat": 1, "zone": zone}, "to": {"zone": "discard"}, "reason": "延祸"}


def test_ok_yanhuo_discards_x_of_the_opponents_cards(v3: Any) -> None:
    out = one_v_one(v3, "赵云", "何进", [*kill(), YANHUO, discard_of(["♦2 闪"]), discard_of(["♠9 寒冰剑"], "equip"),
                                       *enter(2, "祝融", HAND)],
                    hands={1: ["♠7 杀", "♦2 闪", "♦3 闪"], 2: ["♣4 杀"]}, equip={1: ["♠9 寒冰剑"], 2: ["♠2 八卦阵"]},
                    hp={2: 1})
    out.assert_clean()


def test_flags_yanhuo_discarding_fewer_than_x(v3: Any) -> None:
    out = one_v_one(v3, "赵云", "何进", [*kill(), YANHUO, discard_of(["♦2 闪"]), *enter(2, "祝融", HAND),
                                       {"type": "phase", "seat": 1, "phase": "discard"}],
                    hands={1: ["♠7 杀", "♦2 闪", "♦3 闪"], 2: ["♣4 杀"]}, equip={2: ["♠2 八卦阵"]}, hp={2: 1})
    out.assert_flags("SGS-S006", 11, seat=1)


def test_flags_yanhuo_while_alive(v3: Any) -> None:
    out = one_v_one(v3, "赵云", "何进", [YANHUO], hands={1: ["♦2 闪"], 2: ["♣4 杀"]})
    out.assert_flags("SGS-S003", 4, seat=2)


def test_ok_lianying_draws_when_yanhuo_takes_the_last_hand_card(v3: Any) -> None:
    """连营 answers the loss of 陆逊's last hand card in the death moment, before 何进's next general enters."""
    players = pair("陆逊", "何进")
    lineups = [{"type": "general_choice", "seat": 1, "general": "陆逊", "reserves": ["吕布", "张飞"]},
               {"type": "general_choice", "seat": 2, "general": "何进", "reserves": ["祝融", "黄盖"]}]
    out = v3.game([*lineups, *kill(), YANHUO, discard_of(["♦2 闪"]), {"type": "skill", "seat": 1, "skill": "连营"},
                   {"type": "draw", "seat": 1, "cards": ["♦3 闪"], "reason": "skill", "skill": "连营"},
                   *enter(2, "祝融", HAND)],
                  players=players, mode="1v1", ruleset="1v1-2013", current=1,
                  hands={1: ["♠7 杀", "♦2 闪"], 2: ["♣4 杀"]}, hp={2: 1})
    out.assert_clean()
