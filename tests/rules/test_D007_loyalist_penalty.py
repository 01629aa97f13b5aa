"""SGS-D007 loyalist-penalty: a lord who kills a loyalist discards every hand and equipped card."""

from __future__ import annotations

from typing import Any

POSITION = {"hands": {1: ["♠7 杀", "♦2 闪"]}, "equip": {1: ["♠K 大宛"]}, "hp": {2: 1}, "current": 1}
KILL = [{"type": "use", "seat": 1, "card": "♠7 杀", "targets": [2]},
        {"type": "damage", "source": 1, "target": 2, "amount": 1, "card": "♠7 杀"},
        {"type": "death", "seat": 2, "killer": 1}]
NEXT = {"type": "phase", "seat": 1, "phase": "discard"}


def test_ok_lord_discards_everything(sgs: Any) -> None:
    sgs.identity([*KILL, {"type": "discard", "seat": 1, "cards": ["♦2 闪", "♠K 大宛"]}, NEXT], **POSITION).assert_clean()


def test_ok_lord_with_nothing_left(sgs: Any) -> None:
    sgs.identity([*KILL, NEXT], hands={1: ["♠7 杀"]}, hp={2: 1}, current=1).assert_clean()


def test_ok_judge_area_is_kept(sgs: Any) -> None:
    sgs.identity([*KILL, {"type": "discard", "seat": 1, "cards": ["♦2 闪", "♠K 大宛"]}, NEXT],
                 judge={1: ["♠6 乐不思蜀"]}, **POSITION).assert_clean()


def test_ok_rebel_killing_a_loyalist_keeps_cards(sgs: Any) -> None:
    sgs.identity([{"type": "use", "seat": 3, "card": "♠7 杀", "targets": [2]},
                  {"type": "damage", "source": 3, "target": 2, "amount": 1, "card": "♠7 杀"},
                  {"type": "death", "seat": 2, "killer": 3}, {"type": "phase", "seat": 3, "phase": "discard"}],
                 hands={3: ["♠7 杀", "♦2 闪"]}, hp={2: 1}).assert_clean()


def test_flags_lord_keeps_cards(sgs: Any) -> None:
    out = sgs.identity([*KILL, NEXT], **POSITION)
    out.assert_flags("SGS-D007", line=5, seat=1, only=True)


def test_flags_lord_keeps_equipment(sgs: Any) -> None:
    out = sgs.identity([*KILL, {"type": "discard", "seat": 1, "cards": ["♦2 闪"]}, NEXT], **POSITION)
    out.assert_flags("SGS-D007", line=5)


def test_flags_penalty_before_the_death(sgs: Any) -> None:
    """The lord discards everything while the loyalist is still dying: the penalty comes after the death."""
    out = sgs.identity([*KILL[:2], {"type": "discard", "seat": 1, "cards": ["♦2 闪", "♠K 大宛"]}, KILL[2], NEXT], **POSITION)
    out.assert_flags("SGS-D007", line=4, seat=1)


def test_flags_penalty_for_killing_a_rebel(sgs: Any) -> None:
    """Only killing a loyalist costs the lord its cards: a discard of everything after killing a rebel has no cause."""
    out = sgs.identity([{"type": "use", "seat": 1, "card": "♠7 杀", "targets": [2]},
                        {"type": "damage", "source": 1, "target": 2, "amount": 1, "card": "♠7 杀"},
                        {"type": "death", "seat": 2, "killer": 1},
                        {"type": "discard", "seat": 1, "cards": ["♦2 闪", "♠K 大宛"]}, NEXT],
                       players=sgs.identity_players((("孙权", "lord"), ("甘宁", "renegade"), ("许褚", "rebel"),
                                                     ("黄盖", "rebel"), ("华佗", "loyalist"))), **POSITION)
    out.assert_flags("SGS-D007", line=5, seat=1)
