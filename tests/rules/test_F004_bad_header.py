"""SGS-F004 bad-header: line 1 is missing, malformed, of another version, or names unknown content."""

from __future__ import annotations

import json
from typing import Any

import pytest


def _header_line(sgs: Any, **change: Any) -> str:
    h = sgs.header(sgs.identity_players(), start=sgs.start(5))
    h.update(change)
    return json.dumps(h, ensure_ascii=False)


def test_ok_header(sgs: Any) -> None:
    sgs.validate(_header_line(sgs) + "\n").assert_clean()


def test_ok_pinyin_generals(sgs: Any) -> None:
    players = sgs.identity_players([("sunquan", "lord"), ("ganning", "loyalist"), ("xuchu", "rebel"),
                                    ("huanggai", "rebel"), ("huatuo", "renegade")])
    sgs.identity([{"type": "use", "seat": 3, "card": "♠7 杀", "targets": [4]}], players=players,
                 hands={3: ["♠7 杀"]}).assert_clean()


@pytest.mark.parametrize(
    "change",
    [{"format": "sgs-replay/2"}, {"ruleset": "house-rules-2099"}, {"mode": "2v2"}, {"players": "five"},
     {"type": "turn"}],
    ids=["version", "ruleset", "mode", "players", "not-a-header"],
)
def test_flags_bad_header(sgs: Any, change: dict[str, Any]) -> None:
    out = sgs.validate(_header_line(sgs, **change) + "\n")
    out.assert_flags("SGS-F004", line=1)


def test_flags_unknown_general(sgs: Any) -> None:
    players = sgs.identity_players([("孙权", "lord"), ("甘宁", "loyalist"), ("许褚", "rebel"), ("黄盖", "rebel"),
                                    ("路人甲", "renegade")])
    out = sgs.identity([], players=players)
    assert "路人甲" in out.assert_flags("SGS-F004", line=1, seat=5).message


def test_flags_missing_header(sgs: Any) -> None:
    out = sgs.validate('{"type": "turn", "seat": 1}\n{"type": "turn", "seat": 2}\n')
    out.assert_flags("SGS-F004", line=1)


def test_cli_unknown_ruleset_in_header_is_a_violation_not_a_crash(sgs: Any, cli: Any) -> None:
    path = sgs.write(_header_line(sgs, ruleset="house-rules-2099") + "\n")
    p = cli("validate", str(path), "--json")
    assert p.returncode == 1 and "Traceback" not in p.stderr
    assert json.loads(p.stdout)["violations"][0]["rule"] == "SGS-F004"
