"""The DuckDB store: counts, idempotence, unreadable files, atomicity, derived columns, the CLI."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from sgs_replay.formats.reader import expand_paths, read_path
from sgs_replay.replay import pipeline as store_loader
from sgs_replay.replay.pipeline import load_paths
from sgs_replay.replay.records import replay_stored, replay_with_snapshots, snapshot, won
from sgs_replay.replay.validate import validate_parsed
from sgs_replay.store import StoreError
from sgs_replay.store.stats import counts, query

duckdb = pytest.importorskip("duckdb")

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = ROOT.parent / "shared" / "scenarios"
SAMPLES = ROOT / "sample_logs"

#: A short complete identity game: the lord (张飞, 咆哮, 麒麟弓) kills the rebel and the renegade.
LORD_WINS = textwrap.dedent("""\
    {"type": "game", "format": "sgs-replay/1", "game_id": "fixture-lord-wins", "mode": "identity", "ruleset": "standard", "players": [{"seat": 1, "name": "Ann", "general": "张飞", "role": "lord"}, {"seat": 2, "name": "Bo", "general": "ganning", "role": "loyalist"}, {"seat": 3, "name": "Cy", "general": "许褚", "role": "rebel"}, {"seat": 4, "name": "Di", "general": "华佗", "role": "renegade"}], "start": {"current": 1, "phase": "play", "round": 3, "seats": {"1": {"hand": ["♠7 杀", "♠8 杀"], "equip": ["♥5 麒麟弓"]}, "2": {}, "3": {"hp": 1}, "4": {"hp": 1}}, "deck": ["♣3 杀", "♦4 闪", "♥7 无中生有"]}}
    {"type": "use", "seat": 1, "card": "♠7 杀", "targets": [3]}
    {"type": "damage", "source": 1, "target": 3, "amount": 1, "card": "♠7 杀"}
    {"type": "death", "seat": 3, "killer": 1}
    {"type": "draw", "seat": 1, "cards": ["♣3 杀", "♦4 闪", "♥7 无中生有"], "reason": "reward"}
    {"type": "use", "seat": 1, "card": "♠8 杀", "targets": [4]}
    {"type": "damage", "source": 1, "target": 4, "amount": 1, "card": "♠8 杀"}
    {"type": "death", "seat": 4, "killer": 1}
    {"type": "game_end", "winner": "lord", "reason": "rebels_and_renegades_dead"}
    """)


def _scenario_files() -> list[Path]:
    if not SCENARIOS.is_dir():
        pytest.skip("shared scenarios not available")
    files = list(expand_paths([SCENARIOS]))
    if not files:
        pytest.skip("no scenario logs")
    return files


@pytest.fixture
def logs(tmp_path: Path) -> Path:
    """A directory with every scenario log plus one complete game."""
    d = tmp_path / "logs"
    d.mkdir()
    for f in _scenario_files():
        (d / f.name).write_bytes(f.read_bytes())
    (d / "fixture-lord-wins.sgs.jsonl").write_text(LORD_WINS, encoding="utf-8")
    return d


def _expected(files: list[Path]) -> dict[str, int]:
    games = players = events = violations = 0
    for f in files:
        rep = validate_parsed(read_path(f))
        games += 1
        players += len(rep.parsed.header.players) if rep.parsed.header else 0
        events += rep.report.events
        violations += len(rep.report.violations)
    return {"games": games, "players": players, "events": events, "violations": violations}


#: the overview's violation counts, counted from the violations themselves (what the tables built at
#: load replace)
_COUNTED = {
    "violations_by_kind": "SELECT kind, count(*), count(DISTINCT game_id) FROM violations GROUP BY ALL ORDER BY ALL",
    "violations_by_rule": "SELECT rule, kind, count(*), count(DISTINCT game_id), min(message) FROM violations "
                          "GROUP BY ALL ORDER BY ALL",
    "game_overview": "SELECT g.game_id, g.violations, "
                     + ", ".join(f"count(v.rule) FILTER (WHERE v.kind = '{k}')" for k in
                                 ("illegal_play", "resolution_order", "bookkeeping", "outcome", "format"))
                     + " FROM games g LEFT JOIN violations v USING (game_id) GROUP BY ALL ORDER BY ALL",
}
_STORED = {
    "violations_by_kind": "SELECT kind, violations, games FROM violations_by_kind ORDER BY ALL",
    "violations_by_rule": "SELECT rule, kind, violations, games, example FROM violations_by_rule ORDER BY ALL",
    "game_overview": "SELECT game_id, violations, illegal_play, resolution_order, bookkeeping, outcome, format "
                     "FROM game_overview ORDER BY ALL",
}


def assert_violation_counts_current(db: Path) -> None:
    """The violation counts stored at load are those of the violations the store holds."""
    for view, counted in _COUNTED.items():
        assert query(db, _STORED[view]).rows() == query(db, counted).rows(), view


def test_load_counts_match_the_validator(logs: Path, tmp_path: Path) -> None:
    db = tmp_path / "sgs.duckdb"
    files = list(expand_paths([logs]))
    summary = load_paths([logs], db)
    want = _expected(files)
    assert counts(db) == want
    assert summary.files == len(files)
    assert summary.loaded == summary.loaded_files == want["games"]
    assert summary.already == 0 and not summary.unreadable and not summary.failed
    assert summary.events == want["events"]
    assert summary.violation_count == want["violations"]
    lines = {ln.strip().rsplit(None, 1)[0].strip(): ln.split()[-1] for ln in summary.text().splitlines()[1:6]}
    assert lines["games loaded"] == str(want["games"])
    assert lines["events added"] == str(want["events"])
    # every view answers
    for view in ("win_rates_by_general", "win_rates_by_role", "win_rates_by_seat", "win_rates_by_side",
                 "win_rates_by_position", "games_by_mode", "violations_by_kind", "violations_by_rule",
                 "game_overview", "violation_details", "player_results"):
        query(db, f"SELECT * FROM {view}")
    by_kind = dict(query(db, "SELECT kind, violations FROM violations_by_kind").iter_rows())
    assert sum(by_kind.values()) == want["violations"]
    assert by_kind == dict(summary.violations)
    assert_violation_counts_current(db)
    assert query(db, "SELECT count(*) AS n FROM violation_counts_by_game")["n"][0] == query(
        db, "SELECT count(DISTINCT game_id) AS n FROM violations")["n"][0]


def test_violation_counts_follow_a_changed_file(tmp_path: Path) -> None:
    """A file loaded again with other violations replaces its game's counts, and a load that adds a
    game keeps the others'."""
    d = tmp_path / "logs"
    d.mkdir()
    (d / "a.sgs.jsonl").write_text(LORD_WINS.rstrip("\n") + "\n{not an event\n", encoding="utf-8")
    db = tmp_path / "sgs.duckdb"
    load_paths([d], db)
    assert_violation_counts_current(db)
    before = query(db, "SELECT sum(format) AS n FROM game_overview")["n"][0]
    assert before >= 1
    (d / "a.sgs.jsonl").write_text(LORD_WINS.rstrip("\n") + "\n{not an event\n{nor this\n", encoding="utf-8")
    (d / "b.sgs.jsonl").write_text(LORD_WINS.replace("fixture-lord-wins", "fixture-b"), encoding="utf-8")
    load_paths([d], db)
    assert_violation_counts_current(db)
    assert query(db, "SELECT sum(format) AS n FROM game_overview")["n"][0] == before + 1


def test_stored_violations_are_the_validators(logs: Path, tmp_path: Path) -> None:
    db = tmp_path / "sgs.duckdb"
    load_paths([logs], db)
    for f in expand_paths([logs]):
        rep = validate_parsed(read_path(f))
        want = [(v.line, v.rule, v.kind, v.seat, v.message, v.expected, v.observed) for v in rep.report.violations]
        got = query(db, "SELECT line, rule, kind, seat, message, expected, observed FROM violations "
                        "WHERE game_id = ? ORDER BY n", [rep.content_hash]).rows()
        assert got == want, f.name


def test_snapshot_replay_ends_where_the_validator_ends() -> None:
    """The second pass that records positions reaches the validator's final position."""
    for f in _scenario_files():
        rep, snaps = replay_with_snapshots(read_path(f))
        assert len(snaps) == rep.report.events + 1
        if rep.engine is not None:
            assert snaps[-1] == snapshot(rep.engine), f.name


def test_loading_twice_adds_nothing(logs: Path, tmp_path: Path) -> None:
    db = tmp_path / "sgs.duckdb"
    first = load_paths([logs], db)
    before = counts(db)
    again = load_paths([logs], db)
    assert counts(db) == before
    assert again.loaded == 0 and again.events == 0
    assert again.already == first.loaded == again.loaded_files
    assert "already present" in again.text()


def test_same_game_in_two_files_is_loaded_once(tmp_path: Path) -> None:
    d = tmp_path / "logs"
    d.mkdir()
    (d / "a.sgs.jsonl").write_text(LORD_WINS, encoding="utf-8")
    (d / "b.sgs.jsonl").write_text(LORD_WINS, encoding="utf-8")
    # another spelling of the same cards is the same game: its fingerprint is the canonical form
    (d / "c.sgs.jsonl").write_text(LORD_WINS.replace('"♠7 杀"', '"S7 slash"').replace(", ", ",  "), encoding="utf-8")
    # a broken line is another game
    (d / "d.sgs.jsonl").write_text(LORD_WINS.rstrip("\n") + "\n{not an event\n", encoding="utf-8")
    db = tmp_path / "sgs.duckdb"
    s = load_paths([d], db)
    assert (s.loaded, s.already, len(s.duplicates)) == (2, 0, 2)
    assert all("a.sgs.jsonl" in line for line in s.duplicates)
    rows = query(db, "SELECT d.file, d.game_id = g.game_id AS kept, d.fingerprint = g.fingerprint AS same "
                     "FROM duplicates d JOIN games g ON g.file LIKE '%a.sgs.jsonl' ORDER BY d.file").rows()
    assert [(Path(f).name, k, m) for f, k, m in rows] == [("b.sgs.jsonl", True, True), ("c.sgs.jsonl", True, True)]
    # loading them again: the duplicates are refused again, but recorded once
    again = load_paths([d], db)
    assert (again.loaded, again.already, len(again.duplicates)) == (0, 2, 2)
    assert query(db, "SELECT count(*) AS n FROM duplicates").item() == 2


def test_unreadable_file_is_reported_and_the_rest_load(logs: Path, tmp_path: Path) -> None:
    (logs / "garbage.sgs.jsonl").write_bytes(b"\x00\x01 this is not a match log\n")
    (logs / "empty.sgs.jsonl").write_bytes(b"")
    db = tmp_path / "sgs.duckdb"
    s = load_paths([logs], db)
    assert len(s.unreadable) == 2
    assert any("garbage.sgs.jsonl" in u for u in s.unreadable)
    assert any("empty.sgs.jsonl" in u for u in s.unreadable)
    assert all("\n" not in u for u in s.unreadable)
    assert s.loaded == s.files - 2 > 0
    assert counts(db)["games"] == s.loaded
    text = s.text()
    assert "unreadable" in text and "garbage.sgs.jsonl" in text


def test_bad_lines_load_as_format_violations(tmp_path: Path) -> None:
    d = tmp_path / "logs"
    d.mkdir()
    (d / "bad-line.sgs.jsonl").write_text(LORD_WINS.replace('{"type": "death", "seat": 3, "killer": 1}', '{"type": "deth"'),
                                          encoding="utf-8")
    db = tmp_path / "sgs.duckdb"
    s = load_paths([d], db)
    assert s.loaded == 1
    kinds = query(db, "SELECT kind, line FROM violations ORDER BY line").rows()
    assert ("format", 4) in kinds


def test_failed_load_leaves_the_database_unchanged(logs: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "sgs.duckdb"
    scen = sorted(logs.iterdir())
    first, rest = scen[: len(scen) // 2], scen[len(scen) // 2:]
    load_paths(first, db)
    before = counts(db)
    games_before = query(db, "SELECT game_id FROM games ORDER BY game_id")["game_id"].to_list()

    from sgs_replay.store import loader as store_writer

    real = store_writer.insert_table

    def failing(con, name, table):  # type: ignore[no-untyped-def]
        if name == "violations":
            raise RuntimeError("disk full (simulated)")
        return real(con, name, table)

    monkeypatch.setattr(store_writer, "insert_table", failing)
    with pytest.raises(RuntimeError, match="simulated"):
        load_paths(rest, db, batch_size=3)
    monkeypatch.undo()
    assert counts(db) == before
    assert query(db, "SELECT game_id FROM games ORDER BY game_id")["game_id"].to_list() == games_before
    # and the next load works and adds everything
    s = load_paths(rest, db)
    assert s.loaded == len(rest)
    assert counts(db)["games"] == before["games"] + len(rest)


def test_killed_load_leaves_the_database_unchanged(logs: Path, tmp_path: Path) -> None:
    """The process dies in the middle of a load (after some batches were inserted): nothing is kept."""
    db = tmp_path / "sgs.duckdb"
    scen = sorted(logs.iterdir())
    load_paths(scen[:5], db)
    before = counts(db)
    script = textwrap.dedent("""
        import os, sys
        from pathlib import Path
        from sgs_replay.store import loader
        from sgs_replay.replay.pipeline import load_paths
        real, calls = loader.insert_table, []
        def dying(con, name, table):
            calls.append(name)
            if calls.count("violations") == 2:
                os._exit(9)  # no rollback, no close: as if the machine lost power
            return real(con, name, table)
        loader.insert_table = dying
        load_paths([Path(p) for p in sys.argv[2:]], Path(sys.argv[1]), batch_size=2)
    """)
    r = subprocess.run([sys.executable, "-c", script, str(db), *map(str, scen[5:])], capture_output=True, text=True,
                       timeout=120, cwd=ROOT)
    assert r.returncode == 9, r.stderr
    assert counts(db) == before
    s = load_paths(scen, db)
    assert (s.loaded, s.already) == (len(scen) - 5, 5)


def test_failed_first_load_leaves_no_file(logs: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "new.duckdb"

    def failing(con, name, table):  # type: ignore[no-untyped-def]
        raise KeyboardInterrupt

    from sgs_replay.store import loader as store_writer

    monkeypatch.setattr(store_writer, "insert_table", failing)
    with pytest.raises(KeyboardInterrupt):
        load_paths([logs], db)
    assert not db.exists()


def test_engine_crash_on_one_file_is_reported(logs: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real = store_loader.build_record

    def flaky(parsed, path, *a, **k):  # type: ignore[no-untyped-def]
        if Path(path).name.startswith("id-second-slash"):
            raise ValueError("boom")
        return real(parsed, path, *a, **k)

    monkeypatch.setattr(store_loader, "build_record", flaky)
    s = load_paths([logs], tmp_path / "sgs.duckdb")
    assert len(s.failed) == 1 and "id-second-slash" in s.failed[0] and "boom" in s.failed[0]
    assert s.loaded == s.files - 1


def test_engine_fault_on_one_event_is_reported_and_the_game_loads(logs: Path, tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    from sgs_replay.engine.core import Engine
    from sgs_replay.formats import events as ev

    real = Engine.step

    def faulty(self, line, e):  # type: ignore[no-untyped-def]
        if isinstance(e, ev.Death):
            raise ZeroDivisionError("simulated engine fault")
        return real(self, line, e)

    monkeypatch.setattr(Engine, "step", faulty)
    s = load_paths([logs / "fixture-lord-wins.sgs.jsonl"], tmp_path / "sgs.duckdb")
    assert s.loaded == 1
    assert len(s.engine_faults) == 2 and "simulated engine fault" in s.engine_faults[0]
    assert "engine faults" in s.text()


def test_locked_database_is_a_clear_error(logs: Path, tmp_path: Path) -> None:
    db = tmp_path / "sgs.duckdb"
    load_paths([logs / "fixture-lord-wins.sgs.jsonl"], db)
    holder = subprocess.Popen(
        [sys.executable, "-c", "import duckdb, sys, time; c = duckdb.connect(sys.argv[1]); print('ready', flush=True); "
         "time.sleep(30)", str(db)], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "ready"
        with pytest.raises(StoreError, match="cannot open the database"):
            load_paths([logs], db)
    finally:
        holder.kill()
        holder.wait()
    assert counts(db)["games"] == 1


def test_3v3_match_is_checked_across_its_games(tmp_path: Path) -> None:
    """Games of one 3v3 match (same meta.match) loaded together get the match checks `validate` makes."""
    match = pytest.importorskip("sgs_replay.replay.match")
    src = SCENARIOS / "3v3-time-up-tiebreak.sgs.jsonl"
    if not src.is_file():
        pytest.skip("shared scenarios not available")
    import json

    head, _, rest = src.read_text(encoding="utf-8").partition("\n")
    d = tmp_path / "match"
    d.mkdir()
    for g in (1, 2):  # the same players keep the same colours: the teams did not switch
        h = json.loads(head)
        h["game_id"] = f"m1-g{g}"
        h["meta"] = {"match": "m1", "game": g}
        (d / f"m1-g{g}.sgs.jsonl").write_text(json.dumps(h, ensure_ascii=False) + "\n" + rest, encoding="utf-8")
    files = sorted(d.iterdir())
    done = [(p, validate_parsed(read_path(p))) for p in files]
    reports = match.check_matches(match.MatchEntry(str(p), r.parsed.header, r.report.result) for p, r in done)
    want = sorted((Path(f).name, v.rule, v.line) for m in reports for f, v in m.violations)
    assert want, "the match check should find the colours not switched"
    want += sorted((p.name, v.rule, v.line) for p, r in done for v in r.report.violations)
    db = tmp_path / "sgs.duckdb"
    s = load_paths([d], db)
    got = query(db, "SELECT regexp_extract(file, '[^/]+$') AS f, rule, line FROM violation_details").rows()
    assert sorted(got) == sorted(want)
    assert s.violation_count == len(want)
    per_game = query(db, "SELECT sum(violations) AS n FROM games")["n"][0]
    assert per_game == len(want)
    ns = query(db, "SELECT game_id, list(n ORDER BY n) AS ns FROM violations GROUP BY game_id")["ns"].to_list()
    assert all(x == list(range(1, len(x) + 1)) for x in ns)
    assert_violation_counts_current(db)  # the match's violations, added after its games, are counted


def test_players_won_and_final_state(logs: Path, tmp_path: Path) -> None:
    db = tmp_path / "sgs.duckdb"
    load_paths([logs], db)
    rows = query(db, """
        SELECT p.seat, p.general, p.general_id, p.role, p.won, p.alive_at_end, p.hp_at_end
        FROM players p JOIN games g USING (game_id) WHERE g.declared_id = 'fixture-lord-wins' ORDER BY seat""").rows()
    assert rows == [
        (1, "张飞", "zhangfei", "lord", True, True, 4),
        (2, "甘宁", "ganning", "loyalist", True, True, 4),  # written as the pinyin id in the header
        (3, "许褚", "xuchu", "rebel", False, False, 0),
        (4, "华佗", "huatuo", "renegade", False, False, 0),
    ]
    sides = query(db, """
        SELECT DISTINCT p.side, p.won FROM players p JOIN games g USING (game_id)
        WHERE g.declared_id = '3v3-time-up-tiebreak' ORDER BY side""").rows()
    # cold is declared the winner, but by the tie-breaks warm wins (SGS-3004): the proven result counts
    assert sides == [("cold", False), ("warm", True)]
    assert query(db, "SELECT winner, proven_winner FROM games WHERE declared_id = '3v3-time-up-tiebreak'"
                 ).rows() == [("cold", "warm")]
    unfinished = query(db, "SELECT count(*) AS n FROM players p JOIN games g USING (game_id) "
                           "WHERE g.winner IS NULL AND p.won IS NOT NULL")["n"][0]
    assert unfinished == 0
    roles = dict(query(db, "SELECT role, win_rate FROM win_rates_by_role").iter_rows())
    assert roles == {"lord": 1.0, "loyalist": 1.0, "rebel": 0.0, "renegade": 0.0}


def test_won_rules() -> None:
    assert won("identity", "lord", "loyalist", None, True) is True
    assert won("identity", "rebel", "rebel", None, False) is True
    assert won("identity", "rebel", "lord", None, False) is False
    assert won("identity", "renegade", "renegade", None, True) is True
    assert won("identity", "renegade", "renegade", None, False) is False  # the other of two renegades
    assert won("3v3", "warm", None, "warm", False) is True
    assert won("1v1", "warm", None, "cold", True) is False
    assert won("identity", None, "lord", None, True) is None
    assert won("3v3", "draw", None, "warm", True) is None


def test_events_carry_columns_and_state(logs: Path, tmp_path: Path) -> None:
    db = tmp_path / "sgs.duckdb"
    load_paths([logs], db)
    gid = query(db, "SELECT game_id FROM games WHERE declared_id = 'fixture-lord-wins'")["game_id"][0]
    ev = query(db, "SELECT seq, line, type, seat, target, card, json FROM events WHERE game_id = ? ORDER BY seq", [gid])
    assert ev["seq"].to_list() == list(range(1, 9))
    assert ev["line"].to_list() == list(range(2, 10))
    assert ev.row(1) [:6] == (2, 3, "damage", 1, 3, "♠7 杀")
    assert '"type":"use"' in ev["json"][0]
    hp = query(db, """
        SELECT seq, s.seat AS seat, s.hp AS hp, s.alive AS alive, s.hand AS hand
        FROM (SELECT seq, unnest(state) AS s FROM events WHERE game_id = ?) WHERE s.seat IN (1, 3) ORDER BY seq, seat""",
               [gid]).rows()
    assert (8, 3, 0, False, 0) in hp  # the end: a kept position
    assert not [r for r in hp if r[0] in (2, 3, 4)]  # positions between (the death too) are replayed on demand
    head, ruleset = query(db, "SELECT header, ruleset FROM games WHERE game_id = ?", [gid]).row(0)
    full = replay_stored(head, query(db, "SELECT line, json FROM events WHERE game_id = ? ORDER BY seq", [gid]).rows(),
                         ruleset)
    assert full[2][2][2][:5] == (3, 0, 4, True, 0)  # after the damage: dying at 0 HP
    assert full[4][2][0][4] == 4  # the reward draw: 1 + 3 cards
    stored = query(db, "SELECT seq, state FROM events WHERE game_id = ? AND state IS NOT NULL", [gid]).rows()
    assert stored and all([tuple(s.values()) for s in st] == [tuple(x) for x in full[seq][2]] for seq, st in stored)
    start = query(db, "SELECT s.seat AS seat, s.hp AS hp, s.equip AS equip FROM "
                      "(SELECT unnest(start_state) AS s FROM games WHERE game_id = ?) ORDER BY seat", [gid]).rows()
    assert start[0] == (1, 4, ["♥5 麒麟弓"]) and start[2][1] == 1


def test_without_snapshots_the_rest_is_the_same(logs: Path, tmp_path: Path) -> None:
    a, b = tmp_path / "a.duckdb", tmp_path / "b.duckdb"
    load_paths([logs], a)
    load_paths([logs], b, snapshots=False)
    assert counts(a) == counts(b)
    assert query(b, "SELECT count(*) AS n FROM events WHERE state IS NOT NULL")["n"][0] == 0
    q = "SELECT game_id, rule, kind, line FROM violations ORDER BY ALL"
    assert query(a, q).rows() == query(b, q).rows()


def test_parallel_load_matches_serial(logs: Path, tmp_path: Path) -> None:
    a, b = tmp_path / "a.duckdb", tmp_path / "b.duckdb"
    load_paths([logs], a)
    s = load_paths([logs], b, jobs=2)
    assert s.loaded == counts(a)["games"]
    q = "SELECT game_id, seq, type, state FROM events ORDER BY game_id, seq"
    assert query(a, q).rows() == query(b, q).rows()


def test_games_are_numbered_in_load_order_and_their_events_carry_the_number(logs: Path, tmp_path: Path) -> None:
    """``games.load_no`` is 1, 2, … across loads; a game's events carry its number and lie in one run of it
    (the game viewer reads a game by it: DuckDB skips the row groups of other numbers)."""
    db = tmp_path / "sgs.duckdb"
    files = sorted(logs.iterdir())
    part = tmp_path / "part"
    part.mkdir()
    for f in files[: len(files) // 2]:
        (part / f.name).write_bytes(f.read_bytes())
    load_paths([part], db, batch_size=3)
    first = counts(db)["games"]
    load_paths([logs], db, batch_size=4, jobs=2)
    games = query(db, "SELECT load_no FROM games ORDER BY load_no").rows()
    assert [g for (g,) in games] == list(range(1, len(games) + 1)) and len(games) > first > 0
    assert query(db, "SELECT count(*) FROM events e JOIN games g USING (game_id) WHERE e.load_no IS DISTINCT FROM g.load_no"
                 ).rows() == [(0,)]
    order = [g for (g,) in query(db, "SELECT load_no FROM events ORDER BY rowid").rows()]
    assert order == sorted(order)


def test_a_store_written_before_load_numbers_keeps_working(logs: Path, tmp_path: Path) -> None:
    db = tmp_path / "sgs.duckdb"
    load_paths([logs], db)
    con = duckdb.connect(str(db))
    con.execute("ALTER TABLE events DROP COLUMN load_no")
    con.execute("ALTER TABLE games DROP COLUMN load_no")
    con.close()
    (logs / "extra.sgs.jsonl").write_text(LORD_WINS.replace("fixture-lord-wins", "fixture-extra").replace("♥7 无中生有", "♥8 无中生有"), encoding="utf-8")
    load_paths([logs], db)
    rows = query(db, "SELECT count(*) FILTER (WHERE load_no IS NULL), count(*) FILTER (WHERE load_no = 1) FROM games").rows()
    assert rows[0][1] == 1 and rows[0][0] == counts(db)["games"] - 1  # the new game is number 1; old ones have none
    assert query(db, "SELECT count(DISTINCT load_no) FROM events WHERE load_no IS NOT NULL").rows() == [(1,)]


def test_empty_directory_creates_an_empty_store(tmp_path: Path) -> None:
    (tmp_path / "none").mkdir()
    db = tmp_path / "sgs.duckdb"
    s = load_paths([tmp_path / "none"], db)
    assert s.files == 0 and s.loaded == 0
    assert counts(db) == {"games": 0, "players": 0, "events": 0, "violations": 0}


def test_sample_logs_load(tmp_path: Path) -> None:
    files = list(expand_paths([SAMPLES])) if SAMPLES.is_dir() else []
    if not files:
        pytest.skip("no sample logs yet")
    db = tmp_path / "samples.duckdb"
    s = load_paths([SAMPLES], db)
    assert s.loaded + s.already + len(s.unreadable) + len(s.failed) + len(s.views) == len(files)
    assert len(s.views) == sum(".hidden." in f.name for f in files)  # 國戰 from nobody's view: linked, not counted
    assert not s.failed
    assert counts(db)["games"] == s.loaded


def _cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "sgs_replay", *args], cwd=cwd, capture_output=True, text=True,
                          timeout=120)


def test_cli_load(logs: Path, tmp_path: Path) -> None:
    db = tmp_path / "cli.duckdb"
    n = len(list(expand_paths([logs])))
    r = _cli("load", str(logs), "--db", str(db), cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "games loaded" in r.stdout and str(n) in r.stdout
    assert counts(db)["games"] == n
    r = _cli("load", str(logs), "--db", str(db), cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "already present" in r.stdout
    assert counts(db)["games"] == n
    bad = tmp_path / "bad.sgs.jsonl"
    bad.write_bytes(b"not json at all")
    r = _cli("load", str(bad), "--db", str(db), cwd=tmp_path)
    assert r.returncode == 3
    assert "bad.sgs.jsonl" in r.stdout + r.stderr


def test_cli_start_up_does_not_import_the_heavy_libraries(tmp_path: Path) -> None:
    r = subprocess.run([sys.executable, "-X", "importtime", "-m", "sgs_replay", "--help"], capture_output=True,
                       text=True, timeout=60, cwd=tmp_path)
    assert r.returncode == 0
    imported = {line.split("|")[-1].strip().split(".")[0] for line in r.stderr.splitlines() if "|" in line}
    assert not imported & {"duckdb", "polars", "pyarrow", "streamlit", "pandas"}


def test_seat_state_keeps_the_hand_cards(tmp_path: Path) -> None:
    """``state[].cards``: the hand, known cards sorted, ``?`` for each hidden one (schema version 2)."""
    from sgs_replay.report.positions import split_hand
    from sgs_replay.store.schema import SCHEMA_VERSION

    assert SCHEMA_VERSION == 2
    log = tmp_path / "hands.sgs.jsonl"
    head = json.loads(LORD_WINS.splitlines()[0])
    head["start"]["seats"]["2"] = {"hand": ["?", "♥4 桃"]}
    log.write_text("\n".join([json.dumps(head, ensure_ascii=False), *LORD_WINS.splitlines()[1:]]) + "\n", encoding="utf-8")
    db = tmp_path / "s.duckdb"
    summary = load_paths([log], db)
    assert not summary.failed, summary.text()
    start = query(db, "SELECT unnest(start_state) AS s FROM games")["s"].to_list()
    assert start[0]["cards"] == ["♠7 杀", "♠8 杀"] and start[0]["hand"] == 2
    assert start[1]["cards"] == ["♥4 桃", "?"] and start[1]["hand"] == 2
    head, ruleset = query(db, "SELECT header, ruleset FROM games").row(0)
    full = replay_stored(head, query(db, "SELECT line, json FROM events ORDER BY seq").rows(), ruleset)
    assert full[1][2][0][7] == ["♠8 杀"]  # after the use (replayed: not a kept position)
    assert split_hand(start[1]["cards"]) == (None, ["♥4 桃"])
    assert split_hand(start[0]["cards"]) == (["♠7 杀", "♠8 杀"], [])
    assert split_hand(None) == (None, [])


def test_a_worker_that_dies_costs_no_game(logs: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A worker process killed mid-load (out of memory, a signal): the files it had not returned are
    read in the main process, in order; the database holds the same games as a serial load."""
    import concurrent.futures
    from concurrent.futures.process import BrokenProcessPool

    class DyingPool:
        def __init__(self, *a, **k):  # type: ignore[no-untyped-def]
            pass

        def __enter__(self):  # type: ignore[no-untyped-def]
            return self

        def __exit__(self, *exc):  # type: ignore[no-untyped-def]
            return False

        calls = 0

        def submit(self, fn, *args):  # type: ignore[no-untyped-def]
            result = fn(*args)  # run here; the third chunk's worker "dies"
            self.calls += 1
            dies = self.calls == 3

            class Done:
                def result(self):  # type: ignore[no-untyped-def]
                    if dies:
                        raise BrokenProcessPool("a process in the pool was terminated abruptly")
                    return result

            return Done()

    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", DyingPool)
    a, b = tmp_path / "a.duckdb", tmp_path / "b.duckdb"
    load_paths([logs], a)
    s = load_paths([logs], b, jobs=2)
    assert any("worker process stopped" in n for n in s.notes) and "note:" in s.text()
    q = "SELECT game_id, seq, type FROM events ORDER BY game_id, seq"
    assert s.loaded == counts(a)["games"] and query(a, q).rows() == query(b, q).rows()


def test_a_load_names_the_files_of_a_folder_that_are_not_logs(logs: Path, tmp_path: Path) -> None:
    (logs / "facts.jsonl").write_text('{"file": "x.fk.rep", "turns": 12}\n', encoding="utf-8")
    s = load_paths([logs], tmp_path / "sgs.duckdb")
    assert not s.unreadable and len(s.skipped) == 1 and "facts.jsonl: not a game log" in s.skipped[0]
    assert "not game logs" in s.text()
