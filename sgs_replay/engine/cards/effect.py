"""The frame of a card that asks each of its targets for an answer: 杀 (闪), 南蛮入侵 (杀), 万箭齐发 (闪).

《三国杀》标准版规则（身份局） · 一、卡牌资料 (一) 基本牌 杀, (四) 锦囊牌 南蛮入侵, 万箭齐发. The card's definition
(``basic.py``, ``tricks.py``) pushes a :class:`CardEffect` with what it demands of its targets (the card that
answers, how many), whether an unanswered target takes damage, how much and of which nature; how it resolves
(a counter may answer it, its damage may have no source, a dodge opens a window) is its declared
``plugins.EffectTraits``. What a weapon, an armour or a skill changes in it is an :class:`EffectRule`,
registered in the file that defines that card or skill.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sgs_replay.content.names import CARD
from sgs_replay.engine import plugins
from sgs_replay.engine.changes import apply_damage, check_conversion
from sgs_replay.engine.frames import CardResolution, damage_taken, spend, used_name
from sgs_replay.engine.state import Seat
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


def damage_stoppable(seat: Seat) -> bool:
    """A seat holds an effect that may stop any damage to it (天香, or equipment worn as a skill)."""
    return any(rule.held_by(seat) for rule in EFFECT_RULES)


def _rules_for(t: type) -> list[EffectRule]:
    rules = _RULES_BY_TYPE.get(t)
    if rules is None:
        rules = _RULES_BY_TYPE[t] = [r for r in EFFECT_RULES if any(issubclass(t, k) for k in r.events)]
    return rules


def colour_of(cards: list[str]) -> str | None:
    """The colour of a card made of ``cards`` (seed 001 一(五) 丈八蛇矛: 1红1黑 → 无色); None if unknown."""
    known = [parse_card(c) for c in cards if not is_unknown(c)]
    if not known or len(known) != len(cards):
        return None
    reds = sum(1 for c in known if c.is_red)
    return "red" if reds == len(known) else "black" if reds == 0 else "none"


class CardEffect(CardResolution):
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
        self.colour = colour_of([card] if card else [])  # "red", "black", "none" (无色) or None (not known)
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


