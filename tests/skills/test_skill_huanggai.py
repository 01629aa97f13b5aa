"""黄盖: 苦肉."""

from skillkit import draw, lose_hp, skill, use

TABLE = ["黄盖", "张飞", "许褚", "孙权"]


def test_kurou_ok_twice(play):
    out = play(TABLE, [
        skill(1, "苦肉"), lose_hp(1, 1), draw(1, ["♦2 闪", "♦3 闪"], skill="苦肉"),
        skill(1, "苦肉"), lose_hp(1, 1), draw(1, ["♦4 闪", "♦5 闪"], skill="苦肉"),
    ])
    out.ok()


def test_kurou_ok_rescued_then_draws(play):
    out = play(TABLE, [
        skill(1, "苦肉"), lose_hp(1, 1),
        use(1, "♥3 桃"), {"type": "recover", "seat": 1, "amount": 1},
        draw(1, ["♦2 闪", "♦3 闪"], skill="苦肉"),
    ], hands={1: ["♥3 桃"]}, hp={1: 1})
    out.ok()


def test_kurou_bad_no_hp_lost(play):
    out = play(TABLE, [skill(1, "苦肉"), draw(1, ["♦2 闪", "♦3 闪"], skill="苦肉")])
    out.bad("SGS-S006", 3)


def test_kurou_bad_draws_one(play):
    out = play(TABLE, [skill(1, "苦肉"), lose_hp(1, 1), draw(1, ["♦2 闪"], skill="苦肉")])
    out.bad("SGS-S006", 4)


def test_kurou_bad_outside_turn(play):
    out = play(TABLE, [skill(1, "苦肉")], current=2)
    out.bad("SGS-S003", 2)
    _ = use
