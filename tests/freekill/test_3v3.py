"""FreeKill's 3v3 mode (``m_3v3_mode``): the five real recordings of ../shared/peer/freekill/3v3.

- each converts with no import problem, is recognised as ``freekill-3v3`` from its settings and deck
  (not its file name), and reproduces facts.jsonl (damage with nature, deaths, the winning side);
- the seats, the draft, the action units and the AOE directions read from the packets;
- validated under ``freekill-3v3`` only the 军争 cards' rules can still object (the engine is being
  taught them); under ``3v3-2013`` the mode's departures are findings (docs/freekill.md, 3v3 section).

These tests skip when the shared folder is absent.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import cbor2
import pytest
from fkedit import dump, load

from sgs_replay import content
from sgs_replay.formats import events as ev
from sgs_replay.formats.reader import read_path
from sgs_replay.importers import freekill
from sgs_replay.replay.validate import validate_parsed

REPO = Path(__file__).resolve().parents[2]
DIR = REPO.parent / "shared" / "peer" / "freekill" / "3v3"
RECORDINGS = sorted(DIR.glob("*.fk.rep")) if DIR.is_dir() else []
pytestmark = pytest.mark.skipif(not RECORDINGS, reason="../shared/peer/freekill/3v3 is not available")
IDS = [p.name.split(".")[0] for p in RECORDINGS]
SIDE = {"cool": "cold", "warm": "warm"}
POSITION = {"marshal": "commander", "vanguard": "vanguard"}


def _facts() -> dict[str, Any]:
    lines = (DIR / "facts.jsonl").read_text(encoding="utf-8").splitlines() if DIR.is_dir() else []
    return {json.loads(line)["file"]: json.loads(line) for line in lines if line.strip()}


_CONVERTED: dict[Path, freekill.Conversion] = {}


def _convert(path: Path) -> freekill.Conversion:
    if path not in _CONVERTED:
        _CONVERTED[path] = freekill.convert(path.read_bytes(), path.name)
    return _CONVERTED[path]


@pytest.mark.parametrize("path", RECORDINGS, ids=IDS)
def test_converts_with_no_import_problem(path: Path) -> None:
    conv = _convert(path)
    assert [str(p) for p in conv.problems] == []
    h = conv.header
    assert (h.mode, h.ruleset) == ("3v3", "freekill-3v3")


@pytest.mark.parametrize("path", RECORDINGS, ids=IDS)
def test_recognised_by_content_not_name(path: Path) -> None:
    """Renamed, the recording is still the 3v3 mode; its settings and deck decide."""
    conv = freekill.convert(path.read_bytes(), "game.fk.rep")
    assert conv.header.ruleset == "freekill-3v3" and not conv.problems


@pytest.mark.parametrize("path", RECORDINGS, ids=IDS)
def test_reproduces_the_facts(path: Path) -> None:
    want = _facts()[path.name]
    conv = _convert(path)
    damage = [[e.target, e.source, e.amount, e.nature] for e in conv.events if isinstance(e, ev.Damage)]
    deaths = [[e.seat, e.killer] for e in conv.events if isinstance(e, ev.Death)]
    ends = [e.winner for e in conv.events if isinstance(e, ev.GameEnd)]
    assert damage == want["damage"]
    assert deaths == want["deaths"]
    assert ends == [want["winner"]]
    assert sum(isinstance(e, ev.Turn) for e in conv.events) == want["turns"]
    for p in conv.header.players:
        fact = want["seats"][str(p.seat)]
        side, position = fact["role"].split("_")
        assert (p.side, p.position) == (SIDE[side], POSITION[position])
        assert content.generals()[fact["general"]].name == p.general


@pytest.mark.parametrize("path", RECORDINGS, ids=IDS)
def test_seats_draft_and_lineups(path: Path) -> None:
    """Fixed seats (cold V-C-V, warm V-C-V); nine picks of 1, 2 … 2, 1 from the warm side on, out of
    the 16 the pool shows; each side's lineup is three of its own picks, seated as in the header."""
    conv = _convert(path)
    players = conv.header.players
    assert [(p.side, p.position) for p in players] == [
        ("cold", "vanguard"), ("cold", "commander"), ("cold", "vanguard"),
        ("warm", "vanguard"), ("warm", "commander"), ("warm", "vanguard")]
    pools = [e for e in conv.events if isinstance(e, ev.DraftPool)]
    picks = [e for e in conv.events if isinstance(e, ev.DraftPick)]
    lineups = {e.side: e for e in conv.events if isinstance(e, ev.Lineup)}
    assert len(pools) == 1 and len(pools[0].generals) == 16 == len(set(pools[0].generals))
    assert [len(p.generals) for p in picks] == [1, 2, 2, 2, 2, 2, 2, 2, 1]
    assert [p.side for p in picks] == ["warm", "cold"] * 4 + ["warm"]
    assert sorted(g for p in picks for g in p.generals) == sorted(pools[0].generals)
    for side, lineup in lineups.items():
        own = [g for p in picks if p.side == side for g in p.generals]
        assert {lineup.commander, *lineup.vanguards} <= set(own)
        seated = {p.general for p in players if p.side == side}
        assert seated == {lineup.commander, *lineup.vanguards}
    assert set(lineups) == {"cold", "warm"}


@pytest.mark.parametrize("path", RECORDINGS, ids=IDS)
def test_action_units(path: Path) -> None:
    """Every turn belongs to a logged unit: a commander alone, or the vanguards in the unit's order."""
    conv = _convert(path)
    side_of = {p.seat: p.side for p in conv.header.players}
    queue: list[int] = []
    units = 0
    for e in conv.events:
        if isinstance(e, ev.ActionUnit):
            assert not queue
            units += 1
            if e.who == "commander":
                queue = [next(p.seat for p in conv.header.players if p.side == e.side and p.position == "commander")]
            else:
                queue = list(e.order or [])
                assert queue and all(side_of[s] == e.side for s in queue)
        elif isinstance(e, ev.Turn):
            assert queue and queue.pop(0) == e.seat
        elif isinstance(e, ev.Death) and e.seat in queue:
            queue.remove(e.seat)  # a vanguard who dies before his turn does not act
    assert units > 0


@pytest.mark.parametrize("path", RECORDINGS, ids=IDS)
def test_aoe_direction(path: Path) -> None:
    """Every 南蛮入侵, 万箭齐发, 桃园结义 and 五谷丰登 carries the direction read from its answers; the
    recordings' AI always takes FreeKill's default, clockwise (RULES.md 1.7)."""
    conv = _convert(path)
    aoe = [e for e in conv.events if isinstance(e, ev.Use)
           and (e.as_ or (e.card or " ").split(" ")[1]) in ("南蛮入侵", "万箭齐发", "桃园结义", "五谷丰登")]
    assert aoe
    assert Counter(e.direction for e in aoe) == Counter({"cw": len(aoe)})


def test_other_deck_is_refused() -> None:
    """Settings that say 3v3 with a draw pile that is not the 106-card deck cannot be read."""
    top = load(RECORDINGS[0].read_bytes())
    for item in top[10:]:
        if item[2] in (b"PrepareDrawPile", "PrepareDrawPile"):
            ids = cbor2.loads(item[3])
            item[3] = cbor2.dumps(ids[:-1])
            break
    data = dump(top)
    with pytest.raises(freekill.FreeKillError, match="106-card deck"):
        freekill.convert(data, "bad.fk.rep")


# --- validation --------------------------------------------------------------------------------------


def _report(path: Path, ruleset: str | None) -> Any:
    return validate_parsed(read_path(path), ruleset).report


@pytest.mark.parametrize("path", RECORDINGS, ids=IDS)
def test_validates_clean_under_freekill_3v3(path: Path) -> None:
    """Under its own ruleset the recording is clean, and the replay's card areas follow FreeKill's."""
    report = _report(path, None)
    assert report.ruleset == "freekill-3v3"
    assert [f"{v.line}: {v.rule} {v.message}" for v in report.violations] == []
    assert report.desyncs == []


def test_departures_are_findings_under_3v3_2013() -> None:
    """Under the rulebooks' 3v3 the mode's departures are found (docs/freekill.md, 3v3 section): the
    roster (v33 generals, 陆逊, 许褚), the deck (军争 cards), the reward of 2, the cold side opening two
    units in a row across a round boundary, the unrevised 吕布 who never awakens 战神."""
    found: Counter[str] = Counter()
    for path in RECORDINGS:
        found += Counter(v.rule for v in _report(path, "3v3-2013").violations)
    assert {"SGS-H002", "SGS-C004", "SGS-D006", "SGS-3001", "SGS-S006"} <= set(found), found


def test_direction_from_the_order_of_the_answers() -> None:
    """``ccw`` only when the seats that answered can only be in increasing order from the user; else
    ``cw`` (FreeKill's default answer)."""
    from sgs_replay.importers.freekill_3v3 import Reader3v3

    reader = Reader3v3.__new__(Reader3v3)
    reader.order = [11, 12, 13, 14, 15, 16]
    use = ev.Use(seat=4, card="♠7 南蛮入侵")
    assert reader.direction(use, [5, 6, 1]) == "ccw"
    assert reader.direction(use, [3, 2, 1]) == "cw"
    assert reader.direction(use, [5]) == "cw"  # one seat cannot tell: the default
    assert reader.direction(ev.Use(seat=4, card="♥A 桃园结义"), [4, 5, 6]) == "ccw"
    assert reader.direction(ev.Use(seat=4, card="♥A 桃园结义"), [4, 3, 2]) == "cw"


@pytest.mark.skipif(not RECORDINGS, reason="the FreeKill 3v3 recordings are not beside the checkout")
def test_engine_behaviour_is_named_in_the_report() -> None:
    """What only the ruleset of the recording engine accepts is no violation but is named: 103646's 制衡
    with no card (zhiheng_zero_cards), in the report and in `validate --json`."""
    path = next(p for p in RECORDINGS if p.name.startswith("20261129103646"))
    report = _report(path, None)
    assert report.violations == []
    assert [n for n in report.engine_behaviour if "zhiheng_zero_cards" in n]
    assert report.public()["engine_behaviour"] == report.engine_behaviour
