"""SGS-4004 1v3-reform: a retreated ally recovers 1 HP in place of each turn, at full HP draws 1, returns after 6.

《三國殺各種模式的規則》 · 1V3虎牢關模式: 原本該角色的回合則改為（用正面向下的武將牌擋住體力牌）回復一點體力，若體力回滿則摸一張牌，如此6輪后――體力為四的角色體力回滿手牌兩張（或體力為三的角色體力回滿手牌三張），該角色重新進入游戲（在剛復活的那一回合不能行動――僅僅是回到游戲中，身份牌為橫置狀態）。
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.hulao_kit import DECK, position, ruleset_file, turns

END2 = [{"type": "phase", "seat": 2, "phase": "finish"}, {"type": "turn_end", "seat": 2}]
RECOVER3 = {"type": "recover", "seat": 3, "amount": 1}
DRAW3 = {"type": "draw", "seat": 3, "cards": [DECK[40]], "reason": "reform"}
RETURN3 = {"type": "general_choice", "seat": 3, "general": "关羽"}


def at(**pos: Any) -> dict[str, Any]:
    """先锋 (seat 2) in his play phase; 中坚 (seat 3) reforming."""
    return {"current": 2, "dead": (3,), **pos}


def test_ok_a_step_in_place_of_his_turn(sgs: Any) -> None:
    position(sgs, [*END2, RECOVER3, *turns(4, 1, 2)], **at()).assert_clean()


def test_ok_a_draw_at_full_hp(sgs: Any) -> None:
    position(sgs, [*END2, DRAW3, *turns(4)], **at(hp={3: 4}, hands={3: [DECK[41]]})).assert_clean()


def test_ok_the_return_after_six_steps(sgs: Any) -> None:
    """4 HP and 2 cards: six steps done; he returns at his place, and acts from the next round."""
    position(sgs, [*END2, RETURN3, *turns(4, 1, 2, 3)], **at(hp={3: 4}, hands={3: DECK[41:43]})).assert_clean()


def test_ok_the_retreat(sgs: Any) -> None:
    """黄盖 (seat 4) dies of 苦肉 in his own turn: 神吕布 may take the gap, then the new round has his step."""
    events = [{"type": "skill", "seat": 4, "skill": "苦肉"}, {"type": "lose_hp", "seat": 4, "amount": 1},
              {"type": "dying", "seat": 4}, {"type": "death", "seat": 4}, *turns(1, 2, 3),
              {"type": "recover", "seat": 4, "amount": 1}, *turns(2)]
    position(sgs, events, current=4, acted=[2, 3], hp={4: 1}).assert_clean()


def test_ok_the_engines_choice_of_a_draw(sgs: Any, tmp_path: Path) -> None:
    rs = ruleset_file(tmp_path, hulao_reform_choice=True)
    position(sgs, [*END2, DRAW3, *turns(4)], ruleset_file=rs, **at(hp={3: 2})).assert_clean()


def test_flags_a_draw_while_wounded(sgs: Any) -> None:
    position(sgs, [*END2, DRAW3], **at(hp={3: 2})).assert_flags("SGS-4004", 4, seat=3)


def test_flags_a_turn_while_reforming(sgs: Any) -> None:
    position(sgs, [*END2, *turns(3)], **at()).assert_flags("SGS-4004", 4, seat=3)


def test_flags_a_step_after_six(sgs: Any) -> None:
    position(sgs, [*END2, RECOVER3], **at(hp={3: 4}, hands={3: DECK[41:43]})).assert_flags("SGS-4004", 4, seat=3)


def test_flags_an_early_return(sgs: Any) -> None:
    position(sgs, [*END2, RETURN3], **at(hp={3: 2})).assert_flags("SGS-4004", 4, seat=3)


def test_flags_a_step_inside_a_turn(sgs: Any) -> None:
    position(sgs, [RECOVER3], **at()).assert_flags("SGS-4004", 2, seat=3)


def test_flags_lvbu_after_a_step(sgs: Any) -> None:
    position(sgs, [*END2, RECOVER3, *turns(1)], **at()).assert_flags("SGS-4002", 5, seat=1)
