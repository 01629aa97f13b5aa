"""Skill hooks: one small function per skill, keyed by its Chinese name.

A hook checks that the skill may be used now (owner, timing, limit, condition) and pushes the
effects the rules then expect (ExpectEffect frames). A skill with no hook is *unverifiable*: it is
counted, never reported as legal or illegal, and the damage and draws around it are judged leniently
for the rest of that turn.

Rules texts: seed 001 一(三) 武将牌 (standard), seed 000 (wind), seed 002 (3v3-2013).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from sgs_replay import events as ev
from sgs_replay.cards import is_unknown, parse_card
from sgs_replay.content import skill_by_name, skills as skill_table
from sgs_replay.engine import frames as F
from sgs_replay.rules import catalogue as R

if TYPE_CHECKING:
    from sgs_replay.engine.core import Engine
    from sgs_replay.engine.state import Seat

Hook = Callable[["Engine", ev.Skill, "Seat"], None]
HOOKS: dict[str, Hook] = {}

#: skills that cause damage or recovery of their own (so such an event is not "unexplained")
DAMAGING = {"刚烈", "反间", "雷击", "天香", "离间", "狂骨", "武魂", "猛进", "完杀", "乱武", "挑衅", "战神", "忠义", "烈弓"}
RECOVERING = {"仁德", "结姻", "青囊", "狂骨", "救援", "急救", "不屈", "英魂", "魂姿", "再起", "救主"}
#: once per play phase (seed 001 text: 出牌阶段…每回合限用一次 / 限一次)
ONCE_PER_TURN = {"制衡", "反间", "结姻", "青囊", "离间", "弘援"}
PLAY_PHASE = {"制衡", "苦肉", "反间", "结姻", "青囊", "离间", "仁德"}


def hook(*names: str) -> Callable[[Hook], Hook]:
    def deco(fn: Hook) -> Hook:
        for n in names:
            HOOKS[n] = fn
        return fn

    return deco


class SkillBook:
    """The engine's view of skills: invocation checks and the effects they license."""

    def __init__(self, eng: Engine) -> None:
        self.eng = eng

    def _lord_skill(self, seat: Seat, name: str) -> bool:
        info = skill_by_name().get(name)
        if info is None or not info.lord or seat.general is None:
            return False
        return any(skill_table().get(sid) is info for sid in seat.general.skills)

    def invoke(self, e: ev.Skill) -> None:
        eng = self.eng
        seat = eng.seat(e.seat)
        if seat is None:
            return
        name = e.skill
        info = skill_by_name().get(name)
        if info is not None and info.name != name:
            name = info.name
        if not seat.alive:
            eng.report(R.T_DEAD_ACTS, e.seat, f"seat {e.seat} is dead", observed=name)
            return
        if self._lord_skill(seat, name) and not seat.has_skill(name):
            why = "this ruleset has no lord skills" if not eng.rs.get("lord_skills", True) else "only the lord has it"
            eng.report(R.S_LORD, e.seat, f"{name} is a lord skill: {why}", expected="no lord skill", observed=name)
            return
        if not seat.has_skill(name) and not self._equipment_skill(seat, name):
            if info is None and name not in HOOKS:
                eng.unknown_skill_turn = True
                eng.unverifiable_because(f"skill {name} is not known")
                return
            eng.report(R.S_NOT_OWNED, e.seat, f"{seat.name} does not have {name}", observed=name)
            return
        if name in PLAY_PHASE and not eng.in_play_phase(e.seat):
            eng.report(R.S_TIMING, e.seat, f"{name} is used in your play phase", expected="own play phase",
                       observed=f"{eng.phase or 'no'} phase of seat {eng.current}")
        if name in ONCE_PER_TURN:
            key = f"skill:{name}"
            limit = 1
            if eng.turn_used[key] >= limit:
                eng.report(R.S_LIMIT, e.seat, f"{name} may be used once per turn", expected="once", observed=eng.turn_used[key] + 1)
            eng.turn_used[key] += 1
        eng.turn_used[name] += 1
        if eng.phase == "draw":
            eng.phase_draw_mods.append(name)
        fn = HOOKS.get(name)
        if fn is None:
            if name not in DAMAGING and name not in RECOVERING:
                eng.unknown_skill_turn = True
            eng.unverifiable_because(f"skill {name}: effect not checked")
            if eng.phase == "draw":
                eng.phase_used["?skill"] += 1
            return
        fn(eng, e, seat)

    def _equipment_skill(self, seat: Seat, name: str) -> bool:
        return name in {seat.weapon(), seat.armor()} or name.endswith(("剑", "刀", "斧", "矛", "戟", "弓", "阵", "盾", "弩"))

    def on_draw(self, e: ev.Draw) -> None:
        return None

    def claims_damage(self, e: ev.Damage) -> bool:
        eng = self.eng
        return any(eng.turn_used[s] for s in DAMAGING) or eng.unknown_skill_turn

    def claims_recover(self, e: ev.Recover) -> bool:
        eng = self.eng
        return any(eng.turn_used[s] for s in RECOVERING)

    def damage_allowed(self, e: ev.Damage) -> bool | None:
        return None

    def judge_result(self, e: ev.Judge) -> Callable[[Engine, str], None] | None:
        return None


# ---------------------------------------------------------------------------------------------------
# hooks
# ---------------------------------------------------------------------------------------------------


@hook("制衡")
def zhiheng(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """制衡: discard any number of cards, then draw as many (seed 001 孙权)."""
    cards = list(e.cards or [])
    if not cards:
        eng.report(R.S_CONDITION, e.seat, "制衡 discards at least one card", observed="no cards")
        return
    eng.take_from_hand(seat, cards, allow_equip=True)
    eng.to_discard(cards)
    eng.push(F.ExpectEffect(e.seat, "制衡", [("draw", len(cards))]))


@hook("苦肉")
def kurou(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """苦肉: lose 1 HP, then draw 2; any number of times (seed 001 黄盖)."""
    eng.push(F.ExpectEffect(e.seat, "苦肉", [("lose_hp", 1), ("draw", 2)]))


@hook("奸雄")
def jianxiong(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """奸雄: take the card that caused the damage (implied move)."""
    dmg = eng.last_damage.get(e.seat) if hasattr(eng, "last_damage") else None
    if dmg is None:
        eng.report(R.S_TIMING, e.seat, "奸雄 follows damage taken", observed="no damage")
        return
    card = dmg.card
    if card is not None and not is_unknown(card):
        if eng.table.discard[card] > 0:
            eng.table.discard[card] -= 1
            seat.hand[card] += 1


@hook("英姿", "裸衣")
def draw_phase_mod(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """英姿 (+1) and 裸衣 (−1, then +1 damage of 杀/决斗 this turn) are draw-phase choices."""
    if eng.current != e.seat or eng.phase not in ("draw", None, "start", "judge"):
        eng.report(R.S_TIMING, e.seat, f"{e.skill} is chosen in your draw phase", observed=f"{eng.phase} phase")
    if eng.phase != "draw":
        eng.phase_draw_mods.append(e.skill)


@hook("突袭")
def tuxi(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """突袭: instead of drawing, take a hand card from one or two other characters."""
    targets = list(e.targets or [])
    if not 1 <= len(targets) <= 2 or e.seat in targets:
        eng.report(R.S_CONDITION, e.seat, "突袭 takes from one or two other characters", observed=targets)
    for t in targets:
        ts = eng.seat(t)
        if ts is not None and ts.hand_count == 0:
            eng.report(R.S_CONDITION, e.seat, f"seat {t} has no hand card", observed=f"target {t}")
    if eng.phase != "draw":
        eng.phase_draw_mods.append("突袭")
    eng.phase_used["突袭_targets"] += len(targets)


@hook("铁骑", "烈弓")
def undodgeable(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """铁骑 (red judgement) / 烈弓 (hand count condition): the 杀 cannot be dodged."""
    frame = eng.top(F.CardEffect)
    if frame is None or frame.name != "杀" or frame.user != e.seat:
        eng.report(R.S_TIMING, e.seat, f"{e.skill} follows your 杀 choosing its target", observed="no 杀")
        return
    if e.skill == "烈弓":
        frame.undodgeable = True
    else:
        frame.extra.add("铁骑")


def _red_judge(eng: Engine, card: str) -> None:
    return None


_ = parse_card
