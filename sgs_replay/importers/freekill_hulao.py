"""FreeKill's 虎牢关 (``m_1v3_mode``) → ``sgs-replay/1`` with ``mode: "1v3"``, ruleset ``freekill-hulao``.

The mode is a game-mode package on top of the identity reader's packets (``docs/freekill.md``, 虎牢关); this
reader adds what the mode sends of its own:

- seats: 神吕布 (``lord``) in seat 1, the three allies (``rebel``) in seats 2–4; an ally the project does not
  define keeps its FreeKill id (the ruleset judges it without its skills) and its HP is the header's start;
- 精甲 (神吕布's skill of the sp package): the cards printed for the game (``PrintCard``, negative ids) that it puts into
  神吕布's equipment from outside the game;
- the switch (``#ChangeHero`` of 神吕布, ``m_1v3_convert``): ``general_choice`` of seat 1 with his second form;
- retreat and return: an ally's ``#KillPlayer`` is his ``death``; ``#Revive`` is his return (``general_choice``
  of his own general) and the draw that follows it (reason ``reform``), as are the draws FreeKill deals the
  other resting allies at that moment;
- the 160-card deck (ids 1–160) and the winner (``GameOver`` names the winners' player ids).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sgs_replay import content
from sgs_replay.formats.events import (
    Draw,
    Game,
    GameEnd,
    GeneralChoice,
    Player,
    Recast,
    SeatState,
)
from sgs_replay.importers import freekill as fk
from sgs_replay.importers.freekill import FreeKillError, ImportProblem

__all__ = ["GAME_MODE", "RULESET", "ReaderHulao"]

GAME_MODE = "m_1v3_mode"
RULESET = "freekill-hulao"
#: the mode's rule skill, which deals the returning ally's cards
_RULE_SKILL = "m_1v3_rule"
#: skills that announce something another packet writes (the switch, the weapon recast's button)
#: the mode's weapon recast (不論是神呂布或聯合軍，手中的武器牌都可以重鑄)
_RECAST_WEAPON = "1v3_recast_weapon"
_SILENT = frozenset({"m_1v3_convert", _RECAST_WEAPON})


class ReaderHulao(fk._Reader):
    """The identity reader with the 1v3 mode's seats, printed equipment, switch, retreat and return."""

    def __init__(self, name: str, top: list[Any], entries: list[fk._Entry]) -> None:
        super().__init__(name, top, entries)
        self.handlers["PrintCard"] = self.on_print
        self.log_handlers["#ChangeHero"] = self.log_change_hero
        self.log_handlers["#Revive"] = self.log_revive
        self.log_handlers["#LoseMaxHP"] = self.log_noise
        self.log_handlers["#ChangeKingdom"] = self.log_noise
        self.log_handlers["#ChangeGender"] = self.log_noise
        self.printed: list[str] = []  # the cards printed for the game, in order (精甲)
        self.entering: set[int] = set()  # players whose switch or return is being written (HP/max HP absorbed)
        self.reviving: set[int] = set()  # players revived whose #Revive has not come yet
        self.first_general: dict[int, str] = {}  # player id → the general at the start (FreeKill id)

    def detect_ruleset(self) -> str:
        if self.game_mode != GAME_MODE:
            raise FreeKillError(f"game mode {self.game_mode!r} is not the 虎牢关 mode {GAME_MODE!r}",
                                self.name, 2, "header")
        table = fk.card_table(RULESET)
        for entry in self.entries:
            if entry.command == "PrepareDrawPile" and not entry.request:
                ids = entry.payload if isinstance(entry.payload, list) else []
                if sorted(i if isinstance(i, int) else -1 for i in ids) != sorted(table):
                    raise FreeKillError(f"a draw pile of {len(ids)} cards, not the {len(table)}-card deck of the "
                                        "虎牢关 mode (standard_cards + maneuvering, ids 1-160)", self.name,
                                        entry.index, entry.command)
                break
        return RULESET

    # -- generals ------------------------------------------------------------------------------

    def move_reason(self, skill: str) -> str | None:
        base = fk._skill_base(skill)
        if base == _RULE_SKILL:
            return "reform"
        return super().move_reason(skill)

    # -- header --------------------------------------------------------------------------------

    def build_header(self) -> Game:
        if not self.order:
            self.problems.append(ImportProblem(0, "header", "no ArrangeSeats packet: the seats are unknown"))
        players: list[Player] = []
        start_seats: dict[str, SeatState] = {}
        for pid in self.order:
            info = self.players[pid]
            general = self.first_general.get(pid, info.general) or "?"
            name = self.general_name(general)
            role = fk._ROLES.get(info.role or "")
            if role not in ("lord", "rebel"):
                self.problems.append(ImportProblem(0, "header", f"player {pid} has no 1v3 role ({info.role!r})"))
            seat = self.seat_of[pid]
            players.append(Player(seat=seat, general=name, name=info.name, role=role))
            g = content.generals().get(general) if self.defined_zh(general) is not None else None
            max_hp = self.start_max_hp.get(pid, info.max_hp)
            if g is None and general != "?":  # the rules do not give its HP: the recording does
                self.undefined_hp(players[-1], pid, 0, start_seats)
            elif g is not None and max_hp is not None and max_hp != g.hp:
                start_seats[str(seat)] = SeatState(hp=max_hp, max_hp=max_hp)
        return self.game_header("1v3", RULESET, players, start_seats)

    def on_draw_pile(self, p: Any) -> None:
        if self.entry is not None and self.entry.command == "PrepareDrawPile" and not self.first_general:
            self.first_general = {pid: info.general for pid, info in self.players.items() if info.general}
            for general in self.first_general.values():
                self.general_name(general)  # those the project does not define, known before play
            for pid, info in self.players.items():
                if info.max_hp is not None:
                    self.start_max_hp[pid] = info.max_hp
        super().on_draw_pile(p)

    # -- printed cards -------------------------------------------------------------------------

    def on_print(self, p: Any) -> None:
        """``PrintCard [name, suit, number]``: a card made for this game (精甲's equipment); its id comes with the
        move that brings it into play."""
        if not (isinstance(p, list) and len(p) >= 3):
            raise fk._Malformed("PrintCard needs [name, suit, number]")
        text = fk._card_text(str(p[0]), p[1], p[2])
        if text is None:
            self.problem(f"a printed card {p!r} this reader does not know")
            return
        self.printed.append(text)

    def check_card(self, cid: int, before: Any) -> str:
        if cid >= 0:
            return super().check_card(cid, before)
        if before is None:
            return self.card(cid)
        value = before.value if hasattr(before, "value") and isinstance(before.value, Mapping) else {}
        text = fk._card_text(str(value.get(2)), value.get(3), value.get(4))
        if text is None or text not in self.printed:
            raise fk._Malformed(f"card {cid} is neither in the id table nor a card printed for this game")
        self.known[cid] = text
        return text

    # -- the switch, the return ----------------------------------------------------------------

    def log_change_hero(self, p: Mapping[str, Any]) -> None:
        """``#ChangeHero`` of 神吕布: his second form (the round is over; a new one starts with him)."""
        pid = fk._int(p["from"], "player id")
        new = str(p.get("arg2"))
        info = self.players.setdefault(pid, fk._PlayerInfo())
        info.general = new
        self.entering.add(pid)
        self.clear_resolution()
        self.emit(GeneralChoice(seat=self.seat(pid), general=self.general_name(new)))

    def log_revive(self, p: Mapping[str, Any]) -> None:
        """``#Revive``: a retreated ally returns, with his own general."""
        pid = fk._int(p["from"], "player id")
        self.dead.discard(pid)
        self.reviving.discard(pid)
        general = self.players.setdefault(pid, fk._PlayerInfo()).general or "?"
        self.emit(GeneralChoice(seat=self.seat(pid), general=self.general_name(general)))

    def on_property(self, p: list[Any]) -> None:
        pid, prop = fk._int(p[0], "player id"), p[1]
        value = p[2] if len(p) > 2 else None
        if prop == "general" and self.started and pid in self.entering:
            return
        if prop in ("maxHp", "hp") and pid in self.entering:
            if prop == "hp":
                self.hp[pid] = fk._int(value, "HP")
            else:
                self.players.setdefault(pid, fk._PlayerInfo()).max_hp = fk._int(value, "max HP")
            return  # the second form's HP: part of the switch
        if prop == "rest":
            return  # the rounds a retreated ally still rests: the engine counts them
        if prop == "dead" and not value:
            self.reviving.add(pid)  # the return: FreeKill revives him, sets his HP, then logs #Revive
            return
        if prop == "hp" and (pid in self.dead or pid in self.reviving):
            self.hp[pid] = fk._int(value, "HP")  # a resting ally's HP, or the full HP of his return
            return
        super().on_property(p)

    def on_move(self, m: Mapping[str, Any]) -> None:
        """The switch discards 神吕布's judge area: implied by the ``general_choice`` (not written again)."""
        src = m.get("from")
        if (isinstance(src, int) and src in self.entering and fk._int(m["toArea"], "card area") == 7
                and all(isinstance(i, Mapping) and i.get("fromArea") == 3 for i in m["moveInfo"])):
            return
        super().on_move(m)

    def log_turn_start(self, p: Mapping[str, Any]) -> None:
        self.entering.clear()
        super().log_turn_start(p)

    def log_invoke(self, p: Mapping[str, Any]) -> None:
        base = fk._skill_base(str(p["arg"]))
        if base in _SILENT:
            return
        super().log_invoke(p)

    def draw(self, dst: Any, cards: list[str], skill: str, base: str) -> None:
        if base == _RULE_SKILL:
            self.emit(Draw(seat=self.seat(dst), cards=cards, reason="reform"))
            return
        super().draw(dst, cards, skill, base)

    def recast(self, src: Any, cards: list[str], skill: str) -> None:
        """The mode's weapon recast (``1v3_recast_weapon&``) is a rule of the mode, not a skill: a plain ``recast``."""
        if fk._skill_base(skill) == _RECAST_WEAPON:
            seat = self.seat(src)
            for card in cards:
                self.emit(Recast(seat=seat, card=card))
            self.recasting = (seat, skill)
            return
        super().recast(src, cards, skill)

    def log_noise(self, p: Mapping[str, Any]) -> None:
        """A log whose change another packet carries."""

    # -- end -----------------------------------------------------------------------------------

    def on_game_over(self, p: Any) -> None:
        self.checkpoint("game end")
        text = str(p or "")
        self.game_over = text
        ids = [int(x) for x in text.split("+") if x.strip().isdigit()]
        roles = {self.players[i].role for i in ids if i in self.players}
        if not text:
            self.no_winner()
        elif roles == {"lord"}:
            self.emit(GameEnd(winner="lord", reason="allies_retreated"))
        elif roles == {"rebel"}:
            self.emit(GameEnd(winner="rebel", reason="lord_killed"))
        else:
            self.problem(f"the game ended with no winner the format can name ({text!r})")


fk.register_mode(GAME_MODE, ReaderHulao, RULESET, ("standard_cards", "maneuvering"))  # the 160-card deck
