"""JSON Schemas generated from the event models (the models are the source of truth)."""

from __future__ import annotations

import json
from typing import Any

import msgspec

from sgs_replay.formats import events as ev

DRAFT = "https://json-schema.org/draft/2020-12/schema"


def _schema(tp: Any, title: str, description: str) -> dict[str, Any]:
    (out,), components = msgspec.json.schema_components([tp], ref_template="#/$defs/{name}")
    doc: dict[str, Any] = {"$schema": DRAFT, "title": title, "description": description}
    doc.update(out)
    doc["$defs"] = components
    return doc


def generate() -> dict[str, str]:
    """File name → JSON text for schemas/."""
    files = {
        "header.schema.json": _schema(ev.Game, "sgs-replay/1 header", "Line 1 of a match log (docs/log-format.md §4, §6)."),
        "event.schema.json": _schema(ev.Event, "sgs-replay/1 event", "Any line after the header (docs/log-format.md §5); one $def per event type."),
    }
    return {k: json.dumps(v, ensure_ascii=False, indent=2, sort_keys=True) + "\n" for k, v in files.items()}
