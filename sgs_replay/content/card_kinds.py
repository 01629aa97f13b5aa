"""Card kinds (name → type, subtype, English id), read from the packaged deck tables."""

from __future__ import annotations

import csv
from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources


@dataclass(frozen=True, slots=True)
class CardKind:
    name: str
    en: str
    type: str
    subtype: str

    @property
    def is_equip(self) -> bool:
        return self.type == "equip"

    @property
    def is_trick(self) -> bool:
        return self.type == "trick"

    @property
    def is_delayed(self) -> bool:
        return self.subtype == "delayed_trick"


def _rows(filename: str) -> list[dict[str, str]]:
    text = resources.files(__package__).joinpath(filename).read_text(encoding="utf-8")
    return list(csv.DictReader(text.splitlines()))


def _load() -> dict[str, CardKind]:
    kinds: dict[str, CardKind] = {}
    for row in _rows("deck_standard.csv"):
        kinds.setdefault(row["name_zh"], CardKind(row["name_zh"], row["name_en"], row["type"], row["subtype"]))
    for row in _rows("deck_3v3_additions.csv"):
        kinds.setdefault(row["name_zh"], CardKind(row["name_zh"], row["name_en"], row["type"], row["subtype"]))
    for row in _rows("deck_maneuvering.csv"):
        kinds.setdefault(row["name_zh"], CardKind(row["name_zh"], row["name_en"], row["type"], row["subtype"]))
    for row in _rows("deck_1v1.csv"):
        kinds.setdefault(row["name_zh"], CardKind(row["name_zh"], row["name_en"], row["type"], row["subtype"]))
    # the 國戰 deck's own cards (知己知彼, 远交近攻, 吴六剑, 三尖两刃刀)
    for row in _rows("deck_hegemony.csv"):
        kinds.setdefault(row["name_zh"], CardKind(row["name_zh"], row["name_en"], row["type"], row["subtype"]))
    # cards no packaged deck holds, known to the engine because a skill makes them (度势's 以逸待劳)
    for row in _rows("card_kinds_extra.csv"):
        kinds.setdefault(row["name_zh"], CardKind(row["name_zh"], row["name_en"], row["type"], row["subtype"]))
    return kinds


BY_NAME: dict[str, CardKind] = _load()

#: attack range of each weapon (《三国杀》标准版规则（身份局） · 一(五), the number before each weapon's text)
WEAPON_RANGE: dict[str, int] = {
    "诸葛连弩": 1, "连弩": 1, "雌雄双股剑": 2, "青釭剑": 2, "寒冰剑": 2, "青龙偃月刀": 3,
    "丈八蛇矛": 3, "贯石斧": 3, "方天画戟": 4, "麒麟弓": 5,
    "古锭刀": 2, "朱雀羽扇": 4,  # 神话再临·军争篇 (the range printed on the card)
    "吴六剑": 2, "三尖两刃刀": 3,  # the 國戰 deck
    "无双方天戟": 4,  # FreeKill 虎牢关 (精甲)
}
#: cards that are another card with a damage nature (属性杀): printed name → (the card it is, nature).
#: 雷杀 and 火杀 are 杀 for every rule that names 杀 (limit, 闪, 无双 …); "普通杀" is a 杀 with no nature.
NATURED: dict[str, tuple[str, str]] = {"雷杀": ("杀", "thunder"), "火杀": ("杀", "fire")}
#: (card, nature) → printed name
NATURED_NAME: dict[tuple[str, str], str] = {v: k for k, v in NATURED.items()}
#: delayed tricks that move on to the next character instead of being discarded when they miss (闪电)
MOVES_ON: frozenset[str] = frozenset({"闪电"})
_ALIASES: dict[str, str] = {}
for _k in BY_NAME.values():
    _ALIASES[_k.name] = _k.name
    _ALIASES[_k.en.lower()] = _k.name
# spellings other engines and players use for the same cards
_ALIASES.update({
    "double_swords": "雌雄双股剑", "nioh_shield": "仁王盾", "liannu": "连弩",
    "crossbow_3v3": "连弩", "thunder__slash": "雷杀", "fire__slash": "火杀",
})


def true_name(name: str) -> str:
    """The card a printed name is for the rules (雷杀 → 杀); other names are themselves."""
    natured = NATURED.get(name)
    return natured[0] if natured is not None else name


def nature_of(name: str) -> str:
    """The damage nature a printed card name carries: ``thunder``, ``fire`` or ``normal``."""
    natured = NATURED.get(name)
    return natured[1] if natured is not None else "normal"


def register(kind: CardKind, *aliases: str) -> None:
    """Add a card kind (a new card is a data row: its name, English id, type and subtype)."""
    BY_NAME[kind.name] = kind
    for a in (kind.name, kind.en.lower(), *aliases):
        _ALIASES[a] = kind.name


#: called when a card kind is taken out (the card parser forgets what it cached: ``sgs_replay.formats.cards`` registers it)
ON_UNREGISTER: list[Callable[[], None]] = []


def unregister(name: str) -> None:
    """Take a card kind out again (a test's made-up card)."""
    BY_NAME.pop(name, None)
    for a in [a for a, n in _ALIASES.items() if n == name]:
        del _ALIASES[a]
    for forget in ON_UNREGISTER:
        forget()


def canonical_name(text: str) -> str | None:
    """The Chinese name for a Chinese name or an English id, or None."""
    t = text.strip()
    return _ALIASES.get(t) or _ALIASES.get(t.lower())
