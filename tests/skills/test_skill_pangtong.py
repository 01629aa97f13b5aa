"""庞统: 连环, 涅槃 (火; ../shared/reference/fire/fire_skills.csv)."""

from skillkit import damage, draw, dying, judge, pass_, phase, recover, skill, turn, use

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


def test_niepan_ok_in_the_judge_phase_the_tricks_left_are_gone(play):
    """涅槃: … 丢弃你所有的牌和你判定区里的牌 — dying of 闪电 in his judge phase, the 乐不思蜀 still waiting there is
    discarded with the rest: it is not judged."""
    out = play(TABLE, [turn(2), phase(2, "judge"), judge(2, "♠5 雷杀", "闪电"), damage(2, 3, nature="thunder"), dying(2),
                       skill(2, "涅槃"), draw(2, ["♦3 闪", "♦4 闪", "♦5 闪"], skill="涅槃"), recover(2, 3),
                       phase(2, "draw")],
               current=1, phase="finish", judge={2: ["♠6 乐不思蜀", "♠A 闪电"]}, hp={2: 3}, ruleset=RS)
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


def recast(seat, card, skill=None):
    return {k: v for k, v in {"type": "recast", "seat": seat, "card": card, "skill": skill}.items() if v is not None}


def test_lianhuan_ok_club_as_iron_chain(play):
    """连环: 出牌阶段，你可以将你任意一张梅花手牌当【铁索连环】使用."""
    out = play(TABLE, [use(2, as_="铁索连环", cards=["♣8 杀"], skill="连环", targets=[3, 4])],
               current=2, hands={2: ["♣8 杀"]}, ruleset=RS)
    out.ok()


def test_lianhuan_ok_recast(play):
    """连环: … 当【铁索连环】使用或重铸 (recast: the card to the discard pile, one card drawn)."""
    out = play(TABLE, [recast(2, "♣8 杀", "连环"), draw(2, ["♦3 闪"], reason="recast")],
               current=2, hands={2: ["♣8 杀"]}, ruleset=RS)
    out.ok()


def test_lianhuan_bad_not_a_club(play):
    """连环: … 梅花手牌 (♠ is not ♣)."""
    out = play(TABLE, [use(2, as_="铁索连环", cards=["♠8 杀"], skill="连环", targets=[3, 4])],
               current=2, hands={2: ["♠8 杀"]}, ruleset=RS)
    out.bad("SGS-P009", 2)


def test_lianhuan_bad_equipped_club(play):
    """连环: … 手牌 (notes: hand cards only, not equipment)."""
    out = play(TABLE, [use(2, as_="铁索连环", cards=["♣5 的卢"], skill="连环", targets=[3])],
               current=2, equip={2: ["♣5 的卢"]}, ruleset=RS)
    out.bad("SGS-P009", 2)


def test_lianhuan_bad_recast_a_heart(play):
    """连环: … 梅花手牌 … 重铸 (a ♥ card cannot be recast by it)."""
    out = play(TABLE, [recast(2, "♥3 桃", "连环"), draw(2, ["♦3 闪"], reason="recast")],
               current=2, hands={2: ["♥3 桃"]}, ruleset=RS)
    out.bad("SGS-P009", 2)


def test_lianhuan_bad_recast_outside_play_phase(play):
    """连环: 出牌阶段 … 重铸 (重铸 only in one's own play phase, as 铁索连环's)."""
    out = play(TABLE, [recast(2, "♣8 杀", "连环"), draw(2, ["♦3 闪"], reason="recast")],
               current=3, hands={2: ["♣8 杀"]}, ruleset=RS)
    out.bad("SGS-T006", 2)
