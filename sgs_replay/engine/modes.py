"""Mode rules: what differs between identity mode (身份局), 3v3 and 1v1.

The engine asks its mode: whose turn comes next, the order of multi-target cards, the 杀 limit,
victory, the kill reward. Parameters come from the ruleset file (rulesets/*.toml).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import msgspec

from sgs_replay.engine import plugins
from sgs_replay.formats import events as ev
from sgs_replay.rules import catalogue as R

if TYPE_CHECKING:
    from sgs_replay.content import General
    from sgs_replay.engine.core import Engine
    from sgs_replay.engine.state import Seat
    from sgs_replay.formats.cards import Card



class Mode:
    name = "base"
    #: the rules a wrong kill reward and a wrong kill penalty break (國戰 has its own)
    reward_rules = (R.D_REWARD, R.D_PENALTY)

    def __init__(self, eng: Engine) -> None:
        self.eng = eng

    # ---- setup and flow
    def setup(self) -> None:
        return None

    def expected_turn(self) -> list[int] | None:
        eng = self.eng
        if eng.current is None:
            if eng.header.start is None or eng.round == 1:
                return self.first_turn()
            return None
        extra = eng.due_extra_turn()
        if extra is not None:
            return [extra]  # an extra turn comes before the seat order goes on
        return [eng.table.next_alive(eng.rotation_seat or eng.current)]

    def first_turn(self) -> list[int] | None:
        return None

    def report_turn_order(self, seat: int, expected: list[int]) -> None:
        self.eng.report(R.T_ORDER, seat, f"seat {seat} takes a turn; next in order is {expected}",
                        expected=f"seat {expected[0]}" if len(expected) == 1 else f"one of {expected}", observed=f"seat {seat}")

    def before_turn(self, seat: int) -> None:
        return None

    def pass_skipped_turn(self, seat: int, e: ev.Turn) -> None:
        """``seat`` must skip its next turn (a skill such as 曹仁's) and ``e`` is a turn logged while it is pending: the
        skipper's own turn is reported; a turn of the seat after it means its turn passed unplayed."""
        eng = self.eng
        if e.seat == seat:
            eng.skipped_turns.discard(seat)
            eng.report(R.T_SKIPPED, e.seat, "this seat skips its next turn: the turn does not take place", expected="no turn for this seat",
                       observed="turn")
        elif eng.current is not None and eng.due_extra_turn() is None \
                and eng.table.next_alive(eng.rotation_seat or eng.current) == seat:
            eng.skipped_turns.discard(seat)
            eng.end_phase()
            eng.current, eng.phase = seat, None  # his turn passes unplayed
            eng.rotation_from = None

    def pass_skipped_turns(self, e: ev.Turn) -> None:
        """A ``turn`` is logged while turns are to be skipped (据守; 叠置 by 放逐, 悲歌): the skipped seats next in
        seat order pass unplayed, up to the first that is not skipped. That one may be the turn's own seat coming
        round again (two players, both skipped); otherwise a turn of a seat whose turn is skipped is reported."""
        eng = self.eng
        if eng.current is None or eng.due_extra_turn() == e.seat:
            return  # before the first turn; an extra turn (放权) is not the seat order's
        walk: list[int] = []
        nxt = eng.table.next_alive(eng.rotation_seat or eng.current)
        while nxt in eng.skipped_turns and nxt not in walk:
            walk.append(nxt)
            nxt = eng.table.next_alive(nxt)
        comes_round = nxt == e.seat
        for s in walk:
            if s == e.seat and not comes_round:
                break
            # its turn passes unplayed (even when it is the seat whose turn is now logged: it comes round again)
            self.pass_skipped_turn(s, msgspec.structs.replace(e, seat=0) if s == e.seat else e)
        if e.seat in eng.skipped_turns and e.seat != eng.current:
            self.pass_skipped_turn(e.seat, e)  # the skipped turn itself: reported

    def after_turn(self, seat: int) -> None:
        return None

    def on_event(self, e: ev.Event) -> None:
        return None

    def screen(self, e: ev.Event) -> bool:
        """Mode checks made on every event before it is resolved. False: the event is not applied."""
        return True

    def game_ending(self, e: ev.GameEnd) -> None:
        """The `game_end` arrived, before the open resolutions are settled (1v3: a draw ends them at once)."""
        return None

    def on_game_end(self, e: ev.GameEnd) -> None:
        eng = self.eng
        eng._settle_all(eng.line, e)
        if eng.ended:
            if not eng.after_end_reported:
                eng.report(R.O_AFTER_END, None, "a second game_end", observed="game_end")
                eng.after_end_reported = True
            return
        eng.ended = True
        eng.result = {"winner": e.winner, "reason": e.reason}
        verdict = eng.over or self.victory()
        if verdict is None:
            if e.reason in ("resign", "penalty", "time_up", "draw", "abandoned", "forfeit"):
                return
            eng.report(R.O_EARLY_END, None, "no victory condition holds", expected="the game goes on",
                       observed=f"game_end winner={e.winner}")
            return
        if e.winner != verdict[0]:
            eng.report(R.O_WINNER, None, f"{verdict[0]} won ({verdict[1]})", expected=verdict[0], observed=e.winner)

    # ---- cards
    def slash_limit(self, user: Seat) -> int | None:
        """杀 per play phase (None: no limit), after the modifiers of skills and weapons (``slash_limit``)."""
        return plugins.modify("slash_limit", int(self.eng.rs.p.slash_per_play_phase), self.eng, user)

    def multi_target_order(self, e: ev.Use, *, include_user: bool) -> list[int]:
        """Next-seat order from the user (seed 001 一(四): 从下家开始)."""
        return self.eng.table.order_from(e.seat, include_first=include_user)

    def may_use_outside_turn(self, e: ev.Use, name: str) -> bool:
        return False

    def draw_bonus(self, seat: Seat) -> int:
        return 0

    def hand_limit_bonus(self, seat: Seat) -> int:
        return 0

    def ex_nihilo_bonus(self, seat: int) -> int:
        return 0

    def strict_damage(self) -> bool:
        return not self.eng.unknown_skill_turn

    def lenient_damage(self) -> bool:
        return False

    def after_damage(self, e: ev.Damage) -> None:
        return None

    # ---- end
    def victory(self) -> tuple[str, str] | None:
        return None

    def kill_reward(self, victim: Seat, killer: int | None) -> int:
        return 0

    def kill_penalty(self, victim: Seat, killer: Seat) -> bool:
        """The killer must discard every hand and equipment card (identity: a lord who kills a loyalist)."""
        return False

    def entering(self, seat: int) -> bool:
        """1v1: the seat's general has just entered play (登场时): its entry skills may be used now."""
        return False

    def after_death(self, seat: Seat) -> None:
        """A character died and the game goes on (its cards are discarded): 1v1 brings in the next general."""
        return None

    def hp_fell(self, seat: Seat) -> bool:
        """The seat's HP has just fallen (damage or loss); True: the mode takes over, no dying state opens
        (1v3: 神吕布's switch to his second form)."""
        return False

    def recastable(self, card: Card) -> bool:
        """A card the mode lets be recast besides 铁索连环 (1v3: a weapon)."""
        return False

    def reshuffled(self) -> None:
        """The draw pile ran out and the discard pile became the new one."""
        return None
    # ---- 鏖戰 (《三國殺各種模式的規則》 · 鏖戰模式: 國戰's mode, and the identity house rule `aozhan`)
    #: in force from the turn that began it
    aozhan = False

    def aozhan_turn(self) -> None:
        """As a turn begins: 僅剩四名或更少角色時（七人以下游戲時為三名或更少），若此時全場沒有超過一名勢力相同的角色, 鏖戰
        begins and lasts to the end (a character with no kingdom yet, face down, shares it with nobody); the plug-ins
        then give every living character the conversion of a 桃 into 杀 or 闪."""
        eng = self.eng
        if not eng.rs.p.aozhan or self.aozhan:
            return
        small, large = eng.rs.p.aozhan_threshold
        alive = [s.seat for s in eng.table.seats.values() if s.alive]
        if len(alive) > (small if eng.table.n < eng.rs.p.aozhan_large_from else large):
            return
        kingdoms = [k for seat in alive if (k := self.kingdom_of(seat)) is not None and k != CAREERIST]
        if len(kingdoms) == len(set(kingdoms)):
            self.aozhan = True
            plugins.modify("aozhan_begins", None, eng)

    def aozhan_check(self, e: ev.Event) -> None:
        """Once 鏖戰 has begun a 桃 is no 桃: used as itself (to recover, or to rescue) it is reported."""
        from sgs_replay.content.names import CARD
        from sgs_replay.formats.cards import is_unknown, parse_card

        if not isinstance(e, (ev.Use, ev.Respond)) or e.card is None or is_unknown(e.card):
            return
        if parse_card(e.card).name == CARD.peach:
            self.eng.report(R.HG_AOZHAN, e.seat, "once few characters are left a 桃 is only used or played as 杀 or 闪",
                            expected="as 杀 or 闪 (`as`)", observed=f"{e.card} as itself")

    # ---- kingdoms and hidden generals (國戰: a character has a kingdom only once a general is face up)
    def kingdom_of(self, seat: int) -> str | None:
        """The seat's kingdom (``wei`` ``shu`` ``wu`` ``qun`` ``god``; 國戰 also ``careerist`` for a 野心家), None
        while it has none (國戰: both generals face down)."""
        s = self.eng.seat(seat)
        return s.general.kingdom if s is not None and s.general is not None else None

    def same_kingdom(self, a: int, b: int) -> bool:
        """``a`` and ``b`` are of the same kingdom (势力相同): both have one and it is the same; a 野心家 is
        of a kingdom of its own."""
        ka, kb = self.kingdom_of(a), self.kingdom_of(b)
        return ka is not None and ka == kb and (ka != CAREERIST or a == b)

    def hidden_generals(self, seat: int) -> int:
        """How many of the seat's generals are face down (暗置); 0 outside 國戰."""
        return 0

    def unchecked_skill(self, seat: int, name: str) -> bool:
        """The seat holds ``name`` in a version whose text the project does not define (the ruleset's
        ``[skill_versions]`` says ``"unchecked"``: FreeKill's own 國戰 texts): its uses and what they cause are
        unverifiable, never reported."""
        return False

    def counts_as_out(self, seat: int) -> bool:
        """转世 (house-zhuanshi): the seat's character is a reincarnation, out for victory, rewards and penalties."""
        return False

    def put_general(self, s: Seat, gen: General) -> None:
        """``gen`` becomes the seat's general: its skills (watchers included; a lord skill only for the lord in
        identity mode) and its printed max HP. HP, life and cards are the caller's."""
        from sgs_replay.content import skills as skill_table

        eng = self.eng
        s.general = gen
        names = skill_table()
        eng.skills.forget(s)
        s.skills = set()
        for k in gen.skills:
            if k in names and not (names[k].lord and (not eng.rs.p.lord_skills or (
                    eng.header.mode == "identity" and s.role != "lord"))):
                eng.skills.gain(s, k)
        eng.skills.used_once = {(n, sid) for n, sid in eng.skills.used_once if n != s.seat}  # a new general's 限定技
        s.max_hp = gen.hp


#: the kingdom of a 野心家 (國戰): a kingdom of its own
CAREERIST = "careerist"
#: the ``reason`` of a ``lose_hp`` the last-three attrition house rule takes
ATTRITION = "attrition"
#: the ``reason`` of the ``move`` that is a 献祭 (house rule of 转世)
SACRIFICE = "献祭"
#: kingdoms whose player, under 转世, takes the first general turned up (the reading of 如果是其他国家角色)
OTHER_KINGDOMS = ("qun", "god")


class Identity(Mode):
    """身份局 (seed 001 二、三), with the house rule of last-three attrition when the ruleset has it."""

    name = "identity"

    def setup(self) -> None:
        eng = self.eng
        st = eng.header.start
        #: rounds begun so far (a round begins with the lord's turn); None: unknown (a start position
        #: without its round)
        self.rounds_begun: int | None = 0
        #: ``rounds_begun`` when only three characters were left; None: not yet (or unknown)
        self.three_left: int | None = None
        #: the attrition is checked (the ruleset has it and the position says when three were left)
        self.attrition_known = eng.rs.p.attrition_free_rounds is not None
        #: seats whose attrition loss is due and not logged yet; those brought to 0 HP by it so far
        self.attrition_due: list[int] = []
        self.attrition_zero: list[int] = []
        if st is not None:
            self.rounds_begun = None if st.round is None else st.round - (1 if st.current is None else 0)
            if sum(1 for s in eng.table.seats.values() if s.alive) <= 3:
                self.three_left = st.three_left_round
            if self.attrition_known and (self.rounds_begun is None or (
                    self.three_left is None and sum(1 for s in eng.table.seats.values() if s.alive) <= 3)):
                self.attrition_known = False
                eng.unverifiable_because("the start position does not say which round it is or when three "
                                         "characters were left (round, three_left_round)")

        #: 转世 and 献祭: seats whose character is a reincarnation; givers this turn (with the out player under
        #: once_per_out_player); out players that can no longer reincarnate; the seat whose 转世 is due now
        self.zhuanshi = bool(eng.rs.p.reincarnation)
        self.reborn: set[int] = set()
        self.gave: set[tuple[int, int]] = set()
        self.stuck: set[int] = set()
        self.reborn_due: int | None = None
        if self.zhuanshi and st is not None and any(not s.alive for s in eng.table.seats.values()):
            self.zhuanshi = False
            eng.unverifiable_because("a start position after a death: which characters are reincarnated is not known")

        #: 暗魂 protection: the protected seat (None: none, or over), the seats it attacked
        self.protected: int | None = None
        self.attacked: set[int] = set()
        name = eng.header.protected_player
        if eng.rs.p.anhun_protection and name is not None:
            seats = [p.seat for p in eng.header.players if p.name == name]
            if not seats:
                eng.report(R.X_ANHUN, None, f"the protected player {name!r} is not at the table",
                           expected="a name of the players list", observed=name)
            elif st is not None and any(not s.alive for s in eng.table.seats.values()):
                eng.unverifiable_because("a start position after a death: whether the protection still holds is not known")
            else:
                self.protected = seats[0]

    def first_turn(self) -> list[int] | None:
        lords = [s.seat for s in self.eng.table.seats.values() if s.role == "lord"]
        return lords or [1]

    # ---- 暗魂 protection (house rule, seed 001 游戏规则 (二)详细规则 2)
    def _anhun(self, e: ev.Event) -> None:
        p = self.protected
        assert p is not None
        if isinstance(e, (ev.Use, ev.Skill)) and e.seat == p and e.targets:
            self.attacked.update(e.targets)
        elif isinstance(e, ev.Damage) and e.source == p:
            self.attacked.add(e.target)
        elif isinstance(e, ev.Death):
            if e.seat == p:
                killer = e.killer if e.killer is not None else self.eng.last_damage_source.get(p)
                spared = killer is not None and killer != p and (
                    killer in self.attacked if self.eng.rs.p.anhun_lost_by == "attacked" else bool(self.attacked))
                if not spared:
                    by = f"seat {killer}" if killer is not None else "no killer"
                    self.eng.report(R.X_ANHUN, p, f"seat {p} was out first in the previous game and nobody is out yet ({by}"
                                    + (f", a character seat {p} never attacked)" if killer not in (None, p) else ")"),
                                    expected=f"seat {p} survives", observed=f"death of seat {p}")
            self.protected = None  # someone is out: the protection is over

    # ---- the last-three attrition (house rule, seed 001 游戏规则 (二)详细规则 3)
    def before_turn(self, seat: int) -> None:
        eng = self.eng
        self.gave.clear()  # 每名玩家每回合只能献祭一次
        self.aozhan_turn()
        s = eng.seat(seat)
        if s is None or s.role != "lord" or self.rounds_begun is None:
            return
        living = eng.table.order_from(seat)
        if self.three_left is None and len(living) <= 3:
            self.three_left = self.rounds_begun  # the round in progress when the third-last went out
        self.rounds_begun += 1
        free = eng.rs.p.attrition_free_rounds
        if not self.attrition_known or free is None or self.three_left is None \
                or self.rounds_begun - self.three_left <= free:
            return
        at_one = sum(1 for x in living if eng.table.seats[x].hp <= 1)
        if at_one >= 2 and eng.rs.p.attrition_simultaneous == "postpone":
            return  # 如一起出局则延续到下轮
        self.attrition_due = living
        self.attrition_zero = []

    def screen(self, e: ev.Event) -> bool:
        if self.aozhan:
            self.aozhan_check(e)
        if self.protected is not None:
            self._anhun(e)
        if self.zhuanshi and self._zhuanshi(e):
            return False
        if not self.attrition_due:
            if isinstance(e, ev.LoseHp) and e.reason == ATTRITION and self.attrition_known:
                self.eng.report(R.X_ATTRITION, e.seat, "no attrition loss is due now", expected="no loss of HP",
                                observed=f"lose_hp seat {e.seat} ({ATTRITION})")
            return True
        if isinstance(e, ev.LoseHp) and e.seat in self.attrition_due and e.reason in (None, ATTRITION):
            if e.amount != 1:
                self.eng.report(R.X_ATTRITION, e.seat, "the attrition takes 1 HP", expected=1, observed=e.amount)
            self.attrition_due.remove(e.seat)
            s = self.eng.table.seats[e.seat]
            s.hp -= e.amount
            self.eng.last_damage_source.pop(e.seat, None)
            if s.hp <= 0:
                self.attrition_zero.append(e.seat)
            if not self.attrition_due:
                self._attrition_dying()
            return False  # taken here: the losses are simultaneous, the dying states come after them all
        missing = ", ".join(map(str, self.attrition_due))
        self.eng.report(R.X_ATTRITION, None, f"every living character loses 1 HP at this round's start (seats {missing})",
                        expected=f"lose_hp 1 ({ATTRITION}) for seats {missing}", observed=f"`{ev.event_type(e)}`")
        self.attrition_due = []
        self._attrition_dying()
        return True

    def _attrition_dying(self) -> None:
        """The characters the losses brought to 0 HP are rescued or die one by one from the lord: the
        first of them is on top of the stack."""
        for seat in reversed(self.attrition_zero):
            self.eng.apply_hp_loss(self.eng.table.seats[seat], 0)
        self.attrition_zero = []

    # ---- 转世 and 献祭 (house rule, seed 001 游戏规则 (二)详细规则 · 转世规则)
    def counts_as_out(self, seat: int) -> bool:
        return seat in self.reborn

    def _threshold(self) -> int:
        p = self.eng.rs.p
        return int(p.reincarnation_cards_small if self.eng.table.n <= 5 else p.reincarnation_cards)

    def _unused(self) -> dict[str, General]:
        """The unused generals: the roster minus the generals of the living characters (a dead character's
        general goes back at once), by name."""
        rs = self.eng.rs
        living = {s.general.name for s in self.eng.table.seats.values() if s.alive and s.general is not None}
        out: dict[str, General] = {}
        for name in rs.roster:
            g = rs.resolve_general(name)
            if g is not None and g.name not in living:
                out[g.name] = g
        return out

    def _any_kingdom(self, kingdom: str) -> bool:
        """转世 takes the first general turned up whatever its kingdom (a 群 or 神 general's player)."""
        return kingdom in OTHER_KINGDOMS and self.eng.rs.p.reincarnation_other_kingdoms == "first_turned_up"

    def _can_reincarnate(self, s: Seat) -> bool:
        k = s.general.kingdom if s.general is not None else ""
        unused = self._unused()
        return bool(unused) if self._any_kingdom(k) else any(g.kingdom == k for g in unused.values())

    def _zhuanshi(self, e: ev.Event) -> bool:
        """The house rule's checks on ``e``. True: the event is taken here (a 献祭, a 转世)."""
        eng = self.eng
        due = self.reborn_due
        if due is not None and not (isinstance(e, ev.GeneralChoice) and e.seat == due):
            eng.report(R.X_REINCARNATION, due, f"seat {due}'s out player holds {self._threshold()} cards: it reincarnates "
                       "at once", expected=f"general_choice of seat {due}", observed=f"`{ev.event_type(e)}`")
            self.reborn_due = None
        if isinstance(e, ev.Move) and e.reason == SACRIFICE:
            self._sacrifice(e)
            return True
        if isinstance(e, ev.GeneralChoice):
            self._reincarnate(e)
            return True
        last = eng.last_death
        if last is not None and last[0] in self.reborn and last[1] is not None and eng.line - last[2] <= 3:
            victim = eng.table.seats[last[0]]
            if isinstance(e, ev.Draw) and e.reason == "reward" and e.seat == last[1] and victim.role == "rebel":
                eng.report(R.X_REBORN_OUT, e.seat, f"seat {victim.seat} was a reincarnated {victim.role}: it counts as out, "
                           "its death gives no reward", expected="no reward", observed=f"draw {len(e.cards)} (reward)")
                from sgs_replay.engine.handlers import do_draw

                do_draw(eng, e)
                return True
            killer = eng.seat(last[1])
            if isinstance(e, ev.Discard) and e.seat == last[1] and victim.role == "loyalist" and killer is not None \
                    and killer.role == "lord" and not (eng.current == e.seat and eng.phase == "discard"):
                eng.report(R.X_REBORN_OUT, e.seat, f"seat {victim.seat} was a reincarnated loyalist: it counts as out, "
                           "the lord is not penalised", expected="no penalty", observed=f"discard {len(e.cards)}")
        return False

    def _sacrifice(self, e: ev.Move) -> None:
        eng = self.eng
        giver, taker = e.from_.seat, e.to.seat
        p = eng.rs.p

        def bad(why: str, expected: str) -> None:
            eng.report(R.X_SACRIFICE, giver, f"献祭: {why}", expected=expected, observed=f"move to seat {taker} ({SACRIFICE})")

        from sgs_replay.engine.handlers import on_move

        g = eng.seat(giver)
        t = eng.seat(taker)
        if giver is None or taker is None or g is None or t is None:
            bad("one hand card of a giver goes to an out player's hand", "a seat on either side")
            on_move(eng, e)
            return
        if e.from_.zone != "hand" or e.to.zone != "hand" or len(e.cards) != 1:
            bad("one hand card of the giver goes to the out player's hand", "one card, from hand to hand")
        elif not g.alive:
            bad(f"seat {giver} is out", "a living giver")
        elif giver in self.reborn:
            bad(f"seat {giver} is reincarnated: 转世后……不能献祭其他角色", "a giver that is not reincarnated")
        elif t.alive:
            bad(f"seat {taker}'s character is in play: only an out player takes 献祭", "an out player")
        elif taker in self.stuck and not (p.sacrifice_resumes and self._can_reincarnate(t)):
            bad(f"seat {taker} can no longer reincarnate (no unused general of its kingdom) and takes no more 献祭",
                "no 献祭 to this player")
        elif p.sacrifice_turns == "own" and eng.current != giver:
            bad("a player gives only in its own turn", f"seat {giver}'s turn")
        else:
            key = (giver, taker if p.sacrifice_limit == "once_per_out_player" else 0)
            if key in self.gave:
                bad(f"seat {giver} already gave this turn", "one 献祭 a turn")
            self.gave.add(key)
        on_move(eng, e)
        if t.alive or t.hand_count < self._threshold():
            return
        if self._can_reincarnate(t):
            self.stuck.discard(taker)
            self.reborn_due = taker
        else:
            self.stuck.add(taker)

    def _reincarnate(self, e: ev.GeneralChoice) -> None:
        eng = self.eng
        s = eng.seat(e.seat)
        if s is None:
            return
        self.reborn_due = None
        if s.alive:
            eng.report(R.X_REINCARNATION, e.seat, f"seat {e.seat}'s character is in play: only an out player reincarnates",
                       expected="no general_choice", observed=f"general_choice {e.general}")
            return
        if s.hand_count < self._threshold():
            eng.report(R.X_REINCARNATION, e.seat, f"seat {e.seat}'s out player holds {s.hand_count} cards: it reincarnates at "
                       f"{self._threshold()}", expected=f"{self._threshold()} cards", observed=f"general_choice {e.general}")
        gen = eng.rs.resolve_general(e.general)
        if gen is None or not eng.rs.in_roster(gen):
            eng.report(R.H_ROSTER, e.seat, f"{e.general} is not in the {eng.rs.name} roster", observed=e.general)
        old = s.general.kingdom if s.general is not None else ""
        any_kingdom = self._any_kingdom(old)
        unused = self._unused()
        seen: set[str] = set()
        for name in e.turned_up or ():
            g = eng.rs.resolve_general(name)
            if g is None or g.name not in unused or g.name in seen:
                eng.report(R.X_REINCARNATION, e.seat, f"{name} is not an unused general", expected="an unused general",
                           observed=name)
            elif any_kingdom:
                eng.report(R.X_REINCARNATION, e.seat, f"a {old} general's player takes the first general turned up",
                           expected=f"{name} as the new general", observed=f"{name} turned up before {e.general}")
            elif g.kingdom == old:
                eng.report(R.X_REINCARNATION, e.seat, f"{name} ({old}) is the first general of the old kingdom turned up",
                           expected=name, observed=e.general)
            seen.add(name if g is None else g.name)
        if gen is not None:
            if gen.name not in unused or gen.name in seen:
                eng.report(R.X_REINCARNATION, e.seat, f"{gen.name} is not an unused general (another character plays it)",
                           expected="an unused general", observed=gen.name)
            elif not any_kingdom and gen.kingdom != old:
                eng.report(R.X_REINCARNATION, e.seat, f"the new general is of the old one's kingdom ({old})",
                           expected=f"a {old} general", observed=f"{gen.name} ({gen.kingdom})")
            self.put_general(s, gen)
            if eng.rs.p.reincarnation_max_hp == "one":
                s.max_hp = 1
        s.hp = 1
        s.alive = True
        eng.last_damage_source.pop(e.seat, None)
        eng.skipped_turns.discard(e.seat)  # a turn to skip (据守) was the old character's
        s.dying = False
        s.chained = False
        self.reborn.add(e.seat)
        self.stuck.discard(e.seat)

    def victory(self) -> tuple[str, str] | None:
        seats = [s for s in self.eng.table.seats.values() if not (s.alive and s.seat in self.reborn)]
        lord_alive = any(s.role == "lord" and s.alive for s in seats)
        alive = [s for s in seats if s.alive]
        if not lord_alive:
            if len(alive) == 1 and alive[0].role == "renegade":
                return ("renegade", "lord_killed")
            return ("rebel", "lord_killed")
        if not any(s.alive and s.role in ("rebel", "renegade") for s in seats):
            return ("lord", "rebels_and_renegades_dead")
        return None

    def kill_penalty(self, victim: Seat, killer: Seat) -> bool:
        return killer.role == "lord" and victim.role == "loyalist" and self.eng.rs.p.loyalist_kill_penalty \
            and not self.counts_as_out(victim.seat)

    def kill_reward(self, victim: Seat, killer: int | None) -> int:
        rs = self.eng.rs
        if killer is None or victim.role != "rebel" or rs.p.reward_eligibility != "rebel":
            return 0
        k = self.eng.seat(killer)
        if k is None or not k.alive or victim.seat in self.reborn:
            return 0
        return int(rs.p.kill_reward)


def mode_for(eng: Engine) -> Any:
    m = eng.header.mode
    if m == "3v3":
        from sgs_replay.engine.three_v_three import ThreeVThree

        return ThreeVThree(eng)
    if m == "1v1":
        from sgs_replay.engine.one_v_one import OneVOne

        return OneVOne(eng)
    if m == "1v3":
        from sgs_replay.engine.hulao import Hulao

        return Hulao(eng)
    if m == "hegemony":
        from sgs_replay.engine.hegemony import Hegemony

        return Hegemony(eng)
    return Identity(eng)
