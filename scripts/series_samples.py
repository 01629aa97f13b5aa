"""A series of identity games (推广版计分赛) for ``sample_logs/series/``: ``python scripts/series_samples.py``
writes it (``scripts/regen_samples.py`` writes it with every other sample, and checks it).

The games are simulated (``sgs_replay.simulate``, the same seed gives the same games); each header then
gets the series fields and the players' names. The lord sits in seat 1 of every log, so game g seats
the players from the g-th on: game 1's seat 2 is the lord of game 2 (the lord passes to the 下家), and
after N games each of the N players has been lord once. ``build`` is also what the tests use.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "sample_logs" / "series"
NAMES = ("Ada", "Bo", "Cai", "Dong", "Eri", "Fan", "Gu", "Hua", "Ito", "Jun")
SERIES_ID = "sample-series-5"
SEED = 7


def build(players: int = 5, seed: int = SEED, series_id: str = SERIES_ID, *, names: tuple[str, ...] = NAMES,
          ruleset: str = "standard") -> list[tuple[str, bytes]]:
    """The ``players`` games of one series: (file name, log bytes) for games 1..players."""
    from sgs_replay.content import ruleset as load_ruleset
    from sgs_replay.simulate.game import play_game

    rs = load_ruleset(ruleset)
    out = []
    protected: str | None = None  # 暗魂 protection (house-anhun): the player out first in the game before
    for g in range(1, players + 1):
        index = g - 1
        while True:
            o = play_game(rs, players, seed, index, strict=True)  # a sample is a legal game
            header = json.loads(o.lines[0])
            seat_name = {p["seat"]: names[(g - 1 + p["seat"] - 1) % players] for p in header["players"]}
            first_out = _first_out(o.lines)
            # under the protection, a game whose first out is the protected player is another game (of the
            # same seed, further on): the protection would have kept that player in
            if not rs.p.anhun_protection or protected is None or first_out is None or seat_name[first_out] != protected:
                break
            index += players
        for p in header["players"]:
            p["name"] = seat_name[p["seat"]]
        header.update(game_id=f"{series_id}-g{g}", series_id=series_id, game_number=g)
        header.pop("protected_player", None)
        if rs.p.anhun_protection and protected is not None:
            header["protected_player"] = protected
        protected = seat_name[first_out] if first_out is not None else None
        lines = [json.dumps(header, ensure_ascii=False).encode(), *o.lines[1:]]
        out.append((f"{series_id}-game{g}.sgs.jsonl", b"\n".join(lines) + b"\n"))
    return out


def _first_out(lines: list[bytes]) -> int | None:
    """The seat of the first death of a simulated game."""
    for raw in lines[1:]:
        if b'"type":"death"' in raw:
            return int(json.loads(raw)["seat"])
    return None


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    files = build()
    for name, data in files:
        (OUT / name).write_bytes(data)
    print(f"{len(files)} games of series {SERIES_ID!r} written to {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
