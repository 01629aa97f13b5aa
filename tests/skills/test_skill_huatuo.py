"""华佗: 青囊, 急救."""

from skillkit import HEG, damage, phase, recover, skill, use

TABLE = ["华佗", "张飞", "许褚", "黄盖"]


def test_qingnang_ok_heals_another(play):
    out = play(TABLE, [skill(1, "青囊", targets=[3], cards=["♦2 闪"]), recover(3, 1)], hands={1: ["♦2 闪"]}, hp={3: 2})
    out.ok()


def test_qingnang_bad_full_hp_target(play):
    out = play(TABLE, [skill(1, "青囊", targets=[3], cards=["♦2 闪"])], hands={1: ["♦2 闪"]})
    out.bad("SGS-S004", 2)


def test_qingnang_bad_twice(play):
    out = play(TABLE, [
        skill(1, "青囊", targets=[3], cards=["♦2 闪"]), recover(3, 1),
        skill(1, "青囊", targets=[4], cards=["♦3 闪"]),
    ], hands={1: ["♦2 闪", "♦3 闪"]}, hp={3: 2, 4: 2})
    out.bad("SGS-S002", 4)


def test_qingnang_bad_recovery_missing(play):
    out = play(TABLE, [skill(1, "青囊", targets=[3], cards=["♦2 闪"]), use(1, "♥7 无中生有")],
               hands={1: ["♦2 闪", "♥7 无中生有"]}, hp={3: 2})
    out.bad("SGS-S006", 3)


def test_jijiu_ok_red_card_saves(play):
    out = play(TABLE, [
        use(2, "♠7 杀", 3), damage(3, 1, 2, "♠7 杀"),
        use(1, as_="桃", cards=["♦2 闪"], skill="急救", targets=[3]), recover(3, 1),
    ], current=2, hands={2: ["♠7 杀"], 1: ["♦2 闪"]}, hp={3: 1})
    out.ok()


def test_jijiu_bad_black_card(play):
    out = play(TABLE, [
        use(2, "♠7 杀", 3), damage(3, 1, 2, "♠7 杀"),
        use(1, as_="桃", cards=["♠8 杀"], skill="急救", targets=[3]), recover(3, 1),
    ], current=2, hands={2: ["♠7 杀"], 1: ["♠8 杀"]}, hp={3: 1})
    out.bad("SGS-P009", 4)


def test_jijiu_bad_in_own_turn(play):
    out = play(TABLE, [
        use(1, "♠7 杀", 2), damage(2, 1, 1, "♠7 杀"),
        use(1, as_="桃", cards=["♦2 闪"], skill="急救", targets=[2]), recover(2, 1),
    ], hands={1: ["♠7 杀", "♦2 闪"]}, hp={2: 1})
    out.bad("SGS-S003", 4)


def test_qingnang_ok_heg_once_per_play_phase(play):
    """國戰 青囊: 出牌阶段限一次 — again in a second play phase of the turn (每回合限用一次 with the default text)."""
    log = [skill(1, "青囊", targets=[3], cards=["♦2 闪"]), recover(3, 1), phase(1, "discard"), phase(1, "play"),
           skill(1, "青囊", targets=[3], cards=["♦3 闪"]), recover(3, 1)]
    pos = {"hands": {1: ["♦2 闪", "♦3 闪"]}, "hp": {3: 2}}
    heg = play(TABLE, log, ruleset=HEG, **pos)
    assert {v.rule for v in heg.violations} == {"SGS-T002"}, heg.describe()  # only the second play phase
    play(TABLE, log, ruleset="maneuvering", **pos).bad("SGS-S002", 6)


def test_qingnang_bad_heg_twice_in_a_play_phase(play):
    out = play(TABLE, [skill(1, "青囊", targets=[3], cards=["♦2 闪"]), recover(3, 1),
                       skill(1, "青囊", targets=[3], cards=["♦3 闪"]), recover(3, 1)],
               ruleset=HEG, hands={1: ["♦2 闪", "♦3 闪"]}, hp={3: 2})
    out.bad("SGS-S002", 4)
