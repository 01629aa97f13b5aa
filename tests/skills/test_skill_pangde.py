"""庞德: 马术, 猛进 (3v3 2012/2013)."""

from skillkit import move, respond, skill, use

TABLE = ["张辽", "孙权", "庞德", "黄盖", "刘备", "甄姬"]


def test_mengjin_ok_after_dodge(play):
    out = play(TABLE, [use(3, "♠7 杀", 4), respond(4, "♦2 闪"), skill(3, "猛进"),
                       move(["♣5 的卢"], ("equip", 4), ("discard", None), "猛进")],
               mode="3v3", current=3, hands={3: ["♠7 杀"], 4: ["♦2 闪"]}, equip={4: ["♣5 的卢"]})
    out.ok()


def test_mengjin_bad_not_dodged(play):
    out = play(TABLE, [use(3, "♠7 杀", 4), skill(3, "猛进")], mode="3v3", current=3, hands={3: ["♠7 杀"]},
               equip={4: ["♣5 的卢"]})
    out.bad("SGS-S003", 3)


def test_mengjin_bad_target_without_cards(play):
    out = play(TABLE, [use(3, "♠7 杀", 4), respond(4, "♦2 闪"), skill(3, "猛进")],
               mode="3v3", current=3, hands={3: ["♠7 杀"], 4: ["♦2 闪"]})
    out.bad("SGS-S004", 4)


def test_mashu_ok_pangde_reaches_two(play):
    out = play(TABLE, [use(3, "♠7 杀", 5), respond(5, "♦2 闪")], mode="3v3", current=3,
               hands={3: ["♠7 杀"], 5: ["♦2 闪"]})
    out.ok()


def test_mashu_bad_pangde_not_three(play):
    out = play(TABLE, [use(3, "♠7 杀", 6)], mode="3v3", current=3, hands={3: ["♠7 杀"]})
    out.bad("SGS-P002", 2)
