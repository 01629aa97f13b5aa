"""國戰 games in the store: both generals of a seat, the kingdom it ended with, who won by kingdom; the copy from
nobody's view is the same game: linked to the full log (whichever is loaded first), never counted."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from sgs_replay.analysis import stats
from sgs_replay.replay.pipeline import load_paths
from sgs_replay.store.stats import query

GAMES = 20


@pytest.fixture(scope="module")
def games(simulated_games: Any) -> Path:
    """Twenty simulated 國戰 games of five players, each with its copy from nobody's view."""
    return simulated_games("hegemony", 5, GAMES)


def test_hegemony_players_rows(tmp_path: Path, games: Path) -> None:
    db = tmp_path / "sgs.duckdb"
    summary = load_paths([games], db)  # each hidden copy sorts (and loads) before its full log
    assert summary.loaded == GAMES and len(summary.views) == GAMES, summary.text()
    rows = query(db, """SELECT g.file, g.view, p.seat, p.general, p.deputy, p.role, p.won, p.alive_at_end, g.winner
                        FROM players p JOIN games g USING (game_id) WHERE g.mode = 'hegemony'""").rows(named=True)
    assert len(rows) == GAMES * 5
    for r in rows:
        assert ".hidden" not in r["file"] and r["view"] == "full"
        assert r["role"] in ("wei", "shu", "wu", "qun", "careerist", None)
        if r["role"] is not None and r["winner"] not in (None, "none"):
            assert r["won"] == (r["role"] == r["winner"] and (r["role"] != "careerist" or r["alive_at_end"]))
        assert r["general"] != "?" and r["deputy"] not in (None, "?")
    assert any(r["won"] for r in rows) and any(r["won"] is False for r in rows)
    links = query(db, "SELECT v.file, v.view, g.file AS kept FROM views v JOIN games g USING (game_id)").rows()
    assert len(links) == GAMES
    assert all(f.endswith(".hidden.sgs.jsonl") and view == "hidden" and kept == f.replace(".hidden", "")
               for f, view, kept in links)
    again = load_paths([games], db)  # nothing new: the views are recognised, recorded once
    assert again.loaded == 0 and len(again.views) == GAMES
    assert query(db, "SELECT count(*) AS n FROM views")["n"][0] == GAMES


def test_a_game_seen_only_from_nobodys_view(tmp_path: Path, games: Path) -> None:
    """Only the hidden copies: each counts once, its generals named by their reveals; a general never
    revealed is no general in any statistic (never ``?``); a full log loaded later takes its place."""
    hidden = tmp_path / "hidden"
    hidden.mkdir()
    for f in sorted(games.glob("*.hidden.sgs.jsonl"))[:6]:
        shutil.copy(f, hidden / f.name)
    db = tmp_path / "sgs.duckdb"
    assert load_paths([hidden], db).loaded == 6
    generals = stats.win_rates(db, "general")
    assert "?" not in generals["general"].to_list() and generals.height > 0
    before = stats.summary(db)["games"]
    full = tmp_path / "full"
    full.mkdir()
    for f in sorted(hidden.iterdir()):
        shutil.copy(games / f.name.replace(".hidden", ""), full / f.name.replace(".hidden", ""))
    s = load_paths([full], db)
    assert s.loaded == 6 and len(s.views) == 6, s.text()
    assert stats.summary(db)["games"] == before == 6
    assert query(db, "SELECT count(*) AS n FROM games WHERE view = 'full'")["n"][0] == 6
    assert query(db, "SELECT count(*) AS n FROM views WHERE view = 'hidden'")["n"][0] == 6
    assert query(db, "SELECT count(*) AS n FROM stat_games")["n"][0] == 6
