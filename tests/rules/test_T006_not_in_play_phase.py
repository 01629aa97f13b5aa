"""SGS-T006 not-in-play-phase: 杀, 桃 (to heal), tricks and equipment are used in the user's play phase."""

from __future__ import annotations

from typing import Any

import pytest


def test_ok_in_own_play_phase(sgs: Any) -> None:
    sgs.identity([
        {"type": "use", "seat": 3, "card": "♠2 雌雄双股剑"},
        {"type": "use", "seat": 3, "card": "♥7 无中生有"},
        {"type": "draw", "seat": 3, "cards": ["♣3 杀", "♦4 闪"], "reason": "card", "card_name": "无中生有"},
        {"type": "use", "seat": 3, "card": "♥3 桃", "targets": [3]},
        {"type": "recover", "seat": 3, "amount": 1, "card": "♥3 桃"},
    ], hands={3: ["♠2 雌雄双股剑", "♥7 无中生有", "♥3 桃"]}, hp={3: 3}).assert_clean()


def test_ok_play_phase_implied_by_the_first_use(sgs: Any) -> None:
    """A phase may be omitted from the log; `current`/`phase` of the start position say where we are."""
    sgs.identity([{"type": "use", "seat": 3, "card": "♠7 杀", "targets": [4]},
                  {"type": "damage", "source": 3, "target": 4, "amount": 1, "card": "♠7 杀"}],
                 hands={3: ["♠7 杀"]}).assert_clean()


@pytest.mark.parametrize(
    ("card", "targets"),
    [("♠7 杀", [3]), ("♥3 桃", [4]), ("♠A 决斗", [3]), ("♠2 雌雄双股剑", None), ("♥7 无中生有", None),
     ("♠7 南蛮入侵", None)],
    ids=["slash", "peach", "duel", "weapon", "ex-nihilo", "savage-assault"],
)
def test_flags_use_in_another_seats_turn(sgs: Any, card: str, targets: list[int] | None) -> None:
    line: dict[str, Any] = {"type": "use", "seat": 4, "card": card}
    if targets:
        line["targets"] = targets
    out = sgs.identity([line], hands={4: [card]}, hp={4: 3})
    out.assert_flags("SGS-T006", line=2, seat=4)


@pytest.mark.parametrize("phase", ["start", "judge", "draw", "discard", "finish"])
def test_flags_use_in_another_phase(sgs: Any, phase: str) -> None:
    out = sgs.identity([{"type": "use", "seat": 3, "card": "♠7 杀", "targets": [4]}], hands={3: ["♠7 杀"]}, phase=phase)
    out.assert_flags("SGS-T006", line=2)
