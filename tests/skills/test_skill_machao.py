"""马超: 马术, 铁骑."""

from skillkit import damage, judge, respond, skill, use

TABLE = ["马超", "张飞", "许褚", "黄盖", "孙权"]


def test_mashu_ok_reaches_distance_two(play):
    out = play(TABLE, [use(1, "♠7 杀", 3), damage(3, 1, 1, "♠7 杀")], hands={1: ["♠7 杀"]})
    out.ok()


def test_mashu_bad_only_one_step(play):
    out = play([*TABLE, "甘宁"], [use(1, "♠7 杀", 4)], hands={1: ["♠7 杀"]})
    out.bad("SGS-P002", 2)


def test_tieji_ok_red_cannot_be_dodged(play):
    out = play(TABLE, [
        use(1, "♠7 杀", 2),
        skill(1, "铁骑"),
        judge(1, "♥4 桃", "铁骑"),
        damage(2, 1, 1, "♠7 杀"),
    ], hands={1: ["♠7 杀"], 2: ["♦2 闪"]})
    out.ok()


def test_tieji_ok_black_can_be_dodged(play):
    out = play(TABLE, [
        use(1, "♠7 杀", 2),
        skill(1, "铁骑"),
        judge(1, "♣4 杀", "铁骑"),
        respond(2, "♦2 闪"),
    ], hands={1: ["♠7 杀"], 2: ["♦2 闪"]})
    out.ok()


def test_tieji_bad_dodged_after_red(play):
    out = play(TABLE, [
        use(1, "♠7 杀", 2),
        skill(1, "铁骑"),
        judge(1, "♥4 桃", "铁骑"),
        respond(2, "♦2 闪"),
    ], hands={1: ["♠7 杀"], 2: ["♦2 闪"]})
    out.bad("SGS-P010", 5)


def test_tieji_bad_without_slash(play):
    out = play(TABLE, [skill(1, "铁骑")])
    out.bad("SGS-S003", 2)


def test_tieji_ok_before_double_swords(play):
    """Seed 004 一、6: one player's skills at one moment: general skills before weapon skills."""
    out = play(["马超", "甄姬", "许褚", "黄盖"], [
        use(1, "♠7 杀", 2),
        skill(1, "铁骑"), judge(1, "♣4 杀", "铁骑"),
        skill(1, "雌雄双股剑"),
    ], hands={1: ["♠7 杀"]}, equip={1: ["♠2 雌雄双股剑"]})
    assert not [v for v in out.violations if v.kind == "resolution_order"], out.describe()


def test_tieji_bad_after_double_swords(play):
    out = play(["马超", "甄姬", "许褚", "黄盖"], [
        use(1, "♠7 杀", 2),
        skill(1, "雌雄双股剑"),
        skill(1, "铁骑"),
    ], hands={1: ["♠7 杀"]}, equip={1: ["♠2 雌雄双股剑"]})
    v = out.kind("resolution_order", 4)
    assert v.expected == "铁骑 (seat 1), 雌雄双股剑 (seat 1)"


def test_tieji_bad_after_the_jink(play):
    """铁骑: 当使用【杀】指定一名角色为目标后 — once the target has answered, the moment is past."""
    out = play(TABLE, [
        use(1, "♠7 杀", 2),
        respond(2, "♦2 闪"),
        skill(1, "铁骑"),
    ], hands={1: ["♠7 杀"], 2: ["♦2 闪"]})
    out.bad("SGS-S003", 4)


def test_double_swords_bad_after_the_jink(play):
    """雌雄双股剑 (指定目标后): used after the target's 闪 is out of its moment."""
    out = play(["马超", "甄姬", "许褚", "黄盖"], [
        use(1, "♠7 杀", 2),
        respond(2, "♦2 闪"),
        skill(1, "雌雄双股剑"),
    ], hands={1: ["♠7 杀"], 2: ["♦2 闪"]}, equip={1: ["♠2 雌雄双股剑"]})
    out.bad("SGS-S003", 4)
