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


def hp_chart(data: dict[str, Any], title: str = "event") -> str:
    """HP over the game as one inline SVG: a strip per seat (its name beside it; seats at the same HP
    never hide each other), HP as a stepped area, and a dashed rule across the strips at each violation
    (red) and each coach note (blue). Drawn here, not by a chart library in the browser: a faceted chart
    cost the viewer's every opening most of a second to lay out. Hovering a run of equal HP, or a rule,
    names it. "" for a replay without HP. Every text from the log is escaped."""
    from html import escape

    steps = data["steps"]
    seats = list(data.get("seats") or [])
    width = max((len(s.get("hp", [])) for s in steps), default=0)
    if not steps or not width:
        return ""
    seats += [str(k + 1) for k in range(len(seats), width)]
    last = max(1, len(steps) - 1)
    top = max(1, max((int(h) for s in steps for h in s.get("hp", [])), default=1))
    left, plot, strip, gap, axis = 190, 720, 46, 6, 34
    height = width * (strip + gap) + axis

    def x(i: float) -> float:
        return round(left + plot * i / last, 2)

    out = [f'<svg class="hp-chart" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {left + plot + 10} {height}" '
           f'width="{left + plot + 10}" height="{height}" role="img" font-size="12" '
           'style="max-width: 100%; height: auto; font-family: inherit">']
    for k in range(width):
        y0 = k * (strip + gap)
        hp = [int(s["hp"][k]) if k < len(s.get("hp", [])) else 0 for s in steps]

        def y(h: int, y0: int = y0) -> float:
            return round(y0 + strip - strip * h / top, 2)

        line = f"M{x(0)},{y(hp[0])}"
        runs, start = [], 0
        for i in range(1, len(hp)):
            if hp[i] != hp[i - 1]:
                line += f"H{x(i)}V{y(hp[i])}"
                runs.append((start, i, hp[i - 1]))
                start = i
        line += f"H{x(last)}"
        runs.append((start, len(hp) - 1, hp[-1]))
        name = escape(seats[k])
        out.append(f'<g class="hp-seat" data-seat="{name}" data-hp="{",".join(map(str, hp))}">')
        out.append(f'<rect x="{left}" y="{y0}" width="{plot}" height="{strip}" fill="#fafafa" stroke="#ddd"/>')
        out.append(f'<path d="{line}V{y0 + strip}H{x(0)}Z" fill="#f4c7c3"/>')
        out.append(f'<path d="{line}" fill="none" stroke="#c62828" stroke-width="2"/>')
        for a, b, h in runs:  # what a hover names: the seat, its HP, the events it lasted
            out.append(f'<rect x="{x(a)}" y="{y0}" width="{max(1.0, round(x(b) - x(a), 2))}" height="{strip}" '
                       f'fill="transparent"><title>{name}: HP {h} ({title} {a}–{b})</title></rect>')
        out.append(f'<text x="6" y="{y0 + strip / 2 + 5}" font-size="13">{name}</text>')
        out.append(f'<text x="{left - 4}" y="{y0 + 10}" text-anchor="end">{top}</text>'
                   f'<text x="{left - 4}" y="{y0 + strip}" text-anchor="end">0</text></g>')
    bottom = width * (strip + gap) - gap
    marks = [(i, "violation", "#a40000") for i in data["violations"]]
    marks += [(i, "note", "#1d5fbf") for i in sorted({i for i, _, _ in notes(data)})]
    for i, kind, colour in marks:
        out.append(f'<line class="hp-mark {kind}" data-step="{i}" x1="{x(i)}" x2="{x(i)}" y1="0" y2="{bottom}" '
                   f'stroke="{colour}" stroke-width="1.5" stroke-dasharray="5 3"><title>{kind} ({title} {i})</title></line>')
    raw = last / 8  # about eight ticks, at 1, 2 or 5 times a power of ten
    mag = 10 ** max(0, len(str(int(raw))) - 1)
    step = next(m * mag for m in (1, 2, 5, 10) if m * mag >= raw)
    for t in range(0, last + 1, step):
        out.append(f'<line x1="{x(t)}" x2="{x(t)}" y1="{bottom}" y2="{bottom + 5}" stroke="#888"/>'
                   f'<text x="{x(t)}" y="{bottom + 18}" text-anchor="middle">{t}</text>')
    out.append(f'<text x="{left + plot / 2}" y="{height - 2}" text-anchor="middle" font-size="13">{escape(title)}</text>')
    out.append("</svg>")
    # one element a line and no blank line: Markdown takes the whole as one block of raw HTML, none of
    # its text as Markdown
    return "\n".join(out)
