"""The rulebooks the checks cite, by the short title a referee or a player can look up.

Every citation in the catalogue, the skills and the rulesets names a rulebook by its short title and
the section heading inside it, e.g. ``《三国杀》标准版规则（身份局） · 一、卡牌资料 · 杀``.
:func:`name_sources` turns the compact references kept in code comments (a three-digit number)
into those titles, so no user-facing text depends on how the texts are filed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Source:
    key: str
    title: str
    what: str
    covers: str


SOURCES: dict[str, Source] = {s.key: s for s in (
    Source("000", "《三国杀3V3解析·游戏牌篇》(2019)",
           "an article reviewing the 3v3 competition mode and how its cards and generals changed across the 2011, "
           "2012 and 2013 versions", "3v3 decks and rosters per version, 3v3 card texts, older identity-mode card wording"),
    Source("001", "《三国杀》标准版规则（身份局）",
           "the identity-mode rulebook of the standard edition (+ 风)",
           "identity mode, every standard card, the standard and 风 generals, dying and death, rewards, house rules"),
    Source("002", "《2013 王者之战 比赛规则》",
           "the 2013 official tournament rules: 1v1, 3v3 (draft, line-up, time-up tie-break), revised generals",
           "1v1-2013, 3v3-2013"),
    Source("003", "《三國殺各種模式的規則》", "an overview of the game modes", "identity set-up, hegemony, 1v1, 虎牢關"),
    Source("004", "《三国杀标准版+风 3v3 比赛用牌（2010 版）》规则",
           "the rules booklet of the 2010 3v3 competition set",
           "3v3-2010: seats, zones, the draft, action order, competition conduct and penalties"),
)}

#: where a 國戰 skill text comes from: the rulebooks name the mode, not the generals' texts
HEGEMONY_WORDING = ("國戰 generals (not in the rulebooks: 《三國殺各種模式的規則》 · 國戰 describes the mode; the skill "
                    "wording is QSanguosha-For-Hegemony's)")

#: skills.toml variant keys → what a reader sees
VARIANT_LABELS = {
    "000": SOURCES["000"].title,
    "002": SOURCES["002"].title,
    "002-1v1": SOURCES["002"].title + " · 1v1",
    "001": SOURCES["001"].title,
    # 國戰: no printed text of the 2012 generals survives in the rulebooks; the wording is the earliest engine's
    "heg": HEGEMONY_WORDING,
}

_REF = re.compile(r"\b[Ss]eeds? (\d{3})((?:/\d{3})*)('s)?( (?=\S))?")
_PLURAL = re.compile(r"\b(?:the )?seeds\b")


def title(key: str) -> str:
    """The short title of source ``key`` (``"001"``); the key itself if unknown."""
    s = SOURCES.get(key)
    return s.title if s else key


def variant_label(key: str) -> str:
    return VARIANT_LABELS.get(key, title(key))


def _sub(m: re.Match[str]) -> str:
    keys = [m.group(1), *[k for k in m.group(2).split("/") if k]]
    text = " / ".join(title(k) for k in keys)
    if m.group(3):
        text += " ·"
    if m.group(4):
        nxt = m.string[m.end():m.end() + 1]
        text += " " if m.group(3) or nxt in "(（" else " · "
    return text


def name_sources(text: str) -> str:
    """Replace compact references (``seed 001 一、卡牌资料``) by the titles (``《…》 · 一、卡牌资料``)."""
    if "eed" not in text:
        return text
    text = _REF.sub(_sub, text)
    return _PLURAL.sub("the rulebooks", text)
