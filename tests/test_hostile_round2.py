"""Hostile input, round two: bounded memory, no forged reports, no silent overwrite or stale export.

One section per attack found by probing (docs/log-format.md, "Limits and hostile input"): each gives a
clear error or a correct result, never a traceback, nothing overwritten, no process or database left.
Big files are sparse and the limits lowered, so the whole module runs in well under a minute.
"""

from __future__ import annotations

import csv
import io
import json
import os
import signal
import subprocess
import sys
import time
import zlib
from pathlib import Path
from typing import Any

import hostile as H
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sgs_replay.formats import reader
from sgs_replay.formats.reader import UnreadableInput, parse_any, parse_bytes, read_path

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = int(os.environ.get("SGS_FUZZ_EXAMPLES", "12"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                       HealthCheck.function_scoped_fixture])
RECORDINGS = sorted((ROOT / "sample_logs" / "freekill").glob("*.fk.rep"))
RECORDING = RECORDINGS[0] if RECORDINGS else None
needs_recording = pytest.mark.skipif(RECORDING is None, reason="no sample recording")
CONTROL = [chr(c) for c in range(0x20) if chr(c) != "\n"] + ["\x7f", "\x9b", "\u202e"]


def _good(tmp: Path, n: int = 3) -> Path:
    folder = tmp / "logs"
    folder.mkdir(exist_ok=True)
    for i in range(n):
        data = H.log_bytes([H.header(game_id=f"good-{i}", start={**H.header()["start"], "round": i + 1}), *H.EVENTS])
        (folder / f"good{i}.sgs.jsonl").write_bytes(data)
    return folder


def _no_traceback(r: subprocess.CompletedProcess[str]) -> None:
    assert "Traceback" not in r.stderr and "Traceback" not in r.stdout, r.stderr[-2000:]


def _peak_mb(code: str, *args: str, env: dict[str, str] | None = None) -> float:
    """Peak RSS (MB) of a fresh interpreter running ``code`` (what one input costs, start-up included).

    Read from the process's own memory map (``VmHWM``): ``ru_maxrss`` survives ``exec`` and so would count
    the test worker the child was forked from (a large one late in a parallel run)."""
    script = code + ("\nprint(next(int(x.split()[1]) for x in open('/proc/self/status') if x.startswith('VmHWM:'))"
                     " / 1024)")
    out = subprocess.run([sys.executable, "-c", script, *args], capture_output=True, text=True, cwd=ROOT, timeout=120,
                         env={**os.environ, **(env or {})})
    assert out.returncode == 0, (out.returncode, out.stdout[-500:], out.stderr[-2000:])
    return float(out.stdout.strip().splitlines()[-1])


# ------------------------------------------------------------------------------------- 1. CBOR bombs
@pytest.mark.parametrize("where", ["top", "payload"])
def test_a_cbor_bomb_is_refused_with_little_memory(where: str, tmp_path: Path) -> None:
    bomb = tmp_path / "bomb.fk.rep"
    bomb.write_bytes(H.cbor_bomb((64 << 20) - 100 if where == "top" else 2_000_100, where=where))
    assert bomb.stat().st_size < 200_000
    code = ("import sys; from pathlib import Path; from sgs_replay.formats.reader import read_path, UnreadableInput\n"
            "try:\n    read_path(Path(sys.argv[1])); raise SystemExit('read')\n"
            "except UnreadableInput as e:\n    assert 'CBOR items' in str(e), e")
    assert _peak_mb(code, str(bomb)) < 500


@FUZZ
@given(data=H.cbor_bombs().filter(lambda b: len(zlib.decompress(b[4:])) < 1_000_000))
def test_cbor_depth_claims_and_reference_tags_are_refused(data: bytes) -> None:
    with pytest.raises(UnreadableInput, match=r"nested|claims|tag|truncated|corrupted"):
        parse_any(data, "bomb.fk.rep")


@needs_recording
def test_a_bomb_in_a_load_folder_costs_only_itself(tmp_path: Path) -> None:
    from sgs_replay.replay.pipeline import load_paths

    logs = _good(tmp_path)
    (logs / "bomb.fk.rep").write_bytes(H.cbor_bomb(2_000_100))
    s = load_paths([logs], tmp_path / "db.duckdb")
    assert s.loaded == 3 and len(s.unreadable) == 1 and "bomb.fk.rep" in s.unreadable[0]


def test_real_recordings_are_far_inside_the_cbor_limits() -> None:
    from sgs_replay.importers import freekill

    for rec in RECORDINGS[:4]:
        raw = zlib.decompress(rec.read_bytes()[4:])
        assert freekill.cbor_items(raw) < freekill.MAX_CBOR_ITEMS // 4


# ------------------------------------------------------------------ 2. huge files, FIFOs and devices
def test_fifo_and_devices_named_are_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.sgs.jsonl"
    os.mkfifo(fifo)
    for path, kind in ((fifo, "FIFO"), (Path("/dev/zero"), "character device")):
        with pytest.raises(UnreadableInput, match=f"not a regular file \\(a {kind}\\)"):
            read_path(path)


def test_special_files_in_a_folder_are_named_and_skipped(tmp_path: Path, cli_fast: Any) -> None:
    logs = _good(tmp_path)
    os.mkfifo(logs / "pipe.sgs.jsonl")
    r = cli_fast("load", str(logs), "--db", str(tmp_path / "db.duckdb"), "-q")
    _no_traceback(r)
    assert r.returncode == 0 and "pipe.sgs.jsonl: not a regular file (a FIFO)" in r.stdout + r.stderr


def test_a_huge_sparse_log_beside_good_ones_costs_only_itself(tmp_path: Path, cli_fast: Any,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    logs = _good(tmp_path)
    with open(logs / "huge.sgs.jsonl", "wb") as fh:
        fh.truncate(5 << 30)  # 5 GB of holes: nothing written to disk
    r = cli_fast("validate", str(logs), "-q")
    _no_traceback(r)
    assert r.returncode == 3 and "over the limit of 64 MiB per file" in r.stderr
    monkeypatch.setenv("SGS_REPLAY_MAX_FILE_MB", "0.01")
    with pytest.raises(UnreadableInput, match="SGS_REPLAY_MAX_FILE_MB"):
        read_path(logs / "good0.sgs.jsonl") if (logs / "good0.sgs.jsonl").stat().st_size > 10_486 else read_path(
            logs / "huge.sgs.jsonl")


def test_a_line_over_the_line_limit_is_a_clear_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SGS_REPLAY_MAX_LINE_MB", str(64 / (1 << 20)))  # 64 bytes
    path = tmp_path / "long.sgs.jsonl"
    path.write_bytes(H.log_bytes([H.header(note="x" * 200), *H.EVENTS]))
    with pytest.raises(UnreadableInput, match="line 1 is longer than"):
        read_path(path)


def test_standard_input_of_zeros_is_refused_at_once() -> None:
    r = subprocess.run(f"head -c 100000000 /dev/zero | {sys.executable} -m sgs_replay validate -q -", shell=True,
                       capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert r.returncode == 3 and "binary data" in r.stderr and "Traceback" not in r.stderr


def test_memory_of_a_large_log_is_bounded_by_its_events_not_its_bytes(tmp_path: Path) -> None:
    """A 160 MB log (a game, then blank lines) read with the file limit raised: read in blocks, never
    whole (whole, the bytes and their lines alone would take over 300 MB)."""
    path = tmp_path / "padded.sgs.jsonl"
    with open(path, "wb") as fh:
        fh.write(H.log_bytes([H.header(), *H.EVENTS]))
        for _ in range(160):
            fh.write((b" " * 1023 + b"\n") * 1024)
    code = ("import sys; from pathlib import Path; from sgs_replay.formats.reader import read_path\n"
            "p = read_path(Path(sys.argv[1])); assert p.header is not None and p.events")
    assert _peak_mb(code, str(path), env={"SGS_REPLAY_MAX_FILE_MB": "200"}) < 250


@FUZZ
@given(data=H.jsonl_logs, chunk=st.integers(1, 64))
def test_reading_in_blocks_gives_what_reading_whole_gives(data: bytes, chunk: int) -> None:
    old = reader.CHUNK
    reader.CHUNK = chunk
    try:
        try:
            whole = parse_bytes(data, "x")
        except UnreadableInput:
            whole = None
        try:
            streamed = reader.read_stream(io.BytesIO(data), "x")
        except UnreadableInput:
            streamed = None
    finally:
        reader.CHUNK = old
    if whole is None or streamed is None:
        return  # the sniffing of the first bytes may refuse what the whole-file path reads (or the reverse)
    assert streamed.content_id == whole.content_id and streamed.header == whole.header
    assert streamed.events == whole.events
    assert [(v.rule, v.line) for v in streamed.violations] == [(v.rule, v.line) for v in whole.violations]


# ---------------------------------------------------------------------- 3–4. text is text everywhere
def _forged_log(tmp: Path, text: str) -> Path:
    path = tmp / "forged.sgs.jsonl"
    head = H.header(meta={"referee": text, text: "x"}, note=text)
    head["players"][0]["name"] = text
    path.write_bytes(H.log_bytes([head, *H.EVENTS, {"type": "turn", "seat": 1, text: 1}]))
    return path


@FUZZ
@given(text=H.control_texts())
def test_no_control_character_reaches_a_text_report(text: str, tmp_path_factory: pytest.TempPathFactory) -> None:
    from typer.testing import CliRunner

    from sgs_replay.cli.app import app

    path = _forged_log(tmp_path_factory.mktemp("forged"), text)
    for args in (["audit", str(path)], ["audit", str(path), "--format", "md"], ["validate", str(path)],
                 ["show", str(path)]):
        out = CliRunner().invoke(app, args)
        assert out.exit_code in (0, 1), (args, out.output)
        for ch in [*CONTROL, "\u2028"]:
            assert ch not in out.stdout, (args, repr(ch))
        forged = [ln for ln in out.stdout.splitlines() if ln.strip() in ("Verdict: Clean", "裁决：无违规")]
        assert not forged


@FUZZ
@given(text=H.control_texts())
def test_junit_and_sarif_are_well_formed_whatever_the_log_holds(text: str,
                                                               tmp_path_factory: pytest.TempPathFactory) -> None:
    import xml.etree.ElementTree as ET

    from typer.testing import CliRunner

    from sgs_replay.cli.app import app

    path = _forged_log(tmp_path_factory.mktemp("forged"), text)
    junit = CliRunner().invoke(app, ["validate", str(path), "--output-format", "junit"]).stdout
    ET.fromstring(junit)
    json.loads(CliRunner().invoke(app, ["validate", str(path), "--output-format", "sarif"]).stdout)


def test_markdown_of_log_values_never_links() -> None:
    from sgs_replay.report.render import md_text

    for text in ("https://evil.example/x", "www.evil.example", "mail me: a@evil.example", "javascript:alert(1)"):
        out = str(md_text(text))
        assert "s://" not in out and "www." not in out.lower() and "a@e" not in out and "javascript:" not in out


def test_the_game_viewer_shows_names_as_plain_text() -> None:
    source = (ROOT / "dashboards" / "views" / "game_viewer.py").read_text(encoding="utf-8")
    assert 'seats_line = " · ".join(f"{r.seat} {r.general}"' in source and "st.text(seats_line)" in source
    for line in source.splitlines():
        if any(f"st.{w}(" in line for w in ("markdown", "caption", "error", "warning", "info", "subheader")):
            assert ".general" not in line and "r.name" not in line and "seats_line" not in line, line


# ----------------------------------------------------------------------------------------- 5. CSV
FORMULAS = ["=HYPERLINK(\"http://x\",\"y\")", "+1+1", "-2+3", "@SUM(A1)", "\t=1", "\r=1"]


def _formula_store(tmp: Path) -> Path:
    from sgs_replay.replay.pipeline import load_paths

    logs = tmp / "f"
    logs.mkdir()
    head = H.header(game_id="=cmd|' /C calc'!A0")
    for p, name in zip(head["players"], FORMULAS, strict=False):
        p["name"] = name
    (logs / "f.sgs.jsonl").write_bytes(H.log_bytes([head, *H.EVENTS]))
    db = tmp / "f.duckdb"
    assert load_paths([logs], db).loaded == 1
    return db


def _cells(text: str) -> list[str]:
    return [c for row in csv.reader(io.StringIO(text)) for c in row]


def test_no_csv_writer_lets_a_formula_through(tmp_path: Path, cli_fast: Any) -> None:
    db = _formula_store(tmp_path)
    out = tmp_path / "csv"
    r = cli_fast("export", "--db", str(db), "--to", str(out), "--format", "csv")
    assert r.returncode == 0, r.stderr
    cells = [c for f in out.glob("*.csv") for c in _cells(f.read_text(encoding="utf-8"))]
    r2 = cli_fast("stats", "--db", str(db), "--by", "player", "--format", "csv")
    cells += _cells(r2.stdout)
    assert any(c.startswith("'=HYPERLINK") for c in cells)
    bad = [c for c in cells if c[:1] in ("=", "+", "@", "\t", "\r") or (c[:1] == "-" and not _number(c))]
    assert not bad, bad[:5]


def _number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def test_score_csv_neutralises_formulas() -> None:
    from sgs_replay.formats.safe import csv_cell

    assert [csv_cell(v) for v in (*FORMULAS, "Ada", 3, -2)] == [*("'" + f for f in FORMULAS), "Ada", 3, -2]


# ------------------------------------------------------------------- 6–9. writes never clobber
def test_an_export_never_mixes_with_an_earlier_one(tmp_path: Path, cli_fast: Any) -> None:
    from sgs_replay.replay.pipeline import load_paths

    big, small = tmp_path / "big.duckdb", tmp_path / "small.duckdb"
    load_paths([_good(tmp_path, 6)], big)
    one = tmp_path / "one"
    one.mkdir()
    (one / "g.sgs.jsonl").write_bytes((tmp_path / "logs" / "good0.sgs.jsonl").read_bytes())
    load_paths([one], small)
    out = tmp_path / "out"
    assert cli_fast("export", "--db", str(big), "--to", str(out)).returncode == 0
    r = cli_fast("export", "--db", str(small), "--to", str(out))
    assert r.returncode == 2 and "not empty" in r.stderr and "--force" in r.stderr
    assert cli_fast("export", "--db", str(small), "--to", str(out), "--force").returncode == 0
    import duckdb

    n = duckdb.sql(f"SELECT count(*) FROM read_parquet('{out}/games/**/*.parquet')").fetchall()[0][0]
    assert n == 1 and not [p for p in tmp_path.iterdir() if ".partial-" in p.name or ".old-" in p.name]


def test_a_full_disk_leaves_no_partial_export_or_output(tmp_path: Path, cli_fast: Any,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    import errno

    from sgs_replay.cli import stats_cmd as stats_cli
    from sgs_replay.replay.pipeline import load_paths

    db = tmp_path / "db.duckdb"
    load_paths([_good(tmp_path)], db)
    real = stats_cli._export_into

    def full(db: Path, to: Path, fmt: str) -> list[str]:
        real(db, to, fmt)
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(stats_cli, "_export_into", full)
    r = cli_fast("export", "--db", str(db), "--to", str(tmp_path / "out"))
    _no_traceback(r)
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1 and "No space left" in r.stderr
    assert not (tmp_path / "out").exists() and not [p for p in tmp_path.iterdir() if ".partial-" in p.name]

    def no_space(fh: Any, data: bytes) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    import builtins

    real_open = builtins.open

    class Full(io.BufferedWriter):
        pass

    def fdopen(fd: int, mode: str = "r", *a: Any, **k: Any) -> Any:
        fh = real_open(fd, mode, *a, **k)
        if "w" in mode:
            fh.write = lambda data: no_space(fh, data)  # type: ignore[method-assign]
        return fh

    monkeypatch.setattr(os, "fdopen", fdopen)
    target = tmp_path / "stats.csv"
    target.write_text("earlier\n", encoding="utf-8")
    r = cli_fast("stats", "--db", str(db), "--format", "csv", "-o", str(target))
    _no_traceback(r)
    assert r.returncode == 2 and "No space left" in r.stderr and target.read_text(encoding="utf-8") == "earlier\n"
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".partial")] == []


@needs_recording
def test_convert_never_overwrites_or_follows_a_link_without_force(tmp_path: Path, cli_fast: Any) -> None:
    assert RECORDING is not None
    out = tmp_path / "out"
    out.mkdir()
    secret = tmp_path / "secret.txt"
    secret.write_text("keep\n", encoding="utf-8")
    name = RECORDING.name.removesuffix(".fk.rep") + ".sgs.jsonl"
    (out / name).symlink_to(secret)
    r = cli_fast("convert", str(RECORDING), "--out", str(out), "-q")
    assert r.returncode == 2 and "already exists (a symbolic link)" in r.stderr
    assert secret.read_text(encoding="utf-8") == "keep\n"
    r = cli_fast("convert", str(RECORDING), "--out", str(out), "-q", "--force")
    assert r.returncode == 0 and not (out / name).is_symlink() and secret.read_text(encoding="utf-8") == "keep\n"
    own = tmp_path / "own.sgs.jsonl"
    own.write_bytes(RECORDING.read_bytes())
    before = own.read_bytes()
    r = cli_fast("convert", str(own), "--out", str(tmp_path), "--force", "-q")
    assert r.returncode == 2 and "overwrite the input" in r.stderr and own.read_bytes() == before


def test_no_command_writes_over_its_own_input(tmp_path: Path, cli_fast: Any) -> None:
    from sgs_replay.replay.pipeline import load_paths

    log = _good(tmp_path) / "good0.sgs.jsonl"
    before = log.read_bytes()
    for opt in ("-o", "--html", "--md"):
        r = cli_fast("audit", str(log), opt, str(log))
        assert r.returncode == 2 and "overwrite the input" in r.stderr and log.read_bytes() == before
    db = tmp_path / "db.duckdb"
    load_paths([log], db)
    size = db.stat().st_size
    r = cli_fast("stats", "--db", str(db), "-o", str(db))
    assert r.returncode == 2 and db.stat().st_size == size
    r = cli_fast("export", "--db", str(db), "--to", str(tmp_path), "--force")
    assert r.returncode == 2 and "holds the database" in r.stderr and db.is_file()


# -------------------------------------------------------------------------------- 10. SIGTERM
def _group(pgid: int) -> list[str]:
    left = []
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                stat = Path(f"/proc/{d}/stat").read_text()
            except OSError:
                continue
            fields = stat.rsplit(")", 1)[1].split()
            if int(fields[2]) == pgid and fields[0] != "Z":
                left.append(d)
    return left


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="needs /proc")
@pytest.mark.parametrize("delay", [1.0])
def test_sigterm_during_load_leaves_no_database_and_no_process(delay: float, tmp_path: Path) -> None:
    logs = _good(tmp_path, 60)
    db = tmp_path / "new.duckdb"
    p = subprocess.Popen([sys.executable, "-m", "sgs_replay", "load", str(logs), "--db", str(db), "-j", "2", "-q",
                          "--no-snapshots"], cwd=ROOT, start_new_session=True, stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE, text=True)
    time.sleep(delay)
    p.send_signal(signal.SIGTERM)
    _, err = p.communicate(timeout=60)
    assert "Traceback" not in err
    if p.returncode == 0:  # the load finished first: then the database is whole
        return
    assert p.returncode == 143 and "terminated" in err
    assert not db.exists() and not Path(str(db) + ".wal").exists()
    deadline = time.monotonic() + 10
    while _group(p.pid) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert _group(p.pid) == []


# ----------------------------------------------------------------------- 11–13. foreign stores
def test_empty_foreign_and_sqlite_databases_are_one_line(tmp_path: Path, cli_fast: Any) -> None:
    import sqlite3

    import duckdb

    empty, other, lite = tmp_path / "empty.duckdb", tmp_path / "other.duckdb", tmp_path / "lite.duckdb"
    empty.touch()
    duckdb.connect(str(other)).execute("CREATE TABLE x (a INT)").close()
    con = sqlite3.connect(lite)
    con.execute("CREATE TABLE t (x)")
    con.commit()
    con.close()
    for db, why in ((empty, "an empty file"), (other, "not an sgs-replay database"), (lite, "a SQLite database")):
        for args in (("stats", "--db", str(db)), ("export", "--db", str(db), "--to", str(tmp_path / "x"))):
            r = cli_fast(*args)
            _no_traceback(r)
            assert r.returncode == 3 and why in r.stderr and len(r.stderr.strip().splitlines()) == 1, r.stderr
        assert not (tmp_path / "x").exists()
    r = cli_fast("load", str(_good(tmp_path)), "--db", str(other), "-q")
    assert r.returncode == 3 and "another tool" in r.stderr


def test_no_connection_loads_or_installs_extensions(tmp_path: Path) -> None:
    from sgs_replay.replay.pipeline import load_paths
    from sgs_replay.store.stats import connect

    db = tmp_path / "db.duckdb"
    load_paths([_good(tmp_path)], db)
    with connect(db) as con:
        got = con.execute("SELECT current_setting('autoload_known_extensions'), "
                          "current_setting('autoinstall_known_extensions')").fetchone()
    assert got == (False, False)
    for source in ("sgs_replay/store/loader.py", "sgs_replay/store/stats.py", "dashboards/queries.py"):
        text = (ROOT / source).read_text(encoding="utf-8")
        assert text.count("duckdb.connect(") == text.count("NO_EXTENSIONS") - text.count("NO_EXTENSIONS =") \
            - text.count("import NO_EXTENSIONS") or "SAFE_CONFIG" in text


# ------------------------------------------------------------------------------- 14. rulesets
RULESETS = {
    "deep": ("x = " + "[" * 1000 + "]" * 1000 + "\n", r"deep\.toml:1: nested more than"),
    "negative": ('inherits = "standard"\nslash_per_play_phase = -5\n', r"negative\.toml:2: slash_per_play_phase = -5"),
    "outside": ('inherits = "../x.toml"\n', r"outside\.toml:1: `inherits` names a packaged ruleset"),
    "absolute": ('inherits = "/etc/x.toml"\n', r"absolute\.toml:1: `inherits`"),
    "remove": ('inherits = "standard"\n[deck]\nremove = ["SA 闪"]\n', r"remove\.toml:3: \[deck\] remove"),
}


@pytest.mark.parametrize("case", sorted(RULESETS))
def test_hostile_rulesets_are_located_usage_errors(case: str, tmp_path: Path, cli_fast: Any) -> None:
    import re

    text, message = RULESETS[case]
    (tmp_path / f"{case}.toml").write_text(text, encoding="utf-8")
    log = _good(tmp_path) / "good0.sgs.jsonl"
    r = cli_fast("validate", str(log), "--ruleset", str(tmp_path / f"{case}.toml"))
    _no_traceback(r)
    assert r.returncode == 2 and re.search(message, r.stderr), r.stderr


# ----------------------------------------------------------------- 15–16. damaged recordings
def _damaged_recording(tmp: Path) -> Path:
    import cbor2

    assert RECORDING is not None
    top = cbor2.loads(zlib.decompress(RECORDING.read_bytes()[4:]))
    top.insert(12, [top[11][0], False, b"NoSuchPacket", cbor2.dumps([1, 2])])
    raw = cbor2.dumps(top)
    path = tmp / "damaged.fk.rep"
    path.write_bytes(len(raw).to_bytes(4, "big") + zlib.compress(raw))
    return path


@needs_recording
def test_a_damaged_recording_never_exits_clean(tmp_path: Path, cli_fast: Any) -> None:
    import xml.etree.ElementTree as ET

    path = _damaged_recording(tmp_path)
    codes = {}
    for fmt in ("text", "json", "sarif", "junit"):
        r = cli_fast("validate", str(path), "--output-format", fmt)
        codes[fmt] = r.returncode
        if fmt == "junit":
            assert ET.fromstring(r.stdout).get("errors") == "1"
        if fmt == "sarif":
            assert json.loads(r.stdout)["runs"][0]["invocations"][0]["executionSuccessful"] is False
    assert set(codes.values()) <= {1, 4} and 0 not in codes.values(), codes
    assert cli_fast("audit", str(path)).returncode in (1, 4)


@needs_recording
def test_a_cut_or_flipped_recording_says_so(tmp_path: Path) -> None:
    assert RECORDING is not None
    data = RECORDING.read_bytes()
    for cut in (1, 4, 7):
        with pytest.raises(UnreadableInput, match="truncated FreeKill recording"):
            parse_any(data[:cut], "cut.fk.rep")
    flipped = bytearray(data)
    flipped[10] ^= 0xFF
    with pytest.raises(UnreadableInput, match=r"damaged or truncated FreeKill recording|corrupted"):
        parse_any(bytes(flipped), "flip.fk.rep")
    for text in ("{}".encode("utf-16-le"), "{}".encode("utf-16-be"), "{}".encode("utf-16")):
        with pytest.raises(UnreadableInput, match="UTF-16"):
            parse_any(text, "u16.sgs.jsonl")
