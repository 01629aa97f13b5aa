"""FreeKill's 1v1 mode (``m_1v1_mode``): the recordings of ../shared/peer/freekill/round3/m_1v1_mode.

- each converts with no import problem, is recognised as ``freekill-1v1`` from its settings and deck
  (not its file name), and reproduces facts.jsonl (damage with nature, deaths, the winning side: FreeKill's
  lord, the 先手, is ``warm``);
- the draft, the lineups and the next generals read from the packets;
- validated under ``freekill-1v1`` each is clean with no desync; under the rulebooks' ``1v1-2013`` the
  mode's departures are findings (docs/freekill.md, the 1v1 mode).

These tests skip when the shared folder is absent.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import cbor2
import pytest
from fkedit import dump, load, renamed

from sgs_replay.formats import events as ev
from sgs_replay.formats.reader import read_path
from sgs_replay.importers import freekill
from sgs_replay.replay.validate import validate_parsed

REPO = Path(__file__).resolve().parents[2]
ROUND3 = REPO.parent / "shared" / "peer" / "freekill" / "round3"
DIR = ROUND3 / "m_1v1_mode"
RECORDINGS = sorted(DIR.glob("*.fk.rep")) if DIR.is_dir() else []
pytestmark = pytest.mark.skipif(not RECORDINGS, reason="../shared/peer/freekill/round3/m_1v1_mode is not available")
IDS = [p.name.split(".")[0] for p in RECORDINGS]
SIDE = {"lord": "warm", "rebel": "cold"}


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
def test_converts_with_no_import_problem(path: Path) -> None:
    conv = _convert(path)
    assert [str(p) for p in conv.problems] == []
    assert (conv.header.mode, conv.header.ruleset) == ("1v1", "freekill-1v1")


def test_recognised_by_content_not_name() -> None:
    conv = freekill.convert(RECORDINGS[0].read_bytes(), "game.fk.rep")
    assert conv.header.ruleset == "freekill-1v1" and not conv.problems


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
        assert p.side == SIDE[want["seats"][str(p.seat)]["role"]]


@pytest.mark.parametrize("path", RECORDINGS, ids=IDS)
def test_draft_lineups_and_next_generals(path: Path) -> None:
    """Twelve generals picked 1-2-2-2-2-2-1 from the cold side; each player starts with one of its six and
    keeps five in reserve; every death but the last (the third of a side) brings in a reserve with its
    starting hand: its max HP in cards, at most 5, fewer only when the draw pile runs short."""
    conv = _convert(path)
    events = conv.events
    pool = [e for e in events if isinstance(e, ev.DraftPool)]
    picks = [e for e in events if isinstance(e, ev.DraftPick)]
    assert len(pool) == 1 and len(pool[0].generals) == 12 == len(set(pool[0].generals))
    assert [len(p.generals) for p in picks] == [1, 2, 2, 2, 2, 2, 1]
    assert [p.side for p in picks] == ["cold", "warm"] * 3 + ["cold"]
    first_turn = next(i for i, e in enumerate(events) if isinstance(e, ev.Turn))
    lineups = [e for e in events[:first_turn] if isinstance(e, ev.GeneralChoice)]
    assert sorted(e.seat for e in lineups) == [1, 2]
    for e in lineups:
        assert e.reserves is not None and len(e.reserves) == 5
    deaths = Counter(e.seat for e in events if isinstance(e, ev.Death))
    entries = Counter(e.seat for e in events[first_turn:] if isinstance(e, ev.GeneralChoice))
    loser = max(deaths, key=lambda s: deaths[s])
    assert deaths[loser] == 3
    assert entries == Counter({s: n - (1 if s == loser else 0) for s, n in deaths.items() if n - (s == loser)})
    for i, e in enumerate(events):
        if isinstance(e, ev.GeneralChoice) and i > first_turn:
            draw = events[i + 1]
            assert isinstance(draw, ev.Draw) and draw.reason == "initial" and draw.seat == e.seat
            assert 1 <= len(draw.cards) <= 5


def test_other_deck_is_refused() -> None:
    """Settings that say 1v1 with a draw pile that is not the 50-card deck cannot be read."""
    top = load(RECORDINGS[0].read_bytes())
    for item in top[10:]:
        if item[2] in (b"PrepareDrawPile", "PrepareDrawPile"):
            item[3] = cbor2.dumps(cbor2.loads(item[3])[:-1])
            break
    with pytest.raises(freekill.FreeKillError, match="50-card deck"):
        freekill.convert(dump(top), "bad.fk.rep")


# --- validation --------------------------------------------------------------------------------------


def _report(path: Path, ruleset: str | None) -> Any:
    return validate_parsed(read_path(path), ruleset).report


@pytest.mark.parametrize("path", RECORDINGS, ids=IDS)
def test_validates_clean_under_freekill_1v1(path: Path) -> None:
    report = _report(path, None)
    assert report.ruleset == "freekill-1v1"
    assert [f"{v.line}: {v.rule} {v.message}" for v in report.violations] == []
    assert report.desyncs == []


def test_departures_are_findings_under_1v1_2013() -> None:
    """Under the rulebooks' 1v1 the mode's departures are found: the pool of 12 and six generals a player
    (SGS-3012/3009), the 先手 moving first (SGS-T001), the deck (SGS-C004), the v11 generals (SGS-H002)."""
    rules = Counter(v.rule for p in RECORDINGS[:3] for v in _report(p, "1v1-2013").violations)
    for rule in ("SGS-C004", "SGS-H002", "SGS-3012", "SGS-3009", "SGS-T001"):
        assert rules[rule] > 0, rules


def test_unmodelled_skill_is_unverifiable_not_a_violation() -> None:
    """吕蒙v11's 慎拒 (hand limit + the opponent's HP) is not modelled: the discard phases it explains are
    counted unverifiable, and the same game has no violation (170107)."""
    path = next(p for p in RECORDINGS if p.name.startswith("20261207170107"))
    report = _report(path, None)
    assert report.violations == []
    assert report.unverifiable >= 4


def test_cuorui_names_the_skipped_judge_phase() -> None:
    """牛金's 挫锐 skips his first judge phase after entering: FreeKill announces the skill and logs the skip
    (#InvokeSkill v11__cuorui, #PhaseSkipped phase_judge) in place of the phase. No recording has it; edited
    into a real one at the first judge phase of the game, the skip is read with its reason, not reported."""
    top = load(RECORDINGS[0].read_bytes())
    for i, item in enumerate(top[10:], start=10):
        if item[2] in (b"PropertyUpdate", "PropertyUpdate") and not item[1]:
            body = cbor2.loads(item[3])
            if body[1] in (b"phase", "phase") and body[2] == 3:
                pid = body[0]
                top[i:i + 1] = [
                    [item[0], False, b"GameLog", cbor2.dumps({b"type": b"#InvokeSkill", b"from": pid, b"arg": b"v11__cuorui"})],
                    [item[0], False, b"GameLog", cbor2.dumps({b"type": b"#PhaseSkipped", b"from": pid, b"arg": b"phase_judge"})],
                ]
                break
    conv = freekill.convert(dump(top), "cuorui.fk.rep")
    assert [str(p) for p in conv.problems] == []
    skips = [e for e in conv.events if isinstance(e, ev.PhaseSkip)]
    assert skips[0].phase == "judge" and skips[0].reason == "挫锐"


def test_a_general_the_project_does_not_define(tmp_path: Path) -> None:
    """FreeKill's 1v1 draws from every package the server loads: a general this project does not define keeps
    its FreeKill id, its max HP comes from the recording (the header's max_hp, the general_choice that brings it
    in), and it is judged on everything else, what its skills could explain counted unverifiable. Here
    大乔v11 (starting) and 向宠 (entering after her death) of 170009 are renamed to generals nobody defines."""
    path = next(p for p in RECORDINGS if p.name.startswith("20261207170009"))
    data = renamed(renamed(path.read_bytes(), "v11__daqiao", "zz__one"), "v11__xiangchong", "zz__two")
    conv = freekill.convert(data, "unknown.fk.rep")
    assert [str(p) for p in conv.problems] == []
    assert conv.header.players[0].general == "zz__one"
    assert conv.header.players[0].max_hp == 3 and conv.header.start is None
    entry = next(e for e in conv.events if isinstance(e, ev.GeneralChoice) and e.general == "zz__two")
    assert entry.max_hp == 4
    log = tmp_path / "unknown.sgs.jsonl"
    log.write_bytes(freekill.to_jsonl(conv))
    undefined: set[int] = set()
    report = validate_parsed(read_path(log), on_step=lambda _i, eng: undefined.update(eng.undefined)).report
    assert [f"{v.line}: {v.rule} {v.message}" for v in report.violations] == []
    assert report.desyncs == []
    assert undefined == {1}  # seat 1 played them, judged without their skills


def test_pianyi_announced_as_the_starting_generals_enter_is_engine_behaviour(tmp_path: Path) -> None:
    """FreeKill's rule skill has both starting generals enter play at the game start (``debut_at_start``); its 翩仪
    then fires for the 后手's 貂蝉 (the first turn being the opponent's) and ends nothing, as no turn has begun. The
    recording 170126 with the 后手's 貂蝉 as 1v1's 貂蝉 (翩仪) and that announcement: no violation, a behaviour note
    (before, SGS-S004: "not the opponent's turn")."""
    path = next((ROUND3 / "m_1v1_mode").glob("20261207170126.*.fk.rep"))
    lines = freekill.to_jsonl(freekill.convert(path.read_bytes(), path.name)).decode().splitlines()
    lines = [line.replace('"貂蝉"', '"貂蝉v11"') for line in lines]
    first_turn = next(i for i, line in enumerate(lines) if json.loads(line).get("type") == "turn")
    dealt = first_turn - 1  # the starting hands are dealt just before it
    assert json.loads(lines[dealt]).get("reason") == "initial"
    cold = next(p["seat"] for p in json.loads(lines[0])["players"] if p["side"] == "cold")
    assert json.loads(lines[0])["players"][cold - 1]["general"] == "貂蝉v11"
    lines.insert(dealt + 1, json.dumps({"type": "skill", "seat": cold, "skill": "翩仪"}, ensure_ascii=False))
    log = tmp_path / "pianyi.sgs.jsonl"
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    replay = validate_parsed(read_path(log))
    assert [(v.rule, v.line) for v in replay.report.violations] == []
    assert any("翩仪 as the starting generals enter play" in n for n in replay.report.engine_behaviour)
