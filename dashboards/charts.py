"""Charts of the statistics pages: win rates as points with their 95 % interval as a bar."""

from __future__ import annotations

from typing import Any


def interval_chart(frame: Any, label: str, rate: str = "win_rate") -> Any:
    """A horizontal chart, one row per row of ``frame`` in the table's order: the rate as a point,
    ``ci_low``–``ci_high`` as a bar, the sample size in the tooltip. Labels are never cut."""
    import altair as alt

    data = frame.select(label, rate, "ci_low", "ci_high", *[c for c in ("games", "wins", "finished", "picks")
                                                             if c in frame.columns])
    order = [str(v) for v in data[label].to_list()]
    data = data.with_columns(data[label].cast(str))
    y = alt.Y(f"{label}:N", sort=order, title=None, axis=alt.Axis(labelLimit=0, labelOverlap=False))
    x_scale = alt.Scale(domain=[0, 1])
    tooltip = [c for c in data.columns]
    base = alt.Chart(data.to_pandas())
    bars = base.mark_rule(strokeWidth=3, opacity=0.6).encode(
        y=y, x=alt.X("ci_low:Q", scale=x_scale, title="win rate (95 % interval)", axis=alt.Axis(format="%")),
        x2="ci_high:Q", tooltip=tooltip)
    points = base.mark_point(filled=True, size=70).encode(y=y, x=alt.X(f"{rate}:Q", scale=x_scale), tooltip=tooltip)
    half = alt.Chart().mark_rule(strokeDash=[4, 4], color="gray").encode(x=alt.datum(0.5))
    return alt.layer(bars, points, half).properties(height=max(80, 24 * len(order) + 40))
