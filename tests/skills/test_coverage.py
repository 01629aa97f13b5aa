"""Every skill of every general of every roster has a hook, a clean log and a misuse log.

A skill id ``sid`` is covered when some ``tests/skills/test_*.py`` defines ``test_<sid>_ok…`` and
``test_<sid>_bad…``. Skills a general gains during the game (神戟 by 战神) count as well.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import pytest

from sgs_replay import skills as skillset
from sgs_replay.content import ruleset, skills
from sgs_replay.engine.skills import SPECS

ROSTERS = ["standard", "maneuvering", "3v3-2010", "3v3-2011", "3v3-2012", "3v3-2013", "freekill-3v3"]
GAINED = {"zhanshen": ["shenji", "mashu"], "v33_nos__zhanshen": ["shenji", "mashu"], "zhiji": ["guanxing"], "hunzi": ["yingzi", "yinghun"]}


def roster_skills() -> dict[str, set[str]]:
    """skill id → the rosters (ruleset: general) it appears in."""
    out: dict[str, set[str]] = {}
    for name in ROSTERS:
        rs = ruleset(name)
        for g_name in rs.roster:
            g = rs.resolve_general(g_name)
            assert g is not None, f"{name}: unknown general {g_name}"
            for sid in g.skills:
                for s in (sid, *GAINED.get(sid, [])):
                    out.setdefault(s, set()).add(f"{name}: {g.name}")
    return out


@functools.cache
def defined_tests() -> frozenset[str]:
    names: set[str] = set()
    for path in Path(__file__).parent.glob("test_*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names |= {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}
    return frozenset(names)


ALL = roster_skills()


@pytest.mark.parametrize("sid", sorted(ALL))
def test_skill_is_covered(sid: str) -> None:
    skillset.load()
    info = skills()[sid]
    where = ", ".join(sorted(ALL[sid])[:3])
    assert sid in SPECS, f"{info.name} ({sid}, {where}) has no hook"
    names = defined_tests()
    assert any(n.startswith(f"test_{sid}_ok") for n in names), f"{info.name} ({sid}, {where}) has no clean-log test"
    assert any(n.startswith(f"test_{sid}_bad") for n in names), f"{info.name} ({sid}, {where}) has no misuse test"


def test_every_roster_general_resolves() -> None:
    assert len(ALL) > 70
