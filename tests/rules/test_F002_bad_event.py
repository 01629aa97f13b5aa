"""SGS-F002 bad-event: unknown type, unknown field, missing field or wrong type — never silently passed."""

from __future__ import annotations

from typing import Any

import pytest

USE = {"type": "use", "seat": 3, "card": "♠7 杀", "targets": [4]}
DAMAGE = {"type": "damage", "source": 3, "target": 4, "amount": 1, "card": "♠7 杀"}


def test_ok_t_and_note(sgs: Any) -> None:
    sgs.identity([{**USE, "t": 12.5, "note": "裁判确认"}, {**DAMAGE, "t": 13}], hands={3: ["♠7 杀"]}).assert_clean()


@pytest.mark.parametrize(
    "line",
    [
        {"type": "use", "seat": 3, "card": "♠7 杀", "targts": [4]},
        {"type": "teleport", "seat": 3},
        {"type": "damage", "target": 4},
        {"type": "turn", "seat": "3"},
        {"type": "turn", "seat": 0},
        {"type": "turn", "seat": 11},
        {"type": "phase", "seat": 3, "phase": "lunch"},
        {"type": "damage", "target": 4, "amount": 1, "nature": "poison"},
        {"seat": 3},
    ],
    ids=["misspelt-field", "unknown-type", "missing-field", "wrong-type", "seat-0", "seat-11", "bad-phase",
         "bad-nature", "no-type"],
)
def test_flags_bad_event(sgs: Any, line: dict[str, Any]) -> None:
    out = sgs.identity([line], current=3, phase="finish")
    out.assert_flags("SGS-F002", line=2, only=True)


def test_flags_misspelt_targets_names_the_field(sgs: Any) -> None:
    out = sgs.identity([{"type": "use", "seat": 3, "card": "♠7 杀", "targts": [4]}], hands={3: ["♠7 杀"]})
    assert "targts" in out.assert_flags("SGS-F002", line=2).message


def test_flags_second_header(sgs: Any) -> None:
    text = sgs.identity_text([USE, DAMAGE], hands={3: ["♠7 杀"]})
    first = text.splitlines()[0]
    out = sgs.validate(text.replace("\n", "\n" + first + "\n", 1))
    out.assert_flags("SGS-F002", line=2, only=True)
