"""Helpers the skill hooks share: phases, sides, suits, retrials, skill-granted uses, draw counts."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from sgs_replay.content.names import CARD, SKILL
from sgs_replay.engine import triggers
from sgs_replay.engine.effects import Effect, Step
from sgs_replay.engine.plugins import answers, modifier, target_bans
from sgs_replay.formats import events as ev
from sgs_replay.formats.cards import Card, Suit, is_unknown, parse_card
from sgs_replay.rules import catalogue as R

if TYPE_CHECKING:
    from sgs_replay.engine.core import Engine
    from sgs_replay.engine.frames import JudgeFrame
    from sgs_replay.engine.state import Seat
    from sgs_replay.skills.policy import Sim

SUIT_WORDS = {
    "♠": Suit.SPADE, "s": Suit.SPADE, "spade": Suit.SPADE, "黑桃": Suit.SPADE,
    "♥": Suit.HEART, "h": Suit.HEART, "heart": Suit.HEART, "红桃": Suit.HEART,
    "♣": Suit.CLUB, "c": Suit.CLUB, "club": Suit.CLUB, "梅花": Suit.CLUB, "草花": Suit.CLUB,
    "♦": Suit.DIAMOND, "d": Suit.DIAMOND, "diamond": Suit.DIAMOND, "方块": Suit.DIAMOND, "方片": Suit.DIAMOND,
}
COLOUR_WORDS = {"red": "red", "红": "red", "红色": "red", "black": "black", "黑": "black", "黑色": "black"}


# ---------------------------------------------------------------------------------------------------
# cards
# ---------------------------------------------------------------------------------------------------


def card(text: str | None) -> Card | None:
    if text is None or is_unknown(text):
        return None
    return parse_card(text)


@answers("effective_card")
def as_owner_sees(eng: Engine, seat: int | None, text: str) -> str:
    """红颜 (seed 000 小乔): 锁定技，你的黑桃牌均视为红桃牌 — for her cards and her judgements."""
    s = eng.seat(seat)
    c = card(text)
    if s is None or c is None or c.suit != Suit.SPADE or not s.has_skill(SKILL.hongyan):
        return text
    return str(Card(Suit.HEART, c.rank, c.name))


def suit_for(eng: Engine, seat: int | None, text: str) -> Suit | None:
    c = card(as_owner_sees(eng, seat, text))
    return c.suit if c else None


def parse_suit(choice: Any) -> Suit | str | None:
    """A suit (or, for seed 000's 反间, a colour) announced as a choice: ♥ / heart / 红桃 / H …"""
    if not isinstance(choice, str):
        return None
    t = choice.strip().lower()
    return SUIT_WORDS.get(choice.strip()) or SUIT_WORDS.get(t) or COLOUR_WORDS.get(t)


def physical(e: ev.Use | ev.Respond) -> list[str]:
    return [e.card] if e.card is not None else list(e.cards or [])


def colour(cards: list[str]) -> str | None:
    """The colour of a card made of these physical cards: red, black, or None (mixed, none, hidden)."""
    cs = [card(c) for c in cards]
    if not cs or any(c is None for c in cs):
        return None
    if all(c.is_red for c in cs if c):
        return "red"
    if all(c.is_black for c in cs if c):
        return "black"
    return None


def holds(seat: Seat, text: str, *, equip: bool = False) -> bool:
    return seat.hand[text] > 0 or seat.hidden > 0 or (equip and text in seat.equip.values())


# ---------------------------------------------------------------------------------------------------
# phases, sides
# ---------------------------------------------------------------------------------------------------


def unchecked(eng: Engine, seat: int, sid: str) -> bool:
    """The seat holds ``sid`` (a printed name) in a version the ruleset leaves unchecked (``[skill_versions]``
    says ``"unchecked"``: FreeKill's own 國戰 texts): what that version changes is not known, so the value the
    caller computes is not checked; noted as unverifiable."""
    if eng.mode.unchecked_skill(seat, sid):
        eng.unverifiable_because(f"seat {seat} holds {sid}, a version of the skill the ruleset leaves unchecked")
        return True
    return False


def own_phase(eng: Engine, seat: int, *phases: str | None) -> bool:
    """In ``seat``'s own turn and one of ``phases`` (None = the turn began, no phase logged yet)."""
    return eng.current == seat and eng.phase in phases


def need_phase(eng: Engine, e: ev.Skill, what: str, *phases: str | None) -> bool:
    """Report S_TIMING unless it is ``e.seat``'s own turn and one of ``phases``."""
    if own_phase(eng, e.seat, *phases):
        return True
    where = f"the {eng.phase or 'no'} phase of seat {eng.current}" if eng.current else "no turn"
    eng.report(R.S_TIMING, e.seat, f"{e.skill} is used {what}", expected=what, observed=where)
    return False


def allies(eng: Engine, seat: int, *, include_self: bool = False) -> list[int]:
    """己方角色: the seat's side in 3v3/1v1 (living), in seat order."""
    me = eng.seat(seat)
    if me is None or me.side is None:
        return [seat] if include_self else []
    return [s.seat for s in eng.table.seats.values()
            if s.alive and s.side == me.side and (include_self or s.seat != seat)]


def enemies(eng: Engine, seat: int) -> list[int]:
    me = eng.seat(seat)
    if me is None or me.side is None:
        return [s for s in eng.table.alive() if s != seat]
    return [s.seat for s in eng.table.seats.values() if s.alive and s.side is not None and s.side != me.side]


def male(eng: Engine, seat: int) -> bool:
    s = eng.seat(seat)
    return s is not None and s.general is not None and s.general.is_male


def wounded(eng: Engine, seat: int) -> bool:
    s = eng.seat(seat)
    return s is not None and s.hp < s.max_hp


def card_count(seat: Seat) -> int:
    return seat.hand_count + len(seat.equip)


def one_other_target(eng: Engine, e: ev.Skill, what: str) -> int | None:
    """The single other living character a skill names in ``targets``; reports S_CONDITION otherwise."""
    targets = list(e.targets or [])
    if len(targets) != 1 or targets[0] == e.seat:
        eng.report(R.S_CONDITION, e.seat, f"{e.skill} names {what}", expected="one other character", observed=targets)
        return None
    t = eng.seat(targets[0])
    if t is None or not t.alive:
        eng.report(R.S_CONDITION, e.seat, f"seat {targets[0]} is not a living character", observed=targets)
        return None
    return targets[0]


#: the printed texts (``skills.toml`` variants) that limit a skill per play phase (阶段技, 出牌阶段限一次)
#: where the 2010 card says 每回合限(用)一次: 强袭, 驱虎, 天义 (國戰, "heg": 出牌阶段限一次)
PER_PLAY_PHASE_TEXTS = ("2013", "freekill", "heg")


def once(eng: Engine, e: ev.Skill, sid: str) -> None:
    """A 火 skill's limit of one use: per turn (2010 card: 每回合限用一次), or per play phase with the 2013 or
    FreeKill text (阶段技) or ``skill_limit_scope = "play_phase"``. Reports SGS-S002 on a second use."""
    from sgs_replay.engine.skills import version

    per_phase = eng.rs.p.skill_limit_scope == "play_phase" or version(eng, sid) in PER_PLAY_PHASE_TEXTS
    counter = eng.this_phase.limits if per_phase else eng.this_turn.limits
    if counter[e.skill]:
        eng.report(R.S_LIMIT, e.seat, f"{e.skill} may be used once per {'play phase' if per_phase else 'turn'}",
                   expected=1, observed=counter[e.skill] + 1)
    counter[e.skill] += 1


def pindian_step(eng: Engine, e: ev.Skill, t: int, then: Any) -> Step:
    """The 拼点 a skill asks for (the ``pindian`` event: ``seat`` against ``t``); ``then(eng, won)``
    once it is known (``won`` is None when a card is hidden)."""
    from sgs_replay.engine.handlers import pindian_won

    def result(en: Engine, p: ev.Event) -> None:
        won = pindian_won(p) if isinstance(p, ev.Pindian) else None
        if won is None:
            en.unverifiable_because(f"{e.skill}: a 拼点 card is hidden")
        then(en, won)

    return Step("pindian", seat=e.seat, to_seat=t, then=result)


def pindian_target(eng: Engine, e: ev.Skill, seat: Seat, what: str) -> int | None:
    """The one other character a 拼点 skill names; both must have a hand card (reported otherwise)."""
    t = one_other_target(eng, e, what)
    if t is None:
        return None
    ts = eng.seat(t)
    if seat.hand_count == 0 or (ts is not None and ts.hand_count == 0):
        eng.report(R.S_CONDITION, e.seat, f"{e.skill}: 拼点 needs a hand card on each side",
                   expected="a hand card each", observed=f"seat {e.seat}: {seat.hand_count}, seat {t}: {ts.hand_count if ts else 0}")
        return None
    return t


def pay(eng: Engine, seat: Seat, cards: list[str], *, equip: bool = True) -> None:
    """The cards a skill's text makes its user discard (implied: they go to the discard pile)."""
    eng.skills.implied_payment(seat, cards, "discard")
    eng.take_from_hand(seat, cards, allow_equip=equip)
    eng.to_discard(cards)


def give(eng: Engine, seat: Seat, cards: list[str], to: int, *, equip: bool = False) -> None:
    """Cards a skill's text makes its user hand over (implied move to ``to``'s hand)."""
    eng.skills.implied_payment(seat, cards, f"hand:{to}")
    eng.take_from_hand(seat, cards, allow_equip=equip)
    target = eng.seat(to)
    if target is None:
        return
    for c in cards:
        if is_unknown(c):
            target.hidden += 1
        else:
            target.hand[c] += 1


def effect(eng: Engine, e: ev.Skill, *steps: Step, below_new: bool = False, ordered: bool = True,
           order_rule: Any = None) -> Effect:
    """Push the consequences of ``e`` (see effects.Effect)."""
    frame = Effect(e.seat, e.skill, list(steps), ordered=ordered, order_rule=order_rule)
    eng.skills.push(frame, below_new=below_new)
    return frame


trigger = triggers.trigger


# ---------------------------------------------------------------------------------------------------
# engine questions (see SkillBook)
# ---------------------------------------------------------------------------------------------------

RETRIAL = {SKILL.guicai: "hand", SKILL.guidao: "black", SKILL.huanshi: "side"}


@answers("retrial")
def check_retrial(eng: Engine, frame: JudgeFrame, e: ev.Retrial) -> None:
    """鬼才 (a hand card), 鬼道 (a black card, keeps the old one), 缓释 (own side's judgements only).

    Several retrials of one judgement come from the current player onwards in seat order, each
    player once; the last one stands (seed 004 一、6).
    """
    s = eng.seat(e.seat)
    if s is None:
        return
    name = e.skill or next((n for n in RETRIAL if s.has_skill(n)), None)
    if e.skill is not None and not s.has_skill(e.skill) and e.seat in eng.undefined:
        if e.skill in RETRIAL:  # a known retrial skill of a general the rules do not define: held from now on and
            s.skills.add(e.skill)  # judged by its known text, what it says of its own user unverifiable
            eng.note_unmodelled(e.seat, f"skill {e.skill} of a general the rules do not define: judged by its known text")
        else:
            eng.unknown_skill_turn = True
            eng.note_unmodelled(e.seat, f"retrial by {e.skill} of a general the rules do not define: not checked")
            name = None
    elif e.skill is not None and not s.has_skill(e.skill) and eng.mode.unchecked_skill(e.seat, e.skill):
        eng.unknown_skill_turn = True
        eng.unverifiable_because(f"retrial by {e.skill}, a version of the skill the ruleset leaves unchecked")
        name = None
    elif name not in RETRIAL or not s.has_skill(name):
        eng.report(R.S_NOT_OWNED, e.seat, f"{s.name} has no retrial skill {name or ''}".strip(), observed=e.skill)
    c = card(e.card)
    if name == SKILL.guidao and c is not None and not c.is_black:
        eng.report(R.S_CONDITION, e.seat, "鬼道 retries with a black card (♠ or ♣)", expected="a black card", observed=e.card)
    if name == SKILL.guicai and c is not None and s.hand[e.card] == 0 and e.card in s.equip.values():
        eng.report(R.S_CONDITION, e.seat, "鬼才 plays a hand card", expected="a hand card", observed=e.card)
    if name == SKILL.huanshi and frame.seat not in allies(eng, e.seat, include_self=True):
        eng.report(R.S_CONDITION, e.seat, f"缓释 retries judgements of your own side; seat {frame.seat} is not",
                   observed=f"judgement of seat {frame.seat}")
    window = getattr(frame, "retrials", None)
    if window is None:
        window = triggers.Window("retrial", eng.current if eng.current is not None else frame.seat)
        frame.retrials = window  # type: ignore[attr-defined]
    triggers.note(eng, window, e.seat, name or "retrial")
    eng.take_from_hand(s, [e.card], allow_equip=name in (SKILL.guidao, SKILL.huanshi))
    if name == SKILL.guidao and eng.rs.p.guidao_obtain_original and not is_unknown(frame.card):
        eng.leave_processing([frame.card], discard=False)
        s.hand[frame.card] += 1  # 鬼道 takes the replaced card (seed 000 note under 黄天)
    else:
        eng.leave_processing([frame.card])
    frame.card = e.card
    if not is_unknown(e.card):
        eng.table.processing[e.card] += 1  # the new judgement card, until the judgement is over
    if name == SKILL.huanshi:
        eng.skills.chances[(e.seat, "red_out")] += 1 if (c is not None and c.is_red and eng.current != e.seat) else 0


def grants(eng: Engine) -> list[tuple[int, str, str]]:
    """Open permissions to use a card outside the user's play phase: (seat, card name, skill)."""
    out: list[tuple[int, str, str]] = eng.skills.state.setdefault("grants", [])
    return out


#: a grant for any equipment card (疑城 lets its target use the equipment card it would discard)
ANY_EQUIPMENT = "*equipment"


def _granted(card_name: str, name: str) -> bool:
    if card_name == ANY_EQUIPMENT:
        kind = card_kind(name)
        return kind is not None and bool(kind.is_equip)
    return card_name == name


def _grant(eng: Engine, e: ev.Use, name: str) -> int | None:
    return next((i for i, (seat, card_name, _skill) in enumerate(grants(eng))
                 if seat == e.seat and _granted(card_name, name)), None)


@answers("may_use")
def may_use(eng: Engine, e: ev.Use, name: str) -> bool:
    return _grant(eng, e, name) is not None


@answers("lets_use")
def lets_use(eng: Engine, e: ev.Use, name: str) -> bool:
    i = _grant(eng, e, name)
    if i is None:
        return False
    del grants(eng)[i]
    return True


@modifier("ignores_range")
def wushen_range(value: bool, eng: Engine, e: ev.Use) -> bool:
    """武神: a ♥ 杀 of 神关羽 has no distance limit."""
    s = eng.seat(e.seat)
    if value or s is None or not s.has_skill(SKILL.wushen):
        return value
    cards = physical(e)
    return bool(cards) and all((c := card(x)) is not None and c.suit == Suit.HEART for x in cards)


DRAW_CHANGE = {SKILL.yingzi: 1, SKILL.luoyi: -1, SKILL.hongyuan: -1, SKILL.haoshi: 2}
#: skills announced in the draw phase that change its count, before the replacing skills
PHASE_DRAW_CHANGE = {SKILL.yingzi: 1, SKILL.luoyi: -1, SKILL.haoshi: 2}


@modifier("draw_phase_count")
def announced_draw_changes(n: int, eng: Engine, seat: Seat) -> int:
    """英姿 +1, 裸衣 -1 (skills logged in this draw phase; 突袭 replaces the draw: see draw_count)."""
    for mod in eng.phase_draw_mods:
        n += PHASE_DRAW_CHANGE.get(mod, 0)
    return n

DRAW_REPLACE = {SKILL.tuxi, SKILL.shelie, SKILL.zaiqi, SKILL.shuangxiong}


@answers("draw_count")
def draw_count(eng: Engine, seat: Seat, expected: int) -> int:
    """Cards the draw phase draws after the skills announced for it this turn."""
    mods: list[str] = eng.skills.state.get("draw_mods", [])
    if not mods:
        return expected
    from sgs_replay.engine.skills import version

    n = eng.rs.p.draw_phase_cards + eng.mode.draw_bonus(seat)
    for m in mods:
        if m == SKILL.luoyi and version(eng, "luoyi") == "000":
            continue  # seed 000's 裸衣 is a play-phase skill: no draw change
        if m == SKILL.tuxi and version(eng, "tuxi") == "002-1v1":
            n -= 1  # 1v1: draw one fewer, take one card from the opponent
            continue
        if m in DRAW_REPLACE:
            return 0
        n += DRAW_CHANGE.get(m, 0)
    return max(0, n)


def used_as(name: str, skill_name: str | None = None) -> Any:
    """A check for a ``use`` step: the card used counts as ``name`` (神速's 杀, 离间's 决斗 …)."""
    from sgs_replay.engine.frames import used_name

    def check(eng: Engine, e: ev.Event) -> None:
        if isinstance(e, ev.Use) and used_name(e) != name:
            eng.report(R.S_EFFECT, e.seat, f"{skill_name or 'the skill'} lets you use {name}", expected=name,
                       observed=used_name(e))

    return check


# ---------------------------------------------------------------------------------------------------
# 护驾 / 激将: another character of the lord's kingdom plays the card for the lord
# ---------------------------------------------------------------------------------------------------

KINGDOM_ZH = {"wei": "魏", "shu": "蜀", "wu": "吴", "qun": "群"}


def demand_on(eng: Engine, seat: int, need: str) -> Any:
    """The open resolution that asks ``seat`` for ``need`` now (a 杀 or 万箭齐发 for 闪; 南蛮入侵 or 决斗 for 杀).
    A later target of a multi-target card is reached when the ones before it are done (or the order is
    reported, as for any of its events)."""
    from sgs_replay.engine.cards.effect import CardEffect
    from sgs_replay.engine.cards.tricks import DuelFrame

    for f in reversed(eng.stack):
        if isinstance(f, CardEffect) and f.need == need:
            f.reach(eng, seat, "a lord skill's demand")
        if isinstance(f, CardEffect) and f.need == need and f.head == seat and not f._resolved():
            return f
        if isinstance(f, DuelFrame) and need == CARD.slash and f.turn == seat and not f.done:
            return f
    return None


def provide(eng: Engine, e: ev.Skill, need: str, kingdom: str) -> None:
    """The lord asks the other characters of ``kingdom`` for ``need``; one of them may play it for him."""
    from sgs_replay.skills.proxy import Provide

    demand = demand_on(eng, e.seat, need)
    if demand is None and not (need == CARD.slash and eng.in_play_phase(e.seat)):
        eng.report(R.S_TIMING, e.seat, f"{e.skill} is used when you need a {need}", expected=f"a {need} asked of you",
                   observed="no such demand")
        return
    eng.skills.push(Provide(e.seat, e.skill, need, kingdom, demand))


def ask_kingdom(sim: Sim, lord: int, skill: str, need: str, kingdom: str) -> bool:
    """The simulator's 护驾 and 激将: mostly the lord asks the characters of ``kingdom`` in turn for ``need``; each
    gives one it holds 60% of the time, else passes. True: someone gave it."""
    if not sim.chance(0.7):
        return False
    helpers = [t for t in sim.eng.table.order_from(lord, include_first=False)
               if (g := sim.seat(t).general) is not None and g.kingdom == kingdom]
    if not helpers:
        return False
    sim.emit(ev.Skill(seat=lord, skill=skill))
    for t in helpers:
        cards = sim.hand_of(t, need)
        if cards and sim.chance(0.6):
            sim.emit(ev.Respond(seat=t, card=sim.rng.choice(cards)))
            return True
        sim.emit(ev.Pass(seat=t))
    return False



def take_chance(sim: Sim, seat: int, skill: str) -> None:
    """The simulator's use of a skill an event gave its chance (集智, 枭姬, 连营 …): most of the time, its event,
    then its own draw only (what the event owed comes from its writer)."""
    if sim.chance(0.8):
        mark = sim.eng.frame_seq
        sim.emit(ev.Skill(seat=seat, skill=skill))
        sim.fulfil(after=mark)


def answer_window(e: ev.Event) -> bool:
    """``e`` is a retrial or a 无懈可击: a skill whose chance it opened waits (what the window decides comes first)."""
    from sgs_replay.engine.frames import used_name

    return isinstance(e, ev.Retrial) or (isinstance(e, ev.Use) and used_name(e) == CARD.nullification)


def awaken(sim: Sim, me: Seat, sid: str, then: Callable[[], None] | None = None) -> None:
    """The simulator's awakening skills (战神, 志继, 魂姿): used at the start of the start phase when their condition
    held as the turn began (the engine keeps that: ``awaken:<skill>:<seat>``); ``then``: its choice."""
    from sgs_replay.engine.skills import owns

    if not owns(me, sid) or not sim.eng.skills.state.get(f"awaken:{sid}:{me.seat}"):
        return
    mark = sim.eng.frame_seq
    sim.emit(ev.Skill(seat=me.seat, skill=getattr(SKILL, sid)))
    if then is not None:
        then()
    sim.fulfil(after=mark)


def enter_with(sim: Sim, me: Seat, skill: str, card: str) -> bool:
    """The simulator's 1v1 skills of the entry (虎威, 骁袭, 蛮裔): mostly, the card (no card) at the opponent, when
    no target ban stops it. True: used."""
    other = 3 - me.seat
    use = ev.Use(seat=me.seat, as_=card, cards=[], skill=skill, targets=[other])
    if not sim.alive(other) or target_bans(sim.eng, me, sim.seat(other), card, use) or not sim.chance(0.8):
        return False
    sim.emit(ev.Skill(seat=me.seat, skill=skill))
    sim.use(use)
    return True

def card_kind(name: str | None) -> Any:
    """The kind of a card name (type basic / trick / equip, delayed or not), or None."""
    from sgs_replay.content import card_kinds

    return card_kinds.BY_NAME.get(name) if name else None


def insert_below_dying(eng: Engine, frame: Any, seat: int) -> None:
    """Put ``frame`` under ``seat``'s dying resolution (its rescue comes first), or on top."""
    from sgs_replay.engine import frames as F

    for i in range(len(eng.stack) - 1, -1, -1):
        f = eng.stack[i]
        if isinstance(f, F.DyingFrame) and f.seat == seat:
            eng.insert(i, frame)
            return
    eng.push(frame)


def must_awaken(sid: str, cond: Any) -> None:
    """An awakening skill (觉醒技) is compulsory: when ``cond(eng, seat)`` holds as the owner's start
    phase begins, the skill is used in that start phase; a log that goes on without it is reported."""
    from sgs_replay.engine.skills import watch_before

    def check(eng: Engine, e: ev.Event, seat: Seat) -> None:
        key = f"awaken:{sid}:{seat.seat}"
        st = eng.skills.state
        if (seat.seat, sid) in eng.skills.used_once or not seat.alive:
            st.pop(key, None)
            return
        if isinstance(e, ev.Turn) and e.seat == seat.seat:
            st[key] = bool(cond(eng, seat))
            return
        if eng.current != seat.seat or not st.get(key):
            return
        over = (isinstance(e, (ev.Phase, ev.PhaseSkip)) and e.phase != "start") or isinstance(e, (ev.Use, ev.TurnEnd)) \
            or (isinstance(e, ev.Draw) and e.reason == "phase")
        if over:
            st[key] = False
            from sgs_replay.content import skills as table

            eng.report(R.S_EFFECT, seat.seat, f"{table()[sid].name} is an awakening skill: its condition held at the start of the turn",
                       expected=f"{table()[sid].name} in the start phase", observed=f"`{ev.event_type(e)}`")

    watch_before(sid)(check)


def granted(eng: Engine, e: ev.Skill, seat: Seat, name: str, kingdom: str) -> int | None:
    """A lord skill the lord's subjects use (黄天, 制霸): the lord who has it, or None (reported)."""
    if seat.has_skill(name):
        eng.report(R.S_CONDITION, e.seat, f"{name} is used by the other {KINGDOM_ZH[kingdom]} characters, not by the lord",
                   observed=f"seat {e.seat}")
        return None
    lords = [s.seat for s in eng.table.seats.values() if s.alive and s.has_skill(name)]
    named = list(e.targets or [])
    lord = named[0] if named and named[0] in lords else (lords[0] if lords and not named else None)
    if lord is None:
        why = "this ruleset has no lord skills" if not eng.rs.p.lord_skills else "no lord at this table has it"
        eng.report(R.S_LORD, e.seat, f"{name} is a lord skill: {why}", expected="a lord with " + name, observed=named or "none")
        return None
    if seat.general is None or seat.general.kingdom != kingdom:
        eng.report(R.S_CONDITION, e.seat, f"{name} is for {KINGDOM_ZH[kingdom]} characters",
                   expected=KINGDOM_ZH[kingdom], observed=seat.general.kingdom if seat.general else None)
    if not eng.in_play_phase(e.seat):
        eng.report(R.S_TIMING, e.seat, f"{name} is used in your own play phase", expected="own play phase",
                   observed=f"{eng.phase or 'no'} phase of seat {eng.current}")
    return lord


def turn_over(eng: Engine, seat: int) -> None:
    """叠置 (國戰; 翻面 elsewhere: 放逐, 悲歌): the character skips its next turn; turned over again, it is face up and
    skips nothing. The mode passes the skipped turn (``Mode.pass_skipped_turns``)."""
    if seat in eng.skipped_turns:
        eng.skipped_turns.discard(seat)
    else:
        eng.skipped_turns.add(seat)


def in_discard(eng: Engine, cards: Iterable[str]) -> list[str]:
    """Those of ``cards`` still in the discard pile (each copy once)."""
    pile = Counter(eng.table.discard)
    out = []
    for c in cards:
        if pile[c] > 0:
            pile[c] -= 1
            out.append(c)
    return out
