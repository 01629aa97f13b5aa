"""Game state: seats, zones, HP, counters, distance and attack range.

Cards are tracked by their canonical text (``♠7 杀``) as multisets per zone: the deck holds physical
duplicates (two ``♠8 杀``) and the log names cards, not copies. A hand may also hold cards whose
identity is hidden (``?``); they are counted apart and make the checks that need them unverifiable.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from enum import StrEnum
from functools import partial
from typing import Any

from sgs_replay.content import General, card_kinds
from sgs_replay.engine import plugins
from sgs_replay.formats.cards import Card, parse_card


class Zone(StrEnum):
    HAND = "hand"
    EQUIP = "equip"
    JUDGE = "judge"
    DECK = "deck"
    DISCARD = "discard"
    PROCESSING = "processing"
    VOID = "void"


class Slot(StrEnum):
    WEAPON = "weapon"
    ARMOR = "armor"
    PLUS_HORSE = "plus_horse"
    MINUS_HORSE = "minus_horse"
    TREASURE = "treasure"  # 宝物 (FreeKill 虎牢关's 束发紫金冠)


SLOT_OF_SUBTYPE = {
    "weapon": Slot.WEAPON,
    "armor": Slot.ARMOR,
    "defensive_horse": Slot.PLUS_HORSE,
    "offensive_horse": Slot.MINUS_HORSE,
    "treasure": Slot.TREASURE,
}

#: a new empty Counter, made without Counter.__init__ (Python code that only handles its arguments):
#: the turn and phase records are made afresh at every phase
_counter = partial(Counter.__new__, Counter)

PHASE_ORDER = ("start", "judge", "draw", "play", "discard", "finish")


@dataclass
class PhaseRecord:
    """What the current phase has seen so far (a new record at every phase)."""

    uses: Counter[str] = field(default_factory=_counter)  # uses counted against a card's per-phase limit, by card
    free: Counter[str] = field(default_factory=_counter)  # uses about to be made that do not count (a weapon's), by card
    unchecked_skill: int = 0  # skills whose effect the engine cannot check (the draw count is not judged)
    given: int = 0  # cards given away by a skill this phase (仁德's heal counts them)
    limits: Counter[str] = field(default_factory=_counter)  # uses of skills limited per phase, by skill
    draw_reported: bool = False  # the draw phase's count was already found wrong
    hand_after_discard: int | None = None  # the hand the discard phase's own discard left (连营 may draw after it)


@dataclass
class TurnRecord:
    """What the current turn has seen so far (a new record at every turn)."""

    skills: Counter[str] = field(default_factory=_counter)  # skills used this turn, by name
    limits: Counter[str] = field(default_factory=_counter)  # uses of skills limited per turn, by skill
    uses: Counter[str] = field(default_factory=_counter)  # cards used before the log starts (a start position's ``used``)
    played: Counter[tuple[int, str]] = field(default_factory=_counter)  # cards used or played in the play phase, by (seat, card)
    judged: Counter[str] = field(default_factory=_counter)  # delayed tricks judged, by name
    damage_taken: Counter[int] = field(default_factory=_counter)  # damage taken, by seat
    spared: set[str] = field(default_factory=set)  # phases a delayed trick's judgement spared ("play", "draw")
    drinks: Counter[int] = field(default_factory=_counter)  # 酒 used for its bonus this turn, by seat
    drinks_in_force: Counter[int] = field(default_factory=_counter)  # 酒 not yet spent on a 杀, by seat


class Equipment(dict[Slot, str]):
    """A seat's equipment area (slot → card): a dict that counts every change to any seat's area in
    :attr:`changes`, so that a check of what every seat wears (白银狮子's) looks again only after one."""

    __slots__ = ()
    changes = 0

    def __setitem__(self, slot: Slot, card: str) -> None:
        Equipment.changes += 1
        super().__setitem__(slot, card)

    def __delitem__(self, slot: Slot) -> None:
        Equipment.changes += 1
        super().__delitem__(slot)

    def pop(self, *args: Any) -> Any:
        Equipment.changes += 1
        return super().pop(*args)

    def popitem(self) -> tuple[Slot, str]:
        Equipment.changes += 1
        return super().popitem()

    def setdefault(self, slot: Slot, card: str) -> str:  # type: ignore[override]
        Equipment.changes += 1
        return super().setdefault(slot, card)

    def update(self, *args: Any, **kwargs: Any) -> None:
        Equipment.changes += 1
        super().update(*args, **kwargs)

    def __ior__(self, other: Any) -> Equipment:  # type: ignore[override,misc]
        Equipment.changes += 1
        return super().__ior__(other)

    def clear(self) -> None:
        Equipment.changes += 1
        super().clear()


def slot_of(card: Card) -> Slot | None:
    return SLOT_OF_SUBTYPE.get(card.subtype)


@dataclass
class Seat:
    seat: int
    general: General | None
    role: str | None = None
    side: str | None = None
    position: str | None = None
    hp: int = 4
    max_hp: int = 4
    alive: bool = True
    hand: Counter[str] = field(default_factory=_counter)
    hidden: int = 0  # hand cards whose identity is unknown
    equip: Equipment = field(default_factory=Equipment)  # only an Equipment: its changes are counted
    judge: list[str] = field(default_factory=list)  # delayed tricks, earliest placed first
    judge_as: dict[str, str] = field(default_factory=dict)  # physical card → trick it stands for
    piles: dict[str, Counter[str]] = field(default_factory=dict)
    skills: set[str] = field(default_factory=set)  # Chinese skill names in force
    dying: bool = False
    chained: bool = False  # 连环状态 (横置), 神话再临·军争篇 铁索连环

    @property
    def hand_count(self) -> int:
        return sum(self.hand.values()) + self.hidden

    @property
    def name(self) -> str:
        return self.general.name if self.general else f"seat {self.seat}"

    def has_skill(self, name: str) -> bool:
        return name in self.skills

    def weapon(self) -> str | None:
        c = self.equip.get(Slot.WEAPON)
        return parse_card(c).name if c else None

    def armor(self) -> str | None:
        c = self.equip.get(Slot.ARMOR)
        return parse_card(c).name if c else None

    def judge_names(self) -> list[str]:
        return [self.judge_as.get(c) or parse_card(c).name for c in self.judge]

    def all_cards(self) -> list[str]:
        out = list(self.hand.elements())
        out.extend(self.equip.values())
        out.extend(self.judge)
        for p in self.piles.values():
            out.extend(p.elements())
        return out


@dataclass
class Table:
    """Everything on the table: seats and the shared zones."""

    seats: dict[int, Seat]
    deck_counts: Counter[str]
    pile: Counter[str] = field(default_factory=_counter)  # the draw pile as a multiset
    pile_top: list[str] = field(default_factory=list)  # known order of its top, top first
    discard: Counter[str] = field(default_factory=_counter)
    processing: Counter[str] = field(default_factory=_counter)

    @property
    def n(self) -> int:
        return len(self.seats)

    def alive(self) -> list[int]:
        return [s for s in sorted(self.seats) if self.seats[s].alive]

    def next_alive(self, seat: int, step: int = 1) -> int:
        """The next living seat after ``seat`` (step 1 = 下家, -1 = 上家)."""
        n = self.n
        s = seat
        for _ in range(n):
            s = (s - 1 + step) % n + 1
            if self.seats[s].alive:
                return s
        return seat

    def order_from(self, first: int, *, include_first: bool = True, step: int = 1) -> list[int]:
        """Living seats in turn order (step 1, 逆时针 in the rulebooks) starting at ``first``."""
        n = self.n
        out = []
        for i in range(n):
            s = (first - 1 + step * i) % n + 1
            if self.seats[s].alive and (include_first or s != first):
                out.append(s)
        return out

    def seat_distance(self, a: int, b: int) -> int:
        """Steps along the shorter way round, counting living seats only (spec §2)."""
        alive = self.alive()
        if a not in alive or b not in alive:
            alive = sorted(set(alive) | {a, b})
        ia, ib = alive.index(a), alive.index(b)
        d = abs(ia - ib)
        return min(d, len(alive) - d)

    def distance(self, a: int, b: int) -> int:
        """Distance from a to b with horses and the skills' modifiers (《三国杀》标准版规则（身份局） · 一(五) 马)."""
        if a == b:
            return 0
        d = self.seat_distance(a, b)
        src, dst = self.seats[a], self.seats[b]
        if Slot.MINUS_HORSE in src.equip:
            d -= 1
        if Slot.PLUS_HORSE in dst.equip:
            d += 1
        return max(plugins.modify("distance", d, self, a, b), 1)

    def attack_range(self, a: int) -> int:
        w = self.seats[a].weapon()
        return int(plugins.modify("attack_range", card_kinds.WEAPON_RANGE.get(w, 1) if w else 1, self, a))

    def in_attack_range(self, a: int, b: int) -> bool:
        return self.distance(a, b) <= self.attack_range(a)

    def placed(self, card: str) -> int:
        """Copies of ``card`` outside the draw pile."""
        return self.deck_counts[card] - self.pile[card]
