"""SGS-R003 rescue-order: 桃 for a dying character is asked from the current player onwards, in seat order.

Seat 3 (current) slashes seat 4 at 1 HP: the rescue order is 3, 4, 5, 1, 2.
"""

from __future__ import annotations

from typing import Any

HIT = [{"type": "use", "seat": 3, "card": "♠7 杀", "targets": [4]},
       {"type": "damage", "source": 3, "target": 4, "amount": 1, "card": "♠7 杀"}]
HANDS = {3: ["♠7 杀", "♥6 桃"], 4: ["♥7 桃"], 5: ["♥8 桃"], 1: ["♥3 桃"], 2: ["♥4 桃"]}


def _peach(seat: int) -> list[dict[str, Any]]:
    card = HANDS[seat][-1]
    return [{"type": "use", "seat": seat, "card": card, "targets": [4]},
            {"type": "recover", "seat": 4, "amount": 1, "card": card}]


def test_ok_rescue_by_a_later_seat(sgs: Any) -> None:
    sgs.identity([*HIT, *_peach(1)], hands=HANDS, hp={4: 1}).assert_clean()


def test_ok_rescue_by_the_current_player(sgs: Any) -> None:
    sgs.identity([*HIT, *_peach(3)], hands=HANDS, hp={4: 1}).assert_clean()


def test_ok_self_rescue(sgs: Any) -> None:
    sgs.identity([*HIT, *_peach(4)], hands=HANDS, hp={4: 1}).assert_clean()


LIGHTNING = [{"type": "turn", "seat": 4}, {"type": "phase", "seat": 4, "phase": "judge"},
             {"type": "judge", "seat": 4, "card": "♠9 杀", "reason": "闪电"},
             {"type": "damage", "target": 4, "amount": 3, "nature": "thunder"}]


def test_ok_two_peaches_in_order_from_the_dying_current_player(sgs: Any) -> None:
    """闪电 in seat 4's own turn: 4 is current, so the order is 4, 5, 1, 2, 3."""
    sgs.identity([*LIGHTNING, *_peach(5), *_peach(2)], hands=HANDS, hp={4: 2}, judge={4: ["♠A 闪电"]},
                 current=3, phase="finish").assert_clean()


def test_flags_two_peaches_in_reverse_order(sgs: Any) -> None:
    out = sgs.identity([*LIGHTNING, *_peach(2), *_peach(5)], hands=HANDS, hp={4: 2}, judge={4: ["♠A 闪电"]},
                       current=3, phase="finish")
    out.assert_flags("SGS-R003", line=8, seat=5)


def test_flags_earlier_seat_after_a_later_one(sgs: Any) -> None:
    out = sgs.identity([*HIT, {"type": "pass", "seat": 1}, *_peach(5)], hands=HANDS, hp={4: 1})
    out.assert_flags("SGS-R003", line=5, seat=5)


def test_flags_current_player_after_the_others(sgs: Any) -> None:
    out = sgs.identity([*HIT, {"type": "pass", "seat": 2}, *_peach(3)], hands=HANDS, hp={4: 1})
    out.assert_flags("SGS-R003", line=5, seat=3)
