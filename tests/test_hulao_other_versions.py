"""FreeKill's 虎牢关 draws its allies from the sp package too, which defines 诸葛瑾, 文聘, 丁奉, 乐进, 潘凤 and 甘夫人
as its SP generals, not the ones the project gives those ids (3v3's, 國戰's). ``freekill-hulao`` lists them in
``other_versions``: a log naming one is judged without its skills (``unknown_generals``), so what the SP skills do —
缓释 on an ally's judgement, 明哲 on a red card 过河拆桥 takes, 奋迅 (``sp__fenxun``) setting the distance to 1 — is
unverifiable, never a violation. Under the rulebook's ``hulao`` the same names are the project's generals."""

from __future__ import annotations

from pathlib import Path

import pytest

from sgs_replay.content import ruleset
from sgs_replay.formats.reader import read_path
from sgs_replay.replay.validate import validate_parsed

LOGS = sorted((Path(__file__).parent / "fixtures" / "hulao_versions").glob("*.sgs.jsonl"))


@pytest.mark.parametrize("log", LOGS, ids=[p.name for p in LOGS])
def test_an_sp_version_is_judged_without_its_skills(log: Path) -> None:
    engines: list[object] = []
    replay = validate_parsed(read_path(log), on_step=lambda _i, eng: engines.append(eng) if not engines else None)
    assert [(v.rule, v.line, v.message) for v in replay.report.violations] == []
    assert replay.report.unverifiable >= 1
    assert engines[0].undefined  # type: ignore[attr-defined]


def test_other_versions_resolve_only_outside_the_freekill_ruleset() -> None:
    fk, book = ruleset("freekill-hulao"), ruleset("hulao")
    for name in ("诸葛瑾", "zhugejin", "文聘", "丁奉", "乐进", "潘凤", "甘夫人"):
        assert fk.resolve_general(name) is None, name
        assert book.resolve_general(name) is not None, name
    assert fk.resolve_general("关羽") is not None
