"""蜀 (shu): 刘备 关羽 张飞 诸葛亮 赵云 马超 黄月英 · 黄忠 魏延 · 孟获 姜维 · 关羽 赵云 (3v3 2013) · 庞统 卧龙诸葛亮 (火) ·
祝融 (1v1)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from sgs_replay.content.fk_traits import fk_traits
from sgs_replay.content.names import CARD, SKILL
from sgs_replay.engine import frames as F
from sgs_replay.engine import legality
from sgs_replay.engine.cards.effect import EFFECT_RULES, CardEffect, EffectRule, effect_rule
from sgs_replay.engine.cards.equipment import EightTrigrams
from sgs_replay.engine.effects import Effect, Step
from sgs_replay.engine.handlers import conversion
from sgs_replay.engine.plugins import modifier, target_ban
from sgs_replay.engine.skills import owns, skill, version, watch_after, watch_before
from sgs_replay.engine.state import Zone
from sgs_replay.engine.timing import Timing, Words
from sgs_replay.formats import events as ev
from sgs_replay.formats.cards import Suit, is_unknown, parse_card
from sgs_replay.rules import catalogue as R
from sgs_replay.skills import common as C
from sgs_replay.skills.policy import DRAW_REPLACED, DYING_ANYWAY, SILENT_USES, Moment, policy

if TYPE_CHECKING:
    from sgs_replay.engine.core import Engine
    from sgs_replay.engine.state import Seat, Table
    from sgs_replay.skills.policy import Sim


def slash_of(eng: Engine, seat: int) -> CardEffect | None:
    """The 杀 of ``seat`` now resolving (its target chosen, not yet over)."""
    for f in reversed(eng.stack):
        if isinstance(f, CardEffect) and f.name == CARD.slash and f.user == seat and f.head is not None:
            return f
    return None


# --- 刘备 ---------------------------------------------------------------------------------------


@skill("rende", play=True)
def rende(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """仁德 (seed 001 刘备): 出牌阶段，可以将任意数量的手牌以任意分配方式交给其他角色，若给出的牌张数不少于两张时，回复1点体力.

    ``rende_heal``: "per_give" (001, each 仁德 of two or more cards), "cumulative_once" (once per
    play phase when the cards given reach two), "per_two_cards" (seed 000: 每分发出两张手牌刘备加一点体力).
    國戰 ("heg"): 将至少一张手牌交给一名角色 (one character a use), 若你于此阶段内因发动"仁德"交给其他角色的手牌数
    不小于3，你回复1点体力（每阶段限一次） — once a play phase, when the cards given reach three.
    """
    cards, targets = list(e.cards or []), [t for t in dict.fromkeys(e.targets or []) if eng.seat(t) is not None]
    if not cards or not targets or e.seat in targets:
        eng.report(R.S_CONDITION, e.seat, "仁德 gives hand cards to other characters", observed=f"cards {cards} to {targets}")
    heg = version(eng, "rende") == "heg"
    if heg and len(targets) > 1:
        eng.report(R.S_CONDITION, e.seat, "仁德 (國戰) gives hand cards to one character", expected="one character",
                   observed=targets)
    if len(targets) == 1:
        C.give(eng, seat, cards, targets[0])
    elif targets:
        eng.take_from_hand(seat, cards)
        for i, _ in enumerate(cards):
            target = eng.seat(targets[i % len(targets)])
            if target is not None:
                target.hidden += 1  # split between several: who got which is not said
    mode = eng.rs.p.rende_heal or ("per_two_cards" if version(eng, "rende") == "000" else "per_give")
    before = eng.this_phase.given
    after = eng.this_phase.given = before + len(cards)
    most = eng.rs.p.rende_max_cards
    if most is not None and after > most:
        eng.report(R.S_CONDITION, e.seat, f"仁德 gives at most {most} cards in a play phase (ruleset {eng.rs.name})",
                   expected=f"at most {max(0, most - before)} more", observed=len(cards))
    heal = {"cumulative_once": int(before < 2 <= after), "per_two_cards": after // 2 - before // 2}.get(mode, int(len(cards) >= 2))
    if heg and not eng.rs.p.rende_heal:
        heal = int(before < 3 <= after)
    if heal:
        C.effect(eng, e, Step("recover", seat=e.seat, n=heal))
    else:
        C.effect(eng, e, Step("recover", seat=e.seat, optional=True, forbid=True))
fk_traits("rende", cost=True)


@policy(Moment.PLAY_ACTION, "rende", order=40)
def play_rende(sim: Sim, me: Seat) -> bool:
    """仁德, now and then: one to three hand cards to another character (no more than the ruleset's cap a phase)."""
    others = sim.eng.table.order_from(me.seat, include_first=False)
    cap = sim.rs.p.rende_max_cards  # a ruleset's cap on the cards given in a play phase
    room = 3 if cap is None else min(3, cap - sim.eng.this_phase.given)
    if not me.hand_count or not others or room <= 0 or not sim.chance(0.2):
        return False
    hand = sim.hand_of(me.seat)
    sim.invoke(ev.Skill(seat=me.seat, skill=SKILL.rende, targets=[sim.rng.choice(others)],
                        cards=sim.rng.sample(hand, sim.rng.randint(1, min(room, len(hand))))))
    return True


@skill("jijiang", timing=Timing.CARD_NEEDED)
def jijiang(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """激将 (seed 001 刘备, 主公技): 当玩家需要使用（或打出）一张【杀】时，可以发动激将。所有蜀势力角色按行动顺序依次选择是否“提供”打出一张【杀】."""
    C.provide(eng, e, CARD.slash, "shu")
fk_traits("jijiang", provides=CARD.slash)


@policy(Moment.CARD_NEEDED, "jijiang", order=20)
def play_jijiang(sim: Sim, me: Seat, name: str) -> bool:
    """激将: mostly, the 蜀 characters asked in turn for the 杀; each gives one it holds half the time or so."""
    return name == CARD.slash and C.ask_kingdom(sim, me.seat, SKILL.jijiang, CARD.slash, "shu")


@watch_before("jijiang", events=(ev.Use,))
def jijiang_use(eng: Engine, e: ev.Event, seat: Seat) -> None:
    """The lord's 激将 杀 in his play phase needs a 杀 provided first."""
    if isinstance(e, ev.Use) and e.seat == seat.seat and e.skill == SKILL.jijiang:
        provided: list[tuple[int, str]] = eng.skills.state.setdefault("provided", [])
        if (seat.seat, CARD.slash) in provided:
            provided.remove((seat.seat, CARD.slash))
        else:
            eng.report(R.S_CONDITION, e.seat, "激将: no 蜀 character provided a 杀", expected="a provided 杀", observed="none")


# --- 关羽 张飞 赵云 马超 黄月英: conversions and modifiers ---------------------------------------------


@skill("wusheng", timing=Timing.CARD_NEEDED)
def wusheng(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """武圣 (seed 001 关羽): 可以将任意一张红色牌当【杀】使用或打出 (checked on the use or response)."""
fk_traits("wusheng", convert=True)


@skill("paoxiao", timing=Timing.ALWAYS)
def paoxiao(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """咆哮 (seed 001 张飞): 出牌阶段，可以使用任意数量的【杀】 (the 杀 limit does not apply to the owner)."""
    C.need_phase(eng, e, "in your play phase", "play")
fk_traits("paoxiao", locked=True)


@skill("longdan", timing=Timing.CARD_NEEDED)
def longdan(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """龙胆 (seed 001 赵云): 可以将手牌的【杀】当【闪】、【闪】当【杀】使用或打出 (checked on the use or response)."""
fk_traits("longdan", convert=True)


@skill("mashu", timing=Timing.ALWAYS)
def mashu(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """马术 (seed 001 马超): 锁定技，始终可视为装备有一匹-1马 (applied to every distance)."""
fk_traits("mashu", locked=True)


@modifier("distance")
def mashu_distance(d: int, table: Table, a: int, b: int) -> int:
    """马术: the distance from its owner to every other character is 1 less."""
    return d - 1 if table.seats[a].has_skill(SKILL.mashu) else d


@skill("qicai", timing=Timing.ALWAYS)
def qicai(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """奇才 (seed 001 黄月英): 使用任何锦囊无距离限制 (applied to 顺手牵羊 and 兵粮寸断)."""
fk_traits("qicai", locked=True)


@target_ban
def kongcheng_ban(eng: Engine, user: Seat, target: Seat, card: str, use: ev.Use) -> str | None:
    """空城: with no hand cards, not a target of 杀 or 决斗."""
    if card in (CARD.slash, CARD.duel) and target.has_skill(SKILL.kongcheng) and target.hand_count == 0 and target.hidden == 0:
        return f"{target.name} has no hand cards (空城)"
    return None


@modifier("trick_reach")
def qicai_reach(value: int | None, eng: Engine, user: Seat, card: str) -> int | None:
    """奇才 (seed 001 黄月英): 锁定技，你使用任何锦囊牌无距离限制."""
    return None if user.has_skill(SKILL.qicai) else value


@skill("kongcheng", timing=Timing.ALWAYS)
def kongcheng(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """空城 (seed 001 诸葛亮): 锁定技，当没有手牌时，不能成为【杀】或〔决斗〕的目标 (checked on the use)."""
fk_traits("kongcheng", locked=True)


# --- 诸葛亮 -------------------------------------------------------------------------------------


@skill("guanxing", timing=Timing.START_PHASE, timing_in={"000": Timing.JUDGE_PHASE}, when="in your start phase")
def guanxing(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """观星 (seed 001 诸葛亮): 回合开始阶段，可以观看牌堆顶的X张牌（X为存活角色的数量且最多为5），将其中任意数量的牌以任意顺序置于牌堆顶，其余以任意顺序置于牌堆底.

    Seed 000: 摸牌阶段前，查看牌堆顶的三张牌. The known order of the pile's top is lost unless
    ``choice`` lists the cards put back on top (top first).
    """
    x = 3 if version(eng, "guanxing") == "000" else min(5, len(eng.table.alive()))
    eng.need_cards(x)  # looking at X cards: a pile of fewer is reshuffled first (seed 001 二(二) III ◆)
    seen = eng.table.pile_top[:x]
    top = [c for c in e.choice if isinstance(c, str)] if isinstance(e.choice, list) else None
    # only a fully known top (len(seen) == x) shows a card put back that was not looked at
    if top is not None and len(seen) >= x and any(c not in seen for c in top):
        eng.report(R.S_EFFECT, e.seat, f"观星 puts back only the {x} cards it looked at", expected=seen, observed=top)
    eng.table.pile_top = list(top or [])
fk_traits("guanxing", arranges_pile=True)


@policy(Moment.START_PHASE, "guanxing", order=60)
def play_guanxing(sim: Sim, me: Seat) -> None:
    """观星, often: the top X cards in a random order, some of them back on top, the rest at the bottom."""
    if not sim.chance(0.6):
        return
    x = 3 if version(sim.eng, "guanxing") == "000" else min(5, len(sim.eng.table.alive()))
    if len(sim.pile) < x:
        return  # the engine would reshuffle first: left for another turn
    seen = sim.pile[:x]
    sim.rng.shuffle(seen)
    k = sim.rng.randint(0, x)
    sim.emit(ev.Skill(seat=me.seat, skill=SKILL.guanxing, choice=list(seen[:k])))
    sim.pile[:] = seen[:k] + sim.pile[x:] + seen[k:]


# --- 马超 ---------------------------------------------------------------------------------------


@effect_rule
class TiejiJudgement(EffectRule):
    """铁骑's judgement, logged inside the 杀's resolution: a red result makes the 杀 undodgeable."""

    events = (ev.Judge,)

    def wants(self, frame: CardEffect, eng: Engine, e: ev.Judge) -> bool:
        return e.seat == frame.user and e.reason == SKILL.tieji and frame.name == CARD.slash

    def offer(self, frame: CardEffect, eng: Engine, e: ev.Judge) -> bool:
        def result(en: Engine, card: str) -> None:
            if not is_unknown(card) and parse_card(card).is_red:
                frame.undodgeable = True

        judge = F.JudgeFrame(eng, e.seat, e.reason, e.card, on_result=result)
        judge.take(eng, e)
        eng.push(judge)
        return True



@skill("tieji", timing=Timing.TARGET_CHOSEN,
       words=Words("{name} follows your 杀 choosing its target", observed="no 杀 of yours resolving"))
def tieji(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """铁骑 (seed 001 马超): 当使用【杀】指定一名角色为目标后，可以进行判定，若结果为红色，此【杀】不可被闪避.

    Seed 000: 出杀时对方需先判定 (the target judges).
    """
    cf: CardEffect = eng.skills.found  # the 杀 its window found
    if version(eng, "tieji") == "000" and cf.head is not None:

        def result(en: Engine, card: str) -> None:
            c = C.card(card)
            if c is not None and c.is_red:
                cf.undodgeable = True

        C.effect(eng, e, Step("judge", seat=cf.head, reason=SKILL.tieji, on_result=result))
fk_traits("tieji", "tieqi")


@policy(Moment.SLASH_USED, "tieji", order=20)
def play_tieji(sim: Sim, frame: CardEffect) -> bool:
    """铁骑: mostly, on a 杀 whose target can be hit; a red judgement and the first target cannot dodge it."""
    eng = sim.eng
    if frame.head is None or not sim.chance(0.8) or any(rule.voids(frame, eng, sim.seat(frame.head)) for rule in EFFECT_RULES):
        return False
    sim.emit(ev.Skill(seat=frame.user, skill=SKILL.tieji))
    return parse_card(sim.judge_card(frame.user, SKILL.tieji)).is_red


# --- 黄月英 -------------------------------------------------------------------------------------


@skill("jizhi", timing=Timing.USE_CARD, chance=Words("集智 follows your use of a non-delayed trick",
                                                     expected="right after a trick you use", observed="no trick just used"))
def jizhi(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """集智 (seed 001 黄月英): 每当使用一张非延时类锦囊时，（在它结算之前）可以立即摸一张牌.

    Seed 000: 当她使用一张锦囊牌后 (delayed tricks too). 國戰 ("heg"): 每当你使用非转化的非延时类锦囊牌时 —
    never a converted trick, whatever ``jizhi_converted`` says.
    """
    C.effect(eng, e, Step("draw", seat=e.seat, n=1))


@policy(Moment.CHANCE, key="jizhi", order=0)  # first of the chances an event opens
def play_jizhi(sim: Sim, me: Seat, e: ev.Event, times: int) -> None:
    """集智: mostly, after a non-delayed trick of his."""
    C.take_chance(sim, me.seat, SKILL.jizhi)


@watch_after("jizhi", events=(ev.Use,))
def jizhi_chance(eng: Engine, e: ev.Event, seat: Seat) -> None:
    if not isinstance(e, ev.Use) or e.seat != seat.seat:
        return
    name = F.used_name(e)
    kind = C.card_kind(name)
    if kind is None or kind.type != "trick":
        return
    if kind.is_delayed and version(eng, "jizhi") != "000":
        return
    if e.as_ is not None and (not eng.rs.p.jizhi_converted or version(eng, "jizhi") == "heg"):
        return
    eng.skills.chances[(seat.seat, "jizhi")] = 1


@watch_before("jizhi")
def jizhi_moment(eng: Engine, e: ev.Event, seat: Seat) -> None:
    """集智 comes as the trick is used, before it resolves (在它结算之前): any event but a skill announced at
    that moment (集智 itself, another use-time skill) ends the chance."""
    if not isinstance(e, ev.Skill) and eng.skills.chances[(seat.seat, "jizhi")]:
        eng.skills.chances[(seat.seat, "jizhi")] = 0


# --- 黄忠 ---------------------------------------------------------------------------------------


def _liegong_holds(eng: Engine, seat: Seat, target: int) -> bool:
    t = eng.seat(target)
    if t is None:
        return False
    n = t.hand_count
    return n >= seat.hp or (version(eng, "liegong") != "002-1v1" and n <= eng.table.attack_range(seat.seat))


_LIEGONG_WORDS = Words("{name} applies to your 杀 in your play phase", observed="no 杀 of yours resolving")


@skill("liegong", timing=Timing.TARGET_CHOSEN, words=_LIEGONG_WORDS)
def liegong(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """烈弓 (seed 000 黄忠): 出牌阶段，以下两种情况，你使用的“杀”不可被闪避。1.目标角色的手牌数大于或等于你的体力值。2.目标角色的手牌数小于或等于你的攻击范围.

    1v1 (seed 002): only the first case, and only when announced. 國戰 ("heg"): both cases, and only when
    announced (你可以令其不能使用【闪】响应此【杀】).
    """
    cf: CardEffect = eng.skills.found  # the 杀 its window found
    if not eng.in_play_phase(e.seat):
        eng.skills.untimely(e, _LIEGONG_WORDS)
        return
    if cf.head is not None and not _liegong_holds(eng, seat, cf.head):
        eng.report(R.S_CONDITION, e.seat, f"烈弓: seat {cf.head}'s hand count is neither ≥ your HP nor ≤ your attack range",
                   observed=f"{eng.seat(cf.head).hand_count} cards")  # type: ignore[union-attr]
        return
    cf.undodgeable = True


@policy(Moment.SLASH_USED, "liegong", order=30)
def play_liegong(sim: Sim, frame: CardEffect) -> None:
    """烈弓 (國戰): mostly announced in the play phase, when the target's hand count allows it."""
    eng, user = sim.eng, sim.seat(frame.user)
    if frame.head is None or version(eng, "liegong") != "heg" or not eng.in_play_phase(frame.user):
        return
    n = sim.seat(frame.head).hand_count
    if (n >= user.hp or n <= eng.table.attack_range(frame.user)) and sim.chance(0.8):
        sim.emit(ev.Skill(seat=frame.user, skill=SKILL.liegong))


@policy(Moment.SLASH_BEGINS, "liegong", order=10, modes=("1v1",))
def play_liegong_1v1(sim: Sim, user: int, frame: CardEffect | None) -> None:
    """烈弓 (1v1): mostly announced in the play phase, once the 杀 has its target, when the target holds at least
    the user's HP in cards."""
    me = sim.seat(user)
    if frame is not None and frame.name == CARD.slash and frame.user == user and frame.head is not None \
            and sim.eng.in_play_phase(user) and sim.seat(frame.head).hand_count >= me.hp and sim.chance(0.8):
        sim.emit(ev.Skill(seat=user, skill=SKILL.liegong))


@watch_after("liegong", events=(ev.Use,))
def liegong_auto(eng: Engine, e: ev.Event, seat: Seat) -> None:
    """Seed 000's 烈弓 is not announced: it holds whenever its condition does."""
    if version(eng, "liegong") in ("002-1v1", "heg") or not isinstance(e, ev.Use) or e.seat != seat.seat:
        return
    cf = slash_of(eng, seat.seat)
    if cf is not None and eng.in_play_phase(seat.seat) and cf.head is not None and _liegong_holds(eng, seat, cf.head):
        cf.undodgeable = True


# --- 魏延 ---------------------------------------------------------------------------------------


@skill("kuanggu", timing=Timing.DEAL_DAMAGE)
def kuanggu(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """狂骨 (seed 000 魏延): 锁定技，任何时候，你对于与你距离为1以内的任何一名角色造成1点伤害，你回复1点体力 (follows by itself)."""
    if not any(isinstance(f, Effect) and f.skill == SKILL.kuanggu and f.seat == e.seat for f in eng.stack):
        eng.report(R.S_TIMING, e.seat, "狂骨 follows damage you deal within distance 1", observed="no such damage")


@watch_before("kuanggu", events=(ev.Damage,))
def kuanggu_distance(eng: Engine, e: ev.Event, seat: Seat) -> None:
    if isinstance(e, ev.Damage) and e.source == seat.seat and e.target != seat.seat and seat.alive:
        eng.skills.state["kuanggu"] = (e, eng.table.distance(seat.seat, e.target) <= 1)


@watch_after("kuanggu", events=(ev.Damage,))
def kuanggu_heal(eng: Engine, e: ev.Event, seat: Seat) -> None:
    st = eng.skills.state.get("kuanggu")
    if not isinstance(e, ev.Damage) or st is None or st[0] is not e:
        return
    eng.skills.state["kuanggu"] = None
    n = min(e.amount, seat.max_hp - seat.hp)
    if st[1] and n > 0 and seat.alive:
        frame = Effect(seat.seat, SKILL.kuanggu, [Step("recover", seat=seat.seat, n=n)])
        eng.skills.push(frame, below_new=True)


# --- 孟获 ---------------------------------------------------------------------------------------


@skill("huoshou", timing=Timing.ALWAYS)
def huoshou(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """祸首 (official text, 孟获): 锁定技，【南蛮入侵】对你无效；你是任何【南蛮入侵】造成的伤害的来源 (applied to the card)."""


def savage_assault_void(eng: Engine, e: ev.Event, seat: Seat) -> CardEffect | None:
    """【南蛮入侵】对你无效 (祸首, 蛮裔): the seat leaves the targets of a 南蛮入侵 just used; that card's frame."""
    if not isinstance(e, ev.Use) or F.used_name(e) != CARD.savage_assault or not seat.alive:
        return None
    for f in reversed(eng.stack):
        if isinstance(f, CardEffect) and f.name == CARD.savage_assault and f.user == e.seat:
            if seat.seat in f.queue:
                f.queue.remove(seat.seat)
            return f
    return None


@watch_after("huoshou", events=(ev.Use,))
def huoshou_aoe(eng: Engine, e: ev.Event, seat: Seat) -> None:
    f = savage_assault_void(eng, e, seat)
    if f is not None:
        f.source = seat.seat


@skill("zaiqi", timing=Timing.DRAW_PHASE)
def zaiqi(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """再起 (official text, 孟获): 摸牌阶段，若你已受伤，你可以放弃摸牌，改为从牌堆顶亮出X张牌（X为你已损失的体力值），你每亮出一张红桃牌，回复1点体力，然后将这些红桃牌置入弃牌堆，并获得其余的牌."""
    x = seat.max_hp - seat.hp
    if x <= 0:
        eng.report(R.S_CONDITION, e.seat, "再起 needs you to be wounded", observed=f"{seat.hp}/{seat.max_hp} HP")
        return
    frame = C.effect(eng, e, Step("reveal", n=x))

    def revealed(en: Engine, r: ev.Event) -> None:
        cards = list(getattr(r, "cards", []))
        en.draw_from_pile(e.seat, cards)
        hearts = [c for c in cards if (k := C.card(c)) is not None and k.suit.name == "HEART"]
        en.to_discard(hearts)
        for c in cards:
            if c not in hearts:
                seat.hand[c] += 1
        if hearts:
            frame.add(Step("recover", seat=e.seat, n=len(hearts), partial=True))

    frame.steps[0].then = revealed


@policy(Moment.DRAW_PHASE, "zaiqi", order=20)
def play_zaiqi(sim: Sim, me: Seat) -> bool:
    """再起, often when wounded: instead of drawing, X cards shown (X: HP lost); 1 HP for each ♥, the rest taken."""
    if me.hp >= me.max_hp or not sim.chance(0.6):
        return False
    mark = sim.eng.frame_seq
    sim.emit(ev.Skill(seat=me.seat, skill=SKILL.zaiqi))
    sim.emit(ev.Reveal(cards=sim.take(me.max_hp - me.hp), seat=me.seat, reason=SKILL.zaiqi))
    sim.fulfil(after=mark)
    return True


DRAW_REPLACED.add("zaiqi")


# --- 姜维 ---------------------------------------------------------------------------------------


@skill("tiaoxin", play=True, per_turn=1)
def tiaoxin(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """挑衅 (official text, 姜维): 出牌阶段限一次，你可以令攻击范围内含有你的一名角色选择一项：对你使用一张【杀】，或令你弃置其一张牌.

    1v1 (seed 002): 你可令对手选择一项 (no range condition).
    """
    t = C.one_other_target(eng, e, "one other character")
    if t is None:
        return
    if version(eng, "tiaoxin") != "002-1v1" and not eng.table.in_attack_range(t, e.seat):
        eng.report(R.S_CONDITION, e.seat, f"挑衅: you are not in seat {t}'s attack range",
                   expected=f"distance ≤ {eng.table.attack_range(t)}", observed=eng.table.distance(t, e.seat))
    grant = (t, CARD.slash, SKILL.tiaoxin)
    C.grants(eng).append(grant)

    def slash_at_me(en: Engine, u: ev.Event) -> None:
        if isinstance(u, ev.Use) and (F.used_name(u) != CARD.slash or list(u.targets or []) != [e.seat]):
            en.report(R.P_TARGET, u.seat, "挑衅: the answer is a 杀 used on 姜维", expected=f"杀 on seat {e.seat}",
                      observed=f"{F.used_name(u)} on {u.targets}")

    def no_slash(en: Engine, _: ev.Event) -> None:
        if grant in C.grants(en):
            C.grants(en).remove(grant)

    ts = eng.seat(t)
    alts = (Step("use", seat=t, check=slash_at_me), Step("move", seat=t, n=1, from_zone="hand|equip", to_zone=Zone.DISCARD, then=no_slash),
            Step("discard", seat=t, n=1, then=no_slash))
    C.effect(eng, e, Step("choice", seat=t, alts=alts, optional=ts is not None and C.card_count(ts) == 0))


@policy(Moment.PLAY_ACTION, "tiaoxin", order=190)
def play_tiaoxin(sim: Sim, me: Seat) -> bool:
    """挑衅, sometimes, on a character whose attack range holds 姜维: it uses a 杀 on him most of the time it can,
    else he discards one of its cards."""
    seat = me.seat
    provokable = [t for t in sim.eng.table.order_from(seat, include_first=False) if sim.eng.table.in_attack_range(t, seat)]
    if sim.skill_limits()[SKILL.tiaoxin] or sim.eng.this_turn.limits[SKILL.tiaoxin] or not provokable \
            or not sim.chance(0.3):
        return False
    t = sim.rng.choice(provokable)
    sim.emit(ev.Skill(seat=seat, skill=SKILL.tiaoxin, targets=[t]))
    uses = [u for c in sim.hand_of(t, CARD.slash)
            if not legality.check_use(sim.eng, u := ev.Use(seat=t, card=c, targets=[seat]))]
    if uses and sim.chance(0.6):
        sim.emit(sim.rng.choice(uses))
        sim.resolve_slash(t)
        return True
    places = sim.places_of(t)
    if places:
        zone, c = sim.rng.choice(places)
        mark = sim.eng.frame_seq
        sim.emit(ev.Move(cards=[c], from_=ev.Place(zone=zone, seat=t), to=ev.Place(zone="discard"), reason=SKILL.tiaoxin))
        sim.fulfil(after=mark)
    return True


@skill("zhiji", per_game=True, timing=Timing.START_PHASE, when="at the start of your start phase")
def zhiji(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """志继 (official text, 姜维): 觉醒技，回合开始阶段开始时，若你没有手牌，你选择一项：回复1点体力，或摸两张牌。然后你减1点体力上限，并获得技能“观星”."""
    if seat.hand_count:
        eng.report(R.S_CONDITION, e.seat, "志继 awakens with no hand cards", observed=f"{seat.hand_count} cards")
    choice = Step("choice", seat=e.seat, alts=(Step("recover", seat=e.seat, n=1), Step("draw", seat=e.seat, n=2)),
                  optional=seat.hp >= seat.max_hp)
    C.effect(eng, e, choice, Step("max_hp", seat=e.seat, n=-1))
    eng.skills.gain(seat, "guanxing")


@policy(Moment.START_PHASE, order=22)
def play_zhiji(sim: Sim, me: Seat) -> None:
    """志继 (awakening): 1 HP back half the time when wounded, else two cards."""

    def choose() -> None:
        if me.hp < me.max_hp and sim.chance(0.5):
            sim.emit(ev.Recover(seat=me.seat, amount=1))
        else:
            sim.emit(ev.Draw(seat=me.seat, cards=sim.take(2), reason="skill", skill=SKILL.zhiji))

    C.awaken(sim, me, "zhiji", choose)


C.must_awaken("zhiji", lambda eng, s: s.hand_count == 0)


# --- 关羽 (3v3 2013) ------------------------------------------------------------------------------


@modifier("piles_emptied_on_reset")
def zhongyi_reset(value: tuple[str, ...], eng: Engine, seat: Seat) -> tuple[str, ...]:
    """忠义: 身份牌重置时，弃置你武将牌上的牌 (the 3v3 role cards' reset)."""
    return (*value, SKILL.zhongyi)


@skill("zhongyi", play=True, per_game=True)
def zhongyi(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """忠义 (seed 002 关羽): 限定技，出牌阶段，你可以将一张红色手牌置于武将牌上。你的武将牌上有牌时，己方角色使用的【杀】伤害+1。身份牌重置时，弃置你武将牌上的牌."""
    cards = list(e.cards or [])
    c = C.card(cards[0]) if len(cards) == 1 else None
    if len(cards) != 1 or (c is not None and not c.is_red):
        eng.report(R.S_CONDITION, e.seat, "忠义 puts one red hand card on your general", observed=cards)
    eng.skills.implied_payment(seat, cards, "pile:忠义")
    eng.take_from_hand(seat, cards)
    pile = seat.piles.setdefault(SKILL.zhongyi, Counter())
    for x in cards:
        if x != "?":
            pile[x] += 1
    eng.skills.state["zhongyi_round"] = eng.round


@policy(Moment.PLAY_ACTION, order=170)
def play_zhongyi(sim: Sim, me: Seat) -> bool:
    """忠义 (2013 3v3, once a game; not FreeKill's skill of that name): now and then, a red hand card."""
    red = [c for c in sim.hand_of(me.seat) if parse_card(c).is_red]
    own = me.general.skills if me.general is not None else ()
    if "zhongyi" not in own or (me.seat, "zhongyi") in sim.eng.skills.used_once or not red or not sim.chance(0.2):
        return False
    sim.invoke(ev.Skill(seat=me.seat, skill=SKILL.zhongyi, cards=[sim.rng.choice(red)]))
    return True


@watch_after("zhongyi")
def zhongyi_bonus(eng: Engine, e: ev.Event, seat: Seat) -> None:
    """While the pile holds a card: +1 damage for the 杀 of 关羽's side; the card goes when the identity cards reset."""
    pile = seat.piles.get(SKILL.zhongyi)
    if not pile:
        return
    if eng.round != eng.skills.state.get("zhongyi_round"):
        eng.to_discard(list(pile.elements()))
        pile.clear()
        return
    if isinstance(e, ev.Use) and F.used_name(e) == CARD.slash and e.seat in C.allies(eng, seat.seat, include_self=True):
        cf = slash_of(eng, e.seat)
        if cf is not None:
            cf.amount += 1


# --- 关羽 (FreeKill 3v3) --------------------------------------------------------------------------

#: the pile of the 3v3 mode's 忠义 (“义”)
YI = "义"


def _yi_left(seat: Seat) -> int:
    """The 义 on the seat (a pile whose cards were all moved away keeps its name with nothing in it)."""
    return sum(n for n in seat.piles.get(YI, {}).values() if n > 0)


@skill("v33__zhongyi", play=True)
def v33_zhongyi(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """忠义 (FreeKill 3v3 关羽): 出牌阶段，若你没有“义”，你可以将任意张红色牌置为“义”。当己方角色使用【杀】对对方角色造成伤害时，你移去一张“义”，令此伤害+1."""
    cards = list(e.cards or [])
    if _yi_left(seat):
        eng.report(R.S_CONDITION, e.seat, "忠义 puts cards as 义 only while you have none",
                   observed=f"{_yi_left(seat)} 义")
    bad = [x for x in cards if (c := C.card(x)) is not None and not c.is_red]
    if not cards or bad:
        eng.report(R.S_CONDITION, e.seat, "忠义 puts red cards as 义", observed=cards)
    eng.skills.implied_payment(seat, cards, f"pile:{YI}")
    eng.take_from_hand(seat, cards, allow_equip=True)
    pile = seat.piles.setdefault(YI, Counter())
    for x in cards:
        if x != "?":
            pile[x] += 1
fk_traits("v33__zhongyi", "zhongyi", "v33__zhongyi", cost=True, pile=YI, spends_pile=True)  # the 3v3 mode calls it zhongyi


@policy(Moment.PLAY_ACTION, order=60)
def play_v33_zhongyi(sim: Sim, me: Seat) -> bool:
    """忠义 (FreeKill 3v3): with no 义 left, sometimes one or two red hand cards as 义."""
    reds = [c for c in sim.hand_of(me.seat) if parse_card(c).is_red]
    if me.general is None or "v33__zhongyi" not in me.general.skills:  # not the 2013 忠义 (same name)
        return False
    if sum(me.piles.get(YI, {}).values()) or not reds or not sim.chance(0.3):
        return False
    sim.invoke(ev.Skill(seat=me.seat, skill=SKILL.v33__zhongyi,
                        cards=sim.rng.sample(reds, sim.rng.randint(1, min(2, len(reds))))))
    return True


@policy(Moment.SLASH_HITS, order=10)
def spend_yi(sim: Sim, frame: CardEffect, t: int) -> None:
    """忠义 (FreeKill 3v3): the 杀 of 关羽's side hits one of the other side while 义 are left: one 义 goes to the
    discard pile (the engine counts the damage's extra point)."""
    us, ts = sim.seat(frame.user), sim.seat(t)
    for g in sorted(sim.eng.table.seats):
        gs = sim.seat(g)
        left = sorted(gs.piles[YI].elements()) if YI in gs.piles else []
        if gs.alive and left and gs.general is not None and "v33__zhongyi" in gs.general.skills \
                and us.side == gs.side and ts.side != gs.side:
            sim.emit(ev.Move(cards=[left[0]], from_=ev.Place(zone=f"pile:{YI}", seat=g),
                             to=ev.Place(zone="discard"), reason=SKILL.v33__zhongyi))
            return


@watch_after("v33__zhongyi")
def v33_zhongyi_bonus(eng: Engine, e: ev.Event, seat: Seat) -> None:
    """While 义 are left: a 杀 of 关羽's side used on the other side deals 1 more (the 义 it spends is moved
    by the log)."""
    if not _yi_left(seat) or not isinstance(e, ev.Use) or F.used_name(e) != CARD.slash:
        return
    if e.seat not in C.allies(eng, seat.seat, include_self=True):
        return
    if not set(e.targets or []) <= set(C.enemies(eng, seat.seat)):
        return
    cf = slash_of(eng, e.seat)
    if cf is not None:
        cf.amount += 1


# --- 黄权 (FreeKill 3v3) --------------------------------------------------------------------------


@skill("choujin", timing=Timing.ALWAYS)
def choujin(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """筹进 (FreeKill 3v3 黄权): 锁定技，亮将结束后，你选择一名对方角色：每回合限两次，当己方角色对该角色造成伤害后，该己方角色摸一张牌.

    The first invocation (before the first turn) names the enemy; each later one is the draw of the
    teammate whose damage to that enemy was just taken.
    """
    st = eng.skills.state
    key = f"choujin:{e.seat}"
    if key not in st:
        targets = list(e.targets or [])
        if eng.turns_taken or len(targets) != 1 or targets[0] not in C.enemies(eng, e.seat):
            eng.report(R.S_CONDITION, e.seat, "筹进 names one character of the other side once the generals are shown",
                       expected="one enemy, before the first turn", observed=targets)
        st[key] = targets[0] if targets else None
        return
    marked = st[key]
    hit = eng.last_damage.get(marked) if isinstance(marked, int) else None
    source = hit.source if hit is not None else None
    if source is None or source not in C.allies(eng, e.seat, include_self=True):
        eng.report(R.S_CONDITION, e.seat, "筹进 draws for a character of your side that damaged the chosen enemy",
                   observed=f"last damage to seat {marked} from seat {source}")
        return
    used = st.get(f"choujin-turn:{e.seat}")
    count = used[1] if isinstance(used, tuple) and used[0] == eng.turns_taken else 0
    if count >= 2:
        eng.report(R.S_LIMIT, e.seat, "筹进 draws at most twice per turn", expected=2, observed=count + 1)
    st[f"choujin-turn:{e.seat}"] = (eng.turns_taken, count + 1)
    C.effect(eng, e, Step("draw", seat=source, n=1))
fk_traits("choujin", target_mark="@@choujin")


@skill("zhongjianh", play=True, per_turn=1)
def zhongjianh(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """忠谏 (FreeKill 3v3 黄权): 出牌阶段限一次，你可以交给一名己方其他角色一张牌，然后你摸一张牌."""
    cards = list(e.cards or [])
    targets = list(e.targets or [])
    if len(cards) != 1 or len(targets) != 1 or targets[0] not in C.allies(eng, e.seat):
        eng.report(R.S_CONDITION, e.seat, "忠谏 gives one card to another character of your side",
                   expected="one card, one teammate", observed=f"cards {cards}, targets {targets}")
        return
    C.give(eng, seat, cards, targets[0], equip=True)
    C.effect(eng, e, Step("draw", seat=e.seat, n=1))
fk_traits("zhongjianh", cost=True)


@policy(Moment.PLAY_ACTION, "zhongjianh", order=50)
def play_zhongjianh(sim: Sim, me: Seat) -> bool:
    """忠谏 (FreeKill 3v3), sometimes: a card to a teammate, then a draw."""
    mates = [t for t in sim.eng.table.order_from(me.seat, include_first=False)
             if me.side is not None and sim.seat(t).side == me.side]
    given = sim.places_of(me.seat)
    if sim.skill_limits()[SKILL.zhongjianh] or not mates or not given or not sim.chance(0.3):
        return False
    sim.invoke(ev.Skill(seat=me.seat, skill=SKILL.zhongjianh, targets=[sim.rng.choice(mates)],
                        cards=[sim.rng.choice([c for _, c in given])]))
    return True


# --- 赵云 (3v3 2013) ------------------------------------------------------------------------------


@modifier("alive_at_zero")
def jiuzhu_fault(value: bool, eng: Engine, seat: Seat) -> bool:
    """Engine behaviour, not a rule (``undead_after_failed_rescue``, FreeKill 3v3 only): the engine's 救主
    fails when the rescue reaches 赵云 — a living teammate of the dying character with 救主, more than 1 HP
    and a card — so the rescue is abandoned and the character stays alive at HP ≤ 0 and plays on. That dying
    state is then over: 赵云 losing his cards or his HP later (反馈 after the damage, his last card used)
    does not bring it back; the next damage or loss of HP is a new one."""
    if value or seat.hp > 0:
        return value
    frame = next((f for f in reversed(eng.stack) if isinstance(f, F.DyingFrame) and f.seat == seat.seat
                  and not f.died and not f.rescued), None)
    undead = (frame is not None and frame.spared) or jiuzhu_undead(eng, seat)
    if undead:
        if frame is not None:
            frame.spared = True
        eng.engine_behaviour(f"seat {seat.seat} stays alive at {seat.hp} HP: the engine's {SKILL.jiuzhu} aborted the rescue "
                             "(undead_after_failed_rescue)")
    return undead


def jiuzhu_undead(eng: Engine, seat: Seat) -> bool:
    """``undead_after_failed_rescue`` holds for ``seat`` now: the ruleset has the fault, the seat is at
    HP ≤ 0 and a living teammate has 救主, more than 1 HP and a card (the rescue would stop at him)."""
    if not eng.rs.p.undead_after_failed_rescue or seat.side is None or seat.hp > 0:
        return False
    return any(o.alive and o.seat != seat.seat and o.side == seat.side and o.has_skill(SKILL.jiuzhu)
               and o.hp > 1 and bool(o.hand_count or o.equip) for o in eng.table.seats.values())


@skill("jiuzhu", timing=Timing.DYING)
def jiuzhu(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """救主 (seed 002 赵云): 当己方一名其他角色处于濒死状态时，你可以失去1点体力并弃置一张牌，然后该角色回复1点体力。◆你的体力值为1时不能发动“救主”."""
    dying = next((f.seat for f in reversed(eng.stack) if isinstance(f, F.DyingFrame) and not f.died), None)
    if dying is None or dying == e.seat or dying not in C.allies(eng, e.seat):
        eng.report(R.S_TIMING, e.seat, "救主 is used while another character of your side is dying",
                   observed="no teammate dying" if dying is None else f"seat {dying} dying")
        return
    if seat.hp <= 1:
        eng.report(R.S_CONDITION, e.seat, "救主 cannot be used at 1 HP", observed=f"{seat.hp} HP")
    cards = list(e.cards or [])
    if len(cards) != 1:
        eng.report(R.S_CONDITION, e.seat, "救主 discards one card", expected=1, observed=len(cards))
    C.pay(eng, seat, cards)
    C.effect(eng, e, Step("lose_hp", seat=e.seat, n=1), Step("recover", seat=dying, n=1))


@policy(Moment.RESCUE, "jiuzhu", order=10)
def play_jiuzhu(sim: Sim, me: Seat, dying: int) -> bool:
    """救主 (FreeKill 3v3 赵云), often, for a dying teammate: 1 HP and a card for its 1 HP. True: under FreeKill's
    fault (``undead_after_failed_rescue``) the rescue stops at him and that dying state is over."""
    s = sim.seat(dying)
    if me.seat == dying or me.side is None or me.side != s.side or me.hp <= 1 or not sim.places_of(me.seat) or s.hp > 0:
        return False
    if sim.chance(0.6):
        sim.invoke(ev.Skill(seat=me.seat, skill=SKILL.jiuzhu, cards=[sim.rng.choice([c for _, c in sim.places_of(me.seat)])]))
    # FreeKill's 救主 fault: the character plays on at HP ≤ 0 (what 救主 set off, a chain's damage, may have followed)
    return bool(sim.rs.p.undead_after_failed_rescue and s.hp <= 0 and F.survives_at_zero(sim.eng, s))


DYING_ANYWAY.append(jiuzhu_undead)


# --- conversions (当作 …使用或打出) ------------------------------------------------------------------


@conversion(SKILL.wusheng, {CARD.slash})
def wusheng_card(c: Any, as_name: str) -> bool:
    """武圣 (关羽): a red card as 杀."""
    return bool(c.is_red)


@conversion(SKILL.longdan, {CARD.slash, CARD.jink}, hand_only=True)
def longdan_card(c: Any, as_name: str) -> bool:
    """龙胆 (赵云): a 杀 as 闪, a 闪 as 杀."""
    return bool(c.name != as_name and c.name in (CARD.slash, CARD.jink))


@modifier("use_limit")
def paoxiao_limit(value: int | None, eng: Engine, user: Seat, card: str) -> int | None:
    """咆哮 (张飞): 出牌阶段，你可以使用任意数量的【杀】 (also a version the ruleset leaves unchecked: not known)."""
    if card == CARD.slash and (user.has_skill(SKILL.paoxiao) or C.unchecked(eng, user.seat, SKILL.paoxiao)):
        return None
    return value


# --- 庞统 ---------------------------------------------------------------------------------------


@skill("niepan", per_game=True, timing=Timing.DYING)
def niepan(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """涅槃 (火, 庞统): 限定技，当你处于濒死状态时，你可以丢弃你所有的牌和你判定区里的牌，并重置你的武将牌，然后摸三张牌且体力回复至3点.

    The cards go to the discard pile with the ``skill`` event (implied; a ``discard`` that writes
    them anyway is accepted); 重置 unchains him; then a ``draw`` of 3 and a ``recover`` up to 3 HP
    (to his max HP when it is lower), in either order.
    """
    if seat.hp > 0 or not any(isinstance(f, F.DyingFrame) and f.seat == e.seat for f in eng.stack):
        eng.report(R.S_TIMING, e.seat, "涅槃 is used while you are dying", expected="dying", observed=f"{seat.hp} HP")
        return
    C.pay(eng, seat, [*seat.hand.elements(), *seat.equip.values()])
    seat.hidden = 0
    eng.to_discard(seat.judge)
    seat.judge.clear()
    seat.judge_as.clear()
    seat.chained = False
    C.effect(eng, e, Step("draw", seat=e.seat, n=3), Step("recover", seat=e.seat, n=min(3, seat.max_hp) - seat.hp),
             ordered=False)


@policy(Moment.DYING, "niepan", order=10)
def play_niepan(sim: Sim, me: Seat) -> bool:
    """涅槃 (once a game), mostly: all his cards go, he draws three and is back at 3 HP. True: out of danger."""
    if (me.seat, "niepan") in sim.eng.skills.used_once or not sim.chance(0.8):
        return False
    sim.invoke(ev.Skill(seat=me.seat, skill=SKILL.niepan))
    return me.hp > 0


@skill("lianhuan", timing=Timing.CARD_NEEDED)
def lianhuan(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """连环 (火, 庞统): 出牌阶段，你可以将你任意一张梅花手牌当【铁索连环】使用或重铸 (checked on the use, and on the
    ``recast`` naming 连环 by the recast's own handler through this conversion)."""


@conversion(SKILL.lianhuan, {CARD.iron_chain}, hand_only=True)
def lianhuan_card(c: Any, as_name: str) -> bool:
    """连环 (庞统): a ♣ hand card as 铁索连环."""
    return bool(c.suit == Suit.CLUB)


# --- 卧龙诸葛亮 -----------------------------------------------------------------------------------


@skill("bazhen", timing=Timing.ALWAYS)
def bazhen(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """八阵 (火, 卧龙诸葛亮): 锁定技，当你没装备防具时，始终视为你装备着【八卦阵】.

    Announced like the armour (a ``skill`` event naming 八阵 or 八卦阵, a ``judge`` with either as
    its reason) when a 闪 is asked of him; the armour's rules then apply (青釭剑 ignores it too).
    """
    frame = eng.top(CardEffect)
    if frame is None or frame.need != CARD.jink or frame.head != e.seat:
        eng.unverifiable_because("八阵 outside a 闪 demand the engine tracks")


@watch_before("bazhen", events=(ev.Skill, ev.Judge))
def bazhen_no_armour(eng: Engine, e: ev.Event, seat: Seat) -> None:
    """八阵 works only while no armour is worn (an equipped 八卦阵 is the card itself)."""
    if not isinstance(e, (ev.Skill, ev.Judge)) or e.seat != seat.seat:
        return
    what = e.skill if isinstance(e, ev.Skill) else e.reason
    if what not in (SKILL.bazhen, CARD.eight_diagram):
        return
    armour = seat.armor()
    if armour is not None and armour != CARD.eight_diagram:
        eng.report(R.S_CONDITION, e.seat, f"八阵: {armour} is worn, so there is no 八卦阵",
                   expected="no armour", observed=armour)


@effect_rule
class BazhenJudgement(EightTrigrams):
    """八阵's judgement (``reason: 八阵``) inside a 杀's or 万箭齐发's resolution: 八卦阵's, under the skill's name."""

    events = (ev.Respond, ev.Judge)

    def wants(self, frame: CardEffect, eng: Engine, e: ev.Respond | ev.Judge) -> bool:
        if isinstance(e, ev.Respond):
            return e.skill == SKILL.bazhen and e.seat == frame.given_answer
        return e.seat == frame.head and e.reason == SKILL.bazhen

    def held_by(self, seat: Seat) -> bool:
        return False

    def stops(self, frame: CardEffect, eng: Engine, seat: Seat, current: bool) -> bool:
        return False


@skill("huoji", timing=Timing.CARD_NEEDED)
def huoji(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """火计 (火, 卧龙诸葛亮): 出牌阶段，你可以将你的任意一张红色手牌当【火攻】使用 (checked on the use)."""


@conversion(SKILL.huoji, {CARD.fire_attack}, hand_only=True)
def huoji_card(c: Any, as_name: str) -> bool:
    """火计 (卧龙诸葛亮): a red hand card as 火攻."""
    return bool(c.is_red)


@skill("kanpo", timing=Timing.CARD_NEEDED)
def kanpo(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """看破 (火, 卧龙诸葛亮): 你可以将你的任意一张黑色手牌当【无懈可击】使用 (checked on the use)."""


@conversion(SKILL.kanpo, {CARD.nullification}, hand_only=True)
def kanpo_card(c: Any, as_name: str) -> bool:
    """看破 (卧龙诸葛亮): a black hand card as 无懈可击."""
    return bool(c.is_black)


# --- 关羽 马超 (1v1): 登场时 ------------------------------------------------------------------------


def _entry_use(eng: Engine, e: ev.Skill, card_name: str, skill_name: str) -> None:
    """A skill of the moment its general enters play (1v1, 登场时) that lets it use a card at the opponent (at any
    other moment the engine's timing check reports it)."""
    C.grants(eng).append((e.seat, card_name, skill_name))
    C.effect(eng, e, Step("use", seat=e.seat, check=C.used_as(card_name, skill_name)))


@skill("huwei", timing=Timing.ENTER)
def huwei(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """虎威 (《2013 王者之战 比赛规则》 1V1 关羽): 你登场时，你可视为对对手使用一张【水淹七军】."""
    _entry_use(eng, e, CARD.drowning, SKILL.huwei)
fk_traits("huwei", "huwei", "v11__huwei")  # FreeKill's 1v1 mode calls it v11__huwei


@skill("xiaoxi", timing=Timing.ENTER)
def xiaoxi(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """骁袭 (《2013 王者之战 比赛规则》 1V1 马超): 你登场时，你可视为对对手使用一张【杀】."""
    _entry_use(eng, e, CARD.slash, SKILL.xiaoxi)
fk_traits("xiaoxi", "xiaoxi", "v11__xiaoxi")  # FreeKill's 1v1 mode calls it v11__xiaoxi


# --- 祝融 (1v1) ------------------------------------------------------------------------------------


@skill("manyi", timing=Timing.ENTER)
def manyi(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """蛮裔 (《2013 王者之战 比赛规则》 1V1 祝融): 你登场时，你可视为对对手使用一张【南蛮入侵】；【南蛮入侵】对你无效."""
    _entry_use(eng, e, CARD.savage_assault, SKILL.manyi)


@policy(Moment.ENTERS, "huwei", order=10, modes=("1v1",))
def play_huwei(sim: Sim, me: Seat) -> bool:
    """虎威 (1v1), mostly, as he enters: a 水淹七军 (no card) at the opponent."""
    return C.enter_with(sim, me, SKILL.huwei, CARD.drowning)


@policy(Moment.ENTERS, "xiaoxi", order=20, modes=("1v1",))
def play_xiaoxi(sim: Sim, me: Seat) -> bool:
    """骁袭 (1v1), mostly, as he enters: a 杀 (no card) at the opponent."""
    return C.enter_with(sim, me, SKILL.xiaoxi, CARD.slash)


@policy(Moment.ENTERS, "manyi", order=30, modes=("1v1",))
def play_manyi(sim: Sim, me: Seat) -> bool:
    """蛮裔 (1v1), mostly, as she enters: a 南蛮入侵 (no card)."""
    return C.enter_with(sim, me, SKILL.manyi, CARD.savage_assault)


@watch_after("manyi", events=(ev.Use,))
def manyi_void(eng: Engine, e: ev.Event, seat: Seat) -> None:
    savage_assault_void(eng, e, seat)


@watch_before("lieren", "kuangfu", events=(ev.Damage,))
def slash_damage(eng: Engine, e: ev.Event, seat: Seat) -> None:
    """The damage the seat's 杀 deals (its card a 杀, or inside its 杀's resolution at that target): the
    moment of 烈刃 and 狂斧 (使用【杀】对目标角色造成伤害后)."""
    if not isinstance(e, ev.Damage) or e.source != seat.seat:
        return
    k = C.card(e.card) if e.card else None
    frame = slash_of(eng, seat.seat)
    by_slash = (k.name == CARD.slash) if k is not None else (frame is not None and frame.head == e.target)
    eng.skills.state[f"slash_damage:{seat.seat}"] = e if by_slash else None


def after_slash_damage(eng: Engine, e: ev.Skill, t: int, sid: str) -> bool:
    """A skill of the moment after the user's 杀 damaged its target ``t`` (烈刃, 狂斧): once per damage;
    reports the timing or the limit."""
    w = eng.skills.damaged.get(t)
    if w is None or w.damage.source != e.seat or eng.skills.state.get(f"slash_damage:{e.seat}") is not w.damage:
        eng.report(R.S_TIMING, e.seat, f"{e.skill} is used after your 杀 deals damage to its target",
                   expected=f"damage to seat {t} by your 杀", observed="no such damage just now")
        return False
    if w.uses[sid]:
        eng.report(R.S_LIMIT, e.seat, f"{e.skill}: once for this damage", expected=1, observed=w.uses[sid] + 1)
    w.uses[sid] += 1
    return True


@skill("lieren", timing=Timing.DEAL_DAMAGE)
def lieren(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """烈刃 (official text, 祝融): 每当你使用【杀】对目标角色造成伤害后，你可以与其拼点，若你赢，你获得该角色的一张牌.

    ``skill`` (``targets``: the character the 杀 just damaged) → ``pindian`` → if won, the ``move`` of
    one of its cards (hand or equipment) to 祝融's hand.
    """
    t = C.pindian_target(eng, e, seat, "the character your 杀 damaged")
    if t is None or not after_slash_damage(eng, e, t, "lieren"):
        return
    frame = C.effect(eng, e)

    def result(en: Engine, won: bool | None) -> None:
        ts = en.seat(t)
        if won and ts is not None:
            frame.add(Step("move", seat=t, n=1, from_zone="hand|equip", to_seat=e.seat, to_zone=Zone.HAND,
                           optional=C.card_count(ts) == 0))

    frame.add(C.pindian_step(eng, e, t, result))


@policy(Moment.SLASH_ENDS, "lieren", order=10, modes=("1v1", "hegemony"))
def play_lieren(sim: Sim, user: int, t: int) -> None:
    """烈刃: mostly, after her 杀 damaged its target, a 拼点 with it; won, one of its cards."""
    w = sim.eng.skills.damaged.get(t)
    if w is None or w.damage.source != user or w.uses["lieren"] or not sim.alive(user) or not sim.alive(t) \
            or not sim.seat(user).hand_count or not sim.seat(t).hand_count or not sim.chance(0.7):
        return
    sim.emit(ev.Skill(seat=user, skill=SKILL.lieren, targets=[t]))
    mine, theirs = sim.rng.choice(sim.hand_of(user)), sim.rng.choice(sim.hand_of(t))
    sim.emit(ev.Pindian(seat=user, target=t, cards=[mine, theirs]))
    if parse_card(mine).rank > parse_card(theirs).rank and sim.seat(t).hand_count + len(sim.seat(t).equip):
        zone, c = sim.rng.choice(sim.places_of(t))
        seq = sim.eng.frame_seq
        sim.emit(ev.Move(cards=[c], from_=ev.Place(zone=zone, seat=t), to=ev.Place(zone="hand", seat=user),
                         reason=SKILL.lieren))
        sim.fulfil(after=seq)  # 白银狮子 taken from the equipment area: its recovery


# --- 國戰: 刘禅 甘夫人 祝融 ----------------------------------------------------------------------------------


@skill("xiangle", timing=Timing.BECOME_TARGET, own_window=True)
def xiangle(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """享乐 (國戰 刘禅): 锁定技，每当你成为其他角色使用【杀】的目标时，你令其选择是否弃置一张基本牌，若其选择否或其已死亡，此次对你结算的此【杀】对你无效
    (applied to the 杀 whether announced or not: see :class:`Xiangle`; an announcement is not checked, its window
    being any of the 杀's targets, not only the one answering now)."""


@policy(Moment.SLASH_USED, order=10)
def play_xiangle(sim: Sim, frame: CardEffect) -> None:
    """享乐 (國戰 刘禅, locked): for each target with it, the 杀's user discards a basic card most of the time it can
    (else the 杀 is void for it)."""
    for t in list(frame.queue):
        if t == frame.user or not sim.seat(t).has_skill(SKILL.xiangle):
            continue
        sim.skills[SKILL.xiangle] += 1  # a locked skill: it acts with no `skill` event
        basics = [c for c in sim.hand_of(frame.user) if parse_card(c).type == "basic"]
        if basics and sim.chance(0.6):
            sim.emit(ev.Discard(seat=frame.user, cards=[sim.rng.choice(basics)]))


def _xiangle_paid(eng: Engine, frame: CardEffect) -> set[int]:
    paid: set[int] = eng.skills.state.setdefault("xiangle", {}).setdefault(frame.uid, set())
    return paid


def _xiangle_due(eng: Engine, frame: CardEffect) -> list[int]:
    """The targets of ``frame`` (a 杀) with 享乐 whose toll its user has not paid yet, in the frame's order."""
    if frame.name != CARD.slash:
        return []
    paid = _xiangle_paid(eng, frame)
    return [t for t in frame.queue if t != frame.user and t not in paid and (s := eng.seat(t)) is not None
            and owns(s, "xiangle")]


@effect_rule
class Xiangle(EffectRule):
    """享乐: the user of a 杀 at 刘禅 discards a basic card as he becomes its target (a ``discard`` by the user
    right after the ``use``, before his resolution begins), or the 杀 has no effect on him: no 闪 asked,
    no damage."""

    events = (ev.Discard,)

    def wants(self, frame: CardEffect, eng: Engine, e: Any) -> bool:
        if not isinstance(e, ev.Discard) or e.seat != frame.user or len(e.cards) != 1:
            return False
        due = _xiangle_due(eng, frame)
        c = C.card(e.cards[0])
        return bool(due) and not (due[0] == frame.head and frame.started) and (c is None or c.type == "basic")

    def offer(self, frame: CardEffect, eng: Engine, e: Any) -> bool | None:
        user = eng.seat(e.seat)
        if user is None:
            return None
        _xiangle_paid(eng, frame).add(_xiangle_due(eng, frame)[0])
        eng.take_from_hand(user, e.cards)
        eng.to_discard(e.cards)
        return True

    @staticmethod
    def _void(frame: CardEffect, eng: Engine, seat: Seat) -> bool:
        return seat.seat in _xiangle_due(eng, frame)

    def stops(self, frame: CardEffect, eng: Engine, seat: Seat, current: bool) -> bool:
        return self._void(frame, eng, seat)

    def objection(self, frame: CardEffect, eng: Engine, seat: Seat) -> str | None:
        if self._void(frame, eng, seat):
            return f"享乐: seat {frame.user} discarded no basic card, so the 杀 has no effect on seat {seat.seat}"
        return None

    def voids(self, frame: CardEffect, eng: Engine, seat: Seat) -> bool:
        return self._void(frame, eng, seat)


@skill("fangquan", timing=Timing.TURN_END)
def fangquan(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """放权 (國戰 刘禅): 你可以跳过出牌阶段，若如此做，此回合结束时，你可以弃置一张手牌并选择一名其他角色，若如此做，其获得一个额外的回合.

    Two ``skill`` events: one with no cards in his turn before the play phase → its ``phase_skip``; then, at
    the end of that turn (in or after its finish phase), one with ``cards`` (a hand card, discarded: implied)
    and ``targets`` (another character) → that character's extra ``turn`` comes next, and the seat order
    goes on from 刘禅 after it."""
    done: set[tuple[int, int]] = eng.skills.state.setdefault("fangquan", set())
    key = (eng.turns_taken, e.seat)
    if not e.cards:
        if C.need_phase(eng, e, "in your turn before its play phase", None, "start", "judge", "draw"):
            eng.skipped_phases.add("play")
            done.add(key)
            C.effect(eng, e, Step("phase_skip", seat=e.seat, reason="play", optional=True))
        return
    if key not in done or not C.need_phase(eng, e, "as the turn in which you skipped the play phase ends", "finish", "discard"):
        if key not in done:
            eng.report(R.S_CONDITION, e.seat, "放权 gives an extra turn only after skipping your play phase this turn",
                       expected="the play phase skipped by 放权", observed="no play phase skipped by it")
        return
    done.discard(key)
    cards = list(e.cards or [])
    if len(cards) != 1 or (seat.hand[cards[0]] == 0 and not seat.hidden):
        eng.report(R.S_CONDITION, e.seat, "放权 discards one hand card", expected="one hand card", observed=cards)
    C.pay(eng, seat, cards, equip=False)
    t = C.one_other_target(eng, e, "another character")
    if t is not None:
        eng.grant_extra_turn(t)


@policy(Moment.PHASE_SKIP, order=30)
def play_fangquan(sim: Sim, me: Seat, phase: str) -> bool:
    """放权 (國戰 刘禅), now and then: the play phase skipped, for an extra turn given at the end of this one."""
    if phase != "play":
        return False
    sim.notes["fangquan_due"] = False
    if not me.has_skill(SKILL.fangquan) or not sim.chance(0.3):
        return False
    sim.emit(ev.Skill(seat=me.seat, skill=SKILL.fangquan))
    sim.emit(ev.PhaseSkip(seat=me.seat, phase="play", reason=SKILL.fangquan))
    sim.notes["fangquan_due"] = True
    return True


@policy(Moment.FINISH_PHASE, order=40)
def play_fangquan_end(sim: Sim, me: Seat) -> None:
    """放权, at the end of a turn whose play phase it skipped: mostly a hand card for another character's extra turn
    (not one whose next turn is to be skipped)."""
    due, sim.notes["fangquan_due"] = sim.notes.get("fangquan_due", False), False
    others = [t for t in sim.eng.table.order_from(me.seat, include_first=False) if t not in sim.skipped_turn]
    if due and me.alive and me.hand_count and others and sim.chance(0.8):
        t = sim.rng.choice(others)
        sim.emit(ev.Skill(seat=me.seat, skill=SKILL.fangquan, cards=[sim.rng.choice(sim.hand_of(me.seat))], targets=[t]))
        sim.extra_turns.append(t)


@skill("shenzhi", timing=Timing.START_PHASE, when="as your start phase begins")
def shenzhi(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """神智 (國戰 甘夫人): 准备阶段开始时，你可以弃置所有手牌，然后若你以此法弃置的手牌数不小于X（X为你的体力值），你回复1点体力.

    ``skill`` with ``cards`` = every hand card (discarded: implied) → a ``recover`` of 1 when they are at
    least her HP (none otherwise)."""
    cards = list(e.cards or [])
    held = seat.hand_count
    if not cards or len(cards) != held:
        eng.report(R.S_CONDITION, e.seat, "神智 discards every hand card", expected=f"{held} hand cards",
                   observed=cards)
    C.pay(eng, seat, cards, equip=False)
    if len(cards) >= seat.hp:
        C.effect(eng, e, Step("recover", seat=e.seat, n=1))
    else:
        C.effect(eng, e, Step("recover", seat=e.seat, forbid=True, optional=True))


@policy(Moment.START_PHASE, "shenzhi", order=10)
def play_shenzhi(sim: Sim, me: Seat) -> None:
    """神智 (國戰 甘夫人), mostly when wounded and holding at least her HP in cards: every hand card, for 1 HP."""
    if me.hand_count >= max(me.hp, 1) and me.hp < me.max_hp and sim.chance(0.7):
        sim.invoke(ev.Skill(seat=me.seat, skill=SKILL.shenzhi, cards=sim.hand_of(me.seat)))


@watch_before("shushen", events=(ev.Recover,))
def shushen_before(eng: Engine, e: ev.Event, seat: Seat) -> None:
    eng.skills.state[f"shushen_hp:{seat.seat}"] = seat.hp


@watch_after("shushen", events=(ev.Recover,))
def shushen_chance(eng: Engine, e: ev.Event, seat: Seat) -> None:
    """Each point of HP she has just recovered is one chance of 淑慎."""
    before = eng.skills.state.pop(f"shushen_hp:{seat.seat}", seat.hp)
    if isinstance(e, ev.Recover) and e.seat == seat.seat and seat.alive and seat.hp > before:
        eng.skills.chances[(seat.seat, "shushen")] += seat.hp - before


@skill("shushen", timing=Timing.RECOVERED, chance=Words("淑慎 follows each point of HP you recover",
                                                         expected="right after a recovery",
                                                         observed="no recovery (or no point) left"))
def shushen(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """淑慎 (國戰 甘夫人): 每当你回复1点体力后，你可以令与你势力相同的一名其他角色摸一张牌.

    ``skill`` (``targets``: another character of her kingdom) right after a ``recover`` of hers, once per
    point recovered → its ``draw`` of 1."""
    t = C.one_other_target(eng, e, "another character of your kingdom")
    if t is None:
        return
    if not eng.mode.same_kingdom(e.seat, t):
        eng.report(R.S_CONDITION, e.seat, f"淑慎: seat {t} is not of your kingdom (与你势力相同)",
                   expected=eng.mode.kingdom_of(e.seat), observed=eng.mode.kingdom_of(t))
        return
    C.effect(eng, e, Step("draw", seat=t, n=1))


@policy(Moment.CHANCE, key="shushen", order=1)
def play_shushen(sim: Sim, me: Seat, e: ev.Event, times: int) -> None:
    """淑慎 (國戰 甘夫人): mostly, for each point of HP recovered, another of her kingdom draws one."""
    seat = me.seat
    for _ in range(times):
        mates = [t for t in sim.eng.table.order_from(seat, include_first=False) if sim.eng.mode.same_kingdom(seat, t)]
        if mates and sim.alive(seat) and sim.chance(0.8):
            sim.invoke(ev.Skill(seat=seat, skill=SKILL.shushen, targets=[sim.rng.choice(mates)]))


@skill("juxiang", timing=Timing.ALWAYS)
def juxiang(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """巨象 (國戰 祝融): 锁定技，【南蛮入侵】对你无效；锁定技，每当其他角色使用的【南蛮入侵】因结算完毕而置入弃牌堆后，你获得之
    (applied to the card: she is no target; once it is over, its cards are hers, implied)."""


SILENT_USES["juxiang"] = lambda eng: int(eng.skills.state.get("juxiang_taken", 0))  # the 南蛮入侵 巨象 took


@watch_after("juxiang", events=(ev.Use,))
def juxiang_void(eng: Engine, e: ev.Event, seat: Seat) -> None:
    """A 南蛮入侵 another character uses: she leaves its targets (as 祸首 does), and the card is noted."""
    f = savage_assault_void(eng, e, seat)
    if f is not None and isinstance(e, ev.Use) and e.seat != seat.seat:
        cards = [e.card] if e.card is not None else list(e.cards or [])
        eng.skills.state.setdefault(f"juxiang:{seat.seat}", []).append((f, cards))


@watch_after("juxiang")
def juxiang_gain(eng: Engine, e: ev.Event, seat: Seat) -> None:
    """The 南蛮入侵 resolved (its frame is gone): its cards, in the processing area or the discard pile, go to
    her hand (implied; an explicit ``move`` afterwards is accepted)."""
    pending = eng.skills.state.get(f"juxiang:{seat.seat}")
    if not pending:
        return
    done = [(f, cards) for f, cards in pending if f not in eng.stack]
    if not done:
        return
    eng.skills.state[f"juxiang:{seat.seat}"] = [p for p in pending if p not in done]
    if seat.alive:
        for _f, cards in done:
            eng.skills.implied_move(seat.seat, cards)
            eng.skills.state["juxiang_taken"] = eng.skills.state.get("juxiang_taken", 0) + 1
