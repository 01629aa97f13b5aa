"""Skills: the checks every invocation passes, the windows skills trigger in, and the hooks.

A general's skill is registered once with :func:`skill` under its id (``jianxiong``) and a few
declarative limits (play phase only, once per turn, once per game) and its timing point, whose window the
engine asks before the hook runs (``SkillBook._in_window``); the hook checks what the text adds (its
conditions) and pushes the consequences the rules then expect
(:class:`~sgs_replay.engine.effects.Effect` frames). Locked skills that never appear as a
``skill`` event are *watchers*: small functions that look at every event while a seat has the skill
(:func:`watch_before`, :func:`watch_after`).

The :class:`SkillBook` is the engine's view of all this. It tracks the windows in which triggered
skills may be used (the damage a seat just took, the judgement card waiting for retrials, the 闪 a
seat just used …); a window closes when the game moves on (a new card used or played outside a
rescue, a new phase or turn).

A skill with no hook is *unverifiable*: it is counted, never reported as legal or illegal, and the
damage and draws around it are judged leniently for the rest of that turn. Equipment effects
announced as ``skill`` events register with :func:`hook` under the card's name.

Rules texts: seed 001 一(三) 武将牌 (standard), seed 000 (early texts, wind, gods), seed 002 (3v3
2013 and 1v1); the texts are in ``content/skills.toml``. A ruleset picks another printed text of a
skill with its ``[skill_versions]`` table (``zhiheng = "002-1v1"``) or replaces a skill by another
one (``<id> = "<other id>"``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast

import msgspec

from sgs_replay.content import SkillInfo, skill_by_name
from sgs_replay.content import skills as skill_table
from sgs_replay.engine import frames as F
from sgs_replay.engine import plugins, triggers
from sgs_replay.engine.core import BOOKS
from sgs_replay.engine.effects import Effect
from sgs_replay.engine.state import Zone
from sgs_replay.engine.timing import WINDOWS, Timing, Window, Words, declare, timing_of, window
from sgs_replay.formats import events as ev
from sgs_replay.rules import catalogue as R

if TYPE_CHECKING:
    from sgs_replay.engine.core import Engine
    from sgs_replay.engine.state import Seat

Hook = Callable[["Engine", ev.Skill, "Seat"], None]
Watch = Callable[["Engine", Any, "Seat"], None]

#: equipment effects and other hooks by the name the log uses (see sgs_replay.engine.cards.equipment)
HOOKS: dict[str, Hook] = {}


@dataclass(frozen=True)
class SkillSpec:
    """A general's skill: its hook and the limits every invocation is checked against."""

    id: str
    fn: Hook
    play: bool = False  # 出牌阶段: only in the owner's play phase
    per_turn: int | None = None  # 每回合限用一次 / 出牌阶段限一次
    per_game: bool = False  # 限定技 / 觉醒技
    timing: Timing | None = None  # the moment the text names (指定目标后, 判定牌生效前 …)
    by_others: bool = False  # a lord skill the lord's subjects announce (the lord is the target)
    per_phase_in: tuple[str, ...] = ()  # the printed texts (variant keys) whose per_turn limit is per play phase
    #: its hook finds its window itself: another character's moment (悲歌: 一名角色受到【杀】造成的伤害后; 骁果: 其他角色的
    #: 结束阶段; a lord skill its subjects announce), or phases that depend on the option chosen (神速); the generic
    #: check asks the window of its user's own timing point otherwise (``timing.WINDOWS``)
    own_window: bool = False
    #: the printed texts (variant keys) whose moment is another timing point than ``timing`` (裸衣 of seed 000: the
    #: play phase, not the draw phase); the generic check asks that point's window for them
    timing_in: tuple[tuple[str, Timing], ...] = ()
    #: the words of its moment in a report (``{when}``: "at the start of your start phase"), when not the window's
    when: str | None = None
    #: its window is a one-shot chance its watcher opens (``SkillBook.chances`` under its id: the 闪 雷击 follows, the
    #: equipment card 枭姬 follows …), taken when it is announced; the words for an announcement with none
    chance: Words | None = None
    #: its own words for an announcement outside its window, in place of the window's (铁骑: "{name} follows your 杀
    #: choosing its target"), where they name what the engine cannot (a card)
    words: Words | None = None

    @property
    def info(self) -> SkillInfo:
        return skill_table()[self.id]


SPECS: dict[str, SkillSpec] = {}
WATCH_BEFORE: dict[str, list[Watch]] = {}
WATCH_AFTER: dict[str, list[Watch]] = {}
#: a watcher → the event types it looks at (a watcher not listed looks at every event)
WATCH_EVENTS: dict[Watch, tuple[type, ...]] = {}
#: (table, skill id, event type, watchers) → the skill's name, whether it watches at death too, and its watchers that
#: look at that type (``()``: none): the same at every table of every game
_WATCHING: dict[tuple[int, str, type, int], tuple[str, bool, list[Watch]] | tuple[()]] = {}

#: names of the lord skills the lord's subjects announce (the lord is the target)
BY_OTHERS: set[str] = set()


def hook(*names: str, timing: Timing | None = None) -> Callable[[Hook], Hook]:
    """Register a hook by the name the log uses (equipment effects), with its timing point."""

    def deco(fn: Hook) -> Hook:
        for n in names:
            HOOKS[n] = fn
            if timing is not None:
                declare(n, timing)
        return fn

    return deco


def skill(sid: str, *, play: bool = False, per_turn: int | None = None, per_game: bool = False,
          timing: Timing | None = None, by_others: bool = False,
          per_phase_in: tuple[str, ...] = (), own_window: bool = False,
          chance: Words | None = None, when: str | None = None,
          timing_in: dict[str, Timing] | None = None, words: Words | None = None) -> Callable[[Hook], Hook]:
    """Register a general's skill hook by its id (``zhiheng``); the limits are checked before it runs.

    ``timing`` is the moment the skill's text names, declared under its printed name so the engine
    can ask for it (:func:`sgs_replay.engine.timing.timing_of`); ``by_others`` marks a lord skill
    its owner's subjects announce (黄天 …); ``per_phase_in`` names the printed texts (variant keys)
    whose limit is 出牌阶段限一次 where the default text says 每回合限用一次; ``own_window``: its hook checks its
    moment itself (another character's timing point, or phases the option chosen decides); ``chance``: its window is a
    one-shot chance its own watcher opens, and the words for an announcement without one; ``when``: the words
    of its moment in a report, when not its window's; ``timing_in``: the printed texts (variant keys) whose moment
    is another timing point (``{"000": Timing.PLAY_PHASE}``); ``words``: its own words for an announcement outside
    its window, in place of the window's."""

    if timing is None and play:
        timing = Timing.PLAY_PHASE  # 出牌阶段

    def deco(fn: Hook) -> Hook:
        SPECS[sid] = SkillSpec(sid, fn, play=play, per_turn=per_turn, per_game=per_game, timing=timing,
                               by_others=by_others, per_phase_in=per_phase_in, own_window=own_window,
                               chance=chance, when=when, timing_in=tuple(sorted((timing_in or {}).items())), words=words)
        info = skill_table().get(sid)
        name = info.name if info is not None else sid
        if timing is not None:
            declare(name, timing)
        if by_others:
            BY_OTHERS.add(name)
        return fn

    return deco


def watch_before(*sids: str, events: tuple[type, ...] | None = None) -> Callable[[Watch], Watch]:
    """A locked skill's check of each event, before the event is applied (fn(eng, event, owner)):
    every event, or only those of the types in ``events``."""

    def deco(fn: Watch) -> Watch:
        for s in sids:
            WATCH_BEFORE.setdefault(s, []).append(fn)
        if events is not None:
            WATCH_EVENTS[fn] = events
        return fn

    return deco


def watch_after(*sids: str, events: tuple[type, ...] | None = None) -> Callable[[Watch], Watch]:
    """A locked skill's look at each event after it was applied (fn(eng, event, owner)): every
    event, or only those of the types in ``events``."""

    def deco(fn: Watch) -> Watch:
        for s in sids:
            WATCH_AFTER.setdefault(s, []).append(fn)
        if events is not None:
            WATCH_EVENTS[fn] = events
        return fn

    return deco


def version(eng: Engine, sid: str) -> str:
    """The printed text a ruleset uses for a skill: "" (the default text) or a variant key ("000")."""
    v = eng.rs.skill_versions.get(sid, "")
    return "" if v in skill_table() else v


def skill_ids(seat: Seat) -> list[str]:
    """The ids of the skills a seat has now (its general's, and those gained: 观星 by 志继 …)."""
    table = skill_table()
    own = [sid for sid in (seat.general.skills if seat.general else ()) if sid in table and table[sid].name in seat.skills]
    names = {table[sid].name for sid in own}
    for name in seat.skills - names:
        info = skill_by_name().get(name)
        if info is not None:
            own.append(info.id)
    return own


def owns(seat: Seat, sid: str) -> bool:
    return seat.alive and sid in skill_ids(seat)


@dataclass
class DamageWindow:
    """A damage a seat has just taken: the moment for 奸雄, 反馈, 刚烈, 遗计 (受到伤害后)."""

    damage: ev.Damage
    line: int
    uses: Counter[str] = field(default_factory=Counter)
    window: triggers.Window = field(default_factory=lambda: triggers.Window("damaged"))


# The kinds of events after which the game has moved on: the windows of triggered skills close
# (a card used or played too, outside a rescue).
_MOVES_ON = frozenset((ev.Turn, ev.TurnEnd, ev.Phase, ev.PhaseSkip))
#: the phase of the turn each phase timing point belongs to
_STAGES = {Timing.START_PHASE: "start", Timing.JUDGE_PHASE: "judge", Timing.DRAW_PHASE: "draw",
           Timing.DISCARD_PHASE: "discard", Timing.END_PHASE: "finish"}
_NEW_STAGE = frozenset((ev.Turn, ev.Phase, ev.TurnEnd))
_CARD_PLAYS = frozenset((ev.Use, ev.Respond))


class SkillBook:
    """The engine's view of skills: invocation checks, trigger windows and locked-skill watchers."""

    def __init__(self, eng: Engine) -> None:
        plugins.load()
        self.eng = eng
        self.damaged: dict[int, DamageWindow] = {}
        self.chances: Counter[tuple[int, str]] = Counter()  # (seat, key): pending one-shot triggers
        self.last_use: dict[int, tuple[ev.Use, int]] = {}  # seat → (its latest use, line)
        self.judgement: dict[str, Any] = {}  # the latest judgement: seat, card, reason, line, fresh
        self.used_once: set[tuple[int, str]] = set()  # (seat, skill id) of limited and awakening skills
        self.state: dict[str, Any] = {}  # per-skill state, keyed by skill id
        self.depth = 0
        self.seq = 0
        #: what the window of the skill now acting found for it (the card on the stack a 指定目标后 skill follows:
        #: ``Window.is_open``'s answer), for its hook; None when its window has nothing to hand over
        self.found: Any = None
        self.implied: list[tuple[int, str, str, int | None]] = []  # (to seat, card, from zone, from seat)
        self.paid: list[tuple[int, str, str, str]] = []  # (seat, card, from zone, to: discard | hand:N | pile:X)
        self._watched = self._watchers()
        # event type → the watchers that look at it (see _plan), before and after the event
        self._before: dict[type, list[tuple[int, str, bool, list[Watch]]]] = {}
        self._after: dict[type, list[tuple[int, str, bool, list[Watch]]]] = {}
        for install in plugins.INSTALLERS:
            install(eng)

    # ------------------------------------------------------------------ ownership
    def _watchers(self) -> list[tuple[int, str]]:
        out = []
        for s in self.eng.table.seats.values():
            for sid in (s.general.skills if s.general else ()):
                out.append((s.seat, sid))
        return out

    def _lord_skill(self, seat: Seat, name: str) -> bool:
        info = skill_by_name().get(name)
        if info is None or not info.lord or seat.general is None:
            return False
        return any(skill_table().get(sid) is info for sid in seat.general.skills)

    def resolve(self, seat: Seat, name: str) -> str | None:
        """The id of the skill ``name`` (Chinese name or id) for this seat, after the ruleset's versions."""
        table = skill_table()
        sid = next((s for s in skill_ids(seat) if table[s].name == name or s == name), None)
        if sid is None:
            info = skill_by_name().get(name)
            sid = info.id if info is not None else None
        if sid is not None:
            other = self.eng.rs.skill_versions.get(sid)
            if other in table and other in SPECS:
                sid = other
        return sid

    # ------------------------------------------------------------------ invocation
    def invoke(self, e: ev.Skill) -> None:
        eng = self.eng
        seat = eng.seat(e.seat)
        if seat is None:
            return
        info = skill_by_name().get(e.skill)
        name = info.name if info is not None else e.skill
        if name != e.skill:
            e = msgspec.structs.replace(e, skill=name)
        if not seat.alive and timing_of(name) is not Timing.DEATH:
            eng.report(R.T_DEAD_ACTS, e.seat, f"seat {e.seat} is dead", observed=name)
            return
        if name in BY_OTHERS:
            self._run(e, seat, name, granted=True)
            return
        if e.seat in eng.undefined and not self._equipment_skill(seat, name) and not seat.has_skill(name):
            if info is None or (info.lord and seat.role != "lord"):  # a skill of its own: its effects are not known
                eng.unknown_skill_turn = True
                eng.note_unmodelled(e.seat, f"skill {name} of a general the rules do not define: effect not checked")
                return
            # a skill the project defines, used by a general it does not (a later edition keeping the skill's
            # id): the seat holds it from now on and it is judged by the project's text; what it says of the
            # seat itself stays unverifiable (Engine.report)
            seat.skills.add(name)
            eng.note_unmodelled(e.seat, f"skill {name} of a general the rules do not define: judged by its known text")
        if self._lord_skill(seat, name) and not seat.has_skill(name):
            why = "this ruleset has no lord skills" if not eng.rs.p.lord_skills else "only the lord has it"
            eng.report(R.S_LORD, e.seat, f"{name} is a lord skill: {why}", expected="no lord skill", observed=name)
            return
        if not seat.has_skill(name) and not self._equipment_skill(seat, name):
            if (info is None and name not in HOOKS) or eng.mode.unchecked_skill(e.seat, name):
                eng.unknown_skill_turn = True
                eng.unverifiable_because(f"skill {name} is not known")
                return
            eng.report(R.S_NOT_OWNED, e.seat, f"{seat.name} does not have {name}", observed=name)
            return
        self._run(e, seat, name)

    def _run(self, e: ev.Skill, seat: Seat, name: str, *, granted: bool = False) -> None:
        eng = self.eng
        sid = self.resolve(seat, name)
        spec = SPECS.get(sid or "")
        eng.this_turn.skills[name] += 1
        if eng.phase == "draw":
            eng.phase_draw_mods.append(name)
        if spec is None:
            fn = HOOKS.get(name)
            if fn is not None:
                self._target_chosen_window(e, name)
                fn(eng, e, seat)
                return
            eng.unknown_skill_turn = True
            if eng.unmodelled(e.seat) is not None:
                eng.note_unmodelled(e.seat, f"skill {name}: effect not checked (not modelled)")
            else:
                eng.unverifiable_because(f"skill {name}: effect not checked")
            if eng.phase == "draw":
                eng.this_phase.unchecked_skill += 1
            return
        if spec.play and not granted and not eng.in_play_phase(e.seat):
            eng.report(R.S_TIMING, e.seat, f"{name} is used in your play phase", expected="own play phase",
                       observed=f"{eng.phase or 'no'} phase of seat {eng.current}")
        if spec.per_turn is not None:
            per_phase = eng.rs.p.skill_limit_scope == "play_phase" or version(eng, spec.id) in spec.per_phase_in
            counter = eng.this_phase.limits if per_phase else eng.this_turn.limits
            key = f"{name}:{e.seat}" if granted else name
            if counter[key] >= spec.per_turn:
                eng.report(R.S_LIMIT, e.seat, f"{name} may be used {spec.per_turn} time(s) per turn",
                           expected=spec.per_turn, observed=counter[key] + 1)
            counter[key] += 1
        self._target_chosen_window(e, name)
        if spec.per_game:
            if (e.seat, spec.id) in self.used_once:
                eng.report(R.S_LIMIT, e.seat, f"{name} can be used once per game", expected="once", observed="again")
            self.used_once.add((e.seat, spec.id))
        if not self._in_window(e, spec):
            return
        spec.fn(eng, e, seat)

    def _in_window(self, e: ev.Skill, spec: SkillSpec) -> bool:
        """The one timing check: the window of the skill's declared timing point (only that one is asked; a
        skill's own chance when it declares one) is open for its user; else SGS-S003 in the window's words, and
        the skill does nothing. A window found open starts what it opens (the draw phase) before the skill acts."""
        eng = self.eng
        self.found = None
        if spec.chance is not None:
            if self.take_chance(e.seat, spec.id):
                return True
            self.untimely(e, spec.chance, spec.when or "")
            return False
        w = self._window(spec)
        if w is None:
            return True
        found = w.is_open(eng, e)
        if found:
            if w.opens is not None:
                w.opens(eng, e)
            self.found = None if found is True else found
            return True
        self.untimely(e, spec.words or w.words, spec.when or w.when)
        return False

    def untimely(self, e: ev.Skill, words: Words, when: str = "") -> None:
        """Report the skill ``e`` announced outside its window (SGS-S003) in ``words``: templates of ``{name}``,
        ``{when}`` and ``{where}`` (the phase and the seat whose turn it is)."""
        eng = self.eng
        where = f"the {eng.phase or 'no'} phase of seat {eng.current}" if eng.current else "no turn"

        def say(text: str | None) -> str | None:
            return None if text is None else text.format(name=e.skill, when=when, where=where)

        eng.report(R.S_TIMING, e.seat, words.detail.format(name=e.skill, when=when, where=where),
                   expected=say(words.expected), observed=say(words.observed))

    def _window(self, spec: SkillSpec) -> Window | None:
        """The window the generic check asks for a skill: its timing point's, by the printed text the ruleset uses;
        none for a skill that finds its moment itself (``own_window``) or whose play phase is the declarative
        limit's (``play``: checked by :meth:`_run`, in its own words)."""
        timing = spec.timing
        if spec.timing_in:
            timing = dict(spec.timing_in).get(version(self.eng, spec.id), timing)
        if timing is None or spec.own_window or (spec.play and timing is Timing.PLAY_PHASE):
            return None
        return WINDOWS.get(timing)

    def stage_of(self, e: ev.Skill) -> str | None:
        """The phase of the turn a skill of its owner belongs to (克己: discard), from its timing point."""
        seat = self.eng.seat(e.seat)
        info = skill_by_name().get(e.skill)
        if seat is None or info is None or not seat.has_skill(info.name):
            return None
        timing = timing_of(info.name)
        return None if timing is None else _STAGES.get(timing)

    def is_play_skill(self, e: ev.Skill) -> bool:
        """The skill is an active skill of its owner's play phase (``@skill(..., play=True)``)."""
        seat = self.eng.seat(e.seat)
        info = skill_by_name().get(e.skill)
        if seat is None or info is None or not seat.has_skill(info.name):
            return False
        spec = SPECS.get(self.resolve(seat, info.name) or "")
        return spec is not None and (spec.play or spec.timing is Timing.PLAY_PHASE)  # 苦肉 has no limit but is one

    def _target_chosen_window(self, e: ev.Skill, name: str) -> None:
        """Skills that trigger once the user's card has its target (指定目标后: 铁骑, 烈弓, 激昂, 雌雄双股剑), for the
        cards that open that window (``plugins.TARGET_CHOSEN_WINDOWS``, declared by the card)."""
        if timing_of(name) is not Timing.TARGET_CHOSEN:
            return
        # the latest such card the skill's owner uses or is a target of (激昂 also triggers on being targeted)
        cf = next((f for f in reversed(self.eng.stack) if isinstance(f, F.CardResolution)
                   and f.name in plugins.TARGET_CHOSEN_WINDOWS
                   and f.head is not None and (f.user == e.seat or e.seat in f.queue)), None)
        if cf is not None and cf.user == e.seat:
            if cf.begun:
                self.eng.report(R.S_TIMING, e.seat, f"{name} is used when the {cf.name} has chosen its targets "
                                f"({Timing.TARGET_CHOSEN.label}), before any of them answers",
                                expected="before the targets' answers",
                                observed=f"after seat {cf.head}'s answer" if cf.started else f"after the {cf.name} began to resolve")
            triggers.trigger(self.eng, f"{plugins.TARGET_CHOSEN_WINDOWS[cf.name]}:{cf.uid}", e.seat, name)

    def _equipment_skill(self, seat: Seat, name: str) -> bool:
        return name in {seat.weapon(), seat.armor()} or triggers.is_equipment(name)

    # ------------------------------------------------------------------ event observation
    def before(self, e: ev.Event) -> None:
        """Called for every event before it is applied: windows close, locked skills check it."""
        eng = self.eng
        stack = eng.stack
        while stack and stack[-1].transient and not stack[-1].wants(eng, e):
            stack.pop().close(eng, eng.line, e)  # a judgement settles first: its result is known now
        self.depth = len(stack)
        self.seq = eng.frame_seq  # frames numbered above this were opened by the current event
        t = type(e)
        if t in _MOVES_ON or (t in _CARD_PLAYS and (not stack or not any(isinstance(f, F.DyingFrame) for f in stack))):
            self.damaged.clear()
            self.chances.clear()
            if t in _NEW_STAGE:
                self.state["grants"] = []
                self.implied.clear()
                self.paid.clear()
        if t is ev.Turn:
            self.state["draw_mods"] = []
        elif t in _CARD_PLAYS:
            play = cast("ev.Use | ev.Respond", e)
            if eng.phase == "play" and (card := F.used_name(play)) is not None:
                eng.this_turn.played[(play.seat, card)] += 1
        elif t is ev.Move:
            move = cast(ev.Move, e)
            self._explicit_gain(move)
            if self.paid:
                self._explicit_payment(move)
        elif t is ev.Discard:
            if self.paid:
                self._explicit_payment(cast(ev.Discard, e))
        elif t is ev.Damage:
            if self.damaged:
                d = cast(ev.Damage, e)
                for s in [s for s in self.damaged if s not in (d.source, d.target)]:
                    del self.damaged[s]
        if t is not ev.Retrial and (t is not ev.Skill or timing_of(cast(ev.Skill, e).skill) is not Timing.BEFORE_JUDGEMENT_TAKES_EFFECT):
            self.judgement["fresh"] = self.judgement.get("fresh", 0) + 1
        plan = self._before.get(t)
        if plan is None:
            plan = self._before[t] = self._plan(WATCH_BEFORE, t)
        if plan:
            self._watch(plan, e)

    def after(self, e: ev.Event) -> None:
        """Called for every event after it was applied: windows open, effects are tracked."""
        eng = self.eng
        t = type(e)
        if t is ev.Damage:
            d = cast(ev.Damage, e)
            if eng.seat(d.target) is not None and eng.last_damage.get(d.target) is d:
                self.damaged[d.target] = DamageWindow(d, eng.line)
        elif t is ev.Judge:
            j = cast(ev.Judge, e)
            self.judgement = {"seat": j.seat, "card": j.card, "reason": j.reason, "line": eng.line, "fresh": 0}
        elif t is ev.Retrial:
            if self.judgement:
                self.judgement["card"] = cast(ev.Retrial, e).card
        elif t is ev.Use:
            u = cast(ev.Use, e)
            self.last_use[u.seat] = (u, eng.line)
        stack = eng.stack
        if stack:
            for f in reversed(stack):
                if isinstance(f, Effect) and f.note(eng, e):
                    break
                if t is ev.Use and f.uid <= self.seq and isinstance(f, F.DyingFrame) and f.awaiting(eng):
                    break  # a card used for a dying character (a 桃) is its rescue, not an older effect's use (乱武)
        plan = self._after.get(t)
        if plan is None:
            plan = self._after[t] = self._plan(WATCH_AFTER, t)
        if plan:
            self._watch(plan, e)
        while stack and isinstance(stack[-1], Effect) and stack[-1].finished:
            stack.pop()

    def _plan(self, table: dict[str, list[Watch]], t: type) -> list[tuple[int, str, bool, list[Watch]]]:
        """The watchers of the skills at the table that look at events of type ``t`` (built once per
        table and event type, again when a seat gains a skill)."""
        plan = []
        tid = id(table)
        for seat_no, sid in self._watched:
            watchers = table.get(sid)
            if watchers is None:  # most skills watch nothing
                continue
            key = (tid, sid, t, len(watchers))
            entry = _WATCHING.get(key)
            if entry is None:
                fns = [fn for fn in watchers if (kinds := WATCH_EVENTS.get(fn)) is None or issubclass(t, kinds)]
                entry = _WATCHING[key] = (skill_table()[sid].name, sid in SPECS and SPECS[sid].timing is Timing.DEATH,
                                          fns) if fns else ()
            if entry:
                plan.append((seat_no, *entry))
        return plan

    def _watch(self, plan: list[tuple[int, str, bool, list[Watch]]], e: ev.Event) -> None:
        """Run the watchers of a plan, for the seats that have the skill now."""
        eng = self.eng
        seats = eng.table.seats
        for seat_no, name, always, fns in plan:
            seat = seats[seat_no]
            if not always and name not in seat.skills:
                continue
            for fn in fns:
                fn(eng, e, seat)

    def implied_move(self, to: int, cards: list[str], from_zone: str = "discard", from_seat: int | None = None) -> None:
        """A card a skill hands over with no choice (奸雄, 洛神, 反间 …: spec §5, implied).

        The move is applied now; should the log write it anyway, that explicit ``move`` is accepted
        (see :meth:`_explicit_gain`).
        """
        eng = self.eng
        target = eng.seat(to)
        if target is None:
            return
        for c in cards:
            if c == "?":
                continue
            zone = from_zone
            if from_zone == Zone.DISCARD:  # the card on the table: still in the processing area, or discarded
                if eng.table.processing[c] > 0:
                    eng.leave_processing([c], discard=False)
                    zone = "processing"
                elif eng.table.discard[c] > 0:
                    eng.table.discard[c] -= 1
                else:
                    continue
            elif from_zone == Zone.HAND:
                src = eng.seat(from_seat)
                if src is None or src.hand[c] <= 0:
                    continue
                src.hand[c] -= 1
                src.hand = +src.hand
            target.hand[c] += 1
            self.implied.append((to, c, zone, from_seat))

    def _explicit_gain(self, e: ev.Move) -> None:
        """An explicit ``move`` of a card already moved as implied: undo the implied move first."""
        eng = self.eng
        for c in e.cards:
            for i, (to, card, zone, src) in enumerate(self.implied):
                if card != c or e.to.seat != to or e.to.zone != Zone.HAND:
                    continue
                if zone in (Zone.DISCARD, Zone.PROCESSING) and e.from_.zone in (Zone.DISCARD, Zone.PROCESSING):
                    if zone == Zone.PROCESSING:
                        eng.table.processing[c] += 1
                    else:
                        eng.table.discard[c] += 1
                elif zone == Zone.HAND and e.from_.zone == Zone.HAND and e.from_.seat == src and eng.seat(src) is not None:
                    eng.seat(src).hand[c] += 1  # type: ignore[union-attr]
                else:
                    continue
                target = eng.seat(to)
                if target is not None and target.hand[c] > 0:
                    target.hand[c] -= 1
                    target.hand = +target.hand
                del self.implied[i]
                break

    def implied_payment(self, seat: Seat, cards: list[str], to: str) -> None:
        """Note the cards a skill's text makes its user pay or give; they move with the ``skill`` event
        (spec §5, implied). ``to``: ``discard``, ``hand:N`` or ``pile:<name>``. Call before the cards
        leave: should the log write that move anyway, it is accepted (:meth:`_explicit_payment`)."""
        for c in cards:
            zone = "hand" if seat.hand[c] > 0 else "equip" if c in seat.equip.values() else None
            if zone is not None and c != "?":
                self.paid.append((seat.seat, c, zone, to))

    def _explicit_payment(self, e: ev.Discard | ev.Move) -> None:
        """An explicit ``discard`` or ``move`` of a card a skill already paid or gave: undo the implied
        move first, so the event applies it once (only for a card its owner no longer holds)."""
        from sgs_replay.engine.state import slot_of
        from sgs_replay.formats.cards import parse_card

        eng = self.eng
        owner: int | None
        zones: tuple[str, ...]
        if isinstance(e, ev.Discard):
            owner, zones, to = e.seat, ("hand", "equip"), "discard"
        else:
            owner, zones = e.from_.seat, (e.from_.zone,)
            to = f"hand:{e.to.seat}" if e.to.zone == Zone.HAND else e.to.zone
        s = eng.seat(owner)
        if s is None:
            return
        for c in e.cards:
            if s.hand[c] > 0 or c in s.equip.values():
                continue  # the owner holds it: a move of its own
            for i, (who, card, zone, dest) in enumerate(self.paid):
                if who != owner or card != c or zone not in zones or dest != to:
                    continue
                if dest == "discard":
                    ok = eng.table.discard[c] > 0
                    if ok:
                        eng.table.discard[c] -= 1
                elif dest.startswith("hand:"):
                    t = eng.seat(int(dest[5:]))
                    ok = t is not None and t.hand[c] > 0
                    if ok:
                        t.hand[c] -= 1  # type: ignore[union-attr]
                        t.hand = +t.hand  # type: ignore[union-attr]
                else:
                    pile = s.piles.get(dest[5:])
                    ok = bool(pile) and pile[c] > 0  # type: ignore[index]
                    if ok:
                        pile[c] -= 1  # type: ignore[index]
                if ok:
                    sl = slot_of(parse_card(c)) if zone == Zone.EQUIP else None
                    if sl is not None and sl not in s.equip:
                        s.equip[sl] = c
                    else:
                        s.hand[c] += 1
                del self.paid[i]
                break

    def forget(self, seat: Seat) -> None:
        """The seat's general leaves play for another (转世): the old general's watchers go, death-time ones
        (武魂) included."""
        self._watched = [(n, sid) for n, sid in self._watched if n != seat.seat]
        self._before.clear()
        self._after.clear()

    def gain(self, seat: Seat, sid: str) -> None:
        """A seat gains a skill (观星 by 志继, 英姿 and 英魂 by 魂姿, 马术 and 神戟 by 战神)."""
        seat.skills.add(skill_table()[sid].name)
        if (seat.seat, sid) not in self._watched:
            self._watched.append((seat.seat, sid))
            self._before.clear()
            self._after.clear()

    def lose(self, seat: Seat, sid: str) -> None:
        """A seat loses a skill (断肠; a general turned face down in 國戰): no more uses, no more watchers."""
        seat.skills.discard(skill_table()[sid].name)
        if (seat.seat, sid) in self._watched:
            self._watched.remove((seat.seat, sid))
            self._before.clear()
            self._after.clear()

    # ------------------------------------------------------------------ windows used by hooks
    def after_damage(self, e: ev.Skill, sid: str, *, per_point: bool = False) -> DamageWindow | None:
        """The damage this seat just took, for a skill that triggers on it (None: none, out of its window);
        reports its limit per damage and the order of the skills triggered by the same damage."""
        eng = self.eng
        name = skill_table()[sid].name
        w = self.damaged.get(e.seat)
        if w is None:  # out of its window: the generic check reported it (_in_window)
            return None
        limit = w.damage.amount if per_point else 1
        if w.uses[sid] >= limit:
            eng.report(R.S_LIMIT, e.seat, f"{name}: {limit} time(s) for this damage", expected=limit, observed=w.uses[sid] + 1)
        w.uses[sid] += 1
        w.window.first = eng.current
        triggers.note(eng, w.window, e.seat, name)
        return w

    def take_chance(self, seat: int, key: str) -> bool:
        """Use up one pending trigger (an equipment card lost for 枭姬 …); False when there is none."""
        if self.chances[(seat, key)] <= 0:
            return False
        self.chances[(seat, key)] -= 1
        return True

    def push(self, frame: F.Frame, *, below_new: bool = False) -> None:
        """Push a frame; ``below_new`` places it under the frames the current event opened (dying …)."""
        if below_new:
            # under every frame the current event opened, however many of the older ones it closed
            stack = self.eng.stack
            self.eng.insert(next((i for i, f in enumerate(stack) if f.uid > self.seq), len(stack)), frame)
        else:
            self.eng.push(frame)

    # ------------------------------------------------------------------ questions from the engine
    def on_draw(self, e: ev.Draw) -> None:
        """A skill draw no open effect took. While an effect of that skill still expects a draw by
        someone else (弘援's teammates), the draw is reported and stands for that draw, so the one
        missing is not reported again; otherwise it is unverifiable when it names a general's skill."""
        from sgs_replay.engine.effects import Effect

        for f in reversed(self.eng.stack):
            if isinstance(f, Effect) and f.skill == e.skill:
                step = next((st for st in f.steps if not st.done and st.kind == "draw"), None)
                if step is not None:
                    self.eng.report(R.S_EFFECT, e.seat, f"{e.skill}: seat {e.seat} draws nothing by it",
                                    expected=step.describe(), observed=f"draw {len(e.cards)} (seat {e.seat})")
                    step.done = True
                    return
        info = skill_by_name().get(e.skill or "")
        if e.seat in self.eng.undefined or (info is None and self.eng.unmodelled(e.seat) is not None):
            self.eng.note_unmodelled(e.seat, f"a draw by {e.skill} of a general the engine does not model")
        elif info is not None and not info.modelled:
            self.eng.note_unmodelled(e.seat, f"a draw by {e.skill}, a skill the engine does not model")
        elif info is not None and info.id in SPECS:
            self.eng.unverifiable_because(f"a draw by {e.skill} that no open effect expects")

    def claims_damage(self, e: ev.Damage) -> bool:
        """Damage no resolution took: only a turn with an unchecked skill excuses it."""
        return self.eng.unknown_skill_turn

    def claims_recover(self, e: ev.Recover) -> bool:
        return False

    def damage_allowed(self, e: ev.Damage) -> bool | None:
        return None

    def judge_result(self, e: ev.Judge) -> Callable[[Engine, str], None] | None:
        """The effect of a judgement a skill asked for (刚烈, 洛神, 雷击 …), from the open effect frame."""
        from sgs_replay.engine.effects import Effect

        for f in reversed(self.eng.stack):
            if isinstance(f, Effect):
                cb = f.judged(self.eng, e)
                if cb is not None:
                    return cb
        return None

    def effective_card(self, seat: int, card: str) -> str:
        """The card as it counts for ``seat`` (红颜: 小乔's ♠ cards count as ♥)."""
        return plugins.ask("effective_card", card, self.eng, seat, card)

    def on_retrial(self, frame: F.JudgeFrame, e: ev.Retrial) -> None:
        """A retrial (鬼才, 鬼道, 缓释): owner, card, and the order of several retrials in one judgement."""
        plugins.ask("retrial", None, self.eng, frame, e)

    def lets_use(self, e: ev.Use, name: str) -> bool:
        """A card a skill lets this seat use outside its own play phase (神速's 杀, 离间's 决斗, 挑衅's 杀 …);
        the permission is spent."""
        return bool(plugins.ask("lets_use", False, self.eng, e, name))

    def may_use(self, e: ev.Use, name: str) -> bool:
        """Whether a skill lets this seat use the card now (as :meth:`lets_use`, nothing spent)."""
        return bool(plugins.ask("may_use", False, self.eng, e, name))

    def ignores_range(self, e: ev.Use) -> bool:
        """A skill lifts the attack range for this 杀 (modifier ``ignores_range``: 武神's ♥ 杀, 神速 …)."""
        return bool(plugins.modify("ignores_range", False, self.eng, e))

    def draw_count(self, seat: Seat, expected: int) -> int:
        """The draw phase's count after the skills that replace or change it (突袭, 涉猎, 再起, 弘援 …)."""
        return int(plugins.ask("draw_count", expected, self.eng, seat, expected))


BOOKS["skills"] = SkillBook


# ---------------------------------------------------------------------------------------------------
# the windows the skill book keeps (timing.WINDOWS): asked by _in_window for a skill of that timing point
# ---------------------------------------------------------------------------------------------------


@window(Timing.DAMAGED, detail="{name} is used right after you take damage", observed="no damage just taken")
def _damage_just_taken(eng: Engine, e: ev.Skill) -> bool:
    """受到伤害后: the user's damage, until the game moves on (``SkillBook.damaged``, opened by each ``damage``)."""
    return e.seat in eng.skills.damaged


@window(Timing.BEFORE_JUDGEMENT_TAKES_EFFECT, detail="{name} replaces a judgement card before it takes effect",
        expected="a judgement waiting for its result", observed="no judgement pending")
def _judgement_pending(eng: Engine, e: ev.Skill) -> bool:
    """判定牌生效前: a judgement waits for its result (the judgement's frame takes the retrial skills it awaits)."""
    return any(isinstance(f, F.JudgeFrame) and f.awaiting(eng) for f in eng.stack)


@window(Timing.TARGET_CHOSEN, detail="{name} is used when your card has chosen its targets",
        expected="your card resolving", observed="no card of yours resolving")
def _card_chose_targets(eng: Engine, e: ev.Skill) -> F.CardResolution | None:
    """指定目标后: the user's latest card of those that open this window (``plugins.TARGET_CHOSEN_WINDOWS``, declared
    by the card) with a target still to resolve; the skill's hook gets it (``SkillBook.found``)."""
    return next((f for f in reversed(eng.stack) if isinstance(f, F.CardResolution) and f.user == e.seat
                 and f.name in plugins.TARGET_CHOSEN_WINDOWS and f.head is not None), None)


@window(Timing.BECOME_TARGET, detail="{name} is used when you become the target of a card", expected="a card aimed at you",
        observed="no card aimed at you")
def _targeted(eng: Engine, e: ev.Skill) -> F.CardResolution | None:
    """成为目标后: the latest card of those that open the target windows (``plugins.TARGET_CHOSEN_WINDOWS``) whose
    current target is the user, before it answers; the skill's hook gets it (``SkillBook.found``)."""
    return next((f for f in reversed(eng.stack) if isinstance(f, F.CardResolution) and f.name in plugins.TARGET_CHOSEN_WINDOWS
                 and f.head == e.seat and not f.started), None)


@window(Timing.AFTER_DODGE, detail="{name} follows a dodge of your card", expected="your card just dodged",
        observed="no card of yours just dodged")
def _card_dodged(eng: Engine, e: ev.Skill) -> F.CardResolution | None:
    """【杀】被【闪】抵消时 (``Timing.AFTER_DODGE``): the user's latest card a dodge has just cancelled
    (``CardResolution.after_dodge``), with its target (``head``); the skill's hook gets it (``SkillBook.found``)."""
    cf = next((f for f in reversed(eng.stack) if isinstance(f, F.CardResolution) and f.user == e.seat and f.after_dodge),
              None)
    return cf if cf is not None and cf.head is not None else None


def _own_phase(eng: Engine, e: ev.Skill, *phases: str | None) -> bool:
    """The user's own turn, in one of ``phases`` (None: the turn began, no phase logged yet)."""
    return bool(eng.current == e.seat and eng.phase in phases)


@window(Timing.START_PHASE, detail="{name} is used {when}", expected="{when}", observed="{where}",
        when="in your start phase")
def _own_start_phase(eng: Engine, e: ev.Skill) -> bool:
    """回合开始阶段: the user's own turn, in its start phase (or before any phase is logged)."""
    return _own_phase(eng, e, "start", None)


def _begin_draw_phase(eng: Engine, e: ev.Skill) -> None:
    """A draw-phase choice (英姿, 突袭 …; seed 004 二、2(2)c) may be announced before the log shows the draw phase:
    the draw phase begins here. The choices of the turn are noted (``state["draw_mods"]``) for its draw count."""
    if eng.phase != "draw":
        eng.enter_phase(e.seat, "draw")
        eng.phase_logged.discard("draw")
    eng.skills.state.setdefault("draw_mods", []).append(e.skill)


@window(Timing.JUDGE_PHASE, detail="{name} is used {when}", expected="{when}", observed="{where}",
        when="before your draw phase")
def _own_judge_phase(eng: Engine, e: ev.Skill) -> bool:
    """判定阶段: the user's own turn, up to its judge phase (before its draw phase: 观星 of seed 000)."""
    return _own_phase(eng, e, "start", None, "judge")


@window(Timing.DRAW_PHASE, detail="{name} is used {when}", expected="{when}", observed="{where}",
        when="in your draw phase", opens=_begin_draw_phase)
def _own_draw_phase(eng: Engine, e: ev.Skill) -> bool:
    """摸牌阶段: the user's own turn, up to its draw phase (a choice announced before the phase is logged begins it)."""
    return _own_phase(eng, e, "draw", None, "start", "judge")


@window(Timing.PLAY_PHASE, detail="{name} is used {when}", expected="{when}", observed="{where}",
        when="in your play phase")
def _own_play_phase(eng: Engine, e: ev.Skill) -> bool:
    """出牌阶段, for a skill without the declarative ``play`` limit (苦肉): the user's own play phase."""
    return _own_phase(eng, e, "play")


@window(Timing.DISCARD_PHASE, detail="{name} is used {when}", expected="{when}", observed="{where}",
        when="before or in your discard phase")
def _own_discard_phase(eng: Engine, e: ev.Skill) -> bool:
    """弃牌阶段, for a skill of the user's own (克己 skips it): its own turn, after the judge phase and up to the
    discard phase."""
    return _own_phase(eng, e, "play", "discard", "draw", None)


@window(Timing.END_PHASE, detail="{name} is used {when}", expected="{when}", observed="{where}",
        when="in your finish phase")
def _own_finish_phase(eng: Engine, e: ev.Skill) -> bool:
    """回合结束阶段: the user's own turn, in its finish phase."""
    return _own_phase(eng, e, "finish")


@window(Timing.ENTER, detail=f"{{name}} is used when its general enters play ({Timing.ENTER.label})",
        expected="right after the general enters and draws its starting hand", observed="another moment")
def _entering(eng: Engine, e: ev.Skill) -> bool:
    """登场时 (1v1): the user's general has just entered play and drawn its starting hand (the mode knows)."""
    return bool(eng.mode.entering(e.seat))


@window(Timing.JUDGEMENT_TAKEN_EFFECT, detail="{name} takes your own judgement card as it takes effect",
        expected="right after your judgement", observed="no judgement of yours just now")
def _own_judgement_settled(eng: Engine, e: ev.Skill) -> bool:
    """判定牌生效后: the user's own judgement has just settled (``SkillBook.judgement``)."""
    j = eng.skills.judgement
    return bool(j.get("seat") == e.seat and j.get("fresh") == 1)
