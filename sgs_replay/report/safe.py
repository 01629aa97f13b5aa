"""Text from a log shown as text: bidirectional control characters (U+202E …), which could make a
line read differently from what it says, are made visible as ``<U+202E>`` in every format."""

from __future__ import annotations

import re
from typing import Any

_BIDI = re.compile("[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def plain(value: Any) -> Any:
    """A value with its bidirectional control characters shown as ``<U+XXXX>``."""
    if hasattr(value, "__html__"):
        return value  # markup our own templates made (its values were shown as text already)
    if isinstance(value, str):
        return _BIDI.sub(lambda m: f"<U+{ord(m.group()):04X}>", value)
    return value
