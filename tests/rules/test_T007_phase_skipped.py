"""SGS-T007 phase-skipped: a phase that 乐不思蜀 (or a skill) made the player skip takes place anyway."""

from __future__ import annotations

from typing import Any

INDULGENCE = "♠6 乐不思蜀"
POSITION = {"judge": {4: [INDULGENCE]}, "current": 3, "phase": "finish", "hands": {4: ["♣2 杀"]}}


def _judged(card: str) -> list[dict[str, Any]]:
    return [
        {"type": "turn", "seat": 4},
        {"type": "phase", "seat": 4, "phase": "judge"},
        {"type": "judge", "seat": 4, "card": card, "reason": "乐不思蜀"},
        {"type": "phase", "seat": 4, "phase": "draw"},
        {"type": "draw", "seat": 4, "cards": ["♣3 杀", "♦4 闪"], "reason": "phase"},
    ]


def test_ok_play_phase_skipped(sgs: Any) -> None:
    sgs.identity([*_judged("♠9 杀"), {"type": "phase_skip", "seat": 4, "phase": "play", "reason": "乐不思蜀"},
                  {"type": "phase", "seat": 4, "phase": "discard"}], **POSITION).assert_clean()


def test_ok_skip_not_logged(sgs: Any) -> None:
    """The skip is implied: going straight to the discard phase is fine."""
    sgs.identity([*_judged("♣9 杀"), {"type": "phase", "seat": 4, "phase": "discard"}], **POSITION).assert_clean()


def test_ok_heart_judgement_plays(sgs: Any) -> None:
    sgs.identity([*_judged("♥3 桃"), {"type": "phase", "seat": 4, "phase": "play"},
                  {"type": "use", "seat": 4, "card": "♣2 杀", "targets": [5]},
                  {"type": "damage", "source": 4, "target": 5, "amount": 1, "card": "♣2 杀"}], **POSITION).assert_clean()


def test_flags_play_phase_after_indulgence(sgs: Any) -> None:
    out = sgs.identity([*_judged("♠9 杀"), {"type": "phase", "seat": 4, "phase": "play"},
                        {"type": "use", "seat": 4, "card": "♣2 杀", "targets": [5]}], **POSITION)
    out.assert_flags("SGS-T007", line=7, seat=4)


def test_flags_diamond_is_not_heart(sgs: Any) -> None:
    out = sgs.identity([*_judged("♦9 杀"), {"type": "phase", "seat": 4, "phase": "play"}], **POSITION)
    out.assert_flags("SGS-T007", line=7)
