"""小乔: 天香, 红颜 (seed 000)."""

from skillkit import damage, death, draw, dying, judge, move, phase, recover, skill, turn, use

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


def test_tianxiang_ok_no_draw_once_back_at_full_hp(play):
    """天香: 该角色摸X张牌。X为该角色当前已损失的体力值 — 庞统 takes the damage, 涅槃s back to 3 of 3 HP in the
    dying state it caused: X is 0 when his draw comes, so there is none."""
    out = play(["小乔", "庞统", "许褚", "黄盖"], [
        use(4, "♠7 杀", 1),
        skill(1, "天香", targets=[2], cards=["♥3 桃"]),
        damage(2, 1, 4, "♠7 杀"), dying(2),
        skill(2, "涅槃"), draw(2, ["♦3 闪", "♦4 闪", "♦5 闪"], skill="涅槃"), recover(2, 3),
        turn(1),
    ], current=4, hands={4: ["♠7 杀"], 1: ["♥3 桃"]}, hp={2: 1}, ruleset="maneuvering")
    out.ok()


def test_tianxiang_ok_no_draw_for_a_character_who_dies_of_it(play):
    """A 南蛮入侵 hits 周泰 (不屈 at 0 HP), then 小乔, who passes her damage to him with 天香: his new 不屈
    card repeats a number, he dies at once (no new dying state), and the draw 天香 owed him lapses."""
    out = play(["小乔", "张飞", "黄盖", "周泰"], [
        use(2, "♠K 南蛮入侵"),
        damage(3, 1, 2, "♠K 南蛮入侵"),
        damage(4, 1, 2, "♠K 南蛮入侵"),
        skill(4, "不屈"), move(["♥2 闪"], ("deck", None), ("pile:不屈", 4), "不屈"),
        skill(1, "天香", targets=[4], cards=["♥3 桃"]),
        damage(4, 1, 2, "♠K 南蛮入侵"),
        skill(4, "不屈"), move(["♦2 闪"], ("deck", None), ("pile:不屈", 4), "不屈"),
        death(4, 2),
    ], current=2, hands={2: ["♠K 南蛮入侵"], 1: ["♥3 桃"]}, hp={4: 1})
    out.ok()
