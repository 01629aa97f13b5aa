"""SGS-F003 bad-card: a card string that is not `<suit><rank> <name>` or `?`."""

from __future__ import annotations

from typing import Any

import pytest


def test_ok_every_spelling(sgs: Any) -> None:
    sgs.identity([
        {"type": "use", "seat": 3, "card": "spade 7 slash", "targets": [4]},
        {"type": "respond", "seat": 4, "card": "D2 jink"},
    ], hands={3: ["S7 杀"], 4: ["♦2 闪"]}).assert_clean()


def test_ok_unknown_card(sgs: Any) -> None:
    sgs.identity([
        {"type": "phase", "seat": 3, "phase": "discard"},
        {"type": "discard", "seat": 3, "cards": ["?"]},
    ], hands={3: ["?", "?"]}, hp={3: 1}).assert_clean()


@pytest.mark.parametrize("card", ["♠14 杀", "♠7", "X7 杀", "♠7 火球", "♠7杀", ""])
def test_flags_bad_card(sgs: Any, card: str) -> None:
    out = sgs.identity([{"type": "use", "seat": 3, "card": card, "targets": [4]}], hands={3: ["♠7 杀"]})
    v = out.assert_flags("SGS-F003", line=2, only=True)
    assert repr(card) in v.message or card in v.message


def test_flags_bad_card_in_a_list(sgs: Any) -> None:
    out = sgs.identity([
        {"type": "phase", "seat": 3, "phase": "discard"},
        {"type": "discard", "seat": 3, "cards": ["♠7 杀", "heart 15 桃"]},
    ], hands={3: ["♠7 杀"]})
    out.assert_flags("SGS-F003", line=3)


def test_flags_bad_card_in_the_start_position(sgs: Any) -> None:
    out = sgs.identity([], hands={3: ["♠7 杀", "♠0 杀"]})
    out.assert_flags("SGS-F003", line=1)
