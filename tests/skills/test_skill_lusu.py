"""鲁肃 (國戰): 好施, 缔盟 (../shared/reference/hegemony/hegemony_generals.csv, skill_texts_qsgsheg)."""

import pytest
from hegkit import heg_ruleset
from skillkit import draw, move, phase, skill, turn

TABLE = ["鲁肃", "许褚", "黄盖", "甘宁"]
HAND = ["♠7 杀", "♠8 杀", "♦2 闪", "♥3 桃"]
DRAWN = ["♠9 杀", "♣2 杀", "♣3 杀", "♣4 杀"]


@pytest.fixture
def rs(tmp_path):
    return heg_ruleset(tmp_path)


def test_haoshi_ok_two_more_then_half_to_the_poorest(play, rs):
    """好施: 多摸两张牌，然后若你的手牌数大于5，你将一半的手牌交给一名手牌最少的其他角色."""
    out = play(TABLE, [turn(1), phase(1, "draw"), skill(1, "好施"), draw(1, DRAWN, reason="phase"),
                       move(["♠7 杀", "♠8 杀", "♦2 闪", "♥3 桃"], ("hand", 1), ("hand", 3)), phase(1, "play")],
               current=4, phase="finish", hands={1: HAND, 2: ["♦3 闪"]}, deck=DRAWN, ruleset=rs)
    out.ok()


def test_haoshi_ok_five_cards_keeps_them(play, rs):
    out = play(TABLE, [turn(1), phase(1, "draw"), skill(1, "好施"), draw(1, DRAWN, reason="phase"), phase(1, "play")],
               current=4, phase="finish", hands={1: ["♠7 杀"]}, deck=DRAWN, ruleset=rs)
    out.ok()


def test_haoshi_bad_only_two_drawn(play, rs):
    out = play(TABLE, [turn(1), phase(1, "draw"), skill(1, "好施"), draw(1, DRAWN[:2], reason="phase"), phase(1, "play")],
               current=4, phase="finish", hands={1: ["♠7 杀"]}, deck=DRAWN, ruleset=rs)
    out.bad("SGS-T003", 6)


def test_haoshi_bad_gift_to_a_richer_character(play, rs):
    out = play(TABLE, [turn(1), phase(1, "draw"), skill(1, "好施"), draw(1, DRAWN, reason="phase"),
                       move(["♠7 杀", "♠8 杀", "♦2 闪", "♥3 桃"], ("hand", 1), ("hand", 2)), phase(1, "play")],
               current=4, phase="finish", hands={1: HAND, 2: ["♦3 闪"]}, deck=DRAWN, ruleset=rs)
    out.bad("SGS-S006", 6)


def test_haoshi_bad_no_gift(play, rs):
    out = play(TABLE, [turn(1), phase(1, "draw"), skill(1, "好施"), draw(1, DRAWN, reason="phase"), phase(1, "play")],
               current=4, phase="finish", hands={1: HAND, 2: ["♦3 闪"]}, deck=DRAWN, ruleset=rs)
    out.bad("SGS-S006", 6)


def test_haoshi_bad_outside_draw_phase(play, rs):
    out = play(TABLE, [skill(1, "好施")], phase="play", hands={1: HAND}, ruleset=rs)
    out.bad("SGS-S003", 2)


def test_dimeng_ok_two_characters_swap_hands(play, rs):
    """缔盟: 选择两名其他角色并弃置X张牌（X为这两名角色手牌数的差），令这两名角色交换手牌."""
    out = play(TABLE, [skill(1, "缔盟", targets=[2, 3], cards=["♠7 杀"]),
                       move(["♦3 闪", "♦4 闪"], ("hand", 2), ("hand", 3)), move(["♦5 闪"], ("hand", 3), ("hand", 2))],
               hands={1: ["♠7 杀"], 2: ["♦3 闪", "♦4 闪"], 3: ["♦5 闪"]}, ruleset=rs)
    out.ok()


def test_dimeng_ok_equal_hands_no_card(play, rs):
    out = play(TABLE, [skill(1, "缔盟", targets=[2, 3]),
                       move(["♦5 闪"], ("hand", 3), ("hand", 2)), move(["♦3 闪"], ("hand", 2), ("hand", 3))],
               hands={2: ["♦3 闪"], 3: ["♦5 闪"]}, ruleset=rs)
    out.ok()


def test_dimeng_bad_wrong_number_of_cards(play, rs):
    out = play(TABLE, [skill(1, "缔盟", targets=[2, 3])], hands={1: ["♠7 杀"], 2: ["♦3 闪", "♦4 闪"], 3: ["♦5 闪"]},
               ruleset=rs)
    out.bad("SGS-S004", 2)


def test_dimeng_bad_self_or_one_target(play, rs):
    out = play(TABLE, [skill(1, "缔盟", targets=[1, 3])], hands={3: ["♦5 闪"]}, ruleset=rs)
    out.bad("SGS-S004", 2)
    out = play(TABLE, [skill(1, "缔盟", targets=[3])], hands={3: ["♦5 闪"]}, ruleset=rs)
    out.bad("SGS-S004", 2)


def test_dimeng_bad_only_one_side_moved(play, rs):
    out = play(TABLE, [skill(1, "缔盟", targets=[2, 3], cards=["♠7 杀"]),
                       move(["♦3 闪", "♦4 闪"], ("hand", 2), ("hand", 3)), phase(1, "discard")],
               hands={1: ["♠7 杀"], 2: ["♦3 闪", "♦4 闪"], 3: ["♦5 闪"]}, ruleset=rs)
    out.bad("SGS-S006", 4)


def test_dimeng_bad_twice(play, rs):
    out = play(TABLE, [skill(1, "缔盟", targets=[2, 3]), skill(1, "缔盟", targets=[2, 3])], ruleset=rs)
    out.bad("SGS-S002", 3)
