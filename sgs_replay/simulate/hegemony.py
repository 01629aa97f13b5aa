"""A simulated 國戰 game (ruleset ``hegemony``): two generals of one kingdom per player, face down at the start.

The rules are the engine's (:mod:`sgs_replay.modes.hegemony`). Each player is dealt generals and keeps two of one
kingdom; at the start of its turn a player turns each face-down general up one time in two (always when that would
end the game), then takes the leftover half fish's card and the 珠联璧合 bonus; a dying character's generals are
turned up as it dies; the winner is the kingdom left. The log has full information; :meth:`HegemonyGame.hidden_copy`
writes the same game from nobody's view (every general ``?``, the public max HP given), which must validate too.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from sgs_replay.formats import events as ev
from sgs_replay.modes.hegemony import COMPANION, HALF, KINGDOMS, Hegemony, max_hp_of
from sgs_replay.simulate.game import UNSUPPORTED_GENERALS, Game, plays


@plays("hegemony")
class HegemonyGame(Game):
    """國戰 with ``n`` players."""

    def _header(self, game_id: str) -> ev.Game:
        rs, rng = self.rs, self.rng
        by_kingdom: dict[str, list[str]] = {k: [] for k in KINGDOMS}
        for name in rs.roster:
            g = rs.resolve_general(name)
            if g is not None and g.kingdom in by_kingdom and name not in UNSUPPORTED_GENERALS:
                by_kingdom[g.kingdom].append(name)
        players = []
        for seat in range(1, self.n + 1):
            k = rng.choice([k for k in KINGDOMS if len(by_kingdom[k]) >= 2])
            a, b = rng.sample(by_kingdom[k], 2)
            by_kingdom[k].remove(a)
            by_kingdom[k].remove(b)
            players.append(ev.Player(seat=seat, general=a, deputy=b, name=f"P{seat}"))
        return ev.Game(format=ev.FORMAT_ID, mode="hegemony", ruleset=rs.name, players=players, game_id=game_id,
                       meta={"generator": "sgs-replay simulate"})

    # ------------------------------------------------------------------ reveals
    @property
    def mode(self) -> Hegemony:
        mode = self.eng.mode
        assert isinstance(mode, Hegemony)
        return mode

    def at_turn_start(self, seat: int) -> None:
        down = [i for i in (0, 1) if not self.mode.up[seat][i]]
        if not down:
            return
        ends = self.mode.winner(assume_hidden=True) is not None
        show = [i for i in down if ends or self.chance(0.5)]
        if show:
            self.reveal(seat, show, "turn_start")

    def reveal(self, seat: int, which: list[int], reason: Literal["turn_start", "death"]) -> None:
        """Turn generals ``which`` (0 主将, 1 副将) of the seat face up; at the start of a turn, then the game's end if
        that leaves one kingdom, or the bonuses of a pair first shown."""
        gens = self.mode.gens[seat]
        names = [g.name if i in which and g is not None else None for i, g in enumerate(gens)]
        self.emit(ev.RevealGeneral(seat=seat, main=names[0], deputy=names[1], reason=reason))
        if reason == "death":
            return
        self.check_over()  # a reveal that leaves one kingdom ends the game: no bonus after it
        me = self.seat(seat)
        for s, kind in list(self.mode.due):
            if s != seat:
                continue
            if kind == HALF and self.chance(0.8):
                self.emit(ev.Draw(seat=seat, cards=self.take(1), reason=HALF))
            elif kind == COMPANION and self.chance(0.8):
                if me.hp < me.max_hp and self.chance(0.5):
                    self.emit(ev.Recover(seat=seat, amount=1))
                else:
                    self.emit(ev.Draw(seat=seat, cards=self.take(2), reason=COMPANION))

    def before_death(self, seat: int) -> None:
        down = [i for i in (0, 1) if not self.mode.up[seat][i]]
        if down:
            self.reveal(seat, down, "death")

    # ------------------------------------------------------------------ the copy from nobody's view
    def hidden_copy(self) -> list[bytes]:
        """The same game with every general ``?`` in the header and the public max HP given."""
        header = msgspec.json.decode(self.lines[0], type=ev.Game)
        players = []
        for p in header.players:
            a, b = self.rs.resolve_general(p.general), self.rs.resolve_general(p.deputy or "")
            assert a is not None and b is not None
            players.append(msgspec.structs.replace(p, general="?", deputy="?", max_hp=max_hp_of(self.rs, a, b)))
        return [self.enc.encode(msgspec.structs.replace(header, players=players)), *self.lines[1:]]

    # ------------------------------------------------------------------ the skills that speak of kingdoms
    def played_generals(self) -> list[str]:
        """Both generals of every seat (face up or not: the coverage counts the skills a general holds in force)."""
        return [g.name for seat in sorted(self.mode.gens) for g in self.mode.gens[seat] if g is not None]
