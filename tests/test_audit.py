"""The referee's audit report: terminal, Markdown and HTML (escaped) renderings of one game."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from sgs_replay.formats.reader import parse_bytes
from sgs_replay.report import build_audit
from sgs_replay.report.render import to_html, to_markdown

HEADER = (
    '{"type": "game", "format": "sgs-replay/1", "game_id": "<b>g</b>", "mode": "identity", "ruleset": "standard",'
    ' "players": [{"seat": 1, "name": "<script>x</script>", "general": "孙权", "role": "lord"},'
    ' {"seat": 2, "general": "甘宁", "role": "loyalist"}, {"seat": 3, "general": "许褚", "role": "rebel"},'
    ' {"seat": 4, "general": "黄盖", "role": "rebel"}, {"seat": 5, "general": "华佗", "role": "renegade"}],'
    ' "start": {"current": 3, "phase": "play", "seats": {"1": {}, "2": {}, "3": {"hand": ["♠7 杀", "♣8 杀"]}, "4": {}, "5": {}}}}'
)
EVENTS = [
    '{"type": "use", "seat": 3, "card": "♠7 杀", "targets": [4]}',
    '{"type": "damage", "source": 3, "target": 4, "amount": 1, "card": "♠7 杀"}',
    '{"type": "use", "seat": 3, "card": "♣8 杀", "targets": [2]}',
]


def _log(events: list[str]) -> bytes:
    return "\n".join([HEADER, *events]).encode()


def test_clean_game_has_a_clean_verdict() -> None:
    a = build_audit(parse_bytes(_log(EVENTS[:2]), "g.sgs.jsonl"))
    assert a.findings == []
    assert a.verdict.startswith("Clean")


def test_violation_carries_rule_citation_and_table() -> None:
    a = build_audit(parse_bytes(_log(EVENTS), "g.sgs.jsonl"))
    assert [f.violation.rule for f in a.findings] == ["SGS-P001"]
    f = a.findings[0]
    assert f.violation.line == 4
    assert "《三国杀》标准版规则（身份局）" in f.cite
    assert {s.seat: s.hp for s in f.table}[4] == 3  # the table after the first 杀's damage
    md = to_markdown(a, "en")
    assert "## line 4: SGS-P001" in md and "| 4 | 黄盖 | rebel | 3/4 |" in md


def test_html_is_escaped() -> None:
    html = to_html(build_audit(parse_bytes(_log(EVENTS), "g.sgs.jsonl")))
    assert "<script>x</script>" not in html
    assert "&lt;script&gt;x&lt;/script&gt;" in html
    assert "SGS-P001" in html


def test_audit_cli_writes_reports(tmp_path: Path) -> None:
    log = tmp_path / "g.sgs.jsonl"
    log.write_bytes(_log(EVENTS))
    out = subprocess.run([sys.executable, "-m", "sgs_replay", "audit", str(log), "--html", str(tmp_path / "a.html"),
                          "--md", str(tmp_path / "a.md")], capture_output=True, text=True)
    assert out.returncode == 1, out.stderr
    assert (tmp_path / "a.html").read_text(encoding="utf-8").startswith("<!doctype html>")
    assert "SGS-P001" in (tmp_path / "a.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("content", [b"", b"\x00\x01binary"])
def test_audit_cli_unreadable(tmp_path: Path, content: bytes) -> None:
    log = tmp_path / "bad.sgs.jsonl"
    log.write_bytes(content)
    out = subprocess.run([sys.executable, "-m", "sgs_replay", "audit", str(log)], capture_output=True, text=True)
    assert out.returncode == 3
    assert "Traceback" not in out.stderr and out.stderr.strip().count("\n") == 0
