"""1V3 虎牢關 (Hulao Pass, ruleset ``hulao``): 神吕布 alone (seat 1) against three allies, 先锋 (seat 2), 中坚
(seat 3) and 大将 (seat 4).

Rules: 《三國殺各種模式的規則》 · 1V3虎牢關模式; readings where it is silent or the engines differ:
docs/conflicts.md (1v3).

- Set-up (SGS-4001): 神吕布 starts as 最强神话 (8/8 HP); opening hands 8 / 3 / 4 / 5 (``hulao_initial_hands``).
- First stage (SGS-4002): each round every ally has one place, in seat order: his turn, or his reform step.
  After each allied turn 神吕布 may take a turn (``hulao_lvbu_turn_optional``); when every ally's marker is
  sideways the markers are reset (a new round).
- The switch (SGS-4003): when 最强神话's HP falls to 4 or less, before any dying state, his
  ``general_choice`` of 暴怒的战神 follows at once: hand and equipment kept, judge area discarded, chain
  reset, HP 4 of 4; the current turn and every open resolution end; 神吕布's turn comes at once and the
  second stage goes on in seat order (神吕布, 先锋, 中坚, 大将).
- Retreat, reform, return (SGS-4004): an ally who dies stays at the table at 0 HP with no cards. In place
  of each of his turns he recovers 1 HP (``recover``), at full HP draws 1 card instead (``draw``, reason
  ``reform``); after ``hulao_reform_rounds`` steps, his next place is his return (``general_choice`` of his
  own general): he is back in play without acting in that round.
- The end: 神吕布's death (the allies, ``rebel``, win) or every ally reforming at once (神吕布, ``lord``,
  wins); the game is drawn when the draw pile runs out for the ``hulao_exhaustion_limit``-th time (SGS-4005).
- 重鑄: anyone may recast a weapon in hand; area tricks resolve from the current player on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sgs_replay.engine.handlers import do_draw
from sgs_replay.engine.modes import register
from sgs_replay.engine.state import slot_of
from sgs_replay.formats import events as ev
from sgs_replay.formats.cards import Card
from sgs_replay.modes.base import TableMode
from sgs_replay.rules import catalogue as R

if TYPE_CHECKING:
    from sgs_replay.engine.state import Seat

LVBU = 1
ALLIES = (2, 3, 4)
#: the ids of 神吕布's two forms (content/generals.csv)
FIRST_FORM, SECOND_FORM = "shenlvbu1", "shenlvbu2"
#: the draw reason of a reforming ally's step
REFORM = "reform"
#: the draw reason of the others' draw when an ally retreats (``hulao_retreat_draw``, an engine's reading)
RETREAT = "retreat"
#: the ends of a 1v3 game
LVBU_KILLED, ALLIES_RETREATED = "lord_killed", "allies_retreated"
ROLE_NAMES = {2: "先锋", 3: "中坚", 4: "大将"}


@register("1v3")
class Hulao(TableMode):
    """1v3 (虎牢關): the two stages, the switch, the allies' retreat and return."""

    name = "1v3"

    def setup(self) -> None:
        eng = self.eng
        lvbu = eng.seat(LVBU)
        self.first_form, self.second_form = eng.rs.p.hulao_forms
        self.stage = 2 if lvbu is not None and lvbu.general is not None and lvbu.general.id == self.second_form else 1
        #: allies whose place in this round is over (the sideways markers of the first stage)
        self.marked: set[int] = set()
        #: the seat of the last place (a turn, a reform step or a return); None: none yet
        self.last: int | None = None
        #: the last place was an allied turn: 神吕布 may take a turn now (first stage)
        self.gap = False
        #: retreated allies and the steps they have taken
        self.reform: dict[int, int] = {}
        #: 最强神话's HP fell to 4 or less: his switch is the next event
        self.switch_due = False
        #: the switch happened: 神吕布's turn comes at once
        self.switched = False
        #: the seat whose turn the switch ended: nothing of that turn may follow
        self.cut: int | None = None
        self.exhaustions = 0
        #: the allies who may still draw a card for the ally who just retreated (``hulao_retreat_draw``)
        self.retreat_draws: set[int] = set()
        #: ``hulao_return_acts``: the ally who has just returned and takes his turn now
        self.return_turn: int | None = None
        #: ``hulao_return_draw_to``: seat → the cards it is still to draw as an ally returns (the returning ally's,
        #: and under ``hulao_revival_draws_resting`` those of the allies still resting)
        self.return_draws: dict[int, int] = {}
        st = eng.header.start
        #: the order is checked: a log from the start, or a position in a turn (``current``) whose round says
        #: who has acted (``acted``, the sideways markers; the current ally's among them)
        self.known = st is None or st.current is not None
        if st is not None:
            # a reforming ally has taken one step for each HP and each card he has (he starts from 0 and 0)
            self.reform = {s.seat: max(0, s.hp) + s.hand_count for s in eng.table.seats.values()
                           if s.seat in ALLIES and not s.alive}
            if st.current is None:
                eng.unverifiable_because("a start position between two turns does not say whose place comes "
                                         "next: the 1v3 order is not checked")
            else:
                self.marked = set(st.acted) & set(ALLIES)
                if self.stage == 1 and st.current in ALLIES:
                    self.marked.add(st.current)
                self.last = st.current
                self.gap = self.stage == 1 and st.current in ALLIES

    # ---- helpers
    def reforming(self, seat: int) -> bool:
        return seat in self.reform

    def steps_left(self, seat: int) -> int:
        return int(self.eng.rs.p.hulao_reform_rounds) - self.reform.get(seat, 0)

    def due(self) -> int | None:
        """The seat whose place comes next, 神吕布's optional turn aside (None: not known)."""
        if self.switched:
            return LVBU
        if not self.known:
            return None
        if self.stage == 2:
            return LVBU if self.last is None else self.last % 4 + 1
        if self.gap and not self.eng.rs.p.hulao_lvbu_turn_optional:
            return LVBU
        left = [s for s in ALLIES if s not in self.marked]
        return left[0] if left else ALLIES[0]

    def _take_place(self, seat: int, *, turn: bool) -> None:
        """``seat``'s place in the order is taken (a turn, a reform step or a return)."""
        if self.stage == 1 and seat != LVBU:
            if len(self.marked) == len(ALLIES) or seat in self.marked:
                self.marked = set()  # every marker was sideways: reset (a new round)
            self.marked.add(seat)
        self.gap = self.stage == 1 and seat != LVBU and turn
        self.last = seat
        self.switched = False

    def _order_report(self, seat: int, what: str) -> None:
        due = self.due()
        if due is None:
            return
        options = [f"turn of seat {s}" for s in self.allowed_turns()]
        if self.reforming(due):
            options.append(f"the reform step or return of seat {due}")
        self.eng.report(R.HL_ORDER, seat, f"{what} out of the 1v3 order", expected=" or ".join(options), observed=what)

    def pass_rest(self) -> None:
        """``hulao_reform_steps = false``: the places of resting allies pass with nothing done, up to the
        last one of their rest (their return)."""
        if self.eng.rs.p.hulao_reform_steps:
            return
        for _ in range(len(ALLIES) + 1):
            due = self.due()
            if due is None or not self.reforming(due) or self.steps_left(due) <= 1 or self.return_turn is not None:
                return
            self.reform[due] += 1
            self._take_place(due, turn=False)

    def allowed_turns(self) -> list[int]:
        if self.return_turn is not None:
            return [self.return_turn]
        self.pass_rest()
        due = self.due()
        if due is None:
            return []
        out = []
        if self.stage == 1 and self.gap and self.eng.rs.p.hulao_lvbu_turn_optional and not self.switched:
            out.append(LVBU)
        if not self.reforming(due) and due not in out:
            out.append(due)
        return out

    # ---- turn order
    def expected_turn(self) -> list[int] | None:
        return None  # judged in before_turn (the reform steps take places too)

    def pass_skipped_turns(self, e: ev.Turn) -> None:
        """Only 据守 skips a turn in this mode: each skipped seat is the mode's to pass (:meth:`pass_skipped_turn`)."""
        for s in sorted(self.eng.skipped_turns):
            if self.eng.rotation_seat != s:
                self.pass_skipped_turn(s, e)

    def pass_skipped_turn(self, seat: int, e: ev.Turn) -> None:
        """A skipped turn (据守) of an ally: his own turn logged is reported; his place passes unplayed
        when the order reaches it (:meth:`pass_skips`), with no turn of 神吕布 after it."""
        if e.seat == seat:
            super().pass_skipped_turn(seat, e)

    def pass_skips(self, next_seat: int) -> None:
        """The places of allies whose turn is skipped pass, up to the place of ``next_seat``. 神吕布's optional
        turn in a gap comes before the skipped place."""
        eng = self.eng
        for _ in ALLIES:
            due = self.due()
            if due is None or due not in eng.skipped_turns or due == next_seat or self.reforming(due):
                return
            if next_seat == LVBU and self.stage == 1 and self.gap:
                return
            self.skip_place(due)

    def skip_place(self, seat: int) -> None:
        """``seat``'s turn does not take place (据守): its place in the order is spent."""
        self.eng.skipped_turns.discard(seat)
        self._take_place(seat, turn=False)

    def before_turn(self, seat: int) -> None:
        eng = self.eng
        self.cut = None
        self.return_draws.clear()
        if self.return_turn is not None and seat == self.return_turn:
            self.return_turn = None  # the returned ally acts at once; no turn of 神吕布 follows it
            return
        self.pass_skips(seat)
        if self.known:
            allowed = self.allowed_turns()
            if seat not in allowed:
                if self.reforming(seat):
                    eng.report(R.HL_REFORM, seat, f"seat {seat} is reforming: his place is a reform step, not a turn",
                               expected="recover 1 or draw 1 (reason reform)", observed=f"turn of seat {seat}")
                else:
                    self._order_report(seat, f"turn of seat {seat}")
        self._take_place(seat, turn=True)

    # ---- every event
    def screen(self, e: ev.Event) -> bool:
        eng = self.eng
        if isinstance(e, ev.GeneralChoice):
            if e.seat == LVBU:
                self._switch_choice(e)
            else:
                self._return(e)
            return False  # taken here, before any open resolution sees it: the switch ends them all
        if self.switch_due:
            self._switch_missing()
        if self.cut is not None and getattr(e, "seat", None) == self.cut and self._of_the_cut_turn(e):
            seat, self.cut = self.cut, None
            eng.report(R.HL_SWITCH, seat, f"the switch ended seat {seat}'s turn at once, and every resolution with it",
                       expected=f"turn of seat {LVBU}", observed=f"`{ev.event_type(e)}` of seat {seat}")
        if isinstance(e, ev.Draw) and e.reason == "initial" and not eng.turns_taken and eng.header.start is None:
            want = eng.rs.p.hulao_initial_hands[e.seat - 1] if 1 <= e.seat <= 4 else None
            if want is not None and len(e.cards) != want:
                eng.report(R.HL_SETUP, e.seat, f"the opening hand of seat {e.seat} "
                           f"({'神吕布' if e.seat == LVBU else ROLE_NAMES.get(e.seat, '')}) is {want} cards",
                           expected=want, observed=len(e.cards))
            return True
        if isinstance(e, ev.Draw) and e.reason == RETREAT:
            self._retreat_draw(e)
            return False
        if isinstance(e, (ev.Turn, ev.GeneralChoice, ev.Recover)) or (isinstance(e, ev.Draw) and e.reason == REFORM):
            self.retreat_draws.clear()  # the moment of the retreat is over
        if isinstance(e, ev.Recover) and self.reforming(e.seat):
            self._step(e.seat, e, recover=e.amount)
            return False
        if isinstance(e, ev.Draw) and e.reason == REFORM and e.seat in self.return_draws:
            self._return_draw(e)
            return False
        if isinstance(e, ev.Draw) and e.reason == REFORM:
            if not self.reforming(e.seat):
                eng.report(R.HL_REFORM, e.seat, f"seat {e.seat} is not reforming", expected="no reform step",
                           observed=f"draw {len(e.cards)} (reason reform)")
                do_draw(eng, e)
                return False
            self._step(e.seat, e, draw=e)
            return False
        return True

    def _of_the_cut_turn(self, e: ev.Event) -> bool:
        """An event of the seat's own turn: a phase, a card it uses or a skill no resolution asks for, its draw
        phase's draw or its discard phase's discard."""
        eng = self.eng
        if isinstance(e, (ev.Phase, ev.PhaseSkip, ev.Recast)):
            return True
        if isinstance(e, ev.Use):
            return not any(f.wants(eng, e) or f.grants_use(eng, e) for f in eng.stack)
        if isinstance(e, ev.Skill):
            return not eng.stack
        return (isinstance(e, ev.Draw) and e.reason == "phase") or \
            (isinstance(e, ev.Discard) and e.reason in (None, "phase", "discard"))

    # ---- the switch (SGS-4003)
    def hp_fell(self, seat: Seat) -> bool:
        first_change = self.eng.rs.p.hulao_switch_trigger == "first_hp_change"
        if seat.seat != LVBU or self.stage != 1 or not seat.alive or (seat.hp > 4 and not first_change) \
                or self.switch_due:
            return False
        self.switch_due = True
        seat.hp = 4  # the switch comes before any dying state
        return True

    def _switch_missing(self) -> None:
        self.switch_due = False
        e = self.eng.event
        self.eng.report(R.HL_SWITCH, LVBU, "the first form's HP fell to 4 or less: 神吕布 switches to his second form at once",
                        expected=f"general_choice of seat {LVBU} ({_second_name(self.second_form)})",
                        observed=f"`{ev.event_type(e)}`" if e is not None else None)
        self._switch()

    def _switch_choice(self, e: ev.GeneralChoice) -> None:
        eng = self.eng
        gen = eng.rs.resolve_general(e.general)
        if gen is None or gen.id != self.second_form:
            eng.report(R.HL_SWITCH, LVBU, "神吕布's only change of card is to his second form", expected=_second_name(self.second_form),
                       observed=e.general)
        if not self.switch_due and self.stage == 1 and eng.rs.p.hulao_switch_on_reshuffle \
                and not eng.table.pile and eng.table.discard:
            # the draw pile is empty: what was about to draw made the first reshuffle, which switched him (the
            # draw itself never came)
            eng.reshuffle()
        if not self.switch_due and self.stage == 1 and eng.rs.p.hulao_switch_trigger == "first_hp_change":
            # the change of HP it replaces never happens, so the log cannot show it: accepted, unchecked
            eng.engine_behaviour(f"seat {LVBU} switches in place of the first change of his HP (hulao_switch_trigger)")
            eng.unverifiable_because(f"the switch of seat {LVBU}: the change of HP it replaced is not in the log")
            self.switch_due = True
        if not self.switch_due:
            lvbu = eng.seat(LVBU)
            eng.report(R.HL_SWITCH, LVBU, "神吕布 switches when his first form's HP falls to 4 or less" if self.stage == 1
                       else "神吕布 is already in his second form", expected="no switch now",
                       observed=f"general_choice at {lvbu.hp if lvbu else '?'} HP")
            if self.stage == 2:
                return
        self.switch_due = False
        self._switch()

    def _switch(self) -> None:
        """The second form replaces the first: cards kept, judge area discarded, chain reset, HP 4 of 4; the
        current turn and every resolution end; 神吕布's turn comes at once."""
        from sgs_replay.content import general_lookup
        from sgs_replay.content import skills as skill_table

        eng = self.eng
        s = eng.seat(LVBU)
        assert s is not None
        second = general_lookup().get(self.second_form)
        if second is not None:
            s.general = second
            names = skill_table()
            s.skills = set()
            for k in second.skills:
                if k in names:
                    eng.skills.gain(s, k)
            s.max_hp = second.hp
        if eng.rs.p.hulao_second_form_hp is not None:
            s.max_hp = eng.rs.p.hulao_second_form_hp
        s.hp = s.max_hp
        s.dying = False
        s.chained = False
        if s.judge:
            eng.to_discard(list(s.judge))
            s.judge.clear()
            s.judge_as.clear()
        eng.stack.clear()  # 所有結算都終止
        eng.settle_processing()
        self.cut = eng.current
        eng.phase = "finish"  # the current turn is over
        self.stage = 2
        self.switched = True
        self.known = True  # from here on the order is seat order from 神吕布
        self.marked = set()
        self.gap = False

    # ---- retreat, reform and return (SGS-4004)
    def after_death(self, seat: Seat) -> None:
        if seat.seat not in ALLIES:
            return
        from sgs_replay.engine.effects import Effect

        for f in self.eng.stack:  # what was still due to the retreating ally lapses
            if isinstance(f, Effect):
                for st in f.steps:
                    if st.seat == seat.seat and not st.done and st.kind != "death":
                        st.done = True
        seat.hp = 0
        seat.chained = False
        self.eng.skipped_turns.discard(seat.seat)  # a skipped turn (据守) was the retreating general's
        self.reform[seat.seat] = 0
        if self.eng.rs.p.hulao_retreat_draw:
            self.retreat_draws = {s.seat for s in self.eng.table.seats.values() if s.seat in ALLIES and s.alive}
        if self.eng.current == seat.seat:
            self.eng.phase = "finish"  # his turn is over

    def _retreat_draw(self, e: ev.Draw) -> None:
        """``hulao_retreat_draw``: as an ally retreats, each other living ally may draw 1 card."""
        eng = self.eng
        if e.seat not in self.retreat_draws:
            why = "the ruleset has no draw for a retreat" if not eng.rs.p.hulao_retreat_draw else \
                f"seat {e.seat} may draw one card as another ally retreats, once, right after the retreat"
            eng.report(R.HL_REFORM, e.seat, why, expected="no draw", observed=f"draw {len(e.cards)} (reason retreat)")
        elif len(e.cards) != 1:
            eng.report(R.HL_REFORM, e.seat, "the retreat draw is one card", expected=1, observed=len(e.cards))
        self.retreat_draws.discard(e.seat)
        do_draw(eng, e)

    def _place_ok(self, seat: int, what: str) -> bool:
        """A reform step or return of ``seat`` is at his place, between turns."""
        eng = self.eng
        self.pass_skips(seat)
        cur = eng.seat(eng.current)
        if cur is not None and cur.alive and eng.phase != "finish":
            eng.report(R.HL_REFORM, seat, f"a reform step or return comes in place of a turn, not inside seat {cur.seat}'s",
                       expected=f"seat {cur.seat}'s turn goes on", observed=what)
            return False
        due = self.due()
        if due is not None and due != seat:
            self._order_report(seat, what)
        return True

    def _step(self, seat: int, e: ev.Event, *, recover: int = 0, draw: ev.Draw | None = None) -> None:
        eng = self.eng
        s = eng.seat(seat)
        assert s is not None
        what = f"recover {recover} for seat {seat}" if draw is None else f"draw {len(draw.cards)} (reason reform) for seat {seat}"
        self._place_ok(seat, what)
        if self.steps_left(seat) <= 0:
            eng.report(R.HL_REFORM, seat, f"seat {seat} has reformed for {eng.rs.p.hulao_reform_rounds} rounds: "
                       "he returns to play now", expected=f"general_choice of seat {seat}", observed=what)
        wounded = s.hp < s.max_hp
        if draw is None:
            if recover != 1 or not wounded:
                eng.report(R.HL_REFORM, seat, "a reform step recovers 1 HP while wounded" if wounded
                           else "at full HP a reform step draws 1 card", expected="recover 1" if wounded else "draw 1",
                           observed=what)
            s.hp = min(s.max_hp, s.hp + recover)
        else:
            if len(draw.cards) != 1 or (wounded and not eng.rs.p.hulao_reform_choice):
                eng.report(R.HL_REFORM, seat, "a reform step draws 1 card, only at full HP" if len(draw.cards) == 1
                           else "a reform step draws 1 card", expected="recover 1" if wounded and not
                           eng.rs.p.hulao_reform_choice else "draw 1", observed=what)
            do_draw(eng, draw)
        self.reform[seat] = self.reform.get(seat, 0) + 1
        self._take_place(seat, turn=False)

    def _return_draw(self, e: ev.Draw) -> None:
        """The cards an ally draws as he returns (``hulao_return_draw_to`` minus his HP); under
        ``hulao_revival_draws_resting`` an ally still resting draws them too (FreeKill's behaviour)."""
        eng = self.eng
        want = self.return_draws.pop(e.seat)
        if self.reforming(e.seat):
            eng.engine_behaviour(f"seat {e.seat}, still resting, draws as another ally returns (hulao_revival_draws_resting)")
        if len(e.cards) != want:
            eng.report(R.HL_REFORM, e.seat, f"seat {e.seat} draws {want} as an ally returns "
                       f"({eng.rs.p.hulao_return_draw_to} minus its HP)", expected=want, observed=len(e.cards))
        do_draw(eng, e)

    def _return(self, e: ev.GeneralChoice) -> None:
        eng = self.eng
        s = eng.seat(e.seat)
        if s is None:
            return
        what = f"general_choice of seat {e.seat}"
        if not self.reforming(e.seat):
            eng.report(R.HL_REFORM, e.seat, f"seat {e.seat} is in play: only a reformed ally returns",
                       expected="no general_choice", observed=what)
            return
        gen = eng.rs.resolve_general(e.general)
        own = next((p.general for p in eng.header.players if p.seat == e.seat), None)
        undefined_own = e.seat in eng.undefined and gen is None and e.general == own
        if not undefined_own and (gen is None or s.general is None or gen.name != s.general.name):
            eng.report(R.HL_REFORM, e.seat, "the ally returns with his own general",
                       expected=s.general.name if s.general else None, observed=e.general)
        silent = not eng.rs.p.hulao_reform_steps
        if silent:
            self.pass_rest()
        self._place_ok(e.seat, what)
        # with silent places the return takes the last place of the rest; with steps it follows them
        if self.steps_left(e.seat) > (1 if silent else 0):
            eng.report(R.HL_REFORM, e.seat, f"seat {e.seat} returns after {eng.rs.p.hulao_reform_rounds} rounds of reform",
                       expected=f"{self.steps_left(e.seat)} more reform places", observed=what)
        del self.reform[e.seat]
        s.alive = True
        s.dying = False
        refill = eng.rs.p.hulao_return_draw_to
        if refill is not None:
            s.hp = s.max_hp  # 回满
            self.return_draws = {e.seat: max(0, refill - s.hp)}
            if eng.rs.p.hulao_revival_draws_resting:
                for other in sorted(self.reform):
                    o = eng.seat(other)
                    if o is not None:
                        self.return_draws[other] = max(0, refill - o.hp)
            self.return_draws = {k: v for k, v in self.return_draws.items() if v > 0}
        else:
            s.hp = max(s.hp, 1)
        if eng.rs.p.hulao_return_acts:
            self.return_turn = e.seat  # his place is his turn, now
            if self.stage == 1 and e.seat != LVBU:
                if len(self.marked) == len(ALLIES) or e.seat in self.marked:
                    self.marked = set()
                self.marked.add(e.seat)
            self.gap = False
            self.last = e.seat
            self.switched = False
        else:
            self._take_place(e.seat, turn=False)

    # ---- cards
    def recastable(self, card: Card) -> bool:
        """重鑄: 不論是神呂布或聯合軍，手中的武器牌都可以重鑄."""
        return slot_of(card) == "weapon"

    def multi_target_order(self, e: ev.Use, *, include_user: bool) -> list[int]:
        """Area tricks resolve from the current player on (始終按從當前行動玩家開始，逆時針結算)."""
        eng = self.eng
        cur = eng.seat(eng.current)
        start = cur.seat if cur is not None and cur.alive else e.seat
        order = eng.table.order_from(start)
        return order if include_user else [s for s in order if s != e.seat]

    # ---- the end
    def reshuffled(self) -> None:
        """SGS-4005: the draw pile used up for the last time ends the game drawn."""
        eng = self.eng
        limit = eng.rs.p.hulao_exhaustion_limit
        if eng.rs.p.hulao_switch_on_reshuffle and self.stage == 1 and not self.switch_due:
            self.switch_due = True  # the first reshuffle switches 神吕布 (OL): his general_choice comes next
        if eng.header.start is not None or not limit:
            return
        self.exhaustions += 1
        if self.exhaustions >= limit and not eng.over:
            eng.report(R.HL_EXHAUSTED, None, f"the draw pile is used up for the {limit}th time: the game is drawn",
                       expected="game_end winner none (draw)")
            eng.over = ("none", "draw")
            eng.over_line = eng.line

    def game_ending(self, e: ev.GameEnd) -> None:
        """A draw (``reason`` ``draw``) has no winner; declared as the pile is used up for the last time, it
        ends every open resolution at once (what they owed cannot be done any more). Under
        ``hulao_last_retreat_unlogged`` the last ally, dying and not saved, retreats as the game ends."""
        eng = self.eng
        if eng.rs.p.hulao_last_retreat_unlogged and e.winner == "lord" and e.reason == ALLIES_RETREATED:
            from sgs_replay.engine import frames as F

            seats = eng.table.seats
            dying = [s for s in ALLIES if s in seats and seats[s].alive and seats[s].hp <= 0]
            if dying and all(not seats[s].alive or s in dying for s in ALLIES if s in seats):
                eng.engine_behaviour(f"the game ends as seat {dying[0]} retreats, before its death is announced "
                                     "(hulao_last_retreat_unlogged)")
                for s in dying:
                    seats[s].alive = False
                    seats[s].dying = False
                eng.stack[:] = [f for f in eng.stack if not (isinstance(f, F.DyingFrame) and f.seat in dying)]
        limit = eng.rs.p.hulao_exhaustion_limit
        if e.reason == "draw" and not eng.over and not eng.ended:
            if e.winner != "none":
                eng.report(R.O_WINNER, None, "a drawn game has no winner", expected="none", observed=e.winner)
            if limit is not None and self.exhaustions >= limit - 1:
                eng.stack.clear()

    def victory(self) -> tuple[str, str] | None:
        seats = self.eng.table.seats
        lvbu = seats.get(LVBU)
        if lvbu is not None and not lvbu.alive:
            return ("rebel", LVBU_KILLED)
        if all(not seats[s].alive for s in ALLIES if s in seats):
            return ("lord", ALLIES_RETREATED)
        return None


def _second_name(form: str = SECOND_FORM) -> str:
    from sgs_replay.content import general_lookup

    g = general_lookup().get(form)
    return g.name if g is not None else form


def header_problems(h: ev.Game, forms: tuple[str, str] = (FIRST_FORM, SECOND_FORM)
                    ) -> list[tuple[int | None, str, object, object]]:
    """The 1v3 table (SGS-4001): (seat, what, expected, observed) for each fault of the header; ``forms`` are
    神吕布's two forms (``hulao_forms``)."""
    from sgs_replay.content import general_lookup

    first_form, second_form = forms
    out: list[tuple[int | None, str, object, object]] = []
    seats = {p.seat: p for p in h.players}
    if sorted(seats) != [1, 2, 3, 4]:
        out.append((None, "1v3 has four seats", [1, 2, 3, 4], sorted(seats)))
        return out
    for n, p in sorted(seats.items()):
        g = general_lookup().get(p.general)
        gid = g.id if g is not None else None
        if n == LVBU:
            allowed = (first_form, second_form) if h.start is not None else (first_form,)
            if p.role != "lord" or gid not in allowed:
                first = general_lookup().get(first_form)
                out.append((n, "seat 1 is 神吕布 (role lord), in his first form at the start",
                            f"lord, {first.name if first else first_form}",
                            f"{p.role}, {p.general}"))
        elif p.role != "rebel" or gid in (first_form, second_form):
            out.append((n, f"seat {n} is the {ROLE_NAMES[n]}, an ally (role rebel)", "rebel, an allied general",
                        f"{p.role}, {p.general}"))
    return out


__all__ = ["ALLIES", "LVBU", "REFORM", "RETREAT", "Hulao", "header_problems"]
