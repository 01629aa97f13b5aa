"""SGS-T005 discard-too-many: the discard phase discards only the excess over the hand limit."""

from __future__ import annotations

from typing import Any

HAND = ["♠7 杀", "♣8 杀", "♦2 闪", "♦3 闪", "♥4 桃"]


def test_ok_exact_excess(sgs: Any) -> None:
    sgs.identity([{"type": "phase", "seat": 3, "phase": "discard"}, {"type": "discard", "seat": 3, "cards": HAND[:2]}],
                 hands={3: HAND}, hp={3: 3}).assert_clean()


def test_ok_discard_in_two_events(sgs: Any) -> None:
    sgs.identity([{"type": "phase", "seat": 3, "phase": "discard"}, {"type": "discard", "seat": 3, "cards": HAND[:1]},
                  {"type": "discard", "seat": 3, "cards": HAND[1:2]}], hands={3: HAND}, hp={3: 3}).assert_clean()


def test_flags_one_too_many(sgs: Any) -> None:
    out = sgs.identity([{"type": "phase", "seat": 3, "phase": "discard"},
                        {"type": "discard", "seat": 3, "cards": HAND[:3]}], hands={3: HAND}, hp={3: 3})
    out.assert_flags("SGS-T005", line=3, seat=3)


def test_flags_discard_within_the_limit(sgs: Any) -> None:
    out = sgs.identity([{"type": "phase", "seat": 3, "phase": "discard"},
                        {"type": "discard", "seat": 3, "cards": HAND[:1]}], hands={3: HAND[:2]}, hp={3: 4})
    out.assert_flags("SGS-T005", line=3)
