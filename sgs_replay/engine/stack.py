"""The resolution stack: one frame per resolution in progress.

A card use, a dying state, a death's reward, a judgement, a skill's effect: each is a :class:`Frame`
pushed on one stack. For every logged event the engine offers it to the frames from the top down:

- ``wants`` (no side effects) says whether the event belongs to the frame (a response, the damage
  it causes, the draw it grants …). The highest frame that wants it gets it through ``offer``;
  the frames above it are over and are closed first;
- an event no frame wants is either a side event (a skill, a judgement, a move, a draw, HP changes:
  these happen inside a resolution without ending it) and goes to its handler with the stack
  intact, or a top-level event (a new turn, phase, a new card used) that closes every open frame;
- ``close`` reports any mandatory consequence the log skipped (a missing damage, a missing death, a
  missing reward) at the line of the event that shows it was skipped.

Frames never invent events: the log is the truth about what happened (ARCHITECTURE §1).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sgs_replay.formats import events as ev

#: the engine, as the frames' methods receive it (the stack is below the engine's core: a frame's own module
#: types it, ``sgs_replay.engine.core.Engine``)
Engine = Any

MAX_DEPTH = 64


class Frame:
    """Base class. Subclasses override ``offer`` and ``close``."""

    label = "resolution"
    #: a frame that may be left open forever (a log fragment ending here is fine, and so is the
    #: next top-level action): closing it reports nothing.
    optional = False
    #: settled by the first event that it does not want (a judgement: retrials come at once or never)
    transient = False
    #: owed beside the frame under it, in either order: an event that frame wants does not close this one
    #: (随势's loss of HP and the reward or penalty of the same death)
    patient = False
    #: the frame's number, given when it is pushed (0: not pushed through ``Engine.push``)
    uid = 0

    def wants(self, eng: Engine, e: ev.Event) -> bool:
        """Does this event belong to this resolution? (No side effects.)"""
        return False

    def offer(self, eng: Engine, line: int, e: ev.Event) -> bool:
        """Apply an event this frame wants. False = the event ends this frame and is handled as usual."""
        return False

    def close(self, eng: Engine, line: int, e: ev.Event | None) -> None:
        return None

    def awaiting(self, eng: Engine) -> bool:
        """Whether the resolution still waits for something (an answer, a consequence): while one
        does, no new card may be used on its own. Frames that know they are over say False."""
        return True

    def grants_use(self, eng: Engine, e: ev.Use) -> bool:
        """Whether this resolution is what lets ``e`` be used (a skill's 视为使用: 挟缠's 决斗, 虎威's
        水淹七军): then it is no new action of its user, even in the user's play phase."""
        return False

    def demands(self, eng: Engine, seat: int) -> str | None:
        """The card this resolution demands that ``seat`` use on its own now (借刀杀人: a 杀 on the named victim,
        or it gives up its weapon), or None. The use is then judged as that answer, even a hidden card."""
        return None

    def describe(self) -> str:
        return self.label


class Dying(Frame):
    """A dying state (濒死): the character at HP ≤ 0 waits for its rescue. The core opens one when HP falls to 0 or
    below and uses no card on its own while one is open; how it resolves (who is asked, what rescues, the death) is
    :class:`sgs_replay.engine.frames.DyingFrame`'s, registered in ``core.OPENS``."""

    label = "dying"
    seat: int
    #: rescued, then brought to 0 HP again: a new dying state has its own frame
    rescued: bool = False
    #: play went on while this seat was dying (reported once)
    interrupted: bool = False
