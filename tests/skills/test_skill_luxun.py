"""陆逊: 谦逊, 连营."""

from skillkit import draw, respond, skill, use

TABLE = ["陆逊", "张飞", "许褚", "黄盖"]


def test_qianxun_ok_other_tricks(play):
    out = play(TABLE, [use(2, "♠3 过河拆桥", 1), {"type": "move", "cards": ["♦2 闪"], "from": {"zone": "hand", "seat": 1},
                                                          "to": {"zone": "discard"}, "reason": "过河拆桥"}],
               current=2, hands={2: ["♠3 过河拆桥"], 1: ["♦2 闪"]})
    out.ok()


def test_qianxun_bad_snatch(play):
    out = play(TABLE, [use(2, "♠3 顺手牵羊", 1)], current=2, hands={2: ["♠3 顺手牵羊"], 1: ["♦2 闪"]})
    out.bad("SGS-P011", 2)


def test_qianxun_bad_indulgence(play):
    out = play(TABLE, [use(2, "♠6 乐不思蜀", 1)], current=2, hands={2: ["♠6 乐不思蜀"]})
    out.bad("SGS-P011", 2)


def test_lianying_ok_after_last_card(play):
    out = play(TABLE, [use(2, "♠7 杀", 1), respond(1, "♦2 闪"), skill(1, "连营"), draw(1, ["♦3 闪"], skill="连营")],
               current=2, hands={2: ["♠7 杀"], 1: ["♦2 闪"]})
    out.ok()


def test_lianying_bad_still_holding_cards(play):
    out = play(TABLE, [use(2, "♠7 杀", 1), respond(1, "♦2 闪"), skill(1, "连营")],
               current=2, hands={2: ["♠7 杀"], 1: ["♦2 闪", "♦4 闪"]})
    out.bad("SGS-S004", 4)


def test_lianying_bad_no_card_lost(play):
    out = play(TABLE, [skill(1, "连营")], current=2)
    out.bad("SGS-S004", 2)
