"""One parsed log → the rows it adds to each table of the store (a :class:`GameRecord`).

The report is :func:`sgs_replay.replay.validate_parsed`'s, unchanged. For the game viewer, which
reads the database only and never runs the engine, the log is then replayed once more to keep a
compact snapshot of each seat after every event (HP, max HP, alive, hand size, equipment, judge
area). ``bench/bench_validate.py`` measures what that second pass costs; ``snapshots=False`` skips it.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import msgspec

from sgs_replay import events as ev
from sgs_replay.identity import fingerprint
from sgs_replay.reader import MAX_VIOLATIONS, ParsedLog
from sgs_replay.replay import Replay, content_hash
from sgs_replay.store.record import GameRecord

_ENC = msgspec.json.Encoder()

IDENTITY_WINNERS = {"lord": ("lord", "loyalist"), "rebel": ("rebel",), "renegade": ("renegade",)}
SIDE_WINNERS = {"warm", "cold"}


def replay_with_snapshots(parsed: ParsedLog, ruleset_name: str | None = None) -> tuple[Replay, list[Any]]:
    """Validate with ``validate_parsed``, recording the position after each event in the same pass.

    Returns the validator's :class:`Replay` (report, final engine, content hash) and the snapshots:
    ``snapshots[0]`` is the
    position before the first event, ``snapshots[i]`` the position after ``parsed.events[i - 1]``.
    Each is ``(turn_seat, phase, seats)``, or ``None`` where the engine did not run (no usable header,
    or the replay stopped early).

    The report always comes from ``validate_parsed`` itself, so the store holds exactly what
    ``sgs-replay validate`` reports.
    """
    from sgs_replay.replay import validate_parsed

    snaps: list[Any] = [None] * (len(parsed.events) + 1)

    def record(i: int, engine: Any) -> None:
        snaps[i] = snapshot(engine)

    rep = validate_parsed(parsed, ruleset_name, keep_engine=True, on_step=record)
    return rep, snaps


def snapshot(engine: Any) -> tuple[int | None, str | None, list[tuple[Any, ...]]]:
    """Whose turn, which phase, and every seat's visible state.

    A seat is ``(seat, hp, max_hp, alive, hand_size, equip, judge, cards)`` (the fields of
    :data:`sgs_replay.store.schema.SEAT_STATE_FIELDS`), equipment in slot order, the hand's cards
    sorted with ``?`` for each card the log keeps hidden.
    """
    seats = engine.table.seats
    out = []
    for k in sorted(seats):
        s = seats[k]
        eq = s.equip
        out.append((s.seat, s.hp, s.max_hp, s.alive, s.hand_count,
                    [eq[sl] for sl in _slots() if sl in eq] if eq else [], list(s.judge),
                    sorted(s.hand.elements()) + ["?"] * s.hidden))
    return engine.current, engine.phase, out


@cache
def _slots() -> tuple[Any, ...]:
    from sgs_replay.engine.state import Slot

    return tuple(Slot)


def won(mode: str | None, winner: str | None, role: str | None, side: str | None, alive: bool | None) -> bool | None:
    """Whether a player is on the winning side (spec §5 `game_end`); None when that is not known.

    Identity mode: ``lord`` means the lord and the loyalists; ``renegade`` means the renegade left
    alone on the table (with two renegades only the survivor wins). 3v3 and 1v1: the winning side.
    """
    if winner is None:
        return None
    if mode == "identity":
        roles = IDENTITY_WINNERS.get(winner)
        if roles is None or role is None:
            return None
        if winner == "renegade" and role == "renegade" and alive is False:
            return False
        return role in roles
    if mode in ("3v3", "1v1"):
        if winner not in SIDE_WINNERS or side is None:
            return None
        return side == winner
    return None


def _event_columns(e: ev.Event) -> tuple[int | None, int | None, list[int] | None, str | None, str | None,
                                          list[str] | None]:
    """(seat, target, targets, side, card, cards) of an event, for filtering in SQL."""
    seat = getattr(e, "seat", None)
    targets = getattr(e, "targets", None)
    target: int | None = None
    if isinstance(e, ev.Damage):
        seat, target = e.source, e.target
    elif isinstance(e, ev.Death):
        target = e.killer
    elif targets:
        target = targets[0]
    card = getattr(e, "card", None)
    if card is None:
        card = getattr(e, "as_", None)
    if not isinstance(card, str):
        card = None
    cards = getattr(e, "cards", None)
    side = getattr(e, "side", None)
    return seat, target, list(targets) if targets else None, side, card, list(cards) if cards is not None else None


def build_record(parsed: ParsedLog, path: Path | str, ruleset_name: str | None = None, *,
                 snapshots: bool = True, loaded_at: Any = None) -> GameRecord:
    """Validate one parsed log and lay out its rows."""
    from sgs_replay.replay import validate_parsed

    if snapshots:
        rep, snaps = replay_with_snapshots(parsed, ruleset_name)
    else:
        rep = validate_parsed(parsed, ruleset_name, keep_engine=True)
        snaps = [None] * (len(parsed.events) + 1)
    report, engine, gid = rep.report, rep.engine, rep.content_hash or content_hash(parsed)
    h = parsed.header
    result = report.result or {}
    winner, reason = result.get("winner"), result.get("reason")
    mode = h.mode if h else None
    rs0 = engine.rs if engine is not None else None

    def general_name(text: str) -> str:
        g = rs0.resolve_general(text) if rs0 is not None else None
        return g.name if g else text

    games = {
        "game_id": gid, "fingerprint": fingerprint(parsed, general_name), "file": str(path),
        "declared_id": report.game_id, "source_format": parsed.source_format,
        "mode": mode, "ruleset": report.ruleset, "players": len(h.players) if h else None,
        "events": report.events, "violations": len(report.violations), "unverifiable": report.unverifiable,
        "desync": _desync_text(report.desyncs),
        "winner": winner, "reason": reason, "from_position": bool(h and h.start is not None),
        "meta": _ENC.encode(h.meta).decode() if h and h.meta else None,
        "start_state": snaps[0][2] if snaps[0] else None, "loaded_at": loaded_at,
        "import_problems": parsed.import_problems[:MAX_VIOLATIONS] or None,
        "violations_truncated": max(0, len(report.violations) - MAX_VIOLATIONS) + parsed.violations_truncated,
    }
    games["violations"] = min(len(report.violations), MAX_VIOLATIONS)

    players: dict[str, list[Any]] = {k: [] for k in (
        "game_id", "seat", "name", "general", "general_id", "role", "side", "position", "won", "alive_at_end",
        "hp_at_end")}
    if h is not None:
        rs = engine.rs if engine is not None else None
        for p in h.players:
            g = rs.resolve_general(p.general) if rs is not None else None
            st = engine.table.seats.get(p.seat) if engine is not None else None
            alive = st.alive if st is not None else None
            row = (gid, p.seat, p.name, g.name if g else p.general, g.id if g else None, p.role, p.side, p.position,
                   won(mode, winner, p.role, p.side, alive), alive, st.hp if st is not None else None)
            for k, v in zip(players, row, strict=True):
                players[k].append(v)

    n = len(parsed.events)
    events: dict[str, list[Any]] = {k: [] for k in (
        "game_id", "seq", "line", "type", "seat", "target", "targets", "side", "card", "cards", "t", "json",
        "turn_seat", "phase", "state")}
    events["game_id"] = [gid] * n
    for i, (line, e) in enumerate(parsed.events):
        seat, target, targets, side, card, cards = _event_columns(e)
        snap = snaps[i + 1]
        events["seq"].append(i + 1)
        events["line"].append(line)
        events["type"].append(ev.event_type(e))
        events["seat"].append(seat)
        events["target"].append(target)
        events["targets"].append(targets)
        events["side"].append(side)
        events["card"].append(card)
        events["cards"].append(cards)
        events["t"].append(e.t)
        events["json"].append(_ENC.encode(e).decode())
        events["turn_seat"].append(snap[0] if snap else None)
        events["phase"].append(snap[1] if snap else None)
        events["state"].append(snap[2] if snap else None)

    violations: dict[str, list[Any]] = {k: [] for k in (
        "game_id", "n", "line", "rule", "kind", "seat", "message", "expected", "observed", "message_zh", "cite", "quote")}
    for j, v in enumerate(report.violations[:MAX_VIOLATIONS]):
        vrow = (gid, j + 1, v.line, v.rule, v.kind, v.seat, v.message, v.expected, v.observed, v.message_zh, v.cite,
                v.quote)
        for k, val in zip(violations, vrow, strict=True):
            violations[k].append(val)

    extra: dict[str, Any] = {"internal_errors": list(rep.extra.get("internal_errors", []))}
    if h is not None and h.mode == "3v3" and h.meta.get("match") not in (None, ""):
        extra["match"] = (h, report.result)  # checked with the other games of its match at the end of the load
    return GameRecord(game_id=gid, report=report, games=games, players=players, events=events, violations=violations,
                      extra=extra)


def _desync_text(desyncs: list[dict[str, Any]]) -> str | None:
    from sgs_replay.oracle import Desync

    return Desync(**desyncs[0]).message() if desyncs else None
