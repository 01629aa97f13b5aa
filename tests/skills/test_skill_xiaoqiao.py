"""小乔: 天香, 红颜 (seed 000)."""

from skillkit import damage, draw, judge, phase, skill, turn, use

TABLE = ["小乔", "张飞", "许褚", "黄盖"]


def test_tianxiang_ok_damage_moves(play):
    out = play(TABLE, [
        use(2, "♠7 杀", 1),
        skill(1, "天香", targets=[3], cards=["♥3 桃"]),
        damage(3, 1, 2, "♠7 杀"),
        draw(3, ["♦2 闪"], skill="天香"),
    ], current=2, hands={2: ["♠7 杀"], 1: ["♥3 桃"]})
    out.ok()


def test_tianxiang_ok_spade_counts_as_heart(play):
    out = play(TABLE, [
        use(2, "♠7 杀", 1),
        skill(1, "天香", targets=[3], cards=["♠8 杀"]),
        damage(3, 1, 2, "♠7 杀"),
        draw(3, ["♦2 闪"], skill="天香"),
    ], current=2, hands={2: ["♠7 杀"], 1: ["♠8 杀"]})
    out.ok()


def test_tianxiang_bad_club(play):
    out = play(TABLE, [use(2, "♠7 杀", 1), skill(1, "天香", targets=[3], cards=["♣8 杀"])],
               current=2, hands={2: ["♠7 杀"], 1: ["♣8 杀"]})
    out.bad("SGS-S004", 3)


def test_tianxiang_bad_no_damage_coming(play):
    out = play(TABLE, [skill(1, "天香", targets=[3], cards=["♥3 桃"])], current=2, hands={1: ["♥3 桃"]})
    out.bad("SGS-S003", 2)


def test_tianxiang_bad_draw_count(play):
    out = play(TABLE, [
        use(2, "♠7 杀", 1),
        skill(1, "天香", targets=[3], cards=["♥3 桃"]),
        damage(3, 1, 2, "♠7 杀"),
        draw(3, ["♦2 闪", "♦3 闪"], skill="天香"),
    ], current=2, hands={2: ["♠7 杀"], 1: ["♥3 桃"]})
    out.bad("SGS-S006", 5)


def test_hongyan_ok_spade_spares_the_play_phase(play):
    out = play(TABLE, [
        turn(1), phase(1, "judge"), judge(1, "♠8 杀", "乐不思蜀"),
        phase(1, "draw"), draw(1, ["♦2 闪", "♦3 闪"], "phase"),
        phase(1, "play"),
    ], current=4, phase="finish", judge={1: ["♣6 乐不思蜀"]})
    out.ok()


def test_hongyan_bad_lightning_claimed_to_hit(play):
    out = play(TABLE, [
        turn(1), phase(1, "judge"), judge(1, "♠5 绝影", "闪电"),
        damage(1, 3),
    ], current=4, phase="finish", judge={1: ["♠A 闪电"]})
    out.bad("SGS-D003", 5)


def test_tianxiang_ok_fire_to_a_vine_wearer_is_one_more(play):
    # the 火杀's damage moves on as it is: 藤甲 on its new target adds 1
    out = play(TABLE, [
        use(2, "♥4 火杀", 1),
        skill(1, "天香", targets=[3], cards=["♥3 桃"]),
        {"type": "damage", "target": 3, "amount": 2, "source": 2, "card": "♥4 火杀", "nature": "fire"},
        draw(3, ["♦2 闪", "♦3 闪"], skill="天香"),
    ], ruleset="maneuvering", current=2, hands={2: ["♥4 火杀"], 1: ["♥3 桃"]}, equip={3: ["♠2 藤甲"]})
    out.ok()
