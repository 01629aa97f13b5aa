"""周泰: 不屈 (seed 000)."""

from skillkit import damage, death, move, skill, use

TABLE = ["周泰", "张飞", "许褚", "黄盖"]


def test_buqu_ok_survives_with_distinct_ranks(play):
    out = play(TABLE, [
        use(2, "♠7 杀", 1), damage(1, 1, 2, "♠7 杀"),
        skill(1, "不屈"), move(["♦2 闪"], ("deck", None), ("pile:不屈", 1), "不屈"),
        use(2, "♠8 杀", 1), damage(1, 1, 2, "♠8 杀"),
        skill(1, "不屈"), move(["♦3 闪"], ("deck", None), ("pile:不屈", 1), "不屈"),
    ], current=2, hands={2: ["♠7 杀", "♠8 杀"]}, hp={1: 1})
    out.ok()


def test_buqu_ok_dies_on_a_repeated_rank(play):
    out = play(TABLE, [
        use(2, "♠7 杀", 1), damage(1, 1, 2, "♠7 杀"),
        skill(1, "不屈"), move(["♦2 闪"], ("deck", None), ("pile:不屈", 1), "不屈"),
        use(2, "♠8 杀", 1), damage(1, 1, 2, "♠8 杀"),
        skill(1, "不屈"), move(["♥2 闪"], ("deck", None), ("pile:不屈", 1), "不屈"),
        death(1, 2),
    ], current=2, hands={2: ["♠7 杀", "♠8 杀"]}, hp={1: 1})
    assert not [v for v in out.violations if v.rule.startswith("SGS-S")], out.describe()


def test_buqu_bad_repeated_rank_but_alive(play):
    out = play(TABLE, [
        use(2, "♠7 杀", 1), damage(1, 1, 2, "♠7 杀"),
        skill(1, "不屈"), move(["♦2 闪"], ("deck", None), ("pile:不屈", 1), "不屈"),
        use(2, "♠8 杀", 1), damage(1, 1, 2, "♠8 杀"),
        skill(1, "不屈"), move(["♥2 闪"], ("deck", None), ("pile:不屈", 1), "不屈"),
        {"type": "turn", "seat": 3},
    ], current=2, hands={2: ["♠7 杀", "♠8 杀"]}, hp={1: 1})
    out.bad("SGS-D004", 10)


def test_buqu_bad_two_cards_for_one_point(play):
    out = play(TABLE, [
        use(2, "♠7 杀", 1), damage(1, 1, 2, "♠7 杀"),
        skill(1, "不屈"), move(["♦2 闪", "♦3 闪"], ("deck", None), ("pile:不屈", 1), "不屈"),
    ], current=2, hands={2: ["♠7 杀"]}, hp={1: 1})
    out.bad("SGS-S006", 5)


def test_buqu_bad_hp_above_zero(play):
    out = play(TABLE, [skill(1, "不屈")], current=2)
    out.bad("SGS-S003", 2)
