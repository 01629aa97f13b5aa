"""Builders shared by the 1v1 rule tests: two seats, the lineups, a kill and the next general's entry."""

from __future__ import annotations

from typing import Any

PAIR = [{"seat": 1, "name": "A", "general": "赵云", "side": "cold"},
        {"seat": 2, "name": "B", "general": "孙权", "side": "warm"}]
#: seat 1 brings 赵云 吕布 张飞; seat 2 孙权 甘宁 黄盖
LINEUPS = [{"type": "general_choice", "seat": 1, "general": "赵云", "reserves": ["吕布", "张飞"]},
           {"type": "general_choice", "seat": 2, "general": "孙权", "reserves": ["甘宁", "黄盖"]}]
HAND4 = ["♦2 闪", "♦3 闪", "♦7 闪", "♦8 闪"]


def game(v3: Any, events: list[dict[str, Any]], *, lineups: bool = True, **pos: Any) -> Any:
    """A log from a position: seat 1 in its play phase unless ``pos`` says otherwise."""
    pos.setdefault("current", 1)
    return v3.game([*(LINEUPS if lineups else []), *events], players=PAIR, mode="1v1", ruleset="1v1-2013", **pos)


def kill(user: int = 1, victim: int = 2, card: str = "♠7 杀") -> list[dict[str, Any]]:
    return [{"type": "use", "seat": user, "card": card, "targets": [victim]},
            {"type": "damage", "source": user, "target": victim, "amount": 1, "card": card},
            {"type": "death", "seat": victim, "killer": user}]


def enter(seat: int, general: str, cards: list[str] | None = None) -> list[dict[str, Any]]:
    return [{"type": "general_choice", "seat": seat, "general": general},
            {"type": "draw", "seat": seat, "cards": HAND4 if cards is None else cards, "reason": "initial"}]
