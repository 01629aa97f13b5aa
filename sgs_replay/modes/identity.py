"""身份局 (identity mode, seed 001 二、三) and its house rules: the last-three attrition, 暗魂 protection, 转世 and 献祭."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sgs_replay.engine.handlers import do_draw, on_move
from sgs_replay.engine.modes import register
from sgs_replay.formats import events as ev
from sgs_replay.modes.base import TableMode
from sgs_replay.rules import catalogue as R

if TYPE_CHECKING:
    from sgs_replay.content import General
    from sgs_replay.engine.state import Seat

#: the ``reason`` of a ``lose_hp`` the last-three attrition house rule takes
ATTRITION = "attrition"
#: the ``reason`` of the ``move`` that is a 献祭 (house rule of 转世)
SACRIFICE = "献祭"
#: kingdoms whose player, under 转世, takes the first general turned up (the reading of 如果是其他国家角色)
OTHER_KINGDOMS = ("qun", "god")



@register("identity")
class Identity(TableMode):
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
