"""貂蝉: 离间, 闭月."""

from skillkit import damage, draw, phase, respond, skill, use

TABLE = ["貂蝉", "张飞", "许褚", "黄盖"]


def test_lijian_ok_duel_between_two_men(play):
    out = play(TABLE, [
        skill(1, "离间", targets=[2, 3], cards=["♦2 闪"]),
        use(3, as_="决斗", cards=[], skill="离间", targets=[2]),
        respond(2, "♠7 杀"),
        damage(3, 1, 2),
    ], hands={1: ["♦2 闪"], 2: ["♠7 杀"]})
    out.ok()


def test_lijian_bad_female(play):
    out = play(["貂蝉", "张飞", "甄姬", "黄盖"], [skill(1, "离间", targets=[2, 3], cards=["♦2 闪"])], hands={1: ["♦2 闪"]})
    out.bad("SGS-S004", 2)


def test_lijian_bad_no_card(play):
    out = play(TABLE, [skill(1, "离间", targets=[2, 3])])
    out.bad("SGS-S004", 2)


def test_lijian_bad_nullified(play):
    out = play(TABLE, [
        skill(1, "离间", targets=[2, 3], cards=["♦2 闪"]),
        use(3, as_="决斗", cards=[], skill="离间", targets=[2]),
        use(4, "♠J 无懈可击"),
    ], hands={1: ["♦2 闪"], 4: ["♠J 无懈可击"]})
    out.bad("SGS-P006", 4)


def test_lijian_bad_twice(play):
    out = play(TABLE, [
        skill(1, "离间", targets=[2, 3], cards=["♦2 闪"]),
        use(3, as_="决斗", cards=[], skill="离间", targets=[2]),
        damage(2, 1, 3),
        skill(1, "离间", targets=[2, 4], cards=["♦3 闪"]),
    ], hands={1: ["♦2 闪", "♦3 闪"]})
    out.bad("SGS-S002", 5)


def test_biyue_ok_finish_phase(play):
    out = play(TABLE, [phase(1, "finish"), skill(1, "闭月"), draw(1, ["♦2 闪"], skill="闭月")], phase="discard")
    out.ok()


def test_biyue_bad_in_play_phase(play):
    out = play(TABLE, [skill(1, "闭月")])
    out.bad("SGS-S003", 2)


def test_biyue_bad_draws_two(play):
    out = play(TABLE, [phase(1, "finish"), skill(1, "闭月"), draw(1, ["♦2 闪", "♦3 闪"], skill="闭月")], phase="discard")
    out.bad("SGS-S006", 4)
