"""The basic cards (基本牌): 杀 and 桃 (闪 answers, in the resolution of the card it answers).

《三国杀》标准版规则（身份局） · 一、卡牌资料 (一) 基本牌.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sgs_replay.content.names import CARD
from sgs_replay.engine import frames as F
from sgs_replay.engine import plugins
from sgs_replay.engine.cards.effect import CardEffect, colour_of
from sgs_replay.engine.cards.maneuvering import drank, drink_used
from sgs_replay.engine.cards.tricks import collateral_victim
from sgs_replay.engine.effects import Effect, Step
from sgs_replay.engine.handlers import Report, card_use, check_conversion, protected_target, use_check
from sgs_replay.formats import events as ev
from sgs_replay.rules import catalogue as R

if TYPE_CHECKING:
    from sgs_replay.engine.core import Engine


def _counted(eng: Engine, e: ev.Use) -> bool:
    """A 杀 the user's play phase counts against the limit: not a free one (青龙偃月刀 …), not one used
    inside another card's resolution."""
    return eng.in_play_phase(e.seat) and not eng.this_phase.free[CARD.slash] and \
        (eng.top(CardEffect) is None or eng.starts_new_action(e))  # a new action closes the open ones first


# 杀 per play phase: the ruleset's number (seed 001 一(三): 出牌阶段限一次), before the ``use_limit`` modifiers
plugins.uses_per_phase(CARD.slash, lambda eng, user: int(eng.rs.p.slash_per_play_phase))
# its 指定目标后 window (铁骑, 烈弓, 激昂, 雌雄双股剑 trigger there)
plugins.TARGET_CHOSEN_WINDOWS[CARD.slash] = "slash"
# a basic card: no 无懈可击 counters it; its damage may be logged with no source; a dodge opens 【杀】被【闪】抵消时
plugins.EFFECT_TRAITS[CARD.slash] = plugins.EffectTraits(nullifiable=False, sourceless_damage=True, after_dodge=True)
# 闪 answers (seed 001 一(三) 闪): never used on its own
plugins.ANSWERS_ONLY[CARD.jink] = f"{CARD.jink} is only used against a {CARD.slash} or {CARD.archery_attack}"


def _most_targets(eng: Engine, user: Any) -> tuple[int, int]:
    """How many targets the user's 杀 may have (the declaration's after ``slash_targets``), and how many more when each
    of them is at distance 1 (``slash_targets_near``)."""
    return (plugins.modify("slash_targets", plugins.TARGETS[CARD.slash].most, eng, user),
            plugins.modify("slash_targets_near", 0, eng, user))


# 杀 (火杀 and 雷杀 are 杀): one other character, more as the modifiers allow (its check and legality.legal_uses read this)
plugins.TARGETS[CARD.slash] = plugins.Targets(most_for=lambda eng, user: sum(_most_targets(eng, user)))


@use_check(CARD.slash)
def slash_check(eng: Engine, e: ev.Use, user: Any, name: str, targets: list[int], report: Report) -> None:
    """杀 (seed 001 一(三) 杀): one other character within attack range; one per play phase."""
    spec = plugins.TARGETS[CARD.slash]
    if len(targets) < spec.least:
        report(R.P_TARGET, e.seat, "杀 needs a target", observed="no targets")
        return
    if not spec.self_ok(e.seat, targets):
        report(R.P_TARGET, e.seat, "杀: 除自己以外", observed="self")
    if _counted(eng, e):
        n = eng.this_phase.uses[CARD.slash] + 1
        limit = plugins.use_limit(eng, user, CARD.slash)
        if limit is not None and n > limit:
            report(R.P_SLASH_LIMIT, e.seat, f"杀 number {n} in this play phase (limit {limit})",
                   expected=f"at most {limit}", observed=n)
    max_targets, near = _most_targets(eng, user)  # near: more targets, each at distance 1
    if not spec.count_ok(len(targets), max_targets + near):
        report(R.P_TARGET, e.seat, f"杀 may have {max_targets + near} target(s)", expected=max_targets + near,
               observed=len(targets))
    elif not spec.count_ok(len(targets), max_targets):
        close = [t for t in targets if t != e.seat and eng.seat(t) is not None and eng.table.distance(e.seat, t) == 1]
        if len(close) < len(targets) - max_targets:
            report(R.P_TARGET, e.seat, f"杀 may have {max_targets} target(s), more only at distance 1",
                   expected=f"{len(targets) - max_targets} at distance 1", observed=f"{len(close)} at distance 1")
    collateral = collateral_victim(eng, e)
    for t in targets:
        ts = eng.seat(t)
        if ts is None or t == e.seat:
            continue
        protected_target(eng, e, user, ts, CARD.slash, report)
        if collateral == t:
            continue
        if not eng.table.in_attack_range(e.seat, t) and not eng.skills.ignores_range(e):
            report(R.P_RANGE, e.seat,
                   f"distance from seat {e.seat} to seat {t} is {eng.table.distance(e.seat, t)}, attack range {eng.table.attack_range(e.seat)}",
                   expected=f"distance ≤ {eng.table.attack_range(e.seat)}", observed=eng.table.distance(e.seat, t))


@card_use(CARD.slash)
def slash(eng: Engine, e: ev.Use, user: Any, name: str, targets: list[int]) -> None:
    counted = _counted(eng, e)
    if eng.this_phase.free[CARD.slash]:
        eng.this_phase.free[CARD.slash] -= 1
    if not targets:
        return
    if counted:
        eng.this_phase.uses[CARD.slash] += 1
    eng.collateral_victim = None
    order = [t for t in eng.table.order_from(e.seat, include_first=False) if t in targets]
    need = plugins.modify("answers_needed", 1, eng, user, CARD.slash)
    amount = 1 + plugins.modify("damage_bonus", 0, eng, e.seat, CARD.slash) + drank(eng, e.seat)
    drink_used(eng, e.seat)  # 酒: the next 杀 used this turn, hit or not
    frame = CardEffect(eng, e.seat, CARD.slash, e.card, order, need=CARD.jink, need_count=need, damages=True,
                         amount=amount)
    frame.nature = F.used_nature(e)
    if e.as_ is not None and e.cards:
        frame.colour = colour_of(list(e.cards))  # a converted 杀 has the colour of its cards (丈八蛇矛: 1红1黑 → 无色)
    eng.push(frame)


# 桃: used on yourself (its rescue of a dying character is the dying frame's: F.rescue_card below)
plugins.TARGETS[CARD.peach] = plugins.ON_SELF


@use_check(CARD.peach)
def peach_check(eng: Engine, e: ev.Use, user: Any, name: str, targets: list[int], report: Report) -> None:
    """桃 (seed 001 一(三) 桃): in your play phase on yourself when wounded; on a dying character."""
    if not plugins.TARGETS[name].self_ok(e.seat, targets):
        t = eng.seat(targets[0])
        if t is not None and (not t.dying or t.hp > 0):  # rescued already: back above 0 HP
            report(R.D_NOT_DYING, e.seat, f"seat {targets[0]} is not dying", observed=f"桃 on seat {targets[0]}")
    elif user.hp >= user.max_hp:
        report(R.P_PEACH_FULL, e.seat, f"seat {e.seat} is at full HP ({user.hp}/{user.max_hp})",
               expected="HP below max", observed=f"{user.hp}/{user.max_hp}")


@F.rescue_card(CARD.peach)
def rescue_peach(eng: Engine, e: ev.Use, dying: int) -> None:
    """桃 on a dying character (seed 001 二(二)): it recovers 1, and what a locked skill adds (救援)."""
    if eng.seat(e.seat) is None:
        return
    if e.as_ is not None:
        check_conversion(eng, e, CARD.peach)
    F.spend(eng, e)
    s = eng.seat(dying)
    bonus = 0 if s is None else plugins.modify("peach_bonus", 0, eng, s, e.seat)  # a locked bonus (救援) always comes
    eng.push(peach_recovery(e.seat, dying, 1 + bonus))


def peach_recovery(user: int, target: int, amount: int) -> Effect:
    """The recovery a 桃 makes follow: its amount is checked (SGS-D001); a missing one is reported
    (SGS-D010) and taken as done, so the rescue goes on as the rules say."""
    return Effect(user, CARD.peach, [Step("recover", seat=target, n=amount, rule=R.D_CARD_EFFECT, amount_rule=R.D_AMOUNT,
                                    assumed=True)])


# a recovery no card or skill in resolution causes names 桃 as what could have
plugins.RECOVERING_CARDS.append(CARD.peach)


@card_use(CARD.peach)
def peach(eng: Engine, e: ev.Use, user: Any, name: str, targets: list[int]) -> None:
    if not plugins.TARGETS[name].self_ok(e.seat, targets):  # on a dying character (its check judged it)
        eng.push(peach_recovery(e.seat, targets[0], 1))
    elif user.hp < user.max_hp:
        eng.push(peach_recovery(e.seat, e.seat, 1))
