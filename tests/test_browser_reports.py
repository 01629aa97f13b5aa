"""The referee's audit and the standalone replay, opened in a real Chromium with no network.

Checks what a referee and a student see: 无双 and 青龙偃月刀 quoted in the ruling and no passage of a
card that is not in the game, every control whole (nothing cut off) at 1,280 px and on a phone, the
board's card text at least 12 px, the replay stepping with the keys and jumping to the violations,
the last action drawn, and every CJK character of the page in the embedded font (a fresh machine
has no CJK font of its own). Screenshots go to ``SGS_SCREENSHOTS`` (default: the test's tmp dir).
"""

from __future__ import annotations

import base64
import io
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[1]
FAMILY = "SGS Noto Sans CJK"
LATIN_FONTS = ("/usr/share/fonts/truetype/dejavu",)
TABLE7 = ROOT / "sample_logs" / "disputes" / "table7-second-slash.sgs.jsonl"
CHROMIUM_ARGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
#: the cards and skills at stake in the table-7 dispute (the game's cards, 吕布's 无双)
INVOLVED = {"杀", "闪", "无双", "青龙偃月刀"}


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    exe = shutil.which("chromium") or shutil.which("chromium-browser")
    if exe is None:
        pytest.skip("chromium is not installed")
    pytest.importorskip("playwright.sync_api")
    from sgs_replay.report.fonts import font_file

    if font_file() is None:
        pytest.skip("no CJK font to embed (apt-get install fonts-noto-cjk)")
    from playwright.sync_api import sync_playwright

    # a fresh machine: fontconfig sees the Latin fonts chromium comes with (DejaVu) and no CJK font, so
    # the page's Chinese has only the font it carries (a missing glyph would be a box)
    cache = Path(tempfile.mkdtemp(prefix="latin-fonts-"))
    dirs = "".join(f"<dir>{d}</dir>" for d in LATIN_FONTS if Path(d).is_dir())
    conf = cache / "fonts.conf"
    conf.write_text(f'<?xml version="1.0"?><fontconfig>{dirs}<dir>{cache}</dir><cachedir>{cache}</cachedir></fontconfig>',
                    encoding="utf-8")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=exe, args=CHROMIUM_ARGS, env={**os.environ, "FONTCONFIG_FILE": str(conf)})
        try:
            yield b
        finally:
            b.close()


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    d = Path(os.environ.get("SGS_SCREENSHOTS") or tmp_path_factory.mktemp("shots"))
    d.mkdir(parents=True, exist_ok=True)
    return d


def _cli(*args: str) -> None:
    r = subprocess.run([sys.executable, "-m", "sgs_replay", *args], capture_output=True, text=True, cwd=ROOT)
    assert r.returncode in (0, 1), r.stderr


def _open(browser: object, path: Path, width: int, height: int = 900) -> tuple[object, list[str]]:
    page = browser.new_page(viewport={"width": width, "height": height})  # type: ignore[attr-defined]
    asked: list[str] = []

    def route(r: object) -> None:
        url = r.request.url  # type: ignore[attr-defined]
        if url.startswith("data:") or (url.startswith("file://") and url.split("#")[0].endswith(path.name)):
            r.continue_()  # type: ignore[attr-defined]
        else:
            asked.append(url)
            r.abort()  # type: ignore[attr-defined]

    page.route("**/*", route)
    page.goto(path.as_uri())
    page.evaluate(f"document.fonts.load(\"16px '{FAMILY}'\", '无双').then(() => document.fonts.ready)")
    return page, asked


def _drawn_width(page: object, family: str, text: str = "无双青龙偃月刀") -> float:
    return float(page.evaluate("""([fam, t]) => { const s = document.createElement('span');
        s.style.font = "32px " + fam; s.textContent = t; document.body.appendChild(s);
        const w = s.getBoundingClientRect().width; s.remove(); return w; }""", [family, text]))  # type: ignore[attr-defined]


def _embedded_font_covers(page: object) -> list[str]:
    """The characters of the page's text the embedded font has no glyph for (empty: all drawn; on a
    machine with no font of its own anything else is a box)."""
    from fontTools.ttLib import TTFont

    html = page.content()  # type: ignore[attr-defined]
    m = re.search(r"data:font/woff;base64,([A-Za-z0-9+/=]+)", html)
    assert m, "no embedded font"
    cmap = TTFont(io.BytesIO(base64.b64decode(m.group(1)))).getBestCmap()
    text = page.evaluate("document.body.innerText + Array.from(document.querySelectorAll('svg text')).map(t => t.textContent).join('')")  # type: ignore[attr-defined]
    return sorted({c for c in text if c not in "\n\t\r" and ord(c) not in cmap})


def _cut_controls(page: object) -> list[str]:
    return page.evaluate("""() => Array.from(document.querySelectorAll('button')).filter(b => {
        const r = b.getBoundingClientRect();
        return b.scrollWidth > b.clientWidth + 1 || r.right > window.innerWidth + 1 || r.left < -1;
    }).map(b => b.textContent)""")  # type: ignore[attr-defined, no-any-return]


def _overflow(page: object) -> list[str]:
    """The texts of the board that run out of their seat's box."""
    return page.evaluate("""() => Array.from(document.querySelectorAll('#board g.seat')).flatMap(g => {
        const w = g.querySelector('rect').getBBox().width;
        return Array.from(g.querySelectorAll('text')).filter(t => { const b = t.getBBox(); return b.x < -1 || b.x + b.width > w + 1; })
            .map(t => t.textContent); })""")  # type: ignore[attr-defined, no-any-return]


def test_board_text_stays_in_its_boxes(browser: object, tmp_path: Path) -> None:
    log = ROOT / "sample_logs" / "series" / "sample-series-5-game4.sgs.jsonl"
    out = tmp_path / "long.html"
    _cli("show", str(log), "--format", "html", "-o", str(out))
    page, asked = _open(browser, out, 1280)
    try:
        assert not asked
        bad: set[str] = set()
        for _ in range(300):
            bad.update(_overflow(page))
            page.keyboard.press("ArrowRight")  # type: ignore[attr-defined]
        assert not bad, sorted(bad)[:10]
    finally:
        page.close()  # type: ignore[attr-defined]


def _board_px(page: object, selector: str) -> float:
    """The rendered size of the board's 13 px card text (the SVG is scaled to its box)."""
    return float(page.evaluate(f"""() => {{ const s = document.querySelector('{selector}');
        return s.getBoundingClientRect().width / s.viewBox.baseVal.width * 13; }}"""))  # type: ignore[attr-defined]


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_audit_in_a_browser(browser: object, shots: Path, tmp_path: Path, lang: str) -> None:
    out = tmp_path / f"audit-{lang}.html"
    _cli("audit", str(TABLE7), "--format", "html", "--lang", lang, "-o", str(out))
    page, asked = _open(browser, out, 1280)
    try:
        page.screenshot(path=str(shots / f"audit-{lang}.png"), full_page=True)  # type: ignore[attr-defined]
        assert not asked, asked
        ruling = page.locator("#ruling")  # type: ignore[attr-defined]
        quoted = set(ruling.locator(".passage").evaluate_all("els => els.map(e => e.dataset.name)"))
        assert {"无双", "青龙偃月刀"} <= quoted
        everywhere = set(page.locator(".passage").evaluate_all("els => els.map(e => e.dataset.name)"))  # type: ignore[attr-defined]
        assert everywhere <= INVOLVED, everywhere - INVOLVED
        assert "青龙偃月刀" in ruling.inner_text() and "无双" in ruling.inner_text()
        assert page.evaluate("document.fonts.check(\"16px 'SGS Noto Sans CJK'\", '无双青龙偃月刀')")  # type: ignore[attr-defined]
        # drawn in the embedded face: a full-width em each (a machine without fonts draws nothing else)
        assert abs(_drawn_width(page, f"'{FAMILY}'") - 7 * 32) < 2
        assert _drawn_width(page, "'No Such Font'") != _drawn_width(page, f"'{FAMILY}'")
        assert not _embedded_font_covers(page)
        assert _board_px(page, ".tables svg") >= 12
        if lang == "zh":
            body = page.evaluate("document.body.innerText")  # type: ignore[attr-defined]
            for v in ("Club night", "Kong", "seat 3 claims the second 杀 was allowed",
                      "excerpt from the table's scoresheet", "disputed: seat 3 says 青龙偃月刀 allows it",
                      "sample_logs/disputes/table7-second-slash.sgs.jsonl", "club-night-t7-g3"):
                body = body.replace(v, "")  # the log's own words, quoted as written
            assert not re.search(r"[A-Za-z]{2,}\s+[A-Za-z]{2,}\s+[A-Za-z]{2,}", body)
    finally:
        page.close()  # type: ignore[attr-defined]


@pytest.mark.parametrize("width", [1280, 390])
def test_standalone_replay_in_a_browser(browser: object, shots: Path, tmp_path: Path, width: int) -> None:
    out = tmp_path / "replay.html"
    _cli("show", str(TABLE7), "--format", "html", "--moves", "--lang", "zh", "-o", str(out))
    page, asked = _open(browser, out, width, 900 if width > 500 else 844)
    try:
        assert not asked, asked
        assert page.locator("#events li.current").get_attribute("data-i") == "0"  # type: ignore[attr-defined]
        items = page.locator("#events li").count()  # type: ignore[attr-defined]
        assert items == 10  # the start position and the 9 events, in log order
        page.keyboard.press("ArrowRight")  # type: ignore[attr-defined]
        assert page.locator("#events li.current").get_attribute("data-i") == "1"  # type: ignore[attr-defined]
        page.keyboard.press("v")  # type: ignore[attr-defined]  # the next violation: line 6
        cur = page.locator("#events li.current")  # type: ignore[attr-defined]
        assert "第6行" in cur.inner_text()
        assert page.locator("#alerts .violation").count() == 1  # type: ignore[attr-defined]
        page.locator("#events li[data-i='7']").click()  # type: ignore[attr-defined]  # line 8: 吕布's second 杀 on seat 1
        assert page.locator("#board .action-arrow").count() == 1  # type: ignore[attr-defined]
        assert "♣10 杀" in page.locator("#board .action-card").text_content()  # type: ignore[attr-defined]
        page.screenshot(path=str(shots / f"replay-{width}.png"), full_page=True)  # type: ignore[attr-defined]
        assert not _cut_controls(page), _cut_controls(page)
        assert not _embedded_font_covers(page)
        if width >= 1280:
            assert _board_px(page, "#board svg") >= 12
        else:  # a phone: the seats as a table under the board, in readable text
            assert page.locator("#seats").is_visible()  # type: ignore[attr-defined]
            px = page.evaluate("parseFloat(getComputedStyle(document.querySelector('#seats td')).fontSize)")  # type: ignore[attr-defined]
            assert px >= 12
            assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")  # type: ignore[attr-defined]
        page.keyboard.press("End")  # type: ignore[attr-defined]
        assert page.locator("#b-next").is_disabled()  # type: ignore[attr-defined]
    finally:
        page.close()  # type: ignore[attr-defined]


# ------------------------------------------------------------------------- the dashboard's game viewer
@pytest.fixture(scope="module")
def dashboard(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, dict[str, str]]]:
    """``streamlit run dashboards/app.py`` on a store built by ``sgs-replay load`` from the disputes."""
    pytest.importorskip("streamlit")
    from test_browser import streamlit_server

    d = tmp_path_factory.mktemp("viewer")
    db = d / "disputes.duckdb"
    _cli("load", str(TABLE7.parent), "--db", str(db), "-q")
    import duckdb

    with duckdb.connect(str(db), read_only=True) as con:
        ids = {Path(f).name.split("-")[0]: g for g, f in con.execute("SELECT game_id, file FROM games").fetchall()}
    with streamlit_server(db, wait=60) as url:
        yield url, ids


def _viewer(browser: object, url: str, width: int) -> tuple[object, object]:
    """The viewer page (tall enough to hold all of it) and the frame of its embedded replay."""
    page = browser.new_page(viewport={"width": width, "height": 2600})  # type: ignore[attr-defined]
    page.set_default_timeout(60_000)
    page.goto(url)
    page.get_by_role("heading", name="Game viewer").wait_for()
    page.locator("iframe").first.wait_for()
    frame = page.locator("iframe").first.element_handle().content_frame()
    frame.wait_for_selector("#board svg")
    frame.evaluate(f"document.fonts.load(\"16px '{FAMILY}'\", '无双').then(() => document.fonts.ready)")
    return page, frame


def _host_cjk_missing(page: object) -> list[str]:
    """The CJK characters of the dashboard page (outside the replay) its embedded CJK face has no glyph for."""
    from fontTools.ttLib import TTFont

    m = re.search(r"font-family: 'Source Sans';[^}]*data:font/woff;base64,([A-Za-z0-9+/=]+)", page.content())  # type: ignore[attr-defined]
    assert m, "no CJK face added to the dashboard's font"
    cmap = TTFont(io.BytesIO(base64.b64decode(m.group(1)))).getBestCmap()
    text = page.locator('[data-testid="stMain"]').inner_text()  # type: ignore[attr-defined]
    cjk = {c for c in text if "\u2e80" <= c <= "\u9fff" or "\uf900" <= c <= "\ufaff" or "\uff00" <= c <= "\uffef"}
    assert "体" in cjk  # the page has Chinese to check
    return sorted(c for c in cjk if ord(c) not in cmap)


@pytest.mark.parametrize("width", [1280, 1400])
def test_dashboard_viewer_in_a_browser(browser: object, dashboard: tuple[str, dict[str, str]], shots: Path,
                                       width: int) -> None:
    url, ids = dashboard
    page, frame = _viewer(browser, f"{url}/game_viewer?game={ids['table7']}", width)
    try:
        # opens at the first violation (line 6), highlighted in an event list in log order
        cur = frame.locator("#events li.current")  # type: ignore[attr-defined]
        assert "第6行" in cur.inner_text() and frame.locator("#alerts .violation").count() == 1  # type: ignore[attr-defined]
        order = frame.locator("#events li").evaluate_all("els => els.map(e => +e.dataset.i)")  # type: ignore[attr-defined]
        assert order == list(range(10))
        page.get_by_role("heading", name="体力变化").wait_for()  # type: ignore[attr-defined]  (the page has run to its end)
        page.get_by_role("heading", name="Violations: 3").wait_for()  # type: ignore[attr-defined]
        page.locator("svg.hp-chart").first.wait_for()  # type: ignore[attr-defined]
        page.screenshot(path=str(shots / f"viewer-{width}.png"), full_page=True)  # type: ignore[attr-defined]
        # nothing cut off, in the replay or around it; the seats' card text at 12 px or more
        assert not _cut_controls(frame), _cut_controls(frame)
        assert not _cut_controls(page), _cut_controls(page)
        assert _board_px(frame, "#board svg") >= 12
        assert frame.evaluate("parseFloat(getComputedStyle(document.querySelector('#events li')).fontSize)") >= 12  # type: ignore[attr-defined]
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")  # type: ignore[attr-defined]
        # every character of the replay drawn in the font it carries (this browser has no CJK font)
        assert not _embedded_font_covers(frame)
        assert frame.evaluate(f"document.fonts.check(\"16px '{FAMILY}'\", '无双青龙偃月刀')")  # type: ignore[attr-defined]
        # and the page around it: its Chinese (headings, names, notes, the chart's seats) in the subset it carries
        assert not _host_cjk_missing(page)
        page.evaluate("document.fonts.load(\"32px 'Source Sans'\", '体力变化').then(() => document.fonts.ready)")  # type: ignore[attr-defined]
        assert abs(_drawn_width(page, "'Source Sans'", "体力变化") - 4 * 32) < 2
        # stepping: the keys once the replay has the focus, the next violation, the last action drawn
        frame.locator("#board").click()  # type: ignore[attr-defined]
        page.keyboard.press("ArrowRight")  # type: ignore[attr-defined]
        assert frame.locator("#events li.current").get_attribute("data-i") == "6"  # type: ignore[attr-defined]
        page.keyboard.press("v")  # type: ignore[attr-defined]
        assert "第8行" in frame.locator("#events li.current").inner_text()  # type: ignore[attr-defined]
        assert frame.locator("#board .action-arrow").count() == 1  # type: ignore[attr-defined]
        assert "♣10 杀" in frame.locator("#board .action-card").text_content()  # type: ignore[attr-defined]
        # HP over the game: a chart of a readable height, not a 20 px sliver
        chart = page.locator("svg.hp-chart").first  # type: ignore[attr-defined]
        chart.wait_for()
        h = chart.bounding_box()["height"]
        assert 200 <= h <= 900, h
    finally:
        page.close()  # type: ignore[attr-defined]


def test_dashboard_viewer_shows_coach_notes_as_notes(browser: object, dashboard: tuple[str, dict[str, str]],
                                                      shots: Path) -> None:
    url, ids = dashboard
    page, frame = _viewer(browser, f"{url}/game_viewer?game={ids['table2']}", 1400)
    try:
        page.get_by_role("heading", name="教练提示（非违规）").wait_for()  # type: ignore[attr-defined]
        notes = page.locator('[data-testid="stAlertContentInfo"]')  # type: ignore[attr-defined]
        page.get_by_role("heading", name="Violations: 1").wait_for()  # type: ignore[attr-defined]  (the page has run to its end)
        assert notes.count() == 2 and "队友" in notes.nth(1).inner_text()
        warned = " ".join(page.locator('[data-testid="stAlertContentWarning"]').all_inner_texts())  # type: ignore[attr-defined]
        assert "队友" not in warned
        # in the replay too, at its moment, as a note
        at = frame.evaluate("JSON.parse(document.getElementById('data').textContent).steps.findIndex(s => s.line === 25)")  # type: ignore[attr-defined]
        frame.locator(f"#events li[data-i='{at}']").click()  # type: ignore[attr-defined]
        assert "队友" in frame.locator("#alerts .note").inner_text()  # type: ignore[attr-defined]
        assert frame.locator("#alerts .violation").count() == 0  # type: ignore[attr-defined]
        page.screenshot(path=str(shots / "viewer-notes.png"), full_page=True)  # type: ignore[attr-defined]
    finally:
        page.close()  # type: ignore[attr-defined]
