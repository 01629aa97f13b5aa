"""The fault classes: one small function each, over a clean game and its positions.

A fault function looks at a :class:`CleanGame` (the events and, before each of them, a
:class:`Snap` of the engine's position) and returns every :class:`Plant` it can make: a copy of the
events with one fault, the index of the event where the fault becomes illegal, the rule ids that
name it, and a sentence saying what was planted. Each function checks its own precondition in the
clean game (the card is not in the hand, the target is out of range, the seat is at full HP …), so
the copy breaks the rules for certain; where the precondition does not hold it plants nothing.

The positions come from the engine's replay of the clean game; the faults themselves are judged by
the preconditions here, not by the validator's checks, which are what is being measured.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

import msgspec

from sgs_replay.content import General
from sgs_replay.engine import plugins
from sgs_replay.engine.modes import CAREERIST
from sgs_replay.formats import events as ev
from sgs_replay.formats.cards import CardError, is_unknown, parse_card
from sgs_replay.formats.reader import ParsedLog
from sgs_replay.modes.hegemony import COMPANION, HALF, KINGDOMS, Hegemony, half_units
from sgs_replay.modes.identity import ATTRITION, OTHER_KINGDOMS, SACRIFICE

SLASH = "杀"
DODGE = "闪"
PEACH = "桃"
#: 天义 won: the user's 杀 have no distance limit for the rest of the turn
TIANYI = "天义"
T = TypeVar("T")
IDENTITY_WINNERS = ("lord", "rebel", "renegade")
SIDE_WINNERS = ("warm", "cold")
#: 國戰: the kingdoms that win (a 野心家 alone wins as ``careerist``)
KINGDOM_WINNERS = (*KINGDOMS, CAREERIST)
#: events that end a phase (the engine's end-of-phase checks are made when one of them arrives)
PHASE_ENDERS = (ev.Phase, ev.PhaseSkip, ev.Turn, ev.TurnEnd, ev.GameEnd)


@dataclass
class Snap:
    """The position before one event (what the fault functions need of the engine's state)."""

    current: int | None
    phase: str | None
    alive: dict[int, bool]
    hp: dict[int, int]
    max_hp: dict[int, int]
    hand: dict[int, Counter[str]]
    hidden: dict[int, int]
    judge: dict[int, list[str]]
    equip: dict[int, list[str]]
    skills: dict[int, frozenset[str]]
    female: dict[int, bool]
    settled: bool
    slashes: int
    slash_limit: int | None
    pile: Counter[str]
    discard: Counter[str]
    over: bool
    dist: dict[tuple[int, int], int] = field(default_factory=dict)
    in_range: dict[tuple[int, int], bool] = field(default_factory=dict)
    #: 國戰: each seat's two generals (None: not known yet), which of them are face up, its kingdom (None:
    #: none revealed yet; ``careerist``), and whether 鏖戰 is in force
    gens: dict[int, tuple[str | None, str | None]] = field(default_factory=dict)
    up: dict[int, tuple[bool, bool]] = field(default_factory=dict)
    kingdoms: dict[int, str | None] = field(default_factory=dict)
    aozhan: bool = False


@dataclass
class CleanGame:
    """A clean game: its header, its events and the position before each event (``snaps[i]``)."""

    name: str
    header: ev.Game
    events: list[ev.Event]
    snaps: list[Snap]

    @property
    def seats(self) -> list[int]:
        return sorted(p.seat for p in self.header.players)


@dataclass
class Plant:
    """One faulty copy: ``events[index]`` is where the fault becomes illegal."""

    cls: str
    events: list[ev.Event]
    index: int
    rules: tuple[str, ...]
    what: str
    #: the header of the copy, where the fault is in it (else the clean game's)
    header: ev.Game | None = None


def snapshot(eng: object, nxt: ev.Event | None) -> Snap:
    """The engine's position as a :class:`Snap`; distances only where the next event may need them."""
    from sgs_replay.engine.core import Engine

    assert isinstance(eng, Engine)
    t = eng.table
    seats = t.seats
    cur = eng.seat(eng.current) if eng.current is not None else None
    snap = Snap(
        current=eng.current, phase=eng.phase,
        alive={n: s.alive for n, s in seats.items()}, hp={n: s.hp for n, s in seats.items()},
        max_hp={n: s.max_hp for n, s in seats.items()}, hand={n: Counter(s.hand) for n, s in seats.items()},
        hidden={n: s.hidden for n, s in seats.items()}, judge={n: list(s.judge) for n, s in seats.items()},
        equip={n: list(s.equip.values()) for n, s in seats.items()},
        skills={n: frozenset(s.skills) for n, s in seats.items()},
        female={n: bool(s.general and s.general.is_female) for n, s in seats.items()}, settled=not eng.stack,
        slashes=eng.this_phase.uses[SLASH] + eng.this_turn.uses[SLASH],
        slash_limit=plugins.use_limit(eng, cur, SLASH) if cur is not None else None,
        pile=Counter(t.pile), discard=Counter(t.discard), over=bool(eng.over or eng.ended),
    )
    if isinstance(eng.mode, Hegemony):
        m = eng.mode
        snap.gens = {n: (_gen_name(m.gens[n][0]), _gen_name(m.gens[n][1])) for n in sorted(m.gens)}
        snap.up = {n: (m.up[n][0], m.up[n][1]) for n in sorted(m.up)}
        snap.kingdoms = dict(sorted(m.kingdoms.items()))
        snap.aozhan = m.aozhan
    if isinstance(nxt, (ev.Use, ev.Phase)) or eng.phase == "play":
        alive = [n for n, s in seats.items() if s.alive]
        for a in alive:
            for b in alive:
                if a != b:
                    snap.dist[(a, b)] = t.distance(a, b)
                    snap.in_range[(a, b)] = t.in_attack_range(a, b)
    return snap


def _gen_name(g: General | None) -> str | None:
    return g.name if g is not None else None


def clean_game(parsed: ParsedLog) -> tuple[CleanGame, object]:
    """Replay a clean log once, keeping the position before every event; also returns the report."""
    from sgs_replay.replay.validate import validate_parsed

    assert parsed.header is not None
    evs = [e for _, e in parsed.events]
    snaps: list[Snap] = []

    def on_step(i: int, eng: object) -> None:
        snaps.append(snapshot(eng, evs[i] if i < len(evs) else None))

    rep = validate_parsed(parsed, on_step=on_step)
    return CleanGame(parsed.name, parsed.header, evs, snaps), rep.report


# --------------------------------------------------------------------------------------- helpers
def name_of(card: str | None) -> str | None:
    """The card's name (杀 for 火杀 and 雷杀 too), or None for no card or a hidden one."""
    if card is None or is_unknown(card):
        return None
    try:
        return parse_card(card).name
    except CardError:
        return None


def held(snap: Snap, seat: int, name: str) -> list[str]:
    """The cards of that name in the seat's hand, sorted (only when the whole hand is known)."""
    if snap.hidden.get(seat, 0):
        return []
    return sorted(c for c, k in snap.hand[seat].items() if k > 0 and name_of(c) == name)


def alive_others(g: CleanGame, snap: Snap, *exclude: int) -> list[int]:
    return [n for n in g.seats if snap.alive.get(n) and n not in exclude]


def window(g: CleanGame, i: int, user: int) -> range:
    """The events after ``events[i]`` that belong to its resolution: up to the next turn or phase
    event, or the user's next use."""
    j = i + 1
    while j < len(g.events):
        e = g.events[j]
        if isinstance(e, PHASE_ENDERS) or (isinstance(e, ev.Use) and e.seat == user and e.targets != []):
            break
        j += 1
    return range(i + 1, j)


def phase_end(g: CleanGame, i: int) -> int | None:
    """The index of the first event after ``i`` that ends the phase in progress."""
    for j in range(i + 1, len(g.events)):
        if isinstance(g.events[j], PHASE_ENDERS):
            return j
    return None


def top_level(g: CleanGame, i: int) -> bool:
    """Nothing is being resolved before ``events[i]`` and it starts a new action or a phase."""
    s = g.snaps[i]
    e = g.events[i]
    return s.settled and not s.over and (isinstance(e, (ev.Phase, ev.Turn)) or
                                         (isinstance(e, ev.Use) and e.seat == s.current and bool(e.targets)))


def own_play_phase(g: CleanGame, i: int) -> int | None:
    """The current seat when ``events[i]`` comes at the top level of its play phase."""
    s = g.snaps[i]
    if s.phase == "play" and s.current is not None and top_level(g, i) and s.alive.get(s.current):
        return s.current
    return None


def replaced(events: list[ev.Event], i: int, new: ev.Event | None) -> list[ev.Event]:
    out = list(events)
    if new is None:
        del out[i]
    else:
        out[i] = new
    return out


def inserted(events: list[ev.Event], i: int, *new: ev.Event) -> list[ev.Event]:
    return events[:i] + list(new) + events[i:]


def r(e: msgspec.Struct, **changes: object) -> ev.Event:
    return msgspec.structs.replace(e, **changes)  # type: ignore[return-value]


def pick(rng: random.Random, items: Sequence[T]) -> T:
    return items[rng.randrange(len(items))]


def seat_of(e: ev.Event) -> int | None:
    """The acting seat of an event, when it has one."""
    seat = getattr(e, "seat", None)
    return seat if isinstance(seat, int) else None


def plain_use(e: ev.Event, *names: str) -> bool:
    return isinstance(e, ev.Use) and e.card is not None and e.as_ is None and name_of(e.card) in names


Fault = Callable[[CleanGame, random.Random], Iterator[Plant]]
FAULTS: dict[str, Fault] = {}
#: the rule ids a class's plant may be reported under
RULES: dict[str, tuple[str, ...]] = {}


def fault(cls: str, *rules: str) -> Callable[[Fault], Fault]:
    def deco(fn: Fault) -> Fault:
        FAULTS[cls] = fn
        RULES[cls] = rules
        return fn
    return deco


# --------------------------------------------------------------------------------------- cards
@fault("card_not_held", "SGS-C001")
def card_not_held(g: CleanGame, rng: random.Random) -> Iterator[Plant]:
    """A card used, played in answer or discarded that its seat does not hold: swapped for one of the
    same name that lies in another seat's hand or in the discard pile."""
    for i, e in enumerate(g.events):
        if isinstance(e, (ev.Use, ev.Respond)) and e.card is not None and e.as_ is None:
            old = e.card
        elif isinstance(e, ev.Discard) and len(e.cards) == 1:
            old = e.cards[0]
        else:
            continue
        s = g.snaps[i]
        name = name_of(old)
        if name is None or s.hidden.get(e.seat, 0):
            continue
        others = set(s.discard) | {c for n in g.seats if n != e.seat for c in s.hand[n]}
        swap = sorted(c for c in others if c != old and name_of(c) == name and s.hand[e.seat][c] == 0
                      and c not in s.equip[e.seat])
        if not swap:
            continue
        new = pick(rng, swap)
        out = replaced(g.events, i, r(e, cards=[new]) if isinstance(e, ev.Discard) else r(e, card=new))
        for j in window(g, i, e.seat):
            x = out[j]
            if isinstance(x, (ev.Damage, ev.Recover)) and x.card == old:
                out[j] = r(x, card=new)
        verb = {ev.Use: "uses", ev.Respond: "answers with", ev.Discard: "discards"}[type(e)]
        yield Plant("card_not_held", out, i, RULES["card_not_held"],
                    f"seat {e.seat} {verb} {new}, which it does not hold (was {old})")


def _play_phase_holdings(g: CleanGame, rng: random.Random, name: str,
                         when: Callable[[Snap, int], bool]) -> Iterator[tuple[int, int, Snap, str]]:
    """``(i, seat, snap, card)`` for every top-level moment of a play phase before ``events[i]``
    where ``when(snap, seat)`` holds and the current seat holds a card of that name (one picked)."""
    for i in range(len(g.events)):
        seat = own_play_phase(g, i)
        if seat is None or not when(g.snaps[i], seat):
            continue
        cards = held(g.snaps[i], seat, name)
        if cards:
            yield i, seat, g.snaps[i], pick(rng, cards)


@fault("second_slash", "SGS-P001")
def second_slash(g: CleanGame, rng: random.Random) -> Iterator[Plant]:
    """One 杀 more than the play phase allows, at the top level, at a target in range."""
    def spent(s: Snap, seat: int) -> bool:
        return s.slash_limit is not None and s.slashes >= s.slash_limit

    for i, seat, s, card in _play_phase_holdings(g, rng, SLASH, spent):
        targets = [t for t in alive_others(g, s, seat) if s.in_range.get((seat, t))]
        if targets:
            t = pick(rng, targets)
            yield Plant("second_slash", inserted(g.events, i, ev.Use(seat=seat, card=card, targets=[t])), i,
                        RULES["second_slash"], f"seat {seat} uses 杀 number {s.slashes + 1} ({card} at seat {t}); "
                                               f"limit {s.slash_limit}")


def _retarget(g: CleanGame, i: int, e: ev.Use, new: int) -> list[ev.Event]:
    """The use aimed at ``new``; in its resolution the answers and damage of the old target move too."""
    old = (e.targets or [0])[0]
    out = replaced(g.events, i, r(e, targets=[new]))
    for j in window(g, i, e.seat):
        x = out[j]
        if isinstance(x, (ev.Respond, ev.Pass)) and x.seat == old:
            out[j] = r(x, seat=new)
        elif isinstance(x, ev.Damage) and x.target == old:
            out[j] = r(x, target=new)
    return out


def _no_distance_limit(g: CleanGame, i: int, user: int) -> bool:
    """The user used 天义 earlier in this turn (a 杀 after it means it won the 拼点: no distance limit)."""
    for j in range(i - 1, -1, -1):
        x = g.events[j]
        if isinstance(x, ev.Turn):
            return False
        if isinstance(x, ev.Skill) and x.seat == user and x.skill == TIANYI:
            return True
    return False


def _quiet_window(g: CleanGame, i: int, user: int) -> bool:
    """The resolution ends without a death or a dying (retargeting it changes no one's fate)."""
    return not any(isinstance(g.events[j], (ev.Dying, ev.Death, ev.Respond)) for j in window(g, i, user))


@fault("slash_out_of_range", "SGS-P002")
def slash_out_of_range(g: CleanGame, rng: random.Random) -> Iterator[Plant]:
    """A 杀 aimed at a seat outside the user's attack range."""
    for i, e in enumerate(g.events):
        if not plain_use(e, SLASH) or not isinstance(e, ev.Use) or len(e.targets or []) != 1:
            continue
        s = g.snaps[i]
        if s.current != e.seat or s.phase != "play" or not _quiet_window(g, i, e.seat) or _no_distance_limit(g, i, e.seat):
            continue
        far = [u for u in alive_others(g, s, e.seat) if (e.seat, u) in s.in_range and not s.in_range[(e.seat, u)]
               and s.hp[u] > 1]
        if far:
            u = pick(rng, far)
            yield Plant("slash_out_of_range", _retarget(g, i, e, u), i, RULES["slash_out_of_range"],
                        f"seat {e.seat}'s 杀 {e.card} aimed at seat {u}, out of attack range (was seat {e.targets[0]})")  # type: ignore[index]


@fault("trick_out_of_distance", "SGS-P003")
def trick_out_of_distance(g: CleanGame, rng: random.Random) -> Iterator[Plant]:
    """A 顺手牵羊 or 兵粮寸断 aimed at a seat farther than distance 1 (兵粮寸断 of 断粮's user: 2)."""
    for i, e in enumerate(g.events):
        if not plain_use(e, "顺手牵羊", "兵粮寸断") or not isinstance(e, ev.Use) or len(e.targets or []) != 1:
            continue
        s = g.snaps[i]
        if "奇才" in s.skills.get(e.seat, frozenset()):
            continue
        # 断粮: 兵粮寸断 reaches distance 2
        reach = 2 if name_of(e.card) == "兵粮寸断" and "断粮" in s.skills.get(e.seat, frozenset()) else 1
        far = [u for u in alive_others(g, s, e.seat) if s.dist.get((e.seat, u), 0) > reach]
        if far:
            u = pick(rng, far)
            out = replaced(g.events, i, r(e, targets=[u]))
            yield Plant("trick_out_of_distance", out, i, RULES["trick_out_of_distance"],
                        f"seat {e.seat}'s {e.card} aimed at seat {u} at distance {s.dist[(e.seat, u)]}")


# --------------------------------------------------------------------------------------- damage
#: armour that changes the damage a chained character receives (the amount passed on is not final)
DAMAGE_ARMOUR = ("藤甲", "白银狮子")


@fault("damage_amount_wrong", "SGS-D001", "SGS-D008")
def damage_amount_wrong(g: CleanGame, rng: random.Random) -> Iterator[Plant]:
    """A card's damage logged one point off: one more (the target survives either way), one less
    (of a damage of 2 or more), or a damage passed on along a chain (铁索连环) one more than the
    first character's, to a character with no armour that changes it."""
    for i, e in enumerate(g.events):
        if not (isinstance(e, ev.Damage) and e.card and e.amount >= 1):
            continue
        s = g.snaps[i]
        if e.chain and any(name_of(c) in DAMAGE_ARMOUR for c in s.equip[e.target]):
            continue
        if s.hp[e.target] > e.amount + 1:
            yield Plant("damage_amount_wrong", replaced(g.events, i, r(e, amount=e.amount + 1)), i,
                        RULES["damage_amount_wrong"], f"{'chained ' if e.chain else ''}damage of {e.card} to seat "
                                                      f"{e.target}: {e.amount + 1} instead of {e.amount}")
        if e.amount >= 2 and not e.chain:
            yield Plant("damage_amount_wrong", replaced(g.events, i, r(e, amount=e.amount - 1)), i,
                        RULES["damage_amount_wrong"], f"damage of {e.card} to seat {e.target}: {e.amount - 1} instead of {e.amount}")


# besides the missing damage itself, three diagnoses are exact at the line that shows it: the next
# target's event before this one has resolved (SGS-R001), a skill that triggers on the damage used
# without it (SGS-S003), and a recovery a locked skill draws from the damage (SGS-D003)
@fault("damage_missing", "SGS-D002", "SGS-R001", "SGS-S003", "SGS-D003")
def damage_missing(g: CleanGame, rng: random.Random) -> Iterator[Plant]:
    """A card's damage left out of the log (the target would have survived it)."""
    for i, e in enumerate(g.events):
        if isinstance(e, ev.Damage) and e.card and e.source and not e.chain and i + 1 < len(g.events) \
                and g.snaps[i].hp[e.target] > e.amount and not isinstance(g.events[i + 1], ev.Damage):
            out = replaced(g.events, i, None)
            # a 无懈可击 names no target: the one that follows may still be the deleted target's, so the
            # damage is certainly missing only at the first event after it that is not a 无懈可击
            at = i
            while at < len(out) and _is_nullification(out[at]):
                at += 1
            if at < len(out):
                # a damage a skill's effect owes (天香 passes the 杀's damage on): that effect reports it missing
                owed: tuple[str, ...] = ("SGS-S006",) if i and isinstance(g.events[i - 1], ev.Skill) else ()
                # a recovery the damage brings by a locked skill (狂骨): with the damage gone it has no cause
                x = out[at]
                owed += ("SGS-D003",) if isinstance(x, ev.Recover) and x.card is None and x.source is None else ()
                yield Plant("damage_missing", out, at, RULES["damage_missing"] + owed,
                            f"the damage of {e.card} to seat {e.target} deleted")


def _is_nullification(e: ev.Event) -> bool:
    return isinstance(e, ev.Use) and not e.targets and \
        ((e.as_ or name_of(e.card)) == "无懈可击")


# --------------------------------------------------------------------------------------- answers
@fault("responder_not_targeted", "SGS-P006", "SGS-P004")
def responder_not_targeted(g: CleanGame, rng: random.Random) -> Iterator[Plant]:
    """A 闪 from a seat the 杀 did not target, right after the 杀."""
    for i, e in enumerate(g.events):
        if not plain_use(e, SLASH) or not isinstance(e, ev.Use) or i + 1 >= len(g.events):
            continue
        s = g.snaps[i + 1]
        cands = [(u, c) for u in alive_others(g, s, e.seat, *(e.targets or [])) for c in held(s, u, DODGE)]
        if cands:
            u, c = cands[rng.randrange(len(cands))]
            yield Plant("responder_not_targeted", inserted(g.events, i + 1, ev.Respond(seat=u, card=c)), i + 1,
                        RULES["responder_not_targeted"], f"seat {u} answers seat {e.seat}'s 杀 with {c}, not being its target")


@fault("response_wrong_card", "SGS-P007")
def response_wrong_card(g: CleanGame, rng: random.Random) -> Iterator[Plant]:
    """An answer (闪 to 杀 or 万箭齐发, 杀 to 南蛮入侵 or 决斗) swapped for a card of the responder's
    hand of another name, played as itself."""
    for i, e in enumerate(g.events):
        name = name_of(e.card) if isinstance(e, ev.Respond) and e.as_ is None else None
        if not isinstance(e, ev.Respond) or name not in (DODGE, SLASH):
            continue
        s = g.snaps[i]
        if s.hidden.get(e.seat, 0):
            continue
        other = sorted(c for c, k in s.hand[e.seat].items() if k > 0 and name_of(c) not in (name, None))
        if other:
            c = pick(rng, other)
            yield Plant("response_wrong_card", replaced(g.events, i, r(e, card=c)), i, RULES["response_wrong_card"],
                        f"seat {e.seat} answers a demand for {name} with {c}")


# --------------------------------------------------------------------------------------- order
def _blocks(g: CleanGame, span: range, seat_of: Callable[[ev.Event], int | None]) -> list[tuple[int, list[int]]] | None:
    """The span as consecutive blocks of events of one seat each; None when an event has no seat."""
    blocks: list[tuple[int, list[int]]] = []
    for j in span:
        seat = seat_of(g.events[j])
        if seat is None:
            return None
        if blocks and blocks[-1][0] == seat:
            blocks[-1][1].append(j)
        else:
            blocks.append((seat, [j]))
    return blocks


def _swap_first_two(g: CleanGame, blocks: list[tuple[int, list[int]]]) -> tuple[list[ev.Event], int] | None:
    if len(blocks) < 2 or blocks[0][0] == blocks[1][0]:
        return None
    a, b = blocks[0][1], blocks[1][1]
    start = a[0]
    out = list(g.events)
    out[start:b[-1] + 1] = [g.events[j] for j in b] + [g.events[j] for j in a]
    return out, start


def _answer_seat(e: ev.Event) -> int | None:
    if isinstance(e, (ev.Respond, ev.Pass)):
        return e.seat
    if isinstance(e, ev.Damage) and not e.chain:
        return e.target
    return None


@fault("aoe_order", "SGS-R001")
def aoe_order(g: CleanGame, rng: random.Random) -> Iterator[Plant]:
    """南蛮入侵 / 万箭齐发: the first two targets' answers and damage in the wrong order."""
    for i, e in enumerate(g.events):
        if not plain_use(e, "南蛮入侵", "万箭齐发") or not isinstance(e, ev.Use):
            continue
        blocks = _blocks(g, window(g, i, e.seat), _answer_seat)
        done = _swap_first_two(g, blocks) if blocks else None
        if done:
            out, at = done
            yield Plant("aoe_order", out, at, RULES["aoe_order"],
                        f"{e.card}: seat {blocks[1][0]} answers before seat {blocks[0][0]}")  # type: ignore[index]


def _gain_seat(e: ev.Event) -> int | None:
    if isinstance(e, ev.Recover):
        return e.seat
    if isinstance(e, ev.Move) and e.from_.zone == "processing" and e.to.zone == "hand":
        return e.to.seat
    return None


@fault("grace_order", "SGS-R001")
def grace_order(g: CleanGame, rng: random.Random) -> Iterator[Plant]:
    """桃园结义 / 五谷丰登: the first two targets' recovery or pick in the wrong order."""
    for i, e in enumerate(g.events):
        if not plain_use(e, "桃园结义", "五谷丰登") or not isinstance(e, ev.Use):
            continue
        span = window(g, i, e.seat)
        if span and isinstance(g.events[span.start], ev.Reveal):
            span = range(span.start + 1, span.stop)
        blocks = _blocks(g, span, _gain_seat)
        done = _swap_first_two(g, blocks) if blocks else None
        if done:
            out, at = done
            yield Plant("grace_order", out, at, RULES["grace_order"],
                        f"{e.card}: seat {blocks[1][0]} before seat {blocks[0][0]}")  # type: ignore[index]


@fault("judge_order", "SGS-R002")
def judge_order(g: CleanGame, rng: random.Random) -> Iterator[Plant]:
    """Two delayed tricks of one judge phase judged in the wrong order (last placed goes first)."""
    for i, e in enumerate(g.events):
        if not (isinstance(e, ev.Phase) and e.phase == "judge") or len(g.snaps[i].judge.get(e.seat, [])) < 2:
            continue
        end = phase_end(g, i) or len(g.events)
        judges = [j for j in range(i + 1, end) if isinstance(g.events[j], ev.Judge) and seat_of(g.events[j]) == e.seat]
        if len(judges) < 2:
            continue
        a0, b0 = judges[0], judges[1]
        a = list(range(a0, b0))
        b = list(range(b0, judges[2] if len(judges) > 2 else end))
        if g.events[a0].reason == g.events[b0].reason:  # type: ignore[union-attr]  # the reason names the trick
            continue
        out = list(g.events)
        out[a[0]:b[-1] + 1] = [g.events[j] for j in b] + [g.events[j] for j in a]
        yield Plant("judge_order", out, a0, RULES["judge_order"],
                    f"seat {e.seat}'s {g.events[b0].reason} judged before its {g.events[a0].reason}")  # type: ignore[union-attr]


@fault("phase_order", "SGS-T002")
def phase_order(g: CleanGame, rng: random.Random) -> Iterator[Plant]:
    """Two consecutive phase events of one turn swapped (the rules fix the phases' order)."""
    for i in range(len(g.events) - 1):
        a, b = g.events[i], g.events[i + 1]
        if isinstance(a, ev.Phase) and isinstance(b, ev.Phase) and a.seat == b.seat and a.phase != b.phase:
            out = list(g.events)
            out[i], out[i + 1] = b, a
            yield Plant("phase_order", out, i + 1, RULES["phase_order"],
                        f"seat {a.seat}: phase {b.phase} logged before phase {a.phase}")


# a reward drawn before the death that earns it shows, at its line, as the death missing (SGS-D004), or as a
# reward no kill earns (SGS-D006; 國戰: SGS-5006)
@fault("event_order", "SGS-D006", "SGS-D004", "SGS-T003", "SGS-T001", "SGS-T002", "SGS-5006")
def event_order(g: CleanGame, rng: random.Random) -> Iterator[Plant]:
    """Two consecutive events the rules put in order, swapped: a kill's reward drawn before the
    death that earns it; the draw phase's cards drawn before the draw phase begins."""
    for i in range(len(g.events) - 1):
        a, b = g.events[i], g.events[i + 1]
        if isinstance(a, ev.Death) and isinstance(b, ev.Draw) and b.reason == "reward":
            what = f"seat {b.seat} draws its reward before seat {a.seat}'s death"
        elif isinstance(a, ev.Phase) and a.phase == "draw" and isinstance(b, ev.Draw) and b.reason == "phase" \
                and b.seat == a.seat:
            # the draw alone implies the draw phase; the phase logged after it is the wrong event
            what = f"seat {b.seat} draws its draw phase's cards before the draw phase"
            out = list(g.events)
            out[i], out[i + 1] = b, a
            yield Plant("event_order", out, i + 1, RULES["event_order"], what)
            continue
        else:
            continue
        out = list(g.events)
        out[i], out[i + 1] = b, a
        yield Plant("event_order", out, i, RULES["event_order"], what)


ONCE_PER_PLAY_PHASE = ("制衡", "青囊", "结姻", "反间", "离间", "驱虎", "天义")


@fault("skill_twice", "SGS-S002")
def skill_twice(g: CleanGame, rng: random.Random) -> Iterator[Plant]:
    """A skill limited to once per play phase used a second time in it (paid with cards still held)."""
    for i, e in enumerate(g.events):
        if not (isinstance(e, ev.Skill) and e.skill in ONCE_PER_PLAY_PHASE):
            continue
        if g.snaps[i].phase != "play" or g.snaps[i].current != e.seat:
            continue
        j = next((k for k in range(i + 1, len(g.events)) if own_play_phase(g, k) == e.seat
                  or isinstance(g.events[k], (ev.Turn, ev.TurnEnd, ev.GameEnd))), None)
        if j is None or own_play_phase(g, j) != e.seat:
            continue
        s = g.snaps[j]
        hand = sorted(c for c, k in s.hand[e.seat].items() for _ in range(max(k, 0)))
        need = len(e.cards or [])
        if s.hidden.get(e.seat) or len(hand) < need or not all(s.alive.get(t) for t in e.targets or []):
            continue
        again = r(e, cards=rng.sample(hand, need) if e.cards is not None else None)
        yield Plant("skill_twice", inserted(g.events, j, again), j, RULES["skill_twice"],
                    f"seat {e.seat} uses {e.skill} a second time in one play phase")


# --------------------------------------------------------------------------------------- turn flow
@fault("extra_draw", "SGS-T003")
def extra_draw(g: CleanGame, rng: random.Random) -> Iterator[Plant]:
    """The draw phase draws one card more than the rules give (a card of the draw pile added)."""
    for i, e in enumerate(g.events):
        s = g.snaps[i]
        if not (isinstance(e, ev.Draw) and e.reason == "phase" and s.phase == "draw" and s.current == e.seat):
            continue
        if "unknown" in e.cards or any(is_unknown(c) for c in e.cards):
            continue
        end = phase_end(g, i)
        rest = sorted(c for c, k in (s.pile - Counter(e.cards)).items() if k > 0)
        if end is None or not rest or any(isinstance(g.events[j], ev.Draw) for j in range(i + 1, end)):
            continue
        c = pick(rng, rest)
        # one card too many is wrong at the draw itself
        yield Plant("extra_draw", replaced(g.events, i, r(e, cards=[*e.cards, c])), i, RULES["extra_draw"],
                    f"seat {e.seat} draws {len(e.cards) + 1} in its draw phase (added {c})")


@fault("discard_short", "SGS-T004")
def discard_short(g: CleanGame, rng: random.Random) -> Iterator[Plant]:
    """The discard phase discards one card too few, or its discard is left out."""
    for i, e in enumerate(g.events):
        s = g.snaps[i]
        if not (isinstance(e, ev.Discard) and s.phase == "discard" and s.current == e.seat and not s.hidden.get(e.seat)):
            continue
        if s.skills.get(e.seat, frozenset()) & {"血裔", "克己"}:
            continue
        after = sum(s.hand[e.seat].values()) - len(e.cards)
        end = phase_end(g, i)
        if after != max(s.hp[e.seat], 0) or end is None or end != i + 1:
            continue
        if len(e.cards) >= 2:
            yield Plant("discard_short", replaced(g.events, i, r(e, cards=e.cards[1:])), end, RULES["discard_short"],
                        f"seat {e.seat} discards {len(e.cards) - 1} of the {len(e.cards)} cards over its hand limit")
        yield Plant("discard_short", replaced(g.events, i, None), end - 1, RULES["discard_short"],
                    f"seat {e.seat}'s discard of {len(e.cards)} card(s) left out of its discard phase")


@fault("dodge_in_play", "SGS-P006", "SGS-P004", "SGS-T006")
def dodge_in_play(g: CleanGame, rng: random.Random) -> Iterator[Plant]:
    """A 闪 used in the user's own play phase, when nothing asks for it."""
    for i, seat, _, c in _play_phase_holdings(g, rng, DODGE, lambda s, seat: True):
        yield Plant("dodge_in_play", inserted(g.events, i, ev.Use(seat=seat, card=c)), i, RULES["dodge_in_play"],
                    f"seat {seat} uses {c} in its play phase")


@fault("nullification_without_trick", "SGS-P006", "SGS-P004")
def nullification_without_trick(g: CleanGame, rng: random.Random) -> Iterator[Plant]:
    """A 无懈可击 used at the top level of the user's play phase, with no trick to counter."""
    for i, seat, _, c in _play_phase_holdings(g, rng, "无懈可击", lambda s, seat: True):
        yield Plant("nullification_without_trick", inserted(g.events, i, ev.Use(seat=seat, card=c)), i,
                    RULES["nullification_without_trick"], f"seat {seat} uses {c} with nothing to counter")


@fault("peach_at_full_hp", "SGS-P005")
def peach_at_full_hp(g: CleanGame, rng: random.Random) -> Iterator[Plant]:
    """A 桃 used on oneself at full HP."""
    for i, seat, s, c in _play_phase_holdings(g, rng, PEACH, lambda s, seat: s.hp[seat] >= s.max_hp[seat]):
        yield Plant("peach_at_full_hp", inserted(g.events, i, ev.Use(seat=seat, card=c, targets=[seat])), i,
                    RULES["peach_at_full_hp"], f"seat {seat} uses {c} at full HP ({s.hp[seat]}/{s.max_hp[seat]})")


# --------------------------------------------------------------------------------------- death
@fault("death_with_hp", "SGS-D005", "SGS-D009")
def death_with_hp(g: CleanGame, rng: random.Random) -> Iterator[Plant]:
    """A death logged for a character that was never dying and has HP left."""
    for i, e in enumerate(g.events):
        s = g.snaps[i]
        if not (isinstance(e, (ev.Phase, ev.Turn)) and s.settled and not s.over):
            continue
        seats = [n for n in alive_others(g, s) if s.hp[n] > 0]
        if seats:
            n = pick(rng, seats)
            yield Plant("death_with_hp", inserted(g.events, i, ev.Death(seat=n)), i, RULES["death_with_hp"],
                        f"seat {n} dies with {s.hp[n]} HP, never dying")


# a new action while the character still lies dying (SGS-R004), the lord's penalty for it (SGS-D007;
# 國戰: SGS-5006; the penalty follows the death), or a skill the death triggers used without it (SGS-S003),
# is the same fault seen at its line
@fault("death_missing", "SGS-D004", "SGS-R004", "SGS-D007", "SGS-5006", "SGS-S003")
def death_missing(g: CleanGame, rng: random.Random) -> Iterator[Plant]:
    """A dying character nobody saved: its death left out of the log."""
    for i, e in enumerate(g.events):
        if isinstance(e, ev.Death) and i + 1 < len(g.events) and g.snaps[i].hp[e.seat] <= 0:
            # a skill the death triggers (行殇), used next, is used without it
            owed = ("SGS-S003",) if isinstance(g.events[i + 1], ev.Skill) else ()
            yield Plant("death_missing", replaced(g.events, i, None), i, RULES["death_missing"] + owed,
                        f"seat {e.seat}'s death left out ({g.snaps[i].hp[e.seat]} HP, not saved)")


@fault("reward_penalty", "SGS-D006", "SGS-D007", "SGS-5006")
def reward_penalty(g: CleanGame, rng: random.Random) -> Iterator[Plant]:
    """A kill's reward draw or penalty discard left out, a second reward drawn, or a reward or a
    penalty the kill does not earn; 國戰: a reward of the wrong size, a reward to a killer with no
    kingdom yet or to one who killed its own kingdom (the penalty is due)."""
    rules = _reward_rules(g)
    for i, e in enumerate(g.events):
        if not (i > 0 and isinstance(g.events[i - 1], ev.Death)):
            continue
        if isinstance(e, ev.Draw) and e.reason == "reward" and i + 1 < len(g.events):
            if not _reward_optional(g):  # where the killer may decline it (3v3), leaving it out is legal
                out = replaced(g.events, i, None)
                dead = seat_of(g.events[i - 1]) or 0
                yield Plant("reward_penalty", out, _after_death_skills(out, i, e.seat, dead), rules,
                            f"seat {e.seat}'s reward draw for killing seat {dead} left out")
            rest = sorted(c for c, k in (g.snaps[i].pile - Counter(e.cards)).items() if k > 0)
            if len(rest) >= 3:
                extra = ev.Draw(seat=e.seat, cards=[str(c) for c in rng.sample(rest, 3)], reason="reward")
                yield Plant("reward_penalty", inserted(g.events, i + 1, extra), i + 1, rules,
                            f"seat {e.seat} draws the reward twice")
        elif isinstance(e, ev.Discard) and g.snaps[i].current == e.seat and i + 1 < len(g.events) \
                and g.snaps[i].phase != "discard":
            d = g.events[i - 1]
            assert isinstance(d, ev.Death)
            if d.killer == e.seat:
                out = replaced(g.events, i, None)
                yield Plant("reward_penalty", out, _after_death_skills(out, i, e.seat, d.seat), rules,
                            f"seat {e.seat}'s penalty discard for killing seat {d.seat} left out")
    yield from _undue_reward_or_penalty(g, rng)
    yield from _hegemony_rewards(g, rng)


def _after_death_skills(events: list[ev.Event], i: int, killer: int, dead: int) -> int:
    """The first event from ``i`` on that is not a skill the death triggers (another seat's, or one aimed at the
    dead: 行殇): those may come before the killer's reward or penalty, so the one left out is certainly missing
    only after them."""
    while i < len(events) - 1:
        x = events[i]
        if not (isinstance(x, ev.Skill) and (x.seat != killer or dead in (x.targets or []))):
            break
        i += 1
    return i


def _reward_rules(g: CleanGame) -> tuple[str, ...]:
    """The rules that name a wrong reward or penalty in the game's mode (國戰's are the kingdoms')."""
    return ("SGS-5006",) if g.header.mode == "hegemony" else ("SGS-D006", "SGS-D007")


def _hegemony_rewards(g: CleanGame, rng: random.Random) -> Iterator[Plant]:
    """國戰: a reward one card too many or too few; a reward drawn by a killer with no general face up (no
    kingdom: nothing is earned), or by one that killed a character of its own kingdom (the penalty is due)."""
    if g.header.mode != "hegemony":
        return
    rules = _reward_rules(g)
    for i, d in enumerate(g.events[:-1]):
        if not isinstance(d, ev.Death):
            continue
        nxt = g.events[i + 1]
        s = g.snaps[i + 1]
        if isinstance(nxt, ev.Draw) and nxt.reason == "reward" and nxt.seat == d.killer:
            rest = sorted((s.pile - Counter(nxt.cards)).elements())
            if rest:
                more = r(nxt, cards=[*nxt.cards, pick(rng, rest)])
                yield Plant("reward_penalty", replaced(g.events, i + 1, more), i + 1, rules,
                            f"seat {nxt.seat} draws {len(nxt.cards) + 1} cards as its reward (was {len(nxt.cards)})")
            if len(nxt.cards) >= 2:
                yield Plant("reward_penalty", replaced(g.events, i + 1, r(nxt, cards=nxt.cards[:-1])), i + 1, rules,
                            f"seat {nxt.seat} draws {len(nxt.cards) - 1} cards as its reward (was {len(nxt.cards)})")
            continue
        k = d.killer
        if k is None or k == d.seat or not s.alive.get(k) or s.over or isinstance(nxt, ev.GameEnd):
            continue
        mine, theirs = s.kingdoms.get(k), s.kingdoms.get(d.seat)
        if mine is None:
            why = "with no general face up"
        elif mine == theirs and mine != CAREERIST:
            why = f"of its own kingdom ({mine})"
        else:
            continue
        pile = sorted(s.pile.elements())
        if len(pile) >= 2:
            draw = ev.Draw(seat=k, cards=rng.sample(pile, 2), reason="reward")
            yield Plant("reward_penalty", inserted(g.events, i + 1, draw), i + 1, rules,
                        f"seat {k}, {why}, draws a reward for killing seat {d.seat}")


def _reward_optional(g: CleanGame) -> bool:
    """The game's ruleset lets the killer decline the reward (``reward_optional``)."""
    from sgs_replay.content import RulesetError, ruleset

    try:
        return bool(ruleset(g.header.ruleset).p.reward_optional)
    except (RulesetError, KeyError):
        return False


def _undue_reward_or_penalty(g: CleanGame, rng: random.Random) -> Iterator[Plant]:
    """Identity mode: a reward drawn for killing a character that is not a rebel, and a penalty
    discarded by a lord who killed a character that is not a loyalist."""
    if g.header.mode != "identity":
        return
    roles = {p.seat: p.role for p in g.header.players}
    for i, d in enumerate(g.events):
        if not (isinstance(d, ev.Death) and d.killer and i + 1 < len(g.events)):
            continue
        s = g.snaps[i + 1]
        k = d.killer
        if not s.alive.get(k) or d.killer == d.seat:
            continue
        if roles.get(d.seat) != "rebel":
            rest = sorted(c for c, n in s.pile.items() if n > 0)
            if len(rest) >= 3:
                draw = ev.Draw(seat=k, cards=rng.sample(rest, 3), reason="reward")
                yield Plant("reward_penalty", inserted(g.events, i + 1, draw), i + 1, RULES["reward_penalty"],
                            f"seat {k} draws a reward for killing a {roles.get(d.seat)} (seat {d.seat})")
        hand = sorted(c for c, n in s.hand[k].items() for _ in range(max(n, 0)))
        if roles.get(d.seat) != "loyalist" and roles.get(k) == "lord" and hand and not s.hidden.get(k):
            yield Plant("reward_penalty", inserted(g.events, i + 1, ev.Discard(seat=k, cards=hand)), i + 1,
                        RULES["reward_penalty"], f"the lord discards its hand as a penalty for killing a "
                                                 f"{roles.get(d.seat)} (seat {d.seat})")


@fault("wrong_winner", "SGS-O002")
def wrong_winner(g: CleanGame, rng: random.Random) -> Iterator[Plant]:
    """The game_end names another winner."""
    for i, e in enumerate(g.events):
        if isinstance(e, ev.GameEnd):
            pool = IDENTITY_WINNERS if g.header.mode in ("identity", "1v3") else \
                KINGDOM_WINNERS if g.header.mode == "hegemony" else SIDE_WINNERS
            other = [w for w in pool if w != e.winner]
            w = pick(rng, other)
            rules = RULES["wrong_winner"] + (("SGS-3004",) if e.reason == "time_up" else ())  # the tie-breaks decide
            yield Plant("wrong_winner", replaced(g.events, i, r(e, winner=w)), i, rules,
                        f"game_end names {w} (was {e.winner})")


@fault("turn_wrong_seat", "SGS-T001", "SGS-3001", "SGS-3002", "SGS-3011", "SGS-T007")
def turn_wrong_seat(g: CleanGame, rng: random.Random) -> Iterator[Plant]:
    """A turn given to a living seat whose turn it is not (SGS-T007 when that seat must skip its next turn: 据守)."""
    for i, e in enumerate(g.events):
        if not isinstance(e, ev.Turn) or (g.header.mode == "3v3" and i > 0 and isinstance(g.events[i - 1], ev.ActionUnit)):
            continue
        s = g.snaps[i]
        others = alive_others(g, s, e.seat)
        if g.header.mode not in ("identity", "1v1", "hegemony") or not others:
            continue  # 1v1: the turn goes to the player who just had one; 國戰: to the next living seat
        if g.header.mode == "hegemony" and s.current is None:
            continue  # 國戰 has no lord: any seat may take the first turn
        n = pick(rng, others)
        out = list(g.events)
        out[i] = r(e, seat=n)
        yield Plant("turn_wrong_seat", out, i, RULES["turn_wrong_seat"], f"the turn goes to seat {n} instead of seat {e.seat}")


@fault("dead_seat_acts", "SGS-T008")
def dead_seat_acts(g: CleanGame, rng: random.Random) -> Iterator[Plant]:
    """A dead seat uses a 杀 (one lying in the discard pile) at the current player."""
    for i in range(len(g.events)):
        s = g.snaps[i]
        seat = own_play_phase(g, i)
        dead = [n for n in g.seats if not s.alive.get(n)]
        slashes = sorted(c for c, k in s.discard.items() if k > 0 and name_of(c) == SLASH)
        if seat is None or not dead or not slashes:
            continue
        d = pick(rng, dead)
        c = pick(rng, slashes)
        yield Plant("dead_seat_acts", inserted(g.events, i, ev.Use(seat=d, card=c, targets=[seat])), i,
                    RULES["dead_seat_acts"], f"dead seat {d} uses {c} at seat {seat}")


@fault("acting_under_indulgence", "SGS-T007")
def acting_under_indulgence(g: CleanGame, rng: random.Random) -> Iterator[Plant]:
    """乐不思蜀's judgement failed, yet the play phase is held (and a card used in it)."""
    for i, e in enumerate(g.events):
        if not (isinstance(e, ev.PhaseSkip) and e.phase == "play" and e.reason and "乐不思蜀" in e.reason):
            continue
        s = g.snaps[i]
        phase = ev.Phase(seat=e.seat, phase="play")
        gear = sorted(c for c, k in s.hand[e.seat].items() if k > 0 and not s.hidden.get(e.seat)
                      and name_of(c) is not None and _is_equipment(c))
        extra: list[ev.Event] = [ev.Use(seat=e.seat, card=gear[0])] if gear else []
        out = [*g.events[:i], phase, *extra, *g.events[i + 1:]]
        yield Plant("acting_under_indulgence", out, i, RULES["acting_under_indulgence"],
                    f"seat {e.seat} holds its play phase after a failed 乐不思蜀" + (f" and uses {gear[0]}" if gear else ""))


def _is_equipment(card: str) -> bool:
    try:
        return parse_card(card).kind.is_equip
    except (CardError, KeyError):
        return False


@fault("protected_target", "SGS-P011", "SGS-P004")
def protected_target(g: CleanGame, rng: random.Random) -> Iterator[Plant]:
    """A card aimed at a seat whose locked skill forbids it: 空城 with no hand (杀, 决斗), 谦逊
    (顺手牵羊, 乐不思蜀)."""
    for i, e in enumerate(g.events):
        if not isinstance(e, ev.Use) or e.card is None or e.as_ is not None or len(e.targets or []) != 1:
            continue
        s = g.snaps[i]
        name = name_of(e.card)
        cands: list[tuple[int, str]] = []
        for u in alive_others(g, s, e.seat):
            sk = s.skills.get(u, frozenset())
            if "空城" in sk and name in (SLASH, "决斗") and not s.hidden.get(u) and not +s.hand[u] \
                    and (name != SLASH or s.in_range.get((e.seat, u))):
                cands.append((u, "空城"))
            if "谦逊" in sk and (name == "乐不思蜀" or (name == "顺手牵羊" and s.dist.get((e.seat, u), 9) <= 1)):
                cands.append((u, "谦逊"))
        if cands:
            u, why = cands[rng.randrange(len(cands))]
            yield Plant("protected_target", _retarget(g, i, e, u), i, RULES["protected_target"],
                        f"seat {e.seat}'s {e.card} aimed at seat {u} ({why})")


def _condition_breaks(g: CleanGame, s: Snap, e: ev.Skill) -> list[tuple[int, int, str]]:
    """``(index in targets, new target, why)`` for every target that breaks the skill's condition."""
    targets = e.targets or []
    others = alive_others(g, s, e.seat, *targets)
    out: list[tuple[int, int, str]] = []
    if e.skill in ("结姻", "青囊") and len(targets) == 1:
        out += [(0, u, "at full HP") for u in [*others, *([e.seat] if e.skill == "青囊" else [])]
                if s.hp[u] >= s.max_hp[u]]
    if e.skill == "结姻" and len(targets) == 1:
        out += [(0, u, "a woman") for u in others if s.female[u] and s.hp[u] < s.max_hp[u]]
    if e.skill == "离间" and len(targets) == 2:
        out += [(k, u, "a woman") for k in range(2) for u in others if s.female[u]]
    if e.skill == "突袭":
        out += [(k, u, "with no hand card") for k in range(len(targets)) for u in others
                if not s.hidden.get(u) and not +s.hand[u]]
    return out


@fault("skill_without_condition", "SGS-S004", "SGS-P004", "SGS-S006")
def skill_without_condition(g: CleanGame, rng: random.Random) -> Iterator[Plant]:
    """A skill aimed at a character its text excludes: 结姻 or 青囊 at full HP, 结姻 or 离间 at a
    woman, 突袭 at a character with no hand card."""
    for i, e in enumerate(g.events):
        if not isinstance(e, ev.Skill) or not e.targets:
            continue
        breaks = _condition_breaks(g, g.snaps[i], e)
        if not breaks:
            continue
        k, u, why = breaks[rng.randrange(len(breaks))]
        old = e.targets[k]
        out = replaced(g.events, i, r(e, targets=[u if n == k else t for n, t in enumerate(e.targets)]))
        if i + 1 < len(out) and isinstance(out[i + 1], ev.Recover) and seat_of(out[i + 1]) == old:
            out[i + 1] = r(out[i + 1], seat=u)
        yield Plant("skill_without_condition", out, i, RULES["skill_without_condition"],
                    f"seat {e.seat}'s {e.skill} aimed at seat {u}, {why} (was seat {old})")


# --------------------------------------------------------------------------------------- 3v3
@fault("unit_out_of_turn", "SGS-3001", "SGS-3002")
def unit_out_of_turn(g: CleanGame, rng: random.Random) -> Iterator[Plant]:
    """3v3: an action unit declared by the side whose turn it is not."""
    for i, e in enumerate(g.events):
        if isinstance(e, ev.ActionUnit):
            other = "cold" if e.side == "warm" else "warm"
            yield Plant("unit_out_of_turn", replaced(g.events, i, r(e, side=other)), i, RULES["unit_out_of_turn"],
                        f"the action unit goes to {other} instead of {e.side}")


@fault("wrong_direction", "SGS-3003")
def wrong_direction(g: CleanGame, rng: random.Random) -> Iterator[Plant]:
    """3v3: a card whose resolution direction the user chooses, used with the direction left out."""
    if g.header.mode != "3v3":
        return
    for i, e in enumerate(g.events):
        if isinstance(e, ev.Use) and e.direction is not None:
            yield Plant("wrong_direction", replaced(g.events, i, r(e, direction=None)), i, RULES["wrong_direction"],
                        f"seat {e.seat}'s {e.card or e.as_} with no direction")


@fault("draft_overpick", "SGS-3005")
def draft_overpick(g: CleanGame, rng: random.Random) -> Iterator[Plant]:
    """3v3: one general more in a draft pick than the turn allows."""
    if g.header.mode != "3v3":
        return  # the 1v1 rulebooks fix no pick sizes
    pool: list[str] = []
    taken: set[str] = set()
    for i, e in enumerate(g.events):
        if isinstance(e, ev.DraftPool):
            pool = list(e.generals)
        elif isinstance(e, ev.DraftPick):
            free = [x for x in pool if x not in taken and x not in e.generals]
            later = {x for f in g.events[i + 1:] if isinstance(f, ev.DraftPick) for x in f.generals}
            spare = [x for x in free if x not in later] or free
            if spare:
                x = pick(rng, spare)
                yield Plant("draft_overpick", replaced(g.events, i, r(e, generals=[*e.generals, x])), i,
                            RULES["draft_overpick"], f"{e.side} picks {len(e.generals) + 1} generals (added {x})")
            taken.update(e.generals)


# --------------------------------------------------------------------------------------- 1v1
def _one_v_one_roster(g: CleanGame) -> list[str]:
    from sgs_replay.content import RulesetError, ruleset

    try:
        return list(ruleset(g.header.ruleset).roster)
    except (RulesetError, KeyError):
        return []


@fault("wrong_next_general", "SGS-3009", "SGS-3010")
def wrong_next_general(g: CleanGame, rng: random.Random) -> Iterator[Plant]:
    """1v1: after a death, the general that enters is not one of the player's reserves (a general of the
    roster it did not keep, or one that already played), or it enters with one card too few or too many
    (its starting hand is its max HP in cards)."""
    if g.header.mode != "1v1":
        return
    roster = _one_v_one_roster(g)
    gone: dict[int, set[str]] = {p.seat: {p.general} for p in g.header.players}  # played or held by anyone
    reserves: dict[int, list[str] | None] = {p.seat: None for p in g.header.players}
    dead: set[int] = set()
    for i, e in enumerate(g.events):
        if isinstance(e, ev.Death):
            dead.add(e.seat)
            continue
        if not isinstance(e, ev.GeneralChoice):
            continue
        if e.seat not in dead:  # the lineup before play
            reserves[e.seat] = list(e.reserves or [])
            continue
        dead.discard(e.seat)
        left = reserves.get(e.seat)
        taken = set().union(*gone.values(), *(r or [] for r in reserves.values()))
        outsiders = [x for x in roster if x not in taken and x != e.general]
        if left is not None and outsiders:
            x = pick(rng, outsiders)
            yield Plant("wrong_next_general", replaced(g.events, i, r(e, general=x)), i, RULES["wrong_next_general"],
                        f"seat {e.seat} brings in {x}, not one of its reserves {left} (was {e.general})")
        played = sorted(gone[e.seat])
        if played:
            x = pick(rng, played)
            yield Plant("wrong_next_general", replaced(g.events, i, r(e, general=x)), i, RULES["wrong_next_general"],
                        f"seat {e.seat} brings {x} in again (was {e.general})")
        nxt = g.events[i + 1] if i + 1 < len(g.events) else None
        if isinstance(nxt, ev.Draw) and nxt.seat == e.seat and nxt.reason == "initial" and len(nxt.cards) > 1:
            yield Plant("wrong_next_general", replaced(g.events, i + 1, r(nxt, cards=list(nxt.cards[:-1]))), i + 1,
                        RULES["wrong_next_general"], f"seat {e.seat}'s {e.general} enters with {len(nxt.cards) - 1} cards "
                                                     f"(its max HP is {len(nxt.cards)})")
        gone[e.seat].add(e.general)
        if left is not None and e.general in left:
            left.remove(e.general)


# --------------------------------------------------------------------------------------- 1v3 虎牢關
def _hulao_places(g: CleanGame) -> Iterator[tuple[int, int, int, bool, set[int]]]:
    """Each place of a 1v3 game from its start: (event index, seat, stage, seat 1 had the place before,
    the reforming allies then). A place is a turn, a reform step (``recover`` of a reforming ally or a
    ``draw`` with reason ``reform``) or a return (an ally's ``general_choice``)."""
    if g.header.mode != "1v3" or g.header.start is not None:
        return
    stage, before, reforming = 1, 0, set()
    for i, e in enumerate(g.events):
        if isinstance(e, ev.GeneralChoice) and e.seat == 1:
            stage, before = 2, 0
            continue
        if isinstance(e, ev.Death) and e.seat != 1:
            reforming.add(e.seat)
            continue
        place = isinstance(e, ev.Turn) or (isinstance(e, ev.GeneralChoice) and e.seat in reforming) \
            or (isinstance(e, ev.Recover) and e.seat in reforming) or (isinstance(e, ev.Draw) and e.reason == "reform")
        if not place:
            continue
        seat = seat_of(e)
        assert seat is not None
        yield i, seat, stage, before == 1, set(reforming)
        if isinstance(e, ev.GeneralChoice):
            reforming.discard(seat)
        before = seat


@fault("hulao_out_of_order", "SGS-4002", "SGS-4004", "SGS-T008")
def hulao_out_of_order(g: CleanGame, rng: random.Random) -> Iterator[Plant]:
    """1v3: 神吕布 takes a second turn in a row (the ally's turn after his goes to him); an ally takes his
    turn out of the order (another living ally's place); a reforming ally takes a turn instead of his step."""
    for i, seat, _stage, after_lvbu, reforming in _hulao_places(g):
        e = g.events[i]
        if isinstance(e, ev.Turn) and seat != 1 and after_lvbu:
            yield Plant("hulao_out_of_order", replaced(g.events, i, r(e, seat=1)), i, RULES["hulao_out_of_order"],
                        f"seat 1 (神吕布) takes the turn right after his own, instead of seat {seat}")
        if isinstance(e, ev.Turn) and seat != 1:
            others = [n for n in (2, 3, 4) if n != seat and n not in reforming and g.snaps[i].alive.get(n)]
            if others:
                n = pick(rng, others)
                yield Plant("hulao_out_of_order", replaced(g.events, i, r(e, seat=n)), i, RULES["hulao_out_of_order"],
                            f"the ally in seat {n} takes the place of seat {seat}")
        if isinstance(e, (ev.Recover, ev.Draw)):
            yield Plant("hulao_out_of_order", replaced(g.events, i, ev.Turn(seat=seat)), i, RULES["hulao_out_of_order"],
                        f"the reforming ally in seat {seat} takes a turn instead of his reform step")


@fault("hulao_no_switch", "SGS-4003")
def hulao_no_switch(g: CleanGame, rng: random.Random) -> Iterator[Plant]:
    """1v3: 最强神话's HP fell to 4 or less and the switch to 暴怒的战神 is left out."""
    if g.header.mode != "1v3" or g.header.start is not None:
        return
    for i, e in enumerate(g.events):
        if isinstance(e, ev.GeneralChoice) and e.seat == 1 and i + 1 < len(g.events):
            yield Plant("hulao_no_switch", replaced(g.events, i, None), i, RULES["hulao_no_switch"],
                        "神吕布 does not switch to his second form at 4 HP or less")


# --------------------------------------------------------------------------------------- house rules
def _house_rule(g: CleanGame, param: str) -> bool:
    """The game's ruleset has the house rule whose parameter is ``param`` (set, not None or False), and
    the game starts at its beginning."""
    return g.header.mode == "identity" and g.header.start is None and _house_param(g, param)


def _attrition_losses(g: CleanGame, i: int) -> range:
    """The attrition losses right after the turn event ``i``."""
    j = i + 1
    while j < len(g.events):
        e = g.events[j]
        if not (isinstance(e, ev.LoseHp) and e.reason == ATTRITION):
            break
        j += 1
    return range(i + 1, j)


@fault("attrition_missing", "SGS-X001")
def attrition_missing(g: CleanGame, rng: random.Random) -> Iterator[Plant]:
    """House rule of last-three attrition: a round's losses left out (none of them brought anyone to 0)."""
    if not _house_rule(g, "attrition_free_rounds"):
        return
    for i, e in enumerate(g.events):
        if not isinstance(e, ev.Turn):
            continue
        span = _attrition_losses(g, i)
        if span and all(g.snaps[i].hp[seat_of(g.events[j]) or 0] > 1 for j in span):
            out = [x for k, x in enumerate(g.events) if k not in span]
            yield Plant("attrition_missing", out, i + 1, RULES["attrition_missing"],
                        f"the attrition losses after seat {e.seat}'s turn begins are left out")


@fault("attrition_early", "SGS-X001")
def attrition_early(g: CleanGame, rng: random.Random) -> Iterator[Plant]:
    """House rule of last-three attrition: every living character loses 1 HP as a lord's turn begins in
    a round where no loss is due (none logged: the engine's count of rounds says it is not due)."""
    if not _house_rule(g, "attrition_free_rounds"):
        return
    lords = {p.seat for p in g.header.players if p.role == "lord"}
    for i, e in enumerate(g.events):
        if isinstance(e, ev.Turn) and e.seat in lords and not _attrition_losses(g, i):
            s = g.snaps[i]
            living = [n for n in sorted(s.alive) if s.alive[n]]
            losses = [ev.LoseHp(seat=n, amount=1, reason=ATTRITION) for n in living[living.index(e.seat):] +
                      living[:living.index(e.seat)]]
            yield Plant("attrition_early", inserted(g.events, i + 1, *losses), i + 1, RULES["attrition_early"],
                        f"every living character loses 1 HP as seat {e.seat}'s turn begins, with no loss due")


@fault("anhun_first_out", "SGS-X002")
def anhun_first_out(g: CleanGame, rng: random.Random) -> Iterator[Plant]:
    """House rule of 暗魂 protection (`house-anhun`): the header protects the player who is out first, killed
    by a character that player never attacked (or by no one)."""
    if not _house_rule(g, "anhun_protection"):
        return
    v = next((e.seat for e in g.events if isinstance(e, ev.Death)), None)  # the first out
    attacked: set[int] = set()
    last_source: int | None = None
    for i, e in enumerate(g.events):
        if isinstance(e, ev.Death):
            killer = e.killer if e.killer is not None else last_source
            if killer is None or killer == e.seat or killer not in attacked:
                name = next((p.name for p in g.header.players if p.seat == e.seat), None)
                if name:
                    yield Plant("anhun_first_out", list(g.events), i, RULES["anhun_first_out"],
                                f"the header protects {name} (seat {e.seat}), out first",
                                header=msgspec.structs.replace(g.header, protected_player=name))
            return
        if isinstance(e, (ev.Use, ev.Skill)) and e.seat == v and e.targets:
            attacked.update(e.targets)
        elif isinstance(e, ev.Damage):
            if e.source == v:
                attacked.add(e.target)
            if e.target == v:
                last_source = e.source
        elif isinstance(e, ev.LoseHp) and e.seat == v:
            last_source = None


def _reincarnations(g: CleanGame) -> Iterator[tuple[int, ev.Event, dict[int, str], set[int]]]:
    """Every event of a game under 转世 with, before it, each seat's general and the reincarnated seats."""
    generals = {p.seat: p.general for p in g.header.players}
    reborn: set[int] = set()
    for i, e in enumerate(g.events):
        yield i, e, dict(generals), set(reborn)
        if isinstance(e, ev.GeneralChoice):
            generals[e.seat] = e.general
            reborn.add(e.seat)


@fault("second_sacrifice", "SGS-X003")
def second_sacrifice(g: CleanGame, rng: random.Random) -> Iterator[Plant]:
    """House rule of 转世 (`house-zhuanshi`): a giver's second 献祭 in one turn, right after its first (one
    that did not bring a reincarnation), of another hand card to the same out player."""
    if not _house_rule(g, "reincarnation"):
        return
    for i, e in enumerate(g.events[:-1]):
        if not (isinstance(e, ev.Move) and e.reason == SACRIFICE) or isinstance(g.events[i + 1], ev.GeneralChoice):
            continue
        giver = e.from_.seat or 0
        s = g.snaps[i + 1]
        cards = sorted(s.hand.get(giver, Counter()).elements())
        if not cards or s.hidden.get(giver, 0):
            continue
        again = r(e, cards=[pick(rng, cards)])
        yield Plant("second_sacrifice", inserted(g.events, i + 1, again), i + 1, RULES["second_sacrifice"],
                    f"seat {giver} gives seat {e.to.seat} a second card (献祭) in the same turn")


@fault("reborn_wrong_kingdom", "SGS-X004")
def reborn_wrong_kingdom(g: CleanGame, rng: random.Random) -> Iterator[Plant]:
    """House rule of 转世: the out player reincarnates as an unused general of another kingdom than its old
    general's (a 群 or 神 general's player, who takes the first one turned up, is left alone)."""
    from sgs_replay.content import ruleset

    if not _house_rule(g, "reincarnation"):
        return
    rs = ruleset(g.header.ruleset)
    for i, e, generals, _ in _reincarnations(g):
        if not isinstance(e, ev.GeneralChoice):
            continue
        old = rs.resolve_general(generals[e.seat])
        if old is None or old.kingdom in OTHER_KINGDOMS:
            continue
        s = g.snaps[i]
        living = {gen.name for n, name in generals.items() if s.alive[n] and (gen := rs.resolve_general(name))}
        others = sorted(gen.name for name in rs.roster if (gen := rs.resolve_general(name)) is not None
                        and gen.kingdom != old.kingdom and gen.name not in living and gen.name not in (e.turned_up or ()))
        if others:
            new = pick(rng, others)
            yield Plant("reborn_wrong_kingdom", replaced(g.events, i, r(e, general=new)), i, RULES["reborn_wrong_kingdom"],
                        f"seat {e.seat} ({old.name}, {old.kingdom}) reincarnates as {new}")


@fault("reborn_reward", "SGS-X005")
def reborn_reward(g: CleanGame, rng: random.Random) -> Iterator[Plant]:
    """House rule of 转世: the killer of a reincarnated rebel draws the three-card reward (it counts as out)."""
    if not _house_rule(g, "reincarnation"):
        return
    roles = {p.seat: p.role for p in g.header.players}
    for i, e, _, reborn in _reincarnations(g):
        if not (isinstance(e, ev.Death) and e.seat in reborn and roles.get(e.seat) == "rebel") or e.killer is None \
                or i + 1 >= len(g.events):
            continue
        s = g.snaps[i + 1]
        if s.over or not s.alive.get(e.killer):
            continue
        pile = sorted(s.pile.elements())
        if len(pile) < 3:
            continue
        cards = rng.sample(pile, 3)
        yield Plant("reborn_reward", inserted(g.events, i + 1, ev.Draw(seat=e.killer, cards=cards, reason="reward")), i + 1,
                    RULES["reborn_reward"], f"seat {e.killer} draws the reward for the reincarnated rebel of seat {e.seat}")


# --------------------------------------------------------------------------------------- 國戰
def _hegemony(g: CleanGame) -> bool:
    """A 國戰 game played from its start (the engine knows which generals are face up)."""
    return g.header.mode == "hegemony" and g.header.start is None


def _skill_names(g: CleanGame, *generals: str | None) -> set[str]:
    """The skills of those generals, by id and by name (a log may name a skill either way)."""
    from sgs_replay.content import RulesetError, ruleset
    from sgs_replay.content import skills as skill_table

    try:
        rs = ruleset(g.header.ruleset)
    except RulesetError:
        return set()
    table = skill_table()
    out: set[str] = set()
    for name in generals:
        gen = rs.resolve_general(name) if name else None
        for sid in gen.skills if gen is not None else ():
            out.add(sid)
            if sid in table:
                out.add(table[sid].name)
    return out


def _bonus_end(g: CleanGame, i: int) -> int:
    """The index after the reveal ``events[i]`` and the bonuses taken right after it (the leftover half fish,
    珠联璧合: a draw or a recovery of 1 HP)."""
    seat = seat_of(g.events[i])
    j = i + 1
    while j < len(g.events):
        x = g.events[j]
        if not ((isinstance(x, ev.Draw) and x.seat == seat and x.reason in (HALF, COMPANION))
                or (isinstance(x, ev.Recover) and x.seat == seat and x.card is None)):
            break
        j += 1
    return j


def _turn_start_reveals(g: CleanGame) -> Iterator[tuple[int, ev.RevealGeneral, int]]:
    """Every reveal at the start of a turn that does not end the game: (index, reveal, index after its bonuses)."""
    if not _hegemony(g):
        return
    for i, e in enumerate(g.events):
        if isinstance(e, ev.RevealGeneral) and e.reason == "turn_start" and e.skill is None:
            end = _bonus_end(g, i)
            if end < len(g.events) and not g.snaps[end].over and not isinstance(g.events[end], ev.GameEnd):
                yield i, e, end


def _touches(x: ev.Event, seat: int, names: set[str]) -> bool:
    """The event is the seat's and names one of those skills (as its skill or its reason)."""
    return seat_of(x) == seat and (getattr(x, "skill", None) in names or getattr(x, "reason", None) in names)


@fault("reveal_out_of_turn", "SGS-5002")
def reveal_out_of_turn(g: CleanGame, rng: random.Random) -> Iterator[Plant]:
    """國戰: a reveal made at the start of a turn (with its bonuses) moved to the end of the turn before, another
    seat's, or into its owner's play phase, with no skill to use."""
    aozhan = _house_param(g, "aozhan")
    for i, e, end in _turn_start_reveals(g):
        block = g.events[i:end]
        rest = g.events[:i] + g.events[end:]
        before = g.events[i - 2] if i >= 2 else None
        # the turn before: the reveal would come before this turn's check of 鏖戰, which depends on the kingdoms
        if isinstance(g.events[i - 1], ev.Turn) and isinstance(before, ev.TurnEnd) and before.seat != e.seat \
                and not aozhan:
            out = rest[:i - 2] + block + rest[i - 2:]
            yield Plant("reveal_out_of_turn", out, i - 2, RULES["reveal_out_of_turn"],
                        f"seat {e.seat} turns its general(s) face up in seat {before.seat}'s turn")
        names = _skill_names(g, e.main, e.deputy)
        for p in range(end, len(g.events)):
            x = g.events[p]
            if isinstance(x, (ev.Turn, ev.TurnEnd, ev.GameEnd, ev.RevealGeneral, ev.Dying, ev.Death)) \
                    or _touches(x, e.seat, names):
                break
            if isinstance(x, ev.Phase) and x.phase == "play" and x.seat == e.seat:
                at = p - len(block) + 1
                yield Plant("reveal_out_of_turn", rest[:at] + block + rest[at:], at, RULES["reveal_out_of_turn"],
                            f"seat {e.seat} turns its general(s) face up in its play phase, with no skill to use")
                break


@fault("face_down_skill", "SGS-5003", "SGS-S001")
def face_down_skill(g: CleanGame, rng: random.Random) -> Iterator[Plant]:
    """國戰: a general's reveal at the start of a turn left out, where a skill of that general is used later in the
    turn before anything else turns it face up (from nobody's view the skill is one the seat does not have)."""
    for i, e, end in _turn_start_reveals(g):
        s = g.snaps[i]
        up = s.up.get(e.seat, (False, False))
        gens = s.gens.get(e.seat, (None, None))
        other = {gens[k] for k in (0, 1) if up[k]}  # a skill the face-up general has too stays
        names = _skill_names(g, e.main, e.deputy) - _skill_names(g, *other)
        for k in range(end, len(g.events)):
            x = g.events[k]
            if isinstance(x, (ev.Turn, ev.TurnEnd, ev.GameEnd, ev.RevealGeneral, ev.Dying, ev.Death)):
                break
            if isinstance(x, (ev.Skill, ev.Use, ev.Respond, ev.Retrial)) and x.seat == e.seat and x.skill in names:
                yield Plant("face_down_skill", g.events[:i] + g.events[end:], k - (end - i), RULES["face_down_skill"],
                            f"seat {e.seat} uses {x.skill} with its general face down (the reveal at its turn's start "
                            "left out)")
                break
            if _touches(x, e.seat, names):
                break


@fault("wrong_kingdom", "SGS-5004")
def wrong_kingdom(g: CleanGame, rng: random.Random) -> Iterator[Plant]:
    """國戰: a reveal that says the seat's kingdom, giving another one (of the four, or 野心家)."""
    if not _hegemony(g):
        return
    for i, e in enumerate(g.events[:-1]):
        if not isinstance(e, ev.RevealGeneral):
            continue
        k = g.snaps[i + 1].kingdoms.get(e.seat)
        if k is None or (e.kingdom is not None and e.kingdom != k):
            continue
        w = pick(rng, [x for x in KINGDOM_WINNERS if x != k])
        yield Plant("wrong_kingdom", replaced(g.events, i, r(e, kingdom=w)), i, RULES["wrong_kingdom"],
                    f"seat {e.seat}'s reveal says its kingdom is {w} (it is {k})")


@fault("pair_bonus", "SGS-5005")
def pair_bonus(g: CleanGame, rng: random.Random) -> Iterator[Plant]:
    """國戰: the leftover half fish's draw or the 珠联璧合 draw of the wrong size; a leftover half's draw after the
    reveal that first shows both generals, whose half units make whole fish only."""
    from sgs_replay.content import RulesetError, ruleset

    if not _hegemony(g):
        return
    try:
        rs = ruleset(g.header.ruleset)
    except RulesetError:
        return
    for i, e in enumerate(g.events):
        if isinstance(e, ev.Draw) and e.reason in (HALF, COMPANION) and e.cards:
            s = g.snaps[i]
            rest = sorted((s.pile - Counter(e.cards)).elements())
            if rest:
                yield Plant("pair_bonus", replaced(g.events, i, r(e, cards=[*e.cards, pick(rng, rest)])), i,
                            RULES["pair_bonus"], f"seat {e.seat}'s {e.reason} draw is {len(e.cards) + 1} cards")
            if len(e.cards) >= 2:
                yield Plant("pair_bonus", replaced(g.events, i, r(e, cards=e.cards[:-1])), i,
                            RULES["pair_bonus"], f"seat {e.seat}'s {e.reason} draw is {len(e.cards) - 1} card")
        if not isinstance(e, ev.RevealGeneral) or i + 1 >= len(g.events):
            continue
        end = _bonus_end(g, i)
        before, after = g.snaps[i], g.snaps[end] if end < len(g.events) else None
        if after is None or after.over or all(before.up.get(e.seat, (True, True))) \
                or not all(after.up.get(e.seat, (False, False))) or not after.alive.get(e.seat):
            continue
        names = after.gens.get(e.seat, (None, None))
        gens = [rs.resolve_general(n) if n else None for n in names]
        if None in gens or not rs.p.hegemony_half_draw or isinstance(g.events[end], ev.GameEnd):
            continue
        if sum(half_units(rs, x) for x in gens if x is not None) % 2 == 0:
            pile = sorted(after.pile.elements())
            if pile:
                draw = ev.Draw(seat=e.seat, cards=[pick(rng, pile)], reason=HALF)
                yield Plant("pair_bonus", inserted(g.events, end, draw), end, RULES["pair_bonus"],
                            f"seat {e.seat} draws a leftover half's card: {names[0]} and {names[1]} make whole fish")


@fault("aozhan_peach", "SGS-5007")
def aozhan_peach(g: CleanGame, rng: random.Random) -> Iterator[Plant]:
    """國戰 with 鏖戰 (`hegemony-aozhan`), once it has begun: a wounded character uses a 桃 on itself to recover."""
    if not _hegemony(g):
        return
    for i, seat, s, c in _play_phase_holdings(g, rng, PEACH, lambda s, seat: s.aozhan and s.hp[seat] < s.max_hp[seat]):
        use = ev.Use(seat=seat, card=c, targets=[seat])
        heal = ev.Recover(seat=seat, amount=1, source=seat, card=c)
        yield Plant("aozhan_peach", inserted(g.events, i, use, heal), i, RULES["aozhan_peach"],
                    f"seat {seat} uses {c} to recover in 鏖戰 ({s.hp[seat]}/{s.max_hp[seat]} HP)")


def _house_param(g: CleanGame, param: str) -> bool:
    """The game's ruleset sets that parameter (to anything but None or False)."""
    from sgs_replay.content import RulesetError, ruleset

    try:
        return getattr(ruleset(g.header.ruleset).p, param) not in (None, False)
    except RulesetError:
        return False
