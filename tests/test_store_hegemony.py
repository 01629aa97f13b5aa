"""國戰 games in the store: both generals of a seat, the kingdom it ended with, who won by kingdom; the copy from
nobody's view stores the generals its reveals named."""

from __future__ import annotations

from pathlib import Path

from sgs_replay.replay.pipeline import load_paths
from sgs_replay.store.stats import query

SAMPLES = Path(__file__).resolve().parents[1] / "sample_logs" / "simulated" / "hegemony-5p"


def test_hegemony_players_rows(tmp_path: Path) -> None:
    db = tmp_path / "sgs.duckdb"
    load_paths([SAMPLES], db)
    rows = query(db, """SELECT g.file, p.seat, p.general, p.deputy, p.role, p.won, p.alive_at_end, g.winner
                        FROM players p JOIN games g USING (game_id) WHERE g.mode = 'hegemony'""").rows(named=True)
    assert len(rows) == 2 * 20 * 5
    full = {(Path(r["file"]).name.removesuffix(".sgs.jsonl"), r["seat"]): r for r in rows if ".hidden" not in r["file"]}
    for r in rows:
        assert r["role"] in ("wei", "shu", "wu", "qun", "careerist", None)
        if r["role"] is not None and r["winner"] not in (None, "none"):
            assert r["won"] == (r["role"] == r["winner"] and (r["role"] != "careerist" or r["alive_at_end"]))
        if ".hidden" in r["file"]:
            twin = full[(Path(r["file"]).name.removesuffix(".hidden.sgs.jsonl"), r["seat"])]
            assert r["role"] == twin["role"] and r["won"] == twin["won"]
            assert r["general"] in (twin["general"], "?") and r["deputy"] in (twin["deputy"], "?")
        else:
            assert r["general"] != "?" and r["deputy"] not in (None, "?")
    assert any(r["won"] for r in rows) and any(r["won"] is False for r in rows)
    # every dead seat was revealed as it died: its generals are named in both copies
    assert all(r["general"] != "?" and r["deputy"] != "?" for r in rows if r["alive_at_end"] is False)
