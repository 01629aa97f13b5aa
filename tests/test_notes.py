"""Coach notes: a better legal option the player passed, from the full-information log (never a violation)."""

from __future__ import annotations

from pathlib import Path

from sgs_replay.formats.reader import read_path
from sgs_replay.report import build_audit
from sgs_replay.report.notes import coach_notes
from sgs_replay.report.render import render

ROOT = Path(__file__).resolve().parents[1]
TABLE2 = ROOT / "sample_logs" / "disputes" / "table2-rebel-reward.sgs.jsonl"
TABLE7 = ROOT / "sample_logs" / "disputes" / "table7-second-slash.sgs.jsonl"
SERIES2 = ROOT / "sample_logs" / "series" / "sample-series-5-game2.sgs.jsonl"


def _kinds(path: Path) -> list[tuple[int, str, int]]:
    return [(n["line"], n["kind"], n["seat"]) for n in coach_notes(read_path(path))]


def test_a_teammate_let_die_with_a_peach_and_a_slash_taken_with_a_dodge() -> None:
    notes = coach_notes(read_path(TABLE2))
    assert [(n["line"], n["kind"], n["seat"]) for n in notes] == [(3, "dodge", 2), (25, "peach", 4)]
    assert "♥Q 桃" in notes[1]["en"] and "teammate seat 2" in notes[1]["en"]
    assert "♦5 闪" in notes[0]["zh"]


def test_no_note_when_the_hand_cannot_answer() -> None:
    # 赵云 took 吕布's 杀 with no 闪 left (无双 asked for two; he had one and a 杀): nothing to say
    assert _kinds(TABLE7) == []


def test_a_play_phase_ended_with_a_kill_on_offer() -> None:
    kills = [n for n in coach_notes(read_path(SERIES2)) if n["kind"] == "kill"]
    assert kills and kills[0]["line"] == 336 and "an enemy at 1 HP" in kills[0]["en"]


def test_audit_notes_are_labelled_and_change_no_verdict() -> None:
    plain = build_audit(read_path(TABLE2), now="x")
    noted = build_audit(read_path(TABLE2), now="x", notes=True)
    assert [f.violation for f in plain.findings] == [f.violation for f in noted.findings]
    assert "Coach notes (not violations)" in render(noted, "text", "en")
    assert "教练提示（非违规）" in render(noted, "md", "zh")
    assert "Coach notes" not in render(plain, "text", "en")


def test_the_replay_shows_the_notes() -> None:
    import json
    import re

    from sgs_replay.report.replay_html import replay_page

    page = replay_page(read_path(TABLE2), lang="en")
    blob = re.search(r'<script type="application/json" id="data">(.*?)</script>', page, re.S)
    assert blob
    steps = json.loads(blob.group(1))["steps"]
    noted = [(i, s["line"], s["notes"]) for i, s in enumerate(steps) if s["notes"]]
    assert [line for _, line, _ in noted] == [3, 25]
    assert "let its teammate" in noted[1][2][0]
