"""Competition rules (seed 004 一、1(2), 一、4, 二、4; seed 002 三): when time is up the game ends as the
current character's turn ends; the winner has more living characters, then less lost HP among the living
(max HP − HP), then fewer penalty points; still equal: overtime (3v3-2013: then the commanders compare
points) (SGS-3004). Three technical penalty points lose the game; a side may resign (SGS-O002)."""

from __future__ import annotations

import pytest

from .conftest import turn

MID_TURN = {"current": 3, "phase": "play", "acted": [3], "unit": {"side": "cold", "who": "vanguards", "order": [3, 1]},
            "next_unit": "warm"}
FINISH_3 = [{"type": "phase", "seat": 3, "phase": "discard"}, {"type": "turn_end", "seat": 3}]
TIME_UP = {"type": "time_up"}


def end(winner, reason="time_up"):
    return {"type": "game_end", "winner": winner, "reason": reason}


def test_time_up_lost_hp_decides(v3):
    # equal living characters; cold has lost 3 HP (seat 1: 2/4, seat 2: 4/5), warm 1 (seat 4: 3/4)
    hp = {1: 2, 2: 4, 4: 3}
    v3.game([TIME_UP, *FINISH_3, end("warm")], hp=hp, **MID_TURN).assert_clean()
    out = v3.game([TIME_UP, *FINISH_3, end("cold")], hp=hp, **MID_TURN)
    v = out.assert_only("SGS-3004", 5)
    assert v.kind == "outcome" and v.expected == "warm"


def test_time_up_living_characters_decide_first(v3):
    # cold lost a vanguard; warm lost more HP but has three living characters
    out = v3.game([TIME_UP, *FINISH_3, end("warm")], hp={4: 1, 5: 2, 6: 1}, dead=[1], **MID_TURN)
    out.assert_clean()


def test_time_up_penalty_points_decide_last(v3):
    events = [{"type": "penalty", "side": "cold", "points": 1, "reason": "talking"}, TIME_UP, *FINISH_3]
    v3.game([*events, end("warm")], **MID_TURN).assert_clean()
    v3.game([*events, end("cold")], **MID_TURN).assert_only("SGS-3004", 6)


def test_the_game_ends_when_the_current_turn_ends_not_before(v3):
    out = v3.game([TIME_UP, end("cold")], hp={4: 1}, **MID_TURN)
    v = out.assert_only("SGS-3004", 3)
    assert "turn" in v.message


def test_no_further_turn_after_time_up(v3):
    out = v3.game([TIME_UP, *FINISH_3, *turn(1), end("cold")], hp={4: 1}, **MID_TURN)
    out.assert_flags("SGS-O001", 5)


def test_time_up_between_turns_ends_the_game_at_once(v3):
    pos = {"current": None, "phase": None, "acted": [3, 1], "next_unit": "warm"}
    v3.game([TIME_UP, end("cold")], hp={4: 1}, **pos).assert_clean()
    v3.game([TIME_UP, *turn(5), end("cold")], hp={4: 1}, **pos).assert_flags("SGS-O001", 3)


def test_a_missing_game_end_after_time_up(v3):
    out = v3.game([TIME_UP, *FINISH_3], hp={4: 1}, **MID_TURN)
    out.assert_only("SGS-O003", 4)


@pytest.mark.parametrize("ruleset", ["3v3-2012", "3v3-2013"])
def test_an_even_position_goes_to_overtime(v3, ruleset):
    # everything equal: play goes on after the turn
    v3.game([TIME_UP, *FINISH_3, *turn(1), *turn(5)], ruleset=ruleset, **MID_TURN).assert_clean()
    out = v3.game([TIME_UP, *FINISH_3, end("cold")], ruleset=ruleset, **MID_TURN)
    v = out.assert_only("SGS-3004", 5)
    assert "overtime" in v.message


def test_overtime_ends_with_the_next_time_up(v3):
    overtime = [TIME_UP, *FINISH_3, *turn(1), {"type": "turn", "seat": 5}, TIME_UP,
                {"type": "phase", "seat": 5, "phase": "discard"}, {"type": "turn_end", "seat": 5}]
    # still even after overtime: 3v3-2012 (004) plays another overtime; 3v3-2013 (002) compares points
    v3.game([*overtime, end("warm", "point_compare")], ruleset="3v3-2013", **MID_TURN).assert_clean()
    v3.game([*overtime, end("cold", "point_compare")], ruleset="3v3-2013", **MID_TURN).assert_clean()
    v3.game([*overtime, end("warm")], ruleset="3v3-2012", **MID_TURN).assert_only("SGS-3004", 11)


def test_a_time_up_result_without_time_up_event(v3):
    pos = {"current": None, "phase": None, "acted": [3, 1], "next_unit": "warm"}
    v3.game([end("cold")], hp={4: 1}, **pos).assert_clean()
    v3.game([end("warm")], hp={4: 1}, **pos).assert_only("SGS-3004", 2)


def test_three_penalty_points_lose_the_game(v3):
    pens = [{"type": "penalty", "side": "warm", "points": 1, "reason": "gesture"},
            {"type": "penalty", "seat": 4, "points": 2, "reason": "talking"}]
    v3.game([*pens, end("cold", "penalty")], **MID_TURN).assert_clean()
    v3.game([*pens, end("warm", "penalty")], **MID_TURN).assert_only("SGS-O002", 4)
    v3.game([*pens, *FINISH_3, end("cold", "penalty")], **MID_TURN).assert_flags("SGS-O001", 4)


def test_two_penalty_points_do_not(v3):
    pens = [{"type": "penalty", "side": "warm", "points": 2, "reason": "talking"}]
    v3.game([*pens, end("cold", "penalty")], **MID_TURN).assert_only("SGS-O004", 3)


def test_resign(v3):
    v3.game([{"type": "resign", "side": "cold"}, end("warm", "resign")], **MID_TURN).assert_clean()
    v3.game([{"type": "resign", "side": "cold"}, end("cold", "resign")], **MID_TURN).assert_only("SGS-O002", 3)
    v3.game([{"type": "resign", "side": "cold"}, *FINISH_3, end("warm", "resign")], **MID_TURN).assert_flags("SGS-O001", 3)
