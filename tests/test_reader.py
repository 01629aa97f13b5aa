"""Reading logs: bad lines become located `format` violations, unreadable files exit 3 with one line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from sgs_replay.formats.reader import UnreadableInput, expand_paths, parse_any, parse_bytes, read_path
from sgs_replay.replay.validate import validate_parsed

HEADER = json.dumps({
    "type": "game", "format": "sgs-replay/1", "game_id": "reader", "mode": "identity", "ruleset": "standard",
    "players": [{"seat": i, "general": g, "role": r} for i, (g, r) in enumerate(
        [("孙权", "lord"), ("甘宁", "loyalist"), ("许褚", "rebel"), ("黄盖", "rebel"), ("华佗", "renegade")], start=1)],
    "start": {"current": 3, "phase": "play", "seats": {str(s): {"hand": ["♠7 杀"] if s == 3 else []} for s in range(1, 6)}},
}, ensure_ascii=False)
GOOD_USE = '{"type": "use", "seat": 3, "card": "♠7 杀", "targets": [4]}'
GOOD_DAMAGE = '{"type": "damage", "source": 3, "target": 4, "amount": 1, "card": "♠7 杀"}'


def _parse(*lines: str | bytes) -> Any:
    raw = b"\n".join(x if isinstance(x, bytes) else x.encode("utf-8") for x in lines) + b"\n"
    return parse_bytes(raw, "test.sgs.jsonl")


BAD_LINES: dict[str, tuple[str | bytes, str]] = {
    "truncated json": ('{"type": "use", "seat": 3', "SGS-F001"),
    "trailing garbage": ('{"type": "turn", "seat": 3} xyz', "SGS-F001"),
    "binary junk": (b"\x00\x9f\xff\xfe junk \x01", "SGS-F001"),
    "invalid utf-8 in a string": (b'{"type": "turn", "seat": 3, "note": "\xff\xfe"}', "SGS-F001"),
    "wrong type (seat as text)": ('{"type": "turn", "seat": "3"}', "SGS-F002"),
    "wrong type (targets not a list)": ('{"type": "use", "seat": 3, "card": "♠7 杀", "targets": 4}', "SGS-F002"),
    "wrong type (amount negative)": ('{"type": "damage", "target": 4, "amount": -1}', "SGS-F002"),
    "unknown type": ('{"type": "teleport", "seat": 3}', "SGS-F002"),
    "missing type": ('{"seat": 3}', "SGS-F002"),
    "missing required field": ('{"type": "damage", "target": 4}', "SGS-F002"),
    "a second game header": (HEADER, "SGS-F002"),
    "a JSON array": ("[1, 2, 3]", "SGS-F002"),
    "a JSON string": ('"turn"', "SGS-F002"),
    "bad phase name": ('{"type": "phase", "seat": 3, "phase": "lunch"}', "SGS-F002"),
    "seat zero": ('{"type": "turn", "seat": 0}', "SGS-F002"),
    "bad card": ('{"type": "use", "seat": 3, "card": "♠14 杀", "targets": [4]}', "SGS-F003"),
    "card and as": ('{"type": "use", "seat": 3, "card": "♠7 杀", "as": "杀", "cards": ["♠7 杀"], "targets": [4]}', "SGS-F005"),
    "move to an unknown zone": ('{"type": "move", "cards": ["♠7 杀"], "from": {"seat": 3, "zone": "hand"}, "to": {"zone": "pocket"}}', "SGS-F005"),
    "hand with no seat": ('{"type": "move", "cards": ["♠7 杀"], "from": {"zone": "hand"}, "to": {"zone": "discard"}}', "SGS-F005"),
}


@pytest.mark.parametrize("name", sorted(BAD_LINES))
def test_bad_line_is_located_and_the_rest_is_read(name: str) -> None:
    bad, rule = BAD_LINES[name]
    parsed = _parse(HEADER, GOOD_USE, bad, GOOD_DAMAGE, '{"type": "phase", "seat": 3, "phase": "discard"}')
    assert [(v.rule, v.kind, v.line) for v in parsed.violations] == [(rule, "format", 3)], parsed.violations
    assert [line for line, _ in parsed.events] == [2, 4, 5]
    assert parsed.violations[0].observed  # the offending text is quoted
    # and the replay goes on: the good lines after the bad one are judged as usual
    report = validate_parsed(parsed).report
    assert [(v.rule, v.line) for v in report.violations] == [(rule, 3)]


def test_many_bad_lines_each_reported_once() -> None:
    lines: list[str | bytes] = [HEADER, *(v[0] for v in BAD_LINES.values())]
    parsed = _parse(*lines)
    assert [v.line for v in parsed.violations] == list(range(2, len(lines) + 1))
    assert parsed.events == []


def test_line_numbers_count_blank_lines() -> None:
    parsed = _parse(HEADER, "", "   ", GOOD_USE, "", '{"type": "turn", "seat": "x"}')
    assert [line for line, _ in parsed.events] == [4]
    assert [v.line for v in parsed.violations] == [6]


def test_crlf_line_endings() -> None:
    raw = (HEADER + "\r\n" + GOOD_USE + "\r\n" + GOOD_DAMAGE + "\r\n").encode()
    parsed = parse_bytes(raw, "crlf")
    assert parsed.violations == []
    assert [line for line, _ in parsed.events] == [2, 3]


def test_no_trailing_newline() -> None:
    parsed = parse_bytes((HEADER + "\n" + GOOD_USE).encode(), "x")
    assert parsed.violations == [] and len(parsed.events) == 1


@pytest.mark.parametrize(
    ("header", "fragment"),
    [
        ('{"type": "game"}', "format"),
        ('{"type": "turn", "seat": 1}', "turn"),
        ("not json at all", "not json"),
        (HEADER.replace("sgs-replay/1", "sgs-replay/9"), "sgs-replay/9"),
    ],
)
def test_bad_header_is_line_1(header: str, fragment: str) -> None:
    parsed = _parse(header, GOOD_USE)
    v = parsed.violations[0]
    assert (v.rule, v.kind, v.line) == ("SGS-F004", "format", 1)
    assert fragment in v.message
    report = validate_parsed(parsed).report  # no engine without a header, but no crash either
    assert any(x.line == 1 for x in report.violations)


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        (("standard", "no-such-ruleset"), "no-such-ruleset"),
        (("华佗", "路人甲"), "路人甲"),
    ],
)
def test_unknown_ruleset_or_general_is_a_header_violation(change: tuple[str, str], fragment: str) -> None:
    report = validate_parsed(_parse(HEADER.replace(*change), GOOD_USE)).report
    v = next(v for v in report.violations if v.rule == "SGS-F004")
    assert v.line == 1 and fragment in v.message


def test_general_by_pinyin_id() -> None:
    report = validate_parsed(_parse(HEADER.replace("华佗", "huatuo"), GOOD_USE, GOOD_DAMAGE)).report
    assert report.violations == []


# ---------------------------------------------------------------------------------------------------
# unreadable input: exit 3, one line on stderr, no traceback
# ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("data", [b"", b"\n\n   \n"])
def test_empty_input_is_unreadable(data: bytes) -> None:
    with pytest.raises(UnreadableInput, match="empty"):
        parse_bytes(data, "empty.sgs.jsonl")


@pytest.mark.parametrize("data", [b"", b"hello world\n", b"\x89PNG\r\n\x1a\n\x00\x00", b"<html></html>"])
def test_non_log_is_unreadable(data: bytes) -> None:
    with pytest.raises(UnreadableInput) as info:
        parse_any(data, "thing.sgs.jsonl")
    assert "thing.sgs.jsonl" in str(info.value)
    assert "\n" not in str(info.value)


def test_missing_file_is_unreadable(tmp_path: Path) -> None:
    with pytest.raises(UnreadableInput, match="cannot read"):
        read_path(tmp_path / "nope.sgs.jsonl")


def _one_line_reason(p: Any) -> str:
    assert p.returncode == 3, (p.returncode, p.stdout, p.stderr)
    assert "Traceback" not in p.stderr
    lines = [x for x in p.stderr.splitlines() if x.strip()]
    assert len(lines) == 1, p.stderr
    return lines[0]


@pytest.mark.parametrize(
    ("name", "data"),
    [
        ("empty.sgs.jsonl", b""),
        ("blank.sgs.jsonl", b"\n \n"),
        ("picture.sgs.jsonl", b"\x89PNG\r\n\x1a\n" + bytes(range(256))),
        ("notes.sgs.jsonl", "第一局：主公获胜\n".encode()),
    ],
)
def test_cli_unreadable_file(cli_fast: Any, tmp_path: Path, name: str, data: bytes) -> None:
    path = tmp_path / name
    path.write_bytes(data)
    reason = _one_line_reason(cli_fast("validate", str(path)))
    assert name in reason


def test_cli_empty_file_through_the_entry_point(cli: Any, tmp_path: Path) -> None:
    path = tmp_path / "empty.sgs.jsonl"
    path.write_bytes(b"")
    assert "empty.sgs.jsonl" in _one_line_reason(cli("validate", str(path), "--json"))


def test_cli_missing_file(cli: Any, tmp_path: Path) -> None:
    reason = _one_line_reason(cli("validate", str(tmp_path / "missing.sgs.jsonl"), "--json"))
    assert "missing.sgs.jsonl" in reason


def test_cli_empty_directory(cli_fast: Any, tmp_path: Path) -> None:
    _one_line_reason(cli_fast("validate", str(tmp_path)))


def test_cli_bad_lines_are_violations_not_unreadable(cli_fast: Any, tmp_path: Path) -> None:
    path = tmp_path / "g.sgs.jsonl"
    path.write_bytes(b"\n".join([HEADER.encode(), b"\x00\x01junk", GOOD_USE.encode(), GOOD_DAMAGE.encode()]) + b"\n")
    p = cli_fast("validate", str(path), "--json")
    assert p.returncode == 1, p.stderr
    out = json.loads(p.stdout)
    assert [(v["rule"], v["line"]) for v in out["violations"]] == [("SGS-F001", 2)]
    assert out["events"] == 2


def test_directory_input(cli_fast: Any, tmp_path: Path) -> None:
    """A directory expands (recursively, sorted) to its log files; other files are ignored."""
    clean = HEADER + "\n" + GOOD_USE + "\n" + GOOD_DAMAGE + "\n"
    (tmp_path / "b").mkdir()
    (tmp_path / "a.sgs.jsonl").write_text(clean, encoding="utf-8")
    (tmp_path / "b" / "c.sgs.jsonl").write_text(HEADER + "\n" + GOOD_USE.replace("♠7 杀", "♣8 杀") + "\n", encoding="utf-8")
    (tmp_path / "README.txt").write_text("not a log", encoding="utf-8")
    assert [p.relative_to(tmp_path).as_posix() for p in expand_paths([tmp_path])] == ["a.sgs.jsonl", "b/c.sgs.jsonl"]
    p = cli_fast("validate", str(tmp_path), "--json")
    assert p.returncode == 1, p.stderr
    reports = json.loads(p.stdout)["files"]
    assert [Path(r["file"]).name for r in reports] == ["a.sgs.jsonl", "c.sgs.jsonl"]
    assert reports[0]["violations"] == []
    assert {v["rule"] for v in reports[1]["violations"]} == {"SGS-C001"}  # ♣8 杀 is not in seat 3's hand


def test_directory_with_an_unreadable_file_exits_3(cli_fast: Any, tmp_path: Path) -> None:
    (tmp_path / "a.sgs.jsonl").write_text(HEADER + "\n" + GOOD_USE + "\n" + GOOD_DAMAGE + "\n", encoding="utf-8")
    (tmp_path / "z.sgs.jsonl").write_bytes(b"")
    p = cli_fast("validate", str(tmp_path), "--json")
    assert p.returncode == 3
    assert "z.sgs.jsonl" in p.stderr and "Traceback" not in p.stderr
    out = json.loads(p.stdout)
    assert len(out["files"]) == 1  # the readable file is still reported
    assert [Path(u["file"]).name for u in out["unreadable"]] == ["z.sgs.jsonl"]


def test_cli_usage_errors_exit_2(cli_fast: Any, tmp_path: Path) -> None:
    path = tmp_path / "a.sgs.jsonl"
    path.write_text(HEADER + "\n", encoding="utf-8")
    p = cli_fast("validate", str(path), "--ruleset", "no-such-ruleset")
    assert p.returncode == 2 and "no-such-ruleset" in p.stderr and "Traceback" not in p.stderr
    assert cli_fast("validate", str(path), "--no-such-option").returncode == 2


def test_cli_clean_file_exits_0(cli: Any, tmp_path: Path) -> None:
    path = tmp_path / "a.sgs.jsonl"
    path.write_text(HEADER + "\n" + GOOD_USE + "\n" + GOOD_DAMAGE + "\n", encoding="utf-8")
    p = cli("validate", str(path), "--json")
    assert p.returncode == 0, p.stdout
    out = json.loads(p.stdout)
    assert out["violations"] == [] and out["events"] == 2 and out["game_id"] == "reader"
