"""SGS-H001 seats: the players list holds seats 1..n exactly once each."""

from __future__ import annotations

from typing import Any

import pytest


def test_ok_seats_in_any_order(sgs: Any) -> None:
    players = list(reversed(sgs.identity_players()))
    sgs.identity([{"type": "turn", "seat": 1}], players=players, start=False).assert_clean()


@pytest.mark.parametrize("seats", [[1, 1, 3, 4, 5], [1, 2, 3, 4, 6], [2, 3, 4, 5, 6]], ids=["duplicate", "gap", "from-2"])
def test_flags_bad_seat_numbers(sgs: Any, seats: list[int]) -> None:
    players = sgs.identity_players()
    for p, s in zip(players, seats, strict=True):
        p["seat"] = s
    out = sgs.identity([{"type": "turn", "seat": 1}], players=players, start=False)
    out.assert_flags("SGS-H001", line=1)
