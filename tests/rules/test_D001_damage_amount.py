"""SGS-D001 damage-amount: the card or effect fixes the amount (杀 1, 闪电 3, 南蛮入侵 1 …)."""

from __future__ import annotations

from typing import Any

import pytest


def test_ok_slash_one(sgs: Any) -> None:
    sgs.identity([{"type": "use", "seat": 3, "card": "♠7 杀", "targets": [4]},
                  {"type": "damage", "source": 3, "target": 4, "amount": 1, "card": "♠7 杀"}],
                 hands={3: ["♠7 杀"]}).assert_clean()


def test_ok_luoyi_slash_two(sgs: Any) -> None:
    """许褚's 裸衣: draw one fewer, then 杀 and 决斗 deal 1 more this turn."""
    sgs.identity([
        {"type": "turn", "seat": 3},
        {"type": "phase", "seat": 3, "phase": "draw"},
        {"type": "skill", "seat": 3, "skill": "裸衣"},
        {"type": "draw", "seat": 3, "cards": ["♣3 杀"], "reason": "phase"},
        {"type": "phase", "seat": 3, "phase": "play"},
        {"type": "use", "seat": 3, "card": "♠7 杀", "targets": [4]},
        {"type": "damage", "source": 3, "target": 4, "amount": 2, "card": "♠7 杀"},
    ], hands={3: ["♠7 杀"]}, current=2, phase="finish").assert_clean()


@pytest.mark.parametrize("amount", [0, 2])
def test_flags_slash_amount(sgs: Any, amount: int) -> None:
    out = sgs.identity([{"type": "use", "seat": 3, "card": "♠7 杀", "targets": [4]},
                        {"type": "damage", "source": 3, "target": 4, "amount": amount, "card": "♠7 杀"}],
                       hands={3: ["♠7 杀"]})
    out.assert_flags("SGS-D001", line=3, seat=4)


@pytest.mark.parametrize("card", ["♠7 南蛮入侵", "♥A 万箭齐发"])
def test_flags_aoe_amount(sgs: Any, card: str) -> None:
    out = sgs.identity([{"type": "use", "seat": 3, "card": card},
                        {"type": "damage", "source": 3, "target": 4, "amount": 2, "card": card}], hands={3: [card]})
    out.assert_flags("SGS-D001", line=3)


def test_flags_duel_amount(sgs: Any) -> None:
    out = sgs.identity([{"type": "use", "seat": 3, "card": "♠A 决斗", "targets": [4]},
                        {"type": "damage", "source": 3, "target": 4, "amount": 3, "card": "♠A 决斗"}],
                       hands={3: ["♠A 决斗"]})
    out.assert_flags("SGS-D001", line=3)


LIGHTNING = {"judge": {4: ["♠A 闪电"]}, "current": 3, "phase": "finish"}


def _lightning(amount: int) -> list[dict[str, Any]]:
    return [{"type": "turn", "seat": 4}, {"type": "phase", "seat": 4, "phase": "judge"},
            {"type": "judge", "seat": 4, "card": "♠9 杀", "reason": "闪电"},
            {"type": "damage", "target": 4, "amount": amount, "nature": "thunder"}]


def test_ok_lightning_three(sgs: Any) -> None:
    sgs.identity(_lightning(3), **LIGHTNING).assert_clean()


@pytest.mark.parametrize("amount", [1, 2, 4])
def test_flags_lightning_amount(sgs: Any, amount: int) -> None:
    sgs.identity(_lightning(amount), **LIGHTNING).assert_flags("SGS-D001", line=5, seat=4)
