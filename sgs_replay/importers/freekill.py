"""Reader for FreeKill (新月杀) game recordings (``.fk.rep``, engine 0.5.22) → ``sgs-replay/1``.

A recording is what one client received during a game: a 4-byte big-endian length, then a zlib
stream holding one CBOR array. Items 0–9 are a header (engine version, recording name, room
settings, the recording client), items 10… are entries ``[ms, is_request, command, payload]`` whose
payload is CBOR again. FreeKill sends every client the true card ids, so a recording has full
information; requests (prompts to the recording seat) are skipped, notifications are the game.

The conversion follows the format's rule of *implied vs explicit* (spec §5): what the rules fix
without a choice (a used card going through the processing area to the discard pile, equipment
entering the equip zone, a delayed trick entering the judge area, a finished judgement card, a dead
character's cards, the card 奸雄 takes) is not logged; every choice, card identity and HP change is.
Locked skills (无双, 空城, 青釭剑 …) are applied by the rules and are not logged as ``skill`` events;
conversion skills (武圣, 八卦阵's 闪 …) appear in the ``skill`` field of the ``use``/``respond``.

Anything the reader does not understand becomes an :class:`ImportProblem` with the entry index (the
position in the recording's top-level array, so the first entry is 10); nothing is dropped silently.
A file that cannot be read at all (not a recording, truncated, corrupted, another engine version)
raises :class:`FreeKillError`. See ``docs/freekill.md`` for the packet table.
"""

from __future__ import annotations

import csv
import re
import zlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import PurePath
from typing import Any

import cbor2
import msgspec

from sgs_replay import content
from sgs_replay.cards import RANK_TEXT
from sgs_replay.content import card_kinds
from sgs_replay.events import (
    FORMAT_ID,
    Damage,
    Death,
    Discard,
    Draw,
    Dying,
    Event,
    Game,
    GameEnd,
    Judge,
    LoseHp,
    MaxHp,
    Move,
    Phase,
    PhaseSkip,
    Place,
    Player,
    Recover,
    Respond,
    Retrial,
    Reveal,
    SeatState,
    Skill,
    Start,
    Turn,
    TurnEnd,
    Use,
)

__all__ = [
    "RULESET",
    "SUPPORTED_VERSIONS",
    "Conversion",
    "FreeKillError",
    "ImportProblem",
    "convert",
    "is_freekill",
    "to_jsonl",
]

SUPPORTED_VERSIONS: tuple[str, ...] = ("0.5.22",)
RULESET = "freekill-standard"
_HEADER_ITEMS = 10

# CBOR tags FreeKill uses
_TAG_PLAYER = 33001
_TAG_CARD_ID = 33002
_TAG_CARD_DATA = 33003

# Card areas (Card.Unknown … Card.Void)
_HAND, _EQUIP, _JUDGE, _SPECIAL, _PROCESSING, _DRAW_PILE, _DISCARD_PILE, _VOID = 1, 2, 3, 4, 5, 6, 7, 8
_ZONE = {_HAND: "hand", _EQUIP: "equip", _JUDGE: "judge", _PROCESSING: "processing",
         _DRAW_PILE: "deck", _DISCARD_PILE: "discard", _VOID: "void"}

# Move reasons (fk.ReasonJustMove …)
_R_JUST_MOVE, _R_DRAW, _R_DISCARD, _R_GIVE, _R_PUT, _R_PUT_INTO_DISCARD, _R_PREY = 1, 2, 3, 4, 5, 6, 7
_R_USE, _R_RESPONSE, _R_JUDGE = 9, 10, 11

# Player.phase values
_PHASES = {2: "start", 3: "judge", 4: "draw", 5: "play", 6: "discard", 7: "finish"}
_NON_PHASES = {1, 8, 9}  # round start, not active, between phases
_SKIPPED_PHASE = {"phase_start": "start", "phase_judge": "judge", "phase_draw": "draw",
                  "phase_play": "play", "phase_discard": "discard", "phase_finish": "finish"}

_SUITS = {1: "♠", 2: "♣", 3: "♥", 4: "♦"}
_NATURE = {"normal_damage": "normal", "thunder_damage": "thunder", "fire_damage": "fire"}
_GAME_MODES = {"aaa_role_mode": "identity"}

# Skill handling (FreeKill ids). Locked skills and locked equipment are implied by the rules;
# conversion skills are written in the `skill` field of the use/respond they make; retrial skills
# become `retrial` events. Everything else that FreeKill reports as invoked is a `skill` event.
_LOCKED = frozenset({
    "wushuang", "kongcheng", "mashu", "paoxiao", "qicai", "qianxun", "jiuyuan",
    "crossbow", "qinggang_sword", "nioh_shield", "halberd",
    "dilu", "jueying", "zhuahuangfeidian", "chitu", "dayuan", "zixing",
})
_CONVERT = frozenset({"wusheng", "longdan", "qingguo", "guose", "qixi", "jijiu", "spear"})
_RETRIAL = frozenset({"guicai"})
# skills whose text makes the invoker pay or give cards: the cards go on the `skill` event
_COST = frozenset({"zhiheng", "jieyin", "qingnang", "lijian", "rende", "liuli", "axe"})
# skills whose damage has no card
_DAMAGE_SKILLS = frozenset({"fanjian", "ganglie"})
# skills that hand over a card with no choice (the move is implied)
_IMPLIED_GAIN = frozenset({"jianxiong", "luoshen", "tiandu"})
_SKILL_ALIASES = {"tieqi": "tieji"}
# judgement reasons that are cards, by FreeKill id
_JUDGE_CARDS = {"indulgence": "乐不思蜀", "lightning": "闪电"}
# FreeKill card names the shared alias table does not know
_CARD_ALIASES: dict[str, str] = {}

_NOISE_COMMANDS = frozenset({
    "SetCardUseHistory", "SetSkillUseHistory", "SetSkillBranchUseHistory", "AddCardUseHistory",
    "AddSkillUseHistory", "MoveFocus", "Animate", "LogEvent", "SetCardFootnote", "FilterCard",
    "SetPlayerMark", "SetBanner", "UpdateQuestSkillUI", "AddSkill", "LoseSkill", "ShowVirtualCard",
    "FillAG", "TakeAG", "DisableAG", "CloseAG", "SyncDrawPile", "PrepareDrawPile", "ShuffleDrawPile",
    "ChangeSelf", "CancelRequest", "SetCurrent", "AddPlayer", "ArrangeSeats", "PropertyUpdate",
    "MoveCards", "GameLog", "GameOver",
})
_NOISE_PROPERTIES = frozenset({
    "role_shown", "deputyGeneral", "kingdom", "gender", "shield", "drank", "MaxCards", "dying",
    "faceup", "chained",
})
_NOISE_LOGS = frozenset({"$GameStart", "$RoundStart", "#ShowHPAndMaxHP", "#ChangeDamage", "#ChangedJudge"})


# ---------------------------------------------------------------------------------------------------
# Public types
# ---------------------------------------------------------------------------------------------------


class FreeKillError(Exception):
    """A recording that cannot be read: not a recording, truncated, corrupted or another version.

    The message names the file and, where it applies, the entry index and the packet.
    """

    def __init__(self, message: str, name: str = "", index: int | None = None, packet: str = "") -> None:
        where = name or "<recording>"
        if index is not None:
            where += f": entry {index}" + (f" ({packet})" if packet else "")
        super().__init__(f"{where}: {message}")
        self.name = name
        self.index = index
        self.packet = packet


@dataclass(frozen=True, slots=True)
class ImportProblem:
    """Something in the recording the reader did not understand (located by entry index)."""

    index: int
    packet: str
    message: str

    def __str__(self) -> str:
        return f"entry {self.index} ({self.packet}): {self.message}"


@dataclass(slots=True)
class Conversion:
    """The converted match log. ``sources[i]`` is the recording entry that produced ``events[i]``."""

    header: Game
    events: list[Event] = field(default_factory=list)
    sources: list[int] = field(default_factory=list)
    problems: list[ImportProblem] = field(default_factory=list)


# ---------------------------------------------------------------------------------------------------
# Content sniffing and decoding
# ---------------------------------------------------------------------------------------------------

_VERSION_RE = re.compile(rb"^\d+\.\d+(\.\d+)?$")


def _cbor_head(buf: bytes, pos: int) -> tuple[int, int, int] | None:
    """(major type, argument, next position) of the CBOR item head at ``pos``, or None."""
    if pos >= len(buf):
        return None
    b = buf[pos]
    major, info = b >> 5, b & 0x1F
    if info < 24:
        return major, info, pos + 1
    if info == 31:
        return major, -1, pos + 1
    size = {24: 1, 25: 2, 26: 4, 27: 8}.get(info)
    if size is None or pos + 1 + size > len(buf):
        return None
    return major, int.from_bytes(buf[pos + 1:pos + 1 + size], "big"), pos + 1 + size


def is_freekill(data: bytes) -> bool:
    """True when ``data`` looks like a FreeKill recording (by content, not by file name).

    Checks the 4-byte length, the zlib header, and that the stream starts with a CBOR array whose
    first item is a version string such as ``0.5.22``. Never raises.
    """
    try:
        if len(data) < 8 or int.from_bytes(data[:4], "big") < 8:
            return False
        cmf, flg = data[4], data[5]
        if cmf & 0x0F != 8 or ((cmf << 8) | flg) % 31:
            return False
        head = zlib.decompressobj().decompress(bytes(data[4:4 + 4096]), 64)
        top = _cbor_head(head, 0)
        if top is None or top[0] != 4:
            return False
        item = _cbor_head(head, top[2])
        if item is None or item[0] not in (2, 3) or not 3 <= item[1] <= 16:
            return False
        return bool(_VERSION_RE.match(head[item[2]:item[2] + item[1]]))
    except (zlib.error, TypeError, ValueError, IndexError):
        return False


def _norm(value: Any) -> Any:
    """CBOR value with byte strings decoded to text (FreeKill sends all strings as bytes)."""
    if isinstance(value, bytes):
        try:
            return value.decode("utf-8")
        except UnicodeDecodeError:
            return value
    if isinstance(value, (list, tuple)):
        return [_norm(v) for v in value]
    if isinstance(value, Mapping):
        return {_norm(k): _norm(v) for k, v in value.items()}
    if isinstance(value, cbor2.CBORTag):
        return cbor2.CBORTag(value.tag, _norm(value.value))
    return value


@dataclass(slots=True)
class _Entry:
    index: int
    ms: int
    request: bool
    command: str
    payload: Any


def _loads(raw: bytes) -> Any:
    return cbor2.loads(raw)


def _decode(data: bytes, name: str) -> tuple[list[Any], list[_Entry]]:
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise FreeKillError(f"expected bytes, got {type(data).__name__}", name)
    data = bytes(data)
    if not is_freekill(data):
        raise FreeKillError("not a FreeKill recording (no length + zlib + CBOR version header)", name)
    declared = int.from_bytes(data[:4], "big")
    try:
        raw = zlib.decompress(data[4:])
    except zlib.error as e:
        raise FreeKillError(f"truncated or corrupted zlib stream ({e})", name) from None
    if len(raw) != declared:
        raise FreeKillError(f"length mismatch: header says {declared} bytes, stream holds {len(raw)}", name)
    try:
        top = _loads(raw)
    except Exception as e:  # cbor2 raises several types on damaged input
        raise FreeKillError(f"corrupted CBOR data ({type(e).__name__}: {e})", name) from None
    if not isinstance(top, list) or len(top) < _HEADER_ITEMS:
        raise FreeKillError("not a recording: the top-level item is not an array of at least 10 items", name)
    version = _norm(top[0])
    if version not in SUPPORTED_VERSIONS:
        raise FreeKillError(
            f"unsupported FreeKill version {version!r} (this reader handles {', '.join(SUPPORTED_VERSIONS)})",
            name, 0, "version")
    entries: list[_Entry] = []
    for index in range(_HEADER_ITEMS, len(top)):
        item = top[index]
        if not isinstance(item, list) or len(item) != 4:
            raise FreeKillError("corrupted entry: expected [ms, is_request, command, payload]", name, index)
        ms, request, command, payload = item
        command = _norm(command)
        if not isinstance(command, str) or not isinstance(ms, int):
            raise FreeKillError("corrupted entry: bad timestamp or command", name, index)
        if isinstance(payload, (bytes, bytearray)):
            if payload:
                try:
                    payload = _loads(bytes(payload))
                except Exception as e:  # see above
                    raise FreeKillError(f"corrupted payload ({type(e).__name__}: {e})", name, index,
                                        command) from None
            else:
                payload = None
        entries.append(_Entry(index, ms, bool(request), command, _norm(payload)))
    return top, entries


# ---------------------------------------------------------------------------------------------------
# Cards and names
# ---------------------------------------------------------------------------------------------------


def _card_text(name: str, suit: int, number: int) -> str | None:
    zh = card_kinds.canonical_name(_CARD_ALIASES.get(name, name))
    if zh is None or suit not in _SUITS or not 1 <= number <= 13:
        return None
    return f"{_SUITS[suit]}{RANK_TEXT.get(number, str(number))} {zh}"


@cache
def card_table() -> dict[int, str]:
    """The card id table of the standard package set (ids 1–108), canonical card strings."""
    text = resources.files(__package__).joinpath("fk_cards.csv").read_text(encoding="utf-8")
    suits = {"spade": 1, "club": 2, "heart": 3, "diamond": 4}
    out: dict[int, str] = {}
    for row in csv.DictReader(text.splitlines()):
        card = _card_text(row["name"], suits[row["suit"]], int(row["number"]))
        if card is None:
            raise ValueError(f"fk_cards.csv: unknown card {row}")
        out[int(row["id"])] = card
    return out


def _zh_card_name(name: str) -> str | None:
    return card_kinds.canonical_name(_CARD_ALIASES.get(name, name))


def _skill_base(fk_name: str) -> str:
    """FreeKill's internal skill name → the skill or card it belongs to (``#eight_diagram_skill`` →
    ``eight_diagram``, ``#wushuang_2_trig`` → ``wushuang``)."""
    base = fk_name.lstrip("#")
    base = re.sub(r"_\d+_[a-z]+$", "", base)
    base = re.sub(r"_main_skill$", "", base)
    base = re.sub(r"_skill$", "", base)
    return base.rstrip("&")


@cache
def _skill_zh(base: str) -> str | None:
    """Chinese name of a general's skill or an equipment card, by FreeKill base id."""
    info = content.skills().get(_SKILL_ALIASES.get(base, base))
    if info is not None:
        return info.name
    zh = _zh_card_name(base)
    if zh is not None and card_kinds.BY_NAME[zh].is_equip:
        return zh
    return None


@cache
def _general_zh(fk_id: str) -> str | None:
    g = content.generals().get(fk_id)
    return g.name if g else None


def _html_name(text: str) -> str:
    """The name inside ``(…)`` of a HealHP ``arg2`` (``</b><font …>(桃)</font><b>`` → ``桃``)."""
    plain = re.sub(r"<[^>]*>", "", text)
    m = re.search(r"[(（]([^()（）]*)[)）]", plain)
    return (m.group(1) if m else plain).strip()


# ---------------------------------------------------------------------------------------------------
# The reader
# ---------------------------------------------------------------------------------------------------


class _Malformed(Exception):
    """A packet whose shape the reader does not expect (becomes an ImportProblem)."""


@dataclass(slots=True)
class _Active:
    """A card in resolution (used and not yet gone from the processing area)."""

    ids: frozenset[int]
    user: int | None
    name: str
    card: str | None
    targets: tuple[int, ...] = ()


@dataclass(slots=True)
class _PlayerInfo:
    pid: int
    name: str | None = None
    role: str | None = None
    general: str | None = None
    max_hp: int | None = None
    hp: int | None = None


class _Reader:
    def __init__(self, name: str, top: list[Any], entries: list[_Entry]) -> None:
        self.name = name
        self.top = top
        self.entries = entries
        self.events: list[Event] = []
        self.sources: list[int] = []
        self.problems: list[ImportProblem] = []
        self.entry: _Entry | None = None
        self.known: dict[int, str] = dict(card_table())
        self.players: dict[int, _PlayerInfo] = {}
        self.seat_of: dict[int, int] = {}
        self.order: list[int] = []
        self.started = False
        self.turns = 0
        self.current: int | None = None
        self.game_over: str | None = None
        self.dead: set[int] = set()
        self.hp: dict[int, int] = {}
        self.hp_ledger: dict[int, int] = {}
        self.stack: list[_Active] = []
        self.last_skill: tuple[str, Skill] | None = None
        self.skill_by_zh: dict[str, int] = {}
        self.damage_skill_by: int | None = None
        self.judge_reason: dict[int, str] = {}
        self.judge_card: dict[int, int] = {}
        self.skip_reason: dict[tuple[int, str], str] = {}
        self.retrial_pending: tuple[int, str] | None = None
        self.last_use: Use | None = None
        self.game_mode = ""
        self.settings: dict[str, Any] = {}
        self.self_id: int | None = None

    # -- helpers --------------------------------------------------------------------------------

    def problem(self, message: str) -> None:
        e = self.entry
        self.problems.append(ImportProblem(e.index if e else 0, e.command if e else "header", message))

    def emit(self, ev: Event) -> None:
        self.events.append(ev)
        self.sources.append(self.entry.index if self.entry else 0)

    def seat(self, pid: Any) -> int:
        if isinstance(pid, cbor2.CBORTag) and pid.tag == _TAG_PLAYER:
            pid = pid.value
        if not isinstance(pid, int) or pid not in self.seat_of:
            raise _Malformed(f"unknown player id {pid!r}")
        return self.seat_of[pid]

    def seats(self, pids: Iterable[Any]) -> list[int]:
        return [self.seat(p) for p in pids]

    def card_of_id(self, cid: Any) -> str:
        if isinstance(cid, cbor2.CBORTag) and cid.tag == _TAG_CARD_ID:
            cid = cid.value
        if not isinstance(cid, int) or cid not in self.known:
            raise _Malformed(f"unknown card id {cid!r}")
        return self.known[cid]

    def check_card(self, cid: int, before: Any) -> str:
        """Identity of card ``cid`` from a ``beforeCard`` (checked against the id table)."""
        if before is None:
            return self.card_of_id(cid)
        if not isinstance(before, cbor2.CBORTag) or before.tag != _TAG_CARD_DATA or not isinstance(
                before.value, Mapping):
            raise _Malformed(f"beforeCard of card {cid} is not card data")
        data = before.value
        text = _card_text(str(data.get(2)), data.get(3, 0), data.get(4, 0))
        if text is None:
            self.problem(f"card {cid}: beforeCard {dict(data)!r} is not a card of the standard deck")
            return self.card_of_id(cid)
        expected = card_table().get(cid)
        if expected is None:
            self.problem(f"card id {cid} is not in the id table (beforeCard says {text})")
        elif text != expected:
            self.problem(f"card {cid}: beforeCard says {text}, the id table says {expected}")
        self.known[cid] = text
        return text

    def virtual(self, data: Mapping[Any, Any]) -> tuple[str, list[str], str | None]:
        """(name, physical cards, skill) of a virtual card (tag 33003)."""
        zh = _zh_card_name(str(data.get(2)))
        if zh is None:
            raise _Malformed(f"unknown card name {data.get(2)!r}")
        subs = [self.card_of_id(c) for c in data.get(6) or []]
        skills = data.get(7) or []
        skill = None
        if skills:
            skill = _skill_zh(_skill_base(str(skills[0])))
            if skill is None:
                self.problem(f"unknown conversion skill {skills[0]!r}")
                skill = str(skills[0])
        return zh, subs, skill

    # -- main loop -------------------------------------------------------------------------------

    def run(self) -> Conversion:
        self.read_header()
        handlers = {
            "ArrangeSeats": self.on_arrange_seats,
            "AddPlayer": self.on_add_player,
            "PropertyUpdate": self.on_property,
            "GameLog": self.on_log,
            "MoveCards": self.on_move_cards,
            "GameOver": self.on_game_over,
            "MoveFocus": self.on_focus,
        }
        for entry in self.entries:
            self.entry = entry
            if entry.request:
                continue
            handler = handlers.get(entry.command)
            if handler is None:
                if entry.command not in _NOISE_COMMANDS:
                    self.problem(f"unknown packet {entry.command!r}")
                continue
            try:
                handler(entry.payload)
            except (_Malformed, KeyError, IndexError, TypeError, ValueError, AttributeError) as e:
                detail = str(e) if isinstance(e, _Malformed) else f"{type(e).__name__}: {e}"
                self.problem(f"malformed packet: {detail}")
        self.check_hp()
        self.entry = None
        return Conversion(self.build_header(), self.events, self.sources, self.problems)

    # -- header and setup ------------------------------------------------------------------------

    def read_header(self) -> None:
        def sub(i: int) -> Any:
            raw = self.top[i]
            if isinstance(raw, (bytes, bytearray)) and raw:
                try:
                    return _norm(_loads(bytes(raw)))
                except Exception as e:  # damaged header item
                    raise FreeKillError(f"corrupted header item ({e})", self.name, i) from None
            return _norm(raw)

        room = sub(2)
        me = sub(3)
        if isinstance(room, list) and len(room) >= 3 and isinstance(room[2], Mapping):
            self.settings = dict(room[2])
        self.game_mode = str(self.settings.get("gameMode", ""))
        if self.game_mode and self.game_mode not in _GAME_MODES:
            raise FreeKillError(f"game mode {self.game_mode!r} is not supported (only identity mode, "
                                f"{', '.join(_GAME_MODES)})", self.name, 2, "settings")
        if isinstance(me, list) and me and isinstance(me[0], int):
            self.self_id = me[0]
            self.players[me[0]] = _PlayerInfo(me[0], name=str(me[1]) if len(me) > 1 else None)

    def on_add_player(self, p: list[Any]) -> None:
        pid = p[0]
        self.players.setdefault(pid, _PlayerInfo(pid)).name = str(p[1])

    def on_arrange_seats(self, p: list[Any]) -> None:
        if self.order:
            self.problem("seats arranged twice; the first arrangement is kept")
            return
        if not p or not all(isinstance(x, int) for x in p):
            raise _Malformed("ArrangeSeats needs a list of player ids")
        self.order = list(p)
        self.seat_of = {pid: i + 1 for i, pid in enumerate(p)}
        for pid in p:
            self.players.setdefault(pid, _PlayerInfo(pid))

    def build_header(self) -> Game:
        players: list[Player] = []
        start_seats: dict[str, SeatState] = {}
        lord_bonus = len(self.order) > 4
        for pid in self.order:
            info = self.players[pid]
            general = info.general or "?"
            zh = _general_zh(general)
            if zh is None:
                self.problems.append(ImportProblem(0, "header", f"unknown general {general!r} (kept as id)"))
            role = info.role if info.role in ("lord", "loyalist", "rebel", "renegade") else None
            if role is None:
                self.problems.append(ImportProblem(0, "header", f"player {pid} has no identity role"))
            players.append(Player(seat=self.seat_of[pid], general=zh or general, name=info.name, role=role))
            g = content.generals().get(general)
            if g is not None and info.max_hp is not None:
                want = g.hp + (1 if role == "lord" and lord_bonus else 0)
                if info.max_hp != want or (info.hp is not None and info.hp != info.max_hp):
                    start_seats[str(self.seat_of[pid])] = SeatState(hp=info.hp, max_hp=info.max_hp)
        start = None
        if start_seats:
            for pid in self.order:
                start_seats.setdefault(str(self.seat_of[pid]), SeatState())
            start = Start(seats=start_seats, current=None, round=1)
        recording = _norm(self.top[1])
        game_id = PurePath(self.name).name if self.name else str(recording)
        for suffix in (".fk.rep", ".rep"):
            if game_id.endswith(suffix):
                game_id = game_id[: -len(suffix)]
                break
        meta: dict[str, Any] = {
            "engine": "FreeKill",
            "engine_version": _norm(self.top[0]),
            "recording": recording,
            "game_mode": self.game_mode,
        }
        if self.self_id in self.seat_of:
            meta["recorded_by_seat"] = self.seat_of[self.self_id]
        disabled = self.settings.get("disabledPack")
        if disabled:
            meta["disabled_packs"] = list(disabled)
        if self.game_over is not None:
            meta["winner_ids"] = self.game_over
        return Game(format=FORMAT_ID, mode="identity", ruleset=RULESET, players=players,
                    game_id=game_id, meta=meta, start=start)

    # -- properties ------------------------------------------------------------------------------

    def on_property(self, p: list[Any]) -> None:
        pid, prop = p[0], p[1]
        value = p[2] if len(p) > 2 else None
        info = self.players.setdefault(pid, _PlayerInfo(pid))
        if prop == "phase":
            if value in _PHASES:
                self.emit(Phase(seat=self.seat(pid), phase=_PHASES[value]))  # type: ignore[arg-type]
                self.clear_resolution()
            elif value not in _NON_PHASES:
                self.problem(f"unknown phase {value!r}")
        elif prop == "role":
            info.role = value
        elif prop == "general":
            if self.started and value != info.general:
                self.problem(f"general of player {pid} changed to {value!r} during the game")
            info.general = value
        elif prop == "maxHp":
            if self.started and info.max_hp is not None and value != info.max_hp:
                self.emit(MaxHp(seat=self.seat(pid), delta=value - info.max_hp))
            info.max_hp = value
        elif prop == "hp":
            if self.started:
                old = self.hp.get(pid, info.hp if info.hp is not None else value)
                self.hp_ledger[pid] = self.hp_ledger.get(pid, 0) + (value - old)
            info.hp = value if not self.started else info.hp
            self.hp[pid] = value
        elif prop == "dead":
            if value and pid not in self.dead:
                self.problem(f"player {pid} marked dead without a death log")
                self.dead.add(pid)
        elif prop not in _NOISE_PROPERTIES:
            self.problem(f"unknown property {prop!r}")

    def hp_change(self, pid: int, delta: int) -> None:
        self.hp_ledger[pid] = self.hp_ledger.get(pid, 0) - delta

    def check_hp(self) -> None:
        for pid, rest in sorted(self.hp_ledger.items()):
            if rest:
                where = self.seat_of.get(pid, pid)
                self.problem(f"HP of seat {where} changed by {rest:+d} without a logged damage, "
                             f"recovery or HP loss")
        self.hp_ledger.clear()

    # -- resolution context ----------------------------------------------------------------------

    def on_focus(self, p: list[Any]) -> None:
        if isinstance(p, list) and len(p) > 1 and p[1] == "PlayCard":
            self.clear_resolution()

    def clear_resolution(self) -> None:
        self.stack.clear()
        self.damage_skill_by = None

    def push_active(self, ids: Iterable[int], user: int | None, name: str, card: str | None,
                    targets: Iterable[int] = ()) -> None:
        self.stack.append(_Active(frozenset(ids), user, name, card, tuple(targets)))

    def pop_active(self, cid: int) -> None:
        self.stack = [a for a in self.stack if cid not in a.ids]

    def damage_card(self, source: int | None) -> str | None:
        if source is not None and self.damage_skill_by == source:
            self.damage_skill_by = None
            return None
        if not self.stack:
            return None
        act = self.stack[-1]
        if act.name == "决斗":
            ok = source is not None and (source == act.user or source in act.targets)
        elif act.name == "闪电":
            ok = source is None
        elif act.name in ("杀", "南蛮入侵", "万箭齐发"):
            ok = source is not None and source == act.user
        else:
            ok = False
        return act.card if ok else None

    # -- game log --------------------------------------------------------------------------------

    def on_log(self, p: Mapping[str, Any]) -> None:
        kind = p["type"]
        handler = getattr(self, "log_" + kind.lstrip("#$"), None)
        if handler is not None:
            handler(p)
        elif kind not in _NOISE_LOGS:
            self.problem(f"unknown game log {kind!r}")
        if kind == "$GameStart":
            self.started = True
            for pid, info in self.players.items():
                if info.hp is not None:
                    self.hp[pid] = info.hp

    def log_TurnStart(self, p: Mapping[str, Any]) -> None:
        self.check_hp()
        self.turns += 1
        self.current = p["from"]
        self.skip_reason = {k: v for k, v in self.skip_reason.items() if k[0] != self.current}
        self.clear_resolution()
        self.emit(Turn(seat=self.seat(p["from"])))

    def log_TurnEnd(self, p: Mapping[str, Any]) -> None:
        self.emit(TurnEnd(seat=self.seat(p["from"])))

    def log_PhaseSkipped(self, p: Mapping[str, Any]) -> None:
        phase = _SKIPPED_PHASE.get(p.get("arg"))
        if phase is None:
            raise _Malformed(f"unknown skipped phase {p.get('arg')!r}")
        reason = self.skip_reason.pop((p["from"], phase), None)
        if reason is None:
            self.problem(f"{phase} phase skipped for an unknown reason")
        self.emit(PhaseSkip(seat=self.seat(p["from"]), phase=phase, reason=reason))  # type: ignore[arg-type]

    # cards used and answered

    def card_from_log(self, p: Mapping[str, Any]) -> tuple[str | None, str | None, list[str] | None,
                                                           str | None, list[int]]:
        """(card, as, cards, skill, ids) of the ``card`` field of a use/response log."""
        cards = p.get("card")
        if not isinstance(cards, list) or len(cards) != 1:
            raise _Malformed(f"expected one card, got {cards!r}")
        c = cards[0]
        if isinstance(c, cbor2.CBORTag) and c.tag == _TAG_CARD_ID:
            return self.card_of_id(c), None, None, None, [c.value]
        if isinstance(c, cbor2.CBORTag) and c.tag == _TAG_CARD_DATA and isinstance(c.value, Mapping):
            zh, subs, skill = self.virtual(c.value)
            return None, zh, subs, skill, [int(i) for i in c.value.get(6) or []]
        raise _Malformed(f"unexpected card value {c!r}")

    def log_UseCardToTargets(self, p: Mapping[str, Any]) -> None:
        self.make_use(p, list(p.get("to") or []))

    def log_UseCard(self, p: Mapping[str, Any]) -> None:
        self.make_use(p, [])

    def make_use(self, p: Mapping[str, Any], to: list[Any]) -> None:
        card, as_, subs, skill, ids = self.card_from_log(p)
        user = self.seat(p["from"])
        name = as_ or card.split(" ", 1)[1]  # type: ignore[union-attr]
        kind = card_kinds.BY_NAME[name]
        targets = sorted(set(self.seats(to))) if to and not kind.is_equip else None
        if self.retrial_pending is not None:
            self.problem("card used while a retrial was pending")
        ev = Use(seat=user, card=card, as_=as_, cards=subs, skill=skill, targets=targets)
        self.emit(ev)
        self.last_use = ev
        if not kind.is_equip:
            self.push_active(ids, user, name, card, targets or ())

    def log_CardUseCollaborator(self, p: Mapping[str, Any]) -> None:
        use = self.last_use
        if use is None or self.events[-1] is not use or (use.card or "").split(" ")[-1] != "借刀杀人" and use.as_ != "借刀杀人":
            raise _Malformed("借刀杀人 victim without the 借刀杀人 use before it")
        victims = self.seats(p.get("to") or [])
        if len(victims) != 1:
            raise _Malformed(f"expected one victim, got {victims}")
        use.victim = victims[0]

    def log_UseCardToCard(self, p: Mapping[str, Any]) -> None:
        card, as_, subs, skill, ids = self.card_from_log(p)
        name = as_ or card.split(" ", 1)[1]  # type: ignore[union-attr]
        seat = self.seat(p["from"])
        if name == "无懈可击":
            ev = Use(seat=seat, card=card, as_=as_, cards=subs, skill=skill)
            self.emit(ev)
            self.last_use = ev
        else:
            self.emit(Respond(seat=seat, card=card, as_=as_, cards=subs, skill=skill))

    def log_ResponsePlayCard(self, p: Mapping[str, Any]) -> None:
        card, as_, subs, skill, ids = self.card_from_log(p)
        seat = self.seat(p["from"])
        pending = self.retrial_pending
        if pending is not None and pending[0] == seat and card is not None:
            self.emit(Retrial(seat=seat, card=card, skill=pending[1]))
            self.retrial_pending = None
            return
        self.emit(Respond(seat=seat, card=card, as_=as_, cards=subs, skill=skill))

    # skills

    def log_InvokeSkill(self, p: Mapping[str, Any]) -> None:
        self.invoke(p, [])

    def log_InvokeSkillTo(self, p: Mapping[str, Any]) -> None:
        self.invoke(p, list(p.get("to") or []))

    def invoke(self, p: Mapping[str, Any], to: list[Any]) -> None:
        fk = str(p["arg"])
        base = _skill_base(fk)
        seat = self.seat(p["from"])
        zh = _skill_zh(base)
        if zh is None:
            self.problem(f"unknown skill {fk!r}")
            zh = base
        if base in _LOCKED or base in _CONVERT:
            return
        if base in _RETRIAL:
            self.retrial_pending = (seat, zh)
            return
        targets = sorted(set(self.seats(to))) or None
        ev = Skill(seat=seat, skill=zh, targets=targets)
        self.emit(ev)
        self.last_skill = (base, ev)
        self.skill_by_zh[zh] = seat
        if base in _DAMAGE_SKILLS:
            self.damage_skill_by = seat
        if base == "keji":
            self.skip_reason[(p["from"], "discard")] = zh

    # judgements

    def log_StartJudgeReason(self, p: Mapping[str, Any]) -> None:
        self.judge_reason[p["from"]] = str(p.get("arg", ""))

    def judge_reason_zh(self, fk: str) -> str:
        if fk in _JUDGE_CARDS:
            return _JUDGE_CARDS[fk]
        zh = _skill_zh(_skill_base(fk)) or _zh_card_name(fk)
        if zh is None:
            self.problem(f"unknown judgement reason {fk!r}")
            return fk
        return zh

    def log_InitialJudge(self, p: Mapping[str, Any]) -> None:
        pid = p["from"]
        fk = self.judge_reason.pop(pid, None)
        if fk is None:
            self.problem("judgement without a reason")
        reason = self.judge_reason_zh(fk) if fk else None
        cid = p["arg"].value if isinstance(p["arg"], cbor2.CBORTag) else p["arg"]
        self.judge_card[pid] = cid
        self.judge_why = getattr(self, "judge_why", {})
        self.judge_why[pid] = fk
        self.emit(Judge(seat=self.seat(pid), card=self.card_of_id(cid), reason=reason))

    def log_JudgeResult(self, p: Mapping[str, Any]) -> None:
        pid = p["from"]
        cid = p["arg"].value if isinstance(p["arg"], cbor2.CBORTag) else p["arg"]
        if self.judge_card.get(pid) != cid:
            self.problem(f"judgement result {self.card_of_id(cid)} differs from the logged judgement card")
        self.judge_card.pop(pid, None)
        self.retrial_pending = None
        fk = getattr(self, "judge_why", {}).pop(pid, None)
        if fk == "indulgence":
            self.skip_reason[(pid, "play")] = "乐不思蜀"

    # damage, HP and death

    def log_Damage(self, p: Mapping[str, Any]) -> None:
        victim = p["from"]
        sources = p.get("to") or []
        source = sources[0] if sources else None
        self.damage(victim, source, p)

    def log_DamageWithNoFrom(self, p: Mapping[str, Any]) -> None:
        victim = p.get("from")
        if victim is None:
            victim = (p.get("to") or [None])[0]
        self.damage(victim, None, p)

    def damage(self, victim: Any, source: Any, p: Mapping[str, Any]) -> None:
        amount = p["arg"]
        if not isinstance(amount, int):
            raise _Malformed(f"damage amount {amount!r}")
        nature = _NATURE.get(str(p.get("arg2", "normal_damage")))
        if nature is None:
            self.problem(f"unknown damage nature {p.get('arg2')!r}")
            nature = "normal"
        src = self.seat(source) if source is not None else None
        card = self.damage_card(src)
        self.hp_change(victim, -amount)
        self.emit(Damage(target=self.seat(victim), amount=amount, source=src, card=card,
                         nature=nature))  # type: ignore[arg-type]

    def log_PreventDamage(self, p: Mapping[str, Any]) -> None:
        """Damage prevented (寒冰剑): no damage happens; the effect shows as its own moves."""

    def log_HealHP(self, p: Mapping[str, Any]) -> None:
        pid = p["from"]
        amount = p["arg"]
        why = _html_name(str(p.get("arg2", "")))
        source: int | None = None
        card: str | None = None
        if why and card_kinds.canonical_name(why):
            for act in reversed(self.stack):
                if act.name == why:
                    source, card = act.user, act.card
                    break
            else:
                self.problem(f"recovery by {why} without that card in resolution")
        elif why in self.skill_by_zh:
            source = self.skill_by_zh[why]
        elif why != "救援":
            self.problem(f"recovery for an unknown reason {why!r}")
        self.hp_change(pid, amount)
        self.emit(Recover(seat=self.seat(pid), amount=amount, source=source, card=card))

    def log_LoseHP(self, p: Mapping[str, Any]) -> None:
        pid = p["from"]
        amount = p["arg"]
        why = p.get("arg2")
        reason = None
        if why:
            reason = _skill_zh(_skill_base(str(why))) or _zh_card_name(str(why)) or str(why)
        self.hp_change(pid, amount * -1)
        self.emit(LoseHp(seat=self.seat(pid), amount=amount, reason=reason))

    def log_EnterDying(self, p: Mapping[str, Any]) -> None:
        self.emit(Dying(seat=self.seat(p["from"])))

    def log_KillPlayer(self, p: Mapping[str, Any]) -> None:
        killers = p.get("to") or []
        killer = self.seat(killers[0]) if killers else None
        self.death(p["from"], killer)

    def log_KillPlayerWithNoKiller(self, p: Mapping[str, Any]) -> None:
        self.death(p["from"], None)

    def death(self, pid: int, killer: int | None) -> None:
        self.dead.add(pid)
        self.emit(Death(seat=self.seat(pid), killer=killer))

    # -- card moves ------------------------------------------------------------------------------

    def on_move_cards(self, p: list[Any]) -> None:
        moves = p[0]
        if not isinstance(moves, list):
            raise _Malformed("MoveCards needs a list of moves")
        for move in moves:
            self.on_move(move)

    def on_move(self, m: Mapping[str, Any]) -> None:
        reason = m["moveReason"]
        skill = str(m.get("skillName") or "")
        to_area = m["toArea"]
        src, dst = m.get("from"), m.get("to")
        infos = m["moveInfo"]
        ids: list[int] = []
        areas: list[int] = []
        cards: list[str] = []
        for info in infos:
            cid = info["cardId"]
            ids.append(cid)
            areas.append(info.get("fromArea", 0))
            cards.append(self.check_card(cid, info.get("beforeCard")))
        from_areas = set(areas)
        base = _skill_base(skill) if skill else ""

        # leaving the processing area ends that card's resolution
        if from_areas == {_PROCESSING}:
            for cid in ids:
                self.pop_active(cid)

        # --- implied moves --------------------------------------------------------------------
        if reason in (_R_USE, _R_RESPONSE) and from_areas <= {_HAND, _EQUIP} and to_area == _PROCESSING:
            return  # the use/respond logged just before
        if from_areas == {_PROCESSING} and to_area == _DISCARD_PILE:
            return  # a used, answered or judged card finishing
        if reason == _R_USE and from_areas == {_PROCESSING} and to_area in (_EQUIP, _JUDGE):
            return  # equipment / delayed trick taking its place
        if reason == _R_PUT_INTO_DISCARD and from_areas == {_EQUIP} and to_area == _DISCARD_PILE:
            return  # the equipment replaced by a new one
        if reason == _R_JUDGE and from_areas == {_DRAW_PILE} and to_area == _PROCESSING:
            return  # the judgement card (logged as `judge`)
        if reason == _R_PUT and skill == "phase_judge" and from_areas == {_JUDGE} and to_area == _PROCESSING:
            for cid, card in zip(ids, cards, strict=True):
                self.push_active([cid], None, card.split(" ", 1)[1], card)
            return  # a delayed trick being resolved
        if reason == _R_DISCARD and skill == "game_rule" and src in self.dead:
            return  # a dead character's cards
        if reason == _R_JUST_MOVE and base in _IMPLIED_GAIN:
            return  # 奸雄 / 洛神 / 天妒: the card goes with no choice
        if base == "guanxing" and reason == _R_PUT:
            return  # 观星 rearranging the top of the pile (not in the format)
        if base in _RETRIAL or (self.retrial_pending and src == self.retrial_seat_pid()):
            self.retrial_move(m, ids, cards, from_areas, to_area)
            return

        # --- draws ----------------------------------------------------------------------------
        if reason == _R_DRAW and from_areas == {_DRAW_PILE} and to_area == _HAND:
            self.draw(dst, cards, skill, base)
            return

        # --- 五谷丰登 ----------------------------------------------------------------------------
        if reason == _R_PUT and not skill and from_areas == {_DRAW_PILE} and to_area == _PROCESSING:
            if self.stack and self.stack[-1].name == "五谷丰登":
                self.emit(Reveal(cards=cards, reason="五谷丰登"))
                self.stack[-1] = _Active(self.stack[-1].ids | frozenset(ids), *self.stack[-1].__getstate__()[1:]) \
                    if False else self.stack[-1]
                return
            self.problem("cards put from the draw pile into the processing area for no known card")

        # --- discards -------------------------------------------------------------------------
        if reason == _R_DISCARD and to_area == _DISCARD_PILE and src is not None:
            proposer = m.get("proposer", src)
            if skill == "phase_discard":
                self.emit(Discard(seat=self.seat(src), cards=cards))
                return
            if skill == "kill":
                self.emit(Discard(seat=self.seat(src), cards=cards, reason="penalty"))
                return
            if proposer == src:
                if self.attach_cost(base, src, cards):
                    return
                self.emit(Discard(seat=self.seat(src), cards=cards, reason=self.reason_name(skill)))
                return
            self.plain_move(m, ids, areas, cards)
            return

        # --- gives, takes and the rest: explicit moves --------------------------------------------
        if reason == _R_GIVE and base in _COST and src is not None and self.attach_cost(base, src, cards):
            return
        if reason in (_R_GIVE, _R_PREY, _R_JUST_MOVE, _R_PUT_INTO_DISCARD) or (reason == _R_PUT and skill):
            self.plain_move(m, ids, areas, cards)
            return
        self.problem(f"unrecognised card move (reason {reason}, skill {skill!r}, from area "
                     f"{sorted(from_areas)} to area {to_area}); logged as a plain move")
        self.plain_move(m, ids, areas, cards)

    def retrial_seat_pid(self) -> int | None:
        if self.retrial_pending is None:
            return None
        for pid, seat in self.seat_of.items():
            if seat == self.retrial_pending[0]:
                return pid
        return None

    def retrial_move(self, m: Mapping[str, Any], ids: list[int], cards: list[str], from_areas: set[int],
                     to_area: int) -> None:
        if from_areas <= {_HAND, _EQUIP} and to_area == _PROCESSING and len(cards) == 1 and self.retrial_pending:
            seat, skill = self.retrial_pending
            self.emit(Retrial(seat=seat, card=cards[0], skill=skill))
            self.retrial_pending = None
            return
        if from_areas == {_PROCESSING}:
            return  # the replaced judgement card
        self.problem("unexpected card move during a retrial; logged as a plain move")
        self.plain_move(m, ids, [next(iter(from_areas))] * len(ids), cards)

    def reason_name(self, skill: str) -> str | None:
        if not skill:
            return None
        base = _skill_base(skill)
        zh = _skill_zh(base) or _zh_card_name(base)
        if zh is None:
            self.problem(f"unknown move reason {skill!r}")
            return skill
        return zh

    def attach_cost(self, base: str, src: int, cards: list[str]) -> bool:
        """Put cards a skill's text makes the invoker pay or give on that skill's event."""
        if base not in _COST or self.last_skill is None:
            return False
        fk, ev = self.last_skill
        if fk != base or ev.seat != self.seat(src):
            return False
        ev.cards = [*(ev.cards or []), *cards]
        return True

    def draw(self, dst: Any, cards: list[str], skill: str, base: str) -> None:
        seat = self.seat(dst)
        if not skill:
            if self.turns:
                self.problem("draw without a reason after the game began")
            self.emit(Draw(seat=seat, cards=cards, reason="initial"))
        elif skill == "phase_draw":
            self.emit(Draw(seat=seat, cards=cards, reason="phase"))
        elif skill == "kill":
            self.emit(Draw(seat=seat, cards=cards, reason="reward"))
        elif skill.endswith("_skill") and not skill.startswith("#") and _zh_card_name(base) and not (
                card_kinds.BY_NAME[_zh_card_name(base)].is_equip):  # type: ignore[index]
            self.emit(Draw(seat=seat, cards=cards, reason="card", card_name=_zh_card_name(base)))
        else:
            zh = _skill_zh(base)
            if zh is None:
                self.problem(f"draw for an unknown reason {skill!r}")
                zh = skill
            self.emit(Draw(seat=seat, cards=cards, reason="skill", skill=zh))

    def plain_move(self, m: Mapping[str, Any], ids: list[int], areas: list[int], cards: list[str]) -> None:
        src, dst = m.get("from"), m.get("to")
        to_area = m["toArea"]
        to = self.place(dst, to_area, m.get("specialName"))
        reason = self.reason_name(str(m.get("skillName") or ""))
        groups: dict[int, list[str]] = {}
        for area, card in zip(areas, cards, strict=True):
            groups.setdefault(area, []).append(card)
        for area, group in groups.items():
            owner = src if area in (_HAND, _EQUIP, _JUDGE, _SPECIAL) else None
            self.emit(Move(cards=group, from_=self.place(owner, area, m.get("specialName")), to=to,
                           reason=reason))

    def place(self, pid: Any, area: int, special: Any) -> Place:
        if area == _SPECIAL:
            if pid is None or not special:
                raise _Malformed("special area without owner or pile name")
            return Place(zone=f"pile:{special}", seat=self.seat(pid))
        zone = _ZONE.get(area)
        if zone is None:
            raise _Malformed(f"unknown card area {area!r}")
        if zone in ("hand", "equip", "judge"):
            if pid is None:
                raise _Malformed(f"{zone} area without an owner")
            return Place(zone=zone, seat=self.seat(pid))
        return Place(zone=zone)

    # -- end -------------------------------------------------------------------------------------

    def on_game_over(self, p: Any) -> None:
        winners_text = str(p or "")
        self.game_over = winners_text
        ids = [int(x) for x in winners_text.split("+") if x.strip().isdigit()]
        roles = {self.players[i].role for i in ids if i in self.players}
        if "lord" in roles:
            winner, why = "lord", "rebels_and_renegades_dead"
        elif "rebel" in roles:
            winner, why = "rebel", "lord_killed"
        elif "renegade" in roles:
            winner, why = "renegade", "lord_killed"
        else:
            self.problem(f"game over with no winner I can name ({winners_text!r})")
            return
        self.emit(GameEnd(winner=winner, reason=why))


# ---------------------------------------------------------------------------------------------------
# Entry points
# ---------------------------------------------------------------------------------------------------


def convert(data: bytes, name: str = "") -> Conversion:
    """Convert one ``.fk.rep`` recording. Raises :class:`FreeKillError` when it cannot be read."""
    top, entries = _decode(data, name)
    return _Reader(name, top, entries).run()


_ENCODER = msgspec.json.Encoder()


def to_jsonl(conv: Conversion) -> bytes:
    """The ``.sgs.jsonl`` text of a conversion: the header line, then one event per line."""
    lines = [_ENCODER.encode(conv.header)]
    lines.extend(_ENCODER.encode(ev) for ev in conv.events)
    return b"\n".join(lines) + b"\n"
