"""SGS-3001: action units alternate between the sides; a side with no upright living character passes;
the cold commander chooses the side that acts first and the first unit of the game is a commander's
(seed 004 二、2(3), 3(1); seed 001 3V3规则 游戏流程)."""

from __future__ import annotations

from .conftest import turn, unit

ROUND_1 = [  # seed 000's worked example: warm commander, cold vanguards, warm vanguards, cold commander
    unit("warm"), *turn(5),
    unit("cold", "vanguards", [3, 1]), *turn(3), *turn(1),
    unit("warm", "vanguards", [4, 6]), *turn(4), *turn(6),
    unit("cold"), *turn(2),
]


def test_a_full_game_round_with_declared_units_is_clean(v3):
    out = v3.fresh([{"type": "first_action", "side": "warm"}, *ROUND_1,
                    unit("warm", "vanguards", [6, 4]), *turn(6), *turn(4), unit("cold"), *turn(2)])
    out.assert_clean()


def test_units_are_inferred_from_the_seats_when_not_logged(v3):
    out = v3.fresh([{"type": "first_action", "side": "warm"}, *turn(5), *turn(3), *turn(1), *turn(4), *turn(6),
                    *turn(2), *turn(4), *turn(6), *turn(2), *turn(5), *turn(1), *turn(3)])
    out.assert_clean()


def test_turn_end_may_be_omitted(v3):
    events = [{"type": "first_action", "side": "cold"}, {"type": "turn", "seat": 2}, {"type": "turn", "seat": 4},
              {"type": "turn", "seat": 6}, {"type": "turn", "seat": 1}, {"type": "turn", "seat": 3},
              {"type": "turn", "seat": 5}, {"type": "turn", "seat": 2}]
    v3.fresh(events).assert_clean()


def test_the_same_side_twice_in_a_row(v3):
    out = v3.fresh([{"type": "first_action", "side": "warm"}, unit("warm"), *turn(5),
                    unit("warm", "vanguards", [4, 6]), *turn(4), *turn(6)])
    v = out.assert_flags("SGS-3001", 6)
    assert "cold" in v.message and v.kind == "resolution_order"


def test_the_same_side_twice_without_action_unit_events(v3):
    out = v3.fresh([*turn(5), *turn(4)])
    v = out.assert_flags("SGS-3001", 4, seat=4)
    assert "cold side" in v.message


def test_the_first_unit_of_the_game_is_a_commander(v3):
    out = v3.fresh([{"type": "first_action", "side": "warm"}, *turn(4)])
    v = out.assert_flags("SGS-3001", 3, seat=4)
    assert v.expected == "seat 5"


def test_the_first_unit_declared_as_vanguards(v3):
    v3.fresh([{"type": "first_action", "side": "cold"}, unit("cold", "vanguards", [1, 3])]).assert_flags("SGS-3001", 3)


def test_the_first_unit_belongs_to_the_side_the_cold_commander_chose(v3):
    out = v3.fresh([{"type": "first_action", "side": "warm"}, *turn(2)])
    out.assert_flags("SGS-3001", 3, seat=2)


def test_without_first_action_either_commander_may_open(v3):
    v3.fresh([*turn(2), *turn(5), *turn(1), *turn(3)]).assert_clean()


def test_first_action_after_the_game_began(v3):
    v3.fresh([*turn(2), {"type": "first_action", "side": "warm"}]).assert_flags("SGS-3001", 4)


def test_game_start_from_a_position_round_1(v3):
    out = v3.game([*turn(4)], current=None, phase=None, round=1, acted=[], next_unit="warm")
    out.assert_flags("SGS-3001", 2, seat=4)


def test_a_side_with_every_card_sideways_passes(v3):
    # cold has acted completely; warm's vanguards still upright: warm acts again
    out = v3.game([unit("warm", "vanguards", [4, 6]), *turn(4), *turn(6)],
                  current=None, phase=None, acted=[1, 2, 3, 5], next_unit="cold")
    out.assert_clean()


def test_passing_to_the_other_side_when_this_side_still_has_upright_cards(v3):
    out = v3.game([unit("warm", "vanguards", [4, 6])], current=None, phase=None, acted=[2, 5], next_unit="cold")
    v = out.assert_flags("SGS-3001", 2)
    assert "cold" in v.message


def test_a_side_whose_only_upright_characters_are_dead_passes(v3):
    # warm's vanguards are dead and its commander has acted: cold acts on
    out = v3.game([*turn(1), *turn(3)], current=None, phase=None, dead=[4, 6], acted=[2, 5], next_unit="warm")
    out.assert_clean()


def test_a_dead_characters_upright_card_does_not_hold_the_reset(v3):
    # after seat 2's turn every living card is sideways: all reset, warm (next in alternation) acts
    out = v3.game([*turn(2), *turn(5)], current=None, phase=None, dead=[4, 6], acted=[1, 3, 5], next_unit="cold")
    out.assert_clean()


def test_after_the_reset_the_alternation_goes_on(v3):
    # the last unit of the round was cold's: the new round starts with warm
    out = v3.fresh([{"type": "first_action", "side": "warm"}, *ROUND_1, *turn(2)])
    v = out.assert_flags("SGS-3001", len(ROUND_1) + 3, seat=2)
    assert "warm" in v.message


def test_a_character_acts_twice_in_one_round(v3):
    out = v3.game([*turn(5)], current=None, phase=None, acted=[1, 3, 5], next_unit="warm")
    v = out.assert_flags("SGS-3001", 2, seat=5)
    assert "already acted" in v.message or "cold" in v.message


def test_start_unit_and_next_unit_are_honoured(v3):
    # seat 3 is in its turn of the cold vanguards' unit [3, 1]; seat 1 follows; then warm
    out = v3.game([{"type": "turn_end", "seat": 3}, *turn(1), *turn(5)],
                  current=3, phase="play", acted=[3], unit={"side": "cold", "who": "vanguards", "order": [3, 1]},
                  next_unit="warm")
    out.assert_clean()


def test_start_next_unit_violated(v3):
    out = v3.game([{"type": "turn_end", "seat": 5}, *turn(4)], current=5, phase="play", acted=[5],
                  unit={"side": "warm", "who": "commander"}, next_unit="cold")
    out.assert_flags("SGS-3001", 3, seat=4)


def test_start_without_unit_infers_it_from_the_current_seat(v3):
    # seat 4 is acting; without `unit` its partner seat 6 still acts before cold
    out = v3.game([{"type": "turn_end", "seat": 4}, *turn(6), *turn(2)], current=4, phase="play", acted=[4])
    out.assert_clean()


def test_first_action_in_a_log_that_starts_before_the_first_turn(v3):
    # a position without `round`: the logged first_action shows the game has not begun
    out = v3.game([{"type": "first_action", "side": "cold"}, *turn(1)], current=None, phase=None)
    out.assert_flags("SGS-3001", 3, seat=1)
    v3.game([{"type": "first_action", "side": "cold"}, *turn(2)], current=None, phase=None).assert_clean()
