"""Mode rules: what differs between identity mode (身份局), 3v3 and 1v1.

The engine asks its mode: whose turn comes next, the order of multi-target cards, the 杀 limit,
victory, the kill reward. Parameters come from the ruleset file (rulesets/*.toml).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sgs_replay import events as ev
from sgs_replay.engine import plugins
from sgs_replay.rules import catalogue as R

if TYPE_CHECKING:
    from sgs_replay.cards import Card
    from sgs_replay.engine.core import Engine
    from sgs_replay.engine.state import Seat



class Mode:
    name = "base"

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
        return [eng.table.next_alive(eng.current)]

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
        elif eng.current is not None and eng.table.next_alive(eng.current) == seat:
            eng.skipped_turns.discard(seat)
            eng.end_phase()
            eng.current, eng.phase = seat, None  # his turn passes unplayed

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


#: the ``reason`` of a ``lose_hp`` the last-three attrition house rule takes
ATTRITION = "attrition"


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
        if self.protected is not None:
            self._anhun(e)
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

    def victory(self) -> tuple[str, str] | None:
        seats = self.eng.table.seats.values()
        lord_alive = any(s.role == "lord" and s.alive for s in seats)
        alive = [s for s in seats if s.alive]
        if not lord_alive:
            if len(alive) == 1 and alive[0].role == "renegade":
                return ("renegade", "lord_killed")
            return ("rebel", "lord_killed")
        if not any(s.alive and s.role in ("rebel", "renegade") for s in seats):
            return ("lord", "rebels_and_renegades_dead")
        return None

    def kill_reward(self, victim: Seat, killer: int | None) -> int:
        rs = self.eng.rs
        if killer is None or victim.role != "rebel" or rs.p.reward_eligibility != "rebel":
            return 0
        k = self.eng.seat(killer)
        if k is None or not k.alive:
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
    return Identity(eng)
