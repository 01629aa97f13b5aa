"""SGS-O004 premature-end: `game_end` only when a victory condition holds (or a resignation / time-up)."""

from __future__ import annotations

from typing import Any

import pytest


@pytest.mark.parametrize("reason", ["resign", "time_up", "penalty"])
def test_ok_end_by_match_control(sgs: Any, reason: str) -> None:
    out = sgs.identity([{"type": "game_end", "winner": "lord", "reason": reason}])
    out.assert_not_flagged("SGS-O004")
    assert out.report.result == {"winner": "lord", "reason": reason}


def test_flags_lord_killed_while_alive(sgs: Any) -> None:
    out = sgs.identity([{"type": "game_end", "winner": "rebel", "reason": "lord_killed"}])
    out.assert_flags("SGS-O004", line=2, only=True)


def test_flags_rebels_dead_while_one_lives(sgs: Any) -> None:
    out = sgs.identity([{"type": "use", "seat": 1, "card": "♠7 杀", "targets": [5]},
                        {"type": "damage", "source": 1, "target": 5, "amount": 1, "card": "♠7 杀"},
                        {"type": "death", "seat": 5, "killer": 1},
                        {"type": "game_end", "winner": "lord", "reason": "rebels_and_renegades_dead"}],
                       hands={1: ["♠7 杀"]}, hp={5: 1}, dead=[4], current=1)
    out.assert_flags("SGS-O004", line=5)
