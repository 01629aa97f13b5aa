"""SGS-F005 bad-shape: fields that do not fit together (``card`` with ``as``, a hand with no seat …)."""

from __future__ import annotations

from typing import Any

import pytest


def test_ok_converted_card(sgs: Any) -> None:
    players = sgs.identity_players([("孙权", "lord"), ("甘宁", "loyalist"), ("关羽", "rebel"), ("黄盖", "rebel"),
                                    ("华佗", "renegade")])
    sgs.identity([
        {"type": "use", "seat": 3, "as": "杀", "cards": ["♥4 桃"], "skill": "武圣", "targets": [4]},
        {"type": "damage", "source": 3, "target": 4, "amount": 1},
    ], players=players, hands={3: ["♥4 桃"]}).assert_clean()


def test_ok_move_between_zones(sgs: Any) -> None:
    sgs.identity([
        {"type": "use", "seat": 3, "card": "♠3 过河拆桥", "targets": [4]},
        {"type": "move", "cards": ["♦2 闪"], "from": {"seat": 4, "zone": "hand"}, "to": {"zone": "discard"},
         "reason": "过河拆桥"},
    ], hands={3: ["♠3 过河拆桥"], 4: ["♦2 闪"]}).assert_clean()


@pytest.mark.parametrize(
    "line",
    [
        {"type": "use", "seat": 3, "card": "♠7 杀", "as": "杀", "cards": ["♠7 杀"], "targets": [4]},
        {"type": "use", "seat": 3, "as": "杀", "targets": [4]},
        {"type": "use", "seat": 3, "targets": [4]},
        {"type": "use", "seat": 3, "card": "♠7 杀", "cards": ["♠7 杀"], "targets": [4]},
        {"type": "respond", "seat": 3},
        {"type": "move", "cards": ["♠7 杀"], "from": {"zone": "hand"}, "to": {"zone": "discard"}},
        {"type": "move", "cards": ["♠7 杀"], "from": {"seat": 3, "zone": "hand"}, "to": {"zone": "pocket"}},
        {"type": "penalty", "points": 1},
        {"type": "penalty", "points": 1, "side": "warm", "seat": 3},
        {"type": "action_unit", "side": "warm", "who": "vanguards"},
    ],
    ids=["card-and-as", "as-without-cards", "neither", "card-with-cards", "respond-nothing", "hand-without-seat",
         "unknown-zone", "penalty-nobody", "penalty-both", "vanguards-without-order"],
)
def test_flags_bad_shape(sgs: Any, line: dict[str, Any]) -> None:
    out = sgs.identity([line], hands={3: ["♠7 杀"]})
    out.assert_flags("SGS-F005", line=2, only=True)
