"""FreeKill recordings (.fk.rep) → sgs-replay/1 (sgs_replay.importers.freekill).

The sample recordings and the facts read from them live in ../shared/peer/freekill; those tests skip
when the shared folder is absent. The synthetic recordings built here need nothing outside the repo.
"""

from __future__ import annotations

import json
import random
import zlib
from pathlib import Path
from typing import Any

import cbor2
import msgspec
import pytest

from sgs_replay.content import general_lookup, standard_deck
from sgs_replay.formats.cards import parse_card
from sgs_replay.formats.events import (
    Damage,
    Death,
    Discard,
    Draw,
    Dying,
    Event,
    Game,
    GameEnd,
    Move,
    Phase,
    Skill,
    Turn,
    Use,
)
from sgs_replay.importers import freekill
from sgs_replay.importers.freekill import Conversion, FreeKillError, convert, is_freekill, to_jsonl

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
FK_DIR = SHARED / "peer" / "freekill"
SAMPLES = sorted((FK_DIR / "samples").glob("*.fk.rep")) if (FK_DIR / "samples").is_dir() else []
needs_samples = pytest.mark.skipif(not SAMPLES, reason="../shared/peer/freekill/samples is not available")


def _sample_ids() -> list[str]:
    return [p.name.split(".")[0] for p in SAMPLES]


@pytest.fixture(scope="module")
def facts() -> dict[str, dict[str, Any]]:
    path = FK_DIR / "facts.jsonl"
    if not path.is_file():
        pytest.skip("../shared/peer/freekill/facts.jsonl is not available")
    rows = (json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip())
    return {row["file"]: row for row in rows}


_CACHE: dict[Path, Conversion] = {}


def _converted(path: Path) -> Conversion:
    if path not in _CACHE:
        _CACHE[path] = convert(path.read_bytes(), path.name)
    return _CACHE[path]


# ---------------------------------------------------------------------------------------------------
# Building recordings
# ---------------------------------------------------------------------------------------------------


def _fk(value: Any) -> Any:
    """Encode like FreeKill: every string as a CBOR byte string."""
    if isinstance(value, str):
        return value.encode()
    if isinstance(value, list):
        return [_fk(v) for v in value]
    if isinstance(value, dict):
        return {_fk(k): _fk(v) for k, v in value.items()}
    if isinstance(value, cbor2.CBORTag):
        return cbor2.CBORTag(value.tag, _fk(value.value))
    return value


def _pack(top: list[Any]) -> bytes:
    raw = cbor2.dumps(top)
    return len(raw).to_bytes(4, "big") + zlib.compress(raw)


def _recording(entries: list[tuple[str, Any]], version: str = "0.5.22", mode: str = "aaa_role_mode") -> bytes:
    header = [
        version.encode(),
        b"20260101120000.P1.aaa_role_mode.caocao.lord.1+2",
        cbor2.dumps(_fk([5, 15, {"gameMode": mode, "disabledPack": ["maneuvering"]}])),
        cbor2.dumps(_fk([1, "P1", "caocao"])),
        b"", b"normal", b"", b"", b"", b"",
    ]
    body = [[1_000_000 + i, False, cmd.encode(), cbor2.dumps(_fk(payload))] for i, (cmd, payload) in
            enumerate(entries)]
    return _pack(header + body)


def _cid(n: int) -> cbor2.CBORTag:
    return cbor2.CBORTag(33002, n)


_SUIT_CODE = {"♠": 1, "♣": 2, "♥": 3, "♦": 4}
_EN = {"杀": "slash", "闪": "jink", "桃": "peach", "过河拆桥": "dismantlement", "决斗": "duel"}


def _before(card_id: int) -> cbor2.CBORTag:
    card = parse_card(freekill.card_table()[card_id])
    return cbor2.CBORTag(33003, {2: card.kind.en, 3: _SUIT_CODE[card.suit.symbol], 4: card.rank,
                                 5: 1 if card.is_black else 2, 9: 0})


def _move(ids: list[int], *, reason: int, to_area: int, from_area: int, src: int | None = None,
          dst: int | None = None, skill: str = "", proposer: int | None = None, known: bool = True) -> tuple[str, Any]:
    move: dict[str, Any] = {
        "moveInfo": [{"cardId": i, "fromArea": from_area, **({"beforeCard": _before(i)} if known else {})}
                     for i in ids],
        "toArea": to_area, "moveReason": reason,
    }
    if src is not None:
        move["from"] = src
    if dst is not None:
        move["to"] = dst
    if skill:
        move["skillName"] = skill
    if proposer is not None:
        move["proposer"] = proposer
    return "MoveCards", [[move], 0]


def _log(kind: str, **fields: Any) -> tuple[str, Any]:
    return "GameLog", {"type": kind, **fields}


def _ids(name: str, n: int, used: set[int]) -> list[int]:
    """``n`` card ids of ``name`` (Chinese) from the id table, not in ``used``."""
    out = [i for i, c in sorted(freekill.card_table().items()) if c.endswith(" " + name) and i not in used]
    used.update(out[:n])
    return out[:n]


def _synthetic_game() -> tuple[bytes, dict[str, list[int]]]:
    """A short five-player game: deal, one turn in which the lord kills a rebel and dismantles."""
    used: set[int] = set()
    slash = _ids("杀", 3, used)
    dismantle = _ids("过河拆桥", 1, used)
    jink = _ids("闪", 6, used)
    peach = _ids("桃", 4, used)
    rest = [i for i in sorted(freekill.card_table()) if i not in used]
    hands = {1: [slash[0], dismantle[0], jink[0], jink[1]], 2: [peach[0], jink[2], rest[0], rest[1]],
             3: [jink[3], rest[2], rest[3], rest[4]], 4: [peach[1], rest[5], rest[6], rest[7]],
             5: [jink[4], rest[8], rest[9], rest[10]]}
    generals = {1: "caocao", 2: "guanyu", 3: "zhangfei", 4: "lvbu", 5: "huatuo"}
    roles = {1: "lord", 2: "loyalist", 3: "rebel", 4: "rebel", 5: "renegade"}
    max_hp = {1: 5, 2: 4, 3: 4, 4: 4, 5: 3}
    e: list[tuple[str, Any]] = [("AddPlayer", [i, f"P{i}", "x", True, 0]) for i in range(2, 6)]
    e += [("PropertyUpdate", [i, "role", roles[i]]) for i in range(1, 6)]
    e.append(("ArrangeSeats", [1, 2, 3, 4, 5]))
    for i in range(1, 6):
        e += [("PropertyUpdate", [i, "general", generals[i]]), ("PropertyUpdate", [i, "maxHp", max_hp[i]]),
              ("PropertyUpdate", [i, "hp", 1 if i == 3 else max_hp[i]])]
    e += [("SetCardUseHistory", [1, "", 0, 2]), _log("$GameStart", arg="aaa_role_mode")]
    e += [_move(hands[i], reason=2, to_area=1, from_area=6, dst=i, known=False) for i in range(1, 6)]
    e += [_log("$RoundStart", arg=1), _log("$TurnStart", **{"from": 1}),
          ("PropertyUpdate", [1, "phase", 2]), ("PropertyUpdate", [1, "phase", 9]),
          ("PropertyUpdate", [1, "phase", 4]),
          _move([slash[1], slash[2]], reason=2, to_area=1, from_area=6, dst=1, skill="phase_draw", proposer=1),
          ("PropertyUpdate", [1, "phase", 5]), ("MoveFocus", [[1], "PlayCard", 15000]),
          # 杀 on seat 3 (1 HP): damage, dying, death, the rebel's cards go, the reward
          _log("#UseCardToTargets", **{"from": 1, "to": [3], "card": [_cid(slash[0])]}),
          _move([slash[0]], reason=9, to_area=5, from_area=1, src=1),
          ("MoveFocus", [[3], "jink", 15000]),
          _log("#Damage", **{"from": 3, "to": [1], "arg": 1, "arg2": "normal_damage"}),
          ("PropertyUpdate", [3, "hp", 0]), _log("#EnterDying", **{"from": 3}),
          _log("#KillPlayer", **{"from": 3, "to": [1], "arg": "rebel"}), ("PropertyUpdate", [3, "dead", True]),
          _move(hands[3], reason=3, to_area=7, from_area=1, src=3, skill="game_rule", proposer=3),
          _move(rest[11:14], reason=2, to_area=1, from_area=6, dst=1, skill="kill", proposer=1),
          _move([slash[0]], reason=9, to_area=7, from_area=5),
          ("MoveFocus", [[1], "PlayCard", 15000]),
          # 过河拆桥 on seat 4: the lord picks a card, it goes to the discard pile
          _log("#UseCardToTargets", **{"from": 1, "to": [4], "card": [_cid(dismantle[0])]}),
          _move([dismantle[0]], reason=9, to_area=5, from_area=1, src=1),
          _move([peach[1]], reason=3, to_area=7, from_area=1, src=4, skill="dismantlement_skill", proposer=1),
          _move([dismantle[0]], reason=9, to_area=7, from_area=5),
          ("PropertyUpdate", [1, "phase", 6]),
          _move([jink[0]], reason=3, to_area=7, from_area=1, src=1, skill="phase_discard", proposer=1),
          ("PropertyUpdate", [1, "phase", 8]), _log("$TurnEnd", **{"from": 1}),
          ("GameOver", "1+2")]
    return _recording(e), {"slash": slash, "dismantle": dismantle, "jink": jink, "peach": peach, "rest": rest}


def _events_of(conv: Conversion, kind: type) -> list[Any]:
    return [ev for ev in conv.events if isinstance(ev, kind)]


# ---------------------------------------------------------------------------------------------------
# The id table
# ---------------------------------------------------------------------------------------------------


def test_id_table_is_the_standard_deck() -> None:
    table = freekill.card_table()
    assert sorted(table) == list(range(1, 109))
    assert sorted(table.values()) == sorted(standard_deck())


# ---------------------------------------------------------------------------------------------------
# A synthetic game
# ---------------------------------------------------------------------------------------------------


def test_synthetic_game_converts() -> None:
    data, ids = _synthetic_game()
    assert is_freekill(data)
    conv = convert(data, "games/20260101120000.P1.aaa_role_mode.caocao.lord.1+2.fk.rep")
    assert conv.problems == []
    table = freekill.card_table()
    h = conv.header
    assert (h.format, h.mode, h.ruleset) == ("sgs-replay/1", "identity", "freekill-standard")
    assert h.game_id == "20260101120000.P1.aaa_role_mode.caocao.lord.1+2"
    assert [(p.seat, p.general, p.role, p.name) for p in h.players] == [
        (1, "曹操", "lord", "P1"), (2, "关羽", "loyalist", "P2"), (3, "张飞", "rebel", "P3"),
        (4, "吕布", "rebel", "P4"), (5, "华佗", "renegade", "P5")]
    # seat 3 starts on 1 HP, which only a starting position can say
    assert h.start is not None and h.start.seats["3"].hp == 1 and h.start.seats["3"].max_hp == 4
    assert h.meta["engine_version"] == "0.5.22" and h.meta["recorded_by_seat"] == 1

    kinds = [type(ev).__name__ for ev in conv.events]
    assert kinds == ["Draw"] * 5 + ["Turn", "Phase", "Phase", "Draw", "Phase", "Use", "Damage", "Dying", "Death",
                                    "Draw", "Use", "Move", "Phase", "Discard", "TurnEnd", "GameEnd"]
    draws = _events_of(conv, Draw)
    assert [d.reason for d in draws] == ["initial"] * 5 + ["phase", "reward"]
    assert draws[0].cards == [table[i] for i in (ids["slash"][0], ids["dismantle"][0], ids["jink"][0],
                                                 ids["jink"][1])]
    use = _events_of(conv, Use)[0]
    assert use == Use(seat=1, card=table[ids["slash"][0]], targets=[3])
    assert _events_of(conv, Damage) == [Damage(target=3, amount=1, source=1, card=table[ids["slash"][0]])]
    assert _events_of(conv, Dying) == [Dying(seat=3)]
    assert _events_of(conv, Death) == [Death(seat=3, killer=1)]
    assert _events_of(conv, Move) == [Move(cards=[table[ids["peach"][1]]], from_=_place(4, "hand"),
                                          to=_place(None, "discard"), reason="过河拆桥")]
    assert _events_of(conv, Discard) == [Discard(seat=1, cards=[table[ids["jink"][0]]])]
    assert _events_of(conv, GameEnd) == [GameEnd(winner="lord", reason="rebels_and_renegades_dead")]
    assert [p.phase for p in _events_of(conv, Phase)] == ["start", "draw", "play", "discard"]
    assert _events_of(conv, Turn) == [Turn(seat=1)]
    assert len(conv.sources) == len(conv.events)
    assert conv.sources == sorted(conv.sources) and conv.sources[0] >= 10


def _place(seat: int | None, zone: str) -> Any:
    from sgs_replay.formats.events import Place

    return Place(zone=zone, seat=seat)


def test_problems_are_located_and_the_rest_still_converts() -> None:
    data, ids = _synthetic_game()
    top = cbor2.loads(zlib.decompress(data[4:]))
    n = len(top)
    bad_card = cbor2.CBORTag(33003, {2: b"peach", 3: 3, 4: 7, 5: 2, 9: 0})  # id table: something else
    extra = [
        [1, False, b"Frobnicate", cbor2.dumps(1)],
        [2, False, b"GameLog", cbor2.dumps({b"type": b"#SomethingNew", b"from": 1})],
        [3, False, b"MoveCards", cbor2.dumps([[{b"moveInfo": [{b"cardId": ids["slash"][1], b"fromArea": 1,
                                                               b"beforeCard": bad_card}],
                                                b"from": 1, b"to": 2, b"toArea": 1, b"moveReason": 4,
                                                b"skillName": b"rende", b"proposer": 1}], 0])],
        [4, False, b"MoveCards", cbor2.dumps([[{b"toArea": 7}], 0])],
        [5, False, b"PropertyUpdate", cbor2.dumps([1, b"hp", 99])],
    ]
    top[n - 1:n - 1] = extra  # just before GameOver
    conv = convert(_pack(top), "bad.fk.rep")
    by_index: dict[int, list[freekill.ImportProblem]] = {}
    for p in conv.problems:
        by_index.setdefault(p.index, []).append(p)
    assert sorted(by_index) == [n - 1, n, n + 1, n + 2, n + 3]
    assert by_index[n - 1][0].packet == "Frobnicate"
    assert "#SomethingNew" in by_index[n][0].message
    assert "id table" in by_index[n + 1][0].message
    assert by_index[n + 2][0].packet == "MoveCards"
    assert "HP of seat 1" in by_index[n + 3][0].message  # located at the unexplained HP update
    assert "entry" in str(conv.problems[0])
    # the game around them is intact
    assert _events_of(conv, GameEnd) == [GameEnd(winner="lord", reason="rebels_and_renegades_dead")]
    assert len(_events_of(conv, Damage)) == 1


def test_seats_follow_arrange_seats_not_player_ids() -> None:
    data, _ = _synthetic_game()
    top = cbor2.loads(zlib.decompress(data[4:]))
    for i in range(10, len(top)):
        if top[i][2] == b"ArrangeSeats":
            top[i][3] = cbor2.dumps([1, 4, 2, 5, 3])
    conv = convert(_pack(top))
    assert [p.general for p in conv.header.players] == ["曹操", "吕布", "关羽", "华佗", "张飞"]
    assert _events_of(conv, Death) == [Death(seat=5, killer=1)]


# ---------------------------------------------------------------------------------------------------
# Unreadable input
# ---------------------------------------------------------------------------------------------------


def test_wrong_version_is_an_error() -> None:
    data, _ = _synthetic_game()
    top = cbor2.loads(zlib.decompress(data[4:]))
    top[0] = b"0.4.9"
    bad = _pack(top)
    assert is_freekill(bad)  # it is a FreeKill recording, just not one this reader handles
    with pytest.raises(FreeKillError, match=r"unsupported FreeKill version '0\.4\.9'"):
        convert(bad, "old.fk.rep")


def test_other_game_mode_is_an_error() -> None:
    data = _recording([("GameOver", "1")], mode="m_1v2_mode")
    with pytest.raises(FreeKillError, match="m_1v2_mode"):
        convert(data, "doudizhu.fk.rep")


def test_truncated_recording_is_an_error() -> None:
    data, _ = _synthetic_game()
    for cut in (0, 3, 7, 12, len(data) // 2, len(data) - 1):
        with pytest.raises(FreeKillError, match=r"short\.fk\.rep"):
            convert(data[:cut], "short.fk.rep")


def test_corrupted_zlib_stream_is_an_error() -> None:
    data, _ = _synthetic_game()
    bad = bytearray(data)
    for i in range(len(bad) // 3, len(bad) // 3 + 8):
        bad[i] ^= 0x5A
    with pytest.raises(FreeKillError):
        convert(bytes(bad), "bad.fk.rep")


def test_corrupted_payload_is_located() -> None:
    data, _ = _synthetic_game()
    top = cbor2.loads(zlib.decompress(data[4:]))
    top[12][3] = b"\xff\xff\x1f"
    with pytest.raises(FreeKillError, match=r"bad\.fk\.rep: entry 12"):
        convert(_pack(top), "bad.fk.rep")


def test_length_mismatch_is_an_error() -> None:
    data, _ = _synthetic_game()
    bad = (int.from_bytes(data[:4], "big") + 1).to_bytes(4, "big") + data[4:]
    with pytest.raises(FreeKillError, match="length"):
        convert(bad)


def test_junk_is_an_error_never_a_crash() -> None:
    rng = random.Random(20261129)
    junk = [b"", b"\x00", rng.randbytes(3), rng.randbytes(64), rng.randbytes(5000),
            b"\x00\x00\x01\x00" + zlib.compress(b"not cbor at all"),
            b"\x00\x00\x00\x05" + zlib.compress(cbor2.dumps([b"0.5.22"]))]
    for data in junk:
        with pytest.raises(FreeKillError):
            convert(data, "junk.fk.rep")
    with pytest.raises(FreeKillError):
        convert("not bytes", "junk.fk.rep")  # type: ignore[arg-type]


def test_mutated_recordings_convert_or_raise_freekill_error() -> None:
    """Random byte changes inside an intact zlib stream: a conversion or FreeKillError, nothing else."""
    data, _ = _synthetic_game()
    raw = zlib.decompress(data[4:])
    rng = random.Random(5)
    for _ in range(300):
        b = bytearray(raw)
        for _ in range(rng.randint(1, 3)):
            b[rng.randrange(len(b))] = rng.randrange(256)
        try:
            to_jsonl(convert(len(b).to_bytes(4, "big") + zlib.compress(bytes(b)), "m.fk.rep"))
        except FreeKillError:
            pass


def test_is_freekill_is_false_for_a_match_log_and_junk() -> None:
    data, _ = _synthetic_game()
    jsonl = to_jsonl(convert(data))
    assert not is_freekill(jsonl)
    assert not is_freekill(b"")
    assert not is_freekill(b"\x00\x00\x00\x10\x78\x9c")
    assert not is_freekill(zlib.compress(b"hello"))
    scenario = SHARED / "scenarios" / "id-slash-jink-ok.sgs.jsonl"
    if scenario.is_file():
        assert not is_freekill(scenario.read_bytes())


# ---------------------------------------------------------------------------------------------------
# The samples
# ---------------------------------------------------------------------------------------------------


@needs_samples
@pytest.mark.parametrize("path", SAMPLES, ids=_sample_ids())
def test_sample_converts_without_problems(path: Path) -> None:
    data = path.read_bytes()
    assert is_freekill(data)
    conv = convert(data, path.name)
    assert conv.problems == []
    assert len(conv.sources) == len(conv.events) > 0
    assert conv.header.ruleset == "freekill-standard" and conv.header.start is None
    assert conv.header.game_id == path.name.removesuffix(".fk.rep")
    lord = [p for p in conv.header.players if p.role == "lord"]
    assert len(lord) == 1 and lord[0].seat == 1
    assert all(general_lookup().get(p.general) for p in conv.header.players)
    # every card string is canonical notation
    for ev in conv.events:
        for text in [getattr(ev, "card", None), *(getattr(ev, "cards", None) or [])]:
            if text is not None:
                assert str(parse_card(text)) == text
    # the opening deal: four cards each, before the first turn
    first_turn = next(i for i, ev in enumerate(conv.events) if isinstance(ev, Turn))
    deal = conv.events[:first_turn]
    assert all(isinstance(ev, Draw) and ev.reason == "initial" and len(ev.cards) == 4 for ev in deal)
    assert sorted(ev.seat for ev in _events_of(conv, Draw)[:first_turn]) == [p.seat for p in conv.header.players]


@needs_samples
@pytest.mark.parametrize("path", SAMPLES, ids=_sample_ids())
def test_sample_matches_facts(path: Path, facts: dict[str, dict[str, Any]]) -> None:
    want = facts[path.name]
    conv = _converted(path)
    damage = [[e.target, e.source, e.amount, e.nature] for e in _events_of(conv, Damage)]
    deaths = [[e.seat, e.killer] for e in _events_of(conv, Death)]
    assert damage == want["damage"]
    assert deaths == want["deaths"]
    assert [e.winner for e in _events_of(conv, GameEnd)] == [want["winner"]]
    assert len(_events_of(conv, Turn)) == want["turns"]
    for seat, row in want["seats"].items():
        player = conv.header.players[int(seat) - 1]
        assert player.general == general_lookup()[row["general"]].name
        assert player.role == row["role"]


@needs_samples
@pytest.mark.parametrize("path", SAMPLES, ids=_sample_ids())
def test_sample_round_trips_through_jsonl(path: Path) -> None:
    conv = _converted(path)
    text = to_jsonl(conv)
    lines = text.decode("utf-8").splitlines()
    assert len(lines) == 1 + len(conv.events)
    assert msgspec.json.decode(lines[0], type=Game) == conv.header
    decoded = [msgspec.json.decode(line, type=Event) for line in lines[1:]]
    assert decoded == conv.events
    raw = [json.loads(line) for line in lines]
    assert raw[0]["type"] == "game"
    assert all("from_" not in r and "as_" not in r for r in raw)
    assert any("from" in r for r in raw if r["type"] == "move")


@needs_samples
def test_samples_show_the_expected_event_kinds() -> None:
    convs = [_converted(p) for p in SAMPLES]
    events = [ev for c in convs for ev in c.events]
    skills = {ev.skill for ev in events if isinstance(ev, Skill)}
    assert {"英姿", "反间", "奸雄", "八卦阵", "铁骑", "洛神", "制衡", "结姻"} <= skills
    assert not skills & {"无双", "空城", "青釭剑", "仁王盾", "诸葛连弩"}  # locked: implied, not logged
    uses = [ev for ev in events if isinstance(ev, Use)]
    assert any(u.victim is not None for u in uses)  # 借刀杀人
    assert all(u.targets is None for u in uses if u.card and parse_card(u.card).kind.is_equip)
    # 制衡 and 结姻 carry the cards they cost
    assert all(ev.cards for ev in events if isinstance(ev, Skill) and ev.skill in ("制衡", "结姻"))
