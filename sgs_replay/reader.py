"""Reading match logs: bytes → header + typed events, with located `format` violations.

A bad line never stops the read: it becomes a ``format`` violation carrying its line number and the
offending text, and the rest of the file is still read. A file that cannot be read at all (missing,
not UTF-8 JSON lines, an unreadable recording) raises :class:`UnreadableInput` (exit status 3).

Card strings are normalised to their canonical spelling here, so later stages compare plain strings.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec

from sgs_replay import events as ev
from sgs_replay.cards import CardError, canonical
from sgs_replay.rules import Violation, make
from sgs_replay.rules import catalogue as R

_HEADER = msgspec.json.Decoder(ev.Game)
_EVENT = msgspec.json.Decoder(ev.Event)
_SNIPPET = 120


class UnreadableInput(Exception):
    """The input cannot be read at all; the message is one line naming the file and the reason."""


@dataclass
class ParsedLog:
    name: str
    header: ev.Game | None
    events: list[tuple[int, ev.Event]] = field(default_factory=list)
    violations: list[Violation] = field(default_factory=list)
    source_format: str = "sgs-replay/1"
    import_problems: list[str] = field(default_factory=list)
    #: an importer's record of where every card was, by the line of the event it precedes
    #: (:mod:`sgs_replay.oracle`); the replay must agree with it
    checkpoints: dict[int, Any] = field(default_factory=dict)

    @property
    def game_id(self) -> str | None:
        return self.header.game_id if self.header else None


def _snippet(raw: bytes) -> str:
    text = raw.decode("utf-8", errors="replace").strip()
    return text if len(text) <= _SNIPPET else text[: _SNIPPET - 1] + "…"


def _fix_cards(e: msgspec.Struct) -> str | None:
    """Canonicalise every card field in place. Returns the first bad card's message, if any."""
    try:
        if isinstance(e, (ev.Use, ev.Respond)):
            if e.card is not None:
                e.card = canonical(e.card)
            if e.cards is not None:
                e.cards = [canonical(c) for c in e.cards]
            if e.as_ is not None:
                from sgs_replay.cards import card_name

                e.as_ = card_name(e.as_)
        elif isinstance(e, (ev.Draw, ev.Discard, ev.Move, ev.Reveal)):
            e.cards = [canonical(c) for c in e.cards]
        elif isinstance(e, ev.Skill):
            if e.cards is not None:
                e.cards = [canonical(c) for c in e.cards]
        elif isinstance(e, (ev.Judge, ev.Retrial)):
            e.card = canonical(e.card)
        elif isinstance(e, (ev.Damage, ev.Recover)):
            if e.card is not None:
                e.card = canonical(e.card)
        elif isinstance(e, ev.Game) and e.start is not None:
            return _fix_start(e.start)
    except CardError as exc:
        return str(exc)
    return None


def _fix_start(st: ev.Start) -> str | None:
    """Canonicalise a start position; a bad card is dropped (and its message returned), the rest kept."""
    bad: list[str] = []

    def fix(cards: list[str]) -> list[str]:
        out = []
        for c in cards:
            try:
                out.append(canonical(c))
            except CardError as exc:
                bad.append(str(exc))
        return out

    for s in st.seats.values():
        s.hand = fix(s.hand)
        s.equip = fix(s.equip)
        s.judge = fix(s.judge)
        s.piles = {k: fix(v) for k, v in s.piles.items()}
    if st.deck is not None:
        st.deck = fix(st.deck)
    st.discard = fix(st.discard)
    return "; ".join(bad) if bad else None


def parse_bytes(data: bytes, name: str = "<log>") -> ParsedLog:
    """Parse a whole `.sgs.jsonl` file held in memory."""
    log = ParsedLog(name=name, header=None)
    lines = data.split(b"\n")
    header_seen = False
    for i, raw in enumerate(lines, start=1):
        if not raw.strip():
            continue
        if not header_seen:
            header_seen = True
            try:
                hdr = _HEADER.decode(raw)
            except (msgspec.DecodeError, msgspec.ValidationError) as exc:
                log.violations.append(make(R.F_HEADER, i, None, f"{exc} — {_snippet(raw)}", observed=_snippet(raw)))
                continue
            bad = _fix_cards(hdr)
            if bad:
                log.violations.append(make(R.F_CARD, i, None, bad, observed=bad))
            if hdr.format != ev.FORMAT_ID:
                log.violations.append(make(R.F_HEADER, i, None, f"format {hdr.format!r} is not {ev.FORMAT_ID!r}",
                                           expected=ev.FORMAT_ID, observed=hdr.format))
            log.header = hdr
            continue
        try:
            e = _EVENT.decode(raw)
        except msgspec.ValidationError as exc:
            log.violations.append(make(R.F_SCHEMA, i, None, f"{exc} — {_snippet(raw)}", observed=_snippet(raw)))
            continue
        except msgspec.DecodeError as exc:
            log.violations.append(make(R.F_JSON, i, None, f"{exc} — {_snippet(raw)}", observed=_snippet(raw)))
            continue
        bad = _fix_cards(e)
        if bad:
            log.violations.append(make(R.F_CARD, i, getattr(e, "seat", None), bad, observed=_snippet(raw)))
            continue
        shape = ev.check_shape(e)
        if shape:
            log.violations.append(make(R.F_SHAPE, i, getattr(e, "seat", None), f"`{ev.event_type(e)}` {shape}",
                                       observed=_snippet(raw)))
            continue
        log.events.append((i, e))
    if not header_seen:
        raise UnreadableInput(f"{name}: empty file (no header line)")
    return log


def looks_like_jsonl(data: bytes) -> bool:
    head = data.lstrip()[:1]
    return head == b"{"


def read_path(path: Path) -> ParsedLog:
    """Read one log file of any supported kind, detected by content. Raises UnreadableInput."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise UnreadableInput(f"{path}: cannot read ({exc.strerror or exc})") from None
    return parse_any(data, str(path))


def parse_any(data: bytes, name: str) -> ParsedLog:
    from sgs_replay.importers import sniff_and_convert

    converted = sniff_and_convert(data, name)
    if converted is not None:
        return converted
    if not looks_like_jsonl(data):
        raise UnreadableInput(f"{name}: not a match log (neither sgs-replay/1 JSON lines nor a known recording)")
    return parse_bytes(data, name)


LOG_SUFFIXES = (".sgs.jsonl", ".jsonl", ".fk.rep")


def expand_paths(paths: Iterable[Path]) -> Iterator[Path]:
    """Files as given; directories expanded (recursively) to the log files they hold, sorted."""
    for p in paths:
        if p.is_dir():
            yield from sorted(q for q in p.rglob("*") if q.is_file() and q.name.endswith(LOG_SUFFIXES))
        else:
            yield p
