"""The generic frames of the resolution stack: dying, death, judgements, the judge phase, a hidden card.

Each frame knows which logged events belong to it and which consequences are mandatory. See
:mod:`sgs_replay.engine.stack` for the protocol. No frame here names a card: the frames of the cards
(杀 and its answers, 决斗, the AOEs, the tricks) are the cards' own, in ``engine/cards``, and what the
frames here need of a card is declared by its definition (:data:`plugins.DELAYED_TRICKS`,
:data:`plugins.COUNTERS`, :data:`RESCUE_CARDS`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sgs_replay.content import card_kinds
from sgs_replay.engine import plugins
from sgs_replay.engine.changes import (
    apply_change,
    check_conversion,
    do_discard,
    do_draw,
)
from sgs_replay.engine.core import OPENS
from sgs_replay.engine.stack import Dying, Frame
from sgs_replay.engine.state import Seat
from sgs_replay.engine.timing import Timing, timing_of
from sgs_replay.formats import events as ev
from sgs_replay.formats.cards import is_unknown, parse_card
from sgs_replay.rules import catalogue as R

if TYPE_CHECKING:
    from sgs_replay.engine.core import Engine


class CardResolution(Frame):
    """A card in resolution against its targets, one at a time, each asked for an answer (the frame of 杀 and
    the AOEs, defined with them in ``engine/cards``). What the core reads of it: its user, its name, the targets
    still to resolve (``queue``, ``head`` first), whether the current target has begun to answer (``started``),
    whether an answer has just cancelled it for that target (``after_dodge``: the window of ``Timing.AFTER_DODGE``) and whether
    the card has begun to take effect at all (``begun``: the 指定目标后 window is over)."""

    user: int
    name: str
    queue: list[int]
    started: bool
    after_dodge: bool

    @property
    def head(self) -> int | None:
        return self.queue[0] if self.queue else None

    @property
    def begun(self) -> bool:
        raise NotImplementedError


def is_counter(e: ev.Event) -> bool:
    """A card used with no target that counters the trick in resolution (无懈可击; :data:`plugins.COUNTERS`)."""
    return isinstance(e, ev.Use) and not e.targets and plugins.is_counter(used_name(e))


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


_NOT_DELAYED = plugins.DelayedTrick(on_result=lambda *args: None)


def _delayed(name: str) -> plugins.DelayedTrick:
    """The declaration of the delayed trick ``name`` (one that declares nothing neither moves on nor goes first)."""
    return plugins.DELAYED_TRICKS.get(name, _NOT_DELAYED)


class JudgePhase(Frame):
    """The judge phase: delayed tricks judged last placed first (seed 001 二(二) II; SGS-R002)."""

    label = "judge phase"
    optional = True

    def __init__(self, eng: Engine, seat: Seat) -> None:
        self.seat = seat.seat
        order = list(reversed(seat.judge))
        if eng.rs.p.delayed_trick_order == "lightning_first":
            order.sort(key=lambda c: 0 if _delayed(seat.judge_as.get(c, parse_card(c).name)).judged_first else 1)
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
            return is_counter(e)
        return isinstance(e, ev.Judge) and e.seat == self.seat and e.reason in plugins.DELAYED_TRICKS

    def offer(self, eng: Engine, line: int, e: ev.Event) -> bool:
        s = eng.seat(self.seat)
        self.prune(eng)
        if s is None or not self.queue:
            return False
        if is_counter(e):
            assert isinstance(e, ev.Use)
            self.nullified += 1
            spend(eng, e, convert=True)  # a 无懈可击 made of another card
            return True
        if isinstance(e, ev.Judge) and e.seat == self.seat and e.reason in plugins.DELAYED_TRICKS:
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
        if _delayed(name).moves_on:
            self.pass_on(eng, card, name)
        else:
            eng.to_discard([card])

    def pass_on(self, eng: Engine, card: str, name: str) -> None:
        """A trick that moves on (闪电) goes to the next living seat with no trick of its name, or to the discard pile."""
        t = eng.table
        nxt = t.next_alive(self.seat)
        for _ in range(t.n):
            ns = t.seats[nxt]
            if name not in ns.judge_names():
                ns.judge.append(card)
                return
            nxt = t.next_alive(nxt)
        eng.to_discard([card])

    def _effect(self, eng: Engine, name: str, trick: str, judged: str) -> None:
        spec = plugins.DELAYED_TRICKS.get(name)
        if spec is not None:
            spec.on_result(eng, self, self.seat, trick, None if is_unknown(judged) else parse_card(judged))

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
                if s is not None and c in s.judge and not _delayed(self._name(eng, c)).moves_on:
                    s.judge.remove(c)
                    eng.to_discard([c])


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
            return is_counter(e)
        return isinstance(e, (ev.Recover, ev.Draw)) and e.seat in (self.user, *self.targets)

    def offer(self, eng: Engine, line: int, e: ev.Event) -> bool:
        eng.unverifiable_because("effect of a hidden card")
        if not apply_change(eng, e) and isinstance(e, (ev.Respond, ev.Use)):
            spend(eng, e)
        return True


OPENS.update(dying=DyingFrame, judge_phase=JudgePhase)
