"""神关羽: 武神, 武魂 (seed 000)."""

from skillkit import damage, death, judge, skill, use

TABLE = ["张飞", "神关羽", "许褚", "黄盖", "孙权"]


def test_wushen_ok_heart_as_slash_any_distance(play):
    out = play(TABLE, [use(2, as_="杀", cards=["♥3 桃"], skill="武神", targets=[5]), damage(5, 1, 2)],
               current=2, hands={2: ["♥3 桃"]})
    out.ok()


def test_wushen_bad_heart_used_as_peach(play):
    out = play(TABLE, [use(2, "♥3 桃")], current=2, hands={2: ["♥3 桃"]}, hp={2: 3})
    out.bad("SGS-P009", 2)


def test_wushen_bad_black_slash_far(play):
    out = play(TABLE, [use(2, "♠7 杀", 5)], current=2, hands={2: ["♠7 杀"]})
    out.bad("SGS-P002", 2)


def test_wuhun_ok_marked_character_dies(play):
    out = play(TABLE, [
        use(3, "♠7 杀", 2), damage(2, 1, 3, "♠7 杀"),
        death(2, 3),
        skill(2, "武魂", targets=[3]),
        judge(3, "♠8 杀", "武魂"),
        death(3),
    ], current=3, hands={3: ["♠7 杀"]}, hp={2: 1})
    assert not [v for v in out.violations if v.rule.startswith(("SGS-S", "SGS-D"))], out.describe()


def test_wuhun_bad_marked_character_lives(play):
    out = play(TABLE, [
        use(3, "♠7 杀", 2), damage(2, 1, 3, "♠7 杀"),
        death(2, 3),
        judge(3, "♠8 杀", "武魂"),
        {"type": "turn", "seat": 4},
    ], current=3, hands={3: ["♠7 杀"]}, hp={2: 1})
    out.bad("SGS-D004", 6)


def test_wuhun_bad_wrong_character(play):
    out = play(TABLE, [
        use(3, "♠7 杀", 2), damage(2, 1, 3, "♠7 杀"),
        death(2, 3),
        skill(2, "武魂", targets=[4]),
    ], current=3, hands={3: ["♠7 杀"]}, hp={2: 1})
    out.bad("SGS-S004", 5)
