"""Load game records into one DuckDB file, through Arrow batches, in one transaction.

The records come from :mod:`sgs_replay.replay.pipeline` (read → validate → records); the store only writes.

* **Idempotent**: a game's id is the hash of its file's bytes; a file already in the database is
  skipped and counted as "already present".
* **One game, one row**: a game whose fingerprint (:mod:`sgs_replay.analysis.fingerprint`) is already in the
  database, from another file or another format, is not loaded again: it is a *duplicate* of the
  first copy, listed in the summary and recorded in the ``duplicates`` table.
* **Atomic**: the whole load is one transaction. Any error while writing rolls it back, and a process
  that dies mid-load leaves only uncommitted data, which DuckDB discards on the next open. A database
  file that this load created is removed again when the load fails.
* **Never row by row**: rows are gathered per batch into pyarrow tables and inserted with
  ``INSERT INTO t BY NAME SELECT * FROM batch``, batch after batch in the one transaction, so the
  memory a load holds is one batch, whatever the number of games.
* **Incremental**: the ``files`` table remembers each file loaded (absolute path, size, modification
  time, game id); the pipeline skips a file unchanged since (:func:`known_files`) and a record that
  *replaces* the game a changed file held removes that game first.
* **Judges nothing**: violations found across games (3v3 matches) come from the pipeline, as an
  :class:`~sgs_replay.store.record.Amendment` asked for once every game is in.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sgs_replay.store.errors import StoreError
from sgs_replay.store.record import Amendment, GameRecord
from sgs_replay.store.schema import DATA_TABLES

DEFAULT_BATCH = 256
#: the views of a game, best first (``records.view_of``): the best one loaded is the one counted
_VIEW_RANK = {"full": 0, "partial": 1, "hidden": 2}
#: DuckDB threads of the writing connection
WRITER_THREADS = 1
#: DuckDB's buffer pool for the writing connection
WRITER_MEMORY = "256MB"


@dataclass
class _Added:
    """What the summary counted of a game this load added (not its rows: a load holds one batch of those)."""

    file: str
    events: int
    kinds: list[str]

    @classmethod
    def of(cls, rec: GameRecord) -> _Added:
        return cls(str(rec.games.get("file")), rec.report.events, [v.kind for v in rec.report.violations])


@dataclass
class LoadSummary:
    """What one load did. ``text()`` is the summary the CLI prints."""

    db: Path
    files: int = 0
    loaded: int = 0  # games added by this load
    already: int = 0  # files whose game is already in the database from that very file, skipped
    duplicates: list[str] = field(default_factory=list)  # one line each: the file and the copy kept
    views: list[str] = field(default_factory=list)  # one line each: another view of a game, and the view kept
    events: int = 0  # events of the games added
    violations: Counter[str] = field(default_factory=Counter)  # by kind, games added
    unreadable: list[str] = field(default_factory=list)  # one line each: file and reason
    failed: list[str] = field(default_factory=list)  # files the validator could not process
    engine_faults: list[str] = field(default_factory=list)  # events the engine could not check (loaded)
    import_problems: list[str] = field(default_factory=list)  # one line per recording converted with problems
    #: every problem of a damaged recording loaded, located (``file: entry N (packet): …``, ``file: engine desync …``)
    damaged: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # how the load went, where it is worth saying
    skipped: list[str] = field(default_factory=list)  # files of a folder that are not game logs, with why
    seconds: float = 0.0
    #: what the database holds after the load: games, events, violations
    total_games: int = 0
    total_events: int = 0
    total_violations: int = 0

    @property
    def loaded_files(self) -> int:
        """Files whose game is in the database after the load (added now or already there)."""
        return self.loaded + self.already

    @property
    def refused(self) -> list[str]:
        """Every file this load did not add, with the reason (unreadable, not processed, duplicate)."""
        return [*self.unreadable, *self.failed, *(f"{d} — a duplicate, not loaded" for d in self.duplicates)]

    @property
    def violation_count(self) -> int:
        return sum(self.violations.values())

    def text(self) -> str:
        w = len(str(max(self.files, self.loaded, self.already, self.events, self.violation_count,
                        self.total_games, self.total_events, self.total_violations, 1)))
        kinds = ", ".join(f"{k} {n}" for k, n in sorted(self.violations.items(), key=lambda kv: (-kv[1], kv[0])))
        lines = [
            f"Database {self.db} — this load:",
            f"  files read        {self.files:>{w}}",
            f"  games loaded      {self.loaded:>{w}}",
            f"  already present   {self.already:>{w}}",
            f"  events added      {self.events:>{w}}",
            f"  violations added  {self.violation_count:>{w}}" + (f"  ({kinds})" if kinds else ""),
        ]
        if self.duplicates:
            lines.append(f"  duplicates        {len(self.duplicates):>{w}}  (the same game as one already loaded: "
                         "not loaded again)")
            lines.extend(f"    {d}" for d in self.duplicates)
        if self.views:
            lines.append(f"  other views       {len(self.views):>{w}}  (a game already loaded, seen from another view: "
                         "linked to it, counted once)")
            lines.extend(f"    {v}" for v in self.views[:10])
            if len(self.views) > 10:
                lines.append(f"    … and {len(self.views) - 10} more")
        if self.unreadable:
            lines.append(f"  unreadable        {len(self.unreadable):>{w}}")
            lines.extend(f"    {u}" for u in self.unreadable)
        if self.failed:
            lines.append(f"  not processed     {len(self.failed):>{w}}")
            lines.extend(f"    {u}" for u in self.failed)
        if self.skipped:
            lines.append(f"  not game logs     {len(self.skipped):>{w}}  (in the folders given: left out)")
            lines.extend(f"    {u}" for u in self.skipped)
        if self.import_problems:
            lines.append(f"  import problems   {len(self.import_problems):>{w}}  (loaded; docs/freekill.md)")
            lines.extend(f"    {u}" for u in self.import_problems[:10])
            if len(self.import_problems) > 10:
                lines.append(f"    … and {len(self.import_problems) - 10} more")
        lines.extend(f"  note: {n}" for n in self.notes)
        if self.engine_faults:
            lines.append(f"  engine faults     {len(self.engine_faults):>{w}}  (loaded; those events are counted unverifiable)")
            lines.extend(f"    {u}" for u in self.engine_faults[:10])
            if len(self.engine_faults) > 10:
                lines.append(f"    … and {len(self.engine_faults) - 10} more")
        if self.already and not self.loaded:
            lines.append("  those games were already loaded: nothing to add")
        lines.append(f"In the database: {self.total_games} games, {self.total_events} events, "
                     f"{self.total_violations} violations")
        from sgs_replay.formats.safe import one_line

        # every line on its own: a file name or a message from a log cannot add or hide one
        return "\n".join(one_line(line) for line in lines)

    def remove(self, added: _Added) -> None:
        """A game this load added is not counted after all (a better view of it came later)."""
        file = added.file
        self.damaged = [d for d in self.damaged if not d.startswith(f"{file}: ")]
        self.import_problems = [d for d in self.import_problems if not d.startswith(f"{file}: ")]
        self.loaded -= 1
        self.events -= added.events
        self.violations.subtract(added.kinds)
        self.violations += Counter()  # drop the kinds at zero

    def add(self, rec: GameRecord) -> None:
        self.engine_faults.extend(rec.extra.get("internal_errors", []))
        problems = rec.games.get("import_problems")
        file = rec.games.get("file")
        if problems:
            self.import_problems.append(f"{file}: {len(problems)} import problem(s), first: {problems[0]}")
            self.damaged.extend(f"{file}: import problem: {p}" for p in problems)
        if rec.games.get("desync"):
            self.damaged.append(f"{file}: engine desync against the recording: {rec.games['desync']}")
        self.loaded += 1
        self.events += rec.report.events
        self.violations.update(v.kind for v in rec.report.violations)


class _Batch:
    """Columns of many games, appended game by game, turned into Arrow tables at flush.

    A record already laid out as Arrow (from a worker process, or packed with its chunk) is taken as
    slices of its chunk's tables, no copy; consecutive games of one chunk are one slice.
    """

    def __init__(self) -> None:
        self.games: dict[str, list[Any]] = {}
        self.rows: dict[str, dict[str, list[Any]]] = {t: {} for t in ("players", "events", "violations", "series_points")}
        self.arrow: list[dict[str, Any]] = []
        #: runs of packed games: [chunk, {table: [offset, length]}], consecutive games of a chunk merged
        self.runs: list[list[Any]] = []
        self.n = 0

    def add(self, rec: GameRecord) -> None:
        self.n += 1
        if rec.chunk is not None and rec.spans is not None:
            last = self.runs[-1] if self.runs else None
            if last is not None and last[0] is rec.chunk and all(
                    last[1][name][0] + last[1][name][1] == off for name, (off, _) in rec.spans.items()):
                for name, (_, n) in rec.spans.items():
                    last[1][name][1] += n
            else:
                self.runs.append([rec.chunk, {name: [off, n] for name, (off, n) in rec.spans.items()}])
            return
        if rec.tables is not None:
            self.arrow.append(rec.tables)
            return
        for k, v in rec.games.items():
            self.games.setdefault(k, []).append(v)
        for table, cols in (("players", rec.players), ("events", rec.events), ("violations", rec.violations),
                            ("series_points", rec.series_points)):
            dest = self.rows[table]
            for k, vals in cols.items():
                dest.setdefault(k, []).extend(vals)

    def tables(self) -> dict[str, Any]:
        import pyarrow as pa

        parts = [{name: chunk[name].slice(off, n) for name, (off, n) in spans.items()} for chunk, spans in self.runs]
        parts += self.arrow
        if self.games:
            parts.insert(0, arrow_tables({"games": self.games, **self.rows}))
        if not parts:
            return arrow_tables({"games": {}, **{t: {} for t in self.rows}})
        if len(parts) == 1:
            return parts[0]
        return {name: pa.concat_tables([t[name] for t in parts]) for name in DATA_TABLES}


def _columns(recs: list[GameRecord]) -> dict[str, dict[str, list[Any]]]:
    """The columns of several records, concatenated table by table."""
    out: dict[str, dict[str, list[Any]]] = {name: {} for name in DATA_TABLES}
    games = out["games"]
    for rec in recs:
        for k, v in rec.games.items():
            games.setdefault(k, []).append(v)
        for table, cols in (("players", rec.players), ("events", rec.events), ("violations", rec.violations),
                            ("series_points", rec.series_points)):
            dest = out[table]
            for k, vals in cols.items():
                dest.setdefault(k, []).extend(vals)
    return out


def _rows(cols: dict[str, list[Any]]) -> int:
    return len(next(iter(cols.values()), []))


def pack_chunk(results: list[tuple[str, Any]]) -> list[tuple[str, Any]]:
    """Lay out the records among ``results`` (``("ok", record)`` pairs) as Arrow, all together: each
    column is built once for the chunk instead of once per game (a per-game table costs more in calls
    than in rows), and a worker sends the chunk's tables once. Each record keeps its slice
    (``GameRecord.chunk`` and ``spans``). When a value does not fit the store, the records are laid out
    one by one instead, so that costs its own file only (reported as not processed)."""
    recs = [v for k, v in results if k == "ok"]
    if not recs:
        return results
    try:
        tables = arrow_tables(_columns(recs))
    except Exception:  # noqa: BLE001 - pyarrow raises several types for a value out of range
        return [(k, v) if k != "ok" else _as_arrow_or_failed(v) for k, v in results]
    at = dict.fromkeys(DATA_TABLES, 0)
    for rec in recs:
        spans = {"games": (at["games"], 1)}
        at["games"] += 1
        for table, cols in (("players", rec.players), ("events", rec.events), ("violations", rec.violations),
                            ("series_points", rec.series_points)):
            n = _rows(cols)
            spans[table] = (at[table], n)
            at[table] += n
        rec.chunk, rec.spans = tables, spans
        rec.players, rec.events, rec.violations, rec.series_points = {}, {}, {}, {}
    return results


def _as_arrow_or_failed(rec: GameRecord) -> tuple[str, Any]:
    try:
        return "ok", as_arrow(rec)
    except Exception as exc:  # noqa: BLE001 - as above
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
        return "failed", f"{rec.games.get('file')}: a value does not fit the store ({type(exc).__name__}: {first[:200]})"


def arrow_tables(data: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """One Arrow table per data table from its columns (lists, by column name; a missing one is NULL)."""
    import pyarrow as pa

    from sgs_replay.store.schema import arrow_schemas, seat_states_array

    schemas = arrow_schemas()
    out = {}
    for name in DATA_TABLES:
        schema = schemas[name]
        cols = data[name]
        n = len(next(iter(cols.values()), []))
        arrays = []
        for f in schema:
            vals = cols.get(f.name)
            if vals is None:
                arrays.append(pa.nulls(n, f.type))
            elif f.name in ("state", "start_state"):
                arrays.append(seat_states_array(vals, f.type))
            else:
                arrays.append(pa.array(vals, type=f.type))
        out[name] = pa.Table.from_arrays(arrays, schema=schema)
    return out


def as_arrow(rec: GameRecord) -> GameRecord:
    """The record with its rows as Arrow tables: far cheaper to send between processes than lists.
    The columns are converted as they are, without copying them into a batch first."""
    rec.tables = arrow_tables({"games": {k: [v] for k, v in rec.games.items()}, "players": rec.players,
                               "events": rec.events, "violations": rec.violations,
                               "series_points": rec.series_points})
    rec.players, rec.events, rec.violations, rec.series_points = {}, {}, {}, {}
    return rec


def insert_table(con: Any, name: str, table: Any) -> None:
    """Append one Arrow table to the DuckDB table of the same name (columns matched by name)."""
    if table.num_rows == 0:
        return
    # read through DuckDB's replacement scan of this local variable, not ``con.register``: a
    # registered table stays referenced until the transaction ends, so a load held every batch it had
    # inserted (measured: 0.13 MB a game, 98 MB of Arrow buffers after 768 games); this way the
    # batch is freed as soon as it is in
    _sgs_batch = table  # read by name by the SQL below
    con.execute(f"INSERT INTO {name} BY NAME SELECT * FROM _sgs_batch")


def _flush(con: Any, batch: _Batch, load_no: int) -> int:
    """Insert the batch; its games get the load numbers ``load_no``, ``load_no + 1``, …; the next is returned."""
    if not batch.n:
        return load_no
    tables = batch.tables()
    number_games(tables, load_no)
    for name, table in tables.items():
        insert_table(con, name, table)
    return load_no + tables["games"].num_rows


def number_games(tables: dict[str, Any], first: int) -> None:
    """Give the games of a batch their load numbers (``load_no``), in ``games`` and on their ``events``.

    A game's events are inserted together, so the load number runs in order through the events table
    and DuckDB's row-group min/max of ``load_no`` lets a query for one game read only the row groups that
    hold it (``events.game_id``, a content hash, is spread over all of them).
    """
    import pyarrow as pa
    import pyarrow.compute as pc

    games = tables["games"]
    tables["games"] = games.append_column("load_no", pa.array(range(first, first + games.num_rows), pa.int64()))
    events = tables["events"]
    index = pc.index_in(events.column("game_id"), value_set=games.column("game_id"))
    tables["events"] = events.append_column("load_no", pc.add(index.cast(pa.int64()), first))


def _connect(db: Path) -> Any:
    import duckdb

    from sgs_replay.store.stats import NO_EXTENSIONS, check_file

    if db.exists():
        check_file(db)
    try:
        return duckdb.connect(str(db), config=dict(NO_EXTENSIONS))
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


def load_records(
    records: Iterable[GameRecord],
    db: Path,
    *,
    summary: LoadSummary | None = None,
    batch_size: int = DEFAULT_BATCH,
    on_game: Callable[[GameRecord], None] | None = None,
    amend: Callable[[], Amendment | None] | None = None,
) -> LoadSummary:
    """Load game records (made by :mod:`sgs_replay.replay.pipeline`) into the DuckDB file ``db``.

    The store only writes: it never reads or replays a log. One transaction for the whole load; a
    game already in the database is skipped and counted. ``summary`` collects what the load did (the
    pipeline has already counted the files it read). ``on_game`` is called with every game added;
    ``amend``, after the last, gives the rows found across games. A record's ``extra["file"]``
    (absolute path, size, mtime) is remembered in ``files``; ``extra["replaces"]`` names the game a
    changed file held, removed first. Raises :class:`StoreError` when the database cannot be
    written; then nothing has changed.
    """
    import time

    from sgs_replay.store.aggregates import refresh_aggregates, refresh_violation_counts
    from sgs_replay.store.schema import create_all

    t0 = time.perf_counter()
    db = Path(db)
    summary = summary if summary is not None else LoadSummary(db=db)
    created = not db.exists()
    if db.parent and not db.parent.exists():
        db.parent.mkdir(parents=True, exist_ok=True)
    ok = False
    try:
        con = _connect(db)
    except BaseException:
        if created:
            _remove_db(db)  # a signal while DuckDB created the file
        raise
    try:
        # one DuckDB thread: inserting is a small part of a load, and the cores are the validators'
        # (measured on 2 cores: a third of the CPU and half the wall time of the insert and commit)
        con.execute(f"SET threads = {WRITER_THREADS}")
        # a bounded buffer pool: past it DuckDB writes out what the transaction holds, so a long load
        # does not keep every inserted row in memory until the commit
        con.execute(f"SET memory_limit = '{WRITER_MEMORY}'")
        tables = {r[0] for r in con.execute("SELECT table_name FROM information_schema.tables").fetchall()}
        if tables and "games" not in tables:
            raise StoreError(f"{db}: a DuckDB database of another tool (tables {', '.join(sorted(tables)[:5])}), "
                             "not an sgs-replay one: load into another --db")
        con.execute("BEGIN TRANSACTION")
        create_all(con)
        known: dict[str, str] = {}  # game_id → file
        first: dict[str, tuple[str, str]] = {}  # fingerprint → (game_id, file) of the copy kept
        view: dict[str, str] = {}  # game_id → the view its file gives (records.VIEWS)
        for gid, fp, file, v in con.execute("SELECT game_id, fingerprint, file, coalesce(view, 'full') FROM games "
                                            "ORDER BY loaded_at, file").fetchall():
            known[gid] = file
            view[gid] = v
            if fp is not None:
                first.setdefault(fp, (gid, file))
        recorded = {(fp, Path(f).name) for fp, f in con.execute("SELECT fingerprint, file FROM duplicates").fetchall()}
        linked = {(fp, Path(f).name) for fp, f in con.execute("SELECT fingerprint, file FROM views").fetchall()}
        view_rows: list[tuple[Any, ...]] = []
        demoted: dict[str, str] = {}  # a game replaced by a better view of it → the game kept
        added: dict[str, _Added] = {}  # the games this load added
        dup_rows: list[tuple[str, str, str, Any]] = []
        file_rows: dict[str, tuple[str, int, float, str, Any]] = {}
        replaced: set[str] = set()
        batch = _Batch()
        load_no = int(con.execute("SELECT coalesce(max(load_no), 0) + 1 FROM games").fetchall()[0][0])
        for rec in records:
            file, fp = rec.games["file"], rec.games.get("fingerprint")
            old = rec.extra.get("replaces")
            if old is not None and old != rec.game_id and old in known:
                replaced.add(old)  # the game this file held before it changed: removed at the end
                del known[old]
                first = {k: v for k, v in first.items() if v[0] != old}
            stat = rec.extra.get("file")
            if stat is not None:  # remembered when its game is in the database, now or before
                row = (*stat, rec.game_id, rec.games.get("loaded_at"))
            if rec.game_id in known and Path(known[rec.game_id]).name == Path(file).name:
                summary.already += 1  # the same bytes under the same name (perhaps reached by another path)
                if stat is not None:
                    file_rows[stat[0]] = row
                continue
            kept = first.get(fp) if fp is not None else None
            if kept is None and rec.game_id in known:  # the same bytes under another name, loaded before fingerprints
                kept = (rec.game_id, known[rec.game_id])
            rv = rec.games.get("view") or "full"
            if kept is not None and rv != view.get(kept[0], "full"):  # the same game from another view
                if _VIEW_RANK.get(rv, 0) >= _VIEW_RANK.get(view.get(kept[0], "full"), 0):  # no better: linked
                    summary.views.append(f"{file}: the {rv} view of {kept[1]} (game {kept[0]})")
                    if (fp, Path(file).name) not in linked:
                        linked.add((fp, Path(file).name))
                        view_rows.append((fp, kept[0], file, rv, rec.games.get("loaded_at")))
                    continue
                # a better view of a game already in: it is counted instead, the other is linked to it
                old_gid, old_file = kept
                demoted[old_gid] = rec.game_id
                for k, v in list(demoted.items()):
                    if v == old_gid:
                        demoted[k] = rec.game_id
                summary.views.append(f"{old_file}: the {view.get(old_gid, 'full')} view of {file} (game {rec.game_id})")
                view_rows.append((fp, rec.game_id, old_file, view.get(old_gid, "full"), rec.games.get("loaded_at")))
                view_rows[:] = [(f, rec.game_id if g == old_gid else g, fl, v, t) for f, g, fl, v, t in view_rows]
                linked.add((fp, Path(old_file).name))
                if old_gid in added:
                    summary.remove(added.pop(old_gid))
                del known[old_gid]
                kept = None
            if kept is not None:
                summary.duplicates.append(f"{file}: the same game as {kept[1]} (game {kept[0]})")
                if (fp, Path(file).name) not in recorded and fp is not None:  # recorded once
                    recorded.add((fp, Path(file).name))
                    dup_rows.append((fp, kept[0], file, rec.games.get("loaded_at")))
                continue
            known[rec.game_id] = file
            view[rec.game_id] = rv
            added[rec.game_id] = _Added.of(rec)
            if fp is not None:
                first[fp] = (rec.game_id, file)
            if stat is not None:
                file_rows[stat[0]] = row
            batch.add(rec)
            summary.add(rec)
            if on_game is not None:
                on_game(rec)
            if batch.n >= batch_size:
                load_no = _flush(con, batch, load_no)
                batch = _Batch()
        _flush(con, batch, load_no)
        _forget(con, replaced - set(known))
        if demoted:  # the views replaced by a better one: their links follow the game kept
            for old_gid, new_gid in sorted(demoted.items()):
                for table in ("duplicates", "views"):
                    con.execute(f"UPDATE {table} SET game_id = ? WHERE game_id = ?", [new_gid, old_gid])
            _forget(con, set(demoted), keep_links=True)
            file_rows = {k: r for k, r in file_rows.items() if r[3] not in demoted}
        if view_rows:
            con.executemany("INSERT INTO views VALUES (?, ?, ?, ?, ?)", view_rows)
        _remember_files(con, list(file_rows.values()))
        extra = amend() if amend is not None else None
        if extra is not None:
            _amend(con, extra, summary)
        if dup_rows:
            con.executemany("INSERT INTO duplicates VALUES (?, ?, ?, ?)", dup_rows)
        refresh_aggregates(con)  # the statistics tables, for this load's games (and any older store's)
        refresh_violation_counts(con)  # what the overview counts, over every game
        g, e, v = con.execute("SELECT count(*), coalesce(sum(events), 0), coalesce(sum(violations), 0) FROM games"
                              ).fetchone()
        summary.total_games, summary.total_events, summary.total_violations = int(g), int(e), int(v)
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
        try:
            con.close()
        finally:
            if created and (not ok or (summary.files and not summary.total_games)):
                _remove_db(db)  # a failed or interrupted load, or one where no file was readable, leaves no database
    summary.seconds = time.perf_counter() - t0
    return summary


def _remember_files(con: Any, rows: list[tuple[str, int, float, str, Any]]) -> None:
    """Upsert the ``files`` rows, through Arrow (``executemany`` costs a statement per row)."""
    if not rows:
        return
    import pyarrow as pa

    cols = list(zip(*rows, strict=True))
    table = pa.table({"path": pa.array(cols[0], pa.string()), "size": pa.array(cols[1], pa.int64()),
                      "mtime": pa.array(cols[2], pa.float64()), "game_id": pa.array(cols[3], pa.string()),
                      "loaded_at": pa.array(cols[4], pa.timestamp("us"))})
    con.register("_batch_files", table)
    try:
        con.execute("INSERT OR REPLACE INTO files SELECT * FROM _batch_files")
    finally:
        con.unregister("_batch_files")


def _forget(con: Any, game_ids: set[str], *, keep_links: bool = False) -> None:
    """Remove games (a changed file's old game, a view replaced by a better one) from every table."""
    if not game_ids:
        return
    ids = sorted(game_ids)
    marks = ", ".join("?" * len(ids))
    from sgs_replay.store.aggregates import TABLES as STAT_TABLES

    present = {r[0] for r in con.execute("SELECT table_name FROM duckdb_tables()").fetchall()}
    for table in (*reversed(DATA_TABLES), *(() if keep_links else ("duplicates", "views")),
                  *(t for t in STAT_TABLES if t in present)):
        con.execute(f"DELETE FROM {table} WHERE game_id IN ({marks})", ids)
    con.execute(f"DELETE FROM files WHERE game_id IN ({marks})", ids)


def _amend(con: Any, extra: Amendment, summary: LoadSummary) -> None:
    """Add the violations found across games and update those games' counts."""
    import pyarrow as pa

    from sgs_replay.store.schema import arrow_schemas

    schema = arrow_schemas()["violations"]
    insert_table(con, "violations", pa.Table.from_arrays([pa.array(extra.violations[f.name], type=f.type)
                                                          for f in schema], schema=schema))
    con.executemany("UPDATE games SET violations = ? WHERE game_id = ?", [[n, gid] for gid, n in extra.counts.items()])
    summary.violations.update(extra.kinds)


def known_files(db: Path) -> dict[str, tuple[int, float, str]]:
    """The files a database has loaded: absolute path → (size, mtime, game id). Empty when none."""
    if not Path(db).exists():
        return {}
    import duckdb

    from sgs_replay.store.stats import NO_EXTENSIONS, check_file

    try:
        check_file(Path(db))
        con = duckdb.connect(str(db), read_only=True, config=dict(NO_EXTENSIONS))
    except (duckdb.Error, StoreError):
        return {}  # not readable now: the load itself will say why
    try:
        rows = con.execute("SELECT f.path, f.size, f.mtime, f.game_id FROM files f JOIN games g USING (game_id)"
                           ).fetchall()
    except duckdb.Error:  # a database written before the files table existed
        return {}
    finally:
        con.close()
    return {path: (size, mtime, gid) for path, size, mtime, gid in rows}


def _is_duckdb_error(exc: BaseException) -> bool:
    import duckdb

    return isinstance(exc, duckdb.Error)
