"""田丰 (國戰): 死谏 (after losing his last hand card: discard one card of another character). 随势 is the 國戰
mode's."""

from skillkit import damage, move, skill, use

TABLE = ["张飞", "田丰", "许褚", "黄盖"]


def test_sijian_ok_after_his_last_card(play, rs):
    out = play(TABLE, [
        use(2, "♠7 杀", 3),
        skill(2, "死谏", targets=[3]),
        move(["♦2 闪"], ("hand", 3), ("discard", None), reason="死谏"),
        damage(3, 1, 2, "♠7 杀"),
    ], ruleset=rs, current=2, hands={2: ["♠7 杀"], 3: ["♦2 闪"]})
    out.ok()


def test_sijian_ok_an_equipment_card(play, rs):
    out = play(TABLE, [
        use(2, "♠7 杀", 3),
        skill(2, "死谏", targets=[1]),
        move(["♣A 诸葛连弩"], ("equip", 1), ("discard", None), reason="死谏"),
        damage(3, 1, 2, "♠7 杀"),
    ], ruleset=rs, current=2, hands={2: ["♠7 杀"]}, equip={1: ["♣A 诸葛连弩"]})
    out.ok()


def test_sijian_bad_cards_left(play, rs):
    out = play(TABLE, [
        use(2, "♠7 杀", 3),
        skill(2, "死谏", targets=[3]),
    ], ruleset=rs, current=2, hands={2: ["♠7 杀", "♦3 闪"], 3: ["♦2 闪"]})
    out.bad("SGS-S003", 3)


def test_sijian_bad_target_without_cards(play, rs):
    out = play(TABLE, [
        use(2, "♠7 杀", 3),
        skill(2, "死谏", targets=[4]),
    ], ruleset=rs, current=2, hands={2: ["♠7 杀"]})
    out.bad("SGS-S004", 3)


def test_sijian_bad_nothing_discarded(play, rs):
    out = play(TABLE, [
        use(2, "♠7 杀", 3),
        skill(2, "死谏", targets=[3]),
        damage(3, 1, 2, "♠7 杀"),
        {"type": "turn", "seat": 3},
    ], ruleset=rs, current=2, hands={2: ["♠7 杀"], 3: ["♦2 闪"]})
    out.bad("SGS-S006")
