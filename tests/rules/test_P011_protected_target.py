"""SGS-P011 protected-target: 空城 (no hand cards: no 杀 or 决斗) and 谦逊 (no 顺手牵羊 or 乐不思蜀)."""

from __future__ import annotations

from typing import Any

import pytest


def _players(sgs: Any, general: str) -> list[dict[str, Any]]:
    return sgs.identity_players([("孙权", "lord"), ("甘宁", "loyalist"), ("许褚", "rebel"), (general, "rebel"),
                                 ("华佗", "renegade")])


@pytest.mark.parametrize("card", ["♠7 杀", "♠A 决斗"])
def test_ok_kongcheng_with_hand_cards(sgs: Any, card: str) -> None:
    sgs.identity([{"type": "use", "seat": 3, "card": card, "targets": [4]},
                  {"type": "damage", "source": 3, "target": 4, "amount": 1, "card": card}],
                 players=_players(sgs, "诸葛亮"), hands={3: [card], 4: ["♦2 闪"]}).assert_clean()


@pytest.mark.parametrize("card", ["♠7 杀", "♠A 决斗"])
def test_flags_kongcheng_without_hand_cards(sgs: Any, card: str) -> None:
    out = sgs.identity([{"type": "use", "seat": 3, "card": card, "targets": [4]}], players=_players(sgs, "诸葛亮"),
                       hands={3: [card]}, equip={4: ["♠2 八卦阵"]})
    out.assert_flags("SGS-P011", line=2, seat=3)


def test_ok_qianxun_other_tricks(sgs: Any) -> None:
    sgs.identity([{"type": "use", "seat": 3, "card": "♠3 过河拆桥", "targets": [4]},
                  {"type": "move", "cards": ["♦2 闪"], "from": {"seat": 4, "zone": "hand"}, "to": {"zone": "discard"},
                   "reason": "过河拆桥"}], players=_players(sgs, "陆逊"), hands={3: ["♠3 过河拆桥"], 4: ["♦2 闪"]}
                 ).assert_clean()


@pytest.mark.parametrize("card", ["♠4 顺手牵羊", "♠6 乐不思蜀"])
def test_flags_qianxun(sgs: Any, card: str) -> None:
    out = sgs.identity([{"type": "use", "seat": 3, "card": card, "targets": [4]}], players=_players(sgs, "陆逊"),
                       hands={3: [card], 4: ["♦2 闪"]})
    out.assert_flags("SGS-P011", line=2, seat=3)
