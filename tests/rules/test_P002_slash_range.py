"""SGS-P002 slash-range: the 杀 target is within the attack range (1, the weapon's; horses change distance).

Seats 1–5; seat 3 reaches seats 2 and 4 at distance 1 and seats 1 and 5 at distance 2.
"""

from __future__ import annotations

from typing import Any

import pytest


def _slash(target: int, card: str = "♠7 杀") -> list[dict[str, Any]]:
    return [{"type": "use", "seat": 3, "card": card, "targets": [target]},
            {"type": "damage", "source": 3, "target": target, "amount": 1, "card": card}]


HAND = {3: ["♠7 杀"]}


@pytest.mark.parametrize("target", [2, 4])
def test_ok_neighbours(sgs: Any, target: int) -> None:
    sgs.identity(_slash(target), hands=HAND).assert_clean()


@pytest.mark.parametrize(
    "weapon",
    ["♠2 雌雄双股剑", "♠6 青釭剑", "♠2 寒冰剑", "♠5 青龙偃月刀", "♠Q 丈八蛇矛", "♦5 贯石斧", "♦Q 方天画戟", "♥5 麒麟弓"],
)
def test_ok_weapon_of_range_two_or_more(sgs: Any, weapon: str) -> None:
    sgs.identity(_slash(1), hands=HAND, equip={3: [weapon]}).assert_clean()


def test_ok_minus_horse(sgs: Any) -> None:
    sgs.identity(_slash(1), hands=HAND, equip={3: ["♥5 赤兔"]}).assert_clean()


def test_ok_minus_horse_cancels_plus_horse(sgs: Any) -> None:
    sgs.identity(_slash(4), hands=HAND, equip={3: ["♠K 大宛"], 4: ["♠5 绝影"]}).assert_clean()


def test_ok_dead_seats_are_not_counted(sgs: Any) -> None:
    sgs.identity(_slash(1), hands=HAND, dead=[2]).assert_clean()


def test_ok_kylin_bow_reaches_a_plus_horse(sgs: Any) -> None:
    sgs.identity(_slash(1), hands=HAND, equip={3: ["♥5 麒麟弓"], 1: ["♣5 的卢"]}).assert_clean()


@pytest.mark.parametrize("target", [1, 5])
def test_flags_distance_two_without_weapon(sgs: Any, target: int) -> None:
    out = sgs.identity(_slash(target), hands=HAND)
    v = out.assert_flags("SGS-P002", line=2, seat=3)
    assert v.observed == "2"


def test_flags_crossbow_has_range_one(sgs: Any) -> None:
    sgs.identity(_slash(1), hands=HAND, equip={3: ["♣A 诸葛连弩"]}).assert_flags("SGS-P002", line=2)


def test_flags_plus_horse(sgs: Any) -> None:
    sgs.identity(_slash(4), hands=HAND, equip={4: ["♥K 爪黄飞电"]}).assert_flags("SGS-P002", line=2)


def test_flags_range_shrinks_after_weapon_replacement(sgs: Any) -> None:
    out = sgs.identity([{"type": "use", "seat": 3, "card": "♣A 诸葛连弩"}, *_slash(1)],
                       hands={3: ["♠7 杀", "♣A 诸葛连弩"]}, equip={3: ["♠2 雌雄双股剑"]})
    out.assert_flags("SGS-P002", line=3)



def test_flags_range_after_a_collateral_that_was_declined(sgs: Any) -> None:
    """借刀杀人 names seat 4 as the victim; its holder gives up the weapon instead. A later 杀 at seat 4 by
    another seat needs the range as always (the 借刀杀人's victim is no longer anyone's free target)."""
    out = sgs.identity([{"type": "use", "seat": 3, "card": "♣Q 借刀杀人", "targets": [2], "victim": 1},
                        {"type": "move", "cards": ["♠A 诸葛连弩"], "from": {"seat": 2, "zone": "equip"},
                         "to": {"seat": 3, "zone": "hand"}, "reason": "借刀杀人"},
                        {"type": "use", "seat": 3, "card": "♠7 杀", "targets": [1]}],
                       hands={3: ["♣Q 借刀杀人", "♠7 杀"]}, equip={2: ["♠A 诸葛连弩"]})
    out.assert_flags("SGS-P002", line=4, seat=3)
