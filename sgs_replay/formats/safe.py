"""Text from a log shown as text.

- :func:`plain` (every format): bidirectional control characters (U+202E …), which could make a line
  read differently from what it says, are made visible as ``<U+202E>``.
- :func:`one_line` (terminal, text and Markdown outputs): also every control character (newline,
  carriage return, ESC, BEL, NUL, DEL, the C1 controls) is written as an escape (``\\n``, ``\\x1b``),
  so a value from a log stays on its one line and cannot forge a line of the report, hide text or
  move the cursor of a terminal.
- :func:`xml_text` (JUnit XML): characters XML 1.0 does not allow are written as escapes, so the
  document is always well formed.
- :func:`csv_cell` (every CSV writer): a cell a spreadsheet would evaluate as a formula (starting
  with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return) is prefixed with ``'``.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

_BIDI = re.compile("[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]")
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}
_XML_ILLEGAL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f\ud800-\udfff\ufffe\uffff]")
_FORMULA = ("=", "+", "-", "@", "\t", "\r")


def plain(value: Any) -> Any:
    """A value with its bidirectional control characters shown as ``<U+XXXX>``."""
    if hasattr(value, "__html__"):
        return value  # markup our own templates made (its values were shown as text already)
    if isinstance(value, str):
        return _BIDI.sub(lambda m: f"<U+{ord(m.group()):04X}>", value)
    return value


def _escape(ch: str) -> str:
    named = _NAMED.get(ch)
    if named is not None:
        return named
    code = ord(ch)
    return f"\\x{code:02x}" if code < 0x100 else f"<U+{code:04X}>"


def one_line(value: Any) -> Any:
    """A value for a terminal or a text report: strings with every control and bidirectional
    character escaped (other values as they are)."""
    if isinstance(value, str) and _CONTROL.search(value):
        return _CONTROL.sub(lambda m: _escape(m.group()), value)
    return value


def lines(text: str) -> str:
    """Text of several lines, each line made safe with :func:`one_line` (the line breaks kept)."""
    return "\n".join(one_line(line) for line in text.split("\n"))


def xml_text(text: str) -> str:
    """XML text with the characters XML 1.0 forbids (NUL, ESC, BEL, lone surrogates …) escaped."""
    return _XML_ILLEGAL.sub(lambda m: _escape(m.group()), text)


def csv_cell(value: Any) -> Any:
    """A CSV cell a spreadsheet shows as text: a string starting with ``= + - @``, a tab or a carriage
    return gets a leading ``'`` (other values as they are). A negative number stays a number."""
    if isinstance(value, str) and value.startswith(_FORMULA):
        return "'" + value
    return value


def atomic_write(path: Path, data: str | bytes) -> None:
    """Write a file whole or not at all: to a temporary file beside it, then renamed over it. On an
    error (a full disk, a signal) the temporary file is removed and the target is as it was; the
    OSError is raised again. A symbolic link at ``path`` is replaced, never followed."""
    import os
    import tempfile

    raw = data.encode("utf-8") if isinstance(data, str) else data
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".partial", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(raw)
            fh.flush()
        mask = os.umask(0)
        os.umask(mask)
        os.chmod(tmp, 0o666 & ~mask)  # as an ordinary new file (mkstemp makes it private)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
