"""A game's fingerprint: what the game *is*, whatever file or format it was read from.

Two ids describe a stored game:

* the **content id** (``games.game_id``, :func:`sgs_replay.formats.reader.content_id`): a hash of every byte of
  the file, so a byte-identical copy is stored once and a damaged copy is a game of its own;
* the **fingerprint** (``games.fingerprint``, :func:`fingerprint`): a hash of the game in canonical
  form, the same for a FreeKill recording, its conversion to ``.sgs.jsonl`` and a re-export of that log.

The canonical form is

* the header's mode and, seat by seat, the general (canonical name when the ruleset knows it), role,
  side and 3v3 position (國戰 leaves the generals out: a log from nobody's or one player's view writes
  ``?`` for the generals it does not see, and every view names them in the same ``reveal_general``
  events, so the full log and its other views are one game), the starting position (``start``) when there is one, and its place in a
  3v3 match (``meta.match`` and ``meta.game``) or in a series (``series_id`` and ``game_number``) —
  not the player names, the ``game_id``, the rest of
  ``meta``, the ruleset named or the format version;
* every event with ``t`` and ``note`` dropped, every card in its canonical spelling, keys sorted;
* every format violation of the file, at its place among the events, with its rule and message, and
  the hash of every line that is not a valid event: a file with a broken line is not the same game
  as the clean one, nor as a file broken another way;
* 遗计 folded into one item, the cards dealt from the draw pile and who ended up holding each: the
  converter now writes 郭嘉 drawing the cards and then a ``move`` for each card given away, where an
  older converter wrote one ``move`` from the draw pile straight to each receiver. Both give the
  same fingerprint.

Limits: other spellings an older converter may have used (an unrecognised move kept as a plain
``move``, a skill named by its pinyin id instead of its Chinese name) are not folded, so such a file
gets a fingerprint of its own and is stored as a separate game.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any

import msgspec

from sgs_replay.formats import events as ev
from sgs_replay.formats.reader import ParsedLog

__all__ = ["canonical_items", "fingerprint"]

_ENC = msgspec.json.Encoder(order="sorted")
_CARD_KEYS = frozenset({"card", "cards", "hand", "equip", "judge", "deck", "discard"})
_YIJI = frozenset({"遗计", "yiji"})


#: card text → its canonical spelling (or the text stripped, when it is not a card), as met
_CARDS: dict[str, str] = {}
#: the texts among them already in canonical spelling
_SAME: set[str] = set()


def _card(text: Any) -> Any:
    if not isinstance(text, str):
        return text
    out = _CARDS.get(text)
    if out is None:
        from sgs_replay.formats.cards import CardError, canonical

        try:
            out = canonical(text)
        except CardError:
            out = text.strip()
        if len(_CARDS) < 1 << 16:
            _CARDS[text] = out
            if out == text:
                _SAME.add(text)
    return out


def _canon_event(e: Any) -> dict[str, Any]:
    """:func:`_canon` of an event, in short: an event's only card fields are its top-level ``card`` and
    ``cards``, and nothing below its top level holds ``t``, ``note`` or a card (events have no free
    ``dict`` fields), so the rest of the walk would change nothing."""
    d: dict[str, Any] = msgspec.to_builtins(e)
    d.pop("t", None)
    d.pop("note", None)
    card = d.get("card")
    if card is not None:
        d["card"] = _card(card)
    cards = d.get("cards")
    if isinstance(cards, list):
        d["cards"] = [_card(c) for c in cards]
    return d


#: the events :func:`_fold_yiji` looks into (kept as dicts); every other event is encoded straight away
_FOLDED = frozenset({ev.Draw, ev.Move, ev.Skill})
#: the events that :func:`_fold_yiji` folds, and their field that names 遗计
_YIJI_EVENTS = {ev.Draw: "skill", ev.Move: "reason"}


def _canon_item(e: Any) -> dict[str, Any] | bytes:
    """An event's canonical item: the encoded bytes of :func:`_canon_event` (the struct encoded with sorted
    keys, ``t`` and ``note`` cleared, cards in canonical spelling: the same bytes without building a dict),
    or the dict itself for the events that 遗计's folding reads."""
    if type(e) in _FOLDED:
        return _canon_event(e)
    return _canon_bytes(e)


def _canon_bytes(e: Any) -> bytes:
    """The encoded bytes of :func:`_canon_event`, straight from the struct."""
    fields = _CARD_FIELDS.get(type(e))
    if fields is None:
        fields = _CARD_FIELDS[type(e)] = tuple(f for f in ("card", "cards") if f in type(e).__struct_fields__)
    changes: dict[str, Any] = {}
    if e.t is not None:
        changes["t"] = None
    if e.note is not None:
        changes["note"] = None
    for name in fields:
        value = getattr(e, name)
        if isinstance(value, str):
            if value not in _SAME:
                c = _card(value)
                if c != value:
                    changes[name] = c
        elif isinstance(value, list) and not _SAME.issuperset(value):
            cs = [_card(c) for c in value]
            if cs != value:
                changes[name] = cs
    return _ENC.encode(msgspec.structs.replace(e, **changes) if changes else e)


#: event type → its card fields (``card``, ``cards``)
_CARD_FIELDS: dict[type, tuple[str, ...]] = {}


def _canon(value: Any, key: str | None = None) -> Any:
    """Cards in canonical spelling, ``t`` and ``note`` dropped, at every depth."""
    if isinstance(value, dict):
        out = {}
        for k, v in value.items():
            if k in ("t", "note"):
                continue
            if k == "piles" and isinstance(v, dict):
                out[k] = {p: [_card(c) for c in cs] if isinstance(cs, list) else cs for p, cs in v.items()}
            else:
                out[k] = _canon(v, k)
        return out
    if isinstance(value, list):
        if key in _CARD_KEYS:
            return [_card(c) for c in value]
        return [_canon(v) for v in value]
    if key in _CARD_KEYS:
        return _card(value)
    return value


def _header(parsed: ParsedLog, general: Callable[[str], str]) -> dict[str, Any]:
    h = parsed.header
    if h is None:
        return {"header": None}
    # 國戰: the generals are what the views of one game differ in (``?`` where a view does not see them)
    hidden = h.mode == "hegemony"
    players = [{"seat": p.seat, "general": None if hidden else general(p.general), "role": p.role, "side": p.side,
                "position": p.position} for p in sorted(h.players, key=lambda p: p.seat)]
    start = _canon(msgspec.to_builtins(h.start)) if h.start is not None else None
    head: dict[str, Any] = {"mode": h.mode, "players": players, "start": start}
    place = {k: h.meta[k] for k in ("match", "game") if h.meta.get(k) not in (None, "")}
    if place:  # its place in a 3v3 match: game 1 and game 2 of a match are two games
        head["match"] = _ENC.encode(place).decode()
    if h.series_id is not None or h.game_number is not None:  # its place in a series, only when given
        head["series"] = [h.series_id, h.game_number]
    return head


def _fold_yiji(items: list[Any]) -> list[Any]:
    """遗计 in one canonical item: the giver and, sorted, (receiver, card) for every card dealt. Items
    already encoded (bytes: no draw, move or skill) pass as they are."""
    out: list[Any] = []
    i, n = 0, len(items)
    last_skill: dict[str, Any] | None = None
    while i < n:
        it = items[i]
        if type(it) is bytes:
            out.append(it)
            i += 1
            continue
        typ = it.get("type")
        if typ == "draw" and it.get("skill") in _YIJI:  # today's converter: draw, then a move per card given
            giver = it.get("seat")
            held: list[list[Any]] = [[giver, c] for c in it.get("cards", [])]
            i += 1
            while i < n and _is_yiji_give(items[i], giver):
                for c in items[i]["cards"]:
                    for h in held:
                        if h[0] == giver and h[1] == c:
                            h[0] = items[i]["to"].get("seat")
                            break
                i += 1
            out.append({"type": "yiji_deal", "seat": giver, "gains": sorted(held, key=_ENC.encode)})
            continue
        if typ == "move" and it.get("reason") in _YIJI and it.get("from", {}).get("zone") == "deck" \
                and it.get("to", {}).get("zone") == "hand":  # an older converter: straight from the draw pile
            giver = last_skill.get("seat") if last_skill else None
            held = []
            while i < n and type(items[i]) is dict and items[i].get("type") == "move" and items[i].get("reason") in _YIJI \
                    and items[i].get("from", {}).get("zone") == "deck":
                held.extend([items[i].get("to", {}).get("seat"), c] for c in items[i].get("cards", []))
                i += 1
            out.append({"type": "yiji_deal", "seat": giver, "gains": sorted(held, key=_ENC.encode)})
            continue
        if typ == "skill":
            last_skill = it
        out.append(it)
        i += 1
    return out


def _is_yiji_give(it: Any, giver: Any) -> bool:
    return (type(it) is dict and it.get("type") == "move" and it.get("reason") in _YIJI
            and it.get("from", {}).get("zone") == "hand" and it.get("from", {}).get("seat") == giver
            and it.get("to", {}).get("zone") == "hand")


def canonical_items(parsed: ParsedLog, general: Callable[[str], str] | None = None) -> list[bytes]:
    """The game in canonical form, one encoded item per header, event and format violation."""
    general = general or (lambda g: g)
    events = parsed.events
    # 遗计 is folded only where a draw or a move names it: a game without one encodes every event straight away
    fold = any(type(e) in _YIJI_EVENTS and getattr(e, _YIJI_EVENTS[type(e)]) in _YIJI for _, e in events)
    canon = _canon_item if fold else _canon_bytes
    lines = [line for line, _ in events]
    body: list[Any]
    if parsed.violations or parsed.bad_lines or lines != sorted(lines):
        placed: list[tuple[int, int, Any]] = [(line, k, canon(e)) for k, (line, e) in enumerate(events)]
        for v in parsed.violations:
            placed.append((v.line, -2, {"type": "!format", "rule": v.rule, "observed": v.observed,
                                        "message": v.message}))
        for line, digest in parsed.bad_lines.items():  # the whole line, also beyond what a message quotes
            placed.append((line, -1, {"type": "!line", "bytes": digest}))
        placed.sort(key=lambda x: (x[0], x[1]))
        body = [d for _, _, d in placed]
        mixed = True
    else:  # the events alone, in their order: nothing to place among them
        body = [canon(e) for _, e in events]
        mixed = fold
    if fold:
        body = _fold_yiji(body)
    head = _header(parsed, general)
    if parsed.violations_truncated:
        head["format_violations_not_kept"] = parsed.violations_truncated
    enc = _ENC.encode
    if not mixed:  # every item is encoded already
        return [enc(head), *body]
    return [enc(head), *(d if type(d) is bytes else enc(d) for d in body)]


def fingerprint(parsed: ParsedLog, general: Callable[[str], str] | None = None) -> str:
    """The game's fingerprint: 16 hex digits of the SHA-256 of its canonical form (see the module)."""
    items = canonical_items(parsed, general)
    items.append(b"")
    return hashlib.sha256(b"\n".join(items)).hexdigest()[:16]
