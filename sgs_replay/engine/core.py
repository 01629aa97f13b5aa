"""The rules engine: applies each logged event to the game state and judges it.

For every event: offer it to the resolution stack (frames that expect it), then check it against the
rules for its type, report what is wrong, and apply what the log says happened, so that one mistake
is reported once (ARCHITECTURE §1). Rulebook citations live in :mod:`sgs_replay.rules.catalogue`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from sgs_replay.content import Ruleset, card_kinds, undefined_general
from sgs_replay.content import skills as skill_table
from sgs_replay.engine import plugins
from sgs_replay.engine.modes import Mode, mode_for
from sgs_replay.engine.stack import MAX_DEPTH, Dying, Frame
from sgs_replay.engine.state import PHASE_ORDER, PhaseRecord, Seat, Slot, Table, TurnRecord, slot_of
from sgs_replay.formats import events as ev
from sgs_replay.formats.cards import Card, is_unknown, parse_card
from sgs_replay.rules import Rule, Violation, make
from sgs_replay.rules import catalogue as R

ROLE_TABLE: dict[int, list[tuple[int, int, int]]] = {
    # players: [(loyalists, rebels, renegades)]  — seed 001 二(一) 1、决定身份
    4: [(1, 1, 1)], 5: [(1, 2, 1)], 6: [(1, 3, 1), (1, 2, 2)], 7: [(2, 3, 1)],
    8: [(2, 4, 1), (2, 3, 2)], 9: [(3, 4, 1)], 10: [(3, 4, 2)],
}


#: the rules of a skill's own use (its moment, condition and limit): reported against a seat whose general the rules
#: do not define, they are unverifiable, since that general's text of a skill it shares with ours is not known
UNDEFINED_SKILL_RULES = frozenset({R.S_LIMIT.id, R.S_TIMING.id, R.S_CONDITION.id, R.S_EFFECT.id})


def _open(frame: Frame, stack: list[Frame]) -> bool:
    """The frame is on the stack (itself, not an equal one)."""
    for f in stack:
        if f is frame:
            return True
    return False


class Engine:
    """One game's replay. Build with a header and ruleset; feed events with :meth:`step`."""

    def __init__(self, header: ev.Game, ruleset: Ruleset, *, header_line: int = 1) -> None:
        plugins.load()  # the handlers, frames, cards, modes and skills register themselves
        self.header = header
        self.rs = ruleset
        self.violations: list[Violation] = []
        self.checking = True  # False while applying an event unchecked (Engine.apply)
        self.unverifiable = 0
        self.unverifiable_notes: list[str] = []
        #: seats whose general the rules do not define (``unknown_generals = "unverifiable"``)
        self.undefined: set[int] = set()
        #: (seat, why its general is not modelled) → the lines that left unchecked
        self.unmodelled_lines: dict[tuple[int, str], set[int]] = {}
        self.behaviour_notes: list[str] = []  # what the recording's engine did that only its ruleset accepts
        self.line = header_line
        self.stack: list[Frame] = []
        self.scratch: dict[str, Any] = {}  # state a card or skill definition keeps between events
        self.last_death: tuple[int, int | None, int] | None = None  # (seat, killer, line) of the latest death
        self.inferred_deaths: set[int] = set()  # deaths a reward showed before the log wrote them
        self.current: int | None = None
        self.phase: str | None = None
        self.round: int | None = None
        self.this_turn = TurnRecord()
        self.this_phase = PhaseRecord()
        self.phase_draws = 0
        self.phase_draw_mods: list[str] = []
        self.skipped_phases: set[str] = set()
        self.phase_logged: set[str] = set()
        self.turns_taken = 0
        self.over: tuple[str, str] | None = None  # (winner, reason) once a victory condition holds
        self.over_line: int | None = None
        self.ended = False  # game_end seen
        self.after_end_reported = False
        self.event: ev.Event | None = None  # the event being judged
        self.result: dict[str, Any] | None = None
        self.killer_of: dict[int, int | None] = {}
        self.skipped_turns: set[int] = set()  # seats whose next turn does not take place (据守)
        #: seats owed an extra turn (获得一个额外的回合), taken in this order once the current turn is over
        self.extra_turns: list[int] = []
        #: during an extra turn: the seat whose turn it followed, after which the seat order goes on
        self.rotation_from: int | None = None
        self.last_damage_source: dict[int, int | None] = {}
        self.unknown_skill_turn = False
        self.game_started = header.start is None
        self.last_damage: dict[int, ev.Damage] = {}
        self.collateral_victim: int | None = None
        self._namer: Any = None
        self.frame_seq = 0  # frames are numbered as they are pushed: stable keys, never object ids
        # cards in the processing area and the resolution they wait for
        self.holds: list[tuple[list[str], Frame]] = []
        self._spent: list[str] = []
        #: the cards of an answer (a card used or played that opened no resolution of its own: the 闪 for a
        #: 杀) whose use or loss gave triggers (连营 on the last hand card, 雷击 on a 闪): the answer is not over
        #: while they resolve, so the cards stay in the processing area until an event that is none of them
        self.answered: list[str] = []
        self._answer_seats: frozenset[int] = frozenset()
        self.table = self._setup()
        self._seats: dict[int, Seat] = self.table.seats
        #: the skills' book (engine/skills.py's SkillBook: invocation checks, trigger windows, watchers)
        self.skills: Any = BOOKS["skills"](self)
        self.mode: Any = mode_for(self)  # a mode of sgs_replay.modes (each adds its own questions)
        self.mode.setup()
        # the mode's check of every event, None when it checks nothing (the base mode)
        self._screen = None if type(self.mode).screen is Mode.screen else self.mode.screen

    # ------------------------------------------------------------------ reporting
    def report(self, rule: Rule, seat: int | None = None, detail: str = "", *, expected: object = None,
               observed: object = None, line: int | None = None, subjects: list[str] | None = None) -> None:
        """Record a violation. Every report says what was expected and what was observed: when the
        caller gives neither, the rule's statement and the logged event stand in."""
        if not self.checking:
            return
        if rule.id in R.SKILL_BENDABLE:
            for who in self._bend_seats(seat):
                if (why := self.unmodelled(who)) is not None:
                    self.note_unmodelled(who, f"{rule.id} ({detail or rule.en}) at seat {seat or who}: {why}")
                    return
        if seat in self.undefined and rule.id in UNDEFINED_SKILL_RULES:  # its skill's text is not known: the
            # moment, condition and limit of a skill it holds may be its own edition's (Engine.undefined)
            self.note_unmodelled(seat, f"{rule.id} ({detail or rule.en}): seat {seat}'s general is not defined")
            return
        if rule.id == R.S_CONDITION.id:  # a target the rules do not define, whose gender and kingdom the log
            for who in getattr(self.event, "targets", None) or ():  # does not give
                if who in self.undefined and self.table.seats[who].general is None:
                    self.note_unmodelled(who, f"{rule.id} ({detail or rule.en}): seat {who}'s general is not defined")
                    return
        if expected is None:
            expected = rule.en
        if observed is None and self.event is not None and (line is None or line == self.line):
            observed = self._sentence(self.event)
        self.violations.append(make(rule, line or self.line, seat, detail, expected=expected, observed=observed,
                                    subjects=subjects))

    def _bend_seats(self, seat: int | None) -> list[int]:
        """The seats whose skills could explain a violation reported against ``seat``: that seat, and the
        one acting in the event judged (a damage's source, a card's user)."""
        out = [seat] if seat is not None else []
        e = self.event
        actor = e.source if isinstance(e, ev.Damage) else getattr(e, "seat", None)
        if isinstance(actor, int) and actor not in out:
            out.append(actor)
        return out

    def note_unmodelled(self, seat: int, why: str) -> None:
        """An event left unchecked because seat ``seat``'s general is not modelled (counted unverifiable, and
        per seat for the report: :meth:`unmodelled_summary`)."""
        who = self.unmodelled(seat) or "its general is not modelled"
        self.unmodelled_lines.setdefault((seat, who), set()).add(self.line)
        self.unverifiable_because(why)

    def unmodelled_summary(self) -> list[str]:
        """Per seat whose general is not modelled: how many events (lines) that left unchecked."""
        return [f"seat {seat}: {len(lines)} event(s) unchecked ({who})"
                for (seat, who), lines in sorted(self.unmodelled_lines.items())]

    def unmodelled(self, seat: int) -> str | None:
        """Why the seat's general is not modelled (an unknown general, or its skills the engine does not
        model), or None."""
        s = self.table.seats.get(seat) if hasattr(self, "table") else None
        if s is None:
            return None
        if seat in self.undefined:
            return "its general is not defined by the rules"
        if s.general is None:
            return None
        names = [info.name for sid in s.general.skills if (info := skill_table().get(sid)) is not None
                 and not info.modelled and info.name in s.skills]
        return f"{s.general.name}'s {', '.join(names)}: not modelled" if names else None

    def _sentence(self, e: ev.Event) -> str:
        """The logged event as a sentence (the observed side of a violation, never raw JSON)."""
        from sgs_replay.formats.narrate import Namer, sentence

        if self._namer is None:
            self._namer = Namer(self.header, "en")
        return sentence(e, self._namer)

    def engine_behaviour(self, why: str) -> None:
        """The log shows what a ruleset accepts only as the behaviour of the engine that recorded it (FreeKill
        3v3's 救主 fault, 制衡 with no card): no violation, but the report names it."""
        note = f"line {self.line}: {why}"
        if note not in self.behaviour_notes and len(self.behaviour_notes) < 50:
            self.behaviour_notes.append(note)

    def unverifiable_because(self, why: str) -> None:
        self.unverifiable += 1
        if len(self.unverifiable_notes) < 50:
            self.unverifiable_notes.append(f"line {self.line}: {why}")

    # ------------------------------------------------------------------ setup
    def _setup(self) -> Table:
        h = self.header
        rs = self.rs
        seats: dict[int, Seat] = {}
        for p in h.players:
            g = rs.resolve_general(p.general)
            s = Seat(seat=p.seat, general=g, role=p.role, side=p.side, position=p.position)
            if g is None and p.general != "?" and rs.p.unknown_generals == "unverifiable" and h.mode != "hegemony":
                self.undefined.add(p.seat)  # a general the rules do not define: its HP from the header
                if p.max_hp is not None:
                    s.max_hp = s.hp = p.max_hp
                if p.kingdom is not None and p.gender is not None:  # and its kingdom and gender, when given
                    s.general = undefined_general(p.general, kingdom=p.kingdom, gender=p.gender, hp=s.max_hp)
            if g is not None:
                s.max_hp = s.hp = g.hp
                names = skill_table()
                s.skills = {names[k].name if k in names else k for k in g.skills}
            seats[p.seat] = s
        n = len(seats)
        for s in seats.values():
            bonus = 0
            if s.role == "lord" and n >= rs.p.lord_hp_bonus_min_players:
                bonus = rs.p.lord_hp_bonus
            if s.position == "commander":
                bonus = rs.p.commander_hp_bonus
            s.max_hp += bonus
            s.hp = s.max_hp
            if not rs.p.lord_skills or (h.mode == "identity" and s.role != "lord"):
                for sid in (s.general.skills if s.general else ()):
                    info = skill_table().get(sid)
                    if info and info.lord:
                        s.skills.discard(info.name)
        table = Table(seats=seats, deck_counts=Counter(rs.deck))
        table.pile = Counter(rs.deck)
        st = h.start
        if st is not None:
            self.current = st.current
            self.phase = st.phase
            self.round = st.round
            used, limits, in_force = ev.split_used(st.used)  # uses already made that count against limits
            self.this_phase.uses.update(used)
            self.this_turn.uses.update(used)
            self.this_phase.limits.update(limits)
            self.this_turn.limits.update(limits)
            self.this_turn.skills.update(in_force)
            if st.phase and st.phase != "draw":
                # a draw phase in progress began before the excerpt: its draws so far are unknown
                self.phase_logged.add(st.phase)
            listed: list[str] = []
            for key, ss in st.seats.items():
                try:
                    seat = seats[int(key)]
                except (ValueError, KeyError):
                    self.report(R.F_SEAT, None, f"start position names seat {key!r}", line=1)
                    continue
                if ss.max_hp is not None:
                    seat.max_hp = ss.max_hp
                    seat.hp = min(seat.hp, seat.max_hp)
                if ss.hp is not None:
                    seat.hp = ss.hp
                seat.alive = ss.alive
                for c in ss.hand:
                    if is_unknown(c):
                        seat.hidden += 1
                    else:
                        seat.hand[c] += 1
                        listed.append(c)
                for c in ss.equip:
                    if is_unknown(c):
                        continue
                    sl = slot_of(parse_card(c))
                    if sl is None:
                        self.report(R.H_START_CARD, seat.seat, f"{c} in the equip area is not equipment", line=1)
                        continue
                    seat.equip[sl] = c
                    listed.append(c)
                for c in ss.judge:
                    if not is_unknown(c):
                        seat.judge.append(c)
                        listed.append(c)
                for pname, cards in ss.piles.items():
                    seat.piles[pname] = Counter(c for c in cards if not is_unknown(c))
                    listed.extend(c for c in cards if not is_unknown(c))
                seat.chained = ss.chained
            for c in st.discard:
                if not is_unknown(c):
                    table.discard[c] += 1
                    listed.append(c)
            for c in st.deck or []:
                if not is_unknown(c):
                    listed.append(c)
            over = Counter(listed) - table.deck_counts
            for c, extra in over.items():
                have = table.deck_counts[c]
                self.report(R.H_START_CARD, None, f"{c} appears {have + extra} times; the {rs.name} deck has {have}",
                            expected=f"at most {have}", observed=have + extra, line=1)
            in_pile = Counter(listed)
            for c in st.deck or []:
                in_pile[c] -= 1  # the known top of the pile stays in the pile
            table.pile = +(Counter(rs.deck) - +in_pile)
            table.pile_top = [c for c in (st.deck or []) if not is_unknown(c)]
        return table

    # ------------------------------------------------------------------ helpers
    def seat(self, n: int | None) -> Seat | None:
        return self._seats.get(n)  # type: ignore[arg-type]  # None is no seat number: None

    def valid_seat(self, n: int | None, what: str = "seat") -> bool:
        if n is None or n in self.table.seats:
            return True
        self.report(R.F_SEAT, n, f"{what} {n} is not at this table (seats 1..{self.table.n})")
        return False

    def in_play_phase(self, seat: int) -> bool:
        return self.current == seat and self.phase == "play"

    def missing_cards(self, seat: Seat, cards: Iterable[str], *, allow_equip: bool = False) -> list[str]:
        """The known cards of ``cards`` the seat does not hold (in hand, or equipped when allowed), as
        :meth:`take_from_hand` would report them; nothing changes."""
        hand = Counter(seat.hand)
        hidden = seat.hidden
        equip = list(seat.equip.values()) if allow_equip else []
        out = []
        for c in cards:
            if is_unknown(c):
                hidden = max(0, hidden - 1)
            elif hand[c] > 0:
                hand[c] -= 1
            elif c in equip:
                equip.remove(c)
            elif hidden > 0:
                hidden -= 1
            else:
                out.append(c)
        return out

    def take_from_hand(self, seat: Seat, cards: Iterable[str], *, allow_equip: bool = False,
                       rule: Rule = R.C_NOT_HELD) -> bool:
        """Remove cards from a seat's hand (or equip area); report those it does not hold."""
        ok = True
        for c in cards:
            if is_unknown(c):
                if seat.hidden:
                    seat.hidden -= 1
                elif seat.hand:
                    # an unknown card from a known hand: we cannot tell which
                    seat.hand[next(iter(seat.hand))] -= 1
                    seat.hand = +seat.hand
                self.unverifiable_because("a hidden card is used")
                continue
            count = seat.hand.get(c, 0)  # get and pop: Counter's own __missing__ and __delitem__ are Python code
            if count > 0:
                if count == 1:
                    seat.hand.pop(c)
                else:
                    seat.hand[c] = count - 1
                continue
            if allow_equip and c in seat.equip.values():
                for sl, v in list(seat.equip.items()):
                    if v == c:
                        del seat.equip[sl]
                        break
                continue
            if seat.hidden > 0:
                seat.hidden -= 1
                if self.table.pile[c] > 0:
                    self.table.pile[c] -= 1
                self.unverifiable_because(f"{c} may be one of seat {seat.seat}'s hidden cards")
                continue
            ok = False
            held = sorted(seat.hand.elements())
            self.report(rule, seat.seat, f"seat {seat.seat} ({seat.name}) does not hold {c}",
                        expected=f"one of {held}" if held else "no cards in hand", observed=c)
            self._pull_from_anywhere(c)
        return ok

    def _pull_from_anywhere(self, c: str) -> None:
        """After a violation: take the card from wherever it is, so bookkeeping stays consistent."""
        t = self.table
        for s in t.seats.values():
            if s.hand[c] > 0:
                s.hand[c] -= 1
                s.hand = +s.hand
                return
        if t.pile[c] > 0:
            t.pile[c] -= 1
            if c in t.pile_top:
                t.pile_top.remove(c)
            return
        if t.discard[c] > 0:
            t.discard[c] -= 1
            return

    def to_discard(self, cards: Iterable[str]) -> None:
        discard = self.table.discard
        for c in cards:
            if not is_unknown(c):
                discard[c] = discard.get(c, 0) + 1

    def to_processing(self, cards: Iterable[str]) -> None:
        """A card used or played waits in the processing area (处理区) until its resolution is over
        (seed 001 二(二) IV: 每使用一张牌，即执行该牌之效果…游戏牌在使用后均需弃置): a reshuffle in
        the middle of its resolution does not take it."""
        processing = self.table.processing
        for c in cards:
            if not is_unknown(c):
                processing[c] = processing.get(c, 0) + 1
                self._spent.append(c)

    def leave_processing(self, cards: Iterable[str], *, discard: bool = True) -> None:
        """Cards leave the processing area (for the discard pile unless ``discard`` is False)."""
        t = self.table
        for c in cards:
            if is_unknown(c) or t.processing[c] <= 0:
                continue
            t.processing[c] -= 1
            if not t.processing[c]:
                t.processing.pop(c)
            if discard:
                t.discard[c] = t.discard.get(c, 0) + 1

    def _hold(self, seq: int) -> None:
        """The cards spent by this event wait for the first resolution it opened, if still open, or
        else for the triggers the event gave (:attr:`answered`)."""
        owner = next((f for f in self.stack if f.uid > seq), None)
        cards, self._spent = self._spent, []
        if owner is not None:
            self.holds.append((cards, owner))
        elif seats := self._chance_seats():
            self.answered += cards
            self._answer_seats = seats
        else:
            self.leave_processing(cards)

    def _chance_seats(self) -> frozenset[int]:
        """The seats a trigger is pending for (a skill's one-shot chance the last event gave)."""
        return frozenset(seat for (seat, _), n in self.skills.chances.items() if n > 0)

    def _answer_triggers(self, e: ev.Event) -> bool:
        """Whether ``e`` is a trigger of the waiting answer (a skill of a seat its use gave a chance);
        if not, the answer is over: its cards leave the processing area before ``e`` (FreeKill moves the
        闪 to the discard pile once 连营's draw, reshuffle included, is over)."""
        if isinstance(e, ev.Skill) and e.seat in self._answer_seats:
            return True
        self.leave_processing(self.answered)
        self.answered = []
        return False

    def _answer_resolves(self, seq: int) -> None:
        """After a trigger of the waiting answer: its cards wait for the resolution the trigger opened
        (连营's draw), or for the triggers still pending, or leave the processing area."""
        owner = next((f for f in self.stack if f.uid > seq), None)
        if owner is not None:
            self.holds.append((self.answered, owner))
        elif self._answer_seats & self._chance_seats():
            return
        else:
            self.leave_processing(self.answered)
        self.answered = []

    def settle_processing(self) -> None:
        """Cards whose resolution is over leave the processing area for the discard pile."""
        if self._spent:
            cards, self._spent = self._spent, []
            self.leave_processing(cards)
        if not self.holds:
            return
        stack = self.stack
        for _, frame in self.holds:  # as a rule every resolution held for is still open: nothing to do
            if not _open(frame, stack):
                break
        else:
            return
        keep = []
        for cards, frame in self.holds:
            if _open(frame, stack):
                keep.append((cards, frame))
            else:
                self.leave_processing(cards)
        self.holds = keep

    def reshuffle(self) -> None:
        """The discard pile, shuffled, goes under what is left of the draw pile (seed 001 二(二) III ◆:
        当需要摸牌或将要对牌堆产生影响时，牌堆没牌，则立即将弃牌堆洗混后形成新的摸牌堆)."""
        self.settle_processing()
        t = self.table
        t.pile.update(t.discard)
        t.discard = Counter()
        self.mode.reshuffled()

    def need_cards(self, n: int) -> None:
        """An effect is about to take or look at ``n`` cards of the draw pile at once (a draw, 观星, a
        reveal): when the pile holds fewer, the reshuffle happens now, before any is taken."""
        if n > 0 and self.table.discard and self.table.pile.total() < n:
            self.reshuffle()

    def draw_from_pile(self, seat: int, cards: list[str]) -> None:
        t = self.table
        self.need_cards(len(cards))
        for c in cards:
            if is_unknown(c):
                continue
            if t.pile_top:
                top = t.pile_top.pop(0)
                if top != c:
                    self.report(R.C_PILE_TOP, seat, f"the top of the draw pile is {top}, not {c}", expected=top, observed=c)
                    if c in t.pile_top:  # the known cards came in another order: the rest follows the log
                        t.pile_top.remove(c)
                        t.pile_top.insert(0, top)
            if t.pile[c] > 0:
                t.pile[c] -= 1
                if not t.pile[c]:
                    t.pile.pop(c)
            elif t.deck_counts[c] == 0:
                self.report(R.C_NOT_IN_DECK, seat, f"{c} is not a card of the {self.rs.name} deck", observed=c)
            else:
                self.report(R.C_NOT_THERE, seat, f"{c} is not in the draw pile (all {t.deck_counts[c]} copies are elsewhere)",
                            observed=c)
                self._pull_from_anywhere(c)

    def push(self, frame: Frame) -> None:
        if len(self.stack) >= MAX_DEPTH:
            raise RecursionError("resolution stack too deep")
        self.insert(len(self.stack), frame)

    def insert(self, index: int, frame: Frame) -> None:
        """Put a frame into the stack at ``index`` (below resolutions that must finish first)."""
        self.frame_seq += 1
        frame.uid = self.frame_seq
        self.stack.insert(index, frame)

    def top(self, kind: type[Frame]) -> Any:
        for f in reversed(self.stack):
            if isinstance(f, kind):
                return f
        return None

    # ------------------------------------------------------------------ main loop
    def apply(self, line: int, e: ev.Event) -> None:
        """Apply an event known to be legal (the simulator's own actions): the position changes as in
        :meth:`step`, with no check and no report (python-chess's unchecked ``push``)."""
        self.checking = False
        try:
            self.step(line, e)
        finally:
            self.checking = True

    def step(self, line: int, e: ev.Event) -> None:
        trigger = bool(self.answered) and self._answer_triggers(e)
        if self._spent or self.holds:
            self.settle_processing()
        seq = self.frame_seq
        self._step(line, e)
        if trigger and self.answered:
            self._answer_resolves(seq)
        if self._spent:
            self._hold(seq)

    def _step(self, line: int, e: ev.Event) -> None:
        self.line = line
        self.event = e
        if isinstance(e, ev.GameEnd):
            self.mode.game_ending(e)
            self._settle_all(line, e)
            self.mode.on_game_end(e)
            return
        t = type(e)
        if self.ended or (self.over and not self._post_death_ok(e)):
            if not self.after_end_reported:  # one report for the whole tail after the end
                self.report(R.O_AFTER_END, getattr(e, "seat", None),
                            f"`{ev.event_type(e)}` after the game ended ({self.over[0] + ' won' if self.over else 'game_end'})",
                            expected="no further events", observed=ev.event_type(e))
                self.after_end_reported = True
            return
        fields = _SEAT_FIELDS.get(t)
        if fields is None:
            fields = _SEAT_FIELDS[t] = tuple(
                f for f in ("seat", "target", "source", "killer", "victim") if f in t.__struct_fields__)
        n = len(self._seats)
        for name in fields:  # every seat the event names is at the table
            v = getattr(e, name)
            if v is not None and not 1 <= v <= n and not self.valid_seat(v, name):
                return
        if t in _WITH_TARGETS and not self._targets_ok(e.targets, n):  # type: ignore[union-attr]
            return
        if self._screen is not None and not self._screen(e):
            return
        if isinstance(e, ev.LoseHp) and self.stack:
            self._loss_while_dying(e)
        skills = self.skills
        skills.before(e)
        # with no open resolution no frame takes the event, and settling them all is nothing to do
        if not self.stack or not self._offer(line, e):
            handler = HANDLERS.get(t)
            if handler is not None:
                handler(self, e)
        skills.after(e)
        for observe in plugins.OBSERVERS:
            observe(self, e)

    def _post_death_ok(self, e: ev.Event) -> bool:
        """After the deciding death only its rewards may still be logged before `game_end`."""
        return isinstance(e, (ev.Draw, ev.Discard)) and bool(self.stack)

    def _targets_ok(self, targets: list[int] | None, n: int) -> bool:
        """Every target is a seat at the table (of ``n``)."""
        for t in targets or ():
            if not 1 <= t <= n and not self.valid_seat(t, "target"):
                return False
        return True

    def _offer(self, line: int, e: ev.Event) -> bool:
        """Give the event to the highest frame that wants it (closing the finished frames above it).

        Returns True when a frame consumed it. An event no frame wants is a side event (handled with
        the stack intact) or a top-level event (every open resolution is over).
        """
        while self.stack and self.stack[-1].transient and not self.stack[-1].wants(self, e):
            self.stack.pop().close(self, line, e)  # a judgement settles at the first event after it
        granted = type(e) is ev.Use and e.skill is not None  # type: ignore[union-attr]
        for depth in range(len(self.stack) - 1, -1, -1):
            f = self.stack[depth]
            if not f.wants(self, e):
                if granted and f.grants_use(self, e):  # type: ignore[arg-type]
                    return False  # the 视为使用 of a later skill (神速's second 杀), not a deeper card's follow-up
                continue
            above = self.stack[depth + 1:]
            if above and all(x.patient for x in above):
                if f.offer(self, line, e):  # what is owed beside it stays open
                    return True
                continue
            while len(self.stack) > depth + 1:
                self.stack.pop().close(self, line, e)
            if f.offer(self, line, e):
                return True
            if self.stack and self.stack[-1] is f:
                self.stack.pop()
                f.close(self, line, e)
            return False
        if isinstance(e, TOP_LEVEL) or (isinstance(e, ev.Use) and self._new_action(e)) \
                or (isinstance(e, ev.Skill) and self._new_skill_action(e)) or (isinstance(e, ev.Recast) and self._new_recast(e)):
            self._settle_all(line, e)
        return False

    def starts_new_action(self, e: ev.Use) -> bool:
        """Whether ``e``, if no resolution takes it, is a new action that first closes every open one."""
        return self._new_action(e)

    def _new_action(self, e: ev.Use) -> bool:
        """A card used by the current player in the play phase that no resolution asked for."""
        return e.seat == self.current and self.phase == "play" and not e.targets == [] and \
            not any(isinstance(f, Dying) and f.awaiting(self) for f in self.stack) and \
            not any(f.grants_use(self, e) for f in self.stack)  # a rescue still owed; a 视为使用 or a use a skill asks for

    def _loss_while_dying(self, e: ev.LoseHp) -> None:
        """Another character loses HP while one lies dying, not saved, and nothing opened since asks for it (a rescue
        that costs HP, 救主, opens its own effect): nothing but the rescue happens in a dying state, so the death is
        missing (a loss the death owes, 随势's, or the next character's under 乱武)."""
        top = self.stack[-1]
        dying = top if isinstance(top, Dying) and top.awaiting(self) else None
        s = self.seat(dying.seat) if dying is not None else None
        if dying is None or s is None or dying.seat == e.seat or dying.interrupted:
            return
        self.report(R.D_DEATH_MISSING, s.seat, f"seat {s.seat} is at {s.hp} HP, not saved, and seat {e.seat} loses HP: "
                    "the death is missing", expected=f"death of seat {s.seat}", observed=f"lose_hp of seat {e.seat}")
        dying.interrupted = True

    def _new_recast(self, e: ev.Recast) -> bool:
        """A recast (重铸) by the current player in the play phase: an action of its own, like a card used, so
        every open resolution is over (what it still owed, a kill's reward, was skipped)."""
        return e.seat == self.current and self.phase == "play" and \
            not any(isinstance(f, Dying) and f.awaiting(self) for f in self.stack)

    def _new_skill_action(self, e: ev.Skill) -> bool:
        """An active skill of the play phase (制衡, 反间, 结姻 …) the current player starts, or a skill of a
        later phase of the turn (克己 at the discard phase): like a card used or a new phase, it begins
        only once every resolution is over, so whatever they still owed was skipped."""
        if e.seat != self.current or any(isinstance(f, Dying) and f.awaiting(self) for f in self.stack):
            return False
        if self.phase == "play" and self.skills.is_play_skill(e):
            return True
        stage = self.skills.stage_of(e)
        return stage is not None and self.phase in PHASE_ORDER and PHASE_ORDER.index(stage) > PHASE_ORDER.index(self.phase)

    def _settle_all(self, line: int, e: ev.Event | None) -> None:
        while self.stack:
            f = self.stack.pop()
            f.close(self, line, e)

    def finish(self, last_line: int) -> None:
        """The log ended. A fragment may end anywhere; a finished game must say so."""
        if self.over and not self.ended:
            self.report(R.O_MISSING_END, None, f"{self.over[0]} won ({self.over[1]}) but the log has no `game_end`",
                        expected=f"game_end winner={self.over[0]}", observed="end of log", line=last_line)
        if self.over and self.result is None:
            self.result = {"winner": self.over[0], "reason": self.over[1]}

    # ------------------------------------------------------------------ turn flow
    def end_phase(self) -> None:
        """Checks made when a phase ends (the event that ends it is the reported line)."""
        cur = self.seat(self.current)
        if cur is None or self.phase is None:
            return
        if self.phase == "draw" and "draw" in self.phase_logged and cur.alive:
            self._check_draw_count(cur)
        if self.phase == "discard" and cur.alive and "discard" in self.phase_logged:
            limit = plugins.modify("hand_limit", max(cur.hp, 0) + self.mode.hand_limit_bonus(cur), self, cur)
            # the phase discards once: a card drawn after that discard (连营 on the last one, at 0 HP) stays
            kept = self.this_phase.hand_after_discard
            held = cur.hand_count if kept is None else min(cur.hand_count, kept)
            if cur.hidden == 0 and held > limit and not plugins.modify("hand_limit_waived", False, self, cur):
                self.report(R.T_DISCARD, cur.seat, f"seat {cur.seat} ends the discard phase with {cur.hand_count} cards and {cur.hp} HP",
                            expected=f"at most {limit} cards", observed=cur.hand_count)
        self.this_phase = PhaseRecord()

    def _draw_phase_expected(self, cur: Seat) -> int:
        expected = self.rs.p.draw_phase_cards + self.mode.draw_bonus(cur)
        expected = plugins.modify("draw_phase_count", expected, self, cur)
        return self.skills.draw_count(cur, expected)

    def _check_draw_count(self, cur: Seat) -> None:
        if self.this_phase.unchecked_skill or self.this_phase.draw_reported:
            return
        expected = self._draw_phase_expected(cur)
        if self.phase_draws != expected and "draw" not in self.skipped_phases:
            self.report(R.T_DRAW_COUNT, cur.seat, f"seat {cur.seat} drew {self.phase_draws} in the draw phase",
                        expected=expected, observed=self.phase_draws)

    def check_draw_excess(self, cur: Seat) -> None:
        """A draw in the draw phase that goes beyond what the phase gives is wrong at once (at its own
        line); a short count can only be seen when the phase ends."""
        if self.this_phase.unchecked_skill or self.this_phase.draw_reported or "draw" in self.skipped_phases:
            return
        expected = self._draw_phase_expected(cur)
        if self.phase_draws > expected:
            self.this_phase.draw_reported = True
            self.report(R.T_DRAW_COUNT, cur.seat, f"seat {cur.seat} drew {self.phase_draws} in the draw phase",
                        expected=expected, observed=self.phase_draws)

    @property
    def rotation_seat(self) -> int | None:
        """The seat after which the seat order goes on: the current player's, or during an extra turn the
        seat whose turn it followed."""
        return self.rotation_from if self.rotation_from is not None else self.current

    def grant_extra_turn(self, seat: int) -> None:
        """``seat`` gets an extra turn (获得一个额外的回合) once the current turn is over; the seat order then
        goes on from where it was."""
        self.extra_turns.append(seat)

    def due_extra_turn(self) -> int | None:
        """The living seat owed the next extra turn, if any (the dead lose theirs)."""
        self.extra_turns = [s for s in self.extra_turns if (st := self.seat(s)) is not None and st.alive]
        return self.extra_turns[0] if self.extra_turns else None

    def note_turn(self, seat: int) -> None:
        """A turn of ``seat`` begins: an extra turn owed to it is taken (the seat order stays where it was);
        any other turn is in the seat order, and extra turns still owed lapse (the log took another way)."""
        if self.due_extra_turn() == seat:
            self.extra_turns.pop(0)
            if self.rotation_from is None:
                self.rotation_from = self.current
        else:
            self.extra_turns.clear()
            self.rotation_from = None

    def start_turn(self, seat: int) -> None:
        self.end_phase()
        self.current = seat
        self.phase = None
        self.this_turn = TurnRecord()
        self.this_phase = PhaseRecord()
        self.skipped_phases = set()
        self.phase_logged = set()
        self.phase_draws = 0
        self.phase_draw_mods = []
        self.unknown_skill_turn = False
        self.turns_taken += 1
        self.game_started = True

    def enter_phase(self, seat: int, phase: str) -> None:
        if self.phase is not None and self.phase in PHASE_ORDER:
            if PHASE_ORDER.index(phase) <= PHASE_ORDER.index(self.phase) and self.phase in self.phase_logged:
                self.report(R.T_PHASE_ORDER, seat, f"`{phase}` after `{self.phase}`",
                            expected=f"a phase after {self.phase}", observed=phase)
            elif phase == self.phase == "draw" and self.phase_draws:  # the phase's own draw came first
                self.report(R.T_PHASE_ORDER, seat, "the draw phase begins after its cards were drawn",
                            expected="phase draw, then its draw", observed=f"draw of {self.phase_draws}, then phase draw")
        if phase in self.skipped_phases:
            self.report(R.T_SKIPPED, seat, f"the {phase} phase was to be skipped", expected=f"phase_skip {phase}", observed=f"phase {phase}")
            self.skipped_phases.discard(phase)  # reported once; the log says it took place
        self._check_judge_phase_passed(seat, phase)
        self.end_phase()
        self.phase = phase
        self.phase_logged.add(phase)
        self.phase_draws = 0
        self.phase_draw_mods = []
        if phase == "judge":
            cur = self.seat(seat)
            if cur and cur.judge:
                self.push(OPENS["judge_phase"](self, cur))

    def _check_judge_phase_passed(self, seat: int, phase: str) -> None:
        """A phase after the judge phase begins while the judge area still holds delayed tricks that were
        neither judged nor skipped (seed 001 二(二) II: 必须依次对这些延时类锦囊进行判定)."""
        if phase not in PHASE_ORDER[2:] or "judge" in self.phase_logged or seat != self.current:
            return
        if not (self.phase == "start" or (self.phase is None and self.turns_taken)):
            return
        cur = self.seat(seat)
        if cur is None or not cur.judge:
            return
        names = cur.judge_names()
        self.report(R.T_JUDGE_MISSING, seat, f"{list(reversed(names))} in seat {seat}'s judge area were not judged",
                    expected=f"judge phase: judge {names[-1]}", observed=f"phase {phase}")
        for c in list(cur.judge):  # as after a judge phase that left them out: a trick that moves on stays
            if (cur.judge_as.get(c) or parse_card(c).name) not in card_kinds.MOVES_ON:
                cur.judge.remove(c)
                cur.judge_as.pop(c, None)
                self.to_discard([c])

    # ------------------------------------------------------------------ HP
    def apply_hp_loss(self, seat: Seat, amount: int) -> None:
        before = seat.hp
        seat.hp -= amount
        if amount > 0 and self.mode.hp_fell(seat):
            return
        if seat.hp <= 0 and seat.alive and (not seat.dying or before > 0):
            # a character rescued before (HP back above 0) enters a new dying state: the old one is over
            for f in self.stack:
                if isinstance(f, Dying) and f.seat == seat.seat:
                    f.rescued = True
            seat.dying = True
            self.push(OPENS["dying"](self, seat.seat))
            # what keeps a character alive at 0 HP is asked as its dying begins: an engine's fault that ends
            # the rescue (FreeKill's 救主) holds from then on, whatever changes before the frame closes
            plugins.modify("alive_at_zero", False, self, seat)

    def kill(self, seat: Seat, killer: int | None) -> None:
        seat.alive = False
        seat.dying = False
        self.killer_of[seat.seat] = killer
        verdict = self.mode.victory()
        if verdict and not self.over:
            # a death that decides the game ends it at once (游戏立即结束): the dead character's cards
            # are not discarded any more
            self.over = verdict
            self.over_line = self.line
            return
        self.to_discard(seat.all_cards())
        seat.hand.clear()
        seat.hidden = 0
        seat.equip.clear()
        seat.judge.clear()
        seat.piles.clear()
        self.mode.after_death(seat)


TOP_LEVEL = (ev.Turn, ev.TurnEnd, ev.Phase, ev.PhaseSkip)
#: event type → its fields that name one seat
_SEAT_FIELDS: dict[type, tuple[str, ...]] = {}
#: the event types with a list of target seats
_WITH_TARGETS = frozenset(t for t in ev.EVENT_TYPES if "targets" in t.__struct_fields__)


#: event type → its handler (filled by :mod:`sgs_replay.engine.handlers`, which ``plugins.load`` imports)
HANDLERS: dict[type, Any] = {}
#: the frames the core opens itself: ``dying`` (engine, seat) and ``judge_phase`` (engine, seat record), registered
#: by :mod:`sgs_replay.engine.frames`
OPENS: dict[str, Callable[..., Frame]] = {}
#: what the engine keeps beside its state: ``skills`` (engine) → the skill book (:mod:`sgs_replay.engine.skills`)
BOOKS: dict[str, Callable[[Engine], Any]] = {}


def card_of(text: str | None) -> Card | None:
    if text is None or is_unknown(text):
        return None
    return parse_card(text)


def extra_role_rows(rows: Sequence[str]) -> dict[int, list[tuple[int, int, int]]]:
    """Rows a ruleset adds to the role table ("1/0/1/1": lord/loyalists/rebels/renegades), by player count."""
    out: dict[int, list[tuple[int, int, int]]] = {}
    for row in rows:
        _, loyalists, rebels, renegades = (int(x) for x in row.split("/"))
        out.setdefault(1 + loyalists + rebels + renegades, []).append((loyalists, rebels, renegades))
    return out


def role_counts_ok(roles: list[str], eight_player_roles: str | None = None, extra_rows: Sequence[str] = ()) -> bool:
    """The role counts are a row of the role table; ``eight_player_roles`` ("1/2/4/1": lord/loyalists/
    rebels/renegades) keeps only that row for eight players (FreeKill deals 1/2/4/1 only); ``extra_rows``
    are rows the ruleset adds (FreeKill's two- and three-player games)."""
    n = len(roles)
    c = Counter(roles)
    if c["lord"] != 1:
        return False
    rows = ROLE_TABLE.get(n, []) + extra_role_rows(extra_rows).get(n, [])
    if n == 8 and eight_player_roles:
        loyalists, rebels, renegades = (int(x) for x in eight_player_roles.split("/")[1:])
        rows = [(loyalists, rebels, renegades)]
    return (c["loyalist"], c["rebel"], c["renegade"]) in rows


__all__ = ["Engine", "Slot", "card_of", "extra_role_rows", "role_counts_ok"]
