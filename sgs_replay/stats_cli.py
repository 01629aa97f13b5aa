"""What `sgs-replay stats` and `sgs-replay export` do (the typer commands live in cli.py).

polars and DuckDB are imported inside these functions only.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path
from typing import Any

#: --by values beyond win_rates' keys: the other tables of sgs_replay.stats
TABLES = ("players", "draft", "matchups", "violations", "player-violations")


class UsageError(ValueError):
    """Bad command-line input (exit 2)."""


def frame(db: Path, by: str, where: list[str], min_games: int) -> Any:
    """The DataFrame `sgs-replay stats` prints."""
    from sgs_replay import stats

    try:
        filters = stats.Filters.parse(where)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    if by == "players":
        return stats.player_stats(db, where=filters, min_games=min_games)
    if by == "draft":
        return stats.draft_stats(db, where=filters, min_games=min_games)
    if by == "matchups":
        return stats.matchups(db, where=filters, min_games=min_games)
    if by == "violations":
        return stats.violation_rates(db, "rule", where=filters)
    if by == "player-violations":
        return stats.violation_rates(db, "player", where=filters)
    keys = tuple(k.strip() for k in by.split(","))
    try:
        stats._by(keys)
    except ValueError:
        raise UsageError(f"--by {by!r}: unknown (one of {', '.join(stats.BY_KEYS)}, a comma-separated "
                         f"combination such as general,role or week,side, or {', '.join(TABLES)})") from None
    why = stats.uninformative(keys)
    if why is not None:
        raise UsageError(f"--by {by!r}: {why}")
    return stats.win_rates(db, keys, where=filters, min_games=min_games)


def footnote(db: Path, by: str, where: list[str], min_games: int, df: Any) -> str:
    """What a table printed by `sgs-replay stats` shows: which games (how many, from which source, how
    many results differ from the declared ones), the minimum games per row, and a warning where rows
    rest on few games."""
    from sgs_replay import stats

    filters = stats.Filters.parse(where)
    lines = ["From " + stats.describe(db, filters)]
    if "few_games" in df.columns:
        few = int(df["few_games"].sum())
        if few:
            lines.append(f"{few} row(s) rest on fewer than {stats.FEW_GAMES} decided games (few_games): read the "
                         "rate with its interval")
        lines.append(f"Rows with fewer than {min_games} games are left out (--min-games).")
    return "\n".join(lines) + "\n"


def write(df: Any, fmt: str, out: Path | None, note: str = "") -> None:
    """Print or write a DataFrame as a table, CSV, JSON or Parquet; ``note`` under a table."""
    if fmt == "parquet":
        if out is None:
            raise UsageError("--format parquet needs -o FILE")
        df.write_parquet(out)
        return
    if fmt == "csv":
        text = df.write_csv()
    elif fmt == "json":
        text = df.write_json() + "\n"
    else:
        text = _table(df, out is None) + note
    if out is None:
        sys.stdout.write(text)
    else:
        out.write_text(text, encoding="utf-8")


def _table(df: Any, terminal: bool) -> str:
    from rich.console import Console
    from rich.table import Table

    from sgs_replay.report.render import plain

    table = Table(show_edge=False, header_style="bold")
    for name, dtype in zip(df.columns, df.dtypes, strict=True):
        table.add_column(name, justify="right" if dtype.is_numeric() else "left")
    for row in df.iter_rows():
        table.add_row(*("" if v is None else str(plain(v)) for v in row))
    buf = io.StringIO()
    console = Console(file=buf, width=200, force_terminal=terminal and sys.stdout.isatty(),
                      markup=False, emoji=False, highlight=False)
    console.print(table)
    return buf.getvalue() + f"{df.height} row(s)\n"


#: tables partitioned by mode and ruleset (the rows carry their game's mode and ruleset)
EXPORT_TABLES = {
    "games": "SELECT * FROM games",
    "players": "SELECT p.*, g.mode, g.ruleset FROM players p JOIN games g USING (game_id)",
    "events": "SELECT e.*, g.mode, g.ruleset FROM events e JOIN games g USING (game_id)",
    "violations": "SELECT v.*, g.mode, g.ruleset FROM violations v JOIN games g USING (game_id)",
    "series_points": "SELECT s.*, g.mode, g.ruleset FROM series_points s JOIN games g USING (game_id)",
}
#: the statistics, each one file
EXPORT_VIEWS = ("win_rates_by_general", "win_rates_by_role", "win_rates_by_kingdom", "win_rates_by_seat",
                "win_rates_by_side", "win_rates_by_position", "win_rates_by_player", "win_rates_by_general_role",
                "win_rates_by_general_seat", "win_rates_by_general_entry", "win_rates_by_composition",
                "results_by_mode", "results_by_source", "matchups", "player_stats", "violations_per_100_by_rule",
                "violations_per_100_by_player", "draft_by_general", "draft_by_pick")


def _literal(path: Path) -> str:
    return "'" + str(path).replace("'", "''") + "'"


def export(db: Path, to: Path, fmt: str) -> list[str]:
    """Write the tables (those the database has) and the statistics to ``to``; the names written.

    Parquet: ``to/games/mode=…/ruleset=…/*.parquet`` (hive partitions; read with
    ``pl.read_parquet(to / "games", hive_partitioning=True)`` or DuckDB's
    ``read_parquet('to/games/**/*.parquet', hive_partitioning = true)``), one file per view.
    CSV: one file per table and per view (nested columns as text)."""
    from sgs_replay.store.aggregates import usable
    from sgs_replay.store.schema import stats_views
    from sgs_replay.store.stats import connect

    to.mkdir(parents=True, exist_ok=True)
    written = []
    with connect(db) as con:
        present = {r[0] for r in con.execute("SELECT table_name FROM information_schema.tables").fetchall()}
        for name, sql in EXPORT_TABLES.items():
            if name not in present:  # a database written before the table existed
                continue
            if fmt == "parquet":
                con.execute(f"COPY ({sql}) TO {_literal(to / name)} "
                            "(FORMAT parquet, PARTITION_BY (mode, ruleset), OVERWRITE_OR_IGNORE true)")
            else:
                con.execute(f"COPY ({sql}) TO {_literal(to / (name + '.csv'))} (FORMAT csv, HEADER true)")
            written.append(name)
        # from the statistics' own SQL: an older database may lack the newest views (or the aggregates)
        views = stats_views(aggregates=usable(con))
        for view in EXPORT_VIEWS:
            sql = views[view]
            target = to / f"{view}.{fmt}"
            option = "FORMAT parquet" if fmt == "parquet" else "FORMAT csv, HEADER true"
            con.execute(f"COPY ({sql}) TO {_literal(target)} ({option})")
            written.append(view)
    return written
