"""3v3 set-up: the seating of spec §2 (SGS-H004), the commander's +1 HP and max HP, no lord skills
(SGS-S005) and each ruleset's roster (SGS-H002), with 3v3-2013's revised generals."""

from __future__ import annotations

from .conftest import SEATING, players


def test_the_standard_seating_is_clean(v3):
    v3.fresh([]).assert_clean()


def test_commander_and_vanguard_swapped(v3):
    swapped = list(SEATING)
    swapped[0], swapped[1] = ("孙权", "cold", "commander"), ("张辽", "cold", "vanguard")
    out = v3.fresh([], players=players(swapped))
    out.assert_flags("SGS-H004", 1, seat=1)


def test_sides_mixed_up(v3):
    mixed = list(SEATING)
    mixed[3] = ("黄盖", "cold", "vanguard")
    v3.fresh([], players=players(mixed)).assert_flags("SGS-H004", 1)


def test_the_commander_has_one_more_hp_and_max_hp(v3):
    # 刘备 (4) commands: 5/5; at 4 HP he may drink a 桃 in his play phase
    peach = [{"type": "use", "seat": 5, "card": "♥3 桃"}, {"type": "recover", "seat": 5, "amount": 1}]
    v3.game(peach, current=5, hands={5: ["♥3 桃"]}, hp={5: 4}, acted=[5]).assert_clean()
    # at the default (5/5) he may not
    v3.game(peach, current=5, hands={5: ["♥3 桃"]}, acted=[5]).assert_flags("SGS-P005", 2, seat=5)


def test_a_vanguard_has_no_bonus(v3):
    peach = [{"type": "use", "seat": 4, "card": "♥3 桃"}, {"type": "recover", "seat": 4, "amount": 1}]
    v3.game(peach, current=4, hands={4: ["♥3 桃"]}, hp={4: 4}, acted=[4]).assert_flags("SGS-P005", 2, seat=4)


def test_from_the_deal_the_commander_starts_at_full_hp(v3):
    deal = [{"type": "draw", "seat": 5, "cards": ["♥3 桃", "♥4 桃", "♠7 杀", "♠8 杀"], "reason": "initial"}]
    peach = [{"type": "use", "seat": 5, "card": "♥3 桃"}]
    out = v3.fresh([*deal, {"type": "turn", "seat": 5}, {"type": "phase", "seat": 5, "phase": "play"}, *peach])
    v = out.assert_only("SGS-P005", 5)
    assert "5/5" in v.message


def test_no_lord_skills_in_3v3(v3):
    out = v3.game([{"type": "skill", "seat": 5, "skill": "激将"}], current=5, acted=[5])
    v = out.assert_flags("SGS-S005", 2, seat=5)
    assert v.kind == "illegal_play"


def test_the_commanders_own_skills_remain(v3):
    out = v3.game([{"type": "skill", "seat": 2, "skill": "制衡", "cards": ["♠7 杀"]},
                   {"type": "draw", "seat": 2, "cards": ["♥2 闪"], "reason": "skill", "skill": "制衡"}],
                  current=2, hands={2: ["♠7 杀"]}, acted=[2])
    out.assert_clean()


def test_a_general_outside_the_2013_roster(v3):
    outside = list(SEATING)
    outside[0] = ("许褚", "cold", "vanguard")  # 000 武将修改 3: removed in 2013
    v3.fresh([], players=players(outside)).assert_flags("SGS-H002", 1, seat=1)


def test_a_2013_general_in_the_2012_roster(v3):
    newer = list(SEATING)
    newer[5] = ("贾诩", "warm", "vanguard")
    v3.fresh([], players=players(newer), ruleset="3v3-2012").assert_flags("SGS-H002", 1, seat=6)
    v3.fresh([], players=players(newer), ruleset="3v3-2013").assert_clean()


def test_the_2010_roster_holds_the_wind_generals_but_no_gods(v3):
    wind = list(SEATING)
    wind[0] = ("魏延", "cold", "vanguard")
    v3.fresh([], players=players(wind), ruleset="3v3-2010").assert_clean()
    wind[0] = ("神关羽", "cold", "vanguard")
    v3.fresh([], players=players(wind), ruleset="3v3-2011").assert_flags("SGS-H002", 1, seat=1)


def test_plain_guanyu_means_the_revised_guanyu_in_2013(v3):
    lineup = list(SEATING)
    lineup[0] = ("关羽", "cold", "vanguard")
    loyal = [{"type": "skill", "seat": 1, "skill": "忠义", "cards": ["♥10 杀"]}]
    out = v3.game(loyal, players=players(lineup), current=1, hands={1: ["♥10 杀"]}, acted=[1])
    assert "SGS-S001" not in out.rules, out.describe()
    out = v3.game(loyal, players=players(lineup), ruleset="3v3-2012", current=1, hands={1: ["♥10 杀"]}, acted=[1])
    out.assert_flags("SGS-S001", 2, seat=1)
