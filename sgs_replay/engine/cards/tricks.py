"""The tricks (锦囊牌): those that resolve at once (非延时类锦囊: the AOEs, the global tricks, 决斗, the
single-target tricks, 无懈可击) and the delayed ones (延时类锦囊: 乐不思蜀, 闪电), each with the frame of its
resolution. 《三国杀》标准版规则（身份局） · 一、卡牌资料 (四) 锦囊牌.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sgs_replay.content import phrases
from sgs_replay.content.names import CARD
from sgs_replay.engine import frames as F
from sgs_replay.engine import plugins
from sgs_replay.engine.cards.effect import CardEffect, damage_stoppable
from sgs_replay.engine.changes import add_to_hand, apply_damage, apply_recover, check_conversion
from sgs_replay.engine.handlers import (
    Report,
    card_use,
    demanding_frame,
    one_other_target,
    protected_target,
    use_check,
)
from sgs_replay.engine.stack import Frame
from sgs_replay.engine.state import Seat, Slot, Zone
from sgs_replay.formats import events as ev
from sgs_replay.formats.cards import Card, is_unknown
from sgs_replay.rules import catalogue as R

if TYPE_CHECKING:
    from sgs_replay.engine.core import Engine


#: single-target tricks whose effect is a `move` of one of the target's cards
TAKING_TRICKS = {CARD.dismantlement, CARD.snatch, CARD.collateral}


class DuelFrame(Frame):
    """决斗: the target answers first, then the two alternate playing 杀 (seed 001 一(四) 决斗)."""

    label = CARD.duel

    def __init__(self, eng: Engine, user: int, target: int, card: str | None) -> None:
        self.user = user
        self.target = target
        self.card = card
        self.turn = target
        self.count = 0
        self.nullified = 0
        self.done = False
        #: the card the two alternate playing (declared by 决斗's definition)
        self.demand = plugins.DEMANDS.get(CARD.duel, "")

    def _need(self, eng: Engine) -> int:
        other = self.user if self.turn == self.target else self.target
        s = eng.seat(other)
        return 1 if s is None else plugins.modify("answers_needed", 1, eng, s, CARD.duel)

    def awaiting(self, eng: Engine) -> bool:
        return not self.done

    def wants(self, eng: Engine, e: ev.Event) -> bool:
        if self.done:
            return False
        if isinstance(e, ev.Use):
            if F.used_name(e) == self.demand and not e.targets and e.seat in (self.user, self.target):
                return self.nullified % 2 == 0  # a 杀 written as `use`: the duel's answer
            return F.used_name(e) == CARD.nullification and not e.targets and self.count == 0
        if isinstance(e, (ev.Respond, ev.Pass)):
            return e.seat in (self.user, self.target) and self.nullified % 2 == 0
        if isinstance(e, ev.Damage):
            return (e.target in (self.user, self.target) and e.source in (self.user, self.target, None)
                    and e.target != e.source and (e.card is None or self.card is None or e.card == self.card))
        return False

    def offer(self, eng: Engine, line: int, e: ev.Event) -> bool:
        if isinstance(e, ev.Use) and F.used_name(e) == self.demand and not e.targets:
            e = ev.Respond(seat=e.seat, card=e.card, as_=e.as_, cards=e.cards, skill=e.skill, t=e.t, note=e.note)
        if self.done:
            return False
        if isinstance(e, ev.Use) and F.used_name(e) == CARD.nullification and not e.targets and self.count == 0:
            self.nullified += 1
            F.spend(eng, e, convert=True)  # a 无懈可击 made of another card
            return True
        if self.nullified % 2 == 1:
            return False
        if isinstance(e, ev.Respond) and e.seat in (self.user, self.target):
            name = F.used_name(e)
            if e.seat != self.turn:
                eng.report(R.R_TARGET_ORDER, e.seat, f"it is seat {self.turn}'s turn to play {self.demand} in the {CARD.duel}",
                           expected=f"seat {self.turn}", observed=f"seat {e.seat}")
                self.turn = e.seat
            if name is not None and name != self.demand:
                eng.report(R.P_WRONG_CARD, e.seat, f"{CARD.duel} asks for {self.demand}", expected=self.demand, observed=name)
            if e.as_ is not None and e.cards:
                check_conversion(eng, e, e.as_)
            F.spend(eng, e)
            if name is not None and name != self.demand:
                return True  # not a 杀: it counts for nothing, the seat still owes one
            self.count += 1
            if self.count >= self._need(eng):
                self.count = 0
                self.turn = self.user if self.turn == self.target else self.target
            return True
        if isinstance(e, ev.Pass) and e.seat in (self.user, self.target):
            return True
        if isinstance(e, ev.Damage) and e.target in (self.user, self.target) and e.source in (self.user, self.target, None) \
                and (e.card is None or self.card is None or e.card == self.card) and e.target != e.source:
            if e.target != self.turn:
                eng.report(R.D_UNEXPECTED, e.target, f"seat {self.turn} failed to play {self.demand} and takes the {CARD.duel} damage",
                           expected=f"damage to seat {self.turn}", observed=f"damage to seat {e.target}")
            amount = 1 + (plugins.modify("damage_bonus", 0, eng, e.source, CARD.duel) if e.source == self.user else 0)
            amount = F.damage_taken(eng, eng.seat(e.target), amount, "normal")
            if e.amount != amount and eng.mode.strict_damage():
                eng.report(R.D_AMOUNT, e.target, f"{CARD.duel} deals {amount}", expected=amount, observed=e.amount)
            self.done = True

            apply_damage(eng, e)
            return True
        return False

    def close(self, eng: Engine, line: int, e: ev.Event | None) -> None:
        if e is None or self.done or self.nullified % 2 == 1 or eng.over:
            return
        s = eng.seat(self.turn)
        if s is not None and s.alive and not damage_stoppable(s) and eng.mode.strict_damage():
            eng.report(R.D_MISSING, self.turn, f"{CARD.duel} of seat {self.user}: seat {self.turn} played no {self.demand} and took no damage",
                       expected=f"damage to seat {self.turn}", observed=f"`{ev.event_type(e)}`")


class TargetedTrick(Frame):
    """A trick at one target that its own frame resolves (火攻, 水淹七军): each 无懈可击 with no target
    turns the one before it; ``done`` once its effect is taken."""

    def __init__(self, user: int, target: int, card: str | None) -> None:
        self.user = user
        self.target = target
        self.card = card
        self.nullified = 0
        self.done = False

    @property
    def countered(self) -> bool:
        return self.nullified % 2 == 1

    def awaiting(self, eng: Engine) -> bool:
        return not self.done and not self.countered

    @staticmethod
    def is_counter(e: ev.Event) -> bool:
        return isinstance(e, ev.Use) and F.used_name(e) == CARD.nullification and not e.targets

    def take_counter(self, eng: Engine, e: ev.Use) -> None:
        self.nullified += 1
        F.spend(eng, e)

    def own_damage(self, e: ev.Damage) -> bool:
        """The damage the trick deals: to its target, from its user, by its card (when named)."""
        return e.target == self.target and e.source == self.user and (e.card is None or self.card is None or e.card == self.card)

    def deal(self, eng: Engine, e: ev.Damage, name: str, nature: str = "normal") -> bool:
        """Its own damage taken: 1 of ``nature`` after the target's armour (checked), then applied."""
        want = F.damage_taken(eng, eng.seat(self.target), 1, nature)
        if e.amount != want:
            eng.report(R.D_AMOUNT, self.target, f"{name} deals {want}", expected=want, observed=e.amount)
        if nature != "normal" and e.nature != nature:
            eng.report(R.D_NATURE, self.target, f"{name} deals {nature} damage", expected=nature, observed=e.nature)
        self.done = True
        apply_damage(eng, e)
        return True

    def still_owed(self, eng: Engine, e: ev.Event | None) -> Seat | None:
        """The target, when the frame closes with its effect still owed (a living target, not countered)."""
        if e is None or eng.over or self.done or self.countered:
            return None
        s = eng.seat(self.target)
        return s if s is not None and s.alive else None


class SimpleTrick(Frame):
    """A single-target trick whose effect is one logged event: 顺手牵羊, 过河拆桥, 无中生有, 借刀杀人 …"""

    label = "trick"

    def __init__(self, eng: Engine, user: int, name: str, targets: list[int]) -> None:
        self.user = user
        self.name = name
        self.queue = list(targets)
        self.nullified = 0
        self.effects = 0
        self.victim: int | None = None

    def awaiting(self, eng: Engine) -> bool:
        return bool(self.queue)

    def demands(self, eng: Engine, seat: int) -> str | None:
        """借刀杀人 demands of its target, until countered, the card it declares (``plugins.DEMANDS``: 杀)."""
        demanded = plugins.DEMANDS.get(self.name) if self.name in TAKING_TRICKS else None
        return demanded if demanded is not None and seat in self.queue and self.nullified % 2 == 0 else None

    def wants(self, eng: Engine, e: ev.Event) -> bool:
        if isinstance(e, ev.Use) and F.used_name(e) == CARD.nullification and not e.targets:
            return bool(self.queue)
        if self.name == CARD.ex_nihilo and isinstance(e, ev.Draw):
            return e.seat == self.user and e.reason in ("card", None) and bool(self.queue)
        if self.name == CARD.ex_nihilo and isinstance(e, ev.Move):  # the draw written as a move from the pile
            return bool(self.queue) and e.from_.zone == Zone.DECK and e.to.zone == Zone.HAND and e.to.seat == self.user
        if self.name == CARD.dismantlement and isinstance(e, ev.Discard):  # 该角色弃置这张牌, written as the target's discard
            return bool(self.queue) and e.seat == self.queue[0] and e.reason in (self.name, None)
        if self.name in TAKING_TRICKS and isinstance(e, ev.Move):
            return bool(self.queue) and e.from_.seat == self.queue[0] and e.reason in (self.name, None) \
                and e.from_.zone in (("equip",) if self.name == CARD.collateral else ("hand", "equip", "judge"))
        return False

    def offer(self, eng: Engine, line: int, e: ev.Event) -> bool:
        if isinstance(e, ev.Use) and F.used_name(e) == CARD.nullification and not e.targets:
            self.nullified += 1
            F.spend(eng, e, convert=True)  # a 无懈可击 made of another card
            return True
        if self.nullified % 2 == 1 and self.queue and (isinstance(e, (ev.Move, ev.Discard)) or
                                                       (isinstance(e, ev.Draw) and self.name == CARD.ex_nihilo)):
            # seed 001 一(四) 无懈可击: 抵消其对一名角色产生的效果 — the countered trick does nothing
            eng.report(R.D_CARD_EFFECT, self.queue[0], f"{self.name} was countered by {CARD.nullification} and has no effect",
                       expected="no effect", observed=f"`{ev.event_type(e)}`")
        if self.nullified % 2 == 1:
            if self.queue:
                self.queue.pop(0)
                self.nullified = 0
            return False
        if isinstance(e, ev.Discard) or (self.name == CARD.ex_nihilo and isinstance(e, ev.Move)):
            if isinstance(e, ev.Move) and len(e.cards) != 2 + eng.mode.ex_nihilo_bonus(self.user):
                want = 2 + eng.mode.ex_nihilo_bonus(self.user)
                eng.report(R.D_CARD_EFFECT, self.user, f"{CARD.ex_nihilo} draws {want}", expected=want, observed=len(e.cards))
            self.queue = []
            return False  # applied by its handler
        if self.name in TAKING_TRICKS and isinstance(e, ev.Move):
            # seed 001 一(四): 过河拆桥 — 该角色弃置这张牌; 顺手牵羊 — 获得该角色的 … 一张牌
            # 借刀杀人 — 否则获得A装备区里的武器 (the user takes A's weapon)
            to_ok = e.to.zone == Zone.DISCARD if self.name == CARD.dismantlement else (e.to.zone == Zone.HAND and e.to.seat == self.user)
            where = "the discard pile" if self.name == CARD.dismantlement else f"seat {self.user}'s hand"
            holder = eng.seat(self.queue[0])
            if self.name == CARD.collateral and holder is not None and e.cards and holder.equip.get(Slot.WEAPON) not in e.cards:
                eng.report(R.D_CARD_EFFECT, self.queue[0], f"{CARD.collateral} takes seat {self.queue[0]}'s weapon",
                           expected=holder.equip.get(Slot.WEAPON) or "the weapon", observed=e.cards)
            elif not to_ok:
                eng.report(R.D_CARD_EFFECT, self.queue[0], f"the card {self.name} takes goes to {where}",
                           expected=where, observed=f"{e.to.zone}" + (f" of seat {e.to.seat}" if e.to.seat else ""))
            elif len(e.cards) != 1:
                eng.report(R.D_CARD_EFFECT, self.queue[0], f"{self.name} takes one card", expected=1, observed=len(e.cards))
            elif self.name == CARD.dismantlement and eng.rs.p.dismantlement_reveal_hand and e.from_.zone == Zone.JUDGE:
                # 1v1 (《2013 王者之战 比赛规则》): 弃置其装备区里的一张牌；或令对手亮出所有手牌，你弃置其中一张
                eng.report(R.D_CARD_EFFECT, self.queue[0], f"{self.name} (1v1) takes a card of the equipment area or the hand",
                           expected="equip or hand", observed=f"{e.cards} from the judgement area")
            self.queue = []
            return False  # the move itself is applied by its handler
        if self.name == CARD.ex_nihilo and isinstance(e, ev.Draw) and e.seat == self.user and e.reason in ("card", None):
            want = 2 + eng.mode.ex_nihilo_bonus(self.user)
            if len(e.cards) != want:
                eng.report(R.D_CARD_EFFECT, e.seat, f"{CARD.ex_nihilo} draws {want}", expected=want, observed=len(e.cards))
            eng.draw_from_pile(e.seat, e.cards)
            s = eng.seat(e.seat)
            if s is not None:
                for c in e.cards:
                    if is_unknown(c):
                        s.hidden += 1
                    else:
                        s.hand[c] += 1
            self.queue = []
            return True
        if self.name == CARD.god_salvation and isinstance(e, ev.Recover) and e.seat in self.queue:
            return False
        return False

    def close(self, eng: Engine, line: int, e: ev.Event | None) -> None:
        if e is None or self.name != CARD.ex_nihilo or not self.queue or self.nullified % 2 == 1:
            return
        if eng.unknown_skill_turn or isinstance(e, (ev.GameEnd, ev.Death, ev.Dying)):
            return
        eng.report(R.D_CARD_EFFECT, self.user, f"{CARD.ex_nihilo} resolved and its two cards were not drawn",
                   expected="draw 2 (reason card)", observed=f"`{ev.event_type(e)}`")


class GlobalTrick(Frame):
    """桃园结义 / 五谷丰登: every living character, the user first, then in turn order (seed 001 一(四)).

    Targets resolve one by one; a target's event out of order is reported (SGS-R001). 五谷丰登's
    revealed cards wait in the processing area; each target takes one; the rest are discarded.
    """

    label = "global trick"

    def __init__(self, eng: Engine, user: int, name: str, order: list[int]) -> None:
        self.user = user
        self.name = name
        if name == CARD.god_salvation:
            order = [s for s in order if (st := eng.seat(s)) is not None and st.hp < st.max_hp]
        self.queue = list(order)
        self.nullified = 0
        self.revealed: list[str] = []
        self.shown = False  # 五谷丰登's cards have been revealed (a later `reveal` is another effect's)

    def _jump(self, eng: Engine, seat: int, what: str) -> bool:
        if not self.queue or seat not in self.queue:
            return False
        if self.queue[0] != seat:
            eng.report(R.R_TARGET_ORDER, seat, f"{what} for seat {seat} before seat {self.queue[0]} ({self.name}, order {self.queue})",
                       expected=f"seat {self.queue[0]}", observed=f"seat {seat}")
        self.queue.remove(seat)
        self.nullified = 0
        return True

    def awaiting(self, eng: Engine) -> bool:
        return bool(self.queue)

    def wants(self, eng: Engine, e: ev.Event) -> bool:
        if isinstance(e, ev.Use):
            return F.used_name(e) == CARD.nullification and not e.targets and bool(self.queue)
        if self.name == CARD.god_salvation:
            return isinstance(e, ev.Recover) and e.seat in self.queue
        if isinstance(e, ev.Reveal):  # a reveal naming another reason is another effect's (蛊惑's questioned card)
            return not self.shown and self.name == CARD.amazing_grace and e.reason in (None, CARD.amazing_grace)
        if isinstance(e, ev.Move):
            return e.to.zone == Zone.HAND and e.from_.zone in (Zone.PROCESSING, Zone.DECK) and e.to.seat in self.queue
        if isinstance(e, ev.Draw):
            return e.reason in ("card", None) and e.seat in self.queue and self.name == CARD.amazing_grace
        return False

    def offer(self, eng: Engine, line: int, e: ev.Event) -> bool:
        if isinstance(e, ev.Use) and F.used_name(e) == CARD.nullification and not e.targets:
            F.spend(eng, e, convert=True)  # a 无懈可击 made of another card
            if e.for_ is not None and e.for_ not in self.queue:
                return True  # about a target with no part left (its part is over, or 桃园结义 at full HP)
            if e.for_ is not None and e.for_ != self.queue[0]:  # the log names a later target
                while self.nullified % 2 == 1 and self.queue[0] != e.for_:
                    self.queue.pop(0)  # countered: that target's part is over
                    self.nullified = 0
                if self.queue[0] != e.for_:
                    self._jump(eng, e.for_, f"a {CARD.nullification}")
                    self.queue.insert(0, e.for_)
            self.nullified += 1
            return True
        if self.nullified % 2 == 1 and self.queue and not isinstance(e, ev.Use):
            countered = self.queue.pop(0)
            self.nullified = 0
            seat = e.seat if isinstance(e, (ev.Recover, ev.Draw)) else e.to.seat if isinstance(e, ev.Move) else None
            if seat == countered:
                eng.report(R.D_CARD_EFFECT, seat, f"{CARD.nullification} countered {self.name} for seat {seat}",
                           expected=f"no {self.name} effect for seat {seat}", observed=ev.event_type(e))
                if isinstance(e, ev.Recover):
                    apply_recover(eng, e)
                    return True
                self.queue.insert(0, countered)  # the log says it happened: take the pick as made
        if self.name == CARD.god_salvation and isinstance(e, ev.Recover) and e.seat in self.queue:
            if not self._jump(eng, e.seat, "recovery"):
                return False
            if e.amount != 1:
                eng.report(R.D_AMOUNT, e.seat, f"{CARD.god_salvation} recovers 1", expected=1, observed=e.amount)
            apply_recover(eng, e)
            return True
        if self.name == CARD.amazing_grace:
            if isinstance(e, ev.Reveal) and not self.shown:
                self.shown = True
                alive = len(eng.table.alive())
                if len(e.cards) != alive:
                    eng.report(R.D_CARD_EFFECT, e.seat, f"{CARD.amazing_grace} reveals one card per living character ({alive})",
                               expected=alive, observed=len(e.cards))
                eng.draw_from_pile(self.user, e.cards)
                self.revealed = list(e.cards)
                for c in self.revealed:  # revealed into the processing area until taken
                    if not is_unknown(c):
                        eng.table.processing[c] += 1
                return True
            picked_seat = None
            cards: list[str] = []
            if isinstance(e, ev.Move) and e.to.zone == Zone.HAND and e.from_.zone in (Zone.PROCESSING, Zone.DECK):
                picked_seat, cards = e.to.seat, e.cards
            elif isinstance(e, ev.Draw) and e.reason in ("card", None) and e.seat in self.queue:
                picked_seat, cards = e.seat, e.cards
            if picked_seat is not None and picked_seat in self.queue:
                self._jump(eng, picked_seat, "a pick")
                for c in cards:
                    if c in self.revealed:
                        self.revealed.remove(c)
                        eng.leave_processing([c], discard=False)
                    elif not self.shown:
                        eng.draw_from_pile(picked_seat, [c])
                    else:
                        eng.report(R.C_NOT_THERE, picked_seat, f"{c} is not among the revealed cards {self.revealed}", observed=c)
                add_to_hand(eng, picked_seat, cards)
                return True
        return False

    def close(self, eng: Engine, line: int, e: ev.Event | None) -> None:
        eng.leave_processing(self.revealed)
        self.revealed = []
        if self.name != CARD.god_salvation or e is None or isinstance(e, ev.GameEnd) or eng.unknown_skill_turn or eng.over:
            return
        queue = self.queue[1:] if self.nullified % 2 == 1 else self.queue
        wounded = [t for t in queue if (s := eng.seat(t)) is not None and s.alive and s.hp < s.max_hp]
        if wounded:  # seed 001 一(四) 桃园结义: 按行动顺序结算，目标角色回复1点体力
            eng.report(R.D_CARD_EFFECT, wounded[0], f"{CARD.god_salvation} of seat {self.user}: no recovery logged for seat(s) {wounded}",
                       expected=f"recover 1 for {wounded}", observed=f"`{ev.event_type(e)}`")


class LightningDamage(Frame):
    """闪电 hit: 3 damage with no source (seed 001 一(四) 闪电)."""

    label = CARD.lightning

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.done = False

    def awaiting(self, eng: Engine) -> bool:
        return not self.done

    def wants(self, eng: Engine, e: ev.Event) -> bool:
        return not self.done and isinstance(e, ev.Damage) and e.target == self.seat

    def offer(self, eng: Engine, line: int, e: ev.Event) -> bool:
        if self.done:
            return False
        if isinstance(e, ev.Damage) and e.target == self.seat:
            want = F.damage_taken(eng, eng.seat(e.target), 3, e.nature)
            if e.amount != want:
                eng.report(R.D_AMOUNT, e.target, f"{CARD.lightning} deals {want} damage", expected=want, observed=e.amount)
            if e.source is not None:
                eng.report(R.D_UNEXPECTED, e.target, f"{CARD.lightning} damage has no source", expected="no source", observed=f"source {e.source}")
            # lightning_nature: "normal|thunder" (001 names no nature: either is accepted), "thunder" (FreeKill)
            natures = str(eng.rs.p.lightning_nature).split("|")
            if e.nature not in natures:
                eng.report(R.D_UNEXPECTED, e.target, f"{CARD.lightning} damage is {' or '.join(natures)}",
                           expected=" or ".join(natures), observed=f"{e.nature} damage")
            self.done = True
            apply_damage(eng, e)
            return True
        return False

    def close(self, eng: Engine, line: int, e: ev.Event | None) -> None:
        if not self.done and e is not None and not isinstance(e, ev.Skill) and not eng.over:
            s = eng.seat(self.seat)
            if s is not None and s.alive and not damage_stoppable(s):
                eng.report(R.D_MISSING, self.seat, f"{CARD.lightning} hit (♠2–9) and no damage was logged",
                           expected="damage 3 to the judged seat", observed=f"`{ev.event_type(e)}`")


#: the card each AOE asks every target for
AOE = {CARD.savage_assault: CARD.slash, CARD.archery_attack: CARD.jink}


# the AOEs: every other living character, none chosen; the global tricks: every living one (their checks and
# legality.legal_uses read this)
plugins.TARGETS[CARD.savage_assault] = plugins.TARGETS[CARD.archery_attack] = plugins.Targets(everyone=True)
plugins.TARGETS[CARD.god_salvation] = plugins.TARGETS[CARD.amazing_grace] = plugins.Targets(everyone=True, self_allowed=True)


@use_check(CARD.savage_assault, CARD.archery_attack)
def aoe_check(eng: Engine, e: ev.Use, user: Any, name: str, targets: list[int], report: Report) -> None:
    spec = plugins.TARGETS[name]
    order = eng.table.order_from(e.seat, include_first=spec.self_allowed)  # the set; the mode orders it (direction)
    if e.targets and set(e.targets) != set(order):
        report(R.P_TARGET, e.seat, f"{name} targets every other living character", expected=sorted(order), observed=sorted(e.targets))


# what 借刀杀人 demands of the weapon holder (seed 001 一(四) 借刀杀人: 对其攻击范围内…使用一张【杀】); 无懈可击 answers a
# trick and is never used on its own
plugins.DEMANDS[CARD.collateral] = CARD.slash
plugins.DEMANDS[CARD.duel] = CARD.slash
# 借刀杀人: one other character (with a weapon), and the one it is to 杀 (its check and legality.legal_uses read this)
plugins.TARGETS[CARD.collateral] = plugins.Targets(victim=True)  # 决斗 (seed 001 一(四)): the two alternate playing 【杀】
plugins.ANSWERS_ONLY[CARD.nullification] = f"{CARD.nullification} with no trick in resolution"


@card_use(CARD.savage_assault, CARD.archery_attack)
def aoe(eng: Engine, e: ev.Use, user: Any, name: str, targets: list[int]) -> None:
    order = eng.mode.multi_target_order(e, include_user=False)
    eng.push(CardEffect(eng, e.seat, name, e.card, order, need=AOE[name], damages=True))


# 桃园结义 recovers: a recovery no card or skill in resolution causes names it as what could have
plugins.RECOVERING_CARDS.append(CARD.god_salvation)


@card_use(CARD.god_salvation, CARD.amazing_grace)
def global_trick(eng: Engine, e: ev.Use, user: Any, name: str, targets: list[int]) -> None:
    order = eng.mode.multi_target_order(e, include_user=True)
    eng.push(GlobalTrick(eng, e.seat, name, order))


# 决斗, 过河拆桥, 顺手牵羊: one other character; 无中生有: yourself (their checks and legality.legal_uses read this)
plugins.TARGETS[CARD.duel] = plugins.TARGETS[CARD.dismantlement] = plugins.TARGETS[CARD.snatch] = plugins.ONE_OTHER
plugins.TARGETS[CARD.ex_nihilo] = plugins.ON_SELF_NAMED


@use_check(CARD.duel)
def duel_check(eng: Engine, e: ev.Use, user: Any, name: str, targets: list[int], report: Report) -> None:
    one_other_target(eng, e, user, name, targets, report, f"{CARD.duel} targets one other character")


@card_use(CARD.duel)
def duel(eng: Engine, e: ev.Use, user: Any, name: str, targets: list[int]) -> None:
    if plugins.TARGETS[name].fits(e.seat, targets):
        eng.push(DuelFrame(eng, e.seat, targets[0], e.card))


def collateral_victim(eng: Engine, e: ev.Use) -> int | None:
    """The seat a 借刀杀人 told this user to 杀 (its 杀 needs no range to that seat)."""
    if eng.collateral_victim is not None:
        return eng.collateral_victim
    demand = demanding_frame(eng, e.seat)
    return None if demand is None else demand[0].victim


@use_check(CARD.snatch, CARD.dismantlement, CARD.ex_nihilo, CARD.collateral)
def single_target_check(eng: Engine, e: ev.Use, user: Any, name: str, targets: list[int], report: Report) -> None:
    spec = plugins.TARGETS[name]
    if spec.self_only:
        if not spec.self_ok(e.seat, targets):
            report(R.P_TARGET, e.seat, f"{name} is used on yourself", expected=[e.seat], observed=targets)
        return
    if not spec.fits(e.seat, targets):
        report(R.P_TARGET, e.seat, f"{name} targets one other character", observed=targets)
        return
    t = targets[0]
    ts = eng.seat(t)
    if ts is None:
        return
    if name == CARD.snatch:
        d = eng.table.distance(e.seat, t)
        reach = plugins.modify("trick_reach", 1, eng, user, name)
        if reach is not None and d > reach:
            report(R.P_DISTANCE, e.seat, f"顺手牵羊 needs distance 1; distance to seat {t} is {d}",
                   expected="distance ≤ 1", observed=d)
        protected_target(eng, e, user, ts, name, report)
    else:
        protected_target(eng, e, user, ts, name, report)  # 帷幕: no black trick
    if name in (CARD.snatch, CARD.dismantlement) and not ts.all_cards() and ts.hidden == 0:
        report(R.P_TARGET, e.seat, f"seat {t} has no cards to take", observed=f"target {t}")
    if name == CARD.collateral:
        if ts.weapon() is None:
            report(R.P_TARGET, e.seat, f"seat {t} has no weapon", observed=f"target {t}")
        if e.victim is not None:
            if e.victim == t:
                report(R.P_TARGET, e.seat, "the victim must be another character", observed=e.victim)
            elif eng.rs.p.collateral_victim_in_range and not eng.table.in_attack_range(t, e.victim):
                report(R.P_RANGE, e.seat, f"seat {e.victim} is outside seat {t}'s attack range", observed=e.victim)


@card_use(CARD.snatch, CARD.dismantlement, CARD.ex_nihilo, CARD.collateral)
def single_target_trick(eng: Engine, e: ev.Use, user: Any, name: str, targets: list[int]) -> None:
    spec = plugins.TARGETS[name]
    if spec.self_only:  # 无中生有
        eng.push(SimpleTrick(eng, e.seat, name, [e.seat]))
        return
    if not spec.fits(e.seat, targets):
        return
    t = targets[0]
    if eng.seat(t) is None:
        return
    frame = SimpleTrick(eng, e.seat, name, [t])  # the 杀 it asks for reads its victim from the frame
    frame.victim = e.victim
    eng.push(frame)


# ---------------------------------------------------------------------------------------------------
# 无懈可击 and the delayed tricks (延时类锦囊): 乐不思蜀, 闪电 (兵粮寸断 is maneuvering.py's)
# ---------------------------------------------------------------------------------------------------

# 无懈可击 (seed 001 一(四)): 抵消目标锦囊牌对一名角色产生的效果 — the counter every trick's frame takes
plugins.COUNTERS.add(CARD.nullification)


# 乐不思蜀: one other character; 闪电: yourself (their check and legality.legal_uses read this; 兵粮寸断's is
# maneuvering.py's)
plugins.TARGETS[CARD.indulgence] = plugins.ONE_OTHER
plugins.TARGETS[CARD.lightning] = plugins.ON_SELF_NAMED


@use_check(CARD.indulgence, CARD.lightning, CARD.supply_shortage)
def delayed_check(eng: Engine, e: ev.Use, user: Any, name: str, targets: list[int], report: Report) -> None:
    """延时类锦囊 (seed 001 一(四)): one target (闪电: yourself), none with the same card in its judge area."""
    spec = plugins.TARGETS[name]
    if spec.self_only:
        if not spec.self_ok(e.seat, targets):
            report(R.P_TARGET, e.seat, f"{name} is used on yourself", expected=[e.seat], observed=targets)
        targets = [e.seat]
    if not spec.count_ok(len(targets)):
        report(R.P_TARGET, e.seat, f"{name} takes one target", expected=spec.most, observed=len(targets))
        return
    t = targets[0]
    target = eng.seat(t)
    if target is None:
        return
    if not spec.self_ok(e.seat, [t]):
        report(R.P_TARGET, e.seat, f"{name}: {phrases()['not_self']}", observed="self")
    if name == CARD.indulgence and not eng.rs.p.indulgence_on_lord and target.role == "lord":
        report(R.P_TARGET, e.seat, f"this ruleset forbids {CARD.indulgence} on the lord (seed 000)", observed="lord")
    protected_target(eng, e, user, target, name, report)
    reach = plugins.modify("trick_reach", 1, eng, user, name) if name == CARD.supply_shortage else None
    if reach is not None and eng.table.distance(e.seat, t) > reach:
        report(R.P_DISTANCE, e.seat, f"{CARD.supply_shortage} needs distance 1; distance to seat {t} is {eng.table.distance(e.seat, t)}",
               expected="distance ≤ 1", observed=eng.table.distance(e.seat, t))
    if name in target.judge_names():
        report(R.P_SAME_NAME, e.seat, f"seat {t} already has {name} in the judge area", observed=name)


def placed_trick(eng: Engine, user: int, name: str, target: int) -> Frame:
    """After a delayed trick is placed, a 无懈可击 may still follow its use (SimpleTrick's counter)."""
    return SimpleTrick(eng, user, name, [target])


def indulgence_result(eng: Engine, phase: F.JudgePhase, owner: int, trick: str, judged: Card | None) -> None:
    """乐不思蜀 (seed 001 一(四)): 若判定结果不为红桃，则跳过其出牌阶段 (◆若判定结果为红桃则没有事发生)."""
    eng.to_discard([trick])
    if judged is None:
        eng.unverifiable_because("hidden judgement card")
    elif judged.suit.name != "HEART":
        eng.skipped_phases.add("play")
    else:
        eng.this_turn.spared.add("play")


def lightning_result(eng: Engine, phase: F.JudgePhase, owner: int, trick: str, judged: Card | None) -> None:
    """闪电 (seed 001 一(四)): ♠2–9 deals 3 thunder damage to the judged character; otherwise it moves on."""
    if judged is not None and judged.suit.name == "SPADE" and 2 <= judged.rank <= 9:
        eng.to_discard([trick])
        eng.push(LightningDamage(owner))
    elif judged is not None:
        phase.pass_on(eng, trick, CARD.lightning)


plugins.DELAYED_TRICKS[CARD.indulgence] = plugins.DelayedTrick(on_result=indulgence_result, placed=placed_trick)
plugins.DELAYED_TRICKS[CARD.lightning] = plugins.DelayedTrick(on_result=lightning_result, moves_on=True, judged_first=True,
                                                              on_self=True, placed=placed_trick)


# ---------------------------------------------------------------------------------------------------
# 國戰: 以逸待劳 (in no packaged deck: 度势 makes it; the text is QSanguosha-For-Hegemony's, content/cards.toml)
# ---------------------------------------------------------------------------------------------------


def kin(eng: Engine, e: ev.Use) -> list[int]:
    """The user and every living character of its kingdom (与你势力相同的角色), from the user in turn order."""
    return [s for s in eng.mode.multi_target_order(e, include_user=True) if s == e.seat or eng.mode.same_kingdom(e.seat, s)]


# 以逸待劳: you and every character of your kingdom, none chosen (kin above; legality.legal_uses reads this)
plugins.TARGETS[CARD.await_exhausted] = plugins.Targets(everyone=True, self_allowed=True)


@use_check(CARD.await_exhausted)
def await_exhausted_check(eng: Engine, e: ev.Use, user: Any, name: str, targets: list[int], report: Report) -> None:
    """以逸待劳: 对你和与你势力相同的角色使用 (the targets, when the log names them, are exactly those)."""
    due = kin(eng, e)
    if e.targets and sorted(e.targets) != sorted(due):
        report(R.P_TARGET, e.seat, f"{name} targets you and every character of your kingdom", expected=sorted(due),
               observed=sorted(e.targets))


class DrawThenDiscard(Frame):
    """以逸待劳: each target in turn draws two cards, then discards two; 无懈可击 counters it for one target
    (before that target draws)."""

    label = "trick"

    def __init__(self, user: int, name: str, order: list[int]) -> None:
        self.user = user
        self.name = name
        self.queue = list(order)
        self.drawn = False  # the current target has drawn and owes its discard
        self.nullified = 0

    def describe(self) -> str:
        return f"{self.name} of seat {self.user}"

    def awaiting(self, eng: Engine) -> bool:
        return bool(self.queue)

    def wants(self, eng: Engine, e: ev.Event) -> bool:
        if not self.queue:
            return False
        if isinstance(e, ev.Use):
            return F.used_name(e) == CARD.nullification and not e.targets and not self.drawn
        if isinstance(e, ev.Draw):
            return e.seat in self.queue and e.reason in ("card", None) and not (self.drawn and e.seat == self.queue[0])
        if isinstance(e, ev.Discard):
            return self.drawn and e.seat == self.queue[0] and e.reason in (self.name, None)
        return False

    def _owed(self, eng: Engine, seat: int) -> bool:
        s = eng.seat(seat)
        return s is not None and s.alive

    def offer(self, eng: Engine, line: int, e: ev.Event) -> bool:
        from sgs_replay.engine.handlers import apply_change, do_discard

        if isinstance(e, ev.Use):
            self.nullified += 1
            F.spend(eng, e, convert=True)  # a 无懈可击 made of another card
            return True
        if self.nullified % 2 == 1:  # countered for the current target: nothing for it
            countered = self.queue.pop(0)
            self.nullified = 0
            if isinstance(e, ev.Draw) and e.seat == countered:
                eng.report(R.D_CARD_EFFECT, countered, f"无懈可击 countered {self.name} for seat {countered}",
                           expected=f"no {self.name} effect for seat {countered}", observed="draw")
                self.queue.insert(0, countered)  # the log says it happened: take it as made
            elif not self.wants(eng, e):
                return False
        if isinstance(e, ev.Draw):
            while self.queue[0] != e.seat:
                skipped = self.queue.pop(0)
                if self._owed(eng, skipped):
                    eng.report(R.R_TARGET_ORDER, e.seat, f"{self.name}: seat {e.seat} draws before seat {skipped} "
                               "has drawn and discarded", expected=f"seat {skipped} first", observed=f"seat {e.seat}")
            if len(e.cards) != 2:
                eng.report(R.D_CARD_EFFECT, e.seat, f"{self.name}: each target draws two cards", expected=2, observed=len(e.cards))
            apply_change(eng, e)
            self.drawn = True
            return True
        if not isinstance(e, ev.Discard):
            return False
        if len(e.cards) != 2:
            eng.report(R.D_CARD_EFFECT, self.queue[0], f"{self.name}: each target discards two cards after its draw",
                       expected=2, observed=len(e.cards))
        do_discard(eng, e)
        self.queue.pop(0)
        self.drawn = False
        return True

    def close(self, eng: Engine, line: int, e: ev.Event | None) -> None:
        if e is None or eng.over or eng.unknown_skill_turn:
            return
        queue = self.queue[1:] if self.nullified % 2 == 1 else self.queue
        owed = [t for t in queue if self._owed(eng, t)]
        if owed:  # 以逸待劳: 各摸两张牌，然后弃置两张牌
            what = "its discard of two cards" if self.drawn and owed[0] == self.queue[0] else "its draw of two and discard of two"
            eng.report(R.D_CARD_EFFECT, owed[0], f"{self.name} of seat {self.user}: {what} for seat(s) {owed} not logged",
                       expected="draw 2, then discard 2, for each target", observed=f"`{ev.event_type(e)}`")


@card_use(CARD.await_exhausted)
def await_exhausted(eng: Engine, e: ev.Use, user: Any, name: str, targets: list[int]) -> None:
    eng.push(DrawThenDiscard(e.seat, name, kin(eng, e)))
