"""SGS-C001 card-not-held: a card used, played or discarded must be in the seat's hand (or equip area)."""

from __future__ import annotations

from typing import Any


def test_ok_card_held(sgs: Any) -> None:
    sgs.identity([
        {"type": "use", "seat": 3, "card": "♠7 杀", "targets": [4]},
        {"type": "respond", "seat": 4, "card": "♦2 闪"},
    ], hands={3: ["♠7 杀"], 4: ["♦2 闪"]}).assert_clean()


def test_ok_hidden_hand_is_unverifiable_not_flagged(sgs: Any) -> None:
    out = sgs.identity([{"type": "use", "seat": 3, "card": "♠7 杀", "targets": [4]},
                        {"type": "respond", "seat": 4, "card": "♦2 闪"}], hands={3: ["?"], 4: ["?"]})
    out.assert_clean()
    assert out.report.unverifiable >= 1


def test_flags_use_of_a_card_not_held(sgs: Any) -> None:
    out = sgs.identity([
        {"type": "use", "seat": 3, "card": "♣8 杀", "targets": [4]},
        {"type": "damage", "source": 3, "target": 4, "amount": 1, "card": "♣8 杀"},
    ], hands={3: ["♠7 杀"]})
    v = out.assert_flags("SGS-C001", line=2, seat=3, only=True)
    assert v.observed == "♣8 杀"


def test_flags_response_not_held(sgs: Any) -> None:
    out = sgs.identity([
        {"type": "use", "seat": 3, "card": "♠7 杀", "targets": [4]},
        {"type": "respond", "seat": 4, "card": "♦3 闪"},
    ], hands={3: ["♠7 杀"], 4: ["♦2 闪"]})
    out.assert_flags("SGS-C001", line=3, seat=4, only=True)


def test_flags_discard_not_held(sgs: Any) -> None:
    out = sgs.identity([
        {"type": "phase", "seat": 3, "phase": "discard"},
        {"type": "discard", "seat": 3, "cards": ["♦2 闪"]},
    ], hands={3: ["♠7 杀", "♣8 杀"]}, hp={3: 1})
    out.assert_flags("SGS-C001", line=3)


def test_flags_same_card_used_twice(sgs: Any) -> None:
    """Crossbow lifts the limit, not the physical card: ♠7 杀 is in the discard pile after its first use."""
    out = sgs.identity([
        {"type": "use", "seat": 3, "card": "♠7 杀", "targets": [4]},
        {"type": "damage", "source": 3, "target": 4, "amount": 1, "card": "♠7 杀"},
        {"type": "use", "seat": 3, "card": "♠7 杀", "targets": [4]},
    ], hands={3: ["♠7 杀"]}, equip={3: ["♣A 诸葛连弩"]})
    out.assert_flags("SGS-C001", line=4)


def test_ok_equipment_replacement_and_the_old_card(sgs: Any) -> None:
    """Equipping a second weapon sends the first to the discard pile (implied); moving it from there is fine."""
    sgs.identity([
        {"type": "use", "seat": 3, "card": "♠2 雌雄双股剑"},
        {"type": "move", "cards": ["♠6 青釭剑"], "from": {"zone": "discard"}, "to": {"zone": "deck"}, "reason": "test"},
    ], hands={3: ["♠2 雌雄双股剑"]}, equip={3: ["♠6 青釭剑"]}).assert_clean()


def test_flags_replaced_equipment_is_no_longer_held(sgs: Any) -> None:
    out = sgs.identity([
        {"type": "use", "seat": 3, "card": "♠6 青釭剑"},
        {"type": "use", "seat": 3, "card": "♠2 雌雄双股剑"},
        {"type": "phase", "seat": 3, "phase": "discard"},
        {"type": "discard", "seat": 3, "cards": ["♠6 青釭剑"]},
    ], hands={3: ["♠2 雌雄双股剑", "♠6 青釭剑"]})
    out.assert_flags("SGS-C001", line=5)
