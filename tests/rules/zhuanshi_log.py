"""Shared logs of the 转世 and 献祭 rule tests (ruleset house-zhuanshi): seat 3 kills the rebel of seat 4 in
its play phase; seats 3, 5 and 1 can then give it cards."""

from __future__ import annotations

import json
from typing import Any

from tests.conftest import validate_text

KILL = [{"type": "use", "seat": 3, "card": "♠7 杀", "targets": [4]},
        {"type": "damage", "source": 3, "target": 4, "amount": 1, "card": "♠7 杀"},
        {"type": "dying", "seat": 4}, {"type": "pass", "seat": 5}, {"type": "pass", "seat": 1},
        {"type": "pass", "seat": 2}, {"type": "pass", "seat": 3},
        {"type": "death", "seat": 4, "killer": 3},
        {"type": "draw", "seat": 3, "cards": ["♣3 杀", "♦4 闪", "♥7 无中生有"], "reason": "reward"}]
HANDS = {3: ["♠7 杀", "♠9 杀"], 5: ["♥3 桃", "♦5 闪"], 1: ["♦9 闪"], 2: ["♦6 闪"]}


def give(giver: int, card: str, to: int = 4) -> dict[str, Any]:
    """A 献祭: one hand card of ``giver`` to the out player ``to``."""
    return {"type": "move", "cards": [card], "from": {"seat": giver, "zone": "hand"},
            "to": {"seat": to, "zone": "hand"}, "reason": "献祭"}


def turn(seat: int) -> list[dict[str, Any]]:
    """The end of the current turn and the next seat's turn, up to its play phase."""
    return [{"type": "turn", "seat": seat}, {"type": "phase", "seat": seat, "phase": "start"},
            {"type": "phase", "seat": seat, "phase": "play"}]


def run(sgs: Any, events: list[dict[str, Any]], *, ruleset: str = "house-zhuanshi", hp: dict[int, int] | None = None,
        hands: dict[int, list[str]] | None = None, current: int = 3, **position: Any) -> Any:
    header = json.loads(sgs.identity_text([], ruleset=ruleset, current=current, hp=hp or {4: 1}, hands=hands or HANDS,
                                          **position).splitlines()[0])
    return validate_text(sgs.text(header, events))


#: three 献祭 in seat 3's turn, then the 转世 of seat 4 (黄盖, 吴) as 吕蒙 (吴)
REBORN = [*KILL, give(3, "♠9 杀"), give(5, "♦5 闪"), give(1, "♦9 闪"),
          {"type": "general_choice", "seat": 4, "general": "吕蒙", "turned_up": ["曹操", "刘备"]}]
