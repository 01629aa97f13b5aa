"""The changes every resolution applies the same way: cards drawn into a hand, discarded, HP lost, damage taken,
recovered, a max-HP change, a phase skipped; and the conversions (当作) a use or an answer is checked against.

The handlers (:mod:`sgs_replay.engine.handlers`) apply them for an event no resolution took, the frames
(:mod:`sgs_replay.engine.frames`, :mod:`sgs_replay.engine.effects`) for the events they take: one definition each, below
both, so neither imports the other.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sgs_replay.content import card_kinds, phrases
from sgs_replay.engine import plugins
from sgs_replay.engine.core import Engine, card_of
from sgs_replay.engine.state import Seat
from sgs_replay.formats import events as ev
from sgs_replay.formats.cards import is_unknown
from sgs_replay.rules import catalogue as R

#: a check's sink: ``report(rule, seat, detail, *, expected=…, observed=…)`` — the engine's
#: ``report`` when judging a log, a collector when asking whether an action is legal
Report = Callable[..., None]

#: the delayed tricks, as their definitions declare them (card name → ``plugins.DelayedTrick``)
DELAYED = plugins.DELAYED_TRICKS


def add_to_hand(eng: Engine, seat: int, cards: list[str]) -> None:
    s = eng.seat(seat)
    if s is None:
        return
    hand = s.hand
    for c in cards:
        if is_unknown(c):
            s.hidden += 1
        else:
            hand[c] = hand.get(c, 0) + 1


def do_draw(eng: Engine, e: ev.Draw) -> None:
    eng.draw_from_pile(e.seat, e.cards)
    add_to_hand(eng, e.seat, e.cards)


def do_discard(eng: Engine, e: ev.Discard) -> None:
    s = eng.seat(e.seat)
    if s is None:
        return
    eng.take_from_hand(s, e.cards, allow_equip=True)
    eng.to_discard(e.cards)


def do_lose_hp(eng: Engine, e: ev.LoseHp) -> None:
    s = eng.seat(e.seat)
    if s is None:
        return
    eng.last_damage_source.pop(e.seat, None)  # a loss of HP is no damage: it has no source
    eng.apply_hp_loss(s, e.amount)


#: what follows a damage before the HP it costs is applied (铁索连环's 传导): ``fn(engine, damage, seat,
#: passed_on)``, filled by the card definitions; ``passed_on``: the damage is itself passed on
DAMAGE_FOLLOWERS: list[Callable[[Engine, ev.Damage, Seat, bool], None]] = []


def apply_damage(eng: Engine, e: ev.Damage, *, passed_on: bool = False) -> None:
    s = eng.seat(e.target)
    if s is None:
        return
    if not s.alive:
        eng.report(R.T_DEAD_ACTS, e.target, f"seat {e.target} is dead and cannot take damage")
        return
    eng.last_damage_source[e.target] = e.source
    eng.last_damage[e.target] = e
    eng.this_turn.damage_taken[e.target] += e.amount
    eng.mode.after_damage(e)
    for follow in DAMAGE_FOLLOWERS:
        follow(eng, e, s, passed_on)
    eng.apply_hp_loss(s, e.amount)


def apply_recover(eng: Engine, e: ev.Recover) -> None:
    s = eng.seat(e.seat)
    if s is None:
        return
    if s.hp + e.amount > s.max_hp:
        eng.report(R.D_HP, e.seat, f"seat {e.seat} has {s.hp}/{s.max_hp} HP",
                   expected=f"recover at most {max(0, s.max_hp - s.hp)}", observed=e.amount)
    s.hp = min(s.max_hp, s.hp + e.amount)


# ---------------------------------------------------------------------------------------------------
# conversions
# ---------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Conversion:
    """A skill or weapon that lets cards be used or played as another card (当作 …使用或打出)."""

    name: str
    into: frozenset[str]  # the card names it makes
    qualifies: Callable[[Any, str], bool]  # (physical card, converted name) -> whether it may be used
    count: int | None = 1  # physical cards per converted card
    hand_only: bool = False  # 手牌 only (no equipment)
    equip_only: bool = False  # 装备区里的牌 only (1v1 倾国)
    weapon: bool = False  # an equipment card: owned by wearing it
    outside_own_turn: bool = False  # only outside the owner's turn (急救)
    #: a condition on the cards together or on the moment: fn(engine, use or answer, owner) -> why not, or None
    together: Callable[[Engine, Any, Seat], str | None] | None = None


#: conversion name (skill or weapon, as the log writes it) → its definition
CONVERSIONS: dict[str, Conversion] = {}
#: skill id → the conversion of a skill that shares its printed name with another (the 1v1 倾国)
CONVERSION_VARIANTS: dict[str, Conversion] = {}


def conversion_for(seat: Seat | None, name: str) -> Conversion | None:
    """The conversion ``name`` means for this seat: its general's own variant of the skill, or the skill."""
    if seat is not None and seat.general is not None:
        for sid in seat.general.skills:
            spec = CONVERSION_VARIANTS.get(sid)
            if spec is not None and spec.name == name:
                return spec
    return CONVERSIONS.get(name)


def conversion(name: str, into: set[str], *, count: int | None = 1, hand_only: bool = False, weapon: bool = False,
               outside_own_turn: bool = False, together: Callable[[Engine, Any, Seat], str | None] | None = None,
               equip_only: bool = False, sid: str | None = None,
               ) -> Callable[[Callable[[Any, str], bool]], Callable[[Any, str], bool]]:
    """Register a conversion; the decorated function says whether a physical card qualifies, ``together``
    what the cards must share or what the moment must be (reported as SGS-P009 with its reason). ``sid``: the
    skill id of a variant whose printed name another skill has (it applies to the generals that have it)."""
    def register(fn: Callable[[Any, str], bool]) -> Callable[[Any, str], bool]:
        spec = Conversion(name, frozenset(into), fn, count, hand_only=hand_only, equip_only=equip_only, weapon=weapon,
                          outside_own_turn=outside_own_turn, together=together)
        if sid is not None:
            CONVERSION_VARIANTS[sid] = spec
        else:
            CONVERSIONS[name] = spec
        return fn
    return register


def check_conversion(eng: Engine, e: ev.Use | ev.Respond, as_name: str, report: Report | None = None, *,
                     notes: bool = True) -> None:
    """A card used or played as another (当作): the skill or weapon is owned and the cards qualify.
    ``report`` defaults to the engine's; ``notes``: count what cannot be checked as unverifiable."""
    if report is None:
        report = eng.report

    def note(why: str) -> None:
        if notes:
            eng.unverifiable_because(why)

    skill = e.skill
    s = eng.seat(e.seat)
    if s is None:
        return
    if skill is None:
        if e.cards:
            note(f"conversion to {as_name} without a named skill")
        return
    spec = conversion_for(s, skill)
    if spec is None:
        if not s.has_skill(skill) and e.cards:  # with no card (视为使用, granted by 离间 …) nothing is converted
            note(f"conversion by {skill}, not checked")
        return
    owned = s.has_skill(skill) or (spec.weapon and s.weapon() == skill)
    if not owned and eng.mode.unchecked_skill(e.seat, skill):
        eng.unknown_skill_turn = True
        note(f"conversion by {skill}, a version of the skill the ruleset leaves unchecked")
        return
    if not owned:
        report(R.S_NOT_OWNED, e.seat, f"{s.name} cannot use {skill}", observed=skill)
        return
    names, count = spec.into, spec.count
    if as_name not in names and card_kinds.true_name(as_name) in names \
            and plugins.ask("declares_nature", False, eng, s, as_name):
        names = frozenset({*names, as_name})  # 朱雀羽扇: the 杀 this conversion makes is declared a 火杀
    if as_name not in names:
        report(R.P_CONVERSION, e.seat, f"{skill} cannot turn cards into {as_name}", expected=sorted(names), observed=as_name)
        return
    cards = list(e.cards or [])
    if count is not None and len(cards) != count:
        report(R.P_CONVERSION, e.seat, f"{skill} converts {count} card(s)", expected=count, observed=len(cards))
        return
    for text in cards:
        c = card_of(text)
        if c is None:
            note("hidden card in a conversion")
            continue
        if not spec.qualifies(c, as_name):
            report(R.P_CONVERSION, e.seat, f"{text} does not qualify for {skill} as {as_name}", observed=text)
        if spec.hand_only and s.hand[text] == 0 and text in s.equip.values():
            report(R.P_CONVERSION, e.seat, f"{skill} uses hand cards only", expected="a hand card", observed=text)
        if spec.equip_only and text not in s.equip.values():
            report(R.P_CONVERSION, e.seat, f"{skill} uses cards of the equipment area only", expected="an equipped card", observed=text)
    if spec.outside_own_turn and eng.current == e.seat:
        report(R.S_TIMING, e.seat, f"{skill} only outside your turn", observed="during own turn")
    why = spec.together(eng, e, s) if spec.together is not None else None
    if why is not None:
        report(R.P_CONVERSION, e.seat, why, observed=cards)


def on_phase_skip(eng: Engine, e: ev.PhaseSkip) -> None:
    if e.reason in DELAYED and e.phase not in eng.skipped_phases and e.phase not in eng.this_turn.spared \
            and not eng.this_turn.judged[e.reason] and eng.turns_taken > 0 and eng.current == e.seat:
        eng.report(R.T_NO_CAUSE, e.seat, f"no {e.reason} was judged this turn to skip the {e.phase} phase",
                   expected=f"phase {e.phase}", observed=f"phase_skip {e.phase} ({e.reason})")
    if e.reason in DELAYED and e.phase not in eng.skipped_phases and e.phase in eng.this_turn.spared:
        eng.report(R.D_CARD_EFFECT, e.seat, f"the {e.reason} judgement spared the {e.phase} phase "
                   f"(seed 001 {phrases()['judgement_spares']})", expected=f"phase {e.phase}", observed=f"phase_skip {e.phase}")
    eng.skipped_phases.add(e.phase)
    if eng.phase is not None and eng.phase in ("start", "judge", "draw", "play", "discard", "finish"):
        eng.end_phase()
    eng.phase_logged.add(e.phase)
    eng.phase = e.phase


def on_max_hp(eng: Engine, e: ev.MaxHp) -> None:
    s = eng.seat(e.seat)
    if s is None:
        return
    s.max_hp += e.delta
    s.hp = min(s.hp, s.max_hp)
    if s.max_hp <= 0:
        eng.apply_hp_loss(s, 0)



#: the changes a resolution frame takes and applies itself (an effect's steps, a hidden card's
#: consequences), by event type
_CHANGES: dict[type, Callable[[Engine, Any], None]] = {
    ev.Draw: do_draw, ev.Damage: apply_damage, ev.Recover: apply_recover, ev.LoseHp: do_lose_hp,
    ev.MaxHp: on_max_hp, ev.PhaseSkip: on_phase_skip,
}


def apply_change(eng: Engine, e: ev.Event) -> bool:
    """Apply a draw, damage, recovery, loss of HP, max-HP change or phase skip a frame has taken;
    False when ``e`` is none of these."""
    fn = _CHANGES.get(type(e))
    if fn is None:
        return False
    fn(eng, e)
    return True
