"""SGS-5006 hegemony-reward: a kill of another kingdom's character draws as many cards as that kingdom has characters
(the victim included); a kill of one's own kingdom costs every hand and equipment card; a killer with no general face
up gets nothing. 《三國殺各種模式的規則》 · 二、國戰模式 · 1.游戲目標: 玩家的游戲目標與勢力相關：消滅所有與自己勢力不同的角色."""

from __future__ import annotations

from typing import Any

from tests.conftest import validate_text
from tests.hegemony_kit import PAIRS, players

DECK = ["♣3 杀", "♦4 闪", "♥7 无中生有"]
KILL = [{"type": "phase", "seat": 1, "phase": "play"},
        {"type": "use", "seat": 1, "card": "♠7 杀", "targets": [2]},
        {"type": "damage", "source": 1, "target": 2, "amount": 1, "card": "♠7 杀"},
        {"type": "death", "seat": 2, "killer": 1}]
NEXT = {"type": "phase", "seat": 1, "phase": "discard"}


def _run(sgs: Any, events: list[dict[str, Any]], pairs: tuple[tuple[str, str], ...] = PAIRS, *, reveal: bool = True,
         hp: dict[int, int] | None = None) -> Any:
    start = sgs.start(4, hands={1: ["♠7 杀", "♦9 闪"]}, hp=hp or {2: 1}, current=1, phase="start", deck=DECK)
    header = sgs.header(players(pairs), mode="hegemony", ruleset="hegemony", start=start)
    shown = [{"type": "reveal_general", "seat": 1, "main": pairs[0][0]}] if reveal else []
    return validate_text(sgs.text(header, [*shown, *events]))


def _reward(n: int) -> dict[str, Any]:
    return {"type": "draw", "seat": 1, "cards": DECK[:n], "reason": "reward"}


def test_ok_one_card_for_a_lone_shu(sgs: Any) -> None:
    _run(sgs, [*KILL, _reward(1), NEXT]).assert_clean()


def test_ok_nothing_for_a_killer_with_no_general_face_up(sgs: Any) -> None:
    _run(sgs, [*KILL, NEXT], reveal=False).assert_clean()


def test_flags_three_cards_for_a_lone_shu(sgs: Any) -> None:
    _run(sgs, [*KILL, _reward(3), NEXT]).assert_flags("SGS-5006", 7, seat=1, only=True)


def test_flags_a_missing_reward(sgs: Any) -> None:
    _run(sgs, [*KILL, NEXT]).assert_flags("SGS-5006", 7, seat=1, only=True)


def test_ok_the_penalty_for_killing_ones_own_kingdom(sgs: Any) -> None:
    pairs = (("曹操", "典韦"), ("许褚", "张辽"), ("孙权", "甘宁"), ("吕布", "华佗"))
    out = _run(sgs, [*KILL[:3], {"type": "reveal_general", "seat": 2, "main": "许褚", "reason": "death"}, KILL[3],
                     {"type": "discard", "seat": 1, "cards": ["♦9 闪"], "reason": "penalty"}, NEXT], pairs)
    out.assert_clean()


def test_flags_a_reward_for_killing_ones_own_kingdom(sgs: Any) -> None:
    pairs = (("曹操", "典韦"), ("许褚", "张辽"), ("孙权", "甘宁"), ("吕布", "华佗"))
    out = _run(sgs, [*KILL, _reward(2), NEXT], pairs)
    out.assert_flags("SGS-5006", 7, seat=1)
    out.assert_not_flagged("SGS-D006")
