"""关羽: 武圣; 3v3 2013: 忠义."""

from skillkit import damage, respond, skill, turn, use

TABLE = ["关羽", "张飞", "许褚", "黄盖"]
T3 = ["张辽", "关羽", "甘宁", "黄盖", "刘备", "甄姬"]


def test_wusheng_ok_red_card_as_slash(play):
    out = play(TABLE, [use(1, as_="杀", cards=["♥3 桃"], skill="武圣", targets=[2]), damage(2, 1, 1)],
               hands={1: ["♥3 桃"]})
    out.ok()


def test_wusheng_ok_red_equipment_played(play):
    out = play(TABLE, [use(2, "♠A 决斗", 1), respond(1, as_="杀", cards=["♥K 爪黄飞电"], skill="武圣"),
                       damage(2, 1, 1, "♠A 决斗")], current=2, hands={2: ["♠A 决斗"]}, equip={1: ["♥K 爪黄飞电"]})
    out.ok()


def test_wusheng_bad_black_card(play):
    out = play(TABLE, [use(1, as_="杀", cards=["♣3 过河拆桥"], skill="武圣", targets=[2])],
               hands={1: ["♣3 过河拆桥"]})
    out.bad("SGS-P009", 2)


def test_wusheng_bad_not_owned(play):
    out = play(TABLE, [use(2, as_="杀", cards=["♥3 桃"], skill="武圣", targets=[1])], current=2, hands={2: ["♥3 桃"]})
    out.bad("SGS-S001", 2)


def test_zhongyi_ok_team_slash_plus_one(play):
    out = play(T3, [
        skill(2, "忠义", cards=["♥3 桃"]),
        use(2, "♠7 杀", 4),
        damage(4, 2, 2, "♠7 杀"),
    ], mode="3v3", current=2, hands={2: ["♥3 桃", "♠7 杀"]}, equip={2: ["♠Q 丈八蛇矛"]})
    out.ok()


def test_zhongyi_bad_black_card(play):
    out = play(T3, [skill(2, "忠义", cards=["♠7 杀"])], mode="3v3", current=2, hands={2: ["♠7 杀"]})
    out.bad("SGS-S004", 2)


def test_zhongyi_bad_twice(play):
    out = play(T3, [skill(2, "忠义", cards=["♥3 桃"]), skill(2, "忠义", cards=["♥4 桃"])], mode="3v3",
               current=2, hands={2: ["♥3 桃", "♥4 桃"]})
    out.bad("SGS-S002", 3)


def test_zhongyi_bad_damage_without_bonus(play):
    out = play(T3, [
        skill(2, "忠义", cards=["♥3 桃"]),
        use(2, "♠7 杀", 4),
        damage(4, 1, 2, "♠7 杀"),
    ], mode="3v3", current=2, hands={2: ["♥3 桃", "♠7 杀"]}, equip={2: ["♠Q 丈八蛇矛"]})
    out.bad("SGS-D001", 4)


def test_zhongyi_bad_in_standard_roster(play):
    out = play(TABLE, [skill(1, "忠义", cards=["♥3 桃"])], hands={1: ["♥3 桃"]})
    out.bad("SGS-S001", 2)
    _ = turn
