"""sgs-replay dashboards: `sgs-replay dashboard --db FILE` (or `streamlit run dashboards/app.py`).

Reads the DuckDB file named by $SGS_REPLAY_DB (default sgs_demo.duckdb) read-only; SQL lives in
queries.py. Pages (views/): overview, win rates, players, 3v3 draft, violation explorer, step-through game
viewer, series standings. The statistics pages share the sidebar filters (filters.py), kept in the URL.

The page scripts live in views/, not pages/: Streamlit treats a pages/ folder beside the main script
as an old-style multipage app, and a fresh server whose first visitor opens a page by its URL would
then show that app's navigation instead of this one.
"""

from __future__ import annotations

import sys
from pathlib import Path

import streamlit as st

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

st.set_page_config(page_title="sgs-replay", page_icon=":material/style:", layout="wide")

PAGES = [
    st.Page(str(HERE / "views" / "overview.py"), title="Overview", icon=":material/bar_chart:", default=True),
    st.Page(str(HERE / "views" / "win_rates.py"), title="Win rates", icon=":material/emoji_events:", url_path="win_rates"),
    st.Page(str(HERE / "views" / "players.py"), title="Players", icon=":material/person:", url_path="players"),
    st.Page(str(HERE / "views" / "draft.py"), title="3v3 draft", icon=":material/style:", url_path="draft"),
    st.Page(str(HERE / "views" / "violations.py"), title="Violations", icon=":material/warning:", url_path="violations"),
    st.Page(str(HERE / "views" / "game_viewer.py"), title="Game viewer", icon=":material/slideshow:", url_path="game_viewer"),
    st.Page(str(HERE / "views" / "series.py"), title="Series", icon=":material/leaderboard:", url_path="series"),
]

#: what the pages import beyond the server's own libraries, about 2 s of a new server's time in all: the
#: statistics (polars), the charts (altair), the replay behind the game viewer (the engine, its templates,
#: the font subsetter). Imported once per server, in the background, after its first page is drawn, so
#: the pages opened next do not each pay their share (a page that needs a module still being imported
#: waits for that import, which has a head start, and never imports it twice)
WARM = ("polars", "altair", "jinja2", "fontTools.subset", "sgs_replay.analysis.stats", "sgs_replay.report.render",
        "sgs_replay.report.replay_html", "sgs_replay.report.positions", "sgs_replay.report.notes",
        "sgs_replay.report.svg", "sgs_replay.replay.validate", "sgs_replay.rules", "sgs_replay.engine.legality")


def _warm() -> None:
    import importlib

    for name in WARM:
        try:
            importlib.import_module(name)
        except Exception:  # noqa: BLE001 - an optional part missing: its page says so when opened
            continue
    try:
        from sgs_replay.engine import plugins

        plugins.load()  # the handlers, skills, cards and modes the engine registers on its first game
        from sgs_replay.report import fonts

        path = fonts.font_file()
        if path is not None:
            fonts._load(str(path))  # the CJK font's bytes, read once (cached)
    except Exception:  # noqa: BLE001 - no engine or no font: the page that needs it says so
        pass


@st.cache_resource(show_spinner=False)
def _warming() -> object:
    import threading

    thread = threading.Thread(target=_warm, name="sgs-replay-warm-imports", daemon=True)
    thread.start()
    return thread


nav = st.navigation(PAGES)
if nav.url_path in ("win_rates", "players", "draft"):
    import filters

    filters.sidebar()
try:
    nav.run()
finally:
    _warming()  # after the page: its own imports come first
