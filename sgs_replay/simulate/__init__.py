"""``sgs-replay simulate``: complete legal games on demand, one ``sgs-replay/1`` log per game.

:mod:`sgs_replay.simulate.game` plays one game through the engine; :func:`run` plays a batch, writes
the logs and the coverage report (which cards and skills were used, how the games ended, how many
violations the engine found in them: none, or the simulator has a fault).
"""

from __future__ import annotations

import json
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sgs_replay.content import Ruleset
from sgs_replay.simulate import hegemony, hulao, one_v_one  # noqa: F401  (they register their modes' games)
from sgs_replay.skills import policy

#: the player counts each mode allows
PLAYERS = {"identity": range(4, 11), "3v3": range(6, 7), "1v1": range(2, 3), "1v3": range(4, 5), "hegemony": range(4, 11)}
#: the rulesets the simulator can play (identity mode, the cards of their decks)
SUPPORTED = ("standard", "maneuvering", "house-attrition", "house-anhun", "house-zhuanshi", "freekill-standard", "freekill-maneuvering", "3v3-2010", "3v3-2011",
             "3v3-2012", "3v3-2013", "freekill-3v3", "1v1-2013", "freekill-1v1", "hulao", "hulao-maneuvering",
             "hegemony", "hegemony-aozhan")


class SimulateError(ValueError):
    """A request the simulator cannot serve (an unsupported ruleset or player count)."""


@dataclass
class Coverage:
    """What a run used: cards by the name written, skills, how games ended, and the figures."""

    ruleset: str
    players: int
    seed: int
    games: int = 0
    events: int = 0
    turns: int = 0
    violations: int = 0
    reshuffles: int = 0
    seconds: float = 0.0
    cards: Counter[str] = field(default_factory=Counter)
    skills: Counter[str] = field(default_factory=Counter)
    end_reasons: Counter[str] = field(default_factory=Counter)
    winners: Counter[str] = field(default_factory=Counter)
    violation_samples: list[str] = field(default_factory=list)
    deck_cards: list[str] = field(default_factory=list)
    #: the roster's skills a player chooses to use (announced, or named by the card use they make)
    roster_skills: list[str] = field(default_factory=list)
    #: the roster's skills in force by themselves (锁定技 with no event of their own: 马术, 咆哮 …), by the
    #: games their owner played in
    passive: Counter[str] = field(default_factory=Counter)

    @property
    def unused_cards(self) -> list[str]:
        return [c for c in self.deck_cards if not self.cards[c]]

    @property
    def unused_skills(self) -> list[str]:
        return [s for s in self.roster_skills if not self.skills[s]]

    def public(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset, "players": self.players, "seed": self.seed, "games": self.games,
            "events": self.events, "turns": self.turns, "violations": self.violations,
            "violation_samples": self.violation_samples, "reshuffles": self.reshuffles,
            "timings": {"seconds": round(self.seconds, 3),
                        "games_per_second": round(self.games / self.seconds, 2) if self.seconds else None,
                        "events_per_second": round(self.events / self.seconds) if self.seconds else None},
            "end_reasons": dict(sorted(self.end_reasons.items())), "winners": dict(sorted(self.winners.items())),
            "cards": dict(sorted(self.cards.items())), "cards_unused": self.unused_cards,
            "skills": dict(sorted(self.skills.items())), "skills_unused": self.unused_skills,
            "skills_passive": dict(sorted(self.passive.items())),
        }

    def lines(self) -> list[str]:
        """The report for stderr."""
        rate = f"{self.games / self.seconds:.1f} games/s" if self.seconds else ""
        out = [f"{self.games} games ({self.ruleset}, {self.players} players, seed {self.seed}): {self.events} events, "
               f"{self.turns} turns, {self.violations} violations, {rate}",
               "ends: " + ", ".join(f"{k} {v}" for k, v in sorted(self.end_reasons.items())),
               f"cards used: {sum(1 for c in self.deck_cards if self.cards[c])}/{len(self.deck_cards)}"
               + (f" (unused: {', '.join(self.unused_cards)})" if self.unused_cards else ""),
               "skills used: " + (", ".join(f"{k} {v}" for k, v in sorted(self.skills.items())) or "none"),
               f"roster skills used: {len(self.roster_skills) - len(self.unused_skills)}/{len(self.roster_skills)}"
               + (f" (unused: {', '.join(self.unused_skills)})" if self.unused_skills else "")
               + (f"; in force by themselves: {', '.join(sorted(self.passive))}" if self.passive else "")]
        return out


def check_request(rs: Ruleset, players: int) -> None:
    """Refuse what the simulator cannot play, with the reason."""
    if rs.mode not in PLAYERS:
        raise SimulateError(f"ruleset {rs.name!r} is {rs.mode} mode; the simulator plays identity, 3v3, 1v1, 1v3 and 國戰 "
                            f"({', '.join(SUPPORTED)})")
    allowed = PLAYERS[rs.mode]
    if players not in allowed:
        what = {"3v3": "6 players", "1v1": "2 players", "1v3": "4 players"}.get(rs.mode, f"{allowed.start}–{allowed.stop - 1} players")
        raise SimulateError(f"{rs.mode} mode is for {what}, not {players}")
    why = hulao.unsupported(rs) if rs.mode == "1v3" else None
    if why is not None:
        raise SimulateError(f"--ruleset {rs.name} ({rs.source}): {why}")


#: the kinds of skill that are in force by themselves, with no event of their own (skills.toml ``kind``)
PASSIVE_KINDS = frozenset({"locked", "modifier"})


def roster_skills(rs: Ruleset) -> tuple[list[str], dict[str, list[str]]]:
    """The skills of the ruleset's roster (its revised generals; no lord skills where the ruleset has
    none): those a player uses, sorted, and the passive ones of each general (by its name)."""
    from sgs_replay.content import skills

    table = skills()
    active: set[str] = set()
    passive: dict[str, list[str]] = {}
    for name in rs.roster:
        g = rs.resolve_general(name)
        if g is None:
            continue
        for sid in g.skills:
            info = table.get(sid)
            if info is None or (info.lord and not rs.p.lord_skills):
                continue
            if (info.kind in PASSIVE_KINDS and sid not in policy.ANNOUNCED_LOCKED) or sid in policy.PASSIVE_LORD:
                passive.setdefault(g.name, []).append(info.name)
            else:
                active.add(info.name)
    return sorted(active), passive


def run(rs: Ruleset, players: int, games: int, seed: int, out: Path, *,
        on_game: Callable[[int, int], None] | None = None) -> Coverage:
    """Play ``games`` games and write ``out/<ruleset>-<players>p-<seed>-<n>.sgs.jsonl`` (the same bytes for the same
    seed) and ``out/coverage.json`` (the same but for its timings). ``on_game(games, events)`` is called
    after each game (a progress bar)."""
    from sgs_replay.simulate.game import card_label, game_name, play_game

    check_request(rs, players)
    out.mkdir(parents=True, exist_ok=True)
    active, passive = roster_skills(rs)
    cov = Coverage(ruleset=rs.name, players=players, seed=seed,
                   deck_cards=sorted({card_label(c) for c in rs.deck}), roster_skills=active)
    t0 = time.perf_counter()
    for i in range(games):
        try:
            o = play_game(rs, players, seed, i, strict=False)
        except Exception as exc:  # noqa: BLE001 - a fault of the simulator: reported, the run goes on
            cov.violations += 1
            cov.violation_samples.append(f"game {i + 1}: internal error ({type(exc).__name__}: {exc})")
            continue
        (out / f"{game_name(rs, players, seed, i)}.sgs.jsonl").write_bytes(b"\n".join(o.lines) + b"\n")
        if o.hidden is not None:  # 國戰: the same game from nobody's view, beside it
            (out / f"{game_name(rs, players, seed, i)}.hidden.sgs.jsonl").write_bytes(b"\n".join(o.hidden) + b"\n")
        cov.games += 1
        cov.events += len(o.lines) - 1
        cov.turns += o.turns
        cov.violations += len(o.violations)
        cov.violation_samples.extend(f"game {i + 1} {v}" for v in o.violations[: max(0, 20 - len(cov.violation_samples))])
        cov.reshuffles += o.reshuffles
        cov.cards.update(o.cards)
        cov.skills.update(o.skills)
        cov.passive.update({name for g in o.generals for name in passive.get(g, ())})
        cov.end_reasons[o.reason] += 1
        cov.winners[o.winner] += 1
        if on_game is not None:
            on_game(1, len(o.lines) - 1)
    cov.seconds = time.perf_counter() - t0
    (out / "coverage.json").write_text(json.dumps(cov.public(), ensure_ascii=False, indent=1, sort_keys=True) + "\n",
                                       encoding="utf-8")
    return cov
