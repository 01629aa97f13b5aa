"""3v3 kill rewards (seed 001 3V3规则 奖惩; seed 004 名词解释 9; seed 002 八、7): the killer draws 3.

Parameters: ``kill_reward`` (size), ``reward_eligibility`` (``any``: any killer, a teammate too — the
2010 V0.15 text; ``vanguard``: the killer of a vanguard — 2013), ``reward_optional`` (default: the
reward may be declined; when drawn its size is checked, docs/conflicts.md) (SGS-D006)."""

from __future__ import annotations

import pytest


def kill(victim, killer=3, card="♠7 杀"):
    return [{"type": "use", "seat": killer, "card": card, "targets": [victim]},
            {"type": "damage", "source": killer, "target": victim, "amount": 1, "card": card},
            {"type": "death", "seat": victim, "killer": killer}]


def reward(n, seat=3):
    cards = ["♦2 闪", "♦3 闪", "♦4 闪", "♦5 闪"][:n]
    return {"type": "draw", "seat": seat, "cards": cards, "reason": "reward"}


AFTER = {"type": "phase", "seat": 3, "phase": "discard"}


@pytest.mark.parametrize("ruleset", ["3v3-2010", "3v3-2011", "3v3-2012", "3v3-2013"])
def test_the_killer_of_a_vanguard_draws_three(v3, ruleset):
    out = v3.game([*kill(4), reward(3), AFTER], ruleset=ruleset, hands={3: ["♠7 杀"]}, hp={4: 1}, acted=[3])
    out.assert_clean()


def test_a_reward_of_the_wrong_size(v3):
    out = v3.game([*kill(4), reward(2), AFTER], hands={3: ["♠7 杀"]}, hp={4: 1}, acted=[3])
    v = out.assert_only("SGS-D006", 5)
    assert v.kind == "bookkeeping" and v.expected == "3"


def test_the_reward_may_be_declined_by_default(v3):
    v3.game([*kill(4), AFTER], hands={3: ["♠7 杀"]}, hp={4: 1}, acted=[3]).assert_clean()


def test_a_mandatory_reward_that_is_not_drawn(v3):
    house = v3.ruleset("strict", 'name = "strict"\ninherits = "3v3-2013"\nreward_optional = false\n')
    out = v3.game([*kill(4), AFTER], ruleset=house, hands={3: ["♠7 杀"]}, hp={4: 1}, acted=[3])
    out.assert_only("SGS-D006", 5)
    v3.game([*kill(4), reward(3), AFTER], ruleset=house, hands={3: ["♠7 杀"]}, hp={4: 1}, acted=[3]).assert_clean()


TEAMMATE = {"hands": {1: ["♠7 杀"]}, "equip": {1: ["♠5 青龙偃月刀"]}, "hp": {3: 1}, "current": 1, "acted": [1]}


def test_2010_a_teammate_kill_is_rewarded(v3):
    # V0.15: 杀死任意一名角色,可以立即摸3张牌,即使杀死的是自己的同伙 (seats 1 and 3 are both cold)
    out = v3.game([*kill(3, killer=1), reward(3, seat=1)], ruleset="3v3-2010", **TEAMMATE)
    out.assert_clean()


def test_no_reward_when_the_ruleset_rewards_only_opponents(v3):
    house = v3.ruleset("foes", 'name = "foes"\ninherits = "3v3-2010"\nreward_eligibility = "opponent"\n')
    out = v3.game([*kill(3, killer=1), reward(3, seat=1)], ruleset=house, **TEAMMATE)
    out.assert_only("SGS-D006", 5)


def test_a_reward_with_no_kill(v3):
    out = v3.game([reward(3)], acted=[3])
    out.assert_only("SGS-D006", 2)
