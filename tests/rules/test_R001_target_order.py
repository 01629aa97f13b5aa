"""SGS-R001 target-order: multi-target cards resolve one target at a time in seat order from the user.

南蛮入侵 / 万箭齐发: from the user's next seat (下家); 桃园结义 / 五谷丰登: the user first; 决斗: the target
answers first, then the two alternate. With seat 3 as the user the order is 4, 5, 1, 2.
"""

from __future__ import annotations

from typing import Any

import pytest

SA = "♠7 南蛮入侵"
AA = "♥A 万箭齐发"
GS = "♥A 桃园结义"
AG = "♥3 五谷丰登"


def _dmg(target: int, card: str) -> dict[str, Any]:
    return {"type": "damage", "source": 3, "target": target, "amount": 1, "card": card}


@pytest.mark.parametrize("card", [SA, AA])
def test_ok_aoe_in_seat_order(sgs: Any, card: str) -> None:
    sgs.identity([{"type": "use", "seat": 3, "card": card}, *[_dmg(t, card) for t in (4, 5, 1, 2)]],
                 hands={3: [card]}).assert_clean()


@pytest.mark.parametrize("card", [SA, AA])
def test_ok_aoe_skips_the_dead(sgs: Any, card: str) -> None:
    sgs.identity([{"type": "use", "seat": 3, "card": card}, *[_dmg(t, card) for t in (5, 2)]],
                 hands={3: [card]}, dead=[4, 1]).assert_clean()


def test_ok_nullification_after_a_target_died_counters_the_next(sgs: Any) -> None:
    """小乔 (seat 4) passes her arrow's damage to seat 5 (天香), who dies of it; the 无懈可击 that follows is
    for seat 1, the next target."""
    players = sgs.identity_players((("孙权", "lord"), ("甘宁", "loyalist"), ("许褚", "rebel"), ("小乔", "rebel"),
                                    ("华佗", "renegade")))
    events = [{"type": "use", "seat": 3, "card": AA}, {"type": "skill", "seat": 4, "skill": "天香", "targets": [5],
                                                         "cards": ["♠4 顺手牵羊"]},
              _dmg(5, AA), {"type": "dying", "seat": 5}, {"type": "death", "seat": 5, "killer": 3},
              {"type": "use", "seat": 1, "card": "♦Q 无懈可击"}, _dmg(2, AA)]
    sgs.identity(events, players=players, hands={3: [AA], 1: ["♦Q 无懈可击"], 4: ["♠4 顺手牵羊"]}, hp={5: 1}).assert_clean()


def test_ok_savage_assault_with_answers(sgs: Any) -> None:
    sgs.identity([
        {"type": "use", "seat": 3, "card": SA},
        {"type": "respond", "seat": 4, "card": "♣2 杀"},
        _dmg(5, SA),
        {"type": "pass", "seat": 1},
        _dmg(1, SA),
        {"type": "respond", "seat": 2, "card": "♣3 杀"},
    ], hands={3: [SA], 4: ["♣2 杀"], 2: ["♣3 杀"]}).assert_clean()


@pytest.mark.parametrize("card", [SA, AA])
def test_flags_aoe_damage_out_of_order(sgs: Any, card: str) -> None:
    out = sgs.identity([{"type": "use", "seat": 3, "card": card}, *[_dmg(t, card) for t in (5, 4, 1, 2)]],
                       hands={3: [card]})
    out.assert_flags("SGS-R001", line=3)


def test_flags_aoe_clockwise_in_identity_mode(sgs: Any) -> None:
    out = sgs.identity([{"type": "use", "seat": 3, "card": AA}, *[_dmg(t, AA) for t in (2, 1, 5, 4)]], hands={3: [AA]})
    out.assert_flags("SGS-R001", line=3)


def test_flags_archery_response_out_of_order(sgs: Any) -> None:
    out = sgs.identity([{"type": "use", "seat": 3, "card": AA}, _dmg(4, AA), _dmg(5, AA),
                        {"type": "respond", "seat": 2, "card": "♦2 闪"}, _dmg(1, AA)], hands={3: [AA], 2: ["♦2 闪"]})
    out.assert_flags("SGS-R001", line=5, seat=2)


# ---------------------------------------------------------------------------- 桃园结义

def _recover(seat: int) -> dict[str, Any]:
    return {"type": "recover", "seat": seat, "amount": 1, "card": GS}


def test_ok_god_salvation_user_first(sgs: Any) -> None:
    sgs.identity([{"type": "use", "seat": 3, "card": GS}, _recover(3), _recover(5), _recover(2)],
                 hands={3: [GS]}, hp={3: 2, 5: 1, 2: 3}).assert_clean()


def test_flags_god_salvation_out_of_order(sgs: Any) -> None:
    out = sgs.identity([{"type": "use", "seat": 3, "card": GS}, _recover(5), _recover(3), _recover(2)],
                       hands={3: [GS]}, hp={3: 2, 5: 1, 2: 3})
    out.assert_flags("SGS-R001", line=3, seat=5)


# ---------------------------------------------------------------------------- 五谷丰登

REVEALED = ["♣3 杀", "♦4 闪", "♥7 无中生有", "♠9 杀", "♦6 闪"]


def _pick(card: str, seat: int) -> dict[str, Any]:
    return {"type": "move", "cards": [card], "from": {"zone": "processing"}, "to": {"seat": seat, "zone": "hand"},
            "reason": "五谷丰登"}


def _grace(order: list[int]) -> list[dict[str, Any]]:
    return [{"type": "use", "seat": 3, "card": AG}, {"type": "reveal", "cards": REVEALED, "reason": "五谷丰登"},
            *[_pick(c, s) for c, s in zip(REVEALED, order, strict=True)]]


def test_ok_amazing_grace_user_first(sgs: Any) -> None:
    sgs.identity(_grace([3, 4, 5, 1, 2]), hands={3: [AG]}, deck=REVEALED).assert_clean()


def test_flags_amazing_grace_out_of_order(sgs: Any) -> None:
    out = sgs.identity(_grace([4, 3, 5, 1, 2]), hands={3: [AG]}, deck=REVEALED)
    out.assert_flags("SGS-R001", line=4, seat=4)


# ---------------------------------------------------------------------------- 决斗

DUEL = "♠A 决斗"


def test_ok_duel_alternates_from_the_target(sgs: Any) -> None:
    sgs.identity([
        {"type": "use", "seat": 3, "card": DUEL, "targets": [4]},
        {"type": "respond", "seat": 4, "card": "♣2 杀"},
        {"type": "respond", "seat": 3, "card": "♠7 杀"},
        {"type": "respond", "seat": 4, "card": "♣3 杀"},
        {"type": "damage", "source": 4, "target": 3, "amount": 1, "card": DUEL},
    ], hands={3: [DUEL, "♠7 杀"], 4: ["♣2 杀", "♣3 杀"]}).assert_clean()


def test_flags_duel_user_plays_first(sgs: Any) -> None:
    out = sgs.identity([
        {"type": "use", "seat": 3, "card": DUEL, "targets": [4]},
        {"type": "respond", "seat": 3, "card": "♠7 杀"},
        {"type": "damage", "source": 3, "target": 4, "amount": 1, "card": DUEL},
    ], hands={3: [DUEL, "♠7 杀"], 4: ["♣2 杀"]})
    out.assert_flags("SGS-R001", line=3, seat=3)


def test_flags_duel_same_seat_twice(sgs: Any) -> None:
    out = sgs.identity([
        {"type": "use", "seat": 3, "card": DUEL, "targets": [4]},
        {"type": "respond", "seat": 4, "card": "♣2 杀"},
        {"type": "respond", "seat": 4, "card": "♣3 杀"},
    ], hands={3: [DUEL], 4: ["♣2 杀", "♣3 杀"]})
    out.assert_flags("SGS-R001", line=4, seat=4)


# ---------------------------------------------------------------------------- 方天画戟

def test_ok_halberd_targets_in_seat_order(sgs: Any) -> None:
    sgs.identity([{"type": "use", "seat": 3, "card": "♠7 杀", "targets": [2, 4]}, _dmg(4, "♠7 杀"), _dmg(2, "♠7 杀")],
                 hands={3: ["♠7 杀"]}, equip={3: ["♦Q 方天画戟"]}).assert_clean()


def test_flags_halberd_targets_out_of_order(sgs: Any) -> None:
    out = sgs.identity([{"type": "use", "seat": 3, "card": "♠7 杀", "targets": [4, 2]}, _dmg(2, "♠7 杀"), _dmg(4, "♠7 杀")],
                       hands={3: ["♠7 杀"]}, equip={3: ["♦Q 方天画戟"]})
    out.assert_flags("SGS-R001", line=3)
