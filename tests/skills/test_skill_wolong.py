"""卧龙诸葛亮: 八阵, 火计, 看破 (火; ../shared/reference/fire/fire_skills.csv)."""

from skillkit import damage, discard, judge, reveal, skill, turn, use

TABLE = ["刘备", "卧龙诸葛亮", "许褚", "黄盖"]
RS = "maneuvering"


def test_bazhen_ok_red_judgement_dodges(play):
    """八阵: 锁定技，当你没装备防具时，始终视为你装备着【八卦阵】 — a red judgement is his 闪."""
    out = play(TABLE, [use(3, "♠7 杀", 2), judge(2, "♥3 桃", "八阵"), turn(4)],
               current=3, hands={3: ["♠7 杀"]}, ruleset=RS)
    out.ok()


def test_bazhen_ok_announced_as_the_armour(play):
    """八阵: 视为你装备着【八卦阵】 — the log may name the armour (skill and judgement 八卦阵)."""
    out = play(TABLE, [use(3, "♠7 杀", 2), skill(2, "八卦阵"), judge(2, "♦3 闪", "八卦阵"), turn(4)],
               current=3, hands={3: ["♠7 杀"]}, ruleset=RS)
    out.ok()


def test_bazhen_bad_black_judgement_no_damage(play):
    """八阵: as 八卦阵, a black judgement gives no 闪: the 杀's damage is due."""
    out = play(TABLE, [use(3, "♠7 杀", 2), judge(2, "♠3 杀", "八阵"), turn(4)],
               current=3, hands={3: ["♠7 杀"]}, ruleset=RS)
    out.bad("SGS-D002", 4)


def test_bazhen_bad_armour_worn(play):
    """八阵: 当你没装备防具时 — with 仁王盾 worn there is no 八卦阵."""
    out = play(TABLE, [use(3, "♥Q 杀", 2), judge(2, "♥3 桃", "八卦阵")],
               current=3, hands={3: ["♥Q 杀"]}, equip={2: ["♣2 仁王盾"]}, ruleset=RS)
    out.bad("SGS-S004", 3)


def test_bazhen_bad_qinggang_ignores_it(play):
    """八阵: ignored by armour-ignoring effects, e.g. 青釭剑 (notes)."""
    out = play(TABLE, [use(3, "♠7 杀", 2), judge(2, "♥3 桃", "八阵")],
               current=3, hands={3: ["♠7 杀"]}, equip={3: ["♠6 青釭剑"]}, ruleset=RS)
    out.bad("SGS-S004", 3)


def test_kanpo_ok_black_hand_card(play):
    """看破: 你可以将你的任意一张黑色手牌当【无懈可击】使用."""
    out = play(TABLE, [use(3, "♠3 过河拆桥", 2), use(2, as_="无懈可击", cards=["♣8 杀"], skill="看破")],
               current=3, hands={3: ["♠3 过河拆桥"], 2: ["♣8 杀", "♦2 闪"]}, ruleset=RS)
    out.ok()


def test_kanpo_bad_red_card(play):
    """看破: … 黑色手牌 (♦ is red)."""
    out = play(TABLE, [use(3, "♠3 过河拆桥", 2), use(2, as_="无懈可击", cards=["♦2 闪"], skill="看破")],
               current=3, hands={3: ["♠3 过河拆桥"], 2: ["♦2 闪"]}, ruleset=RS)
    out.bad("SGS-P009", 3)


def test_kanpo_bad_equipped_card(play):
    """看破: … 手牌 (an equipped black card does not qualify)."""
    out = play(TABLE, [use(3, "♠3 过河拆桥", 2), use(2, as_="无懈可击", cards=["♣5 的卢"], skill="看破")],
               current=3, hands={3: ["♠3 过河拆桥"], 2: ["♦2 闪"]}, equip={2: ["♣5 的卢"]}, ruleset=RS)
    out.bad("SGS-P009", 3)


def test_kanpo_bad_not_his_skill(play):
    """看破 is 卧龙诸葛亮's: 许褚 cannot use it."""
    out = play(TABLE, [use(2, "♠3 过河拆桥", 3), use(3, as_="无懈可击", cards=["♣8 杀"], skill="看破")],
               current=2, hands={2: ["♠3 过河拆桥"], 3: ["♣8 杀"]}, ruleset=RS)
    out.bad("SGS-S001", 3)


def test_huoji_ok_red_card_as_fire_attack(play):
    """火计: 出牌阶段，你可以将你的任意一张红色手牌当【火攻】使用 (then 火攻: the target shows a hand card,
    the user discards one of its suit, 1 fire damage)."""
    out = play(TABLE, [use(2, as_="火攻", cards=["♥3 桃"], skill="火计", targets=[3]),
                       reveal(["♦2 闪"], seat=3, reason="火攻"), discard(2, ["♦4 闪"]),
                       damage(3, 1, 2, nature="fire")],
               current=2, hands={2: ["♥3 桃", "♦4 闪"], 3: ["♦2 闪"]}, ruleset=RS)
    out.ok()


def test_huoji_bad_black_card(play):
    """火计: … 红色手牌 (♣ is black)."""
    out = play(TABLE, [use(2, as_="火攻", cards=["♣8 杀"], skill="火计", targets=[3])],
               current=2, hands={2: ["♣8 杀"], 3: ["♦2 闪"]}, ruleset=RS)
    out.bad("SGS-P009", 2)


def test_huoji_bad_equipped_red_card(play):
    """火计: … 手牌 (an equipped red card does not qualify)."""
    out = play(TABLE, [use(2, as_="火攻", cards=["♥K 爪黄飞电"], skill="火计", targets=[3])],
               current=2, equip={2: ["♥K 爪黄飞电"]}, hands={3: ["♦2 闪"]}, ruleset=RS)
    out.bad("SGS-P009", 2)
