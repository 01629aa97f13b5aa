"""1v1 (《2013 王者之战 比赛规则》 1V1): the skills of the opponent's turn, of a death and of the next general's
entry — 姻礼 (孙尚香), 肃资 (夏侯渊), 藏机 (黄月英), 谋诛 and 延祸 (何进). What the dead general held is the 1v1
mode's record (``OneVOne.at_death``).

The death-time skills (4．A 死亡时: 藏机, 延祸, 肃资) are logged after the ``death`` and before the next
general's ``general_choice``; the engine has by then discarded the dead general's cards (implied), so
藏机 takes its equipment back out of the discard pile and 肃资 takes what is left there.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from sgs_replay.content.fk_traits import fk_traits
from sgs_replay.content.names import CARD, SKILL
from sgs_replay.engine import frames as F
from sgs_replay.engine.effects import Step
from sgs_replay.engine.skills import skill, watch_after, watch_before
from sgs_replay.engine.state import Zone, slot_of
from sgs_replay.engine.timing import Timing
from sgs_replay.formats import events as ev
from sgs_replay.rules import catalogue as R
from sgs_replay.skills import common as C
from sgs_replay.skills.policy import Moment, policy

if TYPE_CHECKING:
    from sgs_replay.engine.core import Engine
    from sgs_replay.engine.state import Seat
    from sgs_replay.skills.policy import Sim


def opponent(eng: Engine, seat: int) -> int | None:
    """The one other seat of a two-player table (None at a larger table)."""
    others = [s for s in eng.table.seats if s != seat]
    return others[0] if len(others) == 1 else None


def at_death(eng: Engine, seat: int | None) -> bool:
    """Between the death of ``seat``'s general and its next general's entry (4．A 死亡时)."""
    return seat is not None and seat in getattr(eng.mode, "awaiting", ())


def equipment(cards: Iterable[str]) -> Counter[str]:
    """The equipment cards (装备牌) among ``cards``."""
    return Counter(c for c in cards if (k := C.card(c)) is not None and slot_of(k) is not None)


def _death_moment(eng: Engine, e: ev.Skill, dead: int | None, sid: str, what: str) -> dict[str, Any] | None:
    """The snapshot of ``dead``'s death when ``e`` comes at its moment (once per death); reports otherwise."""
    snap = getattr(eng.mode, "at_death", {}).get(dead) if dead is not None else None
    if not at_death(eng, dead) or snap is None or sid in snap["used"]:
        eng.report(R.S_TIMING, e.seat, f"{e.skill} is used {what}", expected="after the death, before the next general enters",
                   observed="used already" if snap is not None and sid in snap["used"] else "no death just now")
        return None
    snap["used"].add(sid)
    return snap


# --- 夏侯渊 ----------------------------------------------------------------------------------------


@skill("suzi", timing=Timing.DEATH)
def suzi(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """肃资 (《2013 王者之战 比赛规则》 1V1 夏侯渊): 对手死亡时，你可以获得其弃置的所有牌.

    ``skill`` after the opponent's ``death``; every card the death discarded (and still in the discard
    pile: 藏机 may have set the equipment aside) goes to 夏侯渊's hand, implied; ``cards``, if logged,
    must name them all.
    """
    if not seat.alive:
        eng.report(R.T_DEAD_ACTS, e.seat, f"seat {e.seat} is dead", observed=e.skill)
        return
    dead = opponent(eng, e.seat)
    snap = _death_moment(eng, e, dead, "suzi", "when the opponent dies")
    if snap is None:
        return
    left = C.in_discard(eng, snap["cards"])
    if e.cards is not None and Counter(e.cards) != Counter(left):
        eng.report(R.S_CONDITION, e.seat, "肃资 takes all the cards the opponent's death discarded",
                   expected=sorted(left), observed=sorted(e.cards))
    eng.skills.implied_move(e.seat, left)
    seat.hidden += snap["hidden"]  # its hidden hand cards, unknown still


@policy(Moment.AT_DEATH, order=30, modes=("1v1",))
def play_suzi(sim: Sim, dead: int, snap: dict[str, Any]) -> None:
    """肃资, mostly, as the opponent's general dies."""
    other = 3 - dead
    if sim.alive(other) and sim.seat(other).has_skill(SKILL.suzi) and sim.chance(0.8):
        sim.emit(ev.Skill(seat=other, skill=SKILL.suzi))


# --- 黄月英 ----------------------------------------------------------------------------------------


@skill("cangji", timing=Timing.DEATH)
def cangji(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """藏机 (《2013 王者之战 比赛规则》 1V1 黄月英): 你死亡时，可将你装备区里所有的牌移出游戏；若如此做，你下一名角色登场时，
    将这些牌置于其装备区里.

    ``skill`` after the ``death`` (``cards``, if logged: all the equipment); the cards leave the game and
    are put into the next general's equipment area as it enters, after its starting hand (implied).
    """
    snap = _death_moment(eng, e, e.seat if not seat.alive else None, "cangji", "when you die")
    if snap is None:
        return
    equip = list(snap["equip"])
    if not equip:
        eng.report(R.S_CONDITION, e.seat, "藏机 sets aside the cards of your equipment area", expected="at least one",
                   observed="none")
        return
    if e.cards is not None and Counter(e.cards) != Counter(equip):
        eng.report(R.S_CONDITION, e.seat, "藏机 sets aside all the cards of your equipment area", expected=sorted(equip),
                   observed=sorted(e.cards))
    aside = C.in_discard(eng, equip)
    for c in aside:
        eng.table.discard[c] -= 1
        if eng.table.discard[c] <= 0:
            del eng.table.discard[c]
    eng.skills.state.setdefault("cangji", {})[e.seat] = aside
fk_traits("cangji", "cangji", "v11__cangji")  # FreeKill's 1v1 mode calls it v11__cangji


@policy(Moment.AT_DEATH, "cangji", order=10, modes=("1v1",))
def play_cangji(sim: Sim, dead: int, snap: dict[str, Any]) -> None:
    """藏机, mostly, as he dies with equipment: it is set aside for the next general."""
    if snap["equip"] and sim.chance(0.8):
        sim.emit(ev.Skill(seat=dead, skill=SKILL.cangji))


@watch_after("cangji", events=(ev.Draw,))
def cangji_back(eng: Engine, e: ev.Event, seat: Seat) -> None:
    """The next general has entered and drawn its starting hand (4．D 登场时): the cards set aside are equipped."""
    aside: dict[int, list[str]] = eng.skills.state.get("cangji", {})
    if not isinstance(e, ev.Draw) or e.seat != seat.seat or seat.seat not in aside or not eng.mode.entering(seat.seat):
        return
    for c in aside.pop(seat.seat):
        k = C.card(c)
        slot = slot_of(k) if k is not None else None
        if slot is None:
            continue
        old = seat.equip.get(slot)
        if old is not None:
            eng.to_discard([old])
        seat.equip[slot] = c


# --- 孙尚香 ----------------------------------------------------------------------------------------


@watch_before("yinli")
def yinli_before(eng: Engine, e: ev.Event, seat: Seat) -> None:
    """In the opponent's turn: the equipment cards it holds and those in the discard pile, before each event."""
    opp = opponent(eng, seat.seat)
    st: dict[str, Any] = eng.skills.state.setdefault("yinli", {"pending": Counter(), "offered": Counter()})
    if isinstance(e, ev.Turn):
        st["pending"], st["offered"] = Counter(), Counter()
    os = eng.seat(opp) if opp is not None else None
    if os is None or eng.current != opp or not seat.alive:
        st.pop("held", None)
        return
    st["held"] = equipment([*os.hand.elements(), *os.equip.values()])
    st["pile"] = equipment(eng.table.discard.elements())


@watch_after("yinli")
def yinli_chance(eng: Engine, e: ev.Event, seat: Seat) -> None:
    """The equipment cards the opponent lost in its turn, as they reach the discard pile: 姻礼's chance."""
    st = eng.skills.state.get("yinli")
    opp = opponent(eng, seat.seat)
    os = eng.seat(opp) if opp is not None else None
    if st is None or "held" not in st or os is None:
        return
    st["pending"] += st["held"] - equipment([*os.hand.elements(), *os.equip.values()])
    got = (equipment(eng.table.discard.elements()) - st["pile"]) & st["pending"]
    if got:
        st["pending"] -= got
        st["offered"] = got
        eng.skills.chances[(seat.seat, "yinli")] += 1


@skill("yinli", timing=Timing.LOSE_CARDS)
def yinli(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """姻礼 (《2013 王者之战 比赛规则》 1V1 孙尚香): 对手的回合内，当其失去的装备牌进入弃牌堆时，你可以获得之.

    ``skill`` right after the event that put them there (``cards``: the cards taken; all of them when
    not logged); they go to her hand, implied. The opponent's equipment cards count from its hand and
    its equipment area alike (失去的装备牌).
    """
    st = eng.skills.state.get("yinli", {})
    offered: Counter[str] = st.get("offered", Counter())
    if not eng.skills.take_chance(e.seat, "yinli") or not offered:
        eng.report(R.S_TIMING, e.seat, "姻礼 is used in the opponent's turn, as an equipment card it lost enters the discard pile",
                   expected="right after that card is discarded", observed="no such card just now")
        return
    want = list(e.cards) if e.cards else sorted(offered.elements())
    bad = Counter(want) - offered
    if bad:
        eng.report(R.S_CONDITION, e.seat, "姻礼 takes equipment cards the opponent has just lost to the discard pile",
                   expected=sorted(offered.elements()), observed=sorted(bad.elements()))
    eng.skills.implied_move(e.seat, sorted((Counter(want) & offered).elements()))
    st["offered"] = Counter()
fk_traits("yinli", "yinli", "v11__yinli")  # FreeKill's 1v1 mode calls it v11__yinli


@policy(Moment.CHANCE, key="yinli", order=1)
def play_yinli(sim: Sim, me: Seat, e: ev.Event, times: int) -> None:
    """姻礼: mostly, when the opponent's equipment goes to the discard pile in its turn."""
    C.take_chance(sim, me.seat, SKILL.yinli)


# --- 何进 ------------------------------------------------------------------------------------------


@skill("mouzhu", play=True, per_turn=1)
def mouzhu(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """谋诛 (《2013 王者之战 比赛规则》 1V1 何进): 出牌阶段限一次，你可以令对手交给你一张手牌。然后若你的手牌数大于对手的手牌数，
    对手选择一项：视为对你使用一张【杀】；视为对你使用一张【决斗】.

    ``skill`` (``targets``: the opponent) → the opponent's ``move`` of one hand card to 何进's hand →
    then, with more hand cards than the opponent, its ``use`` of 杀 or 决斗 with no card
    (``"cards": [], "skill": "谋诛"``) at 何进.
    """
    t = C.one_other_target(eng, e, "the opponent")
    ts = eng.seat(t) if t is not None else None
    if t is None or ts is None:
        return
    frame = C.effect(eng, e)
    offered = [(t, CARD.slash, SKILL.mouzhu), (t, CARD.duel, SKILL.mouzhu)]

    def answer(en: Engine, u: ev.Event) -> None:
        if not isinstance(u, ev.Use):
            return
        name = F.used_name(u)
        if name not in (CARD.slash, CARD.duel) or list(u.targets or []) != [e.seat]:
            en.report(R.S_EFFECT, u.seat, f"谋诛: the opponent uses a 杀 or a 决斗 at seat {e.seat}",
                      expected=f"{CARD.slash} or {CARD.duel} at seat {e.seat}", observed=f"{name} at {u.targets}")
        for g in offered:
            if g in C.grants(en):
                C.grants(en).remove(g)

    def then(en: Engine, _: Any = None) -> None:
        me, them = en.seat(e.seat), en.seat(t)
        if me is None or them is None or not them.alive or me.hand_count <= them.hand_count:
            return
        C.grants(en).extend(offered)
        frame.add(Step("use", seat=t, check=answer))

    if ts.hand_count:
        frame.add(Step("move", seat=t, n=1, from_zone=Zone.HAND, to_seat=e.seat, to_zone=Zone.HAND, then=then))
    else:
        then(eng)


@policy(Moment.PLAY_ACTION, "mouzhu", order=2, modes=("1v1",))
def play_mouzhu(sim: Sim, me: Seat) -> bool:
    """谋诛 (once a turn), often: the opponent gives a hand card; then, if 何进 holds more, it uses a 杀 or a 决斗
    at him (no card)."""
    seat, other = me.seat, 3 - me.seat
    if sim.eng.this_turn.limits[SKILL.mouzhu] or not sim.alive(other) or not sim.chance(0.4):
        return False
    sim.emit(ev.Skill(seat=seat, skill=SKILL.mouzhu, targets=[other]))
    if sim.seat(other).hand_count:
        sim.emit(ev.Move(cards=[sim.rng.choice(sim.hand_of(other))], from_=ev.Place(zone="hand", seat=other),
                         to=ev.Place(zone="hand", seat=seat), reason=SKILL.mouzhu))
    if sim.seat(seat).hand_count > sim.seat(other).hand_count:
        card = sim.rng.choice((CARD.slash, CARD.duel))
        use = ev.Use(seat=other, as_=card, cards=[], skill=SKILL.mouzhu, targets=[seat])
        if card == CARD.duel:
            sim.emit(use)
            sim.resolve_duel(use)
        else:
            sim.use(use)
    return True


@skill("yanhuo", timing=Timing.DEATH)
def yanhuo(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """延祸 (《2013 王者之战 比赛规则》 1V1 何进): 你死亡时你可以依次弃置对手的X张牌（X为你死亡时拥有牌的数量）.

    ``skill`` after the ``death``, then ``move`` s of the opponent's cards (hand or equipment) to the
    discard pile, one by one: X of them, or all it has when it has fewer. X counts the hand and the
    equipment area at the death.
    """
    snap = _death_moment(eng, e, e.seat if not seat.alive else None, "yanhuo", "when you die")
    if snap is None:
        return
    t = opponent(eng, e.seat)
    ts = eng.seat(t) if t is not None else None
    n = min(int(snap["count"]), C.card_count(ts)) if ts is not None else 0
    if n <= 0:
        eng.report(R.S_CONDITION, e.seat, "延祸 discards X of the opponent's cards (X: your cards at your death)",
                   expected="X ≥ 1 and an opponent with cards", observed=f"X = {snap['count']}")
        return
    C.effect(eng, e, Step("move", seat=t, n=n, from_zone="hand|equip", to_zone=Zone.DISCARD, partial=True))


@policy(Moment.AT_DEATH, "yanhuo", order=20, modes=("1v1",))
def play_yanhuo(sim: Sim, dead: int, snap: dict[str, Any]) -> None:
    """延祸, mostly, as he dies: X of the opponent's cards discarded, at random (X: his cards then)."""
    other = 3 - dead
    them = sim.seat(other)
    if not snap["count"] or not sim.alive(other) or not C.card_count(them) or not sim.chance(0.8):
        return
    sim.emit(ev.Skill(seat=dead, skill=SKILL.yanhuo))
    for _ in range(min(int(snap["count"]), C.card_count(them))):
        zone, c = sim.rng.choice(sim.places_of(other))
        sim.emit(ev.Move(cards=[c], from_=ev.Place(zone=zone, seat=other), to=ev.Place(zone="discard"),
                         reason=SKILL.yanhuo))


# --- FreeKill's own 1v1 generals (FreeKill content: judged without their skills, content/skills.toml) ---
fk_traits("v11__cuorui", skips="judge")  # 牛金's 挫锐 announces itself as it skips his judge phase
