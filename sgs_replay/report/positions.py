"""The table at any moment of a game: every seat's HP, cards, equipment and judge area.

Positions are recorded in the validator's own pass (``validate_parsed(on_step=…)``), so the audit,
``sgs-replay show`` and the report agree with ``sgs-replay validate`` by construction.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sgs_replay.formats import events as ev
from sgs_replay.formats.reader import ParsedLog


@dataclass
class SeatView:
    seat: int
    general: str
    role: str
    hp: int
    max_hp: int
    alive: bool
    hand: int
    equip: list[str]
    judge: list[str]
    name: str = ""
    cards: list[str] | None = None  # the hand when every card of it is known
    known: list[str] = field(default_factory=list)  # known cards of a partly hidden hand
    dying: bool = False


@dataclass
class Position:
    """The table after ``index`` events (0: before the first). ``line`` is the last event's line."""

    index: int
    line: int
    round: int | None
    turn: int
    current: int | None
    phase: str | None
    seats: list[SeatView]


def split_hand(stored: Any) -> tuple[list[str] | None, list[str]]:
    """A stored hand (``?`` for each hidden card) as a :class:`SeatView` wants it: (the cards when
    every one is known, else None; the known cards of a partly hidden hand). None/NULL: nothing known."""
    if stored is None or isinstance(stored, float):  # NULL from a data frame
        return None, []
    cards = [str(c) for c in stored]
    known = [c for c in cards if c != "?"]
    return (known, []) if len(known) == len(cards) else (None, known)


def seat_views(engine: Any, header: ev.Game | None) -> list[SeatView]:
    from sgs_replay.engine.state import Slot

    players = {p.seat: p for p in header.players} if header else {}
    out = []
    for n, s in sorted(engine.table.seats.items()):
        p = players.get(n)
        known = sorted(s.hand.elements())
        out.append(SeatView(
            seat=n, general=s.name, role=s.role or s.side or "", hp=s.hp, max_hp=s.max_hp, alive=s.alive,
            hand=s.hand_count, equip=[s.equip[sl] for sl in Slot if sl in s.equip], judge=list(s.judge),
            name=(p.name or "") if p else "", cards=known if s.hidden == 0 else None,
            known=known if s.hidden else [], dying=bool(s.dying),
        ))
    return out


class Recorder:
    """An ``on_step`` hook keeping a :class:`Position` after every event."""

    def __init__(self, parsed: ParsedLog) -> None:
        self.parsed = parsed
        self.positions: list[Position | None] = [None] * (len(parsed.events) + 1)
        self._turns = 0
        self._round: int | None = None
        self._last_turn_seat: int | None = None

    def __call__(self, i: int, engine: Any) -> None:
        line = self.parsed.events[i - 1][0] if i else 1
        if i == 0:
            self._round = engine.round
        else:
            e = self.parsed.events[i - 1][1]
            if isinstance(e, ev.Turn):
                self._turns += 1
                if self._round is None or (self._last_turn_seat is not None and e.seat <= self._last_turn_seat):
                    self._round = (self._round or 0) + 1
                self._last_turn_seat = e.seat
        self.positions[i] = Position(index=i, line=line, round=self._round, turn=self._turns, current=engine.current,
                                     phase=engine.phase, seats=seat_views(engine, self.parsed.header))

    def index_of_line(self, line: int) -> int | None:
        """The index (1-based) of the event logged at ``line``."""
        for i, (ln, _) in enumerate(self.parsed.events, start=1):
            if ln == line:
                return i
        return None

    def around(self, line: int) -> tuple[Position | None, Position | None]:
        """The table before and after the event at ``line``."""
        i = self.index_of_line(line)
        if i is None:
            return None, None
        return self.positions[i - 1], self.positions[i]

    def turn_starts(self) -> list[int]:
        """Indexes of the positions just after each ``turn`` event."""
        return [i for i, (_, e) in enumerate(self.parsed.events, start=1) if isinstance(e, ev.Turn)]
