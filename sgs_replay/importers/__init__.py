"""Importers: other recording formats → `sgs-replay/1` events.

Each importer sniffs content (never the file extension). :func:`sniff_and_convert` returns a parsed
log for a recording it recognises, or None for anything else.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sgs_replay.reader import ParsedLog


def located(exc: Exception, path: str) -> str:
    """A FreeKillError's one-line message with the file named once, by ``path``."""
    msg = str(exc)
    named = getattr(exc, "name", "") or "<recording>"
    return path + msg[len(named):] if msg.startswith(named) else f"{path}: {msg}"


def sniff_and_convert(data: bytes, name: str) -> ParsedLog | None:
    try:
        from sgs_replay.importers import freekill
    except ImportError:  # the importer is optional at run time
        return None
    if not freekill.is_freekill(data):
        return None
    from sgs_replay.importers.adapter import parsed_from_freekill

    return parsed_from_freekill(data, name)


def convert_to_jsonl(path):  # type: ignore[no-untyped-def]
    """Read a recording and return (`.sgs.jsonl` bytes, import problems). Raises UnreadableInput."""
    from pathlib import Path

    from sgs_replay.reader import UnreadableInput

    p = Path(path)
    try:
        data = p.read_bytes()
    except OSError as exc:
        raise UnreadableInput(f"{p}: cannot read ({exc.strerror or exc})") from None
    from sgs_replay.importers import freekill

    if not freekill.is_freekill(data):
        raise UnreadableInput(f"{p}: not a recording this tool can convert")
    from sgs_replay.importers.adapter import convert_or_refuse

    conv = convert_or_refuse(data, str(p))
    return freekill.to_jsonl(conv), [f"entry {pr.index} ({pr.packet}): {pr.message}" for pr in conv.problems]
