"""An independent recount: the statistics of a store against numbers counted by hand from the logs.

The store holds three simulated games of every ruleset the simulator plays (國戰 with its copies from
nobody's view, loaded first), the FreeKill samples (recordings and conversions), a second copy of one
game, a game whose ``game_end`` names the wrong winner, and 虎牢關 draws. The recount reads every log
with the reader and counts, in plain Python, which games count (one per game: not the other views, not
the copy), who won under the rules (the wrong-winner game: the winner of the game it was made from),
every general that played and how it entered, and the wins, draws and losses of every breakdown. Every
row of ``sgs_replay.analysis.stats`` (and of ``sgs-replay stats``) must be the recount's.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

import polars as pl
import pytest

from sgs_replay.analysis import stats
from sgs_replay.content import ruleset
from sgs_replay.formats import events as ev
from sgs_replay.formats.reader import read_path
from sgs_replay.replay.pipeline import load_paths

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "sample_logs"
sys.path.insert(0, str(ROOT / "scripts"))
from regen_samples import SIMULATED  # noqa: E402

GAMES = 3
SEED = 5
WRONG = "wrong-winner.sgs.jsonl"


def _write_logs(dest: Path) -> dict[str, str]:
    """The logs of the store; the true winner of the wrong-winner game (by file name)."""
    from sgs_replay.simulate.game import game_name, play_game

    truth: dict[str, str] = {}
    for name, players in SIMULATED:
        rs = ruleset(name)
        folder = dest / f"{name}-{players}p"
        folder.mkdir(parents=True)
        for i in range(GAMES):
            o = play_game(rs, players, SEED, i, strict=True)
            stem = game_name(rs, players, SEED, i)
            (folder / f"{stem}.sgs.jsonl").write_bytes(b"\n".join(o.lines) + b"\n")
            if o.hidden is not None:  # 國戰 from nobody's view: sorts (and loads) before the full log
                (folder / f"{stem}.hidden.sgs.jsonl").write_bytes(b"\n".join(o.hidden) + b"\n")
    # the wrong winner: the first standard game, its game_end naming the side that lost
    src = sorted((dest / "standard-5p").glob("*.sgs.jsonl"))[0]
    lines = src.read_text(encoding="utf-8").splitlines()
    end = json.loads(lines[-1])
    assert end["type"] == "game_end"
    truth[WRONG] = end["winner"]
    end["winner"] = "renegade" if end["winner"] != "renegade" else "lord"
    (dest / WRONG).write_text("\n".join([*lines[:-1], json.dumps(end, ensure_ascii=False)]) + "\n", encoding="utf-8")
    src.unlink()
    # a second copy of a game under another name
    first = sorted((dest / "3v3-2013-6p").glob("*.sgs.jsonl"))[0]
    shutil.copy(first, dest / "zz-copy-of-a-3v3-game.sgs.jsonl")
    # the FreeKill samples and three drawn 虎牢關 games
    for folder in ("freekill", "identity", "maneuvering", "freekill-3v3"):
        shutil.copytree(SAMPLES / folder, dest / f"fk-{folder}")
    draws = dest / "draws"
    draws.mkdir()
    hulao = ruleset("hulao")
    for i in range(20):  # seed 1 draws a few of its first twenty
        lines = play_game(hulao, 4, 1, i, strict=True).lines
        if b'"winner":"none"' in lines[-1]:
            (draws / f"{game_name(hulao, 4, 1, i)}.sgs.jsonl").write_bytes(b"\n".join(lines) + b"\n")
    assert len(list(draws.iterdir())) >= 2
    return truth


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, dict[str, str]]:
    d = tmp_path_factory.mktemp("recount")
    logs = d / "logs"
    truth = _write_logs(logs)
    db = d / "s.duckdb"
    summary = load_paths([logs], db)
    assert not summary.failed and not summary.unreadable, summary.text()
    assert len(summary.duplicates) == 1 and len(summary.views) == GAMES * 3, summary.text()
    return db, logs, truth


# ---------------------------------------------------------------------------------------------- by hand
def _kingdoms(rs: Any, h: ev.Game, events: list[ev.Event]) -> dict[int, str]:
    """國戰: each seat's kingdom, fixed by its first reveal: its generals' kingdom, or 野心家 when the
    seats already of that kingdom are half the table or more."""
    fixed: dict[int, str] = {}
    for e in events:
        if isinstance(e, ev.RevealGeneral) and e.seat not in fixed:
            name = e.main or e.deputy
            k = rs.resolve_general(name).kingdom
            if sum(1 for v in fixed.values() if v == k) + 1 > len(h.players) / 2:
                k = "careerist"
            fixed[e.seat] = k
    return fixed


def _recount(logs: Path, truth: dict[str, str]) -> list[dict[str, Any]]:
    """One row per general that played in a game that counts: the game, its mode and source, the seat,
    name, role, kingdom, side, position, general, how it entered, and the seat's result."""
    files = sorted(p for p in logs.rglob("*") if p.suffix in (".jsonl", ".rep"))
    rows: list[dict[str, Any]] = []
    seen_copy = False
    fk_converted = {p.name.removesuffix(".sgs.jsonl") for p in files if p.parent.name != "fk-freekill"}
    for f in files:
        if f.name.endswith(".hidden.sgs.jsonl"):
            continue  # another view of a game whose full log is here
        if f.name == "zz-copy-of-a-3v3-game.sgs.jsonl":
            seen_copy = True
            continue  # the same game twice
        if f.name.endswith(".fk.rep") and f.name.removesuffix(".fk.rep") in fk_converted:
            continue  # a recording whose conversion is here too
        parsed = read_path(f)
        h = parsed.header
        assert h is not None
        events = [e for _, e in parsed.events]
        end = next(e for e in events if isinstance(e, ev.GameEnd))
        winner = truth.get(f.name, end.winner)
        rs = ruleset(h.ruleset)
        source = "recording" if (h.meta or {}).get("engine") or f.suffix == ".rep" else "simulation"
        kingdoms = _kingdoms(rs, h, events) if h.mode == "hegemony" else {}
        dead: set[int] = set()
        entered: list[tuple[int, str, str]] = []
        for p in h.players:
            entered.append((p.seat, rs.resolve_general(p.general).name, "start"))
            if p.deputy is not None:
                entered.append((p.seat, rs.resolve_general(p.deputy).name, "deputy"))
        for e in events:
            if isinstance(e, ev.Death):
                dead.add(e.seat)
            if isinstance(e, ev.GeneralChoice):
                name = rs.resolve_general(e.general).name
                if any(s == e.seat and g == name for s, g, _ in entered):
                    continue  # a general the seat already had (1v1's first choice, a 虎牢關 ally's return)
                kind = {"1v1": "replacement", "1v3": "form"}.get(h.mode, "reincarnation")
                entered.append((e.seat, name, kind))
                dead.discard(e.seat)
        seats = {p.seat: p for p in h.players}
        for seat, general, entry in entered:
            p = seats[seat]
            side = p.side if h.mode != "1v3" else ("lvbu" if p.role == "lord" else "allies")
            kingdom = kingdoms.get(seat)
            if winner in ("none", "draw"):
                result = "draw"
            elif h.mode == "identity":
                camp = {"lord": ("lord", "loyalist"), "rebel": ("rebel",), "renegade": ("renegade",)}[winner]
                result = "win" if p.role in camp and not (winner == "renegade" and seat in dead) else "loss"
            elif h.mode == "1v3":
                result = "win" if (p.role == "lord") == (winner == "lord") else "loss"
            elif h.mode == "hegemony":
                result = "win" if kingdom == winner and (kingdom != "careerist" or seat not in dead) else "loss"
            else:
                result = "win" if p.side == winner else "loss"
            rows.append({"game": f.name, "mode": h.mode, "source": source, "seat": seat, "name": p.name,
                         "role": p.role if h.mode == "identity" else None, "kingdom": kingdom, "side": side,
                         "position": p.position, "general": general, "entry": entry, "result": result,
                         "table_size": len(h.players)})
    assert seen_copy
    return rows


def _tally(rows: list[dict[str, Any]], keys: tuple[str, ...], *, generals: bool) -> dict[tuple[Any, ...], tuple[int, ...]]:
    """(games, appearances, wins, draws, losses) by ``keys``: a group's game is a win when one of its
    rows won, a draw when none won and one drew, else a loss; ``generals`` False counts seats (the
    starting rows)."""
    games: dict[tuple[Any, ...], dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    for r in rows:
        if not generals and r["entry"] != "start":
            continue
        if any(r[k] is None for k in keys):
            continue
        games[tuple(r[k] for k in keys)][r["game"]].append(r["result"])
    out = {}
    for key, per_game in games.items():
        res = ["win" if "win" in rs else "draw" if "draw" in rs else "loss" for rs in per_game.values()]
        out[key] = (len(per_game), sum(len(rs) for rs in per_game.values()), res.count("win"), res.count("draw"),
                    res.count("loss"))
    return out


def _frame(df: pl.DataFrame, cols: tuple[str, ...]) -> dict[tuple[Any, ...], tuple[int, ...]]:
    return {tuple(r[c] for c in cols): (r["games"], r["appearances"], r["wins"], r["draws"], r["losses"])
            for r in df.iter_rows(named=True)}


@pytest.fixture(scope="module")
def counted(store: tuple[Path, Path, dict[str, str]]) -> list[dict[str, Any]]:
    return _recount(store[1], store[2])


# the breakdowns: stats key(s) → the recount's keys and the columns of the frame that hold them
BREAKDOWNS = [
    (("general",), ("mode", "general"), True),
    (("general", "entry"), ("mode", "general", "entry"), True),
    (("general", "position"), ("mode", "general", "position"), True),
    (("role",), ("role",), False),
    (("kingdom",), ("kingdom",), False),
    (("side",), ("mode", "side"), False),
    (("seat",), ("mode", "table_size", "seat"), False),
    (("player",), ("name",), False),
    (("general", "role"), ("mode", "general", "role"), True),
]


@pytest.mark.parametrize(("by", "keys", "generals"), BREAKDOWNS, ids=[",".join(b[0]) for b in BREAKDOWNS])
def test_every_row_is_the_recount(store: tuple[Path, Path, dict[str, str]], counted: list[dict[str, Any]],
                                  by: tuple[str, ...], keys: tuple[str, ...], generals: bool) -> None:
    db = store[0]
    got = stats.win_rates(db, by, min_games=1)
    cols = tuple("name" if k == "name" else k for k in keys)
    want = _tally(counted, keys, generals=generals)
    assert want, by
    assert _frame(got, cols) == want
    for r in got.iter_rows(named=True):  # the rate and interval over decided games, the draw rate
        decided = r["wins"] + r["losses"]
        assert r["win_rate"] == (round(r["wins"] / decided, 4) if decided else None)
        assert r["draw_rate"] == round(r["draws"] / r["games"], 4)
        want_ci = stats.wilson(r["wins"], decided)
        assert (r["ci_low"], r["ci_high"]) == (pytest.approx(want_ci, abs=1e-4) if want_ci else (None, None))


def test_sources_games_draws_and_the_wrong_winner(store: tuple[Path, Path, dict[str, str]],
                                                  counted: list[dict[str, Any]]) -> None:
    db = store[0]
    games: dict[str, dict[str, Any]] = {}
    for r in counted:
        games.setdefault(r["game"], r)
    s = stats.summary(db)
    assert s["games"] == len(games)
    assert s["recording"] == sum(g["source"] == "recording" for g in games.values())
    assert s["simulation"] == sum(g["source"] == "simulation" for g in games.values())
    drawn = {r["game"] for r in counted if r["result"] == "draw"}
    assert s["draws"] == len(drawn) >= 2
    assert s["result_differs"] == 1  # the wrong-winner game, counted with the winner the rules prove
    by_mode = {r["mode"]: r for r in stats.results(db, "mode").iter_rows(named=True)}
    for mode in {g["mode"] for g in games.values()}:
        assert by_mode[mode]["games"] == sum(g["mode"] == mode for g in games.values())
        assert by_mode[mode]["draws"] == sum(g["mode"] == mode for g in games.values() if g["game"] in drawn)
    # no general is "?", every 國戰 副将 and every 1v1 general that came in later is counted
    generals = stats.win_rates(db, "general", min_games=1)
    assert "?" not in generals["general"].to_list()
    entries = _tally(counted, ("entry",), generals=True)
    assert {k[0] for k in entries} == {"start", "deputy", "replacement", "reincarnation", "form"}


def test_breakdowns_without_information_are_not_offered(store: tuple[Path, Path, dict[str, str]]) -> None:
    db = store[0]
    for by in ("position", "entry", ("mode", "position")):
        with pytest.raises(ValueError, match="general,"):
            stats.win_rates(db, by, min_games=1)
    assert "win_rate" not in stats.win_rates(db, "mode").columns  # games and results, not a rate of 1.0
    assert stats.win_rates(db, "side", where=stats.Filters(mode="1v3"), min_games=1).height == 2


def test_matchups_are_the_recount(store: tuple[Path, Path, dict[str, str]], counted: list[dict[str, Any]]) -> None:
    got = stats.matchups(store[0], min_games=1)
    want: dict[tuple[str, str, str], list[int]] = defaultdict(lambda: [0, 0, 0])
    by_game: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in counted:
        by_game[r["game"]].append(r)
    for rows in by_game.values():
        mode = rows[0]["mode"]
        if mode == "1v1":
            units = {(r["general"], r["side"], r["result"]) for r in rows}
        elif mode == "identity":
            units = {(r["role"], "lord" if r["role"] in ("lord", "loyalist") else r["role"],
                      "win" if any(x["result"] == "win" for x in rows if x["role"] == r["role"]) else r["result"])
                     for r in rows if r["entry"] == "start"}
        elif mode == "hegemony":
            units = {(r["kingdom"], r["kingdom"],
                      "win" if any(x["result"] == "win" for x in rows if x["kingdom"] == r["kingdom"]) else r["result"])
                     for r in rows if r["entry"] == "start"}
        else:
            continue
        for a in units:
            for b in units:
                if a[1] != b[1] and a[0] != b[0]:
                    k = 0 if a[2] == "win" else 2 if b[2] == "win" else 1
                    want[(mode, a[0], b[0])][k] += 1
    have = {(r["mode"], r["unit"], r["opponent"]): [r["wins"], r["draws"], r["losses"]]
            for r in got.iter_rows(named=True) if r["mode"] != "3v3"}
    assert have == dict(want)


def test_the_cli_prints_the_same_rows(store: tuple[Path, Path, dict[str, str]]) -> None:
    db = store[0]
    for by, where in (("general", []), ("side", ["mode=1v3"]), ("general,entry", ["source=simulation"])):
        args = [a for w in where for a in ("--where", w)]
        r = subprocess.run([sys.executable, "-m", "sgs_replay", "stats", "--db", str(db), "--by", by, *args,
                            "--min-games", "1", "--format", "json"], capture_output=True, text=True, cwd=ROOT)
        assert r.returncode == 0, r.stderr
        want = stats.win_rates(db, tuple(by.split(",")), where=stats.Filters.parse(where), min_games=1)
        assert json.loads(r.stdout) == json.loads(want.write_json()), by
        assert len(want) > 0
