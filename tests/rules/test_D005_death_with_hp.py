"""SGS-D005 death-with-hp: a character with HP above 0 cannot die; nobody dies twice."""

from __future__ import annotations

from typing import Any


def test_ok_death_at_zero(sgs: Any) -> None:
    sgs.identity([{"type": "lose_hp", "seat": 4, "amount": 1}, {"type": "death", "seat": 4}], hp={4: 1}).assert_clean()


def test_ok_death_below_zero(sgs: Any) -> None:
    sgs.identity([{"type": "lose_hp", "seat": 4, "amount": 3}, {"type": "death", "seat": 4}], hp={4: 1}).assert_clean()


def test_flags_death_with_hp(sgs: Any) -> None:
    out = sgs.identity([{"type": "death", "seat": 4, "killer": 3}], hp={4: 1})
    out.assert_flags("SGS-D005", line=2, seat=4)


def test_flags_death_after_rescue(sgs: Any) -> None:
    out = sgs.identity([{"type": "lose_hp", "seat": 4, "amount": 1},
                        {"type": "use", "seat": 4, "card": "♥3 桃", "targets": [4]},
                        {"type": "recover", "seat": 4, "amount": 1, "card": "♥3 桃"},
                        {"type": "death", "seat": 4}], hands={4: ["♥3 桃"]}, hp={4: 1})
    out.assert_flags("SGS-D005", line=5)


def test_flags_second_death(sgs: Any) -> None:
    out = sgs.identity([{"type": "death", "seat": 4}], dead=[4])
    out.assert_flags("SGS-D005", line=2, seat=4)


def test_flags_dying_with_hp(sgs: Any) -> None:
    out = sgs.identity([{"type": "dying", "seat": 4}], hp={4: 2})
    out.assert_flags("SGS-D005", line=2, seat=4)
