"""`sgs-replay simulate`: complete games that the engine judges clean, the same for the same seed."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from sgs_replay.content import ruleset
from sgs_replay.formats.reader import read_path
from sgs_replay.replay.validate import validate_parsed
from sgs_replay.simulate import SimulateError, check_request, roster_skills
from sgs_replay.simulate.game import card_label, play_game

ROOT = Path(__file__).resolve().parent.parent


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "sgs_replay", "simulate", *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=120, check=False)


def _logs(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.sgs.jsonl"))


@pytest.fixture(scope="module")
def standard_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("sim") / "standard"
    r = _cli("--ruleset", "standard", "--players", "5", "--games", "30", "--seed", "11", "--out", str(out))
    assert r.returncode == 0, r.stderr
    assert r.stdout.count("\n") == 1 and "30 games" in r.stdout and "0 violations" in r.stdout
    return out


def test_the_cli_writes_one_clean_log_per_game(standard_run: Path) -> None:
    logs = _logs(standard_run)
    assert len(logs) == 30
    for path in logs:
        rep = validate_parsed(read_path(path)).report
        assert not rep.violations, (path.name, rep.violations[:3])
        assert rep.unverifiable == 0
        assert rep.result is not None and rep.result["winner"] in ("lord", "rebel", "renegade")


def test_the_validator_agrees_through_its_own_command(standard_run: Path) -> None:
    r = subprocess.run([sys.executable, "-m", "sgs_replay", "validate", str(standard_run), "--json", "-q"],
                       capture_output=True, text=True, cwd=ROOT, timeout=120, check=False)
    assert r.returncode == 0, r.stdout[-2000:]
    report = json.loads(r.stdout)
    assert len(report["files"]) == 30 and not report["unreadable"]
    assert all(not f["violations"] for f in report["files"])


def test_coverage_lists_every_card_of_the_deck(standard_run: Path) -> None:
    cov = json.loads((standard_run / "coverage.json").read_text(encoding="utf-8"))
    deck = {card_label(c) for c in ruleset("standard").deck}
    assert set(cov["cards"]) >= deck, sorted(deck - set(cov["cards"]))
    assert cov["cards_unused"] == []
    assert cov["games"] == 30 and cov["violations"] == 0 and cov["events"] > 30 * 100
    assert sum(cov["end_reasons"].values()) == 30
    assert cov["timings"]["seconds"] > 0
    assert len(cov["skills"]) >= 8, cov["skills"]  # optional skills are invoked where they hold


def test_coverage_lists_the_roster_skills_never_used(standard_run: Path) -> None:
    """The skills a player of the roster chooses to use, less those the run used; the skills in force
    by themselves are counted by the games their owner played in."""
    cov = json.loads((standard_run / "coverage.json").read_text(encoding="utf-8"))
    active, passive = roster_skills(ruleset("standard"))
    assert {"天香", "观星", "蛊惑", "不屈", "涉猎", "攻心", "据守", "黄天", "武魂"} <= set(active)
    assert "马术" not in active and "救援" not in active and passive["神关羽"] == ["武神"]
    assert cov["skills_unused"] == [s for s in active if s not in cov["skills"]]
    assert set(cov["skills_passive"]) <= {s for names in passive.values() for s in names}
    assert len(cov["skills_unused"]) < len(active) // 3, cov["skills_unused"]


def test_3v3_2013_has_no_lord_skills_and_its_revised_generals() -> None:
    active, _ = roster_skills(ruleset("3v3-2013"))
    assert {"忠义", "战神", "救主", "完杀"} - set(active) == {"完杀"}  # 完杀 is in force by itself
    assert not {"激将", "护驾", "救援", "制霸"} & set(active)


def test_the_same_seed_writes_the_same_bytes(standard_run: Path, tmp_path: Path) -> None:
    again = tmp_path / "again"
    r = _cli("--ruleset", "standard", "--players", "5", "--games", "5", "--seed", "11", "--out", str(again), "-q")
    assert r.returncode == 0, r.stderr
    assert r.stderr == ""
    for path in _logs(again):
        assert path.read_bytes() == (standard_run / path.name).read_bytes()


def test_another_seed_plays_other_games() -> None:
    rs = ruleset("standard")
    a = play_game(rs, 5, 1, 0)
    b = play_game(rs, 5, 2, 0)
    assert a.lines[1:] != b.lines[1:]
    assert play_game(rs, 5, 1, 0).lines == a.lines


@pytest.mark.parametrize(("name", "players"), [("standard", 8), ("maneuvering", 5), ("maneuvering", 8), ("3v3-2013", 6),
                                               ("3v3-2010", 6), ("freekill-3v3", 6),
                                               ("house-attrition", 5), ("house-anhun", 8), ("house-zhuanshi", 5),
                                               ("house-zhuanshi", 8)])
def test_games_are_clean(name: str, players: int) -> None:
    """strict: the first violation the engine reports raises."""
    rs = ruleset(name)
    for i in range(6):
        out = play_game(rs, players, 3, i, strict=True)
        assert out.reason in ("lord_killed", "rebels_and_renegades_dead", "commander_killed")


def test_maneuvering_cards_are_all_used() -> None:
    rs = ruleset("maneuvering")
    used: set[str] = set()
    for i in range(30):
        used.update(play_game(rs, 5, 5, i).cards)
    deck = {card_label(c) for c in rs.deck}
    assert deck <= used, sorted(deck - used)


def test_a_3v3_game_has_its_draft_and_units(tmp_path: Path) -> None:
    r = _cli("--ruleset", "3v3-2013", "--games", "2", "--seed", "4", "--out", str(tmp_path), "-q")
    assert r.returncode == 0, r.stderr
    for path in _logs(tmp_path):
        text = path.read_text(encoding="utf-8")
        for kind in ("draft_pool", "draft_first", "draft_pick", "lineup", "first_action", "action_unit"):
            assert f'"type":"{kind}"' in text, kind
        rep = validate_parsed(read_path(path)).report
        assert not rep.violations and rep.result is not None and rep.result["reason"] == "commander_killed"


def test_freekill_3v3_follows_its_set_up() -> None:
    """The warm side drafts first, the cool side opens every round, the vanguards may open the game, and
    the warm commander's opening hand is 5."""
    from sgs_replay.formats import events as ev
    from sgs_replay.formats.reader import parse_bytes

    rs = ruleset("freekill-3v3")
    firsts, vanguards_first = set(), False
    for i in range(8):
        out = play_game(rs, 6, 7, i, strict=True)
        log = parse_bytes(b"\n".join(out.lines) + b"\n", "x")
        assert log.header is not None
        events = [e for _, e in log.events]
        assert next(e for e in events if isinstance(e, ev.DraftFirst)).side == "warm"
        firsts.add(next(e for e in events if isinstance(e, ev.FirstAction)).side)
        vanguards_first |= next(e for e in events if isinstance(e, ev.ActionUnit)).who == "vanguards"
        warm_cmd = next(p.seat for p in log.header.players if p.side == "warm" and p.position == "commander")
        assert len(next(e for e in events if isinstance(e, ev.Draw) and e.seat == warm_cmd).cards) == 5
    assert firsts == {"cold"} and vanguards_first


def test_freekill_3v3_plays_its_lvbu_and_zhaoyun() -> None:
    """吕布v33's 战神 picks a new effect each start phase and his draw phase, 杀 damage and 杀 targets
    follow; 吕布v33旧 awakens (no weapon lost) and uses 神戟; 赵云v33's 救主 is used, and a teammate the
    rescue stopped at him (the engine's fault) plays on at HP ≤ 0; the pool never holds both 吕布."""
    from sgs_replay.formats import events as ev
    from sgs_replay.formats.reader import parse_bytes

    rs = ruleset("freekill-3v3")
    wanted = {"choice 1", "choice 2", "choice 3", "draws 3", "杀 deals 2", "吕布v33 杀 on 2", "awakened",
              "吕布v33旧 杀 on 3", "救主", "undead"}
    seen: set[str] = set()
    for i in range(80):
        out = play_game(rs, 6, 7, i, strict=True)
        log = parse_bytes(b"\n".join(out.lines) + b"\n", "x")
        assert log.header is not None
        general = {p.seat: p.general for p in log.header.players}
        events = [e for _, e in log.events]
        pool = next(e for e in events if isinstance(e, ev.DraftPool)).generals
        assert not {"吕布v33", "吕布v33旧"} <= set(pool)
        chosen: dict[int, list[int]] = {}
        drank: set[int] = set()
        for e in events:
            if isinstance(e, ev.Skill) and e.skill == "战神" and general[e.seat] == "吕布v33":
                assert isinstance(e.choice, int) and e.choice not in chosen.setdefault(e.seat, [])
                chosen[e.seat].append(e.choice)
                seen.add(f"choice {e.choice}")
            elif isinstance(e, ev.Skill) and e.skill == "战神" and general[e.seat] == "吕布v33旧":
                assert e.choice is None
                chosen.setdefault(e.seat, []).append(0)
                seen.add("awakened")
            elif isinstance(e, ev.Draw) and e.reason == "phase" and 1 in chosen.get(e.seat, []):
                assert len(e.cards) == 3
                seen.add("draws 3")
            elif isinstance(e, ev.Use) and e.seat in chosen and (e.card or "").endswith("酒"):
                drank.add(e.seat)
            elif isinstance(e, ev.Use) and e.seat in chosen and "杀" in (e.as_ or e.card or "") and len(e.targets or []) > 1:
                most = {"吕布v33": 1 + (3 in chosen[e.seat]), "吕布v33旧": 3}[general[e.seat]]
                assert len(e.targets or []) <= most
                seen.add(f"{general[e.seat]} 杀 on {len(e.targets or [])}")
            elif isinstance(e, ev.Damage) and e.source in chosen and general[e.source] == "吕布v33" and e.card \
                    and "杀" in e.card and not e.chain and e.source not in drank:
                if 2 in chosen[e.source]:
                    assert e.amount >= 2
                    seen.add("杀 deals 2")
            elif isinstance(e, ev.Skill) and e.skill == "救主":
                seen.add("救主")
            if isinstance(e, ev.Turn):
                drank.clear()
        report = validate_parsed(log).report
        assert not report.violations, report.violations[:3]
        if any("undead_after_failed_rescue" in n for n in report.engine_behaviour):
            seen.add("undead")
        if seen >= wanted:
            break
    assert seen >= wanted, sorted(wanted - seen)


def test_freekill_3v3_rescue_stops_at_zhaoyun_after_jiuzhu() -> None:
    """赵云v33's 杀 on his chained teammate, who lies dying at HP ≤ 0 under the fault: his 救主 sets off the
    chain's damage, which ends that dying state; nobody after him rescues (once a 桃 out of turn)."""
    out = play_game(ruleset("freekill-3v3"), 6, 7, 1262, strict=True)
    assert any('"skill":"救主"' in line.decode() for line in out.lines)


def test_house_attrition_games_take_the_losses_and_plants_are_caught_at_their_line(tmp_path: Path) -> None:
    """Simulated games of the last-three attrition: some rounds take the losses, and the planted
    faults of the house rule (a round's losses left out, losses where none is due) are reported at
    their line."""
    from sgs_replay.quality.inject import inject
    from sgs_replay.quality.measure import measure

    r = _cli("--ruleset", "house-attrition", "--games", "12", "--seed", "2", "--out", str(tmp_path / "clean"), "-q")
    assert r.returncode == 0, r.stderr
    logs = _logs(tmp_path / "clean")
    assert sum(p.read_text(encoding="utf-8").count('"reason":"attrition"') for p in logs) > 0
    classes = ["attrition_missing", "attrition_early"]
    inject([tmp_path / "clean"], tmp_path / "faults", seed=1, per_class=1, classes=classes)
    result = measure([tmp_path / "clean"], 1, tmp_path / "faults")
    for cls in classes:
        c = result["classes"][cls]
        assert c["planted"] > 0 and c["caught_at_line"] == c["planted"], (cls, c)


def test_house_anhun_games_name_a_protected_player_and_plants_are_caught_at_their_line(tmp_path: Path) -> None:
    from sgs_replay.quality.measure import measure

    r = _cli("--ruleset", "house-anhun", "--games", "6", "--seed", "2", "--out", str(tmp_path / "clean"), "-q")
    assert r.returncode == 0, r.stderr
    assert all(read_path(p).header.protected_player for p in _logs(tmp_path / "clean"))  # type: ignore[union-attr]
    result = measure([tmp_path / "clean"], 1, per_class=1, workdir=tmp_path / "faults", classes=["anhun_first_out"])
    c = result["classes"]["anhun_first_out"]
    assert c["planted"] > 0 and c["caught_at_line"] == c["planted"], c
    assert result["false_alarms"]["house-anhun"]["violations"] == 0


def test_house_zhuanshi_games_reincarnate_and_plants_are_caught_at_their_line(tmp_path: Path) -> None:
    """Simulated games of 转世 and 献祭: cards are given and out players reincarnate; the planted faults of
    the house rule (a second 献祭 in a turn, a general of another kingdom, a reward for a reincarnated rebel)
    are reported at their line."""
    from sgs_replay.quality.measure import measure

    r = _cli("--ruleset", "house-zhuanshi", "--games", "8", "--seed", "2", "--out", str(tmp_path / "clean"), "-q")
    assert r.returncode == 0, r.stderr
    text = "".join(p.read_text(encoding="utf-8") for p in _logs(tmp_path / "clean"))
    assert text.count('"reason":"献祭"') > 0 and text.count('"type":"general_choice"') > 0
    classes = ["second_sacrifice", "reborn_wrong_kingdom", "reborn_reward"]
    result = measure([tmp_path / "clean"], 1, per_class=1, workdir=tmp_path / "faults", classes=classes)
    for cls in classes:
        c = result["classes"][cls]
        assert c["planted"] > 0 and c["caught_at_line"] == c["planted"], (cls, c)
    assert result["false_alarms"]["house-zhuanshi"]["violations"] == 0


def test_unsupported_requests_are_refused(tmp_path: Path) -> None:
    with pytest.raises(SimulateError):
        check_request(ruleset("standard"), 3)
    with pytest.raises(SimulateError):
        check_request(ruleset("3v3-2013"), 5)
    r = _cli("--ruleset", "no-such-ruleset", "--games", "1", "--out", str(tmp_path / "x"))
    assert r.returncode == 2 and "error" in r.stderr and r.stdout == ""


def test_the_simulator_names_no_skill_and_each_policy_says_what_it_does() -> None:
    """A skill's random play is its policy, in the skill's module (``skills/policy.py``): the simulator's code
    names no skill id (鏖戰's ``aozhan`` is the mode's flag, read from the mode), and every policy has its
    docstring."""
    import ast

    from sgs_replay.content import skills
    from sgs_replay.skills import policy

    ids = set(skills()) - {"aozhan"}
    for path in sorted((ROOT / "sgs_replay" / "simulate").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        named = {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name)
                 and n.value.id == "SKILL"}
        named |= {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and n.value in ids}
        assert not named, f"{path.name} names skills {sorted(named)}: their policies belong in the skill modules"
    entries = [p for ps in policy._POLICIES.values() for p in ps]
    assert len(entries) > 80
    assert all(p.fn.__doc__ and p.fn.__module__.startswith("sgs_replay.skills.") for p in entries)
