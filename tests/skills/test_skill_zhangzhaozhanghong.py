"""张昭张纮 (國戰): 直谏, 固政 (../shared/reference/hegemony/hegemony_generals.csv, skill_texts_qsgsheg)."""

import pytest
from hegkit import heg_ruleset
from skillkit import draw, move, phase, skill

TABLE = ["张昭张纮", "许褚", "黄盖", "甘宁"]


@pytest.fixture
def rs(tmp_path):
    return heg_ruleset(tmp_path)


def test_zhijian_ok_equipment_into_an_empty_slot_then_draw(play, rs):
    """直谏: 将手牌区里的一张装备牌置入一名其他角色的装备区，摸一张牌 (no limit: twice)."""
    out = play(TABLE, [skill(1, "直谏", targets=[3], cards=["♠6 青釭剑"]), move(["♠6 青釭剑"], ("hand", 1), ("equip", 3)),
                       draw(1, ["♦3 闪"], skill="直谏"),
                       skill(1, "直谏", targets=[3], cards=["♠5 绝影"]), move(["♠5 绝影"], ("hand", 1), ("equip", 3)),
                       draw(1, ["♦4 闪"], skill="直谏")],
               hands={1: ["♠6 青釭剑", "♠5 绝影"]}, deck=["♦3 闪", "♦4 闪"], ruleset=rs)
    out.ok()


def test_zhijian_bad_not_equipment(play, rs):
    out = play(TABLE, [skill(1, "直谏", targets=[3], cards=["♠7 杀"])], hands={1: ["♠7 杀"]}, ruleset=rs)
    out.bad("SGS-S004", 2)


def test_zhijian_bad_slot_taken(play, rs):
    out = play(TABLE, [skill(1, "直谏", targets=[3], cards=["♠6 青釭剑"])], hands={1: ["♠6 青釭剑"]},
               equip={3: ["♠2 雌雄双股剑"]}, ruleset=rs)
    out.bad("SGS-S004", 2)


def test_zhijian_bad_self(play, rs):
    out = play(TABLE, [skill(1, "直谏", targets=[1], cards=["♠6 青釭剑"])], hands={1: ["♠6 青釭剑"]}, ruleset=rs)
    out.bad("SGS-S004", 2)


def test_zhijian_bad_no_draw(play, rs):
    out = play(TABLE, [skill(1, "直谏", targets=[3], cards=["♠6 青釭剑"]), move(["♠6 青釭剑"], ("hand", 1), ("equip", 3)),
                       phase(1, "discard")], hands={1: ["♠6 青釭剑"]}, ruleset=rs)
    out.bad("SGS-S006", 4)


def test_zhijian_bad_outside_play_phase(play, rs):
    out = play(TABLE, [skill(1, "直谏", targets=[3], cards=["♠6 青釭剑"])], hands={1: ["♠6 青釭剑"]}, phase="draw",
               ruleset=rs)
    out.bad("SGS-S003", 2)
