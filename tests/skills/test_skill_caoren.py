"""曹仁: 据守 (seed 000: draw three, skip your next turn)."""

from skillkit import draw, phase, skill, turn

TABLE = ["张飞", "曹仁", "许褚", "黄盖"]


def test_jushou_ok_next_turn_skipped(play):
    out = play(TABLE, [
        phase(2, "finish"),
        skill(2, "据守"),
        draw(2, ["♦2 闪", "♦3 闪", "♦4 闪"], skill="据守"),
        turn(3), turn(4), turn(1),
        turn(3),  # seat 2's turn is skipped
        turn(4), turn(1), turn(2),  # and comes again after that
    ], current=2, phase="discard")
    out.ok()


def test_jushou_bad_takes_the_skipped_turn(play):
    out = play(TABLE, [
        phase(2, "finish"),
        skill(2, "据守"),
        draw(2, ["♦2 闪", "♦3 闪", "♦4 闪"], skill="据守"),
        turn(3), turn(4), turn(1),
        turn(2),
    ], current=2, phase="discard")
    out.bad("SGS-T007", 8)


def test_jushou_bad_draws_two(play):
    out = play(TABLE, [phase(2, "finish"), skill(2, "据守"), draw(2, ["♦2 闪", "♦3 闪"], skill="据守")],
               current=2, phase="discard")
    out.bad("SGS-S006", 4)


def test_jushou_bad_in_play_phase(play):
    out = play(TABLE, [skill(2, "据守")], current=2)
    out.bad("SGS-S003", 2)
