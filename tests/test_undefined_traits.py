"""A general the rules do not define, with the kingdom and gender a log may give it (docs/log-format.md §4,
``unknown_generals``): 护驾's answer from such a character is judged by the kingdom the header gives; without
one, the answer is unverifiable, never a violation."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import validate_text


def _log(traits: dict[str, str]) -> str:
    header: dict[str, Any] = {
        "type": "game", "format": "sgs-replay/1", "game_id": "hujia", "mode": "identity",
        "ruleset": "freekill-standard",
        "players": [{"seat": 1, "general": "曹操", "role": "lord"},
                    {"seat": 2, "general": "zz__x", "role": "loyalist", "max_hp": 4, **traits},
                    {"seat": 3, "general": "孙权", "role": "renegade"}, {"seat": 4, "general": "刘备", "role": "rebel"},
                    {"seat": 5, "general": "张飞", "role": "rebel"}],
        "start": {"current": 5, "phase": "play", "seats": {"1": {"hand": []}, "2": {"hand": ["♦10 闪"]},
                                                           "3": {"hand": []}, "4": {"hand": []},
                                                           "5": {"hand": ["♠7 杀"]}}}}
    events = [{"type": "use", "seat": 5, "card": "♠7 杀", "targets": [1]},
              {"type": "skill", "seat": 1, "skill": "护驾"},
              {"type": "respond", "seat": 2, "card": "♦10 闪"},  # provided for the lord: the 杀 is dodged
              {"type": "phase", "seat": 5, "phase": "discard"}]
    return "\n".join(json.dumps(x, ensure_ascii=False) for x in [header, *events]) + "\n"


def test_a_wei_character_of_an_undefined_general_answers_hujia() -> None:
    out = validate_text(_log({"kingdom": "wei", "gender": "male"}))
    assert out.violations == [] and out.report.unverifiable == 0


def test_a_shu_character_of_an_undefined_general_cannot_answer_hujia() -> None:
    out = validate_text(_log({"kingdom": "shu", "gender": "female"}))
    assert [(v.rule, v.line) for v in out.violations] == [("SGS-D002", 5)]  # the 杀 hit: its damage is missing


def test_without_a_kingdom_the_answer_is_unverifiable() -> None:
    out = validate_text(_log({}))
    assert out.violations == [] and out.report.unverifiable >= 1


@pytest.mark.parametrize("traits", [{"kingdom": "Wei", "gender": "male"}, {"kingdom": "wei", "gender": "man"}])
def test_a_malformed_kingdom_or_gender_is_a_located_format_error(traits: dict[str, str], tmp_path: Path) -> None:
    log = tmp_path / "bad.sgs.jsonl"
    log.write_text(_log(traits), encoding="utf-8")
    r = subprocess.run([sys.executable, "-m", "sgs_replay", "validate", str(log)], capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert "bad.sgs.jsonl:1: SGS-F004" in r.stdout and "$.players[1]" in r.stdout
