"""Shared pieces for the test log builders: the `seats` of a `start` position (spec §6)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any


def seat_states(n: int, *, hands: Mapping[int, Sequence[str]] | None = None,
                equip: Mapping[int, Sequence[str]] | None = None, judge: Mapping[int, Sequence[str]] | None = None,
                hp: Mapping[int, int] | None = None, max_hp: Mapping[int, int] | None = None,
                dead: Iterable[int] = ()) -> dict[str, Any]:
    """Every seat 1..n with its hand, equipment and judge area; HP where given; dead seats at 0 HP
    unless an HP is given for them."""
    dead = set(dead)
    seats: dict[str, Any] = {}
    for s in range(1, n + 1):
        st: dict[str, Any] = {"hand": list((hands or {}).get(s, [])), "equip": list((equip or {}).get(s, [])),
                              "judge": list((judge or {}).get(s, []))}
        if hp and s in hp:
            st["hp"] = hp[s]
        if max_hp and s in max_hp:
            st["max_hp"] = max_hp[s]
        if s in dead:
            st["alive"] = False
            st.setdefault("hp", 0)
        seats[str(s)] = st
    return seats
