"""The reader's fast path (one msgspec call per file) reads exactly what the line-by-line path reads,
and leaves every file it is not sure of to the line-by-line path, which locates the problems."""

from __future__ import annotations

from pathlib import Path

import pytest

from sgs_replay.formats import reader
from sgs_replay.formats.reader import ParsedLog, _parse_lines, content_id, parse_bytes, read_path

ROOT = Path(__file__).resolve().parent.parent
HEADER = (b'{"type":"game","format":"sgs-replay/1","mode":"identity","ruleset":"standard-2013",'
          b'"players":[{"seat":1,"general":"\xe5\x88\x98\xe5\xa4\x87","role":"lord"},'
          b'{"seat":2,"general":"\xe6\x9b\xb9\xe6\x93\x8d","role":"rebel"},'
          b'{"seat":3,"general":"\xe5\xad\x99\xe6\x9d\x83","role":"loyalist"},'
          b'{"seat":4,"general":"\xe5\x90\x95\xe5\xb8\x83","role":"renegade"}]}')
TURN = b'{"type":"turn","seat":1}'
DRAW = b'{"type":"draw","seat":1,"cards":["S7 slash","h4 peach"]}'


def _slow(data: bytes, name: str = "<log>") -> ParsedLog:
    return _parse_lines(ParsedLog(name=name, header=None, content_id=content_id(data)), data, name)


def _same(data: bytes) -> ParsedLog:
    a, b = parse_bytes(data), _slow(data)
    assert a.header == b.header
    assert a.events == b.events
    assert [(v.rule, v.line, v.message) for v in a.violations] == [(v.rule, v.line, v.message) for v in b.violations]
    assert a.bad_lines == b.bad_lines
    return a


def _fast(body: bytes) -> bool:
    return reader._fast_events(body) is not None


def test_a_clean_file_takes_the_fast_path_and_reads_the_same() -> None:
    body = b"\n".join([TURN, DRAW, b'{"type":"use","seat":1,"card":"S7 slash","targets":[2]}']) + b"\n"
    assert _fast(body)
    log = _same(HEADER + b"\n" + body)
    assert [line for line, _ in log.events] == [2, 3, 4]
    assert log.events[1][1].cards == ["♠7 杀", "♥4 桃"]


@pytest.mark.parametrize("body", [
    # two objects on one line, and a string running over two lines (the counts would still agree)
    TURN + b',{"type":"turn","seat":2}\n{"type":"pass","note":"a\nb","seat":1}',
    # an object running over two lines
    b'{"type":"pass","seat":1,\n"t":1}\n' + TURN,
    b'{"type":"pass","seat":1,"seat":2}',  # a duplicated key
    b'{"type":"pass","seat":1,"note":"x\\"","note":"y"}',  # a duplicated key in a file with escapes
    b'{"type":"draw","seat":1,"cards":["S7 nothing"]}',  # a bad card
    b'{"type":"use","seat":1,"card":"S7 slash","as":"slash"}',  # a bad shape
    TURN + b"\n\n" + TURN,  # a blank line
    TURN + b"\r\n" + TURN,  # CRLF
    b"[" + TURN + b"]",
    b"not json",
])
def test_anything_unusual_is_read_line_by_line(body: bytes) -> None:
    assert not _fast(body)
    _same(HEADER + b"\n" + body + b"\n")


def test_a_duplicated_key_is_still_a_located_violation() -> None:
    log = parse_bytes(HEADER + b"\n" + TURN + b'\n{"type":"pass","seat":1,"seat":2}\n')
    assert [(v.line, "appears twice" in v.message) for v in log.violations] == [(3, True)]
    assert [line for line, _ in log.events] == [2]


def test_every_sample_log_reads_the_same_both_ways() -> None:
    files = sorted((ROOT / "sample_logs").rglob("*.sgs.jsonl"))
    assert files
    for f in files:
        _same(f.read_bytes())


def test_game_ids_are_the_hash_of_the_bytes_and_do_not_change() -> None:
    """The store's game id is the content id: pinned, so a faster reader never renames a game."""
    pinned = {
        "3v3/demo-cup-r1-t1-g1.sgs.jsonl": "7f3560b72b3fded1",
        "disputes/table2-rebel-reward.sgs.jsonl": "a2272f83aff834aa",
        "disputes/table7-second-slash.sgs.jsonl": "ba8d67d32782bdaa",
        "identity/20261129104308.AI1.aaa_role_mode.diaochan.rebel.2+4.sgs.jsonl": "e15c61e443f0c150",
    }
    for rel, gid in pinned.items():
        assert read_path(ROOT / "sample_logs" / rel).content_id == gid
