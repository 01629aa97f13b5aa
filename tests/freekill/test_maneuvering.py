"""FreeKill identity games played with the 军争 (maneuvering) cards: the 160-card deck.

- the six recordings of ``../shared/peer/freekill/maneuvering`` convert with no import problem under
  ``freekill-maneuvering`` (detected from the settings and the draw pile, not the file name) and give
  the damage (with its nature), deaths and winner of ``facts.jsonl``, and validate clean with no desync;
  they skip when that folder is absent;
- a recording whose deck does not match its settings is refused on the command line (exit 3, one line);
- the 军争 paths the six recordings never take (重铸, 酒 while dying, a 火攻 that deals damage,
  朱雀羽扇, 白银狮子's recovery on a replacement, 藤甲 against a 杀 and against fire) are built packet by
  packet with :mod:`fkrec`.

Card ids of the 军争 package (``sgs_replay/importers/fk_cards_maneuvering.csv``) used below: 雷杀 113 ♠4,
火杀 118 ♥4, 酒 123 ♠3 and 124 ♠9, 铁索连环 128 ♠J and 130 ♣10, 火攻 134 ♥2, 朱雀羽扇 140 ♦A, 藤甲 141 ♠2,
白银狮子 143 ♣A; of the standard package: 杀 1 ♠7, 8 ♣2 …, 闪 31 ♥2 …, 桃 46 ♥3 ….
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import cbor2
import pytest
from fkedit import dump, entry, load
from fkrec import DISCARD_PILE, EQUIP, PROCESSING, PUT_INTO_DISCARD, USE, Recording, vcard

from sgs_replay.formats.reader import parse_bytes
from sgs_replay.importers import freekill
from sgs_replay.replay.validate import validate_parsed

REPO = Path(__file__).resolve().parents[2]
DIR = REPO.parent / "shared" / "peer" / "freekill" / "maneuvering"
RECORDINGS = sorted(DIR.glob("*.fk.rep")) if DIR.is_dir() else []
needs_recordings = pytest.mark.skipif(not RECORDINGS, reason="../shared/peer/freekill/maneuvering is not available")

RECAST = 12  # FreeKill's move reason for 重铸
FIVE_ROLES = ["lord", "loyalist", "rebel", "rebel", "renegade"]


def _stamp(path: Path) -> str:
    return path.name.split(".")[0]


def _events(conv: freekill.Conversion) -> list[dict[str, Any]]:
    return [json.loads(line) for line in freekill.to_jsonl(conv).decode().splitlines()[1:]]


# ---------------------------------------------------------------------------------------------------
# the six recordings
# ---------------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def converted() -> dict[str, freekill.Conversion]:
    return {_stamp(p): freekill.convert(p.read_bytes(), p.name) for p in RECORDINGS}


@needs_recordings
@pytest.mark.parametrize("path", RECORDINGS, ids=_stamp)
def test_recording_converts_without_problems(path: Path, converted: dict[str, freekill.Conversion]) -> None:
    conv = converted[_stamp(path)]
    assert conv.problems == [], "\n".join(map(str, conv.problems))
    assert conv.header.ruleset == "freekill-maneuvering"
    assert conv.header.meta is not None and "disabled_packs" not in conv.header.meta
    assert len(conv.sources) == len(conv.events) > 100 and conv.sources == sorted(conv.sources)


@needs_recordings
@pytest.mark.parametrize("path", RECORDINGS, ids=_stamp)
def test_recording_matches_facts(path: Path, converted: dict[str, freekill.Conversion]) -> None:
    facts = {f["file"]: f for f in map(json.loads, (DIR / "facts.jsonl").read_text(encoding="utf-8").splitlines())}
    want = facts[path.name]
    events = _events(converted[_stamp(path)])
    damage = [[e["target"], e.get("source"), e["amount"], e.get("nature", "normal")] for e in events
              if e["type"] == "damage"]
    assert damage == want["damage"]
    assert [[e["seat"], e.get("killer")] for e in events if e["type"] == "death"] == want["deaths"]
    assert [e["winner"] for e in events if e["type"] == "game_end"] == [want["winner"]]


@needs_recordings
def test_recordings_show_the_maneuvering_events(converted: dict[str, freekill.Conversion]) -> None:
    events = [e for conv in converted.values() for e in _events(conv)]
    cards = {e["card"].split()[1] for e in events if e["type"] == "use" and "card" in e}
    assert {"雷杀", "火杀", "酒", "铁索连环", "火攻", "兵粮寸断", "骅骝"} <= cards
    # 酒 for its +1 has no target; 铁索连环 chains and a natured damage resets and passes on
    assert all("targets" not in e for e in events if e["type"] == "use" and e.get("card", "").endswith(" 酒"))
    assert {e["chained"] for e in events if e["type"] == "chain"} == {True, False}
    passed = [e for e in events if e["type"] == "damage" and e.get("chain")]
    assert passed and all(e["nature"] in ("fire", "thunder") for e in passed)
    for i, e in enumerate(events):
        if e["type"] == "damage" and e.get("chain"):  # a passed-on damage resets its target right after
            assert events[i + 1] == {"type": "chain", "seat": e["target"], "chained": False}
    assert all(e["nature"] == {"雷杀": "thunder", "火杀": "fire"}[e["card"].split()[1]] for e in events
               if e["type"] == "damage" and e.get("card", "").endswith(("雷杀", "火杀")))
    assert any(e["type"] == "reveal" and e.get("reason") == "火攻" for e in events)
    assert any(e["type"] == "judge" and e["reason"] == "兵粮寸断" for e in events)
    assert {"phase_skip"} == {e["type"] for e in events if e.get("reason") == "兵粮寸断" and e.get("phase") == "draw"}
    assert any(e["type"] == "recover" and e.get("card") == "♣A 白银狮子" for e in events)
    # locked equipment is applied by the rules, never a `skill` event
    assert not {e["skill"] for e in events if e["type"] == "skill"} & {"藤甲", "古锭刀", "白银狮子", "骅骝"}


@needs_recordings
@pytest.mark.parametrize("path", RECORDINGS, ids=_stamp)
def test_recording_validates_clean_and_agrees_with_the_replay(path: Path) -> None:
    """Under its own ruleset each game has no violation, and the replay's card areas and chain states
    agree with the recording's at every checkpoint."""
    from sgs_replay.importers.adapter import parsed_from_freekill

    replay = validate_parsed(parsed_from_freekill(path.read_bytes(), path.name))
    assert not replay.extra.get("internal_errors"), replay.extra["internal_errors"]
    assert [(v.rule, v.line, v.message) for v in replay.report.violations] == []
    assert replay.report.desyncs == []


@needs_recordings
def test_under_the_rulebook_only_the_documented_departures() -> None:
    """Under ``maneuvering`` (the rulebook) the six games show exactly the departures docs/freekill.md
    lists: the 反间 order of 103909 (lines 89 and 757)."""
    from sgs_replay.importers.adapter import parsed_from_freekill

    found = []
    for path in RECORDINGS:
        replay = validate_parsed(parsed_from_freekill(path.read_bytes(), path.name), "maneuvering")
        found += [(path.name[:14], v.rule, v.line) for v in replay.report.violations]
    assert found == [("20261129103909", "SGS-R006", 89), ("20261129103909", "SGS-R006", 757)]


# ---------------------------------------------------------------------------------------------------
# what is refused: a deck that does not match the settings
# ---------------------------------------------------------------------------------------------------


def _with_pile(keep: Callable[[list[int]], list[int]], disable: bool = False) -> Callable[[bytes], bytes]:
    """The recording with its PrepareDrawPile cut by ``keep`` (and the maneuvering package disabled)."""
    def edit(data: bytes) -> bytes:
        top = load(data)
        if disable:
            capacity, timeout, settings = cbor2.loads(top[2])
            settings[b"disabledPack"] = [b"maneuvering"]
            top[2] = cbor2.dumps([capacity, timeout, settings])
        i = next(i for i, e in enumerate(top[10:], start=10) if e[2] == b"PrepareDrawPile")
        top[i] = entry(top[i][0], "PrepareDrawPile", keep(cbor2.loads(top[i][3])))
        return dump(top)
    return edit


REFUSED = {
    # kind: (edit, what the error line says)
    "108-card pile": (_with_pile(lambda ids: [i for i in ids if i <= 108]),
                      "a draw pile of 108 cards that is not the 160-card deck of the packages its settings name "
                      "(standard_cards + maneuvering, ruleset freekill-maneuvering)"),
    "maneuvering disabled": (_with_pile(lambda ids: ids, disable=True),
                             "a draw pile of 160 cards that is not the 108-card deck of the packages its settings "
                             "name (standard_cards, ruleset freekill-standard)"),
    "a card twice": (_with_pile(lambda ids: [*ids[:-1], ids[0]]), "a draw pile of 160 cards that is not the 160-card"),
}


@needs_recordings
@pytest.mark.parametrize("kind", sorted(REFUSED))
def test_deck_not_matching_the_settings_is_refused(kind: str, tmp_path: Path) -> None:
    edit, message = REFUSED[kind]
    path = tmp_path / RECORDINGS[0].name
    path.write_bytes(edit(RECORDINGS[0].read_bytes()))
    p = subprocess.run([sys.executable, "-m", "sgs_replay", "convert", str(path), "--out", str(tmp_path / "out")],
                       capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert p.returncode == 3, (p.stdout, p.stderr)
    lines = [line for line in p.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and "Traceback" not in p.stderr, p.stderr
    assert f"error: {path}: entry " in lines[0] and "(PrepareDrawPile): " in lines[0], lines[0]
    assert message in lines[0], lines[0]
    assert "this version supports 108 cards for freekill-standard, 160 cards for freekill-maneuvering" in lines[0]
    assert not list(tmp_path.glob("out/**/*.sgs.jsonl"))


def test_ruleset_from_settings_and_pile() -> None:
    """Without the maneuvering package disabled, a recording is 军争; its pile must be the 160 ids."""
    rec = _game()
    assert freekill.convert(rec.to_bytes(), "m.fk.rep").header.ruleset == "freekill-maneuvering"
    rec = _game()
    rec.entries.insert(0, entry(rec.ms, "PrepareDrawPile", list(range(1, 161))))
    assert freekill.convert(rec.to_bytes(), "m.fk.rep").header.ruleset == "freekill-maneuvering"
    std = Recording(["liubei", "guanyu", "zhangfei", "lvbu", "diaochan"], FIVE_ROLES)
    std.entries.insert(0, entry(std.ms, "PrepareDrawPile", list(range(1, 109))))
    assert freekill.convert(std.to_bytes(), "s.fk.rep").header.ruleset == "freekill-standard"
    rec.entries[0] = entry(rec.ms, "PrepareDrawPile", list(range(1, 109)))
    with pytest.raises(freekill.FreeKillError, match=r"entry 10 \(PrepareDrawPile\): a draw pile of 108 cards"):
        freekill.convert(rec.to_bytes(), "m.fk.rep")


def test_card_tables() -> None:
    standard, maneuvering = freekill.card_table(), freekill.card_table("freekill-maneuvering")
    assert sorted(standard) == list(range(1, 109)) and sorted(maneuvering) == list(range(1, 161))
    assert all(maneuvering[i] == card for i, card in standard.items())
    assert (maneuvering[113], maneuvering[118], maneuvering[140], maneuvering[143]) == (
        "♠4 雷杀", "♥4 火杀", "♦A 朱雀羽扇", "♣A 白银狮子")
    if DIR.is_dir():  # the shipped table is FreeKill's own dump
        from fkrec import _table

        rows = (DIR / "cards_maneuvering.csv").read_text(encoding="utf-8").splitlines()[1:]
        assert {int(r.split(",")[0]) for r in rows} == set(maneuvering) == {i for i in _table() if i <= 160}


# ---------------------------------------------------------------------------------------------------
# paths the recordings never take, packet by packet
# ---------------------------------------------------------------------------------------------------


HANDS = {1: [1, 31, 32, 33], 2: [8, 9, 34, 35], 3: [10, 11, 36, 37], 4: [12, 13, 38, 39], 5: [14, 15, 40, 41]}


def _game(generals: tuple[str, ...] = ("liubei", "guanyu", "zhangfei", "lvbu", "diaochan"),
          hands: dict[int, list[int]] | None = None) -> Recording:
    """A five-player 军争 game after the opening deal: ``hands`` replaces the opening hand of some seats."""
    rec = Recording(list(generals), FIVE_ROLES, maneuvering=True)
    rec.deal({**HANDS, **(hands or {})})
    return rec


def _convert(rec: Recording) -> list[dict[str, Any]]:
    """The converted events of a path, which converts with no problem and validates clean."""
    conv = freekill.convert(rec.to_bytes(), "path.fk.rep")
    assert conv.problems == [], "\n".join(map(str, conv.problems))
    assert conv.header.ruleset == "freekill-maneuvering"
    text = freekill.to_jsonl(conv)
    replay = validate_parsed(parse_bytes(text, "<path>"), None)
    assert not replay.extra.get("internal_errors"), replay.extra["internal_errors"]
    assert [(v.rule, v.line, v.message) for v in replay.report.violations] == [], text.decode()
    return _events(conv)


def _from(events: list[dict[str, Any]], **first: Any) -> list[dict[str, Any]]:
    """The events from the first one with these fields on."""
    i = next(i for i, e in enumerate(events) if all(e.get(k) == v for k, v in first.items()))
    return events[i:]


@pytest.mark.parametrize("announced", [False, True], ids=["no invocation log", "#InvokeSkill recast"])
def test_recast(announced: bool) -> None:
    """铁索连环 recast: the card goes to the discard pile (move reason 12), #Recast, one card drawn."""
    r = _game(hands={1: [130, 31, 32, 33]})
    r.begin(1, [16, 17])
    if announced:
        r.invoke(1, "recast")
    r.move([130], DISCARD_PILE, RECAST, frm=1, skill="recast", proposer=1)
    r.log("#Recast", from_=1, card=[130], arg="recast")
    r.draw(1, [18], skill="recast")
    r.focus(1)
    r.end(1, discard=[31])
    assert _from(_convert(r), type="recast")[:2] == [
        {"type": "recast", "seat": 1, "card": "♣10 铁索连环"},
        {"type": "draw", "seat": 1, "cards": ["♣10 杀"], "reason": "recast"},
    ]


def test_analeptic_for_the_next_slash_and_while_dying() -> None:
    """酒 in the play phase (no target; the 杀 deals 2), then a 决斗: 貂蝉 (3 HP), dying, drinks one herself."""
    r = _game(("liubei", "diaochan", "guanyu", "lvbu", "zhangfei"), hands={1: [123, 1, 65, 33], 2: [124, 9, 34, 35]})
    r.begin(1, [16, 17])
    r.use(1, 123, to=[1])
    r.prop(1, "drank", 1)
    r.done([123])
    r.focus(1)
    r.use(1, 1, to=[2])
    r.focus(2, "jink")
    r.damage(2, 1, 2)
    r.prop(1, "drank", 0)
    r.done([1])
    r.focus(1)
    r.use(1, 65, to=[2])
    r.focus(2, "slash")
    r.damage(2, 1, 1)
    r.dying(2)
    r.focus(2, "peach")
    r.use(2, 124, to=[2])
    r.heal(2, 1, "酒")
    r.prop(2, "dying", False)
    r.done([124])
    r.done([65])
    r.focus(1)
    r.end(1)
    events = _convert(r)
    assert _from(events, type="use", seat=1, card="♠3 酒")[0] == {"type": "use", "seat": 1, "card": "♠3 酒"}
    assert _from(events, type="use", seat=2)[:2] == [
        {"type": "use", "seat": 2, "card": "♠9 酒", "targets": [2]},
        {"type": "recover", "seat": 2, "amount": 1, "source": 2, "card": "♠9 酒"},
    ]


@pytest.mark.parametrize("discards", [True, False], ids=["discards: damage", "declines"])
def test_fire_attack(discards: bool) -> None:
    """火攻: 关羽 shows a ♥ card; 刘备 discards a ♥ hand card (fire damage) or declines (nothing)."""
    r = _game(hands={1: [134, 46, 32, 33], 2: [8, 9, 31, 35]})
    r.begin(1, [16, 17])
    r.use(1, 134, to=[2])
    r.focus(2, "fire_attack_skill")
    r.log("#ShowCard", from_=2, card=[31])
    r.packet("ShowCard", [[31], 2, r.event_id])
    r.focus(1, "fire_attack_skill")
    if discards:
        r.discard(1, [46], skill="fire_attack_skill")
        r.damage(2, 1, 1, "fire_damage")
    r.done([134])
    r.focus(1)
    r.end(1)
    expected = [
        {"type": "use", "seat": 1, "card": "♥2 火攻", "targets": [2]},
        {"type": "reveal", "cards": ["♥2 闪"], "seat": 2, "reason": "火攻"},
    ]
    if discards:
        expected += [{"type": "discard", "seat": 1, "cards": ["♥3 桃"], "reason": "火攻"},
                     {"type": "damage", "target": 2, "amount": 1, "source": 1, "card": "♥2 火攻", "nature": "fire"}]
    assert _from(_convert(r), type="use", card="♥2 火攻")[:len(expected) + 1] == [*expected, {"type": "phase", "seat": 1,
                                                                                               "phase": "discard"}]


def test_fan_turns_a_plain_slash_into_fire() -> None:
    """朱雀羽扇: after the 普通杀 is declared its wearer turns it into a 火杀 (FreeKill's #fan_skill)."""
    r = _game(hands={1: [140, 1, 32, 33]})
    r.begin(1, [16, 17])
    r.equip(1, 140)
    r.focus(1)
    r.use(1, 1, to=[3])
    r.invoke(1, "#fan_skill")
    r.packet("SetCardVirtName", [[1], "fire__slash"])
    r.focus(3, "jink")
    r.damage(3, 1, 1, "fire_damage")
    r.done([1])
    r.focus(1)
    r.end(1)
    assert _from(_convert(r), type="use", seat=1, targets=[3])[:2] == [
        {"type": "use", "seat": 1, "as": "火杀", "cards": ["♠7 杀"], "skill": "朱雀羽扇", "targets": [3]},
        {"type": "damage", "target": 3, "amount": 1, "source": 1, "card": "♠7 杀", "nature": "fire"},
    ]


def test_jianxiong_takes_the_fan_slash_the_chain_passes_on() -> None:
    """The 火杀 朱雀羽扇 makes of a 普通杀 hits 张飞, the chain passes it on to 曹操, and 奸雄 takes the
    杀: the damage names the card it is made of (it named none, 奸雄 took nothing and the 杀's place
    desynced)."""
    r = _game(generals=("liubei", "caocao", "zhangfei", "lvbu", "diaochan"), hands={1: [128, 140, 1, 33]})
    r.begin(1, [16, 17])
    r.equip(1, 140)
    r.use(1, 128, to=[2, 3])
    for pid in (2, 3):
        r.prop(pid, "chained", True)
        r.log("#ChainStateChange", from_=pid, arg="chained")
    r.done([128])
    r.focus(1)
    r.use(1, 1, to=[3])
    r.invoke(1, "#fan_skill")
    r.packet("SetCardVirtName", [[1], "fire__slash"])
    r.focus(3, "jink")
    r.prop(3, "chained", False)
    r.log("#ChainStateChange", from_=3, arg="un-chained")
    r.damage(3, 1, 1, "fire_damage")
    r.log("#ChainDamage", from_=2)
    r.prop(2, "chained", False)
    r.log("#ChainStateChange", from_=2, arg="un-chained")
    r.damage(2, 1, 1, "fire_damage")
    r.invoke(2, "jianxiong")
    r.move([1], 1, 1, to=2, from_area=PROCESSING, skill="jianxiong", proposer=2)  # hand, just move
    r.focus(1)
    r.end(1)
    r.turn_start(2)
    events = _convert(r)
    assert _from(events, type="damage", target=2)[:3] == [
        {"type": "damage", "target": 2, "amount": 1, "source": 1, "card": "♠7 杀", "nature": "fire", "chain": True},
        {"type": "chain", "seat": 2, "chained": False},
        {"type": "skill", "seat": 2, "skill": "奸雄"},
    ]
    from sgs_replay.importers.adapter import parsed_from_freekill

    assert validate_parsed(parsed_from_freekill(r.to_bytes(), "path.fk.rep")).report.desyncs == []


def test_silver_lion_recovery_on_replacement() -> None:
    """白银狮子 replaced by 藤甲 while its wearer is wounded: the recovery names the card."""
    r = _game(hands={1: [143, 141, 65, 33]})
    r.begin(1, [16, 17])
    r.equip(1, 143)
    r.focus(1)
    r.use(1, 65, to=[2])  # 刘备 loses his own 决斗
    r.respond(2, 8)
    r.invoke(1, "#silver_lion_skill")  # not a choice: the rules apply it
    r.damage(1, 2)
    r.done([65])
    r.focus(1)
    r.use(1, 141, to=[1])
    r.moves(r.move([143], DISCARD_PILE, PUT_INTO_DISCARD, frm=1, from_area=EQUIP, skill=None, send=False),
            r.move([141], EQUIP, USE, to=1, from_area=PROCESSING, skill=None, send=False))
    r.invoke(1, "##silver_lion_skill_2_trig")
    r.heal(1, 1, "白银狮子")
    r.focus(1)
    r.end(1)
    events = _convert(r)
    assert not [e for e in events if e["type"] == "skill"]
    assert _from(events, type="use", card="♠2 藤甲")[:2] == [
        {"type": "use", "seat": 1, "card": "♠2 藤甲"},
        {"type": "recover", "seat": 1, "amount": 1, "card": "♣A 白银狮子"},
    ]


def _chained_two() -> Recording:
    """刘备's play phase: his ♠J 铁索连环 chains 关羽 and 张飞 (he still holds the ♠4 雷杀)."""
    r = _game(hands={1: [128, 113, 32, 33]})
    r.begin(1, [16, 17])
    r.use(1, 128, to=[2, 3])
    for pid in (2, 3):
        r.prop(pid, "chained", True)
        r.log("#ChainStateChange", from_=pid, arg="chained")
    r.done([128])
    r.focus(1)
    return r


def test_chain_and_passed_on_thunder() -> None:
    """铁索连环 on 关羽 and 张飞; a 雷杀 on 关羽 resets him and passes on to 张飞 (#ChainDamage)."""
    r = _chained_two()
    r.use(1, 113, to=[2])
    r.focus(2, "jink")
    r.prop(2, "chained", False)
    r.log("#ChainStateChange", from_=2, arg="un-chained")
    r.damage(2, 1, 1, "thunder_damage")
    r.log("#ChainDamage", from_=3)
    r.log("#ChainStateChange", from_=3, arg="un-chained")  # the log may come before the property
    r.prop(3, "chained", False)
    r.damage(3, 1, 1, "thunder_damage")
    r.done([113])
    r.focus(1)
    r.end(1)
    assert _from(_convert(r), type="use", card="♠J 铁索连环")[:8] == [
        {"type": "use", "seat": 1, "card": "♠J 铁索连环", "targets": [2, 3]},
        {"type": "chain", "seat": 2, "chained": True},
        {"type": "chain", "seat": 3, "chained": True},
        {"type": "use", "seat": 1, "card": "♠4 雷杀", "targets": [2]},
        {"type": "damage", "target": 2, "amount": 1, "source": 1, "card": "♠4 雷杀", "nature": "thunder"},
        {"type": "chain", "seat": 2, "chained": False},
        {"type": "damage", "target": 3, "amount": 1, "source": 1, "card": "♠4 雷杀", "nature": "thunder",
         "chain": True},
        {"type": "chain", "seat": 3, "chained": False},
    ]


def test_shown_card_outside_fire_attack_is_a_problem() -> None:
    r = _game()
    r.begin(1, [16, 17])
    r.log("#ShowCard", from_=2, card=[8])
    r.focus(1)
    r.end(1, discard=[16, 17])
    conv = freekill.convert(r.to_bytes(), "path.fk.rep")
    assert [p.message for p in conv.problems] == [
        "a card shown with no 火攻 in resolution against its owner; written as a reveal without reason"]
    assert {"type": "reveal", "cards": ["♣2 杀"], "seat": 2} in _events(conv)



def test_drank_without_analeptic_is_a_problem() -> None:
    """The ``drank`` property is bookkeeping, checked: it rises only with the player's 酒 in resolution."""
    r = _game()
    r.begin(1, [16, 17])
    r.prop(1, "drank", 1)
    r.focus(1)
    r.end(1, discard=[16])
    conv = freekill.convert(r.to_bytes(), "path.fk.rep")
    assert [p.message for p in conv.problems] == ["player 1 drank with no 酒 of theirs in resolution"]


def test_chain_state_is_part_of_the_oracle() -> None:
    """Checkpoints carry the living chained characters; a difference with the replay is a desync,
    reported once every card agrees."""
    from sgs_replay.importers.oracle import Areas, compare

    r = _chained_two()
    r.end(1, discard=[16])
    r.turn_start(2)
    conv = freekill.convert(r.to_bytes(), "path.fk.rep")
    assert [a.chained for _, a in conv.checkpoints] == [(), (2, 3)]
    recorded = conv.checkpoints[-1][1]
    replayed = Areas(moment=recorded.moment, seats=recorded.seats, pile=recorded.pile, discard=recorded.discard,
                     processing=recorded.processing, chained=(3,))
    desync = compare(recorded, replayed, 20)
    assert desync is not None and desync.message() == (
        "engine desync at the turn start (before line 20): seat 2's character is in the chained state in the "
        "recording, in the unchained state in the replay")
    assert compare(recorded, recorded, 20) is None


def test_fan_on_a_converted_slash() -> None:
    """朱雀羽扇 on 关羽's 武圣 杀: written as 武圣's conversion declared a 火杀, and judged clean."""
    r = _game(("guanyu", "liubei", "zhangfei", "lvbu", "diaochan"), hands={1: [140, 46, 32, 33]})
    r.begin(1, [16, 17])
    r.equip(1, 140)
    r.focus(1)
    r.use(1, vcard("slash", [46], "wusheng"), to=[3])
    r.invoke(1, "#fan_skill")
    r.damage(3, 1, 1, "fire_damage")
    r.done([46])
    r.focus(1)
    r.end(1)
    events = _convert(r)
    assert {"type": "use", "seat": 1, "as": "火杀", "cards": ["♥3 桃"], "skill": "武圣", "targets": [3]} in events


def _vine(fire: bool) -> Recording:
    r = _game(hands={1: [141, 31, 32, 33], 5: [118 if fire else 14, 15, 40, 41]})
    r.begin(1, [16, 17])
    r.equip(1, 141)
    r.focus(1)
    r.end(1)
    for pid, draw in ((2, [18, 19]), (3, [20, 21]), (4, [22, 23])):
        r.quiet(pid, draw, discard=draw)
    slash = 118 if fire else 14
    r.begin(5, [24, 25])
    r.use(5, slash, to=[1])
    if fire:
        r.damage(1, 5, 2, "fire_damage")
    r.done([slash])
    r.focus(5)
    r.end(5, discard=[24, 25])
    return r


@pytest.mark.parametrize("fire", [False, True], ids=["藤甲 nullifies a 杀", "藤甲 burns: fire damage +1"])
def test_vine(fire: bool) -> None:
    """藤甲 is mute in FreeKill (``#vine_skill`` has ``mute = true``: no log): a 普通杀 on its wearer has
    no effect (the card just goes to the discard pile), fire damage to him is 1 more."""
    events = _from(_convert(_vine(fire)), type="use", seat=5)
    assert not [e for e in events if e["type"] == "skill"]
    assert [e for e in events if e["type"] == "damage"] == (
        [{"type": "damage", "target": 1, "amount": 2, "source": 5, "card": "♥4 火杀", "nature": "fire"}] if fire else [])


def test_vine_twin_slash_hurts() -> None:
    """A 普通杀 that hurts the 藤甲 wearer is flagged."""
    text = freekill.to_jsonl(freekill.convert(_vine(False).to_bytes(), "path.fk.rep")).decode().splitlines()
    i = next(i for i, line in enumerate(text) if '"type":"use","seat":5' in line)
    hurt = json.dumps({"type": "damage", "target": 1, "amount": 1, "source": 5, "card": "♣8 杀"}, ensure_ascii=False)
    out = "\n".join([*text[:i + 1], hurt, *text[i + 1:]]).encode() + b"\n"
    rules = {v.rule for v in validate_parsed(parse_bytes(out, "<twin>"), None).report.violations}
    assert rules == {"SGS-D003"}, rules
