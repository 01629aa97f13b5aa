"""Render an :class:`~sgs_replay.report.Audit` as Markdown or HTML (jinja2, autoescaped) or to a terminal.

Everything in a report that comes from a log (file names, messages quoting the log, card and player
names) is text, never markup: HTML is autoescaped, Markdown is escaped by :func:`md_text`, the
terminal goes through rich's markup escape, and bidirectional control characters (U+202E …), which
could make a line read differently from what it says, are shown as ``<U+202E>`` everywhere.
"""

from __future__ import annotations

import re
from typing import Any

from sgs_replay.report import Audit, problems_text

_BIDI = re.compile("[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+!|~])")


def plain(value: Any) -> Any:
    """A value with bidirectional control characters made visible (``<U+202E>``)."""
    if isinstance(value, str):
        return _BIDI.sub(lambda m: f"<U+{ord(m.group()):04X}>", value)
    return value


def md_text(value: Any) -> Any:
    """A value as literal Markdown text: no link, image, HTML, table cell break or heading survives."""
    if value is None or isinstance(value, (bool, int, float)):
        return value
    text = plain(str(value)).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    text = text.replace("\r", " ").replace("\n", " ")
    return _MD_SPECIAL.sub(r"\\\1", text)

_MD = """# Audit of {{ a.file }}

- game: {{ a.game_id or "—" }} · mode: {{ a.mode }} · ruleset: {{ a.ruleset }} · events: {{ a.events }}
- declared result: {% if a.result %}{{ a.result.winner }} ({{ a.result.reason }}){% else %}none{% endif %}
- unverifiable checks: {{ a.unverifiable }}

**Verdict:** {{ a.verdict }}
{% if a.violations_truncated %}
{{ a.violations_truncated }} more violation(s) are not listed (at most {{ cap }} per file).
{% endif %}{% if a.import_problems %}
## Import problems ({{ a.import_problems | length }})

{% for p in a.import_problems[:shown] %}- {{ p }}
{% endfor %}{% if a.import_problems | length > shown %}- … and {{ a.import_problems | length - shown }} more
{% endif %}{% endif %}

| seat | player | general | role/side |
|---|---|---|---|
{% for p in a.players %}| {{ p.seat }} | {{ p.name or "" }} | {{ p.general }} | {{ p.role or p.side or "" }}{{ " " ~ p.position if p.position else "" }} |
{% endfor %}
{% for f in a.findings %}
## Line {{ f.violation.line }}: {{ f.violation.rule }} ({{ f.violation.kind }})

{{ f.violation.message }}{% if f.violation.message_zh %} / {{ f.violation.message_zh }}{% endif %}

- expected: {{ f.violation.expected or "—" }}
- observed: {{ f.violation.observed or "—" }}
- event: {{ f.event }}
- rule: {{ f.what }}
- why: {{ f.why }}
- reference: {{ f.cite }}
{% if f.table %}
| seat | general | HP | hand | equipment | judge area |
|---|---|---|---|---|---|
{% for s in f.table %}| {{ s.seat }} | {{ s.general }}{{ "" if s.alive else " (dead)" }} | {{ s.hp }}/{{ s.max_hp }} | {{ s.hand }} | {{ s.equip | join(", ") }} | {{ s.judge | join(", ") }} |
{% endfor %}{% endif %}
{% endfor %}
{% if a.unverifiable_notes %}
## Not verifiable

{% for n in a.unverifiable_notes %}- {{ n }}
{% endfor %}{% endif %}
"""

_HTML = """<!doctype html>
<html lang="zh-Hans"><head><meta charset="utf-8"><title>Audit: {{ a.file }}</title>
<style>
body { font-family: system-ui, "Noto Sans CJK SC", sans-serif; margin: 2rem; max-width: 70rem; }
table { border-collapse: collapse; margin: .5rem 0 1rem; } td, th { border: 1px solid #ccc; padding: .2rem .6rem; }
.kind-illegal_play { color: #a40000; } .kind-resolution_order { color: #8a5a00; }
.kind-bookkeeping { color: #004c8c; } .kind-outcome { color: #5c2d91; } .kind-format { color: #555; }
.verdict { font-size: 1.2rem; font-weight: 600; } code { background: #f4f4f4; padding: 0 .2rem; }
.table-ring { display: flex; gap: .5rem; flex-wrap: wrap; }
.seat { border: 1px solid #999; border-radius: .5rem; padding: .4rem .6rem; min-width: 9rem; }
.seat.dead { opacity: .45; }
</style></head><body>
<h1>Audit of {{ a.file }}</h1>
<p>game {{ a.game_id or "—" }} · mode {{ a.mode }} · ruleset {{ a.ruleset }} · {{ a.events }} events ·
declared result: {% if a.result %}{{ a.result.winner }} ({{ a.result.reason }}){% else %}none{% endif %} ·
unverifiable checks: {{ a.unverifiable }}</p>
<p class="verdict">{{ a.verdict }}</p>
{% if a.violations_truncated %}<p>{{ a.violations_truncated }} more violation(s) are not listed (at most {{ cap }} per file).</p>{% endif %}
{% if a.import_problems %}<h2>Import problems ({{ a.import_problems | length }})</h2><ul>
{% for p in a.import_problems[:shown] %}<li>{{ p }}</li>{% endfor %}
{% if a.import_problems | length > shown %}<li>… and {{ a.import_problems | length - shown }} more</li>{% endif %}</ul>{% endif %}
<table><tr><th>seat</th><th>player</th><th>general</th><th>role/side</th></tr>
{% for p in a.players %}<tr><td>{{ p.seat }}</td><td>{{ p.name or "" }}</td><td>{{ p.general }}</td><td>{{ p.role or p.side or "" }} {{ p.position or "" }}</td></tr>
{% endfor %}</table>
{% for f in a.findings %}
<h2 class="kind-{{ f.violation.kind }}">Line {{ f.violation.line }}: {{ f.violation.rule }} — {{ f.rule_title }}</h2>
<p>{{ f.violation.message }}{% if f.violation.message_zh %} / {{ f.violation.message_zh }}{% endif %}</p>
<ul><li>expected: {{ f.violation.expected or "—" }}</li><li>observed: {{ f.violation.observed or "—" }}</li>
<li>event: <code>{{ f.event }}</code></li><li>rule: {{ f.what }}</li><li>why: {{ f.why }}</li>
<li>reference: {{ f.cite }}</li></ul>
{% if f.table %}<div class="table-ring">{% for s in f.table %}
<div class="seat{{ '' if s.alive else ' dead' }}"><b>{{ s.seat }} · {{ s.general }}</b><br>{{ s.role }}<br>
HP {{ s.hp }}/{{ s.max_hp }} · hand {{ s.hand }}<br>{{ s.equip | join(", ") }}{% if s.judge %}<br>judge: {{ s.judge | join(", ") }}{% endif %}</div>
{% endfor %}</div>{% endif %}
{% endfor %}
{% if a.unverifiable_notes %}<h2>Not verifiable</h2><ul>{% for n in a.unverifiable_notes %}<li>{{ n }}</li>{% endfor %}</ul>{% endif %}
</body></html>
"""


def _env(autoescape: bool):  # type: ignore[no-untyped-def]
    import jinja2

    return jinja2.Environment(autoescape=autoescape, trim_blocks=False, lstrip_blocks=False,
                              undefined=jinja2.StrictUndefined, finalize=plain if autoescape else md_text)


def _render(template: str, a: Audit, autoescape: bool) -> str:
    from sgs_replay.reader import MAX_VIOLATIONS
    from sgs_replay.report import SHOWN_PROBLEMS

    return _env(autoescape).from_string(template).render(a=a, cap=MAX_VIOLATIONS, shown=SHOWN_PROBLEMS * 20)


def to_markdown(a: Audit) -> str:
    return _render(_MD, a, False)


def to_html(a: Audit) -> str:
    return _render(_HTML, a, True)


def to_terminal(a: Audit) -> None:
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    def e(value: Any) -> str:
        return escape(str(plain(value)))

    con = Console()
    con.print(f"[bold]{e(a.file)}[/bold]  game {e(a.game_id or '—')} · {e(a.mode)} · {e(a.ruleset)} · {a.events} events")
    if a.result:
        con.print(f"declared result: {e(a.result.get('winner'))} ({e(a.result.get('reason'))})")
    con.print(f"[bold]{e(a.verdict)}[/bold]  (unverifiable checks: {a.unverifiable})")
    for line in problems_text(a.import_problems):
        con.print(e(line))
    for f in a.findings:
        v = f.violation
        con.print(f"\n[bold]line {v.line}[/bold] {v.rule} [italic]{v.kind}[/italic] — {e(v.message)}")
        if v.expected or v.observed:
            con.print(f"  expected: {e(v.expected)}   observed: {e(v.observed)}")
        con.print(f"  reference: {e(f.cite)}")
        if f.table:
            t = Table("seat", "general", "HP", "hand", "equipment", "judge")
            for s in f.table:
                t.add_row(str(s.seat), e(s.general) + ("" if s.alive else " (dead)"), f"{s.hp}/{s.max_hp}",
                          str(s.hand), e(", ".join(s.equip)), e(", ".join(s.judge)))
            con.print(t)
