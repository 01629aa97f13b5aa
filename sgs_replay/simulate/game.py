"""One simulated game: a table of players who make random legal decisions, played to its end.

The simulator is a layer above the engine. It keeps an :class:`~sgs_replay.engine.core.Engine` and
feeds it every event it writes (``Engine.step``), so the engine judges the game as it is made: any
violation it reports is a fault of the simulator. What a seat may do comes from the engine's legality
layer (:func:`sgs_replay.engine.legality.legal_uses`, :func:`~sgs_replay.engine.legality.check_use`);
what a card, a judgement or a death brings about is asked of the engine's frames (the damage a card
deals, who must answer, the rescue order, the reward) rather than derived again here.

Only the hidden information is the simulator's own: the order of the draw pile (one
:class:`random.Random` per game, so a seed gives the same game every time).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, ClassVar

import msgspec

from sgs_replay import events as ev
from sgs_replay.cards import is_unknown, parse_card
from sgs_replay.content import Ruleset, card_kinds
from sgs_replay.content.names import CARD, SKILL
from sgs_replay.engine import frames as F
from sgs_replay.engine import legality, plugins
from sgs_replay.engine.cards.maneuvering import ChainDamage, FireAttack
from sgs_replay.engine.cards.tricks import DrawThenDiscard
from sgs_replay.engine.core import ROLE_TABLE, Engine
from sgs_replay.engine.effects import Effect
from sgs_replay.engine.handlers import CONVERSIONS, conversion_for, pindian_won
from sgs_replay.engine.modes import ATTRITION, SACRIFICE
from sgs_replay.engine.skills import owns, version
from sgs_replay.engine.state import Seat, Slot, slot_of
from sgs_replay.engine.three_v_three import OptionalReward
from sgs_replay.skills.common import in_discard
from sgs_replay.skills.qun import V33_ZHANSHEN, zhanshen_chosen
from sgs_replay.skills.shu import YI, jiuzhu_undead
from sgs_replay.skills.wu import incoming_damage

#: generals the simulator does not play yet
UNSUPPORTED_GENERALS: frozenset[str] = frozenset()

#: the cards whose user chooses the direction where the ruleset lets it (3v3)
MULTI_TARGET = frozenset({CARD.savage_assault, CARD.archery_attack, CARD.god_salvation, CARD.amazing_grace})

#: skills that follow the event giving them their chance (``SkillBook.chances``), by chance key
CHANCE_SKILLS = {"jizhi": SKILL.jizhi, "xiaoji": SKILL.xiaoji, "lianying": SKILL.lianying, "leiji": SKILL.leiji,
                 "jiang": SKILL.jiang, "red_out": SKILL.mingzhe, "yinli": SKILL.yinli, "shushen": SKILL.shushen,
                 "sijian": SKILL.sijian, "lirang": SKILL.lirang}

#: the awakening skills used at the start of the start phase, by skill id (吕布's two 战神 share a name:
#: the id the seat owns decides)
AWAKENING = ("zhanshen", "v33_nos__zhanshen", "zhiji", "hunzi")

#: what 蛊惑 never claims: answers (闪, 无懈可击) and 借刀杀人 (its victim's choice is another path)
GUHUO_NOT_CLAIMED = frozenset({CARD.jink, CARD.nullification, CARD.collateral})

#: the most turns a game may last before it is called off (a safety net: games end long before)
MAX_TURNS = 400
#: the most actions in one play phase
MAX_ACTIONS = 40


class GameOver(Exception):
    """The game has ended (a victory condition holds, or the cards ran out)."""


class SimulationError(Exception):
    """The engine judged an event the simulator wrote illegal: a fault of the simulator."""


@dataclass
class Outcome:
    """One finished game: its lines (header first) and what it used."""

    lines: list[bytes]
    winner: str
    reason: str
    turns: int
    violations: list[str] = field(default_factory=list)
    cards: Counter[str] = field(default_factory=Counter)
    skills: Counter[str] = field(default_factory=Counter)
    reshuffles: int = 0
    generals: list[str] = field(default_factory=list)  # the general of each seat (the name it is played as)
    hidden: list[bytes] | None = None  # 國戰: the same game from nobody's view (every general face down: ``?``)


def card_label(card: str) -> str:
    """The name a card is written with (``♠4 雷杀`` → ``雷杀``): what the coverage counts."""
    return card.split(" ", 1)[1] if " " in card else card


class Game:
    """A game of identity mode under ``ruleset`` with ``players`` seats, decided by ``rng``."""

    def __init__(self, ruleset: Ruleset, players: int, rng: random.Random, *, game_id: str = "sim",
                 strict: bool = True) -> None:
        self.rs = ruleset
        self.n = players
        self.rng = rng
        self.strict = strict
        self.enc = msgspec.json.Encoder()
        self.lines: list[bytes] = []
        self.line = 1
        self.cards: Counter[str] = Counter()
        self.skills: Counter[str] = Counter()
        self.reshuffles = 0
        self.violations: list[str] = []
        self.prelude: list[ev.Event] = []  # events before the deal (the 3v3 draft)
        header = self._header(game_id)
        self.lines.append(self.enc.encode(header))
        self.eng = Engine(header, ruleset)
        self.pile = list(ruleset.deck)
        rng.shuffle(self.pile)
        self.turns = 0
        self.skip: set[str] = set()  # the phases this turn's judgements skip
        #: a target was passed over (countered, or its card void) with no event naming it since: a
        #: 无懈可击 now would be read by the engine as part of that target's counter chain
        self.unsynced = False
        self.last_seq = 0
        self.slashed = False  # the current player used or played a 杀 this turn (克己)
        #: the delayed trick whose judgement was just written and goes to the discard pile when it settles
        self.judged_trick: str | None = None
        self.skipped_turn: set[int] = set()  # 据守: the seat's next turn does not take place
        self.extra_turns: list[int] = []  # 放权: seats owed an extra turn once the current one is over
        self.fangquan_due = False  # 放权 skipped this turn's play phase: an extra turn may be given at its end
        self.first_out: int | None = None  # the first character out of the game

    # ------------------------------------------------------------------ setup
    def _header(self, game_id: str) -> ev.Game:
        rs, n, rng = self.rs, self.n, self.rng
        rows = ROLE_TABLE[n]
        if n == 8 and rs.p.eight_player_roles:
            loyal, rebels, renegades = (int(x) for x in rs.p.eight_player_roles.split("/")[1:])
        else:
            loyal, rebels, renegades = rows[rng.randrange(len(rows))]
        roles = ["loyalist"] * loyal + ["rebel"] * rebels + ["renegade"] * renegades
        rng.shuffle(roles)
        roles.insert(0, "lord")
        pool = [g for g in rs.roster if g not in UNSUPPORTED_GENERALS]
        generals = rng.sample(pool, n)
        players = [ev.Player(seat=i + 1, general=generals[i], name=f"P{i + 1}", role=roles[i])  # type: ignore[arg-type]
                   for i in range(n)]
        return ev.Game(format=ev.FORMAT_ID, mode="identity", ruleset=rs.name, players=players, game_id=game_id,
                       meta={"generator": "sgs-replay simulate"})

    # ------------------------------------------------------------------ writing
    def emit(self, e: ev.Event) -> None:
        """Write ``e`` and feed it to the engine; a violation it reports is the simulator's fault."""
        self.line += 1
        self.judged_trick = None
        if not (isinstance(e, ev.Use) and F.used_name(e) == CARD.nullification):
            self.unsynced = False
        before = len(self.eng.violations)
        chances_before = dict(self.eng.skills.chances)
        taken = self.eng.skills.state.get("juxiang_taken", 0)
        seq = self.eng.frame_seq
        self.eng.step(self.line, e)
        self.lines.append(self.enc.encode(e))
        self.skills[SKILL.juxiang] += self.eng.skills.state.get("juxiang_taken", 0) - taken  # 巨象 took a 南蛮入侵
        if not self.skills[SKILL.juxiang]:
            del self.skills[SKILL.juxiang]
        if isinstance(e, (ev.Use, ev.Respond)):
            for c in [e.card] if e.card else (e.cards or []):
                self.cards[card_label(c)] += 1
            if e.seat == self.eng.current and F.used_name(e) == CARD.slash:
                self.slashed = True
            if e.skill is not None:  # a conversion (武圣, 龙胆, 丈八蛇矛 …) counts as the skill used
                self.skills[e.skill] += 1
        elif isinstance(e, ev.Recast):
            self.cards[card_label(e.card)] += 1
        elif isinstance(e, ev.Skill):
            self.skills[e.skill] += 1
        elif isinstance(e, ev.Retrial) and e.skill is not None:
            self.skills[e.skill] += 1
        if len(self.eng.violations) > before:
            for v in self.eng.violations[before:]:
                msg = f"line {v.line}: {v.rule} {v.message}"
                self.violations.append(msg)
                if self.strict:
                    raise SimulationError(msg)
        chances = self.eng.skills.chances
        if chances and not self.eng.over:
            for (seat, key), n in sorted(chances.items(), key=lambda kv: (kv[0][1] != "jizhi", kv[0])):  # 集智 first
                skill = CHANCE_SKILLS.get(key)
                if skill is None or n <= chances_before.get((seat, key), 0) or not self.alive(seat):
                    continue  # only the chance this event opened, taken now or never
                if key == "lianying" and self.seat(seat).hand_count:
                    continue
                if key in ("red_out", "jiang", "sijian") and (isinstance(e, ev.Retrial) or (
                        isinstance(e, ev.Use) and F.used_name(e) == CARD.nullification)):
                    continue  # not inside a judgement or a 无懈可击 window: what they decide comes first
                if key == "leiji":
                    self.leiji(seat)
                elif key == "shushen":
                    for _ in range(n - chances_before.get((seat, key), 0)):
                        self.shushen(seat)
                elif key == "sijian":
                    if not any(isinstance(f, Effect) and not f.done for f in self.eng.stack):
                        self.sijian(seat)  # not inside a skill's effect still owed (突袭's second card …)
                elif key == "lirang":
                    self.lirang(seat)
                elif self.chance(0.8):
                    mark = self.eng.frame_seq
                    self.emit(ev.Skill(seat=seat, skill=skill))
                    self.fulfil(after=mark)  # its own draw only: what the event owed comes from its writer
        self.last_seq = seq  # the frames the event just written opened are numbered above this

    def take(self, k: int) -> list[str]:
        """The top ``k`` cards of the draw pile, after the reshuffle the engine makes when it runs short
        (the discard pile, shuffled, goes under what is left: ``Engine.need_cards``)."""
        if len(self.pile) < k:
            eng = self.eng
            eng.settle_processing()
            coming = Counter(eng.table.discard)
            top = eng.stack[-1] if eng.stack else None
            if self.judged_trick is not None and isinstance(top, F.JudgeFrame) and not top.settled:
                coming[self.judged_trick] += 1  # the judged 乐不思蜀 (…) leaves with its judgement
            if isinstance(top, F.JudgeFrame) and not top.settled and not (
                    top.reason == SKILL.luoshen and parse_card(eng.skills.effective_card(top.seat, top.card)).is_black):
                coming[top.card] += 1  # settled by the next event, before the pile is looked at (洛神's black: hers)
            if coming:
                fresh = sorted(coming.elements())
                self.rng.shuffle(fresh)
                self.pile.extend(fresh)
                self.reshuffles += 1
            if len(self.pile) < k:
                raise GameOver("cards")
        out, self.pile = self.pile[:k], self.pile[k:]
        return out

    # ------------------------------------------------------------------ helpers
    def seat(self, n: int) -> Seat:
        s = self.eng.seat(n)
        assert s is not None
        return s

    def alive(self, n: int) -> bool:
        return self.seat(n).alive

    def hand_of(self, n: int, name: str | None = None) -> list[str]:
        """The seat's hand cards (of the card ``name`` only, when given), sorted for determinism."""
        s = self.seat(n)
        cards = sorted(s.hand.elements())
        if name is None:
            return cards
        if name != CARD.slash and s.has_skill(SKILL.wushen):  # 武神: his ♥ hand cards are 杀 only
            return [c for c in cards if parse_card(c).name == name and parse_card(c).suit.name != "HEART"]
        return [c for c in cards if parse_card(c).name == name]

    def peach_barred(self, card: str | None) -> bool:
        """鏖戰 has begun (國戰, or the identity house rule): a 桃 is only used or played as 杀 or 闪."""
        if card is None or not getattr(self.eng.mode, "aozhan", False):
            return False
        return card == CARD.peach or (not is_unknown(card) and " " in card and parse_card(card).name == CARD.peach)

    def wushen_bars(self, e: ev.Use) -> bool:
        """武神: a ♥ hand card of its owner is a 杀, and cannot be used as anything else."""
        s = self.seat(e.seat)
        if not s.has_skill(SKILL.wushen) or F.used_name(e) == CARD.slash:
            return False
        return any(s.hand[c] and parse_card(c).suit.name == "HEART" for c in ([e.card] if e.card else e.cards or []))

    def chance(self, p: float) -> bool:
        return self.rng.random() < p

    def check_over(self) -> None:
        if self.eng.over:
            winner, reason = self.eng.over
            self.emit(ev.GameEnd(winner=winner, reason=reason))
            raise GameOver(reason)

    # ------------------------------------------------------------------ the game
    def play(self) -> Outcome:
        winner, reason = "none", "draw"
        try:
            for e in self.prelude:
                self.emit(e)
            for s in range(1, self.n + 1):
                self.emit(ev.Draw(seat=s, cards=self.take(self.deal_size(s)), reason="initial"))
            self.rounds()
            raise GameOver("turns")
        except GameOver as over:
            if self.eng.over:
                winner, reason = self.eng.over
            elif str(over) in ("cards", "turns"):
                reason = "draw"
                self.emit(ev.GameEnd(winner="none", reason="draw"))
        if self.rs.p.anhun_protection:
            self.protect()
        return Outcome(self.lines, winner, reason, self.turns, self.violations, self.cards, self.skills,
                       self.reshuffles, self.played_generals(), self.hidden_copy())

    def played_generals(self) -> list[str]:
        """The generals that were at the table, by the name each is played as (the coverage's passive skills)."""
        return [g.name for s in sorted(self.eng.table.seats) if (g := self.seat(s).general) is not None]

    def hidden_copy(self) -> list[bytes] | None:
        """The game from a view that does not see every general (國戰); None: the log is the only copy."""
        return None

    def deal_size(self, s: int) -> int:
        """The opening hand of seat ``s``."""
        first = self.rs.p.initial_hand
        k = first if isinstance(first, int) else self.seat(s).max_hp  # "max_hp": as many as that
        if self.seat(s).side == "warm" and self.seat(s).position == "commander":
            k += self.rs.p.warm_commander_initial_bonus or 0
        return k

    def protect(self) -> None:
        """暗魂 protection (house-anhun): the header names the player out first in the "previous game" of the
        series: any player but the one out first in this game (whose death the protection would forbid),
        chosen once the game is over, so the game is legal under the rule."""
        header = msgspec.json.decode(self.lines[0], type=ev.Game)
        names = [p.name for p in header.players if p.seat != self.first_out and p.name]
        self.lines[0] = self.enc.encode(msgspec.structs.replace(header, protected_player=self.rng.choice(names)))

    def rounds(self) -> None:
        """Identity mode: turns from the lord (seat 1), each to the next living seat."""
        seat = 1
        while self.turns < MAX_TURNS:
            if seat in self.skipped_turn:
                self.skipped_turn.discard(seat)
            else:
                self.turn(seat)
                while self.extra_turns and self.turns < MAX_TURNS:  # 放权's extra turn, then the seat order goes on
                    extra = self.extra_turns.pop(0)
                    if self.alive(extra):
                        self.turn(extra)
            seat = self.eng.table.next_alive(seat)

    def turn(self, seat: int) -> None:
        self.turns += 1
        self.emit(ev.Turn(seat=seat))
        self.at_turn_start(seat)
        if not self.attrition(seat):
            return
        self.emit(ev.Phase(seat=seat, phase="start"))
        me = self.seat(seat)
        self.shenzhi(me)
        self.awaken(me)
        self.zhanshen(me)
        self.yinghun(me)
        while me.has_skill(SKILL.luoshen) and self.chance(0.8):
            self.emit(ev.Skill(seat=seat, skill=SKILL.luoshen))
            if parse_card(self.judge_card(seat, SKILL.luoshen)).is_red:
                break  # a black one is hers (implied) and she may go on
        self.guanxing(me)
        self.skip = set()
        self.slashed = False
        qb_judge = self.qiaobian(me, "judge")
        if not qb_judge and self.shensu(me):
            if not me.alive or self.eng.current != seat:
                return
        elif me.judge and not qb_judge:
            self.emit(ev.Phase(seat=seat, phase="judge"))
            self.judge_phase(seat)
            if not me.alive:
                return
        if "shensu" in self.skip:
            pass  # judge and draw phases skipped already
        elif "draw" in self.skip:
            self.emit(ev.PhaseSkip(seat=seat, phase="draw", reason=CARD.supply_shortage))
        elif self.qiaobian(me, "draw"):
            pass
        else:
            self.emit(ev.Phase(seat=seat, phase="draw"))
            others = [t for t in self.eng.table.order_from(seat, include_first=False) if self.seat(t).hand_count]
            most = 2
            if version(self.eng, "tuxi") == "002-1v1":  # 1v1: one card of an opponent holding more than you
                others, most = [t for t in others if self.seat(t).hand_count > me.hand_count], 1
            if me.has_skill(SKILL.shelie) and self.chance(0.6):
                self.shelie(seat)
            elif me.has_skill(SKILL.zaiqi) and me.hp < me.max_hp and self.chance(0.6):
                self.zaiqi(me)
            elif me.has_skill(SKILL.shuangxiong) and self.chance(0.5):
                self.emit(ev.Skill(seat=seat, skill=SKILL.shuangxiong))
                self.judge_card(seat, SKILL.shuangxiong)  # the judgement card goes to his hand (implied)
            elif me.has_skill(SKILL.hongyuan) and self.chance(0.5):
                self.invoke(ev.Skill(seat=seat, skill=SKILL.hongyuan))  # the others of his side draw one each
            elif me.has_skill(SKILL.tuxi) and others and self.chance(0.5):
                targets = sorted(self.rng.sample(others, min(len(others), self.rng.randint(1, most))))
                self.emit(ev.Skill(seat=seat, skill=SKILL.tuxi, targets=targets))
                for t in targets:
                    self.emit(ev.Move(cards=[self.rng.choice(self.hand_of(t))], from_=ev.Place(zone="hand", seat=t),
                                      to=ev.Place(zone="hand", seat=seat), reason=SKILL.tuxi))
            else:
                for sk in (SKILL.yingzi, SKILL.luoyi, SKILL.haoshi):
                    if me.has_skill(sk) and self.chance(0.6):
                        self.emit(ev.Skill(seat=seat, skill=sk))
            n = self.draw_count(me)
            if n > 0 and not {SKILL.shelie, SKILL.zaiqi, SKILL.shuangxiong} & set(self.eng.phase_draw_mods):
                self.emit(ev.Draw(seat=seat, cards=self.take(n), reason="phase"))
                self.haoshi(me)
        if "play" not in self.skip and self.shensu_play(me):
            if not me.alive or self.eng.current != seat:
                return
        elif "play" in self.skip:
            self.emit(ev.PhaseSkip(seat=seat, phase="play", reason=CARD.indulgence))
        elif self.qiaobian(me, "play"):
            if not me.alive:
                return
        elif self.fangquan(me):
            pass
        else:
            self.emit(ev.Phase(seat=seat, phase="play"))
            self.sacrifices()
            if self.shuangren(me) is not False:  # 双刃 lost: the play phase is over
                self.play_phase(seat)
            if not me.alive:
                return
        if me.has_skill(SKILL.keji) and not self.slashed and self.chance(0.8):
            self.emit(ev.Skill(seat=seat, skill=SKILL.keji))
            self.emit(ev.PhaseSkip(seat=seat, phase="discard", reason=SKILL.keji))
        elif self.qiaobian(me, "discard"):
            pass
        else:
            self.discard_phase(me)
        self.emit(ev.Phase(seat=seat, phase="finish"))
        self.xiaoguo(seat)
        if not me.alive:
            return
        if me.has_skill(SKILL.biyue) and self.chance(0.9):
            self.invoke(ev.Skill(seat=seat, skill=SKILL.biyue))
        if me.has_skill(SKILL.jushou) and self.chance(0.3):
            self.invoke(ev.Skill(seat=seat, skill=SKILL.jushou))
            self.skipped_turn.add(seat)
        self.fangquan_end(me)
        self.emit(ev.TurnEnd(seat=seat))

    def at_turn_start(self, seat: int) -> None:
        """What a player may do as its turn begins, before the start phase (國戰: turn generals face up)."""
        return None

    def before_death(self, seat: int) -> None:
        """What comes as a character dies, before its death (國戰: its face-down generals are turned up)."""
        return None

    def attrition(self, seat: int) -> bool:
        """The house rule of last-three attrition, when the engine's mode says it is due as this turn
        begins: every living character loses 1 HP, then those at 0 are rescued or die, one by one from
        the lord. False: the player whose turn it is did not survive it."""
        due = list(getattr(self.eng.mode, "attrition_due", ()))
        for s in due:
            self.emit(ev.LoseHp(seat=s, amount=1, reason=ATTRITION))
        for s in due:
            if self.alive(s) and self.seat(s).hp <= 0:
                self.dying(s)
        return self.alive(seat)

    def sacrifices(self) -> None:
        """转世 and 献祭 (house-zhuanshi), as the play phase begins: each living player who is not reincarnated
        may give one hand card to an out player who can still reincarnate (once a turn); the out player
        reincarnates at once when its hand reaches the count."""
        mode: Any = self.eng.mode
        if not self.rs.p.reincarnation:
            return
        for giver in self.eng.table.order_from(self.eng.current or 1):
            outs = [s for s in sorted(self.eng.table.seats) if not self.alive(s) and s not in mode.stuck]
            if not outs:
                return
            if giver in mode.reborn or not self.alive(giver) or not self.seat(giver).hand_count or not self.chance(0.6):
                continue
            to = self.rng.choice(outs)
            self.emit(ev.Move(cards=[self.rng.choice(self.hand_of(giver))], from_=ev.Place(zone="hand", seat=giver),
                              to=ev.Place(zone="hand", seat=to), reason=SACRIFICE))
            if mode.reborn_due == to:
                self.reincarnate(to)

    def reincarnate(self, seat: int) -> None:
        """The unused generals shuffled and turned up until one of the old general's kingdom (a 群 or 神
        general's player: the first one)."""
        mode: Any = self.eng.mode
        old = self.seat(seat).general
        kingdom = old.kingdom if old is not None else ""
        self.skipped_turn.discard(seat)  # 据守's skipped turn was the old character's
        unused = sorted(mode._unused().values(), key=lambda g: g.name)
        self.rng.shuffle(unused)
        turned: list[str] = []
        for g in unused:
            if mode._any_kingdom(kingdom) or g.kingdom == kingdom:
                self.emit(ev.GeneralChoice(seat=seat, general=g.name, turned_up=turned))
                return
            turned.append(g.name)

    def qiaobian(self, me: Seat, phase: ev.PhaseName) -> bool:
        """巧变 (國戰 张郃): a hand card discarded to skip ``phase`` — the judge phase with a delayed trick waiting,
        the draw phase (a hand card of one or two others instead), the play phase (a card of a judge or
        equipment area moved to the same area of another) or the discard phase with too many cards. True when
        the phase was skipped."""
        eng, seat = self.eng, me.seat
        if not me.has_skill(SKILL.qiaobian) or not me.alive or not me.hand_count:
            return False
        others = [t for t in eng.table.order_from(seat, include_first=False) if self.seat(t).hand_count]
        limit = plugins.modify("hand_limit", max(me.hp, 0) + eng.mode.hand_limit_bonus(me), eng, me)
        wanted = {"judge": bool(me.judge) and self.chance(0.7), "draw": bool(others) and self.chance(0.3),
                  "play": self.chance(0.15), "discard": me.hand_count - 1 > limit and self.chance(0.7)}
        if not wanted[phase]:
            return False
        targets = sorted(self.rng.sample(others, min(len(others), self.rng.randint(1, 2)))) if phase == "draw" else None
        mark = eng.frame_seq
        self.emit(ev.Skill(seat=seat, skill=SKILL.qiaobian, cards=[self.rng.choice(self.hand_of(seat))], choice=phase,
                           targets=targets))
        self.emit(ev.PhaseSkip(seat=seat, phase=phase, reason=SKILL.qiaobian))
        for t in targets or ():
            if self.seat(t).hand_count:
                self.emit(ev.Move(cards=[self.rng.choice(self.hand_of(t))], from_=ev.Place(zone="hand", seat=t),
                                  to=ev.Place(zone="hand", seat=seat), reason=SKILL.qiaobian))
        if phase == "play" and self.chance(0.7):
            moves = []
            alive = eng.table.order_from(seat)
            for a in alive:
                sa = self.seat(a)
                for c in sa.judge:
                    if c not in sa.judge_as:
                        name = parse_card(c).name
                        moves += [("judge", c, a, b) for b in alive if b != a and name not in self.seat(b).judge_names()]
                for sl in sorted(sa.equip):
                    moves += [("equip", sa.equip[sl], a, b) for b in alive if b != a and sl not in self.seat(b).equip]
            if moves:
                zone, c, a, b = self.rng.choice(moves)
                self.emit(ev.Move(cards=[c], from_=ev.Place(zone=zone, seat=a), to=ev.Place(zone=zone, seat=b),
                                  reason=SKILL.qiaobian))
        self.fulfil(after=mark)  # 白银狮子 moved away: its wearer's recovery
        return True

    def fangquan(self, me: Seat) -> bool:
        """放权 (國戰 刘禅): the play phase skipped (True), for an extra turn given at the end of this one."""
        self.fangquan_due = False
        if not me.has_skill(SKILL.fangquan) or not self.chance(0.3):
            return False
        self.emit(ev.Skill(seat=me.seat, skill=SKILL.fangquan))
        self.emit(ev.PhaseSkip(seat=me.seat, phase="play", reason=SKILL.fangquan))
        self.fangquan_due = True
        return True

    def fangquan_end(self, me: Seat) -> None:
        """The end of a turn whose play phase 放权 skipped: a hand card discarded, another character's extra turn
        (not one whose next turn is to be skipped)."""
        due, self.fangquan_due = self.fangquan_due, False
        others = [t for t in self.eng.table.order_from(me.seat, include_first=False) if t not in self.skipped_turn]
        if due and me.alive and me.hand_count and others and self.chance(0.8):
            t = self.rng.choice(others)
            self.emit(ev.Skill(seat=me.seat, skill=SKILL.fangquan, cards=[self.rng.choice(self.hand_of(me.seat))],
                               targets=[t]))
            self.extra_turns.append(t)

    def xiaoguo(self, seat: int) -> None:
        """骁果 (國戰 乐进): as another character's finish phase begins, a basic card discarded; that character
        discards an equipment card or takes 1 damage from him."""
        for s in self.eng.table.order_from(seat, include_first=False):
            me = self.seat(s)
            basics = [c for c in self.hand_of(s) if parse_card(c).type == "basic"]
            if not me.has_skill(SKILL.xiaoguo) or not basics or not self.alive(seat) or not self.chance(0.5):
                continue
            self.emit(ev.Skill(seat=s, skill=SKILL.xiaoguo, cards=[self.rng.choice(basics)]))
            t = self.seat(seat)
            equips = [c for c in self.hand_of(seat) if parse_card(c).type == "equip"] + [t.equip[sl] for sl in sorted(t.equip)]
            if equips and self.chance(0.7):
                self.emit(ev.Discard(seat=seat, cards=[self.rng.choice(equips)]))
                self.fulfil()  # 白银狮子 lost: its recovery
            else:
                self.damage(seat, F.damage_taken(self.eng, t, 1, "normal"), s, None, "normal")

    def discard_phase(self, me: Seat) -> None:
        eng, seat = self.eng, me.seat
        self.emit(ev.Phase(seat=seat, phase="discard"))
        limit = plugins.modify("hand_limit", max(me.hp, 0) + eng.mode.hand_limit_bonus(me), eng, me)
        if plugins.modify("hand_limit_waived", False, eng, me):
            limit = me.hand_count
        extra = me.hand_count - limit
        if extra > 0:
            self.emit(ev.Discard(seat=seat, cards=self.rng.sample(self.hand_of(seat), extra)))
            self.guzheng(seat)

    def shensu_targets(self, me: Seat) -> list[int]:
        """Whom 神速's 杀 (no card, no distance limit) may target: anyone no target ban protects."""
        seat = me.seat
        return [t for t in self.eng.table.order_from(seat, include_first=False)
                if not plugins.target_bans(self.eng, me, self.seat(t), CARD.slash,
                                           ev.Use(seat=seat, as_=CARD.slash, cards=[], skill=SKILL.shensu, targets=[t]))]

    def shensu(self, me: Seat) -> bool:
        """神速 (the first option): skip the judge and draw phases and use a 杀 with no card on anyone
        (no distance limit). True when it was used."""
        seat = me.seat
        if not me.has_skill(SKILL.shensu) or not self.chance(0.3):
            return False
        targets = self.shensu_targets(me)
        if not targets:
            return False
        self.emit(ev.Skill(seat=seat, skill=SKILL.shensu, choice="skip_judge_draw"))
        self.emit(ev.PhaseSkip(seat=seat, phase="judge", reason=SKILL.shensu))
        self.emit(ev.PhaseSkip(seat=seat, phase="draw", reason=SKILL.shensu))
        self.skip.add("shensu")
        use = ev.Use(seat=seat, as_=CARD.slash, cards=[], skill=SKILL.shensu, targets=[self.rng.choice(targets)])
        self.emit(use)
        self.resolve_slash(seat)
        return True

    def awaken(self, me: Seat) -> None:
        """Awakening skills (觉醒技: 战神, 志继, 魂姿) are used at the start of the start phase when their
        condition held as the turn began (the engine keeps that: ``awaken:<skill>:<seat>``)."""
        seat = me.seat
        for sid in AWAKENING:
            if not owns(me, sid) or not self.eng.skills.state.get(f"awaken:{sid}:{seat}"):
                continue
            mark = self.eng.frame_seq
            self.emit(ev.Skill(seat=seat, skill=getattr(SKILL, sid)))
            if sid == "zhiji":  # recover 1 or draw 2
                if me.hp < me.max_hp and self.chance(0.5):
                    self.emit(ev.Recover(seat=seat, amount=1))
                else:
                    self.emit(ev.Draw(seat=seat, cards=self.take(2), reason="skill", skill=SKILL.zhiji))
            self.fulfil(after=mark)

    def zhanshen(self, me: Seat) -> None:
        """战神 (the later 吕布v33, a locked skill): each start phase, one effect not chosen before, kept to
        the end of the game; the draw count, the 杀's damage and its targets then follow from the engine's
        modifiers."""
        if not owns(me, "v33__zhanshen"):
            return
        left = sorted(set(V33_ZHANSHEN) - zhanshen_chosen(self.eng, me.seat))
        if left:
            self.emit(ev.Skill(seat=me.seat, skill=SKILL.v33__zhanshen, choice=self.rng.choice(left)))

    def yinghun(self, me: Seat) -> None:
        """英魂: wounded, another character draws 1 and discards X, or draws X and discards 1 (X: HP lost)."""
        seat = me.seat
        x = me.max_hp - me.hp
        others = self.eng.table.order_from(seat, include_first=False)
        if not me.has_skill(SKILL.yinghun) or x <= 0 or not others or not self.chance(0.8):
            return
        t = self.rng.choice(others)
        self.emit(ev.Skill(seat=seat, skill=SKILL.yinghun, targets=[t]))
        n = self.rng.choice((1, x))
        self.emit(ev.Draw(seat=t, cards=self.take(n), reason="skill", skill=SKILL.yinghun))
        ts = self.seat(t)
        must = x if n == 1 else 1
        hand = self.hand_of(t)
        equips = [ts.equip[sl] for sl in sorted(ts.equip)]
        cards = self.rng.sample(hand, min(must, len(hand)))
        cards += self.rng.sample(equips, min(must - len(cards), len(equips)))
        if cards:
            mark = self.eng.frame_seq
            self.emit(ev.Discard(seat=t, cards=cards))
            self.fulfil(after=mark)  # 白银狮子 lost

    def shensu_play(self, me: Seat) -> bool:
        """神速 (the second option): skip the play phase, discard an equipment card and use a 杀 with no
        card on anyone. True when it was used."""
        seat = me.seat
        equips = [c for c in self.hand_of(seat) if parse_card(c).type == "equip"] + [me.equip[sl] for sl in sorted(me.equip)]
        if not me.has_skill(SKILL.shensu) or not equips or not self.chance(0.3):
            return False
        targets = self.shensu_targets(me)
        if not targets:
            return False
        mark = self.eng.frame_seq
        self.emit(ev.Skill(seat=seat, skill=SKILL.shensu, choice="skip_play", cards=[self.rng.choice(equips)]))
        self.fulfil(after=mark)  # an armour given up this way (白银狮子)
        self.emit(ev.Use(seat=seat, as_=CARD.slash, cards=[], skill=SKILL.shensu, targets=[self.rng.choice(targets)]))
        self.resolve_slash(seat)
        if me.alive and self.eng.current == seat:
            self.emit(ev.PhaseSkip(seat=seat, phase="play", reason=SKILL.shensu))
        return True

    def guanxing(self, me: Seat) -> None:
        """观星: look at the top X cards of the pile, put some back on top in any order, the rest at the bottom."""
        if not me.has_skill(SKILL.guanxing) or not self.chance(0.6):
            return
        x = 3 if version(self.eng, "guanxing") == "000" else min(5, len(self.eng.table.alive()))
        if len(self.pile) < x:
            return  # the engine would reshuffle first: left for another turn
        seen = self.pile[:x]
        self.rng.shuffle(seen)
        k = self.rng.randint(0, x)
        self.emit(ev.Skill(seat=me.seat, skill=SKILL.guanxing, choice=list(seen[:k])))
        self.pile = seen[:k] + self.pile[x:] + seen[k:]

    def shelie(self, seat: int) -> None:
        """涉猎: instead of drawing, reveal five cards and take one of each suit shown."""
        self.emit(ev.Skill(seat=seat, skill=SKILL.shelie))
        shown = self.take(5)
        self.emit(ev.Reveal(cards=shown, seat=seat, reason=SKILL.shelie))
        by_suit: dict[str, list[str]] = {}
        for c in shown:
            by_suit.setdefault(parse_card(c).suit.name, []).append(c)
        got = [self.rng.choice(cs) for _, cs in sorted(by_suit.items())]
        self.emit(ev.Move(cards=got, from_=ev.Place(zone="processing"), to=ev.Place(zone="hand", seat=seat),
                          reason=SKILL.shelie))

    def zaiqi(self, me: Seat) -> None:
        """再起: instead of drawing, reveal X cards (X: HP lost); 1 HP back for each ♥ (discarded), the rest taken."""
        seat = me.seat
        mark = self.eng.frame_seq
        self.emit(ev.Skill(seat=seat, skill=SKILL.zaiqi))
        self.emit(ev.Reveal(cards=self.take(me.max_hp - me.hp), seat=seat, reason=SKILL.zaiqi))
        self.fulfil(after=mark)

    def is_heart(self, seat: int, card: str) -> bool:
        """The card counts as ♥ for ``seat`` (红颜)."""
        return parse_card(self.eng.skills.effective_card(seat, card)).suit.name == "HEART"

    def draw_count(self, me: Seat) -> int:
        """The draw phase's cards, as the engine counts them (``Engine._check_draw_count``)."""
        eng = self.eng
        n = self.rs.p.draw_phase_cards + eng.mode.draw_bonus(me)
        n = plugins.modify("draw_phase_count", n, eng, me)
        return int(eng.skills.draw_count(me, n))

    # ------------------------------------------------------------------ judgements
    def judge_card(self, seat: int, reason: str) -> str:
        """Turn a judgement card over for ``seat``; returns the card as it counts for ``seat`` (红颜)."""
        card = self.take(1)[0]
        self.emit(ev.Judge(seat=seat, card=card, reason=reason))
        for s in self.eng.table.order_from(self.eng.current or seat):  # 鬼才: a hand card replaces it
            who = self.seat(s)
            if who.has_skill(SKILL.guicai) and self.hand_of(s) and self.chance(0.25):
                card = self.rng.choice(self.hand_of(s))
                self.emit(ev.Retrial(seat=s, card=card, skill=SKILL.guicai))
            black = [c for c in self.hand_of(s) + [who.equip[sl] for sl in sorted(who.equip)] if parse_card(c).is_black]
            if who.has_skill(SKILL.guidao) and black and self.chance(0.25):  # 鬼道: a black card, the old one is his
                card = self.rng.choice(black)
                seq = self.eng.frame_seq
                self.emit(ev.Retrial(seat=s, card=card, skill=SKILL.guidao))
                self.fulfil(after=seq)  # an armour given up this way (白银狮子), nothing older
            if who.has_skill(SKILL.huanshi) and who.side is not None and who.side == self.seat(seat).side \
                    and self.hand_of(s) and self.chance(0.25):  # 缓释: a card of his for his side's judgement
                card = self.rng.choice(self.hand_of(s))
                self.emit(ev.Retrial(seat=s, card=card, skill=SKILL.huanshi))
        result = self.eng.skills.effective_card(seat, card)
        if reason != SKILL.luoshen and self.seat(seat).has_skill(SKILL.tiandu) and self.chance(0.7):
            self.emit(ev.Skill(seat=seat, skill=SKILL.tiandu))  # the judgement card is hers (implied)
        return result

    def judge_phase(self, seat: int) -> None:
        frame = self.eng.top(F.JudgePhase)
        if frame is None:
            return
        me = self.seat(seat)
        for trick in list(frame.queue):
            if trick not in frame.queue or trick not in me.judge or not me.alive:  # 涅槃 discards the rest
                continue
            name = frame._name(self.eng, trick)
            if self.nullify_window(frame_user=None, target=seat):
                continue  # countered: 闪电 moves on, the others go to the discard pile (implied)
            card = parse_card(self.judge_card(seat, name))
            hit = card.suit.name == "SPADE" and 2 <= card.rank <= 9
            if name != CARD.lightning or hit:
                self.judged_trick = trick
            # the judgement settles at the next event; its result is known now (frames.JudgePhase._effect)
            if name == CARD.indulgence and card.suit.name != "HEART":
                self.skip.add("play")
            elif name == CARD.supply_shortage and card.suit.name != "CLUB":
                self.skip.add("draw")
            elif name == CARD.lightning and card.suit.name == "SPADE" and 2 <= card.rank <= 9:
                natures = str(self.rs.p.lightning_nature).split("|")
                nature = "thunder" if "thunder" in natures else natures[0]
                amount = F.damage_taken(self.eng, me, 3, nature)
                self.damage(seat, amount, None, None, nature)

    # ------------------------------------------------------------------ 无懈可击
    def nullify_window(self, frame_user: int | None, target: int, p: float = 0.3) -> bool:
        """Anyone holding 无懈可击 may counter the effect on ``target``, and be countered in turn.
        Returns whether the effect is countered (an odd number of 无懈可击)."""
        if self.unsynced:
            return False
        count = 0
        while True:
            start = self.eng.current or target
            holders = [s for s in self.eng.table.order_from(start) if self.hand_of(s, CARD.nullification)
                       or (self.seat(s).has_skill(SKILL.kanpo) and self.conversions(s, CARD.nullification))]
            if not holders or not self.chance(p):
                self.unsynced = count % 2 == 1
                return self.unsynced
            who = self.rng.choice(holders)
            plain = self.hand_of(who, CARD.nullification)
            made = self.conversions(who, CARD.nullification) if self.seat(who).has_skill(SKILL.kanpo) else []
            if made and (not plain or self.chance(0.5)):  # 看破: a black hand card as 无懈可击
                skill, cards = made[0]
                use = ev.Use(seat=who, as_=CARD.nullification, cards=cards, skill=skill)
            else:
                use = ev.Use(seat=who, card=self.rng.choice(plain))
            self.emit(use)
            count += 1
            p *= 0.6

    # ------------------------------------------------------------------ damage, dying, death
    def damage(self, target: int, amount: int, source: int | None, card: str | None, nature: str,
               *, chain: bool = False) -> None:
        """Deal damage; then the dying state, and what the damage set off (the chain's passing on,
        狂骨's recovery), in the order of the engine's stack."""
        if not chain and self.tianxiang(target, source, card, nature):
            return
        self.emit(ev.Damage(target=target, amount=amount, source=source, card=card,
                            nature=nature, chain=chain))  # type: ignore[arg-type]
        s = self.seat(target)
        self.buqu(target)
        if s.alive and s.hp <= 0 and (not F.survives_at_zero(self.eng, s) or jiuzhu_undead(self.eng, s)):
            self.dying(target)
        if s.alive:
            self.damaged(target, amount, source, card)
            self.slash_damaged(target, source)
        self.fulfil()

    def damaged(self, target: int, amount: int, source: int | None, card: str | None) -> None:
        """Skills of the damaged character (受到伤害后): 奸雄, 反馈, 遗计 — each at random."""
        eng = self.eng
        s = self.seat(target)
        window = eng.skills.damaged.get(target)
        if window is None:
            return
        if s.has_skill(SKILL.jianxiong) and card is not None and self.chance(0.8):
            held = eng.table.processing[card] + eng.table.discard[card]
            if held:
                self.emit(ev.Skill(seat=target, skill=SKILL.jianxiong))
        if s.has_skill(SKILL.fankui) and source is not None and source != target and self.alive(source) \
                and self.chance(0.8):
            src = self.seat(source)
            places = [("hand", c) for c in sorted(src.hand.elements())] + [("equip", src.equip[sl]) for sl in sorted(src.equip)]
            if places:
                zone, c = self.rng.choice(places)
                self.emit(ev.Skill(seat=target, skill=SKILL.fankui, targets=[source]))
                seq = self.eng.frame_seq
                self.emit(ev.Move(cards=[c], from_=ev.Place(zone=zone, seat=source), to=ev.Place(zone="hand", seat=target),
                                  reason=SKILL.fankui))
                self.fulfil(after=seq)
        if s.has_skill(SKILL.jieming):
            for _ in range(amount):
                if self.alive(target) and self.chance(0.8):
                    self.invoke(ev.Skill(seat=target, skill=SKILL.jieming, targets=[self.rng.choice(eng.table.alive())]))
        if s.has_skill(SKILL.yiji):
            for _ in range(amount):
                if self.alive(target) and self.chance(0.8):
                    self.invoke(ev.Skill(seat=target, skill=SKILL.yiji))
        if s.has_skill(SKILL.fangzhu) and self.alive(target) and self.chance(0.6):
            others = eng.table.order_from(target, include_first=False)
            if others:
                t = self.rng.choice(others)
                self.invoke(ev.Skill(seat=target, skill=SKILL.fangzhu, targets=[t]))
                self.skipped_turn ^= {t}  # 叠置: the next turn is skipped; a second one turns it back
        # 刚烈 last: its damage settles what the damage that set it off still owes (a chain's next damage), and the
        # skills above (a 國戰 pair may hold them with it) come before that
        g = s.general
        victim = source
        if g is not None and "vsganglie" in g.skills:  # 刚烈 (2013 3v3): any character of the other side
            enemies = [t for t in eng.table.order_from(target, include_first=False) if self.seat(t).side not in (None, s.side)]
            victim = self.rng.choice(enemies) if enemies else None
        if s.has_skill(SKILL.ganglie) and victim is not None and victim != target \
                and self.alive(victim) and self.chance(0.8):
            self.emit(ev.Skill(seat=target, skill=SKILL.ganglie, targets=[victim] if victim != source else None))
            source = victim
            if parse_card(self.judge_card(target, SKILL.ganglie)).suit.name != "HEART":
                hand = self.hand_of(source)
                if len(hand) >= 2 and self.chance(0.5):
                    self.emit(ev.Discard(seat=source, cards=self.rng.sample(hand, 2)))
                else:
                    self.damage(source, F.damage_taken(eng, self.seat(source), 1, "normal"), target, None, "normal")
            if not self.alive(target):
                return

    def after_hp_change(self, seat: int) -> None:
        s = self.seat(seat)
        self.buqu(seat)
        if s.alive and s.hp <= 0 and (not F.survives_at_zero(self.eng, s) or jiuzhu_undead(self.eng, s)):
            self.dying(seat)
        self.fulfil()

    def tianxiang(self, target: int, source: int | None, card: str | None, nature: str) -> bool:
        """天香: about to take damage, discard a ♥ hand card and pass the damage to another character, who
        then draws its lost HP. True when it was used (the damage went elsewhere)."""
        eng = self.eng
        s = self.seat(target)
        if not s.has_skill(SKILL.tianxiang):
            return False
        hearts = [c for c in self.hand_of(target) if self.is_heart(target, c)]
        pending = incoming_damage(eng, target)
        others = eng.table.order_from(target, include_first=False)
        if not hearts or pending is None or not others or not self.chance(0.6):
            return False
        t = self.rng.choice(others)
        self.emit(ev.Skill(seat=target, skill=SKILL.tianxiang, targets=[t], cards=[self.rng.choice(hearts)]))
        self.damage(t, F.damage_taken(eng, self.seat(t), pending[1], nature), source, card, nature)
        ts = self.seat(t)
        if ts.alive and ts.max_hp > ts.hp:
            self.emit(ev.Draw(seat=t, cards=self.take(ts.max_hp - ts.hp), reason="skill", skill=SKILL.tianxiang))
        return True

    def buqu(self, seat: int) -> None:
        """不屈: at 0 HP or below, a card from the pile onto the general for each point lost there; a rank
        seen before there, and the character dies."""
        s = self.seat(seat)
        due = self.eng.skills.state.get(f"buqu:{seat}", 0)
        if not s.alive or s.hp > 0 or not s.has_skill(SKILL.buqu) or not due:
            return
        self.emit(ev.Skill(seat=seat, skill=SKILL.buqu))
        cards = self.take(due)
        self.emit(ev.Move(cards=cards, from_=ev.Place(zone="deck"), to=ev.Place(zone=f"pile:{SKILL.buqu}", seat=seat),
                          reason=SKILL.buqu))
        ranks = [parse_card(c).rank for c in s.piles.get(SKILL.buqu, Counter()).elements()]
        if len(ranks) != len(set(ranks)):
            self.die(seat, self.eng.last_damage_source.get(seat))

    def leiji(self, seat: int) -> None:
        """雷击: after a 闪 of its owner, a character of its choice judges; a ♠ deals it 2 thunder damage."""
        others = self.eng.table.order_from(seat, include_first=False)
        if not others or not self.chance(0.7):
            return
        t = self.rng.choice(others)
        self.emit(ev.Skill(seat=seat, skill=SKILL.leiji, targets=[t]))
        if parse_card(self.judge_card(t, SKILL.leiji)).suit.name == "SPADE":
            self.damage(t, F.damage_taken(self.eng, self.seat(t), 2, "thunder"), seat, None, "thunder")

    def shushen(self, seat: int) -> None:
        """淑慎 (國戰 甘夫人): after a point of HP recovered, another character of her kingdom draws one."""
        mates = [t for t in self.eng.table.order_from(seat, include_first=False) if self.eng.mode.same_kingdom(seat, t)]
        if mates and self.alive(seat) and self.chance(0.8):
            self.invoke(ev.Skill(seat=seat, skill=SKILL.shushen, targets=[self.rng.choice(mates)]))

    def sijian(self, seat: int) -> None:
        """死谏 (國戰 田丰): his last hand card gone, one card of another character is discarded."""
        others = [t for t in self.eng.table.order_from(seat, include_first=False)
                  if self.seat(t).hand_count or self.seat(t).equip]
        if not others or not self.alive(seat) or not self.chance(0.7):
            return
        t = self.rng.choice(others)
        ts = self.seat(t)
        places = [("hand", c) for c in self.hand_of(t)] + [("equip", ts.equip[sl]) for sl in sorted(ts.equip)]
        zone, c = self.rng.choice(places)
        mark = self.eng.frame_seq
        self.emit(ev.Skill(seat=seat, skill=SKILL.sijian, targets=[t]))
        self.emit(ev.Move(cards=[c], from_=ev.Place(zone=zone, seat=t), to=ev.Place(zone="discard"), reason=SKILL.sijian))
        self.fulfil(after=mark)

    def lirang(self, seat: int) -> None:
        """礼让 (國戰 孔融): his cards just discarded, still in the discard pile, to another character."""
        cards = [c for c in self.eng.skills.state.get(f"lirang:{seat}", []) if self.eng.table.discard[c] > 0]
        others = self.eng.table.order_from(seat, include_first=False)
        if cards and others and self.alive(seat) and self.chance(0.7):
            self.emit(ev.Skill(seat=seat, skill=SKILL.lirang, targets=[self.rng.choice(others)], cards=cards))

    def shenzhi(self, me: Seat) -> None:
        """神智 (國戰 甘夫人): as the start phase begins, every hand card discarded when they are at least her HP
        and she is wounded (she then recovers 1)."""
        if me.has_skill(SKILL.shenzhi) and me.hand_count >= max(me.hp, 1) and me.hp < me.max_hp and self.chance(0.7):
            self.invoke(ev.Skill(seat=me.seat, skill=SKILL.shenzhi, cards=self.hand_of(me.seat)))

    def invoke(self, e: ev.Skill) -> None:
        """Invoke a skill and write what its effect owes (its own frames only)."""
        seq = self.eng.frame_seq
        self.emit(e)
        self.fulfil(after=seq)

    def fulfil(self, after: int = 0) -> None:
        """Emit the consequences the open resolutions make mandatory, the topmost first: the damage a
        chain passes on (``ChainDamage``), what an effect owes (狂骨's and 白银狮子's recovery, a skill's
        draw or loss of HP). ``after``: only the frames opened after that frame number."""
        eng = self.eng
        for _ in range(32):
            for f in reversed(eng.stack):
                if f.uid <= after:
                    return
                if isinstance(f, F.DyingFrame) and f.awaiting(eng):
                    return  # the rescue or the death comes first
                if isinstance(f, ChainDamage):
                    due = [t for t in f.queue if f._due(eng, t)]
                    if due:
                        t = due[0]
                        amount = F.damage_taken(eng, self.seat(t), f.amount, f.nature)
                        self.damage(t, amount, f.source, f.card, f.nature, chain=True)
                        break
                elif isinstance(f, Effect):
                    step = next((st for st in f.steps if not st.done and not st.optional and f._relevant(eng, st)), None)
                    if step is None or step.seat is None:
                        continue
                    if step.kind == "choice" and step.alts:  # one of the options (1v1 枭姬: draw two or recover)
                        me = self.seat(step.seat)
                        step = self.rng.choice([a for a in step.alts if a.kind != "recover" or me.hp < me.max_hp]
                                               or list(step.alts))
                    if step.seat is None:
                        continue
                    if step.kind == "recover":
                        s = self.seat(step.seat)
                        self.emit(ev.Recover(seat=step.seat, amount=min(step.n or 1, s.max_hp - s.hp)))
                        break
                    if step.kind == "draw" and step.n:
                        self.emit(ev.Draw(seat=step.seat, cards=self.take(step.n), reason="skill", skill=f.skill))
                        break
                    if step.kind == "max_hp" and step.n:
                        self.emit(ev.MaxHp(seat=step.seat, delta=step.n))
                        break
                    if step.kind == "lose_hp" and step.n:
                        self.emit(ev.LoseHp(seat=step.seat, amount=step.n, reason=f.skill))
                        self.after_hp_change(step.seat)
                        break
                    if (step.kind == "draw" and not step.n) or f.skill == SKILL.luanwu:
                        # a step the code that invoked the skill writes (天香's draw of the lost HP, each 乱武
                        # character's 杀 or loss): nothing the frames below owe comes before it
                        return
            else:
                return

    def dying(self, seat: int) -> None:
        eng = self.eng
        frame = next((f for f in reversed(eng.stack) if isinstance(f, F.DyingFrame) and f.seat == seat), None)
        seq = eng.frame_seq
        self.emit(ev.Dying(seat=seat))
        self.fulfil(after=seq)  # what entering the dying state owes at once (随势's draw)
        s = self.seat(seat)
        order = list(frame.order) if frame is not None else eng.table.order_from(eng.current or seat)
        if s.has_skill(SKILL.niepan) and (seat, "niepan") not in eng.skills.used_once and self.chance(0.8):
            self.invoke(ev.Skill(seat=seat, skill=SKILL.niepan))  # all his cards go; he draws 3 and is back to 3 HP
            if s.hp > 0:
                return
        cur = eng.current
        wansha = cur is not None and self.alive(cur) and self.seat(cur).has_skill(SKILL.wansha)
        for helper in order:
            if wansha and helper not in (cur, seat):
                continue  # 完杀: in 贾诩's turn only he and the dying character may use 桃
            hs = self.seat(helper)
            mine = [c for c in self.hand_of(helper)] + [hs.equip[sl] for sl in sorted(hs.equip)]
            if helper != seat and hs.has_skill(SKILL.jiuzhu) and hs.side is not None and hs.side == s.side \
                    and hs.hp > 1 and mine and s.hp <= 0:
                if self.chance(0.6):  # 救主: 1 HP and a card for 1 HP
                    self.invoke(ev.Skill(seat=helper, skill=SKILL.jiuzhu, cards=[self.rng.choice(mine)]))
                if self.rs.p.undead_after_failed_rescue and s.hp <= 0 and F.survives_at_zero(eng, s):
                    # FreeKill's 救主 fault: the rescue stops at him and the character plays on at HP ≤ 0; that
                    # dying state is over (what 救主 set off, a chain's damage, may already have followed it)
                    return
            while s.hp <= 0 and self.alive(helper):
                rescue = self.rescue_card(helper, seat)
                if rescue is None:
                    break
                self.emit(rescue)
                self.cards_recover_after_rescue(helper, seat, rescue.card)
                self.after_respond(rescue)
            if s.hp > 0:
                return
        if self.rs.p.undead_after_failed_rescue and F.survives_at_zero(eng, s):
            return  # the rescue never stopped at 赵云 (he used 救主, or 完杀) and the fault keeps the character alive
        self.die(seat, eng.last_damage_source.get(seat))

    def die(self, seat: int, killer: int | None) -> None:
        """The death, the game's end or what follows it: the reward or the penalty, then 武魂."""
        self.first_out = seat if self.first_out is None else self.first_out
        self.before_death(seat)
        seq = self.eng.frame_seq
        self.emit(ev.Death(seat=seat, killer=killer))
        self.check_over()
        self.aftermath()
        self.fulfil(after=seq)  # what else the death owes (随势's loss of HP)
        self.xingshang(seat)
        if self.seat(seat).has_skill(SKILL.wuhun):
            self.wuhun(seat)
        self.dying_words(seat)

    def dying_words(self, seat: int) -> None:
        """The dead character's own skills of its death besides 武魂 (國戰: 断肠; 1v1 has its own order)."""
        return None

    def xingshang(self, dead: int) -> None:
        """行殇 (國戰 曹丕): the first living holder (from the current player) takes the dead character's cards."""
        for s in self.eng.table.order_from(self.eng.current or dead):
            got = self.eng.skills.state.get(f"xingshang:{s}")
            if got is not None and got[0] == dead and got[1] and self.alive(s) and self.chance(0.9):
                self.emit(ev.Skill(seat=s, skill=SKILL.xingshang, targets=[dead]))
                return

    def wuhun(self, seat: int) -> None:
        """武魂: the character with the most 梦魇 marks (one chosen among equals) judges; unless the result
        is 桃 or 桃园结义, it dies."""
        marks = self.eng.skills.state.get(f"wuhun:{seat}", Counter())
        alive = {t: n for t, n in marks.items() if n > 0 and self.alive(t)}
        if not alive:
            return
        best = max(alive.values())
        t = self.rng.choice(sorted(x for x, n in alive.items() if n == best))
        self.emit(ev.Skill(seat=seat, skill=SKILL.wuhun, targets=[t]))
        if parse_card(self.judge_card(t, SKILL.wuhun)).name not in (CARD.peach, CARD.god_salvation) and self.alive(t):
            self.die(t, None)

    def rescue_card(self, helper: int, dying: int) -> ev.Use | None:
        """The 桃 (or, for the dying one itself, 酒; or a card 急救 makes a 桃) ``helper`` uses to
        rescue, or None."""
        cards = [] if self.peach_barred(CARD.peach) else self.hand_of(helper, CARD.peach)
        if helper == dying:
            cards += [c for c in self.hand_of(helper, CARD.analeptic)]
        uses = [ev.Use(seat=helper, card=c, targets=[dying]) for c in cards]
        uses += [ev.Use(seat=helper, as_=CARD.peach, cards=cs, skill=sk, targets=[dying])
                 for sk, cs in self.conversions(helper, CARD.peach)]
        if not uses:
            return None
        if helper != dying and not self.chance(0.5):
            return None
        return self.rng.choice(uses)

    def cards_recover_after_rescue(self, helper: int, dying: int, card: str | None) -> None:
        top = self.eng.stack[-1] if self.eng.stack else None
        n = 1
        if isinstance(top, Effect):
            st = next((st for st in top.steps if st.kind == "recover" and not st.done), None)
            if st is not None and st.n:
                n = st.n
        s = self.seat(dying)
        n = min(n, s.max_hp - s.hp)
        self.emit(ev.Recover(seat=dying, amount=n, source=helper, card=card))

    def aftermath(self) -> None:
        """The reward draw or the lord's penalty after a death (``frames.DeathAftermath``)."""
        # the death's own frame: the top one, or under what the death opened besides (随势's loss of HP)
        frame = next((f for f in reversed(self.eng.stack) if isinstance(f, (OptionalReward, F.DeathAftermath))), None)
        if isinstance(frame, OptionalReward):  # 3v3: the killer may decline it
            if self.chance(0.9):
                self.emit(ev.Draw(seat=frame.killer, cards=self.take(frame.size), reason="reward"))
            return
        if not isinstance(frame, F.DeathAftermath) or frame.killer is None:
            return
        if not frame.rewarded:
            self.emit(ev.Draw(seat=frame.killer, cards=self.take(frame.reward), reason="reward"))
        if not frame.penalised:
            k = self.seat(frame.killer)
            cards = sorted(k.hand.elements()) + [k.equip[sl] for sl in sorted(k.equip)]
            if cards:
                self.emit(ev.Discard(seat=frame.killer, cards=cards, reason="penalty"))

    # ------------------------------------------------------------------ the play phase
    def play_phase(self, seat: int) -> None:
        me = self.seat(seat)
        for _ in range(MAX_ACTIONS):
            if not me.alive or self.eng.current != seat:
                return
            options = [u for u in legality.legal_uses(self.eng, seat) + self.converted_uses(seat)
                       if not self.wushen_bars(u) and not self.peach_barred(u.card)]
            recast = self.recastable(seat)
            if not options and not recast:
                return
            if self.chance(0.08):
                return
            if self.active_skill(me):
                continue
            if recast and self.chance(0.1 if options else 0.5):
                self.recast(seat, self.rng.choice(recast))
                continue
            if me.has_skill(SKILL.guhuo) and self.chance(0.2) and self.guhuo(seat):
                continue
            if not options:
                return
            stacked = [u for u in options if self.joins_delayed(u)]
            self.use(self.rng.choice(stacked if stacked and self.chance(0.5) else options))

    def joins_delayed(self, e: ev.Use) -> bool:
        """A delayed trick placed beside another delayed trick: the judge phase then judges both, in the
        order the ruleset gives (what a fault of that order needs to be planted)."""
        kind = card_kinds.BY_NAME.get(F.used_name(e) or "")
        if kind is None or not kind.is_delayed or not e.targets:
            return False
        return any(parse_card(c).name != kind.name for c in self.seat(e.targets[0]).judge)

    def guhuo(self, seat: int) -> bool:
        """蛊惑: a hand card face down, used as the basic card or non-delayed trick claimed; anyone may question
        it (a true claim costs each doubter 1 HP, a false one gives each a card; a doubted card is void
        unless it was true and ♥). True when a card was used."""
        hand = self.hand_of(seat)
        if not hand:
            return False
        card = self.rng.choice(hand)
        claims = sorted({k.name for c in self.rs.deck if (k := card_kinds.BY_NAME.get(parse_card(c).name)) is not None
                         and (k.type == "basic" or (k.type == "trick" and not k.is_delayed))} - GUHUO_NOT_CLAIMED)
        claim = self.rng.choice(claims)
        probe = f"{card.split(' ')[0]} {claim}"
        uses = [u for cand in legality._candidates(self.eng, seat, probe)
                if not legality.answers_a_demand(self.eng, u := ev.Use(seat=seat, as_=claim, cards=[card], skill=SKILL.guhuo,
                                                                        targets=cand.targets, victim=cand.victim))
                and not legality.check_use(self.eng, u)]
        if not uses:
            return False
        e = self.rng.choice(uses)
        if claim in MULTI_TARGET and self.rs.p.aoe_direction_choice:
            e = msgspec.structs.replace(e, direction=self.rng.choice(("cw", "ccw")))
        self.emit(e)
        doubters = [q for q in self.eng.table.order_from(seat, include_first=False) if self.chance(0.3)]
        if doubters:
            for q in doubters:
                self.emit(ev.Choose(seat=q, choice="质疑", reason=SKILL.guhuo))
            mark, hp = self.eng.frame_seq, self.seat(seat).hp
            self.emit(ev.Reveal(cards=[card], seat=seat, reason=SKILL.guhuo))
            self.fulfil(after=mark)
            c = parse_card(card)
            if c.name != claim or c.suit.name != "HEART" or not self.alive(seat) or self.eng.current != seat:
                return True
            if claim == CARD.peach and self.seat(seat).hp > hp:
                return True  # its recovery was written already (what a doubter's death set going wrote it)
        self.resolve_use(e)
        return True

    def converted_uses(self, seat: int) -> list[ev.Use]:
        """The legal uses of cards the seat's conversions make (武圣's 杀, 国色's 乐不思蜀, 奇袭's 过河拆桥,
        丈八蛇矛, 朱雀羽扇's 火杀 …), each target choice asked of the legality layer."""
        out: list[ev.Use] = []
        names = sorted({n for spec in CONVERSIONS.values() for n in spec.into} - {CARD.jink, CARD.nullification})
        for into in names:
            for skill, cards in self.conversions(seat, into):
                probe = f"{cards[0].split(' ')[0]} {into}"  # the name and kind the targets depend on
                for cand in legality._candidates(self.eng, seat, probe):
                    use = ev.Use(seat=seat, as_=into, cards=cards, skill=skill, targets=cand.targets, victim=cand.victim)
                    if not legality.answers_a_demand(self.eng, use) and not legality.check_use(self.eng, use):
                        out.append(use)
        return out

    def active_skill(self, me: Seat) -> bool:
        """Perhaps invoke a skill of the play phase (苦肉, 制衡); True when one was invoked."""
        seat = me.seat
        if me.has_skill(SKILL.kurou) and me.hp >= 2 and self.chance(0.2):
            self.invoke(ev.Skill(seat=seat, skill=SKILL.kurou))
            return True
        counter = self.eng.this_phase.limits if self.rs.p.skill_limit_scope == "play_phase" else self.eng.this_turn.limits
        if "heg" in self.rs.skill_versions.values():  # the 國戰 texts' 出牌阶段限一次 counts in the play phase
            counter = counter + self.eng.this_phase.limits
        wounded = [t for t in self.eng.table.order_from(seat) if (ts := self.seat(t)).hp < ts.max_hp]
        if me.has_skill(SKILL.qingnang) and not counter[SKILL.qingnang] and me.hand_count and wounded \
                and self.chance(0.4):
            self.invoke(ev.Skill(seat=seat, skill=SKILL.qingnang, cards=[self.rng.choice(self.hand_of(seat))],
                                 targets=[self.rng.choice(wounded)]))
            return True
        males = [t for t in wounded if t != seat and (g := self.seat(t).general) is not None and g.gender == "male"]
        if me.has_skill(SKILL.jieyin) and not self.eng.this_turn.limits[SKILL.jieyin] and not counter[SKILL.jieyin] \
                and me.hand_count >= 2 and males and self.chance(0.4):
            self.invoke(ev.Skill(seat=seat, skill=SKILL.jieyin, cards=self.rng.sample(self.hand_of(seat), 2),
                                 targets=[self.rng.choice(males)]))
            return True
        others = self.eng.table.order_from(seat, include_first=False)
        cap = self.rs.p.rende_max_cards  # a ruleset's cap on the cards given in a play phase
        room = 3 if cap is None else min(3, cap - self.eng.this_phase.given)
        if me.has_skill(SKILL.rende) and me.hand_count and others and room > 0 and self.chance(0.2):
            hand = self.hand_of(seat)
            self.invoke(ev.Skill(seat=seat, skill=SKILL.rende, targets=[self.rng.choice(others)],
                                 cards=self.rng.sample(hand, self.rng.randint(1, min(room, len(hand))))))
            return True
        mates = [t for t in others if me.side is not None and self.seat(t).side == me.side]
        given = self.hand_of(seat) + [me.equip[sl] for sl in sorted(me.equip)]
        if me.has_skill(SKILL.zhongjianh) and not counter[SKILL.zhongjianh] and mates and given \
                and self.chance(0.3):  # 忠谏 (FreeKill 3v3): a card to a teammate, then a draw
            self.invoke(ev.Skill(seat=seat, skill=SKILL.zhongjianh, targets=[self.rng.choice(mates)],
                                 cards=[self.rng.choice(given)]))
            return True
        reds = [c for c in self.hand_of(seat) if parse_card(c).is_red]
        fk_zhongyi = me.general is not None and "v33__zhongyi" in me.general.skills  # not the 2013 忠义 (same name)
        if fk_zhongyi and not sum(me.piles.get(YI, {}).values()) and reds and self.chance(0.3):
            # 忠义 (FreeKill 3v3): red cards as 义, each spent on a damage of the side's 杀 (spend_yi)
            self.invoke(ev.Skill(seat=seat, skill=SKILL.v33__zhongyi,
                                 cards=self.rng.sample(reds, self.rng.randint(1, min(2, len(reds))))))
            return True
        if me.has_skill(SKILL.fanjian) and not self.eng.this_turn.limits[SKILL.fanjian] and not counter[SKILL.fanjian] \
                and me.hand_count and others and self.chance(0.3):
            t = self.rng.choice(others)
            guess = self.rng.choice(("♠", "♥", "♣", "♦"))
            card = self.rng.choice(self.hand_of(seat))
            self.invoke(ev.Skill(seat=seat, skill=SKILL.fanjian, targets=[t], choice=guess))
            if self.rs.p.fanjian_order == "damage_before_take" and version(self.eng, "fanjian") != "heg":
                # shown, the damage, then the target gets it (implied); 國戰: taken first
                self.emit(ev.Reveal(cards=[card], seat=seat, reason=SKILL.fanjian))
            else:  # the target takes the card first, then the damage (FreeKill)
                self.emit(ev.Move(cards=[card], from_=ev.Place(zone="hand", seat=seat), to=ev.Place(zone="hand", seat=t),
                                  reason=SKILL.fanjian))
            if parse_card(card).suit.symbol != guess:
                self.damage(t, F.damage_taken(self.eng, self.seat(t), 1, "normal"), seat, None, "normal")
            return True
        men = [t for t in others if (g := self.seat(t).general) is not None and g.gender == "male"]
        cards = self.hand_of(seat) + [me.equip[sl] for sl in sorted(me.equip)]
        if me.has_skill(SKILL.lijian) and not counter[SKILL.lijian] and not self.eng.this_turn.limits[SKILL.lijian] \
                and len(men) >= 2 and cards and self.chance(0.3):
            a, b = self.rng.sample(men, 2)
            duel = ev.Use(seat=b, as_=CARD.duel, cards=[], skill=SKILL.lijian, targets=[a])
            if plugins.target_bans(self.eng, self.seat(b), self.seat(a), CARD.duel, duel):
                return False  # 空城 …: that man cannot be the 决斗's target
            self.invoke(ev.Skill(seat=seat, skill=SKILL.lijian, targets=[a, b], cards=[self.rng.choice(cards)]))
            self.emit(duel)
            self.resolve_duel(duel, nullifiable=bool(self.rs.p.lijian_nullifiable) or version(self.eng, "lijian") == "heg")
            return True
        handed = [t for t in others if self.seat(t).hand_count]
        if me.has_skill(SKILL.gongxin) and not counter[SKILL.gongxin] and not self.eng.this_turn.limits[SKILL.gongxin] \
                and handed and self.chance(0.3):
            t = self.rng.choice(handed)
            self.invoke(ev.Skill(seat=seat, skill=SKILL.gongxin, targets=[t]))
            hearts = [c for c in self.hand_of(t) if self.is_heart(t, c)]
            if hearts and self.chance(0.8):
                card = self.rng.choice(hearts)
                to_top = self.chance(0.3)
                if to_top:  # on the pile before the move is written: what it sets off (连营's draw) draws it
                    self.pile.insert(0, card)
                self.emit(ev.Move(cards=[card], from_=ev.Place(zone="hand", seat=t),
                                  to=ev.Place(zone="deck" if to_top else "discard"), reason=SKILL.gongxin))
            return True
        if self.huangtian(me):
            return True
        if self.fire_skill(me, counter):
            return True
        if self.hegemony_skill(me, counter):
            return True
        used = self.eng.skills.used_once
        red = [c for c in self.hand_of(seat) if parse_card(c).is_red]
        own = me.general.skills if me.general is not None else ()
        if "zhongyi" in own and (seat, "zhongyi") not in used and red and self.chance(0.2):  # not FreeKill's 忠义
            self.invoke(ev.Skill(seat=seat, skill=SKILL.zhongyi, cards=[self.rng.choice(red)]))
            return True
        if me.has_skill(SKILL.luanwu) and (seat, "luanwu") not in used and self.chance(0.1):
            self.luanwu(seat)
            return True
        provokable = [t for t in others if self.eng.table.in_attack_range(t, seat)]
        if me.has_skill(SKILL.tiaoxin) and not counter[SKILL.tiaoxin] and not self.eng.this_turn.limits[SKILL.tiaoxin] \
                and provokable and self.chance(0.3):
            self.tiaoxin(seat, self.rng.choice(provokable))
            return True
        if me.has_skill(SKILL.zhiheng) and not counter[SKILL.zhiheng] and me.hand_count and self.chance(0.3):
            hand = self.hand_of(seat)
            v = version(self.eng, "zhiheng")
            most = 2 if v == "002-1v1" else me.max_hp if v == "heg" else len(hand)  # 1v1: at most two; 國戰: max HP
            cards = self.rng.sample(hand, self.rng.randint(1, min(most, len(hand))))
            self.invoke(ev.Skill(seat=seat, skill=SKILL.zhiheng, cards=cards))
            return True
        return False

    def fire_skill(self, me: Seat, counter: Counter[str]) -> bool:
        """The 火 generals' skills of the play phase, once each (per turn, or per play phase where the
        ruleset counts so): 天义 and 驱虎 (a 拼点), 强袭 (a weapon or 1 HP, then 1 damage in range)."""
        eng, seat = self.eng, me.seat
        table = eng.table
        others = table.order_from(seat, include_first=False)
        if me.has_skill(SKILL.qiangxi) and not counter[SKILL.qiangxi] and self.chance(0.3):
            weapons = [c for c in self.hand_of(seat) if parse_card(c).subtype == "weapon"]
            worn = me.equip.get(Slot.WEAPON)
            costs: list[tuple[list[str], list[int]]] = []
            in_range = [t for t in others if table.in_attack_range(seat, t)]
            if weapons:
                costs.append(([self.rng.choice(weapons)], in_range))
            if worn is not None:  # once it is discarded, its range is gone
                costs.append(([worn], [t for t in others if table.distance(seat, t) <= 1]))
            if me.hp >= 2:
                costs.append(([], in_range))
            costs = [(c, ts) for c, ts in costs if ts]
            if costs:
                cards, targets = self.rng.choice(costs)
                t = self.rng.choice(targets)
                mark = eng.frame_seq
                self.emit(ev.Skill(seat=seat, skill=SKILL.qiangxi, targets=[t], cards=cards or None))
                if not cards:
                    self.emit(ev.LoseHp(seat=seat, amount=1, reason=SKILL.qiangxi))
                    self.after_hp_change(seat)
                self.fulfil(after=mark)  # 白银狮子 given up
                if self.alive(t) and not eng.over:
                    self.damage(t, F.damage_taken(eng, self.seat(t), 1, "normal"), seat, None, "normal")
                return True
        if not me.hand_count:
            return False
        if me.has_skill(SKILL.tianyi) and not counter[SKILL.tianyi] and self.chance(0.3):
            rivals = [t for t in others if self.seat(t).hand_count]
            if rivals:
                self.pindian(seat, SKILL.tianyi, self.rng.choice(rivals))
                return True
        if me.has_skill(SKILL.quhu) and not counter[SKILL.quhu] and self.chance(0.3):
            tigers = [t for t in others if self.seat(t).hand_count and self.seat(t).hp > me.hp]
            if tigers:
                t = self.rng.choice(tigers)
                won = self.pindian(seat, SKILL.quhu, t)
                prey = [x for x in table.alive() if x != t and table.in_attack_range(t, x)]
                if won and prey:
                    x = self.rng.choice(prey)
                    self.damage(x, F.damage_taken(eng, self.seat(x), 1, "normal"), t, None, "normal")
                elif not won and self.alive(seat):
                    self.damage(seat, F.damage_taken(eng, me, 1, "normal"), t, None, "normal")
                return True
        return False

    def hegemony_skill(self, me: Seat, counter: Counter[str]) -> bool:
        """The 國戰 generals' skills of the play phase: 奋迅 (a card: the distance to another character is 1 this
        turn), 缔盟 (two others swap hands for X cards), 直谏 (an equipment card into another's empty slot, a
        draw). True when one was used."""
        eng, seat = self.eng, me.seat
        table = eng.table
        others = table.order_from(seat, include_first=False)
        mine = self.hand_of(seat) + [me.equip[sl] for sl in sorted(me.equip)]
        far = [t for t in others if table.distance(seat, t) > 1]
        if me.has_skill(SKILL.fenxun) and not counter[SKILL.fenxun] and mine and far and self.chance(0.3):
            self.invoke(ev.Skill(seat=seat, skill=SKILL.fenxun, targets=[self.rng.choice(far)],
                                 cards=[self.rng.choice(mine)]))
            return True
        if me.has_skill(SKILL.dimeng) and not counter[SKILL.dimeng] and len(others) >= 2 and self.chance(0.2):
            a, b = sorted(self.rng.sample(others, 2))
            x = abs(self.seat(a).hand_count - self.seat(b).hand_count)
            if x <= len(mine) and (self.seat(a).hand_count or self.seat(b).hand_count):
                self.invoke(ev.Skill(seat=seat, skill=SKILL.dimeng, targets=[a, b], cards=self.rng.sample(mine, x) or None))
                swaps = [(a, b, self.hand_of(a)), (b, a, self.hand_of(b))]
                for frm, to, cards in swaps:
                    if cards and self.alive(frm) and self.alive(to):
                        self.emit(ev.Move(cards=cards, from_=ev.Place(zone="hand", seat=frm), to=ev.Place(zone="hand", seat=to),
                                          reason=SKILL.dimeng))
                return True
        equips = [c for c in self.hand_of(seat) if parse_card(c).type == "equip"]
        if me.has_skill(SKILL.zhijian) and equips and self.chance(0.3):
            c = self.rng.choice(equips)
            room = [t for t in others if slot_of(parse_card(c)) not in self.seat(t).equip]
            if room:
                t = self.rng.choice(room)
                mark = eng.frame_seq
                self.emit(ev.Skill(seat=seat, skill=SKILL.zhijian, targets=[t], cards=[c]))
                self.emit(ev.Move(cards=[c], from_=ev.Place(zone="hand", seat=seat), to=ev.Place(zone="equip", seat=t),
                                  reason=SKILL.zhijian))
                self.fulfil(after=mark)  # its draw
                return True
        return False

    def shuangren(self, me: Seat) -> bool | None:
        """双刃 as the play phase begins: a 拼点 with another character; a win is a 杀 (no card, no distance
        limit) on it or another character of its kingdom; a loss ends the play phase (False). None: not used."""
        eng, seat = self.eng, me.seat
        if not me.has_skill(SKILL.shuangren) or not me.hand_count or not self.chance(0.5):
            return None

        def slash(x: int) -> ev.Use:
            return ev.Use(seat=seat, as_=CARD.slash, cards=[], skill=SKILL.shuangren, targets=[x])

        def aims(t: int) -> list[int]:
            return [x for x in eng.table.order_from(t) if x != seat and (x == t or eng.mode.same_kingdom(x, t))
                    and not legality.check_use(eng, slash(x))]

        rivals = [t for t in eng.table.order_from(seat, include_first=False) if self.seat(t).hand_count and aims(t)]
        if not rivals:
            return None
        t = self.rng.choice(rivals)
        if not self.pindian(seat, SKILL.shuangren, t):
            return False
        targets = aims(t)  # after the 拼点: its card gone, a character may be empty-handed now (空城)
        if not me.alive or eng.current != seat:
            return False
        if not targets:
            return True
        use = slash(self.rng.choice(targets))
        self.emit(use)
        self.resolve_slash(seat)
        return True

    def haoshi(self, me: Seat) -> None:
        """好施, after the phase draw: more than five hand cards, half of them to another character holding the
        fewest."""
        others = self.eng.table.order_from(me.seat, include_first=False)
        if SKILL.haoshi not in self.eng.phase_draw_mods or me.hand_count <= 5 or not others:
            return
        fewest = min(self.seat(t).hand_count for t in others)
        t = self.rng.choice([x for x in others if self.seat(x).hand_count == fewest])
        self.emit(ev.Move(cards=self.rng.sample(self.hand_of(me.seat), me.hand_count // 2),
                          from_=ev.Place(zone="hand", seat=me.seat), to=ev.Place(zone="hand", seat=t), reason=SKILL.haoshi))

    def guzheng(self, seat: int) -> None:
        """固政 as ``seat``'s discard phase ends: one hand card it discarded back to it, then perhaps the other
        cards discarded in the phase to 张昭张纮."""
        eng = self.eng
        for o in eng.table.order_from(seat, include_first=False):
            record = eng.skills.state.get(f"guzheng:{o}")
            if not self.seat(o).has_skill(SKILL.guzheng) or not record:
                continue
            own = sorted({c for c in record["own"] if eng.table.discard[c] > 0})
            if not own or not self.chance(0.7):
                continue
            back = self.rng.choice(own)
            self.emit(ev.Skill(seat=o, skill=SKILL.guzheng, targets=[seat], cards=[back]))
            rest = list(record["all"])
            rest.remove(back)
            take = in_discard(eng, rest)
            if take and self.chance(0.7):
                self.emit(ev.Move(cards=sorted(take), from_=ev.Place(zone="discard"), to=ev.Place(zone="hand", seat=o),
                                  reason=SKILL.guzheng))
            return

    def slash_damaged(self, target: int, source: int | None) -> None:
        """After a 杀's damage: its user's 狂斧 (one of the target's equipment cards into an empty slot of his,
        or discarded), then 悲歌 of a 蔡文姬 (a card: the damaged character judges)."""
        eng = self.eng
        window = eng.skills.damaged.get(target)
        if window is None or not self.alive(target):
            return
        d = window.damage
        ts = self.seat(target)
        if source is not None and source != target and self.alive(source) and self.seat(source).has_skill(SKILL.kuangfu) \
                and eng.skills.state.get(f"slash_damage:{source}") is d and ts.equip and self.chance(0.7):
            me = self.seat(source)
            c = self.rng.choice([ts.equip[sl] for sl in sorted(ts.equip)])
            into = slot_of(parse_card(c)) not in me.equip and self.chance(0.6)
            mark = eng.frame_seq
            self.emit(ev.Skill(seat=source, skill=SKILL.kuangfu, targets=[target]))
            self.emit(ev.Move(cards=[c], from_=ev.Place(zone="equip", seat=target),
                              to=ev.Place(zone="equip", seat=source) if into else ev.Place(zone="discard"), reason=SKILL.kuangfu))
            self.fulfil(after=mark)  # 白银狮子 lost
        for o in eng.table.order_from(eng.current or target):
            ws = self.seat(o)
            if not ws.has_skill(SKILL.beige) or not self.alive(target) or eng.skills.state.get(f"beige:{target}") is not d \
                    or eng.skills.damaged.get(target) is not window:
                continue
            mine = self.hand_of(o) + [ws.equip[sl] for sl in sorted(ws.equip)]
            if not mine or not self.chance(0.6):
                continue
            mark = eng.frame_seq
            self.emit(ev.Skill(seat=o, skill=SKILL.beige, targets=[target], cards=[self.rng.choice(mine)]))
            self.fulfil(after=mark)  # 白银狮子 given up
            suit = parse_card(self.judge_card(target, SKILL.beige)).suit.name
            src = d.source
            if suit == "HEART" and ts.hp < ts.max_hp:
                self.emit(ev.Recover(seat=target, amount=1))
            elif suit == "DIAMOND":
                self.emit(ev.Draw(seat=target, cards=self.take(2), reason="skill", skill=SKILL.beige))
            elif suit == "CLUB" and src is not None and self.alive(src):
                ss = self.seat(src)
                cards = self.hand_of(src) + [ss.equip[sl] for sl in sorted(ss.equip)]
                if cards:
                    mark = eng.frame_seq
                    self.emit(ev.Discard(seat=src, cards=self.rng.sample(cards, min(2, len(cards)))))
                    self.fulfil(after=mark)
            elif suit == "SPADE" and src is not None and self.alive(src):  # 叠置: its next turn does not take place
                self.skipped_turn ^= {src}
            return

    def pindian(self, seat: int, skill: str, t: int) -> bool:
        """A skill's 拼点 with ``t``: each shows a hand card; True when ``seat`` won (a higher rank)."""
        p = ev.Pindian(seat=seat, target=t, cards=[self.rng.choice(self.hand_of(seat)), self.rng.choice(self.hand_of(t))])
        self.emit(ev.Skill(seat=seat, skill=skill, targets=[t]))
        self.emit(p)
        return bool(pindian_won(p))

    def luanwu(self, seat: int) -> None:
        """乱武: every other character in turn uses a 杀 on its nearest other character, or loses 1 HP."""
        self.emit(ev.Skill(seat=seat, skill=SKILL.luanwu))
        table = self.eng.table
        for s in table.order_from(seat, include_first=False):
            if not self.alive(s):
                continue
            others = [x for x in table.alive() if x != s]
            best = min((table.distance(s, x) for x in others), default=0)
            uses = [ev.Use(seat=s, card=c, targets=[x]) for c in self.hand_of(s, CARD.slash)
                    for x in others if table.distance(s, x) == best]
            uses = [u for u in uses if not legality.check_use(self.eng, u)]
            if uses and self.chance(0.7):
                u = self.rng.choice(uses)
                self.emit(u)
                self.resolve_slash(s)
            else:
                self.emit(ev.LoseHp(seat=s, amount=1, reason=SKILL.luanwu))
                self.after_hp_change(s)
            if self.eng.over:
                return  # else it goes on, 贾诩 dead or alive

    def tiaoxin(self, seat: int, t: int) -> None:
        """挑衅: ``t`` (who has 姜维 in its attack range) uses a 杀 on him, or he discards one of its cards."""
        self.emit(ev.Skill(seat=seat, skill=SKILL.tiaoxin, targets=[t]))
        ts = self.seat(t)
        uses = [u for c in self.hand_of(t, CARD.slash) if not legality.check_use(self.eng, u := ev.Use(seat=t, card=c, targets=[seat]))]
        if uses and self.chance(0.6):
            self.emit(self.rng.choice(uses))
            self.resolve_slash(t)
            return
        places = [("hand", c) for c in self.hand_of(t)] + [("equip", ts.equip[sl]) for sl in sorted(ts.equip)]
        if places:
            zone, c = self.rng.choice(places)
            mark = self.eng.frame_seq
            self.emit(ev.Move(cards=[c], from_=ev.Place(zone=zone, seat=t), to=ev.Place(zone="discard"), reason=SKILL.tiaoxin))
            self.fulfil(after=mark)

    def huangtian(self, me: Seat) -> bool:
        """黄天: a 群 character gives the 群 lord who has it a 闪 or a 闪电 in its own play phase."""
        seat = me.seat
        gifts = self.hand_of(seat, CARD.jink) + self.hand_of(seat, CARD.lightning)
        g = me.general
        if not gifts or g is None or g.kingdom != "qun" or self.eng.this_turn.limits[SKILL.huangtian] \
                or me.has_skill(SKILL.huangtian):
            return False
        lords = [t for t in self.eng.table.order_from(seat, include_first=False) if self.seat(t).has_skill(SKILL.huangtian)]
        if not lords or not self.chance(0.3):
            return False
        self.emit(ev.Skill(seat=seat, skill=SKILL.huangtian, targets=[lords[0]], cards=[self.rng.choice(gifts)]))
        return True

    def recastable(self, seat: int) -> list[str]:
        """The hand cards the seat may recast (重铸): 铁索连环."""
        return [c for c in self.hand_of(seat) if parse_card(c).name == CARD.iron_chain]

    def recast(self, seat: int, card: str) -> None:
        self.emit(ev.Recast(seat=seat, card=card))
        self.emit(ev.Draw(seat=seat, cards=self.take(1), reason="recast"))

    def use(self, e: ev.Use) -> None:
        name = F.used_name(e) or ""
        if name in MULTI_TARGET and self.rs.p.aoe_direction_choice:
            e = msgspec.structs.replace(e, direction=self.rng.choice(("cw", "ccw")))
        if name == CARD.collateral and e.targets:
            return self.collateral(e)
        self.emit(e)
        if name != CARD.peach:  # its recovery first (below)
            self.after_respond(e)
        self.resolve_use(e)

    def resolve_use(self, e: ev.Use) -> None:
        """What the card used brings about, once it is written."""
        name = F.used_name(e) or ""
        kind = card_kinds.BY_NAME.get(name)
        if kind is not None and kind.is_equip and e.as_ is None:
            self.fulfil(after=self.last_seq)
            return
        if name == CARD.slash:
            self.resolve_slash(e.seat)
        elif name == CARD.peach:
            self.emit(ev.Recover(seat=e.seat, amount=1, source=e.seat, card=e.card))
        elif name in (CARD.savage_assault, CARD.archery_attack):
            self.resolve_aoe(e.seat)
        elif name == CARD.duel:
            self.resolve_duel(e)
        elif name in (CARD.god_salvation, CARD.amazing_grace):
            self.resolve_global(e)
        elif name == CARD.ex_nihilo:
            if not self.nullify_window(e.seat, e.seat):
                self.emit(ev.Draw(seat=e.seat, cards=self.take(2 + self.eng.mode.ex_nihilo_bonus(e.seat)),
                                  reason="card", card_name=CARD.ex_nihilo))
        elif name in (CARD.snatch, CARD.dismantlement):
            self.resolve_take(e)
        elif name == CARD.iron_chain:
            for t in [t for t in self.eng.table.order_from(e.seat) if t in (e.targets or [])]:
                self.nullify_window(e.seat, t, p=0.15)
        elif name == CARD.fire_attack:
            self.resolve_fire_attack(e)
        elif name == CARD.await_exhausted:
            self.resolve_draw_then_discard(e)
        # 乐不思蜀, 闪电, 兵粮寸断: into the judge area (implied); 酒: in force for the next 杀

    def resolve_draw_then_discard(self, e: ev.Use) -> None:
        """以逸待劳: each target in turn (无懈可击 may counter it for one) draws two cards, then discards two."""
        frame = self.eng.stack[-1] if self.eng.stack else None
        if not isinstance(frame, DrawThenDiscard):
            return
        for t in list(frame.queue):
            if not self.alive(t) or self.eng.over or self.nullify_window(e.seat, t, p=0.15):
                continue
            self.emit(ev.Draw(seat=t, cards=self.take(2), reason="card", card_name=CARD.await_exhausted))
            ts = self.seat(t)
            cards = self.hand_of(t) + [ts.equip[sl] for sl in sorted(ts.equip)]
            mark = self.eng.frame_seq
            self.emit(ev.Discard(seat=t, cards=self.rng.sample(cards, min(2, len(cards)))))
            self.fulfil(after=mark)  # 白银狮子 given up

    # -- 杀 and the cards that ask for answers
    def resolve_slash(self, user: int) -> None:
        frame = self.eng.top(F.CardEffect)
        if frame is None or frame.name != CARD.slash:
            return
        self.resolve_effect(frame)

    def resolve_aoe(self, user: int) -> None:
        frame = self.eng.top(F.CardEffect)
        if frame is None:
            return
        self.resolve_effect(frame, trick=True)

    def resolve_effect(self, frame: F.CardEffect, *, trick: bool = False) -> None:
        """Each target of the card in the frame's order: 无懈可击 (a trick), a void (藤甲, 仁王盾), 八卦阵,
        the answers it needs (无双: two), else the damage the frame says the card deals."""
        eng = self.eng
        tieji = False
        user = self.seat(frame.user)
        self.xiangle(frame)
        if frame.name == CARD.slash and user.has_skill(SKILL.tieji) and frame.head is not None and self.chance(0.8) \
                and not any(rule.voids(frame, eng, self.seat(frame.head)) for rule in F.EFFECT_RULES):
            self.emit(ev.Skill(seat=frame.user, skill=SKILL.tieji))
            tieji = parse_card(self.judge_card(frame.user, SKILL.tieji)).is_red  # red: it cannot be dodged
        if frame.name == CARD.slash and frame.head is not None and user.has_skill(SKILL.liegong) \
                and version(eng, "liegong") == "heg" and eng.in_play_phase(frame.user):
            n = self.seat(frame.head).hand_count  # 國戰 烈弓: announced, when the target's hand count allows it
            if (n >= user.hp or n <= eng.table.attack_range(frame.user)) and self.chance(0.8):
                self.emit(ev.Skill(seat=frame.user, skill=SKILL.liegong))
        self.double_sword(frame)  # a general's skill before an equipment's (铁骑 first)
        for t in list(frame.queue):
            ts = self.seat(t)
            if not ts.alive:
                continue
            if tieji:
                tieji = False
                self.hit(frame, t)
                continue
            if frame.name == CARD.slash:
                t = self.liuli(frame, t)
                ts = self.seat(t)
                self.yicheng(frame, t)
            if any(rule.voids(frame, eng, ts) for rule in F.EFFECT_RULES):
                self.unsynced = True  # nothing to counter either: no 无懈可击 window
                continue
            if trick and self.nullify_window(frame.user, t, p=0.15):
                continue
            if not (frame.undodgeable and frame.need == CARD.jink) and self.answer(frame, t, diagram=frame.head == t):
                if frame.name == CARD.slash and self.after_dodge(frame, t):
                    self.hit(frame, t)
                continue
            self.hit(frame, t)

    def xiangle(self, frame: F.CardEffect) -> None:
        """享乐 (國戰 刘禅): for each target with it, the 杀's user discards a basic card, or the 杀 is void for it."""
        if frame.name != CARD.slash:
            return
        for t in list(frame.queue):
            if t == frame.user or not self.seat(t).has_skill(SKILL.xiangle):
                continue
            self.skills[SKILL.xiangle] += 1  # a locked skill: it acts with no `skill` event
            basics = [c for c in self.hand_of(frame.user) if parse_card(c).type == "basic"]
            if basics and self.chance(0.6):
                self.emit(ev.Discard(seat=frame.user, cards=[self.rng.choice(basics)]))

    def hit(self, frame: F.CardEffect, t: int) -> None:
        """The card deals its damage to ``t``; a 杀's user may first use 寒冰剑 (discard two of its cards
        instead) or 麒麟弓 (discard one of its horses)."""
        eng = self.eng
        user, ts = self.seat(frame.user), self.seat(t)
        if frame.name == CARD.slash and user.alive and frame.source == frame.user:
            places = [("hand", c) for c in self.hand_of(t)] + [("equip", ts.equip[sl]) for sl in sorted(ts.equip)]
            if user.weapon() == CARD.ice_sword and places and self.chance(0.5):
                mark = eng.frame_seq
                self.emit(ev.Skill(seat=frame.user, skill=CARD.ice_sword, targets=[t]))
                picks = self.rng.sample(places, min(2, len(places)))
                for zone in ("hand", "equip"):
                    cards = [c for z, c in picks if z == zone]
                    if cards:
                        self.emit(ev.Move(cards=cards, from_=ev.Place(zone=zone, seat=t), to=ev.Place(zone="discard"),
                                          reason=CARD.ice_sword))
                self.fulfil(after=mark)  # 白银狮子 lost
                return
            horses = [ts.equip[sl] for sl in (Slot.PLUS_HORSE, Slot.MINUS_HORSE) if sl in ts.equip]
            if user.weapon() == CARD.kylin_bow and horses and self.chance(0.7):
                self.emit(ev.Skill(seat=frame.user, skill=CARD.kylin_bow))
                self.emit(ev.Move(cards=[self.rng.choice(horses)], from_=ev.Place(zone="equip", seat=t),
                                  to=ev.Place(zone="discard"), reason=CARD.kylin_bow))
        if frame.name == CARD.slash:
            self.spend_yi(frame, t)
        self.damage(t, frame.expected_damage(eng, t), frame.source, frame.card, frame.nature)

    def double_sword(self, frame: F.CardEffect) -> None:
        """雌雄双股剑: a 杀 on a character of the other gender: it discards a hand card, or the user draws one."""
        user = self.seat(frame.user)
        t = frame.head
        if frame.name != CARD.slash or t is None or user.weapon() != CARD.double_sword or frame.source != frame.user:
            return
        g, tg = user.general, self.seat(t).general
        if g is None or tg is None or g.gender == tg.gender or not self.chance(0.8):
            return
        self.emit(ev.Skill(seat=frame.user, skill=CARD.double_sword))
        hand = self.hand_of(t)
        if hand and self.chance(0.5):
            self.emit(ev.Discard(seat=t, cards=[self.rng.choice(hand)]))
        else:
            self.emit(ev.Draw(seat=frame.user, cards=self.take(1), reason="card", card_name=CARD.double_sword))

    def yicheng(self, frame: F.CardEffect, t: int) -> None:
        """疑城 (FreeKill 3v3): a teammate of ``t`` whom an enemy's 杀 targets lets ``t`` draw a card, then
        discard a hand card, or use it when it is equipment."""
        ts, user = self.seat(t), self.seat(frame.user)
        if frame.head != t or frame.started or ts.side is None or user.side == ts.side:
            return
        who = [x for x in sorted(self.eng.table.seats) if (xs := self.seat(x)).alive and xs.side == ts.side
               and xs.has_skill(SKILL.v33__yicheng)]
        if not who or not self.chance(0.5):
            return
        self.invoke(ev.Skill(seat=who[0], skill=SKILL.v33__yicheng, targets=[t]))
        card = self.rng.choice(self.hand_of(t))
        kind = card_kinds.BY_NAME.get(parse_card(card).name)
        if kind is not None and kind.is_equip:
            self.emit(ev.Use(seat=t, card=card))
        else:
            self.emit(ev.Discard(seat=t, cards=[card]))

    def spend_yi(self, frame: F.CardEffect, t: int) -> None:
        """忠义 (FreeKill 3v3): the 杀 of 关羽's side deals 1 more to the other side while 义 are left (the
        engine counts it); one 义 is moved to the discard pile as it does."""
        us, ts = self.seat(frame.user), self.seat(t)
        for g in sorted(self.eng.table.seats):
            gs = self.seat(g)
            left = sorted(gs.piles[YI].elements()) if YI in gs.piles else []
            if gs.alive and left and gs.general is not None and "v33__zhongyi" in gs.general.skills \
                    and us.side == gs.side and ts.side != gs.side:
                self.emit(ev.Move(cards=[left[0]], from_=ev.Place(zone=f"pile:{YI}", seat=g),
                                  to=ev.Place(zone="discard"), reason=SKILL.v33__zhongyi))
                return

    def liuli(self, frame: F.CardEffect, t: int) -> int:
        """流离: the target of a 杀 discards a hand card and passes the 杀 to another character in its
        attack range (not the user, not a target already). Returns the target now."""
        ts = self.seat(t)
        if not ts.has_skill(SKILL.liuli) or not ts.hand_count or frame.head != t or frame.started:
            return t
        user = self.seat(frame.user)
        probe = ev.Use(seat=frame.user, card=frame.card, as_=None if frame.card else CARD.slash,
                       cards=None if frame.card else [])
        others = [x for x in self.eng.table.order_from(t, include_first=False)
                  if x != frame.user and x not in frame.queue and self.eng.table.in_attack_range(t, x)
                  and not plugins.target_bans(self.eng, user, self.seat(x), CARD.slash, probe)]
        if not others or not self.chance(0.5):
            return t
        x = self.rng.choice(others)
        self.emit(ev.Skill(seat=t, skill=SKILL.liuli, targets=[x], cards=[self.rng.choice(self.hand_of(t))]))
        return x

    def after_dodge(self, frame: F.CardEffect, t: int) -> bool:
        """A 闪 cancelled the 杀 on ``t``: 贯石斧 (discard two cards: it hits after all; returns True) or
        青龙偃月刀 (another 杀 on the same target, resolved here)."""
        user = self.seat(frame.user)
        if not user.alive or not self.alive(t) or frame.head != t:
            return False
        ts = self.seat(t)
        places = [("hand", c) for c in self.hand_of(t)] + [("equip", ts.equip[sl]) for sl in sorted(ts.equip)]
        if user.has_skill(SKILL.mengjin) and places and self.chance(0.7):  # 猛进: discard one of its cards
            zone, c = self.rng.choice(places)
            self.emit(ev.Skill(seat=frame.user, skill=SKILL.mengjin))
            mark = self.eng.frame_seq
            self.emit(ev.Move(cards=[c], from_=ev.Place(zone=zone, seat=t), to=ev.Place(zone="discard"), reason=SKILL.mengjin))
            self.fulfil(after=mark)
            return False
        hand = self.hand_of(frame.user)
        if user.weapon() == CARD.axe and len(hand) >= 2 and self.chance(0.5):
            self.emit(ev.Skill(seat=frame.user, skill=CARD.axe, cards=self.rng.sample(hand, 2)))
            return True
        slashes = self.hand_of(frame.user, CARD.slash)
        if user.weapon() == CARD.blade and slashes and self.eng.in_play_phase(frame.user) and self.chance(0.6):
            again = ev.Use(seat=frame.user, card=self.rng.choice(slashes), targets=[t])
            if not legality.check_use(self.eng, again):  # 空城 now, the range …
                self.emit(again)
                self.resolve_slash(frame.user)
        return False

    def answer(self, frame: F.CardEffect, t: int, *, diagram: bool = True) -> bool:
        """``t`` answers the card (八卦阵's red judgement, then 闪 or 杀 from the hand) as often as the
        frame needs (无双: twice), or not at all. Returns whether the card is cancelled for ``t``.
        ``diagram``: 八卦阵 may be used (the engine takes a 八卦阵 judgement only for the target it knows
        is in resolution, not after an earlier target was passed over with no event naming it)."""
        eng = self.eng
        ts = self.seat(t)
        answered, need = 0, frame.need_count
        if diagram and frame.need == CARD.jink and ts.armor() == CARD.eight_diagram and not frame.armor_ignored(eng) \
                and self.chance(0.9):
            if parse_card(self.judge_card(t, CARD.eight_diagram)).is_red:
                answered += 1
        if answered < need and frame.need is not None:
            answers = self.answers_for(t, frame.need, need - answered)
            if answers is not None and self.chance(0.85):
                for a in answers:
                    # what the first answer set off (雷击, a death, the lord's penalty) may have taken the next card
                    if not all(ts.hand[c] > 0 or c in ts.equip.values() for c in ([a.card] if a.card else a.cards or [])):
                        break
                    self.emit(a)
                    self.after_respond(a)
                    answered += 1
            elif need - answered == 1 and self.lord_help(t, frame.need):
                answered = need
        return answered >= need

    def lord_help(self, lord: int, need: str) -> bool:
        """护驾 (闪) or 激将 (杀): the lord asks his kingdom, in turn order, for the card it needs now;
        each passes or provides it. Returns whether someone did."""
        skill = {CARD.jink: SKILL.hujia, CARD.slash: SKILL.jijiang}.get(need)
        ls = self.seat(lord)
        if skill is None or not ls.has_skill(skill) or not self.chance(0.7):
            return False
        kingdom = {SKILL.hujia: "wei", SKILL.jijiang: "shu"}[skill]
        helpers = [t for t in self.eng.table.order_from(lord, include_first=False)
                   if (g := self.seat(t).general) is not None and g.kingdom == kingdom]
        if not helpers:
            return False
        self.emit(ev.Skill(seat=lord, skill=skill))
        for t in helpers:
            cards = self.hand_of(t, need)
            if cards and self.chance(0.6):
                self.emit(ev.Respond(seat=t, card=self.rng.choice(cards)))
                return True
            self.emit(ev.Pass(seat=t))
        return False

    def answers_for(self, seat: int, name: str, n: int) -> list[ev.Respond] | None:
        """``n`` answers of the card ``name`` from ``seat``'s own cards — the card itself, or cards its
        skills or weapon convert (龙胆, 倾国, 武圣, 丈八蛇矛) — using no card twice; None if it has not
        that many. Physical cards first, in a random order."""
        plain = self.hand_of(seat, name)
        self.rng.shuffle(plain)
        out = [ev.Respond(seat=seat, card=c) for c in plain[:n]]
        spent = set(plain[:n])
        for skill, cards in self.conversions(seat, name):
            if len(out) >= n:
                break
            if spent.isdisjoint(cards) and len(set(cards)) == len(cards):
                out.append(ev.Respond(seat=seat, as_=name, cards=cards, skill=skill))
                spent.update(cards)
        return out if len(out) >= n else None

    def conversions(self, seat: int, into: str) -> list[tuple[str, list[str]]]:
        """What ``seat`` may turn into the card ``into`` (``handlers.CONVERSIONS``: its skills and
        weapon): (skill or weapon, physical cards), in a random order."""
        s = self.seat(seat)
        out: list[tuple[str, list[str]]] = []
        for name in sorted(CONVERSIONS):
            spec = conversion_for(s, name)  # the general's own variant (1v1 倾国) or the skill
            if spec is None or into not in spec.into or not (s.has_skill(name) or (spec.weapon and s.weapon() == name)):
                continue
            if spec.outside_own_turn and self.eng.current == seat:
                continue
            pool = ([] if spec.equip_only else self.hand_of(seat)) + ([] if spec.hand_only else [s.equip[sl] for sl in sorted(s.equip)])
            fits = [c for c in pool if spec.qualifies(parse_card(c), into)]
            count = spec.count or 1
            if len(fits) < count:
                continue
            picks = [[c] for c in fits] if count == 1 else [self.rng.sample(fits, count)]
            for cards in picks:
                if spec.together is not None and spec.together(self.eng, ev.Use(seat=seat, as_=into, cards=cards,
                                                                                skill=name), s) is not None:
                    continue
                out.append((name, cards))
        self.rng.shuffle(out)
        return out

    def places_of(self, seat: int) -> list[tuple[str, str]]:
        """The seat's hand and equipment cards, each with its zone, sorted for determinism."""
        s = self.seat(seat)
        return [("hand", c) for c in self.hand_of(seat)] + [("equip", s.equip[sl]) for sl in sorted(s.equip)]

    def lieren(self, seat: int, t: int) -> None:
        """烈刃: after her 杀 damaged its target, a 拼点 with it; if she wins, one of its cards."""
        w = self.eng.skills.damaged.get(t)
        if w is None or w.damage.source != seat or w.uses["lieren"] or not self.alive(seat) or not self.alive(t) \
                or not self.seat(seat).hand_count or not self.seat(t).hand_count or not self.chance(0.7):
            return
        self.emit(ev.Skill(seat=seat, skill=SKILL.lieren, targets=[t]))
        mine, theirs = self.rng.choice(self.hand_of(seat)), self.rng.choice(self.hand_of(t))
        self.emit(ev.Pindian(seat=seat, target=t, cards=[mine, theirs]))
        if parse_card(mine).rank > parse_card(theirs).rank and self.seat(t).hand_count + len(self.seat(t).equip):
            zone, c = self.rng.choice(self.places_of(t))
            seq = self.eng.frame_seq
            self.emit(ev.Move(cards=[c], from_=ev.Place(zone=zone, seat=t), to=ev.Place(zone="hand", seat=seat),
                              reason=SKILL.lieren))
            self.fulfil(after=seq)  # 白银狮子 taken from the equipment area: its recovery

    def after_respond(self, e: ev.Respond | ev.Use) -> None:
        """An equipped card spent as another (武圣's red armour) may set off what losing it does (白银狮子)."""
        if e.as_ is not None:
            self.fulfil(after=self.last_seq)

    def resolve_duel(self, e: ev.Use, *, nullifiable: bool = True) -> None:
        eng = self.eng
        frame = eng.top(F.DuelFrame)
        if frame is None:
            return
        user, target = e.seat, frame.target
        if nullifiable and self.nullify_window(user, target):
            return
        turn, other = target, user
        for _ in range(60):
            need = frame._need(eng)
            answers = self.answers_for(turn, CARD.slash, need)
            if answers is not None and self.chance(0.8):
                for a in answers:
                    self.emit(a)
                    self.after_respond(a)
                turn, other = other, turn
                continue
            if need == 1 and self.lord_help(turn, CARD.slash):
                turn, other = other, turn
                continue
            amount = 1 + (plugins.modify("damage_bonus", 0, eng, other, CARD.duel) if other == frame.user else 0)
            amount = F.damage_taken(eng, self.seat(turn), amount, "normal")
            self.damage(turn, amount, other, e.card, "normal")
            return

    def resolve_global(self, e: ev.Use) -> None:
        eng = self.eng
        frame = eng.top(F.GlobalTrick)
        if frame is None:
            return
        if frame.name == CARD.amazing_grace:
            shown = self.take(len(eng.table.alive()))
            self.emit(ev.Reveal(cards=shown, reason=CARD.amazing_grace))
            for t in list(frame.queue):
                if self.nullify_window(e.seat, t, p=0.1):
                    continue
                if not frame.revealed:  # fewer shown than targets: the pile ran out (1v3: the game is drawn)
                    break
                pick = self.rng.choice(sorted(frame.revealed))
                self.emit(ev.Move(cards=[pick], from_=ev.Place(zone="processing"), to=ev.Place(zone="hand", seat=t),
                                  reason=CARD.amazing_grace))
        else:
            for t in list(frame.queue):
                if self.nullify_window(e.seat, t, p=0.1):
                    continue
                self.emit(ev.Recover(seat=t, amount=1, source=e.seat, card=e.card))

    def resolve_take(self, e: ev.Use) -> None:
        t = (e.targets or [0])[0]
        if self.nullify_window(e.seat, t):
            return
        ts = self.seat(t)
        places: list[tuple[str, str]] = [("hand", c) for c in sorted(ts.hand.elements())]
        places += [("equip", ts.equip[sl]) for sl in sorted(ts.equip)]
        name = F.used_name(e) or ""
        if not (name == CARD.dismantlement and self.rs.p.dismantlement_reveal_hand):  # 1v1: hand or equipment only
            places += [("judge", c) for c in ts.judge]
        if not places:
            return
        zone, card = self.rng.choice(places)
        to = ev.Place(zone="discard") if name == CARD.dismantlement else ev.Place(zone="hand", seat=e.seat)
        self.emit(ev.Move(cards=[card], from_=ev.Place(zone=zone, seat=t), to=to, reason=name))
        self.fulfil(after=self.last_seq)

    def collateral(self, e: ev.Use) -> None:
        """借刀杀人: the weapon holder slashes the victim, or hands the weapon to the user."""
        holder = (e.targets or [0])[0]
        victim = e.victim
        self.emit(e)
        if self.nullify_window(e.seat, holder):
            return
        hs = self.seat(holder)
        slashes = self.hand_of(holder, CARD.slash)
        if victim is not None and slashes and self.chance(0.7):
            card = self.rng.choice(slashes)
            answer = ev.Use(seat=holder, card=card, targets=[victim])
            if not legality.check_use(self.eng, answer):
                self.emit(answer)
                self.resolve_slash(holder)
                return
        weapon = hs.equip.get(Slot.WEAPON)
        if weapon is not None:
            self.emit(ev.Move(cards=[weapon], from_=ev.Place(zone="equip", seat=holder),
                              to=ev.Place(zone="hand", seat=e.seat), reason=CARD.collateral))

    def resolve_fire_attack(self, e: ev.Use) -> None:
        eng = self.eng
        frame = eng.top(FireAttack)
        if frame is None:
            return
        t = frame.target
        if self.nullify_window(e.seat, t):
            return
        if not self.hand_of(t):
            return  # its last hand card went on a 无懈可击 that did not stand: nothing to show
        shown = self.rng.choice(self.hand_of(t))
        self.emit(ev.Reveal(cards=[shown], seat=t, reason=CARD.fire_attack))
        suit = parse_card(shown).suit
        payable = [c for c in self.hand_of(e.seat) if parse_card(c).suit == suit]
        if not payable or not self.chance(0.8):
            return
        self.emit(ev.Discard(seat=e.seat, cards=[self.rng.choice(payable)], reason=CARD.fire_attack))
        if not self.seat(t).alive:
            return
        amount = F.damage_taken(eng, self.seat(t), 1, "fire")
        self.damage(t, amount, e.seat, e.card, "fire")


class ThreeVThreeGame(Game):
    """3v3: the draft and the lineups (before the header is written), the sides' action units."""

    #: generals the simulator does not draft yet
    UNSUPPORTED: frozenset[str] = frozenset()
    #: generals a ruleset's draft leaves out, by ruleset (none now: FreeKill's 3v3 plays its 吕布v33, 吕布v33旧
    #: and 赵云v33 too, the last with that engine's 救主 fault, ``undead_after_failed_rescue``)
    UNSUPPORTED_BY_RULESET: ClassVar[dict[str, frozenset[str]]] = {}
    #: generals of which a ruleset's pool holds one at most, by ruleset: FreeKill's pile has one general per
    #: trueName, so only one of its two 3v3 吕布 (RULES.md §1.2)
    ONE_OF_BY_RULESET: ClassVar[dict[str, tuple[tuple[str, ...], ...]]] = {"freekill-3v3": (("吕布v33", "吕布v33旧"),)}

    def _header(self, game_id: str) -> ev.Game:
        from sgs_replay.engine.draft import POOL_SIZE

        rng = self.rng
        left_out = set(self.UNSUPPORTED | self.UNSUPPORTED_BY_RULESET.get(self.rs.name, frozenset()))
        for group in self.ONE_OF_BY_RULESET.get(self.rs.name, ()):
            kept = rng.choice(group)
            left_out.update(g for g in group if g != kept)
        pool = rng.sample([g for g in self.rs.roster if g not in left_out], POOL_SIZE)
        first: ev.Side = "warm" if self.rs.p.draft_first_side == "warm" else rng.choice(("cold", "warm"))
        other: dict[str, ev.Side] = {"cold": "warm", "warm": "cold"}
        self.prelude = [ev.DraftPool(generals=list(pool)), ev.DraftFirst(side=first)]
        left = list(pool)
        picks: dict[str, list[str]] = {"cold": [], "warm": []}
        side = first
        for size in (1, 2, 2, 2, 2, 2, 2, 2, 1):
            chosen = rng.sample(left, size)
            for g in chosen:
                left.remove(g)
            picks[side].extend(chosen)
            self.prelude.append(ev.DraftPick(side=side, generals=chosen))
            side = other[side]
        seats: dict[int, tuple[str, ev.Side, ev.Position]] = {}
        for side_name, (va, cmd, vb) in (("cold", (1, 2, 3)), ("warm", (6, 5, 4))):
            sd: ev.Side = "cold" if side_name == "cold" else "warm"
            commander, a, b = rng.sample(picks[sd], 3)
            self.prelude.append(ev.Lineup(side=sd, commander=commander, vanguards=[a, b]))
            seats[cmd] = (commander, sd, "commander")
            seats[va] = (a, sd, "vanguard")
            seats[vb] = (b, sd, "vanguard")
        players = [ev.Player(seat=k, general=g, name=f"P{k}", side=sd, position=pos)
                   for k, (g, sd, pos) in sorted(seats.items())]
        return ev.Game(format=ev.FORMAT_ID, mode="3v3", ruleset=self.rs.name, players=players, game_id=game_id,
                       meta={"generator": "sgs-replay simulate"})

    def rounds(self) -> None:
        """Action units: the first side's commander, then the sides alternate, each choosing its
        commander or its upright vanguards in an order (the engine's mode keeps who is upright)."""
        mode: Any = self.eng.mode
        fixed = self.rs.p.round_first_side
        first: ev.Side = fixed if fixed != "alternate" else self.rng.choice(("cold", "warm"))
        self.emit(ev.FirstAction(side=first))
        start = True
        while self.turns < MAX_TURNS:
            mode._close_turn()  # what the next unit's event does first (a turn its character died in)
            mode._prune()
            side = first if start else mode.due_side()
            if side is None:
                return
            options: list[ev.ActionUnit] = []
            cmd = mode.commander(side)
            cs = self.eng.seat(cmd)
            if cmd is not None and cs is not None and cs.alive and cmd not in mode.acted:
                options.append(ev.ActionUnit(side=side, who="commander"))
            vans = mode.upright_vanguards(side)
            if vans and (not start or self.rs.p.first_unit == "any"):
                self.rng.shuffle(vans)
                options.append(ev.ActionUnit(side=side, who="vanguards", order=vans))
            if not options:
                return
            unit = self.rng.choice(options)
            start = False
            self.emit(unit)
            for seat in [cmd] if unit.who == "commander" else list(unit.order or []):
                if seat in self.skipped_turn:  # 据守: the turn is spent, the identity card turns sideways
                    self.skipped_turn.discard(seat)
                elif seat is not None and self.alive(seat):
                    self.turn(seat)


def game_name(ruleset: Ruleset, players: int, seed: int, index: int) -> str:
    """The name of game ``index`` (from 0) of a run: ``<ruleset>-<players>p-<seed>-<number from 1>``, the
    file's stem and (after ``sim-``) the header's ``game_id``, so runs of one ruleset with different
    player counts or seeds never share a game id."""
    return f"{ruleset.name}-{players}p-{seed}-{index + 1:04d}"


def play_game(ruleset: Ruleset, players: int, seed: int, index: int, *, strict: bool = True) -> Outcome:
    """Play game ``index`` of a run seeded ``seed``: its own :class:`random.Random`, so every game of a
    run can be replayed alone. The generator is seeded with the game's name (a string seeds through
    SHA-512, whatever the hash seed), so runs of different rulesets or player counts with the same
    seed are different games."""
    rng = random.Random(game_name(ruleset, players, seed, index))
    cls: type[Game] = ThreeVThreeGame if ruleset.mode == "3v3" else Game
    if ruleset.mode == "1v1":
        from sgs_replay.simulate.one_v_one import OneVOneGame

        cls = OneVOneGame
    if ruleset.mode == "1v3":
        from sgs_replay.simulate.hulao import HulaoGame

        cls = HulaoGame
    if ruleset.mode == "hegemony":
        from sgs_replay.simulate.hegemony import HegemonyGame

        cls = HegemonyGame
    game = cls(ruleset, players, rng, game_id=f"sim-{game_name(ruleset, players, seed, index)}",
               strict=strict)
    return game.play()
