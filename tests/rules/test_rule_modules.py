"""Every identity-mode rule (families F, H, C, T, P, R, D, O) has its test module here, named by rule id,
with at least one clean fixture (``test_ok_…``) and one violating fixture (``test_flags_…``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from sgs_replay.rules import REGISTRY
from sgs_replay.rules import catalogue as _catalogue  # noqa: F401

HERE = Path(__file__).resolve().parent
FAMILIES = "FHCTPRDO"
RULES = sorted(r for r in REGISTRY if r.removeprefix("SGS-")[0] in FAMILIES)


def _module(rule_id: str) -> Path | None:
    r = REGISTRY[rule_id]
    name = f"test_{rule_id.removeprefix('SGS-')}_{r.title.replace('-', '_')}.py"
    path = HERE / name
    return path if path.is_file() else None


@pytest.mark.parametrize("rule_id", RULES)
def test_rule_has_a_module_with_clean_and_violating_fixtures(rule_id: str) -> None:
    path = _module(rule_id)
    assert path is not None, f"no tests/rules/test_{rule_id.removeprefix('SGS-')}_….py for {rule_id}"
    text = path.read_text(encoding="utf-8")
    assert re.search(r"^def test_ok_", text, re.M), f"{path.name}: no clean fixture (test_ok_…)"
    assert re.search(r"^def test_flags_", text, re.M), f"{path.name}: no violating fixture (test_flags_…)"
    assert rule_id in text


def test_no_module_for_a_rule_that_does_not_exist() -> None:
    """A module named after an id the catalogue does not hold must say that the rule is proposed."""
    modules = [p for p in HERE.glob("test_*_*.py") if p.name != Path(__file__).name]
    unknown = {p.name.split("_")[1] for p in modules if f"SGS-{p.name.split('_')[1]}" not in REGISTRY
               and "(proposed)" not in p.read_text(encoding="utf-8").split("\n", 1)[0]}
    assert not unknown, f"modules named after unknown rule ids: {sorted(unknown)}"
