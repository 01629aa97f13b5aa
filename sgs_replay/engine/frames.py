"""The frames of the resolution stack: card effects, dying, death, judgements, skill effects.

Each frame knows which logged events belong to it and which consequences are mandatory. See
:mod:`sgs_replay.engine.stack` for the protocol.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sgs_replay.content import card_kinds
from sgs_replay.content.names import CARD
from sgs_replay.engine import plugins
from sgs_replay.engine.changes import (
    add_to_hand,
    apply_change,
    apply_damage,
    apply_recover,
    check_conversion,
    do_discard,
    do_draw,
)
from sgs_replay.engine.core import OPENS
from sgs_replay.engine.stack import Dying, Frame
from sgs_replay.engine.state import Seat, Slot, Zone
from sgs_replay.engine.timing import Timing, timing_of
from sgs_replay.formats import events as ev
from sgs_replay.formats.cards import is_unknown, parse_card
from sgs_replay.rules import catalogue as R

if TYPE_CHECKING:
    from sgs_replay.engine.core import Engine

class EffectRule:
    """What a weapon, an armour or a skill changes in a card's resolution (:class:`CardEffect`).

    The generic frame knows targets, answers, counters and damage; each rule lives in the file that
    defines its card or skill and is registered there with :func:`effect_rule`. ``events`` lists the
    event types the rule may claim (``wants``/``offer``); every method has a neutral default.
    """

    events: tuple[type, ...] = ()

    def wants(self, frame: CardEffect, eng: Engine, e: Any) -> bool:
        """Whether ``e`` belongs to ``frame`` because of this rule."""
        return False

    def offer(self, frame: CardEffect, eng: Engine, e: Any) -> bool | None:
        """Apply ``e`` to ``frame``: True (consumed), False (the frame is over, ``e`` goes on), or
        None (not this rule's event: the frame handles it)."""
        return None

    def stops(self, frame: CardEffect, eng: Engine, seat: Seat, current: bool) -> bool | None:
        """Whether this rule makes the card's damage to ``seat`` not required: True, False, or None
        (not known: e.g. the colour of a hidden card). ``current``: ``seat`` is the target in resolution."""
        return False

    def objection(self, frame: CardEffect, eng: Engine, seat: Seat) -> str | None:
        """Why damage logged to ``seat`` contradicts this rule (it prevented the damage), or None."""
        return None

    def voids(self, frame: CardEffect, eng: Engine, seat: Seat) -> bool:
        """The card certainly has no effect on ``seat`` (对你无效: 藤甲, 仁王盾): nothing is asked of it,
        so the next target may follow with no event for this one."""
        return False

    def held_by(self, seat: Seat) -> bool:
        """The seat has this effect as a skill: damage to it is never required of any card."""
        return False


#: the rules, in registration order, and by the event types they claim
EFFECT_RULES: list[EffectRule] = []
_RULES_BY_TYPE: dict[type, list[EffectRule]] = {}


def effect_rule(cls: type[EffectRule]) -> type[EffectRule]:
    """Register a :class:`EffectRule` (a class decorator in the card's or skill's file)."""
    rule = cls()
    EFFECT_RULES.append(rule)
    _RULES_BY_TYPE.clear()
    return cls


def damage_taken(eng: Engine, seat: Seat | None, amount: int, nature: str, *, armor: bool = True) -> int:
    """The damage ``seat`` takes of ``amount`` after what changes damage taken (受到伤害时: 藤甲's +1 for
    fire, 白银狮子's cap; modifier ``damage_taken``). ``armor``: the seat's armour has effect."""
    if seat is None:
        return amount
    return int(plugins.modify("damage_taken", amount, eng, seat, nature, armor))


#: cards that rescue a dying character: name → (whether only the dying character itself may use it,
#: what using it does ``fn(engine, use, dying seat)``); filled by the card definitions (桃, 酒)
RESCUE_CARDS: dict[str, tuple[bool, Any]] = {}


def rescue_card(name: str, *, self_only: bool = False) -> Any:
    """Register a card that rescues a dying character (``self_only``: 酒, used by the dying one only)."""
    def register(fn: Any) -> Any:
        RESCUE_CARDS[name] = (self_only, fn)
        return fn
    return register


def survives_at_zero(eng: Engine, seat: Seat) -> bool:
    """A skill keeps the seat alive at 0 HP or below (modifier ``alive_at_zero``: 不屈 …)."""
    return bool(plugins.modify("alive_at_zero", False, eng, seat))


def damage_stoppable(seat: Seat) -> bool:
    """A seat holds an effect that may stop any damage to it (天香, or equipment worn as a skill)."""
    return any(rule.held_by(seat) for rule in EFFECT_RULES)


def _rules_for(t: type) -> list[EffectRule]:
    rules = _RULES_BY_TYPE.get(t)
    if rules is None:
        rules = _RULES_BY_TYPE[t] = [r for r in EFFECT_RULES if any(issubclass(t, k) for k in r.events)]
    return rules


#: single-target tricks whose effect is a `move` of one of the target's cards
TAKING_TRICKS = {CARD.dismantlement, CARD.snatch, CARD.collateral}


def _colour(cards: list[str]) -> str | None:
    """The colour of a card made of ``cards`` (seed 001 一(五) 丈八蛇矛: 1红1黑 → 无色); None if unknown."""
    known = [parse_card(c) for c in cards if not is_unknown(c)]
    if not known or len(known) != len(cards):
        return None
    reds = sum(1 for c in known if c.is_red)
    return "red" if reds == len(known) else "black" if reds == 0 else "none"


def used_name(e: ev.Use | ev.Respond) -> str | None:
    """The card a use or an answer is for the rules (a 雷杀 is a 杀); None when hidden."""
    if e.as_ is not None:
        return card_kinds.true_name(e.as_)
    if e.card is None or is_unknown(e.card):
        return None
    return parse_card(e.card).name


def used_nature(e: ev.Use | ev.Respond) -> str:
    """The damage nature of the card a use makes (火杀 by 朱雀羽扇: fire; a hidden card: normal)."""
    if e.as_ is not None:
        return card_kinds.nature_of(e.as_)
    if e.card is None or is_unknown(e.card):
        return "normal"
    return parse_card(e.card).nature


def spend(eng: Engine, e: ev.Use | ev.Respond, *, convert: bool = False) -> None:
    """The physical cards of a use or an answer leave the seat's hand (or equip area, for a
    conversion) for the processing area, and the discard pile once their resolution is over.
    ``convert``: a converted card is checked first (the skill is owned, the cards qualify)."""
    s = eng.seat(e.seat)
    if s is None:
        return
    if convert and e.as_ is not None and e.cards:
        check_conversion(eng, e, e.as_)
    phys = [e.card] if e.card is not None else list(e.cards or [])
    eng.take_from_hand(s, phys, allow_equip=e.as_ is not None)
    eng.to_processing(phys)


class CardEffect(Frame):
    """A card in resolution against its targets, one at a time, in the order the rules fix.

    ``need`` is the card a target may answer with (闪 for 杀/万箭齐发, 杀 for 南蛮入侵); ``damages``
    says whether an unanswered target takes damage. Out-of-order target events are reported as
    SGS-R001 and then applied (the seat is taken out of the queue).
    """

    label = "card effect"

    def __init__(self, eng: Engine, user: int, name: str, card: str | None, order: list[int], *,
                 need: str | None = None, need_count: int = 1, damages: bool = False, amount: int = 1,
                 undodgeable: bool = False) -> None:
        self.user = user
        self.source = user  # whose damage it is (祸首: 孟获 for every 南蛮入侵)
        self.name = name
        #: how the card resolves (declared by its definition: plugins.EffectTraits)
        self.traits = plugins.effect_traits(name)
        self.card = card
        self.queue = list(order)
        self.targets = len(order)  # how many targets it had when it was used
        self.need = need
        self.need_count = need_count
        self.damages = damages
        self.amount = amount
        self.undodgeable = undodgeable
        self.answers = 0
        self.nullified = 0  # parity of 无懈可击 on the current target
        self.nullified_named = False  # the log named the current target of its 无懈可击 (`for`)
        self.started = False  # the current target has had a response window event
        self.declined = False
        self.extra: set[str] = set()  # effects logged for the current target (judge, skills)
        self.after_dodge = False  # a 闪 cancelled the 杀: the window of the effects that follow a 闪
        self.given_answer: int | None = None  # an effect gave this seat its answer (its `respond` may follow)
        self.colour = _colour([card] if card else [])  # "red", "black", "none" (无色) or None (not known)
        self.nature = "normal"  # the damage nature (雷杀, 火杀)

    def expected_damage(self, eng: Engine, target: int) -> int:
        """The damage this card deals ``target`` now: its amount, what the user's side adds when it
        deals it (造成伤害时: 古锭刀; modifier ``damage_dealt``), then what the target's side changes."""
        seat = eng.seat(target)
        amount = int(plugins.modify("damage_dealt", self.amount, eng, self, seat))
        return damage_taken(eng, seat, amount, self.nature, armor=not self.armor_ignored(eng))

    @property
    def head(self) -> int | None:
        return self.queue[0] if self.queue else None

    @property
    def begun(self) -> bool:
        """The card has begun to take effect: a target has answered, passed, judged for it, been
        countered or been resolved (the 指定目标后 window is over)."""
        return self.started or bool(self.answers) or self.after_dodge or bool(self.nullified) \
            or len(self.queue) < self.targets

    def describe(self) -> str:
        return f"{self.name} of seat {self.user}"

    @staticmethod
    def _alive(eng: Engine, seat: int) -> bool:
        s = eng.seat(seat)
        return s is None or s.alive

    def _void_unasked(self, eng: Engine) -> bool:
        """The card has no effect on the target whose turn it is (对你无效: 藤甲 …) and nothing was asked of it
        yet: the card is void for it before any 无懈可击 could be asked, so none is."""
        head = eng.seat(self.head) if self.head is not None else None
        return head is not None and not self.started and not self.nullified and not self.answers \
            and any(rule.voids(self, eng, head) for rule in EFFECT_RULES)

    def _advance(self) -> None:
        if self.queue:
            self.queue.pop(0)
        self.answers = 0
        self.nullified = 0
        self.nullified_named = False
        self.started = False
        self.declined = False
        self.extra = set()
        self.after_dodge = False

    def _current_needs_damage(self, eng: Engine) -> bool:
        t = self.head
        if t is None or not self.damages:
            return False
        if self.nullified % 2 == 1 or self.answers >= self.need_count:
            return False
        seat = eng.seat(t)
        if seat is None or not seat.alive:
            return False
        return not self._stopped(eng, seat, current=True)

    def _stopped(self, eng: Engine, seat: Seat, *, current: bool) -> bool:
        """An equipment card or a skill may stop the damage to ``seat`` (or it is not known)."""
        return any(rule.stops(self, eng, seat, current) is not False for rule in EFFECT_RULES)

    def armor_ignored(self, eng: Engine) -> bool:
        """Whether the targets' armour has no effect on this card (modifier ``armor_ignored``)."""
        return bool(plugins.modify("armor_ignored", False, eng, self))

    def count_answer(self) -> None:
        """The current target has given one more of the answers the card needs."""
        self.answers += 1
        if self.answers >= self.need_count:
            if self.traits.after_dodge:
                self.after_dodge = True
            else:
                self._advance()

    def _resolved(self) -> bool:
        return self.nullified % 2 == 1 or self.answers >= self.need_count

    def needs_damage(self, eng: Engine) -> bool:
        """The target whose turn it is still owes the card's damage."""
        return self._current_needs_damage(eng)

    def skip_current(self) -> None:
        """The target whose turn it is is over (its missing consequence was reported)."""
        self._advance()

    def reach(self, eng: Engine, seat: int, what: str) -> None:
        """An effect outside this frame (八卦阵, a lord's demand) acts for ``seat``, a later target: the
        targets before it are done (answered, countered, void), or the order is reported."""
        if seat != self.head and seat in self.queue:
            self._jump_to(eng, seat, what)

    def _jump_to(self, eng: Engine, seat: int, what: str) -> bool:
        """An event for ``seat``; returns True if it may be applied as that target's resolution."""
        if seat == self.head:
            return True
        if seat not in self.queue:
            return False
        # a later target: the earlier ones must be finished. A 无懈可击 that names no target in the log
        # (no `for`) leaves a run of them to be split between consecutive targets in any way the rules
        # permit; one that names its target belongs to it.
        spare = 0 if self.nullified_named else self.nullified
        while self.queue and self.queue[0] != seat:
            first = eng.seat(self.queue[0])
            if first is not None and not first.alive and not self.started:
                self._advance()  # died before its turn in the resolution came (雷击 …): nothing is asked of it
                continue
            if self.answers >= self.need_count:
                self._advance()
                self.nullified = spare
                continue
            if spare >= 1:
                spare -= 1
                self._advance()
                self.nullified = spare
                continue
            if self.started and not self._current_needs_damage(eng):
                self._advance()
                continue
            if self.declined and self._current_needs_damage(eng) and eng.mode.strict_damage():
                # the target whose turn it was declined to answer: its damage was due and is missing
                missing = self.queue[0]
                eng.report(R.D_MISSING, missing, f"{self.name} of seat {self.user}: seat {missing} did not answer "
                           "and took no damage", expected=f"damage to seat {missing}", observed=f"{what} for seat {seat}")
                self._advance()
                continue
            head = eng.seat(self.queue[0])
            if head is not None and not self.started and self.nullified % 2 == 0 \
                    and any(rule.voids(self, eng, head) for rule in EFFECT_RULES):
                self._advance()
                continue
            expected = self.queue[0]
            eng.report(R.R_TARGET_ORDER, seat,
                       f"{what} for seat {seat} before seat {expected} has resolved {self.name} (order {self.queue})",
                       expected=f"seat {expected} next", observed=f"seat {seat}")
            self.queue.remove(seat)
            self.queue.insert(0, seat)
            self.answers = 0
            self.nullified = 0
            self.started = False
            return True
        return True

    def awaiting(self, eng: Engine) -> bool:
        return bool(self.queue)

    def wants(self, eng: Engine, e: ev.Event) -> bool:
        for rule in _rules_for(type(e)):
            if rule.wants(self, eng, e):
                return True
        if isinstance(e, ev.Use):
            if used_name(e) == CARD.nullification and not e.targets:
                return self.head is not None and self.traits.nullifiable
            return self.need is not None and used_name(e) == self.need and e.seat in self.queue and not e.targets
            # (an answer written as `use`, 使用 in the rulebook's words: it answers the demand)
        if isinstance(e, ev.Respond):
            return self.need is not None and e.seat in self.queue
        if isinstance(e, ev.Pass):
            return e.seat in self.queue
        if isinstance(e, ev.Damage):
            return (e.target in self.queue and (e.source == self.source or (self.traits.sourceless_damage and e.source is None))
                    and (e.card is None or self.card is None or e.card == self.card))
        return False

    def offer(self, eng: Engine, line: int, e: ev.Event) -> bool:
        if isinstance(e, ev.Use) and self.need is not None and used_name(e) == self.need and not e.targets:
            e = ev.Respond(seat=e.seat, card=e.card, as_=e.as_, cards=e.cards, skill=e.skill, t=e.t, note=e.note)
        if isinstance(e, ev.Use) and used_name(e) == CARD.nullification and not e.targets:
            while self.head is not None and self.traits.nullifiable and (not self._alive(eng, self.head)
                                                                         or self._void_unasked(eng)):
                self._advance()  # a target that died in its turn of the resolution (or before it), or one the card
                # has no effect on (藤甲: no 无懈可击 is asked for it): the next one's
            if e.for_ is not None and self.traits.nullifiable:  # the log names the target it is about
                if e.for_ not in self.queue:
                    return self._take_card(eng, e)  # a target whose part is over: it counters nothing left
                self._jump_to(eng, e.for_, f"a {CARD.nullification}")
                self.nullified_named = True
            if self.head is not None and self.traits.nullifiable:
                self.nullified += 1
                self.started = True
                return self._take_card(eng, e)
            return False
        for rule in _rules_for(type(e)):
            if rule.wants(self, eng, e):
                done = rule.offer(self, eng, e)
                if done is not None:
                    return done
        if isinstance(e, ev.Respond):
            name = used_name(e)
            if self.need is None or e.seat not in self.queue:
                return False
            if not self._jump_to(eng, e.seat, "a response"):
                return False
            if name is not None and name != self.need:
                eng.report(R.P_WRONG_CARD, e.seat, f"{name} does not answer {self.name}", expected=self.need, observed=name,
                           subjects=self.at_stake(eng))
                self.started = True
                self._take_card(eng, e)
                return True  # the card is spent and answers nothing: the effect is still due
            if self.undodgeable and self.need == CARD.jink:
                eng.report(R.P_UNDODGEABLE, e.seat, f"the {self.name} of seat {self.user} cannot be dodged",
                           expected=f"no {CARD.jink}", observed=CARD.jink)
                self.started = True
                self._take_card(eng, e)
                return True  # the 闪 is spent and dodges nothing: the damage is still due
            self.started = True
            self._take_card(eng, e)
            self.count_answer()
            return True
        if isinstance(e, ev.Pass):
            if e.seat in self.queue and self._jump_to(eng, e.seat, "a pass"):
                self.started = True
                self.declined = True
                return True
            return False
        if isinstance(e, ev.Damage):
            if e.target not in self.queue:
                return False
            if e.source != self.source and not (self.traits.sourceless_damage and e.source is None):
                return False
            if e.card is not None and self.card is not None and e.card != self.card:
                return False
            if not self._jump_to(eng, e.target, "damage"):
                return False
            if self.nullified % 2 == 1 and self.nullified > 1 and not self.nullified_named:
                pass  # an even run of 无懈可击 before this one: accepted as a counter-chain split
            elif self._resolved():  # a 闪 (or a red 八卦阵) cancelled it; 贯石斧 reopens it (equipment.py)
                eng.report(R.D_UNEXPECTED, e.target,
                           f"seat {e.target} answered or countered {self.name} yet takes damage", observed=f"damage {e.amount}")
            elif (why := self._objection(eng, e.target)) is not None:
                eng.report(R.D_UNEXPECTED, e.target, why, expected="no damage", observed=f"damage {e.amount}")
            elif e.amount != (want := self.expected_damage(eng, e.target)):
                eng.report(R.D_AMOUNT, e.target, f"{self.name} deals {want}", expected=want, observed=e.amount)
            if e.nature != self.nature:
                eng.report(R.D_NATURE, e.target, f"{self.name} deals {self.nature} damage", expected=self.nature,
                           observed=e.nature)
            self._advance()
            apply_damage(eng, e)
            return True
        return False

    def at_stake(self, eng: Engine) -> list[str]:
        """The cards and skills an answer or a missing damage of this card depends on: the card, the card
        that answers it, and the user's skills that raise how many answers it takes (无双)."""
        out = [self.name] + ([self.need] if self.need else [])
        user = eng.seat(self.user)
        if user is not None and self.need_count > 1:
            from dataclasses import replace

            for sk in sorted(user.skills):
                if plugins.modify("answers_needed", 1, eng, replace(user, skills=user.skills - {sk}), self.name) < self.need_count:
                    out.append(sk)
        return out

    def _objection(self, eng: Engine, target: int) -> str | None:
        seat = eng.seat(target)
        if seat is None:
            return None
        return next((why for rule in EFFECT_RULES if (why := rule.objection(self, eng, seat)) is not None), None)

    def _take_card(self, eng: Engine, e: ev.Use | ev.Respond) -> bool:
        seat = eng.seat(e.seat)
        if seat is None:
            return True
        if e.as_ is not None and e.cards:
            check_conversion(eng, e, e.as_)
        spend(eng, e)
        return True

    def close(self, eng: Engine, line: int, e: ev.Event | None) -> None:
        if e is None or eng.over:  # a log fragment, or the game ended in the middle (二(三) 游戏立即结束)
            return
        missing = []
        if self._current_needs_damage(eng):
            missing.append(self.head)
        for t in self.queue[1:]:
            seat = eng.seat(t)
            if seat is not None and seat.alive and self.damages and not self._stopped(eng, seat, current=False):
                missing.append(t)
        if missing and eng.mode.strict_damage():
            eng.report(R.D_MISSING, missing[0], f"{self.name} of seat {self.user}: no damage logged for seat(s) {missing}",
                       expected=f"damage to {missing}", observed=f"`{ev.event_type(e)}`", subjects=self.at_stake(eng))


class DuelFrame(Frame):
    """决斗: the target answers first, then the two alternate playing 杀 (seed 001 一(四) 决斗)."""

    label = CARD.duel

    def __init__(self, eng: Engine, user: int, target: int, card: str | None) -> None:
        self.user = user
        self.target = target
        self.card = card
        self.turn = target
        self.count = 0
        self.nullified = 0
        self.done = False
        #: the card the two alternate playing (declared by 决斗's definition)
        self.demand = plugins.DEMANDS.get(CARD.duel, "")

    def _need(self, eng: Engine) -> int:
        other = self.user if self.turn == self.target else self.target
        s = eng.seat(other)
        return 1 if s is None else plugins.modify("answers_needed", 1, eng, s, CARD.duel)

    def awaiting(self, eng: Engine) -> bool:
        return not self.done

    def wants(self, eng: Engine, e: ev.Event) -> bool:
        if self.done:
            return False
        if isinstance(e, ev.Use):
            if used_name(e) == self.demand and not e.targets and e.seat in (self.user, self.target):
                return self.nullified % 2 == 0  # a 杀 written as `use`: the duel's answer
            return used_name(e) == CARD.nullification and not e.targets and self.count == 0
        if isinstance(e, (ev.Respond, ev.Pass)):
            return e.seat in (self.user, self.target) and self.nullified % 2 == 0
        if isinstance(e, ev.Damage):
            return (e.target in (self.user, self.target) and e.source in (self.user, self.target, None)
                    and e.target != e.source and (e.card is None or self.card is None or e.card == self.card))
        return False

    def offer(self, eng: Engine, line: int, e: ev.Event) -> bool:
        if isinstance(e, ev.Use) and used_name(e) == self.demand and not e.targets:
            e = ev.Respond(seat=e.seat, card=e.card, as_=e.as_, cards=e.cards, skill=e.skill, t=e.t, note=e.note)
        if self.done:
            return False
        if isinstance(e, ev.Use) and used_name(e) == CARD.nullification and not e.targets and self.count == 0:
            self.nullified += 1
            spend(eng, e, convert=True)  # a 无懈可击 made of another card
            return True
        if self.nullified % 2 == 1:
            return False
        if isinstance(e, ev.Respond) and e.seat in (self.user, self.target):
            name = used_name(e)
            if e.seat != self.turn:
                eng.report(R.R_TARGET_ORDER, e.seat, f"it is seat {self.turn}'s turn to play {self.demand} in the {CARD.duel}",
                           expected=f"seat {self.turn}", observed=f"seat {e.seat}")
                self.turn = e.seat
            if name is not None and name != self.demand:
                eng.report(R.P_WRONG_CARD, e.seat, f"{CARD.duel} asks for {self.demand}", expected=self.demand, observed=name)
            if e.as_ is not None and e.cards:
                check_conversion(eng, e, e.as_)
            spend(eng, e)
            if name is not None and name != self.demand:
                return True  # not a 杀: it counts for nothing, the seat still owes one
            self.count += 1
            if self.count >= self._need(eng):
                self.count = 0
                self.turn = self.user if self.turn == self.target else self.target
            return True
        if isinstance(e, ev.Pass) and e.seat in (self.user, self.target):
            return True
        if isinstance(e, ev.Damage) and e.target in (self.user, self.target) and e.source in (self.user, self.target, None) \
                and (e.card is None or self.card is None or e.card == self.card) and e.target != e.source:
            if e.target != self.turn:
                eng.report(R.D_UNEXPECTED, e.target, f"seat {self.turn} failed to play {self.demand} and takes the {CARD.duel} damage",
                           expected=f"damage to seat {self.turn}", observed=f"damage to seat {e.target}")
            amount = 1 + (plugins.modify("damage_bonus", 0, eng, e.source, CARD.duel) if e.source == self.user else 0)
            amount = damage_taken(eng, eng.seat(e.target), amount, "normal")
            if e.amount != amount and eng.mode.strict_damage():
                eng.report(R.D_AMOUNT, e.target, f"{CARD.duel} deals {amount}", expected=amount, observed=e.amount)
            self.done = True

            apply_damage(eng, e)
            return True
        return False

    def close(self, eng: Engine, line: int, e: ev.Event | None) -> None:
        if e is None or self.done or self.nullified % 2 == 1 or eng.over:
            return
        s = eng.seat(self.turn)
        if s is not None and s.alive and not damage_stoppable(s) and eng.mode.strict_damage():
            eng.report(R.D_MISSING, self.turn, f"{CARD.duel} of seat {self.user}: seat {self.turn} played no {self.demand} and took no damage",
                       expected=f"damage to seat {self.turn}", observed=f"`{ev.event_type(e)}`")


class TargetedTrick(Frame):
    """A trick at one target that its own frame resolves (火攻, 水淹七军): each 无懈可击 with no target
    turns the one before it; ``done`` once its effect is taken."""

    def __init__(self, user: int, target: int, card: str | None) -> None:
        self.user = user
        self.target = target
        self.card = card
        self.nullified = 0
        self.done = False

    @property
    def countered(self) -> bool:
        return self.nullified % 2 == 1

    def awaiting(self, eng: Engine) -> bool:
        return not self.done and not self.countered

    @staticmethod
    def is_counter(e: ev.Event) -> bool:
        return isinstance(e, ev.Use) and used_name(e) == CARD.nullification and not e.targets

    def take_counter(self, eng: Engine, e: ev.Use) -> None:
        self.nullified += 1
        spend(eng, e)

    def own_damage(self, e: ev.Damage) -> bool:
        """The damage the trick deals: to its target, from its user, by its card (when named)."""
        return e.target == self.target and e.source == self.user and (e.card is None or self.card is None or e.card == self.card)

    def deal(self, eng: Engine, e: ev.Damage, name: str, nature: str = "normal") -> bool:
        """Its own damage taken: 1 of ``nature`` after the target's armour (checked), then applied."""
        want = damage_taken(eng, eng.seat(self.target), 1, nature)
        if e.amount != want:
            eng.report(R.D_AMOUNT, self.target, f"{name} deals {want}", expected=want, observed=e.amount)
        if nature != "normal" and e.nature != nature:
            eng.report(R.D_NATURE, self.target, f"{name} deals {nature} damage", expected=nature, observed=e.nature)
        self.done = True
        apply_damage(eng, e)
        return True

    def still_owed(self, eng: Engine, e: ev.Event | None) -> Seat | None:
        """The target, when the frame closes with its effect still owed (a living target, not countered)."""
        if e is None or eng.over or self.done or self.countered:
            return None
        s = eng.seat(self.target)
        return s if s is not None and s.alive else None


class SimpleTrick(Frame):
    """A single-target trick whose effect is one logged event: 顺手牵羊, 过河拆桥, 无中生有, 借刀杀人 …"""

    label = "trick"

    def __init__(self, eng: Engine, user: int, name: str, targets: list[int]) -> None:
        self.user = user
        self.name = name
        self.queue = list(targets)
        self.nullified = 0
        self.effects = 0
        self.victim: int | None = None

    def awaiting(self, eng: Engine) -> bool:
        return bool(self.queue)

    def wants(self, eng: Engine, e: ev.Event) -> bool:
        if isinstance(e, ev.Use) and used_name(e) == CARD.nullification and not e.targets:
            return bool(self.queue)
        if self.name == CARD.ex_nihilo and isinstance(e, ev.Draw):
            return e.seat == self.user and e.reason in ("card", None) and bool(self.queue)
        if self.name == CARD.ex_nihilo and isinstance(e, ev.Move):  # the draw written as a move from the pile
            return bool(self.queue) and e.from_.zone == Zone.DECK and e.to.zone == Zone.HAND and e.to.seat == self.user
        if self.name == CARD.dismantlement and isinstance(e, ev.Discard):  # 该角色弃置这张牌, written as the target's discard
            return bool(self.queue) and e.seat == self.queue[0] and e.reason in (self.name, None)
        if self.name in TAKING_TRICKS and isinstance(e, ev.Move):
            return bool(self.queue) and e.from_.seat == self.queue[0] and e.reason in (self.name, None) \
                and e.from_.zone in (("equip",) if self.name == CARD.collateral else ("hand", "equip", "judge"))
        return False

    def offer(self, eng: Engine, line: int, e: ev.Event) -> bool:
        if isinstance(e, ev.Use) and used_name(e) == CARD.nullification and not e.targets:
            self.nullified += 1
            spend(eng, e, convert=True)  # a 无懈可击 made of another card
            return True
        if self.nullified % 2 == 1 and self.queue and (isinstance(e, (ev.Move, ev.Discard)) or
                                                       (isinstance(e, ev.Draw) and self.name == CARD.ex_nihilo)):
            # seed 001 一(四) 无懈可击: 抵消其对一名角色产生的效果 — the countered trick does nothing
            eng.report(R.D_CARD_EFFECT, self.queue[0], f"{self.name} was countered by {CARD.nullification} and has no effect",
                       expected="no effect", observed=f"`{ev.event_type(e)}`")
        if self.nullified % 2 == 1:
            if self.queue:
                self.queue.pop(0)
                self.nullified = 0
            return False
        if isinstance(e, ev.Discard) or (self.name == CARD.ex_nihilo and isinstance(e, ev.Move)):
            if isinstance(e, ev.Move) and len(e.cards) != 2 + eng.mode.ex_nihilo_bonus(self.user):
                want = 2 + eng.mode.ex_nihilo_bonus(self.user)
                eng.report(R.D_CARD_EFFECT, self.user, f"{CARD.ex_nihilo} draws {want}", expected=want, observed=len(e.cards))
            self.queue = []
            return False  # applied by its handler
        if self.name in TAKING_TRICKS and isinstance(e, ev.Move):
            # seed 001 一(四): 过河拆桥 — 该角色弃置这张牌; 顺手牵羊 — 获得该角色的 … 一张牌
            # 借刀杀人 — 否则获得A装备区里的武器 (the user takes A's weapon)
            to_ok = e.to.zone == Zone.DISCARD if self.name == CARD.dismantlement else (e.to.zone == Zone.HAND and e.to.seat == self.user)
            where = "the discard pile" if self.name == CARD.dismantlement else f"seat {self.user}'s hand"
            holder = eng.seat(self.queue[0])
            if self.name == CARD.collateral and holder is not None and e.cards and holder.equip.get(Slot.WEAPON) not in e.cards:
                eng.report(R.D_CARD_EFFECT, self.queue[0], f"{CARD.collateral} takes seat {self.queue[0]}'s weapon",
                           expected=holder.equip.get(Slot.WEAPON) or "the weapon", observed=e.cards)
            elif not to_ok:
                eng.report(R.D_CARD_EFFECT, self.queue[0], f"the card {self.name} takes goes to {where}",
                           expected=where, observed=f"{e.to.zone}" + (f" of seat {e.to.seat}" if e.to.seat else ""))
            elif len(e.cards) != 1:
                eng.report(R.D_CARD_EFFECT, self.queue[0], f"{self.name} takes one card", expected=1, observed=len(e.cards))
            elif self.name == CARD.dismantlement and eng.rs.p.dismantlement_reveal_hand and e.from_.zone == Zone.JUDGE:
                # 1v1 (《2013 王者之战 比赛规则》): 弃置其装备区里的一张牌；或令对手亮出所有手牌，你弃置其中一张
                eng.report(R.D_CARD_EFFECT, self.queue[0], f"{self.name} (1v1) takes a card of the equipment area or the hand",
                           expected="equip or hand", observed=f"{e.cards} from the judgement area")
            self.queue = []
            return False  # the move itself is applied by its handler
        if self.name == CARD.ex_nihilo and isinstance(e, ev.Draw) and e.seat == self.user and e.reason in ("card", None):
            want = 2 + eng.mode.ex_nihilo_bonus(self.user)
            if len(e.cards) != want:
                eng.report(R.D_CARD_EFFECT, e.seat, f"{CARD.ex_nihilo} draws {want}", expected=want, observed=len(e.cards))
            eng.draw_from_pile(e.seat, e.cards)
            s = eng.seat(e.seat)
            if s is not None:
                for c in e.cards:
                    if is_unknown(c):
                        s.hidden += 1
                    else:
                        s.hand[c] += 1
            self.queue = []
            return True
        if self.name == CARD.god_salvation and isinstance(e, ev.Recover) and e.seat in self.queue:
            return False
        return False

    def close(self, eng: Engine, line: int, e: ev.Event | None) -> None:
        if e is None or self.name != CARD.ex_nihilo or not self.queue or self.nullified % 2 == 1:
            return
        if eng.unknown_skill_turn or isinstance(e, (ev.GameEnd, ev.Death, ev.Dying)):
            return
        eng.report(R.D_CARD_EFFECT, self.user, f"{CARD.ex_nihilo} resolved and its two cards were not drawn",
                   expected="draw 2 (reason card)", observed=f"`{ev.event_type(e)}`")


class DyingFrame(Dying):
    """A character at HP ≤ 0: rescue is asked from the current player onwards (SGS-R003)."""

    label = "dying"

    def __init__(self, eng: Engine, seat: int) -> None:
        self.seat = seat
        order_start = eng.current if eng.current in eng.table.seats else seat
        self.order = eng.table.order_from(order_start)
        if seat not in self.order:
            self.order.append(seat)
        self.asked_index = 0
        self.died = False
        self.interrupted = False  # SGS-R004 was reported: play went on while this seat was dying
        self.rescued = False  # rescued, then brought to 0 HP again: a new dying state has its own frame
        #: an engine's fault ended the rescue (FreeKill's 救主, modifier ``alive_at_zero``): the character stays
        #: alive at HP ≤ 0 whatever changes before the frame closes
        self.spared = False

    def awaiting(self, eng: Engine) -> bool:
        s = eng.seat(self.seat)
        return not self.died and not self.rescued and not self.spared and s is not None and s.alive and s.hp <= 0 \
            and not survives_at_zero(eng, s)

    def wants(self, eng: Engine, e: ev.Event) -> bool:
        s = eng.seat(self.seat)
        if s is None or self.died or self.rescued:
            return False
        if isinstance(e, (ev.Dying, ev.Death)):
            return e.seat == self.seat
        if isinstance(e, ev.Use):
            rescue = RESCUE_CARDS.get(used_name(e) or "")
            return rescue is not None and (e.targets or [e.seat]) == [self.seat] and s.hp <= 0 \
                and (not rescue[0] or e.seat == self.seat)
        if isinstance(e, ev.Pass):
            return s.hp <= 0
        return False

    def offer(self, eng: Engine, line: int, e: ev.Event) -> bool:
        s = eng.seat(self.seat)
        if s is None or self.died:
            return False
        if isinstance(e, ev.Dying) and e.seat == self.seat:
            return True
        rescue = RESCUE_CARDS.get(used_name(e) or "") if isinstance(e, ev.Use) else None
        if isinstance(e, ev.Use) and rescue is not None and (e.targets or [e.seat]) == [self.seat] and s.hp <= 0 \
                and (not rescue[0] or e.seat == self.seat):
            if e.seat in self.order:
                idx = self.order.index(e.seat)
                if idx < self.asked_index:
                    eng.report(R.R_RESCUE_ORDER, e.seat,
                               f"seat {e.seat} rescues after seat {self.order[self.asked_index]} was asked (order {self.order})",
                               expected=f"seats in order {self.order}", observed=f"seat {e.seat}")
                self.asked_index = max(self.asked_index, idx)
            rescue[1](eng, e, self.seat)
            return True
        if isinstance(e, ev.Pass):
            if e.seat in self.order:
                self.asked_index = max(self.asked_index, self.order.index(e.seat))
            return True
        if isinstance(e, ev.Recover) and e.seat == self.seat:
            return False  # applied by the handler; the frame stays
        if isinstance(e, ev.Death) and e.seat == self.seat:
            self.died = True
            return False
        if isinstance(e, ev.Skill) and s.hp <= 0:
            return False  # 急救, 不屈 … are handled by their own checks
        return False

    def close(self, eng: Engine, line: int, e: ev.Event | None) -> None:
        s = eng.seat(self.seat)
        if s is None or self.rescued:
            return
        s.dying = False
        if isinstance(e, ev.Death) and e.seat == self.seat:
            return
        if s.alive and s.hp <= 0 and not self.spared and not survives_at_zero(eng, s) and e is not None:
            if not self.interrupted:  # else the same mistake was reported already (SGS-R004)
                eng.report(R.D_DEATH_MISSING, self.seat, f"seat {self.seat} is at {s.hp} HP after the rescue and must die",
                           expected=f"death of seat {self.seat}", observed=f"`{ev.event_type(e)}`")
            eng.kill(s, eng.last_damage_source.get(self.seat))


class DeathAftermath(Frame):
    """Rewards and penalties after a death (seed 001 二(二) 奖励与惩罚): explicit events, expected next."""

    label = "reward"

    def __init__(self, eng: Engine, victim: Seat, killer: int | None, reward: int, penalty_cards: list[str]) -> None:
        self.victim = victim.seat
        self.killer = killer
        self.reward = reward
        self.penalty = list(penalty_cards)
        self.rewarded = reward == 0
        self.penalised = not penalty_cards

    def wants(self, eng: Engine, e: ev.Event) -> bool:
        if isinstance(e, ev.Draw):
            return not self.rewarded and e.seat == self.killer and e.reason in ("reward", None)
        if isinstance(e, ev.Discard):
            return not self.penalised and e.seat == self.killer
        return False

    def offer(self, eng: Engine, line: int, e: ev.Event) -> bool:
        if not self.rewarded and isinstance(e, ev.Draw) and e.seat == self.killer and e.reason in ("reward", None):
            if len(e.cards) != self.reward:
                eng.report(eng.mode.reward_rules[0], e.seat, f"the reward is {self.reward} cards", expected=self.reward, observed=len(e.cards))
            self.rewarded = True
            do_draw(eng, e)
            return True
        if not self.penalised and isinstance(e, ev.Discard) and e.seat == self.killer:
            do_discard(eng, e)
            s = eng.seat(self.killer)
            if s is not None and (s.hand_count or s.equip):
                eng.report(eng.mode.reward_rules[1], self.killer, f"{self._who(eng)} must discard every hand and equipment card",
                           expected="no cards left", observed=f"{s.hand_count} hand, {len(s.equip)} equipped")
            self.penalised = True
            return True
        if isinstance(e, ev.Skill) and e.seat == self.victim:
            return False  # death-time skills (武魂 …)
        return False

    def _who(self, eng: Engine) -> str:
        return "the lord" if eng.header.mode == "identity" else f"seat {self.killer}"

    def close(self, eng: Engine, line: int, e: ev.Event | None) -> None:
        if e is None or isinstance(e, ev.GameEnd) or eng.over:
            return
        if not self.rewarded:
            eng.report(eng.mode.reward_rules[0], self.killer, f"seat {self.killer} killed seat {self.victim} and did not draw the reward",
                       expected=f"draw {self.reward} (reason reward)", observed=f"`{ev.event_type(e)}`")
        if not self.penalised:
            s = eng.seat(self.killer)
            if s is not None and (s.hand_count or s.equip):
                eng.report(eng.mode.reward_rules[1], self.killer,
                           "the lord killed a loyalist and kept cards" if eng.header.mode == "identity"
                           else f"seat {self.killer} killed a character of its own kingdom and kept cards",
                           expected="discard all hand and equipment cards", observed=f"`{ev.event_type(e)}`")


def _retrial(skill: str) -> bool:
    return timing_of(skill) is Timing.BEFORE_JUDGEMENT_TAKES_EFFECT


class JudgeFrame(Frame):
    """A judgement in progress: retrials (鬼才, 鬼道) may replace the card; the last one stands."""

    label = "judgement"
    transient = True

    def __init__(self, eng: Engine, seat: int, reason: str | None, card: str, on_result=None) -> None:  # type: ignore[no-untyped-def]
        self.seat = seat
        self.reason = reason
        self.card = card
        self.on_result = on_result
        self.settled = False

    def take(self, eng: Engine, e: ev.Judge) -> None:
        """The judgement card is turned from the draw pile into the processing area (判定牌), where it
        stays until the judgement, retrials included, is over."""
        eng.draw_from_pile(e.seat, [e.card])
        if not is_unknown(e.card):
            eng.table.processing[e.card] += 1

    def awaiting(self, eng: Engine) -> bool:
        return not self.settled

    def wants(self, eng: Engine, e: ev.Event) -> bool:
        return isinstance(e, ev.Retrial) or (isinstance(e, ev.Skill) and _retrial(e.skill))

    def offer(self, eng: Engine, line: int, e: ev.Event) -> bool:
        if isinstance(e, ev.Retrial):
            eng.skills.on_retrial(self, e)  # owner, card, order of several retrials (skills.py)
            return True
        if isinstance(e, ev.Skill) and _retrial(e.skill):
            return True  # announced before the retrial card
        return False

    def close(self, eng: Engine, line: int, e: ev.Event | None) -> None:
        if self.settled:
            return
        self.settled = True
        # the judgement card goes to the discard pile (implied), unless a skill takes it (天妒)
        if not (isinstance(e, ev.Skill) and timing_of(e.skill) is Timing.JUDGEMENT_TAKEN_EFFECT):
            eng.leave_processing([self.card])
        else:
            eng.leave_processing([self.card], discard=False)
            s = eng.seat(e.seat)
            if s is not None and not is_unknown(self.card):
                s.hand[self.card] += 1
        if self.on_result is not None:
            self.on_result(eng, eng.skills.effective_card(self.seat, self.card))  # 红颜: ♠ counts as ♥


class JudgePhase(Frame):
    """The judge phase: delayed tricks judged last placed first (seed 001 二(二) II; SGS-R002)."""

    label = "judge phase"
    optional = True

    def __init__(self, eng: Engine, seat: Seat) -> None:
        self.seat = seat.seat
        order = list(reversed(seat.judge))
        if eng.rs.p.delayed_trick_order == "lightning_first":
            order.sort(key=lambda c: 0 if seat.judge_as.get(c, parse_card(c).name) == CARD.lightning else 1)
        self.queue = order
        self.nullified = 0

    def _name(self, eng: Engine, card: str) -> str:
        s = eng.seat(self.seat)
        return (s.judge_as.get(card) if s else None) or parse_card(card).name

    def prune(self, eng: Engine) -> None:
        """A trick that left the judge area before its turn came (涅槃 discards them all) is not judged."""
        s = eng.seat(self.seat)
        if s is not None:
            self.queue = [c for c in self.queue if c in s.judge]

    def wants(self, eng: Engine, e: ev.Event) -> bool:
        self.prune(eng)
        if not self.queue:
            return False
        if isinstance(e, ev.Use):
            return used_name(e) == CARD.nullification and not e.targets
        return isinstance(e, ev.Judge) and e.seat == self.seat and e.reason in (CARD.indulgence, CARD.lightning, CARD.supply_shortage)

    def offer(self, eng: Engine, line: int, e: ev.Event) -> bool:
        s = eng.seat(self.seat)
        self.prune(eng)
        if s is None or not self.queue:
            return False
        if isinstance(e, ev.Use) and used_name(e) == CARD.nullification and not e.targets:
            self.nullified += 1
            spend(eng, e, convert=True)  # a 无懈可击 made of another card
            return True
        if isinstance(e, ev.Judge) and e.seat == self.seat and e.reason in (CARD.indulgence, CARD.lightning, CARD.supply_shortage):
            head = self.queue[0]
            if self.nullified % 2 == 1:
                self._countered(eng, head)
                if not self.queue:
                    return False
                head = self.queue[0]
            names = [self._name(eng, c) for c in self.queue]
            if e.reason != names[0]:
                if e.reason in names:
                    eng.report(R.R_JUDGE_ORDER, self.seat,
                               f"{names[0]} was placed last and is judged first (judge area {[self._name(eng, c) for c in s.judge]})",
                               expected=names[0], observed=e.reason)
                    head = self.queue[names.index(e.reason)]
                else:
                    eng.report(R.R_JUDGE_ORDER, self.seat, f"no {e.reason} in seat {self.seat}'s judge area",
                               expected=names[0], observed=e.reason)
                    return False
            self.queue.remove(head)
            if head in s.judge:
                s.judge.remove(head)
            name = self._name(eng, head)
            eng.this_turn.judged[name] += 1
            s.judge_as.pop(head, None)
            frame = JudgeFrame(eng, self.seat, e.reason, e.card, on_result=lambda en, card: self._effect(en, name, head, card))
            frame.take(eng, e)
            eng.push(frame)
            self.nullified = 0
            return True
        if self.nullified % 2 == 1 and not isinstance(e, ev.Use):
            self._countered(eng, self.queue[0])
            return self.offer(eng, line, e) if self.queue else False
        return False

    def _countered(self, eng: Engine, card: str) -> None:
        s = eng.seat(self.seat)
        self.queue.remove(card)
        self.nullified = 0
        if s is None:
            return
        if card in s.judge:
            s.judge.remove(card)
        name = s.judge_as.pop(card, None) or parse_card(card).name
        if name == CARD.lightning:
            self._pass_lightning(eng, card)
        else:
            eng.to_discard([card])

    def _pass_lightning(self, eng: Engine, card: str) -> None:
        t = eng.table
        nxt = t.next_alive(self.seat)
        for _ in range(t.n):
            ns = t.seats[nxt]
            if CARD.lightning not in ns.judge_names():
                ns.judge.append(card)
                return
            nxt = t.next_alive(nxt)
        eng.to_discard([card])

    def _effect(self, eng: Engine, name: str, trick: str, judged: str) -> None:
        c = None if is_unknown(judged) else parse_card(judged)
        if name == CARD.indulgence:
            eng.to_discard([trick])
            if c is None:
                eng.unverifiable_because("hidden judgement card")
            elif c.suit.name != "HEART":
                eng.skipped_phases.add("play")
            else:
                eng.this_turn.spared.add("play")  # ◆若判定结果为红桃则没有事发生
        elif name == CARD.supply_shortage:
            eng.to_discard([trick])
            if c is not None and c.suit.name != "CLUB":
                eng.skipped_phases.add("draw")
            elif c is not None:
                eng.this_turn.spared.add("draw")
        elif name == CARD.lightning:
            if c is not None and c.suit.name == "SPADE" and 2 <= c.rank <= 9:
                eng.to_discard([trick])
                eng.push(LightningDamage(self.seat))
            elif c is not None:
                self._pass_lightning(eng, trick)

    def close(self, eng: Engine, line: int, e: ev.Event | None) -> None:
        self.prune(eng)
        if self.queue and self.nullified % 2 == 1:
            self._countered(eng, self.queue[0])
        owner = eng.seat(self.seat)
        if self.queue and e is not None and not eng.over and owner is not None and owner.alive:
            names = [self._name(eng, c) for c in self.queue]
            eng.report(R.T_JUDGE_MISSING, self.seat, f"{names} in seat {self.seat}'s judge area were not judged",
                       expected=f"judge {names[0]}", observed=f"`{ev.event_type(e)}`")
            s = eng.seat(self.seat)
            for c in list(self.queue):
                self.queue.remove(c)
                if s is not None and c in s.judge and self._name(eng, c) != CARD.lightning:
                    s.judge.remove(c)
                    eng.to_discard([c])


class LightningDamage(Frame):
    """闪电 hit: 3 damage with no source (seed 001 一(四) 闪电)."""

    label = CARD.lightning

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.done = False

    def awaiting(self, eng: Engine) -> bool:
        return not self.done

    def wants(self, eng: Engine, e: ev.Event) -> bool:
        return not self.done and isinstance(e, ev.Damage) and e.target == self.seat

    def offer(self, eng: Engine, line: int, e: ev.Event) -> bool:
        if self.done:
            return False
        if isinstance(e, ev.Damage) and e.target == self.seat:
            want = damage_taken(eng, eng.seat(e.target), 3, e.nature)
            if e.amount != want:
                eng.report(R.D_AMOUNT, e.target, f"{CARD.lightning} deals {want} damage", expected=want, observed=e.amount)
            if e.source is not None:
                eng.report(R.D_UNEXPECTED, e.target, f"{CARD.lightning} damage has no source", expected="no source", observed=f"source {e.source}")
            # lightning_nature: "normal|thunder" (001 names no nature: either is accepted), "thunder" (FreeKill)
            natures = str(eng.rs.p.lightning_nature).split("|")
            if e.nature not in natures:
                eng.report(R.D_UNEXPECTED, e.target, f"{CARD.lightning} damage is {' or '.join(natures)}",
                           expected=" or ".join(natures), observed=f"{e.nature} damage")
            self.done = True
            apply_damage(eng, e)
            return True
        return False

    def close(self, eng: Engine, line: int, e: ev.Event | None) -> None:
        if not self.done and e is not None and not isinstance(e, ev.Skill) and not eng.over:
            s = eng.seat(self.seat)
            if s is not None and s.alive and not damage_stoppable(s):
                eng.report(R.D_MISSING, self.seat, f"{CARD.lightning} hit (♠2–9) and no damage was logged",
                           expected="damage 3 to the judged seat", observed=f"`{ev.event_type(e)}`")


class GlobalTrick(Frame):
    """桃园结义 / 五谷丰登: every living character, the user first, then in turn order (seed 001 一(四)).

    Targets resolve one by one; a target's event out of order is reported (SGS-R001). 五谷丰登's
    revealed cards wait in the processing area; each target takes one; the rest are discarded.
    """

    label = "global trick"

    def __init__(self, eng: Engine, user: int, name: str, order: list[int]) -> None:
        self.user = user
        self.name = name
        if name == CARD.god_salvation:
            order = [s for s in order if (st := eng.seat(s)) is not None and st.hp < st.max_hp]
        self.queue = list(order)
        self.nullified = 0
        self.revealed: list[str] = []
        self.shown = False  # 五谷丰登's cards have been revealed (a later `reveal` is another effect's)

    def _jump(self, eng: Engine, seat: int, what: str) -> bool:
        if not self.queue or seat not in self.queue:
            return False
        if self.queue[0] != seat:
            eng.report(R.R_TARGET_ORDER, seat, f"{what} for seat {seat} before seat {self.queue[0]} ({self.name}, order {self.queue})",
                       expected=f"seat {self.queue[0]}", observed=f"seat {seat}")
        self.queue.remove(seat)
        self.nullified = 0
        return True

    def awaiting(self, eng: Engine) -> bool:
        return bool(self.queue)

    def wants(self, eng: Engine, e: ev.Event) -> bool:
        if isinstance(e, ev.Use):
            return used_name(e) == CARD.nullification and not e.targets and bool(self.queue)
        if self.name == CARD.god_salvation:
            return isinstance(e, ev.Recover) and e.seat in self.queue
        if isinstance(e, ev.Reveal):  # a reveal naming another reason is another effect's (蛊惑's questioned card)
            return not self.shown and self.name == CARD.amazing_grace and e.reason in (None, CARD.amazing_grace)
        if isinstance(e, ev.Move):
            return e.to.zone == Zone.HAND and e.from_.zone in (Zone.PROCESSING, Zone.DECK) and e.to.seat in self.queue
        if isinstance(e, ev.Draw):
            return e.reason in ("card", None) and e.seat in self.queue and self.name == CARD.amazing_grace
        return False

    def offer(self, eng: Engine, line: int, e: ev.Event) -> bool:
        if isinstance(e, ev.Use) and used_name(e) == CARD.nullification and not e.targets:
            spend(eng, e, convert=True)  # a 无懈可击 made of another card
            if e.for_ is not None and e.for_ not in self.queue:
                return True  # about a target with no part left (its part is over, or 桃园结义 at full HP)
            if e.for_ is not None and e.for_ != self.queue[0]:  # the log names a later target
                while self.nullified % 2 == 1 and self.queue[0] != e.for_:
                    self.queue.pop(0)  # countered: that target's part is over
                    self.nullified = 0
                if self.queue[0] != e.for_:
                    self._jump(eng, e.for_, f"a {CARD.nullification}")
                    self.queue.insert(0, e.for_)
            self.nullified += 1
            return True
        if self.nullified % 2 == 1 and self.queue and not isinstance(e, ev.Use):
            countered = self.queue.pop(0)
            self.nullified = 0
            seat = e.seat if isinstance(e, (ev.Recover, ev.Draw)) else e.to.seat if isinstance(e, ev.Move) else None
            if seat == countered:
                eng.report(R.D_CARD_EFFECT, seat, f"{CARD.nullification} countered {self.name} for seat {seat}",
                           expected=f"no {self.name} effect for seat {seat}", observed=ev.event_type(e))
                if isinstance(e, ev.Recover):
                    apply_recover(eng, e)
                    return True
                self.queue.insert(0, countered)  # the log says it happened: take the pick as made
        if self.name == CARD.god_salvation and isinstance(e, ev.Recover) and e.seat in self.queue:
            if not self._jump(eng, e.seat, "recovery"):
                return False
            if e.amount != 1:
                eng.report(R.D_AMOUNT, e.seat, f"{CARD.god_salvation} recovers 1", expected=1, observed=e.amount)
            apply_recover(eng, e)
            return True
        if self.name == CARD.amazing_grace:
            if isinstance(e, ev.Reveal) and not self.shown:
                self.shown = True
                alive = len(eng.table.alive())
                if len(e.cards) != alive:
                    eng.report(R.D_CARD_EFFECT, e.seat, f"{CARD.amazing_grace} reveals one card per living character ({alive})",
                               expected=alive, observed=len(e.cards))
                eng.draw_from_pile(self.user, e.cards)
                self.revealed = list(e.cards)
                for c in self.revealed:  # revealed into the processing area until taken
                    if not is_unknown(c):
                        eng.table.processing[c] += 1
                return True
            picked_seat = None
            cards: list[str] = []
            if isinstance(e, ev.Move) and e.to.zone == Zone.HAND and e.from_.zone in (Zone.PROCESSING, Zone.DECK):
                picked_seat, cards = e.to.seat, e.cards
            elif isinstance(e, ev.Draw) and e.reason in ("card", None) and e.seat in self.queue:
                picked_seat, cards = e.seat, e.cards
            if picked_seat is not None and picked_seat in self.queue:
                self._jump(eng, picked_seat, "a pick")
                for c in cards:
                    if c in self.revealed:
                        self.revealed.remove(c)
                        eng.leave_processing([c], discard=False)
                    elif not self.shown:
                        eng.draw_from_pile(picked_seat, [c])
                    else:
                        eng.report(R.C_NOT_THERE, picked_seat, f"{c} is not among the revealed cards {self.revealed}", observed=c)
                add_to_hand(eng, picked_seat, cards)
                return True
        return False

    def close(self, eng: Engine, line: int, e: ev.Event | None) -> None:
        eng.leave_processing(self.revealed)
        self.revealed = []
        if self.name != CARD.god_salvation or e is None or isinstance(e, ev.GameEnd) or eng.unknown_skill_turn or eng.over:
            return
        queue = self.queue[1:] if self.nullified % 2 == 1 else self.queue
        wounded = [t for t in queue if (s := eng.seat(t)) is not None and s.alive and s.hp < s.max_hp]
        if wounded:  # seed 001 一(四) 桃园结义: 按行动顺序结算，目标角色回复1点体力
            eng.report(R.D_CARD_EFFECT, wounded[0], f"{CARD.god_salvation} of seat {self.user}: no recovery logged for seat(s) {wounded}",
                       expected=f"recover 1 for {wounded}", observed=f"`{ev.event_type(e)}`")


class HiddenCard(Frame):
    """A card whose identity the log hides: whatever it causes is accepted and counted unverifiable."""

    label = "hidden card"

    def __init__(self, user: int, targets: list[int]) -> None:
        self.user = user
        self.targets = targets

    def wants(self, eng: Engine, e: ev.Event) -> bool:
        if isinstance(e, ev.Damage):
            return e.source == self.user or e.target in self.targets
        if isinstance(e, (ev.Respond, ev.Pass)):
            return e.seat in self.targets or not self.targets
        if isinstance(e, ev.Use):
            return used_name(e) == CARD.nullification and not e.targets
        return isinstance(e, (ev.Recover, ev.Draw)) and e.seat in (self.user, *self.targets)

    def offer(self, eng: Engine, line: int, e: ev.Event) -> bool:
        eng.unverifiable_because("effect of a hidden card")
        if not apply_change(eng, e) and isinstance(e, (ev.Respond, ev.Use)):
            spend(eng, e)
        return True


OPENS.update(dying=DyingFrame, judge_phase=JudgePhase)
