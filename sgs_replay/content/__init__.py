"""Game content as data: decks, generals, skills and rulesets, packaged with the code.

Nothing here needs the repository's ``../shared`` folder: the tables are copied into the package.
A ruleset is a small TOML file (``rulesets/<name>.toml``); a house rule is a new file, not new code.
"""

from __future__ import annotations

import csv
import re
import tomllib
from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import msgspec

from sgs_replay.content.params import ENGINE_FAULTS, STRUCTURE_KEYS, Params

_PKG = resources.files(__package__)


def _text(name: str) -> str:
    return _PKG.joinpath(name).read_text(encoding="utf-8")


# ---------------------------------------------------------------------------------------------------
# Generals and skills
# ---------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SkillInfo:
    id: str
    name: str
    text: str = ""
    lord: bool = False
    kind: str = ""
    source: str = ""
    variants: dict[str, str] = field(default_factory=dict)
    #: false for a skill the engine does not model (a FreeKill mode package's own): what a general with it does
    #: that such a skill could explain is counted unverifiable, never a violation (docs/freekill.md)
    modelled: bool = True


@dataclass(frozen=True, slots=True)
class General:
    id: str
    name: str
    kingdom: str
    hp: int
    gender: str
    package: str
    skills: tuple[str, ...]

    @property
    def is_female(self) -> bool:
        return self.gender in ("female", "bigender")

    @property
    def is_male(self) -> bool:
        return self.gender in ("male", "bigender")


#: the package of a general the rules do not define, made from what a log says of it (:func:`undefined_general`)
UNDEFINED_PACKAGE = "undefined"


def undefined_general(name: str, *, kingdom: str, gender: str, hp: int) -> General:
    """A general the rules do not define, as a log describes it (``unknown_generals = "unverifiable"``): its
    name, kingdom, gender and max HP, and no skill the rules know."""
    return General(id=name, name=name, kingdom=kingdom, hp=hp, gender=gender, package=UNDEFINED_PACKAGE, skills=())


@cache
def skills() -> dict[str, SkillInfo]:
    data = tomllib.loads(_text("skills.toml"))
    out: dict[str, SkillInfo] = {}
    for sid, row in data.items():
        out[sid] = SkillInfo(
            id=sid, name=row.get("name", sid), text=row.get("text", ""), lord=row.get("lord", False),
            kind=row.get("kind", ""), source=row.get("source", ""), variants=dict(row.get("variants", {})),
            modelled=row.get("modelled", True),
        )
    return out


@cache
def timing_labels() -> dict[str, str]:
    """The rulebook's timing points: id (``engine.timing.Timing``'s value) → its label (``timings.toml``)."""
    return {k: str(v) for k, v in tomllib.loads(_text("timings.toml")).items()}


@cache
def phrases() -> dict[str, str]:
    """Words of the rulebooks that reports quote (``phrases.toml``): id → the words."""
    return {k: str(v) for k, v in tomllib.loads(_text("phrases.toml")).items()}


@cache
def skill_by_name() -> dict[str, SkillInfo]:
    """Skills by Chinese name and by id. Several generals may share a name (马术); one entry each."""
    out: dict[str, SkillInfo] = {}
    for s in skills().values():
        out.setdefault(s.name, s)
        out[s.id] = s
    return out


@cache
def generals() -> dict[str, General]:
    """Generals by id (pinyin)."""
    out: dict[str, General] = {}
    for row in csv.DictReader(_text("generals.csv").splitlines()):
        out[row["id"]] = General(
            id=row["id"], name=row["name_zh"], kingdom=row["kingdom"], hp=int(row["hp"]),
            gender=row["gender"], package=row["package"], skills=tuple(s for s in row["skills"].split("|") if s),
        )
    return out


def register_skill(info: SkillInfo) -> None:
    """Add a skill's text (a new skill is a data row; its behaviour is a definition in sgs_replay/skills)."""
    skills()[info.id] = info
    skill_by_name().setdefault(info.name, info)
    skill_by_name()[info.id] = info


def register_general(g: General) -> None:
    """Add a general (a data row naming its skills by id)."""
    generals()[g.id] = g
    lookup = general_lookup()
    lookup[g.id] = lookup[g.id.lower()] = lookup[g.name] = g


def unregister_skill(sid: str) -> None:
    info = skills().pop(sid, None)
    if info is not None:
        skill_by_name().pop(info.id, None)
        if skill_by_name().get(info.name) is info:
            del skill_by_name()[info.name]


def unregister_general(gid: str) -> None:
    g = generals().pop(gid, None)
    if g is not None:
        for key in (g.id, g.id.lower(), g.name):
            general_lookup().pop(key, None)


@cache
def general_lookup() -> dict[str, General]:
    """Generals by Chinese name and by pinyin id (case-insensitive for the id)."""
    out: dict[str, General] = {}
    for g in generals().values():
        out[g.id] = g
        out[g.id.lower()] = g
        out[g.name] = g
    return out


# ---------------------------------------------------------------------------------------------------
# Decks
# ---------------------------------------------------------------------------------------------------


def _suit_symbol(word: str) -> str:
    return {"spade": "♠", "heart": "♥", "club": "♣", "diamond": "♦"}[word]


def _rank_text(n: int) -> str:
    return {1: "A", 11: "J", 12: "Q", 13: "K"}.get(n, str(n))


@cache
def standard_deck() -> tuple[str, ...]:
    """The 108 cards of the standard edition (with EX), canonical spelling, in table order."""
    return tuple(
        f"{_suit_symbol(r['suit'])}{_rank_text(int(r['number']))} {r['name_zh']}"
        for r in csv.DictReader(_text("deck_standard.csv").splitlines())
    )


@cache
def package_deck(package: str) -> tuple[str, ...]:
    """The cards of a card package: ``maneuvering`` (the 52 cards 神话再临·军争篇 adds to the standard deck),
    ``1v1`` (the 52 cards of the 2013 1v1 deck, a deck of its own: 《2013 王者之战 比赛规则》
    1V1项目比赛用牌采用2013年最新版1V1比赛牌), ``freekill-1v1`` (the 50 cards of FreeKill's 1v1 mode), ``hegemony``
    (the 109 cards of FreeKill's 國戰 deck, ``hegemony_cards``, a deck of its own)."""
    files = {"maneuvering": "deck_maneuvering.csv", "1v1": "deck_1v1.csv",
             "freekill-1v1": "deck_freekill_1v1.csv", "hegemony": "deck_hegemony.csv"}
    if package not in files:
        raise KeyError(f"no card package {package!r} (known: {', '.join(files)})")
    return tuple(
        f"{_suit_symbol(r['suit'])}{_rank_text(int(r['number']))} {r['name_zh']}"
        for r in csv.DictReader(_text(files[package]).splitlines())
    )


# ---------------------------------------------------------------------------------------------------
# Rulesets
# ---------------------------------------------------------------------------------------------------


class RulesetError(Exception):
    """A ruleset that cannot be used: the message is one line naming the file (and line) and the reason."""


class UnknownRuleset(RulesetError, KeyError):
    """No packaged ruleset has this name (or the name is not a ruleset name at all)."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


#: A packaged ruleset's name: what a log header may say. Paths are accepted only from the command line.
RULESET_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,39}")
MAX_INHERITANCE = 16
MAX_RULESET_BYTES = 1 << 20


@dataclass(frozen=True)
class Ruleset:
    """One ruleset file, merged over the file it names in ``inherits``."""

    name: str
    mode: str
    params: dict[str, Any]
    deck: tuple[str, ...]
    roster: tuple[str, ...]
    revised: dict[str, str]
    skill_versions: dict[str, str]
    source: str
    p: Params = field(default_factory=Params)  # the typed parameters (content/params.py)

    @property
    def deck_counts(self) -> Counter[str]:
        return Counter(self.deck)

    def resolve_general(self, name: str) -> General | None:
        """The general a header name means under this ruleset (3v3-2013: 关羽 → the revised 关羽)."""
        g = general_lookup().get(name) or general_lookup().get(name.lower())
        if g is None or (self.p.other_versions and (g.id in self.p.other_versions or g.name in self.p.other_versions)):
            return None
        revised = self.revised.get(g.name)
        if revised:
            return general_lookup().get(revised, g)
        return g

    def in_roster(self, general: General) -> bool:
        names = set(self.roster)
        return general.name in names or general.id in names or any(
            self.revised.get(n) == general.name for n in names
        )


def _ruleset_dir() -> Any:
    return _PKG.joinpath("rulesets")


def ruleset_names() -> list[str]:
    return sorted(p.name.removesuffix(".toml") for p in _ruleset_dir().iterdir() if p.name.endswith(".toml"))


def departures_names() -> list[str]:
    """The engines whose departures a ruleset may name (``departures = "freekill"``)."""
    folder = _ruleset_dir().joinpath("departures")
    return sorted(p.name.removesuffix(".toml") for p in folder.iterdir() if p.name.endswith(".toml"))


def _build_deck(spec: dict[str, Any], base: tuple[str, ...], source: str = "", text: str = "") -> tuple[str, ...]:
    from sgs_replay.formats.cards import canonical

    base_name = spec.get("base", "standard")
    # "standard": the 108 cards; "none": only the packages and additions (a deck of its own, 1v1); else the parent's
    cards = list(standard_deck() if base_name == "standard" else () if base_name == "none" else base)
    for package in spec.get("packages", []):
        cards.extend(package_deck(package))
    for c in spec.get("remove", []):
        card = canonical(c)
        if card not in cards:
            raise RulesetError(f"{source}{_line_of(text, 'remove')}: [deck] remove {str(c)[:40]!r}: no such card in "
                               "the deck (the base and the packages)")
        cards.remove(card)
    cards.extend(canonical(c) for c in spec.get("add", []))
    return tuple(cards)


#: the deepest a ruleset file may nest tables and arrays (the rulesets need 3)
MAX_RULESET_DEPTH = 16
#: the largest number a ruleset parameter may hold (counts, limits and HP are small; none is negative)
MAX_PARAM_VALUE = 9999


def _deep_line(text: str, limit: int) -> int | None:
    """The line where brackets (outside strings and comments) first nest deeper than ``limit``, or None."""
    depth, quote = 0, ""
    for n, line in enumerate(text.splitlines(), start=1):
        i = 0
        while i < len(line):
            ch = line[i]
            if quote:
                if ch == "\\" and quote == '"':
                    i += 1
                elif ch == quote:
                    quote = ""
            elif ch in "\"'":
                quote = ch
            elif ch == "#":
                break
            elif ch in "[{":
                depth += 1
                if depth > limit:
                    return n
            elif ch in "]}":
                depth = max(0, depth - 1)
            i += 1
        if line.lstrip().startswith("["):  # a [table] header closes on its own line
            depth = 0
    return None


def _parse_toml(text: str, source: str) -> dict[str, Any]:
    deep = _deep_line(text, MAX_RULESET_DEPTH)
    if deep is not None:
        raise RulesetError(f"{source}:{deep}: nested more than {MAX_RULESET_DEPTH} levels deep; not a ruleset")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RulesetError(f"{source}: not valid TOML: {exc}") from None
    except RecursionError:
        raise RulesetError(f"{source}: nested too deeply; not a ruleset") from None


def _packaged_raw(name: str) -> tuple[dict[str, Any], str, str]:
    if not RULESET_NAME.fullmatch(name) or name.endswith(".toml"):
        raise UnknownRuleset(name if len(name) <= 60 else name[:59] + "…")
    f = _ruleset_dir().joinpath(f"{name}.toml")
    if not f.is_file():
        raise UnknownRuleset(name)
    text = f.read_text(encoding="utf-8")
    return _parse_toml(text, f"rulesets/{name}.toml"), f"rulesets/{name}.toml", text


def _file_raw(path: Path) -> tuple[dict[str, Any], str, str]:
    source = str(path)
    try:
        if not path.is_file():
            raise RulesetError(f"{source}: no such ruleset file")
        if path.stat().st_size > MAX_RULESET_BYTES:
            raise RulesetError(f"{source}: larger than {MAX_RULESET_BYTES} bytes; not a ruleset")
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise RulesetError(f"{source}: cannot read ({exc.strerror or exc})") from None
    except UnicodeDecodeError:
        raise RulesetError(f"{source}: not UTF-8 text") from None
    return _parse_toml(text, source), source, text


def is_ruleset_path(spec: str) -> bool:
    """True when ``spec`` (from the command line) names a file rather than a packaged ruleset."""
    return spec.endswith(".toml") or "/" in spec or "\\" in spec


def ruleset(name: str, *, allow_path: bool = False) -> Ruleset:
    """The packaged ruleset ``name``; with ``allow_path`` (``--ruleset`` only) also a ``.toml`` file.

    A log header may name only a packaged ruleset: a path there is an unknown ruleset. A file may
    ``inherits`` a packaged ruleset or another file (relative to its own folder). Raises
    :class:`UnknownRuleset` or :class:`RulesetError` (one line: file, line where known, reason).
    """
    if allow_path and is_ruleset_path(name):
        return _ruleset_file(str(Path(name).expanduser().resolve()))
    return _packaged(name)


@cache
def _packaged(name: str) -> Ruleset:
    return _build(("name", name), ())


@cache
def _ruleset_file(path: str) -> Ruleset:
    return _build(("file", path), ())


def _build(key: tuple[str, str], chain: tuple[tuple[str, str], ...]) -> Ruleset:
    if key in chain:
        names = " → ".join(k[1] for k in (*chain, key))
        raise RulesetError(f"{chain[0][1]}: inheritance cycle: {names}")
    if len(chain) >= MAX_INHERITANCE:
        raise RulesetError(f"{chain[0][1]}: more than {MAX_INHERITANCE} levels of `inherits`")
    raw, source, text = _packaged_raw(key[1]) if key[0] == "name" else _file_raw(Path(key[1]))
    chain = (*chain, key)
    parent: Ruleset | None = None
    if "inherits" in raw:
        base = raw["inherits"]
        if not isinstance(base, str):
            raise RulesetError(f"{source}{_line_of(text, 'inherits')}: `inherits` must be a ruleset name, "
                               f"not {type(base).__name__}")
        if key[0] == "file" and is_ruleset_path(base):
            folder = Path(key[1]).parent
            target = (folder / base).resolve()
            if "/" in base or "\\" in base or target.parent != folder.resolve() or not base.endswith(".toml"):
                raise RulesetError(f"{source}{_line_of(text, 'inherits')}: `inherits` names a packaged ruleset or "
                                   f"a .toml file in the same folder, not {base[:60]!r}")
            try:
                parent = _build(("file", str(target)), chain)
            except RulesetError as exc:
                if str(exc).startswith(source):
                    raise
                raise RulesetError(f"{source}: inherits {base[:60]!r}: {exc}") from None
        else:
            try:
                parent = _build(("name", base), chain)
            except UnknownRuleset:
                raise RulesetError(f"{source}{_line_of(text, 'inherits')}: inherits an unknown ruleset "
                                   f"{base[:60]!r}") from None
    try:
        return _merge(raw, parent, key[1] if key[0] == "name" else Path(key[1]).stem, source, text)
    except RulesetError:
        raise
    except Exception as exc:  # noqa: BLE001 - any malformed table (wrong types, unknown cards) is the file's fault
        raise RulesetError(f"{source}: invalid ruleset ({type(exc).__name__}: {exc})") from None


def _line_of(text: str, key: str) -> str:
    """``:N`` for the line that sets ``key`` in a ruleset file ("" when it cannot be found)."""
    for n, line in enumerate(text.splitlines(), start=1):
        if re.match(rf"\s*{re.escape(key)}\s*=", line):
            return f":{n}"
    return ""


def _typed(params: dict[str, Any], source: str, text: str) -> Params:
    """The parameters as a :class:`Params`; an unknown key or a wrong type names the file and line."""
    for key in params:
        if key not in Params.__struct_fields__:
            raise RulesetError(f"{source}{_line_of(text, key)}: unknown parameter {key[:60]!r} "
                               "(docs/rulesets.md lists them)")
    try:
        typed = msgspec.convert(params, Params)
    except msgspec.ValidationError as exc:
        m = re.search(r"at `\$\.([A-Za-z0-9_]+)", str(exc))
        where = _line_of(text, m.group(1)) if m else ""
        raise RulesetError(f"{source}{where}: {exc}") from None
    for key, value in params.items():
        bad = _out_of_range(value)
        if bad is not None:
            raise RulesetError(f"{source}{_line_of(text, key)}: {key} = {bad}: out of range (0 to {MAX_PARAM_VALUE}: "
                               "counts and limits are never negative)")
    return typed


def _out_of_range(value: Any) -> int | None:
    """The first whole number in a parameter's value outside 0…MAX_PARAM_VALUE, or None."""
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, bool):
            continue
        if isinstance(v, int) and not 0 <= v <= MAX_PARAM_VALUE:
            return v
        if isinstance(v, (list, tuple)):
            stack.extend(v)
        elif isinstance(v, dict):
            stack.extend(v.values())
    return None


@cache
def _departures(name: str) -> tuple[tuple[str, Any], ...]:
    """The parameters of an engine's departures file (``rulesets/departures/<name>.toml``)."""
    f = _ruleset_dir().joinpath("departures", f"{name}.toml")
    source = f"rulesets/departures/{name}.toml"
    if not RULESET_NAME.fullmatch(name) or not f.is_file():
        raise UnknownRuleset(name)
    text = f.read_text(encoding="utf-8")
    raw = _parse_toml(text, source)
    _typed(raw, source, text)  # parameters only, each known and typed
    return tuple(raw.items())


def _merge(raw: dict[str, Any], parent: Ruleset | None, name: str, source: str, text: str) -> Ruleset:
    own = {k: v for k, v in raw.items() if k not in STRUCTURE_KEYS}
    _typed(own, source, text)  # the file's own keys, located in the file
    params: dict[str, Any] = dict(parent.params) if parent else {}
    if "departures" in raw:  # an engine's departures in every mode it plays, over the base, under the file's own
        engine = raw["departures"]
        try:
            if not isinstance(engine, str):
                raise UnknownRuleset(repr(engine))
            params.update(_departures(engine))
        except UnknownRuleset:
            raise RulesetError(f"{source}{_line_of(text, 'departures')}: `departures` names no engine's departures "
                               f"file (rulesets/departures/: {', '.join(departures_names())})") from None
    unset = raw.get("unset", [])
    if not isinstance(unset, list) or any(k not in Params.__struct_fields__ for k in unset):
        raise RulesetError(f"{source}{_line_of(text, 'unset')}: `unset` lists parameters whose inherited value "
                           "goes back to the default")
    for key in unset:
        params.pop(key, None)
    params.update(own)
    for key in ENGINE_FAULTS:
        if own.get(key) and name not in ENGINE_FAULTS[key] and not (parent and parent.params.get(key)):
            raise RulesetError(f"{source}{_line_of(text, key)}: `{key}` is an engine's behaviour, accepted only "
                               f"under {', '.join(ENGINE_FAULTS[key])} (and rulesets that inherit it)")
    deck = _build_deck(raw["deck"], parent.deck if parent else (), source, text) if "deck" in raw else (parent.deck if parent else standard_deck())
    roster_tbl = raw.get("roster", {})
    roster = tuple(roster_tbl.get("generals", parent.roster if parent else ()))
    revised = dict(parent.revised) if parent and roster_tbl.get("inherit_revised", True) else {}
    revised.update(roster_tbl.get("revised", {}))
    versions = dict(parent.skill_versions) if parent else {}
    versions.update(raw.get("skill_versions", {}))
    typed = _typed(params, source, text)
    mode = typed.mode
    if not all(isinstance(x, str) for x in (*roster, *revised, *revised.values(), *versions, *versions.values())):
        raise RulesetError(f"{source}: roster and skill_versions hold names (strings)")
    title = raw.get("name", name)
    return Ruleset(
        name=title if isinstance(title, str) else name, mode=mode, params=params, deck=deck,
        roster=roster, revised=revised, skill_versions=versions, source=source, p=typed,
    )
