"""Shared pieces for the test log builders: the `seats` of a `start` position (spec §6)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any


def seat_states(n: int, *, hands: Mapping[int, Sequence[str]] | None = None,
                equip: Mapping[int, Sequence[str]] | None = None, judge: Mapping[int, Sequence[str]] | None = None,
                hp: Mapping[int, int] | None = None, max_hp: Mapping[int, int] | None = None,
                dead: Iterable[int] = (), chained: Iterable[int] = ()) -> dict[str, Any]:
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
        if s in set(chained):
            st["chained"] = True
        if s in dead:
            st["alive"] = False
            st.setdefault("hp", 0)
        seats[str(s)] = st
    return seats


def judge_log(data: bytes, name: str = "<test>", ruleset: str | None = None) -> Any:
    """Parse and validate a test log. A header naming a ruleset *file* (a house rule written by the
    test) is judged the way ``--ruleset house.toml`` judges it: the file goes to the caller's ruleset
    argument, since a log header itself may name only a packaged ruleset."""
    import json

    from sgs_replay.formats.reader import parse_bytes
    from sgs_replay.replay.validate import validate_parsed

    first, sep, rest = data.partition(b"\n")
    try:
        header = json.loads(first)
    except ValueError:
        header = None
    if ruleset is None and isinstance(header, dict) and str(header.get("ruleset", "")).endswith(".toml"):
        ruleset = header["ruleset"]
        header["ruleset"] = "house"
        data = json.dumps(header, ensure_ascii=False).encode("utf-8") + sep + rest
    return validate_parsed(parse_bytes(data, name), ruleset)
