"""3v3 competition mode (冷暖 team play) and 1v1.

Rules: seed 001 3V3规则 (OpenBattle V0.15), seed 000 (3V3解析, the 2011–2013 changes), seed 004
(competition rules: action units, timing, tie-breaks, penalties), seed 002 (the 2013 rules, roster and
cards). Seating per docs/log-format.md §2; readings where the seeds disagree: docs/conflicts.md and
docs/3v3.md.

Action units (004 二、3(1); 001 3V3规则 游戏流程): a side's commander chooses who acts: the commander
alone, or both living vanguards one after the other. A character's identity card turns sideways when
its turn starts; when a turn ends and every living character's card is sideways, all are reset (a new
action round). Units alternate between the sides; a side with no upright living character passes.
The first unit of the game is a commander's (004 二、2(3)).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sgs_replay.engine import plugins
from sgs_replay.engine.modes import register
from sgs_replay.formats import events as ev
from sgs_replay.modes.draft import DraftState, check_draft, close_draft
from sgs_replay.modes.sides import OTHER, SIDES, OptionalReward, SideMode
from sgs_replay.rules import catalogue as R

if TYPE_CHECKING:
    from sgs_replay.engine.core import Engine
    from sgs_replay.engine.state import Seat

__all__ = ["OTHER", "SIDES", "OptionalReward", "SideMode", "ThreeVThree"]

DRAFT_EVENTS = (ev.DraftPool, ev.DraftFirst, ev.DraftPick, ev.Lineup)


@register("3v3")
class ThreeVThree(SideMode):
    name = "3v3"

    def __init__(self, eng: Engine) -> None:
        super().__init__(eng)
        self.acted: set[int] = set()  # seats whose identity card is sideways
        self.unit_side: str | None = None
        self.unit_who: str | None = None
        self.unit_queue: list[int] = []  # seats of the open unit still to act
        self.next_side: str | None = None
        self.first_action: str | None = None
        self.draft_state: DraftState | None = None  # see sgs_replay.modes.draft
        self.draft_closed = False
        self.skipped_round: set[int] = set()  # seats whose turn of this round was skipped

    # ---- helpers
    def upright(self, side: str) -> list[int]:
        return [s.seat for s in self.living(side) if s.seat not in self.acted]

    def commander(self, side: str) -> int | None:
        for s in self.seats_of(side):
            if s.position == "commander":
                return s.seat
        return None

    def upright_vanguards(self, side: str, *, besides: int | None = None) -> list[int]:
        return [s.seat for s in self.living(side)
                if s.position == "vanguard" and s.seat not in self.acted and s.seat != besides]

    def setup(self) -> None:
        super().setup()
        st = self.eng.header.start
        if st is None:
            if self.eng.rs.p.round_first_side != "alternate":
                self.next_side = self.eng.rs.p.round_first_side  # that side opens the first round too
            return
        self.acted = set(st.acted)
        self.next_side = st.next_unit
        if st.unit is not None:
            self.unit_side = st.unit.side
            self.unit_who = st.unit.who
            if st.unit.who == "commander":
                c = self.commander(st.unit.side)
                self.unit_queue = [c] if c is not None and c not in self.acted and c != st.current else []
            else:
                self.unit_queue = [s for s in (st.unit.order or []) if s not in self.acted]
        elif st.current is not None:
            # no unit given: the current character's position tells which unit is in progress
            self._infer_unit(st.current)
        if st.current is not None:
            self.acted.add(st.current)
            if st.current in self.unit_queue:
                self.unit_queue.remove(st.current)
        if self.next_side is None and self.unit_side is not None:
            self.next_side = OTHER[self.unit_side]

    def _infer_unit(self, seat: int) -> None:
        s = self.eng.seat(seat)
        if s is None:
            return
        self.unit_side = s.side
        if s.position == "commander":
            self.unit_who = "commander"
            self.unit_queue = []
        else:
            self.unit_who = "vanguards"
            self.unit_queue = self.upright_vanguards(s.side or "", besides=seat)

    def _prune(self) -> None:
        """A character of the open unit who died before its turn does not act."""
        eng = self.eng
        self.unit_queue = [s for s in self.unit_queue
                           if (st := eng.seat(s)) is not None and st.alive and s not in self.acted]

    def due_side(self) -> str | None:
        """The side that acts next: alternation, unless that side has no upright living character."""
        side = self.next_side
        if side is None:
            return None
        if not self.upright(side) and self.upright(OTHER[side]):
            return OTHER[side]
        return side

    def _due_why(self, due: str) -> str:
        if self.next_side is not None and due != self.next_side:
            return f"the {self.next_side} side has no upright living character, so the {due} side acts"
        return f"units alternate: the {due} side holds the next action unit"

    # ---- every event
    def screen(self, e: ev.Event) -> bool:
        if not self.draft_closed and not isinstance(e, DRAFT_EVENTS):
            self.draft_closed = True
            close_draft(self)
        return super().screen(e)

    def on_event(self, e: ev.Event) -> None:
        eng = self.eng
        if isinstance(e, ev.FirstAction):
            st = eng.header.start
            begun = eng.turns_taken > 0 or (st is not None and (st.current is not None or bool(st.acted)
                                                                or (st.round or 1) > 1))
            if begun or self.first_action is not None:
                eng.report(R.V_ACTION_ORDER, None, "the side that acts first is chosen once, before the first turn",
                           expected="first_action before the first turn", observed=f"first_action {e.side}")
                return
            self.first_action = e.side
            self.next_side = e.side
            self.game_start = True  # chosen before the first turn: the first unit is this side's commander
        elif isinstance(e, ev.ActionUnit):
            self._open_unit(e)
        elif isinstance(e, DRAFT_EVENTS):
            check_draft(self, e)
        else:
            super().on_event(e)

    # ---- action units
    def _open_unit(self, e: ev.ActionUnit) -> None:
        eng = self.eng
        self._close_turn()
        self._prune()
        before = len(eng.violations)
        if self.unit_queue:
            eng.report(R.V_UNIT, None,
                       f"the {self.unit_side} vanguards' unit is not finished: seat {self.unit_queue[0]} still acts",
                       expected=f"turn of seat {self.unit_queue[0]}", observed=f"action_unit {e.side}")
        else:
            due = self.due_side()
            if due is not None and e.side != due:
                eng.report(R.V_ACTION_ORDER, None, self._due_why(due), expected=f"a {due} unit",
                           observed=f"a {e.side} unit")
            elif self.game_start and e.who != "commander" and self.eng.rs.p.first_unit == "commander":
                eng.report(R.V_ACTION_ORDER, None, "the first unit of the game is a commander's",
                           expected="commander", observed="vanguards")
        self.unit_side = e.side
        self.unit_who = e.who
        if e.who == "commander":
            c = self.commander(e.side)
            cs = eng.seat(c)
            if (c is None or cs is None or c in self.acted or not cs.alive) and len(eng.violations) == before:
                eng.report(R.V_UNIT, c, f"the {e.side} commander cannot act now: "
                           + ("already acted this round" if cs is not None and cs.alive else "dead"),
                           expected=f"the {e.side} vanguards" if self.upright_vanguards(e.side) else "another unit",
                           observed="commander")
            self.unit_queue = [c] if c is not None else []
        else:
            order = list(e.order or [])
            want = self.upright_vanguards(e.side)
            if (sorted(order) != sorted(want) or len(set(order)) != len(order)) and len(eng.violations) == before:
                eng.report(R.V_UNIT, None, f"the {e.side} vanguard unit is every upright living vanguard {sorted(want)}",
                           expected=sorted(want), observed=order)
            self.unit_queue = order
        if len(eng.violations) > before:
            # reported once: the log is the truth about who acts now, so their turns are not reported again
            self.acted -= {s for s in self.unit_queue if (st := eng.seat(s)) is not None and st.alive}
        if self.unit_queue and self.unit_queue[0] in eng.skipped_turns:
            self._spend_skipped()
            if not self.unit_queue:
                self._unit_over()

    def expected_turn(self) -> list[int] | None:
        self._close_turn()
        self._prune()
        if self.unit_queue:
            return [self.unit_queue[0]]
        due = self.due_side()
        if self.game_start and self.eng.rs.p.first_unit == "commander":
            sides = [due] if due else list(SIDES)
            cmds = [self.commander(s) for s in sides]
            return [c for c in cmds if c is not None and c not in self.acted and (st := self.eng.seat(c)) and st.alive] or None
        if due is None:
            return None
        return self.upright(due) or None

    def report_turn_order(self, seat: int, expected: list[int]) -> None:
        eng = self.eng
        side = self.side_of(seat)
        if seat in self.skipped_round:
            eng.report(R.T_SKIPPED, seat, f"seat {seat} skipped its turn of this round: the turn does not take place",
                       expected=f"one of seats {expected}", observed=f"turn of seat {seat}")
            return
        if self.unit_queue:
            unit = f"the {self.unit_side} {self.unit_who or 'unit'}"
            eng.report(R.V_UNIT, seat, f"{unit} is not finished: seat {expected[0]} acts next",
                       expected=f"seat {expected[0]}", observed=f"seat {seat}")
            return
        due = self.due_side()
        if self.game_start and eng.rs.p.first_unit == "commander":
            eng.report(R.V_ACTION_ORDER, seat, "the first unit of the game is a commander's"
                       + (f" (the {due} side acts first)" if due else ""),
                       expected=f"seat {expected[0]}" if len(expected) == 1 else f"one of seats {expected}",
                       observed=f"seat {seat}")
            return
        s = eng.seat(seat)
        why = self._due_why(due) if due else "it is not this side's unit"
        if due == side and s is not None and seat in self.acted:
            why = f"seat {seat} has already acted this round (identity card sideways)"
        eng.report(R.V_ACTION_ORDER, seat, f"{why}; the unit should have been the {due} side's",
                   expected=f"one of seats {expected}", observed=f"seat {seat} ({side})")

    def before_turn(self, seat: int) -> None:
        self._prune()
        if self.unit_queue and seat == self.unit_queue[0]:
            self.unit_queue.pop(0)
        elif seat in self.unit_queue:
            self.unit_queue.remove(seat)
        else:
            # a turn with no action_unit logged: its seat tells the unit (commander, or the vanguards)
            self._infer_unit(seat)
        self.acted.add(seat)  # the identity card turns sideways (implied)
        self.open_turn = seat
        self.game_start = False

    def _spend_skipped(self) -> None:
        """A character whose turn comes in its unit while it must skip its next turn (据守): the turn
        does not take place, and its identity card turns sideways: it has acted this round. The
        rulebooks do not say how a skipped turn fits the action units; this is the reading of
        docs/conflicts.md ("A skipped turn in 3v3")."""
        skip = self.eng.skipped_turns
        while self.unit_queue and self.unit_queue[0] in skip:
            seat = self.unit_queue.pop(0)
            skip.discard(seat)
            self.acted.add(seat)
            self.skipped_round.add(seat)

    def pass_skipped_turns(self, e: ev.Turn) -> None:
        """Only 据守 skips a turn in this mode: each skipped seat is the mode's to pass (:meth:`pass_skipped_turn`)."""
        for s in sorted(self.eng.skipped_turns):
            if self.eng.rotation_seat != s:
                self.pass_skipped_turn(s, e)

    def pass_skipped_turn(self, seat: int, e: ev.Turn) -> None:
        if e.seat == seat:  # the units pass a skipped turn (_spend_skipped); its own turn is reported
            super().pass_skipped_turn(seat, e)

    def turn_closed(self, seat: int) -> None:
        self._prune()
        self._spend_skipped()
        self._unit_over()

    def _unit_over(self) -> None:
        """After a turn, or a unit whose every turn was skipped: the unit may be finished, the round too."""
        eng = self.eng
        if not self.unit_queue and self.unit_side:
            self.next_side = OTHER[self.unit_side]
        alive = [s.seat for s in eng.table.seats.values() if s.alive]
        if all(s in self.acted for s in alive):
            self.acted = set()  # every card sideways: all are reset (a new action round)
            self.skipped_round = set()
            if eng.rs.p.round_first_side != "alternate":
                self.next_side = eng.rs.p.round_first_side  # the same side opens every round
            if eng.round is not None:
                eng.round += 1
            for st in eng.table.seats.values():
                # piles a skill empties when the role cards are reset (2013 关羽 忠义, seed 002 六、1): implied
                for name in plugins.modify("piles_emptied_on_reset", (), eng, st):
                    pile = st.piles.pop(name, None)
                    if pile:
                        eng.to_discard(list(pile.elements()))

    # ---- cards
    def multi_target_order(self, e: ev.Use, *, include_user: bool) -> list[int]:
        """南蛮入侵/万箭齐发: from the user's neighbour in the chosen direction; 桃园结义/五谷丰登: the user
        first, then that direction (001 3V3规则; 004 一、5; 002 四). ``cw`` = seat − 1, ``ccw`` = seat + 1."""
        eng = self.eng
        self.direction_probe = None  # a new card: whatever the last one left open is over
        ccw = eng.table.order_from(e.seat, include_first=include_user, step=1)
        if not eng.rs.p.aoe_direction_choice:
            return ccw
        cw = eng.table.order_from(e.seat, include_first=include_user, step=-1)
        if e.direction is None:
            eng.report(R.V_DIRECTION, e.seat, "the user chooses the direction (cw or ccw) and the log must say which",
                       expected="direction cw or ccw", observed="no direction")
            self.direction_probe = (len(eng.stack), ccw, cw, None)
            return ccw
        chosen, other = (cw, ccw) if e.direction == "cw" else (ccw, cw)
        if not include_user:  # 南蛮入侵/万箭齐发: the first target tells the two ways apart
            self.direction_probe = (len(eng.stack), chosen, other, e.direction)
        return chosen

    def ex_nihilo_bonus(self, seat: int) -> int:
        """2013 无中生有: one more card when the opponents have more living characters (002 五、2②)."""
        if not self.eng.rs.p.ex_nihilo_bonus_when_fewer:
            return 0
        mine = self.side_of(seat)
        if mine is None:
            return 0
        return 1 if len(self.living(mine)) < len(self.living(OTHER[mine])) else 0

    # ---- end
    def victory(self) -> tuple[str, str] | None:
        """A commander's death ends the game at once (004 二、4; 名词解释 14)."""
        for s in self.eng.table.seats.values():
            if s.position == "commander" and not s.alive:
                return (OTHER[s.side or "cold"], "commander_killed")
        return None

    def kill_reward(self, victim: Seat, killer: int | None) -> int:
        """The killer's reward (001 3V3规则 奖惩; 004 名词解释 9; 002 八、7).

        ``reward_eligibility``: ``any`` (any killer of any character, a teammate too), ``vanguard``
        (the killer of a vanguard), ``opponent`` (killing an opponent), ``none``. With
        ``reward_optional`` the killer may decline; a reward that is drawn must have ``kill_reward``
        cards. A commander's death ends the game, so it earns nothing.
        """
        eng = self.eng
        rs = eng.rs
        k = eng.seat(killer)
        if k is None or not k.alive or victim.position == "commander" or eng.over:
            return 0
        elig = rs.p.reward_eligibility
        ok = {"any": True, "vanguard": victim.position == "vanguard",
              "opponent": k.side != victim.side, "none": False}.get(elig, True)
        size = int(rs.p.kill_reward)
        if not ok or size <= 0:
            return 0
        if rs.p.reward_optional:
            eng.push(OptionalReward(k.seat, victim.seat, size))
            return 0
        return size

