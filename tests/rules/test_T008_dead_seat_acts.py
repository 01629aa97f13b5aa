"""SGS-T008 dead-seat-acts: a dead character takes no turn, uses no card and invokes no skill."""

from __future__ import annotations

from typing import Any


def test_ok_living_seats_act(sgs: Any) -> None:
    sgs.identity([{"type": "turn", "seat": 5}], dead=[4], current=3, phase="finish").assert_clean()


def test_flags_turn_of_a_dead_seat(sgs: Any) -> None:
    out = sgs.identity([{"type": "turn", "seat": 4}], dead=[4], current=3, phase="finish")
    out.assert_flags("SGS-T008", line=2, seat=4)


def test_flags_dead_seat_uses_a_card(sgs: Any) -> None:
    out = sgs.identity([{"type": "use", "seat": 4, "card": "♠7 杀", "targets": [3]}], dead=[4], current=4)
    out.assert_flags("SGS-T008", line=2, seat=4)


def test_flags_dead_seat_invokes_a_skill(sgs: Any) -> None:
    out = sgs.identity([{"type": "skill", "seat": 4, "skill": "苦肉"}], dead=[4])
    out.assert_flags("SGS-T008", line=2, seat=4)


def test_flags_seat_acts_after_its_death(sgs: Any) -> None:
    out = sgs.identity([
        {"type": "use", "seat": 3, "card": "♠7 杀", "targets": [4]},
        {"type": "damage", "source": 3, "target": 4, "amount": 1, "card": "♠7 杀"},
        {"type": "death", "seat": 4, "killer": 3},
        {"type": "draw", "seat": 3, "cards": ["♣3 杀", "♦4 闪", "♥7 无中生有"], "reason": "reward"},
        {"type": "phase", "seat": 3, "phase": "discard"},
        {"type": "turn", "seat": 4},
    ], hands={3: ["♠7 杀"]}, hp={4: 1})
    out.assert_flags("SGS-T008", line=7, seat=4)
