"""One handler per event type: check the event against the rules, report, then apply it.

Handlers run for events that no open resolution claimed (see :mod:`sgs_replay.engine.stack`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from sgs_replay.content import card_kinds, phrases
from sgs_replay.engine import frames as F
from sgs_replay.engine import plugins
from sgs_replay.engine.changes import (
    CONVERSION_VARIANTS,
    CONVERSIONS,
    DAMAGE_FOLLOWERS,
    DELAYED,
    Conversion,
    Report,
    add_to_hand,
    apply_change,
    apply_damage,
    apply_recover,
    check_conversion,
    conversion,
    conversion_for,
    do_discard,
    do_draw,
    do_lose_hp,
    on_max_hp,
    on_phase_skip,
)
from sgs_replay.engine.core import HANDLERS, Engine, card_of
from sgs_replay.engine.effects import Effect, Step
from sgs_replay.engine.state import Equipment, Seat, Zone, slot_of
from sgs_replay.formats import events as ev
from sgs_replay.formats.cards import is_unknown, parse_card
from sgs_replay.rules import catalogue as R

#: the changes and conversions are engine/changes.py's; the card definitions and the skills name them from here too
__all__ = ["CONVERSIONS", "CONVERSION_VARIANTS", "DAMAGE_FOLLOWERS", "DELAYED", "Conversion", "Report", "add_to_hand",
           "apply_change", "apply_damage", "apply_recover", "check_conversion", "conversion", "conversion_for",
           "do_discard", "do_draw", "do_lose_hp", "on_max_hp", "on_phase_skip"]


# ---------------------------------------------------------------------------------------------------
# event handlers
# ---------------------------------------------------------------------------------------------------


def on_turn(eng: Engine, e: ev.Turn) -> None:
    if eng.skipped_turns:
        eng.mode.pass_skipped_turns(e)
    s = eng.seat(e.seat)
    expected = eng.mode.expected_turn()
    if s is not None and not s.alive:
        eng.report(R.T_DEAD_ACTS, e.seat, f"seat {e.seat} is dead", observed=f"turn of seat {e.seat}")
    elif expected is not None and e.seat not in expected:
        eng.mode.report_turn_order(e.seat, expected)
    eng.note_turn(e.seat)
    eng.mode.before_turn(e.seat)
    eng.start_turn(e.seat)


def on_turn_end(eng: Engine, e: ev.TurnEnd) -> None:
    if eng.current != e.seat:
        eng.report(R.T_ORDER, e.seat, f"seat {e.seat} ends a turn that is seat {eng.current}'s",
                   expected=f"turn_end seat {eng.current}", observed=f"seat {e.seat}")
    eng.end_phase()
    eng.phase = "finish"
    eng.mode.after_turn(e.seat)


def on_phase(eng: Engine, e: ev.Phase) -> None:
    if eng.current is not None and e.seat != eng.current:
        eng.report(R.T_ORDER, e.seat, f"a phase of seat {e.seat} during seat {eng.current}'s turn",
                   expected=f"seat {eng.current}", observed=f"seat {e.seat}")
        return
    if eng.current is None:
        eng.current = e.seat
    eng.enter_phase(e.seat, e.phase)


def on_draw(eng: Engine, e: ev.Draw) -> None:
    s = eng.seat(e.seat)
    if s is None:
        return
    if e.reason == "phase":
        if eng.current == e.seat and eng.phase != "draw":
            if eng.phase in (None, "start", "judge"):
                eng.enter_phase(e.seat, "draw")
                eng.phase_logged.discard("draw")
        eng.phase_draws += len(e.cards)
        if eng.current == e.seat and eng.phase == "draw" and "draw" in eng.phase_logged:
            do_draw(eng, e)
            eng.check_draw_excess(s)
            return
    elif e.reason == "reward":
        dying = next((f for f in reversed(eng.stack) if isinstance(f, F.DyingFrame) and f.awaiting(eng)), None)
        victim = eng.seat(dying.seat) if dying is not None else None
        if dying is not None and victim is not None:
            # a reward for a kill while the victim still lies dying: the death is what is missing
            eng.report(R.D_DEATH_MISSING, victim.seat, f"seat {victim.seat} is at {victim.hp} HP, not saved, and a reward "
                       "for its death is drawn: the death is missing", expected=f"death of seat {victim.seat}",
                       observed=f"reward draw of seat {e.seat}")
            dying.interrupted = True
            on_death(eng, ev.Death(seat=victim.seat))
            eng.inferred_deaths.add(victim.seat)  # its death, logged later, is the same one
            top = eng.stack[-1] if eng.stack else None
            if isinstance(top, F.DeathAftermath) and top.wants(eng, e) and top.offer(eng, eng.line, e):
                return
        else:
            eng.report(eng.mode.reward_rules[0], e.seat, "a reward draw with no kill that earns it", observed=f"draw {len(e.cards)}")
    elif e.reason == "skill" and e.skill is not None:
        eng.skills.on_draw(e)
    elif e.reason == "card" and e.card_name is None:
        eng.unverifiable_because("a card draw outside the card's resolution")
    elif e.reason == "initial" and not eng.turns_taken and (
            eng.header.mode == "identity" or (eng.header.mode == "3v3" and eng.rs.p.warm_commander_initial_bonus is not None)):
        want = eng.rs.p.initial_hand  # seed 001 二(一) 4: 随机分给每个玩家4张，此为起始手牌
        s = eng.seat(e.seat)
        if isinstance(want, int) and s is not None and s.side == "warm" and s.position == "commander":
            want += eng.rs.p.warm_commander_initial_bonus or 0
        if isinstance(want, int) and len(e.cards) != want:
            eng.report(R.T_DRAW_COUNT, e.seat, f"the initial deal gives seat {e.seat} {want} cards",
                       expected=want, observed=len(e.cards))
    do_draw(eng, e)


#: discard reason → what the effect of that name does when its cost is logged as the discard
DISCARD_EFFECTS: dict[str, Callable[[Engine, ev.Discard, Seat], None]] = {}


def discard_effect(reason: str) -> Callable[[Callable[[Engine, ev.Discard, Seat], None]], Callable[[Engine, ev.Discard, Seat], None]]:
    """Register what a discard logged with ``reason`` (an effect's cost: 贯石斧 …) does before it is applied."""
    def register(fn: Callable[[Engine, ev.Discard, Seat], None]) -> Callable[[Engine, ev.Discard, Seat], None]:
        DISCARD_EFFECTS[reason] = fn
        return fn
    return register


def on_discard(eng: Engine, e: ev.Discard) -> None:
    s = eng.seat(e.seat)
    if s is None:
        return
    effect = DISCARD_EFFECTS.get(e.reason or "")
    if effect is not None:
        effect(eng, e, s)
    _penalty_without_cause(eng, e, s)
    if eng.phase == "discard" and eng.current == e.seat and e.reason in (None, "phase", "discard"):
        limit = plugins.modify("hand_limit", max(s.hp, 0) + eng.mode.hand_limit_bonus(s), eng, s)
        hand_cards = [c for c in e.cards if s.hand[c] > 0 or is_unknown(c)]
        after = s.hand_count - len(hand_cards)
        eng.this_phase.hand_after_discard = after
        if after < limit and s.hidden == 0 and s.hand_count >= len(hand_cards):
            eng.report(R.T_DISCARD_EXCESS, e.seat, f"seat {e.seat} discards down to {after} cards with a hand limit of {limit}",
                       expected=f"discard {max(0, s.hand_count - limit)}", observed=f"discard {len(hand_cards)}")
    do_discard(eng, e)


def _penalty_without_cause(eng: Engine, e: ev.Discard, s: Seat) -> None:
    """A lord's discard that looks like the penalty for killing a loyalist (seed 001 三(二)) where there is
    none to pay: before the loyalist's death (the penalty follows it), or right after killing a rebel or
    the renegade (only a loyalist's death costs the lord its cards)."""
    if eng.header.mode != "identity":
        _penalty_before_death(eng, e)
        return
    if s.role != "lord" or not eng.rs.p.loyalist_kill_penalty or e.reason not in (None, "penalty"):
        return
    dying = _dying_victim_of(eng, e.seat)
    if dying is not None and dying.role == "loyalist":
        eng.report(R.D_PENALTY, e.seat, f"the lord's penalty for killing a loyalist follows the death; seat "
                   f"{dying.seat} is still dying", expected=f"death of seat {dying.seat} first", observed="discard")
        return
    if eng.last_death is None or (eng.phase == "discard" and eng.current == e.seat):
        return
    victim_seat, killer, line = eng.last_death
    victim = eng.seat(victim_seat)
    if victim is not None and killer == e.seat and victim.role != "loyalist" and eng.line - line <= 2 \
            and not any(isinstance(f, (F.DeathAftermath, Effect)) and f.wants(eng, e) for f in eng.stack):
        eng.report(R.D_PENALTY, e.seat, f"seat {victim.seat} was a {victim.role}: only killing a loyalist costs the "
                   "lord its cards", expected="no penalty", observed=f"discard {len(e.cards)}")


def _dying_victim_of(eng: Engine, seat: int) -> Seat | None:
    """A character that lies dying, not yet saved, of a damage ``seat`` dealt."""
    return next((eng.seat(f.seat) for f in eng.stack if isinstance(f, F.DyingFrame) and f.awaiting(eng)
                 and eng.last_damage_source.get(f.seat) == seat), None)


def _penalty_before_death(eng: Engine, e: ev.Discard) -> None:
    """A discard logged as the penalty for a kill (國戰: a character of one's own kingdom) while the character
    still lies dying: the penalty follows the death (the death is missing)."""
    if e.reason != "penalty":
        return
    dying = _dying_victim_of(eng, e.seat)
    if dying is not None:
        eng.report(eng.mode.reward_rules[1], e.seat, f"the penalty for a kill follows the death; seat {dying.seat} is "
                   "still dying", expected=f"death of seat {dying.seat} first", observed="discard (penalty)")


def on_move(eng: Engine, e: ev.Move) -> None:
    t = eng.table
    src = e.from_
    for c in e.cards:
        if is_unknown(c):
            s = eng.seat(src.seat)
            if s is not None and src.zone == Zone.HAND:
                if s.hidden:
                    s.hidden -= 1
                elif s.hand:
                    s.hand[next(iter(s.hand))] -= 1
                    s.hand = +s.hand
            continue
        ok = True
        if src.zone == Zone.HAND:
            s = eng.seat(src.seat)
            if s is None:
                continue
            if s.hand[c] > 0:
                s.hand[c] -= 1
                s.hand = +s.hand
            elif s.hidden:
                s.hidden -= 1
                eng.unverifiable_because(f"{c} may be a hidden card of seat {s.seat}")
            else:
                ok = False
        elif src.zone == Zone.EQUIP:
            s = eng.seat(src.seat)
            if s is None:
                continue
            for sl, v in list(s.equip.items()):
                if v == c:
                    del s.equip[sl]
                    break
            else:
                ok = False
        elif src.zone == Zone.JUDGE:
            s = eng.seat(src.seat)
            if s is None:
                continue
            if c in s.judge:
                s.judge.remove(c)
                s.judge_as.pop(c, None)
            else:
                ok = False
        elif src.zone.startswith("pile:"):
            s = eng.seat(src.seat)
            if s is None:
                continue
            pile = s.piles.get(src.zone[5:])
            if pile and pile[c] > 0:
                pile[c] -= 1
            else:
                ok = False
        elif src.zone == Zone.DECK:
            eng.draw_from_pile(src.seat or 0, [c])
        elif src.zone in (Zone.DISCARD, Zone.PROCESSING):
            # a card on the table: a log may name either place for a card whose resolution is
            # ending (奸雄 takes the 杀 that hurt him "from the discard pile")
            first, second = (t.processing, t.discard) if src.zone == Zone.PROCESSING else (t.discard, t.processing)
            if first[c] > 0:
                first[c] -= 1
            elif second[c] > 0:
                second[c] -= 1
            else:
                ok = False
        if not ok:
            where = f"seat {src.seat}'s {src.zone}" if src.seat else src.zone
            eng.report(R.C_NOT_THERE, src.seat, f"{c} is not in {where}", observed=c)
            eng._pull_from_anywhere(c)
        _put(eng, c, e.to)


def _put(eng: Engine, c: str, to: ev.Place) -> None:
    t = eng.table
    s = eng.seat(to.seat)
    if to.zone == Zone.HAND and s is not None:
        s.hand[c] += 1
    elif to.zone == Zone.EQUIP and s is not None:
        sl = slot_of(parse_card(c))
        if sl is not None:
            old = s.equip.get(sl)
            if old:
                t.discard[old] += 1
            s.equip[sl] = c
    elif to.zone == Zone.JUDGE and s is not None:
        s.judge.append(c)
    elif to.zone.startswith("pile:") and s is not None:
        s.piles.setdefault(to.zone[5:], __import__("collections").Counter())[c] += 1
    elif to.zone == Zone.DECK:
        t.pile[c] += 1
        t.pile_top.insert(0, c)
    elif to.zone == Zone.PROCESSING:
        t.processing[c] += 1
    elif to.zone == Zone.DISCARD:
        t.discard[c] += 1


def on_use(eng: Engine, e: ev.Use) -> None:
    judge_use(eng, e, eng.report if eng.checking else None, apply=True)


def judge_use(eng: Engine, e: ev.Use, report: Report | None, *, apply: bool) -> None:
    """A card used: its checks, in the order the rules take them, then (``apply``) the change.

    ``report`` receives every problem (None: no check at all, the engine's unchecked apply). With
    ``apply=False`` nothing changes: :mod:`sgs_replay.engine.legality` asks this way whether a use
    is legal. Layers: who and when (the user is alive, it is its play phase or a skill or a demand
    lets it use the card, it holds the card) — pseudo-legal; then the card's own conditions in this
    position (:data:`USE_CHECKS`) — legal.
    """
    user = eng.seat(e.seat)
    if user is None:
        return
    if report is not None:  # the skills' conditions on who and which card (蛊惑's claim)
        plugins.use_constraints(eng, e, user, F.used_name(e), report, early=True)
    if apply:
        eng.collateral_victim = None  # set below only for the card a 借刀杀人 asks of its user, for this use
    if not user.alive:
        if report is not None:
            report(R.T_DEAD_ACTS, e.seat, f"seat {e.seat} is dead")
        return
    name = F.used_name(e)
    if e.as_ is not None and report is not None:
        check_conversion(eng, e, e.as_, report, notes=apply)
    physical = [e.card] if e.card is not None else list(e.cards or [])
    # what a frame demands of the user (借刀杀人: the weapon holder's 杀, or it gives the weapon); asked only for a
    # hidden card or a card some card demands
    demand = demanding_frame(eng, e.seat) if name is None or name in plugins.DEMANDS.values() else None
    if name is None and demand is not None:
        name = demand[1]
        if apply:
            eng.unverifiable_because(f"a hidden card used as the {demand[0].name} {demand[1]}")
    if name is None:
        if apply:
            eng.unverifiable_because("a hidden card is used")
            eng.take_from_hand(user, physical)
            eng.to_processing(physical)
            eng.push(F.HiddenCard(e.seat, list(e.targets or [])))
        return
    kind = parse_card(e.card).kind if e.card and not is_unknown(e.card) else None
    # a rescue (桃 on the dying one, the dying one's 酒) is the dying frame's, never here; a 桃 on another
    # character is a misdirected rescue (SGS-D009); anything else while someone lies dying interrupts it
    if report is not None and not (_rescues_others(name) and e.targets and list(e.targets) != [e.seat]):
        _check_no_dying(eng, e, name, report, mark=apply)
    if name in plugins.ANSWERS_ONLY:
        if report is not None:
            report(R.P_NO_DEMAND, e.seat, plugins.ANSWERS_ONLY[name], observed=name)
        if apply:
            eng.take_from_hand(user, physical, allow_equip=e.as_ is not None and plugins.is_counter(name))
            eng.to_processing(physical)
        return
    own_play = eng.in_play_phase(e.seat)
    collateral = demand[0] if demand is not None and name == demand[1] else None
    if collateral is not None:
        # 借刀杀人: the weapon holder must use the demanded card on the named victim (seed 001 一(四) 借刀杀人)
        if report is not None and collateral.victim is not None and list(e.targets or []) != [collateral.victim]:
            report(R.P_TARGET, e.seat, f"{collateral.name} names seat {collateral.victim} as the one to slash",
                   expected=[collateral.victim], observed=e.targets)
        if apply:
            collateral.queue = []
            eng.collateral_victim = collateral.victim
        own_play = True
    # 神速's 杀, 离间's 决斗, 挑衅's and 乱武's 杀 (a grant is spent when the card is used)
    granted = not own_play and (eng.skills.lets_use(e, name) if apply else eng.skills.may_use(e, name))
    if report is not None:
        _check_use_timing(eng, e, name, own_play, granted, report)
    if apply:
        eng.take_from_hand(user, physical, allow_equip=e.as_ is not None)
        _check_targets(eng, e, user, name, kind, report)
    elif report is not None:
        for c in eng.missing_cards(user, physical, allow_equip=e.as_ is not None):
            held = sorted(user.hand.elements())
            report(R.C_NOT_HELD, e.seat, f"seat {e.seat} ({user.name}) does not hold {c}",
                   expected=f"one of {held}" if held else "no cards in hand", observed=c)
        # the card's conditions are those of the moment it has left the hand (方天画戟's last hand
        # card, a horse used as 杀 no longer counting): taken for the check and put back
        saved = (Counter(user.hand), Equipment(user.equip), user.hidden)
        try:
            _remove_quietly(user, physical, allow_equip=e.as_ is not None)
            _check_targets(eng, e, user, name, kind, report)
        finally:
            user.hand, user.equip, user.hidden = saved
    if not apply:
        return
    targets = list(e.targets or [])
    if kind is not None and kind.is_equip and e.as_ is None:
        _equip(eng, user, e.card)  # type: ignore[arg-type]
        return
    if name in DELAYED:
        _place_delayed(eng, e, user, name, physical, targets)
        return
    eng.to_processing(physical)
    USE_BY_NAME.get(name, _use_unknown)(eng, e, user, name, targets)


def _remove_quietly(user: Seat, cards: list[str], *, allow_equip: bool) -> None:
    for c in cards:
        if user.hand[c] > 0:
            user.hand[c] -= 1
            if not user.hand[c]:
                del user.hand[c]
        elif allow_equip and c in user.equip.values():
            del user.equip[next(sl for sl, v in user.equip.items() if v == c)]
        elif user.hidden > 0:
            user.hidden -= 1


def _check_targets(eng: Engine, e: ev.Use, user: Seat, name: str, kind: Any, report: Report | None) -> None:
    """The legal layer: the targets are alive, then the card's own conditions (:data:`USE_CHECKS`)."""
    targets = list(e.targets or [])
    if report is not None:
        for t in targets:
            ts = eng.seat(t)
            if ts is not None and not ts.alive:
                report(R.P_TARGET, e.seat, f"seat {t} is dead", observed=f"target {t}")
        equip = kind is not None and kind.is_equip and e.as_ is None
        check = None if equip else USE_CHECKS.get(name)
        if check is not None:
            check(eng, e, user, name, targets, report)
        plugins.use_constraints(eng, e, user, name, report, early=False)  # the skills' conditions (乱武's target)


def _check_use_timing(eng: Engine, e: ev.Use, name: str, own_play: bool, granted: bool, report: Report) -> None:
    """A card is used in its user's play phase, unless a demand or a skill lets it be used now."""
    # 桃 on a dying character is handled by the dying frame; here: the play-phase uses
    if not own_play and not granted:
        if eng.current != e.seat and not eng.mode.may_use_outside_turn(e, name):
            report(R.T_NOT_YOUR_TURN, e.seat, f"{name} used outside seat {e.seat}'s play phase",
                   expected=f"seat {eng.current}'s play phase" if eng.current else "a play phase", observed=f"seat {e.seat}")
        elif eng.current == e.seat and eng.phase not in (None, "play"):
            report(R.T_NOT_YOUR_TURN, e.seat, f"{name} used in the {eng.phase} phase", expected="play phase", observed=eng.phase)
        elif eng.current == e.seat and "play" in eng.skipped_phases:
            report(R.T_SKIPPED, e.seat, "the play phase was skipped", observed=f"use {name}")
    elif "play" in eng.skipped_phases and not granted:
        report(R.T_SKIPPED, e.seat, "the play phase was skipped", observed=f"use {name}")


def _check_no_dying(eng: Engine, e: ev.Use, name: str, report: Report, *, mark: bool) -> None:
    """While a character is dying only the rescue goes on (seed 001 二(二) 武将死亡: 除非 … 用[桃]来挽救该武将 …
    否则该武将出局): a new card before the rescue or the death interrupts it (SGS-R004)."""
    for f in eng.stack:
        if not isinstance(f, F.DyingFrame):
            continue
        s = eng.seat(f.seat)
        if s is None or f.died or f.interrupted or f.spared or not s.alive or s.hp > 0 or F.survives_at_zero(eng, s):
            continue
        if mark:
            f.interrupted = True
        report(R.R_INTERLEAVED, e.seat, f"seat {f.seat} is dying ({s.hp} HP): {name} is used before the rescue or the death",
               expected=f"{_rescue_for_anyone()} for seat {f.seat}, or its death", observed=f"use {name}")
        return


def _rescues_others(name: str) -> bool:
    """``name`` is a card any character may use to rescue a dying one (``frames.rescue_card``, not ``self_only``)."""
    spec = F.RESCUE_CARDS.get(name)
    return spec is not None and not spec[0]


def _rescue_for_anyone() -> str:
    """The card a dying character's rescue asks for (the first declared rescue card anyone may use)."""
    return next((n for n, (self_only, _fn) in F.RESCUE_CARDS.items() if not self_only), "a rescue")


def effect_asking(eng: Engine, e: ev.Use) -> Effect | None:
    """The effect whose open step takes the use ``e`` (a skill that asks its seat to use a card: 乱武's 杀), as the
    skill book notes it once the use is applied: the latest effect with a step it satisfies, none past a character
    still dying (a card used then is its rescue)."""
    for f in reversed(eng.stack):
        if isinstance(f, Effect) and f.step_taking(eng, e) is not None:
            return f
        if isinstance(f, F.DyingFrame) and f.awaiting(eng):
            return None
    return None


def demanding_frame(eng: Engine, seat: int) -> tuple[Any, str] | None:
    """The latest frame that demands of ``seat`` a card to use on its own (借刀杀人's 杀 on the named victim;
    ``Frame.demands``), with the card it demands."""
    for f in reversed(eng.stack):
        if (card := f.demands(eng, seat)) is not None:
            return f, card
    return None


def _equip(eng: Engine, user: Any, card: str) -> None:
    sl = slot_of(parse_card(card))
    if sl is None:
        return
    old = user.equip.get(sl)
    if old:
        eng.to_discard([old])  # replaced equipment goes to the discard pile (implied)
    user.equip[sl] = card


def _place_delayed(eng: Engine, e: ev.Use, user: Any, name: str, physical: list[str], targets: list[int]) -> None:
    """A delayed trick goes to its target's judge area (its user's own, when it declares ``on_self``), then what its
    definition declares follows its placement (``plugins.DelayedTrick``)."""
    spec = plugins.DELAYED_TRICKS[name]
    if spec.on_self:
        targets = [e.seat]
    if len(targets) != 1:
        eng.to_discard(physical)
        return
    t = targets[0]
    target = eng.seat(t)
    if target is None:
        return
    card = physical[0] if physical else None
    if card is None:
        return
    target.judge.append(card)
    if parse_card(card).name != name:
        target.judge_as[card] = name
    if spec.placed is not None:
        eng.push(spec.placed(eng, e.seat, name, t))


def protected_target(eng: Engine, e: ev.Use, user: Any, target: Seat, name: str, report: Report) -> None:
    """A locked skill of the target forbids it as a target of this card (SGS-P011)."""
    for why in plugins.target_bans(eng, user, target, name, e):
        report(R.P_EMPTY_CITY, e.seat, why, observed=f"target {target.seat}")


def one_other_target(eng: Engine, e: ev.Use, user: Any, name: str, targets: list[int], report: Report,
                     why: str, expected: object = None) -> None:
    """A card aimed at exactly one other character (决斗, 水淹七军 …: ``plugins.ONE_OTHER``, or what the card declares),
    not one its locked skills protect."""
    spec = plugins.TARGETS.get(name, plugins.ONE_OTHER)
    if not spec.fits(e.seat, targets):
        report(R.P_TARGET, e.seat, why, expected=expected, observed=targets)
        return
    ts = eng.seat(targets[0])
    if ts is not None:
        protected_target(eng, e, user, ts, name, report)


def _use_unknown(eng: Engine, e: ev.Use, user: Any, name: str, targets: list[int]) -> None:
    eng.unverifiable_because(f"no rule for {name}")


UseFn = Callable[[Engine, ev.Use, Any, str, list[int]], None]

#: card name → what using it does: ``fn(engine, use, user seat, name, targets)``. The card is already
#: out of the user's hand, in the processing area, and the checks common to every use are made.
#: A name with no definition is judged unverifiable (``_use_unknown``).
USE_BY_NAME: dict[str, UseFn] = {}  # filled by the card definitions (sgs_replay/engine/cards/)


def card_use(*names: str) -> Callable[[UseFn], UseFn]:
    """Register what using the cards ``names`` does (one definition per card): the position changes,
    with no check (the checks are the card's :func:`use_check`)."""
    def register(fn: UseFn) -> UseFn:
        for n in names:
            USE_BY_NAME[n] = fn
        return fn
    return register


CheckFn = Callable[["Engine", ev.Use, Any, str, list[int], Report], None]
USE_CHECKS: dict[str, CheckFn] = {}  # filled by the card definitions, beside USE_BY_NAME


def use_check(*names: str) -> Callable[[CheckFn], CheckFn]:
    """Register the card's own conditions in this position (targets, range, distance, limits,
    protections): a pure function that calls ``report`` for each problem and changes nothing."""
    def register(fn: CheckFn) -> CheckFn:
        for n in names:
            USE_CHECKS[n] = fn
        return fn
    return register


def on_respond(eng: Engine, e: ev.Respond) -> None:
    name = F.used_name(e)
    eng.report(R.P_NO_DEMAND, e.seat, f"nothing asks seat {e.seat} for {name or 'a card'} now", observed=name)
    F.spend(eng, e)


def on_damage(eng: Engine, e: ev.Damage) -> None:
    if e.card is not None and eng.skills.damage_allowed(e) is False:
        pass
    if not eng.skills.claims_damage(e):
        if eng.unknown_skill_turn or eng.mode.lenient_damage():
            eng.unverifiable_because("damage from an unchecked skill")
        else:
            eng.report(R.D_UNEXPECTED, e.target, "no card, judgement or skill in resolution causes this damage",
                       observed=f"damage {e.amount} to seat {e.target}" + (f" from seat {e.source}" if e.source else ""))
    apply_damage(eng, e)


def on_recover(eng: Engine, e: ev.Recover) -> None:
    s = eng.seat(e.seat)
    follows_report = bool(eng.violations) and eng.violations[-1].line == eng.line - 1
    if not eng.skills.claims_recover(e):
        if eng.unknown_skill_turn or eng.mode.lenient_damage():
            eng.unverifiable_because("recovery from an unchecked source")
        elif follows_report or (s is not None and s.hp >= s.max_hp):
            pass  # the consequence of the event just reported, or a recovery at full HP (SGS-D008 below)
        else:
            eng.report(R.D_UNEXPECTED, e.seat, "no card or skill in resolution causes this recovery",
                       expected=f"a {_recovering_cards()} or a skill that recovers", observed=f"recover {e.amount} for seat {e.seat}")
    apply_recover(eng, e)


def _recovering_cards() -> str:
    """The cards whose effect recovers HP (``plugins.RECOVERING_CARDS``), the basic cards first, as a recovery
    nothing causes names them."""
    basic_first = sorted(plugins.RECOVERING_CARDS, key=lambda n: (k := card_kinds.BY_NAME.get(n)) is None or k.type != "basic")
    return ", ".join(basic_first)


def on_lose_hp(eng: Engine, e: ev.LoseHp) -> None:
    do_lose_hp(eng, e)


def on_dying(eng: Engine, e: ev.Dying) -> None:
    s = eng.seat(e.seat)
    if s is None:
        return
    if s.hp > 0:
        eng.report(R.D_DEATH_ALIVE, e.seat, f"seat {e.seat} has {s.hp} HP and is not dying", observed="dying")


def on_death(eng: Engine, e: ev.Death) -> None:
    s = eng.seat(e.seat)
    if s is None:
        return
    if not s.alive:
        if e.seat in eng.inferred_deaths:  # the death a reward already showed (reported there): the same one
            eng.inferred_deaths.discard(e.seat)
            return
        eng.report(R.D_DEATH_ALIVE, e.seat, f"seat {e.seat} is already dead", observed="death")
        return
    if s.hp > 0 and not F.survives_at_zero(eng, s):
        eng.report(R.D_DEATH_ALIVE, e.seat, f"seat {e.seat} has {s.hp} HP", expected="HP ≤ 0", observed=s.hp)
    # the killer is the source of the damage that brought the character down (闪电's thunder: none) whatever
    # the log's `killer` says; after a loss of HP (苦肉 …) or a damage logged without a source, the log's word
    killer = e.killer
    if e.seat in eng.last_damage_source:
        fatal = eng.last_damage.get(e.seat)
        if eng.last_damage_source[e.seat] is not None or e.killer is None or (fatal is not None and fatal.nature == "thunder"):
            killer = eng.last_damage_source[e.seat]
    penalty: list[str] = []
    eng.last_death = (e.seat, killer, eng.line)
    eng.kill(s, killer)
    reward = eng.mode.kill_reward(s, killer)
    ks = eng.seat(killer)
    if ks is not None and ks.alive and eng.mode.kill_penalty(s, ks):
        penalty = ks.all_cards()
        penalty = [c for c in penalty if c not in ks.judge] + ["?"] * ks.hidden
    if reward or penalty:
        eng.push(F.DeathAftermath(eng, s, killer, reward, penalty))


def on_judge(eng: Engine, e: ev.Judge) -> None:
    s = eng.seat(e.seat)
    if e.reason in DELAYED and s is not None and e.reason not in s.judge_names():
        eng.report(R.T_NO_CAUSE, e.seat, f"seat {e.seat}'s judge area holds no {e.reason}",
                   expected=f"judge area {s.judge_names() or 'empty'}", observed=f"judge ({e.reason})")
    if e.reason in DELAYED and s is not None and s.judge and eng.current == e.seat \
            and eng.phase in (None, "start", "judge"):
        if eng.phase != "judge":
            eng.enter_phase(e.seat, "judge")  # the judge phase is implied by its judgement
            eng.phase_logged.discard("judge")
        frame = eng.top(F.JudgePhase)
        if frame is None:
            frame = F.JudgePhase(eng, s)
            eng.push(frame)
        if frame.offer(eng, eng.line, e):
            return
    frame = F.JudgeFrame(eng, e.seat, e.reason, e.card, on_result=eng.skills.judge_result(e))
    frame.take(eng, e)
    eng.push(frame)


def on_retrial(eng: Engine, e: ev.Retrial) -> None:
    eng.report(R.S_TIMING, e.seat, "a retrial with no judgement pending", observed="retrial")


def on_reveal(eng: Engine, e: ev.Reveal) -> None:
    return None


def on_pindian(eng: Engine, e: ev.Pindian) -> None:
    """拼点 (an extension of the format): each side shows a hand card of its own; both cards go to the
    discard pile (implied). Who wins, and what follows, is the asking skill's (its effect's ``then``)."""
    for seat, card in zip((e.seat, e.target), e.cards, strict=False):
        s = eng.seat(seat)
        if s is None:
            continue
        eng.take_from_hand(s, [card])
        eng.to_discard([card])


def pindian_won(e: ev.Pindian) -> bool | None:
    """Whether ``e.seat`` won the 拼点: only with a strictly higher rank; None when a card is hidden."""
    a, b = (card_of(c) for c in e.cards)
    if a is None or b is None:
        return None
    return a.rank > b.rank


#: cards that may be recast (重铸) as themselves: 铁索连环 (filled by the card definitions)
RECASTABLE: set[str] = set()


def on_recast(eng: Engine, e: ev.Recast) -> None:
    """重铸: in the user's play phase, a card that may be recast (or one a skill lets be recast as such a
    card, 连环) goes from the hand to the discard pile, and its owner draws one card. Not a use."""
    s = eng.seat(e.seat)
    if s is None:
        return
    if not s.alive:
        eng.report(R.T_DEAD_ACTS, e.seat, f"seat {e.seat} is dead")
        return
    c = card_of(e.card)
    if e.skill is not None:
        spec = CONVERSIONS.get(e.skill)
        if not s.has_skill(e.skill):
            eng.report(R.S_NOT_OWNED, e.seat, f"{s.name} cannot use {e.skill}", observed=e.skill)
        elif spec is None or not (spec.into & RECASTABLE):
            eng.report(R.P_CONVERSION, e.seat, f"{e.skill} does not let a card be recast", observed=e.skill)
        elif c is not None and not any(spec.qualifies(c, n) for n in spec.into & RECASTABLE):
            eng.report(R.P_CONVERSION, e.seat, f"{e.card} does not qualify for {e.skill}", observed=e.card)
    elif c is not None and c.name not in RECASTABLE and not eng.mode.recastable(c):
        eng.report(R.P_RECAST, e.seat, f"{c.name} cannot be recast", expected=sorted(RECASTABLE), observed=c.name)
    if not eng.in_play_phase(e.seat):
        eng.report(R.T_NOT_YOUR_TURN, e.seat, f"{phrases()['recast']} only in your own play phase",
                   expected=f"seat {eng.current}'s play phase" if eng.current else "a play phase", observed=f"seat {e.seat}")
    eng.take_from_hand(s, [e.card])
    eng.to_discard([e.card])
    eng.push(Effect(e.seat, phrases()["recast"], [Step("draw", seat=e.seat, n=1, reason="recast", rule=R.D_CARD_EFFECT)]))


def on_skill(eng: Engine, e: ev.Skill) -> None:
    eng.skills.invoke(e)


def on_choose(eng: Engine, e: ev.Choose) -> None:
    return None


def on_pass(eng: Engine, e: ev.Pass) -> None:
    return None


def on_game_end(eng: Engine, e: ev.GameEnd) -> None:
    return None


def on_mode_event(eng: Engine, e: ev.Event) -> None:
    eng.mode.on_event(e)


#: event type → its handler: the engine's own table (``core.HANDLERS``, which the core asks), filled here when the
#: engine's plug-ins are loaded; a card definition adds the events it brings (`chain`)
TABLE: dict[type, Any] = HANDLERS
TABLE.update({
    ev.Turn: on_turn, ev.TurnEnd: on_turn_end, ev.Phase: on_phase, ev.PhaseSkip: on_phase_skip,
    ev.Draw: on_draw, ev.Discard: on_discard, ev.Move: on_move, ev.Use: on_use, ev.Respond: on_respond,
    ev.Damage: on_damage, ev.Recover: on_recover, ev.LoseHp: on_lose_hp, ev.MaxHp: on_max_hp,
    ev.Dying: on_dying, ev.Death: on_death, ev.Judge: on_judge, ev.Retrial: on_retrial, ev.Reveal: on_reveal,
    ev.Recast: on_recast, ev.Pindian: on_pindian,  # `chain` is the 军争 cards' own (engine/cards/maneuvering.py)
    ev.Skill: on_skill, ev.Choose: on_choose, ev.Pass: on_pass,
    ev.DraftPool: on_mode_event, ev.DraftFirst: on_mode_event, ev.DraftPick: on_mode_event, ev.Lineup: on_mode_event,
    ev.GeneralChoice: on_mode_event, ev.RevealGeneral: on_mode_event,
    ev.FirstAction: on_mode_event, ev.ActionUnit: on_mode_event, ev.Penalty: on_mode_event, ev.TimeUp: on_mode_event,
    ev.Resign: on_mode_event,
})
