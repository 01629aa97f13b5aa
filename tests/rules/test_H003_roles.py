"""SGS-H003 roles: one lord in seat 1 and the role table's counts (seed 001 二(一) 1、决定身份)."""

from __future__ import annotations

from typing import Any

import pytest

GENERALS = ["刘备", "关羽", "张飞", "赵云", "曹操", "张辽", "许褚", "郭嘉", "孙权", "周瑜"]


def _players(sgs: Any, roles: list[str]) -> list[dict[str, Any]]:
    return sgs.identity_players(list(zip(GENERALS, roles, strict=False)))


@pytest.mark.parametrize(
    "roles",
    [
        ["lord", "loyalist", "rebel", "renegade"],
        ["lord", "loyalist", "rebel", "rebel", "renegade"],
        ["lord", "loyalist", "rebel", "rebel", "rebel", "renegade"],
        ["lord", "loyalist", "rebel", "rebel", "renegade", "renegade"],
        ["lord", "loyalist", "loyalist", "rebel", "rebel", "rebel", "renegade"],
        ["lord", "loyalist", "loyalist", "rebel", "rebel", "rebel", "rebel", "renegade"],
        ["lord", "loyalist", "loyalist", "rebel", "rebel", "rebel", "renegade", "renegade"],
        ["lord", "loyalist", "loyalist", "loyalist", "rebel", "rebel", "rebel", "rebel", "renegade"],
        ["lord", "loyalist", "loyalist", "loyalist", "rebel", "rebel", "rebel", "rebel", "renegade", "renegade"],
    ],
    ids=lambda r: f"{len(r)}p-{r.count('renegade')}ren",
)
def test_ok_role_table(sgs: Any, roles: list[str]) -> None:
    sgs.identity([{"type": "turn", "seat": 1}], players=_players(sgs, roles), start=False).assert_clean()


@pytest.mark.parametrize(
    "roles",
    [
        ["loyalist", "lord", "rebel", "rebel", "renegade"],
        ["lord", "rebel", "rebel", "rebel", "renegade"],
        ["lord", "lord", "rebel", "rebel", "renegade"],
        ["lord", "loyalist", "rebel"],
        ["lord", "loyalist", "loyalist", "rebel", "renegade"],
    ],
    ids=["lord-not-seat-1", "no-loyalist", "two-lords", "three-players", "two-loyalists-of-five"],
)
def test_flags_roles(sgs: Any, roles: list[str]) -> None:
    out = sgs.identity([], players=_players(sgs, roles), start=False)
    out.assert_flags("SGS-H003", line=1)


def test_flags_missing_role(sgs: Any) -> None:
    players = sgs.identity_players()
    del players[2]["role"]
    sgs.identity([], players=players, start=False).assert_flags("SGS-H003", line=1)
