"""FreeKill's 國戰 (``new_heg_mode``): the eight real recordings of ../shared/peer/freekill/round3
(``new_heg_mode_6p`` and ``new_heg_mode_8p``).

- each converts with no import problem as ``mode: hegemony``, ruleset ``freekill-hegemony`` (from the settings
  and the 109-card deck, not the file name) and reproduces facts.jsonl (damage with nature, deaths, the winning
  kingdom);
- the header names each seat's two generals (FreeKill sends every client the marks that hold them), the reveals
  are ``reveal_general`` events with the kingdom they fix;
- validated under ``freekill-hegemony`` no recording has a finding beyond the ones listed in ``KNOWN`` (engine
  defects still open, docs/freekill.md), and the replay's card areas follow FreeKill's (no desync).

These tests skip when the shared folder is absent.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import cbor2
import pytest
from fkedit import dump, load

from sgs_replay.content import ruleset
from sgs_replay.formats import events as ev
from sgs_replay.formats.reader import read_path
from sgs_replay.importers import freekill
from sgs_replay.importers.freekill_hegemony import general_name, skill_id
from sgs_replay.replay.validate import validate_parsed
from tests.conftest import validate_text
from tests.hegemony_kit import DECK, deal, game, players, turn

REPO = Path(__file__).resolve().parents[2]
ROOT = REPO.parent / "shared" / "peer" / "freekill" / "round3"
RECORDINGS = sorted(p for d in ("new_heg_mode_6p", "new_heg_mode_8p") if (ROOT / d).is_dir()
                    for p in (ROOT / d).glob("*.fk.rep"))
needs_recordings = pytest.mark.skipif(not RECORDINGS, reason="../shared/peer/freekill/round3 is not available")
IDS = [p.name.split(".")[0] for p in RECORDINGS]
#: findings still open, by recording: two 无懈可击 on a 铁索连环 with two targets, FreeKill answering each target
#: apart (the importer does not yet carry which target a 无懈可击 protects), and the chain states that follow; a
#: defect to fix, not a rule of the mode (docs/freekill.md, the 國戰 mode)
KNOWN: dict[str, list[str]] = {}


def _facts() -> dict[str, Any]:
    path = ROOT / "facts.jsonl"
    lines = path.read_text(encoding="utf-8").splitlines() if path.is_file() else []
    return {json.loads(line)["file"]: json.loads(line) for line in lines if line.strip()}


_CONVERTED: dict[Path, freekill.Conversion] = {}


def _convert(path: Path) -> freekill.Conversion:
    if path not in _CONVERTED:
        _CONVERTED[path] = freekill.convert(path.read_bytes(), path.name)
    return _CONVERTED[path]


@needs_recordings
@pytest.mark.parametrize("path", RECORDINGS, ids=IDS)
def test_converts_with_no_import_problem(path: Path) -> None:
    conv = _convert(path)
    assert [str(p) for p in conv.problems] == []
    h = conv.header
    assert (h.mode, h.ruleset) == ("hegemony", "freekill-hegemony")
    assert all(p.general != "?" and p.deputy not in (None, "?") for p in h.players)


@needs_recordings
@pytest.mark.parametrize("path", RECORDINGS, ids=IDS)
def test_reproduces_the_facts(path: Path) -> None:
    want = _facts()[path.name]
    events = _convert(path).events
    damage = [[e.target, e.source, e.amount, e.nature or "normal"] for e in events if isinstance(e, ev.Damage)]
    deaths = [[e.seat, e.killer] for e in events if isinstance(e, ev.Death)]
    ends = [e.winner for e in events if isinstance(e, ev.GameEnd)]
    assert damage == want["damage"]
    assert deaths == want["deaths"]
    assert ends == [want["winner"]]
    seats = {p.seat: p for p in _convert(path).header.players}
    for seat, fact in want["seats"].items():
        assert seats[int(seat)].general == general_name(fact["general"])


@needs_recordings
@pytest.mark.parametrize("path", RECORDINGS, ids=IDS)
def test_reveals_name_the_seats_generals(path: Path) -> None:
    conv = _convert(path)
    pairs = {p.seat: (p.general, p.deputy) for p in conv.header.players}
    reveals = [e for e in conv.events if isinstance(e, ev.RevealGeneral)]
    assert reveals
    for r in reveals:
        assert r.main in (None, pairs[r.seat][0]) and r.deputy in (None, pairs[r.seat][1])
        assert r.reason is not None
    firsts: dict[int, ev.RevealGeneral] = {}
    for r in reveals:
        firsts.setdefault(r.seat, r)
    assert all(r.kingdom is not None for r in firsts.values())


@needs_recordings
def test_other_deck_is_refused() -> None:
    """Settings that say 國戰 with a draw pile that is not the 109-card deck cannot be read (exit 3, one line)."""
    top = load(RECORDINGS[0].read_bytes())
    for item in top[10:]:
        if item[2] in (b"PrepareDrawPile", "PrepareDrawPile"):
            item[3] = cbor2.dumps(cbor2.loads(item[3])[:-1])
            break
    with pytest.raises(freekill.FreeKillError, match="109-card deck"):
        freekill.convert(dump(top), "bad.fk.rep")


def test_skill_ids() -> None:
    assert skill_id("hs__keji") == "keji"
    assert skill_id("#hs__keji_main_skill") == "#keji_main_skill"
    assert skill_id("ex__guicai") == "guicai"
    assert skill_id("jizhi") == "jizhi"
    assert general_name("hs__guanyu") == "关羽国战"
    assert general_name("hs__caocao") == "曹操"


@needs_recordings
@pytest.mark.parametrize("path", RECORDINGS, ids=IDS)
def test_validates_under_freekill_hegemony(path: Path) -> None:
    report = validate_parsed(read_path(path), None).report
    assert report.ruleset == "freekill-hegemony"
    assert [v.rule for v in report.violations] == KNOWN.get(path.name[:14], []), \
        [f"{v.line}: {v.rule} {v.message}" for v in report.violations]
    if path.name[:14] not in KNOWN:  # the chain states of KNOWN drift there
        assert report.desyncs == []


# ---- FreeKill's later 國戰 rules as ruleset parameters, on hand-written logs (no recording needed)

TOKENS = (("刘备", "关羽"), ("曹操", "典韦"), ("孙权", "甘宁"), ("吕布", "华佗"))  # 刘备+关羽: half a fish over, 珠联璧合
BOTH = {"main": "刘备", "deputy": "关羽"}


def _token_rules(tmp_path: Path) -> Path:
    path = tmp_path / "heg-tokens.toml"
    path.write_text('name = "heg-tokens"\ninherits = "hegemony"\nhegemony_bonus = "token"\n', encoding="utf-8")
    return path


def _draw(reason: str, n: int, seat: int = 1, at: int = 16) -> dict[str, Any]:
    return {"type": "draw", "seat": seat, "cards": DECK[at:at + n], "reason": reason}


def test_tokens_are_spent_in_the_play_phase(sgs: Any, tmp_path: Path) -> None:
    """hegemony_bonus = "token": 刘备+关羽 take 阴阳鱼 and 珠联璧合 (and 先驱, the first to reveal) and spend them later."""
    events = [*deal(size=2), *turn(1, _draw("vanguard", 2), _draw("half", 1, at=18), _draw("companion", 2, at=19),
                                     reveal=BOTH)]
    game(sgs, events, pairs=TOKENS, ruleset_file=_token_rules(tmp_path)).assert_clean()


def test_a_token_is_not_a_draw_at_the_reveal(sgs: Any, tmp_path: Path) -> None:
    events = [*deal(), {"type": "turn", "seat": 1}, {"type": "reveal_general", "seat": 1, **BOTH}, _draw("half", 1)]
    game(sgs, events, pairs=TOKENS, ruleset_file=_token_rules(tmp_path)).assert_flags("SGS-5005", 8, seat=1, only=True)


def test_a_token_is_spent_once(sgs: Any, tmp_path: Path) -> None:
    events = [*deal(), *turn(1, _draw("half", 1), _draw("half", 1, at=17), reveal=BOTH)]
    game(sgs, events, pairs=TOKENS, ruleset_file=_token_rules(tmp_path)).assert_flags("SGS-5005", 12, seat=1, only=True)


def test_the_vanguard_is_the_first_reveal_only(sgs: Any, tmp_path: Path) -> None:
    """先驱 goes to the first character to turn a general face up (seat 1 here), not to seat 2."""
    events = [*deal(), *turn(1, reveal={"main": "刘备"}),
              *turn(2, _draw("vanguard", 1), reveal={"main": "曹操"})]
    out = game(sgs, events, pairs=TOKENS, ruleset_file=_token_rules(tmp_path))
    assert [v.rule for v in out.violations] == ["SGS-5005"], out.describe()


def test_fish_raises_the_hand_limit_once(sgs: Any, tmp_path: Path) -> None:
    """阴阳鱼 spent as the discard phase begins: 2 cards over the limit are kept, once."""
    def discard_turn(keep: int) -> list[dict[str, Any]]:
        return [{"type": "turn", "seat": 1}, {"type": "phase", "seat": 1, "phase": "start"},
                {"type": "phase_skip", "seat": 1, "phase": "draw", "reason": "test"},
                {"type": "phase", "seat": 1, "phase": "play"}, {"type": "phase", "seat": 1, "phase": "discard"},
                *([] if keep >= 6 else [{"type": "discard", "seat": 1, "cards": DECK[:6 - keep]}]),
                {"type": "phase", "seat": 1, "phase": "finish"}, {"type": "turn_end", "seat": 1}]
    hand = [{"type": "draw", "seat": 1, "cards": DECK[:6], "reason": "initial"},
            *[{"type": "draw", "seat": s, "cards": DECK[s * 6:s * 6 + 4], "reason": "initial"} for s in (2, 3, 4)]]
    reveal = [{"type": "turn", "seat": 1}, {"type": "reveal_general", "seat": 1, **BOTH},
              {"type": "phase", "seat": 1, "phase": "start"}, {"type": "phase_skip", "seat": 1, "phase": "draw", "reason": "test"},
              {"type": "phase", "seat": 1, "phase": "play"}, {"type": "phase", "seat": 1, "phase": "discard"},
              {"type": "phase", "seat": 1, "phase": "finish"}, {"type": "turn_end", "seat": 1}]
    # 刘备+关羽: 4 HP; 6 cards kept with the fish; the next time the limit is the HP again
    once = game(sgs, [*hand, *reveal], pairs=TOKENS, ruleset_file=_token_rules(tmp_path))
    assert once.violations == [], once.describe()
    others = [e for s in (2, 3, 4) for e in turn(s)]
    twice = game(sgs, [*hand, *reveal, *others, *discard_turn(6)], pairs=TOKENS, ruleset_file=_token_rules(tmp_path))
    assert [v.rule for v in twice.violations] == ["SGS-T004"], twice.describe()
    fine = game(sgs, [*hand, *reveal, *others, *discard_turn(4)], pairs=TOKENS, ruleset_file=_token_rules(tmp_path))
    assert fine.violations == [], fine.describe()


def _aozhan(sgs: Any, tmp_path: Path, large_from: int) -> Any:
    rules = tmp_path / f"aozhan-{large_from}.toml"
    rules.write_text(f'name = "aozhan-{large_from}"\ninherits = "hegemony"\naozhan = true\n'
                     f"aozhan_large_from = {large_from}\n", encoding="utf-8")
    pairs = (*TOKENS, ("张辽", "许褚"), ("黄忠", "魏延"), ("周瑜", "小乔"))
    start = sgs.start(7, hands={1: ["♥3 桃", "♥4 桃"]}, hp={1: 2}, dead=(4, 5, 6), current=None, phase=None)
    header = sgs.header(players(pairs), mode="hegemony", ruleset="hegemony", start=start)
    events = [{"type": "turn", "seat": 1}, {"type": "phase", "seat": 1, "phase": "start"},
              {"type": "phase_skip", "seat": 1, "phase": "draw", "reason": "test"}, {"type": "phase", "seat": 1, "phase": "play"},
              {"type": "use", "seat": 1, "card": "♥3 桃", "targets": [1]},
              {"type": "recover", "seat": 1, "amount": 1, "card": "♥3 桃"}]
    return validate_text(sgs.text(header, events), ruleset=str(rules))


def test_aozhan_from_four_left_of_seven_players(sgs: Any, tmp_path: Path) -> None:
    """FreeKill (#players > 6 and 5 or 4): four left of seven start 鏖战; the inclusive reading waits for three."""
    _aozhan(sgs, tmp_path, 7).assert_flags("SGS-5007", 6, seat=1)
    _aozhan(sgs, tmp_path, 8).assert_clean()


# ---- 刘禅: FreeKill's 國戰 lists 享乐 and 放权 under ids its packages do not define ("absent")

LIUSHAN = (("曹操", "典韦"), ("刘禅", "关羽"), ("孙权", "甘宁"), ("吕布", "华佗"))


def _liushan_game(sgs: Any, ruleset_name: str, events: list[dict[str, Any]]) -> Any:
    """Four opening hands of the ruleset's own deck (seat 1 holds a 杀), then ``events``."""
    deck = list(ruleset(ruleset_name).deck)
    slash = next(c for c in deck if c.endswith(" 杀"))
    deck.remove(slash)
    hands = [[slash, *deck[:3]], deck[3:7], deck[7:11], deck[11:15]]
    dealt = [{"type": "draw", "seat": s, "cards": h, "reason": "initial"} for s, h in enumerate(hands, start=1)]
    text = [e if e.get("card") != "SLASH" else {**e, "card": slash} for e in events]
    return game(sgs, [*dealt, *text], pairs=LIUSHAN, ruleset_name=ruleset_name)


def _slash_at_face_up_liushan(sgs: Any, ruleset_name: str, *after: dict[str, Any]) -> Any:
    slash = {"type": "use", "seat": 1, "card": "SLASH", "targets": [2]}
    events = [*turn(1), *turn(2, reveal={"main": "刘禅"}), *turn(3), *turn(4), *turn(1, slash, *after)]
    return _liushan_game(sgs, ruleset_name, events)


HIT = {"type": "damage", "target": 2, "source": 1, "amount": 1, "card": "SLASH"}


def test_freekill_liushan_has_no_xiangle(sgs: Any) -> None:
    """A 杀 at a face-up 刘禅 needs no basic card: it hits him (165531); unanswered and harmless it is flagged."""
    out = _slash_at_face_up_liushan(sgs, "freekill-hegemony", HIT)
    out.assert_clean()
    assert out.report.unverifiable == 0
    missed = _slash_at_face_up_liushan(sgs, "freekill-hegemony")
    assert missed.rules == {"SGS-D002"}, missed.describe()


def test_the_rulebook_liushan_keeps_xiangle(sgs: Any) -> None:
    """Under ``hegemony`` the same 杀, unpaid, has no effect on him: the damage is flagged, nothing is owed."""
    hit = _slash_at_face_up_liushan(sgs, "hegemony", HIT)
    assert hit.rules == {"SGS-D003"}, hit.describe()
    _slash_at_face_up_liushan(sgs, "hegemony").assert_clean()


def test_freekill_liushan_has_no_fangquan(sgs: Any) -> None:
    events = [*turn(1), {"type": "turn", "seat": 2}, {"type": "reveal_general", "seat": 2, "main": "刘禅"},
              {"type": "phase", "seat": 2, "phase": "start"}, {"type": "phase", "seat": 2, "phase": "draw"},
              {"type": "skill", "seat": 2, "skill": "放权"}]
    out = _liushan_game(sgs, "freekill-hegemony", events)
    assert [(v.rule, v.line) for v in out.violations] == [("SGS-S001", len(events) + 5)], out.describe()


def test_freekill_hegemony_simulates_clean() -> None:
    """The simulator asks for the hand limit as the discard phase begins, the engine as it ends: a 阴阳鱼 spent
    by the first ask still raises the limit at the second (seed 0 game 2: 孟获+刘禅 keeps 4 cards at 3 HP)."""
    from sgs_replay.simulate.game import play_game

    rs = ruleset("freekill-hegemony")
    for i in range(3):
        play_game(rs, 5, 0, i, strict=True)
