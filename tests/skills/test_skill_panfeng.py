"""潘凤 (國戰): 狂斧 (../shared/reference/hegemony/hegemony_generals.csv, skill_texts_qsgsheg)."""

import pytest
from hegkit import heg_ruleset
from skillkit import damage, move, pass_, skill, use

TABLE = ["潘凤", "许褚", "黄盖", "甘宁"]
HIT = [use(1, "♠7 杀", 2), pass_(2), damage(2, 1, 1, "♠7 杀")]


@pytest.fixture
def rs(tmp_path):
    return heg_ruleset(tmp_path)


def test_kuangfu_ok_takes_the_weapon_into_his_equipment(play, rs):
    """狂斧: 1.将其装备区里的一张牌置入你的装备区."""
    out = play(TABLE, [*HIT, skill(1, "狂斧", targets=[2]), move(["♠6 青釭剑"], ("equip", 2), ("equip", 1)),
                       use(1, "♠8 杀", 3)],
               hands={1: ["♠7 杀", "♠8 杀"]}, equip={2: ["♠6 青釭剑"]}, ruleset=rs)
    assert [v.rule for v in out.violations] == ["SGS-P001"], out.describe()  # the second 杀: the limit, not the range


def test_kuangfu_ok_discards_it(play, rs):
    """狂斧: 2.弃置其装备区里的一张牌."""
    out = play(TABLE, [*HIT, skill(1, "狂斧", targets=[2]), move(["♠6 青釭剑"], ("equip", 2), ("discard", None))],
               hands={1: ["♠7 杀"]}, equip={2: ["♠6 青釭剑"]}, ruleset=rs)
    out.ok()


def test_kuangfu_bad_into_a_taken_slot(play, rs):
    out = play(TABLE, [*HIT, skill(1, "狂斧", targets=[2]), move(["♠6 青釭剑"], ("equip", 2), ("equip", 1))],
               hands={1: ["♠7 杀"]}, equip={1: ["♠2 雌雄双股剑"], 2: ["♠6 青釭剑"]}, ruleset=rs)
    out.bad("SGS-S006", 6)


def test_kuangfu_bad_not_after_a_slash(play, rs):
    out = play(TABLE, [skill(1, "狂斧", targets=[2])], equip={2: ["♠6 青釭剑"]}, ruleset=rs)
    out.bad("SGS-S003", 2)


def test_kuangfu_bad_duel_damage(play, rs):
    """狂斧 follows the damage of a 杀, not of a 决斗."""
    out = play(TABLE, [use(1, "♠A 决斗", 2), pass_(2), damage(2, 1, 1, "♠A 决斗"), skill(1, "狂斧", targets=[2])],
               hands={1: ["♠A 决斗"]}, equip={2: ["♠6 青釭剑"]}, ruleset=rs)
    out.bad("SGS-S003", 5)


def test_kuangfu_bad_no_equipment(play, rs):
    out = play(TABLE, [*HIT, skill(1, "狂斧", targets=[2])], hands={1: ["♠7 杀"]}, ruleset=rs)
    out.bad("SGS-S004", 5)


def test_kuangfu_bad_nothing_moved(play, rs):
    out = play(TABLE, [*HIT, skill(1, "狂斧", targets=[2]), {"type": "phase", "seat": 1, "phase": "discard"}],
               hands={1: ["♠7 杀"]}, equip={2: ["♠6 青釭剑"]}, ruleset=rs)
    out.bad("SGS-S006", 6)


def test_kuangfu_bad_twice(play, rs):
    out = play(TABLE, [*HIT, skill(1, "狂斧", targets=[2]), move(["♠6 青釭剑"], ("equip", 2), ("discard", None)),
                       skill(1, "狂斧", targets=[2])],
               hands={1: ["♠7 杀"]}, equip={2: ["♠6 青釭剑", "♠5 绝影"]}, ruleset=rs)
    out.bad("SGS-S002", 7)
