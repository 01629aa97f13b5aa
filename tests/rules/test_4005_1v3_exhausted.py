"""SGS-4005 1v3-exhausted: the game is drawn when the draw pile runs out for the third time.

《三國殺各種模式的規則》 · 1V3虎牢關模式: 牌庫用完三次（若加入軍爭篇…兩次）時，游戲結束（此時雙方戰平）。
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from sgs_replay.content import ruleset
from sgs_replay.simulate.game import play_game
from tests.conftest import validate_text
from tests.hulao_kit import ruleset_file


@pytest.fixture(scope="module")
def drawn() -> bytes:
    """A simulated game drawn by the pile's third exhaustion (two reshuffles before it)."""
    rs = ruleset("hulao")
    for i in range(80):
        o = play_game(rs, 4, 3, i)
        if o.reason == "draw" and o.reshuffles == 2:
            return b"\n".join(o.lines) + b"\n"
    pytest.skip("no drawn game among the first 80")


def test_ok_the_draw_on_the_third_exhaustion(drawn: bytes) -> None:
    validate_text(drawn).assert_clean()


def test_flags_play_going_on_after_the_last_exhaustion(drawn: bytes, tmp_path: Path) -> None:
    """Under a limit of two (军争 in the deck) the second reshuffle already ends the game."""
    out = validate_text(drawn, ruleset=str(ruleset_file(tmp_path, hulao_exhaustion_limit=2)))
    assert "SGS-4005" in out.rules, out.describe()


def test_ok_no_limit(drawn: bytes, tmp_path: Path) -> None:
    out: Any = validate_text(drawn, ruleset=str(ruleset_file(tmp_path, hulao_exhaustion_limit=4)))
    out.assert_not_flagged("SGS-4005")
