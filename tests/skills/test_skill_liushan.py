"""刘禅 (國戰): 享乐 (a 杀 at him is void unless its user discards a basic card) and 放权."""

import pytest
from skillkit import damage, discard, pass_, respond, roster_ruleset, use

TABLE = ["张飞", "刘禅", "许褚", "黄盖"]


@pytest.fixture
def rs(tmp_path):
    return roster_ruleset(tmp_path, TABLE)


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
