"""SGS-P013 recast: only 铁索连环 (重铸：将此牌置入弃牌堆并摸一张牌) — or a card a skill lets be recast as it —
may be recast, in its owner's play phase (神话再临·军争篇 · 铁索连环)."""

from __future__ import annotations

from typing import Any


def test_ok_recast_iron_chain(sgs: Any) -> None:
    sgs.identity([{"type": "recast", "seat": 3, "card": "♣10 铁索连环"},
                  {"type": "draw", "seat": 3, "cards": ["♦2 闪"], "reason": "recast"}],
                 hands={3: ["♣10 铁索连环"]}, deck=["♦2 闪"], ruleset="maneuvering").assert_clean()


def test_flags_recast_a_slash(sgs: Any) -> None:
    out = sgs.identity([{"type": "recast", "seat": 3, "card": "♠7 杀"},
                        {"type": "draw", "seat": 3, "cards": ["♦2 闪"], "reason": "recast"}],
                       hands={3: ["♠7 杀"]}, deck=["♦2 闪"], ruleset="maneuvering")
    out.assert_flags("SGS-P013", line=2, seat=3)


def test_flags_recast_outside_the_play_phase(sgs: Any) -> None:
    out = sgs.identity([{"type": "recast", "seat": 4, "card": "♣10 铁索连环"},
                        {"type": "draw", "seat": 4, "cards": ["♦2 闪"], "reason": "recast"}],
                       hands={4: ["♣10 铁索连环"]}, deck=["♦2 闪"], ruleset="maneuvering")
    out.assert_flags("SGS-T006", line=2, seat=4)
