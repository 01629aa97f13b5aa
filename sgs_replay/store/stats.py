"""Read a store back, low level: the read-only connection, table counts, one query as polars.

The statistics themselves (win rates, players, the draft, violations) are ``sgs_replay.analysis.stats``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sgs_replay.store.errors import StoreError

#: every connection's settings: DuckDB never installs or loads an extension by itself (a SQLite or
#: Postgres file named .duckdb would otherwise make it fetch one from the network)
NO_EXTENSIONS = {"autoinstall_known_extensions": False, "autoload_known_extensions": False}
_SQLITE = b"SQLite format 3\x00"


def check_file(path: Path) -> None:
    """Raise StoreError, one line, when an existing file is not a DuckDB database (empty, SQLite, other)."""
    try:
        with open(path, "rb") as fh:
            head = fh.read(16)
    except OSError as exc:
        raise StoreError(f"{path}: cannot read the database ({exc.strerror or exc})") from None
    if not head:
        raise StoreError(f"{path}: an empty file, not a database — remove it, or load logs into another --db")
    if head.startswith(_SQLITE):
        raise StoreError(f"{path}: a SQLite database, not a DuckDB one written by `sgs-replay load`")
    if head[8:12] != b"DUCK":
        raise StoreError(f"{path}: not a DuckDB database (written by `sgs-replay load`)")


def connect(db: Path | str, *, read_only: bool = True) -> Any:
    """A DuckDB connection to an existing store (read-only by default). Raises StoreError (one line)
    when the file is missing, not a DuckDB database, or a DuckDB database with no games in it."""
    import duckdb

    path = Path(db)
    if not path.is_file():
        raise StoreError(f"{path}: no such database — run `sgs-replay load … --db {path}` first")
    check_file(path)
    try:
        con = duckdb.connect(str(path), read_only=read_only, config=dict(NO_EXTENSIONS))
    except duckdb.Error as exc:
        raise StoreError(f"{path}: cannot open the database: {str(exc).strip().splitlines()[0]}") from None
    try:
        has_games = con.execute("SELECT count(*) FROM information_schema.tables WHERE table_name = 'games'"
                                ).fetchall()[0][0]
    except duckdb.Error:
        has_games = 0
    if not has_games:
        con.close()
        raise StoreError(f"{path}: not an sgs-replay database (no games table) — load logs into it with "
                         f"`sgs-replay load … --db {path}`")
    return con


def counts(db: Path | str) -> dict[str, int]:
    """Rows per table."""
    with connect(db) as con:
        return {t: con.sql(f"SELECT count(*) FROM {t}").fetchall()[0][0]
                for t in ("games", "players", "events", "violations")}


def query(db: Path | str, sql: str, params: list[Any] | None = None) -> Any:
    """Run one read-only query; a polars DataFrame."""
    with connect(db) as con:
        return con.sql(sql, params=params or None).pl()
