"""The rulebook's timing points (时机): the moments at which a skill or an equipment effect may act.

A skill, a weapon or an armour declares its timing where it is defined (``@skill(<id>,
timing=Timing.TARGET_CHOSEN)``, ``declare(<equipment>, Timing.CARD_NEEDED)``); the engine asks
:func:`timing_of` and never names the skill. The values are ASCII ids; the rulebook's own words, which a
report quotes, are data (``content/timings.toml``, :attr:`Timing.label`).

The engine keeps a :class:`Window` per timing point it tracks (the phases of the user's turn, the card
that chose its targets or was dodged, the damage just taken, the judgement waiting for its result …):
one generic check (``SkillBook``) asks the window of the skill's declared timing, and only that one,
whether it is open for the skill's user when the log announces the skill, and reports SGS-S003 in the
window's words when it is not. What the window found (the card on the stack) is handed to the skill.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sgs_replay.content import timing_labels


class Timing(enum.Enum):
    """A timing point (its rulebook label: :attr:`label`)."""

    TURN_START = "turn_start"
    START_PHASE = "start_phase"
    JUDGE_PHASE = "judge_phase"
    DRAW_PHASE = "draw_phase"
    PLAY_PHASE = "play_phase"
    DISCARD_PHASE = "discard_phase"
    END_PHASE = "end_phase"
    TURN_END = "turn_end"
    USE_CARD = "use_card"
    TARGET_CHOSEN = "target_chosen"
    BECOME_TARGET = "become_target"
    CARD_NEEDED = "card_needed"
    AFTER_DODGE = "after_dodge"
    DEAL_DAMAGE = "deal_damage"
    TAKE_DAMAGE = "take_damage"
    DAMAGED = "damaged"
    RECOVERED = "recovered"
    BEFORE_JUDGEMENT_TAKES_EFFECT = "before_judgement_takes_effect"
    JUDGEMENT_TAKEN_EFFECT = "judgement_taken_effect"
    LOSE_CARDS = "lose_cards"
    DYING = "dying"
    DEATH = "death"
    ENTER = "enter"
    ALWAYS = "always"

    @property
    def label(self) -> str:
        """The rulebook's words for this timing point (``content/timings.toml``), as a report prints them."""
        return timing_labels()[self.value]


#: skill or equipment name (as the log writes it) → its timing point
TIMINGS: dict[str, Timing] = {}


def declare(name: str, timing: Timing) -> None:
    """Record the timing point of the skill or equipment effect ``name`` (one per name)."""
    old = TIMINGS.get(name)
    if old is not None and old is not timing:
        raise ValueError(f"{name} is declared at two timing points: {old.label} and {timing.label}")
    TIMINGS[name] = timing


def timing_of(name: str) -> Timing | None:
    """The timing point of a skill or equipment effect, None when its definition declares none."""
    return TIMINGS.get(name)


def at(timing: Timing) -> frozenset[str]:
    """Every name declared at ``timing``."""
    return frozenset(n for n, t in TIMINGS.items() if t is timing)


@dataclass(frozen=True)
class Words:
    """How a skill announced outside its window is reported (SGS-S003): the detail, what was seen instead, and
    what was expected — templates of ``{name}`` (the skill's printed name), ``{when}`` (the words of its moment:
    the skill's own, else the window's) and ``{where}`` (the phase and the seat whose turn it is)."""

    detail: str
    observed: str
    expected: str | None = None


@dataclass(frozen=True)
class Window:
    """A timing point's window as the engine keeps it: whether it is open for a skill announced now
    (``is_open(engine, skill event)``: truthy when open; an answer other than True, such as the card on the stack
    the window found, is handed to the skill's hook as ``SkillBook.found``), and the words for a skill announced
    outside it."""

    timing: Timing
    is_open: Callable[[Any, Any], Any]
    words: Words
    #: the words of the moment (``{when}``) for a skill that declares none of its own
    when: str = ""
    #: what the engine does when a skill is announced inside the window, before the skill acts (``opens(engine,
    #: skill event)``: a draw-phase choice announced before the log shows the draw phase begins that phase)
    opens: Callable[[Any, Any], None] | None = None


#: timing point → its window (registered by the part of the engine that keeps its state)
WINDOWS: dict[Timing, Window] = {}


def window(timing: Timing, *, detail: str, observed: str, expected: str | None = None, when: str = "",
           opens: Callable[[Any, Any], None] | None = None
           ) -> Callable[[Callable[[Any, Any], Any]], Callable[[Any, Any], Any]]:
    """Register ``is_open(engine, skill event)`` as the window of ``timing`` (one per timing point); ``opens``:
    what a skill announced inside it starts (:attr:`Window.opens`)."""
    def register(fn: Callable[[Any, Any], Any]) -> Callable[[Any, Any], Any]:
        if timing in WINDOWS:
            raise ValueError(f"the window of {timing.label} is registered twice")
        WINDOWS[timing] = Window(timing, fn, Words(detail, observed, expected), when, opens)
        return fn
    return register
