"""孙权: 制衡, 救援 (主公技)."""

from skillkit import HEG, damage, draw, recover, skill, use

TABLE = ["孙权", "甘宁", "许褚", "张飞"]


def test_zhiheng_ok_discard_and_draw(play):
    out = play(TABLE, [skill(1, "制衡", cards=["♠7 杀", "♣5 的卢"]), draw(1, ["♦2 闪", "♦3 闪"], skill="制衡")],
               hands={1: ["♠7 杀"]}, equip={1: ["♣5 的卢"]})
    out.ok()


def test_zhiheng_bad_twice(play):
    out = play(TABLE, [
        skill(1, "制衡", cards=["♠7 杀"]), draw(1, ["♦2 闪"], skill="制衡"),
        skill(1, "制衡", cards=["♦2 闪"]),
    ], hands={1: ["♠7 杀"]})
    out.bad("SGS-S002", 4)


def test_zhiheng_bad_draws_fewer(play):
    out = play(TABLE, [skill(1, "制衡", cards=["♠7 杀", "♠8 杀"]), draw(1, ["♦2 闪"], skill="制衡")],
               hands={1: ["♠7 杀", "♠8 杀"]})
    out.bad("SGS-S006", 3)


def test_zhiheng_bad_outside_play_phase(play):
    out = play(TABLE, [skill(1, "制衡", cards=["♠7 杀"])], hands={1: ["♠7 杀"]}, phase="discard")
    out.bad("SGS-S003", 2)


def test_zhiheng_1v1_at_most_two_cards(play):
    out = play(["孙权", "张辽"], [skill(1, "制衡", cards=["♠7 杀", "♠8 杀", "♠9 杀"])], mode="1v1", ruleset="1v1-2013",
               hands={1: ["♠7 杀", "♠8 杀", "♠9 杀"]})
    out.bad("SGS-S004", 2)


def test_jiuyuan_ok_wu_peach_heals_two(play):
    out = play(TABLE, [
        use(4, "♠7 杀", 1),
        damage(1, 1, 4, "♠7 杀"),
        use(2, "♥3 桃", 1),
        recover(1, 2),
    ], current=4, hands={4: ["♠7 杀"], 2: ["♥3 桃"]}, hp={1: 1})
    out.ok()


def test_jiuyuan_bad_only_one_point(play):
    out = play(TABLE, [
        use(4, "♠7 杀", 1),
        damage(1, 1, 4, "♠7 杀"),
        use(2, "♥3 桃", 1),
        recover(1, 1),
    ], current=4, hands={4: ["♠7 杀"], 2: ["♥3 桃"]}, hp={1: 1})
    out.bad("SGS-D001", 5)


def test_jiuyuan_bad_not_wu(play):
    out = play(TABLE, [
        use(4, "♠7 杀", 1),
        damage(1, 1, 4, "♠7 杀"),
        use(3, "♥3 桃", 1),
        recover(1, 2),
    ], current=4, hands={4: ["♠7 杀"], 3: ["♥3 桃"]}, hp={1: 1})
    out.bad("SGS-D001", 5)


def test_jiuyuan_bad_in_3v3(play):
    out = play(["张辽", "孙权", "甘宁", "黄盖", "刘备", "甄姬"], [skill(2, "救援")], mode="3v3", current=4)
    out.bad("SGS-S005", 2)


def test_zhiheng_ok_heg_up_to_max_hp(play):
    """國戰 制衡: 弃置一至X张牌（X为你的体力上限）— four cards with max HP 4."""
    cards = ["♠7 杀", "♠8 杀", "♠9 杀", "♠10 杀"]
    out = play(TABLE, [skill(1, "制衡", cards=cards), draw(1, ["♦2 闪", "♦3 闪", "♦4 闪", "♦5 闪"], skill="制衡")],
               ruleset=HEG, hands={1: cards})
    out.ok()


def test_zhiheng_bad_heg_more_than_max_hp(play):
    """國戰 制衡: five cards with max HP 4 (legal with the default text: 任意数量)."""
    cards = ["♠7 杀", "♠8 杀", "♠9 杀", "♠10 杀", "♣8 杀"]
    log = [skill(1, "制衡", cards=cards), draw(1, ["♦2 闪", "♦3 闪", "♦4 闪", "♦5 闪", "♦6 闪"], skill="制衡")]
    play(TABLE, log, ruleset="maneuvering", hands={1: cards}).ok()
    play(TABLE, log, ruleset=HEG, hands={1: cards}).bad("SGS-S004", 2)


def test_zhiheng_ok_heg_once_per_play_phase(play):
    """國戰 制衡: 出牌阶段限一次 — again in a second play phase of the turn (每回合限用一次 with the default text)."""
    log = [skill(1, "制衡", cards=["♠7 杀"]), draw(1, ["♦2 闪"], skill="制衡"),
           {"type": "phase", "seat": 1, "phase": "discard"}, {"type": "phase", "seat": 1, "phase": "play"},
           skill(1, "制衡", cards=["♦2 闪"]), draw(1, ["♦3 闪"], skill="制衡")]
    heg = play(TABLE, log, ruleset=HEG, hands={1: ["♠7 杀"]})
    assert {v.rule for v in heg.violations} == {"SGS-T002"}, heg.describe()  # only the second play phase
    play(TABLE, log, ruleset="maneuvering", hands={1: ["♠7 杀"]}).bad("SGS-S002", 6)
