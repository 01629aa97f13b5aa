"""SGS-P006 no-demand: a response (or 闪 / 无懈可击 used) with nothing asking for it.

闪 is only ever an answer (to 杀 and 万箭齐发); 无懈可击 only counters a trick in resolution.
"""

from __future__ import annotations

from typing import Any

import pytest


def test_ok_jink_answers_slash(sgs: Any) -> None:
    sgs.identity([{"type": "use", "seat": 3, "card": "♠7 杀", "targets": [4]},
                  {"type": "respond", "seat": 4, "card": "♦2 闪"}], hands={3: ["♠7 杀"], 4: ["♦2 闪"]}).assert_clean()


def test_ok_jink_answers_archery(sgs: Any) -> None:
    sgs.identity([
        {"type": "use", "seat": 3, "card": "♥A 万箭齐发"},
        {"type": "respond", "seat": 4, "card": "♦2 闪"},
        {"type": "damage", "source": 3, "target": 5, "amount": 1, "card": "♥A 万箭齐发"},
        {"type": "respond", "seat": 1, "card": "♦3 闪"},
        {"type": "damage", "source": 3, "target": 2, "amount": 1, "card": "♥A 万箭齐发"},
    ], hands={3: ["♥A 万箭齐发"], 4: ["♦2 闪"], 1: ["♦3 闪"]}).assert_clean()


def test_ok_nullification_counters_a_trick(sgs: Any) -> None:
    sgs.identity([{"type": "use", "seat": 3, "card": "♠3 过河拆桥", "targets": [4]},
                  {"type": "use", "seat": 4, "card": "♠J 无懈可击"}], hands={3: ["♠3 过河拆桥"], 4: ["♠J 无懈可击", "♦2 闪"]}
                 ).assert_clean()


def test_flags_jink_used_in_the_play_phase(sgs: Any) -> None:
    out = sgs.identity([{"type": "use", "seat": 3, "card": "♦2 闪"}], hands={3: ["♦2 闪"]})
    out.assert_flags("SGS-P006", line=2, seat=3, only=True)


@pytest.mark.parametrize("card", ["♦2 闪", "♣2 杀"])
def test_flags_response_with_nothing_to_answer(sgs: Any, card: str) -> None:
    out = sgs.identity([{"type": "respond", "seat": 4, "card": card}], hands={4: [card]})
    out.assert_flags("SGS-P006", line=2, seat=4, only=True)


def test_flags_second_jink_after_the_slash_is_answered(sgs: Any) -> None:
    out = sgs.identity([{"type": "use", "seat": 3, "card": "♠7 杀", "targets": [4]},
                        {"type": "respond", "seat": 4, "card": "♦2 闪"},
                        {"type": "phase", "seat": 3, "phase": "discard"},
                        {"type": "respond", "seat": 4, "card": "♦3 闪"}], hands={3: ["♠7 杀"], 4: ["♦2 闪", "♦3 闪"]})
    out.assert_flags("SGS-P006", line=5)


def test_flags_jink_from_a_seat_not_targeted(sgs: Any) -> None:
    out = sgs.identity([{"type": "use", "seat": 3, "card": "♠7 杀", "targets": [4]},
                        {"type": "respond", "seat": 2, "card": "♦2 闪"}], hands={3: ["♠7 杀"], 2: ["♦2 闪"]})
    out.assert_flags("SGS-P006", line=3, seat=2)


def test_flags_nullification_with_nothing_in_resolution(sgs: Any) -> None:
    out = sgs.identity([{"type": "use", "seat": 3, "card": "♠J 无懈可击"}], hands={3: ["♠J 无懈可击"]})
    out.assert_flags("SGS-P006", line=2, only=True)


def test_flags_nullification_against_a_slash(sgs: Any) -> None:
    """杀 is a basic card, not a trick: 无懈可击 cannot counter it."""
    out = sgs.identity([{"type": "use", "seat": 3, "card": "♠7 杀", "targets": [4]},
                        {"type": "use", "seat": 4, "card": "♠J 无懈可击"},
                        {"type": "damage", "source": 3, "target": 4, "amount": 1, "card": "♠7 杀"}],
                       hands={3: ["♠7 杀"], 4: ["♠J 无懈可击"]})
    out.assert_flags("SGS-P006", line=3)
