"""孙尚香: 结姻, 枭姬 (1v1: draw two or recover)."""

from skillkit import HEG, draw, move, phase, recover, skill, use

TABLE = ["孙尚香", "张飞", "许褚", "黄盖"]


def test_jieyin_ok_both_recover(play):
    out = play(TABLE, [skill(1, "结姻", targets=[2], cards=["♦2 闪", "♦3 闪"]), recover(2, 1), recover(1, 1)],
               hands={1: ["♦2 闪", "♦3 闪"]}, hp={1: 2, 2: 3})
    out.ok()


def test_jieyin_ok_self_first_and_full(play):
    out = play(TABLE, [skill(1, "结姻", targets=[2], cards=["♦2 闪", "♦3 闪"]), recover(2, 1)],
               hands={1: ["♦2 闪", "♦3 闪"]}, hp={2: 3})
    out.ok()


def test_jieyin_bad_target_not_wounded(play):
    out = play(TABLE, [skill(1, "结姻", targets=[2], cards=["♦2 闪", "♦3 闪"])], hands={1: ["♦2 闪", "♦3 闪"]})
    out.bad("SGS-S004", 2)


def test_jieyin_bad_female_target(play):
    out = play(["孙尚香", "貂蝉", "许褚", "黄盖"], [skill(1, "结姻", targets=[2], cards=["♦2 闪", "♦3 闪"])],
               hands={1: ["♦2 闪", "♦3 闪"]}, hp={2: 2})
    out.bad("SGS-S004", 2)


def test_jieyin_bad_one_card(play):
    out = play(TABLE, [skill(1, "结姻", targets=[2], cards=["♦2 闪"])], hands={1: ["♦2 闪"]}, hp={2: 3})
    out.bad("SGS-S004", 2)


def test_jieyin_bad_twice(play):
    out = play(TABLE, [
        skill(1, "结姻", targets=[2], cards=["♦2 闪", "♦3 闪"]), recover(2, 1),
        skill(1, "结姻", targets=[3], cards=["♦4 闪", "♦5 闪"]),
    ], hands={1: ["♦2 闪", "♦3 闪", "♦4 闪", "♦5 闪"]}, hp={2: 2, 3: 3})
    out.bad("SGS-S002", 4)


def test_xiaoji_ok_equipment_replaced(play):
    out = play(TABLE, [use(1, "♠5 绝影"), skill(1, "枭姬"), draw(1, ["♦2 闪", "♦3 闪"], skill="枭姬")],
               hands={1: ["♠5 绝影"]}, equip={1: ["♣5 的卢"]})
    out.ok()


def test_xiaoji_ok_equipment_dismantled(play):
    out = play(TABLE, [
        use(2, "♠3 过河拆桥", 1),
        move(["♣5 的卢"], ("equip", 1), ("discard", None), "过河拆桥"),
        skill(1, "枭姬"), draw(1, ["♦2 闪", "♦3 闪"], skill="枭姬"),
    ], current=2, hands={2: ["♠3 过河拆桥"]}, equip={1: ["♣5 的卢"]})
    out.ok()


def test_xiaoji_bad_nothing_lost(play):
    out = play(TABLE, [use(1, "♠5 绝影"), skill(1, "枭姬")], hands={1: ["♠5 绝影"]})
    out.bad("SGS-S003", 3)


def test_xiaoji_1v1_recover_instead(play):
    out = play(["孙尚香", "张辽"], [use(1, "♠9 寒冰剑"), skill(1, "枭姬"), recover(1, 1)], mode="1v1",
               hands={1: ["♠9 寒冰剑"]}, equip={1: ["♦5 贯石斧"]}, hp={1: 2})
    out.ok()


def test_jieyin_ok_heg_once_per_play_phase(play):
    """國戰 结姻: 出牌阶段限一次 — again in a second play phase of the turn (每回合限用一次 with the default text)."""
    log = [skill(1, "结姻", targets=[2], cards=["♦2 闪", "♦3 闪"]), recover(2, 1), recover(1, 1),
           phase(1, "discard"), phase(1, "play"),
           skill(1, "结姻", targets=[2], cards=["♦4 闪", "♦5 闪"]), recover(2, 1), recover(1, 1)]
    pos = {"hands": {1: ["♦2 闪", "♦3 闪", "♦4 闪", "♦5 闪"]}, "hp": {1: 1, 2: 2}}
    heg = play(TABLE, log, ruleset=HEG, **pos)
    assert {v.rule for v in heg.violations} == {"SGS-T002"}, heg.describe()  # only the second play phase
    play(TABLE, log, ruleset="maneuvering", **pos).bad("SGS-S002", 7)


def test_jieyin_bad_heg_twice_in_a_play_phase(play):
    out = play(TABLE, [skill(1, "结姻", targets=[2], cards=["♦2 闪", "♦3 闪"]), recover(2, 1), recover(1, 1),
                       skill(1, "结姻", targets=[2], cards=["♦4 闪", "♦5 闪"])],
               ruleset=HEG, hands={1: ["♦2 闪", "♦3 闪", "♦4 闪", "♦5 闪"]}, hp={1: 1, 2: 2})
    out.bad("SGS-S002", 5)
