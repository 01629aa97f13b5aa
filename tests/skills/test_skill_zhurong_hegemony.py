"""祝融 of 國戰 (祝融国战): 巨象 (南蛮入侵 is void for her; another's 南蛮入侵, once resolved, goes to her hand)."""

from skillkit import damage, phase, respond, turn, use

TABLE = ["张飞", "祝融国战", "许褚", "黄盖"]


def test_juxiang_ok_not_a_target_and_takes_the_card(play, rs):
    out = play(TABLE, [
        use(1, "♠7 南蛮入侵"),
        respond(3, "♠8 杀"),
        damage(4, 1, 1, "♠7 南蛮入侵"),
        phase(1, "discard"),
        turn(2), phase(2, "play"),
        use(2, "♠7 南蛮入侵"),  # hers now
        damage(3, 1, 2, "♠7 南蛮入侵"),
        damage(4, 1, 2, "♠7 南蛮入侵"),
        damage(1, 1, 2, "♠7 南蛮入侵"),
    ], ruleset=rs, hands={1: ["♠7 南蛮入侵"], 3: ["♠8 杀"]})
    out.ok()


def test_juxiang_bad_answers_it(play, rs):
    out = play(TABLE, [
        use(1, "♠7 南蛮入侵"),
        respond(2, "♠8 杀"),
    ], ruleset=rs, hands={1: ["♠7 南蛮入侵"], 2: ["♠8 杀"]})
    out.bad("SGS-P006", 3)


def test_juxiang_bad_damaged_by_it(play, rs):
    out = play(TABLE, [
        use(1, "♠7 南蛮入侵"),
        damage(2, 1, 1, "♠7 南蛮入侵"),
    ], ruleset=rs, hands={1: ["♠7 南蛮入侵"]})
    out.bad("SGS-D003", 3)
