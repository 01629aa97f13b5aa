"""The command line: a thin layer over the Python API, with the exit codes of spec §7.

0 no violations, 1 violations found, 2 usage error, 3 unreadable input; never a traceback.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from sgs_replay.formats.reader import read_path
from sgs_replay.replay.validate import validate_parsed
from sgs_replay.report import public_report

CLEAN = [{"type": "use", "seat": 3, "card": "♠7 杀", "targets": [4]},
         {"type": "damage", "source": 3, "target": 4, "amount": 1, "card": "♠7 杀"}]
FLAGGED = [*CLEAN, {"type": "use", "seat": 3, "card": "♣8 杀", "targets": [2]},
           {"type": "damage", "source": 3, "target": 2, "amount": 1, "card": "♣8 杀"}]
HANDS = {3: ["♠7 杀", "♣8 杀"]}


@pytest.fixture
def logs(sgs: Any) -> dict[str, Path]:
    return {
        "clean": sgs.write(sgs.identity_text(CLEAN, hands=HANDS), "clean.sgs.jsonl"),
        "flagged": sgs.write(sgs.identity_text(FLAGGED, hands=HANDS), "flagged.sgs.jsonl"),
    }


def test_exit_0_on_a_clean_log(cli: Any, logs: dict[str, Path]) -> None:
    p = cli("validate", str(logs["clean"]))
    assert p.returncode == 0, p.stdout + p.stderr
    assert "0 violation" in p.stdout


def test_exit_1_and_located_text_report(cli: Any, logs: dict[str, Path]) -> None:
    p = cli("validate", str(logs["flagged"]))
    assert p.returncode == 1
    first = p.stdout.splitlines()[0]
    assert first.startswith(f"{logs['flagged']}:4: SGS-P001 illegal_play")
    assert "seat 3" in first


def test_json_report_equals_the_api(cli: Any, logs: dict[str, Path]) -> None:
    p = cli("validate", str(logs["flagged"]), "--json")
    assert p.returncode == 1
    out = json.loads(p.stdout)
    parsed = read_path(logs["flagged"])
    api = public_report(validate_parsed(parsed).report, parsed)
    assert out["files"] == [json.loads(json.dumps(api, ensure_ascii=False))]
    assert {k: out[k] for k in api} == out["files"][0]  # the spec §7 object, at the top level too
    assert (out["violations_truncated"], out["import_problems"]) == (0, [])
    (v,) = out["violations"]
    assert (v["rule"], v["kind"], v["line"], v["seat"]) == ("SGS-P001", "illegal_play", 4, 3)


def test_quiet_prints_only_the_summary(cli_fast: Any, logs: dict[str, Path]) -> None:
    p = cli_fast("validate", str(logs["flagged"]), "--quiet")
    assert p.returncode == 1
    assert p.stdout.strip().splitlines() == ["1 file(s), 1 violation(s)"]


def test_several_files(cli_fast: Any, logs: dict[str, Path]) -> None:
    p = cli_fast("validate", str(logs["clean"]), str(logs["flagged"]), "--json")
    assert p.returncode == 1
    assert [Path(r["file"]).name for r in json.loads(p.stdout)["files"]] == ["clean.sgs.jsonl", "flagged.sgs.jsonl"]


def test_ruleset_override(cli_fast: Any, sgs: Any) -> None:
    """``--ruleset`` judges the log under another rule set (here a 3v3 one: the header no longer fits)."""
    path = sgs.write(sgs.identity_text(CLEAN, hands=HANDS))
    p = cli_fast("validate", str(path), "--json", "--ruleset", "3v3-2013")
    assert p.returncode == 1
    out = json.loads(p.stdout)
    assert out["ruleset"] == "3v3-2013"
    assert "SGS-H006" in {v["rule"] for v in out["violations"]}


@pytest.mark.parametrize(
    "args",
    [["validate"], ["validate", "x.sgs.jsonl", "--ruleset", "nope"], ["no-such-command"], ["explain", "SGS-X000"],
     ["validate", "--json"]],
    ids=["no-file", "unknown-ruleset", "unknown-command", "unknown-rule", "option-only"],
)
def test_usage_errors_exit_2(cli_fast: Any, args: list[str], tmp_path: Path) -> None:
    p = cli_fast(*args, cwd=tmp_path)
    assert p.returncode == 2, (p.stdout, p.stderr)
    assert "Traceback" not in p.stderr


def test_help(cli_fast: Any) -> None:
    p = cli_fast("--help")
    assert p.returncode == 0
    for command in ("validate", "schema", "explain"):
        assert command in p.stdout


def test_explain_a_skill(cli_fast: Any) -> None:
    p = cli_fast("explain", "制衡")
    assert p.returncode == 0 and "制衡" in p.stdout


def test_unreadable_then_exit_3_even_with_violations_elsewhere(cli_fast: Any, logs: dict[str, Path], tmp_path: Path) -> None:
    empty = tmp_path / "empty.sgs.jsonl"
    empty.write_bytes(b"")
    p = cli_fast("validate", str(logs["flagged"]), str(empty), "--json")
    assert p.returncode == 3
    assert "empty.sgs.jsonl" in p.stderr and "Traceback" not in p.stderr


def test_entry_point_is_declared() -> None:
    import tomllib

    pyproject = tomllib.loads((Path(__file__).resolve().parents[1] / "pyproject.toml").read_text(encoding="utf-8"))
    assert pyproject["project"]["scripts"]["sgs-replay"] == "sgs_replay.cli.app:main"


def test_a_folder_leaves_out_json_lines_files_that_are_not_logs(cli_fast: Any, logs: dict[str, Path],
                                                                tmp_path: Path) -> None:
    """A table of facts kept beside the logs (``facts.jsonl``) is not read as a broken log: it is left
    out of a folder and named on stderr. A ``.jsonl`` that may be a log (a header, or not JSON) is read."""
    folder = tmp_path / "games"
    folder.mkdir()
    (folder / "clean.jsonl").write_bytes(logs["clean"].read_bytes())
    (folder / "facts.jsonl").write_text('{"file": "a.fk.rep", "winner": "lord"}\n', encoding="utf-8")
    p = cli_fast("validate", str(folder))
    assert p.returncode == 0, p.stdout + p.stderr
    assert p.stdout.strip().splitlines()[-1] == "1 file(s), 0 violation(s)"
    assert "facts.jsonl: not a game log" in p.stderr
    # named on its own, it is read (and is no log)
    assert cli_fast("validate", str(folder / "facts.jsonl")).returncode != 0
    # a broken header is still a log with a problem, and so is a file that is not JSON
    (folder / "broken.jsonl").write_text('{"format": "sgs-replay/1"}\n', encoding="utf-8")
    (folder / "garbage.jsonl").write_text("not json\n", encoding="utf-8")
    p = cli_fast("validate", str(folder))
    assert p.returncode != 0 and "broken.jsonl" in p.stdout + p.stderr and "garbage.jsonl" in p.stdout + p.stderr
