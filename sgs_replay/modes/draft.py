"""The 3v3 draft (seed 004 二、1 选将阶段; seed 000/001 3V3规则 选将 步骤1–8).

Sixteen generals in the pool; the warm side decides which side picks first (``draft_first``); pick
turns of 1, 2, 2, 2, 2, 2, 2, 2, 1 generals alternate; only from the pool, never twice; each side's
lineup (commander + two vanguards) comes from its own picks and is the one seated in the header.
Seed 004 stops after the eighth turn (15 picked); the ninth turn is the ruleset parameter
``draft_ninth_pick`` (docs/conflicts.md). The draft happens before the game: a draft event after the
first event of play is out of place.

Names are resolved under the ruleset, so in 3v3-2013 a plain 关羽 in the pool, a pick, a lineup and
the header all mean the revised 关羽 (seed 002 六).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from sgs_replay.formats import events as ev
from sgs_replay.rules import catalogue as R

if TYPE_CHECKING:
    from sgs_replay.engine.core import Engine

PICK_SIZES = (1, 2, 2, 2, 2, 2, 2, 2, 1)
POOL_SIZE = 16
OTHER = {"cold": "warm", "warm": "cold"}


class Drafting(Protocol):
    """The mode that holds a draft (3v3): its engine and the draft's state."""

    eng: Engine
    draft_state: DraftState | None
    draft_closed: bool


class DraftState:
    def __init__(self) -> None:
        self.pool: list[str] | None = None
        self.first: str | None = None
        self.turn = 0
        self.picks: dict[str, list[str]] = {"cold": [], "warm": []}
        self.lineups: dict[str, list[str]] = {}
        self.logged = False


def _name(mode: Drafting, g: str) -> str:
    gen = mode.eng.rs.resolve_general(g)
    return gen.name if gen else g


def _accepted_unknown(eng: Engine, g: str) -> bool:
    """``g`` is no general of the project and the ruleset accepts such generals (``unknown_generals``)."""
    return eng.rs.resolve_general(g) is None and eng.rs.p.unknown_generals == "unverifiable"


def _state(mode: Drafting) -> DraftState:
    d = mode.draft_state
    if d is None:
        d = DraftState()
        mode.draft_state = d  # type: ignore[assignment]
    return d  # type: ignore[return-value]


def check_draft(mode: Drafting, e: ev.Event) -> None:
    eng = mode.eng
    d = _state(mode)
    d.logged = True
    if mode.draft_closed:
        eng.report(R.V_DRAFT, None, "the draft takes place before the game", expected="no draft event during play",
                   observed=ev.event_type(e))
        return
    if isinstance(e, ev.DraftPool):
        _pool(mode, d, e)
    elif isinstance(e, ev.DraftFirst):
        if d.first is not None or d.turn:
            eng.report(R.V_DRAFT, None, "the side that picks first is decided once, before the first pick",
                       expected="one draft_first before the picks", observed=f"draft_first {e.side}")
        if d.first is None and not d.turn:
            d.first = e.side
    elif isinstance(e, ev.DraftPick):
        _pick(mode, d, e)
    elif isinstance(e, ev.Lineup):
        _lineup(mode, d, e)


def _pool(mode: Drafting, d: DraftState, e: ev.DraftPool) -> None:
    eng = mode.eng
    if d.pool is not None or d.turn:
        eng.report(R.V_DRAFT, None, "the pool is laid out once, before the picks", observed="a second draft_pool")
    names = [_name(mode, g) for g in e.generals]
    if len(names) != POOL_SIZE or len(set(names)) != len(names):
        eng.report(R.V_DRAFT, None, f"the draft pool holds {POOL_SIZE} different generals",
                   expected=POOL_SIZE, observed=f"{len(names)} ({len(set(names))} different)")
    for g in e.generals:
        gen = eng.rs.resolve_general(g)
        if (gen is None and not _accepted_unknown(eng, g)) or (gen is not None and not eng.rs.in_roster(gen)):
            eng.report(R.H_ROSTER, None, f"{g} is not in the {eng.rs.name} roster", observed=g)
    d.pool = names


def _pick(mode: Drafting, d: DraftState, e: ev.DraftPick) -> None:
    eng = mode.eng
    names = [_name(mode, g) for g in e.generals]
    ninth = bool(eng.rs.p.draft_ninth_pick)
    last = len(PICK_SIZES) if ninth else len(PICK_SIZES) - 1
    if d.turn >= last:
        eng.report(R.V_DRAFT, None, f"the draft has {last} pick turns", expected=f"at most {last}",
                   observed=f"pick turn {d.turn + 1}")
    else:
        if d.first is None:  # not logged: the first pick shows it, unless the ruleset fixes the side
            d.first = "warm" if eng.rs.p.draft_first_side == "warm" else e.side
        want = d.first if d.turn % 2 == 0 else OTHER[d.first]
        if e.side != want:
            eng.report(R.V_DRAFT, None, f"pick turn {d.turn + 1} is the {want} side's (picks alternate from the {d.first} side)",
                       expected=want, observed=e.side)
        if len(names) != PICK_SIZES[d.turn]:
            eng.report(R.V_DRAFT, None, f"pick turn {d.turn + 1} takes {PICK_SIZES[d.turn]} general(s)",
                       expected=PICK_SIZES[d.turn], observed=len(names))
    taken = set(d.picks["cold"]) | set(d.picks["warm"])
    for g in names:
        if d.pool is not None and g not in d.pool:
            eng.report(R.V_DRAFT, None, f"{g} is not in the pool", expected=f"one of {sorted(set(d.pool) - taken)}", observed=g)
        if g in taken:
            eng.report(R.V_DRAFT, None, f"{g} was already picked", observed=g)
        taken.add(g)
    d.picks[e.side].extend(names)
    d.turn += 1


def _lineup(mode: Drafting, d: DraftState, e: ev.Lineup) -> None:
    eng = mode.eng
    names = [_name(mode, e.commander)] + [_name(mode, g) for g in e.vanguards]
    if e.side in d.lineups:
        eng.report(R.V_DRAFT, None, f"the {e.side} side sets its lineup once", observed="a second lineup")
    if len(e.vanguards) != 2 or len(set(names)) != len(names):
        eng.report(R.V_DRAFT, None, "a lineup is a commander and two other vanguards", observed=names)
    if d.turn:
        for g in names:
            if g not in d.picks[e.side]:
                whose = " (the other side picked it)" if g in d.picks[OTHER[e.side]] else ""
                eng.report(R.V_DRAFT, None, f"{g} was not picked by the {e.side} side{whose}",
                           expected=f"one of {d.picks[e.side]}", observed=g)
    d.lineups[e.side] = names
    seated = _seated(mode, e.side)
    if seated[0] or seated[1]:
        cmd, vans = seated
        if cmd != [names[0]] or sorted(vans) != sorted(names[1:]):
            eng.report(R.V_DRAFT, None, f"the {e.side} lineup differs from the header",
                       expected=f"commander {cmd[0] if cmd else '?'}, vanguards {vans}",
                       observed=f"commander {names[0]}, vanguards {names[1:]}")


def _seated(mode: Drafting, side: str) -> tuple[list[str], list[str]]:
    cmd: list[str] = []
    vans: list[str] = []
    undefined = {p.seat: p.general for p in mode.eng.header.players if p.seat in mode.eng.undefined}
    for s in mode.eng.table.seats.values():
        name = s.general.name if s.general is not None else undefined.get(s.seat)  # undefined: the header's name
        if s.side == side and name is not None:
            (cmd if s.position == "commander" else vans).append(name)
    return cmd, vans


def close_draft(mode: Drafting) -> None:
    """The first event of play: a logged draft must be complete, and each side plays its own picks."""
    d = mode.draft_state
    if d is None or not d.logged:
        return
    eng = mode.eng
    if d.turn and d.turn < len(PICK_SIZES) - 1:
        eng.report(R.V_DRAFT, None, f"the draft stopped after {d.turn} pick turns",
                   expected=f"{len(PICK_SIZES) - 1} or {len(PICK_SIZES)} pick turns", observed=d.turn)
    if not d.turn:
        return
    for side in ("cold", "warm"):
        if side in d.lineups:
            continue
        cmd, vans = _seated(mode, side)
        for g in cmd + vans:
            if g not in d.picks[side]:
                eng.report(R.V_DRAFT, None, f"{g} plays for the {side} side but was not picked by it",
                           expected=f"one of {d.picks[side]}", observed=g, line=1)
