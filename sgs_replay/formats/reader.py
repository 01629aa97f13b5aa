"""Reading match logs: bytes → header + typed events, with located `format` violations.

A bad line never stops the read: it becomes a ``format`` violation carrying its line number and the
offending text, and the rest of the file is still read. A file that cannot be read at all (missing,
not UTF-8 JSON lines, an unreadable recording) raises :class:`UnreadableInput` (exit status 3).

Hostile input is bounded here: a value nested deeper than :data:`MAX_DEPTH`, a duplicated key and a
number out of its range (events.py) are located ``format`` violations; a UTF-8 byte order mark is
accepted; at most :data:`MAX_VIOLATIONS` format violations are kept per file (the rest are counted
in ``ParsedLog.violations_truncated``), so a file of a million bad lines costs little memory.

Card strings are normalised to their canonical spelling here, so later stages compare plain strings.

Memory is bounded per file: a log is read in blocks of whole lines (:func:`read_path`,
:func:`read_stream`; :data:`CHUNK` bytes at a time), never whole, so reading holds one block and the
longest line, not the file, beside the events it returns; there is a size limit per file and per line
(:func:`limits`; the environment variables ``SGS_REPLAY_MAX_FILE_MB`` and ``SGS_REPLAY_MAX_LINE_MB``
change them); a FIFO, a device or a socket is refused as not a regular file before it is opened. A
recording of another engine that is one whole object (a FreeKill ``.fk.rep`` is one zlib stream of one
CBOR array, which cannot be decoded in pieces) is read whole, within the same limit per file, and its
importer bounds the rest (``sgs_replay.importers.freekill``: the inflated size, the CBOR items and
nesting, each a located error beyond its limit; the inflated bytes are dropped once decoded, and the
converted lines are parsed in blocks, :func:`parse_lines`, never joined into a file).

Speed: a well-formed file is decoded with one msgspec call for all its events and checked by cheap
byte counts (:func:`_fast_events`); only a block those checks are not sure of is read line by line
with the precise diagnostics, so hostile input costs time only to the file that carries it.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from itertools import accumulate
from pathlib import Path
from typing import Any, BinaryIO

import msgspec

from sgs_replay.formats import events as ev
from sgs_replay.formats.cards import CardError, canonical
from sgs_replay.rules import Rule, Violation, make
from sgs_replay.rules import catalogue as R

_HEADER = msgspec.json.Decoder(ev.Game)
_EVENT = msgspec.json.Decoder(ev.Event)
_EVENTS = msgspec.json.Decoder(list[ev.Event])
_ENCODE = msgspec.json.Encoder()
_SNIPPET = 120
#: Deepest nesting of arrays and objects a line may have (the format itself needs 6; ``meta`` is free).
MAX_DEPTH = 64
#: Violations kept per file in a report; the rest are counted (``violations_truncated``).
MAX_VIOLATIONS = 1000
_BOM = b"\xef\xbb\xbf"
#: the default largest log file, and the default longest line, in MiB (the environment can change them)
MAX_FILE_MB, MAX_LINE_MB = 64, 4
#: bytes read at a time (never more than the line limit, so a line over the limit is always seen)
CHUNK = 1 << 20


def limits() -> tuple[int, int]:
    """(bytes per file, bytes per line): ``SGS_REPLAY_MAX_FILE_MB`` and ``SGS_REPLAY_MAX_LINE_MB``, or
    the defaults :data:`MAX_FILE_MB` and :data:`MAX_LINE_MB`. A value that is not a positive number
    of MiB is ignored."""
    out = []
    for var, default in (("SGS_REPLAY_MAX_FILE_MB", MAX_FILE_MB), ("SGS_REPLAY_MAX_LINE_MB", MAX_LINE_MB)):
        try:
            mb = float(os.environ.get(var, default))
        except ValueError:
            mb = default
        out.append(int((mb if mb > 0 else default) * (1 << 20)))
    return out[0], out[1]


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
    #: (:mod:`sgs_replay.importers.oracle`); the replay must agree with it
    checkpoints: dict[int, Any] = field(default_factory=dict)
    content_id: str = ""  # hash of every byte of the file as read (the store's game id)
    sha256: str = ""  # the SHA-256 of every byte of the file as read (hex)
    violations_truncated: int = 0  # format violations beyond MAX_VIOLATIONS, counted only
    #: every line that is not a valid event (or header): line → hash of its bytes (the game's fingerprint
    #: includes them, so a file with a broken line is never the same game as the clean one)
    bad_lines: dict[int, str] = field(default_factory=dict)

    def add(self, v: Violation) -> None:
        """Keep a format violation, or only count it once MAX_VIOLATIONS are kept."""
        if len(self.violations) < MAX_VIOLATIONS:
            self.violations.append(v)
        else:
            self.violations_truncated += 1

    @property
    def game_id(self) -> str | None:
        return self.header.game_id if self.header else None


def _snippet(raw: bytes) -> str:
    text = raw.decode("utf-8", errors="replace").strip()
    return text if len(text) <= _SNIPPET else text[: _SNIPPET - 1] + "…"


def content_id(data: bytes) -> str:
    """The identity of a file's content: a hash of every byte, so a changed or broken line is another game."""
    return hashlib.sha256(data).hexdigest()[:16]


def file_content_id(path: Path) -> str:
    """:func:`content_id` of a file's bytes, read in blocks (OSError when unreadable)."""
    hasher = hashlib.sha256()
    with open(path, "rb") as fh:
        while block := fh.read(CHUNK):
            hasher.update(block)
    return hasher.hexdigest()[:16]


_OPEN_CLOSE = bytes.maketrans(b"[{]}", b"\x01\x01\x02\x02")
_NOT_BRACKET = bytes(b for b in range(256) if b not in b"[]{}")


def _too_deep(raw: bytes) -> bool:
    """True when the JSON on this line nests deeper than MAX_DEPTH (brackets inside strings ignored).

    Called only when the line holds more than MAX_DEPTH opening brackets, so it costs nothing on
    ordinary lines.
    """
    if b'"' in raw:
        import re

        raw = re.sub(rb'"(?:[^"\\]|\\.)*"', b"", raw)
    marks = raw.translate(_OPEN_CLOSE, _NOT_BRACKET)
    return max(accumulate(1 if m == 1 else -1 for m in marks), default=0) > MAX_DEPTH


def _duplicate_key(raw: bytes) -> str | None:
    """The first key an object on this line repeats, or None. Stdlib parse: used only on suspicion."""
    found: list[str] = []

    def pairs(items: list[tuple[str, object]]) -> dict[str, object]:
        seen: set[str] = set()
        for k, _ in items:
            if k in seen and not found:
                found.append(k)
            seen.add(k)
        return dict(items)

    try:
        json.loads(raw, object_pairs_hook=pairs)
    except (ValueError, RecursionError):
        return None
    return found[0] if found else None


def _keys(raw: bytes) -> int:
    """How many object keys a JSON line appears to hold (``":`` and ``" :``; strings may add a few)."""
    return raw.count(b'":') + raw.count(b'" :')


#: card text → canonical spelling, for every card text met so far (bounded: see _canon)
_CANON: dict[str, str] = {}
#: the canonical spellings met so far (each is its own canonical spelling)
_CANONICAL: set[str] = set()
_CANON_MAX = 1 << 16


def _canon(text: str) -> str:
    """:func:`canonical`, memoised in a plain dict (a log repeats the same few hundred cards). Raises CardError."""
    out = _CANON.get(text)
    if out is None:
        out = canonical(text)
        if len(_CANON) < _CANON_MAX:
            _CANON[text] = out
            _CANONICAL.add(out)
    return out


def _canon_all(cards: list[str]) -> list[str]:
    if _CANONICAL.issuperset(cards):  # the usual case: already canonical, the list is kept as it is
        return cards
    m = _CANON
    return [m[c] if c in m else _canon(c) for c in cards]


def _fix_use(e: ev.Use | ev.Respond) -> None:
    if e.card is not None and e.card not in _CANONICAL:
        e.card = _canon(e.card)
    if e.cards is not None:
        e.cards = _canon_all(e.cards)
    if e.as_ is not None:
        from sgs_replay.formats.cards import card_name

        e.as_ = card_name(e.as_)


def _fix_list(e: ev.Draw | ev.Discard | ev.Move | ev.Reveal | ev.Pindian) -> None:
    e.cards = _canon_all(e.cards)


def _fix_some_cards(e: ev.Skill) -> None:
    if e.cards is not None:
        e.cards = _canon_all(e.cards)


def _fix_card(e: ev.Judge | ev.Retrial | ev.Recast) -> None:
    if e.card not in _CANONICAL:
        e.card = _canon(e.card)


def _fix_some_card(e: ev.Damage | ev.Recover) -> None:
    if e.card is not None and e.card not in _CANONICAL:
        e.card = _canon(e.card)


#: how each event type with card fields is canonicalised in place (raises CardError), by type
_FIX: dict[type, Callable[[Any], None]] = {
    cls: fix for classes, fix in (
        ((ev.Use, ev.Respond), _fix_use), ((ev.Draw, ev.Discard, ev.Move, ev.Reveal, ev.Pindian), _fix_list),
        ((ev.Skill,), _fix_some_cards), ((ev.Judge, ev.Retrial, ev.Recast), _fix_card), ((ev.Damage, ev.Recover), _fix_some_card),
    ) for cls in classes
}
#: the event types :func:`events.check_shape` has something to say about
_SHAPED = frozenset({ev.Use, ev.Respond, ev.Move, ev.Penalty, ev.ActionUnit})


def _fix_cards(e: msgspec.Struct) -> str | None:
    """Canonicalise every card field in place. Returns the first bad card's message, if any."""
    try:
        if isinstance(e, ev.Game):
            return _fix_start(e.start) if e.start is not None else None
        fix = _FIX.get(type(e))
        if fix is not None:
            fix(e)
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


def _decode_line(raw: bytes, decoder: msgspec.json.Decoder[Any], header: bool) -> tuple[Any, tuple[Rule, str] | None]:
    """Decode one line: (struct, None), or (None, (rule, detail)) for a located format violation."""
    bad_json = R.F_HEADER if header else R.F_JSON
    bad_event = R.F_HEADER if header else R.F_SCHEMA
    if raw.count(b"[") + raw.count(b"{") > MAX_DEPTH and _too_deep(raw):
        return None, (bad_json, f"nested more than {MAX_DEPTH} levels deep")
    try:
        e = decoder.decode(raw)
    except msgspec.ValidationError as exc:
        return None, (bad_event, str(exc))
    except msgspec.DecodeError as exc:
        return None, (bad_json, str(exc))
    except RecursionError:
        return None, (bad_json, "nested too deeply")
    # msgspec keeps the last of two equal keys; a line with more keys than its struct re-encodes to
    # is checked with the standard library (defaults written out also trigger it, harmlessly)
    if _keys(raw) > _keys(_ENCODE.encode(e)):
        dup = _duplicate_key(raw)
        if dup is not None:
            return None, (bad_event, f"the key {dup!r} appears twice in one object")
    return e, None


def parse_bytes(data: bytes, name: str = "<log>") -> ParsedLog:
    """Parse a whole `.sgs.jsonl` file held in memory (one block: :func:`_parse_blocks`)."""
    digest = hashlib.sha256(data).hexdigest()
    log = ParsedLog(name=name, header=None, content_id=digest[:16], sha256=digest)
    if data.startswith(_BOM):
        data = data[len(_BOM):]
    return _parse_blocks(log, iter([(1, data)]), name)


def parse_lines(lines: Iterable[bytes], name: str = "<log>") -> ParsedLog:
    """Parse a log given as its lines (each without its newline), as :func:`parse_bytes` parses them
    joined into a file, but in blocks of about :data:`CHUNK` bytes: the lines an importer converts a
    recording to are never held as one file as well as parsed (``sha256`` is that file's)."""
    hasher = hashlib.sha256()

    def blocks() -> Iterator[tuple[int, bytes]]:
        start, lines_in, size, part = 1, 0, 0, []
        for line in lines:
            part.append(line)
            lines_in += 1
            size += len(line) + 1
            if size >= CHUNK:
                block = b"\n".join(part) + b"\n"
                hasher.update(block)
                yield start, block
                start, lines_in, size, part = start + lines_in, 0, 0, []
        if part:
            block = b"\n".join(part) + b"\n"
            hasher.update(block)
            yield start, block

    log = _parse_blocks(ParsedLog(name=name, header=None), blocks(), name)
    log.sha256 = hasher.hexdigest()
    log.content_id = log.sha256[:16]
    return log


def _parse_blocks(log: ParsedLog, blocks: Iterator[tuple[int, bytes]], name: str) -> ParsedLog:
    """Parse a log given as blocks of whole lines, each with the number of its first line.

    A well-formed block takes the fast path (:func:`_fast_events`): every event line decoded by
    msgspec in one call. Anything unusual about a block (a bad line, a blank line, a backslash that
    could hide a duplicated key, a bad card) sends it down the line-by-line path, which locates every
    problem. The result does not depend on where the blocks are cut.
    """
    state = _LineState()
    for start, block in blocks:
        if not state.header_seen:
            head, sep, body = block.partition(b"\n")
            if head.strip() and head.lstrip()[:1] == b"{":
                hdr, err = _decode_line(head, _HEADER, True)
                if err is None and not _fix_cards(hdr):
                    fast = _fast_events(body) if sep else []
                    if fast is not None:
                        if hdr.format != ev.FORMAT_ID:
                            log.add(make(R.F_HEADER, start, None, f"format {hdr.format!r} is not {ev.FORMAT_ID!r}",
                                         expected=ev.FORMAT_ID, observed=hdr.format))
                        log.header = hdr
                        state.header_seen = True
                        log.events.extend(enumerate(fast, start=start + 1))
                        continue
        else:
            fast = _fast_events(block)
            if fast is not None:
                log.events.extend(enumerate(fast, start=start))
                continue
        _parse_block_lines(log, block, start, state)
    if not state.header_seen:
        raise UnreadableInput(f"{name}: empty file (no header line)")
    return log


def _fast_events(body: bytes) -> list[ev.Event] | None:
    """Every event line of a well-formed file, decoded in one call, cards canonical; None if unsure.

    The event lines are joined into one JSON array with ``,\\n`` between them. That array decodes to
    exactly one event per line only when every line is one complete JSON object: a line that is not
    ``{…}`` is refused before decoding, a string cannot run on past its line (a raw newline is not
    allowed in a JSON string), an object cannot (its next key would have to be a string) and an array
    cannot (no event holds an array of objects), so a line holding two objects shows as one element
    too many. A duplicated key, which msgspec would quietly resolve, shows as more ``:`` in the bytes
    than in the events re-encoded; the count is exact when the file holds no backslash (no escapes),
    so a file with one takes the line-by-line path.
    """
    if body.endswith(b"\n"):
        body = body[:-1]
    if not body:
        return []
    n = body.count(b"\n") + 1
    if b"\\" in body or body[:1] != b"{" or body[-1:] != b"}" or body.count(b"}\n{") != n - 1:
        return None
    try:
        events = _EVENTS.decode(b"[" + body.replace(b"\n", b",\n") + b"]")
    except (msgspec.DecodeError, RecursionError):
        return None
    if len(events) != n or body.count(b":") != _ENCODE.encode(events).count(b":"):
        return None
    fixes, shaped, shape, plays, lists, canonical = _FIX, _SHAPED, ev.check_shape, _PLAYS, _LISTS, _CANONICAL
    try:
        for e in events:
            t = type(e)
            if t in lists:  # the commonest card events, inline: cards already canonical stay as they are
                if not canonical.issuperset(e.cards):  # type: ignore[union-attr,arg-type]
                    _fix_list(e)  # type: ignore[arg-type]
            elif t in plays:
                if not _fix_play(e):  # type: ignore[arg-type]
                    return None
            else:
                fix = fixes.get(t)
                if fix is not None:
                    fix(e)
                if t in shaped and shape(e) is not None:
                    return None
    except CardError:
        return None
    return events


#: the event types whose only card field is the list ``cards`` (canonicalised by _fix_list)
_LISTS = frozenset((ev.Draw, ev.Discard, ev.Reveal, ev.Pindian))
#: a card used or played (canonicalised and shape-checked at once by _fix_play)
_PLAYS = frozenset((ev.Use, ev.Respond))


def _fix_play(e: ev.Use | ev.Respond) -> bool:
    """:func:`_fix_use` and :func:`events.check_shape` of a use or an answer in one call: False when the
    shape is wrong (a plain ``card``, or ``as`` with the physical ``cards``)."""
    card, cards = e.card, e.cards
    if card is not None:
        if e.as_ is not None or cards is not None:
            return False
        if card not in _CANONICAL:
            e.card = _canon(card)
        return True
    if e.as_ is None or cards is None:
        return False
    _fix_use(e)
    return True


@dataclass
class _LineState:
    header_seen: bool = False


def _parse_lines(log: ParsedLog, data: bytes, name: str) -> ParsedLog:
    """The line-by-line path over a whole file held in memory (the reference the fast path must match)."""
    state = _LineState()
    _parse_block_lines(log, data, 1, state)
    if not state.header_seen:
        raise UnreadableInput(f"{name}: empty file (no header line)")
    return log


def _parse_block_lines(log: ParsedLog, data: bytes, first: int, state: _LineState) -> None:
    """The line-by-line path: each line decoded and checked alone, every problem located."""
    lines = data.split(b"\n")
    for i, raw in enumerate(lines, start=first):
        if not raw.strip():
            continue
        if not state.header_seen:
            state.header_seen = True
            hdr, err = _decode_line(raw, _HEADER, True)
            if err is not None:
                rule, detail = err
                log.add(make(rule, i, None, f"{detail} — {_snippet(raw)}", observed=_snippet(raw)))
                log.bad_lines[i] = content_id(raw.strip())
                continue
            bad = _fix_cards(hdr)
            if bad:
                log.add(make(R.F_CARD, i, None, bad, observed=bad))
            if hdr.format != ev.FORMAT_ID:
                log.add(make(R.F_HEADER, i, None, f"format {hdr.format!r} is not {ev.FORMAT_ID!r}",
                             expected=ev.FORMAT_ID, observed=hdr.format))
            log.header = hdr
            continue
        e, err = _decode_line(raw, _EVENT, False)
        if err is not None:
            rule, detail = err
            log.add(make(rule, i, None, f"{detail} — {_snippet(raw)}", observed=_snippet(raw)))
            log.bad_lines[i] = content_id(raw.strip())
            continue
        bad = _fix_cards(e)
        if bad:
            log.add(make(R.F_CARD, i, getattr(e, "seat", None), bad, observed=_snippet(raw)))
            log.bad_lines[i] = content_id(raw.strip())
            continue
        shape = ev.check_shape(e)
        if shape:
            log.add(make(R.F_SHAPE, i, getattr(e, "seat", None), f"`{ev.event_type(e)}` {shape}",
                         observed=_snippet(raw)))
            log.bad_lines[i] = content_id(raw.strip())
            continue
        log.events.append((i, e))


def looks_like_jsonl(data: bytes) -> bool:
    head = data.removeprefix(_BOM).lstrip()[:1]
    return head == b"{"


_KINDS = ((stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
          (stat.S_ISSOCK, "a socket"))


def not_regular(mode: int) -> str | None:
    """What a file of this ``st_mode`` is when it is neither a regular file nor a folder, or None."""
    if stat.S_ISREG(mode) or stat.S_ISDIR(mode):
        return None
    return next((what for test, what in _KINDS if test(mode)), "not a regular file")


def _check_file(path: Path) -> int:
    """The size of a regular file within the limit per file; UnreadableInput for anything else."""
    try:
        st = os.stat(path)
    except OSError as exc:
        raise UnreadableInput(f"{path}: cannot read ({exc.strerror or exc})") from None
    if stat.S_ISDIR(st.st_mode):
        raise UnreadableInput(f"{path}: is a directory, not a log file")
    kind = not_regular(st.st_mode)
    if kind is not None:
        raise UnreadableInput(f"{path}: not a regular file ({kind}); name a log file")
    max_file, _ = limits()
    if st.st_size > max_file:
        raise UnreadableInput(_too_big(str(path), st.st_size, max_file))
    return st.st_size


def read_path(path: Path) -> ParsedLog:
    """Read one log file of any supported kind, detected by content. Raises UnreadableInput.

    A FIFO, a device or a socket is refused before it is opened (it could block or never end); a file
    over the size limit (:func:`limits`) is refused before it is read."""
    _check_file(path)
    try:
        with open(path, "rb") as fh:
            return read_stream(fh, str(path))
    except OSError as exc:
        raise UnreadableInput(f"{path}: cannot read ({exc.strerror or exc})") from None


def read_limited(path: Path) -> bytes:
    """The bytes of a regular file within the limit per file (a recording to convert). Raises UnreadableInput."""
    _check_file(path)
    max_file, _ = limits()
    try:
        with open(path, "rb") as fh:
            data = fh.read(max_file + 1)
    except OSError as exc:
        raise UnreadableInput(f"{path}: cannot read ({exc.strerror or exc})") from None
    if len(data) > max_file:
        raise UnreadableInput(_too_big(str(path), None, max_file))
    return data


def _too_big(name: str, size: int | None, limit: int) -> str:
    what = f"{size:,} bytes" if size is not None else "more bytes"
    return (f"{name}: {what}, over the limit of {limit / (1 << 20):g} MiB per file "
            "(set SGS_REPLAY_MAX_FILE_MB to read a larger file)")


def read_stream(fh: BinaryIO, name: str) -> ParsedLog:
    """Read one log from an open binary file (a file, standard input) in blocks of whole lines, within
    the limits per file and per line (:func:`limits`). Raises UnreadableInput (and OSError)."""
    max_file, max_line = limits()
    chunk = min(CHUNK, max_line)
    first = fh.read(chunk)
    _load_importers()
    for sniff, convert in SOURCES.values():
        if sniff(first):  # another format, one whole object: read whole (within the limit), then converted
            data = first + fh.read(max_file - len(first) + 1)
            del first  # one copy of the file, not two
            if len(data) > max_file:
                raise UnreadableInput(_too_big(name, None, max_file))
            return convert(data, name)
    _refuse_not_jsonl(first, name)
    hasher = hashlib.sha256()
    log = ParsedLog(name=name, header=None)
    log = _parse_blocks(log, _blocks(fh, first, hasher, name, max_file, max_line, chunk), name)
    log.sha256 = hasher.hexdigest()
    log.content_id = log.sha256[:16]
    return log


def _blocks(fh: BinaryIO, first: bytes, hasher: Any, name: str, max_file: int, max_line: int,
            chunk: int) -> Iterator[tuple[int, bytes]]:
    """(number of the first line, bytes) of each block of whole lines; every byte also goes to
    ``hasher``. Only one block and a partial line are held at a time."""
    data, total, line, tail = first, 0, 1, b""
    bom = True
    while data:
        total += len(data)
        if total > max_file:
            raise UnreadableInput(_too_big(name, None, max_file))
        hasher.update(data)
        if bom:
            bom = False
            if data.startswith(_BOM):
                data = data[len(_BOM):]
        cut = data.rfind(b"\n")
        if cut < 0:
            tail += data
            if len(tail) > max_line:
                raise UnreadableInput(_too_long(name, line, max_line))
        else:
            block = tail + data[:cut + 1]
            if tail and len(tail) + data.find(b"\n") > max_line:
                raise UnreadableInput(_too_long(name, line, max_line))
            tail = data[cut + 1:]
            yield line, block
            line += block.count(b"\n")
        data = fh.read(chunk)
    if tail:
        yield line, tail


def _too_long(name: str, line: int, limit: int) -> str:
    return (f"{name}: line {line} is longer than {limit / (1 << 20):g} MiB, the limit per line "
            "(set SGS_REPLAY_MAX_LINE_MB to read longer lines)")


#: a recognised format: ``sniff(data)`` says whether the bytes are of this format (never by file name);
#: ``convert(data, name)`` turns them into a parsed log or raises UnreadableInput
Sniffer = tuple[Callable[[bytes], bool], Callable[[bytes, str], "ParsedLog"]]
#: the importers of other formats, by name; the reader imports none of them: each registers itself
#: (:func:`register_source`) when the packages named in IMPORTERS are loaded by name
SOURCES: dict[str, Sniffer] = {}
#: ``hint(first_bytes)``: why bytes no importer accepts look like a damaged file of its format (a
#: recording cut short, a flipped bit), or None; said instead of a guess at the encoding
HINTS: list[Callable[[bytes], str | None]] = []
IMPORTERS: tuple[str, ...] = ("sgs_replay.importers",)
_importers_loaded = False


def register_source(name: str, sniff: Callable[[bytes], bool], convert: Callable[[bytes, str], ParsedLog],
                    hint: Callable[[bytes], str | None] | None = None) -> None:
    """Teach every command to read another recording format, recognised by its content (the first
    :data:`CHUNK` bytes of a file). ``hint`` says why bytes look like a damaged file of the format."""
    SOURCES[name] = (sniff, convert)
    if hint is not None and hint not in HINTS:
        HINTS.append(hint)


def _load_importers() -> None:
    global _importers_loaded
    if _importers_loaded:
        return
    import importlib

    for module in IMPORTERS:
        try:
            importlib.import_module(module)
        except ImportError:  # an importer is optional at run time
            continue
    _importers_loaded = True


def parse_any(data: bytes, name: str) -> ParsedLog:
    """Any supported log: a recording one of the registered importers recognises, or sgs-replay/1."""
    _load_importers()
    for sniff, convert in SOURCES.values():
        if sniff(data):
            return convert(data, name)
    _refuse_not_jsonl(data, name)
    return parse_bytes(data, name)


def _refuse_not_jsonl(data: bytes, name: str) -> None:
    """Raise UnreadableInput when the first bytes of a file cannot start a log, saying what they look like."""
    for hint in HINTS:
        why = hint(data)
        if why:
            raise UnreadableInput(f"{name}: {why}")
    if data[:2] == b"\x00\x00":
        raise UnreadableInput(f"{name}: binary data (it starts with NUL bytes), not a match log")
    if data.startswith((b"\xff\xfe", b"\xfe\xff")) or b"\x00" in data.lstrip()[:2]:
        raise UnreadableInput(f"{name}: UTF-16 text; match logs are UTF-8 (save the file as UTF-8)")
    if not looks_like_jsonl(data):
        raise UnreadableInput(f"{name}: not a match log (neither sgs-replay/1 JSON lines nor a known recording)")


LOG_SUFFIXES = (".sgs.jsonl", ".jsonl", ".fk.rep")


def expand_paths(paths: Iterable[Path], skipped: list[str] | None = None) -> Iterator[Path]:
    """Files as given; directories expanded (recursively) to the log files they hold, sorted.

    In a directory, a plain ``.jsonl`` file (not ``.sgs.jsonl``) whose first line is a JSON object
    that is not a game header (no ``"type": "game"``, no ``format``) is some other JSON lines file
    kept beside the logs (a table of facts, an index): it is left out, and named in ``skipped`` with
    the reason. A file named on its own is always read as a log.
    """
    for p in paths:
        if p.is_dir():
            for q in sorted(q for q in p.rglob("*") if q.name.endswith(LOG_SUFFIXES) and not q.is_dir()):
                why = _special(q) or _not_a_log(q)
                if why is None:
                    yield q
                elif skipped is not None:
                    skipped.append(f"{q}: {why}")
        else:
            yield p


def _special(path: Path) -> str | None:
    """Why a file found in a folder is left out without being opened (a FIFO, a device, a dangling link)."""
    try:
        kind = not_regular(path.stat().st_mode)
    except OSError as exc:
        return f"cannot read ({exc.strerror or exc}): left out"
    return f"not a regular file ({kind}): left out" if kind else None


def _not_a_log(path: Path) -> str | None:
    """Why a ``.jsonl`` file found in a directory is not a game log, or None when it may be one."""
    if path.name.endswith(".sgs.jsonl") or not path.name.endswith(".jsonl"):
        return None
    try:
        with path.open("rb") as fh:
            head = fh.read(1 << 16)
    except OSError:
        return None  # the reader reports it
    first = next((ln for ln in head.lstrip(b"\xef\xbb\xbf").splitlines() if ln.strip()), b"")
    try:
        obj = msgspec.json.decode(first)
    except msgspec.DecodeError:
        return None  # not JSON at all (or a first line over 64 KiB): the reader says what is wrong
    if not isinstance(obj, dict) or obj.get("type") == "game" or "format" in obj:
        return None
    return "not a game log (its first line is a JSON object but not a game header); name the file to read it anyway"
