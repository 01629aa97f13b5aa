"""丁奉 (國戰): 短兵, 奋迅 (../shared/reference/hegemony/hegemony_generals.csv, skill_texts_qsgsheg)."""

import pytest
from hegkit import heg_ruleset
from skillkit import damage, pass_, skill, turn, use

TABLE5 = ["丁奉", "许褚", "黄盖", "甘宁", "刘备"]  # from seat 1: seats 2 and 5 at distance 1, 3 and 4 at 2


@pytest.fixture
def rs(tmp_path):
    return heg_ruleset(tmp_path)


def test_duanbing_ok_two_targets_at_distance_one(play, rs):
    """短兵: 你使用【杀】能额外选择一名距离为1的角色为目标."""
    out = play(TABLE5, [use(1, "♠7 杀", 2, 5), pass_(2), damage(2, 1, 1, "♠7 杀"), pass_(5), damage(5, 1, 1, "♠7 杀")],
               hands={1: ["♠7 杀"]}, ruleset=rs)
    out.ok()


def test_duanbing_ok_one_far_target_in_range_and_one_near(play, rs):
    out = play(TABLE5, [use(1, "♠7 杀", 2, 3), pass_(2), damage(2, 1, 1, "♠7 杀"), pass_(3), damage(3, 1, 1, "♠7 杀")],
               hands={1: ["♠7 杀"]}, equip={1: ["♠2 寒冰剑"]}, ruleset=rs)
    out.ok()


def test_duanbing_bad_two_targets_none_at_distance_one(play, rs):
    """The extra target is one at distance 1: two targets at distance 2 (a weapon's range) are one too many."""
    out = play(TABLE5, [use(1, "♠7 杀", 3, 4)], hands={1: ["♠7 杀"]}, equip={1: ["♠2 寒冰剑"]}, ruleset=rs)
    out.bad("SGS-P004", 2)


def test_duanbing_bad_three_targets(play, rs):
    out = play(TABLE5, [use(1, "♠7 杀", 2, 3, 5)], hands={1: ["♠7 杀"]}, equip={1: ["♠2 寒冰剑"]}, ruleset=rs)
    out.bad("SGS-P004", 2)


def test_duanbing_bad_without_the_skill(play, rs):
    out = play(["许褚", "丁奉", "黄盖", "甘宁", "刘备"], [use(1, "♠7 杀", 2, 5)], hands={1: ["♠7 杀"]}, ruleset=rs)
    out.bad("SGS-P004", 2)


def test_fenxun_ok_distance_one_for_the_turn(play, rs):
    """奋迅: 弃置一张牌并选择一名其他角色，令你与其的距离于此回合内视为1 (a 杀 at distance 2 with no weapon)."""
    out = play(TABLE5, [skill(1, "奋迅", targets=[3], cards=["♦3 闪"]), use(1, "♠7 杀", 3), pass_(3),
                        damage(3, 1, 1, "♠7 杀")],
               hands={1: ["♦3 闪", "♠7 杀"]}, ruleset=rs)
    out.ok()


def test_fenxun_ok_with_duanbing_the_chosen_one_is_the_extra_target(play, rs):
    out = play(TABLE5, [skill(1, "奋迅", targets=[3], cards=["♦3 闪"]), use(1, "♠7 杀", 3, 4)],
               hands={1: ["♦3 闪", "♠7 杀"]}, equip={1: ["♠2 寒冰剑"]}, ruleset=rs)
    assert not [v for v in out.violations if v.rule == "SGS-P004"], out.describe()


def test_fenxun_bad_effect_ends_with_the_turn(play, rs):
    out = play(TABLE5, [skill(1, "奋迅", targets=[3], cards=["♦3 闪"]), turn(2), turn(3), turn(4), turn(5), turn(1),
                        {"type": "phase", "seat": 1, "phase": "play"}, use(1, "♠7 杀", 3)],
               hands={1: ["♦3 闪", "♠7 杀"]}, ruleset=rs)
    out.bad("SGS-P002", 9)


def test_fenxun_bad_twice(play, rs):
    """奋迅: 出牌阶段限一次."""
    out = play(TABLE5, [skill(1, "奋迅", targets=[3], cards=["♦3 闪"]), skill(1, "奋迅", targets=[4], cards=["♦4 闪"])],
               hands={1: ["♦3 闪", "♦4 闪"]}, ruleset=rs)
    out.bad("SGS-S002", 3)


def test_fenxun_bad_no_card_or_self(play, rs):
    out = play(TABLE5, [skill(1, "奋迅", targets=[3])], hands={1: ["♦3 闪"]}, ruleset=rs)
    out.bad("SGS-S004", 2)
    out = play(TABLE5, [skill(1, "奋迅", targets=[1], cards=["♦3 闪"])], hands={1: ["♦3 闪"]}, ruleset=rs)
    out.bad("SGS-S004", 2)


def test_fenxun_bad_outside_play_phase(play, rs):
    out = play(TABLE5, [skill(1, "奋迅", targets=[3], cards=["♦3 闪"])], hands={1: ["♦3 闪"]}, phase="draw", ruleset=rs)
    out.bad("SGS-S003", 2)


def test_duanbing_ok_frost_blade_on_the_first_target_then_the_second_answers(play, rs):
    """寒冰剑 on the first of the 杀's targets, who did not answer: the second target's resolution follows."""
    out = play(TABLE5, [use(1, "♠7 杀", 2, 5), skill(1, "寒冰剑", targets=[2]),
                        {"type": "move", "cards": ["♣2 杀", "♣3 杀"], "from": {"zone": "hand", "seat": 2},
                         "to": {"zone": "discard"}},
                        {"type": "respond", "seat": 5, "card": "♦3 闪"}],
               hands={1: ["♠7 杀"], 2: ["♣2 杀", "♣3 杀"], 5: ["♦3 闪"]}, equip={1: ["♠2 寒冰剑"]}, ruleset=rs)
    out.ok()
