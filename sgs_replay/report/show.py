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

    if fmt == "html":  # the whole game, opening at the position asked for (or the start)
        from sgs_replay.report.replay_html import replay_page

        start = pick(record(parsed, ruleset_name), at=at, turn=turn).index if at is not None or turn is not None else 0
        return replay_page(parsed, ruleset_name, lang=lang, start=start, moves=moves or seat is not None, seat=seat)
    rec = record(parsed, ruleset_name)
    p = pick(rec, at=at, turn=turn)
    event = parsed.events[p.index - 1][1] if p.index else None
    namer = Namer(parsed.header, lang)
    actor, targets = _who(event)
    said = sentence(event, namer) if event is not None else ""
    if fmt == "svg":
        board = table_svg(p, lang, actor=actor, targets=targets)
        if moves or seat is not None:
            return _with_moves_svg(board, _moves_text(parsed, ruleset_name, p.index, seat, namer, lang))
        return board
    cap, sub = caption_of(p, lang)
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


def _with_moves_svg(board: str, lines: list[str]) -> str:
    """The board with the legal uses written under it (one SVG: the board nested, the list below)."""
    from xml.sax.saxutils import escape

    from sgs_replay.report.svg import H, W

    extra = 24 * len(lines) + 16
    texts = []
    for k, line in enumerate(lines):
        bold = ' font-weight="700"' if k == 0 else ""
        texts.append(f'<text x="16" y="{H + 24 * (k + 1)}" font-size="15"{bold}>{escape(line.strip())}</text>')
    font = "font-family=\"'Noto Sans CJK SC', 'Noto Sans', sans-serif\""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H + extra}" width="{W}" height="{H + extra}" '
            f'{font}>{board.strip()}{"".join(texts)}</svg>\n')


def _who(event: object) -> tuple[int | None, list[int]]:
    from sgs_replay.report import _actor_targets

    return _actor_targets(event) if event is not None else (None, [])
