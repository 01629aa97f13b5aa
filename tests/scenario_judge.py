"""The verdict of ``../shared/tools/check_scenarios.py``, shared by every scenario battery."""

from __future__ import annotations

from typing import Any

KINDS = {"illegal_play", "resolution_order", "bookkeeping", "outcome", "format"}


def judge(expected: list[dict[str, Any]], got: list[dict[str, Any]], rc: int) -> str | None:
    """None when the scenario passes; otherwise why it does not.

    A clean scenario (``expected == []``) passes with no violation and exit 0; a flagged one when
    every expected entry is matched by a reported violation with one of its ``lines`` and one of its
    ``kinds``, and the exit status is 1.
    """
    brief = [(v.get("line"), v.get("kind"), v.get("rule"), (v.get("message") or "")[:80]) for v in got]
    if not expected:
        if got or rc != 0:
            return f"clean scenario: expected no violation and exit 0, got rc={rc} {brief}"
        return None
    for e in expected:
        if not any(v.get("line") in e["lines"] and v.get("kind") in e["kinds"] for v in got):
            return f"expected a violation at one of lines {e['lines']} of kind {e['kinds']}; got {brief}"
    if rc != 1:
        return f"violations expected, exit status {rc} (want 1)"
    return None
