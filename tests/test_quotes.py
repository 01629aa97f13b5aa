"""Every rule, skill and card quotes the passage it rests on, verbatim from its source.

The rulebook texts live beside the repository (``../shared/rules/seeds``); the format rules quote
``docs/log-format.md``. A quotation is compared with whitespace removed (the texts wrap lines
anywhere); ``…`` joins passages taken from the same section. Where the rulebook is silent the quote
says so (``the rulebook does not say …; the rule follows …``) and what it cites in 「」 is checked.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from sgs_replay.content import skills
from sgs_replay.report.explain import card_texts, explain_text
from sgs_replay.rules import REGISTRY
from sgs_replay.rules import catalogue as _  # noqa: F401  (registers the rules)
from sgs_replay.rules.sources import variant_label

ROOT = Path(__file__).resolve().parents[1]
SEEDS = ROOT.parent / "shared" / "rules" / "seeds"
SILENT = "the rulebook does not say "
needs_texts = pytest.mark.skipif(not SEEDS.is_dir(), reason="the rulebook texts are not checked out beside the repository")


def _flat(text: str) -> str:
    return re.sub(r"\s+", "", text.replace("`", ""))


@cache
def _corpus() -> str:
    """Every rulebook text (the cleaned text where there is one) and the format document, flattened."""
    files = sorted(SEEDS.glob("*.txt"))
    cleaned = {p.name.split(".")[0] for p in files if p.name.endswith(".cleaned.txt")}
    keep = [p for p in files if p.name.endswith(".cleaned.txt") or p.name.removesuffix(".txt") not in cleaned]
    parts = [p.read_text(encoding="utf-8") for p in keep] + [(ROOT / "docs" / "log-format.md").read_text(encoding="utf-8")]
    return _flat("\n".join(parts))


def _unquoted(quote: str) -> list[str]:
    """The pieces of ``quote`` that are not found verbatim in the sources."""
    pieces = re.findall(r"「(.*?)」", quote) if quote.startswith(SILENT) else re.split(r"…+", quote)
    return [p for p in pieces if _flat(p) and _flat(p) not in _corpus()]


def test_every_rule_has_a_quote() -> None:
    missing = [r.id for r in REGISTRY.values() if not r.quote.strip()]
    assert not missing, f"rules without a quoted passage: {missing}"


def test_every_skill_and_card_has_source_and_text() -> None:
    for s in skills().values():
        assert s.source and s.text, s.id
    for name, c in card_texts().items():
        assert c.get("source") and c.get("text"), name


@needs_texts
@pytest.mark.parametrize("rid", sorted(REGISTRY))
def test_rule_quote_is_verbatim(rid: str) -> None:
    r = REGISTRY[rid]
    if r.quote.startswith(SILENT):
        assert "; the rule follows " in r.quote, rid
    assert not _unquoted(r.quote), (rid, _unquoted(r.quote))


@needs_texts
def test_skill_texts_are_verbatim() -> None:
    bad = []
    for s in skills().values():
        if "not in the rulebooks" in s.source:
            continue  # the source says the rulebooks are silent and names what the text follows
        texts = [s.text] + [t for k, t in s.variants.items() if "not in the rulebooks" not in variant_label(k)]
        bad += [(s.id, t) for t in texts if _unquoted(t)]
    assert not bad, bad


@needs_texts
def test_card_texts_are_verbatim() -> None:
    bad = [(name, line) for name, c in card_texts().items() for line in c["text"].splitlines() if _unquoted(line)]
    assert not bad, bad


def test_the_quote_is_checked() -> None:
    if not SEEDS.is_dir():
        pytest.skip("the rulebook texts are not checked out beside the repository")
    assert _unquoted("每个出牌阶段仅限使用一次[杀]。") == []
    assert _unquoted("每个出牌阶段可以使用两次[杀]。") != []
    assert _unquoted(SILENT + "x; the rule follows y: 「没有这句话」") == ["没有这句话"]


def test_explain_prints_the_quote() -> None:
    for r in REGISTRY.values():
        out = explain_text(r.id)
        assert out is not None and r.quote in out, r.id


def test_every_report_format_quotes_the_passage(cli: object) -> None:
    import json

    from sgs_replay.formats.reader import parse_bytes
    from sgs_replay.report import build_audit
    from sgs_replay.report.render import render

    dispute = ROOT / "sample_logs" / "disputes" / "table7-second-slash.sgs.jsonl"
    data = dispute.read_bytes()
    a = build_audit(parse_bytes(data, dispute.name), data=data, now="2000-01-01T00:00:00Z")
    # the audit quotes the passages at stake in each violation (the cards' and skills' texts), not the
    # catalogue's example passage (tests/test_ruling.py)
    from sgs_replay.report.ruling import passages_for

    at_stake = [passages_for(f.violation, f.rule, f.event, a.ruleset) for f in a.findings]
    assert at_stake and all(at_stake)
    for lang in ("zh", "en"):
        for fmt in ("text", "md", "html"):
            out = render(a, fmt, lang)  # type: ignore[arg-type]
            for ps in at_stake:
                for p in ps:
                    for ln in p.text.split("\n"):
                        assert ln in out, (fmt, lang, ln)
    audit = json.loads(render(a, "json", "en"))["audit"]["violations"]
    assert [v["quote"] for v in audit] == [ps[0].text for ps in at_stake]
    assert [[p["text"] for p in v["passages"]] for v in audit] == [[p.text for p in ps] for ps in at_stake]
    r = cli("validate", str(dispute), "--json")  # type: ignore[operator]
    got = json.loads(r.stdout)["violations"]
    assert got and all(v["quote"] == REGISTRY[v["rule"]].quote and v["cite"] == REGISTRY[v["rule"]].cite for v in got)
