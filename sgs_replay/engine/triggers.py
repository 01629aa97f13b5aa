"""The order of simultaneous triggers, written once.

Seed 004 一、6 (武将技能结算顺序):

1. 当同时有多个武将的技能可以发动时，自当前行动选手开始，逆时针顺序进行结算。
   Several characters' skills at the same moment resolve seat by seat, starting with the current
   player and going to the next seat (下家, "逆时针" in the rulebooks, spec §2).
2. 同时机多个技能结算发生冲突时，按以下优先级执行：锁定技＞武将技能＞武器技能。
   One character's skills at the same moment: locked skills first, then the other general skills,
   then equipment.

Each player is asked once per moment (docs/conflicts.md, "simultaneous skills"): once the next
player has answered, an earlier one may not come back. A player who uses the same skill several
times in a row (遗计 per point of damage) is still one answer.

A *window* is one such moment (the judgement card waiting for retrials, the damage just taken, the
start of a phase …). :func:`note` records each trigger of a window as the log shows it and reports
a ``resolution_order`` violation naming the expected order when the log's order is not one the
rules permit. Retrials (鬼才, 鬼道, 缓释) follow the same order, and the last one stands.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from sgs_replay.content import card_kinds, skill_by_name
from sgs_replay.rules import catalogue as R

if TYPE_CHECKING:
    from sgs_replay.engine.core import Engine


R_TRIGGER_ORDER = R.R_TRIGGER_ORDER

FORCED_KINDS = {"locked", "awakening"}


def is_equipment(name: str) -> bool:
    """Whether ``name`` is a weapon's or an armour's (its effect triggers as equipment; horses have none)."""
    kind = card_kinds.BY_NAME.get(name)
    return kind is not None and kind.subtype in ("weapon", "armor")


def priority(name: str) -> int:
    """0 locked (and awakening, which is compulsory), 1 other general skills, 2 equipment."""
    if is_equipment(name):
        return 2
    info = skill_by_name().get(name)
    if info is not None and info.kind in FORCED_KINDS:
        return 0
    return 1


def seat_rank(eng: Engine, seat: int, first: int | None = None) -> int:
    """Position of ``seat`` in next-seat order from the current player (0 = the current player)."""
    start = first if first is not None else eng.current
    if start is None or start not in eng.table.seats:
        return seat
    n = eng.table.n
    return (seat - start) % n


def sort_key(eng: Engine, seat: int, name: str, first: int | None = None) -> tuple[int, int]:
    return (seat_rank(eng, seat, first), priority(name))


def in_order(eng: Engine, triggers: list[tuple[int, str]], first: int | None = None) -> list[tuple[int, str]]:
    """The order the rules fix for ``triggers`` [(seat, skill)] (stable for equal keys)."""
    return sorted(triggers, key=lambda t: sort_key(eng, t[0], t[1], first))


@dataclass
class Window:
    """The triggers logged for one moment, in log order."""

    key: str
    first: int | None = None  # whose turn it is (the order starts there)
    seen: list[tuple[int, str]] = field(default_factory=list)
    reported: bool = False


def note(eng: Engine, window: Window, seat: int, name: str) -> None:
    """Record a trigger; report once per window when the log's order is not one the rules permit."""
    if window.seen and window.seen[-1] == (seat, name):
        return  # the same skill again (遗计 per point, 洛神 repeated): one answer
    prev = window.seen[-1] if window.seen else None
    window.seen.append((seat, name))
    if prev is None or window.reported:
        return
    came_back = seat != prev[0] and any(s == seat for s, _ in window.seen[:-1])
    if sort_key(eng, seat, name, window.first) >= sort_key(eng, prev[0], prev[1], window.first) and not came_back:
        return
    window.reported = True
    order = in_order(eng, list(dict.fromkeys(window.seen)), window.first)
    expected = ", ".join(f"{n} (seat {s})" for s, n in order)
    observed = ", ".join(f"{n} (seat {s})" for s, n in window.seen)
    why = "each player answers once, in seat order" if came_back else "seat order from the current player, locked > general > equipment"
    eng.report(R_TRIGGER_ORDER, seat, f"{name} of seat {seat} after {prev[1]} of seat {prev[0]} ({why})",
               expected=expected, observed=observed)


def trigger(eng: Engine, key: str, seat: int, name: str, first: int | None = None) -> None:
    """Record a trigger in the window ``key`` (《三国杀标准版+风 3v3 比赛用牌（2010 版）》规则 一、6 ordering)."""
    windows: dict[str, Window] = eng.skills.state.setdefault("windows", {})
    w = windows.get(key)
    if w is None:
        windows.clear()
        w = windows[key] = Window(key, first if first is not None else eng.current)
    note(eng, w, seat, name)
