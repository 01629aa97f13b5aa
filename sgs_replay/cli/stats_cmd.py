"""What `sgs-replay stats` and `sgs-replay export` do (the typer commands live in cli.py).

polars and DuckDB are imported inside these functions only.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path
from typing import Any

#: --by values beyond win_rates' keys: the other tables of sgs_replay.analysis.stats
TABLES = ("players", "draft", "matchups", "violations", "player-violations")


class UsageError(ValueError):
    """Bad command-line input (exit 2)."""


def frame(db: Path, by: str, where: list[str], min_games: int) -> Any:
    """The DataFrame `sgs-replay stats` prints."""
    from sgs_replay.analysis import stats

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
    from sgs_replay.analysis import stats

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
    from sgs_replay.formats.safe import atomic_write

    if fmt == "parquet":
        if out is None:
            raise UsageError("--format parquet needs -o FILE")
        buf = io.BytesIO()
        df.write_parquet(buf)
        atomic_write(out, buf.getvalue())  # whole or not at all (a full disk leaves no partial file)
        return
    if fmt == "csv":
        text = neutralised(df).write_csv()
    elif fmt == "json":
        text = df.write_json() + "\n"
    else:
        text = _table(df, out is None) + note
    if out is None:
        sys.stdout.write(text)
    else:
        atomic_write(out, text)


#: a cell a spreadsheet would evaluate (a formula): it starts with one of these
FORMULA_START = r"^[=+\-@\t\r]"


def neutralised(df: Any) -> Any:
    """The DataFrame with every text cell a spreadsheet would run as a formula prefixed with ``'``
    (:func:`sgs_replay.formats.safe.csv_cell`)."""
    import polars as pl

    text = [c for c, t in zip(df.columns, df.dtypes, strict=True) if t == pl.Utf8]
    if not text:
        return df
    return df.with_columns([pl.when(pl.col(c).str.contains(FORMULA_START)).then(pl.lit("'") + pl.col(c))
                            .otherwise(pl.col(c)).alias(c) for c in text])


def _table(df: Any, terminal: bool) -> str:
    from rich.console import Console
    from rich.table import Table

    from sgs_replay.formats.safe import one_line
    from sgs_replay.report.render import plain

    table = Table(show_edge=False, header_style="bold")
    for name, dtype in zip(df.columns, df.dtypes, strict=True):
        table.add_column(name, justify="right" if dtype.is_numeric() else "left")
    for row in df.iter_rows():
        table.add_row(*("" if v is None else str(one_line(plain(str(v)))) for v in row))
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


def export(db: Path, to: Path, fmt: str, *, force: bool = False) -> list[str]:
    """Write the tables (those the database has) and the statistics to ``to``; the names written.

    Parquet: ``to/games/mode=…/ruleset=…/*.parquet`` (hive partitions; read with
    ``pl.read_parquet(to / "games", hive_partitioning=True)`` or DuckDB's
    ``read_parquet('to/games/**/*.parquet', hive_partitioning = true)``), one file per view.
    CSV: one file per table and per view (nested columns as text; a text cell a spreadsheet would run
    as a formula gets a leading ``'``).

    Atomic: everything is written to a temporary folder beside ``to`` (``.NAME.partial-…``), which
    then takes its place, so ``to`` holds one whole export or none, never a mix with an earlier one. A
    folder ``to`` that is not empty is refused (UsageError) unless ``force`` (it is then replaced).
    Raises OSError or duckdb.Error when the export cannot be written (nothing is left then)."""
    import shutil
    import tempfile

    from sgs_replay.store.stats import connect

    if to.is_dir() and any(to.iterdir()) and not force:
        raise UsageError(f"{to}: the folder is not empty (an earlier export?) — export into a new folder, or "
                         "add --force to replace it")
    try:
        inside = Path(db).resolve().is_relative_to(to.resolve())
    except OSError:
        inside = False
    if inside:
        raise UsageError(f"{to}: holds the database {db} itself — export into another folder")
    with connect(db):  # a missing or foreign database is refused before anything is written
        pass
    to.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{to.name}.partial-", dir=to.parent))
    try:
        written = _export_into(db, tmp, fmt)
        _swap(tmp, to)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return written


def _swap(tmp: Path, to: Path) -> None:
    """Put the finished folder ``tmp`` in the place of ``to`` (an earlier folder there is removed)."""
    import shutil
    import tempfile

    if not to.exists() and not to.is_symlink():
        tmp.rename(to)
        return
    if to.is_dir() and not to.is_symlink() and not any(to.iterdir()):
        to.rmdir()
        tmp.rename(to)
        return
    old = Path(tempfile.mkdtemp(prefix=f".{to.name}.old-", dir=to.parent))
    to.rename(old / "export")
    tmp.rename(to)
    shutil.rmtree(old, ignore_errors=True)


def _csv_select(con: Any, sql: str) -> str:
    """``sql`` with every text column neutralised for spreadsheets (as :func:`neutralised` does)."""
    parts = []
    for name, dtype, *_ in con.execute(f"DESCRIBE ({sql})").fetchall():
        q = '"' + str(name).replace('"', '""') + '"'
        if str(dtype) == "VARCHAR":
            parts.append(f"CASE WHEN regexp_matches({q}, '{FORMULA_START}') THEN '''' || {q} ELSE {q} END AS {q}")
        else:
            parts.append(q)
    return f"SELECT {', '.join(parts)} FROM ({sql})"


def _export_into(db: Path, to: Path, fmt: str) -> list[str]:
    from sgs_replay.store.aggregates import usable
    from sgs_replay.store.schema import stats_views
    from sgs_replay.store.stats import connect

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
                con.execute(f"COPY ({_csv_select(con, sql)}) TO {_literal(to / (name + '.csv'))} "
                            "(FORMAT csv, HEADER true)")
            written.append(name)
        # from the statistics' own SQL: an older database may lack the newest views (or the aggregates)
        views = stats_views(aggregates=usable(con))
        for view in EXPORT_VIEWS:
            sql = views[view]
            target = to / f"{view}.{fmt}"
            if fmt == "parquet":
                con.execute(f"COPY ({sql}) TO {_literal(target)} (FORMAT parquet)")
            else:
                con.execute(f"COPY ({_csv_select(con, sql)}) TO {_literal(target)} (FORMAT csv, HEADER true)")
            written.append(view)
    return written
