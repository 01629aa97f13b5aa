"""孔融 (國戰): 礼让 (a card of his that was discarded may be given to another character). 名士 is the 國戰
mode's."""

from skillkit import discard, move, phase, skill, use

TABLE = ["张飞", "孔融", "许褚", "黄盖"]
HAND = ["♦2 闪", "♠7 杀", "♠8 杀", "♠9 杀", "♦3 闪"]


def test_lirang_ok_discard_phase(play, rs):
    out = play(TABLE, [
        discard(2, ["♦2 闪", "♠7 杀"]),
        skill(2, "礼让", targets=[1], cards=["♦2 闪"]),
        skill(2, "礼让", targets=[3], cards=["♠7 杀"]),
        phase(2, "finish"),
    ], ruleset=rs, current=2, phase="discard", hands={2: HAND})
    out.ok()


def test_lirang_ok_with_the_move_logged(play, rs):
    out = play(TABLE, [
        discard(2, ["♦2 闪", "♠7 杀"]),
        skill(2, "礼让", targets=[1], cards=["♦2 闪", "♠7 杀"]),
        move(["♦2 闪", "♠7 杀"], ("discard", None), ("hand", 1), reason="礼让"),
    ], ruleset=rs, current=2, phase="discard", hands={2: HAND})
    out.ok()


def test_lirang_ok_dismantled(play, rs):
    out = play(TABLE, [
        use(1, "♠3 过河拆桥", 2),
        move(["♣A 诸葛连弩"], ("equip", 2), ("discard", None), reason="过河拆桥"),
        skill(2, "礼让", targets=[3], cards=["♣A 诸葛连弩"]),
    ], ruleset=rs, hands={1: ["♠3 过河拆桥"]}, equip={2: ["♣A 诸葛连弩"]})
    out.ok()


def test_lirang_bad_not_his_card(play, rs):
    out = play(TABLE, [
        discard(2, ["♦2 闪"]),
        skill(2, "礼让", targets=[1], cards=["♥10 杀"]),
    ], ruleset=rs, current=2, phase="discard", hands={2: HAND})
    out.bad("SGS-S004", 3)


def test_lirang_bad_the_same_card_twice(play, rs):
    out = play(TABLE, [
        discard(2, ["♦2 闪"]),
        skill(2, "礼让", targets=[1], cards=["♦2 闪"]),
        skill(2, "礼让", targets=[3], cards=["♦2 闪"]),
    ], ruleset=rs, current=2, phase="discard", hands={2: HAND})
    out.bad("SGS-S003", 4)


def test_lirang_bad_after_the_phase(play, rs):
    out = play(TABLE, [
        discard(2, ["♦2 闪"]),
        phase(2, "finish"),
        skill(2, "礼让", targets=[1], cards=["♦2 闪"]),
    ], ruleset=rs, current=2, phase="discard", hands={2: HAND})
    out.bad("SGS-S003", 4)


def test_lirang_bad_to_himself(play, rs):
    out = play(TABLE, [
        discard(2, ["♦2 闪"]),
        skill(2, "礼让", targets=[2], cards=["♦2 闪"]),
    ], ruleset=rs, current=2, phase="discard", hands={2: HAND})
    out.bad("SGS-S004", 3)


def test_lirang_bad_a_card_he_used(play, rs):
    out = play(TABLE, [
        use(2, "♠7 杀", 3),
        skill(2, "礼让", targets=[1], cards=["♠7 杀"]),
    ], ruleset=rs, current=2, hands={2: HAND})
    out.bad("SGS-S003", 3)
