"""Equipment effects announced as `skill` events (八卦阵, 雌雄双股剑, 寒冰剑, 贯石斧, 麒麟弓 …).

An equipment effect may be used only while the card is in the user's equip area, and only at its
moment (seed 001 一(五) 装备牌). Effects that change a resolution are applied to the open frame.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sgs_replay import events as ev
from sgs_replay.engine import frames as F
from sgs_replay.engine.skills import hook
from sgs_replay.rules import catalogue as R

if TYPE_CHECKING:
    from sgs_replay.engine.core import Engine
    from sgs_replay.engine.state import Seat

WEAPON_EFFECTS = {"雌雄双股剑", "寒冰剑", "贯石斧", "青龙偃月刀", "麒麟弓", "丈八蛇矛", "方天画戟", "青釭剑", "诸葛连弩", "连弩"}
ARMOR_EFFECTS = {"八卦阵", "仁王盾"}


def _equipped(eng: Engine, e: ev.Skill, seat: Seat) -> bool:
    if e.skill in WEAPON_EFFECTS and seat.weapon() != e.skill:
        eng.report(R.S_NOT_OWNED, e.seat, f"seat {e.seat} has no {e.skill} equipped",
                   expected=e.skill, observed=seat.weapon() or "no weapon")
        return False
    if e.skill in ARMOR_EFFECTS and seat.armor() != e.skill:
        if not (e.skill == "八卦阵" and seat.has_skill("八阵")):
            eng.report(R.S_NOT_OWNED, e.seat, f"seat {e.seat} has no {e.skill} equipped",
                       expected=e.skill, observed=seat.armor() or "no armour")
            return False
    return True


@hook("八卦阵")
def bagua(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """八卦阵: when a 闪 is needed, judge; red → it counts as a 闪 (seed 001 一(五) 防具)."""
    if not _equipped(eng, e, seat):
        return
    frame = eng.top(F.CardEffect)
    if frame is None or frame.need != "闪" or frame.head != e.seat:
        eng.unverifiable_because("八卦阵 outside a 闪 demand the engine tracks")
    elif frame.armor_ignored(eng):
        eng.report(R.S_CONDITION, e.seat, f"the 杀 of seat {frame.user} ignores armour (青釭剑): 八卦阵 has no effect",
                   expected="no 八卦阵", observed="八卦阵")
        frame.extra.add("青釭剑!")  # reported once, not again at its judgement


@hook("雌雄双股剑", "寒冰剑", "贯石斧", "青龙偃月刀", "麒麟弓", "青釭剑", "诸葛连弩", "连弩", "方天画戟", "丈八蛇矛", "仁王盾")
def weapon_effect(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """Weapon effects take place inside the user's 杀 (雌雄双股剑 on an opposite-gender target …)."""
    if not _equipped(eng, e, seat):
        return
    frame = eng.top(F.CardEffect)
    if e.skill in ("雌雄双股剑", "寒冰剑", "贯石斧", "麒麟弓", "青龙偃月刀") and (frame is None or frame.name != "杀"):
        eng.report(R.S_TIMING, e.seat, f"{e.skill} works only while your 杀 resolves", observed="no 杀 in resolution")
        return
    if frame is None:
        return
    frame.extra.add(e.skill)
    if e.skill == "雌雄双股剑":
        target = eng.seat(frame.head) if frame.head else None
        if target is not None and target.general and seat.general and target.general.gender == seat.general.gender:
            eng.report(R.S_CONDITION, e.seat, "雌雄双股剑 needs a target of the other gender", observed=target.general.gender)
    if e.skill == "贯石斧":
        # seed 001 一(五): 目标角色使用〔闪〕抵消使用【杀】的效果时，可以弃两张牌，则【杀】依然造成伤害
        if not frame.after_dodge:
            eng.report(R.S_TIMING, e.seat, "贯石斧 works when a 闪 has cancelled your 杀", expected="a 闪 first",
                       observed="no 闪 used")
        cards = list(e.cards or [])
        if cards and len(cards) != 2:
            eng.report(R.S_CONDITION, e.seat, "贯石斧: discard two cards", expected=2, observed=len(cards))
        frame.answers = 0  # the 杀 hits after all: its damage is now required
        frame.after_dodge = False
        if cards:
            eng.take_from_hand(seat, cards, allow_equip=True)
            eng.to_discard(cards)
