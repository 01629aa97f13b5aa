"""Typed ruleset parameters: docs/rulesets.md is generated from them, and a ruleset file with an
unknown key or a value of the wrong type is an error naming the file and the line."""

from __future__ import annotations

from pathlib import Path

import pytest

from sgs_replay.content import RulesetError, ruleset, ruleset_names
from sgs_replay.content.params import Params, rulesets_markdown

ROOT = Path(__file__).resolve().parent.parent


def test_docs_rulesets_md_is_generated_from_the_parameters() -> None:
    assert (ROOT / "docs" / "rulesets.md").read_text(encoding="utf-8") == rulesets_markdown(), \
        "regenerate with: python -m sgs_replay.content.docs > docs/rulesets.md"


@pytest.mark.parametrize("name", ruleset_names())
def test_every_packaged_ruleset_is_typed(name: str) -> None:
    rs = ruleset(name)
    assert isinstance(rs.p, Params) and rs.p.mode == rs.mode


def test_defaults_are_the_rulebook_reading() -> None:
    p = Params()
    assert (p.kill_reward, p.reward_eligibility, p.draw_phase_cards, p.slash_per_play_phase) == (3, "rebel", 2, 1)


@pytest.mark.parametrize(("body", "line", "words"), [
    ("kill_rewrd = 2\n", 3, "unknown parameter 'kill_rewrd'"),
    ("kill_reward = \"three\"\n", 3, "Expected `int`, got `str`"),
    ("skill_limit_scope = \"round\"\n", 3, "skill_limit_scope"),
    ("eight_player_roles = \"2/2/2/2\"\n", 3, "eight_player_roles"),
    ("time_limit_minutes = 0\n", 3, "time_limit_minutes"),
])
def test_a_bad_parameter_is_located(tmp_path: Path, body: str, line: int, words: str) -> None:
    f = tmp_path / "house.toml"
    f.write_text('name = "house"\ninherits = "standard"\n' + body, encoding="utf-8")
    with pytest.raises(RulesetError) as exc:
        ruleset(str(f), allow_path=True)
    assert f"house.toml:{line}:" in str(exc.value) and words in str(exc.value)


def test_a_house_rule_lists_only_what_differs(tmp_path: Path) -> None:
    f = tmp_path / "no-reward.toml"
    f.write_text('name = "no-reward"\ninherits = "standard"\nkill_reward = 0\n', encoding="utf-8")
    rs = ruleset(str(f), allow_path=True)
    assert rs.p.kill_reward == 0 and rs.p.lord_hp_bonus == ruleset("standard").p.lord_hp_bonus
