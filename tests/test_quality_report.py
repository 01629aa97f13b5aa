"""Planted faults (`sgs-replay inject`) and the validator's measured accuracy (`sgs-replay quality`)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from sgs_replay.formats.events import Use
from sgs_replay.formats.reader import read_path
from sgs_replay.quality.faults import FAULTS
from sgs_replay.quality.inject import LABELS, Label, inject, read_clean, read_labels
from sgs_replay.quality.measure import OUTCOMES, measure, outcome

REPO = Path(__file__).resolve().parents[1]
CLEAN = sorted((REPO / "sample_logs" / "identity").glob("*.sgs.jsonl"))[:2]
#: a handful of classes that every identity sample offers a place for
SOME = ["card_not_held", "damage_amount_wrong", "phase_order", "wrong_winner"]


@pytest.fixture(scope="module")
def sources() -> Any:
    found, skipped = read_clean(CLEAN)
    assert len(found) == 2 and not skipped
    return found


@pytest.fixture(scope="module")
def planted(tmp_path_factory: pytest.TempPathFactory, sources: Any) -> Path:
    out = tmp_path_factory.mktemp("faults")
    inject([], out, seed=5, per_class=2, classes=SOME, sources=sources)
    return out


def test_inject_writes_labelled_copies_that_differ_from_the_clean_game(planted: Path, sources: Any) -> None:
    from sgs_replay.quality.inject import encode

    labels = read_labels(planted)
    assert {lb.cls for lb in labels} == set(SOME)
    clean = {s.path: encode(s.game.header, s.game.events).splitlines()[1:] for s in sources}
    for lb in labels:
        lines = (planted / lb.file).read_bytes().splitlines()
        assert 2 <= lb.line <= len(lines), lb
        assert lines[1:] != clean[lb.source], f"{lb.file}: the plant changed nothing"
        assert lb.rules and all(r.startswith("SGS-") for r in lb.rules)
        assert lb.legal is False and lb.source in clean


def test_inject_is_deterministic_for_a_seed(tmp_path: Path, sources: Any) -> None:
    def run(seed: int, where: str) -> dict[str, bytes]:
        out = tmp_path / where
        inject([], out, seed=seed, per_class=2, classes=["card_not_held"], sources=sources)
        return {p.name: p.read_bytes() for p in sorted(out.iterdir())}

    a, b = run(11, "a"), run(11, "b")
    assert a == b
    assert a != run(12, "c")  # another seed plants elsewhere (the samples offer many places)


def test_a_card_not_held_is_caught_at_its_line(planted: Path) -> None:
    result = measure(CLEAN, 5, planted)
    rows = [r for r in result["plants"] if r["class"] == "card_not_held"]
    assert rows and all(r["outcome"] == "caught_at_line" for r in rows)
    assert all(any(v["rule"] == "SGS-C001" and v["line"] == r["line"] for v in r["reported"]) for r in rows)
    c = result["classes"]["card_not_held"]
    assert c["planted"] == c["caught_at_line"] == len(rows) and c["recall_at_line"] == 1.0


def test_quality_has_the_json_shape(planted: Path) -> None:
    result = json.loads(json.dumps(measure(CLEAN, 5, planted)))
    assert set(result) >= {"seed", "clean_games", "false_alarms", "classes", "rulesets", "overall", "misses",
                           "judged_legal", "plants", "skipped"}
    assert result["clean_games"] == 2
    fa = result["false_alarms"]["freekill-standard"]
    assert fa["games"] == 2 and fa["violations"] == len(fa["list"]) and fa["per_game"] == fa["violations"] / 2
    assert set(result["classes"]) == set(FAULTS)
    for c in [*result["classes"].values(), result["overall"]]:
        assert c["planted"] == sum(c[k] for k in OUTCOMES)
        assert {"recall_at_line", "recall"} <= set(c)
    assert result["overall"]["planted"] == len(result["plants"]) == len(read_labels(planted))
    assert all(r["outcome"] in OUTCOMES for r in result["plants"])


def test_the_commands_through_the_entry_point(tmp_path: Path, cli: Any) -> None:
    clean = tmp_path / "clean"
    clean.mkdir()
    (clean / CLEAN[0].name).write_bytes(CLEAN[0].read_bytes())
    out = tmp_path / "faults"
    r = cli("inject", "--in", str(clean), "--out", str(out), "--seed", "3", "--class", "card_not_held",
            "--class", "wrong_winner")
    assert r.returncode == 0, r.stderr
    assert (out / LABELS).is_file() and "faulty cop" in r.stdout
    labels = [json.loads(x) for x in (out / LABELS).read_text(encoding="utf-8").splitlines()]
    assert {lb["class"] for lb in labels} == {"card_not_held", "wrong_winner"}
    assert set(labels[0]) == {"file", "line", "rules", "class", "source", "legal", "what"}

    report = tmp_path / "q.json"
    r = cli("quality", "--in", str(clean), "--faults", str(out), "--seed", "3", "--json", str(report))
    assert r.returncode == 0, r.stderr
    data = json.loads(report.read_text(encoding="utf-8"))
    assert data["classes"]["card_not_held"]["caught_at_line"] >= 1
    assert "Recall on planted faults" in r.stdout

    r = cli("inject", "--in", str(clean), "--out", str(tmp_path / "x"), "--class", "no_such_class")
    assert r.returncode == 2 and "unknown fault class" in r.stderr and "Traceback" not in r.stderr
    r = cli("inject", "--in", str(tmp_path / "missing"), "--out", str(tmp_path / "y"))
    assert r.returncode == 3 and "no such file" in r.stderr and "Traceback" not in r.stderr
    r = cli("quality", "--in", str(clean), "--faults", str(clean))
    assert r.returncode == 2 and LABELS in r.stderr and "Traceback" not in r.stderr


def test_quality_plants_by_itself_when_no_faults_folder_is_given() -> None:
    result = measure(CLEAN[:1], 9, classes=["wrong_winner", "death_with_hp"])
    planted = {cls: c["planted"] for cls, c in result["classes"].items() if c["planted"]}
    assert planted == {"wrong_winner": 1, "death_with_hp": 1}
    assert result["overall"]["caught_at_line"] + result["overall"]["caught_elsewhere"] == 2


TWO_DELAYED = """\
{"type": "game", "format": "sgs-replay/1", "game_id": "two-delayed", "mode": "identity", "ruleset": "standard", \
"players": [{"seat": 1, "name": "P1", "general": "孙权", "role": "lord"}, {"seat": 2, "name": "P2", "general": "甘宁", \
"role": "loyalist"}, {"seat": 3, "name": "P3", "general": "许褚", "role": "rebel"}, {"seat": 4, "name": "P4", \
"general": "黄盖", "role": "rebel"}, {"seat": 5, "name": "P5", "general": "华佗", "role": "renegade"}], \
"start": {"current": 2, "phase": "finish", "seats": {"3": {"hand": [], "equip": [], "judge": ["♠A 闪电", "♠6 乐不思蜀"]}}}}
{"type": "turn_end", "seat": 2}
{"type": "turn", "seat": 3}
{"type": "phase", "seat": 3, "phase": "start"}
{"type": "phase", "seat": 3, "phase": "judge"}
{"type": "judge", "seat": 3, "card": "♥3 桃", "reason": "乐不思蜀"}
{"type": "judge", "seat": 3, "card": "♥4 桃", "reason": "闪电"}
{"type": "phase", "seat": 3, "phase": "draw"}
{"type": "draw", "seat": 3, "cards": ["♣3 杀", "♦4 闪"], "reason": "phase"}
"""


def test_two_delayed_tricks_in_one_judge_phase_are_planted_out_of_order(tmp_path: Path) -> None:
    """judge_order plants where a judge area holds two delayed tricks (their judgements name them by
    the trick's name, not a card) and the swap is caught at its line."""
    clean = tmp_path / "two.sgs.jsonl"
    clean.write_text(TWO_DELAYED, encoding="utf-8")
    result = measure([clean], 3, classes=["judge_order"])
    assert result["classes"]["judge_order"]["planted"] == 1
    assert result["classes"]["judge_order"]["caught_at_line"] == 1


def test_a_plant_the_engine_judges_legal_is_not_a_miss(tmp_path: Path) -> None:
    """A label on a use the engine's legality checks accept (here the clean game itself) is listed
    for review as judged legal; a label on an event that is not a use is a miss."""
    parsed = read_path(CLEAN[0])
    line = next(n for n, e in parsed.events if isinstance(e, Use) and e.targets)
    other = next(n for n, e in parsed.events if not isinstance(e, Use))
    (tmp_path / "same.sgs.jsonl").write_bytes(CLEAN[0].read_bytes())
    for at, expected in ((line, "judged_legal"), (other, "missed")):
        label = Label(file="same.sgs.jsonl", line=at, rules=["SGS-C001"], cls="card_not_held", source=str(CLEAN[0]))
        assert outcome(label, tmp_path, Counter())["outcome"] == expected


def test_every_fault_class_is_documented() -> None:
    doc = (REPO / "docs" / "quality.md").read_text(encoding="utf-8")
    missing = [cls for cls in FAULTS if f"| `{cls}` |" not in doc]
    assert not missing, f"docs/quality.md does not list {missing}"
