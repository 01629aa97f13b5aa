"""张辽: 突袭 (seed 001; 1v1 text of seed 002)."""

from skillkit import draw, move, phase, skill, turn

TABLE = ["张辽", "张飞", "许褚", "黄盖"]


def test_tuxi_ok_two_targets(play):
    out = play(TABLE, [
        turn(1), phase(1, "draw"),
        skill(1, "突袭", targets=[2, 3]),
        move(["♦2 闪"], ("hand", 2), ("hand", 1), "突袭"),
        move(["♦3 闪"], ("hand", 3), ("hand", 1), "突袭"),
        phase(1, "play"),
    ], current=4, phase="finish", hands={2: ["♦2 闪"], 3: ["♦3 闪"]})
    out.ok()


def test_tuxi_ok_one_target_draws_nothing(play):
    out = play(TABLE, [
        turn(1), phase(1, "draw"),
        skill(1, "突袭", targets=[2]),
        move(["♦2 闪"], ("hand", 2), ("hand", 1), "突袭"),
        phase(1, "play"),
    ], current=4, phase="finish", hands={2: ["♦2 闪"]})
    out.ok()


def test_tuxi_bad_draws_as_well(play):
    out = play(TABLE, [
        turn(1), phase(1, "draw"),
        skill(1, "突袭", targets=[2]),
        move(["♦2 闪"], ("hand", 2), ("hand", 1), "突袭"),
        draw(1, ["♦4 闪"], "phase"),
        phase(1, "play"),
    ], current=4, phase="finish", hands={2: ["♦2 闪"]})
    out.bad("SGS-T003", 6)  # the draw itself is too many


def test_tuxi_bad_target_without_hand(play):
    out = play(TABLE, [
        turn(1), phase(1, "draw"),
        skill(1, "突袭", targets=[2, 3]),
    ], current=4, phase="finish", hands={2: ["♦2 闪"]})
    out.bad("SGS-S004", 4)


def test_tuxi_bad_in_play_phase(play):
    out = play(TABLE, [skill(1, "突袭", targets=[2])], hands={2: ["♦2 闪"]})
    out.bad("SGS-S003", 2)


def test_tuxi_bad_three_targets(play):
    out = play(TABLE, [turn(1), skill(1, "突袭", targets=[2, 3, 4])], current=4, phase="finish",
               hands={2: ["♦2 闪"], 3: ["♦3 闪"], 4: ["♦4 闪"]})
    out.bad("SGS-S004", 3)


def test_tuxi_bad_card_not_taken(play):
    out = play(TABLE, [
        turn(1), phase(1, "draw"),
        skill(1, "突袭", targets=[2]),
        phase(1, "play"),
    ], current=4, phase="finish", hands={2: ["♦2 闪"]})
    out.bad("SGS-S006", 5)
