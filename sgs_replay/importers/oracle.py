"""Card areas as a recording knows them, and the check of the replay against them.

A recording made by another engine (FreeKill) sees every card move, so its importer can keep that
engine's own card areas: each seat's hand, equipment, judge area and piles, the draw pile, the
discard pile and the processing area. At checkpoints (each turn start, the game's end) the importer
writes them down as :class:`Areas`; the replay compares its own zones with them. A difference is an
*engine desync*: a defect of the importer or of the rules engine, never a player's violation. The
first one of a game is reported with the card and both places.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

import msgspec

if TYPE_CHECKING:
    from sgs_replay.engine.state import Table


class SeatCards(msgspec.Struct, frozen=True, omit_defaults=True):
    hand: tuple[str, ...] = ()
    equip: tuple[str, ...] = ()
    judge: tuple[str, ...] = ()
    piles: dict[str, tuple[str, ...]] = {}


class Areas(msgspec.Struct, frozen=True):
    """Where every card is at one moment (cards in canonical text, each area sorted)."""

    moment: str  # "turn start" or "game end"
    seats: dict[int, SeatCards]
    pile: tuple[str, ...]
    discard: tuple[str, ...]
    processing: tuple[str, ...]
    pile_known: bool = True  # False: the recording never showed the draw pile (it is not compared)
    chained: tuple[int, ...] = ()  # the living characters chained by 铁索连环 (连环状态), by seat


class Desync(msgspec.Struct, frozen=True):
    """The replay's zones differ from the recording's at ``line`` (before that event)."""

    line: int
    moment: str
    card: str
    recording: str  # the place the recording has the card in
    engine: str  # the place the replay has it in
    differences: int  # how many cards are misplaced at this checkpoint

    def public(self) -> dict[str, object]:
        return msgspec.structs.asdict(self)

    def message(self) -> str:
        return (f"engine desync at the {self.moment} (before line {self.line}): {self.card} is in the "
                f"{self.recording} in the recording, in the {self.engine} in the replay"
                + (f" ({self.differences} cards misplaced)" if self.differences > 1 else ""))


def _places(a: Areas) -> dict[str, Counter[str]]:
    out: dict[str, Counter[str]] = {
        "draw pile": Counter(a.pile), "discard pile": Counter(a.discard), "processing area": Counter(a.processing),
    }
    for seat in sorted(a.seats):
        s = a.seats[seat]
        out[f"hand of seat {seat}"] = Counter(s.hand)
        out[f"equipment of seat {seat}"] = Counter(s.equip)
        out[f"judge area of seat {seat}"] = Counter(s.judge)
        for name in sorted(s.piles):
            out[f"{name} pile of seat {seat}"] = Counter(s.piles[name])
    return out


def engine_areas(table: Table, moment: str) -> Areas:
    """The replay's zones in the same shape as a recording's."""
    seats = {}
    for n in sorted(table.seats):
        s = table.seats[n]
        seats[n] = SeatCards(
            hand=tuple(sorted(s.hand.elements())), equip=tuple(sorted(s.equip.values())),
            judge=tuple(sorted(s.judge)),
            piles={k: tuple(sorted(v.elements())) for k, v in sorted(s.piles.items()) if +v},
        )
    return Areas(moment=moment, seats=seats, pile=tuple(sorted(table.pile.elements())),
                 discard=tuple(sorted(table.discard.elements())),
                 processing=tuple(sorted(table.processing.elements())),
                 chained=tuple(n for n, s in sorted(table.seats.items()) if s.alive and s.chained))


def compare(recorded: Areas, replayed: Areas, line: int) -> Desync | None:
    """The first misplaced card (in a fixed order of places and cards), or None when they agree."""
    rec, eng = _places(recorded), _places(replayed)
    if not recorded.pile_known:
        del rec["draw pile"], eng["draw pile"]
    names = list(rec) + [p for p in eng if p not in rec]
    missing: list[tuple[str, str]] = []  # (card, place the recording has it in)
    extra: dict[str, list[str]] = {}  # card → places the replay has it in and the recording does not
    for place in names:
        r, e = rec.get(place, Counter()), eng.get(place, Counter())
        for card in sorted(set(r) | set(e)):
            d = r[card] - e[card]
            missing.extend([(card, place)] * max(d, 0))
            extra.setdefault(card, []).extend([place] * max(-d, 0))
    if not missing and not any(extra.values()):
        return _chain_desync(recorded, replayed, line)
    if missing:
        card, place = missing[0]
        elsewhere = extra.get(card) or ["nowhere"]
        return Desync(line=line, moment=recorded.moment, card=card, recording=place, engine=elsewhere[0],
                      differences=len(missing))
    card, places = next((c, p) for c, p in extra.items() if p)
    return Desync(line=line, moment=recorded.moment, card=card, recording="nowhere", engine=places[0],
                  differences=sum(len(p) for p in extra.values()))


def _chain_desync(recorded: Areas, replayed: Areas, line: int) -> Desync | None:
    """The first seat whose chain state (连环状态) differs, when every card agrees."""
    differ = sorted(set(recorded.chained) ^ set(replayed.chained))
    if not differ:
        return None
    seat = differ[0]
    state = {True: "chained state", False: "unchained state"}
    return Desync(line=line, moment=recorded.moment, card=f"seat {seat}'s character",
                  recording=state[seat in recorded.chained], engine=state[seat in replayed.chained],
                  differences=len(differ))
