"""The legality layers ask the validator's own checks without changing anything: on every card used
in the bundled logs, the scenarios and the rule batteries, what `check_use` finds before the event is
exactly what the validator reports for it, and a use it finds legal draws no report of the use
checks. `legal_uses` lists only uses the validator accepts, and an unchecked `apply` reports nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from sgs_replay.engine import legality
from sgs_replay.engine.legality import Layer
from sgs_replay.formats import events as ev
from sgs_replay.formats.reader import LOG_SUFFIXES, read_path
from sgs_replay.replay.validate import validate_parsed

ROOT = Path(__file__).resolve().parent.parent
DIRS = [ROOT / "sample_logs", ROOT / "tests" / "redteam", ROOT / "tests" / "redteam3v3", ROOT.parent / "shared" / "scenarios",
        ROOT / "tests" / "redteam_hegemony"]
LOGS = sorted(p for d in DIRS if d.is_dir() for p in d.rglob("*") if p.is_file() and p.name.endswith(LOG_SUFFIXES))
#: every rule the checks of a use can report
USE_RULES = legality.PSEUDO_LEGAL_RULES | {"SGS-P001", "SGS-P002", "SGS-P003", "SGS-P004", "SGS-P005", "SGS-P008",
                                           "SGS-P011", "SGS-P012", "SGS-D009"}


def _walk(path: Path) -> list[tuple[int, list[str], list[str]]]:
    """(line, rules `check_use` found before the use, rules the validator reported at that line)."""
    parsed = read_path(path)
    found: dict[int, list[str]] = {}
    seen: list[tuple[int, list[str], list[str]]] = []

    def on_step(i: int, eng: Any) -> None:
        if i and parsed.events[i - 1][0] in found:
            line = parsed.events[i - 1][0]
            reported = [v.rule for v in eng.violations if v.line == line]
            seen.append((line, found.pop(line, []), reported))
        if i < len(parsed.events) and isinstance(parsed.events[i][1], ev.Use) \
                and not legality.answers_a_demand(eng, parsed.events[i][1]):
            line, e = parsed.events[i]
            before = len(eng.violations)
            found[line] = sorted({f.rule.id for f in legality.check_use(eng, e)})
            assert len(eng.violations) == before, "asking reported something"

    validate_parsed(parsed, on_step=on_step)
    return seen


@pytest.mark.parametrize("path", LOGS, ids=[p.name for p in LOGS])
def test_check_use_agrees_with_the_validator(path: Path) -> None:
    for line, found, reported in _walk(path):
        assert found == sorted({r for r in reported if r in USE_RULES}), \
            f"{path.name}:{line}: check_use found {found}, the validator reported {reported}"


def _position(sgs: Any, events: list[dict[str, Any]], **kw: Any) -> Any:
    """The engine after ``events`` (a fragment of a 5-player identity game)."""
    players = [("刘备", "lord"), ("关羽", "loyalist"), ("吕布", "rebel"), ("诸葛亮", "rebel"), ("华佗", "renegade")]
    text = sgs.identity_text(events, players=sgs.identity_players(players), current=5, phase="finish", **kw)
    return validate_parsed(read_parsed(text), keep_engine=True)


def read_parsed(text: str) -> Any:
    from sgs_replay.formats.reader import parse_bytes

    return parse_bytes(text.encode(), "position.sgs.jsonl")


def _uses(eng: Any, seat: int) -> list[tuple[str, list[int] | None]]:
    return [(e.card, e.targets) for e in legality.legal_uses(eng, seat)]


def test_legal_uses_in_a_play_phase(sgs: Any) -> None:
    """Seat 1 in its play phase with 杀, 桃 (wounded), 顺手牵羊 and a horse; 诸葛亮 (seat 4) has no
    hand cards (空城) and seat 3 is out of range and distance."""
    hands = {1: ["♠7 杀", "♥3 桃", "♠3 顺手牵羊", "♠5 绝影"], 2: ["♦2 闪"], 3: ["♣2 杀"], 5: ["♣3 杀"]}
    start = [{"type": "turn", "seat": 1}, {"type": "phase", "seat": 1, "phase": "play"}]
    eng = _position(sgs, start, hands=hands, hp={1: 3}).engine
    uses = _uses(eng, 1)
    assert ("♠7 杀", [2]) in uses and ("♠7 杀", [5]) in uses
    assert ("♠7 杀", [3]) not in uses  # out of attack range
    assert ("♠7 杀", [4]) not in uses  # 空城
    assert ("♥3 桃", None) in uses
    assert ("♠3 顺手牵羊", [2]) in uses and ("♠3 顺手牵羊", [3]) not in uses
    assert ("♠5 绝影", None) in uses
    for e in legality.legal_uses(eng, 1):
        assert legality.is_legal(eng, e) and legality.is_pseudo_legal(eng, e)
    # a second 杀 after the first one's resolution: over the limit
    after = [*start, {"type": "use", "seat": 1, "card": "♠7 杀", "targets": [2]},
             {"type": "respond", "seat": 2, "card": "♦2 闪"}]
    hands2 = {**hands, 1: [*hands[1], "♠8 杀"]}
    eng2 = _position(sgs, after, hands=hands2, hp={1: 3}).engine
    assert not any(e.card == "♠8 杀" for e in legality.legal_uses(eng2, 1))
    slash = ev.Use(seat=1, card="♠8 杀", targets=[2])
    assert [f.rule.id for f in legality.check_use(eng2, slash)] == ["SGS-P001"]
    assert legality.is_pseudo_legal(eng2, slash) and not legality.is_legal(eng2, slash)


def test_pseudo_legal_layer(sgs: Any) -> None:
    """Out of turn, or a card not held: pseudo-legal findings."""
    hands = {1: ["♠7 杀"], 2: ["♣2 杀"]}
    eng = _position(sgs, [{"type": "turn", "seat": 1}, {"type": "phase", "seat": 1, "phase": "play"}], hands=hands).engine
    out_of_turn = legality.check_use(eng, ev.Use(seat=2, card="♣2 杀", targets=[1]))
    assert [(f.rule.id, f.layer) for f in out_of_turn] == [("SGS-T006", Layer.PSEUDO_LEGAL)]
    not_held = legality.check_use(eng, ev.Use(seat=1, card="♠9 杀", targets=[2]))
    assert ("SGS-C001", Layer.PSEUDO_LEGAL) in [(f.rule.id, f.layer) for f in not_held]
    assert legality.legal_uses(eng, 2) == []


def test_apply_is_unchecked(sgs: Any) -> None:
    """`Engine.apply` changes the position and reports nothing, even for an illegal event."""
    hands = {1: ["♠7 杀"], 2: ["♣2 杀"]}
    eng = _position(sgs, [{"type": "turn", "seat": 1}, {"type": "phase", "seat": 1, "phase": "play"}], hands=hands).engine
    before = len(eng.violations)
    eng.apply(99, ev.Use(seat=2, card="♣2 杀", targets=[1]))
    assert len(eng.violations) == before
    assert eng.seat(2).hand_count == 0
    eng.step(100, ev.Use(seat=1, card="♠7 杀", targets=[2]))  # checking is back on
    assert eng.checking


def test_legal_uses_of_the_maneuvering_cards(sgs: Any) -> None:
    """酒 once per turn; 铁索连环 on one or two characters, yourself included; 火攻 on a character with hand
    cards (yourself only while another hand card is left); 兵粮寸断 at distance 1."""
    players = [("刘备", "lord"), ("关羽", "loyalist"), ("吕布", "rebel"), ("诸葛亮", "rebel"), ("华佗", "renegade")]
    hands = {1: ["♠3 酒", "♠9 酒", "♠J 铁索连环", "♥2 火攻", "♠10 兵粮寸断"], 2: ["♦2 闪"]}
    start = [{"type": "turn", "seat": 1}, {"type": "phase", "seat": 1, "phase": "play"}]
    text = sgs.identity_text(start, players=sgs.identity_players(players), current=5, phase="finish", hands=hands,
                             ruleset="maneuvering")
    eng = validate_parsed(read_parsed(text), keep_engine=True).engine
    uses = _uses(eng, 1)
    assert ("♠3 酒", None) in uses and ("♠9 酒", None) in uses
    assert ("♠J 铁索连环", [1]) in uses and ("♠J 铁索连环", [1, 2]) in uses and ("♠J 铁索连环", [3, 4]) in uses
    assert ("♥2 火攻", [2]) in uses and ("♥2 火攻", [1]) in uses and ("♥2 火攻", [3]) not in uses
    assert ("♠10 兵粮寸断", [2]) in uses and ("♠10 兵粮寸断", [3]) not in uses
    drunk = [*start, {"type": "use", "seat": 1, "card": "♠3 酒"}]
    hands2 = {1: ["♠3 酒", "♠9 酒"], 2: ["♦2 闪"]}
    text2 = sgs.identity_text(drunk, players=sgs.identity_players(players), current=5, phase="finish", hands=hands2,
                              ruleset="maneuvering")
    eng2 = validate_parsed(read_parsed(text2), keep_engine=True).engine
    uses2 = _uses(eng2, 1)
    assert ("♠9 酒", None) not in uses2
    text3 = sgs.identity_text(start, players=sgs.identity_players(players), current=5, phase="finish",
                              hands={1: ["♥2 火攻"], 2: ["♦2 闪"]}, ruleset="maneuvering")
    uses3 = _uses(validate_parsed(read_parsed(text3), keep_engine=True).engine, 1)
    assert uses3 == [("♥2 火攻", [2])]  # on yourself it would be your last hand card: nothing left to show


def test_legal_uses_while_luanwu_asks() -> None:
    """乱武 asks each other character for a 杀 on a nearest other one (a skill's condition on the use, read by the
    use checks): while it waits for seat 1 (张辽 with 青釭剑), its legal uses are its 杀 on seats 2 and 6 (distance 1),
    not on seat 5 (in range, at distance 2); the 杀 the log gives seat 5 is found as the validator reports it. With
    nothing asked of it, a seat in another's turn has no legal use."""
    parsed = read_path(ROOT / "tests" / "redteam3v3" / "3v3-2013-luanwu-slash-not-nearest.sgs.jsonl")
    seen: dict[str, Any] = {}

    def on_step(i: int, eng: Any) -> None:
        e = parsed.events[i][1] if i < len(parsed.events) else None
        if isinstance(e, ev.Skill):
            seen["before"] = _uses(eng, 1)
        if isinstance(e, ev.Use) and e.seat == 1 and "uses" not in seen:
            seen["uses"] = _uses(eng, 1)
            seen["found"] = [f.rule.id for f in legality.check_use(eng, e)]

    result = validate_parsed(parsed, on_step=on_step)
    assert seen["before"] == []
    assert seen["uses"] == [("♠8 杀", [2]), ("♠8 杀", [6])]
    assert seen["found"] == ["SGS-P004"]
    assert [v.rule for v in result.report.violations] == ["SGS-P004"]


def test_legal_uses_while_collateral_demands(sgs: Any) -> None:
    """借刀杀人 demands of the weapon holder (seat 4, 雌雄双股剑: seats 1, 2, 3 and 5 in range) a 杀 on the victim it
    names: its one legal use is that 杀 on seat 5 (not its 桃, though wounded); its user has none meanwhile."""
    events = [{"type": "use", "seat": 3, "card": "♣Q 借刀杀人", "targets": [4], "victim": 5}]
    text = sgs.identity_text(events, hands={3: ["♣Q 借刀杀人", "♠7 杀"], 4: ["♣2 杀", "♥3 桃"]},
                             equip={4: ["♠2 雌雄双股剑"]}, hp={4: 3})
    eng = validate_parsed(read_parsed(text), keep_engine=True).engine
    assert _uses(eng, 4) == [("♣2 杀", [5])]
    assert _uses(eng, 3) == []


def test_check_use_after_freekill_jiuzhu_fault() -> None:
    """FreeKill 3v3: 赵云's 杀 brings his teammate to 0 HP and the rescue stops at him (the engine's 救主
    fault, decided as the dying begins). His next 杀, his last card, is a new action over the limit, as
    the validator judges it, though without that card he could no longer have stopped the rescue."""
    import json

    seating = [("cold", "vanguard"), ("cold", "commander"), ("cold", "vanguard"),
               ("warm", "vanguard"), ("warm", "commander"), ("warm", "vanguard")]
    generals = ["曹操", "赵云v33", "司马懿", "黄盖", "刘备", "甄姬"]
    seats = {str(i): {"hand": [], "equip": [], "judge": []} for i in range(1, 7)}
    seats["2"]["hand"], seats["3"]["hp"] = ["♠7 杀", "♠8 杀"], 1
    header = {"type": "game", "format": "sgs-replay/1", "game_id": "fault", "mode": "3v3", "ruleset": "freekill-3v3",
              "players": [{"seat": i, "general": g, "side": s, "position": p}
                          for i, (g, (s, p)) in enumerate(zip(generals, seating, strict=True), start=1)],
              "start": {"current": 2, "phase": "play", "seats": seats}}
    events = [{"type": "use", "seat": 2, "card": "♠7 杀", "targets": [3]},
              {"type": "damage", "target": 3, "amount": 1, "source": 2, "card": "♠7 杀"}, {"type": "dying", "seat": 3}]
    text = "\n".join(json.dumps(x, ensure_ascii=False) for x in [header, *events]) + "\n"
    result = validate_parsed(read_parsed(text), keep_engine=True)
    assert not result.report.violations
    eng = result.engine
    slash = ev.Use(seat=2, card="♠8 杀", targets=[1])
    assert [f.rule.id for f in legality.check_use(eng, slash)] == ["SGS-P001"]
    assert not any(e.card == "♠8 杀" for e in legality.legal_uses(eng, 2))
