"""A commander's death ends the game at once (seed 004 二、4; 名词解释 14: 如果主帅阵亡则比赛立即结束):
the other side wins (SGS-O002); nothing may follow but game_end (SGS-O001); a finished log states its
result (SGS-O003); a game_end with no end condition is early (SGS-O004)."""

from __future__ import annotations

POS = {"hands": {3: ["♠7 杀"]}, "hp": {4: 1, 5: 1}, "acted": [3]}


def kill(victim, killer=3):
    return [{"type": "use", "seat": killer, "card": "♠7 杀", "targets": [victim]},
            {"type": "damage", "source": killer, "target": victim, "amount": 1, "card": "♠7 杀"},
            {"type": "death", "seat": victim, "killer": killer}]


def test_killing_the_commander_wins(v3):
    # seat 3 reaches the warm commander (seat 5) at distance 2 with a 青龙偃月刀 (range 3)
    pos = {**POS, "equip": {3: ["♠5 青龙偃月刀"]}}
    out = v3.game([*kill(5), {"type": "game_end", "winner": "cold", "reason": "commander_killed"}], **pos)
    out.assert_clean()
    assert out.report.result == {"winner": "cold", "reason": "commander_killed"}


def test_the_wrong_winner(v3):
    pos = {**POS, "equip": {3: ["♠5 青龙偃月刀"]}}
    out = v3.game([*kill(5), {"type": "game_end", "winner": "warm", "reason": "commander_killed"}], **pos)
    v = out.assert_only("SGS-O002", 5)
    assert v.kind == "outcome"


def test_play_goes_on_after_the_commander_died(v3):
    pos = {**POS, "equip": {3: ["♠5 青龙偃月刀"]}}
    out = v3.game([*kill(5), {"type": "phase", "seat": 3, "phase": "discard"},
                   {"type": "game_end", "winner": "cold", "reason": "commander_killed"}], **pos)
    out.assert_only("SGS-O001", 5)


def test_no_reward_for_the_commander_the_game_is_over(v3):
    pos = {**POS, "equip": {3: ["♠5 青龙偃月刀"]}}
    out = v3.game([*kill(5), {"type": "draw", "seat": 3, "cards": ["♦2 闪", "♦3 闪", "♦4 闪"], "reason": "reward"},
                   {"type": "game_end", "winner": "cold", "reason": "commander_killed"}], ruleset="3v3-2010", **pos)
    out.assert_only("SGS-O001", 5)


def test_the_log_ends_without_game_end(v3):
    pos = {**POS, "equip": {3: ["♠5 青龙偃月刀"]}}
    out = v3.game(kill(5), **pos)
    out.assert_only("SGS-O003", 4)


def test_a_vanguards_death_does_not_end_the_game(v3):
    out = v3.game([*kill(4), {"type": "game_end", "winner": "cold", "reason": "commander_killed"}], **POS)
    out.assert_only("SGS-O004", 5)
    out = v3.game([*kill(4), {"type": "phase", "seat": 3, "phase": "discard"}], **POS)
    out.assert_clean()
