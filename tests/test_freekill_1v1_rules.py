"""The parameters of ``freekill-1v1`` that no recording of ../shared exercises, judged from hand-written logs
against the rulebook's ``1v1-2013`` (docs/freekill.md, the 1v1 mode)."""

from __future__ import annotations

import json

from sgs_replay.formats.reader import parse_bytes
from sgs_replay.replay.validate import validate_parsed


def _rules(lines: list[dict[str, object]]) -> list[str]:
    text = "\n".join(json.dumps(x, ensure_ascii=False) for x in lines) + "\n"
    return [v.rule for v in validate_parsed(parse_bytes(text.encode(), "t.sgs.jsonl")).report.violations]


def _game(ruleset: str, guanyu: str, reserves: list[str]) -> list[dict[str, object]]:
    return [
        {"format": "sgs-replay/1", "mode": "1v1", "ruleset": ruleset, "game_id": "t",
         "players": [{"seat": 1, "general": guanyu, "side": "warm"}, {"seat": 2, "general": "曹操", "side": "cold"}]},
        {"type": "general_choice", "seat": 1, "general": guanyu, "reserves": reserves[:len(reserves) // 2]},
        {"type": "general_choice", "seat": 2, "general": "曹操", "reserves": reserves[len(reserves) // 2:]},
        {"type": "draw", "seat": 1, "cards": ["♠5 杀", "♠7 杀", "♠8 杀", "♠10 杀"], "reason": "initial"},
        {"type": "draw", "seat": 2, "cards": ["♥10 杀", "♥J 杀", "♣4 杀", "♣5 杀"], "reason": "initial"},
        {"type": "skill", "seat": 1, "skill": "虎威"},
        {"type": "use", "seat": 1, "as": "水淹七军", "cards": [], "skill": "虎威", "targets": [2]},
        {"type": "damage", "target": 2, "amount": 1, "source": 1},
    ]


def test_the_starting_general_enters_play_as_the_game_starts() -> None:
    """``debut_at_start``: FreeKill's rule skill triggers the entry (登场时) of both starting generals at the
    game start, so 关羽v11's 虎威 is used then; the rulebooks say nothing of it, and 1v1-2013 reports it."""
    fk = _game("freekill-1v1", "关羽v11", ["刘备", "张飞", "赵云", "马超", "吕布", "司马懿", "夏侯惇", "张辽", "许褚", "郭嘉"])
    assert _rules(fk) == []
    rb = _game("1v1-2013", "关羽", ["张飞", "赵云", "司马懿", "夏侯惇"])
    assert "SGS-S003" in _rules(rb)
