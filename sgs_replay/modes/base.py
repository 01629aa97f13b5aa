"""What every table mode shares beyond the engine's interface: 鏖戰.

《三國殺各種模式的規則》 · 鏖戰模式 is 國戰's mode and the identity house rule ``aozhan``; the modes of
this package derive from :class:`TableMode`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sgs_replay.content.names import CARD
from sgs_replay.engine import plugins
from sgs_replay.engine.modes import CAREERIST, Mode
from sgs_replay.formats import events as ev
from sgs_replay.formats.cards import is_unknown, parse_card
from sgs_replay.rules import catalogue as R

if TYPE_CHECKING:
    from sgs_replay.engine.core import Engine


class TableMode(Mode):
    """A mode of this package: the engine typed, 鏖戰."""

    eng: Engine

    # ---- 鏖戰 (《三國殺各種模式的規則》 · 鏖戰模式: 國戰's mode, and the identity house rule `aozhan`)
    #: in force from the turn that began it
    aozhan = False

    def aozhan_turn(self) -> None:
        """As a turn begins: 僅剩四名或更少角色時（七人以下游戲時為三名或更少），若此時全場沒有超過一名勢力相同的角色, 鏖戰
        begins and lasts to the end (a character with no kingdom yet, face down, shares it with nobody); the plug-ins
        then give every living character the conversion of a 桃 into 杀 or 闪."""
        eng = self.eng
        if not eng.rs.p.aozhan or self.aozhan:
            return
        small, large = eng.rs.p.aozhan_threshold
        alive = [s.seat for s in eng.table.seats.values() if s.alive]
        if len(alive) > (small if eng.table.n < eng.rs.p.aozhan_large_from else large):
            return
        kingdoms = [k for seat in alive if (k := self.kingdom_of(seat)) is not None and k != CAREERIST]
        if len(kingdoms) == len(set(kingdoms)):
            self.aozhan = True
            plugins.modify("aozhan_begins", None, eng)

    def aozhan_check(self, e: ev.Event) -> None:
        """Once 鏖戰 has begun a 桃 is no 桃: used as itself (to recover, or to rescue) it is reported."""
        if not isinstance(e, (ev.Use, ev.Respond)) or e.card is None or is_unknown(e.card):
            return
        if parse_card(e.card).name == CARD.peach:
            self.eng.report(R.HG_AOZHAN, e.seat, "once few characters are left a 桃 is only used or played as 杀 or 闪",
                            expected="as 杀 or 闪 (`as`)", observed=f"{e.card} as itself")
