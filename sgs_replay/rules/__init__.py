"""The rule catalogue: every check has a stable id, a kind, a bilingual message, a citation and a doc.

A :class:`Rule` is declared once in :mod:`sgs_replay.rules.catalogue`; the engine reports a
:class:`Violation` by rule id. ``sgs-replay explain SGS-…`` prints a rule; ``docs/rules.md`` is
generated from the catalogue and a test fails when it drifts.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

import msgspec


class Kind(StrEnum):
    ILLEGAL_PLAY = "illegal_play"
    RESOLUTION_ORDER = "resolution_order"
    BOOKKEEPING = "bookkeeping"
    OUTCOME = "outcome"
    FORMAT = "format"


@dataclass(frozen=True, slots=True)
class Rule:
    id: str
    kind: Kind
    title: str
    en: str
    zh: str
    cite: str
    what: str
    why: str
    example: str = ""
    #: the passage cited, verbatim in the language of its source (the rulebook, or docs/log-format.md
    #: for the format rules); where the rulebook is silent it says so and names what the rule follows
    quote: str = ""


class Violation(msgspec.Struct, omit_defaults=False):
    """One reported violation, as it appears in the JSON report (spec §7)."""

    rule: str
    kind: str
    line: int
    seat: int | None
    message: str
    expected: str | None = None
    observed: str | None = None
    message_zh: str | None = None
    cite: str | None = None
    quote: str | None = None
    #: the cards and skills (Chinese names) the check depended on, where the engine names them: the audit quotes
    #: their texts (not part of the JSON report)
    subjects: list[str] | None = None


REGISTRY: dict[str, Rule] = {}


def rule(
    id: str, kind: Kind, title: str, en: str, zh: str, cite: str, what: str, why: str, example: str = "",
    *, quote: str = "",
) -> Rule:
    if id in REGISTRY:
        raise ValueError(f"duplicate rule id {id}")
    r = Rule(id, kind, title, en, zh, cite, what, why, example, quote)
    REGISTRY[id] = r
    return r


_QUOTED_EVENT = re.compile(r"^`([a-z_]+)`$")


def _plain(text: str) -> str:
    """Event types named in a message read as words (``phase``, not `phase`)."""
    return text.replace("`", "")


def _observed(text: str) -> str:
    """A consequence that was skipped is observed as the event that came instead of it."""
    m = _QUOTED_EVENT.match(text)
    return f"a {m.group(1).replace('_', ' ')} event instead" if m else _plain(text)


def make(r: Rule, line: int, seat: int | None, detail: str = "", *, expected: object = None,
         observed: object = None, subjects: list[str] | None = None) -> Violation:
    """A violation of rule ``r`` at ``line``. ``detail`` is appended to the rule's one-line message."""
    from sgs_replay.rules.sources import name_sources
    from sgs_replay.rules.zh import message_zh

    plain = _plain(name_sources(detail)) if detail else ""
    msg = r.en if not plain else f"{r.en}: {plain}"
    return Violation(
        rule=r.id, kind=str(r.kind), line=line, seat=seat, message=msg,
        expected=None if expected is None else _plain(name_sources(str(expected))),
        observed=None if observed is None else _observed(str(observed)),
        message_zh=message_zh(r.zh, plain), cite=r.cite, quote=r.quote or None, subjects=subjects,
    )
