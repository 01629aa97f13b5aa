"""张昭张纮 (國戰): 直谏, 固政 (../shared/reference/hegemony/hegemony_generals.csv, skill_texts_qsgsheg)."""

import pytest
from hegkit import heg_ruleset
from skillkit import discard, draw, move, phase, skill, turn

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


DISCARDING = [turn(2), phase(2, "play"), phase(2, "discard"), discard(2, ["♠7 杀", "♦3 闪", "♥3 桃"])]


def test_guzheng_ok_one_back_the_rest_taken(play, rs):
    """固政: 将弃牌堆里的一张其于此阶段内因其弃置而失去过的手牌交给该角色 … 获得弃牌堆里的其余于此阶段内弃置的牌."""
    out = play(TABLE, [*DISCARDING, skill(1, "固政", targets=[2], cards=["♥3 桃"]),
                       move(["♠7 杀", "♦3 闪"], ("discard", None), ("hand", 1)), phase(2, "finish")],
               current=1, phase="finish", hands={2: ["♠7 杀", "♦3 闪", "♥3 桃", "♦4 闪"]}, hp={2: 1}, ruleset=rs)
    out.ok()


def test_guzheng_ok_one_back_nothing_taken(play, rs):
    out = play(TABLE, [*DISCARDING, skill(1, "固政", targets=[2], cards=["♥3 桃"]), phase(2, "finish")],
               current=1, phase="finish", hands={2: ["♠7 杀", "♦3 闪", "♥3 桃", "♦4 闪"]}, hp={2: 1}, ruleset=rs)
    out.ok()


def test_guzheng_bad_a_card_not_discarded_this_phase(play, rs):
    out = play(TABLE, [*DISCARDING, skill(1, "固政", targets=[2], cards=["♦5 闪"])],
               current=1, phase="finish", hands={2: ["♠7 杀", "♦3 闪", "♥3 桃", "♦4 闪"]}, hp={2: 1}, discard=["♦5 闪"], ruleset=rs)
    out.bad("SGS-S004", 6)


def test_guzheng_bad_in_own_discard_phase(play, rs):
    out = play(TABLE, [phase(1, "discard"), discard(1, ["♠7 杀"]), skill(1, "固政", cards=["♠7 杀"])],
               hands={1: ["♠7 杀", "♦3 闪", "♥3 桃", "♦4 闪"]}, hp={1: 1}, ruleset=rs)
    out.bad("SGS-S003", 4)


def test_guzheng_bad_takes_a_card_from_another_phase(play, rs):
    out = play(TABLE, [*DISCARDING, skill(1, "固政", targets=[2], cards=["♥3 桃"]),
                       move(["♦5 闪"], ("discard", None), ("hand", 1))],
               current=1, phase="finish", hands={2: ["♠7 杀", "♦3 闪", "♥3 桃", "♦4 闪"]}, hp={2: 1}, discard=["♦5 闪"], ruleset=rs)
    out.bad("SGS-S006", 7)
