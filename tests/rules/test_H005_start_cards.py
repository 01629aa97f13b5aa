"""SGS-H005 start-cards: every card of the start position exists in the deck, no more often than its copies."""

from __future__ import annotations

from typing import Any


def test_ok_physical_duplicates(sgs: Any) -> None:
    """The deck has two ♠8 杀 and two ♥2 闪: both copies may be out at once."""
    sgs.identity([], hands={3: ["♠8 杀", "♠8 杀"], 4: ["♥2 闪"], 5: ["♥2 闪"]}).assert_clean()


def test_ok_cards_in_every_zone(sgs: Any) -> None:
    sgs.identity([], hands={3: ["♠7 杀"]}, equip={3: ["♣A 诸葛连弩", "♠2 八卦阵", "♥5 赤兔", "♠5 绝影"]},
                 judge={4: ["♠6 乐不思蜀", "♠A 闪电"]}, deck=["♦2 闪"], discard=["♥3 桃"]).assert_clean()


def test_flags_card_not_in_the_deck(sgs: Any) -> None:
    sgs.identity([], hands={3: ["♥5 桃"]}).assert_flags("SGS-H005", line=1)


def test_flags_too_many_copies(sgs: Any) -> None:
    out = sgs.identity([], hands={3: ["♠7 杀"], 4: ["♠7 杀"]})
    assert "♠7 杀" in out.assert_flags("SGS-H005", line=1).message


def test_flags_same_card_in_hand_and_deck(sgs: Any) -> None:
    sgs.identity([], hands={3: ["♥3 桃"]}, deck=["♥3 桃"]).assert_flags("SGS-H005", line=1)


def test_flags_non_equipment_in_the_equip_area(sgs: Any) -> None:
    sgs.identity([], equip={3: ["♥3 桃"]}).assert_flags("SGS-H005", line=1)


def test_flags_3v3_deck_card_in_identity_mode(sgs: Any) -> None:
    sgs.identity([], hands={3: ["♠A 兵粮寸断"]}).assert_flags("SGS-H005", line=1)
