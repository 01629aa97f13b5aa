"""SGS-D002 missing-damage: the effect resolved (no answer, no counter) and the log goes on without the damage."""

from __future__ import annotations

from typing import Any

SLASH = {"type": "use", "seat": 3, "card": "♠7 杀", "targets": [4]}
NEXT = {"type": "phase", "seat": 3, "phase": "discard"}


def test_ok_log_ends_mid_resolution(sgs: Any) -> None:
    """A fragment may stop anywhere: nothing shows the damage was skipped."""
    sgs.identity([SLASH], hands={3: ["♠7 杀"]}).assert_clean()


def test_ok_answered(sgs: Any) -> None:
    sgs.identity([SLASH, {"type": "respond", "seat": 4, "card": "♦2 闪"}, NEXT],
                 hands={3: ["♠7 杀"], 4: ["♦2 闪"]}).assert_clean()


def test_flags_unanswered_slash(sgs: Any) -> None:
    out = sgs.identity([SLASH, NEXT], hands={3: ["♠7 杀"]})
    out.assert_flags("SGS-D002", line=3, seat=4, only=True)


def test_flags_declined_slash(sgs: Any) -> None:
    out = sgs.identity([SLASH, {"type": "pass", "seat": 4}, NEXT], hands={3: ["♠7 杀"], 4: ["♦2 闪"]})
    out.assert_flags("SGS-D002", line=4)


def test_flags_savage_assault_target_skipped(sgs: Any) -> None:
    card = "♠7 南蛮入侵"
    out = sgs.identity([{"type": "use", "seat": 3, "card": card},
                        *[{"type": "damage", "source": 3, "target": t, "amount": 1, "card": card} for t in (4, 5, 1)],
                        NEXT], hands={3: [card]})
    out.assert_flags("SGS-D002", line=6, seat=2)


def test_flags_duel_without_damage(sgs: Any) -> None:
    out = sgs.identity([{"type": "use", "seat": 3, "card": "♠A 决斗", "targets": [4]},
                        {"type": "respond", "seat": 4, "card": "♣2 杀"}, NEXT], hands={3: ["♠A 决斗"], 4: ["♣2 杀"]})
    out.assert_flags("SGS-D002", line=4, seat=3)


def test_flags_lightning_hit_without_damage(sgs: Any) -> None:
    out = sgs.identity([{"type": "turn", "seat": 4}, {"type": "phase", "seat": 4, "phase": "judge"},
                        {"type": "judge", "seat": 4, "card": "♠2 寒冰剑", "reason": "闪电"},
                        {"type": "phase", "seat": 4, "phase": "draw"}],
                       judge={4: ["♠A 闪电"]}, current=3, phase="finish")
    out.assert_flags("SGS-D002", line=5, seat=4)


# ---------------------------------------------------------------------------- armour

def test_ok_renwang_shield_stops_a_black_slash(sgs: Any) -> None:
    sgs.identity([SLASH, NEXT], hands={3: ["♠7 杀"]}, equip={4: ["♣2 仁王盾"]}).assert_clean()


def test_ok_eight_diagram_red_judgement(sgs: Any) -> None:
    sgs.identity([SLASH, {"type": "skill", "seat": 4, "skill": "八卦阵"},
                  {"type": "judge", "seat": 4, "card": "♥9 桃", "reason": "八卦阵"}, NEXT],
                 hands={3: ["♠7 杀"]}, equip={4: ["♠2 八卦阵"]}).assert_clean()


def test_flags_renwang_shield_does_not_stop_a_red_slash(sgs: Any) -> None:
    out = sgs.identity([{**SLASH, "card": "♥10 杀"}, NEXT], hands={3: ["♥10 杀"]}, equip={4: ["♣2 仁王盾"]})
    out.assert_flags("SGS-D002", line=3, seat=4)


def test_flags_eight_diagram_black_judgement(sgs: Any) -> None:
    out = sgs.identity([SLASH, {"type": "skill", "seat": 4, "skill": "八卦阵"},
                        {"type": "judge", "seat": 4, "card": "♠9 杀", "reason": "八卦阵"}, NEXT],
                       hands={3: ["♠7 杀"]}, equip={4: ["♠2 八卦阵"]})
    out.assert_flags("SGS-D002", line=5, seat=4)


def test_ok_qinggang_sword_ignores_armour(sgs: Any) -> None:
    sgs.identity([SLASH, {"type": "damage", "source": 3, "target": 4, "amount": 1, "card": "♠7 杀"}],
                 hands={3: ["♠7 杀"]}, equip={3: ["♠6 青釭剑"], 4: ["♣2 仁王盾"]}).assert_clean()


def test_flags_qinggang_sword_missing_damage(sgs: Any) -> None:
    out = sgs.identity([SLASH, NEXT], hands={3: ["♠7 杀"]}, equip={3: ["♠6 青釭剑"], 4: ["♣2 仁王盾"]})
    out.assert_flags("SGS-D002", line=3, seat=4)


def test_flags_missing_damage_at_the_users_next_skill(sgs: Any) -> None:
    """A 杀 not answered and no damage, then the user's 制衡: the skill can only start once the 杀 is over,
    so the missing damage is certain at the skill's line."""
    players = sgs.identity_players((("孙权", "lord"), ("甘宁", "loyalist"), ("孙权", "rebel"), ("黄盖", "rebel"),
                                    ("华佗", "renegade")))
    out = sgs.identity([{"type": "use", "seat": 3, "card": "♠7 杀", "targets": [4]},
                        {"type": "skill", "seat": 3, "skill": "制衡", "cards": ["♣3 杀"]},
                        {"type": "draw", "seat": 3, "cards": ["♦2 闪"], "reason": "skill", "skill": "制衡"}],
                       players=players, hands={3: ["♠7 杀", "♣3 杀"]})
    out.assert_flags("SGS-D002", line=3, seat=4)


def test_flags_missing_damage_of_a_target_that_declined(sgs: Any) -> None:
    """南蛮入侵: seat 4 declines (no 杀) and takes no damage; seat 5's answer shows it was skipped: the
    damage is missing (not an order mistake)."""
    out = sgs.identity([{"type": "use", "seat": 3, "card": "♠7 南蛮入侵"}, {"type": "pass", "seat": 4},
                        {"type": "respond", "seat": 5, "card": "♣3 杀"}],
                       hands={3: ["♠7 南蛮入侵"], 5: ["♣3 杀"]})
    out.assert_flags("SGS-D002", line=4, seat=4)
    assert "SGS-R001" not in out.rules


def test_flags_missing_damage_at_a_later_phase_skill(sgs: Any) -> None:
    """南蛮入侵's last target takes no damage and 吕蒙 announces 克己 (a discard-phase skill): the play phase,
    and so the 南蛮入侵, is over at that line, and the damage is missing there."""
    players = sgs.identity_players((("孙权", "lord"), ("甘宁", "loyalist"), ("吕蒙", "rebel"), ("黄盖", "rebel"),
                                    ("华佗", "renegade")))
    out = sgs.identity([{"type": "use", "seat": 3, "card": "♠7 南蛮入侵"},
                        {"type": "damage", "source": 3, "target": 4, "amount": 1, "card": "♠7 南蛮入侵"},
                        {"type": "damage", "source": 3, "target": 5, "amount": 1, "card": "♠7 南蛮入侵"},
                        {"type": "damage", "source": 3, "target": 1, "amount": 1, "card": "♠7 南蛮入侵"},
                        {"type": "skill", "seat": 3, "skill": "克己"},
                        {"type": "phase_skip", "seat": 3, "phase": "discard", "reason": "克己"}],
                       players=players, hands={3: ["♠7 南蛮入侵"]})
    out.assert_flags("SGS-D002", line=6, seat=2)


def test_ok_rescued_seat_dies_again_in_a_later_aoe(sgs: Any) -> None:
    """A character rescued from dying (HP back above 0) is out of the dying state: a later card of the
    same play phase that brings it to 0 HP again opens a new dying state inside that card's resolution,
    and the card's other targets still follow."""
    aoe = "♠7 南蛮入侵"
    sgs.identity([SLASH, {"type": "damage", "target": 4, "amount": 1, "source": 3, "card": "♠7 杀"},
                  {"type": "dying", "seat": 4},
                  {"type": "use", "seat": 3, "card": "♥3 桃", "targets": [4]},
                  {"type": "recover", "seat": 4, "amount": 1, "source": 3, "card": "♥3 桃"},
                  {"type": "use", "seat": 3, "card": aoe},
                  {"type": "damage", "target": 4, "amount": 1, "source": 3, "card": aoe},
                  {"type": "dying", "seat": 4},
                  {"type": "use", "seat": 3, "card": "♥4 桃", "targets": [4]},
                  {"type": "recover", "seat": 4, "amount": 1, "source": 3, "card": "♥4 桃"},
                  *[{"type": "damage", "target": t, "amount": 1, "source": 3, "card": aoe} for t in (5, 1, 2)],
                  NEXT], hands={3: ["♠7 杀", "♥3 桃", "♥4 桃", aoe]}, hp={4: 1}).assert_clean()


def test_ok_rescued_seat_dying_again_from_a_skill_asks_from_the_current_player(sgs: Any) -> None:
    """Rescued (by the last seat asked), then brought to 0 HP again by a skill before any new card: a
    new dying state, whose rescue is asked from the current player onwards again."""
    players = [{"seat": i, "name": f"P{i}", "general": g, "role": r} for i, (g, r) in enumerate(
        [("孙权", "lord"), ("周瑜", "rebel"), ("许褚", "loyalist"), ("黄盖", "rebel"), ("华佗", "renegade")], start=1)]
    sgs.identity([{"type": "use", "seat": 2, "card": "♠7 杀", "targets": [3]},
                  {"type": "damage", "target": 3, "amount": 1, "source": 2, "card": "♠7 杀"},
                  {"type": "dying", "seat": 3},
                  {"type": "use", "seat": 1, "card": "♥3 桃", "targets": [3]},
                  {"type": "recover", "seat": 3, "amount": 1, "source": 1, "card": "♥3 桃"},
                  {"type": "skill", "seat": 2, "skill": "反间", "targets": [3], "choice": "♣"},
                  {"type": "reveal", "cards": ["♠A 闪电"], "seat": 2, "reason": "反间"},
                  {"type": "damage", "target": 3, "amount": 1, "source": 2},
                  {"type": "dying", "seat": 3},
                  {"type": "use", "seat": 4, "card": "♦Q 桃", "targets": [3]},
                  {"type": "recover", "seat": 3, "amount": 1, "source": 4, "card": "♦Q 桃"},
                  {"type": "phase", "seat": 2, "phase": "discard"}],
                 players=players, hands={2: ["♠7 杀", "♠A 闪电"], 1: ["♥3 桃"], 4: ["♦Q 桃"]}, hp={3: 1},
                 current=2, phase="play").assert_clean()


def test_flags_missing_damage_at_kurou(sgs: Any) -> None:
    """苦肉 is used in the play phase when nothing resolves: a 杀 still owing its damage is over at that line."""
    out = sgs.identity([{"type": "use", "seat": 4, "card": "♠7 杀", "targets": [5]},
                        {"type": "skill", "seat": 4, "skill": "苦肉"},
                        {"type": "lose_hp", "seat": 4, "amount": 1, "reason": "苦肉"}],
                       hands={4: ["♠7 杀"]}, current=4)
    out.assert_flags("SGS-D002", line=3, seat=5)


def test_flags_missing_damage_to_a_holder_of_tianxiang(sgs: Any) -> None:
    """小乔 holds 天香 but does not use it: the 杀's damage to her is still due."""
    players = sgs.identity_players((("孙权", "lord"), ("甘宁", "loyalist"), ("许褚", "rebel"), ("小乔", "rebel"),
                                    ("华佗", "renegade")))
    out = sgs.identity([{"type": "use", "seat": 3, "card": "♠7 杀", "targets": [4]},
                        {"type": "phase", "seat": 3, "phase": "discard"}],
                       players=players, hands={3: ["♠7 杀"], 4: ["♥3 桃"]})
    out.assert_flags("SGS-D002", line=3, seat=4)
