"""SGS-D006 kill-reward: whoever kills a rebel (even a fellow rebel) draws three cards at once."""

from __future__ import annotations

from typing import Any

import pytest

DECK = ["♣3 杀", "♦4 闪", "♥7 无中生有"]


def _kill(victim: int, killer: int = 3) -> list[dict[str, Any]]:
    return [{"type": "use", "seat": killer, "card": "♠7 杀", "targets": [victim]},
            {"type": "damage", "source": killer, "target": victim, "amount": 1, "card": "♠7 杀"},
            {"type": "death", "seat": victim, "killer": killer}]


def _reward(cards: list[str], seat: int = 3) -> dict[str, Any]:
    return {"type": "draw", "seat": seat, "cards": cards, "reason": "reward"}


NEXT = {"type": "phase", "seat": 3, "phase": "discard"}


def test_ok_rebel_kills_a_fellow_rebel(sgs: Any) -> None:
    sgs.identity([*_kill(4), _reward(DECK), NEXT], hands={3: ["♠7 杀"]}, hp={4: 1}, deck=DECK).assert_clean()


def test_ok_loyalist_kills_a_rebel(sgs: Any) -> None:
    sgs.identity([*_kill(3, killer=2), _reward(DECK, seat=2), {"type": "phase", "seat": 2, "phase": "discard"}],
                 hands={2: ["♠7 杀"]}, hp={3: 1}, current=2).assert_clean()


def test_ok_no_reward_for_a_loyalist(sgs: Any) -> None:
    sgs.identity([*_kill(2), NEXT], hands={3: ["♠7 杀"]}, hp={2: 1}).assert_clean()


def test_ok_no_reward_for_the_renegade(sgs: Any) -> None:
    sgs.identity([*_kill(5, killer=1), {"type": "phase", "seat": 1, "phase": "discard"}],
                 hands={1: ["♠7 杀"]}, hp={5: 1}, current=1, equip={1: ["♠2 雌雄双股剑"]}).assert_clean()


def test_ok_no_killer_no_reward(sgs: Any) -> None:
    sgs.identity([{"type": "turn", "seat": 4}, {"type": "phase", "seat": 4, "phase": "judge"},
                  {"type": "judge", "seat": 4, "card": "♠9 杀", "reason": "闪电"},
                  {"type": "damage", "target": 4, "amount": 3, "nature": "thunder"}, {"type": "death", "seat": 4},
                  {"type": "turn", "seat": 5}], hp={4: 1}, judge={4: ["♠A 闪电"]}, current=3, phase="finish"
                 ).assert_clean()


def test_flags_reward_missing(sgs: Any) -> None:
    out = sgs.identity([*_kill(4), NEXT], hands={3: ["♠7 杀"]}, hp={4: 1})
    out.assert_flags("SGS-D006", line=5, seat=3, only=True)


@pytest.mark.parametrize("n", [1, 2, 4])
def test_flags_reward_of_the_wrong_size(sgs: Any, n: int) -> None:
    cards = ([*DECK, "♠9 杀"])[:n]
    out = sgs.identity([*_kill(4), _reward(cards), NEXT], hands={3: ["♠7 杀"]}, hp={4: 1})
    out.assert_flags("SGS-D006", line=5, seat=3)


def test_flags_reward_for_killing_a_loyalist(sgs: Any) -> None:
    out = sgs.identity([*_kill(2), _reward(DECK)], hands={3: ["♠7 杀"]}, hp={2: 1})
    out.assert_flags("SGS-D006", line=5)


def test_flags_reward_drawn_by_someone_else(sgs: Any) -> None:
    out = sgs.identity([*_kill(4), _reward(DECK, seat=5), NEXT], hands={3: ["♠7 杀"]}, hp={4: 1})
    out.assert_flags("SGS-D006", line=5)
