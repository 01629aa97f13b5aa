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


def test_kuanggu_ok_two_damages_before_the_recoveries(sgs):
    """Two damages of 2 before his recoveries (the chain passes the first on at once), 3 HP lost: the
    second recovery is only what is still lost (1), as no recovery goes above max HP."""
    players = [{"seat": i, "name": f"P{i}", "general": g, "role": r} for i, (g, r) in enumerate(
        [("魏延", "lord"), ("张飞", "rebel"), ("许褚", "loyalist"), ("黄盖", "rebel"), ("华佗", "renegade")], start=1)]
    card = "♥4 火杀"
    out = sgs.identity([{"type": "use", "seat": 1, "card": "♠9 酒"},
                        {"type": "use", "seat": 1, "card": card, "targets": [2]},
                        {"type": "damage", "target": 2, "amount": 2, "source": 1, "card": card, "nature": "fire"},
                        {"type": "damage", "target": 5, "amount": 2, "source": 1, "card": card, "nature": "fire",
                         "chain": True},
                        {"type": "recover", "seat": 1, "amount": 2},
                        {"type": "recover", "seat": 1, "amount": 1},
                        {"type": "phase", "seat": 1, "phase": "discard"}],
                       players=players, ruleset="maneuvering", hands={1: ["♠9 酒", card]}, chained=[2, 5], current=1,
                       phase="play", hp={1: 2})  # max HP 5 (the lord): 3 lost
    out.assert_clean()
