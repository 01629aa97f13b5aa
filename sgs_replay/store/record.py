"""What the store loads: one game's rows, column by column (made by :mod:`sgs_replay.replay.records`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol


class _Kinded(Protocol):
    @property
    def kind(self) -> str: ...


class Report(Protocol):
    """What the store reads of a game's validator report (``sgs_replay.replay.validate.Report``; the store is below the
    replay and imports none of it): its events and the kinds of its violations."""

    @property
    def events(self) -> int: ...

    @property
    def violations(self) -> Sequence[_Kinded]: ...


@dataclass
class GameRecord:
    """The rows of one game, column by column, ready to be appended to an Arrow batch."""

    game_id: str
    report: Report
    games: dict[str, Any]
    players: dict[str, list[Any]]
    events: dict[str, list[Any]]
    violations: dict[str, list[Any]]
    extra: dict[str, Any] = field(default_factory=dict)
    #: the 4th-edition points of each player of a finished identity game (empty otherwise)
    series_points: dict[str, list[Any]] = field(default_factory=dict)
    tables: dict[str, Any] | None = None  # the same rows as Arrow tables, once converted
    #: the rows laid out as Arrow with the other games of their chunk (``loader.pack_chunk``): the
    #: chunk's tables, shared, and this game's (offset, length) in each
    chunk: dict[str, Any] | None = None
    spans: dict[str, tuple[int, int]] | None = None

    def arrow(self) -> dict[str, Any] | None:
        """The game's rows as Arrow tables (slices of its chunk's, no copy), or None when not laid out yet."""
        if self.chunk is not None and self.spans is not None:
            return {name: self.chunk[name].slice(off, n) for name, (off, n) in self.spans.items()}
        return self.tables


@dataclass
class Amendment:
    """Rows a load adds once every game is in: violations found across games (3v3 matches)."""

    violations: dict[str, list[Any]]  # rows of the violations table, column by column
    counts: dict[str, int]  # game_id → its games.violations after them
    kinds: list[str] = field(default_factory=list)  # the kind of each violation, for the summary
