"""魏 (wei): 曹操 司马懿 夏侯惇 张辽 许褚 郭嘉 甄姬 · 夏侯渊 曹仁 · 徐晃 文聘 · 夏侯惇 (3v3 2013) · 典韦 荀彧 (火)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sgs_replay.content.fk_traits import fk_traits
from sgs_replay.content.names import CARD, SKILL
from sgs_replay.engine import frames as F
from sgs_replay.engine.effects import Effect, Step
from sgs_replay.engine.handlers import conversion
from sgs_replay.engine.plugins import modifier, modify, target_bans
from sgs_replay.engine.skills import owns, skill, version, watch_before
from sgs_replay.engine.state import Slot, Zone
from sgs_replay.engine.timing import Timing
from sgs_replay.formats import events as ev
from sgs_replay.formats.cards import Suit, parse_card
from sgs_replay.rules import catalogue as R
from sgs_replay.skills import common as C
from sgs_replay.skills.policy import KEPT_JUDGEMENTS, Moment, policy

if TYPE_CHECKING:
    from sgs_replay.engine.core import Engine
    from sgs_replay.engine.frames import JudgeFrame
    from sgs_replay.engine.state import Seat, Table
    from sgs_replay.skills.policy import Sim


# --- 曹操 ---------------------------------------------------------------------------------------


@skill("jianxiong", timing=Timing.DAMAGED)
def jianxiong(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """奸雄 (seed 001 曹操): 可以立即获得造成伤害的牌 — after you take damage; the card is yours (implied)."""
    w = eng.skills.after_damage(e, "jianxiong")
    if w is None or w.damage.card is None:
        return
    cards = [w.damage.card]
    last = eng.skills.last_use.get(w.damage.source or 0)
    if last is not None and last[0].as_ is not None and w.damage.card in (last[0].cards or []):
        cards = list(last[0].cards or [])  # a converted card: every physical card (丈八蛇矛's two)
    eng.skills.implied_move(e.seat, cards)
fk_traits("jianxiong", implied_gain=True)


@policy(Moment.DAMAGED, "jianxiong", order=10)
def play_jianxiong(sim: Sim, me: Seat, amount: int, source: int | None, card: str | None) -> None:
    """奸雄: mostly, while the card that dealt the damage is still in the processing area or the discard pile."""
    if card is not None and sim.chance(0.8) and sim.eng.table.processing[card] + sim.eng.table.discard[card]:
        sim.emit(ev.Skill(seat=me.seat, skill=SKILL.jianxiong))


@skill("hujia", timing=Timing.CARD_NEEDED)
def hujia(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """护驾 (seed 001 曹操, 主公技): 当需要使用（或打出）一张【闪】时 … 所有魏势力角色按行动顺序依次选择是否打出“提供”一张【闪】."""
    C.provide(eng, e, CARD.jink, "wei")
fk_traits("hujia", provides=CARD.jink)


@policy(Moment.CARD_NEEDED, "hujia", order=10)
def play_hujia(sim: Sim, me: Seat, name: str) -> bool:
    """护驾: mostly, the 魏 characters asked in turn for the 闪; each gives one it holds half the time or so."""
    return name == CARD.jink and C.ask_kingdom(sim, me.seat, SKILL.hujia, CARD.jink, "wei")


# --- 司马懿 -------------------------------------------------------------------------------------


@skill("fankui", timing=Timing.DAMAGED)
def fankui(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """反馈 (seed 001 司马懿): 可以立即从造成伤害的来源处获得一张牌 (a hand card at random, or an equipped one)."""
    w = eng.skills.after_damage(e, "fankui")
    if w is None:
        return
    src = eng.seat(w.damage.source)
    if src is None or C.card_count(src) == 0:
        eng.report(R.S_CONDITION, e.seat, "反馈 needs a damage source that has cards",
                   expected="a source with cards", observed="no source" if src is None else "the source has no cards")
        return
    C.effect(eng, e, Step("move", seat=src.seat, n=1, from_zone="hand|equip", to_seat=e.seat, to_zone=Zone.HAND))


@policy(Moment.DAMAGED, "fankui", order=20)
def play_fankui(sim: Sim, me: Seat, amount: int, source: int | None, card: str | None) -> None:
    """反馈: mostly, one card of the damage's source (a hand or an equipment card, at random)."""
    if source is None or source == me.seat or not sim.alive(source) or not sim.chance(0.8):
        return
    places = sim.places_of(source)
    if places:
        zone, c = sim.rng.choice(places)
        sim.emit(ev.Skill(seat=me.seat, skill=SKILL.fankui, targets=[source]))
        seq = sim.eng.frame_seq
        sim.emit(ev.Move(cards=[c], from_=ev.Place(zone=zone, seat=source), to=ev.Place(zone="hand", seat=me.seat),
                         reason=SKILL.fankui))
        sim.fulfil(after=seq)


@skill("guicai", timing=Timing.BEFORE_JUDGEMENT_TAKES_EFFECT)
def guicai(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """鬼才 (seed 001 司马懿): 在任意角色的判定牌生效前，可以打出一张手牌代替之 (the retrial: common.check_retrial;
    announced with no judgement pending, the engine's timing check reports it)."""
fk_traits("guicai", retrial=True)


@policy(Moment.RETRIAL, "guicai", order=10)
def play_guicai(sim: Sim, me: Seat, judged: int) -> str | None:
    """鬼才: one judgement in four, a hand card at random replaces the judgement card."""
    if not sim.hand_of(me.seat) or not sim.chance(0.25):
        return None
    card = sim.rng.choice(sim.hand_of(me.seat))
    sim.emit(ev.Retrial(seat=me.seat, card=card, skill=SKILL.guicai))
    return card


# --- 夏侯惇 -------------------------------------------------------------------------------------


def _ganglie(eng: Engine, e: ev.Skill, judge_seat: int, victim: int) -> None:
    """The judgement; unless ♥ the victim discards two hand cards or takes 1 damage from the owner."""
    lose = version(eng, "ganglie") == "000"  # 000: 需减一点体力或者弃两张手牌
    frame = C.effect(eng, e, Step("judge", seat=judge_seat, reason=SKILL.vsganglie))

    def two_hand_cards(en: Engine, d: ev.Event) -> None:
        v = en.seat(victim)
        cards = list(getattr(d, "cards", []) or [])
        if v is not None and any(c in v.equip.values() for c in cards):
            en.report(R.S_EFFECT, victim, "刚烈: the choice is to discard two hand cards", expected="two hand cards", observed=cards)

    def result(en: Engine, card: str) -> None:
        if C.suit_for(en, judge_seat, card) == Suit.HEART:
            # no damage from 刚烈's owner follows (another damage to the victim, one the chain passes on, may)
            frame.add(Step("damage", seat=victim, source=e.seat, forbid=True, rule=R.D_UNEXPECTED))
            return
        hurt = Step("lose_hp", seat=victim, n=1) if lose else Step("damage", seat=victim, source=e.seat, n=1)
        alts: tuple[Step, ...] = (Step("discard", seat=victim, n=2, check=two_hand_cards), hurt)
        if lose:
            alts = (*alts, Step("damage", seat=victim, n=1))
        frame.add(Step("choice", seat=victim, alts=alts))

    frame.steps[0].on_result = result


@skill("ganglie", timing=Timing.DAMAGED)
def ganglie(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """刚烈 (seed 001 夏侯惇): 每受到一次伤害，可进行一次判定：若结果不为红桃，则目标来源必须进行二选一：弃两张手牌或受到对其造成的1点伤害.

    Seed 000: the source judges, and loses 1 HP or discards two hand cards.
    """
    w = eng.skills.after_damage(e, "ganglie")
    if w is None:
        return
    src = w.damage.source
    if src is None or eng.seat(src) is None:
        eng.report(R.S_CONDITION, e.seat, "刚烈 needs a damage source", expected="damage with a source", observed="no source")
        return
    _ganglie(eng, e, src if version(eng, "ganglie") == "000" else e.seat, src)
fk_traits("ganglie", damage=True)


@skill("vsganglie", timing=Timing.DAMAGED)
def vsganglie(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """刚烈 (seed 002 3v3 2013, 夏侯惇): 每当你受到一次伤害后，你可以指定一名对方角色然后进行一次判定，若结果不为红桃，令其选择一项：弃置两张手牌，或受到你对其造成的1点伤害."""
    w = eng.skills.after_damage(e, "vsganglie")
    if w is None:
        return
    targets = list(e.targets or [])
    if not targets and w.damage.source in C.enemies(eng, e.seat):
        targets = [w.damage.source]  # not named: the source, when it is on the other side
    if len(targets) != 1 or targets[0] not in C.enemies(eng, e.seat):
        eng.report(R.S_CONDITION, e.seat, "刚烈 (2013) names one character of the other side",
                   expected=f"one of {C.enemies(eng, e.seat)}", observed=targets)
        return
    _ganglie(eng, e, e.seat, targets[0])
fk_traits("vsganglie", "v33__ganglie", damage=True)


@policy(Moment.DAMAGED, order=90)
def play_ganglie(sim: Sim, me: Seat, amount: int, source: int | None, card: str | None) -> None:
    """刚烈 (last of the damaged skills: its damage settles what the damage that set it off still owes), mostly:
    the source (2013 3v3: any character of the other side) discards two hand cards half the time it can, else
    takes 1 damage."""
    target, victim = me.seat, source
    g = me.general
    if g is not None and "vsganglie" in g.skills:  # chosen before the skill is looked at: the stream as it was
        enemies = [t for t in sim.eng.table.order_from(target, include_first=False)
                   if sim.seat(t).side not in (None, me.side)]
        victim = sim.rng.choice(enemies) if enemies else None
    if not me.has_skill(SKILL.ganglie) or victim is None or victim == target or not sim.alive(victim) \
            or not sim.chance(0.8):
        return
    sim.emit(ev.Skill(seat=target, skill=SKILL.ganglie, targets=[victim] if victim != source else None))
    if parse_card(sim.judge_card(target, SKILL.ganglie)).suit.name != "HEART":
        hand = sim.hand_of(victim)
        if len(hand) >= 2 and sim.chance(0.5):
            sim.emit(ev.Discard(seat=victim, cards=sim.rng.sample(hand, 2)))
        else:
            sim.damage(victim, F.damage_taken(sim.eng, sim.seat(victim), 1, "normal"), target, None, "normal")


# --- 张辽 ---------------------------------------------------------------------------------------


@skill("tuxi", timing=Timing.DRAW_PHASE)
def tuxi(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """突袭 (seed 001 张辽): 摸牌阶段，可以放弃摸牌，然后从至多两名（至少一名）角色的手牌里各抽取一张牌.

    1v1 (seed 002): 若你的手牌数小于对手的手牌数，你可以少摸一张牌，然后获得对手的一张手牌.
    """
    one_v_one = version(eng, "tuxi") == "002-1v1"
    targets = [t for t in dict.fromkeys(e.targets or []) if eng.seat(t) is not None]
    if not 1 <= len(targets) <= (1 if one_v_one else 2) or e.seat in targets:
        eng.report(R.S_CONDITION, e.seat, "突袭 takes from one or two other characters", observed=targets)
    for t in targets:
        ts = eng.seat(t)
        if ts is not None and ts.hand_count == 0:
            eng.report(R.S_CONDITION, e.seat, f"突袭: seat {t} has no hand card", observed=f"target {t}")
        elif one_v_one and ts is not None and seat.hand_count >= ts.hand_count:
            eng.report(R.S_CONDITION, e.seat, "突袭 (1v1): only with fewer hand cards than the opponent",
                       expected=f"fewer than {ts.hand_count}", observed=seat.hand_count)
    C.effect(eng, e, *[Step("move", seat=t, n=1, from_zone=Zone.HAND, to_seat=e.seat, to_zone=Zone.HAND)
                       for t in targets if t != e.seat], ordered=False)


@policy(Moment.DRAW_PHASE, "tuxi", order=50)
def play_tuxi(sim: Sim, me: Seat) -> bool:
    """突袭, half the time: instead of drawing, a hand card of one or two others (1v1: of an opponent holding more)."""
    others = [t for t in sim.eng.table.order_from(me.seat, include_first=False) if sim.seat(t).hand_count]
    most = 2
    if version(sim.eng, "tuxi") == "002-1v1":
        others, most = [t for t in others if sim.seat(t).hand_count > me.hand_count], 1
    if not others or not sim.chance(0.5):
        return False
    targets = sorted(sim.rng.sample(others, min(len(others), sim.rng.randint(1, most))))
    sim.emit(ev.Skill(seat=me.seat, skill=SKILL.tuxi, targets=targets))
    for t in targets:
        sim.emit(ev.Move(cards=[sim.rng.choice(sim.hand_of(t))], from_=ev.Place(zone="hand", seat=t),
                         to=ev.Place(zone="hand", seat=me.seat), reason=SKILL.tuxi))
    return True


# --- 许褚 ---------------------------------------------------------------------------------------


@skill("xiechan", play=True, per_game=True)
def xiechan(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """挟缠 (《2013 王者之战 比赛规则》 1V1 许褚): 限定技，出牌阶段限一次，你可以与对手拼点：若你赢，视为你对其使用一张
    【决斗】；若你没赢，视为对手对你使用一张【决斗】.

    ``skill`` (``targets``: the opponent) → ``pindian`` → the winner's ``use`` of 决斗 with no card
    (``"as": "决斗", "cards": [], "skill": "挟缠"``) at the other.
    """
    t = C.pindian_target(eng, e, seat, "the opponent")
    if t is None:
        return
    frame = C.effect(eng, e)

    def result(en: Engine, won: bool | None) -> None:
        if won is None:
            return  # a hidden 拼点 card: who uses the 决斗 is not known
        user = e.seat if won else t
        C.grants(en).append((user, CARD.duel, SKILL.xiechan))
        frame.add(Step("use", seat=user, check=C.used_as(CARD.duel, SKILL.xiechan)))

    frame.add(C.pindian_step(eng, e, t, result))
fk_traits("xiechan", "xiechan", "v11__xiechan")  # FreeKill's 1v1 mode calls it v11__xiechan


@policy(Moment.PLAY_ACTION, "xiechan", order=1, modes=("1v1",))
def play_xiechan(sim: Sim, me: Seat) -> bool:
    """挟缠 (once a game), sometimes: a 拼点 with the opponent, then the winner's 决斗 at the loser."""
    seat, other = me.seat, 3 - me.seat
    them = sim.seat(other)
    if (seat, "xiechan") in sim.eng.skills.used_once or not me.hand_count or not them.hand_count \
            or them.has_skill(SKILL.kongcheng) or not sim.chance(0.3):
        return False
    sim.emit(ev.Skill(seat=seat, skill=SKILL.xiechan, targets=[other]))
    mine, theirs = sim.rng.choice(sim.hand_of(seat)), sim.rng.choice(sim.hand_of(other))
    sim.emit(ev.Pindian(seat=seat, target=other, cards=[mine, theirs]))
    user, target = (seat, other) if parse_card(mine).rank > parse_card(theirs).rank else (other, seat)
    duel = ev.Use(seat=user, as_=CARD.duel, cards=[], skill=SKILL.xiechan, targets=[target])
    sim.emit(duel)
    sim.resolve_duel(duel)
    return True



@modifier("damage_bonus")
def luoyi_bonus(value: int, eng: Engine, user: int | None, card: str) -> int:
    """裸衣's +1 to a 杀 or 决斗 that ``user`` uses (and is the damage source of) in the turn it was invoked.

    ``luoyi_scope``: ``"play_phase"`` (001: 该回合的出牌阶段) or ``"turn"`` (FreeKill: the whole turn).
    Seed 000's 裸衣 covers 杀 only. 國戰 ("heg"): 每当你于此回合内使用【杀】或【决斗】… — the whole turn.
    """
    if user is None or user != eng.current or not eng.this_turn.skills[SKILL.luoyi]:
        return value
    if card == CARD.duel and version(eng, "luoyi") == "000":
        return value
    return value + (1 if eng.rs.p.luoyi_scope == "turn" or eng.phase == "play" or version(eng, "luoyi") == "heg" else 0)


@skill("luoyi", timing=Timing.DRAW_PHASE, timing_in={"000": Timing.PLAY_PHASE})
def luoyi(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """裸衣 (seed 001 许褚): 摸牌阶段，可以少摸一张牌；若如此做，该回合的出牌阶段，使用【杀】或【决斗】（为伤害来源时）造成的伤害＋1.

    Seed 000: 出牌阶段，如果自己没装备武器牌，用杀攻击成功后（不包括决斗），对方受到两点体力伤害.
    """
    if version(eng, "luoyi") == "000" and seat.weapon() is not None:
        eng.report(R.S_CONDITION, e.seat, "裸衣 (seed 000) works with no weapon equipped", observed=seat.weapon())
fk_traits("luoyi", announced_again=True)


@policy(Moment.DRAW_PHASE, "luoyi", order=70)
def play_luoyi(sim: Sim, me: Seat) -> None:
    """裸衣, often (when no skill replaced the draw)."""
    if sim.chance(0.6):
        sim.emit(ev.Skill(seat=me.seat, skill=SKILL.luoyi))


# --- 郭嘉 ---------------------------------------------------------------------------------------


@skill("tiandu", timing=Timing.JUDGEMENT_TAKEN_EFFECT)
def tiandu(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """天妒 (seed 001 郭嘉): 在判定牌生效时，可以立即获得它 — your own judgement, right when its result is fixed
    (the judgement's frame gives the card; at any other moment the engine's timing check reports it)."""
fk_traits("tiandu", implied_gain=True)


@policy(Moment.JUDGED, "tiandu", order=10)
def play_tiandu(sim: Sim, me: Seat, reason: str) -> None:
    """天妒, mostly: the judgement card is his (implied); not 洛神's."""
    if reason != SKILL.luoshen and sim.chance(0.7):
        sim.emit(ev.Skill(seat=me.seat, skill=SKILL.tiandu))


@skill("yiji", timing=Timing.DAMAGED)
def yiji(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """遗计 (seed 001 郭嘉): 每受到1点伤害，可摸两张牌，将其中的一张交给任意一名角色，然后将另一张交给任意一名角色."""
    if eng.skills.after_damage(e, "yiji", per_point=True) is not None:
        C.effect(eng, e, Step("draw", seat=e.seat, n=2))
fk_traits("yiji", gives_drawn=True)


@policy(Moment.DAMAGED, "yiji", order=40)
def play_yiji(sim: Sim, me: Seat, amount: int, source: int | None, card: str | None) -> None:
    """遗计: mostly, for each point of damage."""
    for _ in range(amount):
        if sim.alive(me.seat) and sim.chance(0.8):
            sim.invoke(ev.Skill(seat=me.seat, skill=SKILL.yiji))


# --- 甄姬 ---------------------------------------------------------------------------------------


@skill("qingguo", timing=Timing.CARD_NEEDED)
def qingguo(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """倾国 (seed 001 甄姬): 可以将黑色手牌当【闪】使用（或打出） — checked on the use or response itself."""
fk_traits("qingguo", convert=True)


@skill("kofqingguo", timing=Timing.CARD_NEEDED)
def kofqingguo(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """倾国 of the 1v1 甄姬 (《2013 王者之战 比赛规则》 1V1): 你可以将一张装备区里的牌当【闪】使用或打出 — checked on
    the use or response itself (the conversion ``kofqingguo_card``)."""


@skill("luoshen", timing=Timing.START_PHASE)
def luoshen(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """洛神 (seed 001 甄姬): 回合开始阶段，可以进行判定：若为黑色，立即获得此生效后的判定牌，并可以再次使用洛神――如此反复，直到出现红色或不愿意判定了为止."""
    st = eng.skills.state.setdefault("luoshen", {})
    if st.get("turn") == (eng.turns_taken, e.seat) and st.get("red"):
        eng.report(R.S_TIMING, e.seat, "洛神 stops at the first red judgement", expected="no further 洛神", observed="洛神 again")
    st.update(turn=(eng.turns_taken, e.seat), red=False)

    def result(en: Engine, card: str) -> None:
        c = C.card(card)
        if c is not None and c.is_black:
            en.skills.implied_move(e.seat, [en.skills.judgement.get("card", card)])
        elif c is not None:
            st["red"] = True

    C.effect(eng, e, Step("judge", seat=e.seat, reason=SKILL.luoshen, on_result=result))
fk_traits("luoshen", implied_gain=True)


@policy(Moment.START_PHASE, "luoshen", order=50)
def play_luoshen(sim: Sim, me: Seat) -> None:
    """洛神, mostly, again after each black judgement (hers, implied) until a red one."""
    while me.has_skill(SKILL.luoshen) and sim.chance(0.8):
        sim.emit(ev.Skill(seat=me.seat, skill=SKILL.luoshen))
        if parse_card(sim.judge_card(me.seat, SKILL.luoshen)).is_red:
            break


def _luoshen_keeps(eng: Engine, frame: JudgeFrame) -> bool:
    """洛神's black judgement card is hers: it does not go to the discard pile."""
    return frame.reason == SKILL.luoshen and parse_card(eng.skills.effective_card(frame.seat, frame.card)).is_black


KEPT_JUDGEMENTS.append(_luoshen_keeps)


@watch_before("luoshen", events=(ev.Judge,))
def luoshen_repeat(eng: Engine, e: ev.Event, seat: Seat) -> None:
    """A repeated 洛神 judgement may be logged without a new ``skill`` event (the repeat is one choice)."""
    if isinstance(e, ev.Judge) and e.seat == seat.seat and e.reason == SKILL.luoshen and not _judge_expected(eng, e):
        eng.skills.invoke(ev.Skill(seat=seat.seat, skill=SKILL.luoshen))


def _judge_expected(eng: Engine, e: ev.Judge) -> bool:
    return any(isinstance(f, Effect) and f._find(eng, e) is not None for f in eng.stack)


# --- 夏侯渊 -------------------------------------------------------------------------------------


@skill("shensu", timing=Timing.START_PHASE, own_window=True)
def shensu(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """神速 (seed 000 夏侯渊): 回合开始阶段，你可以选择以下一至两项。1.跳过该回合的判定阶段和摸牌阶段。2.跳过该回合出牌阶段并弃一张装备牌。你每做出上述之一选择，视为对任意一名角色使用了“杀”.

    ``choice``: "skip_judge_draw" or "skip_play" (a ``cards`` equipment card alone means the second).
    """
    second = e.choice == "skip_play" or (e.choice is None and bool(e.cards))
    phases = ("start", None, "judge", "draw") if second else ("start", None)
    if not C.need_phase(eng, e, "in your start phase" if not second else "before your play phase", *phases):
        return
    used = eng.skills.state.setdefault("shensu", set())
    key = (eng.turns_taken, e.seat, second)
    if key in used:
        eng.report(R.S_LIMIT, e.seat, "神速: each option once per turn", observed="the same option again")
    used.add(key)
    cards = list(e.cards or [])
    if second:
        c = C.card(cards[0]) if len(cards) == 1 else None
        if len(cards) != 1 or (c is not None and c.type != "equip"):
            eng.report(R.S_CONDITION, e.seat, "神速's second option discards one equipment card", observed=cards)
        C.pay(eng, seat, cards)
    eng.skipped_phases |= {"play"} if second else {"judge", "draw"}
    C.grants(eng).append((e.seat, CARD.slash, SKILL.shensu))
    skips = [Step("phase_skip", seat=e.seat, reason=p, optional=True) for p in (("play",) if second else ("judge", "draw"))]
    C.effect(eng, e, Step("use", seat=e.seat, check=C.used_as(CARD.slash, SKILL.shensu)), *skips, ordered=False)


def _shensu_targets(sim: Sim, me: Seat) -> list[int]:
    """Whom 神速's 杀 (no card, no distance limit) may target: anyone no target ban protects."""
    seat = me.seat
    return [t for t in sim.eng.table.order_from(seat, include_first=False)
            if not target_bans(sim.eng, me, sim.seat(t), CARD.slash,
                               ev.Use(seat=seat, as_=CARD.slash, cards=[], skill=SKILL.shensu, targets=[t]))]


@policy(Moment.PHASE_SKIP, "shensu", order=20)
def play_shensu(sim: Sim, me: Seat, phase: str) -> bool:
    """神速 (the first option), sometimes: the judge and draw phases skipped for a 杀 with no card on anyone."""
    seat = me.seat
    if phase != "judge" or not sim.chance(0.3):
        return False
    targets = _shensu_targets(sim, me)
    if not targets:
        return False
    sim.emit(ev.Skill(seat=seat, skill=SKILL.shensu, choice="skip_judge_draw"))
    sim.emit(ev.PhaseSkip(seat=seat, phase="judge", reason=SKILL.shensu))
    sim.emit(ev.PhaseSkip(seat=seat, phase="draw", reason=SKILL.shensu))
    sim.skip.add("judge_and_draw")
    sim.emit(ev.Use(seat=seat, as_=CARD.slash, cards=[], skill=SKILL.shensu, targets=[sim.rng.choice(targets)]))
    sim.resolve_slash(seat)
    return True


@policy(Moment.PHASE_SKIP, "shensu", order=5)
def play_shensu_play(sim: Sim, me: Seat, phase: str) -> bool:
    """神速 (the second option), sometimes: the play phase skipped and an equipment card discarded for a 杀 with no
    card on anyone."""
    seat = me.seat
    equips = [c for c in sim.hand_of(seat) if parse_card(c).type == "equip"] + [me.equip[sl] for sl in sorted(me.equip)]
    if phase != "play" or not equips or not sim.chance(0.3):
        return False
    targets = _shensu_targets(sim, me)
    if not targets:
        return False
    mark = sim.eng.frame_seq
    sim.emit(ev.Skill(seat=seat, skill=SKILL.shensu, choice="skip_play", cards=[sim.rng.choice(equips)]))
    sim.fulfil(after=mark)  # an armour given up this way (白银狮子)
    sim.emit(ev.Use(seat=seat, as_=CARD.slash, cards=[], skill=SKILL.shensu, targets=[sim.rng.choice(targets)]))
    sim.resolve_slash(seat)
    if me.alive and sim.eng.current == seat:
        sim.emit(ev.PhaseSkip(seat=seat, phase="play", reason=SKILL.shensu))
    return True


# --- 曹仁 ---------------------------------------------------------------------------------------


@skill("jushou", timing=Timing.END_PHASE)
def jushou(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """据守 (seed 000 曹仁): 回合结束阶段，你可以摸三张牌，若如此做，跳过你的下回合."""
    eng.skipped_turns.add(e.seat)
    C.effect(eng, e, Step("draw", seat=e.seat, n=3))


@policy(Moment.FINISH_PHASE, "jushou", order=30)
def play_jushou(sim: Sim, me: Seat) -> None:
    """据守, now and then: three cards, and his next turn does not take place."""
    if sim.chance(0.3):
        sim.invoke(ev.Skill(seat=me.seat, skill=SKILL.jushou))
        sim.skipped_turn.add(me.seat)


# --- 徐晃 ---------------------------------------------------------------------------------------


@modifier("trick_reach")
def duanliang_reach(value: int | None, eng: Engine, user: Seat, card: str) -> int | None:
    """断粮: 兵粮寸断 reaches a character within distance 2 (a version the ruleset leaves unchecked: any reach)."""
    if card == CARD.supply_shortage and value is not None and user.has_skill(SKILL.duanliang):
        return max(value, 2)
    if card == CARD.supply_shortage and value is not None and C.unchecked(eng, user.seat, SKILL.duanliang):
        return None
    return value


@skill("duanliang", timing=Timing.CARD_NEEDED)
def duanliang(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """断粮 (official text, 徐晃): 出牌阶段，你可以将一张黑色的基本牌或黑色的装备牌当【兵粮寸断】使用；你可以对距离2以内的一名其他角色使用【兵粮寸断】 (checked on the use)."""
    C.need_phase(eng, e, "in your play phase", "play")


# --- 文聘 ---------------------------------------------------------------------------------------


@skill("zhenwei", timing=Timing.ALWAYS)
def zhenwei(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """镇卫 (seed 002 文聘): 锁定技，对方角色计算与其他己方角色的距离时，始终+1 (applied to every distance)."""


@skill("v33__zhenwei", timing=Timing.ALWAYS)
def v33_zhenwei(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """镇卫 (FreeKill 3v3 文聘): 锁定技，对方角色计算与己方角色的距离+1 (applied to every distance)."""


@modifier("distance")
def v33_zhenwei_distance(d: int, table: Table, a: int, b: int) -> int:
    """The 3v3 mode's 镇卫: +1 from the other side to every character of 文聘's side, 文聘 too, per holder,
    counted with the horses before the distance is held at 1 at least."""
    sa, sb = table.seats[a], table.seats[b]
    for w in table.seats.values():
        if (w.alive and sb.side == w.side and sa.side not in (None, w.side) and w.has_skill(SKILL.zhenwei)
                and owns(w, "v33__zhenwei")):
            d += 1
    return d


def install_zhenwei(eng: Engine) -> None:
    """镇卫 changes the distance from the other side to 文聘's teammates: the table's distance is extended
    (the 3v3 mode's 镇卫 is a distance modifier instead)."""
    owners = [s for s in eng.table.seats.values() if s.has_skill(SKILL.zhenwei) and not owns(s, "v33__zhenwei")]
    if not owners:
        return
    base = eng.table.distance

    def distance(a: int, b: int) -> int:
        d = base(a, b)
        sa, sb = eng.table.seats[a], eng.table.seats[b]
        for w in owners:
            if w.alive and b != w.seat and sb.side == w.side and sa.side not in (None, w.side):
                d += 1
        return d

    eng.table.distance = distance  # type: ignore[method-assign]


# --- conversions (当作 …使用或打出) ------------------------------------------------------------------


@conversion(SKILL.qingguo, {CARD.jink}, hand_only=True)
def qingguo_card(c: Any, as_name: str) -> bool:
    """倾国 (甄姬): a black hand card as 闪."""
    return bool(c.is_black)


@conversion(SKILL.kofqingguo, {CARD.jink}, equip_only=True, sid="kofqingguo")
def kofqingguo_card(c: Any, as_name: str) -> bool:
    """倾国 of the 1v1 甄姬 (《2013 王者之战 比赛规则》 1V1): 你可以将一张装备区里的牌当【闪】使用或打出."""
    return True


@conversion(SKILL.duanliang, {CARD.supply_shortage})
def duanliang_card(c: Any, as_name: str) -> bool:
    """断粮 (徐晃): a black basic or equipment card as 兵粮寸断."""
    return bool(c.is_black and c.type in ("basic", "equip"))


@modifier("ignores_range")
def shensu_range(value: bool, eng: Engine, e: ev.Use) -> bool:
    """神速: the 杀 it gives has no distance limit (视为对任意一名其他角色使用了一张【杀】)."""
    return value or e.skill == SKILL.shensu


# --- 典韦 ---------------------------------------------------------------------------------------


@skill("qiangxi", play=True)
def qiangxi(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """强袭 (火, 典韦): 出牌阶段，你可以自减1点体力或弃一张武器牌，然后对你攻击范围内的一名角色造成1点伤害。每回合限用一次.

    ``cards``: the weapon card discarded (in hand or equipped; implied); none: 1 HP lost (自减 is a
    loss of HP, not damage), logged as ``lose_hp``. The range is that after the cost is paid (an
    equipped weapon discarded no longer counts). The 2013 and FreeKill texts (阶段技, 出牌阶段限一次) count
    per play phase (``[skill_versions] qiangxi = "2013"``), as ``skill_limit_scope = "play_phase"`` does.
    """
    C.once(eng, e, "qiangxi")
    cards = list(e.cards or [])
    if cards:
        c = C.card(cards[0]) if len(cards) == 1 else None
        kind = C.card_kind(c.name) if c is not None else None
        if len(cards) != 1 or (kind is not None and kind.subtype != "weapon"):
            eng.report(R.S_CONDITION, e.seat, "强袭 discards one weapon card", expected="one weapon card", observed=cards)
        C.pay(eng, seat, cards)
    t = C.one_other_target(eng, e, "one character in your attack range")
    if t is None:
        return
    if not eng.table.in_attack_range(e.seat, t):
        eng.report(R.S_CONDITION, e.seat, f"强袭: seat {t} is not in your attack range",
                   expected=f"distance ≤ {eng.table.attack_range(e.seat)}", observed=eng.table.distance(e.seat, t))
    steps = [] if cards else [Step("lose_hp", seat=e.seat, n=1)]
    C.effect(eng, e, *steps, Step("damage", seat=t, source=e.seat, n=1))


@policy(Moment.PLAY_ACTION, "qiangxi", order=110)
def play_qiangxi(sim: Sim, me: Seat) -> bool:
    """强袭 (once a play phase), sometimes: a weapon (from the hand or worn) or 1 HP, then 1 damage to a character
    in range."""
    eng, seat = sim.eng, me.seat
    table = eng.table
    if sim.skill_limits()[SKILL.qiangxi] or not sim.chance(0.3):
        return False
    others = table.order_from(seat, include_first=False)
    weapons = [c for c in sim.hand_of(seat) if parse_card(c).subtype == "weapon"]
    worn = me.equip.get(Slot.WEAPON)
    costs: list[tuple[list[str], list[int]]] = []
    in_range = [t for t in others if table.in_attack_range(seat, t)]
    if weapons:
        costs.append(([sim.rng.choice(weapons)], in_range))
    if worn is not None:  # once it is discarded, its range is gone
        costs.append(([worn], [t for t in others if table.distance(seat, t) <= 1]))
    if me.hp >= 2:
        costs.append(([], in_range))
    costs = [(c, ts) for c, ts in costs if ts]
    if not costs:
        return False
    cards, targets = sim.rng.choice(costs)
    t = sim.rng.choice(targets)
    mark = eng.frame_seq
    sim.emit(ev.Skill(seat=seat, skill=SKILL.qiangxi, targets=[t], cards=cards or None))
    if not cards:
        sim.emit(ev.LoseHp(seat=seat, amount=1, reason=SKILL.qiangxi))
        sim.after_hp_change(seat)
    sim.fulfil(after=mark)  # 白银狮子 given up
    if sim.alive(t) and not eng.over:
        sim.damage(t, F.damage_taken(eng, sim.seat(t), 1, "normal"), seat, None, "normal")
    return True


# --- 荀彧 ---------------------------------------------------------------------------------------


@skill("quhu", play=True)
def quhu(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """驱虎 (火, 荀彧): 出牌阶段，你可以与一名体力比你多的角色拼点，若你赢，则该角色对其攻击范围内另一名由你指定的角色造成1点伤害。若你没赢，他/她对你造成1点伤害。每回合限用一次.

    ``skill`` (``targets``: the character with more HP) → ``pindian`` → on a win, a ``damage`` of 1 by
    that character to another one in its attack range (none when nobody else is in range: the
    resolution stops); otherwise a ``damage`` of 1 by it to 荀彧. A tie is not a win.
    """
    C.once(eng, e, "quhu")
    t = C.pindian_target(eng, e, seat, "one character with more HP than you")
    if t is None:
        return
    tiger = eng.seat(t)
    if tiger is not None and tiger.hp <= seat.hp:
        eng.report(R.S_CONDITION, e.seat, f"驱虎: seat {t} has {tiger.hp} HP, not more than your {seat.hp}",
                   expected=f"more than {seat.hp} HP", observed=tiger.hp)
    frame = C.effect(eng, e)

    def victim_in_range(en: Engine, d: ev.Event) -> None:
        if isinstance(d, ev.Damage) and (d.target == t or not en.table.in_attack_range(t, d.target)):
            en.report(R.S_EFFECT, d.target, f"驱虎: the damage goes to another character in seat {t}'s attack range",
                      expected=f"one of {_in_range(en, t)}", observed=f"seat {d.target}")

    def result(en: Engine, won: bool | None) -> None:
        if won is None:
            frame.add(Step("damage", source=t, n=1, optional=True))
        elif won and _in_range(en, t):
            frame.add(Step("damage", source=t, n=1, check=victim_in_range))
        elif won:
            frame.add(Step("damage", source=t, forbid=True, optional=True, rule=R.D_UNEXPECTED))
        else:
            frame.add(Step("damage", seat=e.seat, source=t, n=1))

    frame.add(C.pindian_step(eng, e, t, result))


@policy(Moment.PLAY_ACTION, "quhu", order=130)
def play_quhu(sim: Sim, me: Seat) -> bool:
    """驱虎 (once a play phase), sometimes: a 拼点 with a character of more HP; won, it damages one in its range,
    lost, it damages 荀彧."""
    eng, seat = sim.eng, me.seat
    table = eng.table
    if not me.hand_count or sim.skill_limits()[SKILL.quhu] or not sim.chance(0.3):
        return False
    tigers = [t for t in table.order_from(seat, include_first=False) if sim.seat(t).hand_count and sim.seat(t).hp > me.hp]
    if not tigers:
        return False
    t = sim.rng.choice(tigers)
    won = sim.pindian(seat, SKILL.quhu, t)
    prey = [x for x in table.alive() if x != t and table.in_attack_range(t, x)]
    if won and prey:
        x = sim.rng.choice(prey)
        sim.damage(x, F.damage_taken(eng, sim.seat(x), 1, "normal"), t, None, "normal")
    elif not won and sim.alive(seat):
        sim.damage(seat, F.damage_taken(eng, me, 1, "normal"), t, None, "normal")
    return True


def _in_range(eng: Engine, seat: int) -> list[int]:
    """The other living characters in ``seat``'s attack range."""
    return [s for s in eng.table.alive() if s != seat and eng.table.in_attack_range(seat, s)]


@skill("jieming", timing=Timing.DAMAGED)
def jieming(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """节命 (火, 荀彧): 你每受到1点伤害，可令任意一名角色将手牌补至其体力上限的张数（不能超过五张）.

    Once per point of damage; ``targets``: the one character (荀彧 himself too). It draws
    min(max HP, 5) minus its hand cards, nothing when it already holds as many.
    """
    if eng.skills.after_damage(e, "jieming", per_point=True) is None:
        return
    targets = list(e.targets or [])
    t = eng.seat(targets[0]) if len(targets) == 1 else None
    if t is None or not t.alive:
        eng.report(R.S_CONDITION, e.seat, "节命 names one living character", expected="one character", observed=targets)
        return
    n = max(0, min(t.max_hp, 5) - t.hand_count)
    if n:
        C.effect(eng, e, Step("draw", seat=t.seat, n=n))
    else:
        C.effect(eng, e, Step("draw", seat=t.seat, forbid=True, optional=True))


@policy(Moment.DAMAGED, "jieming", order=30)
def play_jieming(sim: Sim, me: Seat, amount: int, source: int | None, card: str | None) -> None:
    """节命: mostly, for each point of damage, on a living character at random."""
    for _ in range(amount):
        if sim.alive(me.seat) and sim.chance(0.8):
            sim.invoke(ev.Skill(seat=me.seat, skill=SKILL.jieming, targets=[sim.rng.choice(sim.eng.table.alive())]))


# --- 國戰: 曹丕 乐进 ----------------------------------------------------------------------------------


@watch_before("xingshang", events=(ev.Death, ev.Turn, ev.Phase, ev.Use, ev.Respond))
def xingshang_window(eng: Engine, e: ev.Event, seat: Seat) -> None:
    """The death of another character opens 行殇's window with the cards it had (hand and equipment, those
    known); the game moving on (a turn, a phase, a card used or played) closes it."""
    key = f"xingshang:{seat.seat}"
    if isinstance(e, ev.Death):
        dead = eng.seat(e.seat)
        if dead is not None and dead.alive and seat.alive and e.seat != seat.seat:
            cards = sorted(dead.hand.elements()) + [dead.equip[sl] for sl in sorted(dead.equip)]
            eng.skills.state[key] = (e.seat, cards)
    else:
        eng.skills.state.pop(key, None)


@skill("xingshang", timing=Timing.DEATH)
def xingshang(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """行殇 (國戰 曹丕): 每当其他角色死亡时，你可以获得其所有牌.

    ``skill`` right after the ``death`` (its reward may come between); the dead character's hand and
    equipment cards go from the discard pile to 曹丕's hand (implied: an explicit ``move`` is accepted)."""
    got = eng.skills.state.pop(f"xingshang:{e.seat}", None)
    if got is None:
        eng.report(R.S_TIMING, e.seat, "行殇 is used when another character dies", expected="right after a death",
                   observed="no death just now")
        return
    dead, cards = got
    if e.targets and list(e.targets) != [dead]:
        eng.report(R.S_CONDITION, e.seat, f"行殇 takes the cards of seat {dead}, who died", expected=[dead],
                   observed=list(e.targets))
    eng.skills.implied_move(e.seat, cards)


@policy(Moment.AFTER_DEATH, order=10)
def play_xingshang(sim: Sim, dead: int) -> None:
    """行殇 (國戰 曹丕): almost always, the first living holder (from the current player) takes the dead one's cards."""
    for s in sim.eng.table.order_from(sim.eng.current or dead):
        got = sim.eng.skills.state.get(f"xingshang:{s}")
        if got is not None and got[0] == dead and got[1] and sim.alive(s) and sim.chance(0.9):
            sim.emit(ev.Skill(seat=s, skill=SKILL.xingshang, targets=[dead]))
            return


@skill("fangzhu", timing=Timing.DAMAGED)
def fangzhu(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """放逐 (國戰 曹丕): 每当你受到伤害后，你可以令一名其他角色摸X张牌（X为你已损失的体力值），然后其叠置.

    ``skill`` (``targets``: the other character) after the damage → its ``draw`` of X (none at X = 0); it
    then skips its next turn (叠置; a second 叠置 turns it back)."""
    if eng.skills.after_damage(e, "fangzhu") is None:
        return
    t = C.one_other_target(eng, e, "one other character")
    if t is None:
        return
    x = max(0, seat.max_hp - seat.hp)
    C.turn_over(eng, t)
    if x:
        C.effect(eng, e, Step("draw", seat=t, n=x))


@policy(Moment.DAMAGED, "fangzhu", order=50)
def play_fangzhu(sim: Sim, me: Seat, amount: int, source: int | None, card: str | None) -> None:
    """放逐: often, on another character: its next turn does not take place (a second one turns that back)."""
    if not sim.alive(me.seat) or not sim.chance(0.6):
        return
    others = sim.eng.table.order_from(me.seat, include_first=False)
    if others:
        t = sim.rng.choice(others)
        sim.invoke(ev.Skill(seat=me.seat, skill=SKILL.fangzhu, targets=[t]))
        sim.skipped_turn ^= {t}


@skill("xiaoguo", timing=Timing.END_PHASE, own_window=True)
def xiaoguo(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """骁果 (國戰 乐进): 其他角色的结束阶段开始时，你可以弃置一张基本牌，令其选择一项：1.弃置一张装备牌；2.受到你造成的1点伤害.

    ``skill`` with ``cards`` (the basic card, discarded: implied) in another character's finish phase →
    that character's ``discard`` of one equipment card, or a ``damage`` of 1 from 乐进."""
    t = eng.current
    if t is None or t == e.seat or eng.phase != "finish":
        where = f"the {eng.phase or 'no'} phase of seat {t}" if t else "no turn"
        eng.report(R.S_TIMING, e.seat, "骁果 is used as another character's finish phase begins",
                   expected="another character's finish phase", observed=where)
        return
    cards = list(e.cards or [])
    c = C.card(cards[0]) if len(cards) == 1 else None
    if len(cards) != 1 or (c is not None and c.type != "basic"):
        eng.report(R.S_CONDITION, e.seat, "骁果 discards one basic card", expected="one basic card", observed=cards)
    C.pay(eng, seat, cards, equip=False)

    def equipment(en: Engine, d: ev.Event) -> None:
        got = list(getattr(d, "cards", []) or [])
        kinds = [C.card(x) for x in got]
        if len(got) != 1 or any(k is not None and k.type != "equip" for k in kinds):
            en.report(R.S_EFFECT, t, "骁果: the choice is to discard one equipment card", expected="one equipment card",
                      observed=got)

    C.effect(eng, e, Step("choice", seat=t, alts=(Step("discard", seat=t, n=1, check=equipment),
                                                   Step("damage", seat=t, source=e.seat, n=1))))


@policy(Moment.FINISH_PHASE, order=10)
def play_xiaoguo(sim: Sim, me: Seat) -> None:
    """骁果 (國戰 乐进), half the time, at another's finish phase: a basic card; it discards an equipment card (mostly,
    when it can) or takes 1 damage from him."""
    seat = me.seat
    for s in sim.eng.table.order_from(seat, include_first=False):
        basics = [c for c in sim.hand_of(s) if parse_card(c).type == "basic"]
        if not sim.seat(s).has_skill(SKILL.xiaoguo) or not basics or not sim.alive(seat) or not sim.chance(0.5):
            continue
        sim.emit(ev.Skill(seat=s, skill=SKILL.xiaoguo, cards=[sim.rng.choice(basics)]))
        equips = [c for c in sim.hand_of(seat) if parse_card(c).type == "equip"] + [me.equip[sl] for sl in sorted(me.equip)]
        if equips and sim.chance(0.7):
            sim.emit(ev.Discard(seat=seat, cards=[sim.rng.choice(equips)]))
            sim.fulfil()  # 白银狮子 lost: its recovery
        else:
            sim.damage(seat, F.damage_taken(sim.eng, me, 1, "normal"), s, None, "normal")


# --- 國戰: 张郃 ----------------------------------------------------------------------------------------

#: the phases of a turn in order; 巧变 skips any but the first and the last
PHASES = ("start", "judge", "draw", "play", "discard", "finish")
_PHASE_WORDS = {"判定": "judge", "判定阶段": "judge", "摸牌": "draw", "摸牌阶段": "draw", "出牌": "play", "出牌阶段": "play",
                "弃牌": "discard", "弃牌阶段": "discard"}


@watch_before("qiaobian", events=(ev.Move,))
def qiaobian_destination(eng: Engine, e: ev.Event, seat: Seat) -> None:
    """What the destination of a move holds before it (巧变's second option places a card only where it fits)."""
    if isinstance(e, ev.Move) and (to := eng.seat(e.to.seat)) is not None:
        eng.skills.state["qiaobian_to"] = (dict(to.equip), to.judge_names())


@skill("qiaobian", timing=Timing.TURN_START)
def qiaobian(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """巧变 (國戰 张郃): 你可以弃置一张手牌，跳过一个阶段（准备阶段和结束阶段除外），然后若你以此法：跳过摸牌阶段，你可以选择有手牌的一至两名其他角色，然后获得这些角色的各一张手牌；跳过出牌阶段，你可以将一名角色判定区/装备区里的一张牌置入另一名角色的判定区/装备区.

    ``skill`` with ``cards`` (the hand card, discarded: implied) and ``choice`` (the phase: ``judge``, ``draw``,
    ``play`` or ``discard``), in his turn before that phase → its ``phase_skip`` (reason 巧变). The draw phase:
    ``targets`` (one or two others with hand cards) → a ``move`` of one hand card of each to his hand. The play
    phase: at most one ``move`` of a card from a judge or equipment area to the same area of another character
    (an empty slot; no delayed trick of its name there)."""
    choice = e.choice if isinstance(e.choice, str) else None
    phase = _PHASE_WORDS.get(choice or "", choice)
    if phase not in PHASES[1:-1]:
        eng.report(R.S_CONDITION, e.seat, "巧变 skips the judge, draw, play or discard phase", expected="judge|draw|play|discard",
                   observed=e.choice)
        return
    assert phase is not None
    earlier = (None, *PHASES[:PHASES.index(phase)])
    if not C.need_phase(eng, e, f"in your turn before its {phase} phase", *earlier):
        return
    cards = list(e.cards or [])
    c = C.card(cards[0]) if len(cards) == 1 else None
    if len(cards) != 1 or (c is not None and seat.hand[cards[0]] == 0 and not seat.hidden):
        eng.report(R.S_CONDITION, e.seat, "巧变 discards one hand card", expected="one hand card", observed=cards)
    C.pay(eng, seat, cards, equip=False)
    eng.skipped_phases.add(phase)
    steps = [Step("phase_skip", seat=e.seat, reason=phase, optional=True)]
    targets = list(e.targets or [])
    if phase == "draw" and targets:
        bad = [t for t in targets if t == e.seat or (ts := eng.seat(t)) is None or not ts.alive or not ts.hand_count]
        if len(targets) > 2 or len(set(targets)) != len(targets) or bad:
            eng.report(R.S_CONDITION, e.seat, "巧变 takes a hand card from each of one or two other characters with hand cards",
                       expected="one or two others with hand cards", observed=targets)
            return
        steps += [Step("move", seat=t, n=1, from_zone=Zone.HAND, to_seat=e.seat, to_zone=Zone.HAND) for t in targets]
    elif targets:
        eng.report(R.S_CONDITION, e.seat, "巧变 names characters only when it skips the draw phase", observed=targets)
    if phase == "play":
        steps.append(Step("move", n=1, from_zone="judge|equip", to_zone="judge|equip", optional=True, check=_qiaobian_fits))
    C.effect(eng, e, *steps, ordered=False)


@policy(Moment.PHASE_SKIP, "qiaobian", order=10)
def play_qiaobian(sim: Sim, me: Seat, phase: ev.PhaseName) -> bool:
    """巧变 (國戰 张郃): a hand card to skip the judge phase with a delayed trick waiting (mostly), the draw phase for
    a hand card of one or two others (sometimes), the play phase for a card of a judge or equipment area moved to
    another's (rarely), the discard phase with too many cards (mostly)."""
    eng, seat = sim.eng, me.seat
    if not me.alive or not me.hand_count:
        return False
    others = [t for t in eng.table.order_from(seat, include_first=False) if sim.seat(t).hand_count]
    limit = modify("hand_limit", max(me.hp, 0) + eng.mode.hand_limit_bonus(me), eng, me)
    wanted = {"judge": bool(me.judge) and sim.chance(0.7), "draw": bool(others) and sim.chance(0.3),
              "play": sim.chance(0.15), "discard": me.hand_count - 1 > limit and sim.chance(0.7)}
    if not wanted[phase]:
        return False
    targets = sorted(sim.rng.sample(others, min(len(others), sim.rng.randint(1, 2)))) if phase == "draw" else None
    mark = eng.frame_seq
    sim.emit(ev.Skill(seat=seat, skill=SKILL.qiaobian, cards=[sim.rng.choice(sim.hand_of(seat))], choice=phase,
                      targets=targets))
    sim.emit(ev.PhaseSkip(seat=seat, phase=phase, reason=SKILL.qiaobian))
    for t in targets or ():
        if sim.seat(t).hand_count:
            sim.emit(ev.Move(cards=[sim.rng.choice(sim.hand_of(t))], from_=ev.Place(zone="hand", seat=t),
                             to=ev.Place(zone="hand", seat=seat), reason=SKILL.qiaobian))
    if phase == "play" and sim.chance(0.7):
        moves = []
        alive = eng.table.order_from(seat)
        for a in alive:
            sa = sim.seat(a)
            for c in sa.judge:
                if c not in sa.judge_as:
                    name = parse_card(c).name
                    moves += [("judge", c, a, b) for b in alive if b != a and name not in sim.seat(b).judge_names()]
            for sl in sorted(sa.equip):
                moves += [("equip", sa.equip[sl], a, b) for b in alive if b != a and sl not in sim.seat(b).equip]
        if moves:
            zone, c, a, b = sim.rng.choice(moves)
            sim.emit(ev.Move(cards=[c], from_=ev.Place(zone=zone, seat=a), to=ev.Place(zone=zone, seat=b),
                             reason=SKILL.qiaobian))
    sim.fulfil(after=mark)  # 白银狮子 moved away: its wearer's recovery
    return True


@modifier("hand_limit_waived")
def qiaobian_skips_the_discard_phase(waived: bool, eng: Engine, seat: Seat) -> bool:
    """巧变 skipping the discard phase: no discarding down to the hand limit that turn."""
    return waived or ("discard" in eng.skipped_phases and bool(eng.this_turn.skills[SKILL.qiaobian]))


def _qiaobian_fits(eng: Engine, e: Any) -> None:
    """巧变's move: from one character's judge or equipment area to the same area of another, where it fits."""
    if not isinstance(e, ev.Move):
        return
    equip, judged = eng.skills.state.pop("qiaobian_to", ({}, []))
    from sgs_replay.engine.state import slot_of

    why = None
    if e.from_.zone != e.to.zone or e.from_.seat == e.to.seat or e.to.seat is None:
        why = "from one character's area to the same area of another"
    else:
        for c in e.cards:
            k = C.card(c)
            if k is None:
                continue
            if e.to.zone == Zone.EQUIP and slot_of(k) in equip:
                why = f"seat {e.to.seat}'s {slot_of(k)} slot is taken"
            elif e.to.zone == Zone.JUDGE and k.name in judged:
                why = f"seat {e.to.seat} already has {k.name} in its judge area"
    if why is not None:
        eng.report(R.S_EFFECT, e.from_.seat, f"巧变 moves a card {why}", expected="a card placed where it fits",
                   observed=f"{e.from_.zone} of seat {e.from_.seat} → {e.to.zone} of seat {e.to.seat}")
