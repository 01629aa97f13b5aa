"""Equipment effects announced as `skill` events (八卦阵, 雌雄双股剑, 寒冰剑, 贯石斧, 麒麟弓 …).

An equipment effect may be used only while the card is in the user's equip area, and only at its
moment (seed 001 一(五) 装备牌). Effects that change a resolution are applied to the open frame.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sgs_replay.content import card_kinds
from sgs_replay.content.fk_traits import fk_card
from sgs_replay.content.names import CARD, SKILL
from sgs_replay.engine import frames as F
from sgs_replay.engine import plugins
from sgs_replay.engine.cards.effect import CardEffect, EffectRule, effect_rule
from sgs_replay.engine.effects import Effect, Step
from sgs_replay.engine.handlers import conversion, discard_effect
from sgs_replay.engine.modes import CAREERIST
from sgs_replay.engine.plugins import answers, modifier, observer
from sgs_replay.engine.skills import hook
from sgs_replay.engine.state import Equipment, Slot, Zone, slot_of
from sgs_replay.engine.timing import Timing, declare
from sgs_replay.formats import events as ev
from sgs_replay.formats.cards import is_unknown, parse_card
from sgs_replay.rules import catalogue as R

if TYPE_CHECKING:
    from sgs_replay.engine.core import Engine
    from sgs_replay.engine.state import Seat, Table

WEAPON_EFFECTS = {CARD.double_sword, CARD.ice_sword, CARD.axe, CARD.blade, CARD.kylin_bow, CARD.spear, CARD.halberd, CARD.qinggang_sword, CARD.crossbow, CARD.vscrossbow}
ARMOR_EFFECTS = {CARD.eight_diagram, CARD.renwang_shield}

# every equipment card of the decks is used on its user, into its equipment area (legality.legal_uses reads this)
for _name, _kind in card_kinds.BY_NAME.items():
    if _kind.is_equip:
        plugins.TARGETS[_name] = plugins.ON_SELF

declare(CARD.eight_diagram, Timing.CARD_NEEDED)
declare(CARD.double_sword, Timing.TARGET_CHOSEN)
declare(CARD.axe, Timing.AFTER_DODGE)
declare(CARD.blade, Timing.AFTER_DODGE)
declare(CARD.ice_sword, Timing.DEAL_DAMAGE)
declare(CARD.kylin_bow, Timing.DEAL_DAMAGE)


@modifier("armor_ignored")
def qinggang(value: bool, eng: Engine, frame: CardEffect) -> bool:
    """青釭剑 (seed 001 一(五)): 锁定技，每当你使用【杀】时，无视目标角色的防具."""
    user = eng.seat(frame.user)
    return value or (frame.name == CARD.slash and user is not None and user.weapon() == CARD.qinggang_sword)
fk_card(CARD.qinggang_sword, locked=True)


@modifier("slash_targets")
def halberd(value: int, eng: Engine, user: Seat) -> int:
    """方天画戟 (seed 001 一(五)): 当你使用的【杀】是你的最后一张手牌时，你可以为这张【杀】指定至多三名目标角色."""
    return max(value, 3) if user.weapon() == CARD.halberd and user.hand_count == 0 else value
fk_card(CARD.halberd, locked=True)


@modifier("attack_range")
def six_swords(r: int, table: Table, seat: int) -> int:
    """吴六剑 (國戰): 锁定技，与你势力相同的其他角色攻击范围+1 (a kingdom fixed by a reveal; 野心家 share none)."""
    me = table.seats[seat].general
    k = me.kingdom if me is not None else ""
    if k in ("", CAREERIST):
        return r
    if any(s.seat != seat and s.alive and s.weapon() == CARD.six_swords and s.general is not None
           and s.general.kingdom == k for s in table.seats.values()):
        return r + 1
    return r


@effect_rule
class QinglongFollowUp(EffectRule):
    """青龙偃月刀 (seed 001 一(五)): 当你使用的【杀】被【闪】抵消时，你可以立即对相同的目标再使用一张【杀】
    (not counted against the 杀 limit); the first 杀's resolution is over."""

    events = (ev.Use,)

    def wants(self, frame: CardEffect, eng: Engine, e: ev.Use) -> bool:
        user = eng.seat(frame.user)
        return (frame.after_dodge and e.seat == frame.user and F.used_name(e) == CARD.slash
                and user is not None and user.weapon() == CARD.blade
                and list(e.targets or []) == [frame.head])

    def offer(self, frame: CardEffect, eng: Engine, e: ev.Use) -> bool:
        eng.this_phase.free[CARD.slash] += 1
        frame._advance()
        return False


@effect_rule
class EightTrigrams(EffectRule):
    """八卦阵 (seed 001 一(五) 防具): 每当你需要使用（或打出）一张【闪】时，你可以进行一次判定：若结果为红色，
    则视为你使用（或打出）了一张【闪】. Its judgement opens inside the card's resolution; a red one is the
    target's answer (its `respond` may follow and is the same 闪)."""

    events = (ev.Respond, ev.Judge)

    def wants(self, frame: CardEffect, eng: Engine, e: ev.Respond | ev.Judge) -> bool:
        if isinstance(e, ev.Respond):
            return e.skill == CARD.eight_diagram and e.seat == frame.given_answer
        return e.seat in frame.queue and e.reason == CARD.eight_diagram

    def offer(self, frame: CardEffect, eng: Engine, e: ev.Respond | ev.Judge) -> bool:
        if isinstance(e, ev.Respond):
            frame.given_answer = None  # the 闪 that the red judgement gave, already counted
            return True
        frame.reach(eng, e.seat, CARD.eight_diagram)  # a later target's judgement
        frame.started = True
        frame.extra.add(CARD.eight_diagram)
        if frame.armor_ignored(eng) and "青釭剑!" not in frame.extra:
            eng.report(R.S_CONDITION, e.seat, f"the 杀 of seat {frame.user} ignores armour (青釭剑): 八卦阵 has no effect",
                       expected="no 八卦阵 judgement", observed=CARD.eight_diagram)
            frame.extra.add("青釭剑!")
        judge = F.JudgeFrame(eng, e.seat, e.reason, e.card, on_result=lambda en, card: self._result(frame, en, card))
        judge.take(eng, e)
        eng.push(judge)
        return True

    @staticmethod
    def _result(frame: CardEffect, eng: Engine, card: str) -> None:
        c = parse_card(card) if not is_unknown(card) else None
        if c is None or frame.armor_ignored(eng):
            frame.extra.add("?八卦阵")  # a hidden card, or a judgement that 青釭剑 voids: its damage is not required
            return
        if c.is_red and not frame.undodgeable:
            frame.given_answer = frame.head
            frame.count_answer()

    def held_by(self, seat: Seat) -> bool:
        return CARD.eight_diagram in seat.skills

    def stops(self, frame: CardEffect, eng: Engine, seat: Seat, current: bool) -> bool:
        return self.held_by(seat) or (current and "?八卦阵" in frame.extra)


@effect_rule
class FrostBlade(EffectRule):
    """寒冰剑 (seed 001 一(五)): 当你使用【杀】造成伤害时，你可以防止此伤害，改为弃置该目标角色的两张牌."""

    def held_by(self, seat: Seat) -> bool:
        return CARD.ice_sword in seat.skills

    def stops(self, frame: CardEffect, eng: Engine, seat: Seat, current: bool) -> bool:
        return self.held_by(seat) or (current and CARD.ice_sword in frame.extra)

    def objection(self, frame: CardEffect, eng: Engine, seat: Seat) -> str | None:
        if CARD.ice_sword in frame.extra:
            return f"寒冰剑 prevented the damage of this {frame.name} (its two cards were discarded instead)"
        return None


@effect_rule
class RenwangShield(EffectRule):
    """仁王盾 (seed 000 游戏牌): 锁定技，黑色的【杀】对你无效. Not known while the 杀's colour is not."""

    @staticmethod
    def _black_slash(frame: CardEffect, eng: Engine, seat: Seat) -> bool | None:
        if frame.name != CARD.slash or seat.armor() != CARD.renwang_shield or frame.armor_ignored(eng):
            return False
        return None if frame.colour is None else frame.colour == "black"

    def held_by(self, seat: Seat) -> bool:
        return CARD.renwang_shield in seat.skills

    def stops(self, frame: CardEffect, eng: Engine, seat: Seat, current: bool) -> bool | None:
        if self.held_by(seat):
            return True
        return self._black_slash(frame, eng, seat)

    def objection(self, frame: CardEffect, eng: Engine, seat: Seat) -> str | None:
        if self._black_slash(frame, eng, seat):
            return f"仁王盾: a black 杀 has no effect on seat {seat.seat}"
        return None

    def voids(self, frame: CardEffect, eng: Engine, seat: Seat) -> bool:
        return bool(self._black_slash(frame, eng, seat))
fk_card(CARD.renwang_shield, locked=True)


def _equipped(eng: Engine, e: ev.Skill, seat: Seat) -> bool:
    if e.skill in WEAPON_EFFECTS and seat.weapon() != e.skill:
        eng.report(R.S_NOT_OWNED, e.seat, f"seat {e.seat} has no {e.skill} equipped",
                   expected=e.skill, observed=seat.weapon() or "no weapon")
        return False
    if e.skill in ARMOR_EFFECTS and seat.armor() != e.skill:
        if not (e.skill == CARD.eight_diagram and seat.has_skill(SKILL.bazhen)):
            eng.report(R.S_NOT_OWNED, e.seat, f"seat {e.seat} has no {e.skill} equipped",
                       expected=e.skill, observed=seat.armor() or "no armour")
            return False
    return True


@hook(CARD.eight_diagram)
def bagua(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """八卦阵: when a 闪 is needed, judge; red → it counts as a 闪 (seed 001 一(五) 防具)."""
    if not _equipped(eng, e, seat):
        return
    frame = eng.top(CardEffect)
    if frame is not None and frame.need == CARD.jink:
        frame.reach(eng, e.seat, CARD.eight_diagram)
    if frame is None or frame.need != CARD.jink or frame.head != e.seat:
        eng.unverifiable_because("八卦阵 outside a 闪 demand the engine tracks")
    elif frame.armor_ignored(eng):
        eng.report(R.S_CONDITION, e.seat, f"the 杀 of seat {frame.user} ignores armour (青釭剑): 八卦阵 has no effect",
                   expected="no 八卦阵", observed=CARD.eight_diagram)
        frame.extra.add("青釭剑!")  # reported once, not again at its judgement


@hook(CARD.double_sword, CARD.ice_sword, CARD.axe, CARD.blade, CARD.kylin_bow, CARD.qinggang_sword, CARD.crossbow, CARD.vscrossbow, CARD.halberd, CARD.spear, CARD.renwang_shield)
def weapon_effect(eng: Engine, e: ev.Skill, seat: Seat) -> None:
    """Weapon effects take place inside the user's 杀 (雌雄双股剑 on an opposite-gender target …)."""
    if not _equipped(eng, e, seat):
        return
    frame = eng.top(CardEffect)
    if e.skill in (CARD.double_sword, CARD.ice_sword, CARD.axe, CARD.kylin_bow, CARD.blade) and (frame is None or frame.name != CARD.slash):
        eng.report(R.S_TIMING, e.seat, f"{e.skill} works only while your 杀 resolves", observed="no 杀 in resolution")
        return
    if frame is None:
        return
    nxt = e.targets[0] if e.targets else None
    if e.skill == CARD.ice_sword and nxt is not None and nxt != frame.head and nxt in frame.queue:
        # a 杀 with several targets: 寒冰剑 on a later one, so those before it are done (a 闪, a prevented damage)
        frame.reach(eng, nxt, CARD.ice_sword)
    if e.skill in (CARD.ice_sword, CARD.kylin_bow) and frame.after_dodge and nxt in (None, frame.head) \
            and (nxt is not None or len(frame.queue) == 1):
        # 造成伤害时 (seed 000: 用[杀]攻击成功后 / 攻击命中后): a 闪 cancelled the 杀, so it deals no damage
        eng.report(R.S_TIMING, e.seat, f"{e.skill} acts on the damage your 杀 deals: a 闪 cancelled it, so there is none",
                   expected="a 杀 that hits", observed=f"{e.skill} after seat {frame.head}'s 闪")
    frame.extra.add(e.skill)
    if e.skill == CARD.ice_sword:
        frame.started = True  # the 杀 reached its target unanswered: the next target's answer may follow
    if e.skill == CARD.double_sword:
        target = eng.seat(frame.head) if frame.head else None
        if target is not None and target.general and seat.general and target.general.gender == seat.general.gender:
            eng.report(R.S_CONDITION, e.seat, "雌雄双股剑 needs a target of the other gender", observed=target.general.gender)
    if e.skill == CARD.axe:
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


def kylin_bow_horses(eng: Engine, cards: list[str], zone: str, owner: int | None) -> None:
    """麒麟弓 (seed 001 一(五)): 你可以弃掉目标角色装备区里的一匹马 — each card it discards is a +1 or −1 horse
    in the equipment area of the 杀's target (``zone``, ``owner``: where the cards came from)."""
    frame = eng.top(CardEffect)
    slash = frame if frame is not None and frame.name == CARD.slash else None
    target = slash.head if slash is not None else None
    for c in cards:
        if is_unknown(c):
            continue
        horse = slot_of(parse_card(c)) in (Slot.PLUS_HORSE, Slot.MINUS_HORSE)
        if not horse or zone != Zone.EQUIP or (target is not None and owner != target):
            eng.report(R.S_CONDITION, slash.user if slash is not None else None,
                       f"麒麟弓 discards a horse from the equipment area of the 杀's target, not {c}",
                       expected=f"a +1 or −1 horse of seat {target}" if target is not None else "a horse",
                       observed=f"{c} ({zone} of seat {owner})")


@observer
def kylin_bow_move(eng: Engine, e: ev.Event) -> None:
    """麒麟弓's discard written as a move (reason 麒麟弓), checked once it is applied."""
    if type(e) is ev.Move and e.reason == CARD.kylin_bow:
        kylin_bow_horses(eng, list(e.cards), e.from_.zone, e.from_.seat)


@discard_effect(CARD.kylin_bow)
def kylin_bow_discard(eng: Engine, e: ev.Discard, seat: Seat) -> None:
    """麒麟弓's discard written as the target's `discard` (reason 麒麟弓), checked before it is applied."""
    zone = Zone.EQUIP if all(c in seat.equip.values() for c in e.cards) else Zone.HAND
    kylin_bow_horses(eng, list(e.cards), zone, e.seat)


@conversion(CARD.spear, {CARD.slash}, count=2, hand_only=True, weapon=True)
def serpent_spear_cards(c: object, as_name: str) -> bool:
    """丈八蛇矛 (seed 001 一(五)): 你可以将两张手牌当【杀】使用或打出."""
    return True
fk_card(CARD.spear, convert=True)


@discard_effect(CARD.axe)
def axe_discard(eng: Engine, e: ev.Discard, seat: Seat) -> None:
    """贯石斧 written as its discard of two cards: the dodged 杀 hits after all (seed 001 一(五))."""
    frame = eng.top(CardEffect)
    if frame is not None and frame.name == CARD.slash and frame.user == e.seat and frame.after_dodge \
            and seat.weapon() == CARD.axe and len(e.cards) == 2:
        frame.answers = 0
        frame.after_dodge = False
        frame.extra.add(CARD.axe)
fk_card(CARD.axe, cost=True)


@modifier("use_limit")
def crossbow(value: int | None, eng: Engine, user: Seat, card: str) -> int | None:
    """诸葛连弩 (seed 001 一(五)): 出牌阶段，你可以使用任意数量的【杀】."""
    return None if card == CARD.slash and user.weapon() == CARD.crossbow else value
fk_card(CARD.crossbow, locked=True)


@modifier("use_limit")
def liannu(value: int | None, eng: Engine, user: Seat, card: str) -> int | None:
    """2013 3v3 连弩 (seed 002 五、2③): at most ``liannu_max_slash`` 杀 in a play phase. A ruleset without
    that parameter has no 连弩 (a card outside its deck gives no effect)."""
    limit = eng.rs.p.liannu_max_slash
    if card == CARD.slash and user.weapon() == CARD.vscrossbow and limit is not None and value is not None:
        return int(limit)
    return value


# ---------------------------------------------------------------------------------------------------
# 神话再临·军争篇 (texts: docs/log-format.md §3)
# ---------------------------------------------------------------------------------------------------


@modifier("damage_dealt")
def guding_blade(value: int, eng: Engine, frame: CardEffect, target: Seat | None) -> int:
    """古锭刀: 锁定技。每当你使用【杀】对目标角色造成伤害时，若该角色没有手牌，此伤害+1."""
    user = eng.seat(frame.user)
    if frame.name == CARD.slash and user is not None and user.weapon() == CARD.guding_blade \
            and target is not None and target.hand_count == 0:
        return value + 1
    return value
fk_card(CARD.guding_blade, locked=True)


@conversion(CARD.fan, {CARD.fire_slash}, weapon=True)
def fan_cards(c: object, as_name: str) -> bool:
    """朱雀羽扇: 你可以将一张普通【杀】当火【杀】使用 (a 杀 with no nature)."""
    return getattr(c, "name", None) == CARD.slash and getattr(c, "nature", None) == "normal"


@answers("declares_nature")
def fan_declares(eng: Engine, seat: Seat, as_name: str) -> bool:
    """朱雀羽扇 on a 杀 another conversion makes (武圣's red card): that 杀 is a 普通杀 and its wearer may
    declare it a 火杀 (older wording: 你可以将你的任一普通杀当作具火焰伤害的杀来使用)."""
    return as_name == CARD.fire_slash and seat.weapon() == CARD.fan
fk_card(CARD.fan, declares_fire=True)


@modifier("damage_taken")
def vine_fire(value: int, eng: Engine, seat: Seat, nature: str, armor: bool) -> int:
    """藤甲: 每当你受到火焰伤害时，此伤害+1."""
    return value + 1 if armor and nature == "fire" and seat.armor() == CARD.vine else value
fk_card(CARD.vine, locked=True, voids=(CARD.savage_assault, CARD.archery_attack))


@modifier("damage_taken")
def silver_lion_cap(value: int, eng: Engine, seat: Seat, nature: str, armor: bool) -> int:
    """白银狮子: 每当你受到伤害时，若此伤害大于1点，防止多余的伤害."""
    return 1 if armor and value > 1 and seat.armor() == CARD.silver_lion else value
fk_card(CARD.silver_lion, locked=True)


@effect_rule
class Vine(EffectRule):
    """藤甲: 锁定技。【南蛮入侵】、【万箭齐发】和普通【杀】对你无效 (a 雷杀 or 火杀 is not stopped)."""

    @staticmethod
    def _stopped(frame: CardEffect, eng: Engine, seat: Seat) -> bool:
        if seat.armor() != CARD.vine or frame.armor_ignored(eng):
            return False
        return frame.name in (CARD.savage_assault, CARD.archery_attack) or \
            (frame.name == CARD.slash and frame.nature == "normal")

    def stops(self, frame: CardEffect, eng: Engine, seat: Seat, current: bool) -> bool:
        return self._stopped(frame, eng, seat)

    def objection(self, frame: CardEffect, eng: Engine, seat: Seat) -> str | None:
        if self._stopped(frame, eng, seat):
            return f"藤甲: {frame.name} (no nature) has no effect on seat {seat.seat}"
        return None

    def voids(self, frame: CardEffect, eng: Engine, seat: Seat) -> bool:
        return self._stopped(frame, eng, seat)


_LION = "silver_lion_worn"
_ARMOUR = "armour_worn"  # every seat's armour after the last event
_ARMOR_SLOT = Slot.ARMOR
_SEEN = "equipment_changes_seen"  # Equipment.changes at the last look


@observer
def silver_lion_lost(eng: Engine, e: ev.Event) -> None:
    """白银狮子: 每当你失去装备区里的【白银狮子】后，你回复1点体力 — expected right after the event that
    took it away (replaced, discarded, taken), when its wearer is alive and wounded."""
    in_deck = eng.scratch.get("silver_lion_in_deck")
    if in_deck is None:
        in_deck = eng.scratch["silver_lion_in_deck"] = any(parse_card(c).name == CARD.silver_lion for c in eng.rs.deck_counts)
    if not in_deck or eng.scratch.get(_SEEN) == Equipment.changes:
        return  # no seat's equipment changed since the last look
    eng.scratch[_SEEN] = Equipment.changes
    seats = eng.table.seats
    armour = [s.equip.get(_ARMOR_SLOT) for s in seats.values()]
    if armour == eng.scratch.get(_ARMOUR):
        return  # no armour changed hands: nor did 白银狮子
    eng.scratch[_ARMOUR] = armour
    worn = {k: c for k, s in seats.items() if (c := s.equip.get(Slot.ARMOR)) is not None
            and parse_card(c).name == CARD.silver_lion}
    before: dict[int, str] = eng.scratch.get(_LION, {})
    if before == worn:
        return
    eng.scratch[_LION] = worn
    for k, card in sorted(before.items()):
        s = eng.table.seats[k]
        if worn.get(k) != card and s.alive and s.hp < s.max_hp:
            eng.push(Effect(k, CARD.silver_lion, [Step("recover", seat=k, n=1, rule=R.D_CARD_EFFECT, amount_rule=R.D_AMOUNT,
                                                      assumed=True)]))
