"""FreeKill's 1v1 mode (``m_1v1_mode``) → ``sgs-replay/1`` with ``mode: "1v1"``, ruleset ``freekill-1v1``.

The mode is a game-mode package on top of the identity reader's packets (``docs/freekill.md``, 1v1
section); this reader adds what the mode sends of its own:

- roles: FreeKill's ``lord`` (先手, seat 1, moves first) is the format's ``warm`` side, its ``rebel``
  (后手) the ``cold`` side;
- the draft: twelve generals are laid out face up and picked 1-2-2-2-2-2-1 from the 后手; each
  ``#1v1ChooseGeneralsLog`` is a ``draft_pick``. The twelve are not sent: the pool is the union of the
  picks (written as ``draft_pool`` before the first pick);
- each player's starting general (``PropertyUpdate general`` after the draft) and the five others it
  picked, its reserves: one ``general_choice`` per seat before the opening deal;
- a general's death with the game going on: FreeKill discards the dead general's cards, finishes the
  interrupted resolution, then brings the next general in (``#ChangeHero``, the ``general`` property)
  and deals its starting hand (a draw with no reason): ``general_choice`` and a ``draw`` with reason
  ``initial``;
- the 50-card deck (ids 321–370, ``fk_cards_1v1.csv``) and the winner (``GameOver`` names the winner's
  player id: ``all_generals_dead``).

A recording is this mode's when its room settings say ``gameMode: m_1v1_mode`` and its draw pile is
the 50-card deck; anything else raises :class:`~sgs_replay.importers.freekill.FreeKillError`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sgs_replay import content
from sgs_replay.formats.events import (
    DraftPick,
    DraftPool,
    Draw,
    Game,
    GameEnd,
    GeneralChoice,
    Player,
    Resign,
    SeatState,
    Side,
)
from sgs_replay.importers import freekill as fk
from sgs_replay.importers.freekill import FreeKillError, ImportProblem

__all__ = ["GAME_MODE", "RULESET", "Reader1v1"]

GAME_MODE = "m_1v1_mode"
RULESET = "freekill-1v1"

#: FreeKill role → side (the 先手 holds the 主公 card: warm)
_SIDES: dict[str, Side] = {"lord": "warm", "rebel": "cold"}
#: the draft log's side names
_DRAFT_SIDES: dict[str, Side] = {"firstPlayer": "warm", "secondPlayer": "cold"}


class Reader1v1(fk._Reader):
    """The identity reader with the 1v1 mode's sides, draft, lineups, next generals and deck."""

    def __init__(self, name: str, top: list[Any], entries: list[fk._Entry]) -> None:
        super().__init__(name, top, entries)
        self.handlers["ShowToast"] = self.on_toast
        self.log_handlers["#1v1ChooseGeneralsLog"] = self.log_draft
        self.log_handlers["#1v1Score"] = self.log_noise
        self.log_handlers["#ChangeHero"] = self.log_change_hero
        self.log_handlers["#ChangeKingdom"] = self.log_noise
        self.log_handlers["#ChangeGender"] = self.log_noise
        self.picks: dict[Side, list[str]] = {"cold": [], "warm": []}
        self.pool_written = False
        self.lineup_written = False
        self.entering: set[int] = set()  # player ids whose next general has entered and not drawn its hand
        self.first_general: dict[int, str] = {}  # player id → the starting general (FreeKill id)
        self.current_pid: int | None = None  # the player whose turn it is
        self.entered: dict[int, GeneralChoice] = {}  # player id → the general_choice of a general entering now

    def detect_ruleset(self) -> str:
        """``freekill-1v1`` when the settings name the 1v1 mode and the draw pile is its 50-card deck."""
        if self.game_mode != GAME_MODE:
            raise FreeKillError(f"game mode {self.game_mode!r} is not the 1v1 mode {GAME_MODE!r}",
                                self.name, 2, "header")
        table = fk.card_table(RULESET)
        for entry in self.entries:
            if entry.command == "PrepareDrawPile" and not entry.request:
                ids = entry.payload if isinstance(entry.payload, list) else []
                if sorted(i if isinstance(i, int) else -1 for i in ids) != sorted(table):
                    raise FreeKillError(f"a draw pile of {len(ids)} cards, not the {len(table)}-card deck of the 1v1 "
                                        "mode (1v1_cards, ids 321-370); this version supports no other card package "
                                        "in 1v1", self.name, entry.index, entry.command)
                break
        return RULESET

    def side_of(self, pid: int) -> Side | None:
        info = self.players.get(pid)
        return _SIDES.get(info.role or "") if info is not None else None

    # -- header --------------------------------------------------------------------------------

    def build_header(self) -> Game:
        if not self.order:
            self.problems.append(ImportProblem(0, "header", "no ArrangeSeats packet: the seats are unknown"))
        players: list[Player] = []
        start_seats: dict[str, SeatState] = {}
        for pid in self.order:
            info = self.players[pid]
            general = self.first_general.get(pid, info.general) or "?"
            g = content.generals().get(general) if self.defined_zh(general) is not None else None
            if general == "?":
                self.problems.append(ImportProblem(0, "header", f"unknown general {general!r} (kept as id)"))
            name = self.general_name(general) if general != "?" else general
            side = self.side_of(pid)
            if side is None:
                self.problems.append(ImportProblem(0, "header", f"player {pid} has no 1v1 role ({info.role!r})"))
            seat = self.seat_of[pid]
            players.append(Player(seat=seat, general=name, name=info.name, side=side))
            max_hp = self.start_max_hp.get(pid)
            if g is None and general != "?":  # the rules do not give its HP: the recording does
                self.undefined_hp(players[-1], pid, 0, start_seats)
            elif g is not None and max_hp is not None and max_hp != g.hp:
                start_seats[str(seat)] = SeatState(hp=max_hp, max_hp=max_hp)
        return self.game_header("1v1", RULESET, players, start_seats)

    # -- draft and lineup ----------------------------------------------------------------------

    def all_picks(self) -> list[str]:
        """Every general the recording's draft logs name, in pick order (the 12 laid out)."""
        out: list[str] = []
        for entry in self.entries:
            p = entry.payload
            if (not entry.request and entry.command == "GameLog" and isinstance(p, Mapping)
                    and p.get("type") == "#1v1ChooseGeneralsLog"):
                out += [self.general_name(str(g)) for g in (p.get("arg2"), p.get("arg3")) if g]
        return out

    def log_draft(self, p: Mapping[str, Any]) -> None:
        side = _DRAFT_SIDES.get(str(p.get("arg")))
        if side is None:
            raise fk._Malformed(f"a draft pick for an unknown side {p.get('arg')!r}")
        if not self.pool_written:
            self.pool_written = True
            self.emit(DraftPool(generals=self.all_picks()))
        names = [self.general_name(str(g)) for g in (p.get("arg2"), p.get("arg3")) if g]
        self.picks[side] += names
        self.emit(DraftPick(side=side, generals=names))

    def write_lineups(self) -> None:
        """Each player's starting general and reserves, once the seats show them (before the opening deal)."""
        if self.lineup_written or not self.order:
            return
        self.lineup_written = True
        for pid in self.order:
            info = self.players[pid]
            side = self.side_of(pid)
            if info.general is None or side is None:
                continue
            self.first_general[pid] = info.general
            if info.max_hp is not None:
                self.start_max_hp[pid] = info.max_hp
            name = self.general_name(info.general)
            reserves = list(self.picks[side])
            if name in reserves:
                reserves.remove(name)
            elif self.pool_written:
                self.problem(f"player {pid} starts with {name}, which the draft did not give it")
            self.emit(GeneralChoice(seat=self.seat_of[pid], general=name, reserves=reserves or None))

    def on_draw_pile(self, p: Any) -> None:
        if self.entry is not None and self.entry.command == "PrepareDrawPile":
            self.write_lineups()
        super().on_draw_pile(p)

    # -- the next general ----------------------------------------------------------------------

    def log_change_hero(self, p: Mapping[str, Any]) -> None:
        """``#ChangeHero {from, arg: old, arg2: new}``: the player's next general enters play."""
        pid = fk._int(p["from"], "player id")
        if pid not in self.dead:
            self.problem(f"player {pid} changes general while alive")
        new = str(p.get("arg2"))
        info = self.players.setdefault(pid, fk._PlayerInfo())
        info.general = new
        info.max_hp = None  # the new general's, from the property update that follows
        self.dead.discard(pid)
        self.entering.add(pid)
        choice = GeneralChoice(seat=self.seat(pid), general=self.general_name(new))
        self.entered[pid] = choice
        self.emit(choice)

    def on_property(self, p: list[Any]) -> None:
        pid, prop = fk._int(p[0], "player id"), p[1]
        value = p[2] if len(p) > 2 else None
        if prop == "general" and self.started and pid in self.entering:
            return  # the #ChangeHero that came before it
        if prop == "maxHp" and pid in self.entering:
            self.players.setdefault(pid, fk._PlayerInfo()).max_hp = fk._int(value, "max HP")
            choice = self.entered.get(pid)
            if choice is not None and choice.general in self.undefined:
                choice.max_hp = fk._int(value, "max HP")  # the rules do not give it: the log does
            return  # the new general's max HP: part of its entry
        if prop in ("kingdom", "gender") and pid in self.entering:
            super().on_property(p)
            info = self.players[pid]
            choice = self.entered.get(pid)
            if choice is not None and choice.general in self.undefined and info.kingdom and info.gender:
                choice.kingdom, choice.gender = info.kingdom, info.gender  # type: ignore[assignment]
            return
        if prop == "hp" and pid in self.entering:
            self.hp[pid] = fk._int(value, "HP")  # the new general's full HP: part of its entry
            return
        if prop == "dead" and not value and pid in self.entering:
            return  # revived with the new general
        super().on_property(p)

    def draw(self, dst: Any, cards: list[str], skill: str, base: str) -> None:
        pid = fk._int(dst, "player id")
        if not skill and pid in self.entering:
            self.entering.discard(pid)
            self.emit(Draw(seat=self.seat(pid), cards=cards, reason="initial"))
            return
        super().draw(dst, cards, skill, base)

    # -- logs ----------------------------------------------------------------------------------

    def log_turn_start(self, p: Mapping[str, Any]) -> None:
        super().log_turn_start(p)
        self.current_pid = fk._int(p["from"], "player id")

    def log_noise(self, p: Mapping[str, Any]) -> None:
        """A log whose change another packet carries (#1v1Score: the deaths; #ChangeKingdom/#ChangeGender:
        the new general's)."""

    def on_toast(self, p: Any) -> None:
        """A prompt text on the screen: nothing the format records."""

    # -- end -----------------------------------------------------------------------------------

    def on_game_over(self, p: Any) -> None:
        self.checkpoint("game end")
        text = str(p or "")
        self.game_over = text
        ids = [int(x) for x in text.split("+") if x.strip().isdigit()]
        sides = {s for i in ids if (s := self.side_of(i)) is not None}
        loser = self.side_of(self.surrendered) if self.surrendered is not None else None
        if not text:
            self.no_winner()
        elif len(sides) == 1 and loser is not None:  # 投降: the surrendering player concedes
            self.emit(Resign(side=loser))
            self.emit(GameEnd(winner=sides.pop(), reason="resign"))
        elif len(sides) == 1:
            self.emit(GameEnd(winner=sides.pop(), reason="all_generals_dead"))
        else:
            self.problem(f"the game ended with no winning side the format can name ({text!r})")


fk.register_mode(GAME_MODE, Reader1v1, RULESET, ("1v1_cards",))  # the 1v1 mode's own 50 cards (321–370)
