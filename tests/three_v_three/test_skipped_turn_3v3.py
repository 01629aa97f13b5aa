"""A skipped turn (据守) in 3v3: when the character's turn comes in its action unit, the turn does not
take place and its identity card turns sideways, as if it had acted (docs/conflicts.md, "A skipped turn
in 3v3": the rulebooks do not say how 跳过你的下回合 fits the action units)."""

from __future__ import annotations

from .conftest import players, turn, unit

# seat 3 is 曹仁, a cold vanguard
SEATING = (
    ("张辽", "cold", "vanguard"), ("孙权", "cold", "commander"), ("曹仁", "cold", "vanguard"),
    ("黄盖", "warm", "vanguard"), ("刘备", "warm", "commander"), ("甄姬", "warm", "vanguard"),
)
JUSHOU = [
    {"type": "phase", "seat": 3, "phase": "finish"},
    {"type": "skill", "seat": 3, "skill": "据守"},
    {"type": "draw", "seat": 3, "cards": ["♦2 闪", "♦3 闪", "♦4 闪"], "reason": "skill", "skill": "据守"},
    {"type": "turn_end", "seat": 3},
]
# seat 3 ends its turn with 据守; every other character but seat 1 has acted this round
POS = {"current": 3, "phase": "discard", "round": 1, "acted": [2, 3, 4, 5, 6],
       "unit": {"side": "cold", "who": "vanguards", "order": [3, 1]}, "next_unit": "warm"}


def _game(v3, events, ruleset="3v3-2010"):
    return v3.game([*JUSHOU, *events], players=players(SEATING), ruleset=ruleset, **POS)


def test_ok_the_skipped_turn_is_spent_in_the_vanguard_unit(v3):
    # round 2: warm commander, then the cold vanguards [3, 1]: seat 3's turn is skipped, seat 1 acts
    out = _game(v3, [*turn(1), unit("warm"), *turn(5), unit("cold", "vanguards", [3, 1]), *turn(1),
                     unit("warm", "vanguards", [4, 6]), *turn(4), *turn(6), unit("cold"), *turn(2),
                     # round 3: seat 3 acts again
                     unit("warm"), *turn(5), unit("cold", "vanguards", [1, 3]), *turn(1), *turn(3)])
    out.assert_clean()


def test_ok_the_skipped_vanguard_last_in_its_unit(v3):
    out = _game(v3, [*turn(1), unit("warm"), *turn(5), unit("cold", "vanguards", [1, 3]), *turn(1),
                     unit("warm", "vanguards", [4, 6]), *turn(4), *turn(6), unit("cold"), *turn(2)])
    out.assert_clean()


def test_ok_in_every_3v3_version(v3):
    for ruleset in ("3v3-2010", "3v3-2011"):
        out = _game(v3, [*turn(1), unit("warm"), *turn(5), unit("cold", "vanguards", [3, 1]), *turn(1)],
                    ruleset=ruleset)
        out.assert_clean()


def test_flags_the_skipped_character_taking_its_turn(v3):
    out = _game(v3, [*turn(1), unit("warm"), *turn(5), unit("cold", "vanguards", [3, 1]), *turn(3)])
    v = out.assert_flags("SGS-T007", 12, seat=3)
    assert "skipped" in v.message


def test_flags_the_spent_turn_taken_later_in_the_round(v3):
    # the skipped vanguard's card is sideways: the cold side's next unit can only be its commander
    out = _game(v3, [*turn(1), unit("warm"), *turn(5), unit("cold", "vanguards", [1, 3]), *turn(1),
                     unit("warm", "vanguards", [4, 6]), *turn(4), *turn(6), unit("cold", "vanguards", [3])])
    out.assert_flags("SGS-3002", 19)
