"""SGS-P003 trick-distance: 顺手牵羊 (and 兵粮寸断) need distance 1; a weapon does not help."""

from __future__ import annotations

from typing import Any

SNATCH = "♠3 顺手牵羊"


def _snatch(target: int, card: str = "♥4 桃", zone: str = "hand") -> list[dict[str, Any]]:
    return [{"type": "use", "seat": 3, "card": SNATCH, "targets": [target]},
            {"type": "move", "cards": [card], "from": {"seat": target, "zone": zone}, "to": {"seat": 3, "zone": "hand"},
             "reason": "顺手牵羊"}]


def test_ok_distance_one(sgs: Any) -> None:
    sgs.identity(_snatch(4), hands={3: [SNATCH], 4: ["♥4 桃"]}).assert_clean()


def test_ok_minus_horse(sgs: Any) -> None:
    sgs.identity(_snatch(1), hands={3: [SNATCH], 1: ["♥4 桃"]}, equip={3: ["♠K 大宛"]}).assert_clean()


def test_ok_take_an_equipped_card(sgs: Any) -> None:
    sgs.identity(_snatch(2, "♠2 八卦阵", "equip"), hands={3: [SNATCH]}, equip={2: ["♠2 八卦阵"]}).assert_clean()


def test_flags_distance_two(sgs: Any) -> None:
    out = sgs.identity(_snatch(1), hands={3: [SNATCH], 1: ["♥4 桃"]})
    out.assert_flags("SGS-P003", line=2, seat=3, only=True)


def test_flags_weapon_range_does_not_count(sgs: Any) -> None:
    out = sgs.identity(_snatch(1), hands={3: [SNATCH], 1: ["♥4 桃"]}, equip={3: ["♦Q 方天画戟"]})
    out.assert_flags("SGS-P003", line=2)


def test_flags_target_plus_horse(sgs: Any) -> None:
    out = sgs.identity(_snatch(4, "♠5 绝影", "equip"), hands={3: [SNATCH]}, equip={4: ["♠5 绝影"]})
    out.assert_flags("SGS-P003", line=2)
