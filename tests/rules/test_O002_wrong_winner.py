"""SGS-O002 wrong-winner: `game_end` names the winner the position gives (seed 001 二(三) 游戏结束)."""

from __future__ import annotations

from typing import Any

import pytest


def _kill(victim: int, killer: int) -> list[dict[str, Any]]:
    return [{"type": "use", "seat": killer, "card": "♠7 杀", "targets": [victim]},
            {"type": "damage", "source": killer, "target": victim, "amount": 1, "card": "♠7 杀"},
            {"type": "death", "seat": victim, "killer": killer}]


def _end(winner: str, reason: str) -> dict[str, Any]:
    return {"type": "game_end", "winner": winner, "reason": reason}


@pytest.mark.parametrize(
    ("position", "events", "winner"),
    [
        ({"hands": {2: ["♠7 杀"]}, "hp": {1: 1}, "current": 2}, _kill(1, 2), "rebel"),
        ({"hands": {5: ["♠7 杀"]}, "hp": {1: 1}, "dead": [2, 3, 4], "current": 5}, _kill(1, 5), "renegade"),
        ({"hands": {1: ["♠7 杀"]}, "hp": {5: 1}, "dead": [3, 4], "current": 1}, _kill(5, 1), "lord"),
        ({"hands": {2: ["♠7 杀"]}, "hp": {3: 1}, "dead": [4, 5], "current": 2}, _kill(3, 2), "lord"),
    ],
    ids=["loyalist-kills-lord", "renegade-alone", "lord-kills-renegade", "loyalist-kills-last-rebel"],
)
def test_ok_declared_winner(sgs: Any, position: dict[str, Any], events: list[dict[str, Any]], winner: str) -> None:
    reason = "rebels_and_renegades_dead" if winner == "lord" else "lord_killed"
    sgs.identity([*events, _end(winner, reason)], **position).assert_clean()


def test_flags_lord_declared_after_the_lord_dies(sgs: Any) -> None:
    out = sgs.identity([*_kill(1, 2), _end("lord", "lord_killed")], hands={2: ["♠7 杀"]}, hp={1: 1}, current=2)
    out.assert_flags("SGS-O002", line=5, only=True)


def test_flags_rebels_declared_when_the_renegade_is_alone(sgs: Any) -> None:
    out = sgs.identity([*_kill(1, 5), _end("rebel", "lord_killed")], hands={5: ["♠7 杀"]}, hp={1: 1}, dead=[2, 3, 4],
                       current=5)
    out.assert_flags("SGS-O002", line=5)


def test_flags_renegade_declared_with_others_alive(sgs: Any) -> None:
    out = sgs.identity([*_kill(1, 5), _end("renegade", "lord_killed")], hands={5: ["♠7 杀"]}, hp={1: 1}, current=5)
    out.assert_flags("SGS-O002", line=5)
