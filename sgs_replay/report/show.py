"""``sgs-replay show``: the position at one moment of a game, as text, an SVG picture or HTML."""

from __future__ import annotations

from sgs_replay.formats.narrate import Lang, Namer, sentence
from sgs_replay.formats.reader import ParsedLog
from sgs_replay.formats.safe import plain
from sgs_replay.report.positions import Position, Recorder


class PositionNotFound(Exception):
    """The requested line or turn is not in the log."""


def record(parsed: ParsedLog, ruleset_name: str | None = None) -> Recorder:
    from sgs_replay.replay.validate import validate_parsed

    rec = Recorder(parsed)
    validate_parsed(parsed, ruleset_name, on_step=rec)
    return rec


def pick(rec: Recorder, *, at: int | None = None, turn: int | None = None) -> Position:
    if at is not None:
        i = rec.index_of_line(at)
        if i is None:
            lines = [ln for ln, _ in rec.parsed.events]
            span = f"lines {lines[0]}–{lines[-1]}" if lines else "no events"
            raise PositionNotFound(f"--at {at}: no event on that line ({rec.parsed.name} has {span})")
    elif turn is not None:
        starts = rec.turn_starts()
        if not 1 <= turn <= len(starts):
            raise PositionNotFound(f"--turn {turn}: the log has {len(starts)} turn(s)")
        i = starts[turn - 1]
    else:
        i = len(rec.positions) - 1
    p = rec.positions[i]
    if p is None:
        raise PositionNotFound(f"{rec.parsed.name}: the game could not be replayed (see `sgs-replay validate`)")
    return p


#: the legal-uses section of the text output
_MOVES = {"zh": {"title": "{who}此时可使用的牌（不含转化与技能）：", "none": "（无）", "seat": "{n}号位"},
          "en": {"title": "Cards {who} may use now (conversions and skills not listed):", "none": "(none)",
                 "seat": "seat {n}"}}


def legal_uses_at(parsed: ParsedLog, ruleset_name: str | None, index: int, seat: int | None) -> tuple[int | None, list[tuple[str, list[int], int | None]]]:
    """The seat (``seat``, or the player whose turn it is) and its legal card uses — (card, targets,
    victim) — in the position after event ``index`` (0: before the first), from a replay of the log."""
    from sgs_replay.engine import legality
    from sgs_replay.replay.validate import validate_parsed

    found: dict[str, object] = {}

    def on_step(i: int, engine: object) -> None:
        if i == index:
            who = seat if seat is not None else engine.current  # type: ignore[attr-defined]
            found["seat"] = who
            uses = legality.legal_uses(engine, who) if who is not None else []  # type: ignore[arg-type]
            found["uses"] = [(u.card, list(u.targets or []), u.victim) for u in uses]

    validate_parsed(parsed, ruleset_name, on_step=on_step)
    return found.get("seat"), found.get("uses", [])  # type: ignore[return-value]


def show_position(parsed: ParsedLog, ruleset_name: str | None = None, *, at: int | None = None,
                  turn: int | None = None, fmt: str = "text", lang: Lang = "zh", moves: bool = False,
                  seat: int | None = None) -> str:
    from sgs_replay.report.render import LABELS, _seat_row
    from sgs_replay.report.svg import caption_of, table_svg

    rec = record(parsed, ruleset_name)
    p = pick(rec, at=at, turn=turn)
    event = parsed.events[p.index - 1][1] if p.index else None
    namer = Namer(parsed.header, lang)
    actor, targets = _who(event)
    said = sentence(event, namer) if event is not None else ""
    if fmt == "svg":
        return table_svg(p, lang, actor=actor, targets=targets)
    cap, sub = caption_of(p, lang)
    if fmt == "html":
        import jinja2

        env = jinja2.Environment(autoescape=True, finalize=plain)
        return str(env.from_string(_HTML).render(title=parsed.name, caption=sub or cap, said=said,
                                                 svg=table_svg(p, lang, actor=actor, targets=targets), lang=lang))
    L = LABELS[lang]
    from sgs_replay.formats.safe import one_line as q

    lines = [f"{q(parsed.name)} — {q(sub or cap)}"]
    if said:
        lines.append(f"{L['event']}: {q(said)}")
    for s in p.seats:
        r = {k: q(v) for k, v in _seat_row(s, lang).items()}
        lines.append(f"  {r['seat']}. {r['who']} {r['role']} · {L['hp']} {r['hp']} · {L['hand']} {r['hand']} · "
                     f"{L['equip']} {r['equip']} · {L['judge']} {r['judge']}")
    if moves or seat is not None:
        lines.extend(_moves_text(parsed, ruleset_name, p.index, seat, namer, lang))
    return "\n".join(lines) + "\n"


def _moves_text(parsed: ParsedLog, ruleset_name: str | None, index: int, seat: int | None, namer: Namer,
                lang: Lang) -> list[str]:
    M = _MOVES[lang]
    who, uses = legal_uses_at(parsed, ruleset_name, index, seat)
    if who is None:
        return [M["title"].format(who="—"), f"  {M['none']}"]
    from sgs_replay.formats.safe import one_line

    out = [M["title"].format(who=one_line(plain(namer(who))))]
    for card, targets, victim in uses:
        to = ", ".join(M["seat"].format(n=t) for t in targets)
        extra = f" ({one_line(plain(namer(victim)))})" if victim is not None else ""
        out.append(f"  {one_line(plain(card))}" + (f" → {to}{extra}" if to else ""))
    if not uses:
        out.append(f"  {M['none']}")
    return out


def _who(event: object) -> tuple[int | None, list[int]]:
    from sgs_replay.report import _actor_targets

    return _actor_targets(event) if event is not None else (None, [])


_HTML = """<!doctype html>
<html lang="{{ 'zh-Hans' if lang == 'zh' else 'en' }}"><head><meta charset="utf-8"><title>{{ title }}</title>
<style>body { font-family: system-ui, "Noto Sans CJK SC", sans-serif; margin: 2rem; } svg { max-width: 100%; height: auto; }</style>
</head><body><h1>{{ title }}</h1><p>{{ caption }}</p>{% if said %}<p>{{ said }}</p>{% endif %}
{{ svg | safe }}
</body></html>
"""
