"""Progress of a long run on stderr: files done of all, games, events per second, time left.

Drawn with rich, only on a terminal and never under ``-q``; stdout carries nothing but results. rich
is imported only when a bar is really drawn.
"""

from __future__ import annotations

import sys
import time
from types import TracebackType
from typing import Any


class Progress:
    """``start(total)``, then ``advance(games, events)`` once per file; a no-op when not ``enabled``."""

    def __init__(self, enabled: bool = True, what: str = "files") -> None:
        self.enabled = enabled and sys.stderr.isatty()
        self.what = what
        self._bar: Any = None
        self._task: Any = None
        self.games = 0
        self.events = 0
        self._t0 = time.perf_counter()

    def start(self, total: int, done: int = 0) -> None:
        if not self.enabled or self._bar is not None:
            return
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, TextColumn, TimeRemainingColumn
        from rich.progress import Progress as Bar

        self._bar = Bar(TextColumn(f"[bold]{self.what}"), BarColumn(), MofNCompleteColumn(),
                        TextColumn("{task.fields[games]} games · {task.fields[rate]} events/s"),
                        TextColumn("· left"), TimeRemainingColumn(),
                        console=Console(stderr=True), transient=True)
        self._bar.start()
        self._task = self._bar.add_task(self.what, total=total, completed=done, games=0, rate=0)
        self._t0 = time.perf_counter()

    def advance(self, games: int, events: int) -> None:
        self.games += games
        self.events += events
        if self._bar is not None:
            dt = time.perf_counter() - self._t0
            self._bar.update(self._task, advance=1, games=self.games, rate=f"{self.events / dt:,.0f}" if dt else 0)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.stop()
            self._bar = None

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, t: type[BaseException] | None, v: BaseException | None, tb: TracebackType | None) -> None:
        self.close()
