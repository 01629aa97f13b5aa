"""Read a store back: table counts and win-rate views as polars DataFrames (read-only)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sgs_replay.store.errors import StoreError

WIN_RATE_VIEWS = {
    "general": "win_rates_by_general",
    "role": "win_rates_by_role",
    "seat": "win_rates_by_seat",
    "side": "win_rates_by_side",
    "position": "win_rates_by_position",
}


def connect(db: Path | str, *, read_only: bool = True) -> Any:
    """A DuckDB connection to an existing store (read-only by default)."""
    import duckdb

    path = Path(db)
    if not path.is_file():
        raise StoreError(f"{path}: no such database — run `sgs-replay load … --db {path}` first")
    try:
        return duckdb.connect(str(path), read_only=read_only)
    except duckdb.Error as exc:
        raise StoreError(f"{path}: cannot open the database: {str(exc).strip().splitlines()[0]}") from None


def counts(db: Path | str) -> dict[str, int]:
    """Rows per table."""
    with connect(db) as con:
        return {t: con.sql(f"SELECT count(*) FROM {t}").fetchall()[0][0]
                for t in ("games", "players", "events", "violations")}


def query(db: Path | str, sql: str, params: list[Any] | None = None) -> Any:
    """Run one read-only query; a polars DataFrame."""
    with connect(db) as con:
        return con.sql(sql, params=params or None).pl()


def win_rates(db: Path | str, by: str = "general", *, min_games: int = 1) -> Any:
    """Win rates grouped by ``general``, ``role``, ``seat``, ``side`` or ``position`` (polars)."""
    view = WIN_RATE_VIEWS.get(by)
    if view is None:
        raise ValueError(f"by must be one of {', '.join(WIN_RATE_VIEWS)}")
    return query(db, f"SELECT * FROM {view} WHERE games >= ? ORDER BY games DESC, win_rate DESC", [min_games])
