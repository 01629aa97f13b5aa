"""SGS-P008 same-name-area: no two delayed tricks of the same name in one judge area."""

from __future__ import annotations

from typing import Any


def test_ok_two_different_tricks(sgs: Any) -> None:
    sgs.identity([{"type": "use", "seat": 3, "card": "♠A 闪电"}], hands={3: ["♠A 闪电"]},
                 judge={3: ["♠6 乐不思蜀"]}).assert_clean()


def test_ok_same_trick_on_different_seats(sgs: Any) -> None:
    sgs.identity([{"type": "use", "seat": 3, "card": "♠6 乐不思蜀", "targets": [4]}], hands={3: ["♠6 乐不思蜀"]},
                 judge={2: ["♣6 乐不思蜀"]}).assert_clean()


def test_flags_second_indulgence(sgs: Any) -> None:
    out = sgs.identity([{"type": "use", "seat": 3, "card": "♠6 乐不思蜀", "targets": [4]}], hands={3: ["♠6 乐不思蜀"]},
                       judge={4: ["♣6 乐不思蜀"]})
    out.assert_flags("SGS-P008", line=2, only=True)


def test_flags_second_lightning(sgs: Any) -> None:
    out = sgs.identity([{"type": "use", "seat": 3, "card": "♠A 闪电"}], hands={3: ["♠A 闪电"]}, judge={3: ["♥Q 闪电"]})
    out.assert_flags("SGS-P008", line=2, only=True)


def test_flags_indulgence_placed_twice_in_one_turn(sgs: Any) -> None:
    out = sgs.identity([{"type": "use", "seat": 3, "card": "♠6 乐不思蜀", "targets": [4]},
                        {"type": "use", "seat": 3, "card": "♥6 乐不思蜀", "targets": [4]}],
                       hands={3: ["♠6 乐不思蜀", "♥6 乐不思蜀"]})
    out.assert_flags("SGS-P008", line=3)


def test_flags_converted_indulgence_counts_by_its_name(sgs: Any) -> None:
    """国色 turns a ♦ card into 乐不思蜀: in the judge area it is a 乐不思蜀."""
    players = sgs.identity_players([("孙权", "lord"), ("甘宁", "loyalist"), ("大乔", "rebel"), ("黄盖", "rebel"),
                                    ("华佗", "renegade")])
    out = sgs.identity([
        {"type": "use", "seat": 3, "as": "乐不思蜀", "cards": ["♦3 闪"], "skill": "国色", "targets": [4]},
        {"type": "use", "seat": 3, "card": "♠6 乐不思蜀", "targets": [4]},
    ], players=players, hands={3: ["♦3 闪", "♠6 乐不思蜀"]})
    out.assert_flags("SGS-P008", line=3)



COUNTERED_LIGHTNING = [
    {"type": "turn", "seat": 4}, {"type": "phase", "seat": 4, "phase": "judge"},
    {"type": "use", "seat": 2, "card": "♠J 无懈可击"},
    {"type": "phase", "seat": 4, "phase": "draw"},
    {"type": "draw", "seat": 4, "cards": ["♣3 杀", "♦4 闪"], "reason": "phase"},
]
PASSING = {"judge": {4: ["♠A 闪电"]}, "current": 3, "phase": "finish"}


def test_ok_lightning_passed_on_leaves_room(sgs: Any) -> None:
    """A countered 闪电 moves on to the next seat (seed 001 一(四) 闪电): seat 4 may place a new one."""
    sgs.identity([*COUNTERED_LIGHTNING, {"type": "phase", "seat": 4, "phase": "play"},
                  {"type": "use", "seat": 4, "card": "♥Q 闪电"}],
                 hands={2: ["♠J 无懈可击"], 4: ["♥Q 闪电"]}, **PASSING).assert_clean()

