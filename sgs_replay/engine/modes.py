"""The engine's interface to a game mode, and the registry of the modes (python-chess's variants are the model).

The engine asks its mode: whose turn comes next, the order of multi-target cards, victory, the kill
reward, the kingdoms … (:class:`Mode`; the defaults are the plain rules). The modes themselves are a
plug-in (``sgs_replay.modes``: identity, 3v3, 1v1, 1v3, 國戰), each registered under the header's
``mode`` with :func:`register`; the engine asks :func:`mode_for` and imports none of them.
Parameters come from the ruleset file (rulesets/*.toml).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import msgspec

from sgs_replay.formats import events as ev
from sgs_replay.rules import catalogue as R

if TYPE_CHECKING:
    from sgs_replay.content import General
    from sgs_replay.engine.state import Seat
    from sgs_replay.formats.cards import Card



class Mode:
    name = "base"
    #: the rules a wrong kill reward and a wrong kill penalty break (國戰 has its own)
    reward_rules = (R.D_REWARD, R.D_PENALTY)

    def __init__(self, eng: Any) -> None:
        #: the engine (a mode's own module types it: the engine's core imports no mode, and this module no core)
        self.eng: Any = eng

    # ---- setup and flow
    def setup(self) -> None:
        return None

    def expected_turn(self) -> list[int] | None:
        eng = self.eng
        if eng.current is None:
            if eng.header.start is None or eng.round == 1:
                return self.first_turn()
            return None
        extra = eng.due_extra_turn()
        if extra is not None:
            return [extra]  # an extra turn comes before the seat order goes on
        return [eng.table.next_alive(eng.rotation_seat or eng.current)]

    def first_turn(self) -> list[int] | None:
        return None

    def report_turn_order(self, seat: int, expected: list[int]) -> None:
        self.eng.report(R.T_ORDER, seat, f"seat {seat} takes a turn; next in order is {expected}",
                        expected=f"seat {expected[0]}" if len(expected) == 1 else f"one of {expected}", observed=f"seat {seat}")

    def before_turn(self, seat: int) -> None:
        return None

    def pass_skipped_turn(self, seat: int, e: ev.Turn) -> None:
        """``seat`` must skip its next turn (a skill such as 曹仁's) and ``e`` is a turn logged while it is pending: the
        skipper's own turn is reported; a turn of the seat after it means its turn passed unplayed."""
        eng = self.eng
        if e.seat == seat:
            eng.skipped_turns.discard(seat)
            eng.report(R.T_SKIPPED, e.seat, "this seat skips its next turn: the turn does not take place", expected="no turn for this seat",
                       observed="turn")
        elif eng.current is not None and eng.due_extra_turn() is None \
                and eng.table.next_alive(eng.rotation_seat or eng.current) == seat:
            eng.skipped_turns.discard(seat)
            eng.end_phase()
            eng.current, eng.phase = seat, None  # his turn passes unplayed
            eng.rotation_from = None

    def pass_skipped_turns(self, e: ev.Turn) -> None:
        """A ``turn`` is logged while turns are to be skipped (据守; 叠置 by 放逐, 悲歌): the skipped seats next in
        seat order pass unplayed, up to the first that is not skipped. That one may be the turn's own seat coming
        round again (two players, both skipped); otherwise a turn of a seat whose turn is skipped is reported."""
        eng = self.eng
        if eng.current is None or eng.due_extra_turn() == e.seat:
            return  # before the first turn; an extra turn (放权) is not the seat order's
        walk: list[int] = []
        nxt = eng.table.next_alive(eng.rotation_seat or eng.current)
        while nxt in eng.skipped_turns and nxt not in walk:
            walk.append(nxt)
            nxt = eng.table.next_alive(nxt)
        comes_round = nxt == e.seat
        for s in walk:
            if s == e.seat and not comes_round:
                break
            # its turn passes unplayed (even when it is the seat whose turn is now logged: it comes round again)
            self.pass_skipped_turn(s, msgspec.structs.replace(e, seat=0) if s == e.seat else e)
        if e.seat in eng.skipped_turns and e.seat != eng.current:
            self.pass_skipped_turn(e.seat, e)  # the skipped turn itself: reported

    def after_turn(self, seat: int) -> None:
        return None

    def on_event(self, e: ev.Event) -> None:
        return None

    def screen(self, e: ev.Event) -> bool:
        """Mode checks made on every event before it is resolved. False: the event is not applied."""
        return True

    def game_ending(self, e: ev.GameEnd) -> None:
        """The `game_end` arrived, before the open resolutions are settled (1v3: a draw ends them at once)."""
        return None

    def on_game_end(self, e: ev.GameEnd) -> None:
        eng = self.eng
        eng._settle_all(eng.line, e)
        if eng.ended:
            if not eng.after_end_reported:
                eng.report(R.O_AFTER_END, None, "a second game_end", observed="game_end")
                eng.after_end_reported = True
            return
        eng.ended = True
        eng.result = {"winner": e.winner, "reason": e.reason}
        verdict = eng.over or self.victory()
        if verdict is None:
            if e.reason in ("resign", "penalty", "time_up", "draw", "abandoned", "forfeit"):
                return
            eng.report(R.O_EARLY_END, None, "no victory condition holds", expected="the game goes on",
                       observed=f"game_end winner={e.winner}")
            return
        if e.winner != verdict[0]:
            eng.report(R.O_WINNER, None, f"{verdict[0]} won ({verdict[1]})", expected=verdict[0], observed=e.winner)

    # ---- cards
    def multi_target_order(self, e: ev.Use, *, include_user: bool) -> list[int]:
        """Next-seat order from the user (seed 001 一(四): 从下家开始)."""
        return self.eng.table.order_from(e.seat, include_first=include_user)

    def may_use_outside_turn(self, e: ev.Use, name: str) -> bool:
        return False

    def draw_bonus(self, seat: Seat) -> int:
        return 0

    def hand_limit_bonus(self, seat: Seat) -> int:
        return 0

    def ex_nihilo_bonus(self, seat: int) -> int:
        return 0

    def strict_damage(self) -> bool:
        return not self.eng.unknown_skill_turn

    def lenient_damage(self) -> bool:
        return False

    def after_damage(self, e: ev.Damage) -> None:
        return None

    # ---- end
    def victory(self) -> tuple[str, str] | None:
        return None

    def kill_reward(self, victim: Seat, killer: int | None) -> int:
        return 0

    def kill_penalty(self, victim: Seat, killer: Seat) -> bool:
        """The killer must discard every hand and equipment card (identity: a lord who kills a loyalist)."""
        return False

    def entering(self, seat: int) -> bool:
        """1v1: the seat's general has just entered play (登场时): its entry skills may be used now."""
        return False

    def after_death(self, seat: Seat) -> None:
        """A character died and the game goes on (its cards are discarded): 1v1 brings in the next general."""
        return None

    def hp_fell(self, seat: Seat) -> bool:
        """The seat's HP has just fallen (damage or loss); True: the mode takes over, no dying state opens
        (1v3: 神吕布's switch to his second form)."""
        return False

    def recastable(self, card: Card) -> bool:
        """A card the mode lets be recast besides 铁索连环 (1v3: a weapon)."""
        return False

    def reshuffled(self) -> None:
        """The draw pile ran out and the discard pile became the new one."""
        return None
    # ---- kingdoms and hidden generals (國戰: a character has a kingdom only once a general is face up)
    def kingdom_of(self, seat: int) -> str | None:
        """The seat's kingdom (``wei`` ``shu`` ``wu`` ``qun`` ``god``; 國戰 also ``careerist`` for a 野心家), None
        while it has none (國戰: both generals face down)."""
        s = self.eng.seat(seat)
        return s.general.kingdom if s is not None and s.general is not None else None

    def same_kingdom(self, a: int, b: int) -> bool:
        """``a`` and ``b`` are of the same kingdom (势力相同): both have one and it is the same; a 野心家 is
        of a kingdom of its own."""
        ka, kb = self.kingdom_of(a), self.kingdom_of(b)
        return ka is not None and ka == kb and (ka != CAREERIST or a == b)

    def hidden_generals(self, seat: int) -> int:
        """How many of the seat's generals are face down (暗置); 0 outside 國戰."""
        return 0

    def unchecked_skill(self, seat: int, name: str) -> bool:
        """The seat holds ``name`` in a version whose text the project does not define (the ruleset's
        ``[skill_versions]`` says ``"unchecked"``: FreeKill's own 國戰 texts): its uses and what they cause are
        unverifiable, never reported."""
        return False

    def counts_as_out(self, seat: int) -> bool:
        """转世 (house-zhuanshi): the seat's character is a reincarnation, out for victory, rewards and penalties."""
        return False

    def put_general(self, s: Seat, gen: General) -> None:
        """``gen`` becomes the seat's general: its skills (watchers included; a lord skill only for the lord in
        identity mode) and its printed max HP. HP, life and cards are the caller's."""
        from sgs_replay.content import skills as skill_table

        eng = self.eng
        s.general = gen
        names = skill_table()
        eng.skills.forget(s)
        s.skills = set()
        for k in gen.skills:
            if k in names and not (names[k].lord and (not eng.rs.p.lord_skills or (
                    eng.header.mode == "identity" and s.role != "lord"))):
                eng.skills.gain(s, k)
        eng.skills.used_once = {(n, sid) for n, sid in eng.skills.used_once if n != s.seat}  # a new general's 限定技
        s.max_hp = gen.hp


#: the kingdom of a 野心家 (國戰): a kingdom of its own
CAREERIST = "careerist"

#: header ``mode`` → the class of its rules (filled by the modes' own modules, ``sgs_replay.modes``)
MODES: dict[str, type[Mode]] = {}
#: the mode of a header whose ``mode`` no registered mode claims
DEFAULT_MODE = "identity"

_M = TypeVar("_M", bound=type[Mode])


def register(name: str) -> Callable[[_M], _M]:
    """Register a mode's class under the header's ``mode`` (one class per name)."""
    def add(cls: _M) -> _M:
        old = MODES.get(name)
        if old is not None and old is not cls:
            raise ValueError(f"the mode {name!r} is already registered ({old.__qualname__})")
        MODES[name] = cls
        return cls
    return add


def mode_for(eng: Any) -> Mode:
    """The rules of the engine's game: the mode registered under its header's ``mode``, else the default mode's,
    else the plain rules (:class:`Mode`)."""
    cls = MODES.get(eng.header.mode) or MODES.get(DEFAULT_MODE) or Mode
    return cls(eng)
