"""Fuzzing the reader and the replayer with mutated scenario logs: never a traceback.

Every mutated log must come out of ``parse_bytes`` + ``validate_parsed`` as a report (violations, or
nothing) or as :class:`UnreadableInput` — never as any other exception. The mutations are seeded
and deterministic (``random.Random(seed)``), so a failure reproduces; the failing bytes are written
into the assertion message.

Mutations (one to three per variant): truncated lines, wrong JSON types, bad cards, swapped and
renamed fields, binary junk, deleted / duplicated / swapped lines, random seat numbers, changed
event types, extreme numbers, and the same on the header (players, start position).
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from sgs_replay.formats import events as ev
from sgs_replay.formats.reader import UnreadableInput, parse_bytes
from sgs_replay.replay.validate import validate_parsed

SCENARIOS = Path(__file__).resolve().parents[1].parent / "shared" / "scenarios"
KINDS = {"illegal_play", "resolution_order", "bookkeeping", "outcome", "format"}
TAGS = sorted(ev.TAG_OF.values())
SEAT_KEYS = ("seat", "target", "source", "killer", "victim")
VARIANTS_PER_CHUNK = 1000
CHUNKS = 11  # 11,000 variants in all

_IDENTITY = [("孙权", "lord"), ("甘宁", "loyalist"), ("许褚", "rebel"), ("黄盖", "rebel"), ("华佗", "renegade")]
_BUILTIN_HEADER = {
    "type": "game", "format": "sgs-replay/1", "game_id": "fuzz", "mode": "identity", "ruleset": "standard",
    "players": [{"seat": i, "general": g, "role": r} for i, (g, r) in enumerate(_IDENTITY, start=1)],
    "start": {"current": 3, "phase": "play", "deck": ["♣3 杀", "♦4 闪", "♥7 无中生有"],
              "seats": {"1": {"hand": ["♥4 桃"]}, "2": {}, "3": {"hand": ["♠7 杀", "♠A 决斗", "♠3 顺手牵羊"],
                                                                    "equip": ["♣A 诸葛连弩"]},
                        "4": {"hand": ["♦2 闪", "♣2 杀"], "hp": 1}, "5": {"judge": ["♠6 乐不思蜀"]}}},
}
_BUILTIN_EVENTS = [
    {"type": "use", "seat": 3, "card": "♠7 杀", "targets": [4]},
    {"type": "respond", "seat": 4, "card": "♦2 闪"},
    {"type": "use", "seat": 3, "card": "♠A 决斗", "targets": [4]},
    {"type": "respond", "seat": 4, "card": "♣2 杀"},
    {"type": "damage", "source": 4, "target": 3, "amount": 1, "card": "♠A 决斗"},
    {"type": "use", "seat": 3, "card": "♠3 顺手牵羊", "targets": [4]},
    {"type": "move", "cards": ["♦2 闪"], "from": {"seat": 4, "zone": "hand"}, "to": {"seat": 3, "zone": "hand"},
     "reason": "顺手牵羊"},
    {"type": "phase", "seat": 3, "phase": "discard"},
    {"type": "turn", "seat": 4},
    {"type": "phase", "seat": 4, "phase": "draw"},
    {"type": "draw", "seat": 4, "cards": ["♣3 杀", "♦4 闪"], "reason": "phase"},
    {"type": "damage", "target": 4, "amount": 1},
    {"type": "dying", "seat": 4},
    {"type": "death", "seat": 4, "killer": 3},
    {"type": "draw", "seat": 3, "cards": ["♥7 无中生有", "?", "?"], "reason": "reward"},
    {"type": "game_end", "winner": "lord", "reason": "rebels_and_renegades_dead"},
]


def _corpus() -> list[list[bytes]]:
    """The logs to mutate, as lists of lines: the shared scenarios, or a built-in log without them."""
    logs = [p.read_bytes().splitlines() for p in sorted(SCENARIOS.glob("*.sgs.jsonl"))]
    builtin = [json.dumps(x, ensure_ascii=False).encode() for x in (_BUILTIN_HEADER, *_BUILTIN_EVENTS)]
    return [*logs, builtin]


CORPUS = _corpus()

# ---------------------------------------------------------------------------------------------------
# value-level mutations (on decoded JSON)
# ---------------------------------------------------------------------------------------------------

ODD_VALUES: list[Any] = [
    None, True, False, 0, -1, 1, 2, 11, 99, 100, 2**31, 2**64, -(2**63), 1.5, -0.0, 1e308, "", " ", "?", "3",
    "♠7 杀", "♠14 杀", "Z7 杀", "♠7", "杀", "slash", "♠7 杀\u0000", "\u202e", "🂡", "x" * 5000,
    [], [None], [1, 2, 3], ["♠7 杀", "?"], [[[]]], {}, {"zone": "hand"}, {"seat": 99, "zone": "pile:"},
    {"seat": 1, "zone": "judge"}, {"hp": -5, "max_hp": 0, "alive": False},
]
BAD_CARDS = ["♠14 杀", "♠0 杀", "Z7 杀", "♠7", "♠7 foo", "♠7杀", "spade7 slash", "", " ", "??", "♠7 杀 杀", "S10slash",
             "heart Q", "♥Q 闪电 ", "🂡 杀", "\x00", "1 杀", "♠A 兵粮寸断", "♣A 连弩", "♠7 thunder_slash"]


def _walk(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[tuple[Any, ...], Any]]:
    out = [(path, node)]
    if isinstance(node, dict):
        for k, v in node.items():
            out.extend(_walk(v, (*path, k)))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out.extend(_walk(v, (*path, i)))
    return out


def _set(root: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    parent = root
    for k in path[:-1]:
        parent = parent[k]
    parent[path[-1]] = value
    return root


def _pick(rng: random.Random, obj: Any, pred: Callable[[tuple[Any, ...], Any], bool]) -> tuple[Any, ...] | None:
    spots = [p for p, v in _walk(obj) if p and pred(p, v)]
    return rng.choice(spots) if spots else None


def m_wrong_type(rng: random.Random, obj: Any) -> Any:
    path = _pick(rng, obj, lambda p, v: True)
    return obj if path is None else _set(obj, path, rng.choice(ODD_VALUES))


def m_bad_card(rng: random.Random, obj: Any) -> Any:
    path = _pick(rng, obj, lambda p, v: isinstance(v, str) and (" " in v or v == "?") and len(v) < 12)
    return obj if path is None else _set(obj, path, rng.choice(BAD_CARDS))


def m_seat(rng: random.Random, obj: Any) -> Any:
    def is_seat(p: tuple[Any, ...], v: Any) -> bool:
        key = p[-1] if not isinstance(p[-1], int) else (p[-2] if len(p) > 1 else None)
        return isinstance(v, int) and not isinstance(v, bool) and key in (*SEAT_KEYS, "targets", "order", "acted", "current")

    path = _pick(rng, obj, is_seat)
    value = rng.choice([rng.randint(-2, 12), 0, 6, 7, 10, 11])
    return obj if path is None else _set(obj, path, value)


def m_swap_fields(rng: random.Random, obj: Any) -> Any:
    path = _pick(rng, obj, lambda p, v: isinstance(v, dict) and len(v) >= 2)
    node = obj if path is None else None
    if path is not None:
        node = obj
        for k in path:
            node = node[k]
    if not isinstance(node, dict) or len(node) < 2:
        return obj
    a, b = rng.sample(sorted(node), 2)
    node[a], node[b] = node[b], node[a]
    return obj


def m_rename_field(rng: random.Random, obj: Any) -> Any:
    if not isinstance(obj, dict) or not obj:
        return obj
    key = rng.choice(sorted(obj))
    new = rng.choice([key[:-1], key + "s", key.upper(), "targts", "type", "as", "from", "t", "note", ""])
    obj[new] = obj.pop(key)
    return obj


def m_drop_field(rng: random.Random, obj: Any) -> Any:
    path = _pick(rng, obj, lambda p, v: isinstance(p[-1], str))
    if path is None:
        return obj
    parent = obj
    for k in path[:-1]:
        parent = parent[k]
    del parent[path[-1]]
    return obj


def m_retype(rng: random.Random, obj: Any) -> Any:
    if isinstance(obj, dict):
        obj["type"] = rng.choice(TAGS)
    return obj


def m_add_field(rng: random.Random, obj: Any) -> Any:
    if isinstance(obj, dict):
        key = rng.choice(["seat", "targets", "card", "cards", "as", "skill", "victim", "direction", "reason", "start",
                          "amount", "source", "nature", "winner", "killer", "t", "note", "choice", "order"])
        obj[key] = rng.choice(ODD_VALUES)
    return obj


JSON_MUTATIONS = [m_wrong_type, m_bad_card, m_seat, m_swap_fields, m_rename_field, m_drop_field, m_retype, m_add_field,
                  m_seat, m_bad_card]

# ---------------------------------------------------------------------------------------------------
# line-level mutations
# ---------------------------------------------------------------------------------------------------


def _junk(rng: random.Random) -> bytes:
    return bytes(rng.randrange(256) for _ in range(rng.randint(1, 24)))


def mutate(rng: random.Random, lines: list[bytes]) -> list[bytes]:
    lines = list(lines)
    for _ in range(rng.randint(1, 3)):
        if not lines:
            lines = [_junk(rng)]
        i = rng.randrange(len(lines))
        op = rng.randrange(12)
        if op <= 3:  # a JSON-level change (weighted: most interesting for the replayer)
            try:
                obj = json.loads(lines[i])
            except ValueError:
                continue
            obj = rng.choice(JSON_MUTATIONS)(rng, obj)
            lines[i] = json.dumps(obj, ensure_ascii=rng.random() < 0.3).encode()
        elif op == 4:
            lines[i] = lines[i][: rng.randrange(len(lines[i]) + 1)]
        elif op == 5:
            pos = rng.randrange(len(lines[i]) + 1)
            lines[i] = lines[i][:pos] + _junk(rng) + lines[i][pos:]
        elif op == 6:
            del lines[i]
        elif op == 7:
            lines.insert(i, lines[i])
        elif op == 8 and len(lines) > 1:
            j = rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        elif op == 9:
            lines.insert(i, rng.choice([_junk(rng), b"", b"{}", b"null", b"[" * 200 + b"]" * 200, b'{"type": "game"}',
                                        lines[0]]))
        elif op == 10:  # the same JSON change twice on one line
            try:
                obj = json.loads(lines[i])
            except ValueError:
                continue
            for _ in range(2):
                obj = rng.choice(JSON_MUTATIONS)(rng, obj)
            lines[i] = json.dumps(obj, ensure_ascii=False).encode()
        else:  # splice in a line of another log
            other = rng.choice(CORPUS)
            lines.insert(i, rng.choice(other))
    return lines


KNOWN_CRASHES: list[str] = []


def _known_crash(parsed: Any, error: str) -> bool:
    """Engine faults that are known and tracked elsewhere (none at present)."""
    return any(k in error for k in KNOWN_CRASHES)


def _check(data: bytes) -> str | None:
    """None when the replay ends in a report or UnreadableInput; the traceback text otherwise."""
    try:
        parsed = parse_bytes(data, "fuzz.sgs.jsonl")
    except UnreadableInput:
        return None
    except Exception as exc:  # noqa: BLE001
        return f"parse_bytes: {type(exc).__name__}: {exc}"
    try:
        replay = validate_parsed(parsed)
    except Exception as exc:  # noqa: BLE001
        if _known_crash(parsed, f"{type(exc).__name__}: {exc}"):
            KNOWN_CRASHES.append(str(exc))
            return None
        import traceback

        return f"validate_parsed: {type(exc).__name__}: {exc}\n{traceback.format_exc()[-800:]}"
    # the replayer turns an engine exception into an "internal error" (the event is left unchecked):
    # still a bug, and the fuzz reports it
    errors = [x for x in replay.extra.get("internal_errors", []) if not _known_crash(parsed, x)]
    if errors:
        return f"validate_parsed internal error: {errors[0]}"
    report = replay.report
    n_lines = data.count(b"\n") + 1
    for v in report.violations:
        if v.kind not in KINDS or not 1 <= v.line <= n_lines or not v.rule.startswith("SGS-"):
            return f"malformed violation {v}"
    return None


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_mutated_logs_never_crash(chunk: int) -> None:
    rng = random.Random(20_130_803 + chunk)
    failures: list[str] = []
    for k in range(VARIANTS_PER_CHUNK):
        base = CORPUS[(chunk * VARIANTS_PER_CHUNK + k) % len(CORPUS)]
        data = b"\n".join(mutate(rng, base)) + b"\n"
        problem = _check(data)
        if problem:
            failures.append(f"variant {k} of chunk {chunk}: {problem}\n    log: {data[:600]!r}")
    assert not failures, f"{len(failures)} crash(es):\n" + "\n".join(failures[:3])


@pytest.mark.parametrize("kind", ["deep", "long", "many", "nul"])
def test_pathological_inputs(kind: str) -> None:
    header = CORPUS[-1][0]
    body = {
        "deep": [b"[" * 100_000 + b"]" * 100_000, b'{"type": "note"' + b', "x": {' * 5000 + b"}" * 5000 + b"}"],
        "long": [b'{"type": "turn", "seat": 3, "note": "' + b"x" * 2_000_000 + b'"}'],
        "many": [b'{"type": "pass", "seat": 4}'] * 20_000,
        "nul": [b"\x00" * 10_000, b"\n" * 10_000],
    }[kind]
    assert _check(b"\n".join([header, *body])) is None


def test_resolution_that_nests_deeply_is_reported_not_crashed() -> None:
    """A long run of counter-counters keeps one frame; a run of dying states must not overflow either."""
    header = CORPUS[-1][0]
    chain = ['{"type": "use", "seat": 3, "card": "♠A 决斗", "targets": [4]}'.encode()]
    chain += [b'{"type": "use", "seat": %d, "card": "?"}' % (3 + k % 2) for k in range(500)]
    chain += [b'{"type": "damage", "target": %d, "amount": 1}' % (1 + k % 5) for k in range(500)]
    assert _check(b"\n".join([header, *chain])) is None


@pytest.mark.parametrize("zone", ["equip", "judge"])
def test_bad_card_in_start_position_is_replayed(zone: str) -> None:
    header = json.loads(CORPUS[-1][0])
    header["start"]["seats"]["3"][zone] = ["♠14 杀"]
    data = b"\n".join([json.dumps(header, ensure_ascii=False).encode(),
                       b'{"type": "phase", "seat": 3, "phase": "discard"}', b'{"type": "turn", "seat": 4}',
                       b'{"type": "turn", "seat": 5}', b'{"type": "turn", "seat": 1}', b'{"type": "turn", "seat": 2}',
                       b'{"type": "turn", "seat": 3}', b'{"type": "phase", "seat": 3, "phase": "judge"}',
                       b'{"type": "turn", "seat": 5}'])
    replay = validate_parsed(parse_bytes(data, "start.sgs.jsonl"))
    assert not replay.extra.get("internal_errors")
    rules = [(v.rule, v.line) for v in replay.report.violations]
    assert ("SGS-F003", 1) in rules
    assert ("SGS-T001", 9) in rules  # the game is replayed: seat 5 out of turn (line 9) is still caught


# ---------------------------------------------------------------------------------------------------
# a small sample through the command line: exit status 0, 1 or 3, never a traceback
# ---------------------------------------------------------------------------------------------------


def test_cli_exit_codes_on_mutated_logs(cli: Any, tmp_path: Path) -> None:
    rng = random.Random(7)
    paths = []
    for k in range(5):
        base = CORPUS[k * 3 % len(CORPUS)]
        p = tmp_path / f"m{k}.sgs.jsonl"
        p.write_bytes(b"\n".join(mutate(rng, base)) + b"\n")
        paths.append(p)
    (tmp_path / "zz-empty.sgs.jsonl").write_bytes(b"")
    with ThreadPoolExecutor(max_workers=max(2, os.cpu_count() or 2)) as pool:
        runs = list(pool.map(lambda p: cli("validate", str(p), "--json"), paths))
    for p, run in zip(paths, runs, strict=True):
        assert run.returncode in (0, 1, 3), (p.read_bytes()[:400], run.stderr[-600:])
        assert "Traceback" not in run.stderr, run.stderr[-1200:]
        if run.returncode in (0, 1):
            out = json.loads(run.stdout)
            assert (run.returncode == 1) == bool(out["violations"])
    whole = cli("validate", str(tmp_path), "--json")
    assert whole.returncode == 3  # the empty file is unreadable; the others are still reported
    assert "Traceback" not in whole.stderr
    assert len(json.loads(whole.stdout)["files"]) == len(paths)
