"""SGS-R006 effect-order: an effect's steps happen in the order its text gives.

Seed 001 周瑜 反间: 若此牌与所选花色不吻合，则对该角色造成1点伤害。然后不论结果，该角色都获得此牌 — the
damage for a wrong guess, then the target gets the card. FreeKill gives the card first; the ruleset
parameter ``fanjian_order`` says which order a ruleset expects (tests/freekill/test_parameters.py).
"""

from __future__ import annotations

from typing import Any

GENERALS = [("周瑜", "lord"), ("张飞", "loyalist"), ("许褚", "rebel"), ("黄盖", "rebel"), ("华佗", "renegade")]
POSITION = {"hands": {1: ["♠7 杀"]}, "current": 1, "phase": "play"}
FANJIAN = {"type": "skill", "seat": 1, "skill": "反间", "targets": [2], "choice": "♥"}
SHOWN = {"type": "reveal", "seat": 1, "cards": ["♠7 杀"], "reason": "反间"}
TAKEN = {"type": "move", "cards": ["♠7 杀"], "from": {"zone": "hand", "seat": 1}, "to": {"zone": "hand", "seat": 2},
         "reason": "反间"}
DAMAGE = {"type": "damage", "source": 1, "target": 2, "amount": 1}


def test_ok_damage_then_the_card(sgs: Any) -> None:
    sgs.identity([FANJIAN, SHOWN, DAMAGE, TAKEN], players=sgs.identity_players(GENERALS), **POSITION).assert_clean()


def test_ok_card_first_under_freekill_standard(sgs: Any) -> None:
    sgs.identity([FANJIAN, TAKEN, DAMAGE], players=sgs.identity_players(GENERALS), ruleset="freekill-standard",
                  **POSITION).assert_clean()


def test_flags_card_taken_before_the_damage(sgs: Any) -> None:
    out = sgs.identity([FANJIAN, TAKEN, DAMAGE], players=sgs.identity_players(GENERALS), **POSITION)
    hit = out.assert_flags("SGS-R006", line=4, seat=2, only=True)
    assert "line 3" in hit.message


def test_flags_card_after_the_damage_under_freekill_standard(sgs: Any) -> None:
    out = sgs.identity([FANJIAN, SHOWN, DAMAGE, TAKEN], players=sgs.identity_players(GENERALS),
                       ruleset="freekill-standard", **POSITION)
    out.assert_flags("SGS-R006", line=5, seat=2, only=True)
