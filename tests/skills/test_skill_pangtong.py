"""庞统: 涅槃 (and 连环 in test_skill_pangtong_lianhuan.py) (火; ../shared/reference/fire/fire_skills.csv)."""

from skillkit import damage, draw, dying, pass_, recover, skill, turn, use

TABLE = ["刘备", "庞统", "许褚", "黄盖"]
RS = "maneuvering"
SLASHED = [use(3, "♠7 杀", 2), pass_(2), damage(2, 1, 3, "♠7 杀"), dying(2)]


def test_niepan_ok_while_dying(play):
    """涅槃: 限定技，当你处于濒死状态时，你可以丢弃你所有的牌和你判定区里的牌 … 然后摸三张牌且体力回复至3点."""
    out = play(TABLE, [*SLASHED, skill(2, "涅槃"), draw(2, ["♦3 闪", "♦4 闪", "♦5 闪"], skill="涅槃"), recover(2, 3),
                       turn(4)],
               current=3, hands={3: ["♠7 杀"], 2: ["♦2 闪", "♥3 桃"]}, equip={2: ["♠2 八卦阵"]},
               judge={2: ["♠6 乐不思蜀"]}, hp={2: 1}, ruleset=RS)
    out.ok()


def test_niepan_ok_cards_are_gone(play):
    """涅槃: 丢弃你所有的牌 — the discarded 闪 is no longer his to play."""
    out = play(TABLE, [*SLASHED, skill(2, "涅槃"), draw(2, ["♦3 闪", "♦4 闪", "♦5 闪"], skill="涅槃"), recover(2, 3),
                       use(3, "♠8 杀", 2), respond_(2, "♦2 闪")],
               current=3, hands={3: ["♠7 杀", "♠8 杀"], 2: ["♦2 闪"]}, hp={2: 1}, ruleset=RS)
    out.bad("SGS-C001", 10)


def respond_(seat, card):
    return {"type": "respond", "seat": seat, "card": card}


def test_niepan_bad_recovers_to_two(play):
    """涅槃: 体力回复至3点 (from 0: 3 recovered)."""
    out = play(TABLE, [*SLASHED, skill(2, "涅槃"), draw(2, ["♦3 闪", "♦4 闪", "♦5 闪"], skill="涅槃"), recover(2, 2)],
               current=3, hands={3: ["♠7 杀"]}, hp={2: 1}, ruleset=RS)
    out.bad("SGS-S006", 8)


def test_niepan_bad_not_dying(play):
    """涅槃: 当你处于濒死状态时."""
    out = play(TABLE, [skill(2, "涅槃")], current=3, ruleset=RS)
    out.bad("SGS-S003", 2)


def test_niepan_bad_twice_in_a_game(play):
    """涅槃: 限定技 (once per game); 体力回复至3点 — at 1 max HP, to 1 (notes: capped by max HP)."""
    out = play(TABLE, [*SLASHED, skill(2, "涅槃"), draw(2, ["♦3 闪", "♦4 闪", "♦5 闪"], skill="涅槃"), recover(2, 1),
                       use(3, "♠A 决斗", 2), pass_(2), damage(2, 1, 3, "♠A 决斗"), dying(2), skill(2, "涅槃")],
               current=3, hands={3: ["♠7 杀", "♠A 决斗"]}, hp={2: 1}, max_hp={2: 1}, ruleset=RS)
    out.bad("SGS-S002", 13)
