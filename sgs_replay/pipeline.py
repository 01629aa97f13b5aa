"""The pipeline: paths → parsed logs → validated games → store records, in worker processes.

``load_paths`` is what ``sgs-replay load`` runs: every file is read (any supported format, by
content), validated by the rules engine and turned into a :class:`~sgs_replay.store.record.GameRecord`
(in ``jobs`` worker processes, laid out as Arrow there), then handed to the store, which only
writes. Unreadable files and files the validator could not process are named in the summary; the
other files still load.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

from sgs_replay.records import build_record
from sgs_replay.store.loader import DEFAULT_BATCH, LoadSummary, as_arrow, load_records
from sgs_replay.store.record import GameRecord

__all__ = ["load_paths", "process_one", "records"]


def records(files: list[Path], ruleset: str | None, snapshots: bool, jobs: int, loaded_at: datetime,
             summary: LoadSummary) -> Iterator[GameRecord]:
    """Read and validate each file (in worker processes when ``jobs > 1``); report the bad ones."""
    if jobs > 1 and len(files) > 1:
        import multiprocessing as mp
        from concurrent.futures import ProcessPoolExecutor
        from concurrent.futures.process import BrokenProcessPool

        ctx = mp.get_context("forkserver" if "forkserver" in mp.get_all_start_methods() else "spawn")
        chunk = max(1, min(64, len(files) // (jobs * 4)))
        done = 0
        try:
            with ProcessPoolExecutor(max_workers=jobs, mp_context=ctx) as pool:
                work = pool.map(process_one, files, [ruleset] * len(files), [snapshots] * len(files),
                                [loaded_at] * len(files), [True] * len(files), chunksize=chunk)
                for kind, value in work:
                    done += 1
                    summary.files += 1
                    if kind == "ok":
                        yield value
                    else:
                        getattr(summary, kind).append(value)
            return
        except BrokenProcessPool as exc:
            # a worker died (killed, out of memory): the files it had not returned are read here, in
            # order, so the load neither loses nor reorders a game
            summary.notes.append(f"a worker process stopped ({exc}); {len(files) - done} file(s) read in the main process")
            files = files[done:]
    for path in files:
        summary.files += 1
        kind, value = process_one(path, ruleset, snapshots, loaded_at)
        if kind == "ok":
            yield value
        else:
            getattr(summary, kind).append(value)


def process_one(path: Path, ruleset: str | None, snapshots: bool, loaded_at: datetime,
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
    many worker processes. Raises :class:`~sgs_replay.store.StoreError` when the database cannot be
    written; then nothing has changed.
    """
    from sgs_replay.reader import expand_paths

    db = Path(db)
    files = list(expand_paths([Path(p) for p in paths]))
    summary = LoadSummary(db=db)
    loaded_at = datetime.now().replace(microsecond=0)
    return load_records(records(files, ruleset, snapshots, max(1, jobs), loaded_at, summary), db, summary=summary,
                        batch_size=batch_size, on_game=on_game)
