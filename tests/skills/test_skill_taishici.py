"""太史慈: 天义 (火; ../shared/reference/fire/fire_skills.csv)."""

from skillkit import HEG, damage, move, pass_, skill, turn, use

TABLE = ["刘备", "太史慈", "许褚", "黄盖"]
RS = "maneuvering"


def pindian(seat, target, mine, theirs):
    return {"type": "pindian", "seat": seat, "target": target, "cards": [mine, theirs]}


def test_tianyi_ok_won_two_slashes_any_range_two_targets(play):
    """天义: 若你赢 … 攻击范围无限；可额外使用一张【杀】；使用【杀】时可额外指定一个目标."""
    out = play(TABLE, [skill(2, "天义", targets=[3]), pindian(2, 3, "♦K 杀", "♥3 桃"),
                       use(2, "♠7 杀", 4, 1), pass_(4), damage(4, 1, 2, "♠7 杀"), pass_(1), damage(1, 1, 2, "♠7 杀"),
                       use(2, "♠8 杀", 4), damage(4, 1, 2, "♠8 杀")],
               current=2, hands={2: ["♦K 杀", "♠7 杀", "♠8 杀"], 3: ["♥3 桃"]}, ruleset=RS)
    out.ok()


def test_tianyi_bad_third_slash(play):
    """天义: 可额外使用一张【杀】 — one more, not two."""
    out = play(TABLE, [skill(2, "天义", targets=[3]), pindian(2, 3, "♦K 杀", "♥3 桃"),
                       use(2, "♠7 杀", 1), damage(1, 1, 2, "♠7 杀"),
                       use(2, "♠8 杀", 1), damage(1, 1, 2, "♠8 杀"),
                       use(2, "♠9 杀", 1)],
               current=2, hands={2: ["♦K 杀", "♠7 杀", "♠8 杀", "♠9 杀"], 3: ["♥3 桃"]}, ruleset=RS)
    out.bad("SGS-P001", 8)


def test_tianyi_bad_lost_then_slash(play):
    """天义: 若你没赢，你不能使用【杀】直到回合结束 — a tie is not a win (notes: 点数相同则算太史慈没赢)."""
    out = play(TABLE, [skill(2, "天义", targets=[3]), pindian(2, 3, "♦3 闪", "♥3 桃"),
                       use(2, "♠7 杀", 1)],
               current=2, hands={2: ["♦3 闪", "♠7 杀"], 3: ["♥3 桃"]}, ruleset=RS)
    out.bad("SGS-P001", 4)


def test_tianyi_ok_lost_effect_ends_with_the_turn(play):
    """天义: … 直到回合结束 — the next turn's 杀 is not affected."""
    out = play(TABLE, [skill(2, "天义", targets=[3]), pindian(2, 3, "♦3 闪", "♥3 桃"),
                       turn(3), turn(4), turn(1), turn(2), {"type": "phase", "seat": 2, "phase": "play"},
                       use(2, "♠7 杀", 1), damage(1, 1, 2, "♠7 杀")],
               current=2, hands={2: ["♦3 闪", "♠7 杀"], 3: ["♥3 桃"]}, ruleset=RS)
    assert not [v for v in out.violations if v.rule in ("SGS-P001", "SGS-S002")], out.describe()


def test_tianyi_bad_twice(play):
    """天义: 每回合限一次."""
    out = play(TABLE, [skill(2, "天义", targets=[3]), pindian(2, 3, "♦K 杀", "♥3 桃"),
                       skill(2, "天义", targets=[4])],
               current=2, hands={2: ["♦K 杀", "♠7 杀"], 3: ["♥3 桃"], 4: ["♥4 桃"]}, ruleset=RS)
    out.bad("SGS-S002", 4)


def test_tianyi_bad_target_without_hand_cards(play):
    """天义: 和一名角色拼点 (拼点 needs a hand card on each side)."""
    out = play(TABLE, [skill(2, "天义", targets=[3])], current=2, hands={2: ["♦K 杀"]}, ruleset=RS)
    out.bad("SGS-S004", 2)


def test_tianyi_ok_frost_blade_on_each_of_two_targets(play):
    """寒冰剑 prevents the damage to each of the 杀's two targets in turn (two cards of each discarded)."""
    out = play(TABLE, [skill(2, "天义", targets=[3]), pindian(2, 3, "♦K 杀", "♥3 桃"),
                       use(2, "♠7 杀", 4, 1),
                       skill(2, "寒冰剑", targets=[4]),
                       move(["♣10 杀", "♠2 八卦阵"], ("hand", 4), ("discard", None), "寒冰剑"),
                       skill(2, "寒冰剑", targets=[1]),
                       move(["♦9 酒", "♦Q 桃"], ("hand", 1), ("discard", None), "寒冰剑"),
                       {"type": "phase", "seat": 2, "phase": "discard"}],
               current=2, hands={2: ["♦K 杀", "♠7 杀"], 3: ["♥3 桃"], 4: ["♣10 杀", "♠2 八卦阵"], 1: ["♦9 酒", "♦Q 桃"]},
               equip={2: ["♠2 寒冰剑"]}, ruleset=RS)
    out.ok()


def test_tianyi_bad_frost_blade_on_one_target_the_other_takes_no_damage(play):
    out = play(TABLE, [skill(2, "天义", targets=[3]), pindian(2, 3, "♦K 杀", "♥3 桃"),
                       use(2, "♠7 杀", 4, 1),
                       skill(2, "寒冰剑", targets=[4]),
                       move(["♣10 杀", "♠2 八卦阵"], ("hand", 4), ("discard", None), "寒冰剑"),
                       {"type": "phase", "seat": 2, "phase": "discard"}],
               current=2, hands={2: ["♦K 杀", "♠7 杀"], 3: ["♥3 桃"], 4: ["♣10 杀", "♠2 八卦阵"], 1: ["♦9 酒", "♦Q 桃"]},
               equip={2: ["♠2 寒冰剑"]}, ruleset=RS)
    out.bad("SGS-D002", 7)


def test_tianyi_ok_heg_once_per_play_phase(play):
    """國戰 天义: 出牌阶段限一次 — again in a second play phase of the turn (每回合限一次 with the 2010 card)."""
    log = [skill(2, "天义", targets=[3]), pindian(2, 3, "♦K 杀", "♥3 桃"),
           {"type": "phase", "seat": 2, "phase": "discard"}, {"type": "phase", "seat": 2, "phase": "play"},
           skill(2, "天义", targets=[3]), pindian(2, 3, "♦2 闪", "♥2 闪")]
    pos = {"current": 2, "hands": {2: ["♦K 杀", "♦2 闪"], 3: ["♥3 桃", "♥2 闪"]}}
    heg = play(TABLE, log, ruleset=HEG, **pos)
    assert {v.rule for v in heg.violations} == {"SGS-T002"}, heg.describe()  # only the second play phase
    play(TABLE, log, ruleset=RS, **pos).bad("SGS-S002", 6)


def test_tianyi_bad_heg_twice_in_a_play_phase(play):
    out = play(TABLE, [skill(2, "天义", targets=[3]), pindian(2, 3, "♦K 杀", "♥3 桃"), skill(2, "天义", targets=[3])],
               current=2, hands={2: ["♦K 杀", "♦2 闪"], 3: ["♥3 桃", "♥2 闪"]}, ruleset=HEG)
    out.bad("SGS-S002", 4)
