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
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar, TypeVar

import msgspec

from sgs_replay.content import Ruleset, card_kinds
from sgs_replay.content.names import CARD, SKILL
from sgs_replay.engine import frames as F
from sgs_replay.engine import legality, plugins
from sgs_replay.engine.cards.effect import EFFECT_RULES, CardEffect
from sgs_replay.engine.cards.maneuvering import ChainDamage, FireAttack
from sgs_replay.engine.cards.tricks import DrawThenDiscard, DuelFrame, GlobalTrick
from sgs_replay.engine.core import ROLE_TABLE, Engine
from sgs_replay.engine.effects import Effect
from sgs_replay.engine.handlers import CONVERSIONS, conversion_for, pindian_won
from sgs_replay.engine.state import Seat, Slot
from sgs_replay.formats import events as ev
from sgs_replay.formats.cards import is_unknown, parse_card
from sgs_replay.modes.identity import ATTRITION, SACRIFICE
from sgs_replay.modes.sides import OptionalReward
from sgs_replay.skills import policy
from sgs_replay.skills.policy import Moment

#: generals the simulator does not play yet
UNSUPPORTED_GENERALS: frozenset[str] = frozenset()

#: the cards whose user chooses the direction where the ruleset lets it (3v3)
MULTI_TARGET = frozenset({CARD.savage_assault, CARD.archery_attack, CARD.god_salvation, CARD.amazing_grace})

#: the most turns a game may last before it is called off (a safety net: games end long before)
MAX_TURNS = 400
#: the most actions in one play phase
MAX_ACTIONS = 40


G = TypeVar("G", bound="Game")


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
        self.first_out: int | None = None  # the first character out of the game
        self.notes: dict[str, Any] = {}  # what the skills' policies remember within the game
        #: the skills whose effect's steps their policy writes (乱武's): ``fulfil`` leaves them to it
        self.own_steps = policy.printed(policy.WRITES_OWN_STEPS)
        self.draw_replaced = policy.printed(policy.DRAW_REPLACED)  # 涉猎, 再起, 双雄: no phase draw
        self.silent = [(getattr(SKILL, sid), count) for sid, count in sorted(policy.SILENT_USES.items())]
        #: the skills that make a card a 无懈可击 (看破)
        self.nullifiers = [name for name, spec in sorted(CONVERSIONS.items()) if CARD.nullification in spec.into]

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
        silent = [count(self.eng) for _, count in self.silent]
        seq = self.eng.frame_seq
        self.eng.step(self.line, e)
        self.lines.append(self.enc.encode(e))
        for (name, count), was in zip(self.silent, silent, strict=True):  # 巨象 took a 南蛮入侵 …
            self.skills[name] += count(self.eng) - was
            if not self.skills[name]:
                del self.skills[name]
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
            for (seat, key), n in sorted(chances.items(), key=lambda kv: (policy.chance_order(kv[0][1]), kv[0])):
                act = policy.chance_policy(key)
                was = chances_before.get((seat, key), 0)
                if act is None or n <= was or not self.alive(seat):
                    continue  # only the chance this event opened, taken now or never
                act(self, self.seat(seat), e, n - was)
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
            if isinstance(top, F.JudgeFrame) and not top.settled and not any(
                    kept(eng, top) for kept in policy.KEPT_JUDGEMENTS):
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
        return [c for c in cards if parse_card(c).name == name
                and not any(ban(s, c, name) for ban in policy.HAND_BANS)]  # 武神: his ♥ hand cards are 杀 only

    def hand_barred(self, e: ev.Use) -> bool:
        """A hand card of the use may not be used as what it is used as (武神: a ♥ hand card is a 杀 only)."""
        s = self.seat(e.seat)
        name = F.used_name(e) or ""
        return any(s.hand[c] and ban(s, c, name) for c in ([e.card] if e.card else e.cards or [])
                   for ban in policy.HAND_BANS)

    def peach_barred(self, card: str | None) -> bool:
        """鏖戰 has begun (國戰, or the identity house rule): a 桃 is only used or played as 杀 or 闪."""
        if card is None or not getattr(self.eng.mode, "aozhan", False):
            return False
        return card == CARD.peach or (not is_unknown(card) and " " in card and parse_card(card).name == CARD.peach)

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
        """A turn: its phases, each with what the seat's skills do at it (``policy.Moment``): a phase skipped or
        replaced (巧变, 神速, 放权, 克己 …), the start phase's skills, the draw phase's choice …"""
        self.turns += 1
        self.emit(ev.Turn(seat=seat))
        self.at_turn_start(seat)
        if not self.attrition(seat):
            return
        self.emit(ev.Phase(seat=seat, phase="start"))
        me = self.seat(seat)
        for act in policy.asked(self, Moment.START_PHASE, me):
            act(self, me)
        self.skip = set()
        self.slashed = False
        if self.skips(me, "judge"):
            if not me.alive or self.eng.current != seat:
                return
        elif me.judge:
            self.emit(ev.Phase(seat=seat, phase="judge"))
            self.judge_phase(seat)
            if not me.alive:
                return
        if "judge_and_draw" in self.skip:
            pass  # judge and draw phases skipped already
        elif "draw" in self.skip:
            self.emit(ev.PhaseSkip(seat=seat, phase="draw", reason=CARD.supply_shortage))
        elif not self.skips(me, "draw"):
            self.emit(ev.Phase(seat=seat, phase="draw"))
            for act in policy.asked(self, Moment.DRAW_PHASE, me):
                if act(self, me):
                    break
            n = self.draw_count(me)
            if n > 0 and not self.draw_replaced & set(self.eng.phase_draw_mods):
                self.emit(ev.Draw(seat=seat, cards=self.take(n), reason="phase"))
                for act in policy.asked(self, Moment.AFTER_DRAW, me):
                    act(self, me)
        if "play" in self.skip:
            self.emit(ev.PhaseSkip(seat=seat, phase="play", reason=CARD.indulgence))
        elif self.skips(me, "play"):
            if not me.alive or self.eng.current != seat:
                return
        else:
            self.emit(ev.Phase(seat=seat, phase="play"))
            self.sacrifices()
            if all(act(self, me) is not False for act in policy.asked(self, Moment.PLAY_BEGINS, me)):
                self.play_phase(seat)  # (双刃 lost: the play phase is over)
            if not me.alive:
                return
        if not self.skips(me, "discard"):
            self.discard_phase(me)
        self.emit(ev.Phase(seat=seat, phase="finish"))
        for act in policy.asked(self, Moment.FINISH_PHASE, me):
            act(self, me)
            if not me.alive:
                return
        self.emit(ev.TurnEnd(seat=seat))

    def skips(self, me: Seat, phase: ev.PhaseName) -> bool:
        """A policy of the seat's skills skips or replaces ``phase`` (巧变, 神速, 放权, 克己); True when one did."""
        return any(act(self, me, phase) for act in policy.asked(self, Moment.PHASE_SKIP, me))

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

    def discard_phase(self, me: Seat) -> None:
        eng, seat = self.eng, me.seat
        self.emit(ev.Phase(seat=seat, phase="discard"))
        limit = plugins.modify("hand_limit", max(me.hp, 0) + eng.mode.hand_limit_bonus(me), eng, me)
        if plugins.modify("hand_limit_waived", False, eng, me):
            limit = me.hand_count
        extra = me.hand_count - limit
        if extra > 0:
            self.emit(ev.Discard(seat=seat, cards=self.rng.sample(self.hand_of(seat), extra)))
            for act in policy.asked(self, Moment.DISCARDED):  # 固政
                act(self, seat)

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
        for s in self.eng.table.order_from(self.eng.current or seat):  # 鬼才, 鬼道 …: another card replaces it
            who = self.seat(s)
            for act in policy.asked(self, Moment.RETRIAL, who):
                card = act(self, who, seat) or card
        result = self.eng.skills.effective_card(seat, card)
        judged = self.seat(seat)
        for act in policy.asked(self, Moment.JUDGED, judged):  # 天妒
            act(self, judged, reason)
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
    def makes_nullification(self, seat: int) -> bool:
        """The seat has a skill that makes a card a 无懈可击 (``handlers.CONVERSIONS``)."""
        s = self.seat(seat)
        return any(s.has_skill(name) for name in self.nullifiers)

    def nullify_window(self, frame_user: int | None, target: int, p: float = 0.3) -> bool:
        """Anyone holding 无懈可击 may counter the effect on ``target``, and be countered in turn.
        Returns whether the effect is countered (an odd number of 无懈可击)."""
        if self.unsynced:
            return False
        count = 0
        while True:
            start = self.eng.current or target
            holders = [s for s in self.eng.table.order_from(start) if self.hand_of(s, CARD.nullification)
                       or (self.makes_nullification(s) and self.conversions(s, CARD.nullification))]
            if not holders or not self.chance(p):
                self.unsynced = count % 2 == 1
                return self.unsynced
            who = self.rng.choice(holders)
            plain = self.hand_of(who, CARD.nullification)
            made = self.conversions(who, CARD.nullification) if self.makes_nullification(who) else []
            if made and (not plain or self.chance(0.5)):  # a card a skill makes a 无懈可击 (看破)
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
        if not chain:
            me = self.seat(target)
            if any(act(self, me, source, card, nature) for act in policy.asked(self, Moment.BEFORE_DAMAGE, me)):
                return  # 天香: it went elsewhere
        self.emit(ev.Damage(target=target, amount=amount, source=source, card=card,
                            nature=nature, chain=chain))  # type: ignore[arg-type]
        s = self.seat(target)
        self.at_zero(target)
        if s.alive and s.hp <= 0 and self.dies_at_zero(s):
            self.dying(target)
        if s.alive:
            self.damaged(target, amount, source, card)
            self.slash_damaged(target, source)
        self.fulfil()

    def damaged(self, target: int, amount: int, source: int | None, card: str | None) -> None:
        """受到伤害后: the damaged character's skills (奸雄, 反馈, 遗计, 刚烈 …), each as its policy says."""
        if self.eng.skills.damaged.get(target) is None:
            return
        s = self.seat(target)
        for act in policy.asked(self, Moment.DAMAGED, s):
            act(self, s, amount, source, card)

    def after_hp_change(self, seat: int) -> None:
        s = self.seat(seat)
        self.at_zero(seat)
        if s.alive and s.hp <= 0 and self.dies_at_zero(s):
            self.dying(seat)
        self.fulfil()

    def at_zero(self, seat: int) -> None:
        """What the seat's skills do at 0 HP or below (不屈)."""
        s = self.seat(seat)
        if s.alive and s.hp <= 0:
            for act in policy.asked(self, Moment.AT_ZERO_HP, s):
                act(self, s)

    def dies_at_zero(self, s: Seat) -> bool:
        """The seat at 0 HP or below is dying: no skill keeps it alive there, or one is in force that sends it
        into the dying state all the same (``policy.DYING_ANYWAY``)."""
        return not F.survives_at_zero(self.eng, s) or any(f(self.eng, s) for f in policy.DYING_ANYWAY)

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
                    if (step.kind == "draw" and not step.n) or f.skill in self.own_steps:
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
        if any(act(self, s) for act in policy.asked(self, Moment.DYING, s)):
            return  # 涅槃: out of danger
        cur = eng.current
        only: tuple[int, ...] | None = None  # 完杀: in 贾诩's turn only he and the dying character may use 桃
        if cur is not None and self.alive(cur):
            for act in policy.asked(self, Moment.RESCUERS, self.seat(cur)):
                only = act(self, cur, seat) or only
        for helper in order:
            if only is not None and helper not in only:
                continue
            hs = self.seat(helper)
            if any(act(self, hs, seat) for act in policy.asked(self, Moment.RESCUE, hs)):
                return  # 救主 and FreeKill's fault: that dying state is over
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
        dead = self.seat(seat)
        for act in policy.asked(self, Moment.AFTER_DEATH, dead):  # 行殇, 武魂, 断肠 …
            act(self, seat)

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
                       if not self.hand_barred(u) and not self.peach_barred(u.card)]
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
            if any(act(self, me) for act in policy.asked(self, Moment.PLAY_CARD, me)):
                continue  # a skill used as a card (蛊惑)
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
        """Perhaps use a skill of the play phase (苦肉, 制衡 …), as the policies of the moment say, in their order;
        True when one was used."""
        for act in policy.asked(self, Moment.PLAY_ACTION, me):
            done = act(self, me)
            if done:
                return done is True  # policy.STOP: no skill this time
        return False

    def skill_limits(self) -> Counter[str]:
        """The uses of each skill (by name) in the scope a "once a play phase" counts: the turn, or the play
        phase where the ruleset counts so (and the 國戰 texts')."""
        counter = self.eng.this_phase.limits if self.rs.p.skill_limit_scope == "play_phase" else self.eng.this_turn.limits
        if "heg" in self.rs.skill_versions.values():  # the 國戰 texts' 出牌阶段限一次 counts in the play phase
            counter = counter + self.eng.this_phase.limits
        return counter

    def slash_damaged(self, target: int, source: int | None) -> None:
        """After a 杀's damage: the skills of its user and of the others that follow it (狂斧, 悲歌)."""
        window = self.eng.skills.damaged.get(target)
        if window is None or not self.alive(target):
            return
        for act in policy.asked(self, Moment.SLASH_DAMAGED):
            act(self, target, source, window)

    def pindian(self, seat: int, skill: str, t: int) -> bool:
        """A skill's 拼点 with ``t``: each shows a hand card; True when ``seat`` won (a higher rank)."""
        p = ev.Pindian(seat=seat, target=t, cards=[self.rng.choice(self.hand_of(seat)), self.rng.choice(self.hand_of(t))])
        self.emit(ev.Skill(seat=seat, skill=skill, targets=[t]))
        self.emit(p)
        return bool(pindian_won(p))

    def recastable(self, seat: int) -> list[str]:
        """The hand cards the seat may recast (重铸): 铁索连环."""
        return [c for c in self.hand_of(seat) if parse_card(c).name == CARD.iron_chain]

    def recast(self, seat: int, card: str) -> None:
        self.emit(ev.Recast(seat=seat, card=card))
        self.emit(ev.Draw(seat=seat, cards=self.take(1), reason="recast"))

    def directed(self, e: ev.Use) -> ev.Use:
        """The use with the direction its user chooses, for a card whose direction the ruleset lets it choose."""
        if F.used_name(e) in MULTI_TARGET and self.rs.p.aoe_direction_choice:
            return msgspec.structs.replace(e, direction=self.rng.choice(("cw", "ccw")))
        return e

    def use(self, e: ev.Use) -> None:
        name = F.used_name(e) or ""
        e = self.directed(e)
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
        """The 杀 ``user`` has just used: what its skills do as it begins (1v1 烈弓), its effect, what they do
        once it has resolved (烈刃)."""
        frame = self.eng.top(CardEffect)
        me = self.seat(user)
        for act in policy.asked(self, Moment.SLASH_BEGINS, me):
            act(self, user, frame)
        if frame is None or frame.name != CARD.slash:
            return
        target = frame.head if frame.user == user else None
        self.resolve_effect(frame)
        if target is not None:
            for act in policy.asked(self, Moment.SLASH_ENDS, me):
                act(self, user, target)

    def resolve_aoe(self, user: int) -> None:
        frame = self.eng.top(CardEffect)
        if frame is None:
            return
        self.resolve_effect(frame, trick=True)

    def resolve_effect(self, frame: CardEffect, *, trick: bool = False) -> None:
        """Each target of the card in the frame's order: 无懈可击 (a trick), a void (藤甲, 仁王盾), 八卦阵,
        the answers it needs (无双: two), else the damage the frame says the card deals."""
        eng = self.eng
        first_hit = False  # 铁骑's red judgement: the first target cannot dodge it
        if frame.name == CARD.slash:
            user = self.seat(frame.user)
            for act in policy.asked(self, Moment.SLASH_USED, user):
                first_hit = bool(act(self, frame)) or first_hit
        self.double_sword(frame)  # a general's skill before an equipment's (铁骑 first)
        for t in list(frame.queue):
            ts = self.seat(t)
            if not ts.alive:
                continue
            if first_hit:
                first_hit = False
                self.hit(frame, t)
                continue
            if frame.name == CARD.slash:
                for act in policy.asked(self, Moment.SLASH_TARGET):  # 流离's redirection …
                    t = act(self, frame, t) or t
                ts = self.seat(t)
            if any(rule.voids(frame, eng, ts) for rule in EFFECT_RULES):
                self.unsynced = True  # nothing to counter either: no 无懈可击 window
                continue
            if trick and self.nullify_window(frame.user, t, p=0.15):
                continue
            if not (frame.undodgeable and frame.need == CARD.jink) and self.answer(frame, t, diagram=frame.head == t):
                if frame.name == CARD.slash and self.after_dodge(frame, t):
                    self.hit(frame, t)
                continue
            self.hit(frame, t)

    def hit(self, frame: CardEffect, t: int) -> None:
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
            for act in policy.asked(self, Moment.SLASH_HITS):
                act(self, frame, t)
        self.damage(t, frame.expected_damage(eng, t), frame.source, frame.card, frame.nature)

    def double_sword(self, frame: CardEffect) -> None:
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

    def after_dodge(self, frame: CardEffect, t: int) -> bool:
        """A 闪 cancelled the 杀 on ``t``: 贯石斧 (discard two cards: it hits after all; returns True) or
        青龙偃月刀 (another 杀 on the same target, resolved here)."""
        user = self.seat(frame.user)
        if not user.alive or not self.alive(t) or frame.head != t:
            return False
        if any(act(self, frame, t) for act in policy.asked(self, Moment.SLASH_DODGED, user)):
            return False  # 猛进
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

    def answer(self, frame: CardEffect, t: int, *, diagram: bool = True) -> bool:
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

    def lord_help(self, seat: int, need: str) -> bool:
        """Another character provides the card ``seat`` needs (护驾's 闪, 激将's 杀), when a policy of its skills
        says so. Returns whether someone did."""
        me = self.seat(seat)
        return any(act(self, me, need) for act in policy.asked(self, Moment.CARD_NEEDED, me))

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

    def after_respond(self, e: ev.Respond | ev.Use) -> None:
        """An equipped card spent as another (武圣's red armour) may set off what losing it does (白银狮子)."""
        if e.as_ is not None:
            self.fulfil(after=self.last_seq)

    def resolve_duel(self, e: ev.Use, *, nullifiable: bool = True) -> None:
        eng = self.eng
        frame = eng.top(DuelFrame)
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
        frame = eng.top(GlobalTrick)
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


#: the game the simulator plays for each mode, by the header's ``mode`` (identity: :class:`Game` itself); a mode's
#: module registers its game (:func:`plays`), and :mod:`sgs_replay.simulate` imports the modules
GAMES: dict[str, type[Game]] = {}


def plays(mode: str) -> Callable[[type[G]], type[G]]:
    """Register the decorated class as the game of ``mode``."""

    def deco(cls: type[G]) -> type[G]:
        GAMES[mode] = cls
        return cls

    return deco


@plays("3v3")
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
        from sgs_replay.modes.draft import POOL_SIZE

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
    seed are different games. The game is the one registered for the ruleset's mode (:data:`GAMES`)."""
    rng = random.Random(game_name(ruleset, players, seed, index))
    cls = GAMES.get(ruleset.mode, Game)
    game = cls(ruleset, players, rng, game_id=f"sim-{game_name(ruleset, players, seed, index)}",
               strict=strict)
    return game.play()
