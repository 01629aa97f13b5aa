"""The 國戰 simulator: games of every size validate clean, written with full information and from nobody's view."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import msgspec
import pytest

from sgs_replay.content import ruleset
from sgs_replay.formats import events as ev
from sgs_replay.formats.reader import parse_bytes
from sgs_replay.replay.validate import validate_parsed
from sgs_replay.simulate.game import play_game


def _judge(lines: list[bytes]) -> Any:
    return validate_parsed(parse_bytes(b"\n".join(lines) + b"\n", "sim"))


@pytest.mark.parametrize(("name", "players"), [("hegemony", 4), ("hegemony", 7), ("hegemony", 10), ("hegemony-aozhan", 6)])
def test_both_copies_validate_clean(name: str, players: int) -> None:
    for i in range(3):
        o = play_game(ruleset(name), players, 11, i)
        assert o.hidden is not None
        for lines in (o.lines, o.hidden):
            r = _judge(lines)
            assert not r.report.violations, [(v.line, v.rule, v.message) for v in r.report.violations]
            assert not r.extra.get("internal_errors")
        assert o.reason in ("last_standing", "one_kingdom_left", "draw"), o.reason


def test_the_copy_from_nobodys_view_hides_the_generals() -> None:
    o = play_game(ruleset("hegemony"), 5, 2, 0)
    assert o.hidden is not None
    full = msgspec.json.decode(o.lines[0], type=ev.Game)
    hidden = msgspec.json.decode(o.hidden[0], type=ev.Game)
    assert all(p.general != "?" and p.deputy not in (None, "?") and p.max_hp is None for p in full.players)
    assert all(p.general == "?" and p.deputy == "?" and p.max_hp for p in hidden.players)
    assert o.hidden[1:] == o.lines[1:]
    kingdoms = {json.loads(line)["type"] for line in o.lines[1:]}
    assert "reveal_general" in kingdoms


def test_a_pair_is_two_generals_of_one_kingdom_and_the_game_is_the_same_for_a_seed() -> None:
    rs = ruleset("hegemony")
    a, b = play_game(rs, 8, 5, 3), play_game(rs, 8, 5, 3)
    assert a.lines == b.lines
    header = msgspec.json.decode(a.lines[0], type=ev.Game)
    names = [g for p in header.players for g in (p.general, p.deputy)]
    assert len(set(names)) == len(names) == 16
    for p in header.players:
        x, y = rs.resolve_general(p.general), rs.resolve_general(p.deputy or "")
        assert x is not None and y is not None and x.kingdom == y.kingdom


def test_a_run_uses_the_kingdom_skills_and_writes_both_copies(tmp_path: Path, cli_fast: Any) -> None:
    r = cli_fast("simulate", "--ruleset", "hegemony", "--players", "8", "--games", "12", "--seed", "14", "--out", str(tmp_path))
    assert r.returncode == 0, r.stderr
    assert len(list(tmp_path.glob("*.hidden.sgs.jsonl"))) == 12
    cov = json.loads((tmp_path / "coverage.json").read_text(encoding="utf-8"))
    assert cov["violations"] == 0
    assert {"雄异", "倾城", "烈刃"} <= set(cov["skills"]), cov["skills"]
    v = cli_fast("validate", str(tmp_path), "-q")
    assert v.returncode == 0, v.stdout
