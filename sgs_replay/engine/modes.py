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

    def after_turn(self, seat: int) -> None:
        return None

    def on_event(self, e: ev.Event) -> None:
        return None

    def screen(self, e: ev.Event) -> bool:
        """Mode checks made on every event before it is resolved. False: the event is not applied."""
        return True

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


class Identity(Mode):
    """身份局 (seed 001 二、三)."""

    name = "identity"

    def first_turn(self) -> list[int] | None:
        lords = [s.seat for s in self.eng.table.seats.values() if s.role == "lord"]
        return lords or [1]

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
    return Identity(eng)
