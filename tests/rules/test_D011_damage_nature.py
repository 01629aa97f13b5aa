"""SGS-D011 damage-nature: 雷杀 deals thunder damage, 火杀 and 火攻 fire damage, the other cards normal damage
(神话再临·军争篇, docs/log-format.md §3)."""

from __future__ import annotations

from typing import Any

import pytest


@pytest.mark.parametrize(("card", "nature"), [("♠4 雷杀", "thunder"), ("♥4 火杀", "fire"), ("♠7 杀", "normal")])
def test_ok_slash_nature(sgs: Any, card: str, nature: str) -> None:
    sgs.identity([{"type": "use", "seat": 3, "card": card, "targets": [4]},
                  {"type": "damage", "source": 3, "target": 4, "amount": 1, "card": card, "nature": nature}],
                 hands={3: [card]}, ruleset="maneuvering").assert_clean()


@pytest.mark.parametrize(("card", "nature"), [("♠4 雷杀", "fire"), ("♥4 火杀", "normal"), ("♠7 杀", "thunder")])
def test_flags_slash_nature(sgs: Any, card: str, nature: str) -> None:
    out = sgs.identity([{"type": "use", "seat": 3, "card": card, "targets": [4]},
                        {"type": "damage", "source": 3, "target": 4, "amount": 1, "card": card, "nature": nature}],
                       hands={3: [card]}, ruleset="maneuvering")
    out.assert_flags("SGS-D011", line=3, seat=4)


def test_flags_fire_attack_thunder(sgs: Any) -> None:
    out = sgs.identity([{"type": "use", "seat": 3, "card": "♥2 火攻", "targets": [4]},
                        {"type": "reveal", "seat": 4, "cards": ["♦2 闪"], "reason": "火攻"},
                        {"type": "discard", "seat": 3, "cards": ["♦3 闪"], "reason": "火攻"},
                        {"type": "damage", "source": 3, "target": 4, "amount": 1, "card": "♥2 火攻", "nature": "thunder"}],
                       hands={3: ["♥2 火攻", "♦3 闪"], 4: ["♦2 闪"]}, ruleset="maneuvering")
    out.assert_flags("SGS-D011", line=5, seat=4)
