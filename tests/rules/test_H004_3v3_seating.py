"""SGS-H004 3v3-seating: cold vanguard, cold commander, cold vanguard, warm vanguard, warm commander, warm vanguard."""

from __future__ import annotations

from typing import Any


def test_ok_seating(sgs: Any) -> None:
    sgs.three_v_three([], current=None, phase=None).assert_clean()


def test_flags_commander_in_the_wrong_seat(sgs: Any) -> None:
    seating = [("孙权", "cold", "commander"), ("张辽", "cold", "vanguard"), ("甘宁", "cold", "vanguard"),
               ("黄盖", "warm", "vanguard"), ("刘备", "warm", "commander"), ("甄姬", "warm", "vanguard")]
    out = sgs.three_v_three([], players=sgs.players_3v3(seating), current=None, phase=None)
    out.assert_flags("SGS-H004", line=1)


def test_flags_sides_mixed(sgs: Any) -> None:
    seating = [("张辽", "cold", "vanguard"), ("孙权", "cold", "commander"), ("甘宁", "warm", "vanguard"),
               ("黄盖", "cold", "vanguard"), ("刘备", "warm", "commander"), ("甄姬", "warm", "vanguard")]
    out = sgs.three_v_three([], players=sgs.players_3v3(seating), current=None, phase=None)
    out.assert_flags("SGS-H004", line=1)
