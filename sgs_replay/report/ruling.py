"""What a referee signs: the passages at stake in each violation, the dispute answered, the consequences.

**Citations that fit the case.** A violation quotes the texts of the cards and skills its check
depended on: the ones the engine names (``Violation.subjects``: the 杀, the 闪 that answers it and
吕布's 无双 for an answer that does not answer 吕布's 杀), then the card or skill of the event at the
violation's line (the skill's own text for a skill out of its moment). The rule's own passage is
quoted only when it is not a card's text: a card passage in the catalogue is an example, and an
example of another card is no citation.

**The dispute.** The header's ``meta.dispute`` (and any event note that says it is disputed, 争议) is
read for the cards, skills, rule ids and seats it names; each named card or skill is quoted and the
claim gets an answer from the violations at the lines it concerns.

**Consequences.** The competition rules name a penalty only for talking between team-mates in 3v3
(《三国杀标准版+风 3v3 比赛用牌（2010 版）》规则: 技术分); for anything else they leave the ruling to the
referee (《2013 王者之战 比赛规则》: 选手需服从裁判的指示及判罚). Each violation says so, with the passage.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

from sgs_replay.formats import events as ev
from sgs_replay.formats.narrate import Lang

__all__ = ["PENALTY_SOURCES", "Passage", "passages_for", "ruling"]


@dataclass(frozen=True)
class Passage:
    """One quoted passage: what it is the text of (a card, a skill, a rule), where it is from, the text."""

    kind: str  # "card" | "skill" | "rule"
    name: str  # 杀, 无双, SGS-P001
    cite: str
    text: str
    notes: tuple[str, ...] = ()

    def label(self, lang: Lang) -> str:
        if self.kind == "card":
            return f"【{self.name}】"
        if self.kind == "skill":
            return f"{self.name}（技能）" if lang == "zh" else f"{self.name} (skill)"
        return self.name

    def as_dict(self, lang: Lang) -> dict[str, Any]:
        return {"kind": self.kind, "name": self.name, "label": self.label(lang), "cite": self.cite,
                "text": self.text, "notes": list(self.notes)}


# ------------------------------------------------------------------------------------- card and skill texts
@cache
def _card_texts() -> dict[str, dict[str, Any]]:
    from sgs_replay.report.explain import card_texts

    return card_texts()


@cache
def _skill_notes() -> dict[str, list[str]]:
    data = tomllib.loads(resources.files("sgs_replay.content").joinpath("skills.toml").read_text(encoding="utf-8"))
    return {sid: list(row.get("notes", [])) for sid, row in data.items()}


def _skill_versions(ruleset: str | None) -> dict[str, str]:
    from sgs_replay.content import RulesetError
    from sgs_replay.content import ruleset as load

    try:
        return dict(load(ruleset or "").skill_versions)
    except RulesetError:
        return {}


def card_passage(name: str) -> Passage | None:
    from sgs_replay.content.card_kinds import true_name

    row = _card_texts().get(name) or _card_texts().get(true_name(name) or "")
    if row is None:
        return None
    # a weapon's range is printed beside its text in the rulebook's table, not in it
    return Passage("card", name, row["source"], row["text"], (f"攻击范围{row['range']}",) if "range" in row else ())


def skill_passage(name: str, ruleset: str | None) -> Passage | None:
    from sgs_replay.content import skill_by_name
    from sgs_replay.rules.sources import variant_label

    s = skill_by_name().get(name)
    if s is None:
        return None
    key = _skill_versions(ruleset).get(s.name) or _skill_versions(ruleset).get(s.id)
    if key and key in s.variants:
        return Passage("skill", s.name, variant_label(key), s.variants[key])
    if not s.text:
        return None
    return Passage("skill", s.name, s.source, s.text, tuple(_skill_notes().get(s.id, ())))


def passage_of(name: str, ruleset: str | None) -> Passage | None:
    return card_passage(name) or skill_passage(name, ruleset)


# ------------------------------------------------------------------------------------- a violation's passages
def _event_subjects(e: Any) -> list[str]:
    """The cards and skills an event names: the card used or played (as what it was used), the skill."""
    from sgs_replay.formats.cards import is_unknown, parse_card

    out: list[str] = []
    if isinstance(e, (ev.Use, ev.Respond)):
        if e.skill:
            out.append(e.skill)
        if e.as_:
            out.append(e.as_)
        elif e.card and not is_unknown(e.card):
            out.append(parse_card(e.card).name)
    elif isinstance(e, ev.Skill):
        out.append(e.skill)
    return out


_CARD_CITE = re.compile(r"卡牌资料.*?([\u4e00-\u9fff]+)\s*$")


def cited_card(cite: str) -> str | None:
    """The card a catalogue citation points at (``… 一、卡牌资料 (四) 南蛮入侵`` → 南蛮入侵), if any."""
    m = _CARD_CITE.search(cite or "")
    return m.group(1) if m and m.group(1) in _card_texts() else None


def passages_for(violation: Any, rule: Any, event: Any, ruleset: str | None) -> list[Passage]:
    """The passages a violation quotes: the texts of the cards and skills at stake, then the rule's own
    passage unless it is a card's text (an example, or the same text again)."""
    names: list[str] = []
    for n in list(violation.subjects or []) + _event_subjects(event):
        if n and n not in names:
            names.append(n)
    out = [p for n in names if (p := passage_of(n, ruleset)) is not None]
    if not out:  # the event names no card (a pass, a damage, a phase): the cards the engine's detail names
        out = [p for n in _names_in(violation.message or "", ruleset) if (p := passage_of(n, ruleset)) is not None]
    cite = rule.cite if rule is not None else (violation.cite or "")
    quote = rule.quote if rule is not None else (violation.quote or "")
    if quote and not is_example(cite):
        out.append(Passage("rule", violation.rule, cite, quote))
    return out


def is_example(cite: str) -> bool:
    """Whether a catalogue citation is one card's or one general's text: an example of the rule, quoted
    only as the text of the card or skill at stake (never for another one)."""
    return cited_card(cite) is not None or "武将牌" in cite


# ------------------------------------------------------------------------------------- consequences
REFEREE_SOURCE = "《2013 王者之战 比赛规则》 · 三国杀3V3 名词 15、裁判"
REFEREE_TEXT = "裁判：指比赛中负责进行发牌及判罚等事宜的人员。选手需服从裁判的指示及判罚。"
TALK_SOURCE = "《三国杀标准版+风 3v3 比赛用牌（2010 版）》规则 · 一、比赛总则 1、基础规则 2）"
TALK_TEXT = "比赛时，双方选手严禁一切与比赛相关的语言、肢体交流，有犯规者扣除本队技术分1分，扣满3分，该队自动判负。"
#: the competition rules' passages a consequence is read from (a test checks them against the rulebook texts)
PENALTY_SOURCES = ((REFEREE_SOURCE, REFEREE_TEXT), (TALK_SOURCE, TALK_TEXT))


def consequence(rule_id: str, mode: str | None, lang: Lang) -> dict[str, str]:
    """What the competition rules name for a violation: none of our checks is a breach they put a
    penalty on (the only penalty they name, 技术分, is for talking between team-mates in 3v3), so the
    answer is that the rulebook names none and the referee rules (their passage)."""
    if lang == "zh":
        text = "比赛规则未规定此项违规的处罚；由裁判判罚。"
        if mode == "3v3":
            text += "（3V3比赛规则规定的技术分处罚只针对队友间的交流。）"
    else:
        text = "The rulebook names no penalty for this; the referee rules."
        if mode == "3v3":
            text += " (The 3v3 rules' penalty, 技术分, is for talking between team-mates only.)"
    return {"text": text, "cite": REFEREE_SOURCE, "quote": REFEREE_TEXT}


# ------------------------------------------------------------------------------------- the dispute
_SEAT_EN = re.compile(r"\bseats? (\d+)", re.I)
_SEAT_ZH = re.compile(r"(\d+)\s*号位")
_RULE_ID = re.compile(r"\bSGS-[A-Z0-9]\d{3}\b")
_DISPUTED = re.compile(r"disput|争议|申诉", re.I)


def _names_in(text: str, ruleset: str | None) -> list[str]:
    """Card and skill names in a free text, longest first where one contains another, in text order."""
    from sgs_replay.content import skill_by_name

    found: list[tuple[int, str]] = []
    candidates = set(_card_texts()) | {k for k in skill_by_name() if re.search(r"[\u4e00-\u9fff]", k)}
    for name in sorted(candidates, key=len, reverse=True):
        i = text.find(name)
        if i >= 0 and not any(i >= j and i < j + len(n) for j, n in found):
            found.append((i, name))
    return [n for _, n in sorted(found)]


@dataclass
class Claim:
    text: str
    where: str  # "meta" or "line N"
    seats: list[int] = field(default_factory=list)
    names: list[str] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)


def claims_of(meta: dict[str, Any], events: list[tuple[int, Any]], ruleset: str | None) -> list[Claim]:
    """The dispute of the header and the event notes that say they are disputed."""
    out: list[Claim] = []
    texts: list[tuple[str, str]] = []
    if isinstance(meta.get("dispute"), str) and meta["dispute"].strip():
        texts.append((meta["dispute"], "meta"))
    for line, e in events:
        note = getattr(e, "note", None)
        if isinstance(note, str) and _DISPUTED.search(note):
            texts.append((note, f"line {line}"))
    for text, where in texts:
        seats = sorted({int(x) for x in _SEAT_EN.findall(text) + _SEAT_ZH.findall(text)})
        out.append(Claim(text, where, seats, _names_in(text, ruleset), sorted(set(_RULE_ID.findall(text)))))
    return out


def _answer_slash_after_dodge(findings: list[Any], events: list[tuple[int, Any]], lang: Lang) -> str | None:
    """青龙偃月刀 against a second 杀: its condition (a 闪 just cancelled the wielder's 杀, the new 杀 on
    the same target) read from the log at each SGS-P001 line."""
    from sgs_replay.formats.cards import parse_card

    index = {line: i for i, (line, _) in enumerate(events)}
    for f in findings:
        if f.violation.rule != "SGS-P001" or f.violation.line not in index:
            continue
        here = events[index[f.violation.line]][1]
        if not isinstance(here, ev.Use):
            continue
        user = here.seat
        prev = None
        for line, e in reversed(events[:index[f.violation.line]]):
            if isinstance(e, ev.Use) and e.seat == user and e.card and parse_card(e.card).name == "杀":
                prev = (line, e)
                break
        if prev is None:
            continue
        pline, pe = prev
        between = events[index[pline] + 1:index[f.violation.line]]
        damaged = [ln for ln, e in between if isinstance(e, ev.Damage) and e.source == user]
        same = sorted(here.targets or []) == sorted(pe.targets or [])
        cancelled = not damaged
        tgt = "、".join(f"{t}号位" for t in (pe.targets or []))
        tgt_en = ", ".join(f"seat {t}" for t in (pe.targets or []))
        now = "、".join(f"{t}号位" for t in (here.targets or []))
        now_en = ", ".join(f"seat {t}" for t in (here.targets or []))
        if lang == "zh":
            why = [f"第{pline}行的【杀】（目标{tgt}）" + ("未被【闪】抵消（第" + "、".join(map(str, damaged)) + "行造成了伤害）"
                                                  if not cancelled else "被【闪】抵消")]
            if not same:
                why.append(f"第{f.violation.line}行的【杀】的目标是{now}，不是同一名角色")
            ok = cancelled and same
            return ("；".join(why) + "。" + ("青龙偃月刀的条件成立，这张【杀】是武器效果，不计入出牌阶段的次数。" if ok else
                    "青龙偃月刀只允许在【闪】抵消【杀】后对同一目标再使用一张【杀】，不增加出牌阶段可使用【杀】的次数：此处不适用。"))
        why_en = [f"the 杀 of line {pline} (on {tgt_en}) was " + (
            "not cancelled by a 闪 (damage was dealt at line " + ", ".join(map(str, damaged)) + ")" if not cancelled
            else "cancelled by a 闪")]
        if not same:
            why_en.append(f"the 杀 of line {f.violation.line} targets {now_en}, not the same character")
        ok = cancelled and same
        return ("; ".join(why_en).capitalize() + ". " + (
            "青龙偃月刀's condition holds: this 杀 is the weapon's effect and not the play phase's 杀." if ok else
            "青龙偃月刀 lets you use another 杀 on the same target after a 闪 cancels your 杀; it gives no second 杀 "
            "in a play phase: it does not apply here."))
    return None


def _related(claim: Claim, findings: list[Any], events: list[tuple[int, Any]], lines: list[int]) -> list[Any]:
    """The violations a claim concerns: those at the disputed lines, those it names by rule id, the
    claimant's own uses of a named card, and what a disputed use left undone to its targets (the damage
    its 杀 still owed)."""
    at = dict(events)
    targets = {t for ln in lines if isinstance(at.get(ln), ev.Use) for t in (at[ln].targets or [])}
    out = []
    for f in findings:
        named = set(claim.names) & set((f.violation.subjects or []) + _event_subjects(f.event))
        by_seat = f.violation.seat in claim.seats or (f.actor in claim.seats and isinstance(f.event, ev.Use))
        if (f.violation.line in lines or f.violation.rule in claim.rules or (by_seat and named)
                or (f.violation.subjects and named and f.violation.seat in targets)):
            out.append(f)
    return out


def answer(claim: Claim, related: list[Any], findings: list[Any], events: list[tuple[int, Any]], lang: Lang) -> str:
    parts: list[str] = []
    if "青龙偃月刀" in claim.names and (a := _answer_slash_after_dodge(related or findings, events, lang)):
        parts.append(a)
    if related:
        lines = "; ".join(f"line {f.violation.line}, {f.violation.rule} ({f.title('en')})" for f in related)
        lines_zh = "；".join(f"第{f.violation.line}行，{f.violation.rule}（{f.title('zh')}）" for f in related)
        parts.append(f"不支持该主张：{lines_zh}违反规则（条文见上）。" if lang == "zh" else
                     f"The claim is not upheld: {lines} (the passages above decide it).")
    else:
        parts.append("在争议所涉的行未发现违规：就日志所示，支持该主张。" if lang == "zh" else
                     "No violation at the lines the claim concerns: as far as the log shows, the claim is upheld.")
    return " ".join(parts) if lang == "en" else "".join(parts)


def ruling(audit: Any, events: list[tuple[int, Any]], lang: Lang) -> dict[str, Any]:
    """The Ruling section: each claim with its passages and the answer, each violation's consequence, the
    referee and the lines to sign."""
    claims = []
    all_claims = claims_of(audit.meta, events, audit.ruleset)
    noted = [int(c.where.split()[1]) for c in all_claims if c.where != "meta"]
    for c in all_claims:
        lines = noted if c.where == "meta" else [int(c.where.split()[1])]
        rel = _related(c, audit.findings, events, lines)
        found = [p for n in c.names if (p := passage_of(n, audit.ruleset)) is not None]
        for f in rel:  # the passages that decide the violations it concerns
            found += passages_for(f.violation, f.rule, f.event, audit.ruleset)
        uniq: list[Passage] = []
        for p in found:
            if all(q.name != p.name for q in uniq):
                uniq.append(p)
        ps = [p.as_dict(lang) for p in uniq]
        where = ("日志头" if c.where == "meta" else "第" + c.where.split()[1] + "行的备注") if lang == "zh" else (
            "the header" if c.where == "meta" else f"the note of {c.where}")
        claims.append({"text": c.text, "where": where, "passages": ps,
                       "answer": answer(c, rel, audit.findings, events, lang)})
    cons = []
    for f in audit.findings:
        cons.append({"line": f.violation.line, "rule": f.violation.rule, "title": f.title(lang),
                     **consequence(f.violation.rule, audit.mode, lang)})
    referee = str(audit.meta.get("referee", "")) if isinstance(audit.meta, dict) else ""
    return {"claims": claims, "consequences": cons, "referee": referee,
            "date": str(audit.meta.get("date", "")) if isinstance(audit.meta, dict) else ""}
