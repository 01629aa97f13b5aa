"""What 3v3 and 1v1 share: two sides (冷 cold, 暖 warm), the ruleset's own deck, the competition rules of seed 004
(time, penalty points, resignation), and the optional kill reward.

Rules: seed 004 (competition rules), seed 001 3V3规则; readings where the seeds disagree: docs/conflicts.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sgs_replay.content.names import CARD
from sgs_replay.engine.handlers import do_draw
from sgs_replay.engine.stack import Frame
from sgs_replay.engine.state import Zone
from sgs_replay.formats import events as ev
from sgs_replay.formats.cards import is_unknown
from sgs_replay.modes.base import TableMode
from sgs_replay.rules import catalogue as R

if TYPE_CHECKING:
    from sgs_replay.engine.core import Engine
    from sgs_replay.engine.state import Seat

SIDES = ("cold", "warm")
OTHER = {"cold": "warm", "warm": "cold"}
#: the tie-break of 004 一、4(2): living characters, lost HP of the living, penalty points, overtime
DEFAULT_TIEBREAK = ("alive", "lost_hp", "penalties", "overtime")
#: the ends of a 3v3/1v1 game (004 二、4; 一、1(2)); a declared reason outside this list is not judged
END_REASONS = ("commander_killed", "time_up", "resign", "penalty")


class OptionalReward(Frame):
    """A kill reward the killer may draw or decline (ruleset ``reward_optional``).

    When it is drawn, its size is checked (docs/conflicts.md, 3v3 kill reward); declining it is legal.
    """

    label = "reward"
    optional = True

    def __init__(self, killer: int, victim: int, size: int) -> None:
        self.killer = killer
        self.victim = victim
        self.size = size
        self.done = False

    def wants(self, eng: Engine, e: ev.Event) -> bool:
        return not self.done and isinstance(e, ev.Draw) and e.seat == self.killer and e.reason == "reward"

    def offer(self, eng: Engine, line: int, e: ev.Event) -> bool:
        if not self.wants(eng, e):
            return False
        assert isinstance(e, ev.Draw)
        if len(e.cards) != self.size:
            eng.report(R.D_REWARD, e.seat, f"killing seat {self.victim} earns {self.size} cards",
                       expected=self.size, observed=len(e.cards))
        self.done = True
        do_draw(eng, e)
        return True


#: the event types whose cards :meth:`SideMode._check_deck` looks at
_HOLDS_CARDS = frozenset((ev.Use, ev.Respond, ev.Discard, ev.Skill, ev.Move, ev.Retrial, ev.Draw, ev.Judge, ev.Reveal))


class SideMode(TableMode):
    """What 3v3 and 1v1 share: two sides, the ruleset's own deck, the competition rules of seed 004.

    - cards outside the ruleset's deck are illegal (3v3: no 闪电; 2011: no 兵粮寸断; 2013: 连弩 instead
      of 诸葛连弩), reported where they are used, played, discarded or moved;
    - ``time_up``: the game ends when the current character's turn ends (004 二、4(2)); the winner
      follows the ruleset's ``timeout_tiebreak``; an undecided game goes to overtime;
    - technical penalty points: a side that reaches ``penalty_loss_points`` (3) loses (004 一、1(2));
    - ``resign``: the side loses (004 名词解释 17).
    """

    def __init__(self, eng: Engine) -> None:
        super().__init__(eng)
        self.penalty_points = {"cold": 0, "warm": 0}
        self.open_turn: int | None = None  # a turn in progress that no turn_end has closed yet
        self.game_start = eng.header.start is None  # no turn of the game has been played yet
        self.time_up_seen = False
        self.time_pending = False  # time is up; the game ends when the current turn ends
        self.tied = False  # the tie-breaks left the sides equal at the last time-up
        self.overtimes = 0
        self.point_compare = False  # 002: after overtime, the commanders compare points
        # (stack depth, the order in force, the other direction's order, the logged direction or None)
        self.direction_probe: tuple[int, list[int], list[int], str | None] | None = None
        self.direction_frame: Frame | None = None  # the AOE whose direction a second target confirms
        self.known_outside: set[str] = set()  # cards outside the deck already reported

    # ---- helpers
    def side_of(self, seat: int | None) -> str | None:
        s = self.eng.seat(seat)
        return s.side if s else None

    def seats_of(self, side: str) -> list[Seat]:
        return [s for s in self.eng.table.seats.values() if s.side == side]

    def living(self, side: str) -> list[Seat]:
        return [s for s in self.seats_of(side) if s.alive]

    def setup(self) -> None:
        st = self.eng.header.start
        if st is None:
            self.eng.round = 1
            return
        # a card of the start position that the deck lacks is reported there (SGS-H005), once
        deck = self.eng.table.deck_counts
        listed = [*(st.deck or []), *st.discard]
        for ss in st.seats.values():
            listed += [*ss.hand, *ss.equip, *ss.judge, *[x for p in ss.piles.values() for x in p]]
        self.known_outside.update(c for c in listed if not is_unknown(c) and deck[c] == 0)
        if st.current is not None:
            self.open_turn = st.current
        self.game_start = st.round == 1 and st.current is None and not st.acted

    def _close_turn(self) -> None:
        """The open turn is over (turn_end, or the next turn, unit or the end of the game)."""
        if self.open_turn is None:
            return
        seat = self.open_turn
        self.open_turn = None
        self.turn_closed(seat)
        if self.time_pending and not self.eng.over:
            self.time_pending = False
            self._settle_time()

    def turn_closed(self, seat: int) -> None:
        return None

    def after_turn(self, seat: int) -> None:
        self._close_turn()

    # ---- every event
    def screen(self, e: ev.Event) -> bool:
        eng = self.eng
        if eng.over and not any(f.wants(eng, e) for f in eng.stack):
            # the game ended at once (a commander's death, a resignation, a penalty loss): only what the
            # open resolutions still expect may follow before game_end; the tail is reported once
            if not eng.after_end_reported:
                eng.report(R.O_AFTER_END, getattr(e, "seat", None),
                           f"`{ev.event_type(e)}` after the game ended ({eng.over[0]} won, {eng.over[1]})",
                           expected="game_end", observed=ev.event_type(e))
                eng.after_end_reported = True
            return False
        if not self.time_up_seen and e.t is not None:
            self._check_clock(e)
        if type(e) in _HOLDS_CARDS:
            self._check_deck(e)
        if self.direction_probe is not None:
            self._settle_direction(e)
        return True

    def _check_clock(self, e: ev.Event) -> None:
        """`t` is the match clock (spec §1): past the ruleset's time limit, time is up even if the log
        forgot to say so (seed 004 一、3 / seed 002 三、2). Reported once; the game then ends when the
        current character's turn ends."""
        limit = self.eng.rs.p.time_limit_minutes
        if self.time_up_seen or e.t is None or not limit or isinstance(e, (ev.TimeUp, ev.GameEnd)):
            return
        if e.t > float(limit) * 60:
            self.eng.report(R.V_TIME, getattr(e, "seat", None),
                            f"the match clock passed {limit} minutes at t={e.t:g}s and no `time_up` was logged",
                            expected=f"time_up at t={float(limit) * 60:g}s", observed=f"`{ev.event_type(e)}` at t={e.t:g}s")
            self.on_event(ev.TimeUp(t=e.t))

    def _check_deck(self, e: ev.Event) -> None:
        """A card that the ruleset's deck does not hold (the pile's own draws are checked there)."""
        if type(e) not in _HOLDS_CARDS:
            return
        eng = self.eng
        seat: int | None = getattr(e, "seat", None)
        cards: list[str] = []
        if isinstance(e, (ev.Use, ev.Respond)):
            cards = [e.card] if e.card is not None else list(e.cards or [])
        elif isinstance(e, (ev.Discard, ev.Skill)):
            cards = list(e.cards or [])
        elif isinstance(e, ev.Move) and e.from_.zone != Zone.DECK:
            cards = list(e.cards)
            seat = e.from_.seat
        elif isinstance(e, ev.Retrial):
            cards = [e.card]
        elif isinstance(e, (ev.Draw, ev.Judge)) or (isinstance(e, ev.Reveal) and e.reason == CARD.amazing_grace) \
                or (isinstance(e, ev.Move) and e.from_.zone == Zone.DECK):
            # taken from the draw pile: the pile reports a card the deck lacks (once; not again when used)
            drawn = [e.card] if isinstance(e, ev.Judge) else list(e.cards)
            self.known_outside.update(c for c in drawn if not is_unknown(c) and eng.table.deck_counts[c] == 0)
        for c in cards:
            if is_unknown(c) or eng.table.deck_counts[c] > 0 or c in self.known_outside:
                continue
            eng.report(R.C_NOT_IN_DECK, seat, f"{c} is not a card of the {eng.rs.name} deck", observed=c)
            # the log is the truth about what happened: the card was there; go on without a cascade
            eng.table.deck_counts[c] += 1
            s = eng.seat(seat)
            if s is not None and isinstance(e, (ev.Use, ev.Respond, ev.Discard, ev.Skill, ev.Retrial)) \
                    and s.hand[c] == 0 and c not in s.equip.values() and not s.hidden:
                s.hand[c] += 1
            elif isinstance(e, ev.Move) and e.from_.zone == Zone.DISCARD:
                eng.table.discard[c] += 1
            elif isinstance(e, ev.Move) and e.from_.zone == Zone.HAND and s is not None and not s.hidden:
                s.hand[c] += 1

    def _settle_direction(self, e: ev.Event) -> None:
        """The first target's event of an AOE shows which way it went. Without a logged direction the
        order follows it. Against the logged direction, the first target out of turn is reported by the
        resolution; when the next target confirms the other way round, the rest follows it (one report
        for one mistake)."""
        if self.direction_probe is None:
            return
        depth, ccw, cw, logged = self.direction_probe
        stack = self.eng.stack
        queue = getattr(stack[depth], "queue", None) if len(stack) > depth else None
        if not isinstance(queue, list):
            self.direction_probe = None
            return
        seat = e.target if isinstance(e, ev.Damage) else e.to.seat if isinstance(e, ev.Move) else getattr(e, "seat", None)
        if not isinstance(e, (ev.Respond, ev.Pass, ev.Damage, ev.Recover, ev.Move, ev.Draw)) or seat is None:
            return
        if isinstance(e, ev.Draw) and (e.skill is not None or e.reason == "skill"):
            return  # a skill's draw (集智 after a 无懈可击) is no target's part of the card
        if logged == "confirm":  # ccw: [the first target], cw: the rest of the other way round
            if stack[depth] is not self.direction_frame:
                self.direction_probe = None  # that card is over
                return
            if seat in ccw:
                return  # the first target is still resolving
            self.direction_probe = None
            rest = [s for s in cw if s in queue]
            if rest and seat == rest[0] and seat != queue[0]:
                stack[depth].queue = rest  # type: ignore[attr-defined]
            return
        self.direction_probe = None
        ccw_q = [s for s in ccw if s in queue]
        cw_q = [s for s in cw if s in queue]
        if queue == ccw_q and cw_q and seat == cw_q[0] and seat != ccw_q[0]:
            if logged is None:
                stack[depth].queue = cw_q  # type: ignore[attr-defined]
            else:
                self.direction_probe = (depth, [seat], cw_q[1:], "confirm")
                self.direction_frame = stack[depth]

    # ---- match control
    def on_event(self, e: ev.Event) -> None:
        eng = self.eng
        if isinstance(e, ev.TimeUp):
            self.time_up_seen = True
            if self.open_turn is not None:
                self.time_pending = True
            else:
                self._settle_time()
        elif isinstance(e, ev.Penalty):
            side = e.side or self.side_of(e.seat)
            if side:
                self.penalty_points[side] += e.points
                limit = int(eng.rs.p.penalty_loss_points)
                if self.penalty_points[side] >= limit and not eng.over:
                    eng.over = (OTHER[side], "penalty")
                    eng.over_line = eng.line
        elif isinstance(e, ev.Resign):
            vanguards = [s.seat for s in self.living(e.side) if s.position == "vanguard"]
            if eng.rs.p.resign_only_without_vanguards and vanguards and not eng.over:
                eng.report(R.O_EARLY_END, None, f"the {e.side} side may concede only when both its vanguards are dead",
                           expected="no living vanguard", observed=f"living vanguards {vanguards}")
                return
            if not eng.over:
                eng.over = (OTHER[e.side], "resign")
                eng.over_line = eng.line

    def tiebreak(self) -> list[str]:
        return list(self.eng.rs.p.timeout_tiebreak)

    def _time_key(self, side: str) -> tuple[int, ...]:
        living = self.living(side)
        keys = {"alive": len(living), "lost_hp": -sum(s.max_hp - s.hp for s in living),
                "penalties": -self.penalty_points[side]}
        return tuple(keys[k] for k in self.tiebreak() if k in keys)

    def _time_verdict(self) -> tuple[str, str] | None:
        """The side the tie-breaks give (None: still equal)."""
        c, w = self._time_key("cold"), self._time_key("warm")
        if c == w:
            return None
        return ("cold", "time_up") if c > w else ("warm", "time_up")

    def _settle_time(self) -> None:
        eng = self.eng
        verdict = self._time_verdict()
        if verdict is not None:
            self.tied = False
            eng.over = verdict
            eng.over_line = eng.line
            return
        self.tied = True
        order = self.tiebreak()
        if "point_compare" in order and (self.overtimes >= 1 or "overtime" not in order):
            self.point_compare = True  # 002: the commanders compare points; either side may win
        else:
            self.overtimes += 1  # overtime: the game goes on until the next time-up

    def _declared(self, e: ev.GameEnd) -> None:
        """Record the declared result (the log is the truth about what was declared)."""
        eng = self.eng
        eng._settle_all(eng.line, e)
        eng.ended = True
        eng.result = {"winner": e.winner, "reason": e.reason}

    def on_game_end(self, e: ev.GameEnd) -> None:
        eng = self.eng
        if eng.ended and eng.result is None and eng.over:
            eng.ended = False  # play went on after the end (reported there); this is the first game_end
        if eng.ended:
            super().on_game_end(e)
            return
        if self.time_pending and not eng.over:
            if eng.phase != "finish":
                eng.report(R.V_TIME, eng.current, "after time is up the game ends when the current character's turn ends",
                           expected=f"the turn of seat {self.open_turn} is finished first", observed="game_end")
            self.open_turn = None
            self.time_pending = False
            self._settle_time()
        tiebreak = ", ".join(self.tiebreak())
        if not eng.over and self.tied:
            self._declared(e)
            if not self.point_compare:
                eng.report(R.V_TIME, None, f"the tie-breaks ({tiebreak}) leave the sides equal: the game goes to overtime",
                           expected="overtime", observed=f"game_end winner={e.winner}")
            elif e.winner not in SIDES:
                eng.report(R.O_WINNER, None, "after overtime the commanders compare points: one side wins",
                           expected="cold or warm", observed=e.winner)
            return
        if not eng.over and not self.time_up_seen and e.reason == "time_up" and self.victory() is None:
            verdict = self._time_verdict()  # no time_up logged: judge the position as it stands
            if verdict is not None and e.winner != verdict[0]:
                self._declared(e)
                eng.report(R.V_TIME, None, f"by the tie-breaks ({tiebreak}) {verdict[0]} wins",
                           expected=verdict[0], observed=e.winner)
                return
        if not eng.over and e.reason == "penalty" and any(self.penalty_points.values()):
            limit = int(eng.rs.p.penalty_loss_points)
            self._declared(e)
            eng.report(R.O_EARLY_END, None, f"a side loses on penalties at {limit} points "
                       f"(cold {self.penalty_points['cold']}, warm {self.penalty_points['warm']})",
                       expected="the game goes on", observed=f"game_end winner={e.winner}")
            return
        if eng.over and eng.over[1] == "time_up" and e.winner != eng.over[0]:
            self._declared(e)
            eng.report(R.V_TIME, None, f"by the tie-breaks ({tiebreak}) {eng.over[0]} wins",
                       expected=eng.over[0], observed=e.winner)
            return
        if eng.over and e.winner == eng.over[0] and e.reason != eng.over[1] and e.reason in END_REASONS:
            self._declared(e)  # the right winner for another end than the one that happened
            eng.report(R.O_WINNER, None, f"{eng.over[0]} won ({eng.over[1]})", expected=eng.over[1], observed=e.reason)
            return
        super().on_game_end(e)
