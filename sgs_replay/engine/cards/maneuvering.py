"""The cards of 神话再临·军争篇 that are not equipment: 酒, 铁索连环 (with the chained characters and the
passing on of natured damage), 火攻. 雷杀 and 火杀 are 杀 (basic.py) with a nature; 兵粮寸断 is a
delayed trick (its judgement below; its target check is tricks.delayed_check); the weapons and armours are in equipment.py.

The rulebooks print none of these texts; docs/log-format.md §3 quotes the card texts the rules follow.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sgs_replay.content.names import CARD
from sgs_replay.engine import frames as F
from sgs_replay.engine import plugins
from sgs_replay.engine.cards.effect import CardEffect, damage_stoppable
from sgs_replay.engine.cards.tricks import TargetedTrick, placed_trick
from sgs_replay.engine.effects import Effect, Step
from sgs_replay.engine.handlers import (
    DAMAGE_FOLLOWERS,
    RECASTABLE,
    Report,
    apply_damage,
    card_use,
    check_conversion,
    do_discard,
    protected_target,
    use_check,
)
from sgs_replay.engine.handlers import TABLE as HANDLER_TABLE
from sgs_replay.engine.stack import Frame
from sgs_replay.formats import events as ev
from sgs_replay.formats.cards import Card, is_unknown, parse_card
from sgs_replay.rules import catalogue as R

if TYPE_CHECKING:
    from sgs_replay.engine.core import Engine
    from sgs_replay.engine.state import Seat

RECASTABLE.add(CARD.iron_chain)


# ---------------------------------------------------------------------------------------------------
# 酒
# ---------------------------------------------------------------------------------------------------


def drank(eng: Engine, seat: int) -> int:
    """The 酒 in force for ``seat``'s next 杀 this turn (a start position's ``used: {"酒": 1}`` counts
    for the player whose turn it is)."""
    n = eng.this_turn.drinks_in_force[seat]
    if seat == eng.current:
        n += eng.this_turn.skills[CARD.analeptic]
    return n


def drink_used(eng: Engine, seat: int) -> None:
    """The 杀 that takes the bonus has been used: the 酒 is spent, hit or not."""
    eng.this_turn.drinks_in_force[seat] = 0
    if seat == eng.current:
        eng.this_turn.skills[CARD.analeptic] = 0


# 酒: used on yourself (its check and legality.legal_uses read this)
plugins.TARGETS[CARD.analeptic] = plugins.ON_SELF


@use_check(CARD.analeptic)
def analeptic_check(eng: Engine, e: ev.Use, user: Any, name: str, targets: list[int], report: Report) -> None:
    """酒: on yourself; in the play phase once per turn (a rescue while dying is judged by the dying frame)."""
    if not plugins.TARGETS[name].self_ok(e.seat, targets):
        report(R.P_ANALEPTIC, e.seat, "酒 is used on yourself", expected=[e.seat], observed=targets)
        return
    used = eng.this_turn.drinks[e.seat] + (eng.this_turn.skills[CARD.analeptic] if e.seat == eng.current else 0)
    if used >= 1:
        report(R.P_ANALEPTIC, e.seat, f"酒 number {used + 1} this turn (limit 1)", expected="at most 1",
               observed=used + 1)


@card_use(CARD.analeptic)
def analeptic(eng: Engine, e: ev.Use, user: Any, name: str, targets: list[int]) -> None:
    eng.this_turn.drinks[e.seat] += 1
    eng.this_turn.drinks_in_force[e.seat] += 1


@F.rescue_card(CARD.analeptic, self_only=True)
def analeptic_rescue(eng: Engine, e: ev.Use, dying: int) -> None:
    """酒 while dying, on yourself: recover 1 (not counted against the once per turn)."""
    if e.as_ is not None:
        check_conversion(eng, e, CARD.analeptic)
    F.spend(eng, e)
    eng.push(Effect(e.seat, CARD.analeptic, [Step("recover", seat=dying, n=1, rule=R.D_CARD_EFFECT,
                                                 amount_rule=R.D_AMOUNT, assumed=True)]))


# ---------------------------------------------------------------------------------------------------
# 铁索连环 and the chained characters
# ---------------------------------------------------------------------------------------------------


# 铁索连环: one or two characters, yourself allowed (its check and legality.legal_uses read this)
plugins.TARGETS[CARD.iron_chain] = plugins.Targets(least=1, most=2, self_allowed=True)


@use_check(CARD.iron_chain)
def iron_chain_check(eng: Engine, e: ev.Use, user: Any, name: str, targets: list[int], report: Report) -> None:
    """铁索连环: one or two characters, yourself allowed (``plugins.TARGETS``)."""
    spec = plugins.TARGETS[name]
    if not spec.count_ok(len(targets)) or len(set(targets)) != len(targets):
        report(R.P_TARGET, e.seat, f"{CARD.iron_chain} targets one or two characters", expected="1 or 2", observed=targets)
    for t in dict.fromkeys(targets):
        ts = eng.seat(t)
        if ts is not None:
            protected_target(eng, e, user, ts, name, report)


@card_use(CARD.iron_chain)
def iron_chain(eng: Engine, e: ev.Use, user: Any, name: str, targets: list[int]) -> None:
    order = [t for t in eng.table.order_from(e.seat) if t in targets]
    if order:
        eng.push(IronChain(e.seat, order))


class IronChain(Frame):
    """铁索连环 in resolution: each target in turn is chained or reset (implied; a logged `chain` is
    checked). A 无懈可击 counters the effect on the target whose turn it is."""

    label = CARD.iron_chain

    def __init__(self, user: int, order: list[int]) -> None:
        self.user = user
        self.queue = list(order)
        self.nullified = 0

    def awaiting(self, eng: Engine) -> bool:
        return bool(self.queue)

    def wants(self, eng: Engine, e: ev.Event) -> bool:
        if isinstance(e, ev.Use):
            return bool(self.queue) and F.used_name(e) == CARD.nullification and not e.targets
        return isinstance(e, ev.Chain) and e.seat in self.queue

    def _resolve_head(self, eng: Engine) -> None:
        """The target whose turn it is: countered, or toggled as the card says."""
        t = self.queue.pop(0)
        countered = self.nullified % 2 == 1
        self.nullified = 0
        s = eng.seat(t)
        if not countered and s is not None and s.alive:
            s.chained = not s.chained

    def offer(self, eng: Engine, line: int, e: ev.Event) -> bool:
        if isinstance(e, ev.Use):
            F.spend(eng, e)
            if e.for_ is not None and e.for_ not in self.queue:
                return True  # about a target whose part is over: it counters nothing left
            while e.for_ is not None and self.queue[0] != e.for_:
                self._resolve_head(eng)  # the log names a later target: the earlier ones are done
            self.nullified += 1
            return True
        if not isinstance(e, ev.Chain):
            return False
        while self.queue and self.queue[0] != e.seat:
            self._resolve_head(eng)
        if not self.queue:
            return False
        self.queue.pop(0)
        s = eng.seat(e.seat)
        countered = self.nullified % 2 == 1
        self.nullified = 0
        if s is None:
            return True
        if countered:
            eng.report(R.D_CARD_EFFECT, e.seat, f"{CARD.iron_chain} was countered by 无懈可击 for this character",
                       expected=f"chained {s.chained}", observed=f"chained {e.chained}")
        elif e.chained == s.chained:
            want = "chained" if not s.chained else "reset"
            eng.report(R.D_CARD_EFFECT, e.seat, f"{CARD.iron_chain} toggles the character: seat {e.seat} is {want}",
                       expected=f"chained {not s.chained}", observed=f"chained {e.chained}")
        s.chained = e.chained
        return True

    def close(self, eng: Engine, line: int, e: ev.Event | None) -> None:
        while self.queue:
            self._resolve_head(eng)


def pass_on_chain(eng: Engine, e: ev.Damage, seat: Seat, passed_on: bool) -> None:
    """A chained character that takes fire or thunder damage is reset; unless that damage was itself
    passed on, every other chained character then takes the same damage, from the current player on."""
    if e.nature == "normal" or not seat.chained:
        return
    seat.chained = False
    if passed_on or e.amount <= 0:
        return
    start = eng.current if eng.current in eng.table.seats else seat.seat
    order = [t for t in eng.table.order_from(start) if t != seat.seat and eng.table.seats[t].alive
             and eng.table.seats[t].chained]
    if order:
        eng.push(ChainDamage(e, order))


DAMAGE_FOLLOWERS.append(pass_on_chain)


def on_chain(eng: Engine, e: ev.Chain) -> None:
    """A chain state logged where no resolution in progress changes it: accepted when it only states what
    is so (the reset a natured damage implied); a reset with the natured damage it implies missing reports
    the damage; anything else is reported and applied."""
    s = eng.seat(e.seat)
    if s is None:
        return
    frame = eng.top(CardEffect)
    if not e.chained and s.chained and frame is not None and frame.head == e.seat and frame.nature != "normal" \
            and frame.needs_damage(eng):
        eng.report(R.D_MISSING, e.seat, f"seat {e.seat} is reset as after the {frame.nature} damage of {frame.name}, "
                   "and the damage is not logged", expected=f"damage to seat {e.seat}", observed="chain reset")
        s.chained = False
        frame.skip_current()
        return
    if s.chained != e.chained:
        what = "chains" if e.chained else "resets"
        eng.report(R.D_CARD_EFFECT, e.seat, f"nothing in resolution {what} seat {e.seat}'s character",
                   expected=f"chained {s.chained}", observed=f"chained {e.chained}")
        s.chained = e.chained


HANDLER_TABLE[ev.Chain] = on_chain


class ChainDamage(Frame):
    """The damage passed on to the other chained characters, one by one in turn order (docs/log-format.md
    §3): same source, card and nature; the amount the first character took, then each receiver's armour."""

    label = "chain"

    def __init__(self, first: ev.Damage, order: list[int]) -> None:
        self.source = first.source
        self.card = first.card
        self.nature = first.nature
        self.amount = first.amount
        self.queue = list(order)
        #: seats that answered their due damage with a skill the ruleset leaves unchecked (it may prevent it)
        self.answered: set[int] = set()

    def awaiting(self, eng: Engine) -> bool:
        return any(self._due(eng, t) for t in self.queue)

    def _due(self, eng: Engine, t: int) -> bool:
        s = eng.seat(t)
        return s is not None and s.alive and s.chained

    def wants(self, eng: Engine, e: ev.Event) -> bool:
        if isinstance(e, ev.Skill) and e.skill is not None and e.seat in self.queue and self._due(eng, e.seat) \
                and eng.mode.unchecked_skill(e.seat, e.skill):
            self.answered.add(e.seat)  # noted, not taken: the skill is handled as any unchecked skill
        return (isinstance(e, ev.Damage) and e.target in self.queue and e.source == self.source
                and (e.chain or e.nature == self.nature) and (e.card is None or self.card is None or e.card == self.card))

    def offer(self, eng: Engine, line: int, e: ev.Event) -> bool:
        if not isinstance(e, ev.Damage) or e.target not in self.queue:
            return False
        skipped = [t for t in self.queue[: self.queue.index(e.target)] if self._due(eng, t)]
        if skipped:
            eng.report(R.R_TARGET_ORDER, e.target, f"the chain passes the damage on from the current player: seat "
                       f"{skipped[0]} comes before seat {e.target}", expected=f"seat {skipped[0]}", observed=f"seat {e.target}")
        self.queue.remove(e.target)
        s = eng.seat(e.target)
        if s is not None and not s.chained:
            eng.report(R.D_UNEXPECTED, e.target, f"seat {e.target} is not chained: the damage is not passed on to it",
                       expected="no damage", observed=f"damage {e.amount}")
        want = F.damage_taken(eng, s, self.amount, self.nature)
        if e.amount != want:
            eng.report(R.D_AMOUNT, e.target, f"the chain passes on {want}", expected=want, observed=e.amount)
        if e.nature != self.nature:
            eng.report(R.D_NATURE, e.target, f"the chain passes on {self.nature} damage", expected=self.nature,
                       observed=e.nature)
        apply_damage(eng, e, passed_on=True)
        return True

    def close(self, eng: Engine, line: int, e: ev.Event | None) -> None:
        if e is None or eng.over:
            return
        # a seat that may have stopped its damage (天香 …) took none: it stays chained
        missing = [t for t in self.queue if self._due(eng, t) and t not in self.answered
                   and not damage_stoppable(eng.table.seats[t])]
        if missing and eng.mode.strict_damage():
            eng.report(R.D_MISSING, missing[0], f"the {self.nature} damage is not passed on to the chained seat(s) {missing}",
                       expected=f"damage to {missing}", observed=f"`{ev.event_type(e)}`")
        for t in missing:  # as if it had been passed on: they are no longer chained
            eng.table.seats[t].chained = False


# ---------------------------------------------------------------------------------------------------
# 火攻
# ---------------------------------------------------------------------------------------------------


# 火攻: one character, yourself allowed (its check and legality.legal_uses read this)
plugins.TARGETS[CARD.fire_attack] = plugins.Targets(self_allowed=True)


@use_check(CARD.fire_attack)
def fire_attack_check(eng: Engine, e: ev.Use, user: Any, name: str, targets: list[int], report: Report) -> None:
    """火攻: one character with hand cards (yourself allowed while you hold another hand card)."""
    if not plugins.TARGETS[name].count_ok(len(targets)):
        report(R.P_TARGET, e.seat, f"{CARD.fire_attack} targets one character", expected=1, observed=len(targets))
        return
    ts = eng.seat(targets[0])
    if ts is None:
        return
    # ``fire_attack_self_last_card``: an engine that checks the target while the 火攻 is still in hand lets
    # its user target itself with its last hand card (it then has nothing to show)
    last_own = targets[0] == e.seat and eng.rs.p.fire_attack_self_last_card
    if ts.hand_count == 0 and not last_own:
        report(R.P_TARGET, e.seat, f"seat {targets[0]} has no hand cards to show", observed=f"target {targets[0]}")
    protected_target(eng, e, user, ts, name, report)


@card_use(CARD.fire_attack)
def fire_attack(eng: Engine, e: ev.Use, user: Any, name: str, targets: list[int]) -> None:
    if plugins.TARGETS[name].fits(e.seat, targets) and eng.seat(targets[0]) is not None:
        eng.push(FireAttack(e.seat, targets[0], e.card))


class FireAttack(TargetedTrick):
    """火攻: the target shows a hand card (`reveal`); the user may discard a hand card of that suit
    (`discard`), and then the target takes 1 fire damage. A 无懈可击 before the card is shown counters it."""

    label = CARD.fire_attack

    def __init__(self, user: int, target: int, card: str | None) -> None:
        super().__init__(user, target, card)
        self.shown: str | None = None
        self.paid = False

    def wants(self, eng: Engine, e: ev.Event) -> bool:
        if self.done:
            return False
        if isinstance(e, ev.Use):
            return self.shown is None and self.is_counter(e)
        if self.countered:
            return False
        if isinstance(e, ev.Reveal):  # a reveal naming another reason is another effect's (蛊惑's questioned card)
            return self.shown is None and e.seat == self.target and e.reason in (None, CARD.fire_attack)
        if isinstance(e, ev.Discard):
            return self.shown is not None and not self.paid and e.seat == self.user and e.reason in (CARD.fire_attack, None)
        if isinstance(e, ev.Pass):
            return e.seat in (self.user, self.target)
        if isinstance(e, ev.Damage):
            return self.own_damage(e)
        return False

    def offer(self, eng: Engine, line: int, e: ev.Event) -> bool:
        if isinstance(e, ev.Use):
            self.take_counter(eng, e)
            return True
        if isinstance(e, ev.Reveal):
            s = eng.seat(self.target)
            if len(e.cards) != 1:
                eng.report(R.D_CARD_EFFECT, self.target, f"{CARD.fire_attack}: the target shows one hand card", expected=1, observed=len(e.cards))
            card = e.cards[0] if e.cards else "?"
            if s is not None and not is_unknown(card) and s.hand[card] == 0:
                if s.hidden:
                    eng.unverifiable_because(f"{card} may be a hidden card of seat {s.seat}")
                else:
                    eng.report(R.C_NOT_HELD, self.target, f"seat {self.target} does not hold {card}", observed=card)
            self.shown = card
            return True
        if isinstance(e, ev.Discard):
            shown = None if self.shown is None or is_unknown(self.shown) else parse_card(self.shown)
            if len(e.cards) != 1:
                eng.report(R.D_CARD_EFFECT, self.user, f"{CARD.fire_attack}: discard one hand card", expected=1, observed=len(e.cards))
            for c in e.cards:
                if shown is not None and not is_unknown(c) and parse_card(c).suit != shown.suit:
                    eng.report(R.D_CARD_EFFECT, self.user, f"{CARD.fire_attack}: the discarded card must have the shown card's suit ({shown.suit.zh})",
                               expected=shown.suit.symbol, observed=c)
            do_discard(eng, e)
            self.paid = True
            return True
        if isinstance(e, ev.Pass):
            return True
        if isinstance(e, ev.Damage):
            if not self.paid:
                eng.report(R.D_UNEXPECTED, self.target, f"{CARD.fire_attack} deals damage only after the user discards a card of the shown suit",
                           expected="a discard first", observed=f"damage {e.amount}")
            return self.deal(eng, e, CARD.fire_attack, "fire")
        return False

    def close(self, eng: Engine, line: int, e: ev.Event | None) -> None:
        if e is None or (s := self.still_owed(eng, e)) is None:
            return
        if self.shown is None and s.hand_count > 0:
            eng.report(R.D_CARD_EFFECT, self.target, f"{CARD.fire_attack}: the target shows one hand card", expected="reveal",
                       observed=f"`{ev.event_type(e)}`")
        elif self.paid and not damage_stoppable(s) and eng.mode.strict_damage():
            eng.report(R.D_MISSING, self.target, f"{CARD.fire_attack}: the user discarded a card of the shown suit and no fire damage followed",
                       expected=f"1 fire damage to seat {self.target}", observed=f"`{ev.event_type(e)}`")


# ---------------------------------------------------------------------------------------------------
# 兵粮寸断: a delayed trick (its placement and its judge phase are generic: plugins.DelayedTrick)
# ---------------------------------------------------------------------------------------------------


def supply_shortage_result(eng: Engine, phase: F.JudgePhase, owner: int, trick: str, judged: Card | None) -> None:
    """兵粮寸断: 若判定结果不为梅花，则跳过其摸牌阶段."""
    eng.to_discard([trick])
    if judged is not None and judged.suit.name != "CLUB":
        eng.skipped_phases.add("draw")
    elif judged is not None:
        eng.this_turn.spared.add("draw")


plugins.DELAYED_TRICKS[CARD.supply_shortage] = plugins.DelayedTrick(on_result=supply_shortage_result, placed=placed_trick)
# one other character (its distance is tricks.delayed_check's)
plugins.TARGETS[CARD.supply_shortage] = plugins.ONE_OTHER
