"""Charts of the statistics pages: win rates as points with their 95 % interval as a bar, and the
rate week by week. Every chart has a legend saying what its marks are, and shows one mode."""

from __future__ import annotations

from typing import Any

#: rows a win-rate chart draws at most (the table beside it has them all): a chart of hundreds of
#: generals is slow to draw and unreadable
CHART_ROWS = 30

#: what the marks of a win-rate chart are (the legend)
RATE, INTERVAL = "win rate (over decided games)", "95 % interval"


def _legend(title: str | None = None) -> Any:
    import altair as alt

    return alt.Legend(title=title, orient="top", labelLimit=0)


def interval_chart(frame: Any, label: str, rate: str = "win_rate") -> Any:
    """A horizontal chart, one row per row of ``frame`` in the table's order: the rate as a point,
    ``ci_low``–``ci_high`` as a bar, the sample size in the tooltip, a legend naming both and the 50 %
    line. Labels are never cut. Only the first :data:`CHART_ROWS` rows are drawn."""
    import altair as alt

    data = frame.head(CHART_ROWS).select(label, rate, "ci_low", "ci_high",
                        *[c for c in ("games", "wins", "draws", "losses", "finished", "picks") if c in frame.columns])
    order = [str(v) for v in data[label].to_list()]
    data = data.with_columns(data[label].cast(str))
    y = alt.Y(f"{label}:N", sort=order, title=None, axis=alt.Axis(labelLimit=0, labelOverlap=False))
    x_scale = alt.Scale(domain=[0, 1])
    tooltip = [c for c in data.columns]
    colour = alt.Color("mark:N", scale=alt.Scale(domain=[RATE, INTERVAL], range=["#1f77b4", "#9ecae1"]),
                       legend=_legend())
    # each layer's mark name is a column of its own rows, not a Vega transform: the chart draws in a
    # fraction of the time
    rows = data.to_pandas()
    bars = alt.Chart(rows.assign(mark=INTERVAL)).mark_rule(strokeWidth=3).encode(
        y=y, x=alt.X("ci_low:Q", scale=x_scale, title="win rate (95 % interval)", axis=alt.Axis(format="%")),
        x2="ci_high:Q", color=colour, tooltip=tooltip)
    points = alt.Chart(rows.assign(mark=RATE)).mark_point(filled=True, size=70, opacity=1).encode(
        y=y, x=alt.X(f"{rate}:Q", scale=x_scale), color=colour, tooltip=tooltip)
    half = alt.Chart().mark_rule(strokeDash=[4, 4], color="gray").encode(x=alt.datum(0.5))
    return alt.layer(bars, points, half).properties(height=max(80, 24 * len(order) + 60))


def trend_chart(frame: Any, key: str) -> Any:
    """The win rate week by week, one line per value of ``key`` (the legend names them), each week's
    95 % interval as a bar; weeks without games are gaps."""
    import altair as alt

    data = frame.with_columns(frame[key].cast(str)).to_pandas()
    colour = alt.Color(f"{key}:N", legend=_legend(key))
    base = alt.Chart(data)
    x = alt.X("week:T", title="week played")
    y = alt.Y("win_rate:Q", scale=alt.Scale(domain=[0, 1]), axis=alt.Axis(format="%"),
              title="win rate (95 % interval)")
    tooltip = ["week:T", f"{key}:N", "games:Q", "wins:Q", "draws:Q", "losses:Q", "win_rate:Q", "ci_low:Q", "ci_high:Q"]
    line = base.mark_line(point=True).encode(x=x, y=y, color=colour, tooltip=tooltip)
    bars = base.mark_rule(opacity=0.4).encode(x=x, y="ci_low:Q", y2="ci_high:Q", color=colour)
    return alt.layer(bars, line).properties(height=280)
