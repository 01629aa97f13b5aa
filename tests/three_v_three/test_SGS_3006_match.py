"""Best-of-3 matches (sgs_replay.replay.match): the games with one ``meta.match`` id are one match between two
teams. Each game the teams switch colour (SGS-3006; seed 000/001 3V3规则 步骤4), each team's commander
rotates (SGS-3007; seed 004 一、1(1)), and the first team to win two games wins: no game after that,
at most three, and ``meta.match_winner`` must agree (SGS-3008). Match violations sit at line 1 of the
offending game's log; ``sgs-replay validate`` checks the matches among the files it is given."""

from __future__ import annotations

import json

from sgs_replay.formats.reader import parse_bytes
from sgs_replay.replay.match import MatchEntry, check_matches
from sgs_replay.replay.validate import validate_parsed

from .conftest import SEATING, players, run_cli

TEAM_A = ("Zhao", "Qian", "Sun")
TEAM_B = ("Li", "Zhou", "Wu")


def seating(cold: tuple[str, ...], warm: tuple[str, ...], cold_cmd: int, warm_cmd: int) -> list[str]:
    """Names in seat order (vanguard, commander, vanguard | vanguard, commander, vanguard)."""
    def side(team: tuple[str, ...], cmd: int) -> list[str]:
        others = [n for i, n in enumerate(team) if i != cmd]
        return [others[0], team[cmd], others[1]]
    return side(cold, cold_cmd) + side(warm, warm_cmd)


def game(v3, number, cold, warm, winner, *, cmds=(0, 0), match="r3-t7", **meta):
    names = seating(cold, warm, *cmds)
    loser = "warm" if winner == "cold" else "cold"
    events = [{"type": "resign", "side": loser}, {"type": "game_end", "winner": winner, "reason": "resign"}]
    m = {"match": match, "game": number, **meta}
    return v3.fresh_text(events, players=players(SEATING, names), meta=m, game_id=f"{match}-g{number}")


def run(texts):
    entries = []
    for i, t in enumerate(texts, start=1):
        parsed = parse_bytes(t.encode("utf-8"), f"g{i}.sgs.jsonl")
        rep = validate_parsed(parsed).report
        assert not rep.violations, rep.violations
        entries.append(MatchEntry(f"g{i}.sgs.jsonl", parsed.header, rep.result))
    (m,) = check_matches(entries)
    return m


def rules(m):
    return [(f, v.rule, v.line, v.kind) for f, v in m.violations]


def test_a_three_game_match(v3):
    m = run([game(v3, 1, TEAM_A, TEAM_B, "cold", cmds=(1, 1)),
             game(v3, 2, TEAM_B, TEAM_A, "cold", cmds=(0, 0)),
             game(v3, 3, TEAM_A, TEAM_B, "warm", cmds=(2, 2), match_winner="Li")])
    assert m.violations == []
    assert m.winner == " / ".join(sorted(TEAM_B))
    assert list(m.score.values()) == [1, 2]


def test_a_two_game_match(v3):
    m = run([game(v3, 1, TEAM_A, TEAM_B, "cold", cmds=(1, 1)),
             game(v3, 2, TEAM_B, TEAM_A, "warm", cmds=(0, 0), match_winner="warm")])
    assert m.violations == []
    assert m.winner == " / ".join(sorted(TEAM_A))


def test_games_are_ordered_by_their_number(v3):
    m = run([game(v3, 2, TEAM_B, TEAM_A, "warm", cmds=(0, 0)), game(v3, 1, TEAM_A, TEAM_B, "cold", cmds=(1, 1))])
    assert m.violations == []


def test_a_team_keeps_its_colour(v3):
    m = run([game(v3, 1, TEAM_A, TEAM_B, "cold", cmds=(1, 1)), game(v3, 2, TEAM_A, TEAM_B, "warm", cmds=(0, 0))])
    assert rules(m) == [("g2.sgs.jsonl", "SGS-3006", 1, "illegal_play")]


def test_the_players_change(v3):
    other = ("Zhao", "Qian", "Feng")
    m = run([game(v3, 1, TEAM_A, TEAM_B, "cold", cmds=(1, 1)), game(v3, 2, TEAM_B, other, "warm", cmds=(0, 0))])
    assert rules(m) == [("g2.sgs.jsonl", "SGS-3006", 1, "illegal_play")]


def test_team_names_when_players_are_not_named(v3):
    m = run([game(v3, 1, TEAM_A, TEAM_B, "cold", cmds=(1, 1), teams={"cold": "Red", "warm": "Blue"}),
             game(v3, 2, TEAM_B, TEAM_A, "warm", cmds=(0, 0), teams={"cold": "Blue", "warm": "Red"},
                  match_winner="Red")])
    assert m.violations == []
    assert m.winner == "Red"


def test_the_commander_does_not_rotate(v3):
    m = run([game(v3, 1, TEAM_A, TEAM_B, "cold", cmds=(1, 1)), game(v3, 2, TEAM_B, TEAM_A, "cold", cmds=(0, 1)),
             game(v3, 3, TEAM_A, TEAM_B, "cold", cmds=(2, 2))])
    assert rules(m) == [("g2.sgs.jsonl", "SGS-3007", 1, "illegal_play")]
    assert m.violations[0][1].seat == 5 and m.violations[0][1].observed == "Qian"


def test_a_game_after_the_match_was_won(v3):
    m = run([game(v3, 1, TEAM_A, TEAM_B, "cold", cmds=(1, 1)), game(v3, 2, TEAM_B, TEAM_A, "warm", cmds=(0, 0)),
             game(v3, 3, TEAM_A, TEAM_B, "warm", cmds=(2, 2))])
    assert rules(m) == [("g3.sgs.jsonl", "SGS-3008", 1, "outcome")]


def test_the_declared_match_winner_disagrees(v3):
    m = run([game(v3, 1, TEAM_A, TEAM_B, "cold", cmds=(1, 1)),
             game(v3, 2, TEAM_B, TEAM_A, "warm", cmds=(0, 0), match_winner="Zhou")])
    assert rules(m) == [("g2.sgs.jsonl", "SGS-3008", 1, "outcome")]


def test_more_than_three_games(v3):
    m = run([game(v3, 1, TEAM_A, TEAM_B, "cold", cmds=(1, 1)), game(v3, 2, TEAM_B, TEAM_A, "cold", cmds=(0, 0)),
             game(v3, 3, TEAM_A, TEAM_B, "cold", cmds=(2, 2)), game(v3, 4, TEAM_B, TEAM_A, "cold", cmds=(1, 1))])
    assert ("g4.sgs.jsonl", "SGS-3008", 1, "outcome") in rules(m)


def test_the_cli_checks_the_matches_among_its_files(v3):
    paths = [v3.write(game(v3, 1, TEAM_A, TEAM_B, "cold", cmds=(1, 1)), "g1.sgs.jsonl"),
             v3.write(game(v3, 2, TEAM_A, TEAM_B, "cold", cmds=(0, 0)), "g2.sgs.jsonl"),
             v3.write(game(v3, 3, TEAM_B, TEAM_A, "cold", cmds=(2, 2)), "g3.sgs.jsonl")]
    p = run_cli("validate", *map(str, paths), "--json")
    assert p.returncode == 1, p.stderr
    out = json.loads(p.stdout)
    reports = {r["file"].rsplit("/", 1)[-1]: r for r in out["files"]}
    assert set(reports["g1.sgs.jsonl"]) == {"file", "game_id", "ruleset", "events", "violations", "unverifiable", "result",
                                             "desyncs", "import_problems", "engine_behaviour", "violations_truncated"}
    assert reports["g1.sgs.jsonl"]["violations"] == []
    assert [(v["rule"], v["line"]) for v in reports["g2.sgs.jsonl"]["violations"]] == [("SGS-3006", 1)]
    assert [(v["rule"], v["line"]) for v in reports["g3.sgs.jsonl"]["violations"]] == [("SGS-3008", 1)]
    (match,) = out["matches"]
    assert match["match"] == "r3-t7" and match["winner"] == " / ".join(sorted(TEAM_A))
    text = run_cli("validate", *map(str, paths))
    assert text.returncode == 1
    assert "g2.sgs.jsonl:1: SGS-3006 illegal_play" in text.stdout
    assert "match r3-t7:" in text.stdout


def test_the_cli_output_is_unchanged_without_matches(v3):
    a = v3.write(v3.fresh_text([]), "a.sgs.jsonl")
    b = v3.write(v3.fresh_text([]), "b.sgs.jsonl")
    p = run_cli("validate", str(a), str(b), "--json")
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout)["matches"] == []
    one = run_cli("validate", str(v3.write(game(v3, 1, TEAM_A, TEAM_B, "cold"), "solo.sgs.jsonl")), "--json")
    assert one.returncode == 0 and json.loads(one.stdout)["violations"] == []
