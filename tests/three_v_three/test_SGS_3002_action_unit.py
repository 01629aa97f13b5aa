"""SGS-3002: a unit is the commander alone, or both living vanguards one after the other in the declared
order; a unit only takes upright characters (seed 004 二、3(1)b, 名词解释 13; seed 001 3V3规则 游戏流程 3)."""

from __future__ import annotations

from .conftest import turn, unit

OPEN = {"current": None, "phase": None, "round": 1, "acted": [], "next_unit": "warm"}


def test_vanguards_act_one_after_the_other_in_the_declared_order(v3):
    out = v3.game([unit("warm"), *turn(5), unit("cold", "vanguards", [1, 3]), *turn(1), *turn(3)], **OPEN)
    out.assert_clean()


def test_the_other_side_acts_between_the_two_vanguards(v3):
    out = v3.game([unit("warm"), *turn(5), unit("cold", "vanguards", [3, 1]), *turn(3),
                   unit("warm", "vanguards", [4, 6]), *turn(4)], **OPEN)
    v = out.assert_flags("SGS-3002", 8)
    assert "seat 1" in v.message and v.kind == "resolution_order"


def test_the_other_side_acts_between_the_two_vanguards_without_unit_events(v3):
    out = v3.game([*turn(5), *turn(3), *turn(4)], **OPEN)
    v = out.assert_flags("SGS-3002", 6, seat=4)
    assert v.expected == "seat 1"


def test_the_vanguards_act_in_another_order_than_declared(v3):
    out = v3.game([unit("warm"), *turn(5), unit("cold", "vanguards", [3, 1]), *turn(1)], **OPEN)
    out.assert_flags("SGS-3002", 6, seat=1)


def test_the_commander_unit_when_the_commander_has_acted(v3):
    out = v3.game([unit("warm")], current=None, phase=None, acted=[5, 1, 3], next_unit="warm")
    v = out.assert_flags("SGS-3002", 2)
    assert "already acted" in v.message


def test_a_vanguard_unit_must_take_both_living_vanguards(v3):
    out = v3.game([unit("warm"), *turn(5), unit("cold", "vanguards", [3])], **OPEN)
    v = out.assert_flags("SGS-3002", 5)
    assert v.expected == "[1, 3]"


def test_a_vanguard_unit_of_the_single_living_vanguard(v3):
    out = v3.game([unit("warm"), *turn(5), unit("cold", "vanguards", [3]), *turn(3)],
                  current=None, phase=None, round=1, acted=[], next_unit="warm", dead=[1])
    out.assert_clean()


def test_a_vanguard_killed_before_his_turn_drops_out_of_the_unit(v3):
    # warm seat 4 dies in cold seat 3's turn; seat 1 still follows; then warm's unit is seat 6 alone
    events = [
        unit("cold", "vanguards", [3, 1]), {"type": "turn", "seat": 3},
        {"type": "phase", "seat": 3, "phase": "play"},
        {"type": "use", "seat": 3, "card": "♠7 杀", "targets": [4]},
        {"type": "damage", "source": 3, "target": 4, "amount": 1, "card": "♠7 杀"},
        {"type": "death", "seat": 4, "killer": 3},
        {"type": "turn_end", "seat": 3}, *turn(1), *turn(6),
    ]
    out = v3.game(events, current=None, phase=None, acted=[2, 5], next_unit="cold", hands={3: ["♠7 杀"]}, hp={4: 1})
    out.assert_clean()
    # a unit that names the dead vanguard
    out = v3.game([*events[:-4], *turn(1), unit("warm", "vanguards", [4, 6])],
                  current=None, phase=None, acted=[2, 5], next_unit="cold", hands={3: ["♠7 杀"]}, hp={4: 1})
    out.assert_only("SGS-3002", 11)


def test_a_unit_declared_while_the_previous_one_is_open(v3):
    out = v3.game([unit("warm", "vanguards", [4, 6])], current=3, phase="play", acted=[3],
                  unit={"side": "cold", "who": "vanguards", "order": [3, 1]}, next_unit="warm")
    out.assert_flags("SGS-3002", 2)
