"""SGS-P004 bad-target: each card's text says whom it may target (seed 001 一、卡牌资料)."""

from __future__ import annotations

from typing import Any

import pytest

COLLATERAL = "♣Q 借刀杀人"


def _use(card: str, targets: list[int] | None = None, seat: int = 3, **extra: Any) -> dict[str, Any]:
    line: dict[str, Any] = {"type": "use", "seat": seat, "card": card}
    if targets is not None:
        line["targets"] = targets
    line.update({k: v for k, v in extra.items() if v is not None})
    return line


# ---------------------------------------------------------------------------- 杀 and 方天画戟

def test_flags_slash_on_yourself(sgs: Any) -> None:
    sgs.identity([_use("♠7 杀", [3])], hands={3: ["♠7 杀"]}).assert_flags("SGS-P004", line=2)


def test_flags_slash_with_two_targets(sgs: Any) -> None:
    sgs.identity([_use("♠7 杀", [2, 4])], hands={3: ["♠7 杀"]}).assert_flags("SGS-P004", line=2)


def test_flags_slash_without_a_target(sgs: Any) -> None:
    sgs.identity([_use("♠7 杀", [])], hands={3: ["♠7 杀"]}).assert_flags("SGS-P004", line=2)


def test_flags_dead_target(sgs: Any) -> None:
    sgs.identity([_use("♠7 杀", [4])], hands={3: ["♠7 杀"]}, dead=[4]).assert_flags("SGS-P004", line=2)


def test_ok_halberd_with_the_last_hand_card(sgs: Any) -> None:
    sgs.identity([
        _use("♠7 杀", [2, 4, 1]),
        {"type": "damage", "source": 3, "target": 4, "amount": 1, "card": "♠7 杀"},
        {"type": "damage", "source": 3, "target": 1, "amount": 1, "card": "♠7 杀"},
        {"type": "damage", "source": 3, "target": 2, "amount": 1, "card": "♠7 杀"},
    ], hands={3: ["♠7 杀"]}, equip={3: ["♦Q 方天画戟"]}).assert_clean()


def test_flags_halberd_not_the_last_hand_card(sgs: Any) -> None:
    out = sgs.identity([_use("♠7 杀", [2, 4])], hands={3: ["♠7 杀", "♦2 闪"]}, equip={3: ["♦Q 方天画戟"]})
    out.assert_flags("SGS-P004", line=2)


def test_flags_halberd_four_targets(sgs: Any) -> None:
    out = sgs.identity([_use("♠7 杀", [2, 4, 1, 5])], hands={3: ["♠7 杀"]}, equip={3: ["♦Q 方天画戟"]})
    out.assert_flags("SGS-P004", line=2)


# ---------------------------------------------------------------------------- single-target tricks

@pytest.mark.parametrize("card", ["♠A 决斗", "♠3 过河拆桥", "♠4 顺手牵羊", COLLATERAL])
def test_flags_trick_on_yourself(sgs: Any, card: str) -> None:
    victim = 4 if card == COLLATERAL else None
    out = sgs.identity([_use(card, [3], victim=victim)], hands={3: [card, "♦2 闪"]}, equip={3: ["♠2 雌雄双股剑"]})
    out.assert_flags("SGS-P004", line=2)


@pytest.mark.parametrize("card", ["♠3 过河拆桥", "♠4 顺手牵羊"])
def test_flags_take_from_a_seat_with_no_cards(sgs: Any, card: str) -> None:
    sgs.identity([_use(card, [4])], hands={3: [card]}).assert_flags("SGS-P004", line=2)


def test_ok_take_from_a_seat_with_only_a_judge_card(sgs: Any) -> None:
    sgs.identity([
        _use("♠3 过河拆桥", [4]),
        {"type": "move", "cards": ["♠6 乐不思蜀"], "from": {"seat": 4, "zone": "judge"}, "to": {"zone": "discard"},
         "reason": "过河拆桥"},
    ], hands={3: ["♠3 过河拆桥"]}, judge={4: ["♠6 乐不思蜀"]}).assert_clean()


def test_flags_duel_with_two_targets(sgs: Any) -> None:
    sgs.identity([_use("♠A 决斗", [2, 4])], hands={3: ["♠A 决斗"]}).assert_flags("SGS-P004", line=2)


@pytest.mark.parametrize("card", ["♥7 无中生有", "♠A 闪电"])
def test_flags_self_only_card_on_another(sgs: Any, card: str) -> None:
    sgs.identity([_use(card, [4])], hands={3: [card]}).assert_flags("SGS-P004", line=2)


@pytest.mark.parametrize("card", ["♥7 无中生有", "♠A 闪电"])
def test_ok_self_only_card_with_or_without_targets(sgs: Any, card: str) -> None:
    sgs.identity([_use(card, [3])], hands={3: [card]}).assert_not_flagged("SGS-P004")
    sgs.identity([_use(card)], hands={3: [card]}).assert_not_flagged("SGS-P004")


def test_flags_indulgence_on_yourself(sgs: Any) -> None:
    sgs.identity([_use("♠6 乐不思蜀", [3])], hands={3: ["♠6 乐不思蜀"]}).assert_flags("SGS-P004", line=2)


def test_ok_indulgence_at_any_distance(sgs: Any) -> None:
    sgs.identity([_use("♠6 乐不思蜀", [1])], hands={3: ["♠6 乐不思蜀"]}).assert_clean()


@pytest.mark.parametrize("card", ["♠7 南蛮入侵", "♥A 万箭齐发"])
def test_flags_aoe_listing_the_user(sgs: Any, card: str) -> None:
    out = sgs.identity([_use(card, [4, 5, 1, 2, 3])], hands={3: [card]})
    out.assert_flags("SGS-P004", line=2)


# ---------------------------------------------------------------------------- 借刀杀人

def test_ok_collateral_weapon_handed_over(sgs: Any) -> None:
    sgs.identity([
        _use(COLLATERAL, [4], victim=5),
        {"type": "move", "cards": ["♠2 雌雄双股剑"], "from": {"seat": 4, "zone": "equip"}, "to": {"seat": 3, "zone": "hand"},
         "reason": "借刀杀人"},
    ], hands={3: [COLLATERAL]}, equip={4: ["♠2 雌雄双股剑"]}).assert_clean()


def test_ok_collateral_slash(sgs: Any) -> None:
    sgs.identity([
        _use(COLLATERAL, [4], victim=5),
        {"type": "use", "seat": 4, "card": "♣2 杀", "targets": [5]},
        {"type": "damage", "source": 4, "target": 5, "amount": 1, "card": "♣2 杀"},
    ], hands={3: [COLLATERAL], 4: ["♣2 杀"]}, equip={4: ["♠2 雌雄双股剑"]}).assert_clean()


def test_flags_collateral_on_a_seat_without_a_weapon(sgs: Any) -> None:
    out = sgs.identity([_use(COLLATERAL, [4], victim=5)], hands={3: [COLLATERAL]})
    out.assert_flags("SGS-P004", line=2, seat=3)


def test_flags_collateral_victim_is_the_wielder(sgs: Any) -> None:
    out = sgs.identity([_use(COLLATERAL, [4], victim=4)], hands={3: [COLLATERAL]}, equip={4: ["♠2 雌雄双股剑"]})
    out.assert_flags("SGS-P004", line=2)


def test_flags_collateral_slash_at_someone_else(sgs: Any) -> None:
    out = sgs.identity([
        _use(COLLATERAL, [4], victim=5),
        {"type": "use", "seat": 4, "card": "♣2 杀", "targets": [3]},
        {"type": "damage", "source": 4, "target": 3, "amount": 1, "card": "♣2 杀"},
    ], hands={3: [COLLATERAL], 4: ["♣2 杀"]}, equip={4: ["♠2 雌雄双股剑"]})
    out.assert_flags("SGS-P004", line=3, only=True)
