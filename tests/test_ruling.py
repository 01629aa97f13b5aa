"""The audit's citations fit the case, the dispute is answered, and each language is whole."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from sgs_replay.formats.reader import read_path
from sgs_replay.report import build_audit
from sgs_replay.report.render import LABELS, render
from sgs_replay.report.ruling import PENALTY_SOURCES, is_example, passages_for
from sgs_replay.rules import REGISTRY
from sgs_replay.rules import catalogue as _catalogue  # noqa: F401
from sgs_replay.rules.zh import quote_zh

ROOT = Path(__file__).resolve().parents[1]
TABLE7 = ROOT / "sample_logs" / "disputes" / "table7-second-slash.sgs.jsonl"
SEEDS = ROOT.parent / "shared" / "rules" / "seeds"
#: three English words in a row: a sentence (a card notation, a seat number or an id is not)
ENGLISH = re.compile(r"[A-Za-z]{2,}[,.;:']?[ \t]+[A-Za-z]{2,}[,.;:']?[ \t]+[A-Za-z]{2,}")


def _audit(path: Path = TABLE7):  # type: ignore[no-untyped-def]
    return build_audit(read_path(path), now="2026-12-07T00:00:00Z")


def _verbatim(a, text: str) -> str:  # type: ignore[no-untyped-def]
    """The report without what it quotes from the log as written (the meta values, the note, the file)."""
    for v in [*list(a.meta.values()), a.note, a.file, a.game_id or ""]:
        text = text.replace(str(v), "")
    for _, e in a.events_list:
        if getattr(e, "note", None):
            text = text.replace(e.note, "")
    return text


def test_each_violation_quotes_the_cards_and_skills_at_stake() -> None:
    a = _audit()
    got = {f.violation.rule: [p.name for p in passages_for(f.violation, f.rule, f.event, a.ruleset)] for f in a.findings}
    # an answer that does not answer 吕布's 杀, and one 闪 that does not stop it: the 杀, the 闪, 无双
    assert got["SGS-P007"] == ["杀", "闪", "无双"]
    assert got["SGS-D002"] == ["杀", "闪", "无双"]
    assert got["SGS-P001"] == ["杀"]
    for fmt in ("text", "md", "html", "json"):
        for lang in ("zh", "en"):
            out = render(a, fmt, lang)  # type: ignore[arg-type]
            if fmt == "json":  # the audit's part (the validator's report of spec §7 keeps the rule's own passage)
                out = json.dumps(json.loads(out)["audit"], ensure_ascii=False)
            for other in ("南蛮入侵", "万箭齐发"):  # the catalogue's examples, cards not in this game
                assert other not in out, (fmt, lang, other)


def test_a_skill_out_of_its_moment_quotes_the_skill(tmp_path: Path) -> None:
    log = tmp_path / "luoshen.sgs.jsonl"
    log.write_text(TABLE7.read_text(encoding="utf-8").splitlines()[0] + "\n"
                   + '{"type": "skill", "seat": 4, "skill": "洛神"}\n', encoding="utf-8")
    a = _audit(log)
    (f,) = a.findings
    assert f.violation.rule == "SGS-S003"
    ps = passages_for(f.violation, f.rule, f.event, a.ruleset)
    assert [p.name for p in ps] == ["洛神"] and ps[0].text.startswith("回合开始阶段")


def test_catalogue_examples_are_recognised() -> None:
    assert is_example(REGISTRY["SGS-P007"].cite) and is_example(REGISTRY["SGS-S003"].cite)
    assert not is_example(REGISTRY["SGS-D006"].cite)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_dispute_is_answered(lang: str) -> None:
    a = _audit()
    out = json.loads(render(a, "json", lang))["audit"]["ruling"]  # type: ignore[arg-type]
    claims = out["claims"]
    assert len(claims) == 2  # the header's dispute and the note of line 8 that says it is disputed
    quoted = {p["name"] for c in claims for p in c["passages"]}
    assert {"无双", "青龙偃月刀", "杀"} <= quoted
    assert not quoted & {"南蛮入侵", "万箭齐发", "八卦阵", "紫骍"}
    weapon = next(c for c in claims if "青龙偃月刀" in c["text"])
    if lang == "en":
        assert "gives no second 杀 in a play phase" in weapon["answer"]
        assert "not upheld" in weapon["answer"]
    else:
        assert "不增加出牌阶段可使用【杀】的次数" in weapon["answer"] and "不支持该主张" in weapon["answer"]
    assert [c["line"] for c in out["consequences"]] == [6, 8, 10]
    assert all(("names no penalty" if lang == "en" else "未规定") in c["text"] for c in out["consequences"])
    assert out["referee"] == "Kong" and out["date"] == "2026-11-20"
    text = render(a, "text", lang)  # type: ignore[arg-type]
    assert LABELS[lang]["signature"] in text and LABELS[lang]["ruling"] in text


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the rulebook texts are not beside the checkout")
def test_penalty_passages_are_verbatim() -> None:
    books = "".join(p.read_text(encoding="utf-8") for p in SEEDS.glob("*.txt"))
    flat = re.sub(r"\s+", "", books)
    for _, text in PENALTY_SOURCES:
        assert re.sub(r"\s+", "", text) in flat


def test_every_rule_in_both_languages() -> None:
    for r in REGISTRY.values():
        assert re.search(r"[\u4e00-\u9fff]", r.zh) and not ENGLISH.search(r.zh), r.id
        assert re.search(r"[A-Za-z]{3}", r.en), r.id
        zh = quote_zh(r.id, r.quote)
        assert re.search(r"[\u4e00-\u9fff]", zh) and not ENGLISH.search(zh), r.id
    for lang in ("zh", "en"):
        assert set(LABELS[lang]) == set(LABELS["en"])
    assert not any(ENGLISH.search(v) for v in LABELS["zh"].values())


@pytest.mark.parametrize("log", sorted((ROOT / "sample_logs" / "disputes").glob("*.sgs.jsonl")), ids=lambda p: p.name)
def test_chinese_report_has_no_english_sentence(log: Path) -> None:
    a = _audit(log)
    for fmt in ("text", "md", "html"):
        out = render(a, fmt, "zh")
        if fmt == "html":
            out = html.unescape(re.sub(r"<style>.*?</style>|<[^>]+>", " ", out, flags=re.S))
        hits = ENGLISH.findall(_verbatim(a, out.replace("\\", "")))
        assert not hits, (fmt, hits[:5])
    en = _verbatim(a, render(a, "text", "en"))
    assert "裁决" not in en and "应为" not in en


def test_no_english_sentence_in_any_chinese_sample_audit() -> None:
    """Every bundled log's Chinese audit (with the coach notes), but for the log's own words."""
    leaks = []
    for log in sorted((ROOT / "sample_logs").glob("*/*.sgs.jsonl")):
        a = build_audit(read_path(log), now="x", notes=True)
        leaks += [(log.name, h) for h in ENGLISH.findall(_verbatim(a, render(a, "text", "zh")))]
    assert not leaks, leaks[:5]
