"""FreeKill's 國戰 (``new_heg_mode``) → ``sgs-replay/1`` with ``mode: "hegemony"``, ruleset ``freekill-hegemony``.

The mode is a game-mode package on top of the identity reader's packets (``docs/freekill.md``, 國戰 section);
this reader adds what the mode sends of its own:

- the two generals of each seat: FreeKill keeps them in the marks ``__heg_general`` / ``__heg_deputy``, which it
  sends to every client, so a recording names every seat's 主将 and 副将 from the start (the header's ``general``
  and ``deputy``); a seat whose marks the recording lacks is written ``?`` with its public ``max_hp``;
- the reveals (明置): ``#RevealGeneral {from, arg: mainGeneral|deputyGeneral, arg2: general}`` with the
  ``general``/``deputyGeneral`` property turning from ``anjiang`` to the general, then the ``role`` property
  with the kingdom it fixes (``wild``: 野心家) → ``reveal_general`` with ``kingdom``; the reason is read from
  the moment: the seat's own turn start, a skill the seat invokes next, its death, or the game's end;
- FreeKill's ``hs__*`` general ids → the project's 國戰 generals (``content/generals.csv``), the 109-card
  ``hegemony_cards`` deck (ids 161–269, ``fk_cards_hegemony.csv``);
- the end: ``GameOver`` names the winners; their kingdom (``role``) is the winner, ``careerist`` for 野心家.

A recording is this mode's when its room settings say ``gameMode: new_heg_mode`` and its draw pile is the
109-card deck; anything else raises :class:`~sgs_replay.importers.freekill.FreeKillError`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from sgs_replay import content
from sgs_replay.formats.events import (
    Death,
    Draw,
    Game,
    GameEnd,
    Kingdom,
    Player,
    RevealGeneral,
    Skill,
)
from sgs_replay.importers import freekill as fk
from sgs_replay.importers.freekill import FreeKillError, ImportProblem

__all__ = ["GAME_MODE", "RULESET", "ReaderHegemony", "general_name"]

GAME_MODE = "new_heg_mode"
RULESET = "freekill-hegemony"
#: FreeKill's face-down general
_HIDDEN = "anjiang"
_KINGDOMS: dict[str, Kingdom] = {"wei": "wei", "shu": "shu", "wu": "wu", "qun": "qun"}
#: FreeKill's prefixes of its own skill texts (国战标准版 ``hs__``, 界限突破 ``ex__``, a general's own ``hs_mateng__``):
#: the skill is written by its Chinese name; the ruleset says which of them the project does not define
_PREFIX = re.compile(r"^(?:hs|ex)(?:_[a-z]+)?__")
#: the tokens' skills (阴阳鱼, 珠联璧合, 先驱) and the ``reason`` of the draw each gives (docs/log-format.md, 國戰)
_TOKEN_DRAWS = {"yinyangfish_skill&": "half", "companion_draw&": "companion", "vanguard_skill&": "vanguard"}


def skill_id(fk_id: str) -> str:
    """A FreeKill skill id without its version prefix (``hs__x`` → ``x``, ``#hs__x_main_skill`` →
    ``#x_main_skill``)."""
    head = fk_id[: len(fk_id) - len(fk_id.lstrip("#"))]
    return head + _PREFIX.sub("", fk_id.lstrip("#"))


def general_name(fk_id: str) -> str | None:
    """The project's 國戰 general for a FreeKill id: ``hs__guanyu`` → 关羽国战 (the id the project already
    has), ``hs__caocao`` → 曹操 (the plain general of the 國戰 roster), ``hs__wolong`` → 卧龙诸葛亮."""
    gens = content.generals()
    g = gens.get(fk_id)
    if g is None and fk_id.startswith("hs__"):
        plain = fk_id[4:]
        g = gens.get({"wolong": "wolong"}.get(plain, plain))
    return g.name if g is not None else None


def _kingdom(role: str | None) -> Kingdom | None:
    """The format's kingdom of a FreeKill ``role``: the four kingdoms, ``careerist`` for 野心家 (``wild``, and the
    kingdoms a 野心家 founds, ``heg_*``)."""
    if role is None or role in ("hidden", ""):
        return None
    if role in _KINGDOMS:
        return _KINGDOMS[role]
    if role == "wild" or role.startswith("heg_"):
        return "careerist"
    return None


class ReaderHegemony(fk._Reader):
    """The identity reader with the 國戰 mode's two generals, reveals, kingdoms and deck."""

    def __init__(self, name: str, top: list[Any], entries: list[fk._Entry]) -> None:
        super().__init__(name, top, entries)
        self.handlers["SetPlayerMark"] = self.on_mark
        self.handlers["SetBanner"] = self.on_banner
        self.handlers["ShowToast"] = self.on_quiet
        self.handlers["PrelightSkill"] = self.on_quiet
        self.log_handlers["#RevealGeneral"] = self.log_reveal
        self.log_handlers["#TargetCancelled"] = self.log_quiet
        self.log_handlers["#HegNullificationSingle"] = self.log_quiet
        self.log_handlers["#WildChooseKingdom"] = self.log_quiet
        self.log_handlers["#EnterBattleRoyalModeLog"] = self.log_quiet
        #: per player id: [主将, 副将] FreeKill ids (from the marks), which are face up, the kingdom role
        self.heg: dict[int, list[str | None]] = {}
        self.up: dict[int, list[bool]] = {}
        self.kingdom: dict[int, Kingdom] = {}
        #: a reveal whose reason is decided by what comes next: (event index, reveal)
        self.open_reveals: list[tuple[int, RevealGeneral]] = []
        self.current: int | None = None
        self.phase_seen = False
        self.heart_filter: bool | None = None

    def detect_ruleset(self) -> str:
        """``freekill-hegemony`` when the settings name the 國戰 mode and the draw pile is its 109-card deck."""
        if self.game_mode != GAME_MODE:
            raise FreeKillError(f"game mode {self.game_mode!r} is not the 國戰 mode {GAME_MODE!r}",
                                self.name, 2, "header")
        table = fk.card_table(RULESET)
        for entry in self.entries:
            if entry.command == "PrepareDrawPile" and not entry.request:
                ids = entry.payload if isinstance(entry.payload, list) else []
                if sorted(i if isinstance(i, int) else -1 for i in ids) != sorted(table):
                    raise FreeKillError(
                        f"a draw pile of {len(ids)} cards, not the {len(table)}-card deck of the 國戰 mode "
                        "(hegemony_cards, ids 161-269): another card package is in play", self.name, entry.index,
                        entry.command)
                break
        return RULESET

    # -- skills and cards ----------------------------------------------------------------------

    def skill_zh(self, fk_id: str) -> str:
        return super().skill_zh(skill_id(fk_id))

    def move_reason(self, skill: str) -> str | None:
        return super().move_reason(skill_id(skill))

    def draw(self, dst: Any, cards: list[str], skill: str, base: str) -> None:
        """A token spent for cards (阴阳鱼 1, 珠联璧合 2, 先驱 up to 4 in hand): a ``draw`` with the token's reason."""
        if skill in _TOKEN_DRAWS:
            self.emit(Draw(seat=self.seat(dst), cards=cards, reason=_TOKEN_DRAWS[skill]))
            return
        super().draw(dst, cards, skill, base)

    def log_invoke(self, p: Mapping[str, Any]) -> None:
        fk_id = str(p["arg"])
        if fk_id in _TOKEN_DRAWS:
            return  # a token spent: its draw says so; the hand limit it raises is the validator's to allow
        plain = skill_id(fk_id)
        if plain != fk_id and fk._traits(fk._skill_base(plain)).locked:
            # FreeKill's own text of a locked skill (空城 cancelling a target): its effect is not the rules' one,
            # so the invocation is written for the validator to see (a skill the ruleset leaves unchecked)
            zh = self.skill_zh(plain)
            self.emit(Skill(seat=self.seat(p["from"]), skill=zh, targets=self.seats(p.get("to") or []) or None))
            return
        super().log_invoke({**p, "arg": plain})

    def check_card(self, cid: int, before: Any) -> str:
        """红颜: a ♠ card shown as ♥ by 小乔's filter is the table's ♠ card."""
        table = fk.card_table(self.ruleset)
        data = before.value if hasattr(before, "value") and isinstance(before.value, Mapping) else None
        if data is not None and cid in table and data.get(3) == 3 and table[cid].startswith("♠") \
                and fk._card_text(str(data.get(2)), 1, data.get(4)) == table[cid] and self.hearts_filtered():
            return table[cid]
        return super().check_card(cid, before)

    def hearts_filtered(self) -> bool:
        """A seat whose generals have 红颜 (FreeKill filters the cards of its hand, face down or up)."""
        if self.heart_filter is None:
            self.heart_filter = any(
                entry.command == "AddSkill" and isinstance(entry.payload, list) and len(entry.payload) > 1
                and fk._traits(fk._skill_base(str(entry.payload[1]))).suit_filter == "heart" for entry in self.entries)
        return self.heart_filter

    def on_move(self, m: Mapping[str, Any]) -> None:
        src = m.get("from")
        areas = {fk._int(i.get("fromArea", 0), "card area") for i in m["moveInfo"]}
        if (src is not None and fk._int(src, "player id") in self.dead and areas <= {fk._SPECIAL}
                and fk._int(m["toArea"], "card area") == fk._DISCARD_PILE):
            return  # a dead character's piles (不屈's 创) going to the discard pile: implied by the death
        super().on_move(m)

    # -- header --------------------------------------------------------------------------------

    def build_header(self) -> Game:
        if not self.order:
            self.problems.append(ImportProblem(0, "header", "no ArrangeSeats packet: the seats are unknown"))
        players: list[Player] = []
        for pid in self.order:
            info = self.players[pid]
            pair = self.heg.get(pid, [None, None])
            names: list[str] = []
            for fk_id in pair:
                zh = general_name(fk_id) if fk_id else None
                if fk_id and zh is None:
                    raise self.unknown_general(fk_id)
                names.append(zh or fk_id or "?")
            max_hp = None
            if "?" in names:
                max_hp = self.start_max_hp.get(pid, info.max_hp)
            players.append(Player(seat=self.seat_of[pid], general=names[0], deputy=names[1], name=info.name,
                                  max_hp=max_hp))
        return self.game_header("hegemony", RULESET, players, {}, packs=True)

    # -- marks, banners, properties ------------------------------------------------------------

    def on_mark(self, p: Any) -> None:
        """``__heg_general`` / ``__heg_deputy``: a seat's two generals (sent to every client)."""
        if not (isinstance(p, list) and len(p) >= 3):
            return
        mark = str(p[1])
        if mark in ("__heg_general", "__heg_deputy") and isinstance(p[2], str) and p[2]:
            pid = fk._int(p[0], "player id")
            pair = self.heg.setdefault(pid, [None, None])
            i = 0 if mark == "__heg_general" else 1
            if self.started and pair[i] not in (None, p[2]):
                self.problem(f"the {'主将' if i == 0 else '副将'} of player {pid} changed to {p[2]!r} during the game")
                return
            pair[i] = p[2]

    def on_banner(self, p: Any) -> None:
        """``InitialGeneral``: the seats' chosen pairs (the same the marks carry); the rest is the room's UI."""
        if isinstance(p, list) and len(p) >= 2 and p[0] == "InitialGeneral" and isinstance(p[1], list):
            for row in p[1]:
                if isinstance(row, list) and len(row) >= 3 and all(isinstance(x, str) for x in row[1:3]):
                    pid = fk._int(row[0], "player id")
                    pair = self.heg.setdefault(pid, [None, None])
                    pair[0] = pair[0] or row[1]
                    pair[1] = pair[1] or row[2]

    def on_quiet(self, p: Any) -> None:
        """A notice on the screen, or the client's highlight of a skill: nothing the format records."""

    def log_quiet(self, p: Mapping[str, Any]) -> None:
        """Logs whose effect other packets carry: a target cancelled (the use's own targets say who is hit; the
        cancelling skill's invocation is logged), 无懈可击·国 used for one character, a 野心家's new country (the
        ``role``), 鏖战 beginning (the rules start it)."""

    def on_property(self, p: list[Any]) -> None:
        pid, prop = fk._int(p[0], "player id"), p[1]
        value = p[2] if len(p) > 2 else None
        if prop in ("general", "deputyGeneral"):
            # before the game: the chosen general, then anjiang (face down); during it: the reveal (#RevealGeneral)
            if prop == "general" and not self.started and value and value != _HIDDEN:
                self.players.setdefault(pid, fk._PlayerInfo()).general = str(value)
            return
        if prop == "phase" and value in (3, 4, 5, 6, 7):
            self.phase_seen = True  # past the start phase: a reveal now is not the turn start's
        if prop == "role":
            info = self.players.setdefault(pid, fk._PlayerInfo())
            info.role = str(value)
            k = _kingdom(str(value))
            if k is not None and self.started:
                self.set_kingdom(pid, k)
            return
        super().on_property(p)

    def set_kingdom(self, pid: int, k: Kingdom) -> None:
        """The kingdom a reveal fixed (FreeKill sends the ``role`` right after the reveal)."""
        if pid in self.kingdom:
            if self.kingdom[pid] != k and k != "careerist":
                self.problem(f"player {pid}'s kingdom changed from {self.kingdom[pid]} to {k}")
            return
        self.kingdom[pid] = k
        seat = self.seat(pid)
        for _, rev in reversed(self.open_reveals):
            if rev.seat == seat:
                rev.kingdom = k
                return
        for ev in reversed(self.events):
            if isinstance(ev, RevealGeneral) and ev.seat == seat:
                ev.kingdom = k
                return

    # -- reveals -------------------------------------------------------------------------------

    def log_turn_start(self, p: Mapping[str, Any]) -> None:
        self.close_reveals(None)
        super().log_turn_start(p)
        self.current = fk._int(p["from"], "player id")
        self.phase_seen = False

    def log_reveal(self, p: Mapping[str, Any]) -> None:
        pid = fk._int(p["from"], "player id")
        which = str(p.get("arg"))
        if which not in ("mainGeneral", "deputyGeneral"):
            raise fk._Malformed(f"a reveal of {which!r}")
        i = 0 if which == "mainGeneral" else 1
        fk_id = str(p.get("arg2"))
        pair = self.heg.setdefault(pid, [None, None])
        if pair[i] is None:
            pair[i] = fk_id
        elif pair[i] != fk_id:
            self.problem(f"player {pid} reveals {fk_id!r}, its {'主将' if i == 0 else '副将'} is {pair[i]!r}")
        up = self.up.setdefault(pid, [False, False])
        if up[i] or pid in self.dead:
            up[i] = True
            return  # already face up, or a dead character's (turned up as it died: implied)
        up[i] = True
        name = general_name(fk_id) or fk_id
        seat = self.seat(pid)
        # both generals at once (revealAll) or one after the other in the same moment: one event
        last = self.events[-1] if self.events else None
        if (isinstance(last, RevealGeneral) and last.seat == seat and (last.main if i == 0 else last.deputy) is None
                and any(r is last for _, r in self.open_reveals)):
            if i == 0:
                last.main = name
            else:
                last.deputy = name
            return
        rev = RevealGeneral(seat=seat, main=name if i == 0 else None, deputy=name if i == 1 else None)
        if pid == self.current and not self.phase_seen:
            rev.reason = "turn_start"
        self.emit(rev)
        self.open_reveals.append((len(self.events) - 1, rev))

    def close_reveals(self, why: str | None, seat: int | None = None, skill: str | None = None) -> None:
        """Decide the reason of the reveals still open: the turn start was set at once; a skill of the seat
        invoked next, a death of the seat, or the game's end."""
        keep: list[tuple[int, RevealGeneral]] = []
        for at, rev in self.open_reveals:
            if rev.reason is not None:
                continue
            if why is None:
                rev.reason = "skill"  # reported by the validator when no skill of the general follows
            elif rev.seat == seat:
                rev.reason = why  # type: ignore[assignment]
                if why == "skill":
                    rev.skill = skill
            else:
                keep.append((at, rev))
        self.open_reveals = keep

    def emit(self, ev: Any) -> None:
        if self.open_reveals:
            if isinstance(ev, Skill):
                self.close_reveals("skill", ev.seat, ev.skill)
            elif isinstance(ev, Death):
                self.close_reveals("death", ev.seat)
            elif isinstance(ev, GameEnd):
                for _, rev in self.open_reveals:
                    if rev.reason is None:
                        rev.reason = "game_end"
                self.open_reveals = []
        super().emit(ev)

    # -- end -----------------------------------------------------------------------------------

    def on_game_over(self, p: Any) -> None:
        self.checkpoint("game end")
        text = str(p or "")
        self.game_over = text
        ids = [int(x) for x in text.split("+") if x.strip().isdigit()]
        if not text:
            self.no_winner()
            return
        kingdoms = {self.kingdom.get(i) or _kingdom(self.players[i].role if i in self.players else None) for i in ids}
        alive = [pid for pid in self.order if pid not in self.dead]
        if len(kingdoms) != 1 or None in kingdoms:
            self.problem(f"the game ended with no winning kingdom the format can name ({text!r})")
            return
        winner = kingdoms.pop()
        assert winner is not None
        self.emit(GameEnd(winner=winner, reason="last_standing" if len(alive) == 1 else "one_kingdom_left"))


fk.register_mode(GAME_MODE, ReaderHegemony, RULESET, ("hegemony_cards",))  # the 國戰 mode's 109 cards (161–269)
