"""Turn an imported recording into a parsed log (the reader's output) so every command accepts it."""

from __future__ import annotations

from sgs_replay.reader import ParsedLog, UnreadableInput, parse_bytes


def parsed_from_freekill(data: bytes, name: str) -> ParsedLog:
    from sgs_replay.importers import freekill

    try:
        conv = freekill.convert(data, name)
    except freekill.FreeKillError as exc:
        from sgs_replay.importers import located

        raise UnreadableInput(located(exc, name)) from None
    parsed = parse_bytes(freekill.to_jsonl(conv), name)
    parsed.source_format = "freekill"
    parsed.import_problems = [f"entry {p.index} ({p.packet}): {p.message}" for p in conv.problems]
    # events[i] is line i + 2 of the converted log (the header is line 1)
    parsed.checkpoints = {i + 2: areas for i, areas in conv.checkpoints}
    return parsed
