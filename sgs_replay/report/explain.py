"""``sgs-replay explain``: a rule, a skill or a card, with the rulebook it comes from."""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from typing import Any


@cache
def card_texts() -> dict[str, dict[str, Any]]:
    """Card name → {source, text, range?, note?}, quoted from the rulebooks (content/cards.toml)."""
    text = resources.files("sgs_replay.content").joinpath("cards.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


def _deck_rows(name: str) -> list[dict[str, str]]:
    from sgs_replay.content.card_kinds import _rows

    out = []
    for fname, deck in (("deck_standard.csv", "standard"), ("deck_3v3_additions.csv", "3v3 additions"),
                        ("deck_maneuvering.csv", "军争")):
        for row in _rows(fname):
            if row["name_zh"] == name:
                out.append({**row, "deck": deck})
    return out


SUITS = {"spade": "♠", "heart": "♥", "club": "♣", "diamond": "♦"}
RANKS = {"1": "A", "11": "J", "12": "Q", "13": "K"}


def _rule(rid: str) -> str | None:
    from sgs_replay.rules import REGISTRY
    from sgs_replay.rules import catalogue as _  # noqa: F401  (registers the rules)

    r = REGISTRY.get(rid.upper())
    if r is None:
        return None
    return (f"{r.id} ({r.kind}) — {r.en} / {r.zh}\n\nWhat: {r.what}\nWhy: {r.why}\nReference: {r.cite}"
            f"\nPassage: {r.quote}" + (f"\nExample: {r.example}" if r.example else ""))


def _skill(name: str) -> str | None:
    from sgs_replay.content import skill_by_name
    from sgs_replay.rules.sources import variant_label

    s = skill_by_name().get(name) or skill_by_name().get(name.lower())
    if s is None:
        return None
    out = f"{s.name} ({s.id}){' — 主公技' if s.lord else ''}\n\n{s.text or '(no rules text)'}\n\nSource: {s.source}"
    for k, v in s.variants.items():
        out += f"\n\nVariant ({variant_label(k)}): {v}"
    return out


def _card(name: str) -> str | None:
    from sgs_replay.content.card_kinds import _load

    name = name.strip("【】[] ")
    kind: Any = _load().get(name)
    text = card_texts().get(name)
    if kind is None and text is None:
        return None
    head = name + (f" ({kind.en}) — {kind.type}, {kind.subtype}" if kind else "")
    out = [head, ""]
    if text:
        if "range" in text:
            out += [f"攻击范围{text['range']}"]
        out += [text["text"], "", f"Source: {text['source']}"]
        if text.get("note"):
            out += [f"Note: {text['note']}"]
    rows = _deck_rows(name)
    if rows:
        out += ["", f"In the decks ({len(rows)} card(s)):"]
        for r in rows:
            out.append(f"  {SUITS.get(r['suit'], r['suit'])}{RANKS.get(r['number'], r['number'])} {name}"
                       f"  [{r['deck']}]" + (f"  {r['notes']}" if r.get("notes") else ""))
    return "\n".join(out)


def explain_text(what: str) -> str | None:
    """The explanation of a rule id, a skill name or a card name; None when it is none of them."""
    return _rule(what) or _skill(what) or _card(what)
