"""The game viewer shows, at every event, the position a full replay of the log gives.

The store keeps the seats' state only at some positions (turn starts, dying, death, before a 桃, the
end); the viewer replays the stored game (its header and events, under the ruleset it was judged
by) for the others. Here, for every event of a few sample games (identity, 3v3, a FreeKill
recording, a game with violations, one starting from a position), what the viewer reads from the
store — through its own queries — is compared with a full replay of the file itself.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from sgs_replay.formats.reader import read_path
from sgs_replay.replay.pipeline import load_paths
from sgs_replay.replay.records import kept_positions, replay_stored, replay_with_snapshots

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "sample_logs"
SCENARIOS = ROOT.parent / "shared" / "scenarios"


def sample_games() -> list[Path]:
    picks = [
        *sorted((SAMPLES / "identity").glob("*.sgs.jsonl"))[:2],
        *sorted((SAMPLES / "3v3").glob("*.sgs.jsonl"))[:1],
        *sorted((SAMPLES / "freekill-3v3").glob("*.sgs.jsonl"))[:1],
        *sorted((SAMPLES / "freekill").glob("*.fk.rep"))[:1],
        *sorted((SAMPLES / "disputes").glob("*.sgs.jsonl"))[:1],
        *sorted((SAMPLES / "maneuvering").glob("*.sgs.jsonl"))[:1],
    ]
    if SCENARIOS.is_dir():  # a log that starts from a position
        picks += sorted(SCENARIOS.glob("3v3-2013-liannu-limit.sgs.jsonl"))
    return picks


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[Path]]:
    files = sample_games()
    assert len(files) >= 7
    db = tmp_path_factory.mktemp("viewer") / "v.duckdb"
    summary = load_paths(files, db, jobs=1)
    assert summary.loaded == len(files), summary.text()
    return db, files


@pytest.fixture(scope="module")
def queries() -> object:
    sys.path.insert(0, str(ROOT / "dashboards"))
    import queries as q

    return q


def test_the_viewer_shows_a_full_replay_at_every_event(store: tuple[Path, list[Path]], queries: object) -> None:
    q = queries
    db, files = store
    for f in files:
        gid, = q.fetch_rows(db, "SELECT game_id FROM games WHERE file = ?", [str(f)])[0]  # type: ignore[attr-defined]
        header, ruleset = q.fetch_rows(db, q.GAME_REPLAY_SOURCE, [gid])[0]  # type: ignore[attr-defined]
        events = q.fetch_rows(db, q.GAME_EVENTS_ALL, [gid])  # type: ignore[attr-defined]
        shown = replay_stored(header, [(line, js) for _, line, _, _, _, js in events], ruleset)
        _, full = replay_with_snapshots(read_path(f))
        assert len(shown) == len(full) == len(events) + 1, f.name
        for i, (want, got) in enumerate(zip(full, shown, strict=True)):
            assert want is not None, (f.name, i)  # every sample replays to its end
            assert got == want, (f.name, i)  # whose turn, the phase, and every seat (HP, hand, cards, areas)
        # the turn and phase columns the viewer reads beside the seats
        assert [(ts, ph) for _, _, _, ts, ph, _ in events] == [(w[0], w[1]) for w in full[1:]], f.name


def test_the_kept_positions_are_the_full_replays(store: tuple[Path, list[Path]], queries: object) -> None:
    q = queries
    db, files = store
    for f in files:
        gid, = q.fetch_rows(db, "SELECT game_id FROM games WHERE file = ?", [str(f)])[0]  # type: ignore[attr-defined]
        parsed = read_path(f)
        _, full = replay_with_snapshots(parsed)
        kept = q.fetch_rows(db, "SELECT seq, state FROM events WHERE game_id = ? AND state IS NOT NULL "  # type: ignore[attr-defined]
                                "ORDER BY seq", [gid])
        start, = q.fetch_rows(db, "SELECT start_state FROM games WHERE game_id = ?", [gid])[0]  # type: ignore[attr-defined]
        stored = {0: start, **dict(kept)}
        assert set(stored) <= kept_positions(parsed.events), f.name
        assert len(parsed.events) in stored, f.name  # the end is kept
        for i, seats in stored.items():
            assert [tuple(s.values()) for s in seats] == [tuple(x) for x in full[i][2]], (f.name, i)
