"""荀彧: 驱虎, 节命 (火; ../shared/reference/fire/fire_skills.csv)."""

from skillkit import HEG, damage, draw, skill, turn, use

TABLE = ["刘备", "荀彧", "许褚", "黄盖"]
RS = "maneuvering"


def pindian(seat, target, mine, theirs):
    return {"type": "pindian", "seat": seat, "target": target, "cards": [mine, theirs]}


HANDS = {2: ["♦K 杀", "♦2 闪"], 3: ["♥3 桃"]}


def test_quhu_ok_win_tiger_hurts_another(play):
    """驱虎: 与一名体力比你多的角色拼点，若你赢，则该角色对其攻击范围内另一名由你指定的角色造成1点伤害."""
    out = play(TABLE, [skill(2, "驱虎", targets=[3]), pindian(2, 3, "♦K 杀", "♥3 桃"), damage(4, 1, 3)],
               current=2, hands=HANDS, ruleset=RS)
    out.ok()


def test_quhu_ok_lose_tiger_hurts_xunyu(play):
    """驱虎: 若你没赢，他/她对你造成1点伤害 — a tie is not a win (notes of 天义: 点数相同则算没赢)."""
    out = play(TABLE, [skill(2, "驱虎", targets=[3]), pindian(2, 3, "♦2 闪", "♥2 闪"), damage(2, 1, 3)],
               current=2, hands={2: ["♦2 闪"], 3: ["♥2 闪"]}, ruleset=RS)
    out.ok()


def test_quhu_ok_xunyu_may_be_the_victim(play):
    """驱虎: 攻击范围内另一名由你指定的角色 — 荀彧 himself may be chosen if in range (notes, ubun ★)."""
    out = play(TABLE, [skill(2, "驱虎", targets=[3]), pindian(2, 3, "♦K 杀", "♥3 桃"), damage(2, 1, 3)],
               current=2, hands=HANDS, ruleset=RS)
    out.ok()


def test_quhu_bad_target_not_more_hp(play):
    """驱虎: 一名体力比你多的角色 (notes: the target's HP strictly greater)."""
    out = play(TABLE, [skill(2, "驱虎", targets=[3]), pindian(2, 3, "♦K 杀", "♥3 桃"), damage(4, 1, 3)],
               current=2, hands=HANDS, hp={3: 3}, ruleset=RS)
    out.bad("SGS-S004", 2)


def test_quhu_bad_win_but_xunyu_hurt_out_of_range(play):
    """驱虎: … 对其攻击范围内另一名 … 角色造成1点伤害 (seat 1 is at distance 2 from 许褚)."""
    out = play(TABLE, [skill(2, "驱虎", targets=[3]), pindian(2, 3, "♦K 杀", "♥3 桃"), damage(1, 1, 3)],
               current=2, hands=HANDS, ruleset=RS)
    out.bad("SGS-S006", 4)


def test_quhu_bad_lost_but_no_damage(play):
    """驱虎: 若你没赢，他/她对你造成1点伤害 (the damage is not optional)."""
    out = play(TABLE, [skill(2, "驱虎", targets=[3]), pindian(2, 3, "♦2 闪", "♥2 闪"),
                       use(2, "♦K 杀", 1)],
               current=2, hands={2: ["♦2 闪", "♦K 杀"], 3: ["♥2 闪"]}, ruleset=RS)
    out.bad("SGS-S006", 4)


def test_quhu_bad_twice(play):
    """驱虎: 每回合限用一次."""
    out = play(TABLE, [skill(2, "驱虎", targets=[3]), pindian(2, 3, "♦K 杀", "♥3 桃"), damage(4, 1, 3),
                       skill(2, "驱虎", targets=[3])],
               current=2, hands={2: ["♦K 杀", "♦2 闪"], 3: ["♥3 桃", "♥4 桃"]}, ruleset=RS)
    out.bad("SGS-S002", 5)


def test_jieming_ok_fills_to_max_hp(play):
    """节命: 可令任意一名角色将手牌补至其体力上限的张数（不能超过五张）: 许褚 (4 max HP, 1 card) draws 3."""
    out = play(TABLE, [use(1, "♠7 杀", 2), damage(2, 1, 1, "♠7 杀"),
                       skill(2, "节命", targets=[3]), draw(3, ["♦3 闪", "♦4 闪", "♦5 闪"], skill="节命")],
               current=1, hands={1: ["♠7 杀"], 3: ["♥3 桃"]}, ruleset=RS)
    out.ok()


def test_jieming_ok_once_per_point(play):
    """节命: 你每受到1点伤害 — 2 damage → two separate choices (notes); capped at five (刘备 at 6 max HP, 0 cards); 裸衣 makes the 杀 deal 2."""
    out = play(TABLE, [use(3, "♠7 杀", 2), damage(2, 2, 3, "♠7 杀"),
                       skill(2, "节命", targets=[1]),
                       draw(1, ["♦3 闪", "♦4 闪", "♦5 闪", "♦6 闪", "♦7 闪"], skill="节命"),
                       skill(2, "节命", targets=[2]), draw(2, ["♦8 闪"], skill="节命")],
               current=3, hands={3: ["♠7 杀"], 2: ["♥3 桃", "♥4 桃"]}, max_hp={1: 6}, used={"裸衣": 1}, ruleset=RS)
    out.ok()


def test_jieming_bad_draws_too_many(play):
    """节命: 将手牌补至其体力上限的张数: 荀彧 (3 max HP, 2 cards) draws 1, not 2."""
    out = play(TABLE, [use(1, "♠7 杀", 2), damage(2, 1, 1, "♠7 杀"),
                       skill(2, "节命", targets=[2]), draw(2, ["♦3 闪", "♦4 闪"], skill="节命")],
               current=1, hands={1: ["♠7 杀"], 2: ["♥3 桃", "♥4 桃", "♥6 桃"]}, ruleset=RS)
    out.bad("SGS-S006", 5)


def test_jieming_bad_more_uses_than_points(play):
    """节命: 你每受到1点伤害 (one point: one use)."""
    out = play(TABLE, [use(1, "♠7 杀", 2), damage(2, 1, 1, "♠7 杀"),
                       skill(2, "节命", targets=[3]), draw(3, ["♦3 闪", "♦4 闪", "♦5 闪"], skill="节命"),
                       skill(2, "节命", targets=[4])],
               current=1, hands={1: ["♠7 杀"], 3: ["♥3 桃"], 4: ["♥4 桃", "♥6 桃", "♥7 桃", "♥8 桃"]}, ruleset=RS)
    out.bad("SGS-S002", 6)


def test_jieming_bad_without_damage(play):
    """节命: 你每受到1点伤害 (no damage just taken)."""
    out = play(TABLE, [skill(2, "节命", targets=[3])], current=2, ruleset=RS)
    out.bad("SGS-S003", 2)


def test_quhu_ok_win_with_nobody_in_range(play):
    """驱虎: on a win with no other character in the target's attack range, the resolution stops (notes:
    QSanguosha logs #QuhuNoWolf) — both others wear a +1 horse."""
    out = play(TABLE, [skill(2, "驱虎", targets=[3]), pindian(2, 3, "♦K 杀", "♥3 桃"), turn(3)],
               current=2, hands=HANDS, equip={1: ["♣5 的卢"], 2: ["♠5 绝影"]}, dead=[4], ruleset=RS)
    out.ok()


def test_quhu_bad_win_with_nobody_in_range_but_damage(play):
    """驱虎: … 攻击范围内另一名 … 角色 — nobody is in range, so no damage follows the win."""
    out = play(TABLE, [skill(2, "驱虎", targets=[3]), pindian(2, 3, "♦K 杀", "♥3 桃"), damage(1, 1, 3)],
               current=2, hands=HANDS, equip={1: ["♣5 的卢"], 2: ["♠5 绝影"]}, dead=[4], ruleset=RS)
    out.bad("SGS-D003", 4)


def test_quhu_bad_pindian_card_not_held(play):
    """拼点 shows a hand card of one's own (the pindian event's first card is 荀彧's)."""
    out = play(TABLE, [skill(2, "驱虎", targets=[3]), pindian(2, 3, "♥3 桃", "♦K 杀"), damage(2, 1, 3)],
               current=2, hands=HANDS, ruleset=RS)
    out.bad("SGS-C001", 3)


def test_jieming_ok_with_tianxiang_draw_after_it(play):
    """小乔 passes a 杀's damage to 荀彧 with 天香; his 节命 on himself draws nothing (his hand is full),
    then 天香's own draw for him follows, labelled 天香: it is that skill's, not 节命's."""
    out = play(["小乔", "荀彧", "黄盖", "张飞"], [
        use(4, "♠7 杀", 1),
        skill(1, "天香", targets=[2], cards=["♥3 桃"]),
        damage(2, 1, 4, "♠7 杀"),
        skill(2, "节命", targets=[2]),
        draw(2, ["♦2 闪"], skill="天香"),
    ], current=4, hands={4: ["♠7 杀"], 1: ["♥3 桃"], 2: ["♣2 杀", "♣3 杀", "♣4 杀"]}, ruleset=RS)
    out.ok()


def test_quhu_ok_heg_once_per_play_phase(play):
    """國戰 驱虎: 出牌阶段限一次 — again in a second play phase of the turn (每回合限用一次 with the 2010 card)."""
    log = [skill(2, "驱虎", targets=[3]), pindian(2, 3, "♦K 杀", "♥3 桃"), damage(4, 1, 3),
           {"type": "phase", "seat": 2, "phase": "discard"}, {"type": "phase", "seat": 2, "phase": "play"},
           skill(2, "驱虎", targets=[3]), pindian(2, 3, "♦2 闪", "♥2 闪"), damage(2, 1, 3)]
    pos = {"current": 2, "hands": {2: ["♦K 杀", "♦2 闪"], 3: ["♥3 桃", "♥2 闪"]}}
    heg = play(TABLE, log, ruleset=HEG, **pos)
    assert {v.rule for v in heg.violations} == {"SGS-T002"}, heg.describe()  # only the second play phase
    play(TABLE, log, ruleset=RS, **pos).bad("SGS-S002", 7)


def test_quhu_bad_heg_twice_in_a_play_phase(play):
    out = play(TABLE, [skill(2, "驱虎", targets=[3]), pindian(2, 3, "♦K 杀", "♥3 桃"), damage(4, 1, 3),
                       skill(2, "驱虎", targets=[3])],
               current=2, hands={2: ["♦K 杀", "♦2 闪"], 3: ["♥3 桃", "♥2 闪"]}, ruleset=HEG)
    out.bad("SGS-S002", 5)
