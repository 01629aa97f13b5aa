"""刘备: 仁德, 激将 (主公技)."""

from skillkit import HEG, damage, discard, pass_, recover, respond, skill, use

TABLE = ["刘备", "张飞", "许褚", "关羽"]


def test_rende_ok_two_cards_heal(play):
    out = play(TABLE, [
        skill(1, "仁德", targets=[2], cards=["♦2 闪", "♦3 闪"]),
        recover(1, 1),
        discard(2, ["♦2 闪"]),  # 张飞 holds the cards now
    ], hands={1: ["♦2 闪", "♦3 闪"]}, hp={1: 3})
    out.ok()


def test_rende_ok_one_card_no_heal(play):
    out = play(TABLE, [skill(1, "仁德", targets=[2], cards=["♦2 闪"]), skill(1, "仁德", targets=[3], cards=["♦3 闪"])],
               hands={1: ["♦2 闪", "♦3 闪"]}, hp={1: 3})
    out.ok()


def test_rende_bad_heal_missing(play):
    out = play(TABLE, [
        skill(1, "仁德", targets=[2], cards=["♦2 闪", "♦3 闪"]),
        use(1, "♠7 杀", 2),
    ], hands={1: ["♦2 闪", "♦3 闪", "♠7 杀"]}, hp={1: 3})
    out.bad("SGS-S006", 3)


def test_rende_bad_heal_with_one_card(play):
    out = play(TABLE, [skill(1, "仁德", targets=[2], cards=["♦2 闪"]), recover(1, 1)], hands={1: ["♦2 闪"]}, hp={1: 3})
    out.bad("SGS-S006", 3)


def test_rende_bad_to_self(play):
    out = play(TABLE, [skill(1, "仁德", targets=[1], cards=["♦2 闪"])], hands={1: ["♦2 闪"]})
    out.bad("SGS-S004", 2)


def test_rende_bad_outside_play_phase(play):
    out = play(TABLE, [skill(1, "仁德", targets=[2], cards=["♦2 闪"])], hands={1: ["♦2 闪"]}, phase="discard")
    out.bad("SGS-S003", 2)


def test_rende_cumulative_once_ruleset(play):
    """freekill-standard (rende_heal = cumulative_once): 1 + 1 cards heal once, at the second give."""
    out = play(TABLE, [
        skill(1, "仁德", targets=[2], cards=["♦2 闪"]),
        skill(1, "仁德", targets=[3], cards=["♦3 闪"]),
        recover(1, 1),
        skill(1, "仁德", targets=[3], cards=["♦4 闪", "♦5 闪"]),
        recover(1, 1),
    ], ruleset="freekill-standard", hands={1: ["♦2 闪", "♦3 闪", "♦4 闪", "♦5 闪"]}, hp={1: 2})
    out.bad("SGS-S006", 6)


def test_jijiang_ok_shu_character_plays_slash(play):
    out = play(TABLE, [
        use(3, "♠A 决斗", 1),
        skill(1, "激将"),
        pass_(2),
        respond(4, "♠7 杀"),
        respond(3, "♠8 杀"),
        damage(1, 1, 3, "♠A 决斗"),
    ], current=3, hands={3: ["♠A 决斗", "♠8 杀"], 4: ["♠7 杀"]})
    out.ok()


def test_jijiang_ok_play_phase_slash(play):
    out = play(TABLE, [
        skill(1, "激将"),
        respond(2, "♠7 杀"),
        use(1, as_="杀", cards=[], skill="激将", targets=[2]),
        damage(2, 1, 1),
    ], hands={2: ["♠7 杀"]})
    out.ok()


def test_jijiang_bad_not_shu(play):
    out = play(["刘备", "张飞", "许褚", "黄盖"], [use(3, "♠A 决斗", 1), skill(1, "激将"), respond(4, "♠8 杀")],
               current=3, hands={3: ["♠A 决斗"], 4: ["♠8 杀"]})
    out.bad("SGS-P006", 4)


def test_jijiang_bad_slash_without_provider(play):
    out = play(TABLE, [use(1, as_="杀", cards=[], skill="激将", targets=[2])])
    out.bad("SGS-S004", 2)


def test_jijiang_bad_not_lord(play):
    out = play(["张飞", "刘备", "许褚", "关羽"], [skill(2, "激将")], current=2)
    out.bad("SGS-S005", 2)


def test_jijiang_ok_after_a_countered_target(play):
    """南蛮入侵 by seat 3: seat 4's effect is countered by its own 无懈可击, then the lord (seat 1) is asked and
    uses 激将 — the countered target before him is done, nothing is out of its moment."""
    out = play(["刘备", "张飞", "许褚", "关羽"], [
        use(3, "♠7 南蛮入侵"),
        use(4, "♣K 无懈可击"),
        skill(1, "激将"),
        respond(2, "♣3 杀"),
        damage(2, 3, 1, "♠7 南蛮入侵"),
    ], current=3, hands={3: ["♠7 南蛮入侵"], 4: ["♣K 无懈可击"], 2: ["♣3 杀"]})
    assert "SGS-S003" not in {v.rule for v in out.violations}, out.describe()


def test_rende_ok_heg_heals_once_at_three(play):
    """國戰 仁德: the cards given this phase reach three (2 + 1): one recovery, at the second give."""
    log = [skill(1, "仁德", targets=[2], cards=["♦2 闪", "♦3 闪"]),
           skill(1, "仁德", targets=[3], cards=["♦4 闪"]), recover(1, 1)]
    play(TABLE, log, ruleset=HEG, hands={1: ["♦2 闪", "♦3 闪", "♦4 闪"]}, hp={1: 2}).ok()
    play(TABLE, log, ruleset="maneuvering", hands={1: ["♦2 闪", "♦3 闪", "♦4 闪"]}, hp={1: 2}).bad("SGS-S006")


def test_rende_bad_heg_two_cards_do_not_heal(play):
    """國戰 仁德: 不小于3 — two cards given heal with the default text, not with the 國戰 one."""
    log = [skill(1, "仁德", targets=[2], cards=["♦2 闪", "♦3 闪"]), recover(1, 1)]
    play(TABLE, log, ruleset="maneuvering", hands={1: ["♦2 闪", "♦3 闪"]}, hp={1: 3}).ok()
    play(TABLE, log, ruleset=HEG, hands={1: ["♦2 闪", "♦3 闪"]}, hp={1: 3}).bad("SGS-S006", 3)


def test_rende_bad_heg_two_characters_at_once(play):
    """國戰 仁德: 交给一名角色 — one character a use."""
    log = [skill(1, "仁德", targets=[2, 3], cards=["♦2 闪", "♦3 闪"])]
    play(TABLE, log, ruleset=HEG, hands={1: ["♦2 闪", "♦3 闪"]}).bad("SGS-S004", 2)
