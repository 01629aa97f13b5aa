"""典韦: 强袭 (火; ../shared/reference/fire/fire_skills.csv)."""

from skillkit import HEG, damage, lose_hp, phase, skill

TABLE = ["刘备", "典韦", "许褚", "黄盖"]
RS = "maneuvering"


def test_qiangxi_ok_loses_hp(play):
    """强袭: 出牌阶段，你可以自减1点体力 … 然后对你攻击范围内的一名角色造成1点伤害 (自减 = 失去体力, notes)."""
    out = play(TABLE, [skill(2, "强袭", targets=[3]), lose_hp(2, 1), damage(3, 1, 2)], current=2, ruleset=RS)
    out.ok()


def test_qiangxi_ok_discards_equipped_weapon(play):
    """强袭: … 或弃一张武器牌 (notes: the weapon may be the equipped one or in hand)."""
    out = play(TABLE, [skill(2, "强袭", targets=[1], cards=["♠6 青釭剑"]), damage(1, 1, 2)], current=2, ruleset=RS,
               equip={2: ["♠6 青釭剑"]})
    out.ok()


def test_qiangxi_ok_weapon_in_hand(play):
    """强袭: … 弃一张武器牌 (a weapon held in the hand qualifies, notes)."""
    out = play(TABLE, [skill(2, "强袭", targets=[3], cards=["♣A 诸葛连弩"]), damage(3, 1, 2)], current=2, ruleset=RS,
               hands={2: ["♣A 诸葛连弩"]})
    out.ok()


def test_qiangxi_bad_twice_in_a_turn(play):
    """强袭: 每回合限用一次."""
    out = play(TABLE, [skill(2, "强袭", targets=[3]), lose_hp(2, 1), damage(3, 1, 2),
                       skill(2, "强袭", targets=[3]), lose_hp(2, 1), damage(3, 1, 2)], current=2, ruleset=RS)
    out.bad("SGS-S002", 5)


def test_qiangxi_bad_not_a_weapon(play):
    """强袭: … 弃一张武器牌 (an armour does not qualify)."""
    out = play(TABLE, [skill(2, "强袭", targets=[3], cards=["♠2 八卦阵"]), damage(3, 1, 2)], current=2, ruleset=RS,
               equip={2: ["♠2 八卦阵"]})
    out.bad("SGS-S004", 2)


def test_qiangxi_bad_out_of_range(play):
    """强袭: … 对你攻击范围内的一名角色 (seat 4 is at distance 2, range 1)."""
    out = play(TABLE, [skill(2, "强袭", targets=[4]), lose_hp(2, 1), damage(4, 1, 2)], current=2, ruleset=RS)
    out.bad("SGS-S004", 2)


def test_qiangxi_bad_no_hp_lost(play):
    """强袭: 自减1点体力或弃一张武器牌, 然后 … 造成1点伤害: with no card discarded, the HP loss comes first."""
    out = play(TABLE, [skill(2, "强袭", targets=[3]), damage(3, 1, 2)], current=2, ruleset=RS)
    out.bad("SGS-S006", 3)


def test_qiangxi_bad_outside_play_phase(play):
    """强袭: 出牌阶段."""
    out = play(TABLE, [skill(2, "强袭", targets=[3]), lose_hp(2, 1), damage(3, 1, 2)], current=2, phase="discard", ruleset=RS)
    out.bad("SGS-S003", 2)


def test_qiangxi_ok_2013_counts_per_play_phase(play):
    """强袭 (2013 wording): 阶段技 — with ``skill_limit_scope = "play_phase"`` (freekill-maneuvering) the
    limit is per play phase; one use in this play phase is clean."""
    out = play(TABLE, [skill(2, "强袭", targets=[3]), lose_hp(2, 1), damage(3, 1, 2)], current=2,
               ruleset="freekill-maneuvering")
    out.ok()


TWO_PLAY_PHASES = [skill(2, "强袭", targets=[3]), lose_hp(2, 1), damage(3, 1, 2),
                   phase(2, "discard"), phase(2, "play"),  # a second play phase in the same turn
                   skill(2, "强袭", targets=[3]), lose_hp(2, 1), damage(3, 1, 2)]


def test_qiangxi_bad_2010_once_per_turn_across_play_phases(play):
    """强袭 (2010 card): 每回合限用一次 — 'per turn' and 'per play phase' differ only with two play phases (notes)."""
    out = play(TABLE, TWO_PLAY_PHASES, current=2, ruleset=RS)
    out.bad("SGS-S002", 7)


def test_qiangxi_ok_2013_text_once_per_play_phase(play, tmp_path):
    """强袭 (2013 text): 阶段技 — once in each play phase (``[skill_versions] qiangxi = "2013"``)."""
    p = tmp_path / "house.toml"
    p.write_text('inherits = "maneuvering"\nname = "house"\n[skill_versions]\nqiangxi = "2013"\n', encoding="utf-8")
    out = play(TABLE, TWO_PLAY_PHASES, current=2, ruleset=str(p))
    assert not [v for v in out.violations if v.rule == "SGS-S002"], out.describe()


def test_qiangxi_ok_heg_once_per_play_phase(play):
    """國戰 强袭: 出牌阶段限一次 — once in each play phase (a second play phase is itself out of order here: SGS-T002)."""
    heg = play(TABLE, TWO_PLAY_PHASES, current=2, ruleset=HEG)
    assert {v.rule for v in heg.violations} == {"SGS-T002"}, heg.describe()  # only the second play phase


def test_qiangxi_bad_heg_twice_in_a_play_phase(play):
    out = play(TABLE, [skill(2, "强袭", targets=[3]), lose_hp(2, 1), damage(3, 1, 2), skill(2, "强袭", targets=[3])],
               current=2, ruleset=HEG)
    out.bad("SGS-S002", 5)
