"""SGS-P010 undodgeable: no 闪 against a 杀 that 铁骑 (red judgement) or 烈弓 made undodgeable."""

from __future__ import annotations

from typing import Any


def _players(sgs: Any, general: str) -> list[dict[str, Any]]:
    return sgs.identity_players([("孙权", "lord"), ("甘宁", "loyalist"), (general, "rebel"), ("黄盖", "rebel"),
                                 ("华佗", "renegade")])


def _tieji(judged: str, then: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        {"type": "use", "seat": 3, "card": "♠7 杀", "targets": [4]},
        {"type": "skill", "seat": 3, "skill": "铁骑", "targets": [4]},
        {"type": "judge", "seat": 3, "card": judged, "reason": "铁骑"},
        then,
    ]


JINK = {"type": "respond", "seat": 4, "card": "♦2 闪"}


def test_ok_black_judgement_jink_allowed(sgs: Any) -> None:
    sgs.identity(_tieji("♠9 杀", JINK), players=_players(sgs, "马超"), hands={3: ["♠7 杀"], 4: ["♦2 闪"]},
                 deck=["♠9 杀"]).assert_clean()


def test_ok_red_judgement_damage(sgs: Any) -> None:
    sgs.identity(_tieji("♥9 桃", {"type": "damage", "source": 3, "target": 4, "amount": 1, "card": "♠7 杀"}),
                 players=_players(sgs, "马超"), hands={3: ["♠7 杀"], 4: ["♦2 闪"]}, deck=["♥9 桃"]).assert_clean()


def test_flags_jink_after_red_tieji(sgs: Any) -> None:
    out = sgs.identity(_tieji("♥9 桃", JINK), players=_players(sgs, "马超"), hands={3: ["♠7 杀"], 4: ["♦2 闪"]},
                       deck=["♥9 桃"])
    out.assert_flags("SGS-P010", line=5, seat=4)


def test_flags_jink_against_liegong(sgs: Any) -> None:
    out = sgs.identity([
        {"type": "use", "seat": 3, "card": "♠7 杀", "targets": [4]},
        {"type": "skill", "seat": 3, "skill": "烈弓", "targets": [4]},
        JINK,
    ], players=_players(sgs, "黄忠"), hands={3: ["♠7 杀"], 4: ["♦2 闪", "♦3 闪", "♦4 闪", "♦5 闪"]})
    out.assert_flags("SGS-P010", line=4, seat=4)
