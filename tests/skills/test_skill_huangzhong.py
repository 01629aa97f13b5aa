"""黄忠: 烈弓 (seed 000: holds by itself; 1v1: announced, first case only)."""

from skillkit import HEG, damage, respond, skill, use

TABLE = ["黄忠", "张飞", "许褚", "黄盖"]


def test_liegong_ok_undodgeable_by_hand_count(play):
    out = play(TABLE, [use(1, "♠7 杀", 2), damage(2, 1, 1, "♠7 杀")],
               hands={1: ["♠7 杀"], 2: ["♦2 闪", "♦3 闪", "♦4 闪", "♦5 闪"]})
    out.ok()


def test_liegong_ok_dodge_allowed_in_between(play):
    """Target with 2 cards: fewer than 黄忠's 4 HP, more than his range 1: the 杀 may be dodged."""
    out = play(TABLE, [use(1, "♠7 杀", 2), respond(2, "♦2 闪")], hands={1: ["♠7 杀"], 2: ["♦2 闪", "♦3 闪"]})
    out.ok()


def test_liegong_bad_dodge_with_few_cards(play):
    out = play(TABLE, [use(1, "♠7 杀", 2), respond(2, "♦2 闪")], hands={1: ["♠7 杀"], 2: ["♦2 闪"]})
    out.bad("SGS-P010", 3)


def test_liegong_bad_announced_when_condition_fails(play):
    out = play(TABLE, [use(1, "♠7 杀", 2), skill(1, "烈弓")], hands={1: ["♠7 杀"], 2: ["♦2 闪", "♦3 闪"]})
    out.bad("SGS-S004", 3)


def test_liegong_bad_without_slash(play):
    out = play(TABLE, [skill(1, "烈弓")])
    out.bad("SGS-S003", 2)


def test_liegong_ok_heg_dodge_when_not_announced(play):
    """國戰 烈弓: 你可以令其不能使用【闪】 — not announced, the 杀 may be dodged (the default text's holds by itself)."""
    log = [use(1, "♠7 杀", 2), respond(2, "♦2 闪")]
    play(TABLE, log, ruleset=HEG, hands={1: ["♠7 杀"], 2: ["♦2 闪"]}).ok()
    play(TABLE, log, ruleset="maneuvering", hands={1: ["♠7 杀"], 2: ["♦2 闪"]}).bad("SGS-P010", 3)


def test_liegong_bad_heg_dodge_after_announced(play):
    """國戰 烈弓 announced, the target holding no more cards than 黄忠's attack range: no 闪."""
    out = play(TABLE, [use(1, "♠7 杀", 2), skill(1, "烈弓"), respond(2, "♦2 闪")], ruleset=HEG,
               hands={1: ["♠7 杀"], 2: ["♦2 闪"]})
    out.bad("SGS-P010", 4)
