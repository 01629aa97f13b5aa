"""The 4th-edition scoring of identity games (第四版计分), pure: a game's facts in, each player's points out.

《三国杀》标准版规则（身份局） · 游戏规则 · 详细规则 · 计分规则 (N = 游戏人数, the players at the start):

    内奸获胜：得分=4+游戏人数×2 主公/忠臣获胜：若与主公单挑后败北：得分=游戏人数×1 未和主公单挑败北：得分=0
    反贼获胜：存活：得分=1 死亡：得分=0 主公得分如下： 主公/忠臣获胜：得分=4+获胜时忠臣存活数×2 反贼获胜：得分=0
    内奸获胜：得分=1 忠臣得分如下： 主公/忠臣获胜：得分=5+获胜时忠臣存活数×1 反贼/内奸获胜：得分=0 反贼得分如下：
    主公/忠臣/内奸获胜：得分=0 反贼获胜：得分=获胜时反贼存活数×3 另外还有个人加分：获胜的主公/忠臣每消灭1个反贼或内奸+1分
    反贼每消灭一个忠臣或内奸+1分 消灭主公的+2分

Where the text is silent the readings are those of the project's scoring table (the test oracle):

* a dead loyalist scores like a living one (主公和忠臣不论死活都获胜); k and j count the loyalists and
  rebels alive when the game is won;
* "与主公单挑后败北": the renegade died while only the lord and that renegade were alive;
* with two renegades, only the surviving one wins a renegade win; the other scores 0 (not stated);
* the rebel's bonus has no "获胜的": a rebel earns it whatever the outcome; "消灭主公的+2分" goes to
  whoever killed the lord, whatever the outcome;
* "消灭" is the killer of record (the source of the fatal damage); a death with no killer (闪电) earns
  no bonus, and neither does a character's own death.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

#: the game_end winners of identity mode (docs/log-format.md §5)
WINNERS = ("lord", "rebel", "renegade")
ROLES = ("lord", "loyalist", "rebel", "renegade")
LORD_KILL_BONUS = 2


def base_points(players: int, role: str, winner: str, *, loyalists_alive: int = 0, rebels_alive: int = 0,
                alive: bool = True, lost_duel: bool = False) -> int:
    """One player's points by role and outcome, before the personal bonus.

    ``players``: N, the players at the start; ``loyalists_alive`` (k) and ``rebels_alive`` (j): alive
    when the game was won; ``alive``: this player at the end; ``lost_duel``: a renegade who died
    while only the lord and this renegade were alive (与主公单挑后败北).
    """
    if role not in ROLES or winner not in WINNERS:
        raise ValueError(f"no score for role {role!r} when {winner!r} wins")
    if winner == "lord":
        if role == "lord":
            return 4 + 2 * loyalists_alive
        if role == "loyalist":
            return 5 + loyalists_alive
        if role == "renegade":
            return players if lost_duel else 0
        return 0
    if winner == "rebel":
        if role == "rebel":
            return 3 * rebels_alive
        if role == "renegade":
            return 1 if alive else 0
        return 0
    # a renegade win: the lord 1, the renegade left alone 4 + 2N, everyone else (a second, dead renegade too) 0
    if role == "lord":
        return 1
    if role == "renegade" and alive:
        return 4 + 2 * players
    return 0


def bonus_points(role: str, winner: str, killed: Iterable[str]) -> int:
    """个人加分 for the roles of the characters this player killed (its own death not among them)."""
    out = 0
    for victim in killed:
        if victim == "lord":
            out += LORD_KILL_BONUS
        elif role in ("lord", "loyalist") and winner == "lord" and victim in ("rebel", "renegade"):
            out += 1
        elif role == "rebel" and victim in ("loyalist", "renegade"):
            out += 1
    return out


@dataclass(frozen=True)
class Seat:
    """One player of a finished identity game, as the scoring needs it."""

    seat: int
    role: str
    alive: bool


@dataclass(frozen=True)
class GameFacts:
    """What a finished identity game tells the scoring: the seats, the winner, and the deaths in the
    order they happened, each ``(victim seat, killer seat or None)``."""

    seats: Sequence[Seat]
    winner: str
    deaths: Sequence[tuple[int, int | None]] = ()


@dataclass(frozen=True)
class Points:
    seat: int
    role: str
    base: int
    bonus: int
    kills: tuple[str, ...] = field(default=())

    @property
    def total(self) -> int:
        return self.base + self.bonus


def lost_duels(facts: GameFacts) -> set[int]:
    """The renegades who died while only the lord and they were alive (与主公单挑后败北)."""
    role = {s.seat: s.role for s in facts.seats}
    alive = set(role)
    out: set[int] = set()
    for victim, _killer in facts.deaths:
        if role.get(victim) == "renegade" and all(role[s] == "lord" or s == victim for s in alive):
            out.add(victim)
        alive.discard(victim)
    return out


def score_game(facts: GameFacts) -> list[Points]:
    """Every player's points in one game, in seat order."""
    n = len(facts.seats)
    role = {s.seat: s.role for s in facts.seats}
    k = sum(1 for s in facts.seats if s.role == "loyalist" and s.alive)
    j = sum(1 for s in facts.seats if s.role == "rebel" and s.alive)
    duels = lost_duels(facts)
    killed: dict[int, list[str]] = {}
    for victim, killer in facts.deaths:
        if killer is not None and killer != victim and killer in role and victim in role:
            killed.setdefault(killer, []).append(role[victim])
    out = []
    for s in sorted(facts.seats, key=lambda s: s.seat):
        base = base_points(n, s.role, facts.winner, loyalists_alive=k, rebels_alive=j, alive=s.alive,
                           lost_duel=s.seat in duels)
        kills = tuple(killed.get(s.seat, ()))
        out.append(Points(s.seat, s.role, base, bonus_points(s.role, facts.winner, kills), kills))
    return out


def leaders(totals: dict[str, int]) -> list[str]:
    """The players with the highest total (最高分获胜), sorted by name: more than one when they tie —
    the rulebook names no tie-break, so a tie is a shared first place."""
    if not totals:
        return []
    best = max(totals.values())
    return sorted(p for p, v in totals.items() if v == best)
