"""The generals of FreeKill's 3v3 mode (ruleset ``freekill-3v3``): 文聘 镇卫, 关羽 忠义, 吕布 战神 (both
versions), 黄权 筹进 忠谏, 徐盛 疑城; and the mode's 救主 fault (``undead_after_failed_rescue``)."""

from skillkit import damage, discard, draw, judge, max_hp, move, phase, respond, reveal, skill, turn, use

FK = {"mode": "3v3", "ruleset": "freekill-3v3"}
# seats: 1 cold vanguard, 2 cold commander, 3 cold vanguard, 4 warm vanguard, 5 warm commander, 6 warm vanguard


# --- 文聘 镇卫 (3v3 mode: the distance to 文聘 himself grows too) ---------------------------------------

WENPIN = ["甘宁", "孙权", "甄姬", "文聘v33", "刘备", "曹操"]


def test_v33__zhenwei_ok_horse_reaches_wenpin(play):
    """Seat 3 to 文聘 (seat 4): 1, −1 for the horse, +1 for 镇卫 = 1."""
    out = play(WENPIN, [use(3, "♠7 杀", 4)], current=3, hands={3: ["♠7 杀"]}, equip={3: ["♥5 赤兔"]}, **FK)
    out.ok()


def test_v33__zhenwei_bad_wenpin_out_of_reach(play):
    """The rulebook's 镇卫 leaves 文聘 at distance 1; the 3v3 mode's puts him at 2."""
    out = play(WENPIN, [use(3, "♠7 杀", 4)], current=3, hands={3: ["♠7 杀"]}, **FK)
    out.bad("SGS-P002", 2)


# --- 关羽 忠义 --------------------------------------------------------------------------------------

GUANYU = ["关羽v33", "孙权", "甄姬", "甘宁", "刘备", "曹操"]


def test_v33__zhongyi_ok_yi_adds_one_damage(play):
    out = play(GUANYU, [
        skill(1, "忠义", cards=["♥4 桃", "♦7 闪"]),
        use(1, "♠7 杀", 6),
        damage(6, 2, 1, "♠7 杀"),
        move(["♥4 桃"], ("pile:义", 1), ("discard", None), "忠义"),
    ], hands={1: ["♥4 桃", "♦7 闪", "♠7 杀"]}, **FK)
    out.ok()


def test_v33__zhongyi_ok_again_once_every_yi_is_spent(play):
    """The last 义 spent (its pile is empty), 忠义 may put new cards as 义."""
    out = play(GUANYU, [
        skill(1, "忠义", cards=["♥4 桃"]),
        use(1, "♠7 杀", 6),
        damage(6, 2, 1, "♠7 杀"),
        move(["♥4 桃"], ("pile:义", 1), ("discard", None), "忠义"),
        skill(1, "忠义", cards=["♦7 闪"]),
    ], hands={1: ["♥4 桃", "♦7 闪", "♠7 杀"]}, **FK)
    out.ok()


def test_v33__zhongyi_bad_black_card(play):
    out = play(GUANYU, [skill(1, "忠义", cards=["♠8 杀"])], hands={1: ["♠8 杀"]}, **FK)
    out.bad("SGS-S004", 2)


def test_v33__zhongyi_bad_while_yi_are_left(play):
    out = play(GUANYU, [skill(1, "忠义", cards=["♥4 桃"]), skill(1, "忠义", cards=["♦7 闪"])],
               hands={1: ["♥4 桃", "♦7 闪"]}, **FK)
    out.bad("SGS-S004", 3)


# --- 吕布 战神 (the 2013 version as the mode has it: the weapon stays) -----------------------------------

NOS = ["曹操", "吕布v33旧", "甘宁", "黄盖", "刘备", "甄姬"]


def test_v33_nos__zhanshen_ok_keeps_the_weapon(play):
    """Awakened, 吕布 keeps 丈八蛇矛 and uses it (the rulebook's 战神 would have discarded it)."""
    out = play(NOS, [turn(2), phase(2, "start"), skill(2, "战神"), max_hp(2, -1), phase(2, "play"),
                     use(2, as_="杀", cards=["♦7 闪", "♦8 闪"], skill="丈八蛇矛", targets=[4]),
                     damage(4, 1, 2)],
               current=None, phase=None, dead=[1], hp={2: 3}, hands={2: ["♦7 闪", "♦8 闪"]},
               equip={2: ["♠Q 丈八蛇矛"]}, **FK)
    out.ok()


def test_v33_nos__zhanshen_bad_no_teammate_dead(play):
    out = play(NOS, [turn(2), phase(2, "start"), skill(2, "战神")], current=None, phase=None, hp={2: 3}, **FK)
    out.bad("SGS-S004", 4)


# --- 吕布 战神 (the later version: one lasting effect per start phase) -----------------------------------

LVBU = ["曹操", "吕布v33", "甘宁", "黄盖", "刘备", "甄姬"]


def test_v33__zhanshen_ok_one_more_card(play):
    out = play(LVBU, [turn(2), phase(2, "start"), skill(2, "战神", choice=1), phase(2, "draw"),
                      draw(2, ["♠7 杀", "♠8 杀", "♠9 杀"], "phase")],
               current=None, phase=None, **FK)
    out.ok()


def test_v33__zhanshen_ok_damage_and_target(play):
    out = play(LVBU, [turn(2), phase(2, "start"), skill(2, "战神", choice=2), phase(2, "play"),
                      use(2, "♠7 杀", 4), damage(4, 2, 2, "♠7 杀")],
               current=None, phase=None, hands={2: ["♠7 杀"]}, equip={2: ["♠Q 丈八蛇矛"]}, **FK)
    out.ok()


TWO_TARGETS = [turn(2), phase(2, "start"), skill(2, "战神", choice=3), phase(2, "play"), use(2, "♠7 杀", 4, 6)]


def test_v33__zhanshen_ok_frost_blade_on_the_first_target_then_damage_to_the_second(play):
    """A 杀 with two targets (战神 3): 寒冰剑 instead of the first target's damage, then the second's damage."""
    out = play(LVBU, [*TWO_TARGETS,
        skill(2, "寒冰剑", targets=[4]),
        move(["♠8 杀"], ("hand", 4), ("discard", None), "寒冰剑"),
        damage(6, 1, 2, "♠7 杀"),
    ], current=None, phase=None, hands={2: ["♠7 杀"], 4: ["♠8 杀"]}, equip={2: ["♠2 寒冰剑"]}, **FK)
    out.ok()


def test_v33__zhanshen_ok_frost_blade_on_the_second_target_after_a_dodge(play):
    """The first target dodges; 寒冰剑 then acts on the second instead of its damage."""
    out = play(LVBU, [*TWO_TARGETS,
        respond(4, "♦7 闪"),
        skill(2, "寒冰剑", targets=[6]),
        move(["♠8 杀"], ("hand", 6), ("discard", None), "寒冰剑"),
        phase(2, "discard"),
    ], current=None, phase=None, hands={2: ["♠7 杀"], 4: ["♦7 闪"], 6: ["♠8 杀"]}, equip={2: ["♠2 寒冰剑"]}, **FK)
    out.ok()


def test_v33__zhanshen_bad_frost_blade_then_the_second_target_owes_its_damage(play):
    """寒冰剑 on the first target does not spare the second: its damage is still due."""
    out = play(LVBU, [*TWO_TARGETS,
        skill(2, "寒冰剑", targets=[4]),
        move(["♠8 杀"], ("hand", 4), ("discard", None), "寒冰剑"),
        phase(2, "discard"),
    ], current=None, phase=None, hands={2: ["♠7 杀"], 4: ["♠8 杀"]}, equip={2: ["♠2 寒冰剑"]}, **FK)
    out.bad("SGS-D002", 9)


def test_v33__zhanshen_bad_two_cards_after_choosing_a_third(play):
    out = play(LVBU, [turn(2), phase(2, "start"), skill(2, "战神", choice=1), phase(2, "draw"),
                      draw(2, ["♠7 杀", "♠8 杀"], "phase"), phase(2, "play")],
               current=None, phase=None, **FK)
    out.bad("SGS-T003", 7)


def test_v33__zhanshen_bad_same_effect_twice(play):
    out = play(LVBU, [turn(2), phase(2, "start"), skill(2, "战神", choice=2), phase(2, "finish"),
                      turn(4), turn(2), phase(2, "start"), skill(2, "战神", choice=2)],
               current=None, phase=None, **FK)
    out.bad("SGS-S004", 9)


# --- 黄权 筹进 and 忠谏 -------------------------------------------------------------------------------

HUANGQUAN = ["甘宁", "孙权", "黄权v33", "黄盖", "刘备", "甄姬"]


def test_choujin_ok_draw_for_a_teammate(play):
    out = play(HUANGQUAN, [
        skill(3, "筹进", targets=[4]),
        turn(3), phase(3, "play"), use(3, "♠7 杀", 4), damage(4, 1, 3, "♠7 杀"),
        skill(3, "筹进"), draw(3, ["♦2 闪"], skill="筹进"),
    ], current=None, phase=None, hands={3: ["♠7 杀"]}, **FK)
    out.ok()


def test_choujin_bad_names_a_teammate(play):
    out = play(HUANGQUAN, [skill(3, "筹进", targets=[1])], current=None, phase=None, **FK)
    out.bad("SGS-S004", 2)


def test_choujin_bad_other_enemy_damaged(play):
    out = play(HUANGQUAN, [
        skill(3, "筹进", targets=[4]),
        turn(1), phase(1, "play"), use(1, "♠7 杀", 6), damage(6, 1, 1, "♠7 杀"),
        skill(3, "筹进"),
    ], current=None, phase=None, hands={1: ["♠7 杀"]}, equip={1: ["♥5 麒麟弓"]}, **FK)
    out.bad("SGS-S004", 7)


def test_zhongjianh_ok_gives_and_draws(play):
    out = play(HUANGQUAN, [skill(3, "忠谏", targets=[2], cards=["♠7 杀"]), draw(3, ["♦2 闪"], skill="忠谏")],
               current=3, hands={3: ["♠7 杀"]}, **FK)
    out.ok()


def test_zhongjianh_bad_to_an_enemy(play):
    out = play(HUANGQUAN, [skill(3, "忠谏", targets=[4], cards=["♠7 杀"])], current=3, hands={3: ["♠7 杀"]}, **FK)
    out.bad("SGS-S004", 2)


def test_zhongjianh_bad_twice(play):
    out = play(HUANGQUAN, [skill(3, "忠谏", targets=[2], cards=["♠7 杀"]), draw(3, ["♦2 闪"], skill="忠谏"),
                           skill(3, "忠谏", targets=[2], cards=["♦2 闪"])],
               current=3, hands={3: ["♠7 杀"]}, **FK)
    out.bad("SGS-S002", 4)


# --- 徐盛 疑城 ---------------------------------------------------------------------------------------

XUSHENG = ["甘宁", "孙权", "徐盛v33", "黄盖", "刘备", "甄姬"]


def test_v33__yicheng_ok_draw_then_discard(play):
    out = play(XUSHENG, [
        use(4, "♠7 杀", 3),
        skill(3, "疑城", targets=[3]), draw(3, ["♦2 闪"], skill="疑城"), discard(3, ["♣3 杀"]),
        respond(3, "♦2 闪"),
    ], current=4, hands={4: ["♠7 杀"], 3: ["♣3 杀"]}, **FK)
    out.ok()


def test_v33__yicheng_ok_equipment_used_in_his_own_play_phase(play):
    """徐盛 is targeted by an enemy's 杀 in his own play phase (借刀杀人): the equipment card 疑城 lets him use
    is not a new action of his (the 杀 still deals its damage after it)."""
    out = play(XUSHENG, [
        use(3, "♣K 借刀杀人", 4, victim=3),
        use(4, "♠7 杀", 3),
        skill(3, "疑城", targets=[3]), draw(3, ["♣5 的卢"], skill="疑城"), use(3, "♣5 的卢"),
        damage(3, 1, 4, "♠7 杀"),
    ], current=3, hands={3: ["♣K 借刀杀人"], 4: ["♠7 杀"]}, equip={4: ["♠2 寒冰剑"]}, **FK)
    out.ok()


def test_v33__yicheng_bad_without_a_slash(play):
    out = play(XUSHENG, [skill(3, "疑城", targets=[1])], current=4, **FK)
    out.bad("SGS-S003", 2)


# --- 赵云 救主: the mode's fault (engine behaviour, not a rule) ------------------------------------------

ZHAOYUN = ["曹操", "赵云v33", "甘宁", "黄盖", "刘备", "甄姬"]
DYING = [use(4, "♠7 杀", 3), damage(3, 1, 4, "♠7 杀"), {"type": "dying", "seat": 3}, phase(4, "discard")]


def test_jiuzhu_ok_fault_leaves_the_teammate_alive(play):
    """Under freekill-3v3 a teammate of 赵云 (2 HP, a card) that nobody rescues stays alive at 0 HP."""
    out = play(ZHAOYUN, DYING, current=4, hands={4: ["♠7 杀"], 2: ["♦2 闪"]}, hp={3: 1}, **FK)
    out.ok()
    assert out.engine_behaviour and "undead_after_failed_rescue" in out.engine_behaviour[0]  # named, not silent


def test_jiuzhu_ok_fault_stays_when_zhaoyun_then_loses_his_last_card(play):
    """赵云's 杀 brings his teammate 司马懿 to 0 HP; the rescue stops at 赵云 (2 cards), and 反馈 then takes his
    last card: the dying state the fault ended does not come back."""
    out = play(["曹操", "赵云v33", "司马懿", "黄盖", "刘备", "甄姬"], [
        use(2, "♠7 杀", 3), damage(3, 1, 2, "♠7 杀"), {"type": "dying", "seat": 3},
        skill(3, "反馈", targets=[2]), move(["♦2 闪"], ("hand", 2), ("hand", 3), "反馈"),
        phase(2, "discard"),
    ], current=2, hands={2: ["♠7 杀", "♦2 闪"]}, hp={3: 1}, **FK)
    out.ok()


UNDEAD_LUXUN = ["陆逊", "赵云v33", "甘宁", "黄盖", "刘备", "甄姬"]


def test_jiuzhu_ok_fault_lianying_after_the_discard_at_zero_hp(play):
    """陆逊 plays on at 0 HP (the fault): his discard phase discards his last card, 连营 draws one, and the
    phase, which discards once, is over with that card in hand."""
    out = play(UNDEAD_LUXUN, [phase(1, "discard"), discard(1, ["♠7 杀"]), skill(1, "连营"),
                              draw(1, ["♦8 闪"], skill="连营"), phase(1, "finish")],
               hands={1: ["♠7 杀"], 2: ["♦9 闪", "♥K 闪"]}, hp={1: 0}, **FK)
    out.ok()


def test_jiuzhu_bad_fault_at_zero_hp_still_discards(play):
    out = play(UNDEAD_LUXUN, [phase(1, "discard"), phase(1, "finish")],
               hands={1: ["♠7 杀"], 2: ["♦9 闪", "♥K 闪"]}, hp={1: 0}, **FK)
    out.bad("SGS-T004", 3)


def test_jiuzhu_bad_fault_is_not_a_rule(play):
    """The rulebook's 3v3: the character must die."""
    out = play(["曹操", "赵云", "甘宁", "黄盖", "刘备", "甄姬"], DYING, current=4, hands={4: ["♠7 杀"], 2: ["♦2 闪"]},
               hp={3: 1}, mode="3v3")
    out.bad("SGS-D004", 5)


def test_jiuzhu_bad_fault_needs_zhaoyun_able_to_rescue(play):
    """The fault only happens when the rescue reaches a 赵云 with more than 1 HP and a card."""
    out = play(ZHAOYUN, DYING, current=4, hands={4: ["♠7 杀"]}, hp={3: 1, 2: 1}, **FK)
    out.bad("SGS-D004", 5)


def test_jiuzhu_bad_fault_never_raises_the_dead(play):
    """The fault keeps a character alive at HP ≤ 0 only: a death at full HP is still wrong under freekill-3v3."""
    out = play(ZHAOYUN, [{"type": "death", "seat": 3}], current=4, hands={2: ["♦2 闪"]}, **FK)
    out.bad("SGS-D005", 2)


def test_v33_ganglie_ok_a_chain_damage_after_a_failed_ganglie(play):
    """夏侯惇v33 (chained) burns himself with 火攻; his 刚烈 at 刘备 fails (red); the fire then passes by the
    chain to 刘备, also chained: that damage is the chain's, not the 刚烈 that did not happen."""
    out = play(["夏侯惇v33", "孙权", "甘宁", "黄盖", "刘备", "甄姬"], [
        use(1, "♦Q 火攻", 1),
        reveal(["♠2 寒冰剑"], 1, "火攻"),
        {"type": "discard", "seat": 1, "cards": ["♠8 杀"], "reason": "火攻"},
        {"type": "damage", "target": 1, "amount": 1, "source": 1, "card": "♦Q 火攻", "nature": "fire"},
        skill(1, "刚烈", targets=[5]),
        judge(1, "♥A 无懈可击", "刚烈"),
        {"type": "damage", "target": 5, "amount": 1, "source": 1, "card": "♦Q 火攻", "nature": "fire", "chain": True},
    ], hands={1: ["♦Q 火攻", "♠2 寒冰剑", "♠8 杀"]}, chained=[1, 5], **FK)
    out.ok()
