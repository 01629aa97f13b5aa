"""Win / draw / loss with their 95 % intervals, one mode at a time: by general, role or kingdom, seat,
side, general × position or role, matchups, and the rate week by week."""

from __future__ import annotations

import sys
from pathlib import Path

import polars as pl
import streamlit as st

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import charts
import filters
import queries as q

from sgs_replay.analysis.stats import DEFAULT_MIN_GAMES, FEW_GAMES, MATCHUP_KINDS

st.title("Win rates")
q.require_db()
where = filters.current()
st.caption("Results are the ones the rules prove. **games** are distinct games with a result, **appearances** "
           "seats or generals (two loyalists of one game: 1 game, 2 appearances; a 國戰 seat's 副将 and a 1v1 "
           "player's next generals count as generals that played). **win rate** is wins over decided games "
           "(wins + losses), the bar its Wilson 95 % interval; **draw rate** draws over games. A rate over few "
           "games says little.")
st.caption(filters.describe(where))

modes = [m for m in q.stat("results", where, by="mode")["mode"].to_list() if m is not None]
if not modes:
    st.info("No game in the games the filters keep.")
    st.stop()
c1, c2 = st.columns([1, 1])
mode = c1.selectbox("Mode (one at a time)", modes, index=modes.index(where.mode) if where.mode in modes else 0,
                    key="win_rates_mode")
min_games = int(c2.number_input("Minimum games per row", min_value=1, value=DEFAULT_MIN_GAMES, step=1))
in_mode = type(where)(**{**{f: getattr(where, f) for f in where.__struct_fields__}, "mode": mode})

RATE = {"win_rate": st.column_config.ProgressColumn("win rate", format="percent", min_value=0.0, max_value=1.0),
        "draw_rate": st.column_config.NumberColumn("draw rate", format="percent")}


def warn(frame: pl.DataFrame) -> None:
    few = int(frame["few_games"].sum()) if "few_games" in frame.columns else 0
    if few:
        st.warning(f"{few} row(s) rest on fewer than {FEW_GAMES} decided games (few_games): their interval is wide.")


def show(by: object, label: str, empty: str, *, sort_by_low: bool = False, label_expr: object = None) -> None:
    frame = q.stat("win_rates", in_mode, by=by, min_games=min_games)
    if frame.is_empty():
        st.info(empty)
        return
    if sort_by_low:  # the rate its interval guarantees first: a 2-game 100 % row does not lead
        frame = frame.sort(["ci_low", "games", label], descending=[True, True, False])
    if label_expr is not None:
        frame = frame.with_columns(label=label_expr)
        label = "label"
    warn(frame)
    st.dataframe(frame.drop("label") if "label" in frame.columns else frame, hide_index=True, width="stretch",
                 column_config=RATE)
    if frame.height > charts.CHART_ROWS:
        st.caption(f"The chart draws the first {charts.CHART_ROWS} rows of the table ({frame.height}).")
    st.altair_chart(charts.interval_chart(frame, label), width="stretch")


names = ["By general"]
if mode == "identity":
    names.append("By role")
if mode == "hegemony":
    names.append("By kingdom")
names.append("By seat")
if mode in ("3v3", "1v1", "1v3"):
    names.append("By side")
if mode == "3v3":
    names += ["General × position", "Compositions"]
if mode == "identity":
    names.append("General × role")
if mode in ("1v1", "hegemony", "1v3", "identity"):
    names.append("General × entry")
if mode in MATCHUP_KINDS:
    names.append("Matchups")
names.append("Trend by week")
# one view at a time: tabs would run every view's queries and draw every table and chart on each run
view = st.radio("View", names, horizontal=True, key="win_rates_view", label_visibility="collapsed")

if view == "By general":
    show("general", "general", f"No general has {min_games}+ games with a result in {mode}.", sort_by_low=True)
elif view == "By role":
    show("role", "role", f"No role has {min_games}+ games with a result.")
elif view == "By kingdom":
    show("kingdom", "kingdom", f"No kingdom has {min_games}+ games with a result.")
elif view == "By seat":
    show("seat", "seat", f"No seat has {min_games}+ games with a result.",
         label_expr=pl.format("{}p seat {}", "table_size", "seat"))
elif view == "By side":
    show("side", "side", f"No side has {min_games}+ games with a result.")
elif view == "General × position":
    st.caption("Both sides field a commander and two vanguards, so a position alone wins every game it "
               "loses: here each general's own results as commander and as vanguard.")
    show(("general", "position"), "general", f"No general × position has {min_games}+ games.",
         sort_by_low=True, label_expr=pl.format("{} · {}", "general", "position"))
elif view == "Compositions":
    show("composition", "composition", f"No side composition has {min_games}+ games.", sort_by_low=True)
elif view == "General × role":
    show(("general", "role"), "general", f"No general × role has {min_games}+ games.", sort_by_low=True,
         label_expr=pl.format("{} · {}", "general", "role"))
elif view == "General × entry":
    st.caption("How each general entered: **start**, **deputy** (國戰 副将), **replacement** (1v1, after a "
               "death), **reincarnation** (转世), **form** (神吕布's second form).")
    show(("general", "entry"), "general", f"No general × entry has {min_games}+ games.", sort_by_low=True,
         label_expr=pl.format("{} · {}", "general", "entry"))
elif view == "Matchups":
    kind = MATCHUP_KINDS[mode]
    st.caption(f"Head to head, {kind} against {kind}: **wins** the first won, **losses** the opponent won, "
               "**draws** neither (a drawn game, or a third side won).")
    mu = q.stat("matchups", in_mode, min_games=min_games)
    if mu.is_empty():
        st.info(f"No matchup has {min_games}+ games.")
    else:
        warn(mu)
        st.dataframe(mu.drop("mode", "kind").rename({"unit": kind}), hide_index=True, width="stretch",
                     column_config=RATE)
else:  # Trend by week
    keys = {"identity": "role", "hegemony": "kingdom"}.get(mode, "side")
    tr = q.stat("trends", in_mode, by=keys)
    if tr.is_empty():
        st.info("No game with a known date (the header's meta.date, or a recording's name) and a result.")
    else:
        st.caption(f"Win rate by {keys}, week by week (the week the game was played; games of unknown date are "
                   "left out).")
        st.altair_chart(charts.trend_chart(tr, keys), width="stretch")
        st.dataframe(tr, hide_index=True, width="stretch", column_config=RATE)
