"""SGS-R002 judge-order: with two delayed tricks the one placed last is judged first (seed 001)."""

from __future__ import annotations

from typing import Any

POSITION = {"current": 3, "phase": "finish"}


def _judge_phase(*judgements: tuple[str, str]) -> list[dict[str, Any]]:
    return [{"type": "turn", "seat": 4}, {"type": "phase", "seat": 4, "phase": "judge"},
            *[{"type": "judge", "seat": 4, "card": c, "reason": r} for r, c in judgements]]


def test_ok_last_placed_first(sgs: Any) -> None:
    sgs.identity(_judge_phase(("闪电", "♥9 桃"), ("乐不思蜀", "♥3 桃")), judge={4: ["♠6 乐不思蜀", "♠A 闪电"]},
                 **POSITION).assert_clean()


def test_ok_other_placement_order(sgs: Any) -> None:
    sgs.identity(_judge_phase(("乐不思蜀", "♥3 桃"), ("闪电", "♥9 桃")), judge={4: ["♠A 闪电", "♠6 乐不思蜀"]},
                 **POSITION).assert_clean()


def test_ok_placed_this_round(sgs: Any) -> None:
    """The order follows placement during the game, not only the start position."""
    sgs.identity([
        {"type": "use", "seat": 3, "card": "♠6 乐不思蜀", "targets": [4]},
        {"type": "phase", "seat": 3, "phase": "discard"},
        *_judge_phase(("乐不思蜀", "♥3 桃"), ("闪电", "♥9 桃")),
    ], hands={3: ["♠6 乐不思蜀"]}, judge={4: ["♠A 闪电"]}, current=3, phase="play").assert_clean()


def test_flags_first_placed_judged_first(sgs: Any) -> None:
    out = sgs.identity(_judge_phase(("乐不思蜀", "♥3 桃"), ("闪电", "♥9 桃")), judge={4: ["♠6 乐不思蜀", "♠A 闪电"]},
                       **POSITION)
    out.assert_flags("SGS-R002", line=4, seat=4)


def test_flags_judgement_of_a_trick_that_is_not_there(sgs: Any) -> None:
    out = sgs.identity(_judge_phase(("闪电", "♥9 桃")), judge={4: ["♠6 乐不思蜀"]}, **POSITION)
    out.assert_flags("SGS-R002", line=4)
