"""SGS-T009 judgement-missing: the judge phase ends with a delayed trick neither judged nor countered."""

from __future__ import annotations

from typing import Any

POSITION = {"judge": {4: ["♠6 乐不思蜀"]}, "current": 3, "phase": "finish", "hands": {2: ["♠J 无懈可击"]}}
DRAW = [{"type": "phase", "seat": 4, "phase": "draw"},
        {"type": "draw", "seat": 4, "cards": ["♣3 杀", "♦4 闪"], "reason": "phase"}]


def test_ok_judged(sgs: Any) -> None:
    sgs.identity([{"type": "turn", "seat": 4}, {"type": "phase", "seat": 4, "phase": "judge"},
                  {"type": "judge", "seat": 4, "card": "♥3 桃", "reason": "乐不思蜀"}, *DRAW], **POSITION).assert_clean()


def test_ok_countered(sgs: Any) -> None:
    sgs.identity([{"type": "turn", "seat": 4}, {"type": "phase", "seat": 4, "phase": "judge"},
                  {"type": "use", "seat": 2, "card": "♠J 无懈可击"}, *DRAW,
                  {"type": "phase", "seat": 4, "phase": "play"}], **POSITION).assert_clean()


def test_ok_empty_judge_area_phase_omitted(sgs: Any) -> None:
    sgs.identity([{"type": "turn", "seat": 4}, *DRAW], current=3, phase="finish").assert_clean()


def test_flags_judge_phase_without_judgement(sgs: Any) -> None:
    out = sgs.identity([{"type": "turn", "seat": 4}, {"type": "phase", "seat": 4, "phase": "judge"}, *DRAW], **POSITION)
    out.assert_flags("SGS-T009", line=4, seat=4)


def test_flags_judge_phase_omitted_with_a_trick_pending(sgs: Any) -> None:
    out = sgs.identity([{"type": "turn", "seat": 4}, *DRAW], **POSITION)
    out.assert_flags("SGS-T009", line=3)


# ---------------------------------------------------------------------------- 闪电 moves on

LIGHTNING = {"judge": {4: ["♠A 闪电"]}, "current": 3, "phase": "finish", "hands": {2: ["♠J 无懈可击"]}}
SEAT_4_TURN_COUNTERED = [
    {"type": "turn", "seat": 4}, {"type": "phase", "seat": 4, "phase": "judge"},
    {"type": "use", "seat": 2, "card": "♠J 无懈可击"},
    {"type": "phase", "seat": 4, "phase": "draw"}, {"type": "draw", "seat": 4, "cards": ["♣3 杀", "♦4 闪"], "reason": "phase"},
    {"type": "phase", "seat": 4, "phase": "discard"},
    {"type": "turn", "seat": 5}, {"type": "phase", "seat": 5, "phase": "judge"},
]
SEAT_4_TURN_MISSED = [
    {"type": "turn", "seat": 4}, {"type": "phase", "seat": 4, "phase": "judge"},
    {"type": "judge", "seat": 4, "card": "♥9 桃", "reason": "闪电"},
    {"type": "phase", "seat": 4, "phase": "draw"}, {"type": "draw", "seat": 4, "cards": ["♣3 杀", "♦4 闪"], "reason": "phase"},
    {"type": "phase", "seat": 4, "phase": "discard"},
    {"type": "turn", "seat": 5}, {"type": "phase", "seat": 5, "phase": "judge"},
]
SEAT_5_DRAWS = [{"type": "phase", "seat": 5, "phase": "draw"},
                {"type": "draw", "seat": 5, "cards": ["♠9 杀", "♦6 闪"], "reason": "phase"}]


def test_ok_countered_lightning_is_judged_by_the_next_seat(sgs: Any) -> None:
    sgs.identity([*SEAT_4_TURN_COUNTERED, {"type": "judge", "seat": 5, "card": "♦9 杀", "reason": "闪电"}, *SEAT_5_DRAWS],
                 **LIGHTNING).assert_clean()


def test_ok_missed_lightning_is_judged_by_the_next_seat(sgs: Any) -> None:
    sgs.identity([*SEAT_4_TURN_MISSED, {"type": "judge", "seat": 5, "card": "♦9 杀", "reason": "闪电"}, *SEAT_5_DRAWS],
                 **LIGHTNING).assert_clean()


def test_flags_next_seat_does_not_judge_the_countered_lightning(sgs: Any) -> None:
    out = sgs.identity([*SEAT_4_TURN_COUNTERED, *SEAT_5_DRAWS], **LIGHTNING)
    out.assert_flags("SGS-T009", line=10, seat=5)


def test_flags_next_seat_does_not_judge_the_missed_lightning(sgs: Any) -> None:
    out = sgs.identity([*SEAT_4_TURN_MISSED, *SEAT_5_DRAWS], **LIGHTNING)
    out.assert_flags("SGS-T009", line=10, seat=5)


def test_ok_countered_counter_lets_lightning_strike(sgs: Any) -> None:
    sgs.identity([
        {"type": "turn", "seat": 4}, {"type": "phase", "seat": 4, "phase": "judge"},
        {"type": "use", "seat": 2, "card": "♠J 无懈可击"}, {"type": "use", "seat": 4, "card": "♣Q 无懈可击"},
        {"type": "judge", "seat": 4, "card": "♠9 杀", "reason": "闪电"},
        {"type": "damage", "target": 4, "amount": 3, "nature": "thunder"},
    ], **{**LIGHTNING, "hands": {2: ["♠J 无懈可击"], 4: ["♣Q 无懈可击"]}}).assert_clean()
