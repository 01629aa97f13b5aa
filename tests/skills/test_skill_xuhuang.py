"""徐晃: 断粮 (3v3 2012/2013 roster)."""

from skillkit import use

TABLE = ["张辽", "孙权", "徐晃", "黄盖", "刘备", "甄姬"]


def test_duanliang_ok_black_basic_at_distance_two(play):
    out = play(TABLE, [use(3, as_="兵粮寸断", cards=["♣3 杀"], skill="断粮", targets=[5])],
               mode="3v3", current=3, hands={3: ["♣3 杀"]})
    out.ok()


def test_duanliang_ok_black_equipment(play):
    out = play(TABLE, [use(3, as_="兵粮寸断", cards=["♣5 的卢"], skill="断粮", targets=[4])],
               mode="3v3", current=3, equip={3: ["♣5 的卢"]})
    out.ok()


def test_duanliang_bad_trick_card(play):
    out = play(TABLE, [use(3, as_="兵粮寸断", cards=["♣3 过河拆桥"], skill="断粮", targets=[4])],
               mode="3v3", current=3, hands={3: ["♣3 过河拆桥"]})
    out.bad("SGS-P009", 2)


def test_duanliang_bad_red_card(play):
    out = play(TABLE, [use(3, as_="兵粮寸断", cards=["♦6 杀"], skill="断粮", targets=[4])],
               mode="3v3", current=3, hands={3: ["♦6 杀"]})
    out.bad("SGS-P009", 2)


def test_duanliang_bad_distance_three(play):
    out = play(TABLE, [use(3, as_="兵粮寸断", cards=["♣3 杀"], skill="断粮", targets=[6])],
               mode="3v3", current=3, hands={3: ["♣3 杀"]})
    out.bad("SGS-P003", 2)
