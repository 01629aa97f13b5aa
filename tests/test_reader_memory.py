"""Reading never holds a whole log: memory follows the longest line, not the file; a recording that is one
object (FreeKill's) keeps one form of it at a time, and its converted lines are parsed in blocks."""

from __future__ import annotations

import tracemalloc
from pathlib import Path

import pytest

from sgs_replay.formats import reader
from sgs_replay.formats.reader import parse_bytes, parse_lines, read_path

ROOT = Path(__file__).resolve().parent.parent
HEADER = (b'{"type":"game","format":"sgs-replay/1","mode":"identity","ruleset":"standard-2013",'
          b'"players":[{"seat":1,"general":"\xe5\x88\x98\xe5\xa4\x87","role":"lord"},'
          b'{"seat":2,"general":"\xe6\x9b\xb9\xe6\x93\x8d","role":"rebel"}]}')
EVENTS = (b'{"type":"turn","seat":1}', b'{"type":"draw","seat":1,"cards":["S7 slash","h4 peach"]}')
RECORDINGS = sorted((ROOT / "sample_logs" / "freekill").glob("*.fk.rep"))


def _warm(tmp: Path) -> None:
    """One read first: the modules and tables a first read loads (once per process) are not the reading's memory."""
    small = tmp / "warm.sgs.jsonl"
    small.write_bytes(HEADER + b"\n" + b"\n".join(EVENTS) + b"\n")
    read_path(small)


def _peak_reading(path: Path) -> tuple[int, reader.ParsedLog]:
    _warm(path.parent)
    tracemalloc.start()
    try:
        tracemalloc.reset_peak()
        log = read_path(path)
        return tracemalloc.get_traced_memory()[1], log
    finally:
        tracemalloc.stop()


@pytest.mark.parametrize("line_kib", [16, 256])
def test_reading_a_log_holds_a_block_and_a_line_not_the_file(tmp_path: Path, line_kib: int) -> None:
    """Lines padded to ``line_kib`` KiB (JSON allows the spaces; the events they decode to are tiny): the
    file is 40 MiB, and reading it peaks at a few copies of a block of whole lines (:data:`reader.CHUNK`
    and at most a line more), however long the file is."""
    line = line_kib << 10
    n = (40 << 20) // line
    path = tmp_path / "long.sgs.jsonl"
    with path.open("wb") as fh:
        fh.write(HEADER + b"\n")
        for i in range(n):
            event = EVENTS[i % 2]
            fh.write(event + b" " * (line - len(event) - 1) + b"\n")
    size = path.stat().st_size
    bound = 10 * (reader.CHUNK + line)  # a block read, cut at its last line, and the fast path's copies of it
    assert size > 3 * bound  # a reader holding the file would be far over the bound
    peak, log = _peak_reading(path)
    assert len(log.events) == n and not log.violations
    assert peak < bound, f"reading a {size:,}-byte file of {line:,}-byte lines peaked at {peak:,} bytes"


def test_a_line_over_the_limit_is_refused_before_it_is_held(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SGS_REPLAY_MAX_LINE_MB", "1")
    path = tmp_path / "one-long-line.sgs.jsonl"
    path.write_bytes(HEADER + b"\n" + EVENTS[0] + b" " * (32 << 20) + b"\n")
    _warm(tmp_path)
    tracemalloc.start()
    try:
        with pytest.raises(reader.UnreadableInput, match="line 2 is longer than 1 MiB"):
            read_path(path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 8 << 20  # a few MiB (the limit, a read, their join), not the 32 MiB line


@pytest.mark.parametrize("chunk", [64, 4096, reader.CHUNK])
def test_parse_lines_reads_what_parse_bytes_reads(monkeypatch: pytest.MonkeyPatch, chunk: int) -> None:
    """The converted lines parsed in blocks (cut anywhere between lines) read as the joined file does,
    bad lines and their numbers included."""
    monkeypatch.setattr(reader, "CHUNK", chunk)
    lines = [HEADER, *(EVENTS * 200), b'{"type":"draw","seat":1,"cards":["Z9 nothing"]}', b"{not json", *EVENTS]
    whole = parse_bytes(b"\n".join(lines) + b"\n", "x")
    parts = parse_lines(iter(lines), "x")
    assert parts.header == whole.header and parts.events == whole.events
    assert [(v.rule, v.line, v.message) for v in parts.violations] == [(v.rule, v.line, v.message) for v in whole.violations]
    assert parts.bad_lines == whole.bad_lines and parts.sha256 == whole.sha256


@pytest.mark.skipif(not RECORDINGS, reason="no FreeKill recording in sample_logs")
def test_a_recording_reads_as_its_converted_log(monkeypatch: pytest.MonkeyPatch) -> None:
    """A FreeKill recording read through the blocks gives the events and problems of its converted log."""
    from sgs_replay.importers import freekill

    monkeypatch.setattr(reader, "CHUNK", 4096)  # many blocks
    path = RECORDINGS[0]
    log = read_path(path)
    conv = freekill.convert(path.read_bytes(), str(path))
    whole = parse_bytes(freekill.to_jsonl(conv), str(path))
    assert log.source_format == "freekill" and log.events == whole.events and log.header is not None
    assert [(v.rule, v.line) for v in log.violations] == [(v.rule, v.line) for v in whole.violations]


@pytest.mark.skipif(not RECORDINGS, reason="no FreeKill recording in sample_logs")
def test_a_recording_keeps_one_form_of_its_entries() -> None:
    """Decoded, a recording keeps its header items and its decoded entries, not the encoded payloads too."""
    from sgs_replay.importers import freekill

    top, entries = freekill._decode(RECORDINGS[0].read_bytes(), "r")
    assert len(entries) == len(top) - 10 > 100
    assert all(item is None for item in top[10:]) and top[0] is not None
