"""SGS-D004 missing-death: a dying character nobody saved dies; the log may not go on without `death`."""

from __future__ import annotations

from typing import Any

HIT = [{"type": "use", "seat": 3, "card": "♠7 杀", "targets": [4]},
       {"type": "damage", "source": 3, "target": 4, "amount": 1, "card": "♠7 杀"}]
REWARD = {"type": "draw", "seat": 3, "cards": ["♣3 杀", "♦4 闪", "♥7 无中生有"], "reason": "reward"}


def test_ok_death_logged(sgs: Any) -> None:
    sgs.identity([*HIT, {"type": "dying", "seat": 4}, {"type": "pass", "seat": 5},
                  {"type": "death", "seat": 4, "killer": 3}, REWARD], hands={3: ["♠7 杀"]}, hp={4: 1}).assert_clean()


def test_ok_rescued(sgs: Any) -> None:
    sgs.identity([*HIT, {"type": "use", "seat": 4, "card": "♥3 桃", "targets": [4]},
                  {"type": "recover", "seat": 4, "amount": 1, "card": "♥3 桃"},
                  {"type": "phase", "seat": 3, "phase": "discard"}], hands={3: ["♠7 杀"], 4: ["♥3 桃"]}, hp={4: 1}
                 ).assert_clean()


def test_ok_fragment_ends_while_dying(sgs: Any) -> None:
    sgs.identity(HIT, hands={3: ["♠7 杀"]}, hp={4: 1}).assert_clean()


def test_flags_game_goes_on(sgs: Any) -> None:
    out = sgs.identity([*HIT, {"type": "phase", "seat": 3, "phase": "discard"}], hands={3: ["♠7 杀"]}, hp={4: 1})
    out.assert_flags("SGS-D004", line=4, seat=4, only=True)


def test_flags_not_enough_peaches(sgs: Any) -> None:
    out = sgs.identity([
        {"type": "turn", "seat": 4}, {"type": "phase", "seat": 4, "phase": "judge"},
        {"type": "judge", "seat": 4, "card": "♠9 杀", "reason": "闪电"},
        {"type": "damage", "target": 4, "amount": 3, "nature": "thunder"},
        {"type": "use", "seat": 4, "card": "♥3 桃", "targets": [4]},
        {"type": "recover", "seat": 4, "amount": 1, "card": "♥3 桃"},
        {"type": "phase", "seat": 4, "phase": "draw"},
    ], hands={4: ["♥3 桃"]}, hp={4: 1}, judge={4: ["♠A 闪电"]}, current=3, phase="finish")
    out.assert_flags("SGS-D004", line=8, seat=4)


def test_flags_dead_character_reported_once(sgs: Any) -> None:
    """After the missing death is reported the seat counts as dead: its next turn is a second mistake."""
    out = sgs.identity([*HIT, {"type": "phase", "seat": 3, "phase": "discard"}, {"type": "turn", "seat": 4}],
                       hands={3: ["♠7 杀"]}, hp={4: 1})
    assert [v.rule for v in out.violations if v.line == 4] == ["SGS-D004"]


def test_flags_missing_death_shown_by_the_reward(sgs: Any) -> None:
    """The rebel at 0 HP, nobody saves it, and its killer draws the reward: the death is what is missing,
    at the reward's line (the reward itself is then due)."""
    out = sgs.identity([{"type": "use", "seat": 3, "card": "♠7 杀", "targets": [4]},
                        {"type": "damage", "source": 3, "target": 4, "amount": 1, "card": "♠7 杀"},
                        {"type": "draw", "seat": 3, "cards": ["♦2 闪", "♦3 闪", "♦4 闪"], "reason": "reward"},
                        {"type": "phase", "seat": 3, "phase": "discard"}],
                       hands={3: ["♠7 杀"]}, hp={4: 1})
    out.assert_flags("SGS-D004", line=4, seat=4)
    assert "SGS-D006" not in out.rules


def test_flags_reward_before_the_death_once(sgs: Any) -> None:
    """The reward drawn before the death it earns: reported at the reward (the death missing there); the
    death that follows is that same death, not a second one."""
    out = sgs.identity([{"type": "use", "seat": 3, "card": "♠7 杀", "targets": [4]},
                        {"type": "damage", "source": 3, "target": 4, "amount": 1, "card": "♠7 杀"},
                        {"type": "draw", "seat": 3, "cards": ["♦2 闪", "♦3 闪", "♦4 闪"], "reason": "reward"},
                        {"type": "death", "seat": 4, "killer": 3},
                        {"type": "phase", "seat": 3, "phase": "discard"}],
                       hands={3: ["♠7 杀"]}, hp={4: 1})
    out.assert_flags("SGS-D004", line=4, seat=4)
    assert [v.line for v in out.violations] == [4], out.violations


def test_flags_another_character_losing_hp_while_one_lies_dying(sgs: Any) -> None:
    """Nothing but the rescue happens in a dying state: another character's loss of HP (随势's for the death, or the
    next character's under 乱武) shows the death missing at its own line."""
    out = sgs.identity([*HIT, {"type": "dying", "seat": 4}, {"type": "lose_hp", "seat": 5, "amount": 1},
                        {"type": "phase", "seat": 3, "phase": "discard"}], hands={3: ["♠7 杀"]}, hp={4: 1})
    out.assert_flags("SGS-D004", line=5, seat=4)
