"""Hostile input and faults: never a traceback, no good game lost from a batch, every bad file named.

Each class of failure found by probing has its regression test here, built from the generators of
``tests/hostile.py``; ``test_fuzz_*`` runs every generator through validate, audit, load and convert.
``SGS_FUZZ_EXAMPLES`` sets the examples per generator (default small, for CI);
``bench/fuzz_hostile.py`` runs ten thousand and more and reports peak memory.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import hostile as H
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sgs_replay.formats.reader import MAX_DEPTH, UnreadableInput, parse_any, parse_bytes
from sgs_replay.replay.validate import validate_parsed

EXAMPLES = int(os.environ.get("SGS_FUZZ_EXAMPLES", "40"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
FORMAT = {"SGS-F001", "SGS-F002", "SGS-F003", "SGS-F004", "SGS-F005"}


def _lines(*objs: Any) -> bytes:
    return H.log_bytes(list(objs))


# ------------------------------------------------------------------------------------------ 1. ranges
def _out_of_range_cases() -> list[tuple[str, int, bytes]]:
    """(what, line, log) for every ranged number of the format, just outside and far outside its range."""
    cases: list[tuple[str, int, bytes]] = []
    header_paths = {
        "start hp": (("start", "seats", "3", "hp"), [100, -100, 40000, 2**70]),
        "start max_hp": (("start", "seats", "3", "max_hp"), [-1, 100, 2**63]),
        "start round": (("start", "round"), [-1, 10**4, 2**70]),
        "start used": (("start", "used"), [{"杀": 10**4}, {"杀": -1}]),
        "seat key": (("start", "seats"), [{"11": {}}, {"0": {}}, {"x": {}}]),
        "player seat": (("players", 0, "seat"), [0, 11, 40000]),
        "header clock": (("t",), [1e13, -1e13]),
    }
    for what, (path, values) in header_paths.items():
        for v in values:
            cases.append((f"{what}={v}", 1, _lines(H.set_path(H.header(), path, v), *H.EVENTS)))
    event_values = {
        "max_hp delta": ({"type": "max_hp", "seat": 5, "delta": 0}, "delta", [100, -100, 2**70]),
        "damage amount": ({"type": "damage", "target": 4, "amount": 1}, "amount", [100, -1, 2**64]),
        "penalty points": ({"type": "penalty", "seat": 5, "points": 1}, "points", [1000, -(2**70)]),
        "choice": ({"type": "choose", "seat": 5, "choice": 1}, "choice", [2**31, [2**40], -(2**63)]),
        "clock": ({"type": "turn", "seat": 5}, "t", [1e13, 2**70]),
        "seat": ({"type": "turn", "seat": 5}, "seat", [11, 0, 32768]),
    }
    for what, (event, key, values) in event_values.items():
        for v in values:
            cases.append((f"{what}={v}", 2, _lines(H.header(), {**event, key: v}, *H.EVENTS)))
    return cases


OUT_OF_RANGE = _out_of_range_cases()


@pytest.mark.parametrize(("what", "line", "data"), OUT_OF_RANGE, ids=[c[0] for c in OUT_OF_RANGE])
def test_number_out_of_range_is_a_located_format_violation(what: str, line: int, data: bytes) -> None:
    rep = validate_parsed(parse_bytes(data, "range.sgs.jsonl")).report
    assert any(v.line == line and v.kind == "format" for v in rep.violations), what


# ------------------------------------------------------------------------------------------ 2. nesting
@FUZZ
@given(data=H.deep_logs())
def test_deep_nesting_is_one_located_violation_and_the_rest_is_read(data: bytes) -> None:
    parsed = parse_bytes(data, "deep.sgs.jsonl")
    rep = validate_parsed(parsed).report
    deep = [v for v in rep.violations if "nested" in v.message]
    assert len(deep) == 1 and deep[0].kind == "format"
    assert len(parsed.events) >= len(H.EVENTS) - 1  # only the deep line is lost


@pytest.mark.parametrize("depth", [MAX_DEPTH - 4, MAX_DEPTH + 1])
def test_nesting_limit_counts_brackets_in_strings_as_text(depth: int) -> None:
    note = "[" * 500
    meta = json.loads(H.nested(depth, "array"))
    data = _lines(H.header(meta={"x": meta}, note=note), *H.EVENTS)
    parsed = parse_bytes(data, "deep.sgs.jsonl")
    assert (parsed.header is None) == (depth > MAX_DEPTH)


# ------------------------------------------------------------------------------------------ 9. small
@FUZZ
@given(case=H.duplicate_key_logs())
def test_duplicated_key_is_a_located_format_violation(case: tuple[bytes, int]) -> None:
    data, line = case
    parsed = parse_bytes(data, "dup.sgs.jsonl")
    assert [v.line for v in parsed.violations] == [line]  # "appears twice", or the later value's wrong type


def test_defaults_written_out_are_not_duplicates() -> None:
    data = _lines(H.header(), {"type": "damage", "target": 4, "amount": 1, "nature": "normal"})
    assert parse_bytes(data).violations == []


@pytest.mark.parametrize("prefix", [b"\xef\xbb\xbf", b"\xef\xbb\xbf\n\n", b""])
@pytest.mark.parametrize("newline", [b"\n", b"\r\n"])
def test_bom_and_crlf_are_accepted(prefix: bytes, newline: bytes) -> None:
    parsed = parse_any(prefix + H.GOOD.replace(b"\n", newline), "bom.sgs.jsonl")
    assert parsed.violations == [] and len(parsed.events) == len(H.EVENTS)


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be"])
def test_utf16_is_unreadable_with_a_reason(encoding: str) -> None:
    data = H.GOOD.decode().encode(encoding)
    with pytest.raises(UnreadableInput, match="UTF-16"):
        parse_any(data, "u16.sgs.jsonl")


# ------------------------------------------------------------------------------------------ 4. identity
@FUZZ
@given(pos=st.integers(1, len(H.EVENTS)), junk=st.sampled_from([b"{", b"not json", b'{"type": "turn"}', b" "]))
def test_content_identity_covers_every_byte(pos: int, junk: bytes) -> None:
    lines = H.GOOD.split(b"\n")
    broken = b"\n".join([*lines[:pos], junk, *lines[pos:]])
    a, b = parse_bytes(H.GOOD, "a"), parse_bytes(broken, "b")
    assert a.content_id and a.content_id != b.content_id
    assert validate_parsed(a).content_hash != validate_parsed(b).content_hash


# ------------------------------------------------------------------------------------------ 3. rulesets
def _header_naming(tmp_path: Path) -> list[str]:
    outside = tmp_path / "outside.toml"
    outside.write_text('inherits = "standard"\n', encoding="utf-8")
    return ["../../../../" + str(outside).lstrip("/"), str(outside), str(outside.with_suffix("")), "standard.toml",
            "rulesets/standard", "../content/rulesets/standard", "x" * 64, "~/x.toml", "standard\x00"]


def test_a_log_header_names_packaged_rulesets_only(tmp_path: Path) -> None:
    for name in _header_naming(tmp_path):
        rep = validate_parsed(parse_bytes(_lines(H.header(ruleset=name), *H.EVENTS), "h.sgs.jsonl")).report
        assert [v.rule for v in rep.violations if v.line == 1] == ["SGS-F004"], name
        assert rep.result is None and rep.unverifiable == 0  # nothing was judged under that file
    long_name = parse_bytes(_lines(H.header(ruleset="x" * 10_000)), "h.sgs.jsonl")
    assert long_name.header is None and len(long_name.violations[0].message) < 1000


RULESET_FILES: dict[str, dict[str, str]] = {
    "self cycle": {"a.toml": 'inherits = "a.toml"\n'},
    "two-file cycle": {"a.toml": 'inherits = "b.toml"\n', "b.toml": 'inherits = "./a.toml"\n'},
    "bad toml": {"a.toml": 'inherits = "standard\nmode = [\n'},
    "not utf-8": {"a.toml": "mode = '\udcff'\n"},
    "unknown parent": {"a.toml": 'inherits = "nope"\n'},
    "parent outside by name": {"a.toml": 'inherits = "../../etc/passwd"\n'},
    "inherits a number": {"a.toml": "inherits = 5\n"},
    "bad deck": {"a.toml": 'inherits = "standard"\n[deck]\nremove = ["♠14 杀"]\n'},
    "deck not a table": {"a.toml": 'inherits = "standard"\ndeck = 3\n'},
    "bad mode": {"a.toml": 'mode = "chess"\n'},
    "roster of numbers": {"a.toml": 'inherits = "standard"\n[roster]\ngenerals = [1, 2]\n'},
    "missing file": {},
}


@pytest.mark.parametrize("case", sorted(RULESET_FILES))
def test_bad_ruleset_file_is_a_usage_error(case: str, tmp_path: Path, cli_fast: Any) -> None:
    for name, text in RULESET_FILES[case].items():
        (tmp_path / name).write_bytes(text.encode("utf-8", "surrogateescape"))
    log = tmp_path / "g.sgs.jsonl"
    log.write_bytes(H.GOOD)
    for command in (["validate", str(log)], ["audit", str(log)], ["load", str(log), "--db", str(tmp_path / "x.db")]):
        r = cli_fast(*command, "--ruleset", str(tmp_path / "a.toml"))
        assert r.returncode == 2, (case, command, r.stderr)
        assert "Traceback" not in r.stderr and "a.toml" in r.stderr and len(r.stderr.splitlines()) == 1
    assert not (tmp_path / "x.db").exists()


def test_house_rule_file_inheriting_a_file(tmp_path: Path, cli_fast: Any) -> None:
    (tmp_path / "base.toml").write_text('inherits = "standard"\nname = "base"\n', encoding="utf-8")
    (tmp_path / "house.toml").write_text('inherits = "base.toml"\n', encoding="utf-8")
    log = tmp_path / "g.sgs.jsonl"
    log.write_bytes(H.GOOD)
    r = cli_fast("validate", str(log), "--json", "--ruleset", str(tmp_path / "house.toml"))
    assert r.returncode in (0, 1), r.stderr
    assert json.loads(r.stdout)["ruleset"].endswith("house.toml")


# ------------------------------------------------------------------------------------------ fuzz: no traceback
SAMPLE_RECORDING = next(iter(sorted((Path(__file__).resolve().parents[1] / "sample_logs" / "freekill").glob("*.fk.rep"))),
                        None)


def _through_everything(data: bytes, name: str) -> None:
    """validate, audit (HTML and Markdown) and the store's record: a report or UnreadableInput, nothing else."""
    from sgs_replay.replay.records import build_record
    from sgs_replay.report import build_audit, public_report
    from sgs_replay.report.render import to_html, to_markdown
    from sgs_replay.store.loader import as_arrow

    try:
        parsed = parse_any(data, name)
    except UnreadableInput as exc:
        assert "\n" not in str(exc) and name in str(exc)
        return
    rep = validate_parsed(parsed).report
    json.dumps(public_report(rep, parsed), ensure_ascii=False)
    audit = build_audit(parsed)
    to_html(audit), to_markdown(audit)
    try:
        as_arrow(build_record(parsed, name))
    except (OverflowError, ValueError) as exc:  # the store names such a file (test below); never a crash
        assert "pyarrow" in type(exc).__module__ or isinstance(exc, OverflowError)


@FUZZ
@given(data=H.jsonl_logs)
def test_fuzz_logs_never_raise(data: bytes) -> None:
    _through_everything(data, "fuzz.sgs.jsonl")


@pytest.mark.skipif(SAMPLE_RECORDING is None, reason="no sample recording")
@FUZZ
@given(data=st.data())
def test_fuzz_recordings_never_raise(data: st.DataObject) -> None:
    assert SAMPLE_RECORDING is not None
    blob = data.draw(H.freekill_mutations(SAMPLE_RECORDING.read_bytes()))
    _through_everything(blob, "fuzz.fk.rep")


@pytest.mark.skipif(SAMPLE_RECORDING is None, reason="no sample recording")
@pytest.mark.parametrize("how", ["concat", "bomb", "declared-huge"])
def test_recording_bombs_and_concatenations_are_refused(how: str) -> None:
    import zlib

    assert SAMPLE_RECORDING is not None
    base = SAMPLE_RECORDING.read_bytes()
    if how == "concat":
        data = base + base
    elif how == "bomb":
        data = base[:4] + zlib.compress(zlib.decompress(base[4:]) + b"\0" * (200 << 20), 9)
    else:
        data = (2**32 - 1).to_bytes(4, "big") + base[4:]
    with pytest.raises(UnreadableInput, match=r"trailing data|length mismatch|at most"):
        parse_any(data, "x.fk.rep")


# ------------------------------------------------------------------------------------------ batches
def _good_logs(n: int) -> list[bytes]:
    """``n`` different games (another round at the start each: not only another name)."""
    return [_lines(H.header(game_id=f"good-{i}", start={**H.header()["start"], "round": i + 1}), *H.EVENTS)
            for i in range(n)]


@settings(max_examples=max(3, EXAMPLES // 10), deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                 HealthCheck.function_scoped_fixture])
@given(bad=st.lists(H.jsonl_logs, min_size=1, max_size=6))
def test_a_batch_with_bad_files_loads_every_good_one_and_names_every_bad_one(bad: list[bytes], tmp_path: Path) -> None:
    import duckdb

    from sgs_replay.replay.pipeline import load_paths

    d = tmp_path / f"batch{len(list(tmp_path.iterdir()))}"
    d.mkdir()
    good = _good_logs(3)
    for i, data in enumerate([*good, *bad]):
        (d / f"{'good' if i < len(good) else 'bad'}{i}.sgs.jsonl").write_bytes(data)
    s = load_paths([d], d / "db.duckdb")
    con = duckdb.connect(str(d / "db.duckdb"), read_only=True)
    stored = {Path(r[0]).name for r in con.execute("SELECT file FROM games").fetchall()}
    con.close()
    refused = " ".join(s.unreadable + s.failed)
    # a good file is stored, or is a duplicate of a game stored from another file (a generated log can be the same game)
    duplicates = {Path(d.split(":")[0]).name for d in s.duplicates}
    assert {f"good{i}.sgs.jsonl" for i in range(len(good))} <= stored | duplicates
    for i in range(len(good), len(good) + len(bad)):
        name = f"bad{i}.sgs.jsonl"
        same_bytes = [j for j in range(len(good) + len(bad)) if j != i and ([*good, *bad][j] == bad[i - len(good)])]
        assert name in stored or name in refused or same_bytes, name  # loaded, named, or a byte-identical copy


def test_out_of_range_value_costs_only_its_file(tmp_path: Path) -> None:
    from sgs_replay.replay.pipeline import load_paths

    for i, data in enumerate(_good_logs(2)):
        (tmp_path / f"good{i}.sgs.jsonl").write_bytes(data)
    for what, _, data in OUT_OF_RANGE:
        (tmp_path / f"range-{abs(hash(what))}.sgs.jsonl").write_bytes(data)
    s = load_paths([tmp_path], tmp_path / "db.duckdb")
    assert not s.failed and not s.unreadable
    assert s.loaded + s.already == len(OUT_OF_RANGE) + 2


@pytest.mark.parametrize("bad", ["unreadable", "none"])
def test_load_exit_codes(bad: str, tmp_path: Path, cli_fast: Any) -> None:
    (tmp_path / "a.sgs.jsonl").write_bytes(b"\x00 not a log")
    (tmp_path / "b.sgs.jsonl").write_bytes(b"")
    r = cli_fast("load", str(tmp_path / "a.sgs.jsonl"), str(tmp_path / "b.sgs.jsonl"), "--db", str(tmp_path / "x.db"))
    assert r.returncode == 3 and "a.sgs.jsonl" in r.stderr and "b.sgs.jsonl" in r.stderr
    (tmp_path / "c.sgs.jsonl").write_bytes(H.GOOD)
    r = cli_fast("load", str(tmp_path), "--db", str(tmp_path / "x.db"))
    assert r.returncode == 1 and "a.sgs.jsonl" in r.stderr
    if bad == "none":
        r = cli_fast("load", str(tmp_path / "c.sgs.jsonl"), "--db", str(tmp_path / "x.db"))
        assert r.returncode == 0, r.stderr


# ------------------------------------------------------------------------------------------ 7. caps
@pytest.mark.parametrize("lines", [1500, 200_000])
def test_violations_are_capped_per_file(lines: int, tmp_path: Path, cli_fast: Any) -> None:
    from sgs_replay.formats.reader import MAX_VIOLATIONS

    f = tmp_path / "empty-objects.sgs.jsonl"
    f.write_bytes(H.dumps(H.header()) + b"\n" + b"{}\n" * lines)
    r = cli_fast("validate", str(f), "--json")
    out = json.loads(r.stdout)
    assert r.returncode == 1 and len(out["violations"]) == MAX_VIOLATIONS
    assert out["violations_truncated"] == lines - MAX_VIOLATIONS
    assert len(r.stdout) < 2_000_000
    r = cli_fast("audit", str(f), "--lang", "en", "--html", str(tmp_path / "a.html"), "--md", str(tmp_path / "a.md"))
    assert r.returncode == 1
    html = (tmp_path / "a.html").read_text(encoding="utf-8")
    assert f"{lines - MAX_VIOLATIONS} more violation" in html and len(html) < 5_000_000


# ------------------------------------------------------------------------------------------ 5. import problems
@pytest.mark.skipif(SAMPLE_RECORDING is None, reason="no sample recording")
def test_import_problems_appear_in_every_report(tmp_path: Path, cli_fast: Any) -> None:
    import cbor2

    from sgs_replay.replay.pipeline import load_paths

    assert SAMPLE_RECORDING is not None
    base = SAMPLE_RECORDING.read_bytes()
    top = cbor2.loads(__import__("zlib").decompress(base[4:]))
    top[12] = [top[12][0], False, b"MoveCards", cbor2.dumps([{"bogus": 1}])]  # a malformed packet
    f = tmp_path / "damaged.fk.rep"
    f.write_bytes(H.recording(top))
    out = json.loads(cli_fast("validate", str(f), "--json").stdout)
    assert out["import_problems"] and all(p.startswith("entry ") for p in out["import_problems"])
    assert "import problem" in cli_fast("validate", str(f)).stdout
    assert "Import problems" in cli_fast("audit", str(f), "--lang", "en").stdout
    s = load_paths([f], tmp_path / "db.duckdb")
    assert s.import_problems and "damaged.fk.rep" in s.text()
    # `load` loads it but does not call it clean: exit 4 (docs/log-format.md §7), every problem located on stderr
    r = cli_fast("load", str(f), "--db", str(tmp_path / "cli.duckdb"), "-q")
    assert r.returncode == 4, r.stderr
    located = [line for line in r.stderr.splitlines() if line.startswith(f"warning: {f}: import problem: entry ")]
    assert len(located) == len(out["import_problems"])


# ------------------------------------------------------------------------------------------ 6. outputs
def test_convert_refuses_two_inputs_with_one_output_name(tmp_path: Path, cli_fast: Any) -> None:
    if SAMPLE_RECORDING is None:
        pytest.skip("no sample recording")
    for sub in ("a", "b"):
        (tmp_path / sub).mkdir()
        (tmp_path / sub / "same.fk.rep").write_bytes(SAMPLE_RECORDING.read_bytes())
    r = cli_fast("convert", str(tmp_path / "a"), str(tmp_path / "b"), "--out", str(tmp_path / "out"))
    assert r.returncode == 2 and "same.sgs.jsonl" in r.stderr and not (tmp_path / "out").exists()


def _unwritable(tmp_path: Path) -> dict[str, Path]:
    (tmp_path / "a-file").write_text("x")
    (tmp_path / "a-dir").mkdir()
    ro = tmp_path / "read-only"
    ro.mkdir()
    ro.chmod(0o500)
    return {"existing file as folder": tmp_path / "a-file", "folder as file": tmp_path / "a-dir",
            "missing folder": tmp_path / "missing" / "deeper" / "out", "read-only folder": ro / "out",
            "under a file": tmp_path / "a-file" / "out"}


@pytest.mark.skipif(hasattr(os, "geteuid") and os.geteuid() == 0, reason="root writes anywhere")
def test_read_only_outputs_are_usage_errors_as_a_user(tmp_path: Path, cli_fast: Any) -> None:
    log = tmp_path / "g.sgs.jsonl"
    log.write_bytes(H.GOOD)
    r = cli_fast("audit", str(log), "--html", str(_unwritable(tmp_path)["read-only folder"]))
    assert r.returncode == 2 and "Traceback" not in r.stderr


@pytest.mark.parametrize("case", ["existing file as folder", "folder as file", "missing folder", "under a file"])
def test_unwritable_outputs_are_located_usage_errors(case: str, tmp_path: Path, cli_fast: Any) -> None:
    log = tmp_path / "g.sgs.jsonl"
    log.write_bytes(H.GOOD)
    target = _unwritable(tmp_path)[case]
    commands = [] if case == "existing file as folder" else [  # overwriting a report file is fine
        ["audit", str(log), "--html", str(target)], ["audit", str(log), "--md", str(target)]]
    if case in ("existing file as folder", "under a file") and SAMPLE_RECORDING is not None:
        commands.append(["convert", str(SAMPLE_RECORDING), "--out", str(target)])
    if case in ("folder as file", "under a file"):
        commands.append(["load", str(log), "--db", str(target)])
    for command in commands:
        r = cli_fast(*command)
        assert r.returncode == 2, (command, r.stdout, r.stderr)
        assert str(target) in r.stderr and "Traceback" not in r.stderr and len(r.stderr.splitlines()) == 1


# ------------------------------------------------------------------------------------------ 8. rendering
HOSTILE_TEXT = ["<script>alert(1)</script>", "[click](http://example.invalid/x)", "![img](http://example.invalid/i.png)",
                "a\u202eexe.txt", "**bold** `code` | cell |", "<img src=x onerror=alert(1)>"]


@pytest.mark.parametrize("text", HOSTILE_TEXT)
def test_reports_render_log_text_as_text(text: str, tmp_path: Path) -> None:
    from sgs_replay.report import build_audit
    from sgs_replay.report.render import to_html, to_markdown

    data = _lines(H.header(players=[{**p, "name": text} for p in H.header()["players"]]), *H.EVENTS,
                  {"type": "turn", "seat": 5, "note": text, "zz": text})
    audit = build_audit(parse_bytes(data, text + ".sgs.jsonl"))
    for out in (to_html(audit), to_markdown(audit)):
        assert "<script>" not in out and "<img" not in out and "\u202e" not in out
    assert "](http" not in to_markdown(audit)  # written \]\(: no live link or image


def test_markdown_escape_helper_is_literal() -> None:
    from sgs_replay.report.render import md_text

    for text in HOSTILE_TEXT:
        escaped = str(md_text(text))
        assert "<" not in escaped and "\u202e" not in escaped and "](" not in escaped


# ------------------------------------------------------------------------------------------ crash safety
KILL_SCRIPT = """
import sys, time
from pathlib import Path
from sgs_replay.replay.pipeline import load_paths
load_paths([Path(sys.argv[2])], Path(sys.argv[1]), batch_size=1)
"""


def kill_during_load(db: Path, logs: Path, delay: float) -> int:
    """Start a load, ``kill -9`` it after ``delay`` seconds; the process's exit status."""
    import signal
    import subprocess
    import sys
    import time

    p = subprocess.Popen([sys.executable, "-c", KILL_SCRIPT, str(db), str(logs)], stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL, cwd=Path(__file__).resolve().parents[1])
    time.sleep(delay)
    p.send_signal(signal.SIGKILL)
    return p.wait(timeout=60)


def store_games(db: Path) -> int:
    import duckdb

    con = duckdb.connect(str(db), read_only=True)
    try:
        return int(con.execute("SELECT count(*) FROM games").fetchone()[0])  # type: ignore[index]
    finally:
        con.close()


@pytest.mark.parametrize("delay", [0.3, 0.9, 1.6])
def test_kill_9_during_load_keeps_old_or_new(delay: float, tmp_path: Path) -> None:
    from sgs_replay.replay.pipeline import load_paths

    old, new = tmp_path / "old", tmp_path / "new"
    old.mkdir(), new.mkdir()
    for i, data in enumerate(_good_logs(40)):
        ((old if i < 3 else new) / f"g{i}.sgs.jsonl").write_bytes(data)
    db = tmp_path / "db.duckdb"
    load_paths([old], db)
    kill_during_load(db, new, delay)
    assert store_games(db) in (3, 40)
    s = load_paths([old, new], db)
    assert s.loaded + s.already == 40 and store_games(db) == 40


@pytest.mark.parametrize("sql", ["COPY games TO '{tmp}/leak.csv'", "SELECT * FROM read_csv('/etc/passwd')",
                                 "ATTACH '{tmp}/other.duckdb'", "SET enable_external_access = true"])
def test_dashboard_connection_cannot_reach_files(sql: str, tmp_path: Path) -> None:
    import sys

    import duckdb

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "dashboards"))
    import queries

    from sgs_replay.replay.pipeline import load_paths

    (tmp_path / "g.sgs.jsonl").write_bytes(H.GOOD)
    db = tmp_path / "db.duckdb"
    load_paths([tmp_path / "g.sgs.jsonl"], db)
    with pytest.raises(duckdb.Error):
        queries.fetch_rows(db, sql.format(tmp=tmp_path))
    assert not (tmp_path / "leak.csv").exists()
    assert queries.fetch_rows(db, "SELECT count(*) FROM games") == [(1,)]
    assert "](" not in queries.md("[x](http://example.invalid)")
