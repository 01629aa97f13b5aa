"""The tricks that resolve at once (非延时类锦囊): the AOEs, the global tricks, 决斗 and the
single-target tricks. 《三国杀》标准版规则（身份局） · 一、卡牌资料 (四) 锦囊牌.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sgs_replay.content.names import CARD
from sgs_replay.engine import frames as F
from sgs_replay.engine import plugins
from sgs_replay.engine.handlers import Report, card_use, one_other_target, protected_target, use_check
from sgs_replay.engine.stack import Frame
from sgs_replay.formats import events as ev
from sgs_replay.rules import catalogue as R

if TYPE_CHECKING:
    from sgs_replay.engine.core import Engine


#: the card each AOE asks every target for
AOE = {CARD.savage_assault: CARD.slash, CARD.archery_attack: CARD.jink}


@use_check(CARD.savage_assault, CARD.archery_attack)
def aoe_check(eng: Engine, e: ev.Use, user: Any, name: str, targets: list[int], report: Report) -> None:
    order = eng.table.order_from(e.seat, include_first=False)  # the set; the mode orders it (direction)
    if e.targets and set(e.targets) != set(order):
        report(R.P_TARGET, e.seat, f"{name} targets every other living character", expected=sorted(order), observed=sorted(e.targets))


# what 借刀杀人 demands of the weapon holder (seed 001 一(四) 借刀杀人: 对其攻击范围内…使用一张【杀】); 无懈可击 answers a
# trick and is never used on its own
plugins.DEMANDS[CARD.collateral] = CARD.slash
plugins.DEMANDS[CARD.duel] = CARD.slash  # 决斗 (seed 001 一(四)): the two alternate playing 【杀】
plugins.ANSWERS_ONLY[CARD.nullification] = f"{CARD.nullification} with no trick in resolution"


@card_use(CARD.savage_assault, CARD.archery_attack)
def aoe(eng: Engine, e: ev.Use, user: Any, name: str, targets: list[int]) -> None:
    order = eng.mode.multi_target_order(e, include_user=False)
    eng.push(F.CardEffect(eng, e.seat, name, e.card, order, need=AOE[name], damages=True))


@card_use(CARD.god_salvation, CARD.amazing_grace)
def global_trick(eng: Engine, e: ev.Use, user: Any, name: str, targets: list[int]) -> None:
    order = eng.mode.multi_target_order(e, include_user=True)
    eng.push(F.GlobalTrick(eng, e.seat, name, order))


@use_check(CARD.duel)
def duel_check(eng: Engine, e: ev.Use, user: Any, name: str, targets: list[int], report: Report) -> None:
    one_other_target(eng, e, user, name, targets, report, f"{CARD.duel} targets one other character")


@card_use(CARD.duel)
def duel(eng: Engine, e: ev.Use, user: Any, name: str, targets: list[int]) -> None:
    if len(targets) == 1 and targets[0] != e.seat:
        eng.push(F.DuelFrame(eng, e.seat, targets[0], e.card))


@use_check(CARD.snatch, CARD.dismantlement, CARD.ex_nihilo, CARD.collateral)
def single_target_check(eng: Engine, e: ev.Use, user: Any, name: str, targets: list[int], report: Report) -> None:
    if name == CARD.ex_nihilo:
        if targets and targets != [e.seat]:
            report(R.P_TARGET, e.seat, "无中生有 is used on yourself", expected=[e.seat], observed=targets)
        return
    if len(targets) != 1 or targets[0] == e.seat:
        report(R.P_TARGET, e.seat, f"{name} targets one other character", observed=targets)
        return
    t = targets[0]
    ts = eng.seat(t)
    if ts is None:
        return
    if name == CARD.snatch:
        d = eng.table.distance(e.seat, t)
        reach = plugins.modify("trick_reach", 1, eng, user, name)
        if reach is not None and d > reach:
            report(R.P_DISTANCE, e.seat, f"顺手牵羊 needs distance 1; distance to seat {t} is {d}",
                   expected="distance ≤ 1", observed=d)
        protected_target(eng, e, user, ts, name, report)
    else:
        protected_target(eng, e, user, ts, name, report)  # 帷幕: no black trick
    if name in (CARD.snatch, CARD.dismantlement) and not ts.all_cards() and ts.hidden == 0:
        report(R.P_TARGET, e.seat, f"seat {t} has no cards to take", observed=f"target {t}")
    if name == CARD.collateral:
        if ts.weapon() is None:
            report(R.P_TARGET, e.seat, f"seat {t} has no weapon", observed=f"target {t}")
        if e.victim is not None:
            if e.victim == t:
                report(R.P_TARGET, e.seat, "the victim must be another character", observed=e.victim)
            elif eng.rs.p.collateral_victim_in_range and not eng.table.in_attack_range(t, e.victim):
                report(R.P_RANGE, e.seat, f"seat {e.victim} is outside seat {t}'s attack range", observed=e.victim)


@card_use(CARD.snatch, CARD.dismantlement, CARD.ex_nihilo, CARD.collateral)
def single_target_trick(eng: Engine, e: ev.Use, user: Any, name: str, targets: list[int]) -> None:
    if name == CARD.ex_nihilo:
        eng.push(F.SimpleTrick(eng, e.seat, name, [e.seat]))
        return
    if len(targets) != 1 or targets[0] == e.seat:
        return
    t = targets[0]
    if eng.seat(t) is None:
        return
    frame = F.SimpleTrick(eng, e.seat, name, [t])  # the 杀 it asks for reads its victim from the frame
    frame.victim = e.victim
    eng.push(frame)


# ---------------------------------------------------------------------------------------------------
# 國戰: 以逸待劳 (in no packaged deck: 度势 makes it; the text is QSanguosha-For-Hegemony's, content/cards.toml)
# ---------------------------------------------------------------------------------------------------


def kin(eng: Engine, e: ev.Use) -> list[int]:
    """The user and every living character of its kingdom (与你势力相同的角色), from the user in turn order."""
    return [s for s in eng.mode.multi_target_order(e, include_user=True) if s == e.seat or eng.mode.same_kingdom(e.seat, s)]


@use_check(CARD.await_exhausted)
def await_exhausted_check(eng: Engine, e: ev.Use, user: Any, name: str, targets: list[int], report: Report) -> None:
    """以逸待劳: 对你和与你势力相同的角色使用 (the targets, when the log names them, are exactly those)."""
    due = kin(eng, e)
    if e.targets and sorted(e.targets) != sorted(due):
        report(R.P_TARGET, e.seat, f"{name} targets you and every character of your kingdom", expected=sorted(due),
               observed=sorted(e.targets))


class DrawThenDiscard(Frame):
    """以逸待劳: each target in turn draws two cards, then discards two; 无懈可击 counters it for one target
    (before that target draws)."""

    label = "trick"

    def __init__(self, user: int, name: str, order: list[int]) -> None:
        self.user = user
        self.name = name
        self.queue = list(order)
        self.drawn = False  # the current target has drawn and owes its discard
        self.nullified = 0

    def describe(self) -> str:
        return f"{self.name} of seat {self.user}"

    def awaiting(self, eng: Engine) -> bool:
        return bool(self.queue)

    def wants(self, eng: Engine, e: ev.Event) -> bool:
        if not self.queue:
            return False
        if isinstance(e, ev.Use):
            return F.used_name(e) == CARD.nullification and not e.targets and not self.drawn
        if isinstance(e, ev.Draw):
            return e.seat in self.queue and e.reason in ("card", None) and not (self.drawn and e.seat == self.queue[0])
        if isinstance(e, ev.Discard):
            return self.drawn and e.seat == self.queue[0] and e.reason in (self.name, None)
        return False

    def _owed(self, eng: Engine, seat: int) -> bool:
        s = eng.seat(seat)
        return s is not None and s.alive

    def offer(self, eng: Engine, line: int, e: ev.Event) -> bool:
        from sgs_replay.engine.handlers import apply_change, do_discard

        if isinstance(e, ev.Use):
            self.nullified += 1
            F.spend(eng, e, convert=True)  # a 无懈可击 made of another card
            return True
        if self.nullified % 2 == 1:  # countered for the current target: nothing for it
            countered = self.queue.pop(0)
            self.nullified = 0
            if isinstance(e, ev.Draw) and e.seat == countered:
                eng.report(R.D_CARD_EFFECT, countered, f"无懈可击 countered {self.name} for seat {countered}",
                           expected=f"no {self.name} effect for seat {countered}", observed="draw")
                self.queue.insert(0, countered)  # the log says it happened: take it as made
            elif not self.wants(eng, e):
                return False
        if isinstance(e, ev.Draw):
            while self.queue[0] != e.seat:
                skipped = self.queue.pop(0)
                if self._owed(eng, skipped):
                    eng.report(R.R_TARGET_ORDER, e.seat, f"{self.name}: seat {e.seat} draws before seat {skipped} "
                               "has drawn and discarded", expected=f"seat {skipped} first", observed=f"seat {e.seat}")
            if len(e.cards) != 2:
                eng.report(R.D_CARD_EFFECT, e.seat, f"{self.name}: each target draws two cards", expected=2, observed=len(e.cards))
            apply_change(eng, e)
            self.drawn = True
            return True
        if not isinstance(e, ev.Discard):
            return False
        if len(e.cards) != 2:
            eng.report(R.D_CARD_EFFECT, self.queue[0], f"{self.name}: each target discards two cards after its draw",
                       expected=2, observed=len(e.cards))
        do_discard(eng, e)
        self.queue.pop(0)
        self.drawn = False
        return True

    def close(self, eng: Engine, line: int, e: ev.Event | None) -> None:
        if e is None or eng.over or eng.unknown_skill_turn:
            return
        queue = self.queue[1:] if self.nullified % 2 == 1 else self.queue
        owed = [t for t in queue if self._owed(eng, t)]
        if owed:  # 以逸待劳: 各摸两张牌，然后弃置两张牌
            what = "its discard of two cards" if self.drawn and owed[0] == self.queue[0] else "its draw of two and discard of two"
            eng.report(R.D_CARD_EFFECT, owed[0], f"{self.name} of seat {self.user}: {what} for seat(s) {owed} not logged",
                       expected="draw 2, then discard 2, for each target", observed=f"`{ev.event_type(e)}`")


@card_use(CARD.await_exhausted)
def await_exhausted(eng: Engine, e: ev.Use, user: Any, name: str, targets: list[int]) -> None:
    eng.push(DrawThenDiscard(e.seat, name, kin(eng, e)))
