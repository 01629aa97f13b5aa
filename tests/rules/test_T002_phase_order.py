"""SGS-T002 phase-order: start, judge, draw, play, discard, finish; omitted phases are fine."""

from __future__ import annotations

from typing import Any

FINISH = {"current": 3, "phase": "finish"}
DRAW = {"type": "draw", "seat": 4, "cards": ["♣3 杀", "♦4 闪"], "reason": "phase"}


def _phase(name: str) -> dict[str, Any]:
    return {"type": "phase", "seat": 4, "phase": name}


def test_ok_all_phases(sgs: Any) -> None:
    sgs.identity([{"type": "turn", "seat": 4}, _phase("start"), _phase("judge"), _phase("draw"), DRAW, _phase("play"),
                  _phase("discard"), _phase("finish"), {"type": "turn_end", "seat": 4}], **FINISH).assert_clean()


def test_ok_omitted_phases(sgs: Any) -> None:
    sgs.identity([{"type": "turn", "seat": 4}, _phase("draw"), DRAW, _phase("discard"), {"type": "turn", "seat": 5}],
                 **FINISH).assert_clean()


def test_flags_start_after_draw(sgs: Any) -> None:
    out = sgs.identity([{"type": "turn", "seat": 4}, _phase("draw"), DRAW, _phase("start")], **FINISH)
    out.assert_flags("SGS-T002", line=5)


def test_flags_draw_after_play(sgs: Any) -> None:
    out = sgs.identity([{"type": "turn", "seat": 4}, _phase("play"), _phase("draw"), DRAW], **FINISH)
    out.assert_flags("SGS-T002", line=4)


def test_flags_phase_twice(sgs: Any) -> None:
    out = sgs.identity([_phase("play") | {"seat": 3}], current=3, phase="play")
    out.assert_flags("SGS-T002", line=2)


def test_flags_draw_phase_logged_after_its_draw(sgs: Any) -> None:
    """The draw phase's cards drawn, then `phase: draw`: the draw began the phase already (the draw alone
    implies it), so the phase event is out of order."""
    out = sgs.identity([{"type": "turn", "seat": 4}, {"type": "draw", "seat": 4, "cards": ["♣3 杀", "♦4 闪"], "reason": "phase"},
                        {"type": "phase", "seat": 4, "phase": "draw"}, {"type": "phase", "seat": 4, "phase": "play"}],
                       current=3, phase="finish")
    out.assert_flags("SGS-T002", line=4, seat=4)
