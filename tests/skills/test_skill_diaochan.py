"""貂蝉: 离间, 闭月."""

from skillkit import HEG, damage, draw, phase, respond, skill, use

TABLE = ["貂蝉", "张飞", "许褚", "黄盖"]


def test_lijian_ok_duel_between_two_men(play):
    out = play(TABLE, [
        skill(1, "离间", targets=[2, 3], cards=["♦2 闪"]),
        use(3, as_="决斗", cards=[], skill="离间", targets=[2]),
        respond(2, "♠7 杀"),
        damage(3, 1, 2),
    ], hands={1: ["♦2 闪"], 2: ["♠7 杀"]})
    out.ok()


def test_lijian_bad_female(play):
    out = play(["貂蝉", "张飞", "甄姬", "黄盖"], [skill(1, "离间", targets=[2, 3], cards=["♦2 闪"])], hands={1: ["♦2 闪"]})
    out.bad("SGS-S004", 2)


def test_lijian_bad_no_card(play):
    out = play(TABLE, [skill(1, "离间", targets=[2, 3])])
    out.bad("SGS-S004", 2)


def test_lijian_bad_nullified(play):
    out = play(TABLE, [
        skill(1, "离间", targets=[2, 3], cards=["♦2 闪"]),
        use(3, as_="决斗", cards=[], skill="离间", targets=[2]),
        use(4, "♠J 无懈可击"),
    ], hands={1: ["♦2 闪"], 4: ["♠J 无懈可击"]})
    out.bad("SGS-P006", 4)


def test_lijian_bad_twice(play):
    out = play(TABLE, [
        skill(1, "离间", targets=[2, 3], cards=["♦2 闪"]),
        use(3, as_="决斗", cards=[], skill="离间", targets=[2]),
        damage(2, 1, 3),
        skill(1, "离间", targets=[2, 4], cards=["♦3 闪"]),
    ], hands={1: ["♦2 闪", "♦3 闪"]})
    out.bad("SGS-S002", 5)


def test_biyue_ok_finish_phase(play):
    out = play(TABLE, [phase(1, "finish"), skill(1, "闭月"), draw(1, ["♦2 闪"], skill="闭月")], phase="discard")
    out.ok()


def test_biyue_bad_in_play_phase(play):
    out = play(TABLE, [skill(1, "闭月")])
    out.bad("SGS-S003", 2)


def test_biyue_bad_draws_two(play):
    out = play(TABLE, [phase(1, "finish"), skill(1, "闭月"), draw(1, ["♦2 闪", "♦3 闪"], skill="闭月")], phase="discard")
    out.bad("SGS-S006", 4)


def test_lijian_duel_is_fully_checked(sgs):
    """The 决斗 离间 makes one man use on the other is a card used with no card (视为使用): there is no
    conversion to check, so nothing in it is left unverifiable."""
    players = [{"seat": i, "name": f"P{i}", "general": g, "role": r} for i, (g, r) in enumerate(
        [("貂蝉", "lord"), ("张飞", "loyalist"), ("许褚", "rebel"), ("黄盖", "rebel"), ("华佗", "renegade")], start=1)]
    out = sgs.identity([{"type": "skill", "seat": 1, "skill": "离间", "targets": [2, 3], "cards": ["♦2 闪"]},
                        {"type": "use", "seat": 3, "as": "决斗", "cards": [], "skill": "离间", "targets": [2]},
                        {"type": "respond", "seat": 2, "card": "♠7 杀"},
                        {"type": "damage", "target": 3, "amount": 1, "source": 2}],
                       players=players, hands={1: ["♦2 闪"], 2: ["♠7 杀"]}, current=1, phase="play")
    out.assert_clean()
    assert out.report.unverifiable == 0


def test_lijian_ok_heg_nullified(play):
    """國戰 离间 has no 此【决斗】不能被【无懈可击】响应: the 决斗 may be countered."""
    log = [skill(1, "离间", targets=[2, 3], cards=["♦2 闪"]), use(3, as_="决斗", cards=[], skill="离间", targets=[2]),
           use(4, "♠J 无懈可击")]
    play(TABLE, log, ruleset=HEG, hands={1: ["♦2 闪"], 4: ["♠J 无懈可击"]}).ok()
    play(TABLE, log, ruleset="maneuvering", hands={1: ["♦2 闪"], 4: ["♠J 无懈可击"]}).bad("SGS-P006", 4)


def test_lijian_bad_heg_damage_after_nullified(play):
    """國戰 离间: a 决斗 countered by 无懈可击 deals no damage."""
    out = play(TABLE, [skill(1, "离间", targets=[2, 3], cards=["♦2 闪"]),
                       use(3, as_="决斗", cards=[], skill="离间", targets=[2]), use(4, "♠J 无懈可击"), damage(2, 1, 3)],
               ruleset=HEG, hands={1: ["♦2 闪"], 4: ["♠J 无懈可击"]})
    out.bad("SGS-D003", 5)


def test_lijian_ok_heg_once_per_play_phase(play):
    """國戰 离间: 出牌阶段限一次 — again in a second play phase of the turn (每回合限用一次 with the default text)."""
    once = [use(3, as_="决斗", cards=[], skill="离间", targets=[2]), respond(2, "♠7 杀"), damage(3, 1, 2)]
    log = [skill(1, "离间", targets=[2, 3], cards=["♦2 闪"]), *once, phase(1, "discard"), phase(1, "play"),
           skill(1, "离间", targets=[2, 3], cards=["♦3 闪"]), use(3, as_="决斗", cards=[], skill="离间", targets=[2]),
           respond(2, "♠8 杀"), damage(3, 1, 2)]
    pos = {"hands": {1: ["♦2 闪", "♦3 闪"], 2: ["♠7 杀", "♠8 杀"]}}
    heg = play(TABLE, log, ruleset=HEG, **pos)
    assert {v.rule for v in heg.violations} == {"SGS-T002"}, heg.describe()  # only the second play phase
    play(TABLE, log, ruleset="maneuvering", **pos).bad("SGS-S002", 8)
