"""孙坚: 英魂 (3v3 2012/2013)."""

from skillkit import discard, draw, phase, skill, turn

TABLE = ["张辽", "孙坚", "甘宁", "黄盖", "刘备", "甄姬"]


def test_yinghun_ok_draw_x_discard_one(play):
    out = play(TABLE, [
        turn(2), phase(2, "start"),
        skill(2, "英魂", targets=[3]),
        draw(3, ["♦2 闪", "♦3 闪"], skill="英魂"),
        discard(3, ["♦2 闪"]),
    ], mode="3v3", current=None, phase=None, hp={2: 3})
    out.ok()


def test_yinghun_ok_draw_one_discard_x(play):
    out = play(TABLE, [
        turn(2), phase(2, "start"),
        skill(2, "英魂", targets=[4]),
        draw(4, ["♦2 闪"], skill="英魂"),
        discard(4, ["♦2 闪", "♦3 闪"]),
    ], mode="3v3", current=None, phase=None, hp={2: 3}, hands={4: ["♦3 闪"]})
    out.ok()


def test_yinghun_bad_not_wounded(play):
    out = play(TABLE, [turn(2), phase(2, "start"), skill(2, "英魂", targets=[3])], mode="3v3", current=None, phase=None)
    out.bad("SGS-S004", 4)


def test_yinghun_bad_discard_missing(play):
    out = play(TABLE, [
        turn(2), phase(2, "start"),
        skill(2, "英魂", targets=[3]),
        draw(3, ["♦2 闪", "♦3 闪"], skill="英魂"),
        phase(2, "judge"),
    ], mode="3v3", current=None, phase=None, hp={2: 3})
    out.bad("SGS-S006", 6)


def test_yinghun_bad_in_play_phase(play):
    out = play(TABLE, [skill(2, "英魂", targets=[3])], mode="3v3", current=2, hp={2: 3})
    out.bad("SGS-S003", 2)
