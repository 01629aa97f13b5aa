"""The 4th-edition scoring (sgs_replay.analysis.scoring) against every row of the scoring table.

The table (tests/fixtures/scoring/scoring_4th_edition.csv, a copy of the reference table beside the checkout) is
the arithmetic of 《三国杀》标准版规则（身份局） · 游戏规则 · 详细规则 · 计分规则 for every player count and
role configuration of the role table, every role, outcome, k (忠臣存活数) and j (反贼存活数), and the
personal bonuses.
"""

from __future__ import annotations

import csv
import itertools
import re
from pathlib import Path

import pytest

from sgs_replay.analysis.scoring import (
    GameFacts,
    Seat,
    base_points,
    bonus_points,
    leaders,
    lost_duels,
    score_game,
)

ROOT = Path(__file__).resolve().parent.parent
TABLE = ROOT / "tests" / "fixtures" / "scoring" / "scoring_4th_edition.csv"
SHARED_TABLE = ROOT.parent / "shared" / "reference" / "house_rules" / "scoring_4th_edition.csv"
ROLE = {"主公": "lord", "忠臣": "loyalist", "反贼": "rebel", "内奸": "renegade"}
WINNER = {"主公/忠臣获胜": "lord", "反贼获胜": "rebel", "内奸获胜": "renegade"}
BONUS_VICTIMS = {"反贼 or 内奸": ("rebel", "renegade"), "忠臣 or 内奸": ("loyalist", "renegade")}

ROWS = list(csv.DictReader(TABLE.open(encoding="utf-8")))


def _id(row: dict[str, str]) -> str:
    return f"{row['players']}-{row['config']}-{row['role']}-{row['outcome']}-{row['condition']}"


def _counts(config: str) -> dict[str, int]:
    """'1主3忠4反2内' → {'lord': 1, 'loyalist': 3, 'rebel': 4, 'renegade': 2}."""
    return {ROLE[{"主": "主公", "忠": "忠臣", "反": "反贼", "内": "内奸"}[c]]: int(n) for n, c in re.findall(r"(\d+)(\D)", config)}


def test_the_table_is_the_shared_reference() -> None:
    if not SHARED_TABLE.is_file():
        pytest.skip("../shared is not checked out beside the repository")
    # the same table; its notes call the rulebook by its name
    assert TABLE.read_text(encoding="utf-8") == SHARED_TABLE.read_text(encoding="utf-8").replace("seed", "rulebook")
    assert len(ROWS) == 191


@pytest.mark.parametrize("row", [r for r in ROWS if r["players"] != "all"], ids=_id)
def test_base_points_match_the_table(row: dict[str, str]) -> None:
    n, role, winner, cond = int(row["players"]), ROLE[row["role"]], WINNER[row["outcome"]], row["condition"]
    counts = _counts(row["config"])
    assert sum(counts.values()) == n
    expected = int(row["base_score"] or 0)  # "not stated" (the other renegade): the table's default 0
    if m := re.match(r"忠臣存活数k=(\d)", cond):
        states = [{"loyalists_alive": int(m[1]), "rebels_alive": 0, "alive": role == "lord" or int(m[1]) > 0}]
        if role == "loyalist":
            states.append({"loyalists_alive": int(m[1]), "alive": False})  # a dead loyalist scores too
    elif m := re.match(r"反贼存活数j=(\d)", cond):
        states = [{"rebels_alive": int(m[1]), "alive": alive} for alive in (True, False)]
    elif cond.startswith("与主公单挑后败北"):
        states = [{"alive": False, "lost_duel": True}]
    elif cond.startswith("未和主公单挑败北"):
        states = [{"alive": False, "lost_duel": False, "loyalists_alive": k} for k in range(counts["loyalist"] + 1)]
    elif cond == "内奸存活":
        states = [{"alive": True, "rebels_alive": j} for j in range(counts["rebel"] + 1)]
    elif cond == "内奸死亡":
        states = [{"alive": False, "rebels_alive": j} for j in range(counts["rebel"] + 1)]
    elif cond.startswith("the winning"):
        states = [{"alive": True}]
    elif cond.startswith("the OTHER"):
        states = [{"alive": False}]
    else:
        assert cond == "any", cond
        states = [{"loyalists_alive": k, "rebels_alive": j, "alive": a}
                  for k, j, a in itertools.product(range(counts["loyalist"] + 1), range(counts["rebel"] + 1), (True, False))]
    for state in states:
        assert base_points(n, role, winner, **state) == expected, state  # type: ignore[arg-type]


@pytest.mark.parametrize("row", [r for r in ROWS if r["players"] == "all"], ids=_id)
def test_bonus_points_match_the_table(row: dict[str, str]) -> None:
    value = int(row["formula"])
    roles = [ROLE[row["role"]]] if row["role"] in ROLE else list(ROLE.values())
    winners = [WINNER[row["outcome"]]] if row["outcome"] in WINNER else list(WINNER.values())
    if "killed the 主公" in row["condition"]:
        victims: tuple[str, ...] = ("lord",)
    else:
        victims = next(v for k, v in BONUS_VICTIMS.items() if k in row["condition"])
    for role, winner, victim in itertools.product(roles, winners, victims):
        if victim == role == "lord":
            continue
        assert bonus_points(role, winner, [victim]) == value, (role, winner, victim)
        assert bonus_points(role, winner, [victim, victim]) == 2 * value


def test_no_bonus_outside_the_text() -> None:
    assert bonus_points("lord", "lord", ["loyalist"]) == 0  # the lord who kills a loyalist: a penalty, no points
    assert bonus_points("loyalist", "rebel", ["rebel"]) == 0  # "获胜的主公/忠臣" only
    assert bonus_points("renegade", "renegade", ["rebel", "loyalist"]) == 0
    assert bonus_points("rebel", "lord", ["rebel"]) == 0


def test_unknown_role_or_winner_is_refused() -> None:
    with pytest.raises(ValueError):
        base_points(5, "lord", "draw")
    with pytest.raises(ValueError):
        base_points(5, "king", "lord")


def _facts(roles: str, winner: str, deaths: list[tuple[int, int | None]]) -> GameFacts:
    dead = {v for v, _ in deaths}
    short = {"L": "lord", "l": "loyalist", "r": "rebel", "n": "renegade"}
    return GameFacts([Seat(i, short[c], i not in dead) for i, c in enumerate(roles, start=1)], winner, deaths)


def test_a_lord_win_with_kills() -> None:
    # 5 players: lord 1, loyalist 2, rebels 3 4, renegade 5; the loyalist dies, the lord kills both rebels,
    # the loyalist had killed the renegade
    pts = score_game(_facts("Llrrn", "lord", [(5, 2), (2, 3), (3, 1), (4, 1)]))
    assert [(p.base, p.bonus) for p in pts] == [(4, 2), (5, 1), (0, 1), (0, 0), (0, 0)]


def test_a_rebel_win_and_the_lord_kill_bonus() -> None:
    pts = score_game(_facts("Llrrn", "rebel", [(3, 1), (1, 4)]))
    # j = 1 (seat 4 alive): every rebel 3; seat 4 killed the lord +2; the living renegade 1
    assert [p.total for p in pts] == [0, 0, 3, 5, 1]


def test_the_renegade_duel() -> None:
    deaths: list[tuple[int, int | None]] = [(2, 5), (3, 5), (4, 1), (5, 1)]
    facts = _facts("Llrrn", "lord", deaths)
    assert lost_duels(facts) == {5}
    pts = score_game(facts)
    assert pts[4].base == 5 and pts[4].bonus == 0  # N = 5; killed a loyalist and a rebel: no bonus for a renegade
    assert pts[0].total == 4 + 0 + 2  # k = 0; the lord killed a rebel and the renegade
    # the renegade who dies while another player besides the lord lives has not lost a duel
    assert lost_duels(_facts("Llrrn", "lord", [(2, 5), (5, 1), (3, 1), (4, 1)])) == set()


def test_a_renegade_win_with_two_renegades() -> None:
    pts = score_game(_facts("Lllrrrrnnn"[:10], "renegade", [(i, 9) for i in (2, 3, 4, 5, 6, 7, 8, 10)] + [(1, 9)]))
    assert pts[8].base == 4 + 2 * 10 and pts[9].base == 0 and pts[0].base == 1


def test_no_bonus_without_a_killer_or_for_oneself() -> None:
    pts = score_game(_facts("Llrrn", "rebel", [(2, None), (1, 1)]))
    assert [p.bonus for p in pts] == [0, 0, 0, 0, 0]


def test_leaders_share_a_tie() -> None:
    assert leaders({"A": 7, "B": 9, "C": 9}) == ["B", "C"]
    assert leaders({"A": 7}) == ["A"]
    assert leaders({}) == []
