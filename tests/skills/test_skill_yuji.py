"""于吉: 蛊惑 (seed 000)."""

from skillkit import choose, damage, draw, lose_hp, reveal, use

TABLE = ["于吉", "张飞", "许褚", "黄盖"]


def test_guhuo_ok_unquestioned(play):
    out = play(TABLE, [use(1, as_="杀", cards=["♦2 闪"], skill="蛊惑", targets=[2]), damage(2, 1, 1)], hands={1: ["♦2 闪"]})
    out.ok()


def test_guhuo_ok_questioned_true(play):
    out = play(TABLE, [
        use(1, as_="杀", cards=["♠7 杀"], skill="蛊惑", targets=[2]),
        choose(3, "质疑", "蛊惑"),
        reveal(["♠7 杀"], 1, "蛊惑"),
        lose_hp(3, 1),
        use(1, "♥7 无中生有"),  # the card was true but not ♥: not used, nothing more follows
    ], hands={1: ["♠7 杀", "♥7 无中生有"]})
    out.ok()


def test_guhuo_ok_questioned_false(play):
    out = play(TABLE, [
        use(1, as_="桃", cards=["♦2 闪"], skill="蛊惑"),
        choose(2, "质疑", "蛊惑"),
        reveal(["♦2 闪"], 1, "蛊惑"),
        draw(2, ["♦3 闪"], skill="蛊惑"),
    ], hands={1: ["♦2 闪"]}, hp={1: 2})
    out.ok()


def test_guhuo_bad_false_but_hp_lost(play):
    out = play(TABLE, [
        use(1, as_="杀", cards=["♦2 闪"], skill="蛊惑", targets=[2]),
        choose(3, "质疑", "蛊惑"),
        reveal(["♦2 闪"], 1, "蛊惑"),
        lose_hp(3, 1),
    ], hands={1: ["♦2 闪"]})
    out.bad("SGS-S006", 5)


def test_guhuo_bad_delayed_trick_claimed(play):
    out = play(TABLE, [use(1, as_="乐不思蜀", cards=["♦2 闪"], skill="蛊惑", targets=[2])], hands={1: ["♦2 闪"]})
    out.bad("SGS-P009", 2)
