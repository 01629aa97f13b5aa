"""Card kinds (name → type, subtype, English id), read from the packaged deck tables."""

from __future__ import annotations

import csv
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
    return kinds


BY_NAME: dict[str, CardKind] = _load()

#: attack range of each weapon (《三国杀》标准版规则（身份局） · 一(五), the number before each weapon's text)
WEAPON_RANGE: dict[str, int] = {
    "诸葛连弩": 1, "连弩": 1, "雌雄双股剑": 2, "青釭剑": 2, "寒冰剑": 2, "青龙偃月刀": 3,
    "丈八蛇矛": 3, "贯石斧": 3, "方天画戟": 4, "麒麟弓": 5,
}
#: delayed tricks that move on to the next character instead of being discarded when they miss (闪电)
MOVES_ON: frozenset[str] = frozenset({"闪电"})
_ALIASES: dict[str, str] = {}
for _k in BY_NAME.values():
    _ALIASES[_k.name] = _k.name
    _ALIASES[_k.en.lower()] = _k.name
# spellings other engines and players use for the same cards
_ALIASES.update({
    "double_swords": "雌雄双股剑", "nioh_shield": "仁王盾", "liannu": "连弩",
    "crossbow_3v3": "连弩", "thunder_slash": "杀", "fire_slash": "杀",
})


def register(kind: CardKind, *aliases: str) -> None:
    """Add a card kind (a new card is a data row: its name, English id, type and subtype)."""
    BY_NAME[kind.name] = kind
    for a in (kind.name, kind.en.lower(), *aliases):
        _ALIASES[a] = kind.name


def unregister(name: str) -> None:
    """Take a card kind out again (a test's made-up card)."""
    from sgs_replay.cards import parse_card

    BY_NAME.pop(name, None)
    for a in [a for a, n in _ALIASES.items() if n == name]:
        del _ALIASES[a]
    parse_card.cache_clear()


def canonical_name(text: str) -> str | None:
    """The Chinese name for a Chinese name or an English id, or None."""
    t = text.strip()
    return _ALIASES.get(t) or _ALIASES.get(t.lower())
