"""赵云: 龙胆; 3v3 2013: 救主."""

from skillkit import damage, discard, lose_hp, recover, respond, skill, use

TABLE = ["赵云", "张飞", "许褚", "黄盖"]
T3 = ["张辽", "赵云", "甘宁", "黄盖", "刘备", "甄姬"]


def test_longdan_ok_slash_as_dodge(play):
    out = play(TABLE, [use(2, "♠7 杀", 1), respond(1, as_="闪", cards=["♠8 杀"], skill="龙胆")],
               current=2, hands={2: ["♠7 杀"], 1: ["♠8 杀"]})
    out.ok()


def test_longdan_ok_dodge_as_slash(play):
    out = play(TABLE, [use(1, as_="杀", cards=["♦2 闪"], skill="龙胆", targets=[2]), damage(2, 1, 1)],
               hands={1: ["♦2 闪"]})
    out.ok()


def test_longdan_bad_peach_as_dodge(play):
    out = play(TABLE, [use(2, "♠7 杀", 1), respond(1, as_="闪", cards=["♥3 桃"], skill="龙胆")],
               current=2, hands={2: ["♠7 杀"], 1: ["♥3 桃"]})
    out.bad("SGS-P009", 3)


def test_jiuzhu_ok_saves_a_teammate(play):
    out = play(T3, [
        use(4, "♠7 杀", 3),
        damage(3, 1, 4, "♠7 杀"),
        skill(2, "救主", targets=[3], cards=["♦2 闪"]),
        lose_hp(2, 1),
        recover(3, 1),
    ], mode="3v3", current=4, hands={4: ["♠7 杀"], 2: ["♦2 闪"]}, hp={3: 1})
    out.ok()


def test_jiuzhu_bad_at_one_hp(play):
    out = play(T3, [
        use(4, "♠7 杀", 3),
        damage(3, 1, 4, "♠7 杀"),
        skill(2, "救主", targets=[3], cards=["♦2 闪"]),
    ], mode="3v3", current=4, hands={4: ["♠7 杀"], 2: ["♦2 闪"]}, hp={3: 1, 2: 1})
    out.bad("SGS-S004", 4)


def test_jiuzhu_bad_nobody_dying(play):
    out = play(T3, [skill(2, "救主", targets=[3], cards=["♦2 闪"])], mode="3v3", current=4, hands={2: ["♦2 闪"]})
    out.bad("SGS-S003", 2)


def test_jiuzhu_bad_recovery_missing(play):
    out = play(T3, [
        use(4, "♠7 杀", 3),
        damage(3, 1, 4, "♠7 杀"),
        skill(2, "救主", targets=[3], cards=["♦2 闪"]),
        lose_hp(2, 1),
        discard(4, []),
        {"type": "death", "seat": 3, "killer": 4},
    ], mode="3v3", current=4, hands={4: ["♠7 杀"], 2: ["♦2 闪"]}, hp={3: 1})
    out.bad("SGS-S006")
