"""Card notation (spec §3): every spelling of every card of the deck, the canonical form, and errors."""

from __future__ import annotations

import csv
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from sgs_replay.formats.cards import Card, CardError, Suit, canonical, card_name, is_unknown, parse_card

REFERENCE = Path(__file__).resolve().parents[1].parent / "shared" / "reference"
SYMBOL = {"spade": "♠", "heart": "♥", "club": "♣", "diamond": "♦"}
LETTER = {"spade": "S", "heart": "H", "club": "C", "diamond": "D"}
RANK = {1: "A", 11: "J", 12: "Q", 13: "K"}


def _deck_rows() -> list[dict[str, str]]:
    """The deck tables: the shared reference when it is checked out, else the packaged copy."""
    rows: list[dict[str, str]] = []
    for ref, packaged in (("standard_deck.csv", "deck_standard.csv"), ("deck_3v3_additions.csv", "deck_3v3_additions.csv")):
        path = REFERENCE / ref
        text = path.read_text(encoding="utf-8") if path.is_file() else \
            resources.files("sgs_replay.content").joinpath(packaged).read_text(encoding="utf-8")
        rows.extend(csv.DictReader(text.splitlines()))
    return rows


ROWS = _deck_rows()


def _rank(n: str) -> str:
    return RANK.get(int(n), n)


def _spellings(row: dict[str, str]) -> list[str]:
    """Every way spec §3 allows to write this card."""
    rank = _rank(row["number"])
    out = []
    for name in (row["name_zh"], row["name_en"], row["name_en"].upper()):
        for r in {rank, rank.lower()}:
            out.append(f"{SYMBOL[row['suit']]}{r} {name}")
            out.append(f"{LETTER[row['suit']]}{r} {name}")
            out.append(f"{LETTER[row['suit']].lower()}{r} {name}")
            out.append(f"{row['suit']} {r} {name}")
    return out


def test_the_deck_tables_are_there() -> None:
    assert len(ROWS) >= 108
    assert {r["name_zh"] for r in ROWS} >= {"杀", "闪", "桃", "无懈可击", "闪电", "乐不思蜀", "兵粮寸断", "连弩"}


@pytest.mark.parametrize("name_zh", sorted({r["name_zh"] for r in ROWS}))
def test_every_spelling_of_every_card_is_canonical(name_zh: str) -> None:
    bad = []
    for row in (r for r in ROWS if r["name_zh"] == name_zh):
        want = f"{SYMBOL[row['suit']]}{_rank(row['number'])} {row['name_zh']}"
        for text in _spellings(row):
            try:
                got = canonical(text)
            except CardError as exc:
                bad.append(f"{text!r}: {exc}")
                continue
            if got != want:
                bad.append(f"{text!r} → {got!r}, want {want!r}")
    assert not bad, "\n".join(bad[:20])


@pytest.mark.parametrize(
    ("text", "suit", "rank", "name"),
    [
        ("♠7 杀", Suit.SPADE, 7, "杀"),
        ("S7 slash", Suit.SPADE, 7, "杀"),
        ("heart Q 桃", Suit.HEART, 12, "桃"),
        ("♦Q 无懈可击", Suit.DIAMOND, 12, "无懈可击"),
        ("club 10 dismantlement", Suit.CLUB, 10, "过河拆桥"),
        ("d10 jink", Suit.DIAMOND, 10, "闪"),
        ("♣a crossbow", Suit.CLUB, 1, "诸葛连弩"),
        ("Hk jink", Suit.HEART, 13, "闪"),
        ("diamond j jink", Suit.DIAMOND, 11, "闪"),
        ("  ♠7 杀  ", Suit.SPADE, 7, "杀"),
    ],
)
def test_parse_card_fields(text: str, suit: Suit, rank: int, name: str) -> None:
    card = parse_card(text)
    assert card == Card(suit, rank, name)
    assert (card.suit, card.rank, card.name) == (suit, rank, name)


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("S7 slash", "♠7 杀"),
        ("spade 7 slash", "♠7 杀"),
        ("h10 peach", "♥10 桃"),
        ("heart 10 桃", "♥10 桃"),
        ("c2 eight_diagram", "♣2 八卦阵"),
        ("DQ nullification", "♦Q 无懈可击"),
        ("sa lightning", "♠A 闪电"),
        ("♥q 闪电", "♥Q 闪电"),
        ("♠K 大宛", "♠K 大宛"),
    ],
)
def test_canonical(text: str, want: str) -> None:
    assert canonical(text) == want
    assert canonical(want) == want  # canonical ∘ canonical = canonical


def test_colour_and_kind() -> None:
    assert parse_card("♥3 桃").is_red and parse_card("♦2 闪").is_red
    assert parse_card("♠7 杀").is_black and parse_card("♣8 杀").is_black
    assert parse_card("♠2 八卦阵").type == "equip"
    assert parse_card("♠6 乐不思蜀").kind.is_delayed
    assert parse_card("♠5 绝影").subtype == "defensive_horse"
    assert parse_card("♥5 赤兔").subtype == "offensive_horse"


@pytest.mark.parametrize("text", ["?", " ? "])
def test_unknown_card(text: str) -> None:
    assert is_unknown(text)
    assert canonical(text) == "?"


@pytest.mark.parametrize(("name", "want"), [("slash", "杀"), ("Slash", "杀"), ("杀", "杀"), ("amazing_grace", "五谷丰登"),
                                            ("god_salvation", "桃园结义"), ("collateral", "借刀杀人")])
def test_card_name(name: str, want: str) -> None:
    assert card_name(name) == want


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("♠14 杀", "♠14 杀"),
        ("♠1 杀", "♠1 杀"),
        ("♠0 杀", "♠0 杀"),
        ("X7 杀", "X7 杀"),
        ("♠7", "♠7"),
        ("7 杀", "7 杀"),
        ("♠7杀", "♠7杀"),
        ("spade7 slash", "spade7 slash"),
        ("", "''"),
        ("♠7 foo", "foo"),
        ("♠7 杀杀", "杀杀"),
        ("heart Q peaches", "peaches"),
        ("♠♠7 杀", "♠♠7 杀"),
    ],
)
def test_bad_cards_name_the_text(text: str, fragment: str) -> None:
    with pytest.raises(CardError) as info:
        canonical(text)
    assert fragment in str(info.value)


def test_card_name_error() -> None:
    with pytest.raises(CardError, match="frobnicate"):
        card_name("frobnicate")


def test_non_string_card() -> None:
    with pytest.raises(CardError):
        parse_card(7)  # type: ignore[arg-type]


def test_bad_card_in_a_log_is_a_located_format_violation(sgs: Any) -> None:
    out = sgs.identity([{"type": "use", "seat": 3, "card": "♠14 杀", "targets": [4]}], hands={3: ["♠7 杀"]})
    v = out.assert_flags("SGS-F003", line=2)
    assert "♠14 杀" in v.message


def test_spellings_are_equivalent_in_a_log(sgs: Any) -> None:
    """A log may mix spellings: the hand holds ``♠7 杀`` and the use says ``S7 slash``."""
    sgs.identity([
        {"type": "use", "seat": 3, "card": "S7 slash", "targets": [4]},
        {"type": "respond", "seat": 4, "card": "diamond 2 jink"},
    ], hands={3: ["spade 7 杀"], 4: ["♦2 闪"]}).assert_clean()
