"""于吉: 蛊惑 (seed 000)."""

from skillkit import choose, damage, draw, lose_hp, phase, reveal, use

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


def test_guhuo_ok_questioned_amazing_grace_is_void(play):
    # the questioned card's reveal is 蛊惑's, not the 五谷丰登's showing of the cards
    out = play(TABLE, [
        use(1, as_="五谷丰登", cards=["♦2 闪"], skill="蛊惑"),
        choose(2, "质疑", "蛊惑"),
        reveal(["♦2 闪"], 1, "蛊惑"),
        draw(2, ["♦3 闪"], skill="蛊惑"),
        phase(1, "discard"),
    ], hands={1: ["♦2 闪"]})
    out.ok()


def test_guhuo_ok_questioned_aoe_right_after_a_slash(play):
    # the 杀 before it is still open when the claim is made: the doubted 万箭齐发 alone is void
    out = play(TABLE, [
        use(1, "♠7 杀", 2), damage(2, 1, 1, "♠7 杀"),
        use(1, as_="万箭齐发", cards=["♦2 闪"], skill="蛊惑"),
        choose(3, "质疑", "蛊惑"),
        reveal(["♦2 闪"], 1, "蛊惑"),
        draw(3, ["♦3 闪"], skill="蛊惑"),
        phase(1, "discard"),
    ], hands={1: ["♠7 杀", "♦2 闪"]})
    out.ok()


def test_guhuo_ok_questioned_fire_attack_on_himself(play):
    # his own reveal of the questioned card is 蛊惑's, not the 火攻's showing of a hand card
    out = play(TABLE, [
        use(1, as_="火攻", cards=["♠K 无懈可击"], skill="蛊惑", targets=[1]),
        choose(2, "质疑", "蛊惑"),
        reveal(["♠K 无懈可击"], 1, "蛊惑"),
        draw(2, ["♦3 闪"], skill="蛊惑"),
        phase(1, "discard"),
    ], ruleset="maneuvering", hands={1: ["♠K 无懈可击", "♦5 闪"]})
    out.ok()
