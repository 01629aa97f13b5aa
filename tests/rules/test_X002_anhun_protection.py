"""SGS-X002 anhun-protection (ruleset house-anhun): 《三国杀》标准版规则（身份局） · 游戏规则 (二)详细规则 2:
此局游戏第一个出局的玩家，下局不能第一个出局，换言之，最后一滴血受规则保护。但只要有人先出局了，或者被攻击的人攻击他，
则不受此规则保护。"""

from __future__ import annotations

import json
from typing import Any

from tests.conftest import validate_text

HIT = [{"type": "use", "seat": 3, "card": "♠7 杀", "targets": [4]},
       {"type": "damage", "source": 3, "target": 4, "amount": 1, "card": "♠7 杀"},
       {"type": "dying", "seat": 4}, {"type": "pass", "seat": 5}]
DEATH = {"type": "death", "seat": 4, "killer": 3}
REWARD = {"type": "draw", "seat": 3, "cards": ["♣3 杀", "♦4 闪", "♥7 无中生有"], "reason": "reward"}
#: seat 4 hit seat 3 earlier in the game (a skill with seat 3 as its target counts the same)
STRUCK_BACK = [{"type": "use", "seat": 4, "card": "♠8 杀", "targets": [3]},
               {"type": "damage", "source": 4, "target": 3, "amount": 1, "card": "♠8 杀"},
               {"type": "phase", "seat": 4, "phase": "discard"}, {"type": "phase", "seat": 4, "phase": "finish"},
               {"type": "turn_end", "seat": 4}, {"type": "turn", "seat": 5}, {"type": "phase", "seat": 5, "phase": "start"}]


def run(sgs: Any, events: list[dict[str, Any]], *, protected: str | None = "P4", ruleset: str = "house-anhun",
        current: int = 3, dead: tuple[int, ...] = (), **position: Any) -> Any:
    header = json.loads(sgs.identity_text([], ruleset=ruleset, current=current, dead=dead, **position).splitlines()[0])
    if protected is not None:
        header["protected_player"] = protected
    return validate_text(sgs.text(header, events))


def test_ok_someone_else_out_first(sgs: Any) -> None:
    run(sgs, [*HIT, DEATH, REWARD], hands={3: ["♠7 杀"]}, hp={4: 1}, protected="P5").assert_clean()


def test_ok_the_first_game_of_a_series_protects_nobody(sgs: Any) -> None:
    run(sgs, [*HIT, DEATH, REWARD], hands={3: ["♠7 杀"]}, hp={4: 1}, protected=None).assert_clean()


def test_ok_standard_ignores_the_protection(sgs: Any) -> None:
    run(sgs, [*HIT, DEATH, REWARD], hands={3: ["♠7 杀"]}, hp={4: 1}, ruleset="standard").assert_clean()


def test_ok_killed_by_a_character_the_protected_player_attacked(sgs: Any) -> None:
    turn3 = [{"type": "phase", "seat": 5, "phase": "finish"}, {"type": "turn_end", "seat": 5},
             {"type": "turn", "seat": 1}, {"type": "phase", "seat": 1, "phase": "start"},
             {"type": "phase", "seat": 1, "phase": "finish"}, {"type": "turn_end", "seat": 1},
             {"type": "turn", "seat": 2}, {"type": "phase", "seat": 2, "phase": "start"},
             {"type": "phase", "seat": 2, "phase": "finish"}, {"type": "turn_end", "seat": 2},
             {"type": "turn", "seat": 3}, {"type": "phase", "seat": 3, "phase": "start"},
             {"type": "phase", "seat": 3, "phase": "play"}]
    out = run(sgs, [*STRUCK_BACK, *turn3, *HIT, DEATH, REWARD], current=4, hands={3: ["♠7 杀"], 4: ["♠8 杀"]},
              hp={4: 1})
    assert [v.rule for v in out.violations] == [], out.violations


def test_ok_after_someone_else_is_out(sgs: Any) -> None:
    """The protection ends with the first death; a start position after a death cannot be checked."""
    out = run(sgs, [*HIT, DEATH, REWARD], hands={3: ["♠7 杀"]}, hp={4: 1}, dead=(2,))
    assert not [v for v in out.violations if v.rule == "SGS-X002"] and out.report.unverifiable


def test_flags_the_protected_player_out_first(sgs: Any) -> None:
    run(sgs, [*HIT, DEATH, REWARD], hands={3: ["♠7 杀"]}, hp={4: 1}).assert_flags("SGS-X002", line=6, seat=4)


def test_flags_a_death_with_no_killer(sgs: Any) -> None:
    """闪电 or a loss of HP: no exception (the rule is "cannot be out first")."""
    out = run(sgs, [{"type": "lose_hp", "seat": 4, "amount": 1}, {"type": "dying", "seat": 4},
                    {"type": "pass", "seat": 5}, {"type": "death", "seat": 4}], hp={4: 1})
    out.assert_flags("SGS-X002", line=5, seat=4)


def test_flags_an_unknown_protected_player(sgs: Any) -> None:
    run(sgs, [], protected="Nobody").assert_flags("SGS-X002")
