"""1v1 (单挑, ruleset 1v1-2013): two players, each with a line of generals that enter one after another.

Rules: 《2013 王者之战 比赛规则》 (1V1: the turn order, the short first draw, 4．武将阵亡及新武将登场 A–E),
《三國殺各種模式的規則》 (1v1: the pool of ten, the 主公 picks first, 三將全部陣亡則輸掉比賽).

- Set-up: an optional draft (`draft_pool` of ten generals, `draft_pick` turns alternating from the warm
  player, SGS-3012) and each player's `general_choice` before the first turn: its starting general (the
  header's) and its `reserves`.
- Turns: the cold (内奸) player's first, then alternation; the game's first turn draws one card fewer.
- A death with generals left (A–E): the dead general's cards are discarded (the engine's death), the
  player's next general enters (`general_choice`, one of its reserves, SGS-3009) with full HP and draws
  its max HP in cards (`draw`, reason `initial`, SGS-3010); the interrupted resolution then goes on. A
  character that died in its own turn ends it: the opponent starts the next turn (SGS-3011). Under
  ``next_general_timing = "after_resolution"`` (FreeKill) the interrupted resolution ends first and the
  next general enters before the next phase or turn.
- Victory: a player whose last general dies loses (``generals_per_player``; reason ``all_generals_dead``).

A log that starts from a position says where each player stands with a `general_choice` (the general in
play and what is left in reserve) before its first event of play; without it the reserves are unknown
and the end of the game is taken on the log's word.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sgs_replay.engine import plugins
from sgs_replay.engine.modes import register
from sgs_replay.engine.timing import Timing, timing_of
from sgs_replay.formats import events as ev
from sgs_replay.modes.sides import OTHER, SideMode
from sgs_replay.rules import catalogue as R

if TYPE_CHECKING:
    from sgs_replay.engine.core import Engine
    from sgs_replay.engine.state import Seat

#: the reason a 1v1 game ends when a player has no general left
ALL_DEAD = "all_generals_dead"
#: what may happen between a death and the next general's entry: the death-time skills (藏机, 延祸, 肃资)
BEFORE_ENTRY = (ev.Skill, ev.Move, ev.Discard, ev.Choose, ev.Death)


#: under ``next_general_timing = "after_resolution"`` (FreeKill) the interrupted resolution, and the dead
#: character's turn, end before the next general enters: it must enter before play moves on to a phase or turn
AFTER_RESOLUTION_LATE = (ev.Turn, ev.Phase, ev.PhaseSkip)


def death_time(e: ev.Event) -> bool:
    """An event of the death moment (4．A): a death-time skill, or what a card it takes makes follow (连营's
    or 枭姬's draw, 枭姬's recovery, when 延祸 discards the opponent's last hand card or its equipment)."""
    return isinstance(e, BEFORE_ENTRY) or (isinstance(e, ev.Draw) and e.reason == "skill") \
        or (isinstance(e, ev.Recover) and e.card is None)


@register("1v1")
class OneVOne(SideMode):
    """1v1 (单挑): two seats taking turns in alternation; the first turn of the game draws one card
    fewer (002: 每局比赛的第一个回合，摸牌阶段摸牌时，少摸一张牌); the first turn is the ``first_player``'s
    (``renegade`` = the cold seat, 002; ``lord`` = the warm seat, 003). Dead generals are replaced
    from the player's reserves until none is left."""

    name = "1v1"

    def pass_skipped_turns(self, e: ev.Turn) -> None:
        """Only 据守 skips a turn in this mode: each skipped seat is the mode's to pass (:meth:`pass_skipped_turn`)."""
        for s in sorted(self.eng.skipped_turns):
            if self.eng.rotation_seat != s:
                self.pass_skipped_turn(s, e)

    def __init__(self, eng: Engine) -> None:
        super().__init__(eng)
        self.first_game_turn: int | None = None
        per = int(eng.rs.p.generals_per_player or 1)
        fresh = eng.header.start is None
        #: the generals each seat may still bring in (None: unknown, a log from a position)
        self.reserves: dict[int, list[str] | None] = {s: None for s in eng.table.seats}
        #: generals lost so far by each seat (None: unknown)
        self.lost: dict[int, int | None] = {s: (0 if fresh else None) for s in eng.table.seats}
        self.per_player = per
        #: every general each seat has put into play
        self.played: dict[int, list[str]] = {s.seat: [s.general.name] if s.general else [] for s in eng.table.seats.values()}
        self.awaiting: list[int] = []  # seats whose general died and whose next one has not entered yet
        self.entry_draw: dict[int, int] = {}  # seat → the starting hand its entering general still draws
        self.cut_turn: int | None = None  # the seat whose character died in its own turn: that turn is over
        self.cut_reported = False
        self.cut_by_skill = False  # the turn was ended by 翩仪, not by a death
        self.entry_reported = False
        self.debut: set[int] = set()  # seats whose general has just entered (登场时: D), until play moves on
        #: what each seat's general held as it died (4．A: 藏机's equipment, 延祸's X, 肃资's cards), until the next death
        self.at_death: dict[int, dict[str, Any]] = {}
        self.pool: list[str] | None = None
        self.picks: dict[str, list[str]] = {"cold": [], "warm": []}
        self.pick_turns = 0

    # ---- turns
    def first_turn(self) -> list[int] | None:
        side = "cold" if self.eng.rs.p.first_player == "renegade" else "warm"
        seats = [s.seat for s in self.seats_of(side)]
        return seats or None

    def expected_turn(self) -> list[int] | None:
        self._close_turn()
        eng = self.eng
        if self.game_start:
            return self.first_turn()
        if eng.current is None:
            return None
        others = [s for s in eng.table.seats if s != eng.current]
        return others or None

    def report_turn_order(self, seat: int, expected: list[int]) -> None:
        if self.cut_turn is not None and seat == self.cut_turn:
            self._report_cut(seat, f"turn of seat {seat}")
            return
        why = "the first turn of the game is the first player's" if self.game_start else "the two players take turns in alternation"
        self.eng.report(R.T_ORDER, seat, f"{why}; next is seat {expected[0]}", expected=f"seat {expected[0]}",
                        observed=f"seat {seat}")

    def before_turn(self, seat: int) -> None:
        if self.game_start:
            self.first_game_turn = self.eng.turns_taken + 1
        self.game_start = False
        self.open_turn = seat
        self.cut_turn = None
        self.cut_reported = False

    def after_turn(self, seat: int) -> None:
        if self.cut_turn == seat:
            self.cut_turn = None  # the dead character's turn is closed: the opponent's comes next
        super().after_turn(seat)

    def draw_bonus(self, seat: Seat) -> int:
        if self.first_game_turn is not None and self.eng.turns_taken == self.first_game_turn:
            return -int(self.eng.rs.p.first_turn_draw_minus)
        return 0

    # ---- every event
    def screen(self, e: ev.Event) -> bool:
        if not super().screen(e):
            return False
        eng = self.eng
        if self.awaiting and not death_time(e) and not isinstance(e, (ev.GeneralChoice, ev.GameEnd)) \
                and (eng.rs.p.next_general_timing == "at_death" or isinstance(e, AFTER_RESOLUTION_LATE)):
            seat = self.awaiting[0]
            if not self.entry_reported:
                self.entry_reported = True
                eng.report(R.V_NEXT_GENERAL, seat, f"seat {seat}'s general died and the player has generals left: "
                           "the next one enters before anything else goes on",
                           expected=f"general_choice of seat {seat}", observed=f"`{ev.event_type(e)}`")
            for s in list(self.awaiting):
                self._enter(s, None)  # the log is the truth about what follows: some general is in play
        if isinstance(e, (ev.Turn, ev.TurnEnd, ev.Phase, ev.PhaseSkip)):
            self.debut.clear()  # play has moved on: the moment of entering is over
        if isinstance(e, ev.Death) and (dead := eng.seat(e.seat)) is not None and dead.alive:
            self._held_at_death(dead)
        elif isinstance(e, ev.Skill) and timing_of(e.skill) is Timing.DEATH:
            for dying in sorted(eng.table.seats.values(), key=lambda x: x.seat):
                if dying.alive and dying.hp <= 0:
                    self._death_missing(dying)  # a death-time skill of a character still dying: its death is missing
        if isinstance(e, ev.Draw) and e.reason == "initial" and self.game_start and not eng.turns_taken \
                and eng.rs.p.debut_at_start:
            self.debut.add(e.seat)  # the starting general enters play as the game starts (登场时)
        entry_hand = isinstance(e, ev.Draw) and e.seat in self.entry_draw and e.reason in ("initial", None)
        if entry_hand:
            assert isinstance(e, ev.Draw)
            self.entry_drawn(e)
        elif self.entry_draw and not isinstance(e, (ev.GeneralChoice, ev.GameEnd)):
            for seat, n in sorted(self.entry_draw.items()):
                eng.report(R.V_ENTRY_HAND, seat, f"the entering general draws its starting hand ({n} cards) at once",
                           expected=f"draw {n} (reason initial) for seat {seat}", observed=f"`{ev.event_type(e)}`")
            self.entry_draw.clear()
        if self.cut_turn is not None and not self.awaiting and not self.entry_draw:
            seat = self.cut_turn
            if isinstance(e, (ev.Phase, ev.PhaseSkip)) and e.seat == seat:
                self._report_cut(seat, f"phase {e.phase} of seat {seat}")
                self.cut_turn = None
            elif isinstance(e, (ev.Use, ev.Skill)) and e.seat == seat and eng.current == seat \
                    and not self._asked_for(e) and not self._entry_event(e):
                self._report_cut(seat, f"`{ev.event_type(e)}` of seat {seat}")
                self.cut_turn = None
        return True

    def _asked_for(self, e: ev.Use | ev.Skill) -> bool:
        """An open resolution asks for ``e`` (an answer, a rescue, a 视为使用 it grants): no action of the turn.
        A skill is taken as such while anything is in resolution."""
        eng = self.eng
        if isinstance(e, ev.Skill):
            return bool(eng.stack)
        return any(f.wants(eng, e) or f.grants_use(eng, e) for f in eng.stack)

    def _entry_event(self, e: ev.Use | ev.Skill) -> bool:
        """An entry skill of the seat's general that has just entered (登场时: 蛮裔, 虎威, 骁袭) or the card it
        uses: part of the death's resolution (4．D), before the turn passes (E)."""
        return e.seat in self.debut and e.skill is not None and timing_of(e.skill) is Timing.ENTER

    def _report_cut(self, seat: int, observed: str) -> None:
        if self.cut_reported:
            return
        self.cut_reported = True
        other = [s for s in self.eng.table.seats if s != seat]
        why = "the entering general's skill ended it" if self.cut_by_skill else "its character died in it"
        self.eng.report(R.V_DEATH_TURN, seat, f"seat {seat}'s turn is over ({why})",
                        expected=f"turn of seat {other[0]}" if other else "the opponent's turn", observed=observed)

    def on_event(self, e: ev.Event) -> None:
        if isinstance(e, ev.GeneralChoice):
            self._choice(e)
        elif isinstance(e, (ev.DraftPool, ev.DraftPick, ev.DraftFirst, ev.Lineup)):
            self._draft(e)
        else:
            super().on_event(e)

    # ---- set-up: the draft (《三國殺各種模式的規則》 1v1)
    def _draft(self, e: ev.Event) -> None:
        eng = self.eng
        if eng.turns_taken or not self.game_start:
            eng.report(R.V_DRAFT_1V1, None, "the draft takes place before the game", expected="no draft event during play",
                       observed=ev.event_type(e))
            return
        if isinstance(e, ev.DraftPool):
            size = int(eng.rs.p.general_pool_size or 0)
            names = [self._name(g) for g in e.generals]
            if self.pool is not None:
                eng.report(R.V_DRAFT_1V1, None, "the pool is laid out once", observed="a second draft_pool")
            if (size and len(names) != size) or len(set(names)) != len(names):
                eng.report(R.V_DRAFT_1V1, None, f"the pool holds {size} different generals", expected=size,
                           observed=f"{len(names)} ({len(set(names))} different)")
            for g in e.generals:
                gen = eng.rs.resolve_general(g)
                if (gen is None and not self._accepted_unknown(g)) or (gen is not None and not eng.rs.in_roster(gen)):
                    eng.report(R.H_ROSTER, None, f"{g} is not in the {eng.rs.name} roster", observed=g)
            self.pool = names
        elif isinstance(e, ev.DraftPick):
            first = "warm" if eng.rs.p.first_pick == "lord" else "cold"
            want = first if self.pick_turns % 2 == 0 else OTHER[first]
            if e.side != want:
                eng.report(R.V_DRAFT_1V1, None, f"pick turn {self.pick_turns + 1} is the {want} player's "
                           f"(the {'主公' if first == 'warm' else '内奸'} picks first, then the players alternate)",
                           expected=want, observed=e.side)
            taken = set(self.picks["cold"]) | set(self.picks["warm"])
            for g in (self._name(x) for x in e.generals):
                if self.pool is not None and g not in self.pool:
                    eng.report(R.V_DRAFT_1V1, None, f"{g} is not in the pool", expected=f"one of {sorted(set(self.pool) - taken)}",
                               observed=g)
                if g in taken:
                    eng.report(R.V_DRAFT_1V1, None, f"{g} was already picked", observed=g)
                taken.add(g)
                self.picks[e.side].append(g)
            self.pick_turns += 1
        else:
            eng.report(R.V_DRAFT_1V1, None, f"`{ev.event_type(e)}` is a 3v3 event; 1v1 names its generals with general_choice",
                       observed=ev.event_type(e))

    def _accepted_unknown(self, g: str) -> bool:
        """``g`` is no general of the project and the ruleset accepts such generals (``unknown_generals``)."""
        return self.eng.rs.resolve_general(g) is None and self.eng.rs.p.unknown_generals == "unverifiable"

    def _name(self, g: str) -> str:
        gen = self.eng.rs.resolve_general(g)
        return gen.name if gen else g

    # ---- the generals in play
    def _choice(self, e: ev.GeneralChoice) -> None:
        eng = self.eng
        s = eng.seat(e.seat)
        if s is None:
            return
        name = self._name(e.general)
        gen = eng.rs.resolve_general(e.general)
        if (gen is None and not self._accepted_unknown(e.general)) or (gen is not None and not eng.rs.in_roster(gen)):
            eng.report(R.H_ROSTER, e.seat, f"{e.general} is not in the {eng.rs.name} roster", observed=e.general)
        if s.alive and s.hp <= 0 and e.seat not in self.awaiting:
            self._death_missing(s)
        if e.seat in self.awaiting:
            self._next_general(s, e, name)
            return
        if s.alive and (eng.turns_taken == 0 and self.reserves[e.seat] is None):
            self._lineup(s, e, name)
            return
        why = "its general is alive" if s.alive else "it is not waiting for its next general"
        eng.report(R.V_NEXT_GENERAL, e.seat, f"seat {e.seat} cannot bring in a general now: {why}",
                   expected="a general_choice after the death of the seat's general", observed=f"general_choice {e.general}")

    def _death_missing(self, s: Seat) -> None:
        """The next general of a seat still dying (not saved) enters: the death was not logged. Reported once,
        and taken as happened."""
        from sgs_replay.engine import frames as F

        eng = self.eng
        frame = next((f for f in reversed(eng.stack) if isinstance(f, F.DyingFrame) and f.seat == s.seat), None)
        if frame is None or not frame.awaiting(eng):
            return
        skill = isinstance(eng.event, ev.Skill)
        what = f"{eng.event.skill} is used as at its death" if isinstance(eng.event, ev.Skill) else "its next general enters"
        eng.report(R.D_DEATH_MISSING, s.seat, f"seat {s.seat} is at {s.hp} HP, not saved, and {what}: "
                   "the death is missing", expected=f"death of seat {s.seat}", observed="skill" if skill else "general_choice")
        frame.interrupted = True
        frame.died = True
        self._held_at_death(s)
        eng.kill(s, eng.last_damage_source.get(s.seat))

    def _held_at_death(self, s: Seat) -> None:
        self.at_death[s.seat] = {"cards": s.all_cards(), "equip": [s.equip[sl] for sl in sorted(s.equip)],
                                 "hidden": s.hidden, "count": s.hand_count + len(s.equip), "used": set()}

    def _lineup(self, s: Seat, e: ev.GeneralChoice, name: str) -> None:
        """Before play: the starting general (the header's) and the reserves."""
        eng = self.eng
        reserves = [self._name(g) for g in (e.reserves or [])]
        if s.general is not None and name != s.general.name:
            eng.report(R.V_NEXT_GENERAL, s.seat, f"seat {s.seat} starts with {s.general.name} (the header)",
                       expected=s.general.name, observed=name)
        fresh = eng.header.start is None
        lineup = [name, *reserves]
        if len(set(lineup)) != len(lineup) or (fresh and len(lineup) != self.per_player) or len(lineup) > self.per_player:
            eng.report(R.V_NEXT_GENERAL, s.seat, f"a player brings {self.per_player} different generals to the game",
                       expected=self.per_player, observed=lineup)
        for g in (e.reserves or []):
            gen = eng.rs.resolve_general(g)
            if (gen is None and not self._accepted_unknown(g)) or (gen is not None and not eng.rs.in_roster(gen)):
                eng.report(R.H_ROSTER, s.seat, f"{g} is not in the {eng.rs.name} roster", observed=g)
        side = s.side or ""
        if self.pick_turns and side in self.picks:
            for g in lineup:
                if g not in self.picks[side]:
                    eng.report(R.V_DRAFT_1V1, s.seat, f"{g} was not picked by the {side} player",
                               expected=f"one of {self.picks[side]}", observed=g)
        self.reserves[s.seat] = reserves
        self.lost[s.seat] = max(0, self.per_player - len(lineup))

    def _next_general(self, s: Seat, e: ev.GeneralChoice, name: str) -> None:
        eng = self.eng
        left = self.reserves[s.seat]
        if name in self.played[s.seat]:
            eng.report(R.V_NEXT_GENERAL, s.seat, f"{name} has already played for seat {s.seat}",
                       expected=f"one of {left}" if left else "a general not played yet", observed=name)
        elif left is not None and name not in left:
            eng.report(R.V_NEXT_GENERAL, s.seat, f"{name} is not one of seat {s.seat}'s reserves",
                       expected=f"one of {left}", observed=name)
        else:
            other = [st for st in eng.table.seats.values() if st.seat != s.seat and st.general is not None]
            if any(name in self.played[st.seat] for st in other):
                eng.report(R.V_NEXT_GENERAL, s.seat, f"{name} plays for the other player", observed=name)
        self._enter(s.seat, e.general, e.max_hp, traits=(e.kingdom, e.gender))

    def _enter(self, seat: int, general: str | None, max_hp: int | None = None,
               traits: tuple[str | None, str | None] = (None, None)) -> None:
        """The next general of ``seat`` enters play (None: the log did not say which): full HP, no cards. A
        general the rules do not define takes its max HP and its ``traits`` (kingdom, gender) from the log."""
        from sgs_replay.content import skills as skill_table
        from sgs_replay.content import undefined_general

        eng = self.eng
        s = eng.seat(seat)
        if seat in self.awaiting:
            self.awaiting.remove(seat)
        if s is None:
            return
        gen = eng.rs.resolve_general(general) if general is not None else None
        if gen is None and general is not None and eng.rs.p.unknown_generals == "unverifiable":
            s.general = None  # a general the rules do not define: no known skill, its max HP from the log
            s.skills = set()
            eng.undefined.add(seat)
            if max_hp is not None:
                s.max_hp = max_hp
            else:
                eng.note_unmodelled(seat, f"seat {seat}'s entering general {general} is not defined: its max HP is unknown")
            kingdom, gender = traits
            if kingdom is not None and gender is not None:
                s.general = undefined_general(general, kingdom=kingdom, gender=gender, hp=s.max_hp)
            self.played[seat].append(general)
            left = self.reserves[seat]
            if left is not None and general in left:
                left.remove(general)
        if gen is not None:
            eng.undefined.discard(seat)
            s.general = gen
            names = skill_table()
            s.skills = set()
            for k in gen.skills:
                if k in names and not (names[k].lord and not eng.rs.p.lord_skills):
                    eng.skills.gain(s, k)  # its skills, watchers included
            eng.skills.used_once = {(n, sid) for n, sid in eng.skills.used_once if n != seat}  # a new general's 限定技
            s.max_hp = gen.hp
            self.played[seat].append(gen.name)
            left = self.reserves[seat]
            if left is not None and gen.name in left:
                left.remove(gen.name)
        s.hp = s.max_hp
        s.alive = True
        s.dying = False
        s.chained = False
        lost = self.lost[seat]
        if lost is not None:
            self.lost[seat] = lost + 1
        if general is not None:
            cap = eng.rs.p.initial_hand_cap
            n = s.max_hp if cap is None else min(s.max_hp, cap)
            if not eng.rs.p.entry_hand_reshuffle:
                n = min(n, eng.table.pile.total())  # only what the draw pile holds, no reshuffle
            if n > 0:
                self.entry_draw[seat] = n
            else:
                self.debut.add(seat)
        self.entry_reported = False
        cur = eng.current
        if cur is not None and cur != seat and self.open_turn == cur \
                and plugins.modify("entry_ends_opponent_turn", False, eng, s):
            self.cut_turn = cur  # a locked skill of the entering general ends the opponent's turn (翩仪)
            self.cut_by_skill = True

    def entering(self, seat: int) -> bool:
        return seat in self.debut

    def entry_drawn(self, e: ev.Draw) -> None:
        """The entering general's starting hand; then its entry skills may be used (D)."""
        self.debut.add(e.seat)
        n = self.entry_draw.pop(e.seat, None)
        if n is not None and len(e.cards) != n:
            cap = self.eng.rs.p.initial_hand_cap
            why = "its max HP" if cap is None else f"its max HP, at most {cap}"
            self.eng.report(R.V_ENTRY_HAND, e.seat, f"the entering general draws {n} cards ({why})",
                            expected=n, observed=len(e.cards))

    # ---- death and the end
    def generals_left(self, seat: int) -> int | None:
        """How many generals the seat may still bring in after the one in play (None: unknown)."""
        left = self.reserves[seat]
        lost = self.lost[seat]
        cap = self.eng.rs.p.generals_lost_to_lose  # FreeKill: the third death ends the game, reserves or not
        if cap is not None and lost is not None:
            room = max(0, cap - 1 - lost)
            return room if left is None else min(room, len(left))
        if left is not None:
            return len(left)
        return None if lost is None else max(0, self.per_player - 1 - lost)

    def after_death(self, seat: Seat) -> None:
        """A general died and the game goes on: its next one is due (B), and its turn is over (E)."""
        left = self.generals_left(seat.seat)
        if left == 0:
            return
        from sgs_replay.engine.effects import Effect

        for f in self.eng.stack:  # what was still due to the dead character lapses: the seat's next general is
            if isinstance(f, Effect):  # another character (天香's draw for the one it killed)
                for st in f.steps:
                    if st.seat == seat.seat and not st.done and st.kind != "death":
                        st.done = True
        self.eng.skipped_turns.discard(seat.seat)  # a skipped turn (据守) was that general's
        self.awaiting.append(seat.seat)
        if self.eng.current == seat.seat and self.open_turn == seat.seat:
            self.cut_turn = seat.seat
            self.cut_by_skill = False
            self.eng.phase = "finish"  # E: the turn is over; what its next general does is no action of that turn

    def victory(self) -> tuple[str, str] | None:
        """A player whose last general dies loses (003: 三將全部陣亡則輸掉比賽)."""
        for s in sorted(self.eng.table.seats.values(), key=lambda x: x.seat):
            if not s.alive and s.seat not in self.awaiting and self.generals_left(s.seat) == 0:
                return (OTHER[s.side or "cold"], ALL_DEAD)
        return None

    def on_game_end(self, e: ev.GameEnd) -> None:
        eng = self.eng
        unknown = [s for s in eng.table.seats.values() if not s.alive and self.generals_left(s.seat) is None]
        if not eng.over and unknown and e.reason == ALL_DEAD:
            self._declared(e)  # from a position with unknown reserves: the log's word on who is out of generals
            return
        super().on_game_end(e)
