"""A simulated 1v1 game (ruleset 1v1-2013): the draft, the lineups, alternating turns, and each dead
general replaced by one of its player's reserves until a player has none left.

The rules are the engine's (:mod:`sgs_replay.modes.one_v_one`): the pool of ten (《三國殺各種模式的規則》
1v1: the 主公 = warm player picks first), three generals a player, the cold (内奸) player's first turn
with one card fewer, and 《2013 王者之战 比赛规则》 4．武将阵亡及新武将登场: after a death the next general
enters with full HP and its max HP in cards, and a death in one's own turn hands the turn to the
opponent. The pick turns are 1, 2, 2, 2, 2, 1 (the rulebooks say only who picks first); a ruleset's pool and
lineup sizes (freekill-1v1: twelve drawn, six a player, 1222221) are its parameters.
"""

from __future__ import annotations

from typing import Any

from sgs_replay.content.names import CARD
from sgs_replay.engine import frames as F
from sgs_replay.engine.cards.one_v_one import Drowning
from sgs_replay.formats import events as ev
from sgs_replay.simulate.game import MAX_TURNS, UNSUPPORTED_GENERALS, Game, plays
from sgs_replay.skills import policy
from sgs_replay.skills.policy import Moment


def pick_sizes(pool: int) -> tuple[int, ...]:
    """The pick turns of a draft of ``pool`` generals: one, then two at a time, the last one alone — 1, 2, 2, 2,
    2, 1 for the rulebooks' ten; FreeKill's twelve: "按照1222221的顺序选择武将" (《1v1模式简介》 2.)."""
    return (1, *[2] * ((pool - 2) // 2), 1) if pool >= 2 else (pool,)


SEATS: dict[str, int] = {"cold": 1, "warm": 2}


class TurnCut(Exception):
    """The current turn is over at once: its character died in it (or 翩仪 ended it)."""


@plays("1v1")
class OneVOneGame(Game):
    """1v1: seat 1 is the cold (内奸) player, seat 2 the warm (主公) one."""

    def _header(self, game_id: str) -> ev.Game:
        rng, rs = self.rng, self.rs
        size = int(rs.p.general_pool_size or 10)
        per = int(rs.p.generals_per_player or 3)
        roster = [g for g in rs.roster if g not in UNSUPPORTED_GENERALS]
        pool = rng.sample(roster, size)
        self.prelude = [ev.DraftPool(generals=list(pool))]
        left = list(pool)
        picks: dict[str, list[str]] = {"cold": [], "warm": []}
        side: ev.Side = "warm" if rs.p.first_pick == "lord" else "cold"
        for n in pick_sizes(size):
            chosen = rng.sample(left, min(n, len(left)))
            for g in chosen:
                left.remove(g)
            picks[side].extend(chosen)
            self.prelude.append(ev.DraftPick(side=side, generals=chosen))
            side = "cold" if side == "warm" else "warm"
        #: the name a general is written with (the plain name, as in the draft) by the name the ruleset resolves
        self.plain: dict[str, str] = {}
        for g in pool:
            gen = rs.resolve_general(g)
            self.plain[gen.name if gen is not None else g] = g
        players = []
        for sd in ("cold", "warm"):
            lineup = rng.sample(picks[sd], per)
            seat = SEATS[sd]
            self.prelude.append(ev.GeneralChoice(seat=seat, general=lineup[0], reserves=lineup[1:]))
            players.append(ev.Player(seat=seat, general=lineup[0], name=f"P{seat}", side=sd))  # type: ignore[arg-type]
        return ev.Game(format=ev.FORMAT_ID, mode="1v1", ruleset=rs.name, players=players, game_id=game_id,
                       meta={"generator": "sgs-replay simulate"})

    # ------------------------------------------------------------------ turns
    def rounds(self) -> None:
        """The first player's turn, then the two in alternation; a turn cut short by a death ends there."""
        seat = SEATS["cold"] if self.rs.p.first_player == "renegade" else SEATS["warm"]
        while self.turns < MAX_TURNS:
            if seat in self.skipped_turn:  # 据守
                self.skipped_turn.discard(seat)
            else:
                try:
                    self.turn(seat)
                except TurnCut:
                    pass
            seat = 3 - seat

    def deal_size(self, s: int) -> int:
        """The starting general's hand: its max HP, at most ``initial_hand_cap`` (freekill-1v1: 5)."""
        cap = self.rs.p.initial_hand_cap
        k = super().deal_size(s)
        return k if cap is None else min(k, cap)

    def entry_hand(self, seat: int) -> int:
        """The entering general's hand: its max HP, at most ``initial_hand_cap``; without
        ``entry_hand_reshuffle`` only what the draw pile still holds (FreeKill deals it with no reshuffle)."""
        cap = self.rs.p.initial_hand_cap
        n = self.seat(seat).max_hp if cap is None else min(self.seat(seat).max_hp, cap)
        return n if self.rs.p.entry_hand_reshuffle else min(n, self.eng.table.pile.total())

    # ------------------------------------------------------------------ death and the next general
    def aftermath(self) -> None:
        """B–E: the next general enters (one of the reserves, at random) and draws its max HP in cards;
        a death in one's own turn (or 翩仪) ends the turn."""
        super().aftermath()
        mode: Any = self.eng.mode
        for dead in list(mode.awaiting):  # A (死亡时): 藏机, 延祸, then the opponent's 肃资
            snap = mode.at_death.get(dead)
            if snap is not None:
                for act in policy.asked(self, Moment.AT_DEATH, self.seat(dead)):
                    act(self, dead, snap)
        while mode.awaiting:
            seat = mode.awaiting[0]
            self.skipped_turn.discard(seat)  # the dead general's skipped turn (据守) is not the next one's
            left = mode.reserves.get(seat) or []
            general = self.rng.choice(left)
            self.emit(ev.GeneralChoice(seat=seat, general=self.plain.get(general, general)))
            n = self.entry_hand(seat)
            if n > 0:
                self.emit(ev.Draw(seat=seat, cards=self.take(n), reason="initial"))
            me = self.seat(seat)  # D (登场时): 虎威, 骁袭 or 蛮裔 at the opponent, perhaps
            any(act(self, me) for act in policy.asked(self, Moment.ENTERS, me))
            if mode.cut_turn is not None and mode.cut_turn == self.eng.current:
                raise TurnCut

    # ------------------------------------------------------------------ the 1v1 card
    def use(self, e: ev.Use) -> None:
        if F.used_name(e) != CARD.drowning:
            super().use(e)
            return
        self.emit(e)
        self.after_respond(e)
        frame = self.eng.top(Drowning)
        if frame is None or self.nullify_window(e.seat, frame.target):
            return
        t = self.seat(frame.target)
        if t.equip and self.chance(0.6):
            self.emit(ev.Discard(seat=t.seat, cards=[t.equip[sl] for sl in sorted(t.equip)], reason=CARD.drowning))
            self.fulfil(after=self.last_seq)  # 枭姬's chance comes from the emitting loop
            return
        self.damage(t.seat, F.damage_taken(self.eng, t, 1, "normal"), e.seat, e.card, "normal")

