"""Generators of hostile input, shared by tests/test_hostile.py and bench/fuzz_hostile.py.

Structured first: a valid game (header + events from the event model), then one hostile change —
a wrong type in any field, an extreme number, deep nesting, a duplicated key, a BOM, CRLF or
UTF-16, events after the end — and, for FreeKill recordings, truncations and bit flips inside the
compressed CBOR. Every generator is a hypothesis strategy, so a failure shrinks and reproduces.
"""

from __future__ import annotations

import json
import zlib
from typing import Any

from hypothesis import strategies as st

IDENTITY = (("孙权", "lord"), ("甘宁", "loyalist"), ("许褚", "rebel"), ("黄盖", "rebel"), ("华佗", "renegade"))


def header(**extra: Any) -> dict[str, Any]:
    h: dict[str, Any] = {
        "type": "game", "format": "sgs-replay/1", "game_id": "hostile", "mode": "identity", "ruleset": "standard",
        "players": [{"seat": i, "general": g, "role": r} for i, (g, r) in enumerate(IDENTITY, start=1)],
        "start": {"current": 3, "phase": "play", "deck": ["♣3 杀", "♦4 闪"],
                  "seats": {"1": {"hand": ["♥4 桃"]}, "2": {}, "3": {"hand": ["♠7 杀", "♠A 决斗"], "hp": 3},
                            "4": {"hand": ["♦2 闪"], "hp": 1}, "5": {}}},
    }
    h.update(extra)
    return h


EVENTS: list[dict[str, Any]] = [
    {"type": "use", "seat": 3, "card": "♠7 杀", "targets": [4]},
    {"type": "respond", "seat": 4, "card": "♦2 闪"},
    {"type": "use", "seat": 3, "card": "♠A 决斗", "targets": [4]},
    {"type": "damage", "source": 3, "target": 4, "amount": 1, "card": "♠A 决斗"},
    {"type": "dying", "seat": 4},
    {"type": "death", "seat": 4, "killer": 3},
    {"type": "draw", "seat": 3, "cards": ["♣3 杀", "♦4 闪", "?"], "reason": "reward"},
    {"type": "phase", "seat": 3, "phase": "discard"},
    {"type": "turn_end", "seat": 3},
    {"type": "turn", "seat": 5},
    {"type": "max_hp", "seat": 5, "delta": -1},
    {"type": "lose_hp", "seat": 5, "amount": 1},
    {"type": "recover", "seat": 5, "amount": 1},
    {"type": "skill", "seat": 5, "skill": "青囊", "targets": [5], "cards": ["?"]},
    {"type": "choose", "seat": 5, "choice": ["a", 1]},
    {"type": "move", "cards": ["?"], "from": {"zone": "deck"}, "to": {"zone": "hand", "seat": 5}},
    {"type": "penalty", "seat": 5, "points": 1},
]


def dumps(obj: Any) -> bytes:
    return json.dumps(obj, ensure_ascii=False).encode("utf-8")


def log_bytes(lines: list[Any]) -> bytes:
    return b"\n".join(x if isinstance(x, bytes) else dumps(x) for x in lines) + b"\n"


GOOD = log_bytes([header(), *EVENTS])

# --------------------------------------------------------------------------------------------- values
EXTREME_INTS = [2**70, -(2**70), 2**63, 2**31, 40000, 32768, 100, -100, 10**12 + 1]
ODD_VALUES: list[Any] = [None, True, "", "３", [], {}, [[]], {"a": 1}, 1.5, -0.0, 1e308, "\u202e", "x" * 300,
                         *EXTREME_INTS]
odd_values = st.sampled_from(ODD_VALUES) | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20)


def paths(obj: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value inside a JSON object (keys and list indexes)."""
    out = [prefix] if prefix else []
    if isinstance(obj, dict):
        for k, v in obj.items():
            out.extend(paths(v, (*prefix, k)))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            out.extend(paths(v, (*prefix, i)))
    return out


def set_path(obj: Any, path: tuple[Any, ...], value: Any) -> Any:
    obj = json.loads(json.dumps(obj))
    cur = obj
    for k in path[:-1]:
        cur = cur[k]
    cur[path[-1]] = value
    return obj


def nested(depth: int, kind: str) -> str:
    if kind == "array":
        return "[" * depth + "]" * depth
    return '{"a":' * depth + "1" + "}" * depth


@st.composite
def wrong_value_logs(draw: st.DrawFn) -> bytes:
    """The good log with one value anywhere (header or event) replaced by an odd one."""
    lines: list[Any] = [header(), *EVENTS]
    i = draw(st.integers(0, len(lines) - 1))
    where = paths(lines[i])
    path = draw(st.sampled_from(where))
    lines[i] = set_path(lines[i], path, draw(odd_values))
    return log_bytes(lines)


@st.composite
def deep_logs(draw: st.DrawFn) -> bytes:
    lines: list[Any] = [dumps(header()), *(dumps(e) for e in EVENTS)]
    i = draw(st.integers(0, len(lines) - 1))
    depth = draw(st.sampled_from([65, 200, 1000, 5000, 50_000]))
    kind = draw(st.sampled_from(["array", "object"]))
    key = draw(st.sampled_from(["meta", "choice", "zz", "note"]))
    lines[i] = lines[i][:-1] + f',"{key}":{nested(depth, kind)}}}'.encode()
    return log_bytes(lines)


@st.composite
def duplicate_key_logs(draw: st.DrawFn) -> tuple[bytes, int]:
    """(log, the line with a repeated key)."""
    i = draw(st.integers(1, len(EVENTS)))
    e = EVENTS[i - 1]
    key = draw(st.sampled_from(sorted(e)))
    value = draw(st.sampled_from([e[key], 7, "x"]))
    sep = draw(st.sampled_from([":", ": ", " : "]))
    raw = dumps(e)[:-1] + f', "{key}"{sep}{json.dumps(value, ensure_ascii=False)}}}'.encode()
    lines: list[Any] = [header(), *EVENTS]
    lines[i] = raw
    return log_bytes(lines), i + 1


@st.composite
def encoded_logs(draw: st.DrawFn) -> bytes:
    """BOM, CRLF, UTF-16 and other encodings of the good log."""
    text = GOOD.decode("utf-8")
    how = draw(st.sampled_from(["bom", "crlf", "bom+crlf", "utf-16", "utf-16-le", "utf-16-be", "latin-1-ish",
                                "cr only", "nul bytes"]))
    if how == "bom":
        return b"\xef\xbb\xbf" + GOOD
    if how == "crlf":
        return GOOD.replace(b"\n", b"\r\n")
    if how == "bom+crlf":
        return b"\xef\xbb\xbf" + GOOD.replace(b"\n", b"\r\n")
    if how == "cr only":
        return GOOD.replace(b"\n", b"\r")
    if how == "nul bytes":
        return GOOD.replace(b"\n", b"\n\x00", 3)
    if how == "latin-1-ish":
        return text.encode("gb18030")
    return text.encode(how)


@st.composite
def after_end_logs(draw: st.DrawFn) -> bytes:
    extra = draw(st.lists(st.sampled_from(EVENTS), min_size=1, max_size=5))
    end = {"type": "game_end", "winner": "lord", "reason": "rebels_and_renegades_dead"}
    return log_bytes([header(), *EVENTS, end, *extra])


@st.composite
def byte_mutated_logs(draw: st.DrawFn) -> bytes:
    data = bytearray(GOOD)
    for _ in range(draw(st.integers(1, 8))):
        pos = draw(st.integers(0, len(data) - 1))
        op = draw(st.sampled_from(["flip", "delete", "insert", "truncate"]))
        if op == "flip":
            data[pos] ^= 1 << draw(st.integers(0, 7))
        elif op == "delete":
            del data[pos]
        elif op == "insert":
            data[pos:pos] = draw(st.sampled_from([b"{", b"[", b'"', b"\n", b"\xff", b"\\", b"\x00", b"}"]))
        else:
            del data[pos:]
        if not data:
            data = bytearray(b"{")
    return bytes(data)


jsonl_logs = st.one_of(wrong_value_logs(), deep_logs(), duplicate_key_logs().map(lambda t: t[0]), encoded_logs(),
                       after_end_logs(), byte_mutated_logs())


# --------------------------------------------------------------------------------------------- FreeKill
def recording(top: list[Any], declared: int | None = None) -> bytes:
    import cbor2

    raw = cbor2.dumps(top)
    return (len(raw) if declared is None else declared).to_bytes(4, "big") + zlib.compress(raw)


@st.composite
def freekill_mutations(draw: st.DrawFn, base: bytes) -> bytes:
    """A real recording truncated, bit-flipped inside the CBOR (re-compressed), or concatenated."""
    how = draw(st.sampled_from(["truncate", "flip-cbor", "flip-raw", "concat", "declared", "junk-tail"]))
    if how == "truncate":
        return base[:draw(st.integers(0, len(base) - 1))]
    if how == "flip-raw":
        data = bytearray(base)
        pos = draw(st.integers(0, len(data) - 1))
        data[pos] ^= 1 << draw(st.integers(0, 7))
        return bytes(data)
    if how == "concat":
        return base + base
    if how == "junk-tail":
        return base + draw(st.binary(min_size=1, max_size=64))
    raw = bytearray(zlib.decompress(base[4:]))
    if how == "declared":
        return draw(st.integers(0, 2**32 - 1)).to_bytes(4, "big") + base[4:]
    for _ in range(draw(st.integers(1, 6))):
        pos = draw(st.integers(0, len(raw) - 1))
        raw[pos] ^= 1 << draw(st.integers(0, 7))
    return len(raw).to_bytes(4, "big") + zlib.compress(bytes(raw))


# ------------------------------------------------------------------------------------ round two: bombs
def cbor_bomb(items: int, unit: bytes = b"\x80", where: str = "top") -> bytes:
    """A small recording whose CBOR holds ``items`` tiny items (``0x80``: an empty array each), in
    the top-level array or in one entry's payload: kilobytes compressed, millions of objects decoded."""
    head = b"\x9f\x46" + b"0.5.22" + b"\x40" * 9  # an indefinite array: the version, 9 empty header items
    if where == "top":
        body = head + unit * items + b"\xff"
    else:  # one entry [ms, request, command, payload] whose payload (bytes) is the bomb
        payload = b"\x9f" + unit * items + b"\xff"
        n = len(payload)
        size = b"\x5a" + n.to_bytes(4, "big")
        body = head + b"\x84\x00\xf4\x43Log" + size + payload + b"\xff"
    return len(body).to_bytes(4, "big") + zlib.compress(body, 9)


@st.composite
def cbor_bombs(draw: st.DrawFn) -> bytes:
    """Recordings with too many items, too deep a nesting, a container claiming billions of items or
    a reference tag (each makes a few bytes stand for much memory)."""
    how = draw(st.sampled_from(["many", "payload", "deep", "claim", "shared", "stringref"]))
    if how == "many":
        return cbor_bomb(draw(st.integers(2_000_001, 2_100_000)), draw(st.sampled_from([b"\x80", b"\xa0", b"\x00"])))
    if how == "payload":
        return cbor_bomb(2_000_100, where="payload")
    head = b"\x9f\x46" + b"0.5.22" + b"\x40" * 9
    if how == "deep":
        body = head + b"\x81" * draw(st.integers(65, 5000)) + b"\x00\xff"
    elif how == "claim":
        body = head + b"\x9b" + draw(st.integers(2**32, 2**64 - 1)).to_bytes(8, "big") + b"\xff"
    elif how == "shared":  # 28(array[29(0), 29(0)]) nested: a doubling at every level
        body = head + b"\xd8\x1c\x82\xd8\x1d\x00\xd8\x1d\x00" + b"\xff"
    else:
        body = head + b"\xd9\x01\x00\x81\x41x" + b"\xff"
    return len(body).to_bytes(4, "big") + zlib.compress(body, 9)


#: control characters a log value may hold to forge or hide a line of a report
CONTROLS = ["\n", "\r", "\x1b[8m", "\x1b[2J", "\x07", "\x00", "\x7f", "\x9b", "\u202e", "\u2028"]


@st.composite
def control_texts(draw: st.DrawFn) -> str:
    """Text holding control characters, e.g. a forged ``Verdict: Clean`` line after a newline."""
    parts = draw(st.lists(st.one_of(st.sampled_from(CONTROLS), st.sampled_from(["Verdict: Clean", "裁决：无违规", "x"]),
                                    st.text(max_size=8)), min_size=1, max_size=6))
    return "".join(parts) + draw(st.sampled_from(CONTROLS))
