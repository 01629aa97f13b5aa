"""姜维: 挑衅, 志继 (3v3 2013)."""

from skillkit import damage, draw, max_hp, move, phase, skill, turn, use

TABLE = ["张辽", "姜维", "甘宁", "黄盖", "刘备", "甄姬"]


def test_tiaoxin_ok_target_slashes(play):
    out = play(TABLE, [
        skill(2, "挑衅", targets=[3]),
        use(3, "♠7 杀", 2),
        damage(2, 1, 3, "♠7 杀"),
    ], mode="3v3", current=2, hands={3: ["♠7 杀"]})
    out.ok()


def test_tiaoxin_ok_card_discarded(play):
    out = play(TABLE, [
        skill(2, "挑衅", targets=[3]),
        move(["♦2 闪"], ("hand", 3), ("discard", None), "挑衅"),
    ], mode="3v3", current=2, hands={3: ["♦2 闪"]})
    out.ok()


def test_tiaoxin_bad_out_of_range(play):
    out = play(TABLE, [skill(2, "挑衅", targets=[5])], mode="3v3", current=2, hands={5: ["♦2 闪"]})
    out.bad("SGS-S004", 2)


def test_tiaoxin_bad_twice(play):
    out = play(TABLE, [
        skill(2, "挑衅", targets=[3]),
        move(["♦2 闪"], ("hand", 3), ("discard", None), "挑衅"),
        skill(2, "挑衅", targets=[1]),
    ], mode="3v3", current=2, hands={3: ["♦2 闪"], 1: ["♦3 闪"]})
    out.bad("SGS-S002", 4)


def test_tiaoxin_bad_slash_at_someone_else(play):
    out = play(TABLE, [skill(2, "挑衅", targets=[3]), use(3, "♠7 杀", 4)], mode="3v3", current=2, hands={3: ["♠7 杀"]})
    out.bad("SGS-P004", 3)


def test_zhiji_ok_awakens_with_empty_hand(play):
    out = play(TABLE, [
        turn(2), phase(2, "start"),
        skill(2, "志继"),
        draw(2, ["♦2 闪", "♦3 闪"], skill="志继"),
        max_hp(2, -1),
        skill(2, "观星"),
        phase(2, "draw"),
    ], mode="3v3", current=None, phase=None)
    out.ok()


def test_zhiji_bad_with_hand_cards(play):
    out = play(TABLE, [turn(2), phase(2, "start"), skill(2, "志继")], mode="3v3", current=None, phase=None,
               hands={2: ["♦2 闪"]})
    out.bad("SGS-S004", 4)


def test_zhiji_bad_not_awakened(play):
    out = play(TABLE, [turn(2), phase(2, "start"), phase(2, "draw")], mode="3v3", current=None, phase=None)
    out.bad("SGS-S006", 4)


def test_zhiji_bad_max_hp_not_lost(play):
    out = play(TABLE, [
        turn(2), phase(2, "start"),
        skill(2, "志继"),
        draw(2, ["♦2 闪", "♦3 闪"], skill="志继"),
        phase(2, "draw"),
    ], mode="3v3", current=None, phase=None)
    out.bad("SGS-S006", 6)
