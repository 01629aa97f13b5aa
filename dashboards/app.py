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



def warm() -> None:
    """The libraries the pages use, imported once per server process right after its first page is drawn (in this
    script's own run, after the page: the page shows first), so that no later page's first opening pays for them:
    the charts (altair, also behind ``st.bar_chart``), polars, and the game viewer's replay (the engine, the
    templates, the font subsetter). Python keeps a module once imported, so later runs find them at once."""
    import altair  # noqa: F401
    import charts  # noqa: F401
    import fontTools.subset  # noqa: F401
    import jinja2  # noqa: F401
    import polars  # noqa: F401
    import queries  # noqa: F401

    from sgs_replay.analysis import stats  # noqa: F401
    from sgs_replay.engine import legality  # noqa: F401
    from sgs_replay.replay import validate  # noqa: F401
    from sgs_replay.report import notes, positions, render, replay_html, svg  # noqa: F401


nav = st.navigation(PAGES)
if nav.url_path in ("win_rates", "players", "draft"):
    import filters

    filters.sidebar()
try:
    nav.run()
finally:  # after the page, also when it stopped early (st.stop)
    warm()
