"""Content plug-ins: the definitions of skills the engine runs, loaded by module name.

The engine never imports a skill: the packages named in :data:`PLUGINS` are imported once, by
name, and register what they define — skill hooks and watchers (:mod:`sgs_replay.engine.skills`),
table-wide installers, modifiers of the values the engine computes (the draw phase's count, a
distance, the hand limit), and the answers to the questions the engine asks
while it judges (how many cards a draw phase gives, whether a skill lets a seat use a card outside
its turn, how a card counts for its owner …). A question nobody answers gets its default, so the
engine runs, and judges the plain rules, with no plug-in at all.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

#: the engine, as the registered functions receive it (this registry is below the engine's core and imports none
#: of it: each plug-in's own module types it, ``sgs_replay.engine.core.Engine``)
Engine = Any

#: the plug-in packages, imported in this order: the engine's own parts above its core (the event handlers, the
#: frames and the changes they use, the skill book), the card definitions, the modes, the skills
PLUGINS: tuple[str, ...] = ("sgs_replay.engine.handlers", "sgs_replay.engine.skills", "sgs_replay.engine.cards",
                            "sgs_replay.modes", "sgs_replay.skills")

#: called with every new engine, after its table is set up
INSTALLERS: list[Callable[[Engine], None]] = []
#: question name → the function that answers it
ANSWERS: dict[str, Callable[..., Any]] = {}
#: modifier name → the functions that adjust its value, in the order they apply (:class:`Modifier`'s key)
MODIFIERS: dict[str, list[Callable[..., Any]]] = {}
#: (modifier name, function) → its definition (:class:`Modifier`: the priority it applies at)
_DEFINED: dict[tuple[str, Callable[..., Any]], Modifier] = {}
@dataclass(frozen=True)
class EffectTraits:
    """How a card's effect resolves, as its definition declares it (the effect frame reads it, never the card's name)."""

    #: 无懈可击 may counter it for a target (a trick), and a target dead in its turn is passed over
    nullifiable: bool = True
    #: a damage it causes may be logged with no source
    sourceless_damage: bool = False
    #: once the target has answered, the 【杀】被【闪】抵消时 window opens before the next target
    after_dodge: bool = False


#: card name → how its effect resolves (cards that declare nothing resolve as tricks)
EFFECT_TRAITS: dict[str, EffectTraits] = {}
_TRICK = EffectTraits()


def effect_traits(card: str) -> EffectTraits:
    """How the effect of ``card`` resolves (:class:`EffectTraits`; a trick's when its definition declares nothing)."""
    return EFFECT_TRAITS.get(card, _TRICK)


#: card name → the card it demands of its targets (借刀杀人: a 杀 on the named victim, or the weapon), declared by the card
DEMANDS: dict[str, str] = {}
@dataclass(frozen=True)
class Targets:
    """Whom a card may target, as its definition declares it: between ``least`` and ``most`` characters (``most_for``:
    how many after what changes it, 杀's), its user among them or not (``self_allowed``), its user alone (``self_only``:
    named or left unnamed, 无中生有, 桃, the equipment), every other living character with none chosen (``everyone``;
    with ``self_allowed``, every living one: the global tricks), and whether the use also names a second seat
    (``victim``: 借刀杀人's). The card's check (``handlers.use_check``) and ``legality.legal_uses`` both read it: the
    number of targets and the user among them come from here, the range, the distance and the protections stay the
    check's."""

    least: int = 1
    most: int = 1
    self_allowed: bool = False
    victim: bool = False
    self_only: bool = False
    everyone: bool = False
    #: how many targets ``fn(engine, user seat)`` may have (the modifiers applied); ``most`` when None
    most_for: Callable[..., int] | None = None

    def most_of(self, eng: Engine, user: Any) -> int:
        """The most targets ``user`` may choose now."""
        return self.most if self.most_for is None or user is None else self.most_for(eng, user)

    def count_ok(self, n: int, most: int | None = None) -> bool:
        """``n`` targets are as many as declared (``most``: the user's own limit, :meth:`most_of`)."""
        return self.least <= n <= (self.most if most is None else most)

    def self_ok(self, user: int, targets: list[int]) -> bool:
        """The user is among the targets only as declared (a card on its user alone may leave it unnamed)."""
        if self.self_only:
            return not targets or list(targets) == [user]
        return self.self_allowed or user not in targets

    def fits(self, user: int, targets: list[int]) -> bool:
        """As many targets as declared, the user among them only as declared."""
        return self.count_ok(len(targets)) and self.self_ok(user, targets)


#: a card its user uses on itself, the target left unnamed (桃, 酒, the equipment)
ON_SELF = Targets(least=0, most=0, self_only=True)
#: a card its user uses on itself, the target named (无中生有, 闪电)
ON_SELF_NAMED = Targets(self_only=True)
#: one other character (决斗, 过河拆桥, 顺手牵羊, 乐不思蜀 …)
ONE_OTHER = Targets()


#: card name (杀 for its natured versions) → whom it may target (:class:`Targets`), declared by the card (a card with
#: no definition, declaring nothing, is asked for by its kind: one target for a single-target or delayed trick, none
#: for the others)
TARGETS: dict[str, Targets] = {}
#: the cards whose effect recovers HP (桃, 桃园结义), declared by their definitions: a recovery no card or skill in
#: resolution causes names them as what could have
RECOVERING_CARDS: list[str] = []
#: card name → why it may not be used on its own (an answer only: 闪, 无懈可击), declared by the card
ANSWERS_ONLY: dict[str, str] = {}
#: card name → the key of its 指定目标后 window (the skills of that timing trigger in it once its targets are chosen;
#: ``triggers`` keys the window by it and the card's frame), declared by the card; its targets' 成为目标后 window is
#: the same moment seen from them
TARGET_CHOSEN_WINDOWS: dict[str, str] = {}
#: effect id (a card's name) → its uses per phase before the modifiers (``use_limit``): fn(engine, user) -> int,
#: None for any number; declared by the card's definition
USE_LIMITS: dict[str, Callable[..., int | None]] = {}
#: the cards that counter a trick for one target (无懈可击), declared by their definition: a frame that a trick's
#: resolution is in takes such a card, used with no target, as its counter
COUNTERS: set[str] = set()


@dataclass(frozen=True)
class DelayedTrick:
    """A delayed trick (延时类锦囊) as its definition declares it: the engine places it in a judge area, judges it
    in the owner's judge phase and asks the declaration what follows."""

    #: what its judgement does: ``fn(engine, judge phase frame, owner seat, the trick's card, the judged card)``;
    #: the judged card is a parsed card, or None when the log hides it
    on_result: Callable[..., None]
    #: countered, or judged without effect, it moves on to the next living seat that has none (闪电) rather
    #: than to the discard pile
    moves_on: bool = False
    #: judged before the others when the ruleset says so (``delayed_trick_order = "lightning_first"``)
    judged_first: bool = False
    #: placed in its user's own judge area (闪电), whatever the log names as its target
    on_self: bool = False
    #: the frame that follows its placement (a counter may answer it): ``fn(engine, user, name, target)``
    placed: Callable[..., Any] | None = None


#: card name → its declaration as a delayed trick (:class:`DelayedTrick`)
DELAYED_TRICKS: dict[str, DelayedTrick] = {}


def is_counter(name: str | None) -> bool:
    """Whether the card ``name`` counters a trick (:data:`COUNTERS`)."""
    return name in COUNTERS


@dataclass(frozen=True)
class UseConstraint:
    """A condition a skill puts on a card's use beside the card's own check (蛊惑's claim, 乱武's nearest target):
    ``check(engine, use, user seat, card name, report)`` calls ``report`` for each problem and changes nothing.
    ``handlers.judge_use`` runs it, for the validator and for ``legality.check_use`` / ``legal_uses`` alike:
    ``early`` with who and which card, before every other check (a claim, a conversion); else after the card's own
    check."""

    check: Callable[..., None]
    early: bool = False


#: the conditions skills put on a use (:class:`UseConstraint`), in the order they were declared
USE_CONSTRAINTS: list[UseConstraint] = []
#: locked skills that forbid a card's target: fn(engine, user, target, card name, use) -> why, or None
TARGET_BANS: list[Callable[..., str | None]] = []
#: called after every event has been applied: fn(engine, event) (白银狮子 watches its wearer lose it)
OBSERVERS: list[Callable[..., None]] = []

_loaded = False


def load() -> None:
    """Import every plug-in package once (each registers its definitions on import)."""
    global _loaded
    if _loaded:
        return
    for name in PLUGINS:
        importlib.import_module(name)
    _loaded = True


def installer(fn: Callable[[Engine], None]) -> Callable[[Engine], None]:
    INSTALLERS.append(fn)
    return fn


def observer(fn: Callable[..., None]) -> Callable[..., None]:
    """Register a function called after every event with ``(engine, event)``; keep it cheap."""
    OBSERVERS.append(fn)
    return fn


def answers(question: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Register the function that answers ``question`` (one per question)."""
    def register(fn: Callable[..., Any]) -> Callable[..., Any]:
        if question in ANSWERS and ANSWERS[question] is not fn:
            raise ValueError(f"the question {question!r} already has an answer ({ANSWERS[question].__qualname__})")
        ANSWERS[question] = fn
        return fn
    return register


@dataclass(frozen=True)
class Modifier:
    """A function ``(value, *args) -> value`` that adjusts the named value, with its priority.

    Modifiers apply by priority (lower first: :data:`SETS` before :data:`ADJUSTS`), then by the module and the line
    that define them: an order that never depends on which module was imported first."""

    name: str
    fn: Callable[..., Any]
    priority: int = 0

    @property
    def key(self) -> tuple[int, str, int]:
        code = getattr(self.fn, "__code__", None)
        return (self.priority, self.fn.__module__, code.co_firstlineno if code is not None else 0)


#: a modifier that sets the value (a weapon's or a skill's lifting of a limit, a bonus of its own)
SETS = 0
#: a modifier that adjusts what the others set (天义's one more 杀, or none at all)
ADJUSTS = 10


def modifier(name: str, *, priority: int = SETS) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Register a function ``(value, *args) -> value`` that adjusts the named value (see :class:`Modifier`)."""
    def register(fn: Callable[..., Any]) -> Callable[..., Any]:
        _DEFINED[(name, fn)] = Modifier(name, fn, priority)
        fns = MODIFIERS.setdefault(name, [])
        fns.append(fn)
        fns.sort(key=lambda f: _DEFINED[(name, f)].key)
        return fn
    return register


def modifiers(name: str) -> list[Modifier]:
    """The modifiers of ``name``, in the order they apply."""
    return [_DEFINED[(name, fn)] for fn in MODIFIERS.get(name, ())]


def uses_per_phase(effect: str, fn: Callable[..., int | None]) -> None:
    """Declare how many times per phase ``effect`` (a card) may be used: ``fn(engine, user)``, None for any number."""
    USE_LIMITS[effect] = fn


def use_limit(eng: Engine, user: Any, effect: str) -> int | None:
    """The uses of ``effect`` per phase for ``user``: the card's declaration after the ``use_limit`` modifiers; None
    when the card declares none or a modifier lifts it."""
    base = USE_LIMITS.get(effect)
    if base is None:
        return None
    return modify("use_limit", base(eng, user), eng, user, effect)


def use_constraint(*, early: bool = False) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """Register a condition a skill puts on a use (:class:`UseConstraint`)."""
    def register(fn: Callable[..., None]) -> Callable[..., None]:
        USE_CONSTRAINTS.append(UseConstraint(fn, early))
        return fn
    return register


def use_constraints(eng: Engine, e: Any, user: Any, name: str | None, report: Any, *, early: bool) -> None:
    """Run the skills' conditions on the use ``e`` of ``name`` (the ``early`` ones, or the others)."""
    for c in USE_CONSTRAINTS:
        if c.early is early:
            c.check(eng, e, user, name, report)


def target_ban(fn: Callable[..., str | None]) -> Callable[..., str | None]:
    """Register a check that a locked skill forbids a seat as a card's target (空城, 谦逊 …)."""
    TARGET_BANS.append(fn)
    return fn


def target_bans(eng: Engine, user: Any, target: Any, card: str, use: Any) -> list[str]:
    """Why ``target`` may not be a target of ``user``'s ``card`` (the event ``use``; empty: it may)."""
    return [why for fn in TARGET_BANS if (why := fn(eng, user, target, card, use)) is not None]


def modify(name: str, value: Any, *args: Any) -> Any:
    """``value`` after every modifier registered for ``name``.

    The engine asks for (arguments after ``value``):

    - ``draw_phase_count`` — cards the draw phase gives (``engine, seat``);
    - ``distance`` — before the minimum of 1 (``table, from, to``);
    - ``attack_range`` — a seat's attack range (``table, seat``; 國戰's 吴六剑);
    - ``hand_limit_waived`` — the discard phase's hand limit does not apply this turn (``engine, seat``);
    - ``hand_limit`` — the discard phase's hand limit (its HP, and the mode's bonus) (``engine, seat``);
    - ``slash_targets`` — how many targets a 杀 may have (``engine, user``);
    - ``slash_targets_near`` — how many more targets a 杀 may have when each of them is at distance 1 from its
      user (``engine, user``);
    - ``answers_needed`` — how many answers cancel the user's card (``engine, user, card name``);
    - ``armor_ignored`` — the targets' armour has no effect on a card (``engine, card frame``);
    - ``alive_at_zero`` — a seat at 0 HP or below is not dying (``engine, seat``);
    - ``entry_ends_opponent_turn`` — 1v1: the general entering play ends the opponent's turn (``engine, seat``);
    - ``damage_bonus`` — added to the damage of a user's card (``engine, user seat, card name``);
    - ``use_limit`` — the uses of a card per phase, None for any number (``engine, user, card name``);
    - ``ignores_range`` — a 杀 has no distance limit (``engine, use event``);
    - ``peach_bonus`` — added to a 桃's recovery (``engine, target, user seat``);
    - ``piles_emptied_on_reset`` — pile names discarded when 3v3 role cards are reset (``engine, seat``);
    - ``trick_reach`` — the distance a trick may reach, None for any (``engine, user, card name``);
    - ``damage_dealt`` — a card's damage as its user deals it (造成伤害时: 古锭刀; ``engine, card frame, target``);
    - ``reveal_banned`` — 國戰: why a general may not be turned face up now, a list (``engine, seat``);
    - ``aozhan_begins`` — 鏖戰 has begun (``engine``; the value is None);
    - ``damage_taken`` — a damage as its target takes it (受到伤害时: 藤甲, 白银狮子; ``engine, target, nature,
      whether the target's armour has effect``).
    """
    for fn in MODIFIERS.get(name, ()):
        value = fn(value, *args)
    return value


def ask(question: str, default: Any, *args: Any) -> Any:
    """The plug-ins' answer to ``question``, or ``default`` when none answers it."""
    fn = ANSWERS.get(question)
    return default if fn is None else fn(*args)
