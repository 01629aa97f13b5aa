"""SGS-H002 roster: each ruleset names the generals it allows."""

from __future__ import annotations

from typing import Any


def test_ok_roster_generals(sgs: Any) -> None:
    sgs.three_v_three([], current=None, phase=None).assert_clean()


def test_ok_wind_general_in_standard(sgs: Any) -> None:
    players = sgs.identity_players([("孙权", "lord"), ("夏侯渊", "loyalist"), ("黄忠", "rebel"), ("小乔", "rebel"),
                                    ("于吉", "renegade")])
    sgs.identity([], players=players).assert_clean()


def test_flags_general_outside_the_3v3_2013_pool(sgs: Any) -> None:
    seating = [("张辽", "cold", "vanguard"), ("孙权", "cold", "commander"), ("于吉", "cold", "vanguard"),
               ("黄盖", "warm", "vanguard"), ("刘备", "warm", "commander"), ("甄姬", "warm", "vanguard")]
    out = sgs.three_v_three([], players=sgs.players_3v3(seating), current=None, phase=None)
    assert "于吉" in out.assert_flags("SGS-H002", line=1, seat=3).message
