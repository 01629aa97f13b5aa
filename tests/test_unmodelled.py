"""Generals the engine does not model (docs/freekill.md, unmodelled generals): a skill marked
``modelled = false`` in content/skills.toml makes the checks its general's skills could bend unverifiable for
that seat, never violations; every other check still stands, and the report counts the events left unchecked."""

from __future__ import annotations

import json

from sgs_replay.formats.reader import parse_bytes
from sgs_replay.replay.validate import validate_parsed

HEADER = {"format": "sgs-replay/1", "mode": "1v1", "ruleset": "freekill-1v1", "game_id": "t",
          "players": [{"seat": 1, "general": "吕蒙v11", "side": "warm"}, {"seat": 2, "general": "曹操", "side": "cold"}]}
OPENING = [
    {"type": "general_choice", "seat": 1, "general": "吕蒙v11", "reserves": ["刘备", "关羽", "张飞", "赵云", "马超"]},
    {"type": "general_choice", "seat": 2, "general": "曹操", "reserves": ["司马懿", "夏侯惇", "张辽", "许褚", "郭嘉"]},
    {"type": "draw", "seat": 1, "cards": ["♠5 杀", "♠7 杀", "♠8 杀", "♠10 杀"], "reason": "initial"},
    {"type": "draw", "seat": 2, "cards": ["♥10 杀", "♥J 杀", "♣4 杀", "♣5 杀"], "reason": "initial"},
    {"type": "turn", "seat": 1},
    {"type": "phase", "seat": 1, "phase": "start"},
    {"type": "phase", "seat": 1, "phase": "judge"},
    {"type": "phase", "seat": 1, "phase": "draw"},
    {"type": "draw", "seat": 1, "cards": ["♣6 杀"], "reason": "phase"},
    {"type": "phase", "seat": 1, "phase": "play"},
]
# 慎拒 (hand limit + the opponent's HP) keeps five cards at 4 HP
KEEP_FIVE = [{"type": "phase", "seat": 1, "phase": "discard"}, {"type": "phase", "seat": 1, "phase": "finish"},
             {"type": "turn_end", "seat": 1}]


def _report(events: list[dict[str, object]], general: str = "吕蒙v11"):  # type: ignore[no-untyped-def]
    lines = [json.dumps(HEADER, ensure_ascii=False), *(json.dumps(e, ensure_ascii=False) for e in events)]
    text = "\n".join(lines).replace("吕蒙v11", general) + "\n"
    return validate_parsed(parse_bytes(text.encode(), "t.sgs.jsonl")).report


def test_a_check_the_skill_could_bend_is_unverifiable() -> None:
    report = _report(OPENING + KEEP_FIVE)
    assert report.violations == []
    assert report.unverifiable == 1
    assert report.unmodelled == ["seat 1: 1 event(s) unchecked (吕蒙v11's 慎拒, 博图: not modelled)"]
    assert report.public()["unmodelled"] == report.unmodelled


def test_the_modelled_general_is_judged() -> None:
    """The standard 吕蒙 has no such skill: the same discard phase is a violation."""
    report = _report(OPENING + KEEP_FIVE, general="吕蒙")
    assert [v.rule for v in report.violations] == ["SGS-T004"]
    assert report.unmodelled == []


def test_everything_else_is_still_judged() -> None:
    """A card the unmodelled general does not hold is a violation as for anyone."""
    use = {"type": "use", "seat": 1, "card": "♦9 杀", "targets": [2]}
    report = _report([*OPENING, use])
    assert "SGS-C001" in [v.rule for v in report.violations]


def _undefined(ruleset: str, events: list[dict[str, object]]):  # type: ignore[no-untyped-def]
    header = {**HEADER, "ruleset": ruleset,
              "players": [{"seat": 1, "general": "zz__mystery", "side": "warm", "max_hp": 3},
                          HEADER["players"][1]]}  # type: ignore[index]
    lines = [json.dumps(header, ensure_ascii=False), *(json.dumps(e, ensure_ascii=False) for e in events)]
    return validate_parsed(parse_bytes(("\n".join(lines) + "\n").encode(), "u.sgs.jsonl")).report


def test_a_general_nobody_defines() -> None:
    """Under a ruleset with ``unknown_generals = "unverifiable"`` (freekill-1v1) a general the project does not
    define is no header error: its skill (a name it may have) is unverifiable, not a skill it lacks; a card it
    does not hold is still a violation. Under the rulebook's 1v1 the header is refused (SGS-F004)."""
    skill = {"type": "skill", "seat": 1, "skill": "国色"}
    use = {"type": "use", "seat": 1, "card": "♦9 杀", "targets": [2]}
    deal = [{"type": "draw", "seat": 1, "cards": ["♠5 杀", "♠7 杀", "♠8 杀"], "reason": "initial"},
            {"type": "draw", "seat": 2, "cards": ["♥10 杀", "♥J 杀", "♣4 杀", "♣5 杀"], "reason": "initial"},
            {"type": "turn", "seat": 1}, {"type": "phase", "seat": 1, "phase": "start"},
            {"type": "phase", "seat": 1, "phase": "judge"}, {"type": "phase", "seat": 1, "phase": "draw"},
            {"type": "draw", "seat": 1, "cards": ["♣6 杀"], "reason": "phase"}, {"type": "phase", "seat": 1, "phase": "play"}]
    report = _undefined("freekill-1v1", [*deal, skill, use])
    assert [v.rule for v in report.violations] == ["SGS-C001"]
    assert report.unmodelled == ["seat 1: 1 event(s) unchecked (its general is not defined by the rules)"]
    assert "SGS-F004" in [v.rule for v in _undefined("1v1-2013", deal).violations]
