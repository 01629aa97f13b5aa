"""群 (qun): 华佗 吕布 貂蝉 · 张角 于吉 · 庞德 贾诩 · 吕布 (3v3 2013) · 袁绍 颜良文丑 (火)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from sgs_replay.content import card_kinds
from sgs_replay.content.fk_traits import fk_traits
from sgs_replay.content.names import CARD, SKILL
from sgs_replay.engine import frames as F
from sgs_replay.engine import legality
from sgs_replay.engine.cards.effect import CardEffect
from sgs_replay.engine.cards.tricks import DuelFrame
from sgs_replay.engine.effects import Effect, Step
from sgs_replay.engine.handlers import conversion, effect_asking
from sgs_replay.engine.plugins import modifier, target_ban, target_bans, use_constraint
from sgs_replay.engine.skills import owns, skill, version, watch_after, watch_before
from sgs_replay.engine.state import Zone, slot_of
from sgs_replay.engine.timing import Timing, Words
from sgs_replay.formats import events as ev
from sgs_replay.formats.cards import Suit, parse_card
from sgs_replay.rules import catalogue as R
from sgs_replay.skills import common as C
from sgs_replay.skills.policy import DRAW_REPLACED, PASSIVE_LORD, STOP, WRITES_OWN_STEPS, Moment, policy
from sgs_replay.skills.shu import after_slash_damage

if TYPE_CHECKING:
    from sgs_replay.engine.core import Engine
    from sgs_replay.engine.skills import DamageWindow
    from sgs_replay.engine.state import Seat
    from sgs_replay.skills.policy import Sim


# --- 华佗 ---------------------------------------------------------------------------------------


@skill("qingnang", play=True)
def qingnang(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """青囊 (seed 001 华佗): 出牌阶段，可以主动弃掉一张手牌，令任一目标角色回复1点体力。每回合限用一次.

    Seed 000: 可弃一张手牌或已装备的牌为自己加一点体力，可多次使用该技能.
    """
    early = version(eng, "qingnang") == "000"
    if not early:
        per_phase = eng.rs.p.skill_limit_scope == "play_phase" or version(eng, "qingnang") == "heg"  # 國戰: 出牌阶段限一次
        counter = eng.this_phase.limits if per_phase else eng.this_turn.limits
        if counter[SKILL.qingnang]:
            eng.report(R.S_LIMIT, e.seat, "青囊 may be used once per turn", expected=1, observed=counter[SKILL.qingnang] + 1)
        counter[SKILL.qingnang] += 1
    cards = list(e.cards or [])
    if len(cards) != 1 or (not early and cards[0] in seat.equip.values() and seat.hand[cards[0]] == 0):
        eng.report(R.S_CONDITION, e.seat, "青囊 discards one hand card", expected="1 hand card", observed=cards)
    C.pay(eng, seat, cards, equip=early)
    targets = list(e.targets or [e.seat])
    t = targets[0]
    if len(targets) != 1 or (early and t != e.seat) or not C.wounded(eng, t):
        eng.report(R.S_CONDITION, e.seat, "青囊 heals one wounded character" + (" (yourself, seed 000)" if early else ""),
                   expected="a wounded character", observed=f"seat {targets}")
        return
    C.effect(eng, e, Step("recover", seat=t, n=1))
fk_traits("qingnang", cost=True)


@policy(Moment.PLAY_ACTION, "qingnang", order=20)
def play_qingnang(sim: Sim, me: Seat) -> bool:
    """青囊 (once a play phase), now and then: a hand card for a wounded character's 1 HP."""
    seat = me.seat
    wounded = [t for t in sim.eng.table.order_from(seat) if (ts := sim.seat(t)).hp < ts.max_hp]
    if sim.skill_limits()[SKILL.qingnang] or not me.hand_count or not wounded or not sim.chance(0.4):
        return False
    sim.invoke(ev.Skill(seat=seat, skill=SKILL.qingnang, cards=[sim.rng.choice(sim.hand_of(seat))],
                        targets=[sim.rng.choice(wounded)]))
    return True


@skill("jijiu", timing=Timing.CARD_NEEDED)
def jijiu(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """急救 (seed 001 华佗): 除自己的回合外，可以将任意红色牌当【桃】使用 (checked on the use)."""
fk_traits("jijiu", convert=True)


# --- 吕布 ---------------------------------------------------------------------------------------


@skill("wushuang", timing=Timing.ALWAYS)
def wushuang(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """无双 (seed 001 吕布): 锁定技，使用【杀】时，目标角色需连续使用两张【闪】才能抵消；进行【决斗】的角色每次需连续打出两张【杀】 (applied to the card)."""
fk_traits("wushuang", locked=True)


@modifier("answers_needed")
def wushuang_answers(value: int, eng: Engine, user: Seat, card: str) -> int:
    """无双: the target of the user's 杀 needs two 闪; the other side of a 决斗 two 杀 each time."""
    return max(value, 2) if card in (CARD.slash, CARD.duel) and user.has_skill(SKILL.wushuang) else value


@modifier("slash_targets")
def shenji_targets(value: int, eng: Engine, user: Seat) -> int:
    """神戟: with no weapon, a 杀 may name up to two more targets."""
    return max(value, 3) if user.has_skill(SKILL.shenji) and user.weapon() is None else value


@skill("zhanshen", per_game=True, timing=Timing.START_PHASE, when="at the start of your start phase")
def zhanshen(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """战神 (seed 002 吕布): 觉醒技，回合开始阶段开始时，若你已受伤且己方有角色已阵亡，你须减1点体力上限并弃置装备区里的武器牌，然后获得技能“马术”和“神戟”."""
    _zhanshen_awaken(eng, e, seat, discard_weapon=True)


@policy(Moment.START_PHASE, order=20)
def play_zhanshen(sim: Sim, me: Seat) -> None:
    """战神 (2013 3v3 吕布, awakening): used as soon as its condition held."""
    C.awaken(sim, me, "zhanshen")


def _zhanshen_awaken(eng: Engine, e: ev.Skill, seat: Seat, *, discard_weapon: bool) -> None:
    if not _zhanshen_due(eng, seat):
        eng.report(R.S_CONDITION, e.seat, "战神 awakens when you are wounded and a teammate has died",
                   observed=f"{seat.hp}/{seat.max_hp} HP")
    weapon = seat.equip.get("weapon")  # type: ignore[call-overload]
    if weapon is not None and discard_weapon:
        C.pay(eng, seat, [weapon])  # the weapon is discarded (implied: no choice)
    C.effect(eng, e, Step("max_hp", seat=e.seat, n=-1))
    eng.skills.gain(seat, "mashu")
    eng.skills.gain(seat, "shenji")


@skill("v33_nos__zhanshen", per_game=True, timing=Timing.START_PHASE, when="at the start of your start phase")
def v33_nos_zhanshen(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """战神 (FreeKill 3v3 吕布, the 2013 version as the mode implements it): 觉醒技，准备阶段，若你已受伤且己方有角色已死亡，你减1点体力上限，获得技能〖马术〗和〖神戟〗 (no weapon is discarded)."""
    _zhanshen_awaken(eng, e, seat, discard_weapon=False)


@policy(Moment.START_PHASE, order=21)
def play_v33_nos_zhanshen(sim: Sim, me: Seat) -> None:
    """战神 (FreeKill's older 吕布v33, awakening): used as soon as its condition held."""
    C.awaken(sim, me, "v33_nos__zhanshen")


def _zhanshen_due(eng: Engine, seat: Seat) -> bool:
    dead_ally = any(not s.alive and s.side == seat.side for s in eng.table.seats.values()) if seat.side else False
    return seat.hp < seat.max_hp and dead_ally


C.must_awaken("zhanshen", _zhanshen_due)
C.must_awaken("v33_nos__zhanshen", _zhanshen_due)

#: the later 吕布's 战神: the three effects, by the number the choice names
V33_ZHANSHEN = {1: "one more card in the draw phase", 2: "杀 deals 1 more damage", 3: "杀 takes one more target"}


@skill("v33__zhanshen", per_turn=1, timing=Timing.START_PHASE)
def v33_zhanshen(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """战神 (FreeKill 3v3 吕布): 锁定技，准备阶段，你选择一项未获得过的效果，获得此效果直到本局游戏结束：1.摸牌阶段，你多摸一张牌；2.你使用【杀】造成伤害+1；3.你使用【杀】可以额外选择一个目标."""
    chosen = zhanshen_chosen(eng, e.seat)
    if not isinstance(e.choice, int) or e.choice not in V33_ZHANSHEN or e.choice in chosen:
        left = sorted(set(V33_ZHANSHEN) - chosen)
        eng.report(R.S_CONDITION, e.seat, "战神 chooses one effect not chosen before "
                   "(1: draw one more, 2: 杀 damage +1, 3: 杀 one more target)", expected=f"one of {left}",
                   observed=e.choice)
        return
    chosen.add(e.choice)
fk_traits("v33__zhanshen", choice_mark="v33__zhanshen_")


def zhanshen_chosen(eng: Engine, seat: int) -> set[int]:
    """The effects the later 吕布's 战神 has chosen so far (they last until the end of the game)."""
    chosen: set[int] = eng.skills.state.setdefault(f"v33__zhanshen:{seat}", set())
    return chosen


@modifier("draw_phase_count")
def v33_zhanshen_draw(n: int, eng: Engine, seat: Seat) -> int:
    """战神 1: the draw phase gives one more card."""
    return n + 1 if 1 in zhanshen_chosen(eng, seat.seat) and owns(seat, "v33__zhanshen") else n


@policy(Moment.START_PHASE, order=30)
def play_v33_zhanshen(sim: Sim, me: Seat) -> None:
    """战神 (the later 吕布v33, locked): each start phase, one effect not chosen before, at random; the draw count,
    the 杀's damage and its targets then follow from the engine's modifiers."""
    if not owns(me, "v33__zhanshen"):
        return
    left = sorted(set(V33_ZHANSHEN) - zhanshen_chosen(sim.eng, me.seat))
    if left:
        sim.emit(ev.Skill(seat=me.seat, skill=SKILL.v33__zhanshen, choice=sim.rng.choice(left)))


@modifier("damage_bonus")
def v33_zhanshen_damage(value: int, eng: Engine, user: int | None, card: str) -> int:
    """战神 2: the 杀 the holder uses deals 1 more damage."""
    s = eng.seat(user)
    if card != CARD.slash or s is None or 2 not in zhanshen_chosen(eng, s.seat) or not owns(s, "v33__zhanshen"):
        return value
    return value + 1


@modifier("slash_targets")
def v33_zhanshen_targets(value: int, eng: Engine, user: Seat) -> int:
    """战神 3: the holder's 杀 may take one more target."""
    return value + 1 if 3 in zhanshen_chosen(eng, user.seat) and owns(user, "v33__zhanshen") else value


@skill("shenji", timing=Timing.ALWAYS)
def shenji(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """神戟 (seed 002 吕布, by 战神): 当你的装备区里没有武器牌时，你使用的【杀】可以额外指定至多两个目标 (applied to the card)."""


# --- 貂蝉 ---------------------------------------------------------------------------------------


@skill("lijian", play=True, per_turn=1, per_phase_in=("heg",))  # 國戰: 出牌阶段限一次
def lijian(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """离间 (seed 001 貂蝉): 出牌阶段，可以弃一张牌并选择两名男性角色。若如此作，视为其中一名男性角色对另一名男性角色使用一张【决斗】。额外的，此【决斗】不能被【无懈可击】响应.

    The 决斗 follows as ``use`` by one of them: ``"as": "决斗", "cards": [], "skill": "离间"``.
    """
    cards = list(e.cards or [])
    if len(cards) != 1:
        eng.report(R.S_CONDITION, e.seat, "离间 discards one card", expected=1, observed=len(cards))
    C.pay(eng, seat, cards)
    pair = list(dict.fromkeys(e.targets or []))
    if len(pair) != 2 or e.seat in pair or not all(C.male(eng, t) and eng.seat(t).alive for t in pair):  # type: ignore[union-attr]
        eng.report(R.S_CONDITION, e.seat, "离间 names two other living male characters", observed=pair)
        return
    a, b = pair
    C.grants(eng).extend([(a, CARD.duel, SKILL.lijian), (b, CARD.duel, SKILL.lijian)])

    def duel(user: int, target: int) -> Step:
        def check(en: Engine, u: ev.Event) -> None:
            if isinstance(u, ev.Use) and (F.used_name(u) != CARD.duel or list(u.targets or []) != [target]):
                en.report(R.S_EFFECT, u.seat, "离间: one of the two uses 决斗 on the other", expected=f"决斗 on seat {target}",
                          observed=f"{F.used_name(u)} on {u.targets}")
            for g in [g for g in C.grants(en) if g[2] == SKILL.lijian]:
                C.grants(en).remove(g)

        return Step("use", seat=user, check=check)

    C.effect(eng, e, Step("duel", alts=(duel(a, b), duel(b, a))))
fk_traits("lijian", cost=True)


@policy(Moment.PLAY_ACTION, "lijian", order=80)
def play_lijian(sim: Sim, me: Seat) -> bool | str:
    """离间 (once a turn), sometimes: a card; one man uses a 决斗 (no card) on another."""
    eng, seat = sim.eng, me.seat
    others = eng.table.order_from(seat, include_first=False)
    men = [t for t in others if (g := sim.seat(t).general) is not None and g.is_male]
    cards = [c for _, c in sim.places_of(seat)]
    if sim.skill_limits()[SKILL.lijian] or eng.this_turn.limits[SKILL.lijian] or len(men) < 2 or not cards \
            or not sim.chance(0.3):
        return False
    a, b = sim.rng.sample(men, 2)
    duel = ev.Use(seat=b, as_=CARD.duel, cards=[], skill=SKILL.lijian, targets=[a])
    if target_bans(eng, sim.seat(b), sim.seat(a), CARD.duel, duel):
        return STOP  # 空城 …: that man cannot be the 决斗's target
    sim.invoke(ev.Skill(seat=seat, skill=SKILL.lijian, targets=[a, b], cards=[sim.rng.choice(cards)]))
    sim.emit(duel)
    sim.resolve_duel(duel, nullifiable=bool(sim.rs.p.lijian_nullifiable) or version(eng, "lijian") == "heg")
    return True


@watch_after("lijian", events=(ev.Use,))
def lijian_duel(eng: Engine, e: ev.Event, seat: Seat) -> None:
    if isinstance(e, ev.Use) and e.skill == SKILL.lijian:
        for f in reversed(eng.stack):
            if isinstance(f, DuelFrame) and f.user == e.seat:
                f.skill = SKILL.lijian  # type: ignore[attr-defined]
                return


@watch_before("lijian", events=(ev.Use,))
def lijian_no_nullify(eng: Engine, e: ev.Event, seat: Seat) -> None:
    """此【决斗】不能被【无懈可击】响应 (ruleset `lijian_nullifiable`; the 國戰 text, "heg", has no such clause)."""
    if not isinstance(e, ev.Use) or F.used_name(e) != CARD.nullification or e.targets or eng.rs.p.lijian_nullifiable \
            or version(eng, "lijian") == "heg":
        return
    top = next((f for f in reversed(eng.stack) if isinstance(f, DuelFrame) and not f.done), None)
    if top is not None and getattr(top, "skill", None) == SKILL.lijian and top.count == 0:
        eng.report(R.P_NO_DEMAND, e.seat, "离间's 决斗 cannot be countered by 无懈可击", observed=CARD.nullification)


@skill("biyue", timing=Timing.END_PHASE)
def biyue(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """闭月 (seed 001 貂蝉): 回合结束阶段，可以摸一张牌 (seed 000: 弃牌阶段结束后)."""
    C.effect(eng, e, Step("draw", seat=e.seat, n=1))


@policy(Moment.FINISH_PHASE, "biyue", order=20)
def play_biyue(sim: Sim, me: Seat) -> None:
    """闭月, almost always."""
    if sim.chance(0.9):
        sim.invoke(ev.Skill(seat=me.seat, skill=SKILL.biyue))


# --- 张角 ---------------------------------------------------------------------------------------


@skill("leiji", timing=Timing.USE_CARD, chance=Words("雷击 follows a 闪 you use or play", observed="no 闪 just now"))
def leiji(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """雷击 (seed 000 张角): 每当你使用了一张“闪”，可令任意一名角色判定若结果为黑桃，你对该角色早成2点伤害 (thunder damage)."""
    targets = list(e.targets or [])
    if len(targets) != 1 or eng.seat(targets[0]) is None:
        eng.report(R.S_CONDITION, e.seat, "雷击 names one character to judge", observed=targets)
        return
    t = targets[0]
    frame = C.effect(eng, e, Step("judge", seat=t, reason=SKILL.leiji))

    def thunder(en: Engine, d: ev.Event) -> None:
        if getattr(d, "nature", "thunder") != "thunder":
            en.report(R.S_EFFECT, t, "雷击 deals thunder damage", expected="thunder", observed=getattr(d, "nature", None))

    def result(en: Engine, card: str) -> None:
        if C.suit_for(en, t, card) == Suit.SPADE:  # 2 thunder damage, as the target's armour takes it (白银狮子)
            frame.add(Step("damage", seat=t, source=e.seat, n=F.damage_taken(en, en.seat(t), 2, "thunder"), check=thunder))
        else:
            # no 雷击 damage (another damage to that character, an AOE's next target, may follow)
            frame.add(Step("damage", seat=t, source=e.seat, forbid=True, rule=R.D_UNEXPECTED))

    frame.steps[0].on_result = result


@policy(Moment.CHANCE, key="leiji", order=1)
def play_leiji(sim: Sim, me: Seat, e: ev.Event, times: int) -> None:
    """雷击, mostly, after a 闪 of his: a character at random judges; a ♠ deals it 2 thunder damage."""
    seat = me.seat
    others = sim.eng.table.order_from(seat, include_first=False)
    if not others or not sim.chance(0.7):
        return
    t = sim.rng.choice(others)
    sim.emit(ev.Skill(seat=seat, skill=SKILL.leiji, targets=[t]))
    if parse_card(sim.judge_card(t, SKILL.leiji)).suit.name == "SPADE":
        sim.damage(t, F.damage_taken(sim.eng, sim.seat(t), 2, "thunder"), seat, None, "thunder")


@watch_after("leiji", events=(ev.Use, ev.Respond))
def leiji_chance(eng: Engine, e: ev.Event, seat: Seat) -> None:
    if isinstance(e, (ev.Use, ev.Respond)) and e.seat == seat.seat and F.used_name(e) == CARD.jink:
        eng.skills.chances[(seat.seat, "leiji")] += 1


@skill("guidao", timing=Timing.BEFORE_JUDGEMENT_TAKES_EFFECT)
def guidao(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """鬼道 (seed 000 张角): 在任意一名角色的判定牌生效之前，你可以使用自己的一张黑桃或者草花牌替换之 (the retrial:
    common.check_retrial; announced with no judgement pending, the engine's timing check reports it)."""


@policy(Moment.RETRIAL, "guidao", order=20)
def play_guidao(sim: Sim, me: Seat, judged: int) -> str | None:
    """鬼道: one judgement in four, a black card of his replaces the judgement card (the old one is his)."""
    black = [c for _, c in sim.places_of(me.seat) if parse_card(c).is_black]
    if not black or not sim.chance(0.25):
        return None
    card = sim.rng.choice(black)
    seq = sim.eng.frame_seq
    sim.emit(ev.Retrial(seat=me.seat, card=card, skill=SKILL.guidao))
    sim.fulfil(after=seq)  # an armour given up this way (白银狮子), nothing older
    return card


@skill("huangtian", by_others=True, timing=Timing.PLAY_PHASE, own_window=True)
def huangtian(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """黄天 (seed 000 张角, 主公技): 群雄角色可在他们各自的回合里给你一张“闪”或者“闪电”.

    Announced by the giver (``targets``: the lord, ``cards``: the card given).
    """
    lord = C.granted(eng, e, seat, SKILL.huangtian, "qun")
    if lord is None:
        return
    cards = list(e.cards or [])
    names = {c.name for x in cards if (c := C.card(x)) is not None}
    if len(cards) != 1 or not names <= {CARD.jink, CARD.lightning}:
        eng.report(R.S_CONDITION, e.seat, "黄天 gives one 闪 or 闪电", expected="闪 or 闪电", observed=cards)
    C.give(eng, seat, cards, lord)


@policy(Moment.PLAY_ACTION, order=100)
def play_huangtian(sim: Sim, me: Seat) -> bool:
    """黄天, sometimes: a 群 character gives the first 群 lord who has it a 闪 or a 闪电."""
    seat = me.seat
    gifts = sim.hand_of(seat, CARD.jink) + sim.hand_of(seat, CARD.lightning)
    g = me.general
    if not gifts or g is None or g.kingdom != "qun" or sim.eng.this_turn.limits[SKILL.huangtian] \
            or me.has_skill(SKILL.huangtian):
        return False
    lords = [t for t in sim.eng.table.order_from(seat, include_first=False) if sim.seat(t).has_skill(SKILL.huangtian)]
    if not lords or not sim.chance(0.3):
        return False
    sim.emit(ev.Skill(seat=seat, skill=SKILL.huangtian, targets=[lords[0]], cards=[sim.rng.choice(gifts)]))
    return True


# --- 于吉 ---------------------------------------------------------------------------------------

QUESTION = {"质疑", "question", "challenge", "doubt", "yes", "true"}


@skill("guhuo", timing=Timing.CARD_NEEDED)
def guhuo(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """蛊惑 (seed 000 于吉): 你可以说出任何一种基本牌或者非延时类锦囊，并正面朝下打出 … (the claim is the use or response itself)."""


#: what 蛊惑 never claims: answers (闪, 无懈可击) and 借刀杀人 (its victim's choice is another path)
GUHUO_NOT_CLAIMED = frozenset({CARD.jink, CARD.nullification, CARD.collateral})


@policy(Moment.PLAY_CARD, "guhuo", order=10)
def play_guhuo(sim: Sim, me: Seat) -> bool:
    """蛊惑, now and then: a hand card face down as a basic card or non-delayed trick of the deck, claimed at random;
    each other character doubts it one time in three or so."""
    seat, eng = me.seat, sim.eng
    hand = sim.hand_of(seat)
    if not sim.chance(0.2) or not hand:
        return False
    card = sim.rng.choice(hand)
    claims = sorted({k.name for c in sim.rs.deck if (k := card_kinds.BY_NAME.get(parse_card(c).name)) is not None
                     and (k.type == "basic" or (k.type == "trick" and not k.is_delayed))} - GUHUO_NOT_CLAIMED)
    claim = sim.rng.choice(claims)
    probe = f"{card.split(' ')[0]} {claim}"
    uses = [u for cand in legality._candidates(eng, seat, probe)
            if not legality.answers_a_demand(eng, u := ev.Use(seat=seat, as_=claim, cards=[card], skill=SKILL.guhuo,
                                                               targets=cand.targets, victim=cand.victim))
            and not legality.check_use(eng, u)]
    if not uses:
        return False
    e = sim.directed(sim.rng.choice(uses))
    sim.emit(e)
    doubters = [q for q in eng.table.order_from(seat, include_first=False) if sim.chance(0.3)]
    if doubters:
        for q in doubters:
            sim.emit(ev.Choose(seat=q, choice="质疑", reason=SKILL.guhuo))
        mark, hp = eng.frame_seq, me.hp
        sim.emit(ev.Reveal(cards=[card], seat=seat, reason=SKILL.guhuo))
        sim.fulfil(after=mark)
        c = parse_card(card)
        if c.name != claim or c.suit.name != "HEART" or not sim.alive(seat) or eng.current != seat:
            return True
        if claim == CARD.peach and me.hp > hp:
            return True  # its recovery was written already (what a doubter's death set going wrote it)
    sim.resolve_use(e)
    return True


def _guhuo_claim_check(e: ev.Use | ev.Respond, report: Any) -> None:
    """The claimed card is a basic card or a non-delayed trick; one hand card is played face down."""
    kind = C.card_kind(e.as_)
    if kind is None or kind.type == "equip" or kind.is_delayed:
        report(R.P_CONVERSION, e.seat, "蛊惑 claims a basic card or a non-delayed trick", observed=e.as_)
    if len(e.cards or []) != 1:
        report(R.P_CONVERSION, e.seat, "蛊惑 plays one hand card face down", expected=1, observed=len(e.cards or []))


@use_constraint(early=True)
def guhuo_claim_use(eng: Engine, e: ev.Use, user: Seat, name: str | None, report: Any) -> None:
    """蛊惑's claim, as a use check: the validator and legality.check_use judge a card used with 蛊惑 by it (an answer a
    resolution takes, and a response, are judged as they come: guhuo_claim)."""
    if e.skill != SKILL.guhuo or SKILL.guhuo not in user.skills:
        return
    g = eng.skills.state.get("guhuo")
    if g is not None and g.get("judged") is e and eng.event is e:
        return  # judged already as an answer (guhuo_claim)
    _guhuo_claim_check(e, report)


@watch_before("guhuo", events=(ev.Use, ev.Respond))
def guhuo_claim(eng: Engine, e: ev.Event, seat: Seat) -> None:
    """A claim made with 蛊惑: judged here when it answers a resolution (a card used on its own is judged by the use
    checks: guhuo_claim_use); then the claim waits for its doubters."""
    if not isinstance(e, (ev.Use, ev.Respond)) or e.seat != seat.seat or e.skill != SKILL.guhuo:
        return
    judged = isinstance(e, ev.Respond) or legality.answers_a_demand(eng, e)
    if judged:
        _guhuo_claim_check(e, eng.report)
    eng.skills.state["guhuo"] = {"judged": e if judged else None, "use": e, "seq": eng.frame_seq, "questioners": [], "frames": [],
                                 "slashes": eng.this_phase.uses[CARD.slash]}


@watch_after("guhuo")
def guhuo_question(eng: Engine, e: ev.Event, seat: Seat) -> None:
    """质疑: a true claim costs each doubter 1 HP; a false one gives each a card; the doubted card is
    discarded and, unless it was true and ♥, not used."""
    g = eng.skills.state.get("guhuo")
    if g is None:
        return
    if e is g["use"]:  # the resolutions the use opened (it may have closed older ones: count by number)
        g["frames"] = [f for f in eng.stack if f.uid > g["seq"]]
        g["counted"] = eng.this_phase.uses[CARD.slash] - g["slashes"]  # a 杀 the play phase's limit counted
    elif isinstance(e, ev.Choose) and e.seat != seat.seat and (e.reason == SKILL.guhuo or str(e.choice).lower() in QUESTION):
        g["questioners"].append(e.seat)
    elif isinstance(e, ev.Reveal) and g["questioners"] and e.cards:
        eng.skills.state["guhuo"] = None
        c, claim = C.card(e.cards[0]), g["use"].as_
        if c is None:
            eng.unverifiable_because("蛊惑: the revealed card is hidden")
            return
        true = c.name == claim
        steps = [Step("lose_hp", seat=q, n=1) if true else Step("draw", seat=q, n=1) for q in g["questioners"]]
        steps += [Step("draw" if true else "lose_hp", seat=q, optional=True, forbid=True) for q in g["questioners"]]
        if not true or c.suit != Suit.HEART:
            for f in g["frames"]:
                if f in eng.stack:
                    eng.stack.remove(f)  # the doubted card is not used
            eng.this_phase.uses[CARD.slash] -= g.get("counted", 0)  # nor does it count against the 杀 limit
        eng.skills.push(Effect(seat.seat, SKILL.guhuo, steps, ordered=False))


# --- 庞德 ---------------------------------------------------------------------------------------


@skill("mengjin", timing=Timing.AFTER_DODGE,
       words=Words("{name} follows a 闪 that cancels your 杀", observed="no 杀 of yours just dodged"))
def mengjin(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """猛进 (official text, 庞德): 当你使用的【杀】被目标角色的【闪】抵消后，你可以弃置其一张牌."""
    cf: CardEffect = eng.skills.found  # the 杀 its window found, with its target
    t = eng.seat(cf.head)
    if t is None or C.card_count(t) == 0:
        eng.report(R.S_CONDITION, e.seat, f"猛进: seat {cf.head} has no card to discard", observed="no cards")
        return
    C.effect(eng, e, Step("move", seat=t.seat, n=1, from_zone="hand|equip", to_zone=Zone.DISCARD))


@policy(Moment.SLASH_DODGED, "mengjin", order=10)
def play_mengjin(sim: Sim, frame: CardEffect, t: int) -> bool:
    """猛进, mostly, after his 杀 was dodged: one of the target's cards discarded. True: used."""
    places = sim.places_of(t)
    if not places or not sim.chance(0.7):
        return False
    zone, c = sim.rng.choice(places)
    sim.emit(ev.Skill(seat=frame.user, skill=SKILL.mengjin))
    mark = sim.eng.frame_seq
    sim.emit(ev.Move(cards=[c], from_=ev.Place(zone=zone, seat=t), to=ev.Place(zone="discard"), reason=SKILL.mengjin))
    sim.fulfil(after=mark)
    return True


# --- 贾诩 ---------------------------------------------------------------------------------------


@skill("wansha", timing=Timing.ALWAYS)
def wansha(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """完杀 (official text, 贾诩): 锁定技，在你的回合内，除你以外，只有处于濒死状态的角色才能使用【桃】 (checked on each 桃)."""


@policy(Moment.RESCUERS, "wansha", order=10)
def wansha_rescuers(sim: Sim, current: int, dying: int) -> tuple[int, ...]:
    """完杀 (locked): in 贾诩's turn only he and the dying character may use 桃."""
    return (current, dying)


@watch_before("wansha", events=(ev.Use,))
def wansha_peach(eng: Engine, e: ev.Event, seat: Seat) -> None:
    if not isinstance(e, ev.Use) or F.used_name(e) != CARD.peach or eng.current != seat.seat or not seat.alive:
        return
    target = (e.targets or [e.seat])[0]
    if e.seat not in (seat.seat, target):
        eng.report(R.P_NO_DEMAND, e.seat, f"完杀: in seat {seat.seat}'s turn only the dying character and 贾诩 may use 桃",
                   expected=f"seat {target} or seat {seat.seat}", observed=f"seat {e.seat}")


@skill("luanwu", play=True, per_game=True)
def luanwu(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """乱武 (official text, 贾诩): 限定技，出牌阶段，你可以令所有其他角色各选择一项：对距离最近的另一名角色使用一张【杀】，或失去1点体力."""
    order = eng.table.order_from(e.seat, include_first=False)
    for s in order:
        C.grants(eng).append((s, CARD.slash, SKILL.luanwu))
    # each one's use is judged by the use checks (luanwu_nearest)
    steps = [Step("choice", seat=s, alts=(Step("use", seat=s), Step("lose_hp", seat=s, n=1))) for s in order]
    C.effect(eng, e, *steps, order_rule=R.R_TARGET_ORDER)


@use_constraint()
def luanwu_nearest(eng: Engine, e: ev.Use, user: Seat, name: str | None, report: Any) -> None:
    """乱武's choice made as a use: a 杀 on a nearest other character (the validator and legality.legal_uses read
    it: while 乱武 asks a character, the legal uses are its 杀 on the nearest)."""
    asking = effect_asking(eng, e)
    if asking is None or asking.skill != SKILL.luanwu:
        return
    others = [s for s in eng.table.alive() if s != e.seat]
    best = min((eng.table.distance(e.seat, s) for s in others), default=0)
    ok = [s for s in others if eng.table.distance(e.seat, s) == best]
    if name != CARD.slash or not set(e.targets or []) <= set(ok) or not e.targets:
        report(R.P_TARGET, e.seat, "乱武: a 杀 on the nearest other character", expected=f"杀 on one of {ok}",
               observed=f"{name} on {e.targets}")


@policy(Moment.PLAY_ACTION, "luanwu", order=180)
def play_luanwu(sim: Sim, me: Seat) -> bool:
    """乱武 (once a game), rarely: every other character in turn uses a 杀 on its nearest other character most of
    the time it can (the legal uses while 乱武 asks it: luanwu_nearest), else loses 1 HP."""
    if (me.seat, "luanwu") in sim.eng.skills.used_once or not sim.chance(0.1):
        return False
    sim.emit(ev.Skill(seat=me.seat, skill=SKILL.luanwu))
    for s in sim.eng.table.order_from(me.seat, include_first=False):
        if not sim.alive(s):
            continue
        slashes = sim.hand_of(s, CARD.slash)  # the hand cards it may use as 杀 (武神's ♥ ones are 杀 only)
        uses = [u for u in legality.legal_uses(sim.eng, s) if u.card in slashes]
        if uses and sim.chance(0.7):
            sim.emit(sim.rng.choice(uses))
            sim.resolve_slash(s)
        else:
            sim.emit(ev.LoseHp(seat=s, amount=1, reason=SKILL.luanwu))
            sim.after_hp_change(s)
        if sim.eng.over:
            break  # else it goes on, 贾诩 dead or alive
    return True


WRITES_OWN_STEPS.add("luanwu")  # each character's 杀 or loss of HP: written above, not as what the effect owes


@skill("weimu", timing=Timing.ALWAYS)
def weimu(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """帷幕 (official text, 贾诩): 锁定技，你不能成为黑色锦囊牌的目标 (checked on the use)."""


@target_ban
def weimu_ban(eng: Engine, user: Seat, target: Seat, card: str, use: ev.Use) -> str | None:
    """帷幕: not a target of a black trick."""
    if not target.has_skill(SKILL.weimu) or not target.alive:
        return None
    kind = C.card_kind(card)
    if kind is not None and kind.type == "trick" and C.colour(C.physical(use)) == "black":
        return f"{target.name} (帷幕) cannot be the target of a black trick"
    return None


@watch_after("weimu", events=(ev.Use,))
def weimu_aoe(eng: Engine, e: ev.Event, seat: Seat) -> None:
    if not isinstance(e, ev.Use) or F.used_name(e) not in (CARD.savage_assault, CARD.archery_attack) or C.colour(C.physical(e)) != "black":
        return
    for f in reversed(eng.stack):
        if isinstance(f, CardEffect) and f.user == e.seat and seat.seat in f.queue:
            f.queue.remove(seat.seat)
            return


# --- conversions (当作 …使用或打出) ------------------------------------------------------------------


@conversion(SKILL.jijiu, {CARD.peach}, outside_own_turn=True)
def jijiu_card(c: Any, as_name: str) -> bool:
    """急救 (华佗): outside your turn, a red card as 桃."""
    return bool(c.is_red)


# --- 袁绍 ---------------------------------------------------------------------------------------


@skill("luanji", timing=Timing.CARD_NEEDED)
def luanji(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """乱击 (火, 袁绍): 出牌阶段，你可以将任意两张相同花色的手牌当【万箭齐发】使用 (checked on the use; no limit per turn)."""


def _one_suit(eng: Engine, e: ev.Use | ev.Respond, seat: Seat) -> str | None:
    """乱击: 两张相同花色的手牌."""
    suits = {c.suit for x in e.cards or [] if (c := C.card(x)) is not None}
    return "乱击 turns two hand cards of the same suit into 万箭齐发" if len(suits) > 1 else None


@conversion(SKILL.luanji, {CARD.archery_attack}, count=2, hand_only=True, together=_one_suit)
def luanji_card(c: Any, as_name: str) -> bool:
    """乱击 (袁绍): two hand cards of one suit as 万箭齐发."""
    return True


@skill("xueyi", timing=Timing.ALWAYS)
def xueyi(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """血裔 (火, 袁绍): 主公技，锁定技，场上每有一名其他群雄角色存活，你的手牌上限便+2 (applied to the hand limit)."""


PASSIVE_LORD.add("xueyi")  # the simulator's coverage: in force by itself (the hand limit)


@modifier("hand_limit")
def xueyi_limit(value: int, eng: Engine, seat: Seat) -> int:
    """血裔: +2 for each other living 群 character (a lord skill: only the identity-mode lord has it)."""
    if not seat.has_skill(SKILL.xueyi):
        return value
    others = [s for s in eng.table.seats.values()
              if s.alive and s.seat != seat.seat and s.general is not None and s.general.kingdom == "qun"]
    return value + 2 * len(others)


# --- 颜良文丑 -----------------------------------------------------------------------------------


@skill("shuangxiong", timing=Timing.DRAW_PHASE)
def shuangxiong(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """双雄 (火, 颜良文丑): 摸牌阶段，你可以选择放弃摸牌并进行一次判定：你获得此判定牌并且此回合可以将任意一张与该判定牌不同颜色的手牌当【决斗】使用.

    ``skill`` in the draw phase (no phase draw) → ``judge`` (``reason: 双雄``); the judgement card
    goes to the hand (implied); then, this turn, ``use`` ``"as": "决斗"`` with one hand card of the
    other colour and ``"skill": "双雄"`` (no limit).
    """
    judged: dict[int, tuple[int, str | None]] = eng.skills.state.setdefault("shuangxiong", {})

    def result(en: Engine, card: str) -> None:
        final = en.skills.judgement.get("card", card)
        en.skills.implied_move(e.seat, [final])
        c = C.card(card)
        judged[e.seat] = (en.turns_taken, None if c is None else "red" if c.is_red else "black")

    C.effect(eng, e, Step("judge", seat=e.seat, reason=SKILL.shuangxiong, on_result=result))


@policy(Moment.DRAW_PHASE, "shuangxiong", order=30)
def play_shuangxiong(sim: Sim, me: Seat) -> bool:
    """双雄, half the time: instead of drawing, a judgement whose card is his (implied)."""
    if not sim.chance(0.5):
        return False
    sim.emit(ev.Skill(seat=me.seat, skill=SKILL.shuangxiong))
    sim.judge_card(me.seat, SKILL.shuangxiong)
    return True


DRAW_REPLACED.add("shuangxiong")


def _other_colour(eng: Engine, e: ev.Use | ev.Respond, seat: Seat) -> str | None:
    """双雄: 此回合可以将任意一张与该判定牌不同颜色的手牌当【决斗】使用."""
    got = eng.skills.state.get("shuangxiong", {}).get(seat.seat)
    if got is None or got[0] != eng.turns_taken or eng.current != seat.seat:
        return "双雄's 决斗 only in the turn of its judgement"
    colour = C.colour(list(e.cards or []))
    if got[1] is not None and colour == got[1]:
        return f"双雄: the card must differ in colour from the {got[1]} judgement"
    return None


@conversion(SKILL.shuangxiong, {CARD.duel}, hand_only=True, together=_other_colour)
def shuangxiong_card(c: Any, as_name: str) -> bool:
    """双雄 (颜良文丑): a hand card of the other colour than this turn's judgement as 决斗."""
    return True


# --- 貂蝉 (1v1) ----------------------------------------------------------------------------------


@modifier("entry_ends_opponent_turn")
def pianyi(value: bool, eng: Engine, seat: Any) -> bool:
    """翩仪 (《2013 王者之战 比赛规则》 1V1 貂蝉): 锁定技，你登场时，若处于对手的回合，其回合立即结束."""
    return value or seat.has_skill(SKILL.pianyi)


@skill("pianyi", timing=Timing.ENTER)
def pianyi_entry(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """翩仪 written as a `skill`: only at the moment its general enters play, in the opponent's turn (the turn's
    end itself is the mode's: ``entry_ends_opponent_turn``; at any other moment the engine's timing check reports it)."""
    if eng.current is None and eng.rs.p.debut_at_start:
        # both starting generals enter play at the game start (debut_at_start): FreeKill's 翩仪 fires there for the
        # 后手's 貂蝉, its first turn being the opponent's, and ends nothing, as no turn has begun
        eng.engine_behaviour(f"{SKILL.pianyi} as the starting generals enter play, before the first turn "
                             "(debut_at_start): no turn to end")
        return
    if eng.current is None or eng.current == e.seat:
        eng.report(R.S_CONDITION, e.seat, "翩仪 ends the opponent's turn: it is not the opponent's turn",
                   expected="the opponent's turn", observed=f"turn of seat {eng.current}" if eng.current else "no turn")
fk_traits("pianyi", "pianyi", "v11__pianyi")  # FreeKill's 1v1 mode calls it v11__pianyi


# --- 國戰: 潘凤 (QSanguosha-For-Hegemony wording) ------------------------------------------------------


@skill("kuangfu", timing=Timing.DEAL_DAMAGE)
def kuangfu(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """狂斧 (國戰 潘凤): 每当你使用【杀】对目标角色造成伤害后，你可以选择一项：1.将其装备区里的一张牌置入你的装备区；2.弃置其装备区里的一张牌.

    ``skill`` ``targets`` [the character the 杀 just damaged] → one ``move`` of one of its equipment cards to
    潘凤's equipment area (a slot of his that is empty: the text moves the card, it replaces none) or to the
    discard pile.
    """
    t = C.one_other_target(eng, e, "the character your 杀 damaged")
    if t is None or not after_slash_damage(eng, e, t, "kuangfu"):
        return
    ts = eng.seat(t)
    if ts is None or not ts.equip:
        eng.report(R.S_CONDITION, e.seat, f"狂斧: seat {t} has no equipment", observed="no equipment")
        return
    mine = set(seat.equip)

    def into_an_empty_slot(en: Engine, m: ev.Event) -> None:
        cards = list(getattr(m, "cards", []))
        k = C.card(cards[0]) if cards else None
        if k is not None and slot_of(k) in mine:
            en.report(R.S_EFFECT, e.seat, "狂斧: the card goes into an empty slot of your equipment area",
                      expected="an empty slot", observed=f"{slot_of(k)} taken")

    C.effect(eng, e, Step("move", seat=t, alts=(
        Step("move", seat=t, n=1, from_zone=Zone.EQUIP, to_seat=e.seat, to_zone=Zone.EQUIP, check=into_an_empty_slot),
        Step("move", seat=t, n=1, from_zone=Zone.EQUIP, to_zone=Zone.DISCARD))))


@policy(Moment.SLASH_DAMAGED, order=10)
def play_kuangfu(sim: Sim, target: int, source: int | None, window: DamageWindow) -> None:
    """狂斧, mostly, after the user's 杀 damaged a character with equipment: one of its equipment cards into his empty
    slot (more often than not) or discarded."""
    eng = sim.eng
    d = window.damage
    ts = sim.seat(target)
    if source is None or source == target or not sim.alive(source) or not sim.seat(source).has_skill(SKILL.kuangfu) \
            or eng.skills.state.get(f"slash_damage:{source}") is not d or not ts.equip or not sim.chance(0.7):
        return
    me = sim.seat(source)
    c = sim.rng.choice([ts.equip[sl] for sl in sorted(ts.equip)])
    into = slot_of(parse_card(c)) not in me.equip and sim.chance(0.6)
    mark = eng.frame_seq
    sim.emit(ev.Skill(seat=source, skill=SKILL.kuangfu, targets=[target]))
    sim.emit(ev.Move(cards=[c], from_=ev.Place(zone="equip", seat=target),
                     to=ev.Place(zone="equip", seat=source) if into else ev.Place(zone="discard"), reason=SKILL.kuangfu))
    sim.fulfil(after=mark)  # 白银狮子 lost


# --- 國戰: 蔡文姬 (断肠, her other skill, is defined with the 國戰 mode) ------------------------------------


@watch_before("beige", events=(ev.Damage,))
def beige_slash_damage(eng: Engine, e: ev.Event, seat: Seat) -> None:
    """The damage a 杀 deals (its card a 杀, or inside a 杀's resolution at that target): 悲歌's moment."""
    if not isinstance(e, ev.Damage) or e.chain:
        return
    k = C.card(e.card) if e.card else None
    by_slash = (k is not None and k.name == CARD.slash) or any(
        isinstance(f, CardEffect) and f.name == CARD.slash and f.head == e.target for f in eng.stack)
    eng.skills.state[f"beige:{e.target}"] = e if by_slash else None


@skill("beige", timing=Timing.DAMAGED, own_window=True)
def beige(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """悲歌 (國戰 蔡文姬): 每当一名角色受到【杀】造成的伤害后，若其存活，你可以弃置一张牌，令其判定，若结果为：红桃，其回复1点体力；方块，其摸两张牌；梅花，来源弃置两张牌；黑桃，来源叠置.

    ``skill`` ``targets`` [the damaged character] ``cards`` [her card, discarded: implied] → ``judge``
    (``reason`` 悲歌) of that character → ``recover`` 1 (♥), ``draw`` 2 (♦), the source's ``discard`` of two
    cards (♣), or the source skips its next turn (♠, 叠置: no event).
    """
    t = C.one_other_target(eng, e, "the character a 杀 just damaged") if e.targets != [e.seat] else e.seat
    cards = list(e.cards or [])
    if len(cards) != 1:
        eng.report(R.S_CONDITION, e.seat, "悲歌 discards one card", expected=1, observed=len(cards))
    if t is None:
        return
    w = eng.skills.damaged.get(t)
    ts = eng.seat(t)
    if w is None or eng.skills.state.get(f"beige:{t}") is not w.damage or ts is None or not ts.alive:
        eng.report(R.S_TIMING, e.seat, "悲歌 is used after a 杀 damaged a character who is alive",
                   expected=f"damage to seat {t} by a 杀", observed="no such damage just now")
        return
    key = f"beige:{e.seat}"
    if w.uses[key]:
        eng.report(R.S_LIMIT, e.seat, "悲歌: once for this damage", expected=1, observed=w.uses[key] + 1)
    w.uses[key] += 1
    C.pay(eng, seat, cards)
    source = w.damage.source
    frame = C.effect(eng, e)

    def result(en: Engine, card: str) -> None:
        k = C.card(card)
        if k is None:
            en.unverifiable_because("悲歌: the judgement card is hidden")
            return
        src = en.seat(source)
        if k.suit == Suit.HEART:
            frame.add(Step("recover", seat=t, n=1))
        elif k.suit == Suit.DIAMOND:
            frame.add(Step("draw", seat=t, n=2))
        elif k.suit == Suit.CLUB and src is not None and src.alive and C.card_count(src):
            frame.add(Step("discard", seat=source, n=min(2, C.card_count(src))))
        elif k.suit == Suit.SPADE and src is not None and src.alive:
            C.turn_over(en, src.seat)

    frame.add(Step("judge", seat=t, reason=SKILL.beige, on_result=result))


@policy(Moment.SLASH_DAMAGED, order=20)
def play_beige(sim: Sim, target: int, source: int | None, window: DamageWindow) -> None:
    """悲歌 (the first holder from the current player), often: a card; the damaged character judges: ♥ 1 HP back,
    ♦ two cards, ♣ the source discards two, ♠ the source's next turn does not take place."""
    eng = sim.eng
    d = window.damage
    ts = sim.seat(target)
    for o in eng.table.order_from(eng.current or target):
        ws = sim.seat(o)
        if not ws.has_skill(SKILL.beige) or not sim.alive(target) or eng.skills.state.get(f"beige:{target}") is not d \
                or eng.skills.damaged.get(target) is not window:
            continue
        mine = [c for _, c in sim.places_of(o)]
        if not mine or not sim.chance(0.6):
            continue
        mark = eng.frame_seq
        sim.emit(ev.Skill(seat=o, skill=SKILL.beige, targets=[target], cards=[sim.rng.choice(mine)]))
        sim.fulfil(after=mark)  # 白银狮子 given up
        suit = parse_card(sim.judge_card(target, SKILL.beige)).suit.name
        src = d.source
        if suit == "HEART" and ts.hp < ts.max_hp:
            sim.emit(ev.Recover(seat=target, amount=1))
        elif suit == "DIAMOND":
            sim.emit(ev.Draw(seat=target, cards=sim.take(2), reason="skill", skill=SKILL.beige))
        elif suit == "CLUB" and src is not None and sim.alive(src):
            cards = [c for _, c in sim.places_of(src)]
            if cards:
                mark = eng.frame_seq
                sim.emit(ev.Discard(seat=src, cards=sim.rng.sample(cards, min(2, len(cards)))))
                sim.fulfil(after=mark)
        elif suit == "SPADE" and src is not None and sim.alive(src):  # 叠置: its next turn does not take place
            sim.skipped_turn ^= {src}
        return


# --- 國戰: 纪灵 --------------------------------------------------------------------------------------


@watch_after("shuangren", events=(ev.Use, ev.Skill))
def shuangren_late(eng: Engine, e: ev.Event, seat: Seat) -> None:
    """Once 纪灵 has used a card or another skill in his play phase, its start is over (双刃's moment)."""
    if isinstance(e, (ev.Use, ev.Skill)) and e.seat == seat.seat and eng.in_play_phase(seat.seat) \
            and not (isinstance(e, ev.Skill) and e.skill == SKILL.shuangren) \
            and not (isinstance(e, ev.Use) and e.skill == SKILL.shuangren):
        eng.skills.state[f"shuangren_late:{seat.seat}"] = eng.turns_taken


@skill("shuangren", per_turn=1, timing=Timing.PLAY_PHASE, when="at the start of your play phase")
def shuangren(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """双刃 (國戰 纪灵): 出牌阶段开始时，你可以与一名角色拼点：当你赢后，你视为对其或一名与其势力相同的其他角色使用【杀】；当你没赢后，你结束出牌阶段.

    ``skill`` ``targets`` [the other character] → ``pindian`` (纪灵 first) → a win: a ``use``
    ``"as": "杀", "cards": [], "skill": "双刃"`` on that character or another of its kingdom (no distance
    limit, not counted against the 杀 of the phase); otherwise his play phase is over (a card he then uses
    in it is reported).
    """
    if eng.skills.state.get(f"shuangren_late:{e.seat}") == eng.turns_taken:
        eng.report(R.S_TIMING, e.seat, "双刃 is used as your play phase begins", expected="before any action of the phase",
                   observed="after an action of the phase")
    t = C.pindian_target(eng, e, seat, "another character")
    if t is None:
        return

    slash_as = C.used_as(CARD.slash, SKILL.shuangren)

    def aimed(en: Engine, u: ev.Event) -> None:
        slash_as(en, u)
        targets = list(getattr(u, "targets", None) or [])
        if len(targets) != 1 or targets[0] == e.seat or not (targets[0] == t or en.mode.same_kingdom(targets[0], t)):
            en.report(R.S_EFFECT, e.seat, f"双刃's 杀 targets seat {t} or another character of its kingdom",
                      expected=f"seat {t} or its kingdom", observed=targets)

    frame = C.effect(eng, e)

    def aimable(en: Engine) -> bool:
        """Someone the 杀 may target (none when a skill forbids each: 空城 …): else the 杀 is not owed."""
        for x in en.table.alive():
            if x != e.seat and (x == t or en.mode.same_kingdom(x, t)):
                probe = ev.Use(seat=e.seat, as_=CARD.slash, cards=[], skill=SKILL.shuangren, targets=[x])
                if not target_bans(en, seat, en.table.seats[x], CARD.slash, probe):
                    return True
        return False

    def result(en: Engine, won: bool | None) -> None:
        if won:
            en.this_phase.free[CARD.slash] += 1  # a 视为使用 of the skill, not one of the phase's 杀
            frame.add(Step("use", seat=e.seat, check=aimed, needed=aimable))
        elif won is False:
            en.skipped_phases.add("play")  # 结束出牌阶段: nothing more is done in it

    frame.add(C.pindian_step(eng, e, t, result))


@policy(Moment.PLAY_BEGINS, "shuangren", order=10)
def play_shuangren(sim: Sim, me: Seat) -> bool | None:
    """双刃, half the time: a 拼点; won, a 杀 (no card, no distance limit) on that character or another of its
    kingdom; lost, the play phase is over (False). None: not used."""
    eng, seat = sim.eng, me.seat
    if not me.hand_count or not sim.chance(0.5):
        return None

    def slash(x: int) -> ev.Use:
        return ev.Use(seat=seat, as_=CARD.slash, cards=[], skill=SKILL.shuangren, targets=[x])

    def aims(t: int) -> list[int]:
        return [x for x in eng.table.order_from(t) if x != seat and (x == t or eng.mode.same_kingdom(x, t))
                and not legality.check_use(eng, slash(x))]

    rivals = [t for t in eng.table.order_from(seat, include_first=False) if sim.seat(t).hand_count and aims(t)]
    if not rivals:
        return None
    t = sim.rng.choice(rivals)
    if not sim.pindian(seat, SKILL.shuangren, t):
        return False
    targets = aims(t)  # after the 拼点: its card gone, a character may be empty-handed now (空城)
    if not me.alive or eng.current != seat:
        return False
    if not targets:
        return True
    sim.emit(slash(sim.rng.choice(targets)))
    sim.resolve_slash(seat)
    return True


@modifier("ignores_range")
def shuangren_range(value: bool, eng: Engine, e: ev.Use) -> bool:
    """双刃's 杀 (视为使用) has no distance limit."""
    return value or e.skill == SKILL.shuangren


# --- 國戰: 孔融 田丰 (名士 and 随势 are defined with the 國戰 mode) -------------------------------------------


@skill("sijian", timing=Timing.LOSE_CARDS)
def sijian(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """死谏 (國戰 田丰): 每当你失去所有手牌后，你可以弃置一名其他角色的一张牌.

    ``skill`` (``targets``: another character with a card) right after his last hand card left → a
    ``move`` of one of its hand or equipment cards to the discard pile."""
    # the moment is the loss of the last hand card: a card gained since by a skill of the same moment (礼让 before it,
    # the current player's first) does not take it back
    if not eng.skills.take_chance(e.seat, "sijian"):
        eng.report(R.S_TIMING, e.seat, "死谏 follows losing your last hand card",
                   expected="no hand cards, the last just lost", observed=f"{seat.hand_count} hand cards")
        return
    t = C.one_other_target(eng, e, "another character with a card")
    ts = eng.seat(t)
    if ts is None:
        return
    if not C.card_count(ts):
        eng.report(R.S_CONDITION, e.seat, f"死谏: seat {t} has no card to discard", expected="a hand or equipment card",
                   observed="none")
        return
    C.effect(eng, e, Step("move", seat=t, n=1, from_zone="hand|equip", to_zone=Zone.DISCARD))


@policy(Moment.CHANCE, key="sijian", order=1)
def play_sijian(sim: Sim, me: Seat, e: ev.Event, times: int) -> None:
    """死谏 (國戰 田丰), mostly, his last hand card gone: a card of another character discarded (not inside a retrial,
    a 无懈可击 window or a skill's effect still owed)."""
    if C.answer_window(e) or any(isinstance(f, Effect) and not f.done for f in sim.eng.stack):
        return
    seat = me.seat
    others = [t for t in sim.eng.table.order_from(seat, include_first=False)
              if sim.seat(t).hand_count or sim.seat(t).equip]
    if not others or not sim.alive(seat) or not sim.chance(0.7):
        return
    t = sim.rng.choice(others)
    zone, c = sim.rng.choice(sim.places_of(t))
    mark = sim.eng.frame_seq
    sim.emit(ev.Skill(seat=seat, skill=SKILL.sijian, targets=[t]))
    sim.emit(ev.Move(cards=[c], from_=ev.Place(zone=zone, seat=t), to=ev.Place(zone="discard"), reason=SKILL.sijian))
    sim.fulfil(after=mark)


#: what closes 礼让's window: the game moving on (a turn, a phase, a card used or played, a judgement)
_LIRANG_CLOSES = (ev.Turn, ev.TurnEnd, ev.Phase, ev.PhaseSkip, ev.Use, ev.Respond, ev.Judge)


def _own_cards(seat: Seat) -> Counter[str]:
    return seat.hand + Counter(seat.equip.values())


@watch_before("lirang")
def lirang_snapshot(eng: Engine, e: ev.Event, seat: Seat) -> None:
    if isinstance(e, _LIRANG_CLOSES):
        eng.skills.state.pop(f"lirang:{seat.seat}", None)
    held = _own_cards(seat)
    # only his own cards can be the ones discarded: the discard pile is remembered for those alone
    discard = eng.table.discard
    eng.skills.state[f"lirang_snap:{seat.seat}"] = (held, Counter({c: discard[c] for c in held}))


@watch_after("lirang")
def lirang_window(eng: Engine, e: ev.Event, seat: Seat) -> None:
    """His cards that an event discarded (弃置: a ``discard``, a ``move`` to the discard pile, a skill's cost) and
    that are now in the discard pile: 礼让 may give them away (cards used or played are not discarded)."""
    snap = eng.skills.state.pop(f"lirang_snap:{seat.seat}", None)
    if snap is None or not seat.alive or isinstance(e, (ev.Use, ev.Respond, ev.Death)):
        return
    held, pile = snap
    lost = held - _own_cards(seat)
    if not lost:
        return
    discard = eng.table.discard
    gone = lost & Counter({c: n for c in lost if (n := discard[c] - pile[c]) > 0})
    if gone:
        eng.skills.state.setdefault(f"lirang:{seat.seat}", []).extend(sorted(gone.elements()))
        eng.skills.chances[(seat.seat, "lirang")] += 1


@skill("lirang", timing=Timing.LOSE_CARDS)
def lirang(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """礼让 (國戰 孔融): 每当你的一张被弃置的牌置入弃牌堆后，你可以将之交给一名其他角色.

    ``skill`` (``targets``: the other character, ``cards``: his cards just discarded, still in the discard pile)
    → they go to that character's hand (implied)."""
    window: list[str] = eng.skills.state.get(f"lirang:{e.seat}", [])
    cards = list(e.cards or [])
    if not window:
        eng.report(R.S_TIMING, e.seat, "礼让 follows the discarding of your cards", expected="right after your cards are discarded",
                   observed="none of your cards just discarded")
        return
    rest = list(window)
    for c in cards:
        if c not in rest or eng.table.discard[c] <= 0:
            eng.report(R.S_CONDITION, e.seat, f"礼让 gives a card of yours just discarded; {c} is not one",
                       expected=sorted(window), observed=c)
            return
        rest.remove(c)
    if not cards:
        eng.report(R.S_CONDITION, e.seat, "礼让 names the cards it gives", expected=sorted(window), observed=cards)
        return
    t = C.one_other_target(eng, e, "another character")
    if t is None:
        return
    eng.skills.state[f"lirang:{e.seat}"] = rest
    eng.skills.implied_move(t, cards)


@policy(Moment.CHANCE, key="lirang", order=1)
def play_lirang(sim: Sim, me: Seat, e: ev.Event, times: int) -> None:
    """礼让 (國戰 孔融), mostly: his cards just discarded, still in the discard pile, to another character."""
    seat = me.seat
    cards = [c for c in sim.eng.skills.state.get(f"lirang:{seat}", []) if sim.eng.table.discard[c] > 0]
    others = sim.eng.table.order_from(seat, include_first=False)
    if cards and others and sim.alive(seat) and sim.chance(0.7):
        sim.emit(ev.Skill(seat=seat, skill=SKILL.lirang, targets=[sim.rng.choice(others)], cards=cards))
