"""The replayer: header checks, then every event through the rules engine → a :class:`Report`.

``validate_parsed`` is the one entry point the CLI, the loader and the tests use.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import msgspec

from sgs_replay.content import Ruleset, UnknownRuleset
from sgs_replay.content import ruleset as load_ruleset
from sgs_replay.formats import events as ev
from sgs_replay.formats.reader import ParsedLog
from sgs_replay.importers.oracle import Areas, Desync, compare, engine_areas
from sgs_replay.rules import Violation, make
from sgs_replay.rules import catalogue as R


class Report(msgspec.Struct):
    """The validator's report for one file (spec §7), plus what the loader needs."""

    file: str
    game_id: str | None
    ruleset: str | None
    events: int
    violations: list[Violation]
    unverifiable: int
    result: dict[str, Any] | None
    #: where the replay's card areas first left the recording's (an importer or engine defect)
    desyncs: list[dict[str, Any]] = []
    #: what the importer of a recording did not understand (``entry N (packet): message``)
    import_problems: list[str] = []
    #: what the recording's engine did that only its ruleset accepts, as that engine's behaviour
    engine_behaviour: list[str] = []
    #: per seat whose general the engine does not model: how many events that left unchecked
    unmodelled: list[str] = []

    def public(self) -> dict[str, Any]:
        out = self._public()
        if self.unmodelled:  # only for a game with a general the engine does not model
            out["unmodelled"] = self.unmodelled
        return out

    def _public(self) -> dict[str, Any]:
        return {
            "file": self.file, "game_id": self.game_id, "ruleset": self.ruleset, "events": self.events,
            "violations": [
                {"rule": v.rule, "kind": v.kind, "line": v.line, "seat": v.seat, "message": v.message,
                 "expected": v.expected, "observed": v.observed, "message_zh": v.message_zh, "cite": v.cite,
                 "quote": v.quote}
                for v in self.violations
            ],
            "unverifiable": self.unverifiable, "result": self.result,
            "desyncs": self.desyncs, "import_problems": self.import_problems,
            "engine_behaviour": self.engine_behaviour,
        }


@dataclass
class Replay:
    """A report plus the final engine (state, for viewers) and the parsed log."""

    report: Report
    parsed: ParsedLog
    engine: Any = None
    content_hash: str = ""
    extra: dict[str, Any] = field(default_factory=dict)


def content_hash(parsed: ParsedLog) -> str:
    """A game's id for storage: the hash of every byte of the file (``ParsedLog.content_id``).

    A log with one broken line is a different game from the intact one, so neither hides the other
    in the store. Logs built in memory without bytes fall back to a hash of the parsed content.
    """
    if parsed.content_id:
        return parsed.content_id
    h = hashlib.sha256()
    enc = msgspec.json.Encoder(order="sorted")
    if parsed.header is not None:
        hdr = msgspec.structs.replace(parsed.header, t=None, note=None)
        h.update(enc.encode(hdr))
    for _, e in parsed.events:
        h.update(b"\n")
        h.update(enc.encode(msgspec.structs.replace(e, t=None, note=None)))
    return h.hexdigest()[:16]


def _check_areas(engine: Any, recorded: Areas, line: int, out: list[Desync]) -> None:
    engine.settle_processing()
    d = compare(recorded, engine_areas(engine.table, recorded.moment), line)
    if d is not None:
        out.append(d)


def check_header(h: ev.Game, rs: Ruleset) -> list[Violation]:
    out: list[Violation] = []
    if h.mode != rs.mode:
        out.append(make(R.H_MODE, 1, None, f"mode {h.mode!r} with ruleset {rs.name!r} ({rs.mode})",
                        expected=rs.mode, observed=h.mode))
    seats = [p.seat for p in h.players]
    n = len(seats)
    if sorted(seats) != list(range(1, n + 1)):
        dup = [s for s, k in Counter(seats).items() if k > 1]
        out.append(make(R.H_SEATS, 1, None, f"seats {sorted(seats)}" + (f", duplicated {dup}" if dup else ""),
                        expected=list(range(1, n + 1)), observed=sorted(seats)))
    for p in h.players:
        if h.mode == "hegemony" and p.general == "?":
            continue  # a face-down general in a log from a player's view: checked when revealed
        g = rs.resolve_general(p.general)
        if g is None and rs.p.unknown_generals == "unverifiable":
            continue  # judged without it: what its skills could explain is unverifiable (docs/freekill.md)
        if g is None:
            out.append(make(R.F_HEADER, 1, p.seat, f"unknown general {p.general!r}", observed=p.general))
        elif rs.roster and not rs.in_roster(g):
            out.append(make(R.H_ROSTER, 1, p.seat, f"{p.general} is not in the {rs.name} roster", observed=p.general))
    if h.mode == "identity":
        from sgs_replay.engine.core import extra_role_rows, role_counts_ok

        roles = [p.role for p in h.players]
        if any(r is None for r in roles):
            out.append(make(R.H_ROLES, 1, None, "every identity-mode player needs a role", observed=roles))
        elif not role_counts_ok([r for r in roles if r], rs.p.eight_player_roles, rs.p.extra_role_rows) \
                or next((p.role for p in h.players if p.seat == 1), None) != "lord":
            c = Counter(roles)
            eight = rs.p.eight_player_roles if n == 8 else None
            out.append(make(R.H_ROLES, 1, None, f"{n} players with {dict(c)}; the lord sits in seat 1",
                            expected=f"{eight} lord/loyalists/rebels/renegade ({rs.name})" if eight else "《三国杀》标准版规则（身份局） · role table",
                            observed=dict(c)))
        if not 4 <= n <= 10 and n not in extra_role_rows(rs.p.extra_role_rows):
            out.append(make(R.H_ROLES, 1, None, f"identity mode is for 4–10 players, not {n}", observed=n))
    elif h.mode == "3v3":
        want = {1: ("cold", "vanguard"), 2: ("cold", "commander"), 3: ("cold", "vanguard"),
                4: ("warm", "vanguard"), 5: ("warm", "commander"), 6: ("warm", "vanguard")}
        got = {p.seat: (p.side, p.position) for p in h.players}
        if got != want:
            bad = [s for s in sorted(set(got) | set(want)) if got.get(s) != want.get(s)]
            out.append(make(R.H_3V3, 1, bad[0] if bad else None, f"seats {bad} do not match the 3v3 seating",
                            expected={s: want.get(s) for s in bad}, observed={s: got.get(s) for s in bad}))
    elif h.mode == "1v3":
        from sgs_replay.modes.hulao import header_problems

        for problem in header_problems(h, rs.p.hulao_forms):
            out.append(make(R.HL_SETUP, 1, problem[0], problem[1], expected=problem[2], observed=problem[3]))
    elif h.mode == "hegemony":
        from sgs_replay.modes.hegemony import header_problems as heg_problems

        for seat, detail, expected, observed in heg_problems(h, rs):
            out.append(make(R.HG_SETUP, 1, seat, detail, expected=expected, observed=observed))
    elif h.mode == "1v1":
        sides = sorted(p.side or "" for p in h.players)
        if n != 2 or sides != ["cold", "warm"]:
            out.append(make(R.H_3V3, 1, None, "1v1 has two seats, one warm and one cold", observed=sides))
    return out


def validate_parsed(parsed: ParsedLog, ruleset_name: str | None = None, *, keep_engine: bool = False,
                    on_step: Callable[[int, Any], None] | None = None) -> Replay:
    """Replay one parsed log under its own ruleset (or ``ruleset_name``) and report.

    ``on_step(i, engine)`` is called with the engine before the first event (``i = 0``) and after
    each event ``i`` (1-based), so a caller can record positions in the same pass.
    """
    from sgs_replay.engine.core import Engine

    violations = list(parsed.violations)
    h = parsed.header
    name = ruleset_name or (h.ruleset if h else None)
    result = None
    unverifiable = 0
    engine = None
    internal_errors: list[str] = []
    desyncs: list[Desync] = []
    if h is not None:
        rs: Ruleset | None
        try:
            rs = load_ruleset(name or "", allow_path=ruleset_name is not None)  # a header names packaged ones only
        except UnknownRuleset:
            rs = None
            violations.append(make(R.F_HEADER, 1, None, f"unknown ruleset {name!r}", observed=name))
        if rs is not None:
            violations.extend(check_header(h, rs))
            seat_ok = sorted(p.seat for p in h.players) == list(range(1, len(h.players) + 1))
            if seat_ok:
                try:
                    engine = Engine(h, rs)
                except Exception as exc:  # noqa: BLE001 - reported, the format checks still stand
                    internal_errors.append(f"{parsed.name}:1: internal error, game not replayed ({type(exc).__name__}: {exc})")
                    seat_ok = False
            if seat_ok and engine is not None:
                last = 1
                if on_step is not None:
                    on_step(0, engine)
                checkpoints = parsed.checkpoints
                for i, (line, e) in enumerate(parsed.events, start=1):
                    last = line
                    if checkpoints and line in checkpoints and not desyncs:
                        _check_areas(engine, checkpoints[line], line, desyncs)
                    try:
                        engine.step(line, e)
                    except RecursionError:
                        engine.report(R.R_INTERLEAVED, None, "resolution nests too deeply; the rest is not checked", line=line)
                        break
                    except Exception as exc:  # noqa: BLE001 - an engine fault must not cost the rest of the batch
                        engine.unverifiable_because(f"internal error ({type(exc).__name__}: {exc})")
                        internal_errors.append(f"{parsed.name}:{line}: internal error, event not checked "
                                               f"({type(exc).__name__}: {exc})")
                    if on_step is not None:
                        on_step(i, engine)
                if checkpoints and not desyncs:
                    for line in sorted(k for k in checkpoints if k > last):
                        _check_areas(engine, checkpoints[line], line, desyncs)
                        break
                engine.finish(last)
                violations.extend(engine.violations)
                unverifiable = engine.unverifiable
                result = engine.result
    violations.sort(key=lambda v: v.line)
    report = Report(
        file=parsed.name, game_id=h.game_id if h else None, ruleset=name, events=len(parsed.events),
        violations=violations, unverifiable=unverifiable, result=result,
        desyncs=[d.public() for d in desyncs], import_problems=list(parsed.import_problems),
        engine_behaviour=list(engine.behaviour_notes) if engine is not None else [],
        unmodelled=engine.unmodelled_summary() if engine is not None else [],
    )
    if internal_errors:
        import sys

        for msg in internal_errors[:5]:
            sys.stderr.write(msg + "\n")
    return Replay(report=report, parsed=parsed, engine=engine if keep_engine else None, content_hash=content_hash(parsed),
                  extra={"internal_errors": internal_errors})
