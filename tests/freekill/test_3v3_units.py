"""3v3 action units (``@!action-round``): a character's death clears its marks, the 小红旗 with them,
in the middle of a round; that is not the round's end, and the vanguards' unit then under way goes on
(a new unit for the second vanguard was flagged, SGS-3002)."""

from __future__ import annotations

from test_3v3_skills import clean, game


def test_a_death_does_not_split_the_vanguards_unit() -> None:
    """Seat 3 (cold vanguard, acted this round, at 1 HP) dies in seat 4's turn; FreeKill lowers its
    小红旗; seat 6 then acts as the second of the warm vanguards' unit."""
    rec = game("machao", "sunquan", "zhangfei", "guanyu", "caocao", "huatuo")
    start = next(i for i, e in enumerate(rec.entries) if e[2] == b"GameLog")  # $GameStart
    rec.prop(3, "hp", 1)
    rec.entries.insert(start, rec.entries.pop())
    rec.hp[3] = 1
    rec.unit(1)
    rec.quiet(1, [189, 190], discard=[189, 190])
    rec.unit(3)
    rec.quiet(3, [191, 193], discard=[172, 173, 174, 175, 191])
    rec.unit(4)
    rec.begin(4, [195, 196])
    rec.use(4, 178, to=[3])
    rec.damage(3, 4)
    rec.dying(3)
    rec.kill(3, 4, cards=[193])
    rec.packet("SetPlayerMark", [3, "@!action-round", 0])
    rec.draw(4, [200, 202], skill="kill")
    rec.done([178])
    rec.focus(4)
    rec.end(4, discard=[176, 177, 179])
    rec.unit(6)
    rec.quiet(6, [203, 204], discard=[185, 186, 187])
    events = clean(rec)
    units = [(e["side"], e.get("order")) for e in events if e["type"] == "action_unit"]
    assert units == [("cold", [1, 3]), ("warm", [4, 6])]
