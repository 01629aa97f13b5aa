"""國戰 (hegemony): two generals per player, face down at the start; kingdoms, 野心家, rewards by kingdom; 鏖戰.

《三國殺各種模式的規則》 · 國戰模式 gives the goal (消滅所有與自己勢力不同的角色; a 野心家 must eliminate everyone), the two
generals of one kingdom chosen and placed face down (暗置), and the four kingdoms with 野心家; the rest of the edition's
rules follow the mode's rule text and its earliest engine (docs/hegemony.md names each reading).

A general face down has no skills, gender or kingdom. The engine keeps, per seat, the two generals (``None`` when a
log written from a player's view says ``?``), which are face up, and the kingdom the first reveal fixed. The seat's
``general`` is the face the table sees: a general made of the face-up ones (their skills, the 主将's gender when both
are up, the seat's kingdom), or ``None`` while both are down. What cannot be known while a general is face down in such
a log (its max HP, that both generals share a kingdom) is checked backwards when it is revealed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sgs_replay.content import General
from sgs_replay.content import skills as skill_table
from sgs_replay.engine import plugins
from sgs_replay.engine.modes import CAREERIST, register
from sgs_replay.formats import events as ev
from sgs_replay.modes.base import TableMode
from sgs_replay.rules import catalogue as R

if TYPE_CHECKING:
    from sgs_replay.content import Ruleset
    from sgs_replay.engine.core import Engine
    from sgs_replay.engine.state import Seat

#: a general not known (a log from a player's view)
HIDDEN = "?"
#: a ``[skill_versions]`` value: the ruleset's version of the skill is a text the project does not define
UNCHECKED = "unchecked"
#: a ``[skill_versions]`` value: the engine the ruleset describes does not define the skill at all, so a general
#: that lists it does not hold it (FreeKill's 國戰 lists 享乐 and 放权 for 刘禅 under ids that only another package
#: defines; its recordings are made without that package: docs/freekill.md, the 國戰 mode)
ABSENT = "absent"
#: the ``reason`` of the leftover half fish's draw and of the 珠联璧合 draw
HALF = "half"
COMPANION = "companion"
#: the ``reason`` of the draw a 先驱 token gives (``hegemony_bonus = "token"``)
VANGUARD = "vanguard"
#: the tokens (``hegemony_bonus = "token"``) and the cards each gives in its holder's play phase (先驱: up to 4 in hand)
TOKEN_DRAW = {HALF: 1, COMPANION: 2, VANGUARD: 4}
KINGDOMS = ("wei", "shu", "wu", "qun")


def half_units(rs: Ruleset, g: General) -> int:
    """A general's half units (阴阳鱼): the roster's HP number, or the ruleset's own figure for it."""
    return int(rs.p.hegemony_half_hp.get(g.name, rs.p.hegemony_half_hp.get(g.id, g.hp)))


def max_hp_of(rs: Ruleset, a: General, b: General) -> int:
    """完整阴阳鱼的数量: two half fish make one."""
    return (half_units(rs, a) + half_units(rs, b)) // 2


def companions(rs: Ruleset, a: General, b: General) -> bool:
    """珠联璧合: the two generals are printed as partners."""
    names = {frozenset(p.split("+")) for p in rs.p.hegemony_companions}
    plain = {a.name, a.name.removesuffix("国战")}, {b.name, b.name.removesuffix("国战")}
    return any(frozenset((x, y)) in names for x in plain[0] for y in plain[1])


def _known(rs: Ruleset, name: str | None) -> General | None:
    return None if name is None or name == HIDDEN else rs.resolve_general(name)


def header_problems(h: ev.Game, rs: Ruleset) -> list[tuple[int | None, str, object, object]]:
    """What is wrong with a 國戰 header: (seat, detail, expected, observed) each."""
    out: list[tuple[int | None, str, object, object]] = []
    n = len(h.players)
    if not 2 <= n <= 10:
        out.append((None, f"國戰 is for 2–10 players, not {n}", "2–10 players", n))
    seen: dict[str, int] = {}
    for p in h.players:
        if p.deputy is None:
            out.append((p.seat, "each player has two generals: `general` (主将) and `deputy` (副将)", "a deputy", None))
            continue
        a, b = _known(rs, p.general), _known(rs, p.deputy)
        if p.deputy != HIDDEN and b is None:
            out.append((p.seat, f"unknown general {p.deputy!r}", "a general of the roster", p.deputy))
        for g in (a, b):
            if g is None:
                continue
            if g.name in seen:
                out.append((p.seat, f"{g.name} is also seat {seen[g.name]}'s", "each general once at the table", g.name))
            seen[g.name] = p.seat
        if a is not None and b is not None:
            if a.name == b.name:
                out.append((p.seat, "two different generals", "two generals", f"{a.name} twice"))
            elif a.kingdom != b.kingdom:
                out.append((p.seat, "the two generals are of one kingdom", "one kingdom", f"{a.name} ({a.kingdom}), {b.name} ({b.kingdom})"))
            if p.max_hp is not None and p.max_hp != max_hp_of(rs, a, b):
                out.append((p.seat, f"{a.name} and {b.name} make {max_hp_of(rs, a, b)} whole fish", max_hp_of(rs, a, b), p.max_hp))
        elif p.max_hp is None:
            out.append((p.seat, "a player whose generals are not both named says its max HP (`max_hp`)", "max_hp", None))
    return out


@register("hegemony")
class Hegemony(TableMode):
    """國戰: the mode of two hidden generals per player."""

    name = "hegemony"
    reward_rules = (R.HG_REWARD, R.HG_REWARD)

    def setup(self) -> None:
        eng = self.eng
        rs = eng.rs
        #: per seat: [主将, 副将] (None: not known yet), which of them are face up, the kingdom (None: none yet)
        self.gens: dict[int, list[General | None]] = {}
        self.up: dict[int, list[bool]] = {}
        self.kingdoms: dict[int, str | None] = {}
        #: seats whose two generals have both been face up (the leftover half and 珠联璧合 come once)
        self.paired: set[int] = set()
        #: optional bonuses due right now: (seat, HALF or COMPANION)
        self.due: list[tuple[int, str]] = []
        #: tokens held (``hegemony_bonus = "token"``): HALF (阴阳鱼), COMPANION (珠联璧合), VANGUARD (先驱), per seat
        self.tokens: dict[int, list[str]] = {}
        #: (seat, turn number) of the turn a 阴阳鱼 raised the hand limit of: asked again in that turn, it still holds
        self.fish_spent: tuple[int, int] | None = None
        #: skills a seat has lost for good (断肠): never regained by a reveal
        self.lost: dict[int, set[str]] = {}
        #: per seat, the names of the face-up generals' skills whose version the ruleset leaves unchecked
        self.unchecked: dict[int, set[str]] = {}
        #: the header's max HP by seat (a log from a player's view: checked when both generals are known)
        self.header_max: dict[int, int | None] = {}
        if eng.header.start is not None:
            eng.unverifiable_because("a 國戰 start position: which generals are face up is not recorded")
        for p in eng.header.players:
            s = eng.table.seats[p.seat]
            a, b = _known(rs, p.general), _known(rs, p.deputy)
            self.gens[p.seat] = [a, b]
            self.up[p.seat] = [False, False]
            self.kingdoms[p.seat] = None
            self.header_max[p.seat] = p.max_hp
            eng.skills.forget(s)
            s.skills = set()
            s.general = None
            if eng.header.start is None:
                s.max_hp = max_hp_of(rs, a, b) if a is not None and b is not None else (p.max_hp or s.max_hp)
                s.hp = s.max_hp

    # ---- what the rest of the engine asks
    def kingdom_of(self, seat: int) -> str | None:
        return self.kingdoms.get(seat)

    def hidden_generals(self, seat: int) -> int:
        up = self.up.get(seat)
        return 0 if up is None else up.count(False)

    def unchecked_skill(self, seat: int, name: str) -> bool:
        return name in self.unchecked.get(seat, ())

    def _checked(self, sid: str) -> bool:
        """The ruleset's version of the skill is one the project defines (and the skill exists)."""
        return self.eng.rs.skill_versions.get(sid) not in (UNCHECKED, ABSENT)

    def _absent(self, sid: str) -> bool:
        """The ruleset's engine does not define the skill: no general holds it."""
        return self.eng.rs.skill_versions.get(sid) == ABSENT

    def general_of_skill(self, seat: int, skill: str) -> int | None:
        """Which of the seat's generals (0 主将, 1 副将) has ``skill`` (a name or an id), if known."""
        table = skill_table()
        for i, g in enumerate(self.gens.get(seat, ())):
            if g is not None and any((sid == skill or (sid in table and table[sid].name == skill)) and not self._absent(sid)
                                     for sid in g.skills):
                return i
        return None

    # ---- events
    def before_turn(self, seat: int) -> None:
        self.due = []
        self.aozhan_turn()

    def screen(self, e: ev.Event) -> bool:
        eng = self.eng
        if self.due:
            taken = self._bonus(e)
            if taken is not None:
                return taken
        if isinstance(e, ev.Draw) and eng.rs.p.hegemony_bonus == "token" and e.reason in TOKEN_DRAW:
            return self._spend(e)
        if isinstance(e, ev.Draw) and e.reason in (HALF, COMPANION):
            eng.report(R.HG_BONUS, e.seat, f"no {e.reason} draw is due: it comes once, as both generals are first face up",
                       expected="no draw", observed=f"draw {len(e.cards)} ({e.reason})")
        if isinstance(e, (ev.Skill, ev.Use, ev.Respond, ev.Retrial)) and e.skill is not None:
            self._skill_face_down(e.seat, e.skill)
        elif isinstance(e, ev.Death):
            self._death_reveals(e.seat)
        if self.aozhan:
            self.aozhan_check(e)
        return True

    def on_event(self, e: ev.Event) -> None:
        if isinstance(e, ev.RevealGeneral):
            self._reveal(e)

    # ---- 明置
    def _reveal(self, e: ev.RevealGeneral) -> None:
        eng = self.eng
        s = eng.seat(e.seat)
        if s is None:
            return
        reason = e.reason or ("skill" if e.skill is not None else "turn_start")
        which = [(i, name) for i, name in ((0, e.main), (1, e.deputy)) if name is not None]
        for i, name in which:
            g = eng.rs.resolve_general(name)
            if g is None:
                eng.report(R.HG_REVEAL, e.seat, f"unknown general {name!r}", observed=name)
                return
            known = self.gens[e.seat][i]
            if known is None:
                self.gens[e.seat][i] = g
                self._backwards(e.seat)
            elif known.name != g.name:
                eng.report(R.HG_REVEAL, e.seat, f"seat {e.seat}'s {'主将' if i == 0 else '副将'} is {known.name}",
                           expected=known.name, observed=g.name)
            if self.up[e.seat][i]:
                eng.report(R.HG_REVEAL, e.seat, f"{g.name} is already face up", expected="a face-down general", observed=g.name)
        self._timing(e, s, reason, [i for i, _ in which])
        for i, _ in which:
            self._turn_up(s, i)
        if e.kingdom is not None and e.kingdom != self.kingdoms[e.seat]:
            eng.report(R.HG_KINGDOM, e.seat, f"the reveal makes seat {e.seat} {self.kingdoms[e.seat]}",
                       expected=self.kingdoms[e.seat], observed=e.kingdom)
        self._check_over()

    def _timing(self, e: ev.RevealGeneral, s: Seat, reason: str, which: list[int]) -> None:
        eng = self.eng
        if reason == "death":
            if s.alive and not s.dying and s.hp > 0:
                eng.report(R.HG_REVEAL, e.seat, "a character's generals are turned face up as it dies",
                           expected="a dying character", observed=f"{s.hp} HP")
            return
        if not s.alive:
            eng.report(R.HG_REVEAL, e.seat, f"seat {e.seat} is dead", expected="a living character", observed="dead")
            return
        if reason == "game_end":
            if eng.rs.p.hegemony_end != "no_enemy_possible" or self.winner(assume_hidden=True) is None:
                eng.report(R.HG_REVEAL, e.seat, "the survivors are turned face up at the end only when no enemy can be left "
                           f"(hegemony_end = {eng.rs.p.hegemony_end})", expected="a reveal at the start of the turn or for a skill",
                           observed="reveal_general (game_end)")
            return
        for why in plugins.modify("reveal_banned", [], eng, e.seat):  # 祸水 …
            eng.report(R.HG_REVEAL, e.seat, why, expected="no reveal", observed="reveal_general")
        if reason == "skill":
            if e.skill is None or not any(self.general_of_skill(e.seat, e.skill) == i for i in which):
                eng.report(R.HG_REVEAL, e.seat, "a general is turned face up to use one of its own skills",
                           expected="a skill of the general revealed", observed=e.skill)
            return
        if eng.current != e.seat or eng.phase not in (None, "start"):
            eng.report(R.HG_REVEAL, e.seat, "a general is turned face up at the start of its owner's turn, or to use one of "
                       "its skills", expected=f"seat {e.seat}'s turn start", observed=f"seat {eng.current}'s {eng.phase or 'turn'}")

    def _turn_up(self, s: Seat, i: int) -> None:
        """General ``i`` of the seat is face up now: its skills, the kingdom (first time), the bonuses."""
        eng = self.eng
        seat = s.seat
        if self.up[seat][i]:
            return
        self.up[seat][i] = True
        g = self.gens[seat][i]
        if g is not None:
            table = skill_table()
            for sid in g.skills:
                if sid in table and not table[sid].lord and sid not in self.lost.get(seat, ()) and not self._absent(sid):
                    if self._checked(sid):
                        eng.skills.gain(s, sid)
                    else:
                        self.unchecked.setdefault(seat, set()).add(table[sid].name)
            if self.kingdoms[seat] is None:
                tokens = eng.rs.p.hegemony_bonus == "token"
                if tokens and s.alive and all(k is None for k in self.kingdoms.values()):
                    self.tokens.setdefault(seat, []).append(VANGUARD)  # the first to turn a general face up
                self.kingdoms[seat] = self._new_kingdom(seat, g.kingdom)
        self._compose(s)
        a, b = self.gens[seat]
        if all(self.up[seat]) and seat not in self.paired and s.alive:
            self.paired.add(seat)
            if a is not None and b is not None:
                kinds = []
                if eng.rs.p.hegemony_half_draw and (half_units(eng.rs, a) + half_units(eng.rs, b)) % 2:
                    kinds.append(HALF)
                if companions(eng.rs, a, b):
                    kinds.append(COMPANION)
                if eng.rs.p.hegemony_bonus == "token":  # tokens, spent later
                    self.tokens.setdefault(seat, []).extend(kinds)
                else:  # due right now
                    self.due.extend((seat, k) for k in kinds)

    def conceal(self, seat: int, i: int) -> None:
        """倾城: general ``i`` of the seat is turned face down again: its skills go (those the other face-up general
        also has stay); the kingdom stays the one the first reveal fixed."""
        s = self.eng.table.seats[seat]
        if not self.up[seat][i]:
            return
        self.up[seat][i] = False
        self._drop(s, i)

    def lose_general_skills(self, seat: int, i: int) -> None:
        """断肠: the seat loses the skills of its general ``i`` for good (face up now or later)."""
        g = self.gens[seat][i]
        if g is None:
            self.eng.unverifiable_because(f"seat {seat}'s general is not known: which skills it lost is not known")
            return
        self.lost.setdefault(seat, set()).update(g.skills)
        self._drop(self.eng.table.seats[seat], i)

    def _drop(self, s: Seat, i: int) -> None:
        g = self.gens[s.seat][i]
        other = self.gens[s.seat][1 - i]
        keep = set(other.skills) - self.lost.get(s.seat, set()) if other is not None and self.up[s.seat][1 - i] else set()
        table = skill_table()
        for sid in g.skills if g is not None else ():
            if sid in table and sid not in keep and table[sid].name in s.skills:
                self.eng.skills.lose(s, sid)
            if sid in table and sid not in keep:
                self.unchecked.get(s.seat, set()).discard(table[sid].name)
        self._compose(s)

    def _new_kingdom(self, seat: int, kingdom: str) -> str:
        """The kingdom the first reveal fixes: the general's, or 野心家 when that kingdom would then have more
        characters revealed (alive or dead, 野心家 not counted, this one counted) than half the players."""
        n = sum(1 for k in self.kingdoms.values() if k == kingdom) + 1
        return CAREERIST if n > self.eng.table.n / 2 else kingdom

    def _compose(self, s: Seat) -> None:
        """The face the table sees: the face-up generals together."""
        seat = s.seat
        shown = [g for g, up in zip(self.gens[seat], self.up[seat], strict=True) if up and g is not None]
        if not shown:
            s.general = None
            return
        gender = shown[0].gender
        table = skill_table()
        lost = self.lost.get(seat, set())
        skills = tuple(sid for g in shown for sid in g.skills
                       if sid in table and not table[sid].lord and sid not in lost and self._checked(sid))
        s.general = General(id="+".join(g.id for g in shown), name="/".join(g.name for g in shown),
                            kingdom=self.kingdoms[seat] or "", hp=s.max_hp, gender=gender, package="hegemony",
                            skills=skills)

    def _backwards(self, seat: int) -> None:
        """Both generals of a seat are known now (a log from a player's view): what could not be checked while one
        was face down."""
        eng = self.eng
        a, b = self.gens[seat]
        if a is None or b is None:
            return
        if a.kingdom != b.kingdom:
            eng.report(R.HG_SETUP, seat, "the two generals are of one kingdom", expected="one kingdom",
                       observed=f"{a.name} ({a.kingdom}), {b.name} ({b.kingdom})")
        declared = self.header_max.get(seat)
        if declared is not None and declared != max_hp_of(eng.rs, a, b):
            eng.report(R.HG_SETUP, seat, f"{a.name} and {b.name} make {max_hp_of(eng.rs, a, b)} whole fish: the header's max HP "
                       "was wrong", expected=max_hp_of(eng.rs, a, b), observed=declared)
        others = {g.name: n for n, pair in self.gens.items() if n != seat for g in pair if g is not None}
        for g in (a, b):
            if g.name in others:
                eng.report(R.HG_SETUP, seat, f"{g.name} is also seat {others[g.name]}'s", expected="each general once", observed=g.name)

    def _skill_face_down(self, seat: int, skill: str) -> None:
        """A skill of a general that is face down: the general must be turned face up first. Reported, then the
        general is taken as face up so that the rest is judged as if it had been."""
        s = self.eng.seat(seat)
        if s is None or s.has_skill(skill):
            return
        i = self.general_of_skill(seat, skill)
        if i is None or self.up[seat][i]:
            return
        g = self.gens[seat][i]
        self.eng.report(R.HG_FACE_DOWN, seat, f"{skill} is {g.name if g else 'a face-down general'}'s, face down: turn it "
                        "face up first (reveal_general)", expected="reveal_general before the skill", observed=skill)
        self._turn_up(s, i)

    def _death_reveals(self, seat: int) -> None:
        """A dying character turns its face-down generals up as it dies; implied when the log does not say so."""
        s = self.eng.seat(seat)
        if s is None or not s.alive:
            return
        for i in (0, 1):
            if not self.up[seat][i] and self.gens[seat][i] is not None:
                self._turn_up(s, i)
        if self.kingdoms[seat] is None:
            self.eng.unverifiable_because(f"seat {seat} died with its generals unknown: its kingdom's reward is not checked")

    # ---- bonuses: the leftover half fish and 珠联璧合
    def _bonus(self, e: ev.Event) -> bool | None:
        """The optional bonus due: taken here (False: nothing more to do), or None when ``e`` is not one."""
        eng = self.eng
        from sgs_replay.engine.handlers import do_draw

        for k, (seat, kind) in enumerate(self.due):
            if isinstance(e, ev.Draw) and e.seat == seat and e.reason == kind:
                want = 1 if kind == HALF else 2
                if len(e.cards) != want:
                    eng.report(R.HG_BONUS, seat, f"the {kind} draw is {want}", expected=want, observed=len(e.cards))
                del self.due[k]
                do_draw(eng, e)
                return False
            if kind == COMPANION and isinstance(e, ev.Recover) and e.seat == seat and e.card is None \
                    and e.source in (None, seat):
                s = eng.table.seats[seat]
                if e.amount != 1 or s.hp >= s.max_hp:
                    eng.report(R.HG_BONUS, seat, "珠联璧合 recovers 1 HP of a wounded character", expected="1 HP, wounded",
                               observed=f"{e.amount} at {s.hp}/{s.max_hp} HP")
                del self.due[k]
                s.hp = min(s.max_hp, s.hp + e.amount)
                return False
        if isinstance(e, (ev.RevealGeneral, ev.Choose)):
            return None
        self.due = []  # declined: the bonuses come right after the reveal or never
        return None

    # ---- tokens (hegemony_bonus = "token": 阴阳鱼, 珠联璧合, 先驱)
    def _spend(self, e: ev.Draw) -> bool:
        """A token's draw: in its holder's play phase, the token held, its number of cards (先驱: up to 4 in hand)."""
        eng = self.eng
        from sgs_replay.engine.handlers import do_draw

        s = eng.seat(e.seat)
        held = self.tokens.get(e.seat, [])
        kind = e.reason or ""
        if s is None:
            return True
        if kind not in held:
            eng.report(R.HG_BONUS, e.seat, f"seat {e.seat} holds no {kind} token to spend", expected="a token held",
                       observed=f"draw {len(e.cards)} ({kind})")
        elif eng.current != e.seat or eng.phase != "play":
            eng.report(R.HG_BONUS, e.seat, f"a {kind} token is spent in its holder's play phase",
                       expected=f"seat {e.seat}'s play phase", observed=f"seat {eng.current}'s {eng.phase or 'turn'}")
        else:
            held.remove(kind)
            want = max(0, TOKEN_DRAW[kind] - s.hand_count) if kind == VANGUARD else TOKEN_DRAW[kind]
            if len(e.cards) != want:
                eng.report(R.HG_BONUS, e.seat, f"the {kind} token gives {want}", expected=want, observed=len(e.cards))
        do_draw(eng, e)
        return False

    def fish_for_hand_limit(self, seat: Seat, held: int, limit: int) -> bool:
        """阴阳鱼 spent as the discard phase begins: this turn's hand limit +2 (the token is used up; asked again in
        the same turn — the simulator asks as the phase begins, the engine as it ends — the +2 still holds)."""
        turn = (seat.seat, self.eng.turns_taken)
        if held > limit + 2:
            return False
        if self.fish_spent == turn:
            return True
        fish = self.tokens.get(seat.seat, [])
        if HALF in fish:
            fish.remove(HALF)
            self.fish_spent = turn
            return True
        return False

    # ---- death, rewards, end
    def kill_reward(self, victim: Seat, killer: int | None) -> int:
        k = self._killer_kingdom(victim, killer)
        vk = self.kingdoms.get(victim.seat)
        if k is None or vk is None or (k == vk and k != CAREERIST):
            return 0
        if k == CAREERIST and self.eng.rs.p.hegemony_careerist_reward == "three":
            return 3
        if vk == CAREERIST:
            return 1
        return 1 + sum(1 for s in self.eng.table.seats.values() if s.alive and self.kingdoms.get(s.seat) == vk)

    def kill_penalty(self, victim: Seat, killer: Seat) -> bool:
        k = self._killer_kingdom(victim, killer.seat)
        return k is not None and k != CAREERIST and k == self.kingdoms.get(victim.seat)

    def _killer_kingdom(self, victim: Seat, killer: int | None) -> str | None:
        ks = self.eng.seat(killer)
        if ks is None or killer == victim.seat or not ks.alive:
            return None
        return self.kingdoms.get(ks.seat)  # a killer with no general face up gets nothing

    def victory(self) -> tuple[str, str] | None:
        return self.winner(assume_hidden=False)

    def winner(self, *, assume_hidden: bool) -> tuple[str, str] | None:
        """One kingdom left (or one 野心家 alone): ``assume_hidden`` counts a face-down survivor by the kingdom its
        generals would give it (the engines' early end), else the game waits for every survivor to have one."""
        alive = [s.seat for s in self.eng.table.seats.values() if s.alive]
        if not alive:
            return None
        ks: list[str | None] = []
        for seat in alive:
            k = self.kingdoms.get(seat)
            if k is None and assume_hidden:
                g = next((g for g in self.gens[seat] if g is not None), None)
                k = g.kingdom if g is not None else None
            ks.append(k)
        if None in ks:
            return None
        if len(alive) == 1:
            return (ks[0] or "", "last_standing")
        if CAREERIST in ks or len(set(ks)) > 1:
            return None
        return (ks[0] or "", "one_kingdom_left")

    def _check_over(self) -> None:
        eng = self.eng
        verdict = self.victory()
        if verdict is not None and not eng.over:
            eng.over = verdict
            eng.over_line = eng.line


# ---- the hand limit: a 阴阳鱼 token, a seat whose skills are in versions the ruleset leaves unchecked


@plugins.modifier("hand_limit_waived")
def unchecked_hand_limit(waived: bool, eng: Engine, seat: Seat) -> bool:
    """A seat that spends a 阴阳鱼 token keeps 2 cards more this turn. A seat holding a skill the ruleset leaves unchecked (FreeKill's 克己 raises the hand limit, its 英姿 makes it the
    max HP) or after an unknown skill this turn: its hand limit is not known, so it is not checked."""
    mode = eng.mode
    if waived or not isinstance(mode, Hegemony):
        return waived
    kept = eng.this_phase.hand_after_discard
    held = seat.hand_count if kept is None else min(seat.hand_count, kept)
    limit = plugins.modify("hand_limit", max(seat.hp, 0) + mode.hand_limit_bonus(seat), eng, seat)
    if mode.fish_for_hand_limit(seat, held, limit):
        return True
    if mode.unchecked.get(seat.seat) or eng.unknown_skill_turn:
        eng.unverifiable_because(f"seat {seat.seat}'s hand limit: a skill the ruleset leaves unchecked")
        return True
    return waived


@plugins.modifier("ignores_range")
def unchecked_range(value: bool, eng: Engine, e: ev.Use) -> bool:
    """A card a skill the ruleset leaves unchecked makes (FreeKill's 神速): whether it needs range is not known."""
    if value or e.skill is None or not eng.mode.unchecked_skill(e.seat, e.skill):
        return value
    eng.unverifiable_because(f"seat {e.seat} holds {e.skill}, a version of the skill the ruleset leaves unchecked")
    return True
