"""神吕蒙: 涉猎, 攻心 (seed 000)."""

from skillkit import draw, move, phase, reveal, skill, turn

TABLE = ["张飞", "神吕蒙", "许褚", "黄盖"]
FIVE = ["♠7 杀", "♠8 杀", "♥3 桃", "♣3 杀", "♦2 闪"]


def test_shelie_ok_one_of_each_suit(play):
    out = play(TABLE, [
        turn(2), phase(2, "draw"), skill(2, "涉猎"),
        reveal(FIVE, 2, "涉猎"),
        move(["♠7 杀", "♥3 桃", "♣3 杀", "♦2 闪"], ("processing", None), ("hand", 2), "涉猎"),
        phase(2, "play"),
    ], current=1, phase="finish")
    out.ok()


def test_shelie_bad_two_spades(play):
    out = play(TABLE, [
        turn(2), phase(2, "draw"), skill(2, "涉猎"),
        reveal(FIVE, 2, "涉猎"),
        move(["♠7 杀", "♠8 杀", "♥3 桃", "♣3 杀", "♦2 闪"], ("processing", None), ("hand", 2), "涉猎"),
    ], current=1, phase="finish")
    out.bad("SGS-S006", 6)


def test_shelie_bad_also_draws(play):
    out = play(TABLE, [
        turn(2), phase(2, "draw"), skill(2, "涉猎"),
        reveal(FIVE, 2, "涉猎"),
        move(["♠7 杀", "♥3 桃", "♣3 杀", "♦2 闪"], ("processing", None), ("hand", 2), "涉猎"),
        draw(2, ["♦3 闪", "♦4 闪"], "phase"),
        phase(2, "play"),
    ], current=1, phase="finish")
    out.bad("SGS-T003", 7)  # the draw itself is too many


def test_gongxin_ok_heart_discarded(play):
    out = play(TABLE, [skill(2, "攻心", targets=[3]), move(["♥3 桃"], ("hand", 3), ("discard", None), "攻心")],
               current=2, hands={3: ["♥3 桃", "♠7 杀"]})
    out.ok()


def test_gongxin_bad_not_a_heart(play):
    out = play(TABLE, [skill(2, "攻心", targets=[3]), move(["♠7 杀"], ("hand", 3), ("deck", None), "攻心")],
               current=2, hands={3: ["♥3 桃", "♠7 杀"]})
    out.bad("SGS-S004", 3)


def test_gongxin_bad_twice(play):
    out = play(TABLE, [skill(2, "攻心", targets=[3]), skill(2, "攻心", targets=[4])], current=2,
               hands={3: ["♥3 桃"], 4: ["♥4 桃"]})
    out.bad("SGS-S002", 3)
