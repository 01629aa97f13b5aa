"""``sgs-replay rules diff A B``: what differs between two rulesets, each difference with its source.

What a referee checks before a tournament: the parameters whose values differ (3v3-2012 against
3v3-2013, standard against freekill-standard, a house rule against its base), the deck (cards only in
one of the two), the roster and its revised generals, the skill versions, and the families of rules one
ruleset checks and the other does not.

A parameter's source is the ruleset file that sets it, its line, and the citation written beside it in
that file (the rulebook by its title, ``docs/conflicts.md`` or the engine the reading follows); a value
nobody sets is the default: the reading of 《三国杀》标准版规则（身份局）, described in docs/rulesets.md.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from sgs_replay.content import (
    Params,
    Ruleset,
    RulesetError,
    _file_raw,
    _packaged_raw,
    is_ruleset_path,
    ruleset,
)
from sgs_replay.formats.safe import one_line as terminal_text
from sgs_replay.rules import REGISTRY
from sgs_replay.rules.docs import FAMILIES, family_of
from sgs_replay.rules.sources import SOURCES

DEFAULT_SOURCE = ("default: the reading of " + SOURCES["001"].title + " (docs/rulesets.md)")

_KEYS = re.compile(r"\b(00\d)((?:/00\d)*)\b")


def _cite(comment: str) -> str:
    """A ruleset file's comment with its compact rulebook keys (``002 三、2``) as titles."""

    def sub(m: re.Match[str]) -> str:
        keys = [m.group(1), *[k for k in m.group(2).split("/") if k]]
        return " / ".join(SOURCES[k].title if k in SOURCES else k for k in keys)

    return _KEYS.sub(sub, comment.strip())


@dataclass(frozen=True)
class Setting:
    """Where a parameter's value comes from: file, line and the citation written beside it."""

    file: str
    line: int | None
    cite: str

    def text(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        return f"{where}" + (f" — {self.cite}" if self.cite else "")


@dataclass
class ParamDiff:
    name: str
    meaning: str
    a: Any
    b: Any
    source_a: str
    source_b: str


@dataclass
class RulesDiff:
    a: str
    b: str
    modes: tuple[str, str]
    params: list[ParamDiff] = field(default_factory=list)
    deck_only_a: list[str] = field(default_factory=list)
    deck_only_b: list[str] = field(default_factory=list)
    roster_only_a: list[str] = field(default_factory=list)
    roster_only_b: list[str] = field(default_factory=list)
    revised: list[tuple[str, str | None, str | None]] = field(default_factory=list)
    skill_versions: list[tuple[str, str | None, str | None]] = field(default_factory=list)
    rules_only_a: list[str] = field(default_factory=list)
    rules_only_b: list[str] = field(default_factory=list)

    @property
    def same(self) -> bool:
        return not (self.params or self.deck_only_a or self.deck_only_b or self.roster_only_a or self.roster_only_b
                    or self.revised or self.skill_versions or self.rules_only_a or self.rules_only_b
                    or self.modes[0] != self.modes[1])


def _chain(spec: str) -> list[tuple[str, dict[str, Any], str]]:
    """The ruleset files from ``spec`` up its ``inherits`` chain: (shown name, raw table, text)."""
    out: list[tuple[str, dict[str, Any], str]] = []
    key: tuple[str, str] = ("file", str(Path(spec).expanduser().resolve())) if is_ruleset_path(spec) else ("name", spec)
    seen: set[tuple[str, str]] = set()
    while key not in seen and len(out) < 32:
        seen.add(key)
        raw, source, text = _packaged_raw(key[1]) if key[0] == "name" else _file_raw(Path(key[1]))
        out.append((source, raw, text))
        base = raw.get("inherits")
        if not isinstance(base, str):
            break
        if key[0] == "file" and is_ruleset_path(base):
            key = ("file", str((Path(key[1]).parent / base).resolve()))
        else:
            key = ("name", base)
    return out


def _line_setting(text: str, key: str) -> tuple[int, str] | None:
    """The line that sets ``key`` at the top level of a ruleset file, and its comment (with the comment
    lines right below it that continue it, ``#   …``)."""
    lines = text.splitlines()
    for n, line in enumerate(lines):
        if line.startswith("[") and not line.startswith("[["):
            return None  # past the top-level keys
        if re.match(rf"{re.escape(key)}\s*=", line):
            comment = line.split("#", 1)[1] if "#" in line else ""
            for more in lines[n + 1:]:
                if re.match(r"#\s{2,}\S", more):
                    comment += " " + more.lstrip("#").strip()
                else:
                    break
            return n + 1, comment
    return None


def setting(spec: str, key: str) -> Setting:
    """Where ``key``'s value in ruleset ``spec`` is set (the most derived file that sets it)."""
    for source, raw, text in _chain(spec):
        if key in raw.get("unset", []):
            return Setting(source, None, "unset: back to the default")
        if key in raw:
            found = _line_setting(text, key)
            if found is None:
                return Setting(source, None, "")
            return Setting(source, found[0], _cite(found[1]))
    return Setting(DEFAULT_SOURCE, None, "")


def _families(rs: Ruleset) -> set[str]:
    from sgs_replay.report import _family_applies

    return {f for f in FAMILIES if _family_applies(f, rs.mode, rs.name)}


def _rules_of(families: set[str]) -> list[str]:
    return sorted(r for r in REGISTRY if family_of(r) in families)


def _meaning(name: str) -> str:
    info = Params.__annotations__.get(name)
    meta = getattr(info, "__metadata__", ())
    for m in meta:
        desc = getattr(m, "description", None)
        if desc:
            return str(desc)
    return ""


def diff(spec_a: str, spec_b: str) -> RulesDiff:
    """Compare two rulesets (packaged names or ``.toml`` files). Raises RulesetError."""
    a, b = ruleset(spec_a, allow_path=True), ruleset(spec_b, allow_path=True)
    out = RulesDiff(a=a.name, b=b.name, modes=(a.mode, b.mode))
    pa, pb = a.p, b.p
    for name in Params.__struct_fields__:
        va, vb = getattr(pa, name), getattr(pb, name)
        if va != vb:
            out.params.append(ParamDiff(name, _meaning(name), _plain(va), _plain(vb),
                                        setting(spec_a, name).text(), setting(spec_b, name).text()))
    ca, cb = Counter(a.deck), Counter(b.deck)
    out.deck_only_a = sorted((ca - cb).elements())
    out.deck_only_b = sorted((cb - ca).elements())
    ra, rb = set(a.roster), set(b.roster)
    out.roster_only_a, out.roster_only_b = sorted(ra - rb), sorted(rb - ra)
    for g in sorted(set(a.revised) | set(b.revised)):
        if a.revised.get(g) != b.revised.get(g):
            out.revised.append((g, a.revised.get(g), b.revised.get(g)))
    for s in sorted(set(a.skill_versions) | set(b.skill_versions)):
        if a.skill_versions.get(s) != b.skill_versions.get(s):
            out.skill_versions.append((s, a.skill_versions.get(s), b.skill_versions.get(s)))
    fa, fb = _families(a), _families(b)
    out.rules_only_a, out.rules_only_b = _rules_of(fa - fb), _rules_of(fb - fa)
    return out


def _plain(v: Any) -> Any:
    if isinstance(v, tuple):
        return [_plain(x) for x in v]
    if isinstance(v, dict):
        return {k: _plain(x) for k, x in sorted(v.items())}
    return v


def _value(v: Any) -> str:
    return "none" if v is None else json.dumps(v, ensure_ascii=False)


def render_text(d: RulesDiff) -> str:
    """The difference as plain text (values from files escaped for a terminal)."""
    t = terminal_text
    lines = [f"{t(d.a)} ({d.modes[0]})  against  {t(d.b)} ({d.modes[1]})"]
    if d.same:
        lines.append("no difference: the two rulesets judge alike")
        return "\n".join(lines) + "\n"
    if d.params:
        lines += ["", f"Parameters ({len(d.params)} differ)"]
        for p in d.params:
            lines.append(f"  {p.name}: {t(_value(p.a))} → {t(_value(p.b))}")
            if p.meaning:
                lines.append(f"      {t(p.meaning)}")
            lines.append(f"      {t(d.a)}: {t(p.source_a)}")
            lines.append(f"      {t(d.b)}: {t(p.source_b)}")
    if d.deck_only_a or d.deck_only_b:
        lines += ["", f"Deck ({len(d.deck_only_a)} cards only in {t(d.a)}, {len(d.deck_only_b)} only in {t(d.b)})"]
        if d.deck_only_a:
            lines.append(f"  only in {t(d.a)}: {t(', '.join(d.deck_only_a))}")
        if d.deck_only_b:
            lines.append(f"  only in {t(d.b)}: {t(', '.join(d.deck_only_b))}")
    if d.roster_only_a or d.roster_only_b:
        lines += ["", "Roster"]
        if d.roster_only_a:
            lines.append(f"  only in {t(d.a)}: {t(', '.join(d.roster_only_a))}")
        if d.roster_only_b:
            lines.append(f"  only in {t(d.b)}: {t(', '.join(d.roster_only_b))}")
    if d.revised:
        lines += ["", "Revised generals"]
        lines += [f"  {t(g)}: {t(x or '—')} → {t(y or '—')}" for g, x, y in d.revised]
    if d.skill_versions:
        lines += ["", "Skill versions"]
        lines += [f"  {t(s)}: {t(x or 'default')} → {t(y or 'default')}" for s, x, y in d.skill_versions]
    if d.rules_only_a or d.rules_only_b:
        lines += ["", "Rules checked by one ruleset only"]
        if d.rules_only_a:
            lines.append(f"  only under {t(d.a)}: {', '.join(d.rules_only_a)}")
        if d.rules_only_b:
            lines.append(f"  only under {t(d.b)}: {', '.join(d.rules_only_b)}")
    return "\n".join(lines) + "\n"


def render_json(d: RulesDiff) -> str:
    return json.dumps({**asdict(d), "same": d.same}, ensure_ascii=False, indent=1) + "\n"


__all__ = ["RulesDiff", "RulesetError", "diff", "render_json", "render_text", "setting"]
