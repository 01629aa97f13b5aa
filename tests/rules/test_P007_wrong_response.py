"""SGS-P007 wrong-response: the card does not answer the demand (闪 to 杀/万箭齐发, 杀 to 南蛮入侵/决斗)."""

from __future__ import annotations

from typing import Any


def test_ok_slash_answers_savage_assault(sgs: Any) -> None:
    sgs.identity([
        {"type": "use", "seat": 3, "card": "♠7 南蛮入侵"},
        {"type": "respond", "seat": 4, "card": "♣2 杀"},
        {"type": "damage", "source": 3, "target": 5, "amount": 1, "card": "♠7 南蛮入侵"},
        {"type": "damage", "source": 3, "target": 1, "amount": 1, "card": "♠7 南蛮入侵"},
        {"type": "respond", "seat": 2, "card": "♣3 杀"},
    ], hands={3: ["♠7 南蛮入侵"], 4: ["♣2 杀"], 2: ["♣3 杀"]}).assert_clean()


def test_ok_slash_answers_duel(sgs: Any) -> None:
    sgs.identity([
        {"type": "use", "seat": 3, "card": "♠A 决斗", "targets": [4]},
        {"type": "respond", "seat": 4, "card": "♣2 杀"},
        {"type": "damage", "source": 4, "target": 3, "amount": 1, "card": "♠A 决斗"},
    ], hands={3: ["♠A 决斗"], 4: ["♣2 杀"]}).assert_clean()


def test_flags_slash_answering_slash(sgs: Any) -> None:
    out = sgs.identity([{"type": "use", "seat": 3, "card": "♠7 杀", "targets": [4]},
                        {"type": "respond", "seat": 4, "card": "♣2 杀"}], hands={3: ["♠7 杀"], 4: ["♣2 杀"]})
    out.assert_flags("SGS-P007", line=3, seat=4)


def test_flags_jink_answering_savage_assault(sgs: Any) -> None:
    out = sgs.identity([{"type": "use", "seat": 3, "card": "♠7 南蛮入侵"},
                        {"type": "respond", "seat": 4, "card": "♦2 闪"}], hands={3: ["♠7 南蛮入侵"], 4: ["♦2 闪"]})
    out.assert_flags("SGS-P007", line=3, seat=4)


def test_flags_slash_answering_archery(sgs: Any) -> None:
    out = sgs.identity([{"type": "use", "seat": 3, "card": "♥A 万箭齐发"},
                        {"type": "respond", "seat": 4, "card": "♣2 杀"}], hands={3: ["♥A 万箭齐发"], 4: ["♣2 杀"]})
    out.assert_flags("SGS-P007", line=3)


def test_flags_jink_answering_duel(sgs: Any) -> None:
    out = sgs.identity([{"type": "use", "seat": 3, "card": "♠A 决斗", "targets": [4]},
                        {"type": "respond", "seat": 4, "card": "♦2 闪"}], hands={3: ["♠A 决斗"], 4: ["♦2 闪"]})
    out.assert_flags("SGS-P007", line=3)


def test_flags_peach_answering_slash(sgs: Any) -> None:
    out = sgs.identity([{"type": "use", "seat": 3, "card": "♠7 杀", "targets": [4]},
                        {"type": "respond", "seat": 4, "card": "♥3 桃"}], hands={3: ["♠7 杀"], 4: ["♥3 桃"]})
    out.assert_flags("SGS-P007", line=3)
