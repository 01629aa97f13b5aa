"""甘宁: 奇袭."""

from skillkit import move, use

TABLE = ["甘宁", "张飞", "许褚", "黄盖"]


def test_qixi_ok_black_card_as_dismantlement(play):
    out = play(TABLE, [use(1, as_="过河拆桥", cards=["♠7 杀"], skill="奇袭", targets=[3]),
                       move(["♦2 闪"], ("hand", 3), ("discard", None), "过河拆桥")],
               hands={1: ["♠7 杀"], 3: ["♦2 闪"]})
    out.ok()


def test_qixi_bad_red_card(play):
    out = play(TABLE, [use(1, as_="过河拆桥", cards=["♦6 杀"], skill="奇袭", targets=[3])],
               hands={1: ["♦6 杀"], 3: ["♦2 闪"]})
    out.bad("SGS-P009", 2)


def test_qixi_bad_other_card(play):
    out = play(TABLE, [use(1, as_="顺手牵羊", cards=["♠7 杀"], skill="奇袭", targets=[2])],
               hands={1: ["♠7 杀"], 2: ["♦2 闪"]})
    out.bad("SGS-P009", 2)
