"""Importers: other recording formats → `sgs-replay/1` events.

Each importer sniffs content (never the file extension) and registers itself with the reader
(:func:`sgs_replay.formats.reader.register_source`); the reader loads this package by name and knows no
importer. Importing the package registers FreeKill's recordings (``.fk.rep``).
"""

from __future__ import annotations

from sgs_replay.formats.reader import ParsedLog, register_source


def located(exc: Exception, path: str) -> str:
    """A FreeKillError's one-line message with the file named once, by ``path``."""
    msg = str(exc)
    named = getattr(exc, "name", "") or "<recording>"
    return path + msg[len(named):] if msg.startswith(named) else f"{path}: {msg}"


def _freekill(data: bytes, name: str) -> ParsedLog:
    from sgs_replay.importers.adapter import parsed_from_freekill

    return parsed_from_freekill(data, name)


def _is_freekill(data: bytes) -> bool:
    from sgs_replay.importers import freekill

    return freekill.is_freekill(data)


def _damaged_freekill(data: bytes) -> str | None:
    from sgs_replay.importers import freekill

    return freekill.damaged_hint(data)


register_source("freekill", _is_freekill, _freekill, _damaged_freekill)


def load_modes() -> None:
    """Register the readers of FreeKill's game modes beyond identity; each mode's module registers its
    own reader (``freekill.register_mode``), the identity reader knows none of them."""
    from sgs_replay.importers import (  # noqa: F401  (each registers its mode)
        freekill_1v1,
        freekill_3v3,
        freekill_hegemony,
        freekill_hulao,
    )


def convert_to_jsonl(path):  # type: ignore[no-untyped-def]
    """Read a recording and return (`.sgs.jsonl` bytes, import problems). Raises UnreadableInput."""
    from pathlib import Path

    from sgs_replay.formats.reader import UnreadableInput, read_limited

    p = Path(path)
    data = read_limited(p)
    from sgs_replay.importers import freekill

    if not freekill.is_freekill(data):
        hint = freekill.damaged_hint(data)
        raise UnreadableInput(f"{p}: {hint or 'not a recording this tool can convert'}")
    from sgs_replay.importers.adapter import convert_or_refuse

    conv = convert_or_refuse(data, str(p))
    return freekill.to_jsonl(conv), [f"entry {pr.index} ({pr.packet}): {pr.message}" for pr in conv.problems]
