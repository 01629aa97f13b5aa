"""孙策: 激昂, 魂姿, 制霸 (主公技) (3v3 2013)."""

import json

from skillkit import damage, draw, lose_hp, max_hp, phase, respond, skill, turn, use

TABLE = ["张辽", "孙策", "甘宁", "黄盖", "刘备", "甄姬"]


def test_jiang_ok_red_slash(play):
    out = play(TABLE, [use(2, "♦6 杀", 1), skill(2, "激昂"), draw(2, ["♦2 闪"], skill="激昂"), damage(1, 1, 2, "♦6 杀")],
               mode="3v3", current=2, hands={2: ["♦6 杀"]})
    out.ok()


def test_jiang_ok_targeted_by_duel(play):
    out = play(TABLE, [use(4, "♠A 决斗", 2), skill(2, "激昂"), draw(2, ["♦2 闪"], skill="激昂"), damage(2, 1, 4, "♠A 决斗")],
               mode="3v3", current=4, hands={4: ["♠A 决斗"]})
    out.ok()


def test_jiang_bad_black_slash(play):
    out = play(TABLE, [use(4, "♠7 杀", 3), skill(2, "激昂")], mode="3v3", current=4, hands={4: ["♠7 杀"]})
    out.bad("SGS-S003", 3)


def test_jiang_bad_not_involved(play):
    out = play(TABLE, [use(4, "♦6 杀", 3), skill(2, "激昂")], mode="3v3", current=4, hands={4: ["♦6 杀"]})
    out.bad("SGS-S003", 3)


def test_hunzi_ok_awakens_at_one_hp(play):
    out = play(TABLE, [turn(2), phase(2, "start"), skill(2, "魂姿"), max_hp(2, -1),
                       phase(2, "draw"), skill(2, "英姿"), draw(2, ["♦2 闪", "♦3 闪", "♦4 闪"], "phase")],
               mode="3v3", current=None, phase=None, hp={2: 1})
    out.ok()


def test_hunzi_bad_at_two_hp(play):
    out = play(TABLE, [turn(2), phase(2, "start"), skill(2, "魂姿")], mode="3v3", current=None, phase=None, hp={2: 2})
    out.bad("SGS-S004", 4)


def test_hunzi_bad_not_awakened(play):
    out = play(TABLE, [turn(2), phase(2, "start"), phase(2, "judge")], mode="3v3", current=None, phase=None, hp={2: 1})
    out.bad("SGS-S006", 4)


def test_zhiba_bad_in_3v3(play):
    out = play(TABLE, [skill(3, "制霸", targets=[2])], mode="3v3", current=3)
    out.bad("SGS-S005", 2)


def test_zhiba_ok_identity_lord(play, tmp_path):
    rs = tmp_path / "with-sunce.toml"
    rs.write_text('inherits = "standard"\nname = "with-sunce"\n[roster]\ngenerals = ["孙策", "甘宁", "许褚", "黄盖"]\n',
                  encoding="utf-8")
    out = play(["孙策", "甘宁", "许褚", "黄盖"], [skill(2, "制霸", targets=[1])], ruleset=str(rs), current=2)
    out.ok()
    out = play(["孙策", "甘宁", "许褚", "黄盖"], [skill(3, "制霸", targets=[1])], ruleset=str(rs), current=3)
    out.bad("SGS-S004", 2)
    _ = json


def _with_sunce(tmp_path):
    rs = tmp_path / "with-sunce.toml"
    rs.write_text('inherits = "standard"\nname = "with-sunce"\n[roster]\ngenerals = ["孙策", "甘宁", "许褚", "黄盖"]\n',
                  encoding="utf-8")
    return str(rs)


def _pindian(seat, target, mine, theirs):
    return {"type": "pindian", "seat": seat, "target": target, "cards": [mine, theirs]}


def test_zhiba_ok_lord_takes_the_cards_after_a_tie(play, tmp_path):
    """制霸: 该角色可以与你拼点 … 若其没赢，你可以获得拼点的两张牌 (a tie is not a win)."""
    out = play(["孙策", "甘宁", "许褚", "黄盖"], [
        skill(2, "制霸", targets=[1]), _pindian(2, 1, "♦3 闪", "♥3 桃"),
        {"type": "move", "cards": ["♦3 闪", "♥3 桃"], "from": {"zone": "discard"}, "to": {"zone": "hand", "seat": 1}},
    ], ruleset=_with_sunce(tmp_path), current=2, hands={1: ["♥3 桃"], 2: ["♦3 闪"]})
    out.ok()


def test_zhiba_bad_lord_takes_the_cards_after_losing(play, tmp_path):
    """制霸: 若其没赢，你可以获得拼点的两张牌 — 甘宁 won: the lord takes nothing."""
    out = play(["孙策", "甘宁", "许褚", "黄盖"], [
        skill(2, "制霸", targets=[1]), _pindian(2, 1, "♥K 闪", "♥3 桃"),
        {"type": "move", "cards": ["♥K 闪", "♥3 桃"], "from": {"zone": "discard"}, "to": {"zone": "hand", "seat": 1}},
    ], ruleset=_with_sunce(tmp_path), current=2, hands={1: ["♥3 桃"], 2: ["♥K 闪"]})
    out.bad("SGS-S006", 4)


def test_jiang_ok_targeted_while_his_own_dodged_slash_is_still_open(play):
    """In 乱武, 孙策's black 杀 at 甘宁 is dodged; 甘宁's red 杀 then targets 孙策, whose 激昂 follows that
    杀 (成为目标后), not his own earlier one."""
    table = ["张辽", "孙策", "甘宁", "贾诩", "刘备", "甄姬"]
    out = play(table, [
        skill(4, "乱武"),
        lose_hp(5, 1), lose_hp(6, 1), lose_hp(1, 1),
        use(2, "♠7 杀", 3), respond(3, "♥2 闪"),
        use(3, "♥J 杀", 2), skill(2, "激昂"), draw(2, ["♣J 杀"], skill="激昂"), damage(2, 1, 3, "♥J 杀"),
    ], mode="3v3", current=4, hands={2: ["♠7 杀"], 3: ["♥2 闪", "♥J 杀"]})
    out.ok()
