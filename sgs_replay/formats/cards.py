"""Card notation (spec §3): ``"<suit><rank> <name>"`` in any of its spellings, one canonical form.

Accepted: suit ``♠ ♥ ♣ ♦`` or ``S H C D`` or ``spade heart club diamond`` (the words are followed by a
space); rank ``A 2 … 10 J Q K`` in any case; the Chinese card name or its English id. ``?`` is an
unknown card. The canonical form is ``♠7 杀`` (symbol, upper-case rank, Chinese name).

Parsing is cached: a log repeats the same few hundred card strings thousands of times.
"""

from __future__ import annotations

import re
from enum import IntEnum
from functools import lru_cache
from typing import NamedTuple

import sgs_replay.content.card_kinds as card_kinds  # the card kinds only: the rest of content builds decks from cards


class Suit(IntEnum):
    SPADE = 1
    HEART = 2
    CLUB = 3
    DIAMOND = 4

    @property
    def symbol(self) -> str:
        return "♠♥♣♦"[self - 1]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEART, Suit.DIAMOND)

    @property
    def is_black(self) -> bool:
        return not self.is_red

    @property
    def zh(self) -> str:
        return "黑桃红桃梅花方块"[2 * (self - 1): 2 * self]


_SUITS: dict[str, Suit] = {
    "♠": Suit.SPADE, "♥": Suit.HEART, "♣": Suit.CLUB, "♦": Suit.DIAMOND,
    "♤": Suit.SPADE, "♡": Suit.HEART, "♧": Suit.CLUB, "♢": Suit.DIAMOND,
    "s": Suit.SPADE, "h": Suit.HEART, "c": Suit.CLUB, "d": Suit.DIAMOND,
    "spade": Suit.SPADE, "heart": Suit.HEART, "club": Suit.CLUB, "diamond": Suit.DIAMOND,
}
_SUIT_BY_WORD = {"spade": Suit.SPADE, "heart": Suit.HEART, "club": Suit.CLUB, "diamond": Suit.DIAMOND}
RANK_TEXT = {1: "A", 11: "J", 12: "Q", 13: "K"}
_RANKS = {"a": 1, "j": 11, "q": 12, "k": 13, **{str(n): n for n in range(2, 11)}}

_PATTERN = re.compile(
    r"^\s*(?:(?P<word>spade|heart|club|diamond)\s+|(?P<sym>[♠♥♣♦♤♡♧♢]|[SHCDshcd](?=\s*(?:10|[2-9AJQKajqk])))\s*)"
    r"(?P<rank>10|[2-9]|[AJQKajqk])\s+(?P<name>\S.*?)\s*$",
    re.IGNORECASE,
)


class CardError(ValueError):
    """A card string that is not valid notation; the message names the offending text."""


class Card(NamedTuple):
    """A physical card. ``name`` is the canonical Chinese name of the card the rules see (``杀``);
    ``nature`` is the damage nature a 属性杀 carries (``♠4 雷杀`` is a 杀 of nature ``thunder``)."""

    suit: Suit
    rank: int
    name: str
    nature: str = "normal"

    def __str__(self) -> str:
        return f"{self.suit.symbol}{RANK_TEXT.get(self.rank, str(self.rank))} {self.printed}"

    @property
    def printed(self) -> str:
        """The name printed on the card (雷杀, not 杀)."""
        if self.nature == "normal":
            return self.name
        return card_kinds.NATURED_NAME.get((self.name, self.nature), self.name)

    @property
    def is_red(self) -> bool:
        return self.suit.is_red

    @property
    def is_black(self) -> bool:
        return self.suit.is_black

    @property
    def kind(self) -> card_kinds.CardKind:
        return card_kinds.BY_NAME[self.name]

    @property
    def type(self) -> str:
        return self.kind.type

    @property
    def subtype(self) -> str:
        return self.kind.subtype


UNKNOWN = "?"


@lru_cache(maxsize=4096)
def parse_card(text: str) -> Card:
    """Parse one card string in any spelling of spec §3. Raises CardError with the text."""
    if not isinstance(text, str):
        raise CardError(f"a card must be a string, got {text!r}")
    m = _PATTERN.match(text)
    if not m:
        raise CardError(f"not a card: {text!r} (expected e.g. '♠7 杀' or 'S7 slash')")
    if m.group("word"):
        suit = _SUIT_BY_WORD[m.group("word").lower()]
    else:
        suit = _SUITS[m.group("sym").lower()]
    rank = _RANKS[m.group("rank").lower()]
    name = card_kinds.canonical_name(m.group("name"))
    if name is None:
        raise CardError(f"unknown card name {m.group('name')!r} in {text!r}")
    natured = card_kinds.NATURED.get(name)
    if natured is not None:
        return Card(suit, rank, natured[0], natured[1])
    return Card(suit, rank, name)


card_kinds.ON_UNREGISTER.append(parse_card.cache_clear)  # a card kind taken out is no card any more


def is_unknown(text: str) -> bool:
    return text == UNKNOWN or (UNKNOWN in text and text.strip() == UNKNOWN)


@lru_cache(maxsize=8192)
def canonical(text: str) -> str:
    """The canonical spelling of a card string (``?`` stays ``?``)."""
    if is_unknown(text):
        return UNKNOWN
    return str(parse_card(text))


def card_name(text: str) -> str:
    """The canonical Chinese name for a card *name* (``slash`` → ``杀``). Raises CardError."""
    name = card_kinds.canonical_name(text)
    if name is None:
        raise CardError(f"unknown card name {text!r}")
    return name
