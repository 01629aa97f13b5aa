"""Validate logs and load them into one DuckDB file, through Arrow batches, in one transaction.

* **Idempotent**: a game's id is the hash of its normalised content; a game already in the database
  (or met twice in one load) is skipped and counted as "already loaded".
* **Atomic**: the whole load is one transaction. Any error while writing rolls it back, and a process
  that dies mid-load leaves only uncommitted data, which DuckDB discards on the next open. A database
  file that this load created is removed again when the load fails.
* **Never row by row**: rows are gathered per batch into pyarrow tables and inserted with
  ``INSERT INTO t BY NAME SELECT * FROM batch``.
* Unreadable files are reported with their one-line reason; the other files still load.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from sgs_replay.store.errors import StoreError
from sgs_replay.store.records import GameRecord, build_record
from sgs_replay.store.schema import DATA_TABLES

DEFAULT_BATCH = 256


@dataclass
class LoadSummary:
    """What one load did. ``text()`` is the summary the CLI prints."""

    db: Path
    files: int = 0
    loaded: int = 0  # games added by this load
    already: int = 0  # games found in the database (or twice in this load) and skipped
    events: int = 0  # events of the games added
    violations: Counter[str] = field(default_factory=Counter)  # by kind, games added
    unreadable: list[str] = field(default_factory=list)  # one line each: file and reason
    failed: list[str] = field(default_factory=list)  # files the validator could not process
    engine_faults: list[str] = field(default_factory=list)  # events the engine could not check (loaded)
    import_problems: list[str] = field(default_factory=list)  # one line per recording converted with problems
    seconds: float = 0.0

    @property
    def loaded_files(self) -> int:
        """Files whose game is in the database after the load (added now or already there)."""
        return self.loaded + self.already

    @property
    def violation_count(self) -> int:
        return sum(self.violations.values())

    def text(self) -> str:
        w = len(str(max(self.files, self.loaded, self.already, self.events, self.violation_count, 1)))
        kinds = ", ".join(f"{k} {n}" for k, n in sorted(self.violations.items(), key=lambda kv: (-kv[1], kv[0])))
        lines = [
            f"Database {self.db}",
            f"  files read        {self.files:>{w}}",
            f"  games loaded      {self.loaded:>{w}}",
            f"  already present   {self.already:>{w}}",
            f"  events            {self.events:>{w}}",
            f"  violations        {self.violation_count:>{w}}" + (f"  ({kinds})" if kinds else ""),
        ]
        if self.unreadable:
            lines.append(f"  unreadable        {len(self.unreadable):>{w}}")
            lines.extend(f"    {u}" for u in self.unreadable)
        if self.failed:
            lines.append(f"  not processed     {len(self.failed):>{w}}")
            lines.extend(f"    {u}" for u in self.failed)
        if self.import_problems:
            lines.append(f"  import problems   {len(self.import_problems):>{w}}  (loaded; docs/freekill.md)")
            lines.extend(f"    {u}" for u in self.import_problems[:10])
            if len(self.import_problems) > 10:
                lines.append(f"    … and {len(self.import_problems) - 10} more")
        if self.engine_faults:
            lines.append(f"  engine faults     {len(self.engine_faults):>{w}}  (loaded; those events are counted unverifiable)")
            lines.extend(f"    {u}" for u in self.engine_faults[:10])
            if len(self.engine_faults) > 10:
                lines.append(f"    … and {len(self.engine_faults) - 10} more")
        return "\n".join(lines)

    def add(self, rec: GameRecord) -> None:
        self.engine_faults.extend(rec.extra.get("internal_errors", []))
        problems = rec.games.get("import_problems")
        if problems:
            self.import_problems.append(f"{rec.games['file']}: {len(problems)} import problem(s), first: {problems[0]}")
        self.loaded += 1
        self.events += rec.report.events
        self.violations.update(v.kind for v in rec.report.violations)


class _Batch:
    """Columns of many games, appended game by game, turned into Arrow tables at flush.

    A record that arrives already as Arrow tables (from a worker process) is concatenated as is.
    """

    def __init__(self) -> None:
        self.games: dict[str, list[Any]] = {}
        self.rows: dict[str, dict[str, list[Any]]] = {t: {} for t in ("players", "events", "violations")}
        self.arrow: list[dict[str, Any]] = []
        self.n = 0

    def add(self, rec: GameRecord) -> None:
        self.n += 1
        if rec.tables is not None:
            self.arrow.append(rec.tables)
            return
        for k, v in rec.games.items():
            self.games.setdefault(k, []).append(v)
        for table, cols in (("players", rec.players), ("events", rec.events), ("violations", rec.violations)):
            dest = self.rows[table]
            for k, vals in cols.items():
                dest.setdefault(k, []).extend(vals)

    def tables(self) -> dict[str, Any]:
        import pyarrow as pa

        from sgs_replay.store.schema import arrow_schemas, seat_states_array

        schemas = arrow_schemas()
        data = {"games": self.games, **self.rows}
        out = {}
        for name in DATA_TABLES:
            schema = schemas[name]
            cols = data[name]
            arrays = []
            for f in schema:
                vals = cols.get(f.name, [])
                if f.name in ("state", "start_state"):
                    arrays.append(seat_states_array(vals, f.type))
                else:
                    arrays.append(pa.array(vals, type=f.type))
            table = pa.Table.from_arrays(arrays, schema=schema)
            if self.arrow:
                table = pa.concat_tables([table, *(t[name] for t in self.arrow)])
            out[name] = table
        return out


def as_arrow(rec: GameRecord) -> GameRecord:
    """The record with its rows as Arrow tables: far cheaper to send between processes than lists."""
    one = _Batch()
    one.add(rec)
    rec.tables = one.tables()
    rec.players, rec.events, rec.violations = {}, {}, {}
    return rec


def insert_table(con: Any, name: str, table: Any) -> None:
    """Append one Arrow table to the DuckDB table of the same name (columns matched by name)."""
    if table.num_rows == 0:
        return
    view = f"_batch_{name}"
    con.register(view, table)
    try:
        con.execute(f"INSERT INTO {name} BY NAME SELECT * FROM {view}")
    finally:
        con.unregister(view)


def _flush(con: Any, batch: _Batch) -> None:
    if not batch.n:
        return
    for name, table in batch.tables().items():
        insert_table(con, name, table)


def _connect(db: Path) -> Any:
    import duckdb

    try:
        return duckdb.connect(str(db))
    except duckdb.Error as exc:
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        if "lock" in first.lower():
            first += " (is a dashboard or another load using it? close it and retry)"
        raise StoreError(f"{db}: cannot open the database for writing: {first}") from None


def _remove_db(db: Path) -> None:
    for p in (db, Path(str(db) + ".wal")):
        try:
            p.unlink(missing_ok=True)
        except OSError:
            pass


def _records(files: list[Path], ruleset: str | None, snapshots: bool, jobs: int, loaded_at: datetime,
             summary: LoadSummary) -> Iterator[GameRecord]:
    """Read and validate each file (in worker processes when ``jobs > 1``); report the bad ones."""
    if jobs > 1 and len(files) > 1:
        import multiprocessing as mp
        from concurrent.futures import ProcessPoolExecutor

        ctx = mp.get_context("forkserver" if "forkserver" in mp.get_all_start_methods() else "spawn")
        chunk = max(1, min(64, len(files) // (jobs * 4)))
        with ProcessPoolExecutor(max_workers=jobs, mp_context=ctx) as pool:
            work = pool.map(_process_one, files, [ruleset] * len(files), [snapshots] * len(files),
                            [loaded_at] * len(files), [True] * len(files), chunksize=chunk)
            for kind, value in work:
                summary.files += 1
                if kind == "ok":
                    yield value
                else:
                    getattr(summary, kind).append(value)
        return
    for path in files:
        summary.files += 1
        kind, value = _process_one(path, ruleset, snapshots, loaded_at)
        if kind == "ok":
            yield value
        else:
            getattr(summary, kind).append(value)


def _process_one(path: Path, ruleset: str | None, snapshots: bool, loaded_at: datetime,
                 arrow: bool = False) -> tuple[str, Any]:
    from sgs_replay.reader import UnreadableInput, read_path

    try:
        parsed = read_path(path)
    except UnreadableInput as exc:
        return "unreadable", str(exc)
    try:
        rec = build_record(parsed, path, ruleset, snapshots=snapshots, loaded_at=loaded_at)
    except Exception as exc:  # noqa: BLE001 - a bug in the engine must not stop the other files
        return "failed", f"{path}: internal error while validating ({type(exc).__name__}: {exc}) — please report it"
    try:
        # laid out as Arrow here, file by file, so a value the store cannot hold costs this file only
        return "ok", as_arrow(rec)
    except Exception as exc:  # noqa: BLE001 - pyarrow raises several types for a value out of range
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
        return "failed", f"{path}: a value does not fit the store ({type(exc).__name__}: {first[:200]})"


def load_paths(
    paths: Iterable[Path],
    db: Path,
    ruleset: str | None = None,
    *,
    snapshots: bool = True,
    batch_size: int = DEFAULT_BATCH,
    jobs: int = 1,
    on_game: Callable[[GameRecord], None] | None = None,
) -> LoadSummary:
    """Validate the logs in ``paths`` (files or directories) and load them into the DuckDB file ``db``.

    ``ruleset`` judges every log under that ruleset instead of its own. ``snapshots`` keeps the seat
    state after each event (``events.state``, for the game viewer). ``jobs > 1`` validates in that
    many worker processes. Raises :class:`StoreError` when the database cannot be written; then
    nothing has changed.
    """
    import time

    from sgs_replay.reader import expand_paths
    from sgs_replay.store.schema import create_all

    t0 = time.perf_counter()
    db = Path(db)
    files = list(expand_paths([Path(p) for p in paths]))
    summary = LoadSummary(db=db)
    created = not db.exists()
    if db.parent and not db.parent.exists():
        db.parent.mkdir(parents=True, exist_ok=True)
    con = _connect(db)
    ok = False
    try:
        con.execute("BEGIN TRANSACTION")
        create_all(con)
        known = {r[0] for r in con.execute("SELECT game_id FROM games").fetchall()}
        loaded_at = datetime.now().replace(microsecond=0)
        batch = _Batch()
        in_matches: list[tuple[str, dict[str, Any], Any, Any]] = []  # (game_id, games row, header, result)
        for rec in _records(files, ruleset, snapshots, max(1, jobs), loaded_at, summary):
            if rec.game_id in known:
                summary.already += 1
                continue
            known.add(rec.game_id)
            batch.add(rec)
            summary.add(rec)
            if rec.extra.get("match") is not None:
                in_matches.append((rec.game_id, rec.games, *rec.extra["match"]))
            if on_game is not None:
                on_game(rec)
            if batch.n >= batch_size:
                _flush(con, batch)
                batch = _Batch()
        _flush(con, batch)
        if in_matches:
            _add_match_violations(con, in_matches, summary)
        con.execute("COMMIT")
        ok = True
    except BaseException as exc:
        try:
            con.execute("ROLLBACK")
        except Exception:  # noqa: BLE001
            pass
        if isinstance(exc, StoreError) or not _is_duckdb_error(exc):
            raise
        raise StoreError(f"{db}: load failed and was rolled back: {str(exc).strip().splitlines()[0]}") from exc
    finally:
        con.close()
        if not ok and created:
            _remove_db(db)
    summary.seconds = time.perf_counter() - t0
    return summary


def _add_match_violations(con: Any, games: list[tuple[str, dict[str, Any], Any, Any]], summary: LoadSummary) -> None:
    """Check the 3v3 matches (``meta.match``) among the games of this load together, as ``validate`` does.

    Match violations are located at line 1 of the game they concern and stored with its other
    violations. Only games loaded together are compared: load every game of a match in one go.
    """
    try:
        from sgs_replay.match import MatchEntry, check_matches
    except ImportError:  # an installation without match checks
        return
    import pyarrow as pa

    from sgs_replay.store.schema import arrow_schemas

    matches = check_matches(MatchEntry(row["file"], header, result) for _, row, header, result in games)
    by_file = {row["file"]: (gid, row) for gid, row, _, _ in games}
    schema = arrow_schemas()["violations"]
    cols: dict[str, list[Any]] = {f.name: [] for f in schema}
    touched: set[str] = set()
    for m in matches:
        for file, v in m.violations:
            if file not in by_file:
                continue
            gid, game = by_file[file]
            game["violations"] += 1
            vrow = (gid, game["violations"], v.line, v.rule, v.kind, v.seat, v.message, v.expected, v.observed,
                    v.message_zh, v.cite, v.quote)
            for k, val in zip(cols, vrow, strict=True):
                cols[k].append(val)
            summary.violations[v.kind] += 1
            touched.add(gid)
    if not touched:
        return
    insert_table(con, "violations", pa.Table.from_arrays([pa.array(cols[f.name], type=f.type) for f in schema],
                                                         schema=schema))
    con.executemany("UPDATE games SET violations = ? WHERE game_id = ?",
                    [[row["violations"], gid] for gid, row, _, _ in games if gid in touched])


def _is_duckdb_error(exc: BaseException) -> bool:
    import duckdb

    return isinstance(exc, duckdb.Error)


def default_jobs() -> int:
    """A sensible worker count for large loads."""
    return max(1, min(8, (os.cpu_count() or 1)))
