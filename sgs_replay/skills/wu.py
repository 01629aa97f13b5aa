"""吴 (wu): 孙权 甘宁 吕蒙 黄盖 周瑜 大乔 陆逊 孙尚香 · 小乔 周泰 · 孙坚 诸葛瑾 孙策 · 太史慈 (火)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from sgs_replay.content import card_kinds
from sgs_replay.content.fk_traits import fk_traits
from sgs_replay.content.names import CARD, SKILL
from sgs_replay.engine import frames as F
from sgs_replay.engine.cards.effect import CardEffect, EffectRule, effect_rule
from sgs_replay.engine.cards.tricks import DuelFrame, LightningDamage
from sgs_replay.engine.effects import Effect, Step
from sgs_replay.engine.handlers import conversion
from sgs_replay.engine.plugins import ADJUSTS, installer, modifier, target_ban, target_bans
from sgs_replay.engine.skills import owns, skill, version, watch_after, watch_before
from sgs_replay.engine.state import Zone, slot_of
from sgs_replay.engine.timing import Timing, Words
from sgs_replay.formats import events as ev
from sgs_replay.formats.cards import Suit, parse_card
from sgs_replay.rules import catalogue as R
from sgs_replay.skills import common as C
from sgs_replay.skills.policy import PASSIVE_LORD, Moment, policy

if TYPE_CHECKING:
    from sgs_replay.engine.core import Engine
    from sgs_replay.engine.state import Seat
    from sgs_replay.skills.policy import Sim


# --- 孙权 ---------------------------------------------------------------------------------------


@skill("zhiheng", play=True)
def zhiheng(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """制衡 (seed 001 孙权): 出牌阶段，可以弃掉任意数量的牌,然后摸取等量的牌，每回合限用一次.

    Seed 000: uses per turn ≤ lost HP + 1. 1v1 (seed 002): 出牌阶段限一次，你可以弃置至多两张牌.
    國戰 ("heg"): 你可以弃置一至X张牌（X为你的体力上限）.
    """
    v = version(eng, "zhiheng")
    limit = seat.max_hp - seat.hp + 1 if v == "000" else 1
    per_phase = eng.rs.p.skill_limit_scope == "play_phase" or v == "heg"  # 國戰: 出牌阶段限一次
    counter = eng.this_phase.limits if per_phase else eng.this_turn.limits
    if counter[SKILL.zhiheng] >= limit:
        eng.report(R.S_LIMIT, e.seat, f"制衡 may be used {limit} time(s) per turn", expected=limit, observed=counter[SKILL.zhiheng] + 1)
    counter[SKILL.zhiheng] += 1
    cards = list(e.cards or [])
    if not cards and eng.rs.p.zhiheng_zero_cards:  # an engine that lets 制衡 go with no card: spent, nothing moves
        eng.engine_behaviour(f"{SKILL.zhiheng} with no card (zhiheng_zero_cards): the use is spent and nothing moves")
        return
    if not cards or (v == "002-1v1" and len(cards) > 2):
        eng.report(R.S_CONDITION, e.seat, "制衡 discards at least one card" + (", at most two" if v == "002-1v1" else ""),
                   observed=f"{len(cards)} cards")
    if v == "heg" and len(cards) > seat.max_hp:
        eng.report(R.S_CONDITION, e.seat, "制衡 (國戰) discards at most X cards, X being your max HP",
                   expected=f"at most {seat.max_hp}", observed=f"{len(cards)} cards")
    if not cards:
        return
    C.pay(eng, seat, cards)
    C.effect(eng, e, Step("draw", seat=e.seat, n=len(cards)))
fk_traits("zhiheng", cost=True)


@policy(Moment.PLAY_ACTION, "zhiheng", order=200)
def play_zhiheng(sim: Sim, me: Seat) -> bool:
    """制衡 (once a play phase), sometimes: some hand cards (1v1: two at most; 國戰: max HP at most) for as many."""
    if sim.skill_limits()[SKILL.zhiheng] or not me.hand_count or not sim.chance(0.3):
        return False
    hand = sim.hand_of(me.seat)
    v = version(sim.eng, "zhiheng")
    most = 2 if v == "002-1v1" else me.max_hp if v == "heg" else len(hand)
    cards = sim.rng.sample(hand, sim.rng.randint(1, min(most, len(hand))))
    sim.invoke(ev.Skill(seat=me.seat, skill=SKILL.zhiheng, cards=cards))
    return True


@skill("jiuyuan", timing=Timing.DYING)
def jiuyuan(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """救援 (seed 001 孙权, 主公技): 锁定技，其他吴势力角色在濒死状态下使用〔桃〕时，额外回复1点体力 (checked on the 桃's recovery)."""
    if not seat.dying:
        eng.report(R.S_TIMING, e.seat, "救援 applies while you are dying", observed=f"{seat.hp} HP")
fk_traits("jiuyuan", locked=True, adds_recovery=True)


PASSIVE_LORD.add("jiuyuan")  # the simulator's coverage: in force by itself (the extra recovery)


# --- 甘宁 吕蒙 黄盖 ---------------------------------------------------------------------------------


@skill("qixi", timing=Timing.CARD_NEEDED)
def qixi(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """奇袭 (seed 001 甘宁): 出牌阶段，可以将任意黑色牌当【过河拆桥】使用 (checked on the use)."""
fk_traits("qixi", "qixi", "v11__qixi", convert=True)  # v11__qixi: the 1v1 mode's (its 1v1 过河拆桥)


def _keji_ok(eng: Engine, seat: int) -> bool:
    slashes = eng.this_turn.played[(seat, CARD.slash)] + (eng.this_turn.uses[CARD.slash] if eng.current == seat else 0)
    if slashes:
        eng.report(R.S_CONDITION, seat, "克己: you used or played a 杀 in your play phase", expected="no 杀 this turn",
                   observed=f"{slashes} 杀")
    return not slashes


@skill("keji", timing=Timing.DISCARD_PHASE)
def keji(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """克己 (seed 001 吕蒙): 若于出牌阶段未使用或打出过任何一张【杀】，可以跳过此回合的弃牌阶段 (004: or announced in it)."""
    _keji_ok(eng, e.seat)
    if eng.phase != "discard":
        eng.skipped_phases.add("discard")
fk_traits("keji", skips="discard")


@policy(Moment.PHASE_SKIP, "keji", order=5)
def play_keji(sim: Sim, me: Seat, phase: str) -> bool:
    """克己: mostly, with no 杀 used or played this turn, the discard phase skipped."""
    if phase != "discard" or sim.slashed or not sim.chance(0.8):
        return False
    sim.emit(ev.Skill(seat=me.seat, skill=SKILL.keji))
    sim.emit(ev.PhaseSkip(seat=me.seat, phase="discard", reason=SKILL.keji))
    return True


@watch_before("keji", events=(ev.PhaseSkip,))
def keji_skip(eng: Engine, e: ev.Event, seat: Seat) -> None:
    """A ``phase_skip`` of the discard phase with reason 克己 and no ``skill`` event is the same choice."""
    if isinstance(e, ev.PhaseSkip) and e.seat == seat.seat and e.phase == "discard" and e.reason == SKILL.keji \
            and not eng.this_turn.skills[SKILL.keji]:
        eng.this_turn.skills[SKILL.keji] += 1
        _keji_ok(eng, seat.seat)


@skill("kurou", timing=Timing.PLAY_PHASE)
def kurou(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """苦肉 (seed 001 黄盖): 出牌阶段，可以失去一点体力，然后摸两张牌。每回合中，可以多次使用苦肉."""
    C.effect(eng, e, Step("lose_hp", seat=e.seat, n=1), Step("draw", seat=e.seat, n=2))


@policy(Moment.PLAY_ACTION, "kurou", order=10)
def play_kurou(sim: Sim, me: Seat) -> bool:
    """苦肉, now and then while at 2 HP or more: 1 HP for two cards."""
    if me.hp < 2 or not sim.chance(0.2):
        return False
    sim.invoke(ev.Skill(seat=me.seat, skill=SKILL.kurou))
    return True


# --- 周瑜 ---------------------------------------------------------------------------------------


@skill("yingzi", timing=Timing.DRAW_PHASE)
def yingzi(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """英姿 (seed 001 周瑜): 摸牌阶段，可以额外摸一张牌 (the phase's draw counts it: ``common.announced_draw_changes``)."""


@policy(Moment.DRAW_PHASE, "yingzi", order=60)
def play_yingzi(sim: Sim, me: Seat) -> None:
    """英姿, often (when no skill replaced the draw)."""
    if sim.chance(0.6):
        sim.emit(ev.Skill(seat=me.seat, skill=SKILL.yingzi))


@skill("fanjian", play=True, per_turn=1, per_phase_in=("heg",))  # 國戰: 出牌阶段限一次
def fanjian(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """反间 (seed 001 周瑜): 出牌阶段，可以令另一名角色选择一种花色，抽取一张手牌并亮出，若此牌与所选花色不吻合，则对该角色造成1点伤害。然后不论结果，该角色都获得此牌.

    Seed 000: a colour is named, and the target 减一点体力. The guess is the ``choice`` (or the
    target's ``choose``); the card is shown by a ``reveal`` or the ``move`` to the target.
    ``fanjian_order``: ``"damage_before_take"`` (001: the damage, then the target gets the card) or
    ``"take_before_damage"`` (FreeKill); a log in the other order is SGS-R006. 國戰 ("heg"): 其先获得你的
    一张手牌再展示之 — the take before the damage, whatever ``fanjian_order`` says.
    """
    t = C.one_other_target(eng, e, "another character")
    if t is None:
        return
    if seat.hand_count == 0:
        eng.report(R.S_CONDITION, e.seat, "反间 needs a hand card to be taken", observed="no hand cards")
        return
    guess = {"suit": C.parse_suit(e.choice)}
    frame = C.effect(eng, e)

    def guessed(en: Engine, d: ev.Event) -> None:
        guess["suit"] = C.parse_suit(getattr(d, "choice", None)) or guess["suit"]

    def shown(en: Engine, d: ev.Event) -> None:
        _fanjian_card(en, frame, e.seat, t, d, guess["suit"])

    taken = Step("move", seat=e.seat, n=1, from_zone=Zone.HAND, to_seat=t, to_zone=Zone.HAND, then=shown)
    frame.add(Step("choose", seat=t, optional=True, then=guessed),
              Step("card", seat=t, alts=(taken, Step("reveal", seat=e.seat, n=1, then=shown))))
fk_traits("fanjian", damage=True)


@policy(Moment.PLAY_ACTION, "fanjian", order=70)
def play_fanjian(sim: Sim, me: Seat) -> bool:
    """反间 (once a turn), sometimes: another character guesses a suit at random; a wrong guess costs it 1 damage."""
    seat = me.seat
    others = sim.eng.table.order_from(seat, include_first=False)
    if sim.eng.this_turn.limits[SKILL.fanjian] or sim.skill_limits()[SKILL.fanjian] or not me.hand_count or not others \
            or not sim.chance(0.3):
        return False
    t = sim.rng.choice(others)
    guess = sim.rng.choice(("♠", "♥", "♣", "♦"))
    card = sim.rng.choice(sim.hand_of(seat))
    sim.invoke(ev.Skill(seat=seat, skill=SKILL.fanjian, targets=[t], choice=guess))
    if sim.rs.p.fanjian_order == "damage_before_take" and version(sim.eng, "fanjian") != "heg":
        # shown, the damage, then the target gets it (implied); 國戰: taken first
        sim.emit(ev.Reveal(cards=[card], seat=seat, reason=SKILL.fanjian))
    else:  # the target takes the card first, then the damage (FreeKill)
        sim.emit(ev.Move(cards=[card], from_=ev.Place(zone="hand", seat=seat), to=ev.Place(zone="hand", seat=t),
                         reason=SKILL.fanjian))
    if parse_card(card).suit.symbol != guess:
        sim.damage(t, F.damage_taken(sim.eng, sim.seat(t), 1, "normal"), seat, None, "normal")
    return True


def _fanjian_card(eng: Engine, frame: Effect, owner: int, t: int, d: ev.Event, guess: Suit | str | None) -> None:
    """The card is known: a wrong guess costs the target 1 HP (damage by 周瑜); a right one nothing."""
    cards = list(getattr(d, "cards", []))
    if isinstance(d, ev.Reveal) and cards:
        eng.skills.implied_move(t, cards[:1], "hand", owner)  # then the target gets it (implied)
    c = C.card(cards[0]) if cards else None
    order = _FanjianOrder(eng, t, eng.line if isinstance(d, ev.Move) else None)
    if c is None or guess is None:
        eng.unverifiable_because("反间: the card or the guess is not known")
        hurt = Step("damage", seat=t, source=owner, n=1, optional=True, check=order.hurt)
    else:
        hit = c.suit != guess if isinstance(guess, Suit) else ("red" if c.is_red else "black") != guess
        if not hit:  # no damage by 周瑜 (another damage to the target may follow)
            frame.add(Step("damage", seat=t, source=owner, forbid=True, rule=R.D_UNEXPECTED))
            return
        if version(eng, "fanjian") == "000":
            hurt = Step("choice", seat=t, alts=(Step("lose_hp", seat=t, n=1, check=order.hurt),
                                                Step("damage", seat=t, n=1, check=order.hurt)))
        else:
            hurt = Step("damage", seat=t, source=owner, n=1, check=order.hurt)
    order.step = hurt
    if order.taken is None:  # only shown: the target gets it (implied, or an explicit take before or after the damage)
        frame.add(Step("move", seat=owner, n=1, from_zone=Zone.HAND, to_seat=t, to_zone=Zone.HAND, optional=True,
                       check=order.take))
    frame.add(hurt)


class _FanjianOrder:
    """反间's damage and the target getting the card, in the order of ``fanjian_order`` (SGS-R006)."""

    def __init__(self, eng: Engine, t: int, taken: int | None) -> None:
        self.t = t
        self.taken = taken  # line of an explicit take
        self.step: Step | None = None
        self.damage_first = eng.rs.p.fanjian_order != "take_before_damage" and version(eng, "fanjian") != "heg"

    def hurt(self, eng: Engine, d: ev.Event) -> None:
        if self.damage_first and self.taken is not None:
            eng.report(R.R_EFFECT_ORDER, self.t, f"反间: seat {self.t} took the card at line {self.taken}, before "
                       "this damage (the damage comes first)", expected="the damage, then the target gets the card",
                       observed="the card taken first")

    def take(self, eng: Engine, d: ev.Event) -> None:
        self.taken = eng.line
        if not self.damage_first and self.step is not None and self.step.done:
            eng.report(R.R_EFFECT_ORDER, self.t, f"反间: seat {self.t} takes the card after the damage (the card comes first)",
                       expected="the target gets the card, then the damage", observed="the damage first")


# --- 大乔 ---------------------------------------------------------------------------------------


@skill("guose", timing=Timing.CARD_NEEDED)
def guose(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """国色 (seed 001 大乔): 出牌阶段，可以将任意方块花色的牌当【乐不思蜀】使用 (checked on the use)."""
fk_traits("guose", convert=True)


@skill("liuli", timing=Timing.BECOME_TARGET,
       words=Words("{name} is used when you become the target of a 杀", observed="no 杀 aimed at you"))
def liuli(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """流离 (seed 001 大乔): 当成为【杀】的目标时，可以弃一张牌，并将此【杀】转移给攻击范围内的另一名角色。（该角色不得是【杀】的使用者）"""
    cf: CardEffect = eng.skills.found  # the 杀 its window found
    cards, t = list(e.cards or []), C.one_other_target(eng, e, "the new target")
    if len(cards) != 1:
        eng.report(R.S_CONDITION, e.seat, "流离 discards one card", expected=1, observed=len(cards))
    if t is None:
        return
    in_range_before = eng.table.in_attack_range(e.seat, t)
    C.pay(eng, seat, cards)
    ts = eng.seat(t)
    if t == cf.user or not (in_range_before or eng.table.in_attack_range(e.seat, t)):
        eng.report(R.S_CONDITION, e.seat, f"流离: seat {t} must be in your attack range and not the 杀's user", observed=f"seat {t}")
    elif eng.rs.p.liuli_needs_legal_target and ts is not None and (user := eng.seat(cf.user)) is not None:
        # the new target is one the 杀 could be used on: the locked skills' bans (空城) as the use checks read them
        slash = ev.Use(seat=cf.user, card=cf.card, as_=None if cf.card else CARD.slash, cards=None if cf.card else [])
        for why in target_bans(eng, user, ts, CARD.slash, slash):
            eng.report(R.P_EMPTY_CITY, e.seat, why, observed=f"target {t}")
    C.trigger(eng, f"slash-confirm:{cf.uid}", e.seat, SKILL.liuli)
    cf.queue[cf.queue.index(e.seat)] = t
fk_traits("liuli", cost=True)


@policy(Moment.SLASH_TARGET, order=10)
def play_liuli(sim: Sim, frame: CardEffect, t: int) -> int | None:
    """流离: half the time, the 杀's target discards a hand card and passes the 杀 to another character in its
    attack range (not the user, not a target already)."""
    ts = sim.seat(t)
    if not ts.has_skill(SKILL.liuli) or not ts.hand_count or frame.head != t or frame.started:
        return None
    eng = sim.eng
    user = sim.seat(frame.user)
    probe = ev.Use(seat=frame.user, card=frame.card, as_=None if frame.card else CARD.slash,
                   cards=None if frame.card else [])
    others = [x for x in eng.table.order_from(t, include_first=False)
              if x != frame.user and x not in frame.queue and eng.table.in_attack_range(t, x)
              and not target_bans(eng, user, sim.seat(x), CARD.slash, probe)]
    if not others or not sim.chance(0.5):
        return None
    x = sim.rng.choice(others)
    sim.emit(ev.Skill(seat=t, skill=SKILL.liuli, targets=[x], cards=[sim.rng.choice(sim.hand_of(t))]))
    return x


@target_ban
def qianxun_ban(eng: Engine, user: Seat, target: Seat, card: str, use: ev.Use) -> str | None:
    """谦逊: not a target of 顺手牵羊 or 乐不思蜀."""
    if card in (CARD.snatch, CARD.indulgence) and target.has_skill(SKILL.qianxun):
        return f"{target.name} (谦逊) cannot be targeted by {card}"
    return None


@skill("qianxun", timing=Timing.ALWAYS)
def qianxun(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """谦逊 (seed 001 陆逊): 锁定技，不能成为【顺手牵羊】和【乐不思蜀】的目标 (checked on the use)."""
fk_traits("qianxun", locked=True)


# --- 陆逊 ---------------------------------------------------------------------------------------


@skill("lianying", timing=Timing.LOSE_CARDS)
def lianying(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """连营 (seed 001 陆逊): 每当失去最后一张手牌时，可立即摸一张牌."""
    if seat.hand_count or not eng.skills.take_chance(e.seat, "lianying"):
        eng.report(R.S_CONDITION, e.seat, "连营 follows losing your last hand card",
                   expected="no hand cards, the last just lost", observed=f"{seat.hand_count} hand cards")
        return
    C.effect(eng, e, Step("draw", seat=e.seat, n=1))


@policy(Moment.CHANCE, key="lianying", order=1)
def play_lianying(sim: Sim, me: Seat, e: ev.Event, times: int) -> None:
    """连营: mostly, once her last hand card is gone (still none)."""
    if not me.hand_count:
        C.take_chance(sim, me.seat, SKILL.lianying)


@watch_before("lianying", "xiaoji", "sijian")
def snapshot(eng: Engine, e: ev.Event, seat: Seat) -> None:
    """The seat's hand size and equipment before every event (for 连营, 枭姬 and 死谏 after it)."""
    eng.skills.state[("snap", seat.seat)] = (seat.hand_count, tuple(seat.equip.values()))


_NO_SNAPSHOT: tuple[int, tuple[str, ...]] = (0, ())


#: the skills that follow the loss of the last hand card: 连营, 死谏 (國戰 田丰)
LAST_HAND_CARD = ("lianying", "sijian")


@watch_after(*LAST_HAND_CARD)
def lianying_chance(eng: Engine, e: ev.Event, seat: Seat) -> None:
    hand, _ = eng.skills.state.get(("snap", seat.seat), _NO_SNAPSHOT)
    if hand > 0 and seat.hand_count == 0 and seat.alive:
        for sid in LAST_HAND_CARD:
            if owns(seat, sid):
                eng.skills.chances[(seat.seat, sid)] = 1


# --- 孙尚香 -------------------------------------------------------------------------------------


@skill("jieyin", play=True, per_turn=1, per_phase_in=("heg",))  # 國戰: 出牌阶段限一次
def jieyin(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """结姻 (seed 001 孙尚香): 出牌阶段，可以弃两张手牌并选择一名受伤的男性角色：和目标角色各回复1点体力。每回合限用一次."""
    cards = list(e.cards or [])
    if len(cards) != 2 or any(c in seat.equip.values() and seat.hand[c] == 0 for c in cards):
        eng.report(R.S_CONDITION, e.seat, "结姻 discards two hand cards", expected="2 hand cards", observed=cards)
    t = C.one_other_target(eng, e, "a wounded male character")
    C.pay(eng, seat, cards, equip=False)
    if t is None:
        return
    if not C.male(eng, t) or not C.wounded(eng, t):
        eng.report(R.S_CONDITION, e.seat, f"结姻 targets a wounded male character; seat {t} is not",
                   expected="wounded, male", observed=f"seat {t}")
        return
    C.effect(eng, e, Step("recover", seat=t, n=1), Step("recover", seat=e.seat, n=1), ordered=False)
fk_traits("jieyin", cost=True)


@policy(Moment.PLAY_ACTION, "jieyin", order=30)
def play_jieyin(sim: Sim, me: Seat) -> bool:
    """结姻 (once a turn), now and then: two hand cards for a wounded man."""
    seat = me.seat
    males = [t for t in sim.eng.table.order_from(seat) if (ts := sim.seat(t)).hp < ts.max_hp
             and t != seat and (g := ts.general) is not None and g.is_male]
    if sim.eng.this_turn.limits[SKILL.jieyin] or sim.skill_limits()[SKILL.jieyin] or me.hand_count < 2 or not males \
            or not sim.chance(0.4):
        return False
    sim.invoke(ev.Skill(seat=seat, skill=SKILL.jieyin, cards=sim.rng.sample(sim.hand_of(seat), 2),
                        targets=[sim.rng.choice(males)]))
    return True


@skill("xiaoji", timing=Timing.LOSE_CARDS,
       chance=Words("枭姬 follows losing a card from your equipment area", observed="no equipment lost"))
def xiaoji(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """枭姬 (seed 001 孙尚香): 当失去一张装备区里的牌时，可以立即摸两张牌.

    1v1 (seed 002): 摸两张牌，或回复1点体力.
    """
    draw = Step("draw", seat=e.seat, n=2)
    if version(eng, "xiaoji") == "002-1v1":
        C.effect(eng, e, Step("choice", seat=e.seat, alts=(draw, Step("recover", seat=e.seat, n=1))))
    else:
        C.effect(eng, e, draw)


@policy(Moment.CHANCE, key="xiaoji", order=1)
def play_xiaoji(sim: Sim, me: Seat, e: ev.Event, times: int) -> None:
    """枭姬: mostly, after losing an equipment card."""
    C.take_chance(sim, me.seat, SKILL.xiaoji)


@watch_after("xiaoji")
def xiaoji_chance(eng: Engine, e: ev.Event, seat: Seat) -> None:
    _, before = eng.skills.state.get(("snap", seat.seat), _NO_SNAPSHOT)
    if not before:
        return
    now = seat.equip.values()
    lost = sum(1 for c in before if c not in now)
    if lost and seat.alive:
        eng.skills.chances[(seat.seat, "xiaoji")] += lost


# --- 小乔 ---------------------------------------------------------------------------------------


def incoming_damage(eng: Engine, seat: int) -> tuple[object, int, int | None] | None:
    """The damage about to be dealt to ``seat``: (its resolution, amount, source)."""
    for f in reversed(eng.stack):
        if isinstance(f, CardEffect) and f.head == seat and f.damages and not f._resolved():
            return f, f.amount, getattr(f, "source", f.user)
        if isinstance(f, DuelFrame) and f.turn == seat and not f.done and f.nullified % 2 == 0:
            return f, 1, f.user if seat == f.target else f.target
        if isinstance(f, LightningDamage) and f.seat == seat and not f.done:
            return f, 3, None
        if isinstance(f, Effect):
            st = next((s for s in f.steps if s.kind == "damage" and s.seat == seat and not s.done and not s.forbid), None)
            if st is not None:
                return st, st.n or 1, st.source
    return None


@effect_rule
class TianxiangRedirect(EffectRule):
    """天香 moves the damage of a card in resolution to another character: once it is used on the current
    target (a `skill` event, with its ♥ card), the card's damage to that target is not required. Holding
    天香 alone excuses nothing: the skill is announced when it is used."""

    def stops(self, frame: CardEffect, eng: Engine, seat: Seat, current: bool) -> bool:
        return current and SKILL.tianxiang in frame.extra


@skill("tianxiang", timing=Timing.TAKE_DAMAGE)
def tianxiang(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """天香 (seed 000 小乔): 每当你受到伤害时，你可以弃一张红桃手牌来转移此伤害给任意一名角色，然后该角色摸X张牌。X为该角色当前已损失的体力值."""
    pending = incoming_damage(eng, e.seat)
    if pending is None:
        eng.report(R.S_TIMING, e.seat, "天香 is used as you are about to take damage", observed="no damage coming to you")
        return
    cards = list(e.cards or [])
    if len(cards) != 1 or C.suit_for(eng, e.seat, cards[0]) not in (Suit.HEART, None) \
            or (cards[0] in seat.equip.values() and seat.hand[cards[0]] == 0):
        eng.report(R.S_CONDITION, e.seat, "天香 discards one ♥ hand card (红颜: ♠ counts as ♥)", observed=cards)
    t = C.one_other_target(eng, e, "the character the damage goes to")
    C.pay(eng, seat, cards, equip=False)
    if t is None:
        return
    src, amount, source = pending
    # the same damage, to its new target: what that one's armour does to it counts (藤甲 and fire …)
    nature = getattr(src, "nature", None) or "normal"
    amount = F.damage_taken(eng, eng.seat(t), amount, nature)
    if isinstance(src, CardEffect):
        src.extra.add(SKILL.tianxiang)
        src._advance()
    elif isinstance(src, Step):
        src.done = True
    else:
        src.done = True  # type: ignore[attr-defined]

    def draw_lost(en: Engine, d: ev.Event) -> None:
        ts = en.seat(t)
        if ts is not None and len(getattr(d, "cards", [])) != ts.max_hp - ts.hp:
            en.report(R.S_EFFECT, t, f"天香: seat {t} draws its lost HP ({ts.max_hp - ts.hp})", expected=ts.max_hp - ts.hp,
                      observed=len(getattr(d, "cards", [])))

    def lost_hp(en: Engine) -> bool:
        ts = en.seat(t)
        return ts is None or ts.max_hp > ts.hp

    C.effect(eng, e, Step("damage", seat=t, n=amount, source=source),
             Step("draw", seat=t, check=draw_lost, needed=lost_hp))


@policy(Moment.BEFORE_DAMAGE, "tianxiang", order=10)
def play_tianxiang(sim: Sim, me: Seat, source: int | None, card: str | None, nature: str) -> bool:
    """天香, often: a ♥ hand card; another character takes the damage, then draws its lost HP. True: it was used."""
    eng, target = sim.eng, me.seat
    hearts = [c for c in sim.hand_of(target) if sim.is_heart(target, c)]
    pending = incoming_damage(eng, target)
    others = eng.table.order_from(target, include_first=False)
    if not hearts or pending is None or not others or not sim.chance(0.6):
        return False
    t = sim.rng.choice(others)
    sim.emit(ev.Skill(seat=target, skill=SKILL.tianxiang, targets=[t], cards=[sim.rng.choice(hearts)]))
    sim.damage(t, F.damage_taken(eng, sim.seat(t), pending[1], nature), source, card, nature)
    ts = sim.seat(t)
    if ts.alive and ts.max_hp > ts.hp:
        sim.emit(ev.Draw(seat=t, cards=sim.take(ts.max_hp - ts.hp), reason="skill", skill=SKILL.tianxiang))
    return True


@skill("hongyan", timing=Timing.ALWAYS)
def hongyan(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """红颜 (seed 000 小乔): 锁定技，你的黑桃牌均视为红桃牌 (applied to her judgements and her cards)."""
fk_traits("hongyan", "hongyan", "hs__hongyan", suit_filter="heart")  # FreeKill shows her ♠ cards as ♥


# --- 周泰 ---------------------------------------------------------------------------------------


@modifier("alive_at_zero")
def buqu_alive(value: bool, eng: Engine, seat: Seat) -> bool:
    """不屈: a character with cards on 不屈 stays alive at 0 HP or below (their ranks differ)."""
    return value or bool(seat.piles.get(SKILL.buqu))


@skill("buqu", timing=Timing.DYING)
def buqu(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """不屈 (seed 000 周泰): 当你的体力被扣减到0或者更低时，每扣减一点体力：从牌堆上方亮出一张牌放在你的角色牌上，若该牌的点数与你角色牌上已有的任何一张牌都不同，你就不会死去."""
    due = eng.skills.state.pop(f"buqu:{e.seat}", 0)
    if seat.hp > 0 or due <= 0:
        eng.report(R.S_TIMING, e.seat, "不屈 follows HP going to 0 or below", observed=f"{seat.hp} HP")
        return
    frame = Effect(e.seat, SKILL.buqu)

    def placed(en: Engine, _: ev.Event) -> None:
        ranks = [C.card(c).rank for c in seat.piles.get(SKILL.buqu, {}).elements() if C.card(c)]  # type: ignore[union-attr]
        if len(ranks) != len(set(ranks)):
            frame.add(Step("death", seat=e.seat, rule=R.D_DEATH_MISSING))

    frame.add(Step("move", n=due, partial=True, from_zone="deck|processing", to_seat=e.seat, to_zone="pile:不屈", then=placed))
    C.insert_below_dying(eng, frame, e.seat)


@policy(Moment.AT_ZERO_HP, "buqu", order=10)
def play_buqu(sim: Sim, me: Seat) -> None:
    """不屈 (always): a card from the pile onto the general for each point lost at 0 HP or below; a rank seen before
    there, and he dies."""
    seat = me.seat
    due = sim.eng.skills.state.get(f"buqu:{seat}", 0)
    if not due:
        return
    sim.emit(ev.Skill(seat=seat, skill=SKILL.buqu))
    cards = sim.take(due)
    sim.emit(ev.Move(cards=cards, from_=ev.Place(zone="deck"), to=ev.Place(zone=f"pile:{SKILL.buqu}", seat=seat),
                     reason=SKILL.buqu))
    ranks = [parse_card(c).rank for c in me.piles.get(SKILL.buqu, Counter()).elements()]
    if len(ranks) != len(set(ranks)):
        sim.die(seat, sim.eng.last_damage_source.get(seat))


@watch_after("buqu", events=(ev.Damage, ev.LoseHp))
def buqu_due(eng: Engine, e: ev.Event, seat: Seat) -> None:
    if isinstance(e, (ev.Damage, ev.LoseHp)) and getattr(e, "target", getattr(e, "seat", None)) == seat.seat and seat.hp <= 0:
        key = f"buqu:{seat.seat}"
        eng.skills.state[key] = eng.skills.state.get(key, 0) + min(e.amount, 1 - seat.hp)


# --- 孙坚 ---------------------------------------------------------------------------------------


@skill("yinghun", timing=Timing.START_PHASE)
def yinghun(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """英魂 (official text, 孙坚): 回合开始阶段开始时，若你已受伤，你可以选择一名其他角色并选择一项：令其摸一张牌，然后弃置X张牌；或令其摸X张牌，然后弃置一张牌（X为你已损失的体力值）."""
    x = seat.max_hp - seat.hp
    if x <= 0:
        eng.report(R.S_CONDITION, e.seat, "英魂 needs you to be wounded", observed=f"{seat.hp}/{seat.max_hp} HP")
        return
    t = C.one_other_target(eng, e, "another character")
    if t is None:
        return
    frame = C.effect(eng, e)

    def drew(en: Engine, d: ev.Event) -> None:
        n = len(getattr(d, "cards", []))
        if n not in (1, x):
            en.report(R.S_EFFECT, t, f"英魂: seat {t} draws 1 or {x}", expected=f"1 or {x}", observed=n)
        ts = en.seat(t)
        must = x if n == 1 else 1
        frame.add(Step("discard", seat=t, n=min(must, C.card_count(ts) + n) if ts else must))

    frame.add(Step("draw", seat=t, then=drew))


@policy(Moment.START_PHASE, "yinghun", order=40)
def play_yinghun(sim: Sim, me: Seat) -> None:
    """英魂, mostly when wounded: another character draws 1 and discards X, or draws X and discards 1 (X: HP lost)."""
    seat = me.seat
    x = me.max_hp - me.hp
    others = sim.eng.table.order_from(seat, include_first=False)
    if x <= 0 or not others or not sim.chance(0.8):
        return
    t = sim.rng.choice(others)
    sim.emit(ev.Skill(seat=seat, skill=SKILL.yinghun, targets=[t]))
    n = sim.rng.choice((1, x))
    sim.emit(ev.Draw(seat=t, cards=sim.take(n), reason="skill", skill=SKILL.yinghun))
    ts = sim.seat(t)
    must = x if n == 1 else 1
    hand = sim.hand_of(t)
    equips = [ts.equip[sl] for sl in sorted(ts.equip)]
    cards = sim.rng.sample(hand, min(must, len(hand)))
    cards += sim.rng.sample(equips, min(must - len(cards), len(equips)))
    if cards:
        mark = sim.eng.frame_seq
        sim.emit(ev.Discard(seat=t, cards=cards))
        sim.fulfil(after=mark)  # 白银狮子 lost


# --- 徐盛 (FreeKill 3v3) --------------------------------------------------------------------------


@skill("v33__yicheng", timing=Timing.BECOME_TARGET, own_window=True)
def v33_yicheng(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """疑城 (FreeKill 3v3 徐盛): 当己方角色成为敌方角色使用【杀】的目标后，你可以令其摸一张牌，然后其弃置一张手牌；若弃置的是装备牌，则改为其使用之."""
    targets = list(e.targets or [])
    slash = next((f for f in reversed(eng.stack) if isinstance(f, CardEffect) and f.name == CARD.slash), None)
    who = targets[0] if len(targets) == 1 else None
    if (who is None or slash is None or who not in C.allies(eng, e.seat, include_self=True)
            or slash.user not in C.enemies(eng, e.seat) or who not in [*slash.queue, slash.head]):
        eng.report(R.S_TIMING, e.seat, "疑城 is used when a character of your side becomes the target of an enemy's 杀",
                   expected="one teammate targeted by an enemy's 杀", observed=targets)
        return
    # the card drawn, then one hand card discarded — or, when it is equipment, used instead (outside
    # that character's play phase)
    C.grants(eng).append((who, C.ANY_EQUIPMENT, e.skill))
    C.effect(eng, e, Step("draw", seat=who, n=1),
             Step("discard", alts=(Step("discard", seat=who, n=1), Step("use", seat=who))))


@policy(Moment.SLASH_TARGET, order=20)
def play_yicheng(sim: Sim, frame: CardEffect, t: int) -> None:
    """疑城 (FreeKill 3v3): half the time, as an enemy's 杀 targets a teammate: it draws a card, then discards a
    hand card, or uses it when it is equipment."""
    ts, user = sim.seat(t), sim.seat(frame.user)
    if frame.head != t or frame.started or ts.side is None or user.side == ts.side:
        return
    who = [x for x in sorted(sim.eng.table.seats) if (xs := sim.seat(x)).alive and xs.side == ts.side
           and xs.has_skill(SKILL.v33__yicheng)]
    if not who or not sim.chance(0.5):
        return
    sim.invoke(ev.Skill(seat=who[0], skill=SKILL.v33__yicheng, targets=[t]))
    card = sim.rng.choice(sim.hand_of(t))
    kind = card_kinds.BY_NAME.get(parse_card(card).name)
    if kind is not None and kind.is_equip:
        sim.emit(ev.Use(seat=t, card=card))
    else:
        sim.emit(ev.Discard(seat=t, cards=[card]))


# --- 诸葛瑾 -------------------------------------------------------------------------------------


@skill("hongyuan", per_turn=1, timing=Timing.DRAW_PHASE)
def hongyuan(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """弘援 (seed 002 诸葛瑾): 摸牌阶段摸牌时，你可以少摸一张牌。若如此做其他己方角色各摸一张牌."""
    C.effect(eng, e, *[Step("draw", seat=a, n=1) for a in C.allies(eng, e.seat)], ordered=False)
fk_traits("hongyuan", "v33__hongyuan")


@policy(Moment.DRAW_PHASE, "hongyuan", order=40)
def play_hongyuan(sim: Sim, me: Seat) -> bool:
    """弘援, half the time: one card fewer, the others of his side draw one each."""
    if not sim.chance(0.5):
        return False
    sim.invoke(ev.Skill(seat=me.seat, skill=SKILL.hongyuan))
    return True


@skill("huanshi", timing=Timing.BEFORE_JUDGEMENT_TAKES_EFFECT)
def huanshi(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """缓释 (seed 002 诸葛瑾): 在己方角色的判定牌生效前，你可以打出一张牌代替之 (the retrial: common.check_retrial;
    announced with no judgement pending, the engine's timing check reports it)."""
fk_traits("huanshi", "v33__huanshi", retrial=True)


@policy(Moment.RETRIAL, "huanshi", order=30)
def play_huanshi(sim: Sim, me: Seat, judged: int) -> str | None:
    """缓释: one judgement of his side in four, a card of his replaces the judgement card."""
    if me.side is None or me.side != sim.seat(judged).side or not sim.hand_of(me.seat) or not sim.chance(0.25):
        return None
    card = sim.rng.choice(sim.hand_of(me.seat))
    sim.emit(ev.Retrial(seat=me.seat, card=card, skill=SKILL.huanshi))
    return card


@skill("mingzhe", timing=Timing.LOSE_CARDS)
def mingzhe(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """明哲 (seed 002 诸葛瑾): 你的回合外，当你使用、打出或弃置一张红色牌时，你可以摸一张牌."""
    if not eng.skills.take_chance(e.seat, "red_out"):
        eng.report(R.S_TIMING, e.seat, "明哲 follows a red card you use, play or discard outside your turn",
                   observed="no such card just now")
        return
    C.effect(eng, e, Step("draw", seat=e.seat, n=1))


@policy(Moment.CHANCE, key="red_out", order=1)
def play_mingzhe(sim: Sim, me: Seat, e: ev.Event, times: int) -> None:
    """明哲: mostly, after a red card of hers left outside her turn (not inside a retrial or a 无懈可击 window)."""
    if not C.answer_window(e):
        C.take_chance(sim, me.seat, SKILL.mingzhe)


@watch_after("mingzhe")
def mingzhe_chance(eng: Engine, e: ev.Event, seat: Seat) -> None:
    if eng.current == seat.seat or getattr(e, "seat", None) != seat.seat:
        return
    cards: list[str] = []
    if isinstance(e, (ev.Use, ev.Respond)):
        cards = C.physical(e)
    elif isinstance(e, ev.Discard):
        cards = list(e.cards)
    red = sum(1 for c in cards if (k := C.card(c)) is not None and k.is_red)
    if red:
        eng.skills.chances[(seat.seat, "red_out")] += red


# --- 孙策 ---------------------------------------------------------------------------------------


@skill("jiang", timing=Timing.TARGET_CHOSEN,
       chance=Words("{name} follows a 决斗 or red 杀 you use or are targeted by", observed="none just now"))
def jiang(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """激昂 (official text, 孙策): 每当你使用（指定目标后）或被使用（成为目标后）一张【决斗】或红色的【杀】时，你可以摸一张牌.

    Its chance is its watcher's (:func:`jiang_chance`): a 决斗 or red 杀 it uses or is a target of."""
    C.effect(eng, e, Step("draw", seat=e.seat, n=1))


@policy(Moment.CHANCE, key="jiang", order=1)
def play_jiang(sim: Sim, me: Seat, e: ev.Event, times: int) -> None:
    """激昂: mostly, as a red 杀 or a 决斗 of his or at him is used (not inside a retrial or a 无懈可击 window)."""
    if not C.answer_window(e):
        C.take_chance(sim, me.seat, SKILL.jiang)


@watch_after("jiang", events=(ev.Use,))
def jiang_chance(eng: Engine, e: ev.Event, seat: Seat) -> None:
    if not isinstance(e, ev.Use):
        return
    name = F.used_name(e)
    if name == CARD.duel or (name == CARD.slash and C.colour(C.physical(e)) == "red"):
        mine = (e.seat == seat.seat) + (seat.seat in (e.targets or []))
        if mine:
            eng.skills.chances[(seat.seat, "jiang")] += mine


@skill("hunzi", per_game=True, timing=Timing.START_PHASE, when="at the start of your start phase")
def hunzi(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """魂姿 (official text, 孙策): 觉醒技，回合开始阶段开始时，若你的体力为1，你减1点体力上限，并获得技能“英姿”和“英魂”."""
    if seat.hp != 1:
        eng.report(R.S_CONDITION, e.seat, "魂姿 awakens at 1 HP", observed=f"{seat.hp} HP")
    C.effect(eng, e, Step("max_hp", seat=e.seat, n=-1))
    eng.skills.gain(seat, "yingzi")
    eng.skills.gain(seat, "yinghun")


@policy(Moment.START_PHASE, order=23)
def play_hunzi(sim: Sim, me: Seat) -> None:
    """魂姿 (awakening): used as soon as its condition held."""
    C.awaken(sim, me, "hunzi")


C.must_awaken("hunzi", lambda eng, s: s.hp == 1)


@skill("zhiba", by_others=True, timing=Timing.PLAY_PHASE, own_window=True)
def zhiba(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """制霸 (official text, 孙策, 主公技): 其他吴势力角色的出牌阶段限一次，该角色可以与你拼点 … 若其没赢，你可以获得拼点的两张牌.

    Announced by the other 吴 character (``targets``: the lord); the 拼点 follows as a ``pindian`` event
    (that character first; older logs show ``reveal``s instead, then nothing more is checked). When it
    did not win, the lord may take the two cards: a ``move`` from the discard pile to his hand.
    """
    lord = C.granted(eng, e, seat, SKILL.zhiba, "wu")
    key = f"制霸:{e.seat}"
    if eng.this_phase.limits[key]:
        eng.report(R.S_LIMIT, e.seat, "制霸: once per play phase", expected=1, observed=eng.this_phase.limits[key] + 1)
    eng.this_phase.limits[key] += 1
    if lord is None:
        return
    frame = C.effect(eng, e)

    def result(en: Engine, p: ev.Event) -> None:
        if isinstance(p, ev.Pindian):  # the lord takes the two cards, or may not when the other won
            from sgs_replay.engine.handlers import pindian_won

            frame.add(Step("move", to_seat=lord, to_zone=Zone.HAND, from_zone="discard|processing", optional=True,
                           forbid=bool(pindian_won(p)), rule=R.S_EFFECT))

    frame.add(Step("pindian", seat=e.seat, to_seat=lord, optional=True, then=result))


@modifier("hand_limit_waived")
def keji_waives_the_hand_limit(waived: bool, eng: Engine, seat: Seat) -> bool:
    """克己 (吕蒙): a turn in which 克己 was used keeps its cards past the hand limit."""
    return waived or bool(eng.this_turn.skills[SKILL.keji])


# --- conversions (当作 …使用或打出) ------------------------------------------------------------------


@conversion(SKILL.qixi, {CARD.dismantlement})
def qixi_card(c: Any, as_name: str) -> bool:
    """奇袭 (甘宁): a black card as 过河拆桥."""
    return bool(c.is_black)


@conversion(SKILL.guose, {CARD.indulgence})
def guose_card(c: Any, as_name: str) -> bool:
    """国色 (大乔): a ♦ card as 乐不思蜀."""
    return bool(c.suit.name == "DIAMOND")


@modifier("peach_bonus")
def jiuyuan_bonus(value: int, eng: Engine, target: Seat, user: int) -> int:
    """救援 (孙权, lord): a 桃 a wu character uses on the dying lord recovers 1 more (locked)."""
    if target.has_skill(SKILL.jiuyuan) and user != target.seat and target.hp <= 0:
        u = eng.seat(user)
        if u is not None and u.general is not None and u.general.kingdom == "wu":
            return value + 1
    return value


# --- 太史慈 -------------------------------------------------------------------------------------


@skill("tianyi", play=True)
def tianyi(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """天义 (火, 太史慈): 出牌阶段，你可以和一名角色拼点。若你赢，你获得以下技能直到回合结束：攻击范围无限；可额外使用一张【杀】；使用【杀】时可额外指定一个目标。若你没赢，你不能使用【杀】直到回合结束。每回合限一次.

    ``skill`` (``targets``: the other character) → ``pindian``; a tie is not a win. The outcome lasts
    until the end of 太史慈's turn (the modifiers below: after a loss the 杀 limit is none, SGS-P001).
    """
    C.once(eng, e, "tianyi")
    t = C.pindian_target(eng, e, seat, "another character")
    if t is None:
        return
    outcome: dict[int, tuple[int, bool | None]] = eng.skills.state.setdefault("tianyi", {})

    def result(en: Engine, won: bool | None) -> None:
        outcome[e.seat] = (en.turns_taken, won)

    C.effect(eng, e, C.pindian_step(eng, e, t, result))


@policy(Moment.PLAY_ACTION, "tianyi", order=120)
def play_tianyi(sim: Sim, me: Seat) -> bool:
    """天义 (once a play phase), sometimes: a 拼点 with a character holding cards."""
    if not me.hand_count or sim.skill_limits()[SKILL.tianyi] or not sim.chance(0.3):
        return False
    rivals = [t for t in sim.eng.table.order_from(me.seat, include_first=False) if sim.seat(t).hand_count]
    if not rivals:
        return False
    sim.pindian(me.seat, SKILL.tianyi, sim.rng.choice(rivals))
    return True


def _tianyi(eng: Engine, seat: int) -> bool | None:
    """This turn's 天义 outcome for ``seat`` (True won, False lost, None: none or not known)."""
    got = eng.skills.state.get("tianyi", {}).get(seat)
    if got is None or got[0] != eng.turns_taken or eng.current != seat:
        return None
    return got[1]


@modifier("use_limit", priority=ADJUSTS)
def tianyi_limit(value: int | None, eng: Engine, user: Seat, card: str) -> int | None:
    """天义 won: 可额外使用一张【杀】; not won: 你不能使用【杀】直到回合结束 (a limit of none, whatever
    else lifts it: this modifier adjusts what the weapons' and 咆哮's set)."""
    if card != CARD.slash:
        return value
    outcome = _tianyi(eng, user.seat)
    if outcome is False:
        return 0
    return value + 1 if value is not None and outcome else value


@modifier("slash_targets")
def tianyi_targets(value: int, eng: Engine, user: Seat) -> int:
    """天义 won: 使用【杀】时可额外指定一个目标."""
    return value + 1 if _tianyi(eng, user.seat) else value


@modifier("ignores_range")
def tianyi_range(value: bool, eng: Engine, e: ev.Use) -> bool:
    """天义 won: 攻击范围无限 (the 杀 has no distance limit)."""
    return value or bool(_tianyi(eng, e.seat))


# --- 國戰: 丁奉 (QSanguosha-For-Hegemony wording) ------------------------------------------------------


@skill("duanbing", timing=Timing.ALWAYS)
def duanbing(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """短兵 (國戰 丁奉): 你使用【杀】能额外选择一名距离为1的角色为目标 (checked on the 杀)."""


@modifier("slash_targets_near")
def duanbing_target(value: int, eng: Engine, user: Seat) -> int:
    """短兵: one more target for the 杀, at distance 1 (the 杀's check asks that enough of them are)."""
    return value + 1 if user.has_skill(SKILL.duanbing) else value


@skill("fenxun", play=True, per_turn=1)
def fenxun(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """奋迅 (國戰 丁奉): 出牌阶段限一次，你可以弃置一张牌并选择一名其他角色，令你与其的距离于此回合内视为1.

    ``skill`` ``targets`` [the other character] ``cards`` [the card discarded: hand or equipment, implied].
    """
    cards = list(e.cards or [])
    if len(cards) != 1:
        eng.report(R.S_CONDITION, e.seat, "奋迅 discards one card", expected=1, observed=len(cards))
    t = C.one_other_target(eng, e, "another character")
    C.pay(eng, seat, cards)
    if t is not None:
        near: dict[int, tuple[int, set[int]]] = eng.skills.state.setdefault("fenxun", {})
        turn, seats = near.get(e.seat, (eng.turns_taken, set()))
        if turn != eng.turns_taken:
            seats = set()
        seats.add(t)
        near[e.seat] = (eng.turns_taken, seats)


@policy(Moment.PLAY_ACTION, "fenxun", order=140)
def play_fenxun(sim: Sim, me: Seat) -> bool:
    """奋迅 (國戰, once a turn), sometimes: a card; the distance to a character farther than 1 is 1 this turn."""
    seat = me.seat
    table = sim.eng.table
    mine = [c for _, c in sim.places_of(seat)]
    far = [t for t in table.order_from(seat, include_first=False) if table.distance(seat, t) > 1]
    if sim.skill_limits()[SKILL.fenxun] or not mine or not far or not sim.chance(0.3):
        return False
    sim.invoke(ev.Skill(seat=seat, skill=SKILL.fenxun, targets=[sim.rng.choice(far)], cards=[sim.rng.choice(mine)]))
    return True


def fenxun_near(eng: Engine, a: int, b: int) -> bool:
    """奋迅 made the distance from ``a`` to ``b`` 1 for this turn."""
    got = eng.skills.state.get("fenxun", {}).get(a)
    return got is not None and got[0] == eng.turns_taken and b in got[1]


@installer
def install_fenxun(eng: Engine) -> None:
    """奋迅: the distance from 丁奉 to the character he chose counts as 1 for the rest of the turn, whatever
    the horses and the other skills make it (视为1)."""
    base = eng.table.distance  # at every table: a general may be face down or come into play later (國戰)

    def distance(a: int, b: int) -> int:
        return 1 if a != b and fenxun_near(eng, a, b) else base(a, b)

    eng.table.distance = distance  # type: ignore[method-assign]


# --- 國戰: 鲁肃 --------------------------------------------------------------------------------------


@skill("haoshi", timing=Timing.DRAW_PHASE)
def haoshi(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """好施 (國戰 鲁肃): 摸牌阶段，你可以多摸两张牌，然后若你的手牌数大于5，你将一半的手牌交给一名手牌最少的其他角色.

    ``skill`` in the draw phase → the phase ``draw`` (two more) → when he then holds more than five, one
    ``move`` of half his hand cards (rounded down) to another character with the fewest hand cards.
    """
    eng.skills.state[f"haoshi:{e.seat}"] = eng.turns_taken


@policy(Moment.DRAW_PHASE, "haoshi", order=80)
def play_haoshi(sim: Sim, me: Seat) -> None:
    """好施, often (when no skill replaced the draw)."""
    if sim.chance(0.6):
        sim.emit(ev.Skill(seat=me.seat, skill=SKILL.haoshi))


@policy(Moment.AFTER_DRAW, order=10)
def give_haoshi(sim: Sim, me: Seat) -> None:
    """好施, after the phase draw: more than five hand cards, half of them to another character holding the fewest."""
    others = sim.eng.table.order_from(me.seat, include_first=False)
    if SKILL.haoshi not in sim.eng.phase_draw_mods or me.hand_count <= 5 or not others:
        return
    fewest = min(sim.seat(t).hand_count for t in others)
    t = sim.rng.choice([x for x in others if sim.seat(x).hand_count == fewest])
    sim.emit(ev.Move(cards=sim.rng.sample(sim.hand_of(me.seat), me.hand_count // 2),
                     from_=ev.Place(zone="hand", seat=me.seat), to=ev.Place(zone="hand", seat=t), reason=SKILL.haoshi))


@watch_after("haoshi", events=(ev.Draw,))
def haoshi_gift(eng: Engine, e: ev.Event, seat: Seat) -> None:
    """After the phase draw of a turn with 好施: more than five hand cards → half of them to one of the
    other characters holding the fewest."""
    if not isinstance(e, ev.Draw) or e.seat != seat.seat or e.reason != "phase" \
            or eng.skills.state.pop(f"haoshi:{seat.seat}", None) != eng.turns_taken or seat.hand_count <= 5:
        return
    others = [s for s in eng.table.alive() if s != seat.seat]
    if not others:
        return
    fewest = min(eng.table.seats[s].hand_count for s in others)
    poorest = [s for s in others if eng.table.seats[s].hand_count == fewest]
    n = seat.hand_count // 2

    def to_the_poorest(en: Engine, m: ev.Event) -> None:
        to = m.to.seat if isinstance(m, ev.Move) else None
        if to not in poorest:
            en.report(R.S_EFFECT, seat.seat, f"好施: the cards go to a character with the fewest hand cards ({fewest})",
                      expected=f"one of seats {poorest}", observed=f"seat {to}")

    eng.skills.push(Effect(seat.seat, SKILL.haoshi, [Step("move", seat=seat.seat, n=n, from_zone=Zone.HAND,
                                                          to_zone=Zone.HAND, check=to_the_poorest)]))


@skill("dimeng", play=True, per_turn=1)
def dimeng(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """缔盟 (國戰 鲁肃): 出牌阶段限一次，你可以选择两名其他角色并弃置X张牌（X为这两名角色手牌数的差），令这两名角色交换手牌.

    ``skill`` ``targets`` [the two] ``cards`` [the X cards discarded: implied] → two ``move`` s, each one's
    hand cards to the other's hand (in either order; none for an empty hand).
    """
    targets = list(e.targets or [])
    cards = list(e.cards or [])
    ts = [eng.seat(t) for t in targets]
    if len(targets) != 2 or len(set(targets)) != 2 or e.seat in targets or any(s is None or not s.alive for s in ts):
        eng.report(R.S_CONDITION, e.seat, "缔盟 names two other living characters", expected="two other characters",
                   observed=targets)
        C.pay(eng, seat, cards)
        return
    a, b = (s for s in ts if s is not None)
    x = abs(a.hand_count - b.hand_count)
    if len(cards) != x:
        eng.report(R.S_CONDITION, e.seat, f"缔盟 discards X cards, X = the difference of their hand counts ({x})",
                   expected=x, observed=len(cards))
    C.pay(eng, seat, cards)
    steps = [Step("move", seat=p.seat, n=p.hand_count, from_zone=Zone.HAND, to_seat=q.seat, to_zone=Zone.HAND)
             for p, q in ((a, b), (b, a)) if p.hand_count]
    C.effect(eng, e, *steps, ordered=False)


@policy(Moment.PLAY_ACTION, "dimeng", order=150)
def play_dimeng(sim: Sim, me: Seat) -> bool:
    """缔盟 (once a turn), now and then: two others swap hands, for as many of his cards as their counts differ."""
    seat = me.seat
    others = sim.eng.table.order_from(seat, include_first=False)
    mine = [c for _, c in sim.places_of(seat)]
    if sim.skill_limits()[SKILL.dimeng] or len(others) < 2 or not sim.chance(0.2):
        return False
    a, b = sorted(sim.rng.sample(others, 2))
    x = abs(sim.seat(a).hand_count - sim.seat(b).hand_count)
    if x > len(mine) or not (sim.seat(a).hand_count or sim.seat(b).hand_count):
        return False
    sim.invoke(ev.Skill(seat=seat, skill=SKILL.dimeng, targets=[a, b], cards=sim.rng.sample(mine, x) or None))
    swaps = [(a, b, sim.hand_of(a)), (b, a, sim.hand_of(b))]
    for frm, to, cards in swaps:
        if cards and sim.alive(frm) and sim.alive(to):
            sim.emit(ev.Move(cards=cards, from_=ev.Place(zone="hand", seat=frm), to=ev.Place(zone="hand", seat=to),
                             reason=SKILL.dimeng))
    return True


# --- 國戰: 张昭张纮 ------------------------------------------------------------------------------------


@skill("zhijian", play=True)
def zhijian(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """直谏 (國戰 张昭张纮): 出牌阶段，你可以将手牌区里的一张装备牌置入一名其他角色的装备区，摸一张牌.

    ``skill`` ``targets`` [the other character] ``cards`` [the equipment card] → the ``move`` of that card
    from his hand to its equipment area → ``draw`` 1. The text moves the card (置入), it replaces none: the
    slot of its kind must be empty (the sources say nothing of a full slot).
    """
    t = C.one_other_target(eng, e, "another character")
    cards = list(e.cards or [])
    k = C.card(cards[0]) if len(cards) == 1 else None
    sl = slot_of(k) if k is not None else None
    if len(cards) != 1 or (k is not None and sl is None) or (cards and seat.hand[cards[0]] == 0 and seat.hidden == 0):
        eng.report(R.S_CONDITION, e.seat, "直谏 puts one equipment card from your hand", expected="one equipment hand card",
                   observed=cards)
        return
    if t is None:
        return
    ts = eng.seat(t)
    if ts is not None and sl is not None and sl in ts.equip:
        eng.report(R.S_CONDITION, e.seat, f"直谏: seat {t}'s {sl} slot is taken (置入: the card replaces none)",
                   expected="an empty slot", observed=ts.equip[sl])
        return

    def same_card(en: Engine, m: ev.Event) -> None:
        if isinstance(m, ev.Move) and list(m.cards) != cards and k is not None:
            en.report(R.S_EFFECT, e.seat, "直谏 moves the card it names", expected=cards, observed=list(m.cards))

    C.effect(eng, e, Step("move", seat=e.seat, n=1, from_zone=Zone.HAND, to_seat=t, to_zone=Zone.EQUIP, check=same_card),
             Step("draw", seat=e.seat, n=1))


@policy(Moment.PLAY_ACTION, "zhijian", order=160)
def play_zhijian(sim: Sim, me: Seat) -> bool:
    """直谏, sometimes: an equipment card of his hand into another's empty slot, for a draw."""
    seat = me.seat
    equips = [c for c in sim.hand_of(seat) if parse_card(c).type == "equip"]
    if not equips or not sim.chance(0.3):
        return False
    c = sim.rng.choice(equips)
    room = [t for t in sim.eng.table.order_from(seat, include_first=False) if slot_of(parse_card(c)) not in sim.seat(t).equip]
    if not room:
        return False
    t = sim.rng.choice(room)
    mark = sim.eng.frame_seq
    sim.emit(ev.Skill(seat=seat, skill=SKILL.zhijian, targets=[t], cards=[c]))
    sim.emit(ev.Move(cards=[c], from_=ev.Place(zone="hand", seat=seat), to=ev.Place(zone="equip", seat=t),
                     reason=SKILL.zhijian))
    sim.fulfil(after=mark)  # its draw
    return True


@watch_before("guzheng", events=(ev.Discard, ev.Move, ev.Phase, ev.Turn))
def guzheng_discards(eng: Engine, e: ev.Event, seat: Seat) -> None:
    """The cards discarded in another character's discard phase (固政's cards): the hand cards that
    character discarded, and every card discarded in the phase."""
    st = eng.skills.state
    if isinstance(e, (ev.Phase, ev.Turn)):
        st.pop(f"guzheng:{seat.seat}", None)
        return
    if eng.phase != "discard" or eng.current in (None, seat.seat):
        return
    who: int | None
    if isinstance(e, ev.Discard):
        who = e.seat
    elif isinstance(e, ev.Move) and e.to.zone == Zone.DISCARD and e.from_.zone in (Zone.HAND, Zone.EQUIP):
        who = e.from_.seat
    else:
        return
    owner = eng.seat(who)
    record = st.setdefault(f"guzheng:{seat.seat}", {"own": [], "all": []})
    for c in e.cards:
        record["all"].append(c)
        if who == eng.current and owner is not None and owner.hand[c] > 0:
            record["own"].append(c)


@skill("guzheng", timing=Timing.DISCARD_PHASE, own_window=True)
def guzheng(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """固政 (國戰 张昭张纮): 其他角色的弃牌阶段结束时，你可以将弃牌堆里的一张其于此阶段内因其弃置而失去过的手牌交给该角色，若如此做，你可以获得弃牌堆里的其余于此阶段内弃置的牌.

    ``skill`` (``targets``: that character, optional; ``cards``: the card given back, from the discard pile to
    its hand: implied) at the end of its discard phase → optionally a ``move`` of other cards discarded in
    the phase, still in the discard pile, to 张昭张纮's hand.
    """
    cur = eng.current
    if cur is None or cur == e.seat or eng.phase != "discard":
        eng.report(R.S_TIMING, e.seat, "固政 is used as another character's discard phase ends",
                   expected="another character's discard phase", observed=f"{eng.phase or 'no'} phase of seat {cur}")
        return
    if e.targets and list(e.targets) != [cur]:
        eng.report(R.S_CONDITION, e.seat, f"固政 gives the card back to seat {cur}, whose discard phase it is",
                   expected=[cur], observed=list(e.targets))
    record = eng.skills.state.get(f"guzheng:{e.seat}", {"own": [], "all": []})
    own = [c for c in record["own"] if eng.table.discard[c] > 0]
    back = list(e.cards or [])
    if len(back) != 1 or back[0] not in own:
        eng.report(R.S_CONDITION, e.seat, f"固政 gives back one of the hand cards seat {cur} discarded in this phase, "
                   "from the discard pile", expected=f"one of {own}" if own else "such a card", observed=back)
        return
    eng.skills.implied_move(cur, back, Zone.DISCARD)
    eng.skills.state[f"guzheng_back:{cur}"] = eng.turns_taken  # after the discards: not counted for its hand limit
    rest = list(record["all"])
    rest.remove(back[0])

    def taken(en: Engine, m: ev.Event) -> None:
        wrong = [c for c in getattr(m, "cards", []) if c not in rest]
        if wrong:
            en.report(R.S_EFFECT, e.seat, "固政 takes the other cards discarded in this phase", expected=f"of {rest}",
                      observed=wrong)

    C.effect(eng, e, Step("move", from_zone=Zone.DISCARD, to_seat=e.seat, to_zone=Zone.HAND, optional=True, check=taken))


@policy(Moment.DISCARDED, order=10)
def play_guzheng(sim: Sim, seat: int) -> None:
    """固政 (the first holder after the discarder), mostly: one hand card it discarded back to it, then mostly the other
    cards discarded in the phase to 张昭张纮."""
    eng = sim.eng
    for o in eng.table.order_from(seat, include_first=False):
        record = eng.skills.state.get(f"guzheng:{o}")
        if not sim.seat(o).has_skill(SKILL.guzheng) or not record:
            continue
        own = sorted({c for c in record["own"] if eng.table.discard[c] > 0})
        if not own or not sim.chance(0.7):
            continue
        back = sim.rng.choice(own)
        sim.emit(ev.Skill(seat=o, skill=SKILL.guzheng, targets=[seat], cards=[back]))
        rest = list(record["all"])
        rest.remove(back)
        take = C.in_discard(eng, rest)
        if take and sim.chance(0.7):
            sim.emit(ev.Move(cards=sorted(take), from_=ev.Place(zone="discard"), to=ev.Place(zone="hand", seat=o),
                             reason=SKILL.guzheng))
        return


@modifier("hand_limit")
def guzheng_back(limit: int, eng: Engine, seat: Seat) -> int:
    """固政's card comes back as the discard phase ends, once its discards are done: the hand limit the phase's
    end checks counts it out."""
    return limit + 1 if eng.skills.state.get(f"guzheng_back:{seat.seat}") == eng.turns_taken else limit


# --- 國戰: 陆逊's 度势 (the 國戰 roster gives 陆逊 谦逊 and 度势) ----------------------------------------------


@skill("duoshi", timing=Timing.CARD_NEEDED)
def duoshi(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """度势 (國戰 陆逊): 你可以将一张红色手牌当【以逸待劳】使用。每阶段限四次 (checked on the use)."""


def duoshi_limit(eng: Engine, e: Any, seat: Seat) -> str | None:
    """度势: 每阶段限四次 — the uses of this phase before this one."""
    used = eng.this_phase.limits[SKILL.duoshi]
    return f"度势 may be used four times per phase ({used} already)" if used >= 4 else None


@conversion(SKILL.duoshi, {CARD.await_exhausted}, hand_only=True, together=duoshi_limit)
def duoshi_card(c: Any, as_name: str) -> bool:
    """度势 (陆逊, 國戰): a red hand card as 以逸待劳."""
    return bool(c.is_red)


@watch_after("duoshi", events=(ev.Use,))
def duoshi_count(eng: Engine, e: ev.Event, seat: Seat) -> None:
    if isinstance(e, ev.Use) and e.seat == seat.seat and e.skill == SKILL.duoshi:
        eng.this_phase.limits[SKILL.duoshi] += 1
