"""The referee's audit, `show`, `explain` for cards, and the machine formats of `validate`."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from sgs_replay.formats.reader import parse_bytes
from sgs_replay.report import build_audit
from sgs_replay.report.render import render
from sgs_replay.report.show import show_position

ROOT = Path(__file__).resolve().parents[1]
DISPUTE = ROOT / "sample_logs" / "disputes" / "table7-second-slash.sgs.jsonl"
EVIL = "<script>alert(1)</script>"


def _evil_log() -> bytes:
    lines = DISPUTE.read_text(encoding="utf-8").splitlines()
    head = json.loads(lines[0])
    for p in head["players"]:
        p["name"] = EVIL
    head["meta"] = {k: EVIL for k in ("event", "table", "referee", "dispute")}
    head["note"] = EVIL
    return "\n".join([json.dumps(head, ensure_ascii=False), *lines[1:]]).encode()


def test_golden_audits_do_not_drift() -> None:
    r = subprocess.run([sys.executable, str(ROOT / "tests" / "golden" / "regen.py")], capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr


def test_audit_header_names_the_dispute_version_and_hash() -> None:
    data = DISPUTE.read_bytes()
    a = build_audit(parse_bytes(data, DISPUTE.name), data=data, now="2000-01-01T00:00:00Z")
    for lang in ("zh", "en"):
        for fmt in ("text", "md", "html", "json"):
            out = render(a, fmt, lang)  # type: ignore[arg-type]
            assert "Kong" in out and "seat 3 claims the second 杀 was allowed" in out
            assert a.sha256 in out and "2000-01-01T00:00:00Z" in out
            if fmt != "json":
                assert "None" not in out and "`" not in out and '{"type"' not in out
                assert not re.search(r"\bseed \d{3}", out)
    text = render(a, "text", "en")
    assert "Before the event" in text and "After the event" in text
    assert "♣10 杀" in text  # the full hands are shown when the log has them


def test_order_violation_shows_order_and_sort_key() -> None:
    scen = ROOT.parent / "shared" / "scenarios" / "id-savage-assault-order.sgs.jsonl"
    if not scen.is_file():
        pytest.skip("shared scenarios not present")
    a = build_audit(parse_bytes(scen.read_bytes(), scen.name))
    out = render(a, "text", "en")
    assert "Expected order: seat 5 → seat 1 → seat 2" in out and "Sort key:" in out


@pytest.mark.parametrize("fmt", ["text", "md", "html", "json"])
def test_user_strings_are_escaped(fmt: str) -> None:
    a = build_audit(parse_bytes(_evil_log(), "evil.sgs.jsonl"))
    out = render(a, fmt, "en")
    if fmt in ("md", "html"):
        assert EVIL not in out
        assert "&lt;script&gt;" in out
    if fmt == "html":
        assert "<script" not in out


def test_svg_and_show_are_escaped() -> None:
    parsed = parse_bytes(_evil_log(), "evil.sgs.jsonl")
    out = show_position(parsed, at=8, fmt="svg", lang="en")
    assert "<script" not in out and "&lt;script&gt;" in out
    # the replay page has its own script: a player name is text in it, never markup
    page = show_position(parsed, at=8, fmt="html", lang="en")
    assert page.count("<script") == 2 and "&lt;script&gt;" in page
    assert "<script>alert" not in page and "</script><" not in page.split('id="data">', 1)[1].split("</script>", 1)[0]
    ET.fromstring(show_position(parsed, at=8, fmt="svg"))  # well-formed XML


def test_show_by_turn_and_line(cli_fast: Any) -> None:
    p = cli_fast("show", str(DISPUTE), "--at", "8", "--lang", "en")
    assert p.returncode == 0 and "after line 8" in p.stdout and "uses ♣10 杀" in p.stdout
    assert cli_fast("show", str(DISPUTE), "--at", "999").returncode == 2
    assert cli_fast("show", str(DISPUTE), "--turn", "5").returncode == 2


def test_show_moves_answers_the_dispute(cli_fast: Any) -> None:
    """The referee's question on table 7: after the first 杀 has resolved (line 7) seat 3 may use
    its 桃 but no second 杀; while the 杀 waits for its second 闪 (line 5) nothing may be used."""
    p = cli_fast("show", str(DISPUTE), "--at", "7", "--moves", "--lang", "en")
    assert p.returncode == 0, p.stderr
    moves = p.stdout.split("may use now", 1)[1]
    assert "♥6 桃" in moves and "杀" not in moves
    before = cli_fast("show", str(DISPUTE), "--at", "3", "--moves", "--lang", "en").stdout.split("may use now", 1)[1]
    assert "♣10 杀 → seat 1" in before and "♣10 杀 → seat 2" in before
    pending = cli_fast("show", str(DISPUTE), "--at", "5", "--seat", "3", "--lang", "en").stdout.split("may use now", 1)[1]
    assert "(none)" in pending
    svg = cli_fast("show", str(DISPUTE), "--at", "7", "--moves", "--format", "svg", "--lang", "en")
    assert svg.returncode == 0 and "may use now" in svg.stdout and "♥6 桃" in svg.stdout
    ET.fromstring(svg.stdout)
    bad = cli_fast("show", str(DISPUTE), "--seat", "9")
    assert bad.returncode == 2 and "--seat 9" in bad.stderr and "Traceback" not in bad.stderr


def test_audit_output_errors_are_located(cli_fast: Any, tmp_path: Path) -> None:
    for args in (["--html", str(tmp_path / "missing" / "a.html")], ["-o", str(tmp_path)], ["--md", str(tmp_path)]):
        p = cli_fast("audit", str(DISPUTE), *args)
        assert p.returncode == 2 and "Traceback" not in p.stderr and "error:" in p.stderr, args
    p = cli_fast("audit", str(DISPUTE), "--format", "json", "-o", str(tmp_path / "a.json"))
    assert p.returncode == 1
    out = json.loads((tmp_path / "a.json").read_text(encoding="utf-8"))
    assert out["violations"] and out["audit"]["meta"]["referee"] == "Kong"


def test_stdin_and_version(tmp_path: Path) -> None:
    run = [sys.executable, "-m", "sgs_replay"]
    p = subprocess.run([*run, "validate", "-", "--json"], input=DISPUTE.read_bytes(), capture_output=True)
    assert p.returncode == 1
    out = json.loads(p.stdout)
    assert out["files"][0]["file"] == "<stdin>" and out["unreadable"] == [] and out["matches"] == []
    v = subprocess.run([*run, "--version"], capture_output=True, text=True)
    assert v.returncode == 0 and v.stdout.startswith("sgs-replay ")


def test_sarif_and_junit(cli_fast: Any, tmp_path: Path) -> None:
    bad = tmp_path / "bad.sgs.jsonl"
    bad.write_bytes(b"")
    p = cli_fast("validate", str(DISPUTE), str(bad), "--output-format", "sarif")
    assert p.returncode == 3
    doc = json.loads(p.stdout)
    assert doc["version"] == "2.1.0"
    res = doc["runs"][0]["results"]
    assert {r["ruleId"] for r in res} == {"SGS-P007", "SGS-P001", "SGS-D002"}
    assert res[0]["locations"][0]["physicalLocation"]["region"]["startLine"] == 6
    assert doc["runs"][0]["invocations"][0]["executionSuccessful"] is False
    j = cli_fast("validate", str(DISPUTE), "--output-format", "junit")
    assert j.returncode == 1
    root = ET.fromstring(j.stdout)
    assert root.get("failures") == "3" and len(root.findall(".//failure")) == 3


@pytest.mark.parametrize(("card", "want"), [("杀", "攻击范围内"), ("青龙偃月刀", "攻击范围3"), ("八卦阵", "判定")])
def test_explain_knows_cards(cli_fast: Any, card: str, want: str) -> None:
    p = cli_fast("explain", card)
    assert p.returncode == 0 and want in p.stdout and "Source: 《" in p.stdout and "In the decks" in p.stdout


def test_help_texts_are_complete(cli_fast: Any) -> None:
    for cmd in ("validate", "audit", "show", "explain"):
        p = cli_fast(cmd, "--help")
        assert p.returncode == 0 and "<bool>" not in p.stdout, cmd


def test_audit_html_and_svg_render_in_chromium(tmp_path: Path) -> None:
    exe = shutil.which("chromium")
    if exe is None:
        pytest.skip("chromium is not installed")
    sync_api = pytest.importorskip("playwright.sync_api")
    data = _evil_log()
    a = build_audit(parse_bytes(data, "evil.sgs.jsonl"), data=data)
    page_file = tmp_path / "audit.html"
    page_file.write_text(render(a, "html", "zh"), encoding="utf-8")
    svg_file = tmp_path / "table.svg"
    svg_file.write_text(show_position(parse_bytes(data, "evil.sgs.jsonl"), at=8, fmt="svg"), encoding="utf-8")
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=exe, args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        dialogs: list[str] = []
        page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
        page.goto(page_file.as_uri())
        assert page.locator("section.finding").count() == 3
        assert page.locator("svg.sgs-table").count() == 6  # before and after, per violation
        assert page.locator("svg.sgs-table g.seat").count() == 30
        box = page.locator("svg.sgs-table").first.bounding_box()
        assert box is not None and box["width"] > 400 and 0.6 < box["height"] / box["width"] < 0.9
        shot = page.screenshot(full_page=True)
        assert len(shot) > 20_000
        page.goto(svg_file.as_uri())
        assert page.locator("g.seat").count() == 5 and page.locator("g.seat.actor").count() == 1
        assert page.locator("g.seat.target").count() == 1
        browser.close()
    assert dialogs == []  # the player names never ran as script
