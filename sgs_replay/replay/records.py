"""One parsed log → the rows it adds to each table of the store (a :class:`GameRecord`).

The report is :func:`sgs_replay.replay.validate.validate_parsed`'s, unchanged. In the same pass the loader
keeps whose turn and which phase it is after every event, and a compact snapshot of each seat (HP,
max HP, alive, hand, equipment, judge area) at the *positions* that matter
(:func:`kept_positions`): before the first event, at every turn start, before a 桃 used while a seat
is dying, and at the end. The game viewer replays the game
(:func:`replay_with_snapshots`) for the positions in between. ``snapshots=False`` keeps none.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import msgspec

from sgs_replay.analysis.fingerprint import fingerprint
from sgs_replay.formats import events as ev
from sgs_replay.formats.reader import MAX_VIOLATIONS, ParsedLog
from sgs_replay.replay.validate import Replay, content_hash
from sgs_replay.store.record import Amendment, GameRecord

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
    from sgs_replay.replay.validate import validate_parsed

    snaps: list[Any] = [None] * (len(parsed.events) + 1)

    def record(i: int, engine: Any) -> None:
        snaps[i] = snapshot(engine)

    rep = validate_parsed(parsed, ruleset_name, keep_engine=True, on_step=record)
    return rep, snaps


def replay_stored(header: str, events: list[tuple[int, str]], ruleset: str | None = None) -> list[Any]:
    """Every position of a game in the store, replayed from its header and events (``games.header``,
    ``events.line`` and ``events.json``) under the ruleset it was judged by: what the game viewer
    shows between the positions the store keeps. Same list as :func:`replay_with_snapshots`."""
    h = msgspec.json.decode(header, type=ev.Game)
    parsed = ParsedLog(name="<store>", header=h,
                       events=[(line, msgspec.json.decode(text, type=ev.Event)) for line, text in events])
    _, snaps = replay_with_snapshots(parsed, ruleset if ruleset not in (None, h.ruleset) else None)
    return snaps


def kept_positions(events: list[tuple[int, ev.Event]]) -> set[int]:
    """The positions the store may keep a seat snapshot of (``i``: after the ``i``-th event, 0 = before any).

    Before the first event and after the last; after every ``turn`` (the turn starts: the viewer steps
    by them); and before every 桃 used (:func:`peach_positions`: kept there only while a seat is dying,
    for the rescue statistics, which read the target's HP there). The viewer replays the rest.
    """
    keep = {0, len(events)}
    for i, (_, e) in enumerate(events):
        if type(e) is ev.Turn:
            keep.add(i + 1)
    return keep | peach_positions(events)


def peach_positions(events: list[tuple[int, ev.Event]]) -> set[int]:
    """The positions just before a 桃 is used."""
    keep = set()
    for i, (_, e) in enumerate(events):
        if type(e) is ev.Use:
            card = e.card if e.card is not None else e.as_  # type: ignore[union-attr]
            if card is not None and card.endswith("桃"):
                keep.add(i)
    return keep


def replay_with_positions(parsed: ParsedLog, ruleset_name: str | None = None
                          ) -> tuple[Replay, list[Any], list[Any], dict[int, Any]]:
    """Validate, keeping whose turn and which phase after every event and the kept snapshots.

    Returns the replay, ``turn_seat`` and ``phase`` after each event (index ``i`` for position ``i``,
    None where the engine did not run) and the snapshots by position (:func:`kept_positions`; before a
    桃 only while a seat is at 0 HP or below).
    """
    from sgs_replay.replay.validate import validate_parsed

    n = len(parsed.events)
    turn: list[Any] = [None] * (n + 1)
    phase: list[Any] = [None] * (n + 1)
    seats: dict[int, Any] = {}
    peach = peach_positions(parsed.events)
    keep = {0, n, *(i for i, (_, e) in enumerate(parsed.events, start=1) if type(e) is ev.Turn)}

    def record(i: int, engine: Any) -> None:
        turn[i] = engine.current
        phase[i] = engine.phase
        if i in keep or (i in peach and any(s.hp <= 0 for s in engine.table.seats.values())):
            seats[i] = snapshot(engine)[2]

    rep = validate_parsed(parsed, ruleset_name, keep_engine=True, on_step=record)
    return rep, turn, phase, seats


def snapshot(engine: Any) -> tuple[int | None, str | None, list[tuple[Any, ...]]]:
    """Whose turn, which phase, and every seat's visible state.

    A seat is ``(seat, hp, max_hp, alive, hand_size, equip, judge, cards)`` (the fields of
    :data:`sgs_replay.store.schema.SEAT_STATE_FIELDS`), equipment in slot order, the hand's cards
    sorted with ``?`` for each card the log keeps hidden.
    """
    seats = engine.table.seats
    slots = _slots()
    out = []
    for k in sorted(seats):
        s = seats[k]
        eq, hand, hidden = s.equip, s.hand, s.hidden
        cards = sorted(hand.elements()) if hand else []
        if hidden:
            cards += ["?"] * hidden
        out.append((s.seat, s.hp, s.max_hp, s.alive, sum(hand.values()) + hidden,
                    [eq[sl] for sl in slots if sl in eq] if eq else [], list(s.judge), cards))
    return engine.current, engine.phase, out


@cache
def _slots() -> tuple[Any, ...]:
    from sgs_replay.engine.state import Slot

    return tuple(Slot)


def won(mode: str | None, winner: str | None, role: str | None, side: str | None, alive: bool | None) -> bool | None:
    """Whether a player is on the winning side (spec §5 `game_end`); None when that is not known.

    Identity mode: ``lord`` means the lord and the loyalists; ``renegade`` means the renegade left
    alone on the table (with two renegades only the survivor wins). 3v3 and 1v1: the winning side. 國戰: the
    kingdom named (``role`` holds the seat's kingdom), dead members included; a 野心家 only alive.
    """
    if winner is None:
        return None
    if mode in ("identity", "1v3"):  # 1v3: 神吕布 holds the lord's role, the allies the rebels'
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
    if mode == "hegemony":  # 國戰: the kingdom left (its dead too); a 野心家 wins alone, alive
        if role is None or winner in ("none", "draw"):
            return None if role is None else False
        return role == winner and (role != "careerist" or alive is True)
    return None


#: the views a log may give of a game, best first: every general known, some, none (國戰 ``?``)
VIEWS = ("full", "partial", "hidden")


def view_of(h: ev.Game | None) -> str:
    """Which view of its game a log gives: ``full`` (every general named in the header), ``hidden``
    (國戰 written from nobody's view: every general and 副将 ``?``) or ``partial`` (some ``?``: one
    player's view). Only 國戰 hides generals; every other log is ``full``."""
    if h is None:
        return "full"
    names = [g for p in h.players for g in (p.general, p.deputy) if g is not None]
    hidden = sum(g == "?" for g in names)
    return "full" if hidden == 0 else "hidden" if hidden == len(names) else "partial"


def proven_result(engine: Any, report: Any, events: list[tuple[int, ev.Event]]) -> tuple[str | None, str | None]:
    """The result the rules establish, beside the one the log declares (``report.result``).

    A victory condition the engine saw hold (``engine.over``: a death, time up, penalties, the draw pile
    used up in 虎牢關) is the result whatever ``game_end`` says. Without one, a declared end the
    position cannot show (a resignation, a draw by agreement, a tie-break) stands unless the validator
    reports an ``outcome`` violation on that ``game_end`` (a wrong winner or reason, an end before any
    victory condition): then no result is proven. No engine, or no end: none."""
    if engine is None:
        return None, None
    if engine.over:
        return engine.over[0], engine.over[1]
    declared = report.result
    if not declared:
        return None, None
    end = next((line for line, e in events if type(e) is ev.GameEnd), None)
    if any(v.kind == "outcome" and v.line == end for v in report.violations):
        return None, None
    return declared.get("winner"), declared.get("reason")


def outcome(mode: str | None, winner: str | None, reason: str | None, role: str | None, side: str | None,
            alive: bool | None) -> str | None:
    """A player's result, ``win``, ``draw`` or ``loss`` (None: no result known): a drawn game (winner
    ``none``, or reason ``draw``) is a draw for every seat; otherwise :func:`won`."""
    if winner is None:
        return None
    if winner in ("none", "draw") or reason == "draw":
        return "draw"
    w = won(mode, winner, role, side, alive)
    return None if w is None else "win" if w else "loss"


def event_columns(events: list[tuple[int, ev.Event]], gid: str) -> dict[str, list[Any]]:
    """The columns of the ``events`` table a log's events fill by themselves (all but the positions).

    ``seat`` is the acting seat (damage: the source), ``target`` the damage target, the killer of a
    death or the first target; ``card`` the card or the name a converted card is used as. ``json`` is
    the event re-encoded, as UTF-8 bytes (the store takes them as they are). Built column by column,
    each field read once per event.
    """
    n = len(events)
    evs = [e for _, e in events]
    types = [type(e) for e in evs]
    tag = ev.TAG_OF
    seat = [getattr(e, "seat", None) for e in evs]
    targets = [getattr(e, "targets", None) or None for e in evs]
    target = [ts[0] if ts else None for ts in targets]
    card = [getattr(e, "card", None) for e in evs]
    damage, death = ev.Damage, ev.Death
    for i, t in enumerate(types):
        if t is damage:
            e = evs[i]
            seat[i], target[i] = e.source, e.target  # type: ignore[union-attr]
        elif t is death:
            target[i] = evs[i].killer  # type: ignore[union-attr]
        if card[i] is None:
            a = getattr(evs[i], "as_", None)
            card[i] = a if isinstance(a, str) else None
    enc = _ENC.encode
    return {
        "game_id": [gid] * n, "seq": list(range(1, n + 1)), "line": [line for line, _ in events],
        "type": [tag[t] for t in types], "seat": seat, "target": target, "targets": targets,
        "side": [getattr(e, "side", None) for e in evs], "card": card,
        "cards": [getattr(e, "cards", None) for e in evs], "t": [e.t for e in evs],
        "json": [enc(e) for e in evs],
    }


def build_record(parsed: ParsedLog, path: Path | str, ruleset_name: str | None = None, *,
                 snapshots: bool = True, loaded_at: Any = None) -> GameRecord:
    """Validate one parsed log and lay out its rows."""
    from sgs_replay.replay.validate import validate_parsed

    n = len(parsed.events)
    if snapshots:
        rep, turn, phase, seats = replay_with_positions(parsed, ruleset_name)
    else:
        rep = validate_parsed(parsed, ruleset_name, keep_engine=True)
        turn = phase = [None] * (n + 1)
        seats = {}
    report, engine, gid = rep.report, rep.engine, rep.content_hash or content_hash(parsed)
    h = parsed.header
    result = report.result or {}
    winner, reason = result.get("winner"), result.get("reason")
    mode = h.mode if h else None
    rs0 = engine.rs if engine is not None else None

    def general_name(text: str) -> str:
        g = rs0.resolve_general(text) if rs0 is not None else None
        return g.name if g else text

    proven_winner, proven_reason = proven_result(engine, report, parsed.events)
    games = {
        "game_id": gid, "fingerprint": fingerprint(parsed, general_name), "file": str(path),
        "view": view_of(h), "proven_winner": proven_winner, "proven_reason": proven_reason, "result_checked": True,
        "declared_id": report.game_id, "source_format": parsed.source_format,
        "mode": mode, "ruleset": report.ruleset, "players": len(h.players) if h else None,
        "events": report.events, "violations": len(report.violations), "unverifiable": report.unverifiable,
        "desync": _desync_text(report.desyncs),
        "winner": winner, "reason": reason, "from_position": bool(h and h.start is not None),
        "meta": _ENC.encode(h.meta).decode() if h and h.meta else None,
        "header": _ENC.encode(h).decode() if h else None,
        "start_state": seats.get(0), "loaded_at": loaded_at,
        "import_problems": parsed.import_problems[:MAX_VIOLATIONS] or None,
        "violations_truncated": max(0, len(report.violations) - MAX_VIOLATIONS) + parsed.violations_truncated,
    }
    games["violations"] = min(len(report.violations), MAX_VIOLATIONS)

    players: dict[str, list[Any]] = {k: [] for k in (
        "game_id", "seat", "name", "general", "general_id", "role", "side", "position", "won", "alive_at_end",
        "hp_at_end", "deputy", "result")}
    if h is not None:
        rs = engine.rs if engine is not None else None
        for p in h.players:
            g = rs.resolve_general(p.general) if rs is not None else None
            st = engine.table.seats.get(p.seat) if engine is not None else None
            alive = st.alive if st is not None else None
            role = p.role
            if mode == "hegemony" and engine is not None:  # 國戰: the kingdom the seat ended with stands for its role
                role = engine.mode.kingdom_of(p.seat)
            d = rs.resolve_general(p.deputy) if rs is not None and p.deputy is not None else None
            if mode == "hegemony" and engine is not None:  # a `?` general named by its reveal (a log from a player's view)
                g, d = (x or y for x, y in zip(engine.mode.gens[p.seat], (g, d), strict=True))
            res = outcome(mode, proven_winner, proven_reason, role, p.side, alive)
            row = (gid, p.seat, p.name, g.name if g else p.general, g.id if g else None, role, p.side, p.position,
                   {"win": True, "loss": False}.get(res or ""), alive, st.hp if st is not None else None,
                   d.name if d else p.deputy, res)
            for k, v in zip(players, row, strict=True):
                players[k].append(v)

    events = event_columns(parsed.events, gid)
    # the general a general_choice brings in, by its canonical name (the statistics count it)
    choice = ev.GeneralChoice
    events["general"] = [general_name(e.general) if type(e) is choice else None  # type: ignore[union-attr]
                         for _, e in parsed.events]
    events["turn_seat"] = turn[1:]
    events["phase"] = phase[1:]
    events["state"] = [seats.get(i) for i in range(1, n + 1)]

    violations: dict[str, list[Any]] = {k: [] for k in VIOLATION_COLUMNS}
    for j, v in enumerate(report.violations[:MAX_VIOLATIONS]):
        _violation_row(violations, gid, j + 1, v)

    extra: dict[str, Any] = {"internal_errors": list(rep.extra.get("internal_errors", []))}
    if h is not None and h.mode == "3v3" and h.meta.get("match") not in (None, ""):
        extra["match"] = (h, report.result)  # checked with the other games of its match (MatchChecks)
    return GameRecord(game_id=gid, report=report, games=games, players=players, events=events, violations=violations,
                      extra=extra,
                      series_points=series_point_rows(h, engine, report.result, gid))


def series_point_rows(h: ev.Game | None, engine: Any, result: dict[str, Any] | None, gid: str) -> dict[str, list[Any]]:
    """The ``series_points`` rows of a game: every player's 4th-edition points when it is a finished
    identity game (sgs_replay.analysis.series), none otherwise."""
    from sgs_replay.analysis.series import game_points

    points = game_points(h, engine, result)
    if h is None or points is None:
        return {}
    names = {p.seat: p.name for p in h.players}
    n = len(points)
    return {"game_id": [gid] * n, "series_id": [h.series_id] * n, "game_number": [h.game_number] * n,
            "seat": [p.seat for p in points], "name": [names.get(p.seat) for p in points],
            "role": [p.role for p in points], "base": [p.base for p in points], "bonus": [p.bonus for p in points],
            "points": [p.total for p in points]}


def _desync_text(desyncs: list[dict[str, Any]]) -> str | None:
    from sgs_replay.importers.oracle import Desync

    return Desync(**desyncs[0]).message() if desyncs else None


class MatchChecks:
    """The 3v3 matches (``meta.match``) among the games a load adds, checked together as ``validate`` does.

    :meth:`add` each game the store accepts; :meth:`amendment` then gives the match violations (located
    at line 1 of the game they concern, numbered after its other violations) and the games' new
    violation counts. Only games loaded together are compared: load every game of a match in one go.
    """

    def __init__(self) -> None:
        self.games: list[tuple[str, dict[str, Any], Any, Any]] = []  # (game_id, games row, header, result)

    def add(self, rec: GameRecord) -> None:
        if rec.extra.get("match") is not None:
            self.games.append((rec.game_id, rec.games, *rec.extra["match"]))

    def amendment(self) -> Amendment | None:
        if not self.games:
            return None
        try:
            from sgs_replay.replay.match import MatchEntry, check_matches
        except ImportError:  # an installation without match checks
            return None
        matches = check_matches(MatchEntry(row["file"], header, result) for _, row, header, result in self.games)
        by_file = {row["file"]: (gid, row) for gid, row, _, _ in self.games}
        cols: dict[str, list[Any]] = {k: [] for k in VIOLATION_COLUMNS}
        counts: dict[str, int] = {}
        kinds: list[str] = []
        for m in matches:
            for file, v in m.violations:
                if file not in by_file:
                    continue
                gid, game = by_file[file]
                game["violations"] += 1
                counts[gid] = game["violations"]
                _violation_row(cols, gid, game["violations"], v)
                kinds.append(v.kind)
        return Amendment(violations=cols, counts=counts, kinds=kinds) if counts else None


VIOLATION_COLUMNS = ("game_id", "n", "line", "rule", "kind", "seat", "message", "expected", "observed", "message_zh",
                     "cite", "quote")


def _violation_row(cols: dict[str, list[Any]], gid: str, n: int, v: Any) -> None:
    row = (gid, n, v.line, v.rule, v.kind, v.seat, v.message, v.expected, v.observed, v.message_zh, v.cite, v.quote)
    for k, val in zip(VIOLATION_COLUMNS, row, strict=True):
        cols[k].append(val)
