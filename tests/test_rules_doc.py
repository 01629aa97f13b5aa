"""docs/rules.md is generated from the catalogue; `sgs-replay explain` prints the same rules."""

from __future__ import annotations

import difflib
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from sgs_replay.rules import REGISTRY, Kind
from sgs_replay.rules import catalogue as _catalogue  # noqa: F401
from sgs_replay.rules.docs import DEFAULT_OUT, FAMILIES, family_of, render
from sgs_replay.rules.docs import main as docs_main

REPO = Path(__file__).resolve().parents[1]


def _diff(old: str, new: str) -> str:
    lines = difflib.unified_diff(old.splitlines(), new.splitlines(), "docs/rules.md", "catalogue", lineterm="", n=1)
    return "\n".join(list(lines)[:40])


def test_docs_rules_md_matches_the_catalogue() -> None:
    assert DEFAULT_OUT == REPO / "docs" / "rules.md"
    assert DEFAULT_OUT.is_file(), "docs/rules.md is missing — run `python -m sgs_replay.rules.docs`"
    current, wanted = DEFAULT_OUT.read_text(encoding="utf-8"), render()
    assert current == wanted, "docs/rules.md is out of date — run `python -m sgs_replay.rules.docs`\n" + \
        _diff(current, wanted)


def test_render_is_deterministic() -> None:
    assert render() == render()


@pytest.mark.parametrize("rule_id", sorted(REGISTRY))
def test_every_rule_is_documented(rule_id: str) -> None:
    r = REGISTRY[rule_id]
    page = render()
    section = page.split(f"### {r.id} {r.title}\n", 1)
    assert len(section) == 2, f"{rule_id} has no section"
    body = section[1].split("\n### ", 1)[0]
    for part in (f"`{r.kind}`", r.en, r.zh, r.cite, r.what, r.why):
        assert part in body, f"{rule_id}: {part!r} missing from its section"
    if r.example:
        assert r.example in body
    assert f"[{r.id}](#{r.id.lower()}-{r.title})" in page  # the index links to it


@pytest.mark.parametrize("rule_id", sorted(REGISTRY))
def test_catalogue_entries_are_complete(rule_id: str) -> None:
    """What ruff asks of its rules: a stable code, a one-line message, What / Why / Reference."""
    r = REGISTRY[rule_id]
    assert re.fullmatch(r"SGS-[A-Z345]\d{3}", r.id)
    assert isinstance(r.kind, Kind)
    assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", r.title), r.title
    for text in (r.en, r.zh, r.cite, r.what, r.why):
        assert text.strip() and "\n" not in text
    assert family_of(r.id) in FAMILIES


def test_titles_are_unique() -> None:
    titles = [r.title for r in REGISTRY.values()]
    assert len(titles) == len(set(titles))


def test_module_runs_as_a_script(tmp_path: Path) -> None:
    out = tmp_path / "rules.md"
    cmd = [sys.executable, "-m", "sgs_replay.rules.docs", "--out", str(out)]
    assert subprocess.run(cmd, capture_output=True, text=True, cwd=REPO).returncode == 0
    p = subprocess.run([*cmd, "--check"], capture_output=True, text=True, cwd=REPO)
    assert p.returncode == 0, p.stderr
    assert out.read_text(encoding="utf-8") == render(), _diff(out.read_text(encoding="utf-8"), render())


def test_check_mode_detects_drift(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "rules.md"
    assert docs_main(["--out", str(out), "--check"]) == 1
    assert "missing" in capsys.readouterr().err
    assert docs_main(["--out", str(out)]) == 0
    assert docs_main(["--out", str(out), "--check"]) == 0
    out.write_text(out.read_text(encoding="utf-8").replace("SGS-P001", "SGS-P999", 1), encoding="utf-8")
    assert docs_main(["--out", str(out), "--check"]) == 1
    assert "out of date" in capsys.readouterr().err


def test_explain_prints_the_rule(cli: Any) -> None:
    p = cli("explain", "SGS-P001")
    assert p.returncode == 0, p.stderr
    r = REGISTRY["SGS-P001"]
    for part in (r.id, str(r.kind), r.en, r.zh, r.what, r.why, r.cite):
        assert part in p.stdout


def test_explain_is_case_insensitive(cli_fast: Any) -> None:
    p = cli_fast("explain", "sgs-d006")
    assert p.returncode == 0 and REGISTRY["SGS-D006"].en in p.stdout


def test_explain_unknown_id_is_a_usage_error(cli: Any) -> None:
    p = cli("explain", "SGS-Z999")
    assert p.returncode == 2
    assert "SGS-Z999" in p.stderr and "Traceback" not in p.stderr
    assert p.stdout == ""


@pytest.mark.parametrize("what", ["SGS-P9999", "not-a-rule", "sgs-"])
def test_explain_unknown_names(cli_fast: Any, what: str) -> None:
    p = cli_fast("explain", what)
    assert p.returncode == 2
    assert what in p.stderr and "Traceback" not in p.stderr
    assert p.stdout == ""
