"""Read a store back, low level: the read-only connection, table counts, one query as polars.

The statistics themselves (win rates, players, the draft, violations) are ``sgs_replay.analysis.stats``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sgs_replay.store.errors import StoreError


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
