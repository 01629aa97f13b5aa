"""What a new recording may bring that the samples do not: other player counts, a surrender (投降), a
game with no winner, the room's own packets (a player's connection and 托管, chat, server notices,
observers), a recording made from another seat.

Each must convert without a traceback, report what it cannot write as a located import problem, and
drop no game event. FreeKill's side of each is read from its server code: ``Room:gameOver`` (winners
joined by ``+``, or ``""`` when nobody wins: every player dead, no human left, the room's time up), the
surrender check (``PropertyUpdate [id, "surrendered", true]``, then ``GameOver``), the C++ room's
``NetStateChanged [id, state]``, and the client's recorder, which keeps every packet it receives once
the game has started (``ServerMessage`` and ``Heartbeat`` carry raw text, not CBOR).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import cbor2
import pytest
from fkedit import dump, entry, load
from fkrec import Recording

from sgs_replay.formats.reader import parse_bytes
from sgs_replay.importers import freekill
from sgs_replay.importers.adapter import parsed_from_freekill
from sgs_replay.replay.validate import validate_parsed

SAMPLES = Path(__file__).resolve().parents[3] / "shared" / "peer" / "freekill" / "samples"
GENERALS = ["caocao", "liubei", "sunquan", "lvbu", "diaochan"]
#: FreeKill's role table below four players (``GameLogic.role_table``): the rulebook's starts at four
SMALL = {2: ["lord", "rebel"], 3: ["lord", "rebel", "renegade"], 4: ["lord", "loyalist", "rebel", "renegade"]}


def events_of(data: bytes) -> tuple[freekill.Conversion, list[dict[str, Any]]]:
    conv = freekill.convert(data, name="game.fk.rep")
    return conv, [json.loads(line) for line in freekill.to_jsonl(conv).decode().splitlines()[1:]]


def rules(data: bytes, ruleset: str | None = None) -> list[str]:
    if ruleset is None:
        report = validate_parsed(parsed_from_freekill(data, "game.fk.rep")).report
    else:
        conv = freekill.convert(data, name="game.fk.rep")
        report = validate_parsed(parse_bytes(freekill.to_jsonl(conv), "game.fk.rep"), ruleset).report
    return [v.rule for v in report.violations]


def small_game(n: int) -> Recording:
    """An n-player identity game: the deal and the lord's quiet first turn."""
    rec = Recording(GENERALS[:n], SMALL[n])
    rec.deal({p: list(range(4 * p - 3, 4 * p + 1)) for p in range(1, n + 1)})
    rec.quiet(1, [40, 41], discard=[1, 2])
    return rec


@pytest.mark.parametrize("n", sorted(SMALL))
def test_player_counts_below_five(n: int) -> None:
    """FreeKill seats 2 (lord, rebel) and 3 (lord, rebel, renegade): clean under ``freekill-standard``;
    the rulebook's role table starts at four players (SGS-H003 under ``standard``)."""
    data = small_game(n).to_bytes()
    conv, _ = events_of(data)
    assert not conv.problems and conv.header.start is None  # no lord bonus below five players
    assert rules(data) == []
    assert rules(data, "standard") == ([] if n == 4 else ["SGS-H003", "SGS-H003"])


def test_surrender() -> None:
    """The rebel surrenders in a two-player game: the lord wins by resignation, not by a death."""
    rec = small_game(2)
    rec.prop(2, "surrendered", True)
    rec.game_over([1])
    rec.prop(2, "surrendered", False)
    conv, events = events_of(rec.to_bytes())
    assert not conv.problems
    assert events[-1] == {"type": "game_end", "winner": "lord", "reason": "resign"}
    assert rules(rec.to_bytes()) == []


def test_no_winner() -> None:
    """``GameOver ""`` (a draw, an abandoned room, the time limit): reported, located, no game_end."""
    rec = small_game(3)
    rec.game_over([])
    conv, events = events_of(rec.to_bytes())
    assert [(p.packet, p.message) for p in conv.problems] == [
        ("GameOver", "the game ended with no winner (GameOver names nobody: a draw, an abandoned room or the "
                     "room's time limit); no game_end is written")]
    assert conv.problems[0].index == 10 + len(rec.entries) - 1
    assert not [e for e in events if e["type"] == "game_end"]


def test_3v3_surrender_with_vanguards_alive_is_flagged() -> None:
    """In 3v3 a side may concede only once both its vanguards are dead: a surrender before is SGS-O004."""
    rec = Recording(["sunquan", "caocao", "zhangfei", "machao", "huatuo", "lvbu"],
                    ["cool_vanguard", "cool_marshal", "cool_vanguard", "warm_vanguard", "warm_marshal", "warm_vanguard"],
                    mode_3v3=True)
    rec.deal({1: [161, 162, 163, 164], 2: [168, 169, 170, 171], 3: [172, 173, 174, 175],
              4: [176, 177, 178, 179], 5: [180, 181, 182, 183, 184], 6: [185, 186, 187, 188]})
    rec.prop(2, "surrendered", True)
    rec.game_over([4, 5, 6])
    conv, events = events_of(rec.to_bytes())
    assert not conv.problems
    assert events[-2:] == [{"type": "resign", "side": "cold"},
                           {"type": "game_end", "winner": "warm", "reason": "resign"}]
    assert "SGS-O004" in rules(rec.to_bytes())


ROOM_PACKETS = [
    ("NetStateChanged", cbor2.dumps([3, b"trust"])),  # 托管
    ("NetStateChanged", cbor2.dumps([3, b"run"])),  # the player left; the AI plays the seat on
    ("PropertyUpdate", cbor2.dumps([3, b"state", b"trust"])),
    ("Chat", cbor2.dumps({b"type": 2, b"sender": 3, b"msg": b"gg"})),
    ("ServerMessage", "服务器将于 10 分钟后重启".encode()),  # raw text: not CBOR
    ("Heartbeat", b""),
    ("RoomOwner", cbor2.dumps([2])),
    ("AddObserver", cbor2.dumps([9, b"guest", b"liubei"])),
    ("RemoveObserver", cbor2.dumps([9])),
]


def _sample() -> bytes:
    found = sorted(SAMPLES.glob("20261129104305.*.fk.rep"))
    if not found:
        pytest.skip("the FreeKill sample recordings are not beside the repository")
    return found[0].read_bytes()


@pytest.mark.parametrize(("command", "body"), ROOM_PACKETS, ids=[f"{c} {i}" for i, (c, _) in enumerate(ROOM_PACKETS)])
def test_room_packets_change_nothing(command: str, body: bytes) -> None:
    base = _sample()
    top = load(base)
    top[2000:2000] = [[top[2000][0], False, command.encode(), body]]
    conv, events = events_of(dump(top))
    assert not conv.problems, conv.problems
    assert events == events_of(base)[1]


def test_recorded_from_another_seat() -> None:
    """The recording seat only decides which prompts are in the file (skipped): same events, its seat in meta."""
    base = _sample()
    top = load(base)
    top[3] = cbor2.dumps([3, b"AI3", b"liubei"])
    conv, events = events_of(dump(top))
    assert not conv.problems and events == events_of(base)[1]
    seats = next(cbor2.loads(e[3]) for e in top[10:] if e[2] == b"ArrangeSeats")
    assert conv.header.meta is not None and conv.header.meta["recorded_by_seat"] == seats.index(3) + 1 != 1


def test_unknown_room_packet_is_reported() -> None:
    """A packet this reader does not know is an import problem at its entry, never dropped silently."""
    base = _sample()
    top = load(base)
    top[2000:2000] = [entry(top[2000][0], "RemovePlayer", [3])]
    conv, _ = events_of(dump(top))
    assert [(p.index, p.packet, p.message) for p in conv.problems] == [(2000, "RemovePlayer", "unknown packet 'RemovePlayer'")]


def test_deputy_general_is_reported() -> None:
    """双将 (a room setting): the format has one general per seat, so a deputy general is reported."""
    rec = small_game(4)
    rec.prop(3, "deputyGeneral", "zhangfei")
    conv, _ = events_of(rec.to_bytes())
    assert [p.message for p in conv.problems] == [
        "player 3 has a deputy general 'zhangfei' (双将): the format has one general per seat, and the deputy's "
        "skills are not that general's"]


def test_reconnected_recording_is_refused() -> None:
    """After a reconnection (or to observe) the client records anew from a summary, with header item 5
    "reconnect": the game's beginning is not in it, so the recording is refused with a located error."""
    top = load(small_game(4).to_bytes())
    top[5] = b"reconnect"
    with pytest.raises(freekill.FreeKillError, match=r"entry 5 \(header\): a recording begun after a reconnection"):
        freekill.convert(dump(top), name="game.fk.rep")
