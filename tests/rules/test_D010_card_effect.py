"""SGS-D010 card-effect: the card's effect is carried out as its text says.

无中生有 draws two; 五谷丰登 reveals one card per living character and each takes one; 桃园结义 heals
each wounded character by one; 桃 heals one; a countered trick has no effect.
"""

from __future__ import annotations

from typing import Any

import pytest

EX = "♥7 无中生有"
GS = "♥A 桃园结义"
AG = "♥3 五谷丰登"
DECK = ["♣3 杀", "♦4 闪", "♥8 无中生有", "♠9 杀", "♦6 闪"]
NEXT = {"type": "phase", "seat": 3, "phase": "discard"}


def _ex_draw(cards: list[str]) -> dict[str, Any]:
    return {"type": "draw", "seat": 3, "cards": cards, "reason": "card", "card_name": "无中生有"}


# ---------------------------------------------------------------------------- 无中生有

def test_ok_ex_nihilo_draws_two(sgs: Any) -> None:
    sgs.identity([{"type": "use", "seat": 3, "card": EX}, _ex_draw(DECK[:2])], hands={3: [EX]}, deck=DECK).assert_clean()


@pytest.mark.parametrize("n", [1, 3])
def test_flags_ex_nihilo_wrong_count(sgs: Any, n: int) -> None:
    out = sgs.identity([{"type": "use", "seat": 3, "card": EX}, _ex_draw(DECK[:n])], hands={3: [EX]}, deck=DECK)
    out.assert_flags("SGS-D010", line=3, seat=3)


def test_flags_ex_nihilo_without_a_draw(sgs: Any) -> None:
    out = sgs.identity([{"type": "use", "seat": 3, "card": EX}, NEXT], hands={3: [EX]})
    out.assert_flags("SGS-D010", line=3, seat=3)


def test_ok_countered_ex_nihilo_draws_nothing(sgs: Any) -> None:
    sgs.identity([{"type": "use", "seat": 3, "card": EX}, {"type": "use", "seat": 4, "card": "♠J 无懈可击"}, NEXT],
                 hands={3: [EX], 4: ["♠J 无懈可击"]}).assert_clean()


def test_flags_countered_ex_nihilo_draws_anyway(sgs: Any) -> None:
    out = sgs.identity([{"type": "use", "seat": 3, "card": EX}, {"type": "use", "seat": 4, "card": "♠J 无懈可击"},
                        _ex_draw(DECK[:2])], hands={3: [EX], 4: ["♠J 无懈可击"]}, deck=DECK)
    out.assert_kind("bookkeeping", 4)


# ---------------------------------------------------------------------------- 五谷丰登

def _pick(card: str, seat: int) -> dict[str, Any]:
    return {"type": "move", "cards": [card], "from": {"zone": "processing"}, "to": {"seat": seat, "zone": "hand"},
            "reason": "五谷丰登"}


def test_ok_amazing_grace(sgs: Any) -> None:
    sgs.identity([{"type": "use", "seat": 3, "card": AG}, {"type": "reveal", "cards": DECK, "reason": "五谷丰登"},
                  *[_pick(c, s) for c, s in zip(DECK, [3, 4, 5, 1, 2], strict=True)]], hands={3: [AG]}, deck=DECK
                 ).assert_clean()


def test_ok_amazing_grace_with_a_dead_seat(sgs: Any) -> None:
    sgs.identity([{"type": "use", "seat": 3, "card": AG}, {"type": "reveal", "cards": DECK[:4], "reason": "五谷丰登"},
                  *[_pick(c, s) for c, s in zip(DECK, [3, 5, 1, 2], strict=False)]], hands={3: [AG]}, deck=DECK,
                 dead=[4]).assert_clean()


def test_flags_amazing_grace_reveals_too_few(sgs: Any) -> None:
    out = sgs.identity([{"type": "use", "seat": 3, "card": AG}, {"type": "reveal", "cards": DECK[:4], "reason": "五谷丰登"}],
                       hands={3: [AG]}, deck=DECK)
    out.assert_flags("SGS-D010", line=3)


def test_flags_amazing_grace_pick_not_revealed(sgs: Any) -> None:
    out = sgs.identity([{"type": "use", "seat": 3, "card": AG}, {"type": "reveal", "cards": DECK, "reason": "五谷丰登"},
                        _pick("♠8 杀", 3)], hands={3: [AG]}, deck=DECK)
    out.assert_kind("bookkeeping", 4)


# ---------------------------------------------------------------------------- 桃园结义

def _heal(seat: int, amount: int = 1) -> dict[str, Any]:
    return {"type": "recover", "seat": seat, "amount": amount, "card": GS}


def test_ok_god_salvation(sgs: Any) -> None:
    sgs.identity([{"type": "use", "seat": 3, "card": GS}, _heal(3), _heal(5), NEXT], hands={3: [GS]},
                 hp={3: 2, 5: 1}).assert_clean()


def test_flags_god_salvation_heals_two(sgs: Any) -> None:
    out = sgs.identity([{"type": "use", "seat": 3, "card": GS}, _heal(3, 2)], hands={3: [GS]}, hp={3: 1})
    out.assert_kind("bookkeeping", 3)


def test_flags_god_salvation_skips_a_wounded_seat(sgs: Any) -> None:
    out = sgs.identity([{"type": "use", "seat": 3, "card": GS}, _heal(3), NEXT], hands={3: [GS]}, hp={3: 2, 5: 1})
    out.assert_kind("bookkeeping", 4)


# ---------------------------------------------------------------------------- 桃

PEACH_UNUSED = {
    "own-turn": ([{"type": "use", "seat": 3, "card": "♥3 桃", "targets": [3]}, NEXT], {"hands": {3: ["♥3 桃"]}, "hp": {3: 2}}, 3),
    "rescue": ([{"type": "use", "seat": 3, "card": "♠7 杀", "targets": [4]},
                {"type": "damage", "source": 3, "target": 4, "amount": 1, "card": "♠7 杀"},
                {"type": "use", "seat": 3, "card": "♥3 桃", "targets": [4]}, NEXT],
               {"hands": {3: ["♠7 杀", "♥3 桃"]}, "hp": {4: 1}}, 5),
}


@pytest.mark.parametrize("case", sorted(PEACH_UNUSED))
def test_flags_peach_without_recovery(sgs: Any, case: str) -> None:
    events, position, line = PEACH_UNUSED[case]
    sgs.identity(events, **position).assert_kind("bookkeeping", line)


@pytest.mark.parametrize("case", sorted(PEACH_UNUSED))
def test_flags_peach_without_recovery_as_a_card_effect(sgs: Any, case: str) -> None:
    events, position, line = PEACH_UNUSED[case]
    sgs.identity(events, **position).assert_flags("SGS-D010", line=line)


# ---------------------------------------------------------------------------- 过河拆桥 / 顺手牵羊

DISMANTLE = {"type": "use", "seat": 3, "card": "♠3 过河拆桥", "targets": [4]}


def _taken(to: dict[str, Any], reason: str = "过河拆桥") -> dict[str, Any]:
    return {"type": "move", "cards": ["♦2 闪"], "from": {"seat": 4, "zone": "hand"}, "to": to, "reason": reason}


def test_ok_countered_dismantlement_takes_nothing(sgs: Any) -> None:
    sgs.identity([DISMANTLE, {"type": "use", "seat": 4, "card": "♠J 无懈可击"}, NEXT],
                 hands={3: ["♠3 过河拆桥"], 4: ["♦2 闪", "♠J 无懈可击"]}).assert_clean()


def test_flags_countered_dismantlement_takes_anyway(sgs: Any) -> None:
    out = sgs.identity([DISMANTLE, {"type": "use", "seat": 4, "card": "♠J 无懈可击"}, _taken({"zone": "discard"})],
                       hands={3: ["♠3 过河拆桥"], 4: ["♦2 闪", "♠J 无懈可击"]})
    out.assert_kind("bookkeeping", 4)


def test_flags_dismantled_card_kept_by_the_user(sgs: Any) -> None:
    out = sgs.identity([DISMANTLE, _taken({"seat": 3, "zone": "hand"})], hands={3: ["♠3 过河拆桥"], 4: ["♦2 闪"]})
    out.assert_kind("bookkeeping", 3)


GRACE = "♥3 五谷丰登"
GRACE_DECK = ["♣3 杀", "♦4 闪", "♥7 无中生有", "♠9 杀", "♦6 闪"]
GRACE_PICKS = [("♥7 无中生有", 3), ("♣3 杀", 4), ("♦4 闪", 5), ("♠9 杀", 1), ("♦6 闪", 2)]


def _pick(card: str, seat: int) -> dict[str, Any]:
    return {"type": "move", "cards": [card], "from": {"zone": "processing"}, "to": {"seat": seat, "zone": "hand"},
            "reason": "五谷丰登"}


def _grace(picks: list[tuple[str, int]]) -> list[dict[str, Any]]:
    return [{"type": "use", "seat": 3, "card": GRACE}, {"type": "reveal", "cards": GRACE_DECK, "reason": "五谷丰登"},
            _pick(*GRACE_PICKS[0]), {"type": "use", "seat": 1, "card": "♠J 无懈可击"},
            *[_pick(c, s) for c, s in picks], NEXT]


def test_ok_amazing_grace_share_countered(sgs: Any) -> None:
    sgs.identity(_grace(GRACE_PICKS[2:]), hands={3: [GRACE], 1: ["♠J 无懈可击"]}, deck=GRACE_DECK).assert_clean()


def test_flags_countered_amazing_grace_share_taken(sgs: Any) -> None:
    out = sgs.identity(_grace(GRACE_PICKS[1:]), hands={3: [GRACE], 1: ["♠J 无懈可击"]}, deck=GRACE_DECK)
    out.assert_flags("SGS-D010", line=6, seat=4)
