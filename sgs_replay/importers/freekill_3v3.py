"""FreeKill's 3v3 mode (``m_3v3_mode``) → ``sgs-replay/1`` with ``mode: "3v3"``, ruleset ``freekill-3v3``.

The mode is a game-mode package on top of the identity reader's packets (``docs/freekill.md``, 3v3
section); this reader adds what the mode sends of its own:

- roles ``cool_vanguard``/``cool_marshal``/``warm_…`` → ``side`` cold/warm and ``position``
  vanguard/commander (the marshal is the commander; FreeKill's "cool" is the format's ``cold``);
- the draft: each ``#1v1ChooseGeneralsLog`` is a ``draft_pick``; the 16 generals offered are not
  recorded, they are the union of the picks (written as ``draft_pool`` before the first pick); each
  side's seated generals (``[left vanguard, marshal, right vanguard]`` on seats 1–3 / 4–6) are its
  ``lineup``;
- action units: the ``@!action-round`` mark set on the character about to act. A marshal's mark
  opens a ``commander`` unit, a vanguard's a ``vanguards`` unit whose ``order`` is that vanguard and
  then the side's other living vanguard that has not acted (FreeKill runs it at once);
- the AOE direction, which FreeKill asks before the card is used and does not log: it is read from the
  order in which the targets answer, take damage, recover or take a 五谷丰登 card (``cw`` when the
  order cannot tell, the engine's default answer);
- the 106-card deck (ids 161–266, ``fk_cards_3v3.csv``) and the winner (``GameOver`` names the three
  players of the winning side).

A recording is this mode's when its room settings say ``gameMode: m_3v3_mode`` and its draw pile is
the 106-card deck; anything else raises :class:`~sgs_replay.importers.freekill.FreeKillError`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from sgs_replay import content
from sgs_replay.formats.events import (
    ActionUnit,
    Damage,
    Direction,
    DraftPick,
    DraftPool,
    Event,
    Game,
    GameEnd,
    Lineup,
    Move,
    Player,
    Position,
    Recover,
    Resign,
    Respond,
    SeatState,
    Side,
    Use,
)
from sgs_replay.importers import freekill as fk
from sgs_replay.importers.freekill import FreeKillError, ImportProblem

__all__ = ["GAME_MODE", "RULESET", "Reader3v3"]

GAME_MODE = "m_3v3_mode"
RULESET = "freekill-3v3"

#: FreeKill role → (side, position)
_ROLES: dict[str, tuple[Side, Position]] = {
    "cool_vanguard": ("cold", "vanguard"), "cool_marshal": ("cold", "commander"),
    "warm_vanguard": ("warm", "vanguard"), "warm_marshal": ("warm", "commander"),
}
_SIDES: dict[str, Side] = {"cool": "cold", "warm": "warm"}
#: the cards whose direction the user chooses (RULES: every card with several targets and no minimum)
_AOE = frozenset({"南蛮入侵", "万箭齐发", "桃园结义", "五谷丰登"})
_MARK_ACTED = "@!action-round"



class _Aoe:
    """An AOE card in resolution: its `use` and the seats that answered or were affected, in order."""

    def __init__(self, use: Use, active: Any) -> None:
        self.use = use
        self.active = active
        self.seats: list[int] = []


class Reader3v3(fk._Reader):
    """The identity reader with the 3v3 mode's seats, draft, action units, AOE direction and deck."""

    def __init__(self, name: str, top: list[Any], entries: list[fk._Entry]) -> None:
        super().__init__(name, top, entries)
        self.handlers["SetPlayerMark"] = self.on_mark
        self.handlers["ShowToast"] = self.on_toast
        self.log_handlers["#1v1ChooseGeneralsLog"] = self.log_draft
        self.log_handlers["#LoseMaxHP"] = self.log_noise
        self.log_handlers["#AcquireSkill"] = self.log_noise
        self.picks: dict[Side, list[str]] = {"cold": [], "warm": []}
        self.pool_written = False
        self.acted: set[int] = set()  # player ids whose 小红旗 is up this round
        self.unit: list[int] = []  # the seats of the open vanguards' unit still to act
        self.aoe: _Aoe | None = None
        self.lineup_written = False

    def detect_ruleset(self) -> str:
        """``freekill-3v3`` when the settings name the 3v3 mode and the draw pile is its 106-card deck."""
        if self.game_mode != GAME_MODE:
            raise FreeKillError(f"game mode {self.game_mode!r} is not the 3v3 mode {GAME_MODE!r}",
                                self.name, 2, "header")
        table = fk.card_table(RULESET)
        for entry in self.entries:
            if entry.command == "PrepareDrawPile" and not entry.request:
                ids = entry.payload if isinstance(entry.payload, list) else []
                if sorted(i if isinstance(i, int) else -1 for i in ids) != sorted(table):
                    raise FreeKillError(f"a draw pile of {len(ids)} cards, not the {len(table)}-card deck of the 3v3 "
                                        "mode (ids 161-266)", self.name, entry.index, entry.command)
                break
        return RULESET

    def side_of(self, pid: int) -> tuple[Side, Position] | None:
        info = self.players.get(pid)
        return _ROLES.get(info.role or "") if info is not None else None

    def build_header(self) -> Game:
        if not self.order:
            self.problems.append(ImportProblem(0, "header", "no ArrangeSeats packet: the seats are unknown"))
        players: list[Player] = []
        start_seats: dict[str, SeatState] = {}
        for pid in self.order:
            info = self.players[pid]
            general = info.general or "?"
            g = content.generals().get(general) if self.defined_zh(general) is not None else None
            if info.general is None:
                self.problems.append(ImportProblem(0, "header", f"unknown general {general!r} (kept as id)"))
            name = self.general_name(info.general) if info.general is not None else general
            sp = self.side_of(pid)
            if sp is None:
                self.problems.append(ImportProblem(0, "header", f"player {pid} has no 3v3 role ({info.role!r})"))
            seat = self.seat_of[pid]
            players.append(Player(seat=seat, general=name, name=info.name,
                                  side=sp[0] if sp else None, position=sp[1] if sp else None))
            max_hp = self.start_max_hp.get(pid, info.max_hp)
            if g is None and info.general is not None:  # the rules do not give its HP: the recording does
                bonus = content.ruleset(RULESET).p.commander_hp_bonus if sp is not None and sp[1] == "commander" else 0
                self.undefined_hp(players[-1], pid, bonus, start_seats)
            elif g is not None and max_hp is not None:
                want = g.hp + (1 if sp is not None and sp[1] == "commander" else 0)
                if max_hp != want or (info.hp is not None and info.hp != max_hp):
                    start_seats[str(seat)] = SeatState(hp=info.hp, max_hp=max_hp)
        return self.game_header("3v3", RULESET, players, start_seats)

    # -- draft ---------------------------------------------------------------------------------

    def all_picks(self) -> list[str]:
        """Every general the recording's draft logs name, in pick order (the 16 of the pool)."""
        out: list[str] = []
        for entry in self.entries:
            p = entry.payload
            if (not entry.request and entry.command == "GameLog" and isinstance(p, Mapping)
                    and p.get("type") == "#1v1ChooseGeneralsLog"):
                out += [self.general_name(str(g)) for g in (p.get("arg2"), p.get("arg3")) if g]
        return out

    def log_draft(self, p: Mapping[str, Any]) -> None:
        side = _SIDES.get(str(p.get("arg")))
        if side is None:
            raise fk._Malformed(f"a draft pick for an unknown side {p.get('arg')!r}")
        if not self.pool_written:
            self.pool_written = True
            self.emit(DraftPool(generals=self.all_picks()))
        names = [self.general_name(str(g)) for g in (p.get("arg2"), p.get("arg3")) if g]
        self.picks[side] += names
        self.emit(DraftPick(side=side, generals=names))

    def write_lineups(self) -> None:
        """Each side's three seated generals, once the seats show them (before the opening deal)."""
        if self.lineup_written or not self.order or not self.pool_written:
            return
        self.lineup_written = True
        for side in ("cold", "warm"):
            commander: str | None = None
            vanguards: list[str] = []
            for pid in self.order:
                sp = self.side_of(pid)
                general = self.players[pid].general
                if sp is None or sp[0] != side or general is None:
                    continue
                g = content.generals().get(general) if self.defined_zh(general) is not None else None
                name = g.name if g else general
                if sp[1] == "commander":
                    commander = name
                else:
                    vanguards.append(name)
            if commander is not None:
                self.emit(Lineup(side=side, commander=commander, vanguards=vanguards))

    def on_draw_pile(self, p: Any) -> None:
        if self.entry is not None and self.entry.command == "PrepareDrawPile":
            self.write_lineups()
        super().on_draw_pile(p)

    # -- action units --------------------------------------------------------------------------

    def on_mark(self, p: Any) -> None:
        """``SetPlayerMark [id, "@!action-round", 1]`` before a turn: the character about to act. A skill
        may show its choice as a mark its FreeKill traits name: 筹进's enemy (``target_mark``) and 战神's
        effect (``choice_mark``), written on the skill's event."""
        if not (isinstance(p, list) and len(p) >= 3):
            return
        mark = str(p[1])
        last = self.last_skill[1] if self.last_skill is not None else None
        traits = fk._traits(self.last_skill[0]) if self.last_skill is not None else None
        if traits is not None and last is not None and p[2] and mark == traits.target_mark:
            last.targets = [self.seat(p[0])]
            return
        choice = traits.choice_mark if traits is not None else None
        m = re.fullmatch(rf"{re.escape(choice)}(\d+)", mark) if choice is not None else None
        if m and p[2] and last is not None and last.seat == self.seat(p[0]):
            last.choice = int(m.group(1))
            return
        if mark != _MARK_ACTED:
            return
        pid = fk._int(p[0], "player id")
        if not p[2]:
            self.acted.discard(pid)
            if pid in self.dead:  # a dead character's marks are cleared with it: the round goes on
                seat = self.seat(pid)
                self.unit = [s for s in self.unit if s != seat]
            else:  # the round's end: every 小红旗 lowered
                self.unit = []
            return
        seat = self.seat(pid)
        self.acted.add(pid)
        if self.unit and self.unit[0] == seat:
            self.unit.pop(0)
            return
        sp = self.side_of(pid)
        if sp is None:
            raise fk._Malformed(f"player {pid} acts without a 3v3 role")
        side, position = sp
        if position == "commander":
            self.unit = []
            self.emit(ActionUnit(side=side, who="commander"))
            return
        order = [seat] + [self.seat_of[q] for q in self.order
                          if q != pid and q not in self.acted and q not in self.dead
                          and self.side_of(q) == (side, "vanguard")]
        self.unit = order[1:]
        self.emit(ActionUnit(side=side, who="vanguards", order=order))

    # -- AOE direction -------------------------------------------------------------------------

    def emit(self, ev: Event) -> None:
        super().emit(ev)
        aoe = self.aoe
        if aoe is None:
            return
        seat: int | None = None
        if isinstance(ev, Respond):
            seat = ev.seat
        elif isinstance(ev, Damage) and ev.card == aoe.use.card:
            seat = ev.target
        elif isinstance(ev, Recover) and ev.card == aoe.use.card:
            seat = ev.seat
        elif isinstance(ev, Move) and ev.from_ is not None and ev.from_.zone == "processing" and ev.to is not None:
            seat = ev.to.seat
        if seat is not None and seat not in aoe.seats:
            aoe.seats.append(seat)

    def make_use(self, p: Mapping[str, Any], to: list[Any]) -> None:
        super().make_use(p, to)
        use = self.last_use
        if (use is not None and self.stack and self.aoe is None
                and (use.as_ or fk._name_of(use.card or " ")) in _AOE):
            self.aoe = _Aoe(use, self.stack[-1])

    def target_order(self, act: fk._Active) -> list[int]:
        """An AOE's targets against seat order (``cw``, FreeKill's default) unless its targets so far
        went the other way round; any other card's in seat order."""
        aoe = self.aoe
        if aoe is None or aoe.active is not act or self.direction(aoe.use, aoe.seats) == "ccw":
            return super().target_order(act)
        n = len(self.order)
        user = act.user or 0
        return sorted(act.targets, key=lambda seat: (user - seat) % n)

    def aoe_done(self) -> None:
        """Write the direction of the AOE whose card has left the processing area."""
        aoe = self.aoe
        if aoe is None or any(a is aoe.active for a in self.stack):
            return
        self.aoe = None
        aoe.use.direction = self.direction(aoe.use, aoe.seats)

    def direction(self, use: Use, seen: list[int]) -> Direction:
        """``ccw`` when the order of the seats can only be increasing seat order, else ``cw`` (FreeKill's
        default answer, and the AI's)."""
        n = len(self.order)
        user = use.seat

        def rank(seat: int, step: int) -> int:
            return ((seat - user) * step) % n

        inc = [rank(s, 1) for s in seen]
        dec = [rank(s, -1) for s in seen]
        if inc == sorted(inc) and dec != sorted(dec):
            return "ccw"
        return "cw"

    def run(self) -> fk.Conversion:
        conv = super().run()
        if self.aoe is not None:
            self.aoe.use.direction = self.direction(self.aoe.use, self.aoe.seats)
        return conv

    def pop_active(self, cid: int) -> None:
        super().pop_active(cid)
        self.aoe_done()

    def clear_resolution(self) -> None:
        super().clear_resolution()
        self.aoe_done()

    # -- logs ----------------------------------------------------------------------------------

    def log_noise(self, p: Mapping[str, Any]) -> None:
        """A log whose change another packet carries (#LoseMaxHP: the ``maxHp`` property; #AcquireSkill:
        the awakening's own invocation)."""

    def on_toast(self, p: Any) -> None:
        """The draft's prompt text on the screen: nothing the format records."""

    # -- end -----------------------------------------------------------------------------------

    def on_game_over(self, p: Any) -> None:
        self.checkpoint("game end")
        text = str(p or "")
        self.game_over = text
        ids = [int(x) for x in text.split("+") if x.strip().isdigit()]
        sides = {sp[0] for i in ids if (sp := self.side_of(i)) is not None}
        loser = self.side_of(self.surrendered) if self.surrendered is not None else None
        if not text:
            self.no_winner()
        elif len(sides) == 1 and loser is not None:  # 投降: the surrendering player's side concedes
            self.emit(Resign(side=loser[0]))
            self.emit(GameEnd(winner=sides.pop(), reason="resign"))
        elif len(sides) == 1:
            self.emit(GameEnd(winner=sides.pop(), reason="commander_killed"))
        else:
            self.problem(f"the game ended with no winning side the format can name ({text!r})")


fk.register_mode(GAME_MODE, Reader3v3, RULESET, ("3v3_cards",))  # the mode's own 106 cards (161–266)
