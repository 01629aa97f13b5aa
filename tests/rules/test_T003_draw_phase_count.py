"""SGS-T003 draw-phase-count: the draw phase draws exactly two cards unless a skill changes it."""

from __future__ import annotations

from typing import Any

import pytest

FINISH = {"current": 3, "phase": "finish"}


def _turn(*draws: list[str], then: str = "play") -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = [{"type": "turn", "seat": 4}, {"type": "phase", "seat": 4, "phase": "draw"}]
    out += [{"type": "draw", "seat": 4, "cards": d, "reason": "phase"} for d in draws]
    out.append({"type": "phase", "seat": 4, "phase": then})
    return out


def test_ok_two_cards(sgs: Any) -> None:
    sgs.identity(_turn(["♣3 杀", "♦4 闪"]), **FINISH).assert_clean()


def test_ok_two_cards_in_two_events(sgs: Any) -> None:
    sgs.identity(_turn(["♣3 杀"], ["♦4 闪"]), **FINISH).assert_clean()


def test_ok_draw_phase_not_logged(sgs: Any) -> None:
    sgs.identity([{"type": "turn", "seat": 4}, {"type": "draw", "seat": 4, "cards": ["♣3 杀", "♦4 闪"], "reason": "phase"},
                  {"type": "phase", "seat": 4, "phase": "play"}], **FINISH).assert_clean()


def test_ok_skipped_draw_phase(sgs: Any) -> None:
    sgs.identity([{"type": "turn", "seat": 4}, {"type": "phase_skip", "seat": 4, "phase": "draw", "reason": "test"},
                  {"type": "phase", "seat": 4, "phase": "play"}], **FINISH).assert_clean()


@pytest.mark.parametrize("cards", [["♣3 杀"], ["♣3 杀", "♦4 闪", "♠9 杀"], []], ids=["one", "three", "none"])
def test_flags_wrong_count(sgs: Any, cards: list[str]) -> None:
    draws = [cards] if cards else []
    out = sgs.identity(_turn(*draws), **FINISH)
    # too many: wrong at the draw itself (line 4); too few: seen when the phase ends (the next event)
    out.assert_flags("SGS-T003", line=4 if len(cards) > 2 else 4 + len(draws), seat=4)
    assert len([v for v in out.violations if v.rule == "SGS-T003"]) == 1


def test_flags_excess_at_the_draw_that_exceeds(sgs: Any) -> None:
    out = sgs.identity(_turn(["♣3 杀"], ["♦4 闪", "♠9 杀"]), **FINISH)
    out.assert_flags("SGS-T003", line=5, seat=4)


def test_flags_wrong_count_at_turn_end(sgs: Any) -> None:
    out = sgs.identity([*_turn(["♣3 杀"], then="discard")[:-1], {"type": "turn_end", "seat": 4}], **FINISH)
    out.assert_flags("SGS-T003", line=5)
