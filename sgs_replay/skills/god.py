"""神 (god): 神关羽 神吕蒙 (seed 000 人物牌, 神将)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from sgs_replay.content.fk_traits import fk_traits
from sgs_replay.content.names import CARD, SKILL
from sgs_replay.engine import frames as F
from sgs_replay.engine.effects import Effect, Step
from sgs_replay.engine.handlers import conversion
from sgs_replay.engine.plugins import modifier
from sgs_replay.engine.skills import skill, watch_after, watch_before
from sgs_replay.engine.state import Zone
from sgs_replay.engine.timing import Timing
from sgs_replay.formats import events as ev
from sgs_replay.formats.cards import Suit, parse_card
from sgs_replay.rules import catalogue as R
from sgs_replay.skills import common as C
from sgs_replay.skills.policy import ANNOUNCED_LOCKED, DRAW_REPLACED, HAND_BANS, Moment, policy

if TYPE_CHECKING:
    from sgs_replay.engine.core import Engine
    from sgs_replay.engine.state import Seat
    from sgs_replay.skills.policy import Sim


# --- 神关羽 -------------------------------------------------------------------------------------


@skill("wushen", timing=Timing.ALWAYS)
def wushen(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """武神 (seed 000 神关羽): 锁定技，你的每一张红桃手牌都视为“杀”，你对使用红桃的“杀”时无距离限制 (checked on each use)."""


def _wushen_bans(seat: Seat, card: str, name: str) -> bool:
    """武神: a ♥ hand card of his is a 杀, and cannot be used or played as anything else."""
    return name != CARD.slash and seat.has_skill(SKILL.wushen) and parse_card(card).suit.name == "HEART"


HAND_BANS.append(_wushen_bans)


@watch_before("wushen", events=(ev.Use, ev.Respond))
def wushen_hearts(eng: Engine, e: ev.Event, seat: Seat) -> None:
    """A ♥ hand card of 神关羽 is a 杀: used or played as anything else it is not a legal card."""
    if not isinstance(e, (ev.Use, ev.Respond)) or e.seat != seat.seat:
        return
    name = F.used_name(e)
    hearts = [x for x in C.physical(e) if (c := C.card(x)) is not None and c.suit == Suit.HEART and seat.hand[x] > 0]
    if hearts and name != CARD.slash:
        eng.report(R.P_CONVERSION, e.seat, f"武神: {hearts[0]} in your hand is a 杀", expected=CARD.slash, observed=name)


@skill("wuhun", timing=Timing.DEATH)
def wuhun(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """武魂 (seed 000 神关羽): 锁定技 … 你死亡时，令持有最多该标记的一名角色判定：除非结果为“桃”或者“桃园结义”，否则该角色立刻死亡 (follows by itself)."""
    if seat.alive:
        eng.report(R.S_TIMING, e.seat, "武魂 takes effect when you die", observed="alive")
        return
    marks: Counter[int] = eng.skills.state.get(f"wuhun:{e.seat}", Counter())
    top = _most_marks(eng, marks)
    if e.targets and not set(e.targets) <= set(top):
        eng.report(R.S_CONDITION, e.seat, "武魂: the character with the most 梦魇 marks judges", expected=top, observed=e.targets)


ANNOUNCED_LOCKED.add("wuhun")  # the simulator's coverage: locked, but its judgement is an event of its own


@policy(Moment.AFTER_DEATH, "wuhun", order=20)
def play_wuhun(sim: Sim, dead: int) -> None:
    """武魂 (locked): the character with the most 梦魇 marks (one at random among equals) judges; unless the result is
    桃 or 桃园结义, it dies."""
    marks = sim.eng.skills.state.get(f"wuhun:{dead}", Counter())
    alive = {t: n for t, n in marks.items() if n > 0 and sim.alive(t)}
    if not alive:
        return
    best = max(alive.values())
    t = sim.rng.choice(sorted(x for x, n in alive.items() if n == best))
    sim.emit(ev.Skill(seat=dead, skill=SKILL.wuhun, targets=[t]))
    if parse_card(sim.judge_card(t, SKILL.wuhun)).name not in (CARD.peach, CARD.god_salvation) and sim.alive(t):
        sim.die(t, None)


def _most_marks(eng: Engine, marks: Counter[int]) -> list[int]:
    alive = {s: n for s, n in marks.items() if n > 0 and eng.seat(s) is not None and eng.seat(s).alive}  # type: ignore[union-attr]
    if not alive:
        return []
    best = max(alive.values())
    return sorted(s for s, n in alive.items() if n == best)


@watch_after("wuhun")
def wuhun_marks(eng: Engine, e: ev.Event, seat: Seat) -> None:
    """任意角色每对你造成1点伤害，获得一个梦魇标记; at your death the judgement follows."""
    key = f"wuhun:{seat.seat}"
    if isinstance(e, ev.Damage) and e.target == seat.seat and e.source not in (None, seat.seat):
        eng.skills.state.setdefault(key, Counter())[e.source] += e.amount
    if not isinstance(e, ev.Death) or e.seat != seat.seat:
        return
    top = _most_marks(eng, eng.skills.state.get(key, Counter()))
    if not top:
        return
    frame = Effect(seat.seat, SKILL.wuhun)

    def result(en: Engine, card: str) -> None:
        c = C.card(card)
        judged = en.skills.judgement.get("seat")
        if c is not None and c.name not in (CARD.peach, CARD.god_salvation) and judged is not None:
            frame.add(Step("death", seat=judged, rule=R.D_DEATH_MISSING, hp_matters=False))

    frame.add(Step("judge", alts=tuple(Step("judge", seat=s, reason=SKILL.wuhun, on_result=result) for s in top)))
    eng.skills.push(frame, below_new=True)


@watch_before("wuhun", events=(ev.Death,))
def wuhun_death(eng: Engine, e: ev.Event, seat: Seat) -> None:
    """The character 武魂 kills dies at once, whatever its HP."""
    if not isinstance(e, ev.Death):
        return
    for f in eng.stack:
        if isinstance(f, Effect) and f.skill == SKILL.wuhun and any(s.kind == "death" and s.seat == e.seat and not s.done for s in f.steps):
            victim = eng.seat(e.seat)
            if victim is not None:
                victim.hp = min(victim.hp, 0)


# --- 神吕蒙 -------------------------------------------------------------------------------------


@skill("shelie", timing=Timing.DRAW_PHASE)
def shelie(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """涉猎 (seed 000 神吕蒙): 摸牌阶段，你可以选择执行以下行动来取代摸牌：从牌堆顶亮出五张牌，拿走不同花色的牌各一张，弃掉其余的.

    The log shows the ``reveal`` of five cards and one ``move`` of the cards taken to the hand.
    """
    shown: list[str] = []

    def revealed(en: Engine, r: ev.Event) -> None:
        shown.extend(getattr(r, "cards", []))
        en.draw_from_pile(e.seat, shown)
        for c in shown:
            en.table.processing[c] += 1

    def taken(en: Engine, m: ev.Event) -> None:
        got = list(getattr(m, "cards", []))
        suits = [k.suit for c in got if (k := C.card(c)) is not None]
        want = {k.suit for c in shown if (k := C.card(c)) is not None}
        if len(suits) != len(set(suits)) or set(suits) != want:
            en.report(R.S_EFFECT, e.seat, "涉猎 takes one card of each suit shown", expected=sorted(s.symbol for s in want),
                      observed=got)
        rest = list((Counter(shown) - Counter(got)).elements())
        for c in rest:
            if en.table.processing[c] > 0:
                en.table.processing[c] -= 1
        en.to_discard(rest)

    C.effect(eng, e, Step("reveal", n=5, then=revealed),
             Step("move", to_seat=e.seat, to_zone=Zone.HAND, from_zone="processing|deck", then=taken))


@policy(Moment.DRAW_PHASE, "shelie", order=10)
def play_shelie(sim: Sim, me: Seat) -> bool:
    """涉猎, often: instead of drawing, five cards shown and one of each suit taken at random."""
    if not sim.chance(0.6):
        return False
    seat = me.seat
    sim.emit(ev.Skill(seat=seat, skill=SKILL.shelie))
    shown = sim.take(5)
    sim.emit(ev.Reveal(cards=shown, seat=seat, reason=SKILL.shelie))
    by_suit: dict[str, list[str]] = {}
    for c in shown:
        by_suit.setdefault(parse_card(c).suit.name, []).append(c)
    got = [sim.rng.choice(cs) for _, cs in sorted(by_suit.items())]
    sim.emit(ev.Move(cards=got, from_=ev.Place(zone="processing"), to=ev.Place(zone="hand", seat=seat), reason=SKILL.shelie))
    return True


DRAW_REPLACED.add("shelie")


@skill("gongxin", play=True, per_turn=1)
def gongxin(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """攻心 (seed 000 神吕蒙): 出牌阶段，你可以观看一次任意一名角色的手牌，并可以展示其中一张红桃牌，然后弃掉它或将它置于牌堆顶."""
    t = C.one_other_target(eng, e, "another character")
    if t is None:
        return
    ts = eng.seat(t)
    if ts is not None and ts.hand_count == 0:
        eng.report(R.S_CONDITION, e.seat, f"攻心: seat {t} has no hand cards", observed="no hand cards")
        return

    def heart(en: Engine, m: ev.Event) -> None:
        for x in getattr(m, "cards", []):
            c = C.card(x)
            if c is not None and C.suit_for(en, t, x) != Suit.HEART:
                en.report(R.S_CONDITION, e.seat, "攻心 shows and moves a ♥ card", expected="a ♥ card", observed=x)

    C.effect(eng, e, Step("move", seat=t, n=1, from_zone=Zone.HAND, to_zone="discard|deck", optional=True, check=heart))


@policy(Moment.PLAY_ACTION, "gongxin", order=90)
def play_gongxin(sim: Sim, me: Seat) -> bool:
    """攻心 (once a turn), sometimes: a look at a hand; mostly a ♥ card of it to the discard pile or (less often) on
    the pile."""
    seat = me.seat
    handed = [t for t in sim.eng.table.order_from(seat, include_first=False) if sim.seat(t).hand_count]
    if sim.skill_limits()[SKILL.gongxin] or sim.eng.this_turn.limits[SKILL.gongxin] or not handed or not sim.chance(0.3):
        return False
    t = sim.rng.choice(handed)
    sim.invoke(ev.Skill(seat=seat, skill=SKILL.gongxin, targets=[t]))
    hearts = [c for c in sim.hand_of(t) if sim.is_heart(t, c)]
    if hearts and sim.chance(0.8):
        card = sim.rng.choice(hearts)
        to_top = sim.chance(0.3)
        if to_top:  # on the pile before the move is written: what it sets off (连营's draw) draws it
            sim.pile.insert(0, card)
        sim.emit(ev.Move(cards=[card], from_=ev.Place(zone="hand", seat=t),
                         to=ev.Place(zone="deck" if to_top else "discard"), reason=SKILL.gongxin))
    return True


# --- conversions (当作 …使用或打出) ------------------------------------------------------------------


@conversion(SKILL.wushen, {CARD.slash}, hand_only=True)
def wushen_card(c: Any, as_name: str) -> bool:
    """武神 (神关羽): a ♥ hand card as 杀."""
    return bool(c.suit.name == "HEART")


# --- 神吕布 (1v3 虎牢關, 暴怒的战神) ----------------------------------------------------------------


@skill("shenwei", timing=Timing.ALWAYS)
def shenwei(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """神威 (神吕布·暴怒的战神): 锁定技。摸牌阶段，你额外摸两张牌。你的手牌上限+2 (applied to the counts)."""


@modifier("draw_phase_count")
def shenwei_draw(n: int, eng: Engine, seat: Seat) -> int:
    """神威: two more cards in the draw phase."""
    return n + 2 if seat.has_skill(SKILL.shenwei) else n


@modifier("hand_limit")
def shenwei_limit(value: int, eng: Engine, seat: Seat) -> int:
    """神威: the hand limit +2."""
    return value + 2 if seat.has_skill(SKILL.shenwei) else value


@skill("xiuluo", timing=Timing.START_PHASE, when="at the start of your start phase")
def xiuluo(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """修罗 (神吕布·暴怒的战神): 准备阶段开始时，你可以弃置一张与判定区内延时锦囊牌花色相同的手牌：若如此做，你弃置该延时锦囊牌.

    Logged with ``cards``: the hand card, then the delayed trick of the same suit; both go to the discard
    pile. It may be used again while such a pair is left."""
    cards = list(e.cards or [])
    if len(cards) != 2:
        eng.report(R.S_CONDITION, e.seat, f"{e.skill} names a hand card and the delayed trick of its suit",
                   expected=2, observed=len(cards))
        return
    hand, trick = cards
    h, t = C.card(hand), C.card(trick)
    if trick not in seat.judge:
        eng.report(R.S_CONDITION, e.seat, f"{trick} is not in the judge area", expected=seat.judge_names() or "a delayed trick",
                   observed=trick)
        return
    if h is not None and t is not None and h.suit != t.suit:
        eng.report(R.S_CONDITION, e.seat, f"{e.skill} discards a hand card of the trick's suit", expected=t.suit.name,
                   observed=h.suit.name)
    C.pay(eng, seat, [hand], equip=False)
    seat.judge.remove(trick)
    seat.judge_as.pop(trick, None)
    eng.to_discard([trick])


@policy(Moment.START_PHASE, "xiuluo", order=25, modes=("1v3",))
def play_xiuluo(sim: Sim, me: Seat) -> None:
    """修罗 (虎牢關), mostly and again: a hand card of a delayed trick's suit discards the trick."""
    while me.has_skill(SKILL.xiuluo) and me.judge and sim.chance(0.8):
        pairs = [(h, t) for t in me.judge for h in sim.hand_of(me.seat) if parse_card(h).suit == parse_card(t).suit]
        if not pairs:
            return
        hand, trick = sim.rng.choice(pairs)
        sim.emit(ev.Skill(seat=me.seat, skill=SKILL.xiuluo, cards=[hand, trick]))


# --- FreeKill's 虎牢关 神吕布 (the sp package: judged without its skills, content/skills.toml) ---
fk_traits("hulao__aozhan", skips="judge")  # 鏖战 with a treasure equipped: the judge phase that follows is skipped
