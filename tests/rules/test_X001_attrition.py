"""SGS-X001 attrition (ruleset house-attrition): 《三国杀》标准版规则（身份局） · 游戏规则 (二)详细规则 3:
当游戏只剩三名玩家时，三轮以后每轮所有人同时各减一点体力，如一起出局则延续到下轮。"""

from __future__ import annotations

from typing import Any

#: seats 3 and 5 are out; the lord, a loyalist and a rebel are left
PLAYERS = (("刘备", "lord"), ("关羽", "loyalist"), ("张飞", "rebel"), ("赵云", "rebel"), ("黄忠", "renegade"))


def run(sgs: Any, events: list[dict[str, Any]], *, round: int = 5, three_left: int | None = 1,
        hp: dict[int, int] | None = None, ruleset: str = "house-attrition") -> Any:
    """Before the lord's turn of ``round``; three were left in round ``three_left``."""
    return sgs.identity(events, players=sgs.identity_players(PLAYERS), ruleset=ruleset, dead=[3, 5],
                        hp=hp or {1: 4, 2: 3, 4: 3}, current=None, phase=None, round=round,
                        three_left_round=three_left)


def losses(*seats: int) -> list[dict[str, Any]]:
    return [{"type": "lose_hp", "seat": s, "amount": 1, "reason": "attrition"} for s in seats]


TURN = {"type": "turn", "seat": 1}
START = {"type": "phase", "seat": 1, "phase": "start"}


def test_ok_every_living_character_loses_one(sgs: Any) -> None:
    run(sgs, [TURN, *losses(1, 2, 4), START]).assert_clean()


def test_ok_the_first_three_rounds_are_free(sgs: Any) -> None:
    """Three were left during round 1: rounds 2, 3 and 4 are free."""
    run(sgs, [TURN, START], round=4).assert_clean()


def test_ok_a_loss_that_would_put_two_out_waits(sgs: Any) -> None:
    """如一起出局则延续到下轮: two characters at 1 HP."""
    run(sgs, [TURN, START], hp={1: 4, 2: 1, 4: 1}).assert_clean()


def test_ok_the_character_brought_to_zero_dies_after_all_losses(sgs: Any) -> None:
    out = run(sgs, [TURN, *losses(1, 2, 4), {"type": "dying", "seat": 4}, {"type": "death", "seat": 4},
                    {"type": "game_end", "winner": "lord", "reason": "rebels_and_renegades_dead"}],
              hp={1: 4, 2: 3, 4: 1})
    out.assert_clean()


def test_ok_standard_has_no_attrition(sgs: Any) -> None:
    run(sgs, [TURN, START], ruleset="standard").assert_clean()


def test_ok_unknown_moment_is_not_checked(sgs: Any) -> None:
    """A position that does not say when three were left: the rule cannot be checked (unverifiable)."""
    out = run(sgs, [TURN, START], three_left=None)
    out.assert_clean()
    assert out.report.unverifiable


def test_flags_a_missing_loss(sgs: Any) -> None:
    run(sgs, [TURN, START]).assert_flags("SGS-X001", line=3)


def test_flags_a_partial_loss(sgs: Any) -> None:
    run(sgs, [TURN, *losses(1, 2), START]).assert_flags("SGS-X001", line=5)


def test_flags_a_loss_before_its_round(sgs: Any) -> None:
    run(sgs, [TURN, *losses(1, 2, 4), START], round=4).assert_flags("SGS-X001", line=3, seat=1)


def test_flags_a_loss_that_should_have_waited(sgs: Any) -> None:
    run(sgs, [TURN, *losses(1, 2, 4), START], hp={1: 4, 2: 1, 4: 1}).assert_flags("SGS-X001", line=3)


def test_flags_a_loss_of_two(sgs: Any) -> None:
    run(sgs, [TURN, {"type": "lose_hp", "seat": 1, "amount": 2, "reason": "attrition"}, *losses(2, 4), START]) \
        .assert_flags("SGS-X001", line=3, seat=1)


def test_ok_the_other_reading_takes_the_loss_and_resolves_each_dying(sgs: Any, tmp_path: Any) -> None:
    """attrition_simultaneous = "resolve": the loss is taken even when two reach 0, and their dying states
    are resolved one by one from the lord."""
    from sgs_replay.formats.reader import parse_bytes
    from sgs_replay.replay.validate import validate_parsed

    rs = tmp_path / "resolve.toml"
    rs.write_text('name = "house-attrition-resolve"\ninherits = "house-attrition"\nattrition_simultaneous = "resolve"\n',
                  encoding="utf-8")
    players = sgs.identity_players(PLAYERS)
    text = sgs.identity_text([TURN, *losses(1, 2, 4), {"type": "dying", "seat": 2}, {"type": "death", "seat": 2},
                              {"type": "dying", "seat": 4}, {"type": "death", "seat": 4},
                              {"type": "game_end", "winner": "lord", "reason": "rebels_and_renegades_dead"}],
                             players=players, ruleset="house-attrition", dead=[3, 5], hp={1: 4, 2: 1, 4: 1},
                             current=None, phase=None, round=5, three_left_round=1)
    rep = validate_parsed(parse_bytes(text.encode()), str(rs)).report
    assert rep.violations == [], rep.violations
    default = validate_parsed(parse_bytes(text.encode())).report
    assert [v.rule for v in default.violations][:1] == ["SGS-X001"]
