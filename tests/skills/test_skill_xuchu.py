"""许褚: 裸衣."""

from skillkit import damage, draw, phase, skill, turn, use

TABLE = ["许褚", "张飞", "孙权", "黄盖"]


def test_luoyi_ok_one_card_fewer_and_harder_slash(play):
    out = play(TABLE, [
        turn(1), phase(1, "draw"),
        skill(1, "裸衣"),
        draw(1, ["♠7 杀"], "phase"),
        phase(1, "play"),
        use(1, "♠7 杀", 2),
        damage(2, 2, 1, "♠7 杀"),
    ], current=4, phase="finish")
    out.ok()


def test_luoyi_bad_slash_deals_one(play):
    out = play(TABLE, [
        turn(1), phase(1, "draw"),
        skill(1, "裸衣"),
        draw(1, ["♠7 杀"], "phase"),
        phase(1, "play"),
        use(1, "♠7 杀", 2),
        damage(2, 1, 1, "♠7 杀"),
    ], current=4, phase="finish")
    out.bad("SGS-D001", 8)


def test_luoyi_bad_draws_two(play):
    out = play(TABLE, [
        turn(1), phase(1, "draw"),
        skill(1, "裸衣"),
        draw(1, ["♠7 杀", "♠8 杀"], "phase"),
        phase(1, "play"),
    ], current=4, phase="finish")
    out.bad("SGS-T003", 5)  # the draw itself is too many


def test_luoyi_bad_in_play_phase(play):
    out = play(TABLE, [skill(1, "裸衣")])
    out.bad("SGS-S003", 2)
