"""The dashboard's game viewer, run headless with AppTest: the standalone replay embedded, opening at
the first violation (or the start, or the line a link names), the coach notes shown as notes, HP over
the game in one strip per seat, and a clear message for what it cannot show."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("streamlit")
from streamlit.testing.v1 import AppTest

from sgs_replay.replay.pipeline import load_paths
from sgs_replay.store.stats import query

ROOT = Path(__file__).resolve().parents[1]
VIEWER = ROOT / "dashboards" / "views" / "game_viewer.py"
DISPUTES = ROOT / "sample_logs" / "disputes"
TIMEOUT = 60
sys.path.insert(0, str(ROOT / "dashboards"))


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    db = tmp_path_factory.mktemp("viewer") / "viewer.duckdb"
    summary = load_paths([DISPUTES, ROOT / "sample_logs" / "identity"], db)
    assert not summary.failed and not summary.unreadable, summary.text()
    return db


@pytest.fixture
def db(store: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    import queries

    monkeypatch.setenv("SGS_REPLAY_DB", str(store))
    monkeypatch.setattr(queries, "IDLE", 0)  # the tests below read the same file with `query`
    queries.release()
    return store


def _game(db: Path, like: str) -> str:
    return str(query(db, "SELECT game_id FROM games WHERE file LIKE ?", [f"%{like}%"])["game_id"][0])


def _open(game: str, lang: str = "zh", line: int | None = None) -> AppTest:
    at = AppTest.from_file(str(VIEWER), default_timeout=TIMEOUT)
    at.query_params["game"] = game
    if line is not None:
        at.query_params["line"] = str(line)
    at.run()
    if lang != "zh":
        at.radio(key="lang").set_value(lang).run()
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error, [e.value for e in at.error]
    return at


def _find(at: AppTest, kind: str) -> list[Any]:
    found: list[Any] = []

    def walk(node: Any) -> None:
        if getattr(node, "type", None) == kind:
            found.append(node)
        for child in getattr(node, "children", {}).values():
            walk(child)

    walk(at._tree)
    return found


def _replay(at: AppTest) -> tuple[str, dict[str, Any]]:
    """The embedded replay page and the steps it carries."""
    from components import replay as rp

    frames = _find(at, "iframe")
    assert len(frames) == 1, "no embedded replay"
    page = str(frames[0].proto.srcdoc)
    return page, rp.steps_of(page)


def test_opens_at_the_first_violation_with_the_events_in_order(db: Path) -> None:
    at = _open(_game(db, "table7"))
    page, data = _replay(at)
    lines = query(db, "SELECT line FROM events WHERE game_id = ? ORDER BY seq", [_game(db, "table7")])["line"].to_list()
    first = int(query(db, "SELECT min(line) FROM violations WHERE game_id = ?", [_game(db, "table7")]).item())
    assert data["steps"][data["start"]]["line"] == first == 6
    assert any("first violation (line 6)" in c.value for c in at.caption)
    # the event list: the start position, then every event in log order
    items = [int(i) for i in re.findall(r'<li data-i="(\d+)"', page)]
    assert items == list(range(len(lines) + 1))
    assert [s["line"] for s in data["steps"][1:]] == lines
    assert 'class="embedded"' in page and "<h1>" not in page  # the dashboard names the game itself
    assert "@font-face" in page or "SGS Noto Sans CJK" in page
    # the last action is drawn at the step of 吕布's second 杀 on seat 1 (line 8)
    second = next(i for i, s in enumerate(data["steps"]) if s["line"] == 8)
    board = "".join(data["pieces"][k] for k in data["steps"][second]["svg"])
    assert 'class="action-arrow"' in board and "♣10 杀" in board
    # the violations, each once, as warnings (the page itself has no error)
    shown = [w.value for w in at.warning]
    assert [re.search(r"SGS-\w+", w).group(0) for w in shown] == ["SGS-P007", "SGS-P001", "SGS-D002"]  # type: ignore[union-attr]


def test_a_link_opens_the_line_it_names(db: Path) -> None:
    _, data = _replay(_open(_game(db, "table7"), line=8))
    assert data["steps"][data["start"]]["line"] == 8
    _, data = _replay(_open(_game(db, "table7"), line=99_999))  # no such line: the first violation
    assert data["steps"][data["start"]]["line"] == 6


def test_a_game_without_violations_opens_at_the_start(db: Path) -> None:
    clean = str(query(db, "SELECT game_id FROM games WHERE violations = 0 AND events > 0 ORDER BY file LIMIT 1")["game_id"][0])
    at = _open(clean)
    _, data = _replay(at)
    assert data["start"] == 0 and not data["violations"]
    assert any("Opens at the start" in c.value for c in at.caption)
    assert not at.warning


def test_coach_notes_are_shown_as_notes_never_as_violations(db: Path) -> None:
    game = _game(db, "table2")
    at = _open(game, lang="en")
    assert "Coach notes (not violations)" in [h.value for h in at.subheader]
    notes = [i.value for i in at.info]
    assert len(notes) == 2 and notes[0].startswith("line 3 · ") and notes[1].startswith("line 25 · ")
    assert "let its teammate" in notes[1]
    assert not any("let its teammate" in w.value for w in at.warning)  # not among the violations
    _, data = _replay(at)
    assert [s["line"] for s in data["steps"] if s["notes"]] == [3, 25]  # and in the replay, at their moment
    zh = _open(game)
    assert "教练提示（非违规）" in [h.value for h in zh.subheader]
    assert any("队友" in i.value for i in zh.info)


def test_hp_over_the_game_is_one_strip_per_seat(db: Path) -> None:
    from html import unescape

    game = _game(db, "table7")
    at = _open(game)
    _, data = _replay(at)
    charts = [m for m in _find(at, "markdown") if m.value.startswith("<svg class=\"hp-chart\"")]
    assert len(charts) == 1
    svg = charts[0].value
    strips = re.findall(r'<g class="hp-seat" data-seat="([^"]*)" data-hp="([^"]*)">', svg)
    seats = len(data["seats"])
    assert [unescape(name) for name, _ in strips] == data["seats"] and len(strips) == seats
    rows = [[int(h) for h in hp.split(",")] for _, hp in strips]
    assert all(len(r) == len(data["steps"]) for r in rows)
    # the last step's HP is each seat's HP at the end, as the load stored it
    end = query(db, "SELECT hp_at_end FROM players WHERE game_id = ? ORDER BY seat", [game])["hp_at_end"].to_list()
    assert [r[-1] for r in rows] == end
    marks = {(k, int(s)) for k, s in re.findall(r'<line class="hp-mark (\w+)" data-step="(\d+)"', svg)}
    assert {s for k, s in marks if k == "violation"} == set(data["violations"])
    assert {s for k, s in marks if k == "note"} == {i for i, s in enumerate(data["steps"]) if s["notes"]}


def test_a_store_without_headers_says_so(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import queries

    monkeypatch.setattr(queries, "GAME_REPLAY_SOURCE", "SELECT NULL AS header, ruleset FROM games WHERE game_id = ?")
    at = _open(_game(db, "table7"))
    assert not _find(at, "iframe")
    assert any("sgs-replay load" in w.value for w in at.warning)


def test_log_text_stays_text_in_the_embedded_page(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A player's name is the log's: in the embedded page (same origin as the dashboard) it is text."""
    import queries

    src = (DISPUTES / "table7-second-slash.sgs.jsonl").read_text(encoding="utf-8")
    evil = '</script><script>parent.document.title="pwned"</script><img src=x onerror=alert(1)>'
    (tmp_path / "logs").mkdir()
    (tmp_path / "logs" / "evil.sgs.jsonl").write_text(src.replace('"Gu"', '"' + evil.replace('"', '\\"') + '"', 1),
                                                       encoding="utf-8")
    db = tmp_path / "evil.duckdb"
    assert load_paths([tmp_path / "logs"], db).loaded == 1
    monkeypatch.setenv("SGS_REPLAY_DB", str(db))
    monkeypatch.setattr(queries, "IDLE", 0)
    queries.release()
    at = _open(_game(db, "evil"))
    page, data = _replay(at)
    assert "<script>parent" not in page and "<img src=x" not in page
    assert evil in data["seats"][2]  # the name is there, as text
