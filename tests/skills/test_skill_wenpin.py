"""文聘: 镇卫 (seed 002, 3v3 2013)."""

from skillkit import skill, use

TABLE = ["张辽", "孙权", "甘宁", "文聘", "刘备", "甄姬"]


def test_zhenwei_ok_reach_with_a_horse(play):
    """镇卫 protects 文聘's teammates, not 文聘: 甘宁 (seat 3) still reaches him at distance 1."""
    out = play(TABLE, [use(3, "♠7 杀", 4)], mode="3v3", current=3, hands={3: ["♠7 杀"]})
    out.ok()


def test_zhenwei_bad_teammate_out_of_reach(play):
    """刘备 (seat 5) is at distance 2 from seat 3; the -1 horse makes it 1, 镇卫 makes it 2 again."""
    out = play(TABLE, [use(3, "♠7 杀", 5)], mode="3v3", current=3, hands={3: ["♠7 杀"]}, equip={3: ["♥5 赤兔"]})
    out.bad("SGS-P002", 2)


def test_zhenwei_ok_without_zhenwei_the_horse_reaches(play):
    out = play(["张辽", "孙权", "甘宁", "黄盖", "刘备", "甄姬"], [use(3, "♠7 杀", 5)], mode="3v3", current=3,
               hands={3: ["♠7 杀"]}, equip={3: ["♥5 赤兔"]})
    out.ok()


def test_zhenwei_bad_announced_by_another(play):
    out = play(TABLE, [skill(3, "镇卫")], mode="3v3", current=3)
    out.bad("SGS-S001", 2)
