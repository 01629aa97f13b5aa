"""曹操: 奸雄, 护驾 (主公技)."""

from skillkit import damage, discard, pass_, respond, skill, use

WEI_TABLE = ["曹操", "张飞", "司马懿", "黄盖"]


def test_jianxiong_ok_takes_the_card(play):
    out = play(WEI_TABLE, [
        use(2, "♠7 杀", 1),
        damage(1, 1, 2, "♠7 杀"),
        skill(1, "奸雄"),
        discard(1, ["♠7 杀"]),  # the 杀 is in 曹操's hand now
    ], current=2, hands={2: ["♠7 杀"]})
    out.ok()


def test_jianxiong_bad_without_damage(play):
    out = play(WEI_TABLE, [skill(1, "奸雄")], current=2)
    out.bad("SGS-S003", 2)


def test_jianxiong_bad_twice_for_one_damage(play):
    out = play(WEI_TABLE, [
        use(2, "♠7 杀", 1),
        damage(1, 1, 2, "♠7 杀"),
        skill(1, "奸雄"),
        skill(1, "奸雄"),
    ], current=2, hands={2: ["♠7 杀"]})
    out.bad("SGS-S002", 5)


def test_hujia_ok_wei_character_plays_dodge(play):
    out = play(WEI_TABLE, [
        use(2, "♠7 杀", 1),
        skill(1, "护驾"),
        respond(3, "♦2 闪"),
        use(2, "♥3 桃"),  # the 杀 is over: no damage was due
    ], current=2, hands={2: ["♠7 杀", "♥3 桃"], 3: ["♦2 闪"]}, hp={2: 3})
    out.ok()


def test_hujia_ok_all_decline_then_damage(play):
    out = play(WEI_TABLE, [
        use(2, "♠7 杀", 1),
        skill(1, "护驾"),
        pass_(3),
        damage(1, 1, 2, "♠7 杀"),
    ], current=2, hands={2: ["♠7 杀"]})
    out.ok()


def test_hujia_bad_not_wei(play):
    out = play(["曹操", "张飞", "黄盖", "司马懿"], [
        use(2, "♠7 杀", 1),
        skill(1, "护驾"),
        respond(3, "♦2 闪"),
    ], current=2, hands={2: ["♠7 杀"], 3: ["♦2 闪"]})
    out.bad("SGS-P006", 4)


def test_hujia_bad_not_lord(play):
    out = play(["张飞", "曹操", "司马懿", "黄盖"], [
        use(1, "♠7 杀", 2),
        skill(2, "护驾"),
    ], hands={1: ["♠7 杀"]})
    out.bad("SGS-S005", 3)


def test_hujia_bad_in_3v3(play):
    out = play(["张辽", "曹操", "甘宁", "黄盖", "刘备", "甄姬"], [
        use(4, "♠7 杀", 3),
        skill(2, "护驾"),
    ], mode="3v3", current=4, hands={4: ["♠7 杀"]})
    out.bad("SGS-S005", 3)


def test_hujia_bad_no_dodge_asked(play):
    out = play(WEI_TABLE, [skill(1, "护驾")])
    out.bad("SGS-S003", 2)
