"""纪灵 (國戰): 双刃 (../shared/reference/hegemony/hegemony_generals.csv, skill_texts_qsgsheg)."""

import pytest
from hegkit import heg_ruleset
from skillkit import damage, pass_, phase, skill, use

TABLE = ["纪灵", "许褚", "黄盖", "甘宁", "曹操"]  # 黄盖 and 甘宁: 吴; seat 3 and 4 at distance 2 from seat 1


@pytest.fixture
def rs(tmp_path):
    return heg_ruleset(tmp_path)


def pindian(seat, target, mine, theirs):
    return {"type": "pindian", "seat": seat, "target": target, "cards": [mine, theirs]}


def slash(*targets):
    return use(1, None, *targets, as_="杀", cards=[], skill="双刃")


def test_shuangren_ok_won_slash_on_the_other_one(play, rs):
    """双刃: 当你赢后，你视为对其使用【杀】 (no distance limit, then his own 杀 of the phase)."""
    out = play(TABLE, [skill(1, "双刃", targets=[3]), pindian(1, 3, "♦K 杀", "♥3 桃"), slash(3), pass_(3),
                       damage(3, 1, 1), use(1, "♠7 杀", 2), pass_(2), damage(2, 1, 1, "♠7 杀")],
               hands={1: ["♦K 杀", "♠7 杀"], 3: ["♥3 桃"]}, ruleset=rs)
    out.ok()


def test_shuangren_ok_won_slash_on_one_of_its_kingdom(play, rs):
    """双刃: … 或一名与其势力相同的其他角色."""
    out = play(TABLE, [skill(1, "双刃", targets=[3]), pindian(1, 3, "♦K 杀", "♥3 桃"), slash(4), pass_(4),
                       damage(4, 1, 1)],
               hands={1: ["♦K 杀"], 3: ["♥3 桃"]}, ruleset=rs)
    out.ok()


def test_shuangren_bad_won_slash_on_another_kingdom(play, rs):
    out = play(TABLE, [skill(1, "双刃", targets=[3]), pindian(1, 3, "♦K 杀", "♥3 桃"), slash(5)],
               hands={1: ["♦K 杀"], 3: ["♥3 桃"]}, ruleset=rs)
    out.bad("SGS-S006", 4)


def test_shuangren_bad_lost_then_a_card(play, rs):
    """双刃: 当你没赢后，你结束出牌阶段 (a tie is no win)."""
    out = play(TABLE, [skill(1, "双刃", targets=[3]), pindian(1, 3, "♦3 闪", "♥3 桃"), use(1, "♠7 杀", 2)],
               hands={1: ["♦3 闪", "♠7 杀"], 3: ["♥3 桃"]}, ruleset=rs)
    out.bad("SGS-T007", 4)


def test_shuangren_ok_lost_then_discard_phase(play, rs):
    out = play(TABLE, [skill(1, "双刃", targets=[3]), pindian(1, 3, "♦3 闪", "♥3 桃"), phase(1, "discard")],
               hands={1: ["♦3 闪", "♠7 杀"], 3: ["♥3 桃"]}, ruleset=rs)
    out.ok()


def test_shuangren_bad_after_an_action(play, rs):
    out = play(TABLE, [use(1, "♠7 杀", 2), pass_(2), damage(2, 1, 1, "♠7 杀"), skill(1, "双刃", targets=[3]),
                       pindian(1, 3, "♦3 闪", "♥3 桃")],
               hands={1: ["♦3 闪", "♠7 杀"], 3: ["♥3 桃"]}, ruleset=rs)
    out.bad("SGS-S003", 5)


def test_shuangren_bad_outside_play_phase(play, rs):
    out = play(TABLE, [skill(1, "双刃", targets=[3])], hands={1: ["♦3 闪"], 3: ["♥3 桃"]}, phase="draw", ruleset=rs)
    out.bad("SGS-S003", 2)


def test_shuangren_bad_no_hand_card(play, rs):
    out = play(TABLE, [skill(1, "双刃", targets=[3])], hands={1: ["♦3 闪"]}, ruleset=rs)
    out.bad("SGS-S004", 2)


def test_shuangren_ok_won_no_slash_when_the_target_is_left_empty_handed_with_kongcheng(play, rs):
    """双刃: its 拼点 took 诸葛亮's last hand card (空城) and no other character shares his kingdom: no 杀 is owed."""
    out = play(["纪灵", "许褚", "诸葛亮", "甘宁"], [skill(1, "双刃", targets=[3]), pindian(1, 3, "♦K 杀", "♥3 桃"),
                                            phase(1, "discard")],
               hands={1: ["♦K 杀"], 3: ["♥3 桃"]}, ruleset=rs)
    out.ok()


def test_shuangren_bad_won_no_slash(play, rs):
    out = play(TABLE, [skill(1, "双刃", targets=[3]), pindian(1, 3, "♦K 杀", "♥3 桃"), phase(1, "discard")],
               hands={1: ["♦K 杀"], 3: ["♥3 桃"]}, ruleset=rs)
    out.bad("SGS-S006", 4)
