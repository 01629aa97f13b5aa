"""SGS-F001 not-json: a line that is not valid UTF-8 JSON is reported with its line; the rest is read."""

from __future__ import annotations

from typing import Any

USE = {"type": "use", "seat": 3, "card": "♠7 杀", "targets": [4]}
DAMAGE = {"type": "damage", "source": 3, "target": 4, "amount": 1, "card": "♠7 杀"}


def test_ok_valid_json_lines(sgs: Any) -> None:
    sgs.identity([USE, DAMAGE], hands={3: ["♠7 杀"]}).assert_clean()


def test_flags_truncated_line(sgs: Any) -> None:
    out = sgs.identity(['{"type": "use", "seat": 3, "card": "♠7 杀"', USE, DAMAGE], hands={3: ["♠7 杀"]})
    v = out.assert_flags("SGS-F001", line=2, only=True)
    assert '{"type": "use"' in (v.observed or "")


def test_flags_binary_junk_and_goes_on(sgs: Any) -> None:
    """The junk line costs one event: the 杀 after it is still judged (a second 杀 here)."""
    text = sgs.identity_text([USE, DAMAGE, "JUNK", {**USE, "card": "♣8 杀"}], hands={3: ["♠7 杀", "♣8 杀"]})
    out = sgs.validate(text.encode().replace(b"JUNK", b"\x00\xff\xfe\x01junk"))
    out.assert_flags("SGS-F001", line=4)
    out.assert_flags("SGS-P001", line=5)


def test_flags_trailing_garbage(sgs: Any) -> None:
    out = sgs.identity(['{"type": "turn", "seat": 4}}'], current=3, phase="finish")
    out.assert_flags("SGS-F001", line=2, only=True)
