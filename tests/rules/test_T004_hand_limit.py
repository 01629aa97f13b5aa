"""SGS-T004 hand-limit: after the discard phase the hand holds at most current-HP cards."""

from __future__ import annotations

from typing import Any

import pytest

HAND = ["♠7 杀", "♣8 杀", "♦2 闪", "♦3 闪", "♥4 桃"]


def test_ok_discard_down_to_hp(sgs: Any) -> None:
    sgs.identity([
        {"type": "phase", "seat": 3, "phase": "discard"},
        {"type": "discard", "seat": 3, "cards": HAND[:3]},
        {"type": "phase", "seat": 3, "phase": "finish"},
        {"type": "turn", "seat": 4},
    ], hands={3: HAND}, hp={3: 2}).assert_clean()


def test_ok_within_limit(sgs: Any) -> None:
    sgs.identity([{"type": "phase", "seat": 3, "phase": "discard"}, {"type": "turn", "seat": 4}],
                 hands={3: HAND[:2]}, hp={3: 2}).assert_clean()


def test_ok_hp_one_keeps_one_card(sgs: Any) -> None:
    sgs.identity([{"type": "phase", "seat": 3, "phase": "discard"},
                  {"type": "discard", "seat": 3, "cards": HAND[:4]}, {"type": "turn", "seat": 4}],
                 hands={3: HAND}, hp={3: 1}).assert_clean()


@pytest.mark.parametrize("end", [{"type": "phase", "seat": 3, "phase": "finish"}, {"type": "turn_end", "seat": 3},
                                 {"type": "turn", "seat": 4}], ids=["finish", "turn_end", "next-turn"])
def test_flags_discard_phase_short(sgs: Any, end: dict[str, Any]) -> None:
    out = sgs.identity([
        {"type": "phase", "seat": 3, "phase": "discard"},
        {"type": "discard", "seat": 3, "cards": HAND[:2]},
        end,
    ], hands={3: HAND}, hp={3: 2})
    out.assert_flags("SGS-T004", line=4, seat=3)


def test_flags_no_discard_at_all(sgs: Any) -> None:
    out = sgs.identity([{"type": "phase", "seat": 3, "phase": "discard"}, {"type": "phase", "seat": 3, "phase": "finish"}],
                       hands={3: HAND}, hp={3: 4})
    out.assert_flags("SGS-T004", line=3)
