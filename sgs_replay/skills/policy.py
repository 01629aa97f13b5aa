"""What random play does with a skill: the simulator's policies, registered beside each skill's definition.

The simulator (:mod:`sgs_replay.simulate`) plays random legal games. At each decision moment of a game — a
start phase, a damage taken, a 杀's target chosen, a 闪 needed … (:class:`Moment`) — it asks this registry
for the policies of that moment and calls each in turn: a policy looks at the table and perhaps uses its
skill (writes the skill's events through the simulator). A skill's policy lives in the skill's own module,
next to its ``@skill`` definition::

    @policy(Moment.DAMAGED, "jianxiong", order=10)
    def play_jianxiong(sim: Sim, me: Seat, amount: int, source: int | None, card: str | None) -> None:
        \"\"\"奸雄: mostly, while the card that dealt the damage is still in the processing area or the discard pile.\"\"\"

The order of a moment's policies is their ``order`` (then the skill id): never the import order, since the
random stream of a game must be consumed the same way every time. A policy named with a skill id is asked
only of a seat that holds that skill when the moment comes (``Seat.has_skill`` of its printed name); a policy
with no skill id checks for itself whom it concerns (another seat's skill, a skill variant by its id). A
policy for the skills of one mode names that mode (``modes``), and is asked only in its games.

The simulator's side is the :class:`Sim` protocol: this module, like every skill module, never imports the
simulator.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from sgs_replay.content.names import SKILL
from sgs_replay.formats import events as ev

if TYPE_CHECKING:
    from sgs_replay.content import Ruleset
    from sgs_replay.engine import frames as F
    from sgs_replay.engine.core import Engine
    from sgs_replay.engine.state import Seat


class Sim(Protocol):
    """What a policy may ask of the simulator playing the game (``sgs_replay.simulate.game.Game``)."""

    eng: Engine
    rs: Ruleset
    rng: random.Random
    pile: list[str]  # the draw pile, top first (观星 and 攻心 put cards back on it)
    skip: set[str]  # the phases of this turn its judgements skip ("judge_and_draw": skipped already, 神速)
    skipped_turn: set[int]  # the seats whose next turn does not take place (据守, 放逐 …)
    extra_turns: list[int]  # seats owed an extra turn once the current one is over (放权)
    slashed: bool  # the current player used or played a 杀 this turn
    skills: Counter[str]  # the coverage: the skills used in the game
    notes: dict[str, Any]  # what a policy remembers within a game

    def emit(self, e: ev.Event) -> None: ...
    def chance(self, p: float) -> bool: ...
    def seat(self, n: int) -> Seat: ...
    def alive(self, n: int) -> bool: ...
    def hand_of(self, n: int, name: str | None = None) -> list[str]: ...
    def places_of(self, seat: int) -> list[tuple[str, str]]: ...
    def take(self, k: int) -> list[str]: ...
    def invoke(self, e: ev.Skill) -> None: ...
    def fulfil(self, after: int = 0) -> None: ...
    def damage(self, target: int, amount: int, source: int | None, card: str | None, nature: str,
               *, chain: bool = False) -> None: ...
    def after_hp_change(self, seat: int) -> None: ...
    def die(self, seat: int, killer: int | None) -> None: ...
    def judge_card(self, seat: int, reason: str) -> str: ...
    def is_heart(self, seat: int, card: str) -> bool: ...
    def pindian(self, seat: int, skill: str, t: int) -> bool: ...
    def conversions(self, seat: int, into: str) -> list[tuple[str, list[str]]]: ...
    def directed(self, e: ev.Use) -> ev.Use: ...
    def use(self, e: ev.Use) -> None: ...
    def resolve_use(self, e: ev.Use) -> None: ...
    def resolve_slash(self, user: int) -> None: ...
    def resolve_duel(self, e: ev.Use, *, nullifiable: bool = True) -> None: ...
    def skill_limits(self) -> Counter[str]: ...


class Moment:
    """The decision moments of a game the simulator asks policies about, with what each policy is given and
    what it returns (``me``: the seat asked)."""

    #: the start phase has begun: (sim, me)
    START_PHASE = "start_phase"
    #: a phase is about to begin: (sim, me, phase) → True: the policy skipped or replaced it (no other asked)
    PHASE_SKIP = "phase_skip"
    #: the draw phase, before its draw: (sim, me) → True: the phase's one choice is made (no other asked)
    DRAW_PHASE = "draw_phase"
    #: the draw phase's cards are drawn: (sim, me)
    AFTER_DRAW = "after_draw"
    #: the play phase has begun: (sim, me) → False: the play phase is over
    PLAY_BEGINS = "play_begins"
    #: an action of the play phase, before the cards: (sim, me) → True: the policy used its skill
    PLAY_ACTION = "play_action"
    #: an action of the play phase, a skill used as a card (after a recast was not chosen): (sim, me) → True
    PLAY_CARD = "play_card"
    #: a discard phase is over: (sim, discarder) — asked of no seat in particular
    DISCARDED = "discarded"
    #: the finish phase has begun: (sim, me)
    FINISH_PHASE = "finish_phase"
    #: a judgement card is waiting for its result, each seat asked from the current player's: (sim, me, judged
    #: seat) → the card that replaces it, or None
    RETRIAL = "retrial"
    #: a judgement's result is known: (sim, me, reason), ``me`` the judged seat
    JUDGED = "judged"
    #: a damage is about to be taken: (sim, me, source, card, nature) → True: it went elsewhere
    BEFORE_DAMAGE = "before_damage"
    #: a character's HP fell to 0 or below: (sim, me)
    AT_ZERO_HP = "at_zero_hp"
    #: a damage has been taken (受到伤害后): (sim, me, amount, source, card)
    DAMAGED = "damaged"
    #: a 杀 has dealt damage: (sim, target, source, window) — asked of no seat in particular
    SLASH_DAMAGED = "slash_damaged"
    #: a character is dying, before any rescue: (sim, me) → True: it is out of danger
    DYING = "dying"
    #: who may rescue ``dying``: (sim, current player, dying) → the seats that may, or None (anyone)
    RESCUERS = "rescuers"
    #: a seat is asked to rescue: (sim, helper, dying) → True: the dying state is over
    RESCUE = "rescue"
    #: a character has died (its death written, the reward drawn): (sim, dead) — asked of the dead seat
    AFTER_DEATH = "after_death"
    #: 1v1, a general dies (死亡时), before the next enters: (sim, dead, snapshot) — asked of no seat
    AT_DEATH = "at_death"
    #: 1v1, a general enters (登场时): (sim, me) → True: it used a skill (no other asked)
    ENTERS = "enters"
    #: a 杀 is about to resolve: (sim, user, frame), ``me`` its user
    SLASH_BEGINS = "slash_begins"
    #: a 杀's effect begins: (sim, frame) → True: its first target cannot dodge it — asked of its user
    SLASH_USED = "slash_used"
    #: a 杀 comes to its target: (sim, frame, target) → the target it goes to instead, or None — asked of no seat
    SLASH_TARGET = "slash_target"
    #: a 闪 cancelled the 杀 on ``target``: (sim, frame, target) → True: the policy acted (no weapon then)
    SLASH_DODGED = "slash_dodged"
    #: a 杀 hits ``target`` (its damage comes next): (sim, frame, target) — asked of no seat
    SLASH_HITS = "slash_hits"
    #: a 杀 has resolved: (sim, user, target) — asked of its user
    SLASH_ENDS = "slash_ends"
    #: a seat has none of the card it needs (闪, 杀): (sim, me, name) → True: another provided it
    CARD_NEEDED = "card_needed"
    #: an event opened a skill's chance (``SkillBook.chances``), by its key: (sim, me, event, times)
    CHANCE = "chance"


@dataclass(frozen=True)
class Policy:
    """A skill's policy for one moment."""

    moment: str
    skill: str | None  # the skill id whose holder is asked; None: the policy checks for itself
    order: int
    fn: Callable[..., Any]
    modes: tuple[str, ...] = ()  # the modes whose games ask it (none: every mode)
    key: str | None = None  # Moment.CHANCE: the chance key
    name: str = ""  # the skill's printed name (what ``Seat.has_skill`` looks for)


_POLICIES: dict[str, list[Policy]] = {}

#: what a policy of an action (``Moment.PLAY_ACTION``) returns when no skill is to be used this time, though it
#: used none: the later policies are not asked
STOP = "stop"


def policy(moment: str, skill: str | None = None, *, order: int, modes: tuple[str, ...] = (),
           key: str | None = None) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Register the decorated function as ``skill``'s policy at ``moment`` (the docstring says what random play
    does with the skill)."""

    def deco(fn: Callable[..., Any]) -> Callable[..., Any]:
        entries = _POLICIES.setdefault(moment, [])
        entries.append(Policy(moment, skill, order, fn, modes, key, getattr(SKILL, skill) if skill else ""))
        entries.sort(key=lambda p: (p.order, p.skill or "", p.key or "", p.fn.__name__))
        return fn

    return deco


def asked(sim: Sim, moment: str, me: Seat | None = None) -> Iterator[Callable[..., Any]]:
    """The policies of ``moment`` for ``me``, in their order; whether ``me`` holds a policy's skill is looked at
    when its turn comes (what an earlier policy did may have changed it)."""
    mode = sim.rs.mode
    for p in _POLICIES.get(moment, ()):
        if p.modes and mode not in p.modes:
            continue
        if p.skill is not None and (me is None or not me.has_skill(p.name)):
            continue
        yield p.fn


def chance_policy(key: str) -> Callable[..., Any] | None:
    """The policy of the chance ``key`` opens (``SkillBook.chances``), or None: nobody takes it."""
    return next((p.fn for p in _POLICIES.get(Moment.CHANCE, ()) if p.key == key), None)


def chance_order(key: str) -> int:
    """Where the chance ``key`` comes among the chances one event opens (集智's first)."""
    return next((p.order for p in _POLICIES.get(Moment.CHANCE, ()) if p.key == key), 0)


# -- what a skill tells the simulator besides its policies ----------------------------------------------

#: the skills that replace the draw phase's draw (by skill id): no phase draw once the engine has one
DRAW_REPLACED: set[str] = set()
#: the skills whose effect's steps the policy writes itself (乱武's 杀 or loss of HP): what the effect owes is
#: not written for it (by skill id)
WRITES_OWN_STEPS: set[str] = set()
#: locked skills that act with no event of their own, with what the engine counts of their uses
SILENT_USES: dict[str, Callable[[Engine], int]] = {}
#: the judgement cards a skill keeps (洛神's black cards: hers): (engine, frame) → True: the card does not go
#: to the discard pile
KEPT_JUDGEMENTS: list[Callable[[Engine, F.JudgeFrame], bool]] = []
#: skills that send a character into the dying state at 0 HP though a skill keeps it alive there (FreeKill's 救主
#: fault): (engine, seat) → True
DYING_ANYWAY: list[Callable[[Engine, Seat], bool]] = []
#: what a hand card may not be used or played as (武神: a ♥ hand card is a 杀 only): (seat, card, name) → True
HAND_BANS: list[Callable[[Seat, str, str], bool]] = []

#: locked skills that do write an event when they take effect (武魂's judgement): the coverage counts them as used,
#: not as in force by themselves (by skill id)
ANNOUNCED_LOCKED: set[str] = set()
#: lord skills in force by themselves (救援's extra recovery, 血裔's hand limit): the coverage counts them by the
#: games their owner played in (by skill id)
PASSIVE_LORD: set[str] = set()


def printed(ids: set[str]) -> set[str]:
    """The printed names of skill ids."""
    return {getattr(SKILL, i) for i in ids}
