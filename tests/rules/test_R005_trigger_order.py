"""SGS-R005 trigger-order (proposed): simultaneous skills resolve from the current player in seat order.

Seed 004 一、6 (武将技能结算顺序). Retrials are such a moment: with seat 4 judging, 张角 (seat 5, 鬼道)
answers before 司马懿 (seat 2, 鬼才), and the last retrial stands. Until the catalogue holds
``trigger-order`` the engine reports this under SGS-R001, the nearest ordering rule.
"""

from __future__ import annotations

from typing import Any

from sgs_replay.rules import REGISTRY

RULE = "SGS-R005" if "SGS-R005" in REGISTRY else "SGS-R001"

GENERALS = [("孙权", "lord"), ("司马懿", "loyalist"), ("许褚", "rebel"), ("黄盖", "rebel"), ("张角", "renegade")]
POSITION = {"judge": {4: ["♠6 乐不思蜀"]}, "hands": {2: ["♥3 桃"], 5: ["♠9 杀"]}, "current": 3, "phase": "finish"}
START = [{"type": "turn", "seat": 4}, {"type": "phase", "seat": 4, "phase": "judge"},
         {"type": "judge", "seat": 4, "card": "♣4 杀", "reason": "乐不思蜀"}]
ZHANGJIAO = {"type": "retrial", "seat": 5, "card": "♠9 杀", "skill": "鬼道"}
SIMAYI = {"type": "retrial", "seat": 2, "card": "♥3 桃", "skill": "鬼才"}


def test_ok_retrials_in_seat_order_from_the_current_player(sgs: Any) -> None:
    sgs.identity([*START, ZHANGJIAO, SIMAYI, {"type": "phase", "seat": 4, "phase": "draw"}],
                 players=sgs.identity_players(GENERALS), **POSITION).assert_clean()


def test_flags_retrials_out_of_seat_order(sgs: Any) -> None:
    out = sgs.identity([*START, SIMAYI, ZHANGJIAO, {"type": "phase", "seat": 4, "phase": "draw"}],
                       players=sgs.identity_players(GENERALS), **POSITION)
    out.assert_flags(RULE, line=6, seat=5)
    assert "鬼道" in out.at(6)[0].message
