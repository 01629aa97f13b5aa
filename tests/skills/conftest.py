"""Fixtures of the skill tests; the log builder and event shorthands are in ``skillkit.py``."""

from __future__ import annotations

from typing import Any

import pytest
from skillkit import run


@pytest.fixture
def play() -> Any:
    """``play(generals, events, **position)`` → a Result (see skillkit)."""
    return run
