"""SGS-F006 unknown-seat: an event names a seat that is not at the table."""

from __future__ import annotations

from typing import Any

import pytest


def test_ok_every_seat_in_range(sgs: Any) -> None:
    sgs.identity([{"type": "turn", "seat": 4}, {"type": "turn_end", "seat": 4}, {"type": "turn", "seat": 5}],
                 current=3, phase="finish").assert_clean()


@pytest.mark.parametrize(
    "line",
    [
        {"type": "turn", "seat": 6},
        {"type": "use", "seat": 3, "card": "♠7 杀", "targets": [9]},
        {"type": "damage", "target": 7, "amount": 1},
        {"type": "damage", "target": 4, "source": 8, "amount": 1},
        {"type": "death", "seat": 4, "killer": 10},
    ],
    ids=["turn", "target", "damage-target", "damage-source", "killer"],
)
def test_flags_seat_not_at_the_table(sgs: Any, line: dict[str, Any]) -> None:
    out = sgs.identity([line], hands={3: ["♠7 杀"]}, hp={4: 0})
    out.assert_flags("SGS-F006", line=2)


def test_flags_unknown_seat_in_start_position(sgs: Any) -> None:
    h = sgs.header(sgs.identity_players(), start=sgs.start(5))
    h["start"]["seats"]["9"] = {"hand": []}
    out = sgs.validate(sgs.text(h, []))
    out.assert_flags("SGS-F006", line=1)


def test_ok_ten_seats_at_a_ten_player_table(sgs: Any) -> None:
    generals = [("刘备", "lord"), ("关羽", "loyalist"), ("张飞", "loyalist"), ("赵云", "loyalist"), ("曹操", "rebel"),
                ("张辽", "rebel"), ("许褚", "rebel"), ("郭嘉", "rebel"), ("孙权", "renegade"), ("周瑜", "renegade")]
    sgs.identity([{"type": "turn", "seat": 10}], players=sgs.identity_players(generals), current=9,
                 phase="finish").assert_clean()
