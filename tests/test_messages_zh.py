"""``message_zh`` is a whole Chinese sentence: the rule, then the engine's detail in Chinese.

Every violation that the scenario batteries produce (tests/redteam, tests/redteam3v3 and the shared
scenarios) is checked: no English word in the Chinese message (card, rule and ruleset ids and
numbers apart), and a detail in the English message always has its Chinese counterpart.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from sgs_replay.formats.reader import read_path
from sgs_replay.replay.validate import validate_parsed
from sgs_replay.rules import REGISTRY, Violation, make
from sgs_replay.rules import catalogue as R
from sgs_replay.rules.zh import PATTERNS, detail_zh, message_zh

ROOT = Path(__file__).resolve().parents[1]
BATTERIES = [ROOT / "tests" / "redteam", ROOT / "tests" / "redteam3v3", ROOT.parent / "shared" / "scenarios",
             ROOT / "tests" / "redteam_hegemony"]
WORD = re.compile(r"[A-Za-z][A-Za-z0-9_.-]*")
ALLOWED = re.compile(r"^(?:SGS-[0-9A-Z]+|\d*[vV]\d+(?:-\d+)?|[SHCD]?\d+|[AJQK])$")


def _english_words(text: str) -> list[str]:
    """ASCII words of three letters or more that are not an id."""
    return [w for w in WORD.findall(text) if len(re.sub(r"[^A-Za-z]", "", w)) >= 3 and not ALLOWED.match(w)]


@cache
def _violations() -> list[tuple[str, Violation]]:
    out = []
    for d in BATTERIES:
        for p in sorted(d.glob("*.sgs.jsonl")):
            out += [(p.name, v) for v in validate_parsed(read_path(p)).report.violations]
    return out


def test_batteries_are_there() -> None:
    if not BATTERIES[2].is_dir():
        pytest.skip("../shared/scenarios is not checked out beside the repository")
    rules = {v.rule for _, v in _violations()}
    assert len(rules) >= 50, sorted(rules)


def test_every_chinese_message_is_chinese() -> None:
    bad = [(f, v.rule, v.message_zh) for f, v in _violations() if _english_words(v.message_zh or "")]
    assert not bad, bad[:20]


def test_every_detail_is_translated() -> None:
    """Where the English message carries a detail, the Chinese one carries it too."""
    bad = []
    for f, v in _violations():
        r = REGISTRY[v.rule]
        if v.message != r.en:
            assert v.message.startswith(r.en + ": "), (f, v.message)
            if v.message_zh == r.zh:
                bad.append((f, v.rule, v.message))
    assert not bad, bad[:20]


def test_the_english_message_is_unchanged() -> None:
    v = make(R.P_SLASH_LIMIT, 8, 3, "杀 number 2 in this play phase (limit 1)")
    assert v.message == "Only one 杀 per play phase: 杀 number 2 in this play phase (limit 1)"
    assert v.message_zh == "每个出牌阶段仅限使用一次【杀】：本出牌阶段的第2张杀（上限1张）"


def test_translation_examples() -> None:
    assert detail_zh("seat 3 drew 1 in the draw phase") == "3号位在摸牌阶段摸了1张牌"
    assert detail_zh("play after discard") == "出牌阶段在弃牌阶段之后"
    assert detail_zh("lord won (rebels_and_renegades_dead) but the log has no game_end") == \
        "主公方已获胜（反贼和内奸全部阵亡），但日志没有结束记录"
    assert detail_zh("♠A 闪电 is not a card of the standard deck") == "♠A 闪电不是标准版牌堆中的牌"
    assert detail_zh("something nobody wrote a pattern for") is None
    assert message_zh("该阶段应被跳过", "something nobody wrote a pattern for") == "该阶段应被跳过"


def test_patterns_are_unique_and_chinese() -> None:
    ens = [en for en, _ in PATTERNS]
    assert len(ens) == len(set(ens))
    for en, zh in PATTERNS:
        template = re.sub(r"\{\w+\}", "", zh)
        assert not _english_words(template), (en, zh)
        assert set(re.findall(r"\{(\w+)\}", zh)) <= set(re.compile(en).groupindex), (en, zh)
