"""Legality in named layers, for the actions a seat chooses (a card used now).

1. **well-formed** — the reader (:mod:`sgs_replay.formats.reader`): a line is a typed event of the log
   format, or a located error. Nothing below sees a malformed event.
2. **pseudo-legal** — who, when, which card: the user is alive, it is its play phase (or a demand or
   a skill lets it use the card now), no rescue is pending, it holds the card, a conversion is its
   own and the cards qualify.
3. **legal** — the card's own conditions in this position: its targets (alive, how many and the user
   among them as the card declares them — ``plugins.Targets`` —, not protected by a locked skill),
   attack range and distance, the 杀 limit, a delayed trick not already in the target's judge area (the
   card definitions' :func:`~sgs_replay.engine.handlers.use_check`), and the skills' conditions on the
   use (``plugins.use_constraint``: 乱武's 杀 on the nearest; 蛊惑's claim is judged with layer 2).
4. **apply** — :meth:`Engine.apply <sgs_replay.engine.core.Engine.apply>`: the position changes
   with no check at all.

The checks are the validator's own: :func:`~sgs_replay.engine.handlers.judge_use` runs them in the
order the rules take them and hands each problem to a sink — the engine's ``report`` when a log is
judged, a collector here. Asking changes nothing. A generator of games asks
:func:`legal_uses` ("what may this seat use now?") and applies its choice with ``Engine.apply``,
so nothing is checked twice.
"""

from __future__ import annotations

import enum
import itertools
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sgs_replay.content import card_kinds
from sgs_replay.engine import frames as F
from sgs_replay.engine import handlers, plugins
from sgs_replay.formats import events as ev
from sgs_replay.formats.cards import is_unknown, parse_card
from sgs_replay.rules import Rule
from sgs_replay.rules import catalogue as R

if TYPE_CHECKING:
    from sgs_replay.engine.core import Engine


class Layer(enum.IntEnum):
    """How far an action gets: each layer presumes the ones before it."""

    WELL_FORMED = 1
    PSEUDO_LEGAL = 2
    LEGAL = 3


#: the rules of the pseudo-legal layer (who, when, which card); every other rule a use can break
#: belongs to the legal layer
PSEUDO_LEGAL_RULES = frozenset(r.id for r in (R.T_DEAD_ACTS, R.T_NOT_YOUR_TURN, R.T_SKIPPED, R.C_NOT_HELD,
                                              R.P_NO_DEMAND, R.R_INTERLEAVED, R.S_NOT_OWNED, R.P_CONVERSION))


@dataclass(frozen=True)
class Finding:
    """One reason an action is not legal: the rule, the layer it belongs to and what was wrong."""

    rule: Rule
    layer: Layer
    seat: int | None
    detail: str
    expected: Any = None
    observed: Any = None


class _Collector:
    def __init__(self) -> None:
        self.findings: list[Finding] = []

    def __call__(self, rule: Rule, seat: int | None = None, detail: str = "", *, expected: object = None,
                 observed: object = None) -> None:
        layer = Layer.PSEUDO_LEGAL if rule.id in PSEUDO_LEGAL_RULES else Layer.LEGAL
        self.findings.append(Finding(rule, layer, seat, detail, expected, observed))


def answers_a_demand(eng: Engine, e: ev.Use) -> bool:
    """A resolution in progress takes ``e`` as its answer (a 闪 written as `use`, 无懈可击, the 杀 of a
    决斗 …): it is judged there, not as a card used on its own."""
    return any(f.wants(eng, e) for f in eng.stack)


def resolution_pending(eng: Engine) -> bool:
    """A resolution still waits for an answer or a consequence: only answers to it may be played
    (they are judged by the resolution, and not listed by :func:`legal_uses`), and the uses it asks for
    (:func:`asked_for`)."""
    return any(f.awaiting(eng) for f in eng.stack)


def asked_for(eng: Engine, e: ev.Use) -> bool:
    """The latest resolution still waiting asks for the use ``e`` as a card used on its own: a step of a skill's
    effect (each character's 杀 under 乱武), or the card it demands of the user (``Frame.demands``: 借刀杀人's 杀).
    The use checks judge it, the skills' conditions with them."""
    waiting = next((f for f in reversed(eng.stack) if f.awaiting(eng)), None)
    if waiting is None:
        return False
    demanded = waiting.demands(eng, e.seat)
    return waiting.grants_use(eng, e) or (demanded is not None and demanded == F.used_name(e))


def check_use(eng: Engine, e: ev.Use) -> list[Finding]:
    """Every reason the use ``e``, as a card used on its own, is not legal in the engine's position
    now (empty: it is legal). An answer to a demand (:func:`answers_a_demand`) is not judged here."""
    sink = _Collector()
    handlers.judge_use(eng, e, sink, apply=False)
    return sink.findings


def is_pseudo_legal(eng: Engine, e: ev.Use) -> bool:
    return not any(f.layer <= Layer.PSEUDO_LEGAL for f in check_use(eng, e))


def is_legal(eng: Engine, e: ev.Use) -> bool:
    return not check_use(eng, e)


def _living_others(eng: Engine, seat: int) -> list[int]:
    return [s for s in eng.table.order_from(seat, include_first=False) if (st := eng.seat(s)) is not None and st.alive]


def _candidates(eng: Engine, seat: int, card: str) -> list[ev.Use]:
    """The uses of ``card`` worth asking about: each target choice its declaration allows (``plugins.TARGETS``: how
    many, the user among them or alone, everyone at once, a victim besides); the checks then keep the legal ones."""
    name = parse_card(card).name
    if name in plugins.ANSWERS_ONLY:
        return []  # answers, never used on their own
    spec = plugins.TARGETS.get(name)
    if spec is None:
        return _undeclared(eng, seat, card, name)
    if spec.everyone:
        return [ev.Use(seat=seat, card=card)]  # the AOEs and the global tricks: no target is chosen
    others = _living_others(eng, seat)
    pool = [seat] if spec.self_only else [seat, *others] if spec.self_allowed else others
    most = spec.most_of(eng, eng.seat(seat))
    groups = [list(g) for k in range(spec.least, most + 1) for g in itertools.combinations(pool, k)]
    if not spec.victim:
        return [ev.Use(seat=seat, card=card, targets=g) if g else ev.Use(seat=seat, card=card) for g in groups]
    return [ev.Use(seat=seat, card=card, targets=g, victim=v) for g in groups
            for v in eng.table.order_from(g[0], include_first=False)
            if v not in g and (vs := eng.seat(v)) is not None and vs.alive]


def _undeclared(eng: Engine, seat: int, card: str, name: str) -> list[ev.Use]:
    """A card of the deck with no definition (its targets undeclared): one target of any seat for a single-target or
    delayed trick, none for the others; nothing judges it beyond the checks every use has."""
    kind = card_kinds.BY_NAME.get(name)
    if kind is None:
        return []
    if kind.subtype in ("single_target_trick", "delayed_trick"):
        return [ev.Use(seat=seat, card=card, targets=[t]) for t in [seat, *_living_others(eng, seat)]]
    return [ev.Use(seat=seat, card=card)]


def legal_uses(eng: Engine, seat: int) -> list[ev.Use]:
    """Every legal use of a card in ``seat``'s hand now, one per distinct card and target choice, in
    a fixed order (the hand sorted, then the seats from the user's next seat on). While a resolution
    is pending (:func:`resolution_pending`), only the uses it asks for (:func:`asked_for`: 乱武's 杀 on a
    nearest character, 借刀杀人's on its victim). Conversions and skills are not generated."""
    s = eng.seat(seat)
    if s is None or not s.alive:
        return []
    pending = resolution_pending(eng)
    out: list[ev.Use] = []
    for card in sorted(c for c in s.hand if not is_unknown(c)):
        out.extend(e for e in _candidates(eng, seat, card) if not answers_a_demand(eng, e)
                   and (not pending or asked_for(eng, e)) and not check_use(eng, e))
    return out
