"""SGS-T010 no-cause: a delayed trick's judgement, or a phase skipped for one, with no such trick behind it."""

from __future__ import annotations

from typing import Any

INDULGED = {"judge": {4: ["♠6 乐不思蜀"]}, "current": 3, "phase": "finish"}
TURN = [{"type": "turn", "seat": 4}, {"type": "phase", "seat": 4, "phase": "judge"}]
DRAW = [{"type": "phase", "seat": 4, "phase": "draw"},
        {"type": "draw", "seat": 4, "cards": ["♣3 杀", "♦4 闪"], "reason": "phase"}]


def test_ok_judged_then_skipped(sgs: Any) -> None:
    sgs.identity([*TURN, {"type": "judge", "seat": 4, "card": "♠9 杀", "reason": "乐不思蜀"}, *DRAW,
                  {"type": "phase_skip", "seat": 4, "phase": "play", "reason": "乐不思蜀"}], **INDULGED).assert_clean()


def test_ok_skip_in_a_position_that_starts_after_the_judgement(sgs: Any) -> None:
    # the judgement happened before the excerpt begins: nothing contradicts the skip
    sgs.identity([{"type": "phase_skip", "seat": 3, "phase": "play", "reason": "乐不思蜀"}],
                 current=3, phase="draw").assert_clean()


def test_flags_judgement_of_a_trick_that_is_not_there(sgs: Any) -> None:
    out = sgs.identity([*TURN, {"type": "judge", "seat": 4, "card": "♠9 杀", "reason": "乐不思蜀"}],
                       current=3, phase="finish")
    out.assert_flags("SGS-T010", line=4, seat=4)


def test_flags_skip_without_a_judgement(sgs: Any) -> None:
    out = sgs.identity([{"type": "turn", "seat": 4}, *DRAW,
                        {"type": "phase_skip", "seat": 4, "phase": "play", "reason": "乐不思蜀"}],
                       current=3, phase="finish")
    out.assert_flags("SGS-T010", line=5, seat=4)
