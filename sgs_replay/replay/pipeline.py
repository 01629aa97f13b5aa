"""The pipeline: paths → parsed logs → validated games → store records, in worker processes.

``load_paths`` is what ``sgs-replay load`` runs: every file is read (any supported format, by
content), validated by the rules engine and turned into a :class:`~sgs_replay.store.record.GameRecord`
(in ``jobs`` worker processes, laid out as Arrow there), then handed to the store, which only
writes. Unreadable files and files the validator could not process are named in the summary; the
other files still load. The checks across games (3v3 matches, :class:`~sgs_replay.replay.records.MatchChecks`)
are made here, over the games the store accepted, and handed to it as rows.

``validate_files`` and ``convert_files`` are the same fan-out for ``sgs-replay validate`` and
``sgs-replay convert``. Whatever the number of workers, results come back in the order of the files,
so the output is the same.

During the bulk work the cyclic garbage collector is tuned down (:func:`bulk_gc`): everything imported
before is frozen out of its scans and it runs a hundred times less often. Reference counting still
frees almost everything at once; the rare cycles are collected by a full collection every
:data:`COLLECT_EVERY` files (and after every chunk in a worker), so memory stays flat.
"""

from __future__ import annotations

import gc
import os
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Any

from sgs_replay.replay.records import MatchChecks, build_record
from sgs_replay.store.loader import DEFAULT_BATCH, LoadSummary, load_records, pack_chunk
from sgs_replay.store.record import GameRecord

__all__ = ["Executor", "bulk_gc", "convert_files", "default_jobs", "load_paths", "process_one", "records", "validate_files"]

#: the first generation's threshold during bulk work (Python's default is 700)
BULK_GC_THRESHOLD = 100_000


def default_jobs() -> int:
    """All the cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


@contextmanager
def bulk_gc() -> Iterator[None]:
    """Freeze what exists (content tables, rulesets, modules) out of the collector's scans and let the
    first generation grow to :data:`BULK_GC_THRESHOLD` objects between collections."""
    old = gc.get_threshold()
    gc.collect()
    gc.freeze()
    gc.set_threshold(BULK_GC_THRESHOLD, old[1], old[2])
    try:
        yield
    finally:
        gc.set_threshold(*old)
        gc.unfreeze()


def _die_with_parent() -> None:
    """Linux: this process gets SIGTERM when its parent ends. A worker's parent is the fork server,
    which ends when the command does (however it ends, even ``kill -9``): no worker is left behind."""
    import signal
    import sys

    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, int(signal.SIGTERM), 0, 0, 0)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def _worker_init() -> None:
    """A worker process: content loaded once, then the collector tuned as in :func:`bulk_gc`."""
    _die_with_parent()
    import sgs_replay.engine.core  # noqa: F401 - the engine and its content, imported once per worker

    gc.collect()
    gc.freeze()
    gc.set_threshold(BULK_GC_THRESHOLD, *gc.get_threshold()[1:])


class Executor:
    """Where the per-file work runs: here and in ``jobs`` local worker processes (``kind="local"``),
    or on a Dask cluster (``kind="dask"``, the scheduler's ``address``; needs ``sgs-replay[dask]``).
    On a cluster every worker must read the files at the same paths (a shared file system)."""

    def __init__(self, jobs: int = 1, kind: str = "local", address: str | None = None) -> None:
        if kind not in ("local", "dask"):
            raise ValueError(f"unknown executor {kind!r} (local or dask)")
        if kind == "dask" and not address:
            raise ValueError("the dask executor needs the scheduler's address")
        self.jobs, self.kind, self.address = max(1, jobs), kind, address


#: tasks a Dask client keeps submitted ahead of the result it waits for
DASK_WINDOW = 256


def _dask_map(fn: Callable[..., Any], items: list[Any], args: tuple[Any, ...], address: str) -> Iterator[Any]:
    """``fn(item, *args)`` on a Dask cluster, the results in the order of ``items``, a bounded number
    of tasks in flight. The cluster retries a task whose worker died."""
    from collections import deque

    try:
        from distributed import Client
    except ImportError:
        raise RuntimeError("the dask executor needs the distributed package: pip install 'sgs-replay[dask]'") from None
    with Client(address, set_as_default=False) as client:
        pending: deque[Any] = deque()
        for item in items:
            pending.append(client.submit(fn, item, *args, pure=False))
            if len(pending) >= DASK_WINDOW:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()


#: files between two full collections during bulk work (the rare cycles a game leaves are freed there)
COLLECT_EVERY = 128


#: files a chunk holds when the work is done in this process (``pack`` sees them together)
LOCAL_CHUNK = 32

Pack = Callable[[list[Any]], list[Any]]


def _run_chunk(fn: Callable[..., Any], chunk: list[Any], args: tuple[Any, ...], pack: Pack | None = None) -> list[Any]:
    out = [fn(item, *args) for item in chunk]
    if pack is not None:
        out = pack(out)
    gc.collect()
    return out


def _one_packed(item: Any, fn: Callable[..., Any], pack: Pack, *args: Any) -> Any:
    return pack([fn(item, *args)])[0]


def fan_out(fn: Callable[..., Any], items: list[Any], *args: Any, jobs: int | Executor = 1,
            notes: list[str] | None = None, pack: Pack | None = None) -> Iterator[Any]:
    """``fn(item, *args)`` for every item, in ``jobs`` worker processes when there are several (or on
    the :class:`Executor` given); the results in the order of ``items``. A local worker that dies
    costs nothing: the items it had not returned are done here, in order (and ``notes`` says so).
    ``pack``, given the results of a chunk of items, returns them laid out for the trip back (in the
    worker, once per chunk)."""
    if isinstance(jobs, Executor):
        if jobs.kind == "dask":
            if pack is not None:
                yield from _dask_map(_one_packed, items, (fn, pack, *args), jobs.address or "")
            else:
                yield from _dask_map(fn, items, args, jobs.address or "")
            return
        jobs = jobs.jobs
    done = 0
    if jobs > 1 and len(items) > 1:
        import multiprocessing as mp
        from collections import deque
        from concurrent.futures import ProcessPoolExecutor
        from concurrent.futures.process import BrokenProcessPool

        ctx = mp.get_context("forkserver" if "forkserver" in mp.get_all_start_methods() else "spawn")
        size = max(1, min(64, len(items) // (jobs * 4)))
        pool = ProcessPoolExecutor(max_workers=jobs, mp_context=ctx, initializer=_worker_init)
        finished = False
        try:
            # a bounded number of chunks in flight: results wait in memory only that long, however
            # slowly they are consumed
            pending: deque[Any] = deque()
            for start in range(0, len(items), size):
                pending.append(pool.submit(_run_chunk, fn, items[start:start + size], args, pack))
                if len(pending) >= 2 * jobs:
                    for out in pending.popleft().result():
                        done += 1
                        yield out
            while pending:
                for out in pending.popleft().result():
                    done += 1
                    yield out
            finished = True
            shutdown = getattr(pool, "shutdown", None)
            if shutdown is not None:
                shutdown(wait=True)
            return
        except BrokenProcessPool as exc:
            # a worker died (killed, out of memory): the items it had not returned are done here, in
            # order, so nothing is lost or reordered
            if notes is not None:
                notes.append(f"a worker process stopped ({exc}); {len(items) - done} file(s) read in the main process")
        finally:
            if not finished:  # an error, a signal (SIGTERM, Ctrl-C) or the consumer gone: no worker outlives us
                stop_pool(pool)
    with bulk_gc():
        rest = items[done:]
        step = LOCAL_CHUNK if pack is not None else 1
        since = 0  # items since the last full collection
        for start in range(0, len(rest), step):
            out = [fn(item, *args) for item in rest[start:start + step]]
            yield from pack(out) if pack is not None else out
            since += len(out)
            if since >= COLLECT_EVERY:
                gc.collect()
                since = 0


def stop_pool(pool: Any) -> None:
    """End a process pool now: every worker process terminated first (killed if it does not stop
    within a few seconds) and waited for, then the queued work cancelled. Terminating before the
    shutdown means no worker is still starting when the pool's queues are gone."""
    procs = dict(getattr(pool, "_processes", None) or {})
    for proc in procs.values():
        if proc.is_alive():
            proc.terminate()
    for proc in procs.values():
        proc.join(timeout=5)
        if proc.is_alive():
            proc.kill()
            proc.join(timeout=5)
    shutdown = getattr(pool, "shutdown", None)
    if shutdown is not None:
        shutdown(wait=False, cancel_futures=True)


def _unchanged(files: list[Path], db: Path, summary: LoadSummary) -> tuple[list[Path], dict[str, str]]:
    """The files to read: those the database has not loaded as they are now. Also, by absolute path,
    the game each changed file held (the new one replaces it)."""
    from sgs_replay.formats.reader import file_content_id
    from sgs_replay.store.loader import known_files

    known = known_files(db)
    if not known:
        return files, {}
    todo, replaces = [], {}
    for f in files:
        path = str(f.resolve())
        k = known.get(path)
        if k is not None:
            try:
                st = f.stat()
                same = (st.st_size, st.st_mtime) == (k[0], k[1]) and file_content_id(f) == k[2]
            except OSError:
                same = False  # the read will say why
            if same:
                summary.files += 1
                summary.already += 1
                continue
            replaces[path] = k[2]
        todo.append(f)
    return todo, replaces


def records(files: list[Path], ruleset: str | None, snapshots: bool, jobs: int | Executor, loaded_at: datetime,
            summary: LoadSummary, replaces: dict[str, str] | None = None,
            progress: Any = None) -> Iterator[GameRecord]:
    """Read and validate each file (in worker processes when ``jobs > 1``); report the bad ones."""
    for kind, value in fan_out(process_one, files, ruleset, snapshots, loaded_at, jobs=jobs, notes=summary.notes,
                               pack=pack_chunk):
        summary.files += 1
        if kind == "ok":
            if replaces and value.extra.get("file") is not None:
                old = replaces.get(value.extra["file"][0])
                if old is not None:
                    value.extra["replaces"] = old
            if progress is not None:
                progress.advance(1, value.report.events)
            yield value
        else:
            if progress is not None:
                progress.advance(0, 0)
            getattr(summary, kind).append(value)


def process_one(path: Path, ruleset: str | None, snapshots: bool, loaded_at: datetime) -> tuple[str, Any]:
    from sgs_replay.formats.reader import UnreadableInput, read_path

    try:
        st = path.stat()
        stat: tuple[str, int, float] | None = (str(path.resolve()), st.st_size, st.st_mtime)
    except OSError:
        stat = None  # the read says why
    try:
        parsed = read_path(path)
    except UnreadableInput as exc:
        return "unreadable", str(exc)
    try:
        rec = build_record(parsed, path, ruleset, snapshots=snapshots, loaded_at=loaded_at)
    except Exception as exc:  # noqa: BLE001 - a bug in the engine must not stop the other files
        return "failed", f"{path}: internal error while validating ({type(exc).__name__}: {exc}) — please report it"
    rec.extra["file"] = stat
    return "ok", rec  # laid out as Arrow with the other files of its chunk (pack_chunk)


def load_paths(
    paths: Iterable[Path],
    db: Path,
    ruleset: str | None = None,
    *,
    snapshots: bool = True,
    batch_size: int = DEFAULT_BATCH,
    jobs: int | Executor = 1,
    on_game: Callable[[GameRecord], None] | None = None,
    incremental: bool = True,
    progress: Any = None,
) -> LoadSummary:
    """Validate the logs in ``paths`` (files or directories) and load them into the DuckDB file ``db``.

    ``ruleset`` judges every log under that ruleset instead of its own. ``snapshots`` keeps the seat
    state at the kept positions (``events.state``, for the game viewer). ``jobs > 1`` validates in that
    many worker processes (or an :class:`Executor`: a Dask cluster). ``incremental`` skips, without reading them again, the files the database
    has loaded and that have not changed since (same path, size, modification time and content); a
    changed file replaces the game it held. ``progress`` (:class:`sgs_replay.cli.progress.Progress`) is
    told of every file done. Raises :class:`~sgs_replay.store.StoreError` when the database cannot
    be written; then nothing has changed.
    """
    from sgs_replay.formats.reader import expand_paths

    db = Path(db)
    summary = LoadSummary(db=db)
    files = list(expand_paths([Path(p) for p in paths], summary.skipped))
    loaded_at = datetime.now().replace(microsecond=0)
    todo, replaces = _unchanged(files, db, summary) if incremental else (files, {})
    if progress is not None:
        progress.start(len(files), done=len(files) - len(todo))
    matches = MatchChecks()

    def added(rec: GameRecord) -> None:
        matches.add(rec)
        if on_game is not None:
            on_game(rec)

    with bulk_gc():
        work = jobs if isinstance(jobs, Executor) else max(1, jobs)
        return load_records(records(todo, ruleset, snapshots, work, loaded_at, summary, replaces, progress),
                            db, summary=summary, batch_size=batch_size, on_game=added, amend=matches.amendment)


def _validate_one(path: Path, ruleset: str | None) -> tuple[str, Any]:
    """One file for ``validate``: ("ok", (parsed, report)) with the parsed log's events dropped (the
    report has what is needed; only the header and counts travel back), or ("unreadable", message)."""
    from sgs_replay.formats.reader import UnreadableInput, read_path
    from sgs_replay.replay.validate import validate_parsed

    try:
        parsed = read_path(path)
    except UnreadableInput as exc:
        return "unreadable", str(exc)
    report = validate_parsed(parsed, ruleset).report
    parsed.events, parsed.checkpoints, parsed.bad_lines = [], {}, {}
    return "ok", (parsed, report)


def validate_files(files: list[Path], ruleset: str | None, jobs: int | Executor = 1) -> Iterator[tuple[str, Any]]:
    """``validate`` over many files, in ``jobs`` workers; results in the order of ``files``."""
    yield from fan_out(_validate_one, files, ruleset, jobs=jobs)


def _convert_one(path: Path) -> tuple[str, Any]:
    from sgs_replay.formats.reader import UnreadableInput
    from sgs_replay.importers import convert_to_jsonl

    try:
        return "ok", convert_to_jsonl(path)
    except UnreadableInput as exc:
        return "unreadable", str(exc)


def convert_files(files: list[Path], jobs: int = 1) -> Iterator[tuple[str, Any]]:
    """``convert`` over many recordings, in ``jobs`` workers; results in the order of ``files``."""
    yield from fan_out(_convert_one, files, jobs=jobs)
