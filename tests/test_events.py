"""The event model: parse ∘ serialise = id for every event type, strict fields, schema drift.

Strategies are derived from the msgspec Structs themselves (``msgspec.inspect``), so a field added
to :mod:`sgs_replay.formats.events` is generated here without touching this file. Only the values the
format constrains beyond their JSON type are narrowed: cards are real cards of the deck (or ``?``),
``as`` is a card name, zones are zones of the format, and the few cross-field rules of
:func:`sgs_replay.formats.events.check_shape` are respected.
"""

from __future__ import annotations

import json
import shutil
import typing
from pathlib import Path
from typing import Any

import msgspec
import msgspec.inspect as mi
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sgs_replay.content import card_kinds
from sgs_replay.formats import events as ev
from sgs_replay.formats.cards import RANK_TEXT, Suit, canonical
from sgs_replay.formats.reader import parse_bytes

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])

HEADER = {"type": "game", "format": "sgs-replay/1", "game_id": "rt", "mode": "identity", "ruleset": "standard",
          "players": [{"seat": i, "general": g, "role": r} for i, (g, r) in
                      enumerate([("孙权", "lord"), ("甘宁", "loyalist"), ("许褚", "rebel"), ("黄盖", "rebel"),
                                 ("华佗", "renegade")], start=1)]}
HEADER_LINE = json.dumps(HEADER, ensure_ascii=False).encode()

# ---------------------------------------------------------------------------------------------------
# strategies from the Structs
# ---------------------------------------------------------------------------------------------------

CARD_NAMES = sorted(card_kinds.BY_NAME)
cards = st.builds(
    lambda suit, rank, name: f"{suit.symbol}{RANK_TEXT.get(rank, str(rank))} {name}",
    st.sampled_from(list(Suit)), st.integers(1, 13), st.sampled_from(CARD_NAMES),
) | st.just("?")
card_names = st.sampled_from(CARD_NAMES)
seat_zones = st.sampled_from(["hand", "equip", "judge", "pile:不屈", "pile:屯田"])
table_zones = st.sampled_from(["deck", "discard", "processing"])
text = st.text(max_size=12)
json_scalars = st.none() | st.booleans() | st.integers(-(2**31), 2**31) | text
json_values = st.recursive(json_scalars, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(text, inner, max_size=3),
                           max_leaves=6)


def _is_card_field(tp: Any) -> bool:
    return isinstance(tp, mi.Metadata) and "card" in str((tp.extra_json_schema or {}).get("description", ""))


def strategy_for_type(tp: Any, *, field_name: str = "") -> st.SearchStrategy[Any]:
    """A strategy for any msgspec type the event model uses."""
    if _is_card_field(tp):
        return cards
    if isinstance(tp, mi.Metadata):
        return strategy_for_type(tp.type, field_name=field_name)
    if isinstance(tp, mi.UnionType):
        return st.one_of([strategy_for_type(t, field_name=field_name) for t in tp.types])
    if isinstance(tp, mi.NoneType):
        return st.none()
    if isinstance(tp, mi.BoolType):
        return st.booleans()
    if isinstance(tp, mi.IntType):
        lo = tp.ge if tp.ge is not None else -(2**31)
        hi = tp.le if tp.le is not None else 2**31
        return st.integers(lo, hi)
    if isinstance(tp, mi.FloatType):
        return (st.floats(min_value=tp.ge, max_value=tp.le, allow_nan=False, allow_infinity=False, width=64)
                | st.integers(0, 10_000).map(float))
    if isinstance(tp, mi.StrType):
        if tp.pattern is not None:
            return st.from_regex(tp.pattern, fullmatch=True)
        if field_name == "as":
            return card_names
        if tp.min_length is not None or tp.max_length is not None:
            lo, hi = tp.min_length or 0, tp.max_length if tp.max_length is not None else 1 << 30
            return text.filter(lambda v: lo <= len(v) <= hi)
        return text
    if isinstance(tp, mi.LiteralType):
        return st.sampled_from(tp.values)
    if isinstance(tp, mi.ListType):
        lo = tp.min_length or 0
        return st.lists(strategy_for_type(tp.item_type, field_name=field_name), min_size=lo,
                        max_size=tp.max_length if tp.max_length is not None else max(lo, 4))
    if isinstance(tp, mi.DictType):
        return st.dictionaries(strategy_for_type(tp.key_type), strategy_for_type(tp.value_type), max_size=3)
    if isinstance(tp, mi.AnyType):
        return json_values
    if isinstance(tp, mi.StructType):
        return strategy_for_struct(tp.cls)
    raise NotImplementedError(f"no strategy for {tp!r}")


def _place(seat_zone: bool) -> st.SearchStrategy[ev.Place]:
    if seat_zone:
        return st.builds(ev.Place, zone=seat_zones, seat=st.integers(1, 10))
    return st.builds(ev.Place, zone=table_zones, seat=st.none() | st.integers(1, 10))


def _fix_shape(cls: type, kw: dict[str, Any], draw: Any) -> dict[str, Any]:
    """Respect the cross-field rules of ``check_shape`` (a JSON Schema cannot say them simply)."""
    if cls in (ev.Use, ev.Respond):
        if draw(st.booleans()):
            kw.update(card=draw(cards), as_=None, cards=None)
        else:
            kw.update(card=None, as_=draw(card_names), cards=draw(st.lists(cards, max_size=2)))
    elif cls is ev.Move:
        kw["from_"] = draw(_place(draw(st.booleans())))
        kw["to"] = draw(_place(draw(st.booleans())))
    elif cls is ev.Penalty:
        if draw(st.booleans()):
            kw.update(side=draw(st.sampled_from(["cold", "warm"])), seat=None)
        else:
            kw.update(side=None, seat=draw(st.integers(1, 10)))
    elif cls is ev.ActionUnit and kw.get("who") == "vanguards" and not kw.get("order"):
        kw["order"] = draw(st.lists(st.integers(1, 10), min_size=1, max_size=2))
    elif cls is ev.RevealGeneral and kw.get("main") is None and kw.get("deputy") is None:
        kw["main"] = draw(st.sampled_from(["曹操", "刘备"]))
    return kw


def strategy_for_struct(cls: type) -> st.SearchStrategy[Any]:
    info = mi.type_info(cls)
    assert isinstance(info, mi.StructType)

    @st.composite
    def build(draw: Any) -> Any:
        kw: dict[str, Any] = {}
        for f in info.fields:
            s = strategy_for_type(f.type, field_name=f.encode_name)
            if f.required:
                kw[f.name] = draw(s)
            elif draw(st.booleans()):
                kw[f.name] = draw(s)
        if cls in ev.EVENT_TYPES:
            kw = _fix_shape(cls, kw, draw)
        return cls(**kw)

    return build()


events_any = st.one_of([strategy_for_struct(c) for c in ev.EVENT_TYPES])


def _roundtrip(events: list[ev.Event]) -> Any:
    lines = [HEADER_LINE] + [msgspec.json.encode(e) for e in events]
    return parse_bytes(b"\n".join(lines) + b"\n", "roundtrip")


# ---------------------------------------------------------------------------------------------------
# round trips
# ---------------------------------------------------------------------------------------------------


def test_every_event_type_is_generated() -> None:
    """The round trips below run over EVENT_TYPES: it must be the whole `Event` union."""
    assert set(typing.get_args(ev.Event)) == set(ev.EVENT_TYPES)
    tags = {ev.TAG_OF[c] for c in ev.EVENT_TYPES}
    assert len(tags) == len(ev.EVENT_TYPES) >= 31
    assert {"turn", "use", "respond", "move", "damage", "death", "game_end", "action_unit", "draft_pick"} <= tags


@pytest.mark.parametrize("cls", ev.EVENT_TYPES, ids=lambda c: ev.TAG_OF[c])
@SETTINGS
@given(data=st.data())
def test_roundtrip_each_type(cls: type, data: st.DataObject) -> None:
    e = data.draw(strategy_for_struct(cls))
    assert ev.check_shape(e) is None
    parsed = _roundtrip([e])
    assert parsed.violations == []
    assert parsed.events == [(2, e)]


@settings(max_examples=40, deadline=None)
@given(st.lists(events_any, min_size=1, max_size=12))
def test_roundtrip_whole_log(events: list[ev.Event]) -> None:
    parsed = _roundtrip(events)
    assert parsed.violations == []
    assert [line for line, _ in parsed.events] == list(range(2, len(events) + 2))
    assert [e for _, e in parsed.events] == events
    # and back again: serialise the parsed events, parse once more
    again = _roundtrip([e for _, e in parsed.events])
    assert again.events == parsed.events


@SETTINGS
@given(strategy_for_struct(ev.Game))
def test_header_struct_roundtrip(game: ev.Game) -> None:
    """The header Struct survives JSON (the reader's card checks are tested elsewhere)."""
    assert msgspec.json.decode(msgspec.json.encode(game), type=ev.Game) == game


@SETTINGS
@given(events_any)
def test_struct_roundtrip_without_the_reader(e: ev.Event) -> None:
    raw = msgspec.json.encode(e)
    assert msgspec.json.decode(raw, type=ev.Event) == e
    assert json.loads(raw)["type"] == ev.event_type(e)


SPELLINGS = {"♠": ["S", "s", "spade "], "♥": ["H", "h", "heart "], "♣": ["C", "c", "club "], "♦": ["D", "d", "diamond "]}


@SETTINGS
@given(card=cards.filter(lambda c: c != "?"), style=st.integers(0, 2), english=st.booleans(), lower=st.booleans())
def test_spelling_is_normalised_by_the_reader(card: str, style: int, english: bool, lower: bool) -> None:
    suit, rest = card[0], card[1:]
    rank, name = rest.split(" ", 1)
    if english:
        name = card_kinds.BY_NAME[name].en
    spelt = f"{SPELLINGS[suit][style]}{rank.lower() if lower else rank} {name}"
    parsed = _roundtrip([ev.Use(seat=3, card=spelt, targets=[4])])
    assert parsed.violations == []
    (_, e), = parsed.events
    assert isinstance(e, ev.Use) and e.card == canonical(card) == card


# ---------------------------------------------------------------------------------------------------
# strict fields
# ---------------------------------------------------------------------------------------------------


def _parse_lines(*lines: str) -> Any:
    return parse_bytes(("\n".join(lines) + "\n").encode(), "t")


def test_misspelt_field_is_a_located_format_violation() -> None:
    parsed = _parse_lines(
        HEADER_LINE.decode(),
        '{"type": "turn", "seat": 3}',
        '{"type": "use", "seat": 3, "card": "♠7 杀", "targts": [4]}',
        '{"type": "phase", "seat": 3, "phase": "discard"}',
    )
    (v,) = parsed.violations
    assert (v.rule, v.kind, v.line) == ("SGS-F002", "format", 3)
    assert "targts" in v.message
    assert [line for line, _ in parsed.events] == [2, 4]  # the rest of the file is still read


def test_misspelt_header_field() -> None:
    bad = dict(HEADER)
    bad["plyers"] = bad.pop("players")
    parsed = _parse_lines(json.dumps(bad, ensure_ascii=False), '{"type": "turn", "seat": 1}')
    assert [(v.rule, v.line) for v in parsed.violations] == [("SGS-F004", 1)]


@pytest.mark.parametrize(
    "line",
    [
        '{"type": "use", "seat": 3, "card": "♠7 杀", "target": [4]}',
        '{"type": "damage", "target": 4, "amount": 1, "sourc": 3}',
        '{"type": "move", "cards": ["♠7 杀"], "from": {"seat": 1, "zone": "hand", "slot": 1}, "to": {"zone": "discard"}}',
        '{"type": "turn", "seat": 3, "phase": "play"}',
        '{"type": "game_end", "winner": "lord", "Reason": "x"}',
    ],
)
def test_unknown_fields_are_rejected_everywhere(line: str) -> None:
    parsed = _parse_lines(HEADER_LINE.decode(), line)
    assert [(v.rule, v.line) for v in parsed.violations] == [("SGS-F002", 2)]
    assert parsed.events == []


@pytest.mark.parametrize("cls", ev.EVENT_TYPES, ids=lambda c: ev.TAG_OF[c])
def test_t_and_note_are_allowed_on_every_event(cls: type) -> None:
    e = _minimal(cls)
    raw = json.loads(msgspec.json.encode(e))
    raw["t"] = 61.25
    raw["note"] = "裁判：此处有争议"
    parsed = _parse_lines(HEADER_LINE.decode(), json.dumps(raw, ensure_ascii=False))
    assert parsed.violations == []
    (_, got), = parsed.events
    assert got.t == 61.25 and got.note == "裁判：此处有争议"


def test_t_and_note_are_allowed_on_the_header() -> None:
    h = dict(HEADER, t=0, note="决赛")
    parsed = _parse_lines(json.dumps(h, ensure_ascii=False))
    assert parsed.violations == []
    assert parsed.header is not None and parsed.header.note == "决赛"


def test_series_fields_are_optional_and_ranged() -> None:
    """``series_id``/``game_number`` (docs/log-format.md §4): a header without them is valid as before."""
    assert _parse_lines(json.dumps(HEADER, ensure_ascii=False)).violations == []
    h = dict(HEADER, series_id="club-2026-11", game_number=3)
    parsed = _parse_lines(json.dumps(h, ensure_ascii=False))
    assert parsed.violations == []
    assert parsed.header is not None and (parsed.header.series_id, parsed.header.game_number) == ("club-2026-11", 3)
    for bad in ({"game_number": 0}, {"game_number": 100}, {"series_id": ""}, {"series_id": "x" * 65}, {"game_number": "2"}):
        parsed = _parse_lines(json.dumps(dict(HEADER, **bad), ensure_ascii=False))
        assert [(v.rule, v.line) for v in parsed.violations] == [("SGS-F004", 1)], bad


def _minimal(cls: type) -> Any:
    """The smallest valid event of a type: required fields only, with plain values."""
    values: dict[str, Any] = {"seat": 1, "target": 1, "amount": 1, "cards": ["♠7 杀", "♠8 杀"], "card": "♠7 杀", "phase": "play",
                              "side": "warm", "who": "commander", "generals": ["关羽"], "general": "关羽", "commander": "刘备",
                              "vanguards": ["关羽", "张飞"], "winner": "lord", "points": 1, "delta": -1, "skill": "制衡",
                              "choice": "x", "chained": True, "from_": ev.Place(zone="deck"), "to": ev.Place(zone="hand", seat=1)}
    info = mi.type_info(cls)
    assert isinstance(info, mi.StructType)
    kw = {f.name: values[f.name] for f in info.fields if f.required}
    if cls is ev.Penalty:
        kw["side"] = "warm"
    if cls in (ev.Use, ev.Respond):
        kw["card"] = "♠7 杀"
    return cls(**kw)


# ---------------------------------------------------------------------------------------------------
# schemas
# ---------------------------------------------------------------------------------------------------


def test_schema_check_passes(cli: Any) -> None:
    p = cli("schema", "--check")
    assert p.returncode == 0, p.stderr
    assert "Traceback" not in p.stderr


def test_schema_check_fails_after_tampering(cli: Any, tmp_path: Path) -> None:
    out = tmp_path / "schemas"
    assert cli("schema", "--out", str(out)).returncode == 0
    target = out / "event.schema.json"
    schema = json.loads(target.read_text(encoding="utf-8"))
    schema["title"] = "tampered"
    target.write_text(json.dumps(schema), encoding="utf-8")
    p = cli("schema", "--check", "--out", str(out))
    assert p.returncode == 1
    assert "event.schema.json" in p.stderr
    assert "Traceback" not in p.stderr


def test_schema_check_fails_on_missing_and_extra_files(cli_fast: Any, tmp_path: Path) -> None:
    out = tmp_path / "schemas"
    cli_fast("schema", "--out", str(out))
    shutil.copy(out / "event.schema.json", out / "old-event.schema.json")
    assert cli_fast("schema", "--check", "--out", str(out)).returncode == 1
    (out / "old-event.schema.json").unlink()
    (out / "header.schema.json").unlink()
    p = cli_fast("schema", "--check", "--out", str(out))
    assert p.returncode == 1 and "header.schema.json" in p.stderr


def test_generated_schema_names_every_event_type() -> None:
    from sgs_replay.formats.schema import generate

    schema = json.loads(generate()["event.schema.json"])
    text = json.dumps(schema, ensure_ascii=False)
    for cls in ev.EVENT_TYPES:
        assert f'"{ev.TAG_OF[cls]}"' in text
    assert '"targts"' not in text
