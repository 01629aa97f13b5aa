"""SGS-T001 turn-order: turns go from the lord in next-seat order, skipping the dead."""

from __future__ import annotations

from typing import Any

FINISH = {"current": 3, "phase": "finish"}


def test_ok_next_seat(sgs: Any) -> None:
    sgs.identity([{"type": "turn", "seat": 4}, {"type": "turn_end", "seat": 4}, {"type": "turn", "seat": 5},
                  {"type": "turn", "seat": 1}], **FINISH).assert_clean()


def test_ok_dead_seat_is_skipped(sgs: Any) -> None:
    sgs.identity([{"type": "turn", "seat": 5}], dead=[4], **FINISH).assert_clean()


def test_ok_first_turn_is_the_lords(sgs: Any) -> None:
    sgs.identity([{"type": "turn", "seat": 1}], start=False).assert_clean()
    sgs.identity([{"type": "turn", "seat": 1}], current=None, phase=None, round=1).assert_clean()


def test_flags_skipped_seat(sgs: Any) -> None:
    sgs.identity([{"type": "turn", "seat": 5}], **FINISH).assert_flags("SGS-T001", line=2, seat=5)


def test_flags_reverse_order(sgs: Any) -> None:
    sgs.identity([{"type": "turn", "seat": 2}], **FINISH).assert_flags("SGS-T001", line=2)


def test_flags_first_turn_not_the_lords(sgs: Any) -> None:
    sgs.identity([{"type": "turn", "seat": 3}], start=False).assert_flags("SGS-T001", line=2)


def test_flags_phase_of_another_seat(sgs: Any) -> None:
    out = sgs.identity([{"type": "turn", "seat": 4}, {"type": "phase", "seat": 5, "phase": "draw"}], **FINISH)
    out.assert_flags("SGS-T001", line=3)


def test_flags_turn_end_of_another_seat(sgs: Any) -> None:
    out = sgs.identity([{"type": "turn", "seat": 4}, {"type": "turn_end", "seat": 3}], **FINISH)
    out.assert_flags("SGS-T001", line=3)


def test_flags_wrong_order_reported_once(sgs: Any) -> None:
    """After a wrong turn the order continues from the seat that played (one mistake, one report)."""
    out = sgs.identity([{"type": "turn", "seat": 5}, {"type": "turn", "seat": 1}, {"type": "turn", "seat": 2}], **FINISH)
    out.assert_flags("SGS-T001", line=2)
    assert [v.line for v in out.violations] == [2]
