"""Fixtures of the skill tests; the log builder and event shorthands are in ``skillkit.py``."""

from __future__ import annotations

from typing import Any

import pytest
from skillkit import roster_ruleset, run


@pytest.fixture
def play() -> Any:
    """``play(generals, events, **position)`` → a Result (see skillkit)."""
    return run


@pytest.fixture
def rs(tmp_path: Any, request: Any) -> str:
    """A ruleset file (inheriting ``maneuvering``) whose roster is the test module's ``TABLE``: identity games
    with generals of no packaged identity roster (the 國戰 ones)."""
    return roster_ruleset(tmp_path, request.module.TABLE)
