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

import cbor2
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


# ---- a general of a package the project does not define: judged on everything but its skills


#: (folder, recording, renames): a known general and its skills renamed to ids nobody defines, as a room that
#: loaded another package would write them
UNDEFINED = [
    ("aaa_role_mode_5p", "20261207165028", {"caocao": "zz__one", "jianxiong": "zz__jx", "hujia": "zz__hj"}),
    ("std_role_5p", "20261207165605", {"caocao": "zz__one", "jianxiong": "zz__jx", "hujia": "zz__hj"}),
    ("aaa_role_mode_8p", "20261207165543", {"sunquan": "zz__one", "zhiheng": "zz__zh", "jiuyuan": "zz__jy"}),
    ("m_3v3_mode", "20261207165908", {"zhenji": "zz__one", "qingguo": "zz__qg", "luoshen": "zz__ls"}),
]


def _renamed(folder: str, stamp: str, renames: dict[str, str], tmp_path: Path) -> Path:
    path = next(p for p in sorted((ROUND3 / folder).glob("*.fk.rep")) if p.name.startswith(stamp))
    data = path.read_bytes()
    for old, new in renames.items():
        data = renamed(data, old, new)
    out = tmp_path / f"undefined.{path.name}"
    out.write_bytes(data)
    return out


def _seat_max_hp(top: list[Any], general: str) -> int:
    """The max HP the recording gives the player of ``general`` before the game starts."""
    pid = None
    for item in top[10:]:
        if item[2] == b"PropertyUpdate":
            p = cbor2.loads(item[3])
            if p[1] == b"general" and p[2] == general.encode():
                pid = p[0]
            if pid is not None and p[0] == pid and p[1] == b"maxHp":
                return int(p[2])
    raise AssertionError(f"no maxHp for {general}")


@pytest.mark.parametrize(("folder", "stamp", "renames"), UNDEFINED, ids=[f"{f}/{s}" for f, s, _ in UNDEFINED])
def test_a_general_of_an_unknown_package_is_judged_without_its_skills(
        folder: str, stamp: str, renames: dict[str, str], tmp_path: Path) -> None:
    """FreeKill rooms may load packages the project does not define. Identity and 3v3 judge such a general
    like 1v1 and 虎牢关 do (``unknown_generals = "unverifiable"``, the FreeKill departures): it keeps its id,
    its max HP comes from the recording, its skills' effects are counted unverifiable for its seat, and the
    rest of the game is judged: 0 violations, no desync, exit 0."""
    import subprocess
    import sys

    bad = _renamed(folder, stamp, renames, tmp_path)
    conv = freekill.convert(bad.read_bytes(), bad.name)
    assert [str(p) for p in conv.problems] == []
    assert conv.header.ruleset == FOLDERS[folder]
    (player,) = [p for p in conv.header.players if p.general == "zz__one"]
    bonus = 1 if player.position == "commander" else 0
    assert player.max_hp == _seat_max_hp(zlib_top(bad), "zz__one") - bonus
    engines: list[Any] = []
    replay = validate_parsed(parsed_from_freekill(bad.read_bytes(), bad.name),
                             on_step=lambda _i, eng: engines.append(eng) if not engines else None)
    assert [(v.rule, v.line, v.message) for v in replay.report.violations] == []
    assert replay.report.desyncs == []
    assert engines[0].undefined == {player.seat}
    lines = engines[0].unmodelled_summary()
    assert len(lines) == 1 and lines[0].startswith(f"seat {player.seat}: ")  # its skills' effects, unchecked
    assert engines[0].unverifiable > 0
    r = subprocess.run([sys.executable, "-m", "sgs_replay", "validate", str(bad)], capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 0, (r.stdout, r.stderr)
    assert f"not modelled, unverifiable: seat {player.seat}: " in r.stdout


#: generals renamed to one the project does not define, their skills keeping the ids the project knows (a later
#: edition of a general keeps most of its skills' ids): the skills run by the project's text, and what they say
#: of the seat itself (their moment, condition, limit) is unverifiable
KEEPS_SKILLS = [("std_role_5p", "20261207165628", "caocao"), ("aaa_role_mode_5p", "20261207165206", "huangyueying"),
                ("aaa_role_mode_5p", "20261207165134", "luxun"), ("aaa_role_mode_5p", "20261207165134", "sunshangxiang"),
                ("m_3v3_mode", "20261207170032", "v33__lvbu")]


@pytest.mark.parametrize(("folder", "stamp", "general"), KEEPS_SKILLS, ids=[f"{f}/{s}/{g}" for f, s, g in KEEPS_SKILLS])
def test_an_undefined_general_keeping_known_skill_ids_is_judged_clean(
        folder: str, stamp: str, general: str, tmp_path: Path) -> None:
    bad = _renamed(folder, stamp, {general: "zz__one"}, tmp_path)
    engines: list[Any] = []
    replay = validate_parsed(parsed_from_freekill(bad.read_bytes(), bad.name),
                             on_step=lambda _i, eng: engines.append(eng) if not engines else None)
    assert [(v.rule, v.line, v.message) for v in replay.report.violations] == []
    assert replay.report.desyncs == []
    (seat,) = engines[0].undefined
    assert any(line.startswith(f"seat {seat}: ") for line in engines[0].unmodelled_summary())


def zlib_top(path: Path) -> list[Any]:
    return list(cbor2.loads(zlib.decompress(path.read_bytes()[4:])))


def test_a_lord_of_an_unknown_package_has_the_lords_extra_hp(tmp_path: Path) -> None:
    """The lord's +1 HP (five players or more) is the rules': the header gives the general's own max HP, the
    recording's less one, and the engine adds the lord's bonus back, so the seat starts as FreeKill's did."""
    bad = _renamed("std_role_5p", "20261207165628", {"caocao": "zz__one", "jianxiong": "zz__jx", "hujia": "zz__hj"},
                   tmp_path)
    conv = freekill.convert(bad.read_bytes(), bad.name)
    assert [str(p) for p in conv.problems] == []
    (lord,) = [p for p in conv.header.players if p.role == "lord"]
    recorded = _seat_max_hp(zlib_top(bad), "zz__one")
    assert lord.general == "zz__one" and lord.max_hp == recorded - 1 and conv.header.start is None
    start: list[tuple[int, int]] = []
    undefined: set[int] = set()

    def step(i: int, eng: Any) -> None:
        undefined.update(eng.undefined)
        if i == 0:  # before the first event: the seat as the game starts
            start.append((eng.table.seats[lord.seat].max_hp, eng.table.seats[lord.seat].hp))

    replay = validate_parsed(parsed_from_freekill(bad.read_bytes(), bad.name), on_step=step)
    assert [(v.rule, v.line, v.message) for v in replay.report.violations] == []
    assert replay.report.desyncs == []
    assert undefined == {lord.seat}
    assert start == [(recorded, recorded)]


def test_a_general_of_an_unknown_package_is_refused_in_hegemony(tmp_path: Path) -> None:
    """國戰 needs a general's kingdom and its half units of HP, which the format does not carry for a general
    the project does not define: such a recording is refused (exit 3, one located line)."""
    import subprocess
    import sys

    path = next(p for p in sorted((ROUND3 / "new_heg_mode_6p").glob("*.fk.rep"))
                if b"hs__xuhuang" in zlib.decompress(p.read_bytes()[4:]))
    bad = tmp_path / f"renamed.{path.name}"
    bad.write_bytes(renamed(path.read_bytes(), "hs__xuhuang", "ld__dengai"))  # a 君临天下 general
    with pytest.raises(freekill.FreeKillError, match="general 'ld__dengai' is none the project defines"):
        freekill.convert(bad.read_bytes(), bad.name)
    r = subprocess.run([sys.executable, "-m", "sgs_replay", "validate", str(bad)], capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 3, (r.stdout, r.stderr)
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"error: {bad}: entry ") and "ld__dengai" in lines[0], r.stderr


#: (folder, recording, general renamed): a judgement that needs the undefined general's kingdom (护驾's 魏
#: characters, the lord's own 护驾) or gender, which the header carries from the recording's properties
NEEDS_TRAITS = [("std_role_5p", "20261207165642", "caocao"), ("std_role_5p", "20261207165642", "guojia"),
                ("std_role_5p", "20261207165609", "zhenji"), ("aaa_role_mode_8p", "20261207165324", "guojia"),
                ("aaa_role_mode_8p", "20261207165543", "xuchu"), ("aaa_role_mode_8p", "20261207165611", "simayi")]


@pytest.mark.parametrize(("folder", "stamp", "general"), NEEDS_TRAITS, ids=[f"{f}/{s}/{g}" for f, s, g in NEEDS_TRAITS])
def test_an_undefined_general_has_the_recordings_kingdom_and_gender(
        folder: str, stamp: str, general: str, tmp_path: Path) -> None:
    """FreeKill sends each seat's kingdom and gender; the header gives them for a general the project does not
    define, so a lord skill's answers (护驾) and the lord's own 护驾 are judged as for any general."""
    bad = _renamed(folder, stamp, {general: "zz__one"}, tmp_path)
    conv = freekill.convert(bad.read_bytes(), bad.name)
    (player,) = [p for p in conv.header.players if p.general == "zz__one"]
    want = _seat_props(zlib_top(bad), "zz__one")
    assert (player.kingdom, player.gender) == (want[b"kingdom"].decode(), {1: "male", 2: "female"}[want[b"gender"]])
    replay = validate_parsed(parsed_from_freekill(bad.read_bytes(), bad.name))
    assert [(v.rule, v.line, v.message) for v in replay.report.violations] == []
    assert replay.report.desyncs == []


def _seat_props(top: list[Any], general: str) -> dict[bytes, Any]:
    """The kingdom and gender the recording gives the player of ``general`` (its last values)."""
    props = [cbor2.loads(item[3]) for item in top[10:] if item[2] == b"PropertyUpdate"]
    pid = next(p[0] for p in props if p[1] == b"general" and p[2] == general.encode())
    return {p[1]: p[2] for p in props if p[0] == pid and p[1] in (b"kingdom", b"gender")}
