"""FreeKill traits: each skill and equipment card declares what the importer must know of it in its own
definition (sgs_replay.content.fk_traits); the importer keeps no table of skills."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from sgs_replay import content
from sgs_replay.content import card_kinds, fk_traits
from sgs_replay.engine import plugins
from sgs_replay.engine.skills import SPECS
from sgs_replay.importers import freekill

IMPORTERS = Path(freekill.__file__).parent


def test_every_trait_belongs_to_a_defined_skill() -> None:
    plugins.load()
    owners = {t.owner for t in fk_traits.skills_with()}
    assert owners, "no skill declares FreeKill traits"
    # a hook, or a skill FreeKill's own generals have that the rules do not define (judged without it)
    skills = content.skills()
    assert sorted(o for o in owners if o not in skills or (o not in SPECS and skills[o].modelled)) == []


def test_the_importers_name_no_skill() -> None:
    """No skill id (as a word, in code or text) in the importers: the skills carry their FreeKill traits."""
    ids = set(content.skills())
    for path in sorted(IMPORTERS.glob("*.py")):
        words = set(re.findall(r"[A-Za-z0-9_]+", path.read_text(encoding="utf-8")))
        assert sorted(words & ids) == [], path.name


def test_the_identity_reader_imports_no_mode() -> None:
    """Modes register their readers (freekill.register_mode); the identity reader imports none of them."""
    tree = ast.parse((IMPORTERS / "freekill.py").read_text(encoding="utf-8"))
    imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    imported |= {f"{n.module}.{a.name}" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) for a in n.names}
    assert not any("freekill_3v3" in m for m in imported if m)


def test_traits_by_freekill_id() -> None:
    """FreeKill's own ids reach the skill they name; equipment by its card; a horse is locked."""
    t = freekill._traits("v33__ganglie")
    assert t.owner == "vsganglie" and t.damage
    assert freekill._skill_zh("tieqi") == content.skills()["tieji"].name
    assert freekill._traits("axe").cost and freekill._traits("nioh_shield").locked
    assert freekill._traits("chitu").locked
    assert freekill._traits("zhongyi").pile == freekill._traits("v33__zhongyi").pile
    assert not freekill._traits("no_such_skill").locked
    assert freekill._provider(card_kinds.canonical_name("slash") or "") == content.skills()["jijiang"].name


def test_a_freekill_id_declared_twice_for_two_skills_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fk_traits, "_BY_FK", dict(fk_traits._BY_FK))  # leave the real registry as it was
    fk_traits.fk_traits("test_only_skill", "test_only_fk", damage=True)
    fk_traits.fk_traits("test_only_skill", "test_only_fk", damage=True)  # the same declaration again: fine
    with pytest.raises(ValueError, match="declared twice"):
        fk_traits.fk_traits("another_skill", "test_only_fk", cost=True)
