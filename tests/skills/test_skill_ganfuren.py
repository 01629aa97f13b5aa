"""甘夫人 (國戰): 神智 (start phase: discard every hand card; at least her HP of them → recover 1) and 淑慎 (each
point of HP recovered: another character of her kingdom draws one)."""

from skillkit import draw, recover, skill, use

TABLE = ["张飞", "甘夫人", "许褚", "黄盖"]
HAND = ["♠7 杀", "♦2 闪"]


def test_shenzhi_ok_recovers(play, rs):
    out = play(TABLE, [skill(2, "神智", cards=HAND), recover(2, 1)],
               ruleset=rs, current=2, phase="start", hands={2: HAND}, hp={2: 2})
    out.ok()


def test_shenzhi_ok_too_few_cards_no_recovery(play, rs):
    out = play(TABLE, [skill(2, "神智", cards=["♦2 闪"])],
               ruleset=rs, current=2, phase="start", hands={2: ["♦2 闪"]}, hp={2: 2})
    out.ok()


def test_shenzhi_bad_keeps_a_card(play, rs):
    out = play(TABLE, [skill(2, "神智", cards=["♦2 闪"]), recover(2, 1)],
               ruleset=rs, current=2, phase="start", hands={2: HAND}, hp={2: 1})
    out.bad("SGS-S004", 2)


def test_shenzhi_bad_recovers_with_too_few(play, rs):
    out = play(TABLE, [skill(2, "神智", cards=["♦2 闪"]), recover(2, 1)],
               ruleset=rs, current=2, phase="start", hands={2: ["♦2 闪"]}, hp={2: 2})
    out.bad("SGS-S006", 3)


def test_shenzhi_bad_in_the_play_phase(play, rs):
    out = play(TABLE, [skill(2, "神智", cards=HAND)], ruleset=rs, current=2, hands={2: HAND}, hp={2: 2})
    out.bad("SGS-S003", 2)


def test_shushen_ok_after_a_peach(play, rs):
    out = play(TABLE, [
        use(2, "♥3 桃", 2),
        recover(2, 1),
        skill(2, "淑慎", targets=[1]),
        draw(1, ["♦3 闪"], skill="淑慎"),
    ], ruleset=rs, current=2, hands={2: ["♥3 桃"]}, hp={2: 2})
    out.ok()


def test_shushen_ok_after_shenzhi(play, rs):
    out = play(TABLE, [
        skill(2, "神智", cards=HAND), recover(2, 1),
        skill(2, "淑慎", targets=[1]),
        draw(1, ["♦3 闪"], skill="淑慎"),
    ], ruleset=rs, current=2, phase="start", hands={2: HAND}, hp={2: 2})
    out.ok()


def test_shushen_bad_another_kingdom(play, rs):
    out = play(TABLE, [
        use(2, "♥3 桃", 2),
        recover(2, 1),
        skill(2, "淑慎", targets=[3]),
    ], ruleset=rs, current=2, hands={2: ["♥3 桃"]}, hp={2: 2})
    out.bad("SGS-S004", 4)


def test_shushen_bad_twice_for_one_point(play, rs):
    out = play(TABLE, [
        use(2, "♥3 桃", 2),
        recover(2, 1),
        skill(2, "淑慎", targets=[1]),
        draw(1, ["♦3 闪"], skill="淑慎"),
        skill(2, "淑慎", targets=[1]),
    ], ruleset=rs, current=2, hands={2: ["♥3 桃"]}, hp={2: 2})
    out.bad("SGS-S003", 6)


def test_shushen_bad_without_recovery(play, rs):
    out = play(TABLE, [skill(2, "淑慎", targets=[1])], ruleset=rs, current=2)
    out.bad("SGS-S003", 2)
