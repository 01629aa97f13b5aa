"""SGS-O003 missing-end: a finished game states its result; a fragment that stops mid-game need not."""

from __future__ import annotations

from typing import Any

LORD_KILLED = [{"type": "use", "seat": 3, "card": "♠7 杀", "targets": [1]},
               {"type": "damage", "source": 3, "target": 1, "amount": 1, "card": "♠7 杀"},
               {"type": "death", "seat": 1, "killer": 3}]
POSITION = {"hands": {3: ["♠7 杀"]}, "hp": {1: 1}, "equip": {3: ["♠2 雌雄双股剑"]}}


def test_ok_fragment_ends_mid_game(sgs: Any) -> None:
    sgs.identity(LORD_KILLED[:2], **POSITION).assert_clean()


def test_ok_game_end_present(sgs: Any) -> None:
    sgs.identity([*LORD_KILLED, {"type": "game_end", "winner": "rebel", "reason": "lord_killed"}], **POSITION).assert_clean()


def test_flags_log_ends_after_the_deciding_death(sgs: Any) -> None:
    out = sgs.identity(LORD_KILLED, **POSITION)
    out.assert_flags("SGS-O003", line=4, only=True)
    assert out.report.result == {"winner": "rebel", "reason": "lord_killed"}


def test_flags_lord_wins_without_game_end(sgs: Any) -> None:
    out = sgs.identity([{"type": "use", "seat": 1, "card": "♠7 杀", "targets": [5]},
                        {"type": "damage", "source": 1, "target": 5, "amount": 1, "card": "♠7 杀"},
                        {"type": "death", "seat": 5, "killer": 1}], hands={1: ["♠7 杀"]}, hp={5: 1}, dead=[3, 4], current=1)
    out.assert_flags("SGS-O003", line=4)
