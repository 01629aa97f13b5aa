"""The standalone replay (``sgs-replay show FILE --format html``) for a game of the store.

The store keeps a game's header and its events as logged (``games.header``, ``events.line`` and
``events.json``): they are read back as the parsed log and replayed by
:func:`sgs_replay.report.replay_html.replay_data` under the ruleset the load judged the game by, so
the dashboard shows the very page a coach would send — the same board, event list, violations and
coach notes — and no second copy of its drawing. Nothing here imports Streamlit: the page caches.
"""

from __future__ import annotations

import re
from typing import Any

from sgs_replay.formats.narrate import Lang


def parsed_from_store(header: str, lines: list[tuple[int, str]], name: str = "<store>") -> Any:
    """The parsed log of a stored game (its header JSON and its ``(line, event JSON)`` rows)."""
    import msgspec

    from sgs_replay.formats import events as ev
    from sgs_replay.formats.reader import ParsedLog

    return ParsedLog(name=name, header=msgspec.json.decode(header, type=ev.Game),
                     events=[(int(line), msgspec.json.decode(text, type=ev.Event)) for line, text in lines])


def replay_of(header: str, lines: list[tuple[int, str]], ruleset: str | None, lang: Lang) -> dict[str, Any]:
    """Every step of the game as the replay page shows it (:func:`replay_data`)."""
    from sgs_replay.report.replay_html import replay_data

    parsed = parsed_from_store(header, lines)
    judged_by = ruleset if ruleset not in (None, "", parsed.header.ruleset) else None
    return replay_data(parsed, judged_by, lang=lang)


def opening(data: dict[str, Any], line: int | None) -> tuple[int, str]:
    """Where the viewer opens, and why: the event at ``line`` (a link from the violation explorer),
    else the first violation, else the start."""
    steps = data["steps"]
    if line is not None:
        at = next((i for i, s in enumerate(steps) if i and s["line"] == line), None)
        if at is not None:
            return at, "link"
    if data["violations"]:
        return int(data["violations"][0]), "violation"
    return 0, "start"


def page(data: dict[str, Any], lang: Lang, start: int, around: str = "") -> str:
    """The replay page to embed, opening at step ``start``; its font also covers ``around``, the text of
    the page around it (:func:`face_of_page` then takes the face from it, without cutting the font again)."""
    from sgs_replay.report.replay_html import page_html

    return page_html(data, title="", lang=lang, start=start, embedded=True, font_text=around)


def hp_rows(data: dict[str, Any]) -> list[tuple[int, str, int]]:
    """HP over the game: (step, seat, HP) for every step and seat (the seat as the replay names it)."""
    seats = data.get("seats") or []
    return [(i, seats[k] if k < len(seats) else str(k + 1), int(hp))
            for i, s in enumerate(data["steps"]) for k, hp in enumerate(s.get("hp", []))]


def notes(data: dict[str, Any]) -> list[tuple[int, int | None, str]]:
    """The coach notes: (step, line, text), in game order."""
    return [(i, s["line"], text) for i, s in enumerate(data["steps"]) for text in s["notes"]]


def steps_of(page_text: str) -> dict[str, Any]:
    """The data a replay page carries (what its script steps through)."""
    import json

    m = re.search(r'<script type="application/json" id="data">(.*?)</script>', page_text, re.S)
    if m is None:
        raise ValueError("not a replay page")
    return json.loads(m.group(1))  # type: ignore[no-any-return]


#: the characters a machine without a CJK font would draw as boxes (CJK symbols, ideographs, full-width forms)
CJK_RANGE = "U+2E80-2FFF, U+3000-303F, U+3100-31FF, U+3400-4DBF, U+4E00-9FFF, U+F900-FAFF, U+FE30-FE4F, U+FF00-FFEF"


_SRC = re.compile(r"src: url\(data:font/woff;base64,[A-Za-z0-9+/=]+\) format\('woff'\);")


def cjk_face(text: str, family: str = "Source Sans") -> str:
    """An ``@font-face`` adding the CJK characters of ``text`` to ``family`` (the dashboard's own font,
    whose Latin it leaves alone): the page around the replay reads on a machine without a CJK font too.
    "" without a CJK font to embed."""
    from sgs_replay.report.fonts import font_face

    return _face_from(font_face(text), family)


def face_of_page(page_text: str, family: str = "Source Sans") -> str:
    """:func:`cjk_face` from the font a replay page carries (:func:`page` with the text around it): the
    same subset, not cut from the CJK font a second time (that costs most of a second)."""
    return _face_from(page_text[:page_text.find("</head>") + 1], family)


def _face_from(css: str, family: str) -> str:
    m = _SRC.search(css)
    if m is None:
        return ""
    return f"@font-face {{ font-family: '{family}'; font-weight: 100 900; {m.group(0)} unicode-range: {CJK_RANGE}; }}"


def text_of(data: dict[str, Any] | None) -> str:
    """Every text the replay steps show (names, sentences, captions, notes, violations, seats)."""
    if not data:
        return ""
    import json

    return json.dumps([data["seats"], data["L"], [{k: v for k, v in s.items() if k != "svg"} for s in data["steps"]]],
                      ensure_ascii=False)
