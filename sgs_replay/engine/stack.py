"""The resolution stack: one frame per resolution in progress.

A card use, a dying state, a death's reward, a judgement, a skill's effect: each is a :class:`Frame`
pushed on one stack. For every logged event the engine offers it to the frames from the top down:

- ``offer`` returns True when the event belongs to the frame (a response, the damage it causes,
  the draw it grants …); the frame records it;
- otherwise the frame is asked to ``close``: the event shows this resolution is over, and the frame
  reports any mandatory consequence the log skipped (a missing damage, a missing death, a missing
  reward) — at this event's line, the first that shows it was skipped. The frame is popped and the
  event is offered to the next one down.

Frames never invent events: the log is the truth about what happened (ARCHITECTURE §1).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sgs_replay import events as ev
    from sgs_replay.engine.core import Engine

MAX_DEPTH = 64


class Frame:
    """Base class. Subclasses override ``offer`` and ``close``."""

    label = "resolution"
    #: a frame that may be left open forever (a log fragment ending here is fine, and so is the
    #: next top-level action): closing it reports nothing.
    optional = False

    def offer(self, eng: Engine, line: int, e: ev.Event) -> bool:
        return False

    def close(self, eng: Engine, line: int, e: ev.Event | None) -> None:
        return None

    def describe(self) -> str:
        return self.label
