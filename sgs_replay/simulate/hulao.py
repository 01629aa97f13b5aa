"""A simulated 1V3 虎牢關 game (ruleset ``hulao``): 神吕布 (seat 1) against 先锋, 中坚 and 大将 (seats 2–4),
both stages, the switch, the allies' retreat, reform and return, and the draw by an exhausted pile.

The rules are the engine's (:mod:`sgs_replay.modes.hulao`, 《三國殺各種模式的規則》 · 1V3虎牢關模式): in the first
stage the allies take their places in seat order and after each allied turn 神吕布 may take one (here he
takes it one time in two when it is his choice); when 最强神话's HP falls to 4 or less he switches
at once (``general_choice``), the turn in progress is over and his turn comes; then seat order. A
retreated ally recovers 1 HP in place of each of his turns, at full HP draws 1 card instead, and returns
at his next place after the reform rounds. Anyone may recast a weapon in hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sgs_replay.engine.state import slot_of
from sgs_replay.formats import events as ev
from sgs_replay.formats.cards import parse_card
from sgs_replay.modes.hulao import ALLIES, LVBU, REFORM, RETREAT
from sgs_replay.simulate.game import MAX_TURNS, UNSUPPORTED_GENERALS, Game, GameOver, plays

if TYPE_CHECKING:
    from sgs_replay.content import Ruleset

#: 神吕布's two forms, as the header and the switch write them
FIRST, SECOND = "神吕布·最强神话", "神吕布·暴怒的战神"


#: the 1v3 parameters the simulator plays in any value (the opening hands, the pile running out); every other
#: ``hulao_*`` parameter must keep the rulebook's value (ruleset ``hulao``)
PLAYED_PARAMS = frozenset({"hulao_initial_hands", "hulao_exhaustion_limit"})


def unsupported(rs: Ruleset) -> str | None:
    """Why the simulator cannot play the 1v3 ruleset ``rs`` (None: it can). It plays the rulebook's 虎牢關 with its
    allies drawn from the roster: a ruleset that changes the order of the places, the reform, the return or the
    switch (freekill-hulao's OL-revised rules and FreeKill's own behaviour), or that names no roster (its allies
    come from every package), is refused rather than played by other rules."""
    from sgs_replay.content import ruleset
    from sgs_replay.content.params import Params

    base = ruleset("hulao").p
    changed = sorted(k for k in Params.__struct_fields__
                     if k.startswith("hulao_") and k not in PLAYED_PARAMS and getattr(rs.p, k) != getattr(base, k))
    why = []
    if changed:
        why.append(f"it changes {', '.join(changed)}")
    if not rs.roster:
        why.append("its roster is empty (the allies come from every package)")
    if not why:
        return None
    return ("the simulator plays the rulebook's 1V3 虎牢關 (hulao, hulao-maneuvering) with allies from the roster; "
            + " and ".join(why))


class StageChange(Exception):
    """最强神话 has switched: the turn in progress and every resolution are over."""


@plays("1v3")
class HulaoGame(Game):
    """1v3: seat 1 神吕布, seats 2–4 the allies."""

    def _header(self, game_id: str) -> ev.Game:
        pool = [g for g in self.rs.roster if g not in UNSUPPORTED_GENERALS and g not in (FIRST, SECOND)]
        allies = self.rng.sample(pool, len(ALLIES))
        players = [ev.Player(seat=LVBU, general=FIRST, name="P1", role="lord")]
        players += [ev.Player(seat=s, general=g, name=f"P{s}", role="rebel") for s, g in zip(ALLIES, allies, strict=True)]
        return ev.Game(format=ev.FORMAT_ID, mode="1v3", ruleset=self.rs.name, players=players, game_id=game_id,
                       meta={"generator": "sgs-replay simulate"})

    def deal_size(self, s: int) -> int:
        return int(self.rs.p.hulao_initial_hands[s - 1])

    # ------------------------------------------------------------------ writing
    def emit(self, e: ev.Event) -> None:
        """Write ``e``; once 最强神话's HP has fallen to 4 or less, his switch comes first and ends the turn."""
        self._switch_if_due()
        super().emit(e)
        self._switch_if_due()

    def _switch_if_due(self) -> None:
        mode: Any = self.eng.mode
        if mode.switch_due:
            super().emit(ev.GeneralChoice(seat=LVBU, general=SECOND))
            raise StageChange

    def take(self, k: int) -> list[str]:
        """The game is drawn when the pile runs out for the last time (SGS-4005), before any reshuffle."""
        limit = self.rs.p.hulao_exhaustion_limit
        if len(self.pile) < k and limit is not None and self.reshuffles + 1 >= limit \
                and self.eng.table.discard:
            raise GameOver("cards")
        return super().take(k)

    def aftermath(self) -> None:
        """``hulao_retreat_draw``: as an ally retreats, each other living ally may draw a card."""
        super().aftermath()
        mode: Any = self.eng.mode
        for seat in sorted(mode.retreat_draws):
            if self.alive(seat) and self.chance(0.8):
                self.emit(ev.Draw(seat=seat, cards=self.take(1), reason=RETREAT))

    def recastable(self, seat: int) -> list[str]:
        """重鑄: a weapon in hand, besides 铁索连环."""
        weapons = [c for c in self.hand_of(seat) if slot_of(parse_card(c)) == "weapon"]
        return super().recastable(seat) + weapons

    # ------------------------------------------------------------------ turns
    def rounds(self) -> None:
        mode: Any = self.eng.mode
        optional = self.rs.p.hulao_lvbu_turn_optional
        while self.turns < MAX_TURNS:
            due = mode.due()
            if mode.stage == 1 and mode.gap and optional and not mode.switched and self.chance(0.5):
                due = LVBU
            elif due in self.skipped_turn and not mode.reforming(due):  # 据守: his place passes unplayed
                self.skipped_turn.discard(due)
                mode.skip_place(due)
                continue
            try:
                self.place(due)
            except StageChange:
                pass

    def place(self, seat: int) -> None:
        """The seat's place in the order: its turn, or a reform step, or its return."""
        mode: Any = self.eng.mode
        if not mode.reforming(seat):
            self.turn(seat)
            return
        self.skipped_turn.discard(seat)  # a skipped turn (据守) was the retreated general's
        s = self.seat(seat)
        if mode.steps_left(seat) <= 0:
            general = s.general.name if s.general is not None else ""
            self.emit(ev.GeneralChoice(seat=seat, general=general))
        elif s.hp < s.max_hp and not (self.rs.p.hulao_reform_choice and self.chance(0.3)):
            self.emit(ev.Recover(seat=seat, amount=1))
        else:
            self.emit(ev.Draw(seat=seat, cards=self.take(1), reason=REFORM))
