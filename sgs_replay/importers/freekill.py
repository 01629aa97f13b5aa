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

Anything the reader does not understand becomes an :class:`ImportProblem` located by entry index
(the position in the recording's top-level array, so the first entry is 10); nothing is dropped
silently. A file that cannot be read at all (not a recording, truncated, corrupted, another engine
version) raises :class:`FreeKillError`. ``docs/freekill.md`` has the packet table.
"""

from __future__ import annotations

import csv
import re
import zlib
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import PurePath
from typing import Any, Literal

import cbor2
import msgspec

from sgs_replay import content
from sgs_replay.content import card_kinds, fk_traits
from sgs_replay.content.fk_traits import FkTraits
from sgs_replay.formats.cards import RANK_TEXT
from sgs_replay.formats.events import (
    FORMAT_ID,
    Chain,
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
    Nature,
    Phase,
    PhaseName,
    PhaseSkip,
    Place,
    Player,
    Recast,
    Recover,
    Respond,
    Retrial,
    Reveal,
    Role,
    SeatState,
    Skill,
    Start,
    Turn,
    TurnEnd,
    Use,
)
from sgs_replay.importers.oracle import Areas, SeatCards

__all__ = [
    "RULESET",
    "RULESET_MANEUVERING",
    "SUPPORTED_VERSIONS",
    "Conversion",
    "FreeKillError",
    "ImportProblem",
    "card_table",
    "convert",
    "is_freekill",
    "register_mode",
    "to_jsonl",
]

SUPPORTED_VERSIONS: tuple[str, ...] = ("0.5.22",)
RULESET = "freekill-standard"
RULESET_MANEUVERING = "freekill-maneuvering"
#: the FreeKill card packages of each supported ruleset, each an id table shipped with this package
#: (ids in FreeKill's registration order: the standard cards 1–108, then the 军争 cards 109–160)
_PACKAGE_TABLES = {"standard_cards": "fk_cards.csv", "maneuvering": "fk_cards_maneuvering.csv",
                   "3v3_cards": "fk_cards_3v3.csv",  # the 3v3 mode's own 106 cards (161–266)
                   "hegemony_cards": "fk_cards_hegemony.csv",  # the 國戰 mode's 109 cards (161–269)
                   "1v1_cards": "fk_cards_1v1.csv"}  # the 1v1 mode's own 50 cards (321–370)
_RULESET_PACKAGES: dict[str, tuple[str, ...]] = {  # and each game mode's own (register_mode)
    RULESET: ("standard_cards",),
    RULESET_MANEUVERING: ("standard_cards", "maneuvering"),
}
_HEADER_ITEMS = 10

# CBOR tags FreeKill uses
_TAG_PLAYER = 33001
_TAG_CARD_ID = 33002
_TAG_CARD_DATA = 33003

# Card areas
_HAND, _EQUIP, _JUDGE, _SPECIAL, _PROCESSING, _DRAW_PILE, _DISCARD_PILE, _VOID = 1, 2, 3, 4, 5, 6, 7, 8
_ZONE = {_HAND: "hand", _EQUIP: "equip", _JUDGE: "judge", _PROCESSING: "processing",
         _DRAW_PILE: "deck", _DISCARD_PILE: "discard", _VOID: "void"}
_OWNED = (_HAND, _EQUIP, _JUDGE, _SPECIAL)

# Move reasons
_R_JUST_MOVE, _R_DRAW, _R_DISCARD, _R_GIVE, _R_PUT, _R_PUT_INTO_DISCARD, _R_PREY = 1, 2, 3, 4, 5, 6, 7
_R_USE, _R_RESPONSE, _R_JUDGE, _R_RECAST = 9, 10, 11, 12

# Player.phase values
_PHASES: dict[int, PhaseName] = {2: "start", 3: "judge", 4: "draw", 5: "play", 6: "discard", 7: "finish"}
_NON_PHASES = {1, 8, 9}  # round start, not active, between phases
_SKIPPED_PHASE: dict[str, PhaseName] = {
    "phase_start": "start", "phase_judge": "judge", "phase_draw": "draw",
    "phase_play": "play", "phase_discard": "discard", "phase_finish": "finish",
}

_SUITS = {1: "♠", 2: "♣", 3: "♥", 4: "♦"}
_NATURE: dict[str, Nature] = {"normal_damage": "normal", "thunder_damage": "thunder", "fire_damage": "fire"}
_ROLES: dict[str, Role] = {"lord": "lord", "loyalist": "loyalist", "rebel": "rebel", "renegade": "renegade"}
_IDENTITY_MODE = "aaa_role_mode"
#: the readers of FreeKill's other game modes by ``gameMode``, each registered by the mode's own module
#: (:func:`register_mode`; the package loads them, :func:`sgs_replay.importers.load_modes`)
_MODE_READERS: dict[str, type[_Reader]] = {}

# Skill handling: each skill and equipment card declares what this reader must know of it in its own
# definition (its FreeKill traits, sgs_replay.content.fk_traits): locked skills and locked equipment are
# implied by the rules; conversion skills are written in the `skill` field of the use/respond they
# make; retrial skills become `retrial` events; … Everything else FreeKill reports as invoked is a
# `skill` event.
# tricks whose effect on a target at full HP FreeKill cancels before asking for 无懈可击
_RECOVERS_ONLY = frozenset({"桃园结义"})
# judgements for delayed tricks, by FreeKill id
_JUDGE_CARDS = {"indulgence": "乐不思蜀", "lightning": "闪电", "supply_shortage": "兵粮寸断"}
# the phase a delayed trick's judgement makes its owner skip, by FreeKill id
_SKIPS = {"indulgence": "play", "supply_shortage": "draw"}
# FreeKill's special skill for 重铸 (its move and draw carry it as skillName; a skill such as 连环 may
# recast in its own name)
_RECAST = "recast"
# #ChainStateChange arguments → the chain state they announce
_CHAIN_STATES = {"chained": True, "un-chained": False, "reset-general": False}
# FreeKill card names the shared alias table does not know (the 3v3 mode's own 无中生有 and 连弩)
_CARD_ALIASES: dict[str, str] = {"v33__ex_nihilo": "无中生有", "xbow": "连弩",
                                 "heg__nullification": "无懈可击",  # 國戰's 无懈可击·国, written 无懈可击
                                 "v11__dismantlement": "过河拆桥",  # the 1v1 mode's (its 1v1 text)
                                 # 虎牢关: the equipment 精甲 prints for 神吕布
                                 "py_halberd": "无双方天戟", "py_hat": "束发紫金冠", "py_belt": "玲珑狮蛮带",
                                 "py_robe": "红棉百花袍"}

# notifications that carry nothing the format records (UI state, counters, bookkeeping copies)
_NOISE_COMMANDS = frozenset({
    "SetCardUseHistory", "SetSkillUseHistory", "SetSkillBranchUseHistory", "AddCardUseHistory",
    "AddSkillUseHistory", "Animate", "LogEvent", "SetCardFootnote", "FilterCard", "SetPlayerMark",
    "SetBanner", "UpdateQuestSkillUI", "AddSkill", "LoseSkill", "ShowVirtualCard", "FillAG", "TakeAG",
    "DisableAG", "CloseAG", "ChangeSelf",
    "CancelRequest", "SetCurrent",
    # the name a converted card shows on the table (a 杀 from 武圣's red card), and the table's cards
    "SetCardVirtName", "DestroyTableCard", "DestroyTableCardByEvent",
    # the client's copy of a #ShowCard log (火攻's shown card), which is read instead
    "ShowCard",
    # the room, not the game: a player's connection (online, trust = 托管, offline, run; the AI plays
    # on for that seat and its moves are recorded as any other), chat, server notices, observers,
    # the room owner, profile updates
    "NetStateChanged", "Chat", "ServerMessage", "ErrorMsg", "ErrorDlg", "Heartbeat", "RoomOwner",
    "AddObserver", "RemoveObserver", "UpdateGameData", "UpdateAvatar", "UpdatePassword",
})
# packets whose payload is raw text, not CBOR (the client does not decode them either)
_RAW_PAYLOAD_COMMANDS = frozenset({"ErrorMsg", "ErrorDlg", "Heartbeat", "ServerMessage", "UpdateAvatar",
                                   "UpdatePassword"})
_NOISE_PROPERTIES = frozenset({
    "role_shown", "shield", "MaxCards", "dying",
    # a player's connection state (托管 …): the seat plays on
    "state",
})
_NOISE_LOGS = frozenset({"$GameStart", "$RoundStart", "#ShowHPAndMaxHP", "#ChangeDamage", "#ChangedJudge",
                         "#PreventDamage",
                         # 重铸's announcement: the move (reason 12) and the draw that follow it are read instead
                         "#Recast", "#RecastBySkill"})


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
    """Something in the recording the reader did not understand, located by entry index."""

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
    #: FreeKill's own card areas before ``events[i]`` (each turn start, the game's end): the oracle
    #: the replay is checked against (:mod:`sgs_replay.importers.oracle`)
    checkpoints: list[tuple[int, Areas]] = field(default_factory=list)


# ---------------------------------------------------------------------------------------------------
# Content sniffing and decoding
# ---------------------------------------------------------------------------------------------------

_VERSION_RE = re.compile(rb"^\d+\.\d+(\.\d+)?$")
#: The most a recording may inflate to (the largest real recordings hold a few MB).
MAX_INFLATED = 64 << 20
#: The most CBOR items (values) one recording may decode to, its payloads included: the largest real
#: recordings hold about 450,000; a decoded item costs up to ~150 bytes, so memory stays bounded.
MAX_CBOR_ITEMS = 2_000_000
#: The deepest a recording's CBOR may nest (real recordings: 6).
MAX_CBOR_DEPTH = 64
#: The CBOR tags FreeKill writes (a player, a card id, a card's data).
CBOR_TAGS = frozenset({33001, 33002, 33003})
#: The tags the CBOR decoder would give a meaning (dates, big numbers, sets, shared and string
#: references …): refused, FreeKill writes none, and references let a few bytes stand for a huge value.
SEMANTIC_TAGS = frozenset({0, 1, 2, 3, 4, 5, 21, 22, 23, 24, 25, 28, 29, 30, 32, 33, 34, 35, 36, 37, 38, 52, 54,
                           100, 256, 258, 260, 261, 262, 263, 264, 265, 266, 267, 268, 269, 270, 1004, 1040, 55799})


class CborLimit(ValueError):
    """CBOR data over a limit (items, nesting, size) or not well formed; the message says which."""


def cbor_items(buf: bytes, limit: int = MAX_CBOR_ITEMS, max_depth: int = MAX_CBOR_DEPTH) -> int:
    """How many items the CBOR data item in ``buf`` holds, counted without building them; raises
    :class:`CborLimit` past ``limit`` items or ``max_depth`` levels, on a container that claims more
    items than the limit, an unknown tag, a length running past the end, or bytes left over.

    One pass over the item heads, no recursion: it costs a fraction of the decoding it guards.
    """
    n, pos, items = len(buf), 0, 0
    stack = [1]  # items still to come in each open container (-1: until a break)
    while stack:
        if pos >= n:
            raise CborLimit("the CBOR data ends in the middle of an item (truncated)")
        b = buf[pos]
        major, info = b >> 5, b & 0x1F
        pos += 1
        if info < 24:
            arg = info
        elif info < 28:
            size = 1 << (info - 24)
            if pos + size > n:
                raise CborLimit("the CBOR data ends in the middle of an item (truncated)")
            arg = int.from_bytes(buf[pos:pos + size], "big")
            pos += size
        elif info == 31 and major in (2, 3, 4, 5, 7):
            arg = -1
        else:
            raise CborLimit(f"a malformed CBOR item head (byte {b:#04x} at offset {pos - 1})")
        if b == 0xFF:  # a break closes the innermost container of indefinite length
            if stack[-1] != -1:
                raise CborLimit(f"a stray CBOR break at offset {pos - 1}")
            stack.pop()
        else:
            items += 1
            if items > limit:
                raise CborLimit(f"more than {limit:,} CBOR items (the limit per recording)")
            if major == 6:
                if arg in SEMANTIC_TAGS:
                    raise CborLimit(_tag_refused(arg))
                continue  # the tagged item follows, in the same place
            opened = 0
            if major in (2, 3):
                if arg == -1:
                    opened = -1
                else:
                    pos += arg
                    if pos > n:
                        raise CborLimit("a CBOR string runs past the end of the data (truncated)")
            elif major in (4, 5):
                opened = -1 if arg == -1 else arg * (2 if major == 5 else 1)
                if opened > limit - items:
                    raise CborLimit(f"a CBOR container claims {arg:,} items, more than the "
                                    f"{limit:,} a recording may hold")
            if opened:
                if len(stack) > max_depth:
                    raise CborLimit(f"CBOR data nested more than {max_depth} levels deep")
                if stack[-1] > 0:
                    stack[-1] -= 1
                stack.append(opened)
                continue
            if stack[-1] > 0:
                stack[-1] -= 1
        while stack and stack[-1] == 0:
            stack.pop()
    if pos != n:
        raise CborLimit(f"{n - pos} bytes after the CBOR data item")
    return items


def _tag_refused(tag: int) -> str:
    return f"CBOR tag {tag} (FreeKill writes only the tags {', '.join(map(str, sorted(CBOR_TAGS)))})"


def _refuse_tag(decoder: Any, tag: int = -1) -> Any:
    raise CborLimit(_tag_refused(tag))


#: every semantic tag decoded as a refusal
_REFUSED = {t: (lambda dec, t=t: _refuse_tag(dec, t)) for t in SEMANTIC_TAGS}


def damaged_hint(data: bytes) -> str | None:
    """Why bytes that are not a readable recording look like one cut short or damaged, or None.

    A recording begins with a 4-byte big-endian length (at most :data:`MAX_INFLATED`, so its first byte
    is at most 4) and a zlib header; UTF-16 text never begins that way."""
    if not data or data[0] > MAX_INFLATED >> 24:
        return None
    if len(data) >= 4 and int.from_bytes(data[:4], "big") < 8:
        return None
    if len(data) > 2 and data[0] == data[2] == 0 and 0x20 <= data[1] < 0x7F:
        return None  # "\0{\0" …: UTF-16 text, not a length
    if len(data) < 8:
        return (f"a truncated FreeKill recording ({len(data)} byte{'s' if len(data) != 1 else ''}: "
                "the file ends inside its header)")
    if data[4] & 0x0F == 8 or data[4] == 0x78 or data[5] in (0x01, 0x5E, 0x9C, 0xDA):
        return ("a damaged or truncated FreeKill recording (it starts with a recording's length and zlib "
                "header, but the stream cannot be read: re-copy the file)")
    return None


def _cbor_head(buf: bytes, pos: int) -> tuple[int, int, int] | None:
    """(major type, argument, next position) of the CBOR item head at ``pos``, or None."""
    if pos >= len(buf):
        return None
    major, info = buf[pos] >> 5, buf[pos] & 0x1F
    if info < 24:
        return major, info, pos + 1
    if info == 31:
        return major, -1, pos + 1
    size = {24: 1, 25: 2, 26: 4, 27: 8}.get(info)
    if size is None or pos + 1 + size > len(buf):
        return None
    return major, int.from_bytes(buf[pos + 1:pos + 1 + size], "big"), pos + 1 + size


def is_freekill(data: bytes) -> bool:
    """True when ``data`` looks like a FreeKill recording (by content, never by file name).

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
    """A CBOR value with byte strings decoded to text (FreeKill sends all strings as bytes)."""
    if isinstance(value, bytes):
        try:
            return value.decode("utf-8")
        except UnicodeDecodeError:
            return value
    if isinstance(value, (list, tuple)):
        return [_norm(v) for v in value]
    if isinstance(value, Mapping):
        return {_freeze(_norm(k)): _norm(v) for k, v in value.items()}
    if isinstance(value, cbor2.CBORTag):
        return cbor2.CBORTag(value.tag, _norm(value.value))
    return value


def _freeze(value: Any) -> Any:
    """A hashable form of a normalised map key (CBOR allows arrays and maps as keys)."""
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted(((repr(k), _freeze(v)) for k, v in value.items()), key=lambda kv: kv[0]))
    if isinstance(value, cbor2.CBORTag):
        return (value.tag, _freeze(value.value))
    return value


@dataclass(slots=True)
class _Entry:
    index: int
    ms: int
    request: bool
    command: str
    payload: Any


def _loads(raw: bytes, name: str, what: str, index: int | None = None, packet: str = "",
           budget: list[int] | None = None) -> Any:
    """Decode CBOR within the limits: counted first (:func:`cbor_items`) when ``raw`` is long enough
    to hold more items than the budget left (``budget[0]``, shared by a recording's decodes; an item
    takes at least one byte, so shorter data is within it and costs no count). Nesting is capped at
    :data:`MAX_CBOR_DEPTH`; the decoder's semantic tags are refused."""
    left = budget[0] if budget is not None else MAX_CBOR_ITEMS
    try:
        left -= cbor_items(raw, left) if len(raw) > left else len(raw)
        if budget is not None:
            budget[0] = left
        return cbor2.loads(raw, semantic_decoders=_REFUSED, max_depth=MAX_CBOR_DEPTH)
    except CborLimit as e:
        raise FreeKillError(f"corrupted or oversized {what} ({e})", name, index, packet) from None
    except Exception as e:  # noqa: BLE001 - cbor2 raises several exception types on damaged input
        raise FreeKillError(f"corrupted {what} ({type(e).__name__}: {e})", name, index, packet) from None


def _decode(data: bytes, name: str) -> tuple[list[Any], list[_Entry]]:
    """The top-level array and its entries. Raises FreeKillError for an unreadable file.

    One form of the recording is kept at a time: the inflated bytes are dropped once decoded, and each
    entry's item of the array (its encoded payload) is replaced by None once the entry is decoded."""
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise FreeKillError(f"expected bytes, got {type(data).__name__}", name)
    data = bytes(data)
    if not is_freekill(data):
        raise FreeKillError("not a FreeKill recording (expected a length, a zlib stream and a CBOR "
                            "array starting with the engine version)", name)
    declared = int.from_bytes(data[:4], "big")
    if declared > MAX_INFLATED:
        raise FreeKillError(f"the header declares {declared} bytes; a recording holds at most {MAX_INFLATED}", name)
    inflater = zlib.decompressobj()
    try:  # never inflate more than the declared length (+1 to see a longer stream): no zlib bomb
        raw = inflater.decompress(data[4:], declared + 1)
    except zlib.error as e:
        raise FreeKillError(f"truncated or corrupted zlib stream ({e})", name) from None
    if len(raw) > declared or inflater.unconsumed_tail:
        raise FreeKillError(f"length mismatch: the header says {declared} bytes, the stream holds more", name)
    if not inflater.eof:
        raise FreeKillError("truncated or corrupted zlib stream (it ends before its last block)", name)
    if inflater.unused_data:
        raise FreeKillError(f"{len(inflater.unused_data)} bytes of trailing data after the recording (two "
                            "recordings concatenated? each must be its own file)", name)
    if len(raw) != declared:
        raise FreeKillError(f"length mismatch: the header says {declared} bytes, the stream holds "
                            f"{len(raw)}", name)
    budget = [MAX_CBOR_ITEMS]
    small = len(raw) <= MAX_CBOR_ITEMS
    top = _loads(raw, name, "CBOR data", budget=budget)
    del raw  # decoded: the inflated bytes are not kept beside the items
    if not isinstance(top, list) or len(top) < _HEADER_ITEMS:
        raise FreeKillError("the top-level item is not an array of at least 10 items", name)
    version = _norm(top[0])
    if version not in SUPPORTED_VERSIONS:
        raise FreeKillError(f"unsupported FreeKill version {version!r} (this reader handles "
                            f"{', '.join(SUPPORTED_VERSIONS)})", name, 0, "version")
    kind = _norm(top[5])
    if kind not in ("normal", "", None):
        # the client restarts its recording after a reconnection or to observe, with item 5
        # "reconnect" and a Reconnect / Observe summary instead of the game's beginning
        raise FreeKillError(f"a recording begun after a reconnection or as an observer (header item 5 is "
                            f"{kind!r}, not 'normal'): it does not hold the game from its start", name, 5, "header")
    if small:  # counted one item per byte: the bytes inside its strings are no items
        budget[0] += sum(len(x) for item in top for x in (item if isinstance(item, list) else (item,))
                         if isinstance(x, (bytes, str)))
    entries: list[_Entry] = []
    for index in range(_HEADER_ITEMS, len(top)):
        item = top[index]
        if not isinstance(item, list) or len(item) != 4:
            raise FreeKillError("corrupted entry: expected [ms, is_request, command, payload]", name, index)
        ms, request, command, payload = item
        command = _norm(command)
        if not isinstance(command, str) or not isinstance(ms, int):
            raise FreeKillError("corrupted entry: bad timestamp or command", name, index)
        if command in _RAW_PAYLOAD_COMMANDS:
            payload = None  # raw text (a server notice): nothing the game needs
        elif isinstance(payload, (bytes, bytearray)):
            payload = _loads(bytes(payload), name, "payload", index, command, budget) if payload else None
        entries.append(_Entry(index, ms, bool(request), command, _norm(payload)))
        top[index] = None  # its payload is decoded in the entry: the encoded one is not kept as well
    return top, entries


# ---------------------------------------------------------------------------------------------------
# Cards, skills and generals
# ---------------------------------------------------------------------------------------------------


def _zh_card_name(name: str) -> str | None:
    return card_kinds.canonical_name(_CARD_ALIASES.get(name, name))


def _card_text(name: str, suit: Any, number: Any) -> str | None:
    zh = _zh_card_name(name)
    if zh is None or suit not in _SUITS or not isinstance(number, int) or not 1 <= number <= 13:
        return None
    return f"{_SUITS[suit]}{RANK_TEXT.get(number, str(number))} {zh}"


@cache
def card_table(ruleset: str = RULESET) -> dict[int, str]:
    """FreeKill's card ids for a ruleset's package set → canonical card strings: the standard package
    (1–108) for ``freekill-standard``, with the 军争 cards (109–160) for ``freekill-maneuvering``."""
    suits = {"spade": 1, "club": 2, "heart": 3, "diamond": 4}
    out: dict[int, str] = {}
    for package in _RULESET_PACKAGES[ruleset]:
        file = _PACKAGE_TABLES[package]
        text = resources.files(__package__).joinpath(file).read_text(encoding="utf-8")
        for row in csv.DictReader(text.splitlines()):
            card = _card_text(row["name"], suits.get(row["suit"]), int(row["number"]))
            if card is None or row["package"] != package or int(row["id"]) in out:
                raise ValueError(f"{file}: not a card of the {package} package: {row}")
            out[int(row["id"])] = card
    return out


def _skill_base(fk_name: str) -> str:
    """FreeKill's internal skill name → the skill or card it belongs to (``#eight_diagram_skill`` →
    ``eight_diagram``, ``#<skill>_2_trig`` → ``<skill>``, ``spear_skill&`` → ``spear``)."""
    base = fk_name.lstrip("#").rstrip("&")
    base = re.sub(r"_\d+_[a-z]+$", "", base)
    base = re.sub(r"_main_skill$", "", base)
    return re.sub(r"_skill$", "", base)


_NO_TRAITS = FkTraits("")


@cache
def _load_traits() -> None:
    """The skills and the equipment declare their FreeKill traits as they are defined: load them."""
    from sgs_replay import skills
    from sgs_replay.engine import cards  # noqa: F401  (the equipment)

    skills.load()


@cache
def _traits(base: str) -> FkTraits:
    """What a skill or an equipment card (by FreeKill base id) declares of itself for this reader
    (:mod:`sgs_replay.content.fk_traits`; a horse's distance is applied by the rules: locked)."""
    _load_traits()
    traits = fk_traits.by_fk(base)
    if traits is not None:
        return traits
    zh = _zh_card_name(base)
    kind = card_kinds.BY_NAME.get(zh) if zh is not None else None
    if kind is None or not kind.is_equip:
        return _NO_TRAITS
    if kind.subtype.endswith("_horse"):
        return FkTraits(kind.name, locked=True)
    return fk_traits.by_card(kind.name) or _NO_TRAITS


@cache
def _skill_id(base: str) -> str:
    """The project's id of the skill FreeKill calls ``base`` (its traits name it when the ids differ)."""
    traits = _traits(base)
    return traits.owner if traits.owner and traits.owner in content.skills() else base


@cache
def _pile_name(special: str) -> str:
    """The format's name of a pile FreeKill calls ``special`` (the skill that keeps it names it)."""
    return _traits(special).pile or special


@cache
def _provider(card: str) -> str | None:
    """The lord skill whose subjects provide ``card`` for the lord to use or play (激将: 杀, 护驾: 闪)."""
    _load_traits()
    for traits in fk_traits.skills_with(provides=card):
        info = content.skills().get(traits.owner)
        if info is not None:
            return info.name
    return None


@cache
def _providers() -> frozenset[str]:
    """The lord skills whose subjects provide a card (激将, 护驾)."""
    _load_traits()
    return frozenset(info.name for t in fk_traits.skills_with() if t.provides is not None
                     and (info := content.skills().get(t.owner)) is not None)


@cache
def _recovery_adders() -> frozenset[str]:
    """The skills that add to another card's recovery (救援): a recovery log naming one has no reason
    of its own."""
    _load_traits()
    return frozenset(info.name for t in fk_traits.skills_with(adds_recovery=True)
                     if (info := content.skills().get(t.owner)) is not None)


@cache
def _skill_zh(base: str) -> str | None:
    """Chinese name of a general's skill or of an equipment card, by FreeKill base id."""
    info = content.skills().get(_skill_id(base))
    if info is not None:
        return info.name
    zh = _zh_card_name(base)
    if zh is not None and card_kinds.BY_NAME[zh].is_equip:
        return zh
    return None


@cache
def _zh_skill_names() -> frozenset[str]:
    return frozenset(info.name for info in content.skills().values())


@cache
def _general_zh(fk_id: str) -> str | None:
    g = content.generals().get(fk_id)
    return g.name if g else None


def _html_name(text: str) -> str:
    """The name inside ``(…)`` of a HealHP ``arg2`` (``</b><font …>(桃)</font><b>`` → ``桃``)."""
    plain = re.sub(r"<[^>]*>", "", text)
    m = re.search(r"[(（]([^()（）]*)[)）]", plain)
    return (m.group(1) if m else plain).strip()


def _name_of(card: str) -> str:
    return card.split(" ", 1)[1]


# ---------------------------------------------------------------------------------------------------
# The reader
# ---------------------------------------------------------------------------------------------------


def _names(value: Any, text: str) -> bool:
    """Whether a decoded payload holds the string ``text`` anywhere."""
    if isinstance(value, str):
        return value == text
    if isinstance(value, Mapping):
        return any(_names(v, text) for v in value.values())
    if isinstance(value, (list, tuple)):
        return any(_names(v, text) for v in value)
    return False


class _Malformed(Exception):
    """A packet of a shape the reader does not expect (becomes an ImportProblem)."""


def _int(value: Any, what: str) -> int:
    if isinstance(value, cbor2.CBORTag) and value.tag in (_TAG_PLAYER, _TAG_CARD_ID):
        value = value.value
    if not isinstance(value, int) or isinstance(value, bool):
        raise _Malformed(f"{what} should be a number, got {value!r}")
    return value


@dataclass(slots=True)
class _Active:
    """A card in resolution: used and not yet gone from the processing area."""

    ids: frozenset[int]
    user: int | None
    name: str
    card: str | None
    targets: tuple[int, ...] = ()
    #: the targets whose part of the card has begun (answered, damaged, countered …), in that order
    reached: list[int] = field(default_factory=list)


@dataclass(slots=True)
class _PlayerInfo:
    name: str | None = None
    role: str | None = None
    general: str | None = None
    max_hp: int | None = None
    hp: int | None = None
    kingdom: str | None = None
    gender: str | None = None


#: FreeKill's ``gender`` property (General.Male … General.Agender) → the format's gender
_GENDERS = {1: "male", 2: "female", 3: "bigender", 4: "agender"}


class _Reader:
    def __init__(self, name: str, top: list[Any], entries: list[_Entry]) -> None:
        self.name = name
        self.top = top
        self.entries = entries
        self.entry: _Entry | None = None
        self.events: list[Event] = []
        self.sources: list[int] = []
        self.problems: list[ImportProblem] = []
        self.ruleset = RULESET
        self.known: dict[int, str] = {}
        # seats and players
        self.players: dict[int, _PlayerInfo] = {}
        self.seat_of: dict[int, int] = {}
        self.order: list[int] = []
        self.self_id: int | None = None
        self.settings: dict[str, Any] = {}
        self.game_mode = ""
        self.started = False
        self.start_max_hp: dict[int, int | None] = {}
        self.undefined: set[str] = set()  # FreeKill ids of generals the project does not define
        self.turns = 0
        self.dead: set[int] = set()
        self.game_over: str | None = None
        self.surrendered: int | None = None  # the player who surrendered (投降), before the GameOver
        # HP bookkeeping: PropertyUpdate changes minus the logged damage/recovery/loss, per player
        self.hp: dict[int, int] = {}
        self.hp_ledger: dict[int, int] = {}
        self.hp_since: dict[int, _Entry] = {}
        # resolution context
        self.stack: list[_Active] = []
        self.last_use: Use | None = None
        self.last_skill: tuple[str, Skill] | None = None
        self.skill_user: dict[str, int] = {}
        self.invoked: set[tuple[int, str]] = set()
        self.turn_skills: set[tuple[int, str]] = set()  # (seat, skill) invoked this turn
        self.given_draw: tuple[Skill, Draw] | None = None  # 遗计's invocation and the draw it is written as
        self.damage_skill_by: int | None = None
        self.retrial_pending: tuple[int, str] | None = None
        self.last_response: tuple[int, frozenset[int], int] | None = None  # seat, card ids, event index
        # 无懈可击: the last ask's (trick card id, target player id) when the recording seat was asked,
        # and the target each 无懈可击 played (by card id) is about
        self.null_ask: tuple[int, int] | None = None
        self.null_for: dict[int, int | None] = {}
        # judgements: reason asked for, card turned, per judged player
        self.judge_reason: dict[int, str] = {}
        self.judging: dict[int, tuple[str, str | None]] = {}
        self.skip_reason: dict[tuple[int, str], str] = {}
        # 军争: chain state per player, the players whose next damage is passed on by the chain, the
        # equipment that last left each player's equip area (白银狮子's recovery names it), a recast
        # whose draw is still to come (seat, FreeKill skill)
        self.chained: dict[int, bool] = {}
        self.chain_next: set[int] = set()
        self.lost_equip: dict[int, dict[str, str]] = {}
        self.recasting: tuple[int, str] | None = None
        # FreeKill's card areas: card id → (area, owner id, special pile name); the draw pile, top first
        self.where: dict[int, tuple[int, int | None, str | None]] = {}
        self.pile: list[int] = []
        self.pile_known = False
        self.checkpoints: list[tuple[int, Areas]] = []
        self.handlers: dict[str, Callable[[Any], None]] = {
            "ArrangeSeats": self.on_arrange_seats,
            "AddPlayer": self.on_add_player,
            "PropertyUpdate": self.on_property,
            "GameLog": self.on_log,
            "MoveCards": self.on_move_cards,
            "MoveFocus": self.on_focus,
            "GameOver": self.on_game_over,
            "PrepareDrawPile": self.on_draw_pile,
            "SyncDrawPile": self.on_draw_pile,
            "ShuffleDrawPile": self.on_draw_pile,
        }
        self.log_handlers: dict[str, Callable[[Mapping[str, Any]], None]] = {
            "$TurnStart": self.log_turn_start,
            "$TurnEnd": self.log_turn_end,
            "#PhaseSkipped": self.log_phase_skipped,
            "#UseCardToTargets": self.log_use_to_targets,
            "#UseCard": self.log_use_no_target,
            "#CardUseCollaborator": self.log_collaborator,
            "#UseCardToCard": self.log_use_to_card,
            "#ResponsePlayCard": self.log_response,
            "#InvokeSkill": self.log_invoke,
            "#InvokeSkillTo": self.log_invoke,
            "#StartJudgeReason": self.log_judge_reason,
            "#InitialJudge": self.log_initial_judge,
            "#JudgeResult": self.log_judge_result,
            "#Damage": self.log_damage,
            "#DamageWithNoFrom": self.log_damage_no_source,
            "#HealHP": self.log_heal,
            "#LoseHP": self.log_lose_hp,
            "#EnterDying": self.log_dying,
            "#KillPlayer": self.log_kill,
            "#KillPlayerWithNoKiller": self.log_kill,
            "#ChainStateChange": self.log_chain_state,
            "#ChainDamage": self.log_chain_damage,
            "#ShowCard": self.log_show_card,
        }

    # -- helpers ---------------------------------------------------------------------------------

    def problem(self, message: str) -> None:
        e = self.entry
        self.problems.append(ImportProblem(e.index if e else 0, e.command if e else "header", message))

    def emit(self, ev: Event) -> None:
        self.events.append(ev)
        self.sources.append(self.entry.index if self.entry else 0)
        self.reach(ev)

    def seat(self, pid: Any) -> int:
        pid = _int(pid, "player id")
        if pid not in self.seat_of:
            raise _Malformed(f"unknown player id {pid}")
        return self.seat_of[pid]

    def seats(self, pids: Iterable[Any]) -> list[int]:
        return sorted({self.seat(p) for p in pids})

    def card(self, cid: Any) -> str:
        cid = _int(cid, "card id")
        if cid not in self.known:
            raise _Malformed(f"unknown card id {cid}")
        return self.known[cid]

    def check_card(self, cid: int, before: Any) -> str:
        """The identity of card ``cid`` from a ``beforeCard``, checked against the id table."""
        if before is None:
            return self.card(cid)
        if not (isinstance(before, cbor2.CBORTag) and before.tag == _TAG_CARD_DATA
                and isinstance(before.value, Mapping)):
            raise _Malformed(f"beforeCard of card {cid} is not card data")
        data = before.value
        text = _card_text(str(data.get(2)), data.get(3), data.get(4))
        if text is None:
            self.problem(f"card {cid}: beforeCard {data!r} is not a card of the {self.ruleset} deck")
            return self.card(cid)
        expected = card_table(self.ruleset).get(cid)
        if expected is None:
            self.problem(f"card id {cid} is not in the id table (beforeCard says {text})")
        elif text != expected:
            self.problem(f"card {cid}: beforeCard says {text}, the id table says {expected}")
        self.known[cid] = text
        return text

    # -- generals the project does not define ---------------------------------------------------
    # A room may load packages this project does not define. A ruleset with ``unknown_generals =
    # "unverifiable"`` judges such a general on everything but its skills: the header carries what the
    # recording says of it (max HP, HP), its skills keep their FreeKill ids, and the engine counts their
    # effects unverifiable. A ruleset that says ``refuse`` cannot judge the recording (exit 3, one line).

    @property
    def accepts_unknown(self) -> bool:
        """The ruleset judges a general the project does not define without its skills."""
        return content.ruleset(self.ruleset).p.unknown_generals == "unverifiable"

    def defined_zh(self, fk_id: str) -> str | None:
        """The Chinese name of the project's general for a FreeKill id; None when the project does not define it,
        or defines another version under that id (the ruleset's ``other_versions``: the sp package's 诸葛瑾 …)."""
        zh = _general_zh(fk_id)
        if zh is not None and fk_id in content.ruleset(self.ruleset).p.other_versions:
            return None
        return zh

    def general_name(self, fk_id: str) -> str:
        """The general's Chinese name; one the project does not define keeps its FreeKill id when the ruleset
        accepts it (``unknown_generals``), and refuses the recording when it does not."""
        zh = self.defined_zh(fk_id)
        if zh is None:
            if not self.accepts_unknown:
                raise self.unknown_general(fk_id)
            self.undefined.add(fk_id)
            return fk_id
        return zh

    def note_general(self, fk_id: str) -> None:
        """A general seen before play: one the project does not define (and the ruleset accepts) is known from
        then on, so that its skills keep their ids (:meth:`skill_zh`); a refusal waits for the header."""
        if self.defined_zh(fk_id) is None and self.accepts_unknown:
            self.undefined.add(fk_id)

    def undefined_hp(self, player: Player, pid: int, bonus: int, start_seats: dict[str, SeatState]) -> None:
        """The header's HP, kingdom and gender of a general the project does not define, as the recording gives
        them: its max HP less the ``bonus`` the rules add on top (the lord's +1, the commander's), and a start
        position when its HP at the start differs from that max HP."""
        info = self.players[pid]
        if info.kingdom is not None and info.gender is not None:
            player.kingdom, player.gender = info.kingdom, info.gender  # type: ignore[assignment]
        max_hp = self.start_max_hp.get(pid, info.max_hp)
        if max_hp is None:
            return
        if max_hp - bonus >= 1:
            player.max_hp = max_hp - bonus
        if max_hp - bonus < 1 or (info.hp is not None and info.hp != max_hp):
            start_seats[str(player.seat)] = SeatState(hp=info.hp if info.hp is not None else max_hp, max_hp=max_hp)

    def unknown_general(self, fk_id: str) -> FreeKillError:
        """A general the project does not define, in a mode whose ruleset judges only the generals it knows: the
        recording uses a package this version cannot judge, so it is refused (exit 3, one line) rather than
        judged with false alarms; located at the first entry that names it."""
        at = next((e for e in self.entries if not e.request and _names(e.payload, fk_id)), None)
        return FreeKillError(f"general {fk_id!r} is none the project defines: the recording uses a package that "
                             f"{self.ruleset} cannot judge", self.name, at.index if at else 0,
                             at.command if at else "header")

    def skill_zh(self, fk: str) -> str:
        zh = _skill_zh(_skill_base(fk))
        if zh is None and self.undefined:  # a skill of a general the project does not define: kept as its id
            return fk
        if zh is None:
            self.problem(f"unknown skill {fk!r}")
            return fk
        return zh

    def known_name(self, zh: str) -> str:
        """A skill or card named in Chinese (a log's translated argument), reported when unknown."""
        if zh in _zh_skill_names() or card_kinds.canonical_name(zh):
            return zh
        self.problem(f"unknown skill or card {zh!r}")
        return zh

    # -- main loop -------------------------------------------------------------------------------

    def run(self) -> Conversion:
        self.read_header()
        for entry in self.entries:
            self.entry = entry
            if entry.request:
                if entry.command == "AskForUseCard":
                    self.on_ask_use(entry.payload)
                continue
            handler = self.handlers.get(entry.command)
            if handler is None:
                if entry.command not in _NOISE_COMMANDS:
                    self.problem(f"unknown packet {entry.command!r}")
                continue
            try:
                handler(entry.payload)
            except _Malformed as e:
                self.problem(f"malformed packet: {e}")
            except Exception as e:  # noqa: BLE001 - a packet of a shape this reader does not expect: report, go on
                self.problem(f"malformed packet ({type(e).__name__}: {e})")
        self.check_hp()
        self.entry = None
        header = self.build_header()
        self.problems.sort(key=lambda p: p.index)
        return Conversion(header, self.events, self.sources, self.problems, self.checkpoints)

    # -- header and setup ------------------------------------------------------------------------

    def read_header(self) -> None:
        def item(i: int, what: str) -> Any:
            raw = self.top[i]
            if isinstance(raw, (bytes, bytearray)) and raw:
                return _norm(_loads(bytes(raw), self.name, what, i, "header"))
            return _norm(raw)

        room = item(2, "room settings")
        me = item(3, "recording player")
        if isinstance(room, list) and len(room) >= 3 and isinstance(room[2], Mapping):
            self.settings = dict(room[2])
        self.game_mode = str(self.settings.get("gameMode", ""))
        modes = (_IDENTITY_MODE, *sorted(_MODE_READERS))
        if self.game_mode and self.game_mode not in modes:
            raise FreeKillError(f"game mode {self.game_mode!r} is not supported (this version reads "
                                f"{', '.join(modes)})", self.name, 2, "header")
        self.ruleset = self.detect_ruleset()
        self.known = dict(card_table(self.ruleset))
        if isinstance(me, list) and me and isinstance(me[0], int):
            self.self_id = me[0]
            self.players[me[0]] = _PlayerInfo(name=str(me[1]) if len(me) > 1 else None)

    def detect_ruleset(self) -> str:
        """The ruleset of the recording's package set, from its settings and its deck.

        Settings that disable the 军争 (``maneuvering``) package are the standard edition
        (``freekill-standard``), settings that do not are played with the 军争 cards
        (``freekill-maneuvering``); the ``PrepareDrawPile`` must then hold exactly the ids of that
        package set (108 or 160 cards). Anything else raises :class:`FreeKillError`.
        """
        disabled = self.settings.get("disabledPack")
        ruleset = RULESET if isinstance(disabled, list) and "maneuvering" in disabled else RULESET_MANEUVERING
        table = card_table(ruleset)
        packages = " + ".join(_RULESET_PACKAGES[ruleset])
        for entry in self.entries:
            if entry.command == "PrepareDrawPile" and not entry.request:
                ids = entry.payload if isinstance(entry.payload, list) else []
                if sorted(i if isinstance(i, int) else -1 for i in ids) != sorted(table):
                    supported = ", ".join(f"{len(card_table(r))} cards for {r}" for r in _RULESET_PACKAGES)
                    raise FreeKillError(
                        f"a draw pile of {len(ids)} cards that is not the {len(table)}-card deck of the packages "
                        f"its settings name ({packages}, ruleset {ruleset}); this version supports {supported}",
                        self.name, entry.index, entry.command)
                break
        return ruleset

    def on_add_player(self, p: list[Any]) -> None:
        self.players.setdefault(_int(p[0], "player id"), _PlayerInfo()).name = str(p[1])

    def on_arrange_seats(self, p: list[Any]) -> None:
        if self.order:
            self.problem("seats arranged a second time; the first arrangement is kept")
            return
        self.order = [_int(x, "player id") for x in p]
        if not self.order or len(set(self.order)) != len(self.order):
            self.order = []
            raise _Malformed("ArrangeSeats needs distinct player ids")
        self.seat_of = {pid: i + 1 for i, pid in enumerate(self.order)}
        for pid in self.order:
            self.players.setdefault(pid, _PlayerInfo())

    def build_header(self) -> Game:
        if not self.order:
            self.problems.append(ImportProblem(0, "header", "no ArrangeSeats packet: the seats are unknown"))
        players: list[Player] = []
        start_seats: dict[str, SeatState] = {}
        lord_bonus = len(self.order) > 4
        for pid in self.order:
            info = self.players[pid]
            general = info.general or "?"
            if info.general is None:
                self.problems.append(ImportProblem(0, "header", f"unknown general {general!r} (kept as id)"))
            name = self.general_name(info.general) if info.general is not None else general
            role = _ROLES.get(info.role or "")
            if role is None:
                self.problems.append(ImportProblem(0, "header", f"player {pid} has no identity role"))
            seat = self.seat_of[pid]
            players.append(Player(seat=seat, general=name, name=info.name, role=role))
            g = content.generals().get(general) if self.defined_zh(general) is not None else None
            max_hp = self.start_max_hp.get(pid, info.max_hp)
            if g is None and info.general is not None:  # the rules do not give its HP: the recording does
                rs = content.ruleset(self.ruleset).p
                bonus = rs.lord_hp_bonus if role == "lord" and len(self.order) >= rs.lord_hp_bonus_min_players else 0
                self.undefined_hp(players[-1], pid, bonus, start_seats)
            elif g is not None and max_hp is not None:
                want = g.hp + (1 if role == "lord" and lord_bonus else 0)
                if max_hp != want or (info.hp is not None and info.hp != max_hp):
                    start_seats[str(seat)] = SeatState(hp=info.hp, max_hp=max_hp)
        return self.game_header("identity", self.ruleset, players, start_seats, packs=True)

    def game_header(self, mode: Literal["identity", "3v3", "1v1", "1v3", "hegemony"], ruleset: str, players: list[Player], start_seats: dict[str, SeatState],
                    *, packs: bool = False) -> Game:
        """The header every FreeKill reader writes: a starting position where HP differs from the rules'
        defaults, the game id from the file name, and what the recording says of itself (``meta``; with
        ``packs``, the packages the room disabled)."""
        start = None
        if start_seats:  # HP that differs from the rules' defaults needs a starting position
            for pid in self.order:
                start_seats.setdefault(str(self.seat_of[pid]), SeatState())
            start = Start(seats=start_seats, current=None, round=1)
        recording = str(_norm(self.top[1]))
        game_id = PurePath(self.name).name if self.name else recording
        for suffix in (".fk.rep", ".rep"):
            if game_id.endswith(suffix):
                game_id = game_id[: -len(suffix)]
                break
        meta: dict[str, Any] = {
            "engine": "FreeKill",
            "engine_version": str(_norm(self.top[0])),
            "recording": recording,
            "game_mode": self.game_mode,
        }
        if self.self_id in self.seat_of:
            meta["recorded_by_seat"] = self.seat_of[self.self_id]
        disabled = self.settings.get("disabledPack")
        if packs and isinstance(disabled, list) and disabled:
            meta["disabled_packs"] = [str(x) for x in disabled]
        if self.game_over is not None:
            meta["winner_ids"] = self.game_over
        return Game(format=FORMAT_ID, mode=mode, ruleset=ruleset, players=players, game_id=game_id, meta=meta,
                    start=start)

    # -- properties ------------------------------------------------------------------------------

    def on_property(self, p: list[Any]) -> None:
        pid, prop = _int(p[0], "player id"), p[1]
        value = p[2] if len(p) > 2 else None
        info = self.players.setdefault(pid, _PlayerInfo())
        if prop == "phase":
            if value in _PHASES:
                self.emit(Phase(seat=self.seat(pid), phase=_PHASES[value]))
                self.clear_resolution()
            elif value not in _NON_PHASES:
                self.problem(f"unknown phase {value!r}")
        elif prop == "role":
            info.role = str(value)
        elif prop == "general":
            if self.started and value != info.general:
                self.problem(f"the general of player {pid} changed to {value!r} during the game")
            info.general = str(value)
            self.note_general(info.general)
        elif prop == "maxHp":
            new = _int(value, "max HP")
            if self.started and info.max_hp is not None and new != info.max_hp:
                self.emit(MaxHp(seat=self.seat(pid), delta=new - info.max_hp))
            info.max_hp = new
        elif prop == "hp":
            new = _int(value, "HP")
            if self.started:
                if not self.hp_ledger.get(pid) and self.entry is not None:
                    self.hp_since[pid] = self.entry
                self.hp_ledger[pid] = self.hp_ledger.get(pid, 0) + new - self.hp.get(pid, new)
            else:
                info.hp = new
            self.hp[pid] = new
        elif prop == "kingdom":
            info.kingdom = value.lower() if isinstance(value, str) and value.isascii() and value.isalpha() else None
        elif prop == "gender":
            info.gender = _GENDERS.get(value) if isinstance(value, int) else None
        elif prop == "chained":
            self.set_chained(pid, bool(value))
        elif prop == "drank":
            # 酒's +1 for the next 杀: bookkeeping (the damage logged has it); it rises only with a 酒 in resolution
            act = self.stack[-1] if self.stack else None
            if _int(value, "drank") > 0 and not (act is not None and act.name == "酒" and act.user == self.seat(pid)):
                self.problem(f"player {pid} drank with no 酒 of theirs in resolution")
        elif prop == "deputyGeneral":
            if value:  # 双将: FreeKill sends "" when the room plays with one general each
                self.problem(f"player {pid} has a deputy general {value!r} (双将): the format has one general "
                             "per seat, and the deputy's skills are not that general's")
        elif prop == "surrendered":
            # 投降: FreeKill sets it, ends the game (GameOver names the winners) and clears it
            if value:
                self.surrendered = pid
        elif prop == "dead":
            if value and pid not in self.dead:
                self.problem(f"player {pid} marked dead without a death log")
                self.dead.add(pid)
        elif prop not in _NOISE_PROPERTIES:
            self.problem(f"unknown property {prop!r}")

    def hp_change(self, pid: int, delta: int) -> None:
        if not self.hp_ledger.get(pid) and self.entry is not None:
            self.hp_since[pid] = self.entry
        self.hp_ledger[pid] = self.hp_ledger.get(pid, 0) - delta

    def check_hp(self) -> None:
        """Every HP change FreeKill announced must have been logged as damage, recovery or loss."""
        for pid, rest in sorted(self.hp_ledger.items()):
            if rest:
                since = self.hp_since.get(pid, self.entry)
                self.problems.append(ImportProblem(
                    since.index if since else 0, since.command if since else "header",
                    f"HP of seat {self.seat_of.get(pid, pid)} is off by {rest:+d} from the logged damage, "
                    f"recovery and HP loss (checked at the next turn)"))
        self.hp_ledger.clear()
        self.hp_since.clear()

    # -- resolution context ----------------------------------------------------------------------

    def on_focus(self, p: Any) -> None:
        if isinstance(p, list) and len(p) > 1 and p[1] == "PlayCard":
            self.clear_resolution()  # back at the top level of the play phase
        if isinstance(p, list) and len(p) > 1 and p[1] == "nullification":
            self.null_ask = None  # a new ask for 无懈可击: its prompt, if the recording seat gets one, follows

    def clear_resolution(self) -> None:
        """Back at the top level (a phase, a turn, the play phase's prompt): nothing remembered of a
        resolution may outlive it."""
        self.stack.clear()
        self.damage_skill_by = None
        self.last_response = None
        self.last_use = None
        self.given_draw = None
        self.chain_next.clear()
        if self.recasting is not None:
            self.problem("a recast with no draw after it")
            self.recasting = None

    def pop_active(self, cid: int) -> None:
        self.stack = [a for a in self.stack if cid not in a.ids]

    def damage_card(self, source: int | None) -> str | None:
        """The card that causes a damage: the card in resolution, when its effect deals it."""
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
        else:
            ok = act.name in ("杀", "南蛮入侵", "万箭齐发", "火攻") and source is not None and source == act.user
        return act.card if ok else None

    # -- game log --------------------------------------------------------------------------------

    def on_log(self, p: Mapping[str, Any]) -> None:
        kind = str(p["type"])
        handler = self.log_handlers.get(kind)
        if handler is not None:
            handler(p)
        elif kind not in _NOISE_LOGS:
            self.problem(f"unknown game log {kind!r}")
        if kind == "$GameStart":
            self.started = True
            # the seats' max HP as the game starts: a skill may change it later (the header's start needs this)
            self.start_max_hp = {pid: info.max_hp for pid, info in self.players.items()}

    def log_turn_start(self, p: Mapping[str, Any]) -> None:
        self.check_hp()
        self.turns += 1
        pid = _int(p["from"], "player id")
        self.skip_reason = {k: v for k, v in self.skip_reason.items() if k[0] != pid}
        self.invoked.clear()
        self.turn_skills.clear()
        self.judge_reason.clear()
        self.judging.clear()
        self.retrial_pending = None
        self.last_skill = None
        self.clear_resolution()
        self.checkpoint("turn start")
        self.emit(Turn(seat=self.seat(pid)))

    def log_turn_end(self, p: Mapping[str, Any]) -> None:
        self.emit(TurnEnd(seat=self.seat(p["from"])))

    def log_phase_skipped(self, p: Mapping[str, Any]) -> None:
        phase = _SKIPPED_PHASE.get(str(p.get("arg")))
        if phase is None:
            raise _Malformed(f"unknown skipped phase {p.get('arg')!r}")
        pid = _int(p["from"], "player id")
        reason = self.skip_reason.pop((pid, phase), None)
        if reason is None:
            self.problem(f"the {phase} phase was skipped for a reason the recording does not show")
        self.emit(PhaseSkip(seat=self.seat(pid), phase=phase, reason=reason))

    # cards used and answered

    def card_of_log(self, p: Mapping[str, Any]) -> tuple[str | None, str | None, list[str] | None,
                                                          str | None, list[int]]:
        """(card, as, cards, skill, physical ids) of the ``card`` field of a use or response log."""
        cards = p.get("card")
        if not isinstance(cards, list) or len(cards) != 1:
            raise _Malformed(f"expected one card, got {cards!r}")
        c = cards[0]
        if isinstance(c, cbor2.CBORTag) and c.tag == _TAG_CARD_ID:
            return self.card(c), None, None, None, [_int(c, "card id")]
        if not (isinstance(c, cbor2.CBORTag) and c.tag == _TAG_CARD_DATA and isinstance(c.value, Mapping)):
            raise _Malformed(f"unexpected card value {c!r}")
        data = c.value
        zh = _zh_card_name(str(data.get(2)))
        if zh is None:
            raise _Malformed(f"unknown card name {data.get(2)!r}")
        ids = [_int(i, "card id") for i in data.get(6) or []]
        skills = data.get(7) or []
        skill = self.skill_zh(str(skills[0])) if skills else None
        return None, zh, [self.card(i) for i in ids], skill, ids

    def log_use_to_targets(self, p: Mapping[str, Any]) -> None:
        self.make_use(p, list(p.get("to") or []))

    def log_use_no_target(self, p: Mapping[str, Any]) -> None:
        self.make_use(p, [])

    def make_use(self, p: Mapping[str, Any], to: list[Any]) -> None:
        card, as_, subs, skill, ids = self.card_of_log(p)
        user = self.seat(p["from"])
        name = card_kinds.true_name(as_ or _name_of(card or ""))
        is_equip = card_kinds.BY_NAME[name].is_equip
        targets = self.seats(to) if to and not is_equip else None
        if name == "酒" and targets == [user] and self.hp.get(_int(p["from"], "player id"), 1) > 0:
            targets = None  # 酒 for its +1 (the user is not dying): a use with no target, as the format writes it
        provided = self.provided_by_other(user, ids, name)
        if provided is not None:  # 激将 in the play phase: the lord uses the 杀 a 蜀 character provided
            card, as_, subs, skill = None, name, [], provided
        ev = Use(seat=user, card=card, as_=as_, cards=subs, skill=skill, targets=targets)
        self.emit(ev)
        self.last_use = ev
        if not is_equip:
            self.stack.append(_Active(frozenset(ids), user, name, card, tuple(targets or ())))

    def log_collaborator(self, p: Mapping[str, Any]) -> None:
        """借刀杀人's second target: the character the weapon holder must slash."""
        use = self.last_use
        name = (use.as_ or _name_of(use.card or " ")) if use is not None else None
        if use is None or not self.events or self.events[-1] is not use or name != "借刀杀人":
            raise _Malformed("a 借刀杀人 victim without the 借刀杀人 use before it")
        victims = self.seats(p.get("to") or [])
        if len(victims) != 1:
            raise _Malformed(f"expected one victim, got {victims}")
        use.victim = victims[0]

    def log_use_to_card(self, p: Mapping[str, Any]) -> None:
        card, as_, subs, skill, ids = self.card_of_log(p)
        seat = self.seat(p["from"])
        if self.provided_by_other(seat, ids, as_ or _name_of(card or " ")) is not None:
            return  # the card 护驾 provided answers as the lord's own (logged with the provider's `respond`)
        if (as_ or _name_of(card or " ")) == "无懈可击":
            ev = Use(seat=seat, card=card, as_=as_, cards=subs, skill=skill, for_=self.nullified_target(p, ids))
            self.emit(ev)
            self.last_use = ev
        else:  # 闪 used against a 杀: the format writes every answer to a demand as `respond`
            self.emit(Respond(seat=seat, card=card, as_=as_, cards=subs, skill=skill))

    # 无懈可击 on a trick with several targets

    def on_ask_use(self, p: Any) -> None:
        """A prompt to the recording seat (a request): FreeKill's ask for 无懈可击 names the target whose
        part of the trick is about to take effect (``effectTo``); a counter's ask names none."""
        if isinstance(p, list) and len(p) > 4 and p[0] == "nullification" and isinstance(p[4], Mapping):
            card, to = p[4].get("effectCardId"), p[4].get("effectTo")
            if isinstance(card, int) and isinstance(to, int) and to in self.seat_of:
                self.null_ask = (card, to)

    def nullified_target(self, p: Mapping[str, Any], ids: list[int]) -> int | None:
        """The target whose part of a trick with several targets a 无懈可击 is about (the format's ``for``).

        FreeKill asks for 无懈可击 once per target, in the order of resolution, and logs what each one
        answers (``#UseCardToCard``, ``arg``): the trick (a fresh one, for the target being asked for)
        or an earlier 无懈可击 (a counter, for that one's target). The target asked for is in the prompt
        when the recording seat was asked (``effectTo``); otherwise it is the next target after the last
        one whose part has begun, skipping the dead and those FreeKill voids before asking (藤甲's).
        None for a trick with one target (nothing to tell) or an answer the reader cannot place."""
        answered = p.get("arg")
        if isinstance(answered, cbor2.CBORTag) and answered.tag == _TAG_CARD_ID:
            answered = answered.value
        if not isinstance(answered, int):
            return None
        act = next((a for a in reversed(self.stack) if answered in a.ids), None)
        if act is None:  # a counter: the same target as the 无懈可击 it answers
            seat = self.null_for.get(answered)
        elif len(act.targets) < 2:
            seat = None
        else:
            ask = self.null_ask
            seat = self.seat_of[ask[1]] if ask is not None and ask[0] in act.ids else self.next_target(act)
            if seat is not None:
                act.reached.append(seat)
        for cid in ids:
            self.null_for[cid] = seat
        return seat

    def target_order(self, act: _Active) -> list[int]:
        """A card's targets in the order they resolve: from the user on, in seat order."""
        n = len(self.order)
        user = act.user or 0
        return sorted(act.targets, key=lambda seat: (seat - user) % n)

    def next_target(self, act: _Active) -> int | None:
        """The first target after the last one reached that FreeKill would ask for: alive, wounded for
        a card that only recovers (桃园结义), and not wearing equipment whose traits void the card
        before any 无懈可击 is asked (FreeKill cancels those parts first, with no log)."""
        order = self.target_order(act)
        last = max((order.index(s) for s in act.reached if s in order), default=-1)
        for seat in order[last + 1:]:
            pid = self.order[seat - 1]
            if pid in self.dead:
                continue
            max_hp = self.players[pid].max_hp
            if act.name in _RECOVERS_ONLY and max_hp is not None and self.hp.get(pid, max_hp) >= max_hp:
                continue
            worn = [_name_of(self.known[cid]) for cid, (area, owner, _) in self.where.items()
                    if area == _EQUIP and owner == pid and cid in self.known]
            if any(act.name in (fk_traits.by_card(name) or _NO_TRAITS).voids for name in worn):
                continue
            return seat
        return None

    def reach(self, ev: Event) -> None:
        """A target's part of the trick in resolution has begun: it answered, took its damage or
        recovery, took its card (五谷丰登) or was chained. (Not a skill: the user's own, 集智, comes
        before any target's part.)"""
        act = next((a for a in reversed(self.stack) if len(a.targets) > 1), None)
        if act is None:
            return
        seat: int | None = None
        if isinstance(ev, Respond):
            before = self.events[-2] if len(self.events) > 1 else None
            provides = isinstance(before, Skill) and before.seat != ev.seat and before.skill in _providers()
            seat = None if provides else ev.seat  # a subject providing the lord's card (护驾) is not a target's part
        elif isinstance(ev, Damage) and (act.card is None or ev.card == act.card):
            seat = ev.target
        elif isinstance(ev, Recover) and ev.card is not None and ev.card == act.card:
            seat = ev.seat
        elif isinstance(ev, Move) and ev.from_ is not None and ev.from_.zone == "processing" and ev.to is not None:
            seat = ev.to.seat
        elif isinstance(ev, Chain):
            seat = ev.seat
        if seat is not None and seat in act.targets:
            act.reached.append(seat)

    def log_response(self, p: Mapping[str, Any]) -> None:
        card, as_, subs, skill, ids = self.card_of_log(p)
        seat = self.seat(p["from"])
        if self.retrial_pending is not None and self.retrial_pending[0] == seat and card is not None:
            self.retrial(card)
            return
        if self.provided_by_other(seat, ids, as_ or _name_of(card or " ")) is not None:
            return  # the 杀 激将 provided answers as the lord's own (logged with the provider's `respond`)
        self.emit(Respond(seat=seat, card=card, as_=as_, cards=subs, skill=skill))
        if ids:
            self.last_response = (seat, frozenset(ids), len(self.events) - 1)

    def provided_by_other(self, seat: int, ids: list[int], name: str) -> str | None:
        """The lord skill (激将, 护驾) when ``seat`` uses or plays the very cards another character just
        played for him; FreeKill logs the lord's use of the provided card as well."""
        last = self.last_response
        if last is None or not ids or last[1] != frozenset(ids) or last[0] == seat:
            return None
        skill = _provider(card_kinds.true_name(name))
        if skill is None or not self.has_lord_skill(seat, skill):
            return None
        pid = self.order[seat - 1]
        if any(self.where.get(cid, (0, None, None))[:2] in ((_HAND, pid), (_EQUIP, pid)) for cid in ids):
            return None  # the user's own card (drawn again after a reshuffle): not a provision
        self.last_response = None
        if (seat, skill) in self.invoked:
            self.invoked.discard((seat, skill))
        else:  # the lord skill's invocation, in case it was not logged
            at = last[2]
            self.events.insert(at, Skill(seat=seat, skill=skill))
            self.sources.insert(at, self.sources[at])
        return skill

    def has_lord_skill(self, seat: int, skill: str) -> bool:
        """The character in ``seat`` is the lord and its general has the lord skill ``skill`` (a general the
        project does not define: the lord has just invoked it)."""
        info = self.players.get(self.order[seat - 1]) if 0 < seat <= len(self.order) else None
        if info is not None and info.role == "lord" and info.general in self.undefined:
            return (seat, skill) in self.invoked
        g = content.generals().get(info.general or "") if info is not None else None
        if info is None or g is None or info.role != "lord":
            return False
        return any(_skill_zh(sid) == skill for sid in g.skills)

    def retrial(self, card: str) -> None:
        """The pending retrial skill replaces the judgement card in progress with ``card``."""
        assert self.retrial_pending is not None
        seat, skill = self.retrial_pending
        self.retrial_pending = None
        self.emit(Retrial(seat=seat, card=card, skill=skill))
        if len(self.judging) == 1:
            (pid, (_, fk)), = self.judging.items()
            self.judging[pid] = (card, fk)
        else:
            self.problem(f"a retrial with {len(self.judging)} judgements in progress")

    # skills

    def log_invoke(self, p: Mapping[str, Any]) -> None:
        fk = str(p["arg"])
        base = _skill_base(fk)
        seat = self.seat(p["from"])
        if base == _RECAST:
            return  # 重铸 is written from its move and draw
        traits = _traits(base)
        if traits.choice_mark is not None and re.fullmatch(rf"#{re.escape(traits.choice_mark)}\d+_trig", fk):
            return  # an effect the skill chose earlier (战神's), applied by the rules (locked)
        zh = self.skill_zh(fk)
        if traits.declares_fire:
            self.fan(seat, zh)
            return
        if traits.locked or traits.convert:
            return
        if traits.retrial:
            self.retrial_pending = (seat, zh)
            return
        if traits.announced_again and (seat, zh) in self.turn_skills:
            return  # the effect of a skill invoked earlier this turn, announced again (裸衣's +1)
        if (traits.spends_pile and traits.pile is not None
                and self.pile_cards(_int(p["from"], "player id"), traits.pile)):
            return  # a card of the skill's pile spent (忠义's +1): the move that follows is written

        self.turn_skills.add((seat, zh))
        ev = Skill(seat=seat, skill=zh, targets=self.seats(p.get("to") or []) or None)
        self.emit(ev)
        self.last_skill = (base, ev)
        self.skill_user[zh] = seat
        self.invoked.add((seat, zh))
        if traits.damage:
            self.damage_skill_by = seat
        if traits.skips is not None:
            self.skip_reason[(_int(p["from"], "player id"), traits.skips)] = zh

    def pile_cards(self, pid: int, pile: str) -> list[int]:
        """The cards FreeKill has in a player's pile, by the format's pile name."""
        return [cid for cid, (area, owner, name) in self.where.items() if area == _SPECIAL and owner == pid and name == pile]

    def fan(self, seat: int, zh: str) -> None:
        """朱雀羽扇: FreeKill turns the 普通杀 just declared into a 火杀 made of it; the format writes that use
        as the conversion ``"as": "火杀", "cards": [the 杀], "skill": "朱雀羽扇"``, and a 杀 another skill
        made (武圣) as that skill's conversion declared a 火杀 (``"as": "火杀", "skill": "武圣"``)."""
        use = self.last_use
        if use is None or use.seat != seat or not self.stack or self.stack[-1].user != seat \
                or (use.as_ or _name_of(use.card or " ")) != "杀":
            raise _Malformed("朱雀羽扇 with no 普通杀 of its wearer just used")
        if use.skill is not None:  # a 杀 a skill made (武圣): that skill's conversion, declared a 火杀
            use.as_ = "火杀"
            self.stack[-1].card = None
            return
        use.cards = [use.card or "?"]
        use.card, use.as_, use.skill = None, "火杀", zh
        # the 火杀 is that one 杀: the damage it deals (and the chain passes on) names it, so 奸雄 takes it

    # judgements

    def log_judge_reason(self, p: Mapping[str, Any]) -> None:
        self.judge_reason[_int(p["from"], "player id")] = str(p.get("arg", ""))

    def log_initial_judge(self, p: Mapping[str, Any]) -> None:
        pid = _int(p["from"], "player id")
        seat = self.seat(pid)
        fk = self.judge_reason.pop(pid, None)
        reason: str | None = None
        if fk is None:
            self.problem("a judgement without a reason")
        elif fk in _JUDGE_CARDS:
            reason = _JUDGE_CARDS[fk]
        else:
            reason = self.skill_zh(fk)
            # a judgement a skill asks for belongs to one invocation; FreeKill logs 洛神's repeats
            # (可以再次发动) without a new #InvokeSkill, so the invocation is written here
            if (seat, reason) not in self.invoked:
                self.emit(Skill(seat=seat, skill=reason))
            self.invoked.discard((seat, reason))
        card = self.card(p["arg"])
        self.judging[pid] = (card, fk)
        self.emit(Judge(seat=seat, card=card, reason=reason))

    def log_judge_result(self, p: Mapping[str, Any]) -> None:
        pid = _int(p["from"], "player id")
        card = self.card(p["arg"])
        logged, fk = self.judging.pop(pid, (None, None))
        if logged != card:
            self.problem(f"the judgement result {card} is not the card logged for it ({logged})")
        self.retrial_pending = None
        if fk in _SKIPS:
            self.skip_reason[(pid, _SKIPS[fk])] = _JUDGE_CARDS[fk]

    # damage, HP and death

    def log_damage(self, p: Mapping[str, Any]) -> None:
        sources = p.get("to") or []  # FreeKill writes the victim in `from` and the source in `to`
        self.damage(p["from"], sources[0] if sources else None, p)

    def log_damage_no_source(self, p: Mapping[str, Any]) -> None:
        victim = p.get("from")
        if victim is None:
            victim = (p.get("to") or [None])[0]
        self.damage(victim, None, p)

    def damage(self, victim: Any, source: Any, p: Mapping[str, Any]) -> None:
        pid = _int(victim, "player id")
        amount = _int(p["arg"], "damage")
        nature = _NATURE.get(str(p.get("arg2", "normal_damage")))
        if nature is None:
            self.problem(f"unknown damage nature {p.get('arg2')!r}")
            nature = "normal"
        src = self.seat(source) if source is not None else None
        target = self.seat(pid)
        chain = pid in self.chain_next
        self.chain_next.discard(pid)
        self.hp_change(pid, -amount)
        # FreeKill resets a chained character just before the natured damage it takes; the rules reset it
        # as part of that damage, so the reset is written right after the damage (from the damage's entry)
        last = self.events[-1] if self.events else None
        reset = nature != "normal" and isinstance(last, Chain) and last.seat == target and not last.chained
        if reset:
            self.events.pop()
            self.sources.pop()
        self.emit(Damage(target=target, amount=amount, source=src, card=self.damage_card(src), nature=nature,
                         chain=chain))
        if reset:
            self.emit(Chain(seat=target, chained=False))

    def log_chain_damage(self, p: Mapping[str, Any]) -> None:
        """#ChainDamage: the next damage of this player is passed on by 铁索连环 (``chain: true``)."""
        self.chain_next.add(_int(p["from"], "player id"))

    def log_chain_state(self, p: Mapping[str, Any]) -> None:
        state = _CHAIN_STATES.get(str(p.get("arg")))
        if state is None:
            raise _Malformed(f"unknown chain state {p.get('arg')!r}")
        self.set_chained(_int(p["from"], "player id"), state)

    def set_chained(self, pid: int, state: bool) -> None:
        """A change of a character's chain state (横置/重置): FreeKill sends the ``chained`` property and a
        #ChainStateChange log, in either order; the first that changes the state writes the `chain`
        event. A dead character's state is not written."""
        if self.chained.get(pid, False) == state:
            return
        self.chained[pid] = state
        if pid not in self.dead:
            self.emit(Chain(seat=self.seat(pid), chained=state))

    def log_show_card(self, p: Mapping[str, Any]) -> None:
        """#ShowCard: a hand card shown; the target of a 火攻 in resolution shows one."""
        pid = _int(p["from"], "player id")
        seat = self.seat(pid)
        cards = [self.card(c) for c in p.get("card") or []]
        act = self.stack[-1] if self.stack else None
        reason: str | None = None
        if act is not None and act.name == "火攻" and seat in act.targets:
            reason = act.name
        else:
            self.problem("a card shown with no 火攻 in resolution against its owner; written as a reveal without reason")
        self.emit(Reveal(cards=cards, seat=seat, reason=reason))

    def log_heal(self, p: Mapping[str, Any]) -> None:
        pid = _int(p["from"], "player id")
        amount = _int(p["arg"], "recovery")
        why = _html_name(str(p.get("arg2", "")))
        source: int | None = None
        card: str | None = None
        equip = self.lost_equip.get(pid, {}).pop(why, None)
        if equip is not None:
            card = equip  # 白银狮子 leaving its wearer's equip area
        elif why and card_kinds.canonical_name(why):
            for act in reversed(self.stack):
                if act.name == why:
                    source, card = act.user, act.card
                    break
            else:
                self.problem(f"recovery by {why} with no {why} in resolution")
        elif why in self.skill_user:
            source = self.skill_user[why]
        elif why not in _recovery_adders():  # a lord skill that adds to a 桃's recovery (救援)
            self.problem(f"recovery for a reason the reader does not know: {why!r}")
        self.hp_change(pid, amount)
        self.emit(Recover(seat=self.seat(pid), amount=amount, source=source, card=card))

    def log_lose_hp(self, p: Mapping[str, Any]) -> None:
        pid = _int(p["from"], "player id")
        amount = _int(p["arg"], "HP loss")
        # arg2 is the reason's translated name in markup, as for #HealHP (`</b><font …>(苦肉)</font><b>`),
        # or a FreeKill id
        why = _html_name(str(p.get("arg2") or ""))
        reason = None
        if why:
            reason = _skill_zh(_skill_base(why)) or _zh_card_name(why) or self.known_name(why)
        self.hp_change(pid, -amount)
        self.emit(LoseHp(seat=self.seat(pid), amount=amount, reason=reason))

    def log_dying(self, p: Mapping[str, Any]) -> None:
        self.emit(Dying(seat=self.seat(p["from"])))

    def log_kill(self, p: Mapping[str, Any]) -> None:
        pid = _int(p["from"], "player id")
        killers = p.get("to") or []
        killer = self.seat(killers[0]) if killers else None
        self.dead.add(pid)
        self.emit(Death(seat=self.seat(pid), killer=killer))

    # -- card moves ------------------------------------------------------------------------------

    def on_move_cards(self, p: list[Any]) -> None:
        moves = p[0]
        if not isinstance(moves, list):
            raise _Malformed("MoveCards needs a list of moves")
        for move in moves:
            self.track(move)
            self.on_move(move)

    # -- FreeKill's own card areas (the oracle) ----------------------------------------------------

    def on_draw_pile(self, p: Any) -> None:
        """PrepareDrawPile / SyncDrawPile / ShuffleDrawPile: the whole draw pile, top first."""
        if not isinstance(p, list):
            raise _Malformed("a draw pile packet needs a list of card ids")
        self.pile = [_int(c, "card id") for c in p]
        self.pile_known = True
        for cid in self.pile:
            self.where[cid] = (_DRAW_PILE, None, None)

    def track(self, m: Mapping[str, Any]) -> None:
        to_area = _int(m["toArea"], "card area")
        owner = m.get("to")
        owner = _int(owner, "player id") if owner is not None else None
        special = m.get("specialName")
        moved = [_int(info["cardId"], "card id") for info in m["moveInfo"]]
        for cid in moved:
            if self.where.get(cid, (0,))[0] == _DRAW_PILE and cid in self.pile:
                self.pile.remove(cid)
            self.where[cid] = (to_area, owner, _pile_name(str(special)) if special else None)
        if to_area == _DRAW_PILE:
            self.pile[:0] = moved

    def checkpoint(self, moment: str) -> None:
        """Write down where every card is, before the next event."""
        if not self.where:
            return
        zones: dict[int, dict[str, list[str]]] = {}
        shared: dict[int, list[str]] = {_DRAW_PILE: [], _DISCARD_PILE: [], _PROCESSING: []}
        for cid in sorted(self.where):
            area, owner, special = self.where[cid]
            text = self.known.get(cid)
            if text is None:
                continue
            if area in shared:
                shared[area].append(text)
            elif area in _OWNED and owner in self.seat_of:
                key = {_HAND: "hand", _EQUIP: "equip", _JUDGE: "judge"}.get(area, f"pile:{special}")
                zones.setdefault(self.seat_of[owner], {}).setdefault(key, []).append(text)
        seats = {}
        for seat in sorted(self.seat_of.values()):
            z = zones.get(seat, {})
            seats[seat] = SeatCards(
                hand=tuple(sorted(z.get("hand", []))), equip=tuple(sorted(z.get("equip", []))),
                judge=tuple(sorted(z.get("judge", []))),
                piles={k[5:]: tuple(sorted(v)) for k, v in sorted(z.items()) if k.startswith("pile:")})
        self.checkpoints.append((len(self.events), Areas(
            moment=moment, seats=seats, pile=tuple(sorted(shared[_DRAW_PILE])),
            discard=tuple(sorted(shared[_DISCARD_PILE])), processing=tuple(sorted(shared[_PROCESSING])),
            pile_known=self.pile_known,
            chained=tuple(sorted(self.seat_of[p] for p, on in self.chained.items() if on and p not in self.dead)))))

    def on_move(self, m: Mapping[str, Any]) -> None:
        reason = _int(m["moveReason"], "move reason")
        to_area = _int(m["toArea"], "card area")
        skill = str(m.get("skillName") or "")
        base = _skill_base(skill) if skill else ""
        traits = _traits(base)
        src, dst = m.get("from"), m.get("to")
        ids: list[int] = []
        areas: list[int] = []
        cards: list[str] = []
        for info in m["moveInfo"]:
            cid = _int(info["cardId"], "card id")
            ids.append(cid)
            areas.append(_int(info.get("fromArea", 0), "card area"))
            cards.append(self.check_card(cid, info.get("beforeCard")))
        from_areas = set(areas)
        if src is not None:  # what left an equip area (白银狮子's recovery names the card)
            for area, card in zip(areas, cards, strict=True):
                if area == _EQUIP:
                    self.lost_equip.setdefault(_int(src, "player id"), {})[_name_of(card)] = card
        if from_areas == {_PROCESSING} and to_area == _PROCESSING:
            return  # a card already in the processing area used again (the lord's use of a provided 杀)
        if from_areas == {_PROCESSING} and not (reason == _R_JUST_MOVE and traits.implied_gain):
            # leaving the processing area ends that card's resolution; a card 奸雄 takes while an
            # AOE goes on (the rules let him take it at once) still causes the damage that follows
            for cid in ids:
                self.pop_active(cid)

        if traits.retrial:
            # FreeKill's changeJudge moves the new card itself (reason 10 and the skill's name, no
            # #ResponsePlayCard), then the old one to the discard pile
            self.retrial_move(m, ids, areas, cards, from_areas, to_area)
            return
        # implied by the rules (spec §5): not logged
        if reason in (_R_USE, _R_RESPONSE) and from_areas <= {_HAND, _EQUIP} and to_area == _PROCESSING:
            return  # the card of the use/respond logged just before
        if from_areas == {_PROCESSING} and to_area == _DISCARD_PILE:
            return  # a used, answered, judged or unclaimed card finishing
        if reason == _R_USE and from_areas == {_PROCESSING} and to_area in (_EQUIP, _JUDGE):
            return  # equipment / delayed trick taking its place
        if reason == _R_PUT_INTO_DISCARD and from_areas == {_EQUIP} and to_area == _DISCARD_PILE:
            return  # the equipment a new one replaces
        if reason == _R_JUDGE and from_areas == {_DRAW_PILE} and to_area == _PROCESSING:
            return  # the judgement card, logged as `judge`
        if reason == _R_PUT and skill == "phase_judge" and from_areas == {_JUDGE} and to_area == _PROCESSING:
            for cid, card in zip(ids, cards, strict=True):
                self.stack.append(_Active(frozenset([cid]), None, card_kinds.true_name(_name_of(card)), card))
            return  # a delayed trick being resolved
        if (reason == _R_PUT and not skill and from_areas == {_PROCESSING} and to_area == _JUDGE
                and all(_name_of(c) == "闪电" for c in cards)):
            return  # 闪电 moving on to the next character (it missed, or was countered)
        if reason == _R_DISCARD and skill == "game_rule" and src in self.dead:
            return  # a dead character's cards
        if reason == _R_JUST_MOVE and traits.implied_gain:
            return  # 奸雄 / 洛神 / 天妒 take the card with no choice
        if reason == _R_PUT and traits.arranges_pile:
            return  # 观星 rearranging the top of the draw pile (the pile is not tracked)

        if traits.gives_drawn and reason == _R_GIVE and from_areas == {_DRAW_PILE} and to_area == _HAND:
            self.give_drawn(base, dst, cards)
        elif ((reason == _R_RECAST or base == _RECAST) and from_areas == {_HAND} and to_area == _DISCARD_PILE
              and src is not None):
            self.recast(src, cards, skill)
        elif reason == _R_DRAW and from_areas == {_DRAW_PILE} and to_area == _HAND:
            self.draw(dst, cards, skill, base)
        elif reason == _R_PUT and not skill and from_areas == {_DRAW_PILE} and to_area == _PROCESSING:
            if not (self.stack and self.stack[-1].name == "五谷丰登"):
                self.problem("cards put from the draw pile into the processing area for no known card")
            self.emit(Reveal(cards=cards, reason="五谷丰登"))
        elif reason == _R_DISCARD and to_area == _DISCARD_PILE and src is not None:
            self.discard(m, src, ids, areas, cards, skill, base)
        elif reason == _R_GIVE and traits.cost and src is not None and self.attach_cost(base, src, cards):
            pass
        elif (reason in (_R_JUST_MOVE, _R_PUT) and to_area == _SPECIAL and traits.cost and src is not None
              and self.attach_cost(base, src, cards)):
            pass  # cards a skill puts into its own pile as its cost (忠义's 义)
        elif reason in (_R_GIVE, _R_PREY, _R_JUST_MOVE, _R_PUT_INTO_DISCARD) or (reason == _R_PUT and skill):
            self.plain_move(m, areas, cards)
        else:
            self.problem(f"unrecognised card move (reason {reason}, skill {skill!r}, from areas "
                         f"{sorted(from_areas)} to area {to_area}); logged as a plain move")
            self.plain_move(m, areas, cards)

    def give_drawn(self, base: str, dst: Any, cards: list[str]) -> None:
        """A skill that gives what it draws (遗计): FreeKill hands the two cards from the draw pile straight
        to their receivers; the format writes 郭嘉 drawing both (one `draw` per invocation), then a `move`
        for each card given away."""
        last = self.last_skill
        if last is None or last[0] != base:
            zh = _skill_zh(base) or base
            raise _Malformed(f"a {zh} card with no {zh} invoked")
        skill_ev = last[1]
        giver = skill_ev.seat
        if self.given_draw is not None and self.given_draw[0] is skill_ev:
            self.given_draw[1].cards.extend(cards)
        else:
            draw = Draw(seat=giver, cards=list(cards), reason="skill", skill=skill_ev.skill)
            self.emit(draw)
            self.given_draw = (skill_ev, draw)
        to = self.seat(dst)
        if to != giver:
            self.emit(Move(cards=list(cards), from_=Place(zone="hand", seat=giver), to=Place(zone="hand", seat=to),
                           reason=skill_ev.skill))

    def recast(self, src: Any, cards: list[str], skill: str) -> None:
        """重铸 (move reason 12, hand → discard pile): a `recast` per card, in the name of the skill that
        recasts (连环) unless it is FreeKill's own ``recast``; the draw that follows is the recast's."""
        seat = self.seat(src)
        zh = self.skill_zh(skill) if skill and skill != _RECAST else None
        for card in cards:
            self.emit(Recast(seat=seat, card=card, skill=zh))
        self.recasting = (seat, skill or _RECAST)

    def draw(self, dst: Any, cards: list[str], skill: str, base: str) -> None:
        seat = self.seat(dst)
        card_name = _zh_card_name(base) if skill.endswith("_skill") and not skill.startswith("#") else None
        if self.recasting is not None:
            recasting, self.recasting = self.recasting, None
            if recasting == (seat, skill or _RECAST):
                self.emit(Draw(seat=seat, cards=cards, reason="recast"))
                return
            self.problem("a recast with no draw after it")
        if not skill:
            if self.turns:
                self.problem("a draw without a reason after the first turn began")
            self.emit(Draw(seat=seat, cards=cards, reason="initial"))
        elif skill == "phase_draw":
            self.emit(Draw(seat=seat, cards=cards, reason="phase"))
        elif skill == "kill":
            self.emit(Draw(seat=seat, cards=cards, reason="reward"))
        elif card_name is not None and not card_kinds.BY_NAME[card_name].is_equip:
            self.emit(Draw(seat=seat, cards=cards, reason="card", card_name=card_name))
        else:
            self.emit(Draw(seat=seat, cards=cards, reason="skill", skill=self.skill_zh(skill)))

    def discard(self, m: Mapping[str, Any], src: Any, ids: list[int], areas: list[int], cards: list[str],
                skill: str, base: str) -> None:
        seat = self.seat(src)
        if skill == "phase_discard":
            self.emit(Discard(seat=seat, cards=cards))
        elif skill in ("kill", "game_rule"):
            # the lord who kills a loyalist discards hand and equipment (a dead character's cards
            # were recognised before)
            self.emit(Discard(seat=seat, cards=cards, reason="penalty"))
        elif m.get("proposer", src) != src:
            self.plain_move(m, areas, cards)  # someone else chose the cards (过河拆桥, 麒麟弓 …)
        elif not self.attach_cost(base, src, cards):
            self.emit(Discard(seat=seat, cards=cards, reason=self.move_reason(skill)))

    def attach_cost(self, base: str, src: Any, cards: list[str]) -> bool:
        """Put cards a skill's text makes the invoker pay or give on that skill's event."""
        if not _traits(base).cost or self.last_skill is None:
            return False
        fk, ev = self.last_skill
        if fk != base or ev.seat != self.seat(src):
            return False
        ev.cards = [*(ev.cards or []), *cards]
        return True

    def retrial_move(self, m: Mapping[str, Any], ids: list[int], areas: list[int], cards: list[str],
                     from_areas: set[int], to_area: int) -> None:
        if from_areas <= {_HAND, _EQUIP} and to_area == _PROCESSING and len(cards) == 1:
            if self.retrial_pending is not None:  # else the response log made the `retrial` already
                self.retrial(cards[0])
        elif not (from_areas == {_PROCESSING} and to_area in (_DISCARD_PILE, _HAND)):
            self.problem("an unexpected card move during a retrial; logged as a plain move")
            self.plain_move(m, areas, cards)

    def move_reason(self, skill: str) -> str | None:
        if not skill:
            return None
        base = _skill_base(skill)
        zh = _skill_zh(base) or _zh_card_name(base)
        if zh is None and self.undefined:  # a skill of a general the project does not define: kept as its id
            return skill
        if zh is None:
            self.problem(f"unknown move reason {skill!r}")
            return skill
        return zh

    def plain_move(self, m: Mapping[str, Any], areas: list[int], cards: list[str]) -> None:
        """`move` events, one per source area (a move may take hand and equipment cards at once)."""
        special = m.get("specialName")
        to = self.place(m.get("to"), _int(m["toArea"], "card area"), special)
        reason = self.move_reason(str(m.get("skillName") or ""))
        # a card leaving a pile names it in its moveInfo (fromSpecialName); the move's specialName is
        # the pile it goes to
        infos = [i if isinstance(i, Mapping) else {} for i in m["moveInfo"]]
        groups: dict[tuple[int, Any], list[str]] = {}
        for area, card, info in zip(areas, cards, infos, strict=True):
            groups.setdefault((area, info.get("fromSpecialName") if area == _SPECIAL else None), []).append(card)
        for (area, pile), group in groups.items():
            owner = m.get("from") if area in _OWNED else None
            self.emit(Move(cards=group, from_=self.place(owner, area, pile), to=to, reason=reason))

    def place(self, pid: Any, area: int, special: Any) -> Place:
        if area == _SPECIAL:
            if pid is None or not special:
                raise _Malformed("a special area without an owner or a pile name")
            return Place(zone=f"pile:{_pile_name(str(special))}", seat=self.seat(pid))
        zone = _ZONE.get(area)
        if zone is None:
            raise _Malformed(f"unknown card area {area}")
        if area in _OWNED:
            if pid is None:
                raise _Malformed(f"the {zone} area without an owner")
            return Place(zone=zone, seat=self.seat(pid))
        return Place(zone=zone)

    # -- end -------------------------------------------------------------------------------------

    def on_game_over(self, p: Any) -> None:
        self.checkpoint("game end")
        text = str(p or "")
        self.game_over = text
        ids = [int(x) for x in text.split("+") if x.strip().isdigit()]
        roles = {self.players[i].role for i in ids if i in self.players}
        resign = "resign" if self.surrendered is not None else None
        if not text:
            self.no_winner()
        elif "lord" in roles:
            self.emit(GameEnd(winner="lord", reason=resign or "rebels_and_renegades_dead"))
        elif "rebel" in roles:
            self.emit(GameEnd(winner="rebel", reason=resign or "lord_killed"))
        elif "renegade" in roles:
            self.emit(GameEnd(winner="renegade", reason=resign or "lord_killed"))
        else:
            self.problem(f"the game ended with no winner the format can name ({text!r})")

    def no_winner(self) -> None:
        """``GameOver ""``: FreeKill ends a game with no winner when every player is dead with no
        general left, when no human is left in the room, or when the room's time runs out. The format's
        `game_end` needs a winner, so none is written and the end is reported."""
        self.problem("the game ended with no winner (GameOver names nobody: a draw, an abandoned room or "
                     "the room's time limit); no game_end is written")


# ---------------------------------------------------------------------------------------------------
# Entry points
# ---------------------------------------------------------------------------------------------------


def convert(data: bytes, name: str = "") -> Conversion:
    """Convert one ``.fk.rep`` recording. Raises :class:`FreeKillError` when it cannot be read.

    ``name`` (the file name) locates error messages and gives the ``game_id``.
    """
    top, entries = _decode(data, name)
    return _reader_for(top)(name, top, entries).run()


def _reader_for(top: list[Any]) -> type[_Reader]:
    """The reader of a recording's game mode (from its room settings; the identity reader refuses
    a mode no reader handles)."""
    room = top[2]
    try:
        if isinstance(room, (bytes, bytearray)) and room:
            room = _loads(bytes(room), "", "room settings")
        mode = _norm(room[2]).get("gameMode") if isinstance(room, list) and len(room) >= 3 else None
    except Exception:  # noqa: BLE001 - a damaged header is reported by the reader itself
        mode = None
    from sgs_replay import importers

    importers.load_modes()
    return _MODE_READERS.get(mode, _Reader) if isinstance(mode, str) else _Reader


def register_mode(game_mode: str, reader: type[_Reader], ruleset: str, packages: tuple[str, ...]) -> None:
    """Register the reader of a FreeKill game mode (``gameMode`` in the room settings): a subclass of
    the identity reader, and the card packages of the mode's ruleset (for :func:`card_table`)."""
    _MODE_READERS[game_mode] = reader
    _RULESET_PACKAGES[ruleset] = packages


_ENCODER = msgspec.json.Encoder()


def jsonl_lines(conv: Conversion) -> Iterator[bytes]:
    """The lines of the ``.sgs.jsonl`` of a conversion, one at a time: the header, then one per event."""
    yield _ENCODER.encode(conv.header)
    for ev in conv.events:
        yield _ENCODER.encode(ev)


def to_jsonl(conv: Conversion) -> bytes:
    """The ``.sgs.jsonl`` bytes of a conversion: the header line, then one event per line."""
    return b"\n".join(jsonl_lines(conv)) + b"\n"
