"""Skills that speak of kingdoms and face-down generals (國戰): 马腾 雄异, 孔融 名士, 田丰 随势, 邹氏 祸水 倾城, 蔡文姬 断肠; and the
conversion 鏖戰 every character holds once 鏖戰 has begun.

Texts: content/skills.toml (the 國戰 wording; the rulebooks name the mode, not the generals' texts). Kingdoms and
face-down generals are the mode's answers (``eng.mode.kingdom_of``, ``same_kingdom``, ``hidden_generals``); outside
國戰 a character's kingdom is its general's and nothing is face down.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from sgs_replay.content.names import CARD, SKILL
from sgs_replay.engine.effects import Effect, Step
from sgs_replay.engine.handlers import conversion
from sgs_replay.engine.modes import CAREERIST
from sgs_replay.engine.plugins import modifier
from sgs_replay.engine.skills import owns, skill, watch_after
from sgs_replay.engine.timing import Timing
from sgs_replay.formats import events as ev
from sgs_replay.formats.cards import is_unknown, parse_card
from sgs_replay.rules import catalogue as R
from sgs_replay.skills import common as C
from sgs_replay.skills.policy import Moment, policy

if TYPE_CHECKING:
    from sgs_replay.engine.core import Engine
    from sgs_replay.engine.state import Seat
    from sgs_replay.skills.policy import Sim


# --- 鏖戰 ---------------------------------------------------------------------------------------


@conversion(SKILL.aozhan, {CARD.slash, CARD.jink})
def aozhan_card(c: Any, as_name: str) -> bool:
    """鏖戰: 桃只能當做殺或閃使用或打出."""
    return bool(c.name == CARD.peach)


@modifier("aozhan_begins")
def aozhan_for_all(value: None, eng: Engine) -> None:
    """From the turn 鏖戰 begins every living character holds its conversion."""
    for s in eng.table.seats.values():
        if s.alive:
            eng.skills.gain(s, "aozhan")


# --- 马腾 ---------------------------------------------------------------------------------------


@skill("xiongyi", play=True, per_game=True)
def xiongyi(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """雄异: 限定技，出牌阶段，你可以令与你势力相同的所有角色各摸三张牌，然后若你的势力是角色最少的势力，你回复1点体力.

    The draws follow in seat order from the user; the recovery (when due and the user is wounded) last."""
    mates = [t for t in eng.table.order_from(e.seat) if eng.table.seats[t].alive
             and (t == e.seat or eng.mode.same_kingdom(e.seat, t))]
    steps = [Step("draw", seat=t, n=3) for t in mates]
    if _fewest(eng, e.seat) and seat.hp < seat.max_hp:
        steps.append(Step("recover", seat=e.seat, n=1))
    C.effect(eng, e, *steps)


@policy(Moment.PLAY_ACTION, "xiongyi", order=210, modes=("hegemony",))
def play_xiongyi(sim: Sim, me: Seat) -> bool:
    """雄异 (once a game), sometimes: the draws of the kingdom, then perhaps the recovery."""
    if (me.seat, "xiongyi") in sim.eng.skills.used_once or not sim.chance(0.3):
        return False
    sim.invoke(ev.Skill(seat=me.seat, skill=SKILL.xiongyi))
    return True


def _fewest(eng: Engine, seat: int) -> bool:
    """The seat's kingdom has the fewest living characters of all the kingdoms at the table (a 野心家 counts alone)."""

    def key(n: int) -> str | None:
        k = eng.mode.kingdom_of(n)
        return f"{k}:{n}" if k == CAREERIST else k

    mine = key(seat)
    if mine is None:
        return False
    counts = Counter(k for s in eng.table.seats.values() if s.alive and (k := key(s.seat)) is not None)
    return counts[mine] <= min(counts.values())


# --- 孔融 ---------------------------------------------------------------------------------------


@skill("mingshi", timing=Timing.TAKE_DAMAGE)
def mingshi(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """名士: 锁定技，每当你受到伤害时，若来源有暗置的武将牌，你令此伤害-1 (applied to the damage)."""


@modifier("damage_dealt")
def mingshi_less(value: int, eng: Engine, frame: Any, target: Seat | None) -> int:
    """名士: the damage a card of a user with a face-down general deals the holder is 1 less."""
    user = getattr(frame, "user", None)
    if target is None or user is None or value <= 0 or not owns(target, "mingshi"):
        return value
    return value - 1 if eng.mode.hidden_generals(user) else value


# --- 田丰 ---------------------------------------------------------------------------------------


@skill("suishi", timing=Timing.ALWAYS)
def suishi(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """随势: 锁定技 (its draw and its loss of HP follow by themselves; a ``skill`` event for it is accepted)."""


@watch_after("suishi", events=(ev.Dying,))
def suishi_draw(eng: Engine, e: ev.Event, seat: Seat) -> None:
    """每当其他角色因受到伤害而进入濒死状态时，若来源与你势力相同，你摸一张牌."""
    if not isinstance(e, ev.Dying) or e.seat == seat.seat or not seat.alive:
        return
    source = eng.last_damage_source.get(e.seat)  # set by the damage that brought it down; a loss of HP clears it
    if source is not None and eng.mode.same_kingdom(seat.seat, source):
        eng.skills.push(Effect(seat.seat, SKILL.suishi, [Step("draw", seat=seat.seat, n=1)]))  # before the rescue


@watch_after("suishi", events=(ev.Death,))
def suishi_loss(eng: Engine, e: ev.Event, seat: Seat) -> None:
    """每当其他与你势力相同的角色死亡时，你失去1点体力: owed beside the death's reward or penalty, before or after it."""
    if isinstance(e, ev.Death) and e.seat != seat.seat and seat.alive and eng.mode.same_kingdom(seat.seat, e.seat):
        frame = Effect(seat.seat, SKILL.suishi, [Step("lose_hp", seat=seat.seat, n=1)])
        frame.patient = True
        eng.skills.push(frame)


# --- 邹氏 ---------------------------------------------------------------------------------------


@skill("huoshui", play=True)
def huoshui(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """祸水: 出牌阶段，你可以明置此武将牌；其他角色于你的回合内不能明置其武将牌 (the reveal is a ``reveal_general`` with
    skill 祸水; the ban is the mode's check of every reveal)."""


@modifier("reveal_banned")
def huoshui_ban(why: list[str], eng: Engine, seat: int) -> list[str]:
    """祸水: 其他角色于你的回合内不能明置其武将牌."""
    cur = eng.seat(eng.current)
    if cur is not None and cur.seat != seat and cur.alive and cur.has_skill(SKILL.huoshui):
        return [*why, f"{SKILL.huoshui}: in {cur.name}'s turn no other character turns a general face up"]
    return why


@skill("qingcheng", play=True)
def qingcheng(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """倾城: 出牌阶段，你可以弃置一张装备牌并选择一名两张武将牌均明置的其他角色，暗置其一张武将牌.

    ``cards``: the equipment card discarded; ``targets``: the character; ``choice``: ``main`` or ``deputy``."""
    cards = list(e.cards or [])
    if len(cards) != 1 or is_unknown(cards[0]) or parse_card(cards[0]).type != "equip":
        eng.report(R.S_CONDITION, e.seat, f"{SKILL.qingcheng} discards one equipment card", expected="one equipment card",
                   observed=cards)
    C.pay(eng, seat, cards)
    targets = list(e.targets or [])
    t = eng.seat(targets[0]) if len(targets) == 1 else None
    if t is None or t.seat == e.seat or not t.alive or not hasattr(eng.mode, "conceal") or eng.mode.hidden_generals(t.seat):
        eng.report(R.S_CONDITION, e.seat, f"{SKILL.qingcheng} names another character whose two generals are face up",
                   expected="one character, both generals face up", observed=targets)
        return
    if e.choice not in ("main", "deputy"):
        eng.report(R.S_CONDITION, e.seat, f"{SKILL.qingcheng} turns one general face down: choice main or deputy",
                   expected="main or deputy", observed=e.choice)
        return
    eng.mode.conceal(t.seat, 0 if e.choice == "main" else 1)


@policy(Moment.PLAY_ACTION, "qingcheng", order=220, modes=("hegemony",))
def play_qingcheng(sim: Sim, me: Seat) -> bool:
    """倾城, sometimes: an equipment card; a general of a character with both face up loses its skills a while."""
    if not sim.chance(0.3):
        return False
    seat = me.seat
    equips = [c for c in sim.hand_of(seat) if parse_card(c).type == "equip"] + [me.equip[sl] for sl in sorted(me.equip)]
    mode: Any = sim.eng.mode  # 國戰's: which generals are face up
    shown = [t for t in sim.eng.table.order_from(seat, include_first=False) if all(mode.up[t])]
    if not equips or not shown:
        return False
    sim.invoke(ev.Skill(seat=seat, skill=SKILL.qingcheng, cards=[sim.rng.choice(equips)],  # 白银狮子's recovery
                        targets=[sim.rng.choice(shown)], choice=sim.rng.choice(["main", "deputy"])))
    return True


# --- 蔡文姬 -------------------------------------------------------------------------------------


@skill("duanchang", timing=Timing.DEATH)
def duanchang(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """断肠: 锁定技，当你死亡时，你令杀死你的角色失去你选择的其一张武将牌的技能.

    Logged as she dies: ``targets`` the killer, ``choice`` ``main`` or ``deputy`` (outside 國戰: the killer's general)."""
    killer = eng.killer_of.get(e.seat) if not seat.alive else eng.last_damage_source.get(e.seat)
    targets = list(e.targets or [])
    if seat.alive and not seat.dying and seat.hp > 0:
        eng.report(R.S_TIMING, e.seat, f"{SKILL.duanchang} is used as you die", observed=f"{seat.hp} HP")
        return
    if killer is None or targets != [killer]:
        eng.report(R.S_CONDITION, e.seat, f"{SKILL.duanchang} names the character that killed you", expected=killer,
                   observed=targets)
        return
    k = eng.seat(killer)
    if k is None:
        return
    which = 0 if e.choice in (None, "main") else 1
    lose = getattr(eng.mode, "lose_general_skills", None)
    if lose is not None:
        lose(killer, which)
        return
    for sid in list(k.general.skills if k.general else ()):
        eng.skills.lose(k, sid)


@policy(Moment.AFTER_DEATH, "duanchang", order=30, modes=("hegemony",))
def play_duanchang(sim: Sim, dead: int) -> None:
    """断肠 (國戰, locked): her killer loses the skills of one of its generals, at random."""
    killer = sim.eng.killer_of.get(dead)
    if killer is not None and killer != dead and sim.alive(killer):
        sim.emit(ev.Skill(seat=dead, skill=SKILL.duanchang, targets=[killer], choice=sim.rng.choice(["main", "deputy"])))
