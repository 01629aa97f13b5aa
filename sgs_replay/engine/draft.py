"""The 3v3 draft (seed 004 二、赛事流程介绍; seed 000/001 3V3规则).

Sixteen generals in the pool; the warm side decides who picks first; pick turns of 1, 2, 2, 2, 2, 2,
2, 2, 1 generals alternate; only from the pool, never twice; each side's lineup (commander + two
vanguards) comes from its own picks. Seed 004 stops after the eighth turn (15 picked); the ninth turn
is the ruleset parameter ``draft_ninth_pick`` (docs/conflicts.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sgs_replay import events as ev
from sgs_replay.rules import catalogue as R

if TYPE_CHECKING:
    from sgs_replay.engine.three_v_three import ThreeVThree

PICK_SIZES = (1, 2, 2, 2, 2, 2, 2, 2, 1)
OTHER = {"cold": "warm", "warm": "cold"}


class DraftState:
    def __init__(self) -> None:
        self.pool: list[str] | None = None
        self.first: str | None = None
        self.turn = 0
        self.picks: dict[str, list[str]] = {"cold": [], "warm": []}


def _name(mode: ThreeVThree, g: str) -> str:
    gen = mode.eng.rs.resolve_general(g)
    return gen.name if gen else g


def check_draft(mode: ThreeVThree, e: ev.Event) -> None:
    eng = mode.eng
    d: DraftState = getattr(mode, "draft_state", None) or DraftState()
    mode.draft_state = d  # type: ignore[attr-defined]
    if isinstance(e, ev.DraftPool):
        names = [_name(mode, g) for g in e.generals]
        if len(names) != 16 or len(set(names)) != 16:
            eng.report(R.V_DRAFT, None, "the draft pool holds 16 different generals", expected=16, observed=len(set(names)))
        for g in e.generals:
            gen = eng.rs.resolve_general(g)
            if gen is None or not eng.rs.in_roster(gen):
                eng.report(R.H_ROSTER, None, f"{g} is not in the {eng.rs.name} roster", observed=g)
        d.pool = names
    elif isinstance(e, ev.DraftFirst):
        d.first = e.side
    elif isinstance(e, ev.DraftPick):
        names = [_name(mode, g) for g in e.generals]
        if d.turn >= len(PICK_SIZES) or (d.turn == 8 and not eng.rs.get("draft_ninth_pick", True)):
            eng.report(R.V_DRAFT, None, "the draft has no more pick turns", observed=f"pick {d.turn + 1}")
        else:
            want_side = d.first if d.turn % 2 == 0 else OTHER[d.first] if d.first else None
            if d.first is not None and e.side != want_side:
                eng.report(R.V_DRAFT, None, f"pick turn {d.turn + 1} is the {want_side} side's", expected=want_side, observed=e.side)
            if len(names) != PICK_SIZES[d.turn]:
                eng.report(R.V_DRAFT, None, f"pick turn {d.turn + 1} takes {PICK_SIZES[d.turn]}",
                           expected=PICK_SIZES[d.turn], observed=len(names))
        taken = set(d.picks["cold"]) | set(d.picks["warm"])
        for g in names:
            if d.pool is not None and g not in d.pool:
                eng.report(R.V_DRAFT, None, f"{g} is not in the pool", observed=g)
            if g in taken:
                eng.report(R.V_DRAFT, None, f"{g} was already picked", observed=g)
        d.picks[e.side].extend(names)
        d.turn += 1
    elif isinstance(e, ev.Lineup):
        names = [_name(mode, e.commander)] + [_name(mode, g) for g in e.vanguards]
        if len(e.vanguards) != 2:
            eng.report(R.V_DRAFT, None, "a lineup is a commander and two vanguards", observed=len(e.vanguards))
        if d.turn:
            for g in names:
                if g not in d.picks[e.side]:
                    eng.report(R.V_DRAFT, None, f"{g} was not picked by the {e.side} side", observed=g)
        seated = {}
        for s in eng.table.seats.values():
            if s.side == e.side and s.general is not None:
                seated[s.position] = seated.get(s.position, []) + [s.general.name]
        if seated:
            if seated.get("commander") != [names[0]] or sorted(seated.get("vanguard", [])) != sorted(names[1:]):
                eng.report(R.V_DRAFT, None, f"the {e.side} lineup differs from the header",
                           expected=f"{seated.get('commander')} + {seated.get('vanguard')}", observed=names)
