"""魏延: 狂骨 (locked: the recovery follows by itself)."""

from skillkit import damage, recover, skill, use

TABLE = ["魏延", "张飞", "许褚", "黄盖"]


def test_kuanggu_ok_heals_after_close_damage(play):
    out = play(TABLE, [use(1, "♠7 杀", 2), damage(2, 1, 1, "♠7 杀"), recover(1, 1)],
               hands={1: ["♠7 杀"]}, hp={1: 3})
    out.ok()


def test_kuanggu_ok_announced(play):
    out = play(TABLE, [use(1, "♠7 杀", 2), damage(2, 1, 1, "♠7 杀"), skill(1, "狂骨"), recover(1, 1)],
               hands={1: ["♠7 杀"]}, hp={1: 3})
    out.ok()


def test_kuanggu_ok_full_hp_nothing(play):
    out = play(TABLE, [use(1, "♠7 杀", 2), damage(2, 1, 1, "♠7 杀"), use(1, "♥7 无中生有")],
               hands={1: ["♠7 杀", "♥7 无中生有"]})
    out.ok()


def test_kuanggu_bad_recovery_missing(play):
    out = play(TABLE, [use(1, "♠7 杀", 2), damage(2, 1, 1, "♠7 杀"), use(1, "♥7 无中生有")],
               hands={1: ["♠7 杀", "♥7 无中生有"]}, hp={1: 3})
    out.bad("SGS-S006", 4)


def test_kuanggu_bad_far_target(play):
    out = play(TABLE, [use(1, "♠7 杀", 3), damage(3, 1, 1, "♠7 杀"), skill(1, "狂骨")],
               hands={1: ["♠7 杀"]}, equip={1: ["♠6 青釭剑"]}, hp={1: 3})
    out.bad("SGS-S003", 4)
