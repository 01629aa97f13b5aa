"""许褚: 裸衣."""

from skillkit import HEG, damage, draw, phase, skill, turn, use

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


# after the play phase the 杀 itself is out of place (SGS-T006) under both texts; only its damage differs
AFTER_PLAY = [turn(1), phase(1, "draw"), skill(1, "裸衣"), draw(1, ["♠7 杀"], "phase"), phase(1, "play"),
              phase(1, "discard"), use(1, "♠7 杀", 2)]


def test_luoyi_ok_heg_whole_turn(play):
    """國戰 裸衣: 每当你于此回合内使用【杀】或【决斗】造成伤害时，此伤害+1 — after the play phase too."""
    out = play(TABLE, [*AFTER_PLAY, damage(2, 2, 1, "♠7 杀")], ruleset=HEG, current=4, phase="finish")
    assert {(v.rule, v.line) for v in out.violations} == {("SGS-T006", 8)}, out.describe()
    play(TABLE, [*AFTER_PLAY, damage(2, 2, 1, "♠7 杀")], ruleset="maneuvering", current=4, phase="finish").bad("SGS-D001", 9)


def test_luoyi_bad_heg_one_after_the_play_phase(play):
    """國戰 裸衣: a 杀 of that turn after the play phase deals 2, not 1 (the default text: 1)."""
    out = play(TABLE, [*AFTER_PLAY, damage(2, 1, 1, "♠7 杀")], ruleset=HEG, current=4, phase="finish")
    out.bad("SGS-D001", 9)
