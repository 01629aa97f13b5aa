"""SGS-D003 unexpected-damage: no card, judgement or skill in resolution accounts for this damage."""

from __future__ import annotations

from typing import Any

import pytest

SLASH = {"type": "use", "seat": 3, "card": "♠7 杀", "targets": [4]}
HIT = {"type": "damage", "source": 3, "target": 4, "amount": 1, "card": "♠7 杀"}
SA = "♠7 南蛮入侵"


def _sa_damage(target: int) -> dict[str, Any]:
    return {"type": "damage", "source": 3, "target": target, "amount": 1, "card": SA}


def test_ok_damage_of_a_slash(sgs: Any) -> None:
    sgs.identity([SLASH, HIT], hands={3: ["♠7 杀"]}).assert_clean()


def test_ok_lightning_damage_has_no_source(sgs: Any) -> None:
    sgs.identity([{"type": "turn", "seat": 4}, {"type": "phase", "seat": 4, "phase": "judge"},
                  {"type": "judge", "seat": 4, "card": "♠9 杀", "reason": "闪电"},
                  {"type": "damage", "target": 4, "amount": 3, "nature": "thunder"}],
                 judge={4: ["♠A 闪电"]}, current=3, phase="finish").assert_clean()


def test_flags_damage_from_nowhere(sgs: Any) -> None:
    out = sgs.identity([{"type": "damage", "source": 3, "target": 4, "amount": 1}])
    out.assert_flags("SGS-D003", line=2, seat=4, only=True)


def test_flags_damage_after_a_jink(sgs: Any) -> None:
    out = sgs.identity([SLASH, {"type": "respond", "seat": 4, "card": "♦2 闪"}, HIT], hands={3: ["♠7 杀"], 4: ["♦2 闪"]})
    out.assert_flags("SGS-D003", line=4, seat=4)


def test_flags_damage_after_archery_is_dodged(sgs: Any) -> None:
    card = "♥A 万箭齐发"
    out = sgs.identity([{"type": "use", "seat": 3, "card": card}, {"type": "respond", "seat": 4, "card": "♦2 闪"},
                        {"type": "damage", "source": 3, "target": 4, "amount": 1, "card": card}],
                       hands={3: [card], 4: ["♦2 闪"]})
    out.assert_flags("SGS-D003", line=4)


def test_flags_duel_damage_to_the_seat_that_played_last(sgs: Any) -> None:
    out = sgs.identity([{"type": "use", "seat": 3, "card": "♠A 决斗", "targets": [4]},
                        {"type": "respond", "seat": 4, "card": "♣2 杀"},
                        {"type": "damage", "source": 3, "target": 4, "amount": 1, "card": "♠A 决斗"}],
                       hands={3: ["♠A 决斗"], 4: ["♣2 杀"]})
    out.assert_flags("SGS-D003", line=4)


def test_flags_lightning_damage_after_a_miss(sgs: Any) -> None:
    out = sgs.identity([{"type": "turn", "seat": 4}, {"type": "phase", "seat": 4, "phase": "judge"},
                        {"type": "judge", "seat": 4, "card": "♥9 桃", "reason": "闪电"},
                        {"type": "damage", "target": 4, "amount": 3, "nature": "thunder"}],
                       judge={4: ["♠A 闪电"]}, current=3, phase="finish")
    out.assert_flags("SGS-D003", line=5)


def test_flags_lightning_damage_with_a_source(sgs: Any) -> None:
    out = sgs.identity([{"type": "turn", "seat": 4}, {"type": "phase", "seat": 4, "phase": "judge"},
                        {"type": "judge", "seat": 4, "card": "♠9 杀", "reason": "闪电"},
                        {"type": "damage", "source": 3, "target": 4, "amount": 3, "nature": "thunder"}],
                       judge={4: ["♠A 闪电"]}, current=3, phase="finish")
    out.assert_flags("SGS-D003", line=5)


# ---------------------------------------------------------------------------- 无懈可击 on one target of an AOE

def test_ok_nullification_protects_one_target_only(sgs: Any) -> None:
    sgs.identity([{"type": "use", "seat": 3, "card": SA}, {"type": "use", "seat": 4, "card": "♠J 无懈可击"},
                  _sa_damage(5), _sa_damage(1), _sa_damage(2)], hands={3: [SA], 4: ["♠J 无懈可击"]}).assert_clean()


def test_flags_countered_target_takes_damage(sgs: Any) -> None:
    out = sgs.identity([{"type": "use", "seat": 3, "card": SA}, {"type": "use", "seat": 4, "card": "♠J 无懈可击"},
                        _sa_damage(4)], hands={3: [SA], 4: ["♠J 无懈可击"]})
    out.assert_flags("SGS-D003", line=4, seat=4)


def test_ok_countered_counter_lets_the_damage_through(sgs: Any) -> None:
    sgs.identity([{"type": "use", "seat": 3, "card": SA}, {"type": "use", "seat": 4, "card": "♠J 无懈可击"},
                  {"type": "use", "seat": 3, "card": "♣Q 无懈可击"}, _sa_damage(4), _sa_damage(5), _sa_damage(1),
                  _sa_damage(2)], hands={3: [SA, "♣Q 无懈可击"], 4: ["♠J 无懈可击"]}).assert_clean()


# ---------------------------------------------------------------------------- armour

def test_ok_eight_diagram_black_judgement_then_damage(sgs: Any) -> None:
    sgs.identity([SLASH, {"type": "skill", "seat": 4, "skill": "八卦阵"},
                  {"type": "judge", "seat": 4, "card": "♠9 杀", "reason": "八卦阵"}, HIT],
                 hands={3: ["♠7 杀"]}, equip={4: ["♠2 八卦阵"]}).assert_clean()


def test_flags_damage_after_a_red_eight_diagram_judgement(sgs: Any) -> None:
    out = sgs.identity([SLASH, {"type": "skill", "seat": 4, "skill": "八卦阵"},
                        {"type": "judge", "seat": 4, "card": "♥9 桃", "reason": "八卦阵"}, HIT],
                       hands={3: ["♠7 杀"]}, equip={4: ["♠2 八卦阵"]})
    out.assert_flags("SGS-D003", line=5, seat=4)


def test_flags_black_slash_through_renwang_shield(sgs: Any) -> None:
    out = sgs.identity([SLASH, HIT], hands={3: ["♠7 杀"]}, equip={4: ["♣2 仁王盾"]})
    out.assert_flags("SGS-D003", line=3, seat=4)


def test_ok_red_slash_through_renwang_shield(sgs: Any) -> None:
    sgs.identity([{**SLASH, "card": "♥10 杀"}, {**HIT, "card": "♥10 杀"}], hands={3: ["♥10 杀"]},
                 equip={4: ["♣2 仁王盾"]}).assert_clean()


# ---------------------------------------------------------------------------- weapons

def test_ok_axe_makes_a_dodged_slash_hit(sgs: Any) -> None:
    sgs.identity([SLASH, {"type": "respond", "seat": 4, "card": "♦2 闪"},
                  {"type": "skill", "seat": 3, "skill": "贯石斧", "cards": ["♥4 桃", "♦3 闪"]}, HIT],
                 hands={3: ["♠7 杀", "♥4 桃", "♦3 闪"], 4: ["♦2 闪"]}, equip={3: ["♦5 贯石斧"]}).assert_clean()


def test_ok_ice_sword_prevents_the_damage(sgs: Any) -> None:
    sgs.identity([SLASH, {"type": "skill", "seat": 3, "skill": "寒冰剑", "targets": [4]},
                  {"type": "move", "cards": ["♥4 桃", "♦3 闪"], "from": {"seat": 4, "zone": "hand"}, "to": {"zone": "discard"},
                   "reason": "寒冰剑"}, {"type": "phase", "seat": 3, "phase": "discard"}],
                 hands={3: ["♠7 杀"], 4: ["♥4 桃", "♦3 闪"]}, equip={3: ["♠2 寒冰剑"]}).assert_clean()


def test_flags_damage_after_the_ice_sword_prevented_it(sgs: Any) -> None:
    out = sgs.identity([SLASH, {"type": "skill", "seat": 3, "skill": "寒冰剑", "targets": [4]},
                        {"type": "move", "cards": ["♥4 桃", "♦3 闪"], "from": {"seat": 4, "zone": "hand"},
                         "to": {"zone": "discard"}, "reason": "寒冰剑"}, HIT],
                       hands={3: ["♠7 杀"], 4: ["♥4 桃", "♦3 闪"]}, equip={3: ["♠2 寒冰剑"]})
    out.assert_flags("SGS-D003", line=5, seat=4)


# ---------------------------------------------------------------------------- other HP changes

@pytest.mark.parametrize("line", [
    pytest.param({"type": "recover", "seat": 4, "amount": 1, "card": "♥3 桃"}, id="recover"),
    pytest.param({"type": "lose_hp", "seat": 4, "amount": 1}, id="lose_hp", marks=pytest.mark.xfail(
        strict=True, raises=AssertionError, reason="engine gap: HP loss is not checked for a cause; a `lose_hp` with no "
                                                  "苦肉 is accepted (tests use a bare `lose_hp` to set up a dying character)")),
])
def test_flags_hp_change_from_nowhere(sgs: Any, line: dict[str, Any]) -> None:
    sgs.identity([line], hp={4: 2}).assert_kind("bookkeeping", 2)
