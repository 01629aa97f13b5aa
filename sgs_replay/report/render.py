"""Render an :class:`~sgs_replay.report.Audit` as text, Markdown, HTML (jinja2, autoescaped) or JSON.

Every human format carries the same content in the same order: the header (game, dispute, ruleset
and its rulebooks, tool version, SHA-256 of the log, time of the audit), the verdict, each violation
(line, moment, seat, the rule with its cited passage, the event as a sentence, expected against
observed, the order and its sort key where the rule is about an order, the table before and after),
then the checks a hidden card made impossible with the fact that would settle them.
"""

from __future__ import annotations

import json
import re
from functools import cache
from typing import Any

from sgs_replay.formats.narrate import Lang, Namer, role_name, winner_name
from sgs_replay.formats.safe import one_line, plain
from sgs_replay.report import META_ORDER, Audit, Finding
from sgs_replay.report.positions import Position

LABELS: dict[str, dict[str, str]] = {
    "zh": {"title": "裁判审查报告", "game": "对局", "dispute": "争议", "ruleset": "规则", "sources": "规则来源",
           "version": "工具版本", "sha": "日志 SHA-256", "time": "审查时间", "verdict": "结论", "players": "玩家",
           "seat": "座位", "player": "玩家", "general": "武将", "role": "身份/阵营", "line": "第{n}行",
           "rule": "规则", "passage": "条文", "why": "理由", "event": "事件", "expected": "应为", "observed": "实际",
           "order": "应有顺序", "key": "排序依据", "before": "事件之前", "after": "事件之后",
           "unverified": "因暗牌无法检查", "settle": "可判定的事实", "checked": "已检查",
           "result": "记录的结果", "none": "无", "events": "事件", "turns": "回合", "import": "导入问题",
           "behaviour": "记录引擎的行为（本规则接受，非规则）",
           "desyncs": "与录像不一致", "hp": "体力", "hand": "手牌", "equip": "装备", "judge": "判定区",
           "moment": "时机", "who": "角色", "note": "备注", "clean_checked": "已按以下规则检查",
           "ruling": "裁决", "claim": "主张", "claim_from": "出处", "answer": "裁决理由", "consequences": "处理",
           "consequence": "处理", "referee": "裁判", "date": "日期", "signature": "签名",
           "no_claim": "日志头未写明争议（meta.dispute）。", "passages": "所涉条文",
           "notes": "教练提示（非违规）", "no_notes": "无"},
    "en": {"title": "Referee's audit", "game": "Game", "dispute": "Dispute", "ruleset": "Ruleset", "sources": "Rules from",
           "version": "Tool version", "sha": "Log SHA-256", "time": "Audited at", "verdict": "Verdict", "players": "Players",
           "seat": "seat", "player": "player", "general": "general", "role": "role/side", "line": "line {n}",
           "rule": "Rule", "passage": "Passage", "why": "Why", "event": "Event", "expected": "Expected",
           "observed": "Observed", "order": "Expected order", "key": "Sort key", "before": "Before the event",
           "after": "After the event", "unverified": "Not verifiable (hidden cards)", "settle": "would be settled by",
           "checked": "Checked", "result": "Declared result", "none": "none", "events": "events", "turns": "turns",
           "import": "Import problems", "behaviour": "Behaviour of the recording engine (accepted by the ruleset, not a rule)",
           "desyncs": "Desyncs against the recording", "hp": "HP", "hand": "hand",
           "equip": "equipment", "judge": "judge area", "moment": "Moment", "who": "Seat", "note": "Note",
           "clean_checked": "Checked against",
           "ruling": "Ruling", "claim": "Claim", "claim_from": "from", "answer": "Answer", "consequences": "Consequences",
           "consequence": "Consequence", "referee": "Referee", "date": "Date", "signature": "Signature",
           "no_claim": "The header names no dispute (meta.dispute).", "passages": "Passages at stake",
           "notes": "Coach notes (not violations)", "no_notes": "none"},
}

META_LABELS = {"zh": {"event": "赛事", "date": "日期", "round": "轮次", "table": "桌号", "referee": "裁判",
                      "dispute": "争议", "match": "比赛", "team_cold": "冷色方", "team_warm": "暖色方"},
               "en": {"event": "event", "date": "date", "round": "round", "table": "table", "referee": "referee",
                      "dispute": "disputed claim", "match": "match", "team_cold": "cold team", "team_warm": "warm team"}}


# ------------------------------------------------------------------------------------------ the model
def _seat_row(s: Any, lang: Lang) -> dict[str, Any]:
    L = LABELS[lang]
    if s.cards is not None:
        hand = " ".join(s.cards) or L["none"]
    else:
        hand = f"{s.hand}" + (f" ({' '.join(s.known)} …)" if s.known else "")
    state = "" if s.alive else (" · 阵亡" if lang == "zh" else " · dead")
    return {"seat": s.seat, "who": f"{s.general}" + (f" ({s.name})" if s.name else "") + state,
            "role": role_name(s.role, lang), "hp": f"{s.hp}/{s.max_hp}", "hand": hand,
            "equip": " ".join(s.equip) or "—", "judge": " ".join(s.judge) or "—"}


def _position(p: Position | None, lang: Lang, label: str, f: Finding | None = None, svg: bool = False) -> dict[str, Any] | None:
    if p is None:
        return None
    from sgs_replay.report.svg import caption_of, table_svg

    cap, sub = caption_of(p, lang, label)
    out: dict[str, Any] = {"label": label, "caption": sub or cap, "rows": [_seat_row(s, lang) for s in p.seats]}
    if svg:
        out["svg"] = table_svg(p, lang, actor=f.actor if f else None, targets=f.targets if f else None, label=label)
    return out


def _meta_rows(a: Audit, lang: Lang) -> list[tuple[str, str]]:
    keys = [k for k in META_ORDER if k in a.meta] + sorted(k for k in a.meta if k not in META_ORDER)
    return [(META_LABELS[lang].get(k, k), _scalar(a.meta[k])) for k in keys]


def _desync(d: dict[str, Any]) -> str:
    from sgs_replay.importers.oracle import Desync

    try:
        return Desync(**d).message()
    except TypeError:
        return _scalar(d)


RULESETS_ZH = {"standard": "标准版", "maneuvering": "军争", "freekill-standard": "新月杀标准版",
               "freekill-maneuvering": "新月杀军争", "freekill-3v3": "新月杀3V3", "hulao": "虎牢关",
               "hulao-maneuvering": "虎牢关（军争）", "hegemony": "国战", "hegemony-aozhan": "国战（鏖战）",
               "house-attrition": "家规·消耗", "house-anhun": "家规·暗魂", "house-zhuanshi": "家规·转世"}


FAMILIES_ZH = {"Format": "格式", "Header and start position": "对局头与初始局面", "Card conservation": "牌的守恒",
               "Turn flow": "回合流程", "Card play": "出牌", "Resolution order": "结算顺序",
               "Damage, dying and death": "伤害、濒死与死亡", "Outcome": "结果", "Skills": "技能", "3v3 mode": "3V3模式",
               "1v3 mode (虎牢關)": "1V3模式（虎牢关）", "國戰 and 鏖戰": "国战与鏖战", "House rules": "家规"}

#: what the recording engine did that a ruleset accepts (sgs_replay/skills: engine_behaviour), in Chinese
_BEHAVIOUR_ZH = [
    (re.compile(r"^line (\d+): (\S+) as the starting generals enter play, before the first turn \(debut_at_start\)"),
     "第{0}行：开局双方首发武将登场时发动{1}（debut_at_start）：尚无回合可结束"),
    (re.compile(r"^line (\d+): (\S+) with no card \(zhiheng_zero_cards\)"), "第{0}行：不弃牌发动{1}（zhiheng_zero_cards）：本次发动作废，没有牌移动"),
    (re.compile(r"^line (\d+): seat (\d+) stays alive at (-?\d+) HP: the engine's (\S+) aborted the rescue"),
     "第{0}行：{1}号位以{2}点体力存活：录像引擎的{3}中止了救援（undead_after_failed_rescue）"),
]


def _behaviour_zh(text: str) -> str:
    for pat, zh in _BEHAVIOUR_ZH:
        m = pat.search(text)
        if m:
            return zh.format(*m.groups())
    m = re.match(r"line (\d+):", text)
    return (f"第{m.group(1)}行：" if m else "") + "录像引擎的行为（本规则接受）"


def _fits(doc: str, passages: list[dict[str, Any]]) -> bool:
    """Whether a rule's documentation names no card but those of the passages quoted for the case."""
    from sgs_replay.report.ruling import _names_in

    quoted = {p["name"] for p in passages}
    return all(n in quoted for n in _names_in(doc, None))


def _sources(sources: list[str], lang: Lang) -> list[str]:
    """The rulebooks a ruleset is built from; in Chinese their titles alone (the rulesets' notes are English)."""
    if lang == "en":
        return sources
    from sgs_replay.rules.sources import SOURCES

    joined = " ".join(sources)
    found = sorted((joined.find(src.title), src.title) for src in SOURCES.values() if src.title in joined)
    titles = [t for _, t in found]
    return ["；".join(titles)] if titles else []


def _ruleset_zh(name: str | None) -> str | None:
    return RULESETS_ZH.get(name or "", name)


def _scalar(v: Any) -> str:
    if isinstance(v, (dict, list)):
        return json.dumps(v, ensure_ascii=False)
    return str(v)


MODES_ZH = {"identity": "身份局", "3v3": "3V3", "1v1": "1V1", "1v3": "1V3（虎牢关）", "hegemony": "国战"}


def view(a: Audit, lang: Lang = "zh", *, svg: bool = False) -> dict[str, Any]:
    """Everything a human format prints, already in words (templates only lay it out)."""
    from sgs_replay.report import KIND_ZH
    from sgs_replay.report.ruling import passages_for, ruling
    from sgs_replay.rules.zh import quote_zh

    L = LABELS[lang]
    n: Namer = a.namer(lang)
    findings = []
    for f in a.findings:
        v = f.violation
        r = f.rule
        ps = [p.as_dict(lang) for p in passages_for(v, r, f.event, a.ruleset)]
        if lang == "zh":
            for p in ps:
                p["text"] = quote_zh(p["name"], p["text"])
        findings.append({
            "passages": ps, "kind_label": KIND_ZH.get(v.kind, v.kind) if lang == "zh" else v.kind,
            "line": v.line, "rule": v.rule, "kind": v.kind, "title": f.title(lang), "moment": f.moment(lang),
            "who": n(v.seat) if v.seat else "", "message": f.message(lang, n), "cite": f.cite,
            "quote": f.quote,
            # the rule's documentation is English (docs/rules.md); a Chinese report gives its Chinese title only
            # (and only where it names no card other than those quoted: the catalogue's examples are not the case)
            "what": r.what.replace("`", "") if r and lang == "en" and _fits(r.what, ps) else "",
            "why": r.why.replace("`", "") if r and lang == "en" and _fits(r.what, ps) else "",
            "event": f.event_sentence(n), "expected": f.expected(lang, n), "observed": f.observed(lang, n),
            "order": f.order(lang),
            "before": _position(f.before, lang, L["before"], f, svg), "after": _position(f.after, lang, L["after"], f, svg),
        })
    result = ""
    if a.result:
        result = winner_name(a.result.get("winner"), lang) + (f" ({a.result.get('reason')})" if a.result.get("reason") else "")
    return {
        "L": L, "lang": lang, "file": a.file, "game_id": a.game_id or "—",
        "mode": (MODES_ZH.get(a.mode or "", a.mode) if lang == "zh" else a.mode) or "—",
        "ruleset": (_ruleset_zh(a.ruleset) if lang == "zh" else a.ruleset) or "—",
        "ruling": ruling(a, a.events_list, lang), "sources": _sources(a.ruleset_sources, lang), "version": a.version, "sha256": a.sha256 or "—",
        "audited_at": a.audited_at, "meta": _meta_rows(a, lang), "note": a.note,
        "players": [{"seat": p["seat"], "name": p.get("name") or "", "general": p["general"],
                     "role": " ".join(role_name(x, lang) for x in (p.get("role"), p.get("side"), p.get("position")) if x)}
                    for p in a.players],
        "verdict": a.verdict_in(lang), "clean": not a.findings, "events": a.events, "turns": a.turns,
        "checked": [FAMILIES_ZH.get(c, c) for c in a.checked] if lang == "zh" else a.checked,
        "result": result or L["none"], "findings": findings,
        "unverified": a.unverified(lang), "unverifiable": a.unverifiable,
        "import_problems": a.import_problems, "desyncs": [_desync(d) for d in a.desyncs],
        "engine_behaviour": [_behaviour_zh(b) for b in a.engine_behaviour] if lang == "zh" else a.engine_behaviour,
        "notes": None if a.notes is None else [
            {"line": n["line"], "text": n[lang]} for n in a.notes],
    }


# ------------------------------------------------------------------------------------------ templates
_TEXT = """{{ L.title }} — {{ file }}
{{ L.game }}: {{ game_id }} · {{ mode }} · {{ events }} {{ L.events }} · {{ turns }} {{ L.turns }}
{% for k, v in meta %}{{ k }}: {{ v }}
{% endfor %}{{ L.ruleset }}: {{ ruleset }}{% for s in sources %}
{{ L.sources }}: {{ s }}{% endfor %}
{{ L.version }}: sgs-replay {{ version }} · {{ L.sha }}: {{ sha256 }} · {{ L.time }}: {{ audited_at }}
{{ L.result }}: {{ result }}
{% if note %}{{ L.note }}: {{ note }}
{% endif %}
{{ L.verdict }}: {{ verdict }}
{% if clean %}{{ L.clean_checked }}: {{ checked | join(", ") }}
{% endif %}
{{ L.players }}:
{% for p in players %}  {{ p.seat }}. {{ p.general }}{% if p.name %} ({{ p.name }}){% endif %} {{ p.role }}
{% endfor %}{% for f in findings %}
== {{ L.line.format(n=f.line) }} · {{ f.rule }} {{ f.title }} ({{ f.kind_label }})
   {{ L.moment }}: {{ f.moment or "—" }}{% if f.who %} · {{ L.who }}: {{ f.who }}{% endif %}
   {{ f.message }}
{% if f.event %}   {{ L.event }}: {{ f.event }}
{% endif %}{% if f.expected %}   {{ L.expected }}: {{ f.expected }}
{% endif %}{% if f.observed %}   {{ L.observed }}: {{ f.observed }}
{% endif %}{% if f.order %}{% if f.order.order %}   {{ L.order }}: {{ f.order.order }}
{% endif %}   {{ L.key }}: {{ f.order.key }}
{% endif %}{% if f.what %}   {{ L.rule }}: {{ f.what }}
   {{ L.why }}: {{ f.why }}
{% endif %}{% for p in f.passages %}   {{ L.passage }} {{ p.label }} · {{ p.cite }}
     「{{ p.text | passage_lines }}」
{% for nt in p.notes %}      {{ nt }}
{% endfor %}{% endfor %}{% for t in [f.before, f.after] if t %}   [{{ t.label }}] {{ t.caption }}
{% for s in t.rows %}     {{ s.seat }}. {{ s.who }} {{ s.role }} · {{ L.hp }} {{ s.hp }} · {{ L.hand }} {{ s.hand }} · {{ L.equip }} {{ s.equip }} · {{ L.judge }} {{ s.judge }}
{% endfor %}{% endfor %}{% endfor %}
== {{ L.ruling }}
{% for c in ruling.claims %}{{ L.claim }} ({{ L.claim_from }} {{ c.where }}): {{ c.text }}
{% for p in c.passages %}   {{ p.label }} · {{ p.cite }}
     「{{ p.text | passage_lines }}」
{% endfor %}   {{ L.answer }}: {{ c.answer }}
{% else %}{{ L.no_claim }}
{% endfor %}{% if ruling.consequences %}{{ L.consequences }}:
{% for c in ruling.consequences %}   {{ L.line.format(n=c.line) }} · {{ c.rule }} {{ c.title }}: {{ c.text }}
     {{ c.cite }} — 「{{ c.quote }}」
{% endfor %}{% endif %}
{{ L.referee }}: {{ ruling.referee or "____________" }}    {{ L.date }}: {{ ruling.date or "____________" }}
{{ L.signature }}: ______________________
{% if notes is not none %}
== {{ L.notes }}
{% for n in notes %}   {{ L.line.format(n=n.line) }}: {{ n.text }}
{% else %}   {{ L.no_notes }}
{% endfor %}{% endif %}{% if unverified %}
{{ L.unverified }} ({{ unverifiable }}):
{% for what, fact in unverified %}  - {{ what }} — {{ L.settle }}: {{ fact }}
{% endfor %}{% endif %}{% if engine_behaviour %}
{{ L.behaviour }}:
{% for p in engine_behaviour %}  - {{ p }}
{% endfor %}{% endif %}{% if import_problems %}
{{ L.import }}:
{% for p in import_problems %}  - {{ p }}
{% endfor %}{% endif %}{% if desyncs %}
{{ L.desyncs }}:
{% for d in desyncs %}  - {{ d }}
{% endfor %}{% endif %}"""

_MD = """# {{ L.title }}: {{ file }}

| | |
|---|---|
| {{ L.game }} | {{ game_id }} · {{ mode }} · {{ events }} {{ L.events }} · {{ turns }} {{ L.turns }} |
{% for k, v in meta %}| {{ k }} | {{ v }} |
{% endfor %}| {{ L.ruleset }} | {{ ruleset }} |
{% for s in sources %}| {{ L.sources }} | {{ s }} |
{% endfor %}| {{ L.version }} | sgs-replay {{ version }} |
| {{ L.sha }} | {{ sha256 }} |
| {{ L.time }} | {{ audited_at }} |
| {{ L.result }} | {{ result }} |
{% if note %}| {{ L.note }} | {{ note }} |
{% endif %}
**{{ L.verdict }}:** {{ verdict }}
{% if clean %}
{{ L.clean_checked }}: {{ checked | join(", ") }}
{% endif %}
| {{ L.seat }} | {{ L.player }} | {{ L.general }} | {{ L.role }} |
|---|---|---|---|
{% for p in players %}| {{ p.seat }} | {{ p.name }} | {{ p.general }} | {{ p.role }} |
{% endfor %}{% for f in findings %}
## {{ L.line.format(n=f.line) }}: {{ f.rule }} {{ f.title }} ({{ f.kind_label }})

{{ f.message }}

- {{ L.moment }}: {{ f.moment or "—" }}{% if f.who %} · {{ L.who }}: {{ f.who }}{% endif %}
{% if f.event %}- {{ L.event }}: {{ f.event }}
{% endif %}{% if f.expected %}- {{ L.expected }}: {{ f.expected }}
{% endif %}{% if f.observed %}- {{ L.observed }}: {{ f.observed }}
{% endif %}{% if f.order %}{% if f.order.order %}- {{ L.order }}: {{ f.order.order }}
{% endif %}- {{ L.key }}: {{ f.order.key }}
{% endif %}{% if f.what %}- {{ L.rule }}: {{ f.what }}
- {{ L.why }}: {{ f.why }}
{% endif %}{% for p in f.passages %}- {{ L.passage }} {{ p.label }} · {{ p.cite }}
{% for ln in p.text.split("\n") %}
  > {{ ln }}{% endfor %}{% for nt in p.notes %}
  > {{ nt }}{% endfor %}
{% endfor %}{% for t in [f.before, f.after] if t %}
**{{ t.label }}** ({{ t.caption }})

| {{ L.seat }} | {{ L.general }} | {{ L.role }} | {{ L.hp }} | {{ L.hand }} | {{ L.equip }} | {{ L.judge }} |
|---|---|---|---|---|---|---|
{% for s in t.rows %}| {{ s.seat }} | {{ s.who }} | {{ s.role }} | {{ s.hp }} | {{ s.hand }} | {{ s.equip }} | {{ s.judge }} |
{% endfor %}{% endfor %}{% endfor %}

## {{ L.ruling }}

{% for c in ruling.claims %}**{{ L.claim }}** ({{ L.claim_from }} {{ c.where }}): {{ c.text }}

{% for p in c.passages %}- {{ p.label }} · {{ p.cite }}
{% for ln in p.text.split("\n") %}
  > {{ ln }}{% endfor %}
{% endfor %}
**{{ L.answer }}:** {{ c.answer }}

{% else %}{{ L.no_claim }}
{% endfor %}{% if ruling.consequences %}
**{{ L.consequences }}**

{% for c in ruling.consequences %}- {{ L.line.format(n=c.line) }} · {{ c.rule }} {{ c.title }}: {{ c.text }} {{ c.cite }} — 「{{ c.quote }}」
{% endfor %}{% endif %}
{{ L.referee }}: {% if ruling.referee %}{{ ruling.referee }}{% else %}____________{% endif %} · {{ L.date }}: {% if ruling.date %}{{ ruling.date }}{% else %}____________{% endif %} · {{ L.signature }}: ______________________
{% if notes is not none %}
## {{ L.notes }}

{% for n in notes %}- {{ L.line.format(n=n.line) }}: {{ n.text }}
{% else %}{{ L.no_notes }}
{% endfor %}{% endif %}{% if unverified %}
## {{ L.unverified }} ({{ unverifiable }})

{% for what, fact in unverified %}- {{ what }} — {{ L.settle }}: {{ fact }}
{% endfor %}{% endif %}{% if engine_behaviour %}
## {{ L.behaviour }}

{% for p in engine_behaviour %}- {{ p }}
{% endfor %}{% endif %}{% if import_problems %}
## {{ L.import }}

{% for p in import_problems %}- {{ p }}
{% endfor %}{% endif %}{% if desyncs %}
## {{ L.desyncs }}

{% for d in desyncs %}- {{ d }}
{% endfor %}{% endif %}"""

_HTML = """<!doctype html>
<html lang="{{ 'zh-Hans' if lang == 'zh' else 'en' }}"><head><meta charset="utf-8"><title>{{ L.title }}: {{ file }}</title>
<style>
body { font-family: 'SGS Noto Sans CJK', 'Noto Sans CJK SC', system-ui, sans-serif; margin: 2rem auto; max-width: 80rem; padding: 0 1rem; }
svg text { font-family: 'SGS Noto Sans CJK', 'Noto Sans CJK SC', sans-serif; }
code { font-family: ui-monospace, monospace, 'SGS Noto Sans CJK'; }
table { border-collapse: collapse; margin: .5rem 0 1rem; } td, th { border: 1px solid #ccc; padding: .2rem .6rem; text-align: left; }
th { background: #f4f4f4; } .head th { width: 10rem; }
.verdict { font-size: 1.3rem; font-weight: 700; padding: .6rem 1rem; border-radius: .4rem; }
.verdict.clean { background: #e6f4ea; } .verdict.dirty { background: #fdecea; }
.kind-illegal_play { color: #a40000; } .kind-resolution_order { color: #8a5a00; }
.kind-bookkeeping { color: #004c8c; } .kind-outcome { color: #5c2d91; } .kind-format { color: #555; }
.finding { border-top: 2px solid #ddd; margin-top: 1.5rem; } .cite { color: #444; }
blockquote.quote { margin: .3rem 0 .3rem 1rem; padding-left: .6rem; border-left: 3px solid #ccc; white-space: pre-line; }
.ruling { border-top: 3px solid #333; margin-top: 2rem; } .answer { background: #f6f6f0; padding: .4rem .6rem; }
.sign td.line { height: 2.5rem; min-width: 20rem; } .sign td, .sign th { padding: .4rem .8rem; }
.tables { display: flex; flex-wrap: wrap; gap: 1rem; } .tables figure { margin: 0; flex: 1 1 100%; max-width: 62rem; }
.tables svg { width: 100%; height: auto; } figcaption { font-weight: 600; }
</style></head><body>
<h1>{{ L.title }}: {{ file }}</h1>
<table class="head">
<tr><th>{{ L.game }}</th><td>{{ game_id }} · {{ mode }} · {{ events }} {{ L.events }} · {{ turns }} {{ L.turns }}</td></tr>
{% for k, v in meta %}<tr><th>{{ k }}</th><td>{{ v }}</td></tr>
{% endfor %}<tr><th>{{ L.ruleset }}</th><td>{{ ruleset }}</td></tr>
{% for s in sources %}<tr><th>{{ L.sources }}</th><td>{{ s }}</td></tr>
{% endfor %}<tr><th>{{ L.version }}</th><td>sgs-replay {{ version }}</td></tr>
<tr><th>{{ L.sha }}</th><td><code>{{ sha256 }}</code></td></tr>
<tr><th>{{ L.time }}</th><td>{{ audited_at }}</td></tr>
<tr><th>{{ L.result }}</th><td>{{ result }}</td></tr>
{% if note %}<tr><th>{{ L.note }}</th><td>{{ note }}</td></tr>{% endif %}
</table>
<p class="verdict {{ 'clean' if clean else 'dirty' }}">{{ L.verdict }}: {{ verdict }}</p>
{% if clean %}<p>{{ L.clean_checked }}: {{ checked | join(", ") }}</p>{% endif %}
<table><tr><th>{{ L.seat }}</th><th>{{ L.player }}</th><th>{{ L.general }}</th><th>{{ L.role }}</th></tr>
{% for p in players %}<tr><td>{{ p.seat }}</td><td>{{ p.name }}</td><td>{{ p.general }}</td><td>{{ p.role }}</td></tr>
{% endfor %}</table>
{% for f in findings %}<section class="finding" id="line-{{ f.line }}">
<h2 class="kind-{{ f.kind }}">{{ L.line.format(n=f.line) }}: {{ f.rule }} {{ f.title }} ({{ f.kind_label }})</h2>
<p>{{ f.message }}</p>
<ul><li>{{ L.moment }}: {{ f.moment or "—" }}{% if f.who %} · {{ L.who }}: {{ f.who }}{% endif %}</li>
{% if f.event %}<li>{{ L.event }}: {{ f.event }}</li>{% endif %}
{% if f.expected %}<li>{{ L.expected }}: {{ f.expected }}</li>{% endif %}
{% if f.observed %}<li>{{ L.observed }}: {{ f.observed }}</li>{% endif %}
{% if f.order %}{% if f.order.order %}<li>{{ L.order }}: {{ f.order.order }}</li>{% endif %}<li>{{ L.key }}: {{ f.order.key }}</li>{% endif %}
{% if f.what %}<li>{{ L.rule }}: {{ f.what }}</li>
<li>{{ L.why }}: {{ f.why }}</li>{% endif %}
{% for p in f.passages %}<li class="cite passage" data-name="{{ p.name }}">{{ L.passage }} <b>{{ p.label }}</b> · {{ p.cite }}<blockquote class="quote">{{ p.text }}{% for nt in p.notes %}
{{ nt }}{% endfor %}</blockquote></li>{% endfor %}</ul>
<div class="tables">{% for t in [f.before, f.after] if t %}<figure><figcaption>{{ t.label }} · {{ t.caption }}</figcaption>{{ t.svg | safe }}</figure>{% endfor %}</div>
</section>
{% endfor %}<section class="ruling" id="ruling"><h2>{{ L.ruling }}</h2>
{% for c in ruling.claims %}<div class="claim"><p><b>{{ L.claim }}</b> ({{ L.claim_from }} {{ c.where }}): {{ c.text }}</p>
{% for p in c.passages %}<div class="passage" data-name="{{ p.name }}"><b>{{ p.label }}</b> · <span class="cite">{{ p.cite }}</span><blockquote class="quote">{{ p.text }}</blockquote></div>
{% endfor %}<p class="answer"><b>{{ L.answer }}:</b> {{ c.answer }}</p></div>
{% else %}<p>{{ L.no_claim }}</p>
{% endfor %}{% if ruling.consequences %}<h3>{{ L.consequences }}</h3><ul>
{% for c in ruling.consequences %}<li>{{ L.line.format(n=c.line) }} · {{ c.rule }} {{ c.title }}: {{ c.text }} <span class="cite">{{ c.cite }}</span><blockquote class="quote">{{ c.quote }}</blockquote></li>
{% endfor %}</ul>{% endif %}
<table class="sign"><tr><th>{{ L.referee }}</th><td>{{ ruling.referee }}</td><th>{{ L.date }}</th><td>{{ ruling.date }}</td></tr>
<tr><th>{{ L.signature }}</th><td colspan="3" class="line"></td></tr></table></section>
{% if notes is not none %}<section class="notes" id="notes"><h2>{{ L.notes }}</h2><ul>{% for n in notes %}<li>{{ L.line.format(n=n.line) }}: {{ n.text }}</li>{% else %}<li>{{ L.no_notes }}</li>{% endfor %}</ul></section>{% endif %}
{% if unverified %}<h2>{{ L.unverified }} ({{ unverifiable }})</h2>
<ul>{% for what, fact in unverified %}<li>{{ what }} — {{ L.settle }}: {{ fact }}</li>{% endfor %}</ul>{% endif %}
{% if engine_behaviour %}<h2>{{ L.behaviour }}</h2><ul>{% for p in engine_behaviour %}<li>{{ p }}</li>{% endfor %}</ul>{% endif %}
{% if import_problems %}<h2>{{ L.import }}</h2><ul>{% for p in import_problems %}<li>{{ p }}</li>{% endfor %}</ul>{% endif %}
{% if desyncs %}<h2>{{ L.desyncs }}</h2><ul>{% for d in desyncs %}<li>{{ d }}</li>{% endfor %}</ul>{% endif %}
</body></html>
"""


_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+!|~])")
#: what a Markdown renderer with autolinks (GFM, Streamlit) would turn into a link by itself: a scheme's
#: colon, the dot of ``www.`` and an e-mail's ``@`` get a backslash, which shows nothing but breaks the link
_AUTOLINK = re.compile(r"(?i)\b(https?|ftp|mailto|file|javascript|data|www)([:.])|(\w)(@)(?=\w)")


def md_text(value: Any) -> Any:
    """A value as literal Markdown text: no link, image, HTML, emphasis, table cell break or heading
    survives (numbers and booleans pass as they are)."""
    if value is None or isinstance(value, (bool, int, float)):
        return value
    text = str(plain(value)).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    text = one_line(text.replace("\r", " ").replace("\n", " "))
    return _AUTOLINK.sub(_unlink, _MD_SPECIAL.sub(r"\\\1", text))


def _unlink(m: re.Match[str]) -> str:
    word, mark = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
    if (mark == ":" and word.lower() == "www") or (mark == "." and word.lower() != "www"):
        return m.group()
    return f"{word}\\{mark}"


class _Lines(str):
    """Text of several lines already made safe line by line (a quoted passage, indented)."""


def _passage_lines(value: Any, indent: str = "      ") -> _Lines:
    """A passage of several lines for the text report: each line made safe (control characters escaped),
    the line breaks kept and the lines after the first indented."""
    return _Lines(("\n" + indent).join(str(one_line(plain(line))) for line in str(value).split("\n")))


def _text_value(value: Any) -> Any:
    """A template value in the text report: on its one line, every control character escaped."""
    if isinstance(value, _Lines):
        return value
    return one_line(plain(value))


def md_escape(value: Any) -> str:
    """A template value safe in Markdown text and table cells (see :func:`md_text`)."""
    return "" if value is None else str(md_text(value))


@cache
def _templates() -> dict[str, Any]:
    import jinja2

    text = jinja2.Environment(autoescape=False, undefined=jinja2.StrictUndefined, keep_trailing_newline=True,
                              finalize=_text_value)
    text.filters["passage_lines"] = _passage_lines
    md = jinja2.Environment(autoescape=False, undefined=jinja2.StrictUndefined, keep_trailing_newline=True,
                            finalize=md_escape)
    html = jinja2.Environment(autoescape=True, undefined=jinja2.StrictUndefined, finalize=plain)
    return {"text": text.from_string(_TEXT), "md": md.from_string(_MD), "html": html.from_string(_HTML)}


def to_text(a: Audit, lang: Lang = "zh") -> str:
    return str(_templates()["text"].render(**view(a, lang)))


def to_markdown(a: Audit, lang: Lang = "zh") -> str:
    return str(_templates()["md"].render(**view(a, lang)))


def to_html(a: Audit, lang: Lang = "zh") -> str:
    from sgs_replay.report.fonts import embed

    return embed(str(_templates()["html"].render(**view(a, lang, svg=True))))


def to_json(a: Audit, lang: Lang = "zh") -> str:
    """The validator's report (spec §7) plus the audit: header, verdict and each violation in words."""
    v = view(a, lang)
    out = a.report.public() if a.report is not None else {}
    out["audit"] = {
        "lang": lang, "meta": a.meta, "sha256": a.sha256, "tool_version": a.version, "audited_at": a.audited_at,
        "ruleset_sources": a.ruleset_sources, "verdict": v["verdict"], "ruling": v["ruling"],
        **({"notes": v["notes"]} if v["notes"] is not None else {}),
        "violations": [{k: f[k] for k in ("line", "rule", "kind", "title", "moment", "who", "message", "event",
                                           "expected", "observed", "order", "passages")}
                       | {"cite": f["passages"][0]["cite"] if f["passages"] else f["cite"],
                          "quote": f["passages"][0]["text"] if f["passages"] else f["quote"]}
                       | {"before": f["before"]["rows"] if f["before"] else None,
                          "after": f["after"]["rows"] if f["after"] else None} for f in v["findings"]],
        "unverifiable": [{"check": w, "settled_by": s} for w, s in v["unverified"]],
        "import_problems": a.import_problems, "desyncs": a.desyncs, "engine_behaviour": a.engine_behaviour,
    }
    return json.dumps(out, ensure_ascii=False, indent=1) + "\n"


def render(a: Audit, fmt: str, lang: Lang = "zh") -> str:
    return {"text": to_text, "md": to_markdown, "html": to_html, "json": to_json}[fmt](a, lang)


def to_terminal(a: Audit, lang: Lang = "zh") -> None:
    import sys

    sys.stdout.write(to_text(a, lang))
