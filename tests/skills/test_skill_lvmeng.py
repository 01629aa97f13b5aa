"""吕蒙: 克己."""

from skillkit import damage, phase, skill, skip, use

TABLE = ["吕蒙", "张飞", "许褚", "黄盖"]
HAND = ["♦2 闪", "♦3 闪", "♦4 闪", "♦5 闪", "♦6 闪", "♦7 闪"]


def test_keji_ok_skip_discard(play):
    out = play(TABLE, [skill(1, "克己"), skip(1, "discard", "克己"), phase(1, "finish")], hands={1: HAND})
    out.ok()


def test_keji_ok_skip_without_skill_event(play):
    out = play(TABLE, [skip(1, "discard", "克己"), phase(1, "finish")], hands={1: HAND})
    out.ok()


def test_keji_bad_after_slash(play):
    out = play(TABLE, [use(1, "♠7 杀", 2), damage(2, 1, 1, "♠7 杀"), skill(1, "克己")],
               hands={1: [*HAND, "♠7 杀"]})
    out.bad("SGS-S004", 4)


def test_keji_bad_after_slash_in_response(play):
    out = play(TABLE, [use(1, "♠A 决斗", 2), {"type": "respond", "seat": 2, "card": "♠8 杀"},
                       {"type": "respond", "seat": 1, "card": "♠7 杀"}, damage(2, 1, 1, "♠A 决斗"),
                       skip(1, "discard", "克己")],
               hands={1: [*HAND, "♠7 杀", "♠A 决斗"], 2: ["♠8 杀"]})
    out.bad("SGS-S004", 6)


def test_keji_bad_discard_phase_after_all(play):
    out = play(TABLE, [skill(1, "克己"), phase(1, "discard")], hands={1: HAND})
    out.bad("SGS-T007", 3)
