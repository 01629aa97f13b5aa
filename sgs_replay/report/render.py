"""Render an :class:`~sgs_replay.report.Audit` as Markdown or HTML (jinja2, autoescaped) or to a terminal."""

from __future__ import annotations

from sgs_replay.report import Audit

_MD = """# Audit of {{ a.file }}

- game: {{ a.game_id or "—" }} · mode: {{ a.mode }} · ruleset: {{ a.ruleset }} · events: {{ a.events }}
- declared result: {% if a.result %}{{ a.result.winner }} ({{ a.result.reason }}){% else %}none{% endif %}
- unverifiable checks: {{ a.unverifiable }}

**Verdict:** {{ a.verdict }}

| seat | player | general | role/side |
|---|---|---|---|
{% for p in a.players %}| {{ p.seat }} | {{ p.name or "" }} | {{ p.general }} | {{ p.role or p.side or "" }}{{ " " ~ p.position if p.position else "" }} |
{% endfor %}
{% for f in a.findings %}
## Line {{ f.violation.line }}: {{ f.violation.rule }} ({{ f.violation.kind }})

{{ f.violation.message }}{% if f.violation.message_zh %} / {{ f.violation.message_zh }}{% endif %}

- expected: {{ f.violation.expected or "—" }}
- observed: {{ f.violation.observed or "—" }}
- event: `{{ f.event }}`
- rule: {{ f.what }}
- why: {{ f.why }}
- reference: {{ f.cite }}
{% if f.table %}
| seat | general | HP | hand | equipment | judge area |
|---|---|---|---|---|---|
{% for s in f.table %}| {{ s.seat }} | {{ s.general }}{{ "" if s.alive else " (dead)" }} | {{ s.hp }}/{{ s.max_hp }} | {{ s.hand }} | {{ s.equip | join(", ") }} | {{ s.judge | join(", ") }} |
{% endfor %}{% endif %}
{% endfor %}
{% if a.desyncs or a.import_problems %}
## Limits of this verdict

{% for d in a.desyncs %}- {{ d }}
{% endfor %}{% if a.import_problems %}- {{ a.import_problems | length }} import problem(s) in the recording:
{% for p in a.import_problems %}  - {{ p }}
{% endfor %}{% endif %}{% endif %}
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
{% if a.desyncs or a.import_problems %}<h2>Limits of this verdict</h2><ul>{% for d in a.desyncs %}<li>{{ d }}</li>{% endfor %}
{% if a.import_problems %}<li>{{ a.import_problems | length }} import problem(s) in the recording:<ul>{% for p in a.import_problems %}<li>{{ p }}</li>{% endfor %}</ul></li>{% endif %}</ul>{% endif %}
{% if a.unverifiable_notes %}<h2>Not verifiable</h2><ul>{% for n in a.unverifiable_notes %}<li>{{ n }}</li>{% endfor %}</ul>{% endif %}
</body></html>
"""


def _env(autoescape: bool):  # type: ignore[no-untyped-def]
    import jinja2

    return jinja2.Environment(autoescape=autoescape, trim_blocks=False, lstrip_blocks=False,
                              undefined=jinja2.StrictUndefined)


def to_markdown(a: Audit) -> str:
    return _env(False).from_string(_MD).render(a=a)


def to_html(a: Audit) -> str:
    return _env(True).from_string(_HTML).render(a=a)


def to_terminal(a: Audit) -> None:
    from rich.console import Console
    from rich.table import Table

    con = Console()
    con.print(f"[bold]{a.file}[/bold]  game {a.game_id or '—'} · {a.mode} · {a.ruleset} · {a.events} events")
    if a.result:
        con.print(f"declared result: {a.result.get('winner')} ({a.result.get('reason')})")
    con.print(f"[bold]{a.verdict}[/bold]  (unverifiable checks: {a.unverifiable})")
    for d in a.desyncs:
        con.print(d, style="yellow", markup=False, highlight=False)
    if a.import_problems:
        con.print(f"{len(a.import_problems)} import problem(s): " + "; ".join(a.import_problems[:3]),
                  style="yellow", markup=False, highlight=False)
    for f in a.findings:
        v = f.violation
        con.print(f"\n[bold]line {v.line}[/bold] {v.rule} [italic]{v.kind}[/italic] — {v.message}")
        if v.expected or v.observed:
            con.print(f"  expected: {v.expected}   observed: {v.observed}")
        con.print(f"  reference: {f.cite}")
        if f.table:
            t = Table("seat", "general", "HP", "hand", "equipment", "judge")
            for s in f.table:
                t.add_row(str(s.seat), s.general + ("" if s.alive else " (dead)"), f"{s.hp}/{s.max_hp}", str(s.hand),
                          ", ".join(s.equip), ", ".join(s.judge))
            con.print(t)
