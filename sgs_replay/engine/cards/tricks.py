"""The tricks that resolve at once (非延时类锦囊): the AOEs, the global tricks, 决斗 and the
single-target tricks. 《三国杀》标准版规则（身份局） · 一、卡牌资料 (四) 锦囊牌.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sgs_replay import events as ev
from sgs_replay.content.names import CARD
from sgs_replay.engine import frames as F
from sgs_replay.engine import plugins
from sgs_replay.engine.handlers import Report, card_use, one_other_target, protected_target, use_check
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
