"""SGS-C003 not-top-of-pile: with a known draw pile, draws and judgements take its top cards."""

from __future__ import annotations

from typing import Any

DECK = ["♣3 杀", "♦4 闪", "♥7 无中生有"]


def _draw_phase(cards: list[str]) -> list[dict[str, Any]]:
    return [
        {"type": "turn", "seat": 4},
        {"type": "phase", "seat": 4, "phase": "draw"},
        {"type": "draw", "seat": 4, "cards": cards, "reason": "phase"},
        {"type": "phase", "seat": 4, "phase": "play"},
    ]


def test_ok_draw_from_the_top(sgs: Any) -> None:
    sgs.identity(_draw_phase(DECK[:2]), deck=DECK, current=3, phase="finish").assert_clean()


def test_ok_unknown_cards_drawn(sgs: Any) -> None:
    sgs.identity(_draw_phase(["?", "?"]), deck=DECK, current=3, phase="finish").assert_clean()


def test_ok_pile_order_unknown(sgs: Any) -> None:
    sgs.identity(_draw_phase(["♥7 无中生有", "♠9 杀"]), current=3, phase="finish").assert_clean()


def test_flags_draw_in_the_wrong_order(sgs: Any) -> None:
    out = sgs.identity(_draw_phase([DECK[1], DECK[0]]), deck=DECK, current=3, phase="finish")
    out.assert_flags("SGS-C003", line=4)


def test_flags_draw_below_the_top(sgs: Any) -> None:
    out = sgs.identity(_draw_phase(DECK[1:]), deck=DECK, current=3, phase="finish")
    out.assert_flags("SGS-C003", line=4)


def test_flags_judgement_not_from_the_top(sgs: Any) -> None:
    out = sgs.identity([
        {"type": "turn", "seat": 4},
        {"type": "phase", "seat": 4, "phase": "judge"},
        {"type": "judge", "seat": 4, "card": "♥7 无中生有", "reason": "乐不思蜀"},
    ], judge={4: ["♠6 乐不思蜀"]}, deck=DECK, current=3, phase="finish")
    out.assert_flags("SGS-C003", line=4)


def test_ok_reward_draw_from_the_top(sgs: Any) -> None:
    sgs.identity([
        {"type": "use", "seat": 3, "card": "♠7 杀", "targets": [4]},
        {"type": "damage", "source": 3, "target": 4, "amount": 1, "card": "♠7 杀"},
        {"type": "death", "seat": 4, "killer": 3},
        {"type": "draw", "seat": 3, "cards": DECK, "reason": "reward"},
    ], hands={3: ["♠7 杀"]}, hp={4: 1}, deck=DECK).assert_clean()
