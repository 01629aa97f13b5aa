"""贾诩: 完杀, 乱武, 帷幕 (3v3 2013)."""

from skillkit import damage, lose_hp, recover, respond, skill, use

TABLE = ["张辽", "孙权", "甘宁", "贾诩", "刘备", "甄姬"]


def test_wansha_ok_dying_uses_own_peach(play):
    out = play(TABLE, [use(4, "♠7 杀", 3), damage(3, 1, 4, "♠7 杀"), use(3, "♥3 桃"), recover(3, 1)],
               mode="3v3", current=4, hands={4: ["♠7 杀"], 3: ["♥3 桃"]}, hp={3: 1})
    out.ok()


def test_wansha_bad_teammate_rescues(play):
    out = play(TABLE, [use(4, "♠7 杀", 3), damage(3, 1, 4, "♠7 杀"), use(2, "♥3 桃", 3), recover(3, 1)],
               mode="3v3", current=4, hands={4: ["♠7 杀"], 2: ["♥3 桃"]}, hp={3: 1})
    out.bad("SGS-P006", 4)


def test_luanwu_ok_everyone_chooses(play):
    out = play(TABLE, [
        skill(4, "乱武"),
        lose_hp(5, 1),
        use(6, "♠7 杀", 5), damage(5, 1, 6, "♠7 杀"),
        lose_hp(1, 1),
        lose_hp(2, 1),
        lose_hp(3, 1),
    ], mode="3v3", current=4, hands={6: ["♠7 杀"]})
    out.ok()


def test_luanwu_bad_slash_not_nearest(play):
    out = play(TABLE, [skill(4, "乱武"), use(5, "♠7 杀", 3)], mode="3v3", current=4, hands={5: ["♠7 杀"]},
               equip={5: ["♠Q 丈八蛇矛"]})
    out.bad("SGS-P004", 3)


def test_luanwu_bad_twice(play):
    out = play(TABLE, [skill(4, "乱武"), lose_hp(5), lose_hp(6), lose_hp(1), lose_hp(2), lose_hp(3), skill(4, "乱武")],
               mode="3v3", current=4)
    out.bad("SGS-S002", 8)


def test_luanwu_bad_order(play):
    out = play(TABLE, [skill(4, "乱武"), lose_hp(6, 1), lose_hp(5, 1)], mode="3v3", current=4)
    out.bad("SGS-R001", 3)


def test_weimu_ok_red_trick(play):
    out = play(TABLE, [use(3, "♦A 决斗", 4), respond(4, "♠7 杀"), damage(3, 1, 4, "♦A 决斗")],
               mode="3v3", current=3, hands={3: ["♦A 决斗"], 4: ["♠7 杀"]})
    out.ok()


def test_weimu_bad_black_trick(play):
    out = play(TABLE, [use(3, "♠A 决斗", 4)], mode="3v3", current=3, hands={3: ["♠A 决斗"]})
    out.bad("SGS-P011", 2)


def test_weimu_bad_black_aoe_answered(play):
    out = play(TABLE, [use(3, "♠7 南蛮入侵", direction="ccw"), respond(4, "♠8 杀")], mode="3v3", current=3,
               hands={3: ["♠7 南蛮入侵"], 4: ["♠8 杀"]})
    out.bad("SGS-P006", 3)
    _ = recover


def test_luanwu_ok_a_rescue_is_not_the_rescuers_choice(play):
    # seat 1 is dying from seat 6's 杀 before its own turn to choose: its 桃 rescues, it is not its 乱武 use
    out = play(TABLE, [
        skill(4, "乱武"),
        lose_hp(5, 1),
        use(6, "♠7 杀", 1), damage(1, 1, 6, "♠7 杀"),
        {"type": "dying", "seat": 1},
        use(1, "♥3 桃", 1), recover(1, 1),
        use(1, "♠8 杀", 2), damage(2, 1, 1, "♠8 杀"),
        lose_hp(2, 1),
        lose_hp(3, 1),
    ], mode="3v3", current=4, hands={6: ["♠7 杀"], 1: ["♥3 桃", "♠8 杀"]}, hp={1: 1})
    out.ok()
