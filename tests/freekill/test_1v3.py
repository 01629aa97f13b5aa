"""FreeKill's 虎牢关 (``m_1v3_mode``): the recordings of ../shared/peer/freekill/round3/m_1v3_mode.

- each converts with no import problem as ``freekill-hulao`` (from its settings and deck, not its name) and
  reproduces facts.jsonl (damage with nature, deaths, winner ``lord``/``rebel``);
- 精甲's printed equipment, the switch, the allies' return, the allies the project does not define;
- validated under ``freekill-hulao`` each is clean with no desync, and the report counts per seat the events
  its unmodelled generals left unchecked (docs/freekill.md, 虎牢关).

These tests skip when the shared folder is absent.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import cbor2
import pytest
from fkedit import dump, load

from sgs_replay.formats import events as ev
from sgs_replay.formats.reader import read_path
from sgs_replay.importers import freekill
from sgs_replay.replay.validate import validate_parsed

REPO = Path(__file__).resolve().parents[2]
ROUND3 = REPO.parent / "shared" / "peer" / "freekill" / "round3"
DIR = ROUND3 / "m_1v3_mode"
RECORDINGS = sorted(DIR.glob("*.fk.rep")) if DIR.is_dir() else []
pytestmark = pytest.mark.skipif(not RECORDINGS, reason="../shared/peer/freekill/round3/m_1v3_mode is not available")
IDS = [p.name.split(".")[0] for p in RECORDINGS]


def _facts() -> dict[str, Any]:
    path = ROUND3 / "facts.jsonl"
    lines = path.read_text(encoding="utf-8").splitlines() if path.is_file() else []
    return {json.loads(line)["file"]: json.loads(line) for line in lines if line.strip()}


_CONVERTED: dict[Path, freekill.Conversion] = {}


def _convert(path: Path) -> freekill.Conversion:
    if path not in _CONVERTED:
        _CONVERTED[path] = freekill.convert(path.read_bytes(), path.name)
    return _CONVERTED[path]


@pytest.mark.parametrize("path", RECORDINGS, ids=IDS)
def test_converts_and_reproduces_the_facts(path: Path) -> None:
    conv = _convert(path)
    assert [str(p) for p in conv.problems] == []
    assert (conv.header.mode, conv.header.ruleset) == ("1v3", "freekill-hulao")
    want = _facts()[path.name]
    damage = [[e.target, e.source, e.amount, e.nature] for e in conv.events if isinstance(e, ev.Damage)]
    deaths = [[e.seat, e.killer] for e in conv.events if isinstance(e, ev.Death)]
    assert damage == want["damage"]
    assert deaths == want["deaths"]
    assert [e.winner for e in conv.events if isinstance(e, ev.GameEnd)] == [want["winner"]]
    assert sum(isinstance(e, ev.Turn) for e in conv.events) == want["turns"]


@pytest.mark.parametrize("path", RECORDINGS, ids=IDS)
def test_seats_equipment_and_switch(path: Path) -> None:
    """神吕布 in seat 1 in his first form, the three allies (those the project does not define keep their FreeKill
    id and carry their max HP); 精甲 puts three printed cards, from outside the game, into his equipment before
    the first turn; every game switches him to his second form once."""
    conv = _convert(path)
    players = conv.header.players
    assert [(p.seat, p.role) for p in players] == [(1, "lord"), (2, "rebel"), (3, "rebel"), (4, "rebel")]
    assert players[0].general == "神吕布·最强神话OL"
    for p in players[1:]:
        assert (p.max_hp is not None) == ("__" in p.general or p.general.isascii())
    first_turn = next(i for i, e in enumerate(conv.events) if isinstance(e, ev.Turn))
    printed = [e for e in conv.events[:first_turn] if isinstance(e, ev.Move) and e.from_ is not None
               and e.from_.zone == "void"]
    assert len(printed) == 3 and all(m.to is not None and (m.to.seat, m.to.zone) == (1, "equip") for m in printed)
    switches = [e for e in conv.events if isinstance(e, ev.GeneralChoice) and e.seat == 1]
    assert [e.general for e in switches] == ["神吕布·暴怒的战神OL"]


def test_other_deck_is_refused() -> None:
    top = load(RECORDINGS[0].read_bytes())
    for item in top[10:]:
        if item[2] in (b"PrepareDrawPile", "PrepareDrawPile"):
            item[3] = cbor2.dumps(cbor2.loads(item[3])[:-1])
            break
    with pytest.raises(freekill.FreeKillError, match="160-card deck"):
        freekill.convert(dump(top), "bad.fk.rep")


@pytest.mark.parametrize("path", RECORDINGS, ids=IDS)
def test_validates_clean_under_freekill_hulao(path: Path) -> None:
    report = validate_parsed(read_path(path)).report
    assert report.ruleset == "freekill-hulao"
    assert [f"{v.line}: {v.rule} {v.message}" for v in report.violations] == []
    assert report.desyncs == []
    assert any("神吕布" in u for u in report.unmodelled)


def test_departures_are_findings_under_the_rulebook() -> None:
    """Under ``hulao`` (the rulebook) the mode's departures are found: the sp package's 神吕布 (SGS-4001), the
    switch at 8 HP and at 6/6 (SGS-4003), the silent rest and the return (SGS-4004)."""
    rules = {v.rule for p in RECORDINGS[:2] for v in validate_parsed(read_path(p), "hulao").report.violations}
    assert {"SGS-4001", "SGS-4003", "SGS-4004"} <= rules, rules


def test_weapon_recast_is_the_modes_rule() -> None:
    """Anyone may recast a weapon in hand (``1v3_recast_weapon&``: FreeKill's recastCard, move reason 12 and the
    draw that follows, both in that name). No recording recasts; written at the end of one (before its
    GameOver), the recast is a plain ``recast`` (the mode's rule, no skill) and its draw has reason ``recast``."""
    from fkrec import _b, before

    top = load(RECORDINGS[0].read_bytes())
    over = next(i for i, item in enumerate(top) if i >= 10 and item[2] in (b"GameOver", "GameOver"))
    ms = top[over][0]
    skill = "1v3_recast_weapon&"
    recast = {"moveReason": 12, "skillName": skill, "from": 2, "proposer": 2, "toArea": 7,
              "moveInfo": [{"cardId": 90, "fromArea": 1, "beforeCard": before(90)}]}
    draw = {"moveReason": 2, "skillName": skill, "to": 2, "proposer": 2, "toArea": 1,
            "moveInfo": [{"cardId": 91, "fromArea": 6, "beforeCard": before(91)}]}
    top[over:over] = [[ms, False, b"MoveCards", cbor2.dumps(_b([[recast], 9000]))],
                      [ms, False, b"MoveCards", cbor2.dumps(_b([[draw], 9001]))]]
    conv = freekill.convert(dump(top), "recast.fk.rep")
    assert [str(p) for p in conv.problems] == []
    recasts = [e for e in conv.events if isinstance(e, ev.Recast)]
    assert [(e.card, e.skill) for e in recasts] == [("♣A 诸葛连弩", None)]
    i = conv.events.index(recasts[0])
    nxt = conv.events[i + 1]
    assert isinstance(nxt, ev.Draw) and nxt.reason == "recast" and nxt.cards == ["♦A 诸葛连弩"]
