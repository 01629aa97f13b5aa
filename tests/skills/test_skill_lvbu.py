"""吕布: 无双; 3v3 2013: 战神 (→ 马术, 神戟)."""

from skillkit import damage, max_hp, phase, respond, skill, turn, use

TABLE = ["吕布", "张飞", "许褚", "黄盖"]
T3 = ["张辽", "吕布", "甘宁", "黄盖", "刘备", "甄姬"]


def test_wushuang_ok_two_dodges(play):
    out = play(TABLE, [use(1, "♠7 杀", 2), respond(2, "♦2 闪"), respond(2, "♦3 闪")],
               hands={1: ["♠7 杀"], 2: ["♦2 闪", "♦3 闪"]})
    out.ok()


def test_wushuang_bad_one_dodge_no_damage(play):
    out = play(TABLE, [use(1, "♠7 杀", 2), respond(2, "♦2 闪"), use(1, "♥7 无中生有")],
               hands={1: ["♠7 杀", "♥7 无中生有"], 2: ["♦2 闪"]})
    out.bad("SGS-D002", 4)


def test_wushuang_ok_duel_two_slashes(play):
    out = play(TABLE, [use(1, "♠A 决斗", 2), respond(2, "♠8 杀"), respond(2, "♠9 杀"), respond(1, "♠7 杀"),
                       damage(2, 1, 1, "♠A 决斗")],
               hands={1: ["♠A 决斗", "♠7 杀"], 2: ["♠8 杀", "♠9 杀"]})
    out.ok()


def test_zhanshen_ok_awakens(play):
    out = play(T3, [turn(2), phase(2, "start"), skill(2, "战神"), max_hp(2, -1), phase(2, "play"),
                    use(2, "♠7 杀", 4, 5, 6), damage(4, 1, 2, "♠7 杀"), damage(5, 1, 2, "♠7 杀"), damage(6, 1, 2, "♠7 杀")],
               mode="3v3", current=None, phase=None, dead=[1], hp={2: 3}, hands={2: ["♠7 杀"]},
               equip={2: ["♦Q 方天画戟"]})
    out.ok()  # the weapon is discarded; 神戟 lets the 杀 take three targets, 马术 reaches seats 4 and 5


def test_zhanshen_bad_no_teammate_dead(play):
    out = play(T3, [turn(2), phase(2, "start"), skill(2, "战神")], mode="3v3", current=None, phase=None, hp={2: 3})
    out.bad("SGS-S004", 4)


def test_zhanshen_bad_not_awakened(play):
    out = play(T3, [turn(2), phase(2, "start"), phase(2, "judge")], mode="3v3", current=None, phase=None,
               dead=[1], hp={2: 3})
    out.bad("SGS-S006", 4)


def test_shenji_ok_three_targets_without_weapon(play):
    out = play(T3, [turn(2), phase(2, "start"), skill(2, "战神"), max_hp(2, -1), phase(2, "play"),
                    use(2, "♠7 杀", 4, 5, 6), damage(4, 1, 2, "♠7 杀"), damage(5, 1, 2, "♠7 杀"), damage(6, 1, 2, "♠7 杀")],
               mode="3v3", current=None, phase=None, dead=[1], hp={2: 3}, hands={2: ["♠7 杀"]})
    out.ok()


def test_shenji_bad_before_awakening(play):
    out = play(T3, [phase(2, "play"), use(2, "♠7 杀", 3, 4, 1)], mode="3v3", current=2, phase="start",
               hands={2: ["♠7 杀"]})
    out.bad("SGS-P004", 3)


def test_shenji_bad_with_weapon(play):
    out = play(T3, [turn(2), phase(2, "start"), skill(2, "战神"), max_hp(2, -1), phase(2, "play"),
                    use(2, "♥7 无中生有"), {"type": "draw", "seat": 2, "cards": ["♠Q 丈八蛇矛", "♦2 闪"], "reason": "card"},
                    use(2, "♠Q 丈八蛇矛"), use(2, "♠7 杀", 3, 4, 1)],
               mode="3v3", current=None, phase=None, dead=[1], hp={2: 3}, hands={2: ["♠7 杀", "♥7 无中生有"]})
    out.bad("SGS-P004", 10)
