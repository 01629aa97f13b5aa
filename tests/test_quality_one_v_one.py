"""The fault classes on 1v1 games: the wrong next general (not a reserve, one that already played, a
starting hand one card short) is caught at its line, and the classes whose precondition 1v1 lacks
plant nothing."""

from __future__ import annotations

import pytest

from sgs_replay.content import ruleset
from sgs_replay.quality.measure import measure
from sgs_replay.simulate import run

CLASSES = ["wrong_next_general", "death_missing", "turn_wrong_seat", "draft_overpick", "wrong_winner"]


@pytest.fixture(scope="module")
def result(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    out = tmp_path_factory.mktemp("q1v1")
    cov = run(ruleset("1v1-2013"), 2, 4, 21, out)
    assert cov.violations == 0
    return measure([out], 3, per_class=2, classes=CLASSES)


def test_the_wrong_next_general_is_caught_at_its_line(result: dict[str, object]) -> None:
    classes = result["classes"]
    assert isinstance(classes, dict)
    c = classes["wrong_next_general"]
    assert c["planted"] >= 4 and c["caught_at_line"] == c["planted"], c


def test_the_other_classes_are_caught_at_their_line_on_1v1_games(result: dict[str, object]) -> None:
    classes = result["classes"]
    assert isinstance(classes, dict)
    for cls in ("death_missing", "turn_wrong_seat", "wrong_winner"):
        c = classes[cls]
        assert c["planted"] and c["caught_at_line"] == c["planted"], (cls, c)
    assert not classes["draft_overpick"]["planted"]  # 1v1 has no pick sizes to break


def test_no_false_alarm_on_clean_1v1_games(result: dict[str, object]) -> None:
    fa = result["false_alarms"]
    assert isinstance(fa, dict)
    assert all(not v["violations"] for v in fa.values()), fa
