"""SGS-O001 after-end: no event after a victory condition is met (or after `game_end`), except its rewards."""

from __future__ import annotations

from typing import Any

LORD_KILLED = [{"type": "use", "seat": 3, "card": "♠7 杀", "targets": [1]},
               {"type": "damage", "source": 3, "target": 1, "amount": 1, "card": "♠7 杀"},
               {"type": "death", "seat": 1, "killer": 3}]
POSITION = {"hands": {3: ["♠7 杀"]}, "hp": {1: 1}, "equip": {3: ["♠2 雌雄双股剑"]}}
END = {"type": "game_end", "winner": "rebel", "reason": "lord_killed"}


def test_ok_game_end_right_after_the_death(sgs: Any) -> None:
    sgs.identity([*LORD_KILLED, END], **POSITION).assert_clean()


def test_ok_reward_of_the_deciding_kill(sgs: Any) -> None:
    """The lord kills the last rebel: the reward draw may still be logged before `game_end`."""
    players = sgs.identity_players([("孙权", "lord"), ("甘宁", "rebel"), ("许褚", "loyalist"), ("黄盖", "rebel"),
                                    ("华佗", "renegade")])
    sgs.identity([{"type": "use", "seat": 1, "card": "♠7 杀", "targets": [2]},
                  {"type": "damage", "source": 1, "target": 2, "amount": 1, "card": "♠7 杀"},
                  {"type": "death", "seat": 2, "killer": 1},
                  {"type": "draw", "seat": 1, "cards": ["♣3 杀", "♦4 闪", "♥7 无中生有"], "reason": "reward"},
                  {"type": "game_end", "winner": "lord", "reason": "rebels_and_renegades_dead"}],
                 players=players, hands={1: ["♠7 杀"]}, hp={2: 1}, dead=[4, 5], current=1).assert_clean()


def test_flags_play_after_the_deciding_death(sgs: Any) -> None:
    out = sgs.identity([*LORD_KILLED, {"type": "phase", "seat": 3, "phase": "discard"}], **POSITION)
    out.assert_flags("SGS-O001", line=5)


def test_flags_event_after_game_end(sgs: Any) -> None:
    out = sgs.identity([*LORD_KILLED, END, {"type": "turn", "seat": 4}], **POSITION)
    out.assert_flags("SGS-O001", line=6, only=True)


def test_flags_second_game_end(sgs: Any) -> None:
    out = sgs.identity([*LORD_KILLED, END, END], **POSITION)
    out.assert_flags("SGS-O001", line=6, only=True)


def test_flags_events_after_the_end_once(sgs: Any) -> None:
    out = sgs.identity([*LORD_KILLED, {"type": "phase", "seat": 3, "phase": "discard"}, END], **POSITION)
    assert [(v.rule, v.line) for v in out.violations] == [("SGS-O001", 5)], out.describe()
