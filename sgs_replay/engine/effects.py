"""The consequences a skill's text makes follow, as one resolution frame.

An :class:`Effect` is a short list of :class:`Step` s: "seat 3 draws 2", "seat 4 recovers 1",
"seat 5 discards 2 hand cards or takes 1 damage from seat 1", "seat 2 judges (reason 刚烈)". A step
can be optional (遗计's gifts), can offer alternatives (刚烈's choice), and can add further steps
once it is seen (a judgement's result decides what comes next).

Events that change HP or draw cards (``draw``, ``damage``, ``recover``, ``lose_hp``, ``max_hp``) are
taken by the frame and applied here, so the effect's amounts are checked in one place and no other
resolution mistakes them for its own. Card movements, discards, judgements, reveals and deaths go
through their usual handlers; the frame only notes them (:meth:`Effect.note`).

A mandatory step the log skips is reported (SGS-S006) at the line of the first event that shows it
was skipped: an event that matches a later step, or the event that ends the resolution. Steps about
a seat that has died are dropped.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from sgs_replay.engine.changes import apply_change
from sgs_replay.engine.stack import Frame
from sgs_replay.engine.state import Zone
from sgs_replay.formats import events as ev
from sgs_replay.formats.cards import is_unknown
from sgs_replay.rules import catalogue as R

if TYPE_CHECKING:
    from sgs_replay.engine.core import Engine

#: kinds of steps whose events the frame takes and applies itself
TAKEN = {"draw": ev.Draw, "damage": ev.Damage, "recover": ev.Recover, "lose_hp": ev.LoseHp, "max_hp": ev.MaxHp,
         "phase_skip": ev.PhaseSkip}


@dataclass
class Step:
    """One expected consequence.

    ``kind``: draw | damage | recover | lose_hp | max_hp | phase_skip (``reason``: the phase) | discard |
    move | judge | death | reveal | use | pindian (``seat`` against ``to_seat``).
    ``seat``: whose it is (the damage target; for ``move`` the seat that loses the cards, or receives
    them when ``to_seat`` is used). ``n``: number of cards or HP (None: any). ``source``: the damage
    source. ``check(eng, event)``: further checks on the matching event. ``then(eng, event)``: runs
    after the match (may add steps). ``alts``: any one of these satisfies the step.
    """

    kind: str
    seat: int | None = None
    n: int | None = None
    source: int | None = None
    to_seat: int | None = None
    to_zone: str | None = None
    from_zone: str | None = None
    reason: str | None = None
    optional: bool = False
    check: Callable[[Engine, Any], None] | None = None
    then: Callable[[Engine, Any], None] | None = None
    on_result: Callable[[Engine, str], None] | None = None
    alts: tuple[Step, ...] = ()
    partial: bool = False  # ``n`` may come in several events (不屈's cards, 再起's recovery)
    forbid: bool = False  # the event must NOT happen (反间 with the suit guessed right)
    rule: Any = None  # the rule reported when the step is missing (default SGS-S006)
    amount_rule: Any = None  # the rule reported when the amount differs (default: SGS-D001 for damage, else SGS-S006)
    assumed: bool = False  # a missing step is taken as done once reported (a 桃's recovery: HP goes up)
    hp_matters: bool = True  # a ``death`` step is void once the seat is above 0 HP (rescued)
    #: whether the step is still due when it comes (None: always): 天香's draw of the lost HP is void once
    #: the character is back at full HP (涅槃 in the dying state the damage caused)
    needed: Callable[[Engine], bool] | None = None
    done: bool = False
    got: int = 0

    def describe(self) -> str:
        if self.alts:
            return " or ".join(a.describe() for a in self.alts)
        who = f"seat {self.seat}" if self.seat is not None else "someone"
        amount = "" if self.n is None else f" {self.n}"
        extra = f" from seat {self.source}" if self.source is not None and self.kind == "damage" else ""
        return f"{self.kind.replace('_', ' ')}{amount} ({who}{extra})"


def _matches(st: Step, e: ev.Event) -> bool:
    k = st.kind
    if k == "draw":
        if isinstance(e, ev.Draw):
            return (st.seat is None or e.seat == st.seat) and (e.reason in ("skill", None) or
                                                               (st.reason is not None and e.reason == st.reason))
        return isinstance(e, ev.Move) and e.from_.zone == Zone.DECK and e.to.zone == Zone.HAND and e.to.seat == st.seat
    if k == "damage":  # a damage passed on by a chain is the chain's, never a skill's own
        return isinstance(e, ev.Damage) and (st.seat is None or e.target == st.seat) \
            and (st.source is None or e.source == st.source) and not e.chain
    if k in ("recover", "lose_hp", "max_hp", "death"):
        return isinstance(e, {"recover": ev.Recover, "lose_hp": ev.LoseHp, "max_hp": ev.MaxHp, "death": ev.Death}[k]) \
            and e.seat == st.seat
    if k == "discard":
        if isinstance(e, ev.Discard):
            return e.seat == st.seat
        return isinstance(e, ev.Move) and e.from_.seat == st.seat and e.to.zone == Zone.DISCARD \
            and e.from_.zone in (Zone.HAND, Zone.EQUIP)
    if k == "move":
        if not isinstance(e, ev.Move):
            return False
        if st.seat is not None and e.from_.seat != st.seat:
            return False
        if st.from_zone is not None and e.from_.zone not in st.from_zone.split("|"):
            return False
        if st.to_seat is not None and e.to.seat != st.to_seat:
            return False
        return st.to_zone is None or e.to.zone in st.to_zone.split("|")
    if k == "judge":
        return isinstance(e, ev.Judge) and e.seat == st.seat and (st.reason is None or e.reason in (st.reason, None))
    if k == "reveal":
        return isinstance(e, ev.Reveal) and (st.seat is None or e.seat in (None, st.seat))
    if k == "use":
        return isinstance(e, ev.Use) and e.seat == st.seat
    if k == "pindian":
        return isinstance(e, ev.Pindian) and e.seat == st.seat and (st.to_seat is None or e.target == st.to_seat)
    if k == "phase_skip":
        return isinstance(e, ev.PhaseSkip) and e.seat == st.seat and e.phase == st.reason
    return False


def _count(e: ev.Event) -> int | None:
    if isinstance(e, (ev.Draw, ev.Discard, ev.Move, ev.Reveal)):
        return len(e.cards)
    if isinstance(e, (ev.Damage, ev.Recover, ev.LoseHp)):
        return e.amount
    if isinstance(e, ev.MaxHp):
        return e.delta
    return None


class Effect(Frame):
    """The steps a skill's text makes follow (see the module docstring)."""

    label = "skill effect"

    def __init__(self, seat: int, skill: str, steps: list[Step] | None = None, *, ordered: bool = True,
                 order_rule: Any = None) -> None:
        self.seat = seat
        self.skill = skill
        self.steps: list[Step] = list(steps or [])
        self.ordered = ordered  # steps must come in the listed order
        self.order_rule = order_rule  # report an early step with this rule instead of dropping the skipped ones
        self.order_reported = False

    def add(self, *steps: Step) -> None:
        self.steps.extend(steps)

    @property
    def done(self) -> bool:
        """Every step is settled (an optional step that never came is settled too)."""
        return all(s.done or s.optional for s in self.steps)

    @property
    def finished(self) -> bool:
        """Every step, optional ones too, has been seen: nothing more can match."""
        return all(s.done for s in self.steps)

    def describe(self) -> str:
        return f"{self.skill} of seat {self.seat}"

    # -- matching ------------------------------------------------------------------------------
    def grants_use(self, eng: Engine, e: ev.Use) -> bool:
        found = self._find(eng, e)
        # a 视为使用 of this skill, or a card its step asks that seat to use (疑城's equipment)
        return found is not None and found[1].kind == "use" and (e.as_ is None or e.skill == self.skill)

    def step_taking(self, eng: Engine, e: ev.Event) -> Step | None:
        """The open step (or the alternative of one) that ``e`` satisfies, if any."""
        found = self._find(eng, e)
        return None if found is None else found[1]

    def _find(self, eng: Engine, e: ev.Event) -> tuple[int, Step] | None:
        """The first open step this event satisfies (an optional step may be passed over)."""
        if type(e) is ev.Draw and e.skill is not None and e.skill != self.skill \
                and any(isinstance(f, Effect) and f.skill == e.skill for f in eng.stack):
            return None  # a draw that names another open skill's effect is that one's (天香's under 节命's)
        for i, st in enumerate(self.steps):
            if st.done:
                continue
            for alt in st.alts or (st,):
                if _matches(alt, e):
                    return i, alt
        return None

    def _skipped(self, eng: Engine, upto: int) -> None:
        """Mandatory steps before ``upto`` that the log passed over: reported here, then dropped."""
        if not self.ordered:
            return
        if self.order_rule is not None:
            first = next((st for st in self.steps[:upto] if not st.done and not st.optional and self._relevant(eng, st)), None)
            if first is not None and not self.order_reported:
                self.order_reported = True
                eng.report(self.order_rule, first.seat, f"{self.skill}: {first.describe()} comes first (order {self._order()})",
                           expected=first.describe(), observed="a later one first")
            return
        for st in self.steps[:upto]:
            if st.done or st.optional:
                continue
            st.done = True
            if self._relevant(eng, st):
                eng.report(R.S_EFFECT, st.seat, f"{self.skill}: {st.describe()} was not logged", expected=st.describe(),
                           observed="a later step of the effect")

    def _order(self) -> str:
        return ", ".join(f"seat {st.seat}" for st in self.steps if st.seat is not None)

    def _relevant(self, eng: Engine, st: Step) -> bool:
        s = eng.seat(st.seat)
        if st.forbid:
            return False
        if s is None:
            return True
        if not s.alive:
            return False
        if st.kind == "recover" and s.hp >= s.max_hp:
            return False
        if st.kind == "death" and s.hp > 0 and st.hp_matters:
            return False
        return st.needed is None or st.needed(eng)

    def _accept(self, eng: Engine, i: int, alt: Step, e: ev.Event) -> None:
        self._skipped(eng, i)
        st = self.steps[i]
        got = _count(e)
        if alt.forbid:
            st.done = True
            eng.report(alt.rule or R.S_EFFECT, getattr(e, "seat", None) or getattr(e, "target", None),
                       f"{self.skill}: no {alt.kind.replace('_', ' ')} follows here", expected=f"no {alt.kind}",
                       observed=ev.event_type(e))
            return
        if alt.partial and alt.n is not None and got is not None:
            st.got += got
            st.done = st.got >= alt.n
            if st.got > alt.n:
                eng.report(R.S_EFFECT, getattr(e, "seat", None), f"{self.skill}: {alt.kind.replace('_', ' ')} {alt.n} in all",
                           expected=alt.n, observed=st.got)
            if alt.then is not None and st.done:
                alt.then(eng, e)
            return
        st.done = True
        expected = alt.n
        if alt.kind == "recover" and expected is not None and (s := eng.seat(alt.seat)) is not None:
            expected = min(expected, s.max_hp - s.hp)  # no recovery above max HP (an earlier one came first)
        if expected is not None and got is not None and got != expected and alt.kind not in ("judge", "death"):
            rule = alt.amount_rule or (R.D_AMOUNT if alt.kind == "damage" else R.S_EFFECT)
            eng.report(rule, getattr(e, "seat", None) or getattr(e, "target", None),
                       f"{self.skill}: {alt.kind.replace('_', ' ')} {expected}", expected=expected, observed=got)
        if alt.check is not None:
            alt.check(eng, e)
        if alt.then is not None:
            alt.then(eng, e)

    def awaiting(self, eng: Engine) -> bool:
        return not self.done

    def wants(self, eng: Engine, e: ev.Event) -> bool:
        found = self._find(eng, e)
        return found is not None and found[1].kind in TAKEN and isinstance(e, TAKEN[found[1].kind])

    def offer(self, eng: Engine, line: int, e: ev.Event) -> bool:
        found = self._find(eng, e)
        if found is None:
            return False
        self._accept(eng, found[0], found[1], e)
        apply_change(eng, e)
        return True

    def note(self, eng: Engine, e: ev.Event) -> bool:
        """An event its handler applied: True when it was one of this effect's steps."""
        if isinstance(e, tuple(TAKEN.values())) and not isinstance(e, ev.Move):
            return False
        found = self._find(eng, e)
        if found is None or found[1].kind == "judge":
            return False
        self._accept(eng, found[0], found[1], e)
        return True

    def judged(self, eng: Engine, e: ev.Judge) -> Callable[[Engine, str], None] | None:
        """A judgement this effect asked for: its result callback (the judgement frame settles it)."""
        found = self._find(eng, e)
        if found is None or found[1].kind != "judge":
            return None
        self._accept(eng, found[0], found[1], e)
        cb = found[1].on_result
        if cb is None:
            return None
        seat = e.seat
        return lambda en, card: cb(en, en.skills.effective_card(seat, card))

    def close(self, eng: Engine, line: int, e: ev.Event | None) -> None:
        if e is None or eng.over:  # a log fragment, or the game ended in the middle (二(三) 游戏立即结束)
            return
        # what was still owed to a character dying now lapses (天香's draw), but not a recovery: that one
        # would have kept him alive (救主)
        dies = e.seat if type(e) is ev.Death else None
        for st in self.steps:
            if st.done or st.optional or (st.seat == dies and st.kind != "recover") or not self._relevant(eng, st):
                continue
            eng.report(st.rule or R.S_EFFECT, st.seat, f"{self.skill}: {st.describe()} was not logged",
                       expected=st.describe(), observed=f"`{ev.event_type(e)}`")
            if st.assumed and st.kind == "recover" and st.n is not None and (s := eng.seat(st.seat)) is not None:
                s.hp = min(s.max_hp, s.hp + st.n)  # the rules' consequence stands: play goes on from it
            return


def cards_known(cards: list[str]) -> bool:
    return all(not is_unknown(c) for c in cards)


@dataclass
class Tally:
    """A small counter a hook keeps on its frame (cards taken, HP recovered …)."""

    seen: list[str] = field(default_factory=list)
    total: int = 0
