"""`sgs-replay rules diff A B`: what a referee checks before a tournament."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from sgs_replay.content import Params, ruleset
from sgs_replay.report.rules_diff import diff, setting


def test_3v3_2012_against_2013_names_each_difference_with_its_passage(cli_fast: Any) -> None:
    r = cli_fast("rules", "diff", "3v3-2012", "3v3-2013")
    assert r.returncode == 1, r.stderr
    out = r.stdout
    # the time limit: 40 minutes in the 2010 booklet, 30 in the 2013 rules, each with its title and line
    assert "time_limit_minutes: 40 → 30" in out
    assert "rulesets/3v3-2013.toml:" in out and "《2013 王者之战 比赛规则》 三、2" in out
    assert "《三国杀标准版+风 3v3 比赛用牌（2010 版）》规则 一、3" in out
    # 连弩 replaces 诸葛连弩 in the 2013 deck; the revised generals
    assert "only in 3v3-2013: ♣A 连弩, ♦A 连弩" in out
    assert "关羽: — → 关羽3v3" in out
    # users never see a file number of the rulebooks
    assert "002 " not in out and "seed" not in out.lower()


def test_every_parameter_that_differs_is_listed_and_nothing_else() -> None:
    a, b = ruleset("standard"), ruleset("freekill-standard")
    d = diff("standard", "freekill-standard")
    want = sorted(n for n in Params.__struct_fields__ if getattr(a.p, n) != getattr(b.p, n))
    assert sorted(p.name for p in d.params) == want
    assert want  # FreeKill's departures are parameters


def test_a_ruleset_against_itself_is_the_same(cli: Any) -> None:
    r = cli("rules", "diff", "hegemony", "hegemony")
    assert r.returncode == 0, r.stderr
    assert "no difference" in r.stdout


def test_rule_families_differ_by_mode_and_house_rule() -> None:
    d = diff("standard", "house-attrition")
    assert any(x.startswith("SGS-X") for x in d.rules_only_b) and not d.rules_only_a
    d = diff("standard", "hegemony")
    assert any(x.startswith("SGS-5") for x in d.rules_only_b)


def test_a_house_rule_file_against_its_base(tmp_path: Path, cli_fast: Any) -> None:
    f = tmp_path / "club.toml"
    f.write_text('inherits = "standard"\nkill_reward = 2   # 001 一、奖惩: our club gives 2\n', encoding="utf-8")
    s = setting(str(f), "kill_reward")
    assert s.line == 2 and s.cite.startswith("《三国杀》标准版规则（身份局） 一、奖惩")
    r = cli_fast("rules", "diff", "standard", str(f), "--format", "json")
    assert r.returncode == 1
    data = json.loads(r.stdout)
    (p,) = data["params"]
    assert (p["name"], p["a"], p["b"]) == ("kill_reward", 3, 2)
    assert p["source_a"].startswith("rulesets/standard.toml:")


def test_an_unknown_ruleset_is_a_usage_error_without_traceback(cli_fast: Any) -> None:
    r = cli_fast("rules", "diff", "standard", "no-such-rules")
    assert r.returncode == 2
    assert "Traceback" not in r.stderr and "no-such-rules" in r.stderr
