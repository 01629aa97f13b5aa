"""Citations name the rulebooks by their short titles; no user-facing text says "seed NNN"."""

from __future__ import annotations

import re
from pathlib import Path

from sgs_replay.content import skills
from sgs_replay.rules import REGISTRY
from sgs_replay.rules import catalogue as _  # noqa: F401
from sgs_replay.rules.sources import SOURCES, name_sources

ROOT = Path(__file__).resolve().parents[1]
SEED = re.compile(r"\bseeds?\b", re.IGNORECASE)


def test_name_sources_uses_titles() -> None:
    assert name_sources("seed 001 一、卡牌资料") == "《三国杀》标准版规则（身份局） · 一、卡牌资料"
    assert "seed" not in name_sources("seed 000/001 3V3规则 (where the seeds disagree)")


def test_every_citation_names_a_title() -> None:
    titles = [s.title for s in SOURCES.values()]
    for r in REGISTRY.values():
        assert not SEED.search(r.cite + r.what + r.why), r.id
        if not r.cite.startswith(("docs/", "reference:")):
            assert any(t in r.cite for t in titles) or "not in the rulebooks" in r.cite, (r.id, r.cite)
    for s in skills().values():
        assert not SEED.search(s.source), s.id
        assert any(t in s.source for t in titles) or "not in the rulebooks" in s.source, (s.id, s.source)


def test_no_user_facing_text_says_seed() -> None:
    user_facing = [*ROOT.glob("docs/*.md"), ROOT / "README.md", *ROOT.glob("sgs_replay/content/*.toml"),
                   *ROOT.glob("sgs_replay/content/rulesets/*.toml"), *ROOT.glob("sgs_replay/report/**/*"),
                   *ROOT.glob("dashboards/**/*.py"), ROOT / "sgs_replay" / "cli.py"]
    bad = [f"{p.relative_to(ROOT)}:{i}" for p in user_facing if p.is_file()
           for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if re.search(r"\bseed \d{3}", line, re.I)]
    assert not bad, bad
