"""The card of the 2013 1v1 deck that no other deck has: 水淹七军.

《2013 王者之战 比赛规则》 (1V1): 【水淹七军】出牌阶段，对对手使用，对手选择一项：弃置装备区里所有的牌
（至少一张），或受到你对其造成的1点伤害。

In the log: the `use`, the 无懈可击 that may counter it, then the target's choice as what it does: a
`discard` of every card of its equipment area, or the `damage` (source the user, card 水淹七军). A
target with no equipment cannot choose the discard (至少一张): it takes the damage.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sgs_replay.content.names import CARD
from sgs_replay.engine import plugins
from sgs_replay.engine.cards.effect import damage_stoppable
from sgs_replay.engine.cards.tricks import TargetedTrick
from sgs_replay.engine.handlers import Report, card_use, do_discard, one_other_target, use_check
from sgs_replay.formats import events as ev
from sgs_replay.formats.cards import is_unknown
from sgs_replay.rules import catalogue as R

if TYPE_CHECKING:
    from sgs_replay.engine.core import Engine


# 水淹七军: one other character, the opponent (its check and legality.legal_uses read this)
plugins.TARGETS[CARD.drowning] = plugins.ONE_OTHER


@use_check(CARD.drowning)
def drowning_check(eng: Engine, e: ev.Use, user: Any, name: str, targets: list[int], report: Report) -> None:
    one_other_target(eng, e, user, name, targets, report, f"{CARD.drowning} targets the opponent", expected=1)


@card_use(CARD.drowning)
def drowning(eng: Engine, e: ev.Use, user: Any, name: str, targets: list[int]) -> None:
    if plugins.TARGETS[name].fits(e.seat, targets) and eng.seat(targets[0]) is not None:
        eng.push(Drowning(e.seat, targets[0], e.card))


class Drowning(TargetedTrick):
    """水淹七军: a 无懈可击 counters it; else the target discards its whole equipment area (at least one
    card) or takes 1 damage from the user."""

    label = CARD.drowning

    def wants(self, eng: Engine, e: ev.Event) -> bool:
        if self.done:
            return False
        if isinstance(e, ev.Use):
            return self.is_counter(e)
        if self.countered:
            return False
        if isinstance(e, ev.Discard):
            return e.seat == self.target and e.reason in (CARD.drowning, None)
        if isinstance(e, ev.Damage):
            return self.own_damage(e)
        return False

    def offer(self, eng: Engine, line: int, e: ev.Event) -> bool:
        if isinstance(e, ev.Use):
            self.take_counter(eng, e)
            return True
        s = eng.seat(self.target)
        if isinstance(e, ev.Discard):
            equip = sorted(s.equip.values()) if s is not None else []
            if not equip:
                eng.report(R.D_CARD_EFFECT, self.target, f"{CARD.drowning}: a target with no equipment takes the damage (至少一张)",
                           expected=f"damage to seat {self.target}", observed=f"discard {e.cards}")
            elif not any(is_unknown(c) for c in e.cards) and sorted(e.cards) != equip:
                eng.report(R.D_CARD_EFFECT, self.target, f"{CARD.drowning}: the target discards every card of its equipment area",
                           expected=equip, observed=sorted(e.cards))
            self.done = True
            do_discard(eng, e)
            return True
        if isinstance(e, ev.Damage):
            return self.deal(eng, e, CARD.drowning)
        return False

    def close(self, eng: Engine, line: int, e: ev.Event | None) -> None:
        if e is None or (s := self.still_owed(eng, e)) is None or damage_stoppable(s) or not eng.mode.strict_damage():
            return
        eng.report(R.D_MISSING, self.target, f"{CARD.drowning}: the target discards its equipment or takes 1 damage",
                   expected=f"a discard of seat {self.target}'s equipment or 1 damage", observed=f"`{ev.event_type(e)}`")
