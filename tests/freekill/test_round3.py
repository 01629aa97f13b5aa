"""The identity and 3v3 folders of the second corpus (../shared/peer/freekill/round3: ``std_role_*``,
``aaa_role_mode_*``, ``m_3v3_mode``): each recording converts with no import problem, reproduces
facts.jsonl (damage with nature, deaths, winner) and validates clean under its own ruleset with no
desync — the replay's card areas agree with FreeKill's at every checkpoint (165122 of
``aaa_role_mode_5p``: the 闪 that answers a 雷杀 stays in the processing area while 陆逊's 连营 draws
past a reshuffle). The 1v1, 虎牢关 and 國戰 folders have their own modules (test_1v1, test_1v3,
test_hegemony). Skipped when the folder is absent.
"""

from __future__ import annotations

import json
import zlib
from pathlib import Path
from typing import Any

import pytest
from fkedit import renamed

from sgs_replay.formats import events as ev
from sgs_replay.importers import freekill
from sgs_replay.importers.adapter import parsed_from_freekill
from sgs_replay.replay.validate import validate_parsed

REPO = Path(__file__).resolve().parents[2]
ROUND3 = REPO.parent / "shared" / "peer" / "freekill" / "round3"
#: folder → the ruleset its settings and draw pile give
FOLDERS = {"std_role_5p": "freekill-standard", "std_role_8p": "freekill-standard",
           "aaa_role_mode_5p": "freekill-maneuvering", "aaa_role_mode_8p": "freekill-maneuvering",
           "m_3v3_mode": "freekill-3v3"}
RECORDINGS = [p for folder in FOLDERS for p in sorted((ROUND3 / folder).glob("*.fk.rep"))] if ROUND3.is_dir() else []
pytestmark = pytest.mark.skipif(not RECORDINGS, reason="../shared/peer/freekill/round3 is not available")
IDS = [f"{p.parent.name}/{p.name.split('.')[0]}" for p in RECORDINGS]


def _facts() -> dict[str, Any]:
    lines = (ROUND3 / "facts.jsonl").read_text(encoding="utf-8").splitlines()
    return {json.loads(line)["file"]: json.loads(line) for line in lines if line.strip()}


@pytest.mark.parametrize("path", RECORDINGS, ids=IDS)
def test_converts_and_reproduces_the_facts(path: Path) -> None:
    conv = freekill.convert(path.read_bytes(), path.name)
    assert [str(p) for p in conv.problems] == []
    assert conv.header.ruleset == FOLDERS[path.parent.name]
    want = _facts()[path.name]
    assert [[e.target, e.source, e.amount, e.nature] for e in conv.events if isinstance(e, ev.Damage)] == want["damage"]
    assert [[e.seat, e.killer] for e in conv.events if isinstance(e, ev.Death)] == want["deaths"]
    assert [e.winner for e in conv.events if isinstance(e, ev.GameEnd)] == [want["winner"]]


@pytest.mark.parametrize("path", RECORDINGS, ids=IDS)
def test_validates_clean_with_no_desync(path: Path) -> None:
    replay = validate_parsed(parsed_from_freekill(path.read_bytes(), path.name))
    assert not replay.extra.get("internal_errors"), replay.extra["internal_errors"]
    assert [(v.rule, v.line, v.message) for v in replay.report.violations] == []
    assert replay.report.desyncs == []


# ---- a package the tool cannot judge: refused (exit 3, one located line), never judged with false alarms


@pytest.mark.parametrize(("folder", "old", "new"), [
    ("aaa_role_mode_5p", "caocao", "godzhaoyun"),  # identity: a god general, a package not loaded
    ("m_3v3_mode", "ganning", "godzhaoyun"),
    ("new_heg_mode_6p", "hs__xuhuang", "ld__dengai"),  # 國戰: a 君临天下 general
])
def test_a_general_of_an_unknown_package_is_refused(folder: str, old: str, new: str, tmp_path: Path) -> None:
    import subprocess
    import sys

    path = next(p for p in sorted((ROUND3 / folder).glob("*.fk.rep"))
                if old.encode() in zlib.decompress(p.read_bytes()[4:]))
    bad = tmp_path / f"renamed.{path.name}"
    bad.write_bytes(renamed(path.read_bytes(), old, new))
    with pytest.raises(freekill.FreeKillError, match=f"general '{new}' is none the project defines"):
        freekill.convert(bad.read_bytes(), bad.name)
    r = subprocess.run([sys.executable, "-m", "sgs_replay", "validate", str(bad)], capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 3, (r.stdout, r.stderr)
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"error: {bad}: entry ") and new in lines[0], r.stderr

