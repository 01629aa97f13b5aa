"""诸葛亮: 观星, 空城."""

from skillkit import draw, phase, skill, turn, use

TABLE = ["诸葛亮", "张飞", "许褚", "黄盖"]


def test_guanxing_ok_then_draws_any_order(play):
    out = play(TABLE, [
        turn(1), phase(1, "start"),
        skill(1, "观星"),
        phase(1, "draw"),
        draw(1, ["♦3 闪", "♦2 闪"], "phase"),  # the known top was ♦2, ♦3: 观星 may reorder it
    ], current=4, phase="finish", deck=["♦2 闪", "♦3 闪"])
    out.ok()


def test_guanxing_ok_choice_fixes_the_new_top(play):
    out = play(TABLE, [
        turn(1), phase(1, "start"),
        skill(1, "观星", choice=["♦3 闪", "♦2 闪"]),
        phase(1, "draw"),
        draw(1, ["♦2 闪", "♦3 闪"], "phase"),
    ], current=4, phase="finish", deck=["♦2 闪", "♦3 闪"])
    out.bad("SGS-C003", 6)


def test_guanxing_bad_in_draw_phase(play):
    out = play(TABLE, [turn(1), phase(1, "draw"), skill(1, "观星")], current=4, phase="finish")
    out.bad("SGS-S003", 4)


def test_kongcheng_ok_with_a_hand_card(play):
    out = play(TABLE, [use(2, "♠7 杀", 1)], current=2, hands={2: ["♠7 杀"], 1: ["♦2 闪"]})
    out.ok()


def test_kongcheng_bad_slash_on_empty_hand(play):
    out = play(TABLE, [use(2, "♠7 杀", 1)], current=2, hands={2: ["♠7 杀"]})
    out.bad("SGS-P011", 2)


def test_kongcheng_bad_duel_on_empty_hand(play):
    out = play(TABLE, [use(2, "♠A 决斗", 1)], current=2, hands={2: ["♠A 决斗"]})
    out.bad("SGS-P011", 2)


def test_guanxing_ok_when_only_part_of_the_top_is_known(play):
    # one card was put on the pile (a known top of one): the other cards looked at are unknown to the log
    out = play(TABLE, [
        turn(1), phase(1, "start"),
        skill(1, "观星", choice=["♠7 杀", "♦2 闪", "♣3 杀"]),
        phase(1, "draw"),
        draw(1, ["♠7 杀", "♦2 闪"], "phase"),
    ], current=4, phase="finish", deck=["♦2 闪"])
    out.ok()


def test_guanxing_bad_a_card_it_did_not_look_at(play):
    out = play(TABLE, [
        turn(1), phase(1, "start"),
        skill(1, "观星", choice=["♠7 杀"]),
    ], current=4, phase="finish", deck=["♦2 闪", "♦3 闪", "♦4 闪", "♦5 闪"])
    out.bad("SGS-S006", 4)
