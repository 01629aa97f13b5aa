"""刘禅 (國戰): 享乐 (a 杀 at him is void unless its user discards a basic card) and 放权."""

from skillkit import damage, discard, pass_, phase, respond, skill, skip, turn, use

TABLE = ["张飞", "刘禅", "许褚", "黄盖"]


def test_xiangle_ok_paid_and_hit(play, rs):
    out = play(TABLE, [
        use(1, "♠7 杀", 2),
        discard(1, ["♦2 闪"]),
        damage(2, 1, 1, "♠7 杀"),
    ], ruleset=rs, hands={1: ["♠7 杀", "♦2 闪"]})
    out.ok()


def test_xiangle_ok_paid_and_dodged(play, rs):
    out = play(TABLE, [
        use(1, "♠7 杀", 2),
        discard(1, ["♦2 闪"]),
        respond(2, "♦3 闪"),
        use(1, "♠8 杀", 4),
    ], ruleset=rs, hands={1: ["♠7 杀", "♦2 闪", "♠8 杀"], 2: ["♦3 闪"]})
    out.ok()


def test_xiangle_ok_unpaid_nothing_happens(play, rs):
    out = play(TABLE, [
        use(1, "♠7 杀", 2),
        use(1, "♠8 杀", 4),
        pass_(4),
        damage(4, 1, 1, "♠8 杀"),
    ], ruleset=rs, hands={1: ["♠7 杀", "♠8 杀"]})
    out.ok()


def test_xiangle_bad_unpaid_yet_damaged(play, rs):
    out = play(TABLE, [
        use(1, "♠7 杀", 2),
        damage(2, 1, 1, "♠7 杀"),
    ], ruleset=rs, hands={1: ["♠7 杀"]})
    out.bad("SGS-D003", 3)


def test_xiangle_bad_pays_with_a_trick(play, rs):
    out = play(TABLE, [
        use(1, "♠7 杀", 2),
        discard(1, ["♥7 无中生有"]),
        damage(2, 1, 1, "♠7 杀"),
    ], ruleset=rs, hands={1: ["♠7 杀", "♥7 无中生有"]})
    out.bad("SGS-D003", 4)


def test_xiangle_bad_paid_then_no_damage(play, rs):
    out = play(TABLE, [
        use(1, "♠7 杀", 2),
        discard(1, ["♦2 闪"]),
        pass_(2),
        use(1, "♠8 杀", 4),
    ], ruleset=rs, hands={1: ["♠7 杀", "♦2 闪", "♠8 杀"]})
    out.bad("SGS-D002", 5)


def test_fangquan_ok_extra_turn(play, rs):
    out = play(TABLE, [
        skill(2, "放权"), skip(2, "play", "放权"),
        phase(2, "discard"), phase(2, "finish"),
        skill(2, "放权", cards=["♦2 闪"], targets=[4]),
        turn(4),  # the extra turn
        turn(3), turn(4), turn(1), turn(2),  # the seat order goes on from 刘禅
    ], ruleset=rs, current=2, phase="draw", hands={2: ["♦2 闪"]})
    out.ok()


def test_fangquan_ok_no_extra_turn_chosen(play, rs):
    out = play(TABLE, [
        skill(2, "放权"), skip(2, "play", "放权"),
        phase(2, "discard"), phase(2, "finish"),
        turn(3),
    ], ruleset=rs, current=2, phase="draw", hands={2: ["♦2 闪"]})
    out.ok()


def test_fangquan_bad_the_seat_order_instead(play, rs):
    out = play(TABLE, [
        skill(2, "放权"), skip(2, "play", "放权"),
        phase(2, "finish"),
        skill(2, "放权", cards=["♦2 闪"], targets=[4]),
        turn(3),
    ], ruleset=rs, current=2, phase="draw", hands={2: ["♦2 闪"]})
    out.bad("SGS-T001", 6)


def test_fangquan_bad_extra_turn_without_skipping(play, rs):
    out = play(TABLE, [
        phase(2, "play"), phase(2, "finish"),
        skill(2, "放权", cards=["♦2 闪"], targets=[4]),
    ], ruleset=rs, current=2, phase="draw", hands={2: ["♦2 闪"]})
    out.bad("SGS-S004", 4)


def test_fangquan_bad_after_the_play_phase(play, rs):
    out = play(TABLE, [skill(2, "放权")], ruleset=rs, current=2, phase="play")
    out.bad("SGS-S003", 2)


def test_fangquan_bad_plays_anyway(play, rs):
    out = play(TABLE, [skill(2, "放权"), phase(2, "play")], ruleset=rs, current=2, phase="draw")
    out.bad("SGS-T007", 3)


def test_fangquan_bad_extra_turn_in_the_play_phase(play, rs):
    out = play(TABLE, [
        skill(2, "放权"), skip(2, "play", "放权"),
        skill(2, "放权", cards=["♦2 闪"], targets=[4]),
    ], ruleset=rs, current=2, phase="draw", hands={2: ["♦2 闪"]})
    out.bad("SGS-S003", 4)
