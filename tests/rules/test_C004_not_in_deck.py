"""SGS-C004 not-in-deck: a card the ruleset's deck does not contain (3v3 drops 闪电, adds 兵粮寸断 …)."""

from __future__ import annotations

from typing import Any

import pytest


def _draw(cards: list[str]) -> list[dict[str, Any]]:
    return [{"type": "turn", "seat": 4}, {"type": "phase", "seat": 4, "phase": "draw"},
            {"type": "draw", "seat": 4, "cards": cards, "reason": "phase"}, {"type": "phase", "seat": 4, "phase": "play"}]


def test_ok_standard_cards(sgs: Any) -> None:
    sgs.identity(_draw(["♠A 闪电", "♣A 诸葛连弩"]), current=3, phase="finish").assert_clean()


@pytest.mark.parametrize("card", ["♣A 杀", "♥5 桃", "♠A 兵粮寸断", "♣A 连弩"])
def test_flags_card_not_in_the_standard_deck(sgs: Any, card: str) -> None:
    out = sgs.identity(_draw([card, "♦4 闪"]), current=3, phase="finish")
    assert card in out.assert_flags("SGS-C004", line=4).message


def test_flags_lightning_in_3v3_2013(sgs: Any) -> None:
    out = sgs.three_v_three([
        {"type": "turn_end", "seat": 3},
        {"type": "turn", "seat": 1},
        {"type": "phase", "seat": 1, "phase": "draw"},
        {"type": "draw", "seat": 1, "cards": ["♠A 闪电", "♦4 闪"], "reason": "phase"},
    ], current=3, phase="finish", acted=[3], unit={"side": "cold", "who": "vanguards", "order": [3, 1]},
        next_unit="warm")
    out.assert_flags("SGS-C004", line=5)


def test_ok_3v3_2013_deck_cards(sgs: Any) -> None:
    sgs.three_v_three([
        {"type": "turn_end", "seat": 3},
        {"type": "turn", "seat": 1},
        {"type": "phase", "seat": 1, "phase": "draw"},
        {"type": "draw", "seat": 1, "cards": ["♠A 兵粮寸断", "♣A 连弩"], "reason": "phase"},
    ], current=3, phase="finish", acted=[3], unit={"side": "cold", "who": "vanguards", "order": [3, 1]},
        next_unit="warm").assert_clean()
