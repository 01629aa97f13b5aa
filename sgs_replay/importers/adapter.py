"""Turn an imported recording into a parsed log (the reader's output) so every command accepts it."""

from __future__ import annotations

from typing import Any

from sgs_replay.formats.reader import ParsedLog, UnreadableInput, parse_lines


def convert_or_refuse(data: bytes, name: str) -> Any:
    """``freekill.convert``; any failure is UnreadableInput (one line), never a traceback in a batch."""
    from sgs_replay.importers import freekill, located

    try:
        return dated(freekill.convert(data, name))
    except freekill.FreeKillError as exc:
        raise UnreadableInput(located(exc, name)) from None
    except RecursionError:
        raise UnreadableInput(f"{name}: the recording nests too deeply to be read") from None
    except Exception as exc:  # noqa: BLE001 - a damaged recording the converter did not foresee
        raise UnreadableInput(f"{name}: cannot convert this recording ({type(exc).__name__}: "
                              f"{str(exc)[:200]}) — please report it") from None


def dated(conv: Any) -> Any:
    """The conversion with the day the game was played in its header (``meta.date``), from the
    recording's name (``sgs_replay.importers.dates``), unless the header has one already."""
    from sgs_replay.importers.dates import recording_date

    h = conv.header
    day = recording_date(str(h.game_id or ""))
    if day is not None and "date" not in h.meta:
        h.meta["date"] = day
    return conv


def parsed_from_freekill(data: bytes, name: str) -> ParsedLog:
    from sgs_replay.importers import freekill

    conv = convert_or_refuse(data, name)
    parsed = parse_lines(freekill.jsonl_lines(conv), name)
    parsed.source_format = "freekill"
    import hashlib

    parsed.sha256 = hashlib.sha256(data).hexdigest()  # the recording's bytes, not the converted log's
    parsed.content_id = parsed.sha256[:16]
    parsed.import_problems = [f"entry {p.index} ({p.packet}): {p.message}" for p in conv.problems]
    # events[i] is line i + 2 of the converted log (the header is line 1)
    parsed.checkpoints = {i + 2: areas for i, areas in conv.checkpoints}
    return parsed
