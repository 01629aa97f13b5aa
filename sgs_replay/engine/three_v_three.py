"""3v3 competition mode (冷暖 team play) and 1v1.

Rules: seed 001 3V3规则, seed 000 (OpenBattle V0.15, 2011–2013 changes), seed 004 (competition
rules: timing, tie-breaks, penalties), seed 002 (2013). Seating per docs/log-format.md §2.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sgs_replay import events as ev
from sgs_replay.engine.modes import Mode
from sgs_replay.rules import catalogue as R

if TYPE_CHECKING:
    from sgs_replay.engine.core import Engine
    from sgs_replay.engine.state import Seat

OTHER = {"cold": "warm", "warm": "cold"}
AOE_AND_GLOBAL = {"南蛮入侵", "万箭齐发", "桃园结义", "五谷丰登"}


class ThreeVThree(Mode):
    name = "3v3"

    def __init__(self, eng: Engine) -> None:
        super().__init__(eng)
        self.acted: set[int] = set()
        self.unit_side: str | None = None
        self.unit_queue: list[int] = []  # seats of the open unit still to act
        self.next_side: str | None = None
        self.time_up = False
        self.time_up_turn: int | None = None
        self.penalty_points = {"cold": 0, "warm": 0}

    # ---- helpers
    def side_of(self, seat: int) -> str | None:
        s = self.eng.seat(seat)
        return s.side if s else None

    def upright(self, side: str) -> list[int]:
        return [s.seat for s in self.eng.table.seats.values() if s.side == side and s.alive and s.seat not in self.acted]

    def commander(self, side: str) -> int | None:
        for s in self.eng.table.seats.values():
            if s.side == side and s.position == "commander":
                return s.seat
        return None

    def setup(self) -> None:
        st = self.eng.header.start
        if st is None:
            return
        self.acted = set(st.acted)
        self.next_side = st.next_unit
        if st.unit is not None:
            self.unit_side = st.unit.side
            if st.unit.who == "commander":
                self.unit_queue = []
            else:
                order = list(st.unit.order or [])
                self.unit_queue = [s for s in order if s not in self.acted]
        if st.current is not None:
            self.acted.add(st.current)
            if st.current in self.unit_queue:
                self.unit_queue.remove(st.current)

    def due_side(self) -> str | None:
        side = self.next_side
        if side is None:
            return None
        if not self.upright(side) and self.upright(OTHER[side]):
            return OTHER[side]
        return side

    # ---- flow
    def on_event(self, e: ev.Event) -> None:
        eng = self.eng
        if isinstance(e, ev.FirstAction):
            self.next_side = e.side
        elif isinstance(e, ev.ActionUnit):
            self._open_unit(e)
        elif isinstance(e, ev.TimeUp):
            self.time_up = True
            self.time_up_turn = eng.current
        elif isinstance(e, ev.Penalty):
            side = e.side or self.side_of(e.seat or 0)
            if side:
                self.penalty_points[side] += e.points
                if self.penalty_points[side] >= int(eng.rs.get("penalty_loss_points", 3)) and not eng.over:
                    eng.over = (OTHER[side], "penalty")
        elif isinstance(e, ev.Resign):
            if not eng.over:
                eng.over = (OTHER[e.side], "resign")
        elif isinstance(e, (ev.DraftPool, ev.DraftFirst, ev.DraftPick, ev.Lineup)):
            self.draft(e)

    def draft(self, e: ev.Event) -> None:
        from sgs_replay.engine.draft import check_draft

        check_draft(self, e)

    def _open_unit(self, e: ev.ActionUnit) -> None:
        eng = self.eng
        reported = False
        if self.unit_queue:
            eng.report(R.V_UNIT, None,
                       f"the {self.unit_side} vanguards' unit is not finished: seat {self.unit_queue[0]} still acts",
                       expected=f"turn of seat {self.unit_queue[0]}", observed=f"action_unit {e.side}")
            self.unit_queue = []
            reported = True
        due = self.due_side()
        if due is not None and e.side != due and not reported:
            eng.report(R.V_ACTION_ORDER, None, f"the {due} side holds the next action unit",
                       expected=f"{due} acts", observed=f"{e.side} acts")
        self.unit_side = e.side
        if e.who == "commander":
            c = self.commander(e.side)
            if c is None or c in self.acted or not eng.seat(c).alive:  # type: ignore[union-attr]
                eng.report(R.V_UNIT, c, f"the {e.side} commander cannot act now (already acted or dead)",
                           observed="commander")
            self.unit_queue = [c] if c else []
        else:
            order = list(e.order or [])
            want = sorted(s for s in self.upright(e.side) if eng.seat(s).position == "vanguard")  # type: ignore[union-attr]
            if sorted(order) != want:
                eng.report(R.V_UNIT, None, f"the {e.side} vanguard unit is every upright living vanguard {want}",
                           expected=want, observed=order)
            self.unit_queue = order

    def expected_turn(self) -> list[int] | None:
        if self.unit_queue:
            return [self.unit_queue[0]]
        due = self.due_side()
        if due is None:
            return None
        return self.upright(due) or None

    def report_turn_order(self, seat: int, expected: list[int]) -> None:
        side = self.side_of(seat)
        if self.unit_queue:
            self.eng.report(R.V_UNIT, seat, f"seat {expected[0]} acts next in the open unit",
                            expected=f"seat {expected[0]}", observed=f"seat {seat}")
            return
        self.eng.report(R.V_ACTION_ORDER, seat, f"the next unit is the {self.due_side()} side's, not {side}",
                        expected=f"one of {expected}", observed=f"seat {seat}")

    def before_turn(self, seat: int) -> None:
        if self.unit_queue and seat == self.unit_queue[0]:
            self.unit_queue.pop(0)
        elif seat in self.unit_queue:
            self.unit_queue.remove(seat)
        else:
            self.unit_side = self.side_of(seat)
            self.unit_queue = []
        self.acted.add(seat)  # the identity card turns sideways (implied)

    def after_turn(self, seat: int) -> None:
        eng = self.eng
        if not self.unit_queue and self.unit_side:
            self.next_side = OTHER[self.unit_side]
        alive = [s.seat for s in eng.table.seats.values() if s.alive]
        if all(s in self.acted for s in alive):
            self.acted = set()  # every card sideways: all are reset (a new action round)
            eng.round = (eng.round or 0) + 1
        if self.time_up and not eng.over:
            eng.over = self._time_verdict()

    def _time_verdict(self) -> tuple[str, str]:
        seats = self.eng.table.seats.values()

        def key(side: str) -> tuple[int, int, int]:
            living = [s for s in seats if s.side == side and s.alive]
            lost = sum(s.max_hp - s.hp for s in living)
            return (len(living), -lost, -self.penalty_points[side])

        c, w = key("cold"), key("warm")
        if c == w:
            return ("draw", "time_up")
        return ("cold", "time_up") if c > w else ("warm", "time_up")

    def on_game_end(self, e: ev.GameEnd) -> None:
        eng = self.eng
        if self.time_up and e.reason == "time_up" and not eng.over:
            if eng.current is not None and self.time_up_turn == eng.current and eng.phase != "finish":
                eng.report(R.V_TIME, None, "after time is up the game ends when the current character's turn ends",
                           expected="the current turn is finished first", observed="game_end")
            eng.over = self._time_verdict()
        if eng.over and eng.over[1] == "time_up" and e.winner != eng.over[0]:
            eng._settle_all(eng.line, e)
            eng.ended = True
            eng.result = {"winner": e.winner, "reason": e.reason}
            eng.report(R.V_TIME, None, f"by the tie-breaks (living characters, then lost HP, then penalty points) {eng.over[0]} wins",
                       expected=eng.over[0], observed=e.winner)
            return
        super().on_game_end(e)

    # ---- cards
    def slash_limit(self, user: Seat) -> int | None:
        if user.weapon() == "连弩":
            return int(self.eng.rs.get("liannu_max_slash", 4))
        return super().slash_limit(user)

    def multi_target_order(self, e: ev.Use, *, include_user: bool) -> list[int]:
        step = 1
        if self.eng.rs.get("aoe_direction_choice", True):
            if e.direction is None:
                self.eng.unverifiable_because("3v3 AOE without a chosen direction: counterclockwise assumed")
            elif e.direction == "cw":
                step = -1
        return self.eng.table.order_from(e.seat, include_first=include_user, step=step)

    def ex_nihilo_bonus(self, seat: int) -> int:
        if not self.eng.rs.get("ex_nihilo_bonus_when_fewer", False):
            return 0
        mine = self.side_of(seat)
        seats = self.eng.table.seats.values()
        a = sum(1 for s in seats if s.side == mine and s.alive)
        b = sum(1 for s in seats if s.side != mine and s.alive)
        return 1 if a < b else 0

    # ---- end
    def victory(self) -> tuple[str, str] | None:
        for s in self.eng.table.seats.values():
            if s.position == "commander" and not s.alive:
                return (OTHER[s.side or "cold"], "commander_killed")
        return None

    def kill_reward(self, victim: Seat, killer: int | None) -> int:
        rs = self.eng.rs
        if killer is None or rs.get("reward_optional", True):
            return 0
        elig = rs.get("reward_eligibility", "any")
        if elig == "vanguard" and victim.position != "vanguard":
            return 0
        return int(rs.get("kill_reward", 3))


class OneVOne(ThreeVThree):
    """1v1 (单挑): two seats; the first turn draws one card fewer (ruleset `first_turn_draw_minus`)."""

    name = "1v1"

    def expected_turn(self) -> list[int] | None:
        eng = self.eng
        if eng.current is None:
            return None
        return [eng.table.next_alive(eng.current)]

    def before_turn(self, seat: int) -> None:
        return None

    def after_turn(self, seat: int) -> None:
        return None

    def draw_bonus(self, seat: Seat) -> int:
        if self.eng.turns_taken == 1 and self.eng.header.start is None:
            return -int(self.eng.rs.get("first_turn_draw_minus", 1))
        return 0

    def victory(self) -> tuple[str, str] | None:
        return None
