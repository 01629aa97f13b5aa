"""护驾 and 激将: the lord's kingdom plays a card for the lord (seed 001 曹操, 刘备; 主公技).

护驾: 当需要使用（或打出）一张【闪】时，可以发动护驾。所有魏势力角色按行动顺序依次选择是否打出“提供”一张【闪】，
直到有一名角色或没有任何角色决定如此做时为止。激将 is the same with 蜀 and 【杀】.

The log shows the lord's ``skill`` event, then each asked character's ``respond`` (the card it
provides) or ``pass``. The provided card answers the demand as the lord's own answer. In the lord's
play phase 激将's 杀 is then used by the lord (``"as": "杀", "cards": [], "skill": "激将"``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import msgspec

from sgs_replay.engine.frames import used_name
from sgs_replay.engine.stack import Frame
from sgs_replay.formats import events as ev
from sgs_replay.rules import catalogue as R

if TYPE_CHECKING:
    from sgs_replay.engine.core import Engine


class Provide(Frame):
    """The lord's kingdom is asked, in turn order, for one card; the first who provides it ends it."""

    label = "lord skill"

    def __init__(self, lord: int, skill: str, need: str, kingdom: str, demand: Any) -> None:
        self.lord = lord
        self.skill = skill
        self.need = need
        self.kingdom = kingdom
        self.demand = demand
        self.done = False
        self.passed: set[int] = set()

    def _eligible(self, eng: Engine, seat: int) -> bool:
        s = eng.seat(seat)
        if s is None or not s.alive or seat == self.lord or seat in self.passed:
            return False
        if s.general is None:  # a general the rules do not define, its kingdom not given: it may be one
            return seat in eng.undefined
        return s.general.kingdom == self.kingdom

    def wants(self, eng: Engine, e: ev.Event) -> bool:
        return not self.done and isinstance(e, (ev.Respond, ev.Pass)) and self._eligible(eng, e.seat)

    def offer(self, eng: Engine, line: int, e: ev.Event) -> bool:
        if isinstance(e, ev.Pass):
            self.passed.add(e.seat)
            return True
        assert isinstance(e, ev.Respond)
        if e.seat in eng.undefined and (s := eng.seat(e.seat)) is not None and s.general is None:
            eng.note_unmodelled(e.seat, f"{self.skill}: seat {e.seat}'s kingdom is not known")
        name = used_name(e)
        if name is not None and name != self.need:
            eng.report(R.P_WRONG_CARD, e.seat, f"{self.skill} asks for a {self.need}", expected=self.need, observed=name)
        provider, lord = eng.seat(e.seat), eng.seat(self.lord)
        phys = [e.card] if e.card is not None else list(e.cards or [])
        if e.as_ is not None and e.skill is not None:
            from sgs_replay.engine.handlers import check_conversion

            check_conversion(eng, e, e.as_)
        self.done = True
        if provider is None or lord is None:
            return True
        eng.take_from_hand(provider, phys, allow_equip=e.as_ is not None)
        if self.demand is None:
            eng.to_discard(phys)  # 激将 in the play phase: the lord then uses the 杀 (cards [])
            eng.skills.state.setdefault("provided", []).append((self.lord, self.need))
            return True
        for c in phys:
            if c == "?":
                lord.hidden += 1
            else:
                lord.hand[c] += 1
        as_lord = msgspec.structs.replace(e, seat=self.lord, skill=self.skill if e.as_ is not None else None)
        self.demand.offer(eng, line, as_lord)
        return True

    def close(self, eng: Engine, line: int, e: ev.Event | None) -> None:
        return None
