"""SGS-C002 card-not-there: a move or draw takes a card from a zone that does not hold it."""

from __future__ import annotations

from typing import Any

DISMANTLE = {"type": "use", "seat": 3, "card": "♠3 过河拆桥", "targets": [1]}


def _take(card: str, zone: str = "hand", seat: int = 1) -> dict[str, Any]:
    return {"type": "move", "cards": [card], "from": {"seat": seat, "zone": zone}, "to": {"zone": "discard"},
            "reason": "过河拆桥"}


def test_ok_dismantle_hand_card(sgs: Any) -> None:
    sgs.identity([DISMANTLE, _take("♥4 桃")], hands={3: ["♠3 过河拆桥"], 1: ["♥4 桃"]}).assert_clean()


def test_ok_dismantle_equipment(sgs: Any) -> None:
    sgs.identity([DISMANTLE, _take("♠K 大宛", "equip")], hands={3: ["♠3 过河拆桥"]}, equip={1: ["♠K 大宛"]}).assert_clean()


def test_ok_dismantle_delayed_trick(sgs: Any) -> None:
    sgs.identity([DISMANTLE, _take("♠6 乐不思蜀", "judge")], hands={3: ["♠3 过河拆桥"]},
                 judge={1: ["♠6 乐不思蜀"]}).assert_clean()


def test_flags_dismantle_card_not_in_the_hand(sgs: Any) -> None:
    out = sgs.identity([DISMANTLE, _take("♥6 桃")], hands={3: ["♠3 过河拆桥"], 1: ["♥4 桃"]})
    out.assert_flags("SGS-C002", line=3, only=True)


def test_flags_equipment_that_is_not_equipped(sgs: Any) -> None:
    out = sgs.identity([DISMANTLE, _take("♠K 大宛", "equip")], hands={3: ["♠3 过河拆桥", "♠K 大宛"]},
                       equip={1: ["♠5 绝影"]})
    out.assert_flags("SGS-C002", line=3)


def test_flags_draw_of_a_card_someone_holds(sgs: Any) -> None:
    out = sgs.identity([
        {"type": "turn", "seat": 4},
        {"type": "phase", "seat": 4, "phase": "draw"},
        {"type": "draw", "seat": 4, "cards": ["♣3 杀", "♦4 闪"], "reason": "phase"},
    ], hands={1: ["♣3 杀"]}, current=3, phase="finish")
    out.assert_flags("SGS-C002", line=4)


def test_flags_card_taken_from_the_discard_pile_that_is_not_there(sgs: Any) -> None:
    out = sgs.identity([{"type": "move", "cards": ["♥3 桃"], "from": {"zone": "discard"}, "to": {"seat": 3, "zone": "hand"},
                         "reason": "test"}], discard=["♥4 桃"])
    out.assert_flags("SGS-C002", line=2)
