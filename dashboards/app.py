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

nav = st.navigation(PAGES)
if nav.url_path in ("win_rates", "players", "draft"):
    import filters

    filters.sidebar()
nav.run()
