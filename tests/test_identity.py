"""One game, one identity: the fingerprint is the same for a recording, its conversion and a re-export."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from sgs_replay.analysis.fingerprint import fingerprint
from sgs_replay.formats.reader import parse_bytes, read_path
from sgs_replay.replay.pipeline import load_paths
from sgs_replay.store.stats import query

ROOT = Path(__file__).resolve().parent.parent
RECORDING = next(iter(sorted((ROOT / "sample_logs" / "freekill").glob("*.fk.rep"))), None)
YIJI = ROOT / "tests" / "fixtures" / "freekill" / "paths" / "guojia_xiahoudun.sgs.jsonl"


def _cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "sgs_replay", *args], cwd=cwd, capture_output=True, text=True,
                          timeout=180)


def _fp(text: str) -> str:
    return fingerprint(parse_bytes(text.encode(), "x.sgs.jsonl"))


def _older_yiji(text: str) -> str:
    """The log as an older converter wrote 遗计: one move from the draw pile to each receiver."""
    out: list[str] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        e = json.loads(lines[i]) if i else None
        if e and e.get("type") == "draw" and e.get("skill") == "遗计":
            giver, held = e["seat"], [[e["seat"], c] for c in e["cards"]]
            i += 1
            while i < len(lines) and (m := json.loads(lines[i])).get("type") == "move" and m.get("reason") == "遗计":
                for c in m["cards"]:
                    next(h for h in held if h[0] == giver and h[1] == c)[0] = m["to"]["seat"]
                i += 1
            for seat, card in reversed(held):  # another order, one card at a time
                out.append(json.dumps({"type": "move", "cards": [card], "from": {"zone": "deck"},
                                       "to": {"zone": "hand", "seat": seat}, "reason": "遗计"}, ensure_ascii=False))
            continue
        out.append(lines[i])
        i += 1
    return "\n".join(out) + "\n"


def test_the_fingerprint_ignores_clock_notes_spelling_and_field_order() -> None:
    text = YIJI.read_text(encoding="utf-8")
    lines = text.splitlines()
    reexport = [lines[0]]
    for k, line in enumerate(lines[1:]):
        e = json.loads(line)
        e["t"] = float(k)
        e["note"] = "re-exported"
        reexport.append(json.dumps(dict(reversed(list(e.items()))), ensure_ascii=False))
    assert _fp("\n".join(reexport) + "\n") == _fp(text)
    assert _fp(text.replace("♣10 杀", "C10 slash")) == _fp(text)
    # but another event, or a broken line, is another game
    assert _fp("\n".join(lines[:-1]) + "\n") != _fp(text)
    broken = "\n".join([*lines[:5], "{not an event", *lines[5:]]) + "\n"
    other_broken = "\n".join([*lines[:5], "{not an event either", *lines[5:]]) + "\n"
    assert len({_fp(broken), _fp(other_broken), _fp(text)}) == 3


def test_a_place_in_a_series_is_part_of_the_game() -> None:
    """Game 1 and game 2 of a series, or the same game in two series, are separate games; a header
    without ``series_id``/``game_number`` keeps the fingerprint it always had."""
    text = YIJI.read_text(encoding="utf-8")
    head, rest = text.split("\n", 1)

    def placed(**fields: object) -> str:
        return json.dumps(dict(json.loads(head), **fields), ensure_ascii=False) + "\n" + rest

    assert _fp(placed()) == _fp(text)
    prints = {_fp(placed(series_id="a", game_number=1)), _fp(placed(series_id="a", game_number=2)),
              _fp(placed(series_id="b", game_number=1)), _fp(text)}
    assert len(prints) == 4


def test_an_older_converters_yiji_is_the_same_game() -> None:
    text = YIJI.read_text(encoding="utf-8")
    older = _older_yiji(text)
    assert older != text and '"from": {"zone": "deck"}' in older
    assert _fp(older) == _fp(text)
    # a 遗计 card given to someone else is another game
    assert _fp(older.replace('"seat": 1}, "reason": "遗计"', '"seat": 3}, "reason": "遗计"', 1)) != _fp(text)


@pytest.mark.skipif(RECORDING is None, reason="no bundled recording")
def test_a_recording_and_its_conversion_are_one_game(tmp_path: Path) -> None:
    assert RECORDING is not None
    both = tmp_path / "both"
    both.mkdir()
    shutil.copy(RECORDING, both / RECORDING.name)
    r = _cli("convert", str(RECORDING), "--out", str(both), cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert fingerprint(read_path(both / RECORDING.name)) != ""
    one = tmp_path / "one"
    one.mkdir()
    shutil.copy(RECORDING, one / RECORDING.name)

    s = load_paths([both], tmp_path / "both.duckdb")
    assert s.files == 2 and s.loaded == 1 and len(s.duplicates) == 1
    load_paths([one], tmp_path / "one.duckdb")
    dup = query(tmp_path / "both.duckdb", "SELECT d.fingerprint, d.game_id, d.file, g.file AS kept FROM duplicates d "
                                          "JOIN games g USING (game_id)").rows()
    assert len(dup) == 1
    assert [Path(dup[0][3]).name, Path(dup[0][2]).name] == sorted(p.name for p in both.iterdir())
    for sql in ("SELECT count(*) FROM games", "SELECT sum(events), sum(violations) FROM games",
                "SELECT count(*) FROM events", "SELECT count(*) FROM players",
                "SELECT * FROM win_rates_by_general ORDER BY ALL", "SELECT * FROM win_rates_by_role ORDER BY ALL",
                "SELECT * FROM win_rates_by_seat ORDER BY ALL", "SELECT * FROM violations_by_rule ORDER BY ALL"):
        assert query(tmp_path / "both.duckdb", sql).rows() == query(tmp_path / "one.duckdb", sql).rows(), sql

    # the same files reached by another path are already present, the duplicate is refused again
    again = load_paths([tmp_path / ".." / tmp_path.name / "both"], tmp_path / "both.duckdb")
    assert (again.loaded, again.already, len(again.duplicates)) == (0, 1, 1)
    assert query(tmp_path / "both.duckdb", "SELECT count(*) FROM duplicates").item() == 1

    # the command line: the duplicate is named with the copy kept, on stdout and stderr, exit 1
    r = _cli("load", str(both), "--db", str(tmp_path / "cli.duckdb"), cwd=tmp_path)
    assert r.returncode == 1, r.stdout + r.stderr
    assert "duplicates" in r.stdout and RECORDING.name in r.stdout
    assert "duplicate" in r.stderr
    assert "In the database: 1 games" in r.stdout


def test_load_exit_codes_and_no_database_when_nothing_is_readable(tmp_path: Path) -> None:
    bad = tmp_path / "bad.sgs.jsonl"
    bad.write_bytes(b"not json at all")
    db = tmp_path / "x.duckdb"
    r = _cli("load", str(bad), "--db", str(db), cwd=tmp_path)
    assert r.returncode == 3 and "bad.sgs.jsonl" in r.stderr
    assert not db.exists() and not Path(str(db) + ".wal").exists()
    empty = tmp_path / "empty"
    empty.mkdir()
    r = _cli("load", str(empty), "--db", str(db), cwd=tmp_path)
    assert r.returncode == 3 and "no log files" in r.stderr and not db.exists()
    good = tmp_path / "good.sgs.jsonl"
    shutil.copy(YIJI, good)
    r = _cli("load", str(good), str(bad), "--db", str(db), cwd=tmp_path)
    assert r.returncode == 1 and "bad.sgs.jsonl" in r.stderr and db.exists()


def test_a_second_demo_says_the_games_were_already_loaded(tmp_path: Path) -> None:
    first = _cli("demo", cwd=tmp_path)
    assert first.returncode == 0, first.stderr
    second = _cli("demo", cwd=tmp_path)
    assert second.returncode == 0, second.stderr
    total = [ln for ln in first.stdout.splitlines() if ln.startswith("In the database:")]
    assert total and total == [ln for ln in second.stdout.splitlines() if ln.startswith("In the database:")]
    assert "already loaded" in second.stdout
    assert "In the database: 0 games" not in second.stdout
    assert "Series standings (4th-edition scoring):" in first.stdout and "  sample-series-5: " in first.stdout
