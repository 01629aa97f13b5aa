"""蔡文姬 (國戰): 悲歌 (../shared/reference/hegemony/hegemony_generals.csv, skill_texts_qsgsheg); 断肠 is the 國戰
mode's."""

import pytest
from hegkit import heg_ruleset
from skillkit import damage, discard, draw, judge, pass_, phase, recover, skill, turn, use

TABLE = ["刘备", "蔡文姬", "黄盖", "许褚"]
HIT = [use(1, "♠7 杀", 4), pass_(4), damage(4, 1, 1, "♠7 杀")]
HANDS = {1: ["♠7 杀", "♣2 杀", "♣3 杀"], 2: ["♦2 闪"]}


@pytest.fixture
def rs(tmp_path):
    return heg_ruleset(tmp_path)


def beige(card):
    return [*HIT, skill(2, "悲歌", targets=[4], cards=["♦2 闪"]), judge(4, card, "悲歌")]


def test_beige_ok_heart_recovers(play, rs):
    """悲歌: 红桃，其回复1点体力."""
    out = play(TABLE, [*beige("♥3 桃"), recover(4, 1)], hands=HANDS, deck=["♥3 桃"], ruleset=rs)
    out.ok()


def test_beige_ok_diamond_draws_two(play, rs):
    """悲歌: 方块，其摸两张牌."""
    out = play(TABLE, [*beige("♦3 闪"), draw(4, ["♦4 闪", "♦5 闪"], skill="悲歌")], hands=HANDS,
               deck=["♦3 闪", "♦4 闪", "♦5 闪"], ruleset=rs)
    out.ok()


def test_beige_ok_club_source_discards_two(play, rs):
    """悲歌: 梅花，来源弃置两张牌."""
    out = play(TABLE, [*beige("♣4 杀"), discard(1, ["♣2 杀", "♣3 杀"])], hands=HANDS, deck=["♣4 杀"], ruleset=rs)
    out.ok()


def test_beige_ok_spade_source_skips_its_next_turn(play, rs):
    """悲歌: 黑桃，来源叠置 (國戰's turning over: its next turn does not take place)."""
    out = play(TABLE, [*beige("♠8 杀"), phase(1, "discard"), turn(2), turn(3), turn(4), turn(2)], hands=HANDS,
               deck=["♠8 杀"], ruleset=rs)
    assert not [v for v in out.violations if v.rule.startswith("SGS-T")], out.describe()


def test_beige_bad_spade_source_plays_its_next_turn(play, rs):
    out = play(TABLE, [*beige("♠8 杀"), phase(1, "discard"), turn(2), turn(3), turn(4), turn(1)], hands=HANDS,
               deck=["♠8 杀"], ruleset=rs)
    out.bad("SGS-T007", 11)


def test_beige_ok_spade_twice_unstacks(play, rs):
    """G-14: stacking again un-stacks (two ♠ on the same source: its next turn takes place)."""
    out = play(TABLE, [*beige("♠8 杀"), use(1, "♣2 杀", 4), pass_(4), damage(4, 1, 1, "♣2 杀"),
                       skill(2, "悲歌", targets=[4], cards=["♦3 闪"]), judge(4, "♠9 杀", "悲歌"), phase(1, "discard"),
                       turn(2), turn(3), turn(4), turn(1)],
               hands={1: ["♠7 杀", "♣2 杀"], 2: ["♦2 闪", "♦3 闪"]}, deck=["♠8 杀", "♠9 杀"], equip={1: ["♣A 诸葛连弩"]},
               ruleset=rs)
    out.ok()


def test_beige_bad_club_no_discard(play, rs):
    out = play(TABLE, [*beige("♣4 杀"), phase(1, "discard")], hands=HANDS, deck=["♣4 杀"], ruleset=rs)
    out.bad("SGS-S006", 7)


def test_beige_bad_diamond_recovers_instead(play, rs):
    out = play(TABLE, [*beige("♦3 闪"), recover(4, 1)], hands=HANDS, deck=["♦3 闪"], ruleset=rs)
    assert out.violations, out.describe()


def test_beige_bad_not_after_slash_damage(play, rs):
    out = play(TABLE, [use(1, "♠A 决斗", 4), pass_(4), damage(4, 1, 1, "♠A 决斗"),
                       skill(2, "悲歌", targets=[4], cards=["♦2 闪"])], hands={1: ["♠A 决斗"], 2: ["♦2 闪"]}, ruleset=rs)
    out.bad("SGS-S003", 5)


def test_beige_bad_no_card(play, rs):
    out = play(TABLE, [*HIT, skill(2, "悲歌", targets=[4])], hands=HANDS, ruleset=rs)
    out.bad("SGS-S004", 5)


def test_beige_bad_twice_for_one_damage(play, rs):
    out = play(TABLE, [*beige("♥3 桃"), recover(4, 1), skill(2, "悲歌", targets=[4], cards=["♦3 闪"])],
               hands={1: ["♠7 杀"], 2: ["♦2 闪", "♦3 闪"]}, deck=["♥3 桃"], ruleset=rs)
    out.bad("SGS-S002", 8)


def test_beige_ok_two_stacked_in_a_row_both_skip(play, rs):
    """Two characters in a row stacked (♠ twice, a different source each): both next turns are passed (seats 4
    and 1, across the end of the round)."""
    out = play(TABLE, [use(4, "♠7 杀", 1), pass_(1), damage(1, 1, 4, "♠7 杀"),
                       skill(2, "悲歌", targets=[1], cards=["♦2 闪"]), judge(1, "♠8 杀", "悲歌"), phase(4, "discard"),
                       turn(1), phase(1, "play"), use(1, "♣2 杀", 4), pass_(4), damage(4, 1, 1, "♣2 杀"),
                       skill(2, "悲歌", targets=[4], cards=["♦3 闪"]), judge(4, "♠9 杀", "悲歌"), phase(1, "discard"),
                       turn(2), turn(3), turn(2)],
               current=4, hands={4: ["♠7 杀"], 1: ["♣2 杀"], 2: ["♦2 闪", "♦3 闪"]}, deck=["♠8 杀", "♠9 杀"], ruleset=rs)
    assert not [v for v in out.violations if v.rule.startswith("SGS-T")], out.describe()


def test_beige_ok_stacked_after_one_who_skips_by_jushou(play, rs):
    """A stacked character right after one whose turn 据守 skips: both turns are passed."""
    out = play(["蔡文姬", "许褚", "曹仁", "刘备"], [
        skill(3, "据守"), draw(3, ["♦3 闪", "♦4 闪", "♦5 闪"], skill="据守"),
        turn(4), phase(4, "play"), use(4, "♠7 杀", 1), pass_(1), damage(1, 1, 4, "♠7 杀"),
        skill(1, "悲歌", targets=[1], cards=["♦2 闪"]), judge(1, "♠8 杀", "悲歌"), phase(4, "discard"),
        turn(1), turn(2), turn(1)],
        current=3, phase="finish", hands={4: ["♠7 杀"], 1: ["♦2 闪"]}, deck=["♦3 闪", "♦4 闪", "♦5 闪", "♠8 杀"], ruleset=rs)
    assert not [v for v in out.violations if v.rule.startswith("SGS-T")], out.describe()
