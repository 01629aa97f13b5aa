"""Write faulty copies of clean logs, one planted fault per copy, with their labels.

``inject(paths, out, seed)`` reads every clean log under ``paths`` (``sgs-replay/1`` logs and
recordings the reader converts), replays each once to know the position before every event, asks
every fault class (:mod:`sgs_replay.quality.faults`) where it can plant, picks up to ``per_class``
of those places with a random generator seeded by ``seed``, the file's name and the class (so the
result does not depend on the order or the folder of the inputs), and writes each copy as an
``sgs-replay/1`` log plus one line of ``labels.jsonl``::

    {"file": "x.card_not_held.0.sgs.jsonl", "line": 57, "rules": ["SGS-C001"],
     "class": "card_not_held", "source": "logs/x.sgs.jsonl", "legal": false, "what": "…"}

``line`` is the line of the copy where the fault becomes illegal; ``rules`` the rule ids that name
it. Two inputs holding the same game (a recording and its conversion) are planted once.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec

from sgs_replay.formats import events as ev
from sgs_replay.formats.reader import ParsedLog, UnreadableInput, expand_paths, read_path
from sgs_replay.quality.faults import FAULTS, CleanGame, Plant, clean_game

LABELS = "labels.jsonl"
_ENCODE = msgspec.json.Encoder()


class Label(msgspec.Struct, omit_defaults=False):
    """One planted fault: the copy, the line and rules that should report it, the class, the source."""

    file: str
    line: int
    rules: list[str]
    cls: str = msgspec.field(name="class")
    source: str = ""
    legal: bool = False
    what: str = ""


@dataclass
class CleanSource:
    """A clean game read for planting: its path, parsed log, report and positions."""

    path: str
    parsed: ParsedLog
    report: Any
    game: CleanGame


@dataclass
class Injection:
    """What :func:`inject` did: the labels written, the clean games used, the inputs left aside."""

    labels: list[Label] = field(default_factory=list)
    sources: list[CleanSource] = field(default_factory=list)
    skipped: list[dict[str, str]] = field(default_factory=list)
    candidates: dict[str, int] = field(default_factory=dict)


def stem(path: str) -> str:
    name = Path(path).name
    for suffix in (".sgs.jsonl", ".fk.rep", ".jsonl"):
        if name.endswith(suffix):
            return name[: -len(suffix)]
    return name


def read_clean(paths: Iterable[Path]) -> tuple[list[CleanSource], list[dict[str, str]]]:
    """The clean games under ``paths`` (files or folders), replayed once; unreadable inputs, logs
    without a valid header and second copies of a game are returned as skipped, with the reason."""
    from sgs_replay.analysis.fingerprint import fingerprint

    out: list[CleanSource] = []
    skipped: list[dict[str, str]] = []
    seen: dict[str, str] = {}
    for p in expand_paths(paths):
        try:
            parsed = read_path(p)
        except UnreadableInput as exc:
            skipped.append({"file": str(p), "reason": str(exc)})
            continue
        if parsed.header is None or any(v.line == 1 for v in parsed.violations):
            skipped.append({"file": str(p), "reason": "line 1 is not a valid game header"})
            continue
        fp = fingerprint(parsed)
        if fp in seen:
            skipped.append({"file": str(p), "reason": f"the same game as {seen[fp]}"})
            continue
        seen[fp] = str(p)
        game, report = clean_game(parsed)
        out.append(CleanSource(str(p), parsed, report, game))
    return out, skipped


def encode(header: ev.Game, events: list[ev.Event]) -> bytes:
    """An ``sgs-replay/1`` log: the header line, then one event per line."""
    return b"\n".join([_ENCODE.encode(header), *(_ENCODE.encode(e) for e in events)]) + b"\n"


def plants_for(src: CleanSource, seed: int, per_class: int, classes: Iterable[str] | None = None) -> list[Plant]:
    """Up to ``per_class`` plants of each class in one clean game, chosen by the seed."""
    out: list[Plant] = []
    for cls in classes or FAULTS:
        rng = random.Random(f"{seed}:{Path(src.path).name}:{cls}")
        cands = list(FAULTS[cls](src.game, rng))
        if not cands:
            continue
        chosen = sorted(rng.sample(range(len(cands)), min(per_class, len(cands))))
        out.extend(cands[k] for k in chosen)
    return out


def inject(paths: Iterable[Path], out: Path, seed: int, per_class: int = 1,
           classes: Iterable[str] | None = None, sources: list[CleanSource] | None = None) -> Injection:
    """Plant faults in the clean logs under ``paths`` and write the copies and ``labels.jsonl`` to ``out``."""
    result = Injection()
    if sources is None:
        sources, result.skipped = read_clean(paths)
    result.sources = sources
    out.mkdir(parents=True, exist_ok=True)
    names: set[str] = set()
    wanted = list(classes) if classes is not None else list(FAULTS)
    for cls in wanted:
        result.candidates[cls] = 0
    for src in sources:
        header = src.game.header
        counts: dict[str, int] = {}
        for plant in plants_for(src, seed, per_class, wanted):
            k = counts.get(plant.cls, 0)
            counts[plant.cls] = k + 1
            name = f"{stem(src.path)}.{plant.cls}.{k}.sgs.jsonl"
            while name in names:
                name = f"{stem(src.path)}-{len(names)}.{plant.cls}.{k}.sgs.jsonl"
            names.add(name)
            hdr = msgspec.structs.replace(plant.header or header, game_id=f"{header.game_id or stem(src.path)}+{plant.cls}.{k}")
            data = encode(hdr, plant.events)
            (out / name).write_bytes(data)
            result.labels.append(Label(file=name, line=plant.index + 2, rules=list(plant.rules), cls=plant.cls,
                                       source=src.path, what=plant.what))
        for cls, k in counts.items():
            result.candidates[cls] = result.candidates.get(cls, 0) + k
    (out / LABELS).write_bytes(b"".join(_ENCODE.encode(lb) + b"\n" for lb in result.labels))
    return result


def read_labels(folder: Path) -> list[Label]:
    """The labels of a faults folder written by :func:`inject`. Raises ValueError naming the line."""
    path = folder / LABELS
    dec = msgspec.json.Decoder(Label)
    out = []
    for n, raw in enumerate(path.read_bytes().splitlines(), start=1):
        if raw.strip():
            try:
                out.append(dec.decode(raw))
            except msgspec.ValidationError as exc:
                raise ValueError(f"{path}:{n}: not a label ({exc})") from None
            except msgspec.DecodeError as exc:
                raise ValueError(f"{path}:{n}: not JSON ({exc})") from None
    return out
