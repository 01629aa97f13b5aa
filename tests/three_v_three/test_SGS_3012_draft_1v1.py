"""SGS-3012 1v1-draft: ten generals in the pool, the 主公 (warm) player picks first, then the players alternate;
each player's generals come from its own picks.

《三國殺各種模式的規則》 · 1v1: 從將堆中隨機抽出10張將牌（6張正面朝上4張反扣在桌上），將2張身份牌（主公和內奸）反扣在桌上。
將牌放完后抽身份牌主公先選牌并先出牌。三將全部陣亡則輸掉比賽
"""

from __future__ import annotations

from typing import Any

from .onevone_kit import PAIR

POOL = ["赵云", "孙权", "吕布", "张飞", "甘宁", "黄盖", "郭嘉", "周瑜", "陆逊", "典韦"]
PICKS = [("warm", ["孙权"]), ("cold", ["赵云", "吕布"]), ("warm", ["甘宁", "黄盖"]), ("cold", ["张飞", "郭嘉"]),
         ("warm", ["周瑜", "陆逊"]), ("cold", ["典韦"])]


def draft(picks: list[tuple[str, list[str]]] = PICKS, pool: list[str] = POOL) -> list[dict[str, Any]]:
    return [{"type": "draft_pool", "generals": pool},
            *({"type": "draft_pick", "side": side, "generals": gs} for side, gs in picks)]


def lineups(cold: list[str] | None = None, warm: list[str] | None = None) -> list[dict[str, Any]]:
    c = cold or ["赵云", "吕布", "张飞"]
    w = warm or ["孙权", "甘宁", "黄盖"]
    return [{"type": "general_choice", "seat": 1, "general": c[0], "reserves": c[1:]},
            {"type": "general_choice", "seat": 2, "general": w[0], "reserves": w[1:]}]


def fresh(v3: Any, events: list[dict[str, Any]]) -> Any:
    return v3.fresh(events, players=PAIR, mode="1v1", ruleset="1v1-2013")


def test_ok_a_draft_and_the_lineups(v3: Any) -> None:
    fresh(v3, [*draft(), *lineups()]).assert_clean()


def test_flags_the_cold_player_picking_first(v3: Any) -> None:
    picks = [("cold", ["赵云"]), ("warm", ["孙权", "吕布"])]
    fresh(v3, draft(picks)).assert_flags("SGS-3012", 3)


def test_flags_a_pool_of_eight(v3: Any) -> None:
    fresh(v3, draft([], POOL[:8])).assert_flags("SGS-3012", 2, only=True)


def test_flags_a_general_picked_twice(v3: Any) -> None:
    picks = [("warm", ["孙权"]), ("cold", ["孙权", "吕布"])]
    fresh(v3, draft(picks)).assert_flags("SGS-3012", 4, only=True)


def test_flags_a_general_outside_the_pool(v3: Any) -> None:
    picks = [("warm", ["曹操"])]
    fresh(v3, draft(picks)).assert_flags("SGS-3012", 3, only=True)


def test_flags_a_reserve_the_player_did_not_pick(v3: Any) -> None:
    out = fresh(v3, [*draft(), *lineups(cold=["赵云", "吕布", "甘宁"])])
    out.assert_flags("SGS-3012", 9, seat=1, only=True)


def test_flags_a_lineup_of_two(v3: Any) -> None:
    out = fresh(v3, [*draft(), *lineups(cold=["赵云", "吕布"])])
    out.assert_flags("SGS-3009", 9, seat=1, only=True)
