"""SGS-4003 1v3-switch: at 4 HP or less 最强神话 becomes 暴怒的战神 at once; the turn ends, 神吕布's comes.

《三國殺各種模式的規則》 · 1V3虎牢關模式: 當此階段的神呂布體力降至4點（或更低）時，神呂布玩家必須將他的武將牌換成另一張神呂布――戰斗進入第二階段。神呂布依然保留他當前擁有的牌，棄掉它判定區里的牌，如果神呂布處于橫置，重置之，然后體力回復至4點。當前玩家的回合即時終止（所有結算都終止），立即輪到神呂布行動
"""

from __future__ import annotations

from typing import Any

from tests.hulao_kit import DECK, SECOND, position

HIT = [{"type": "use", "seat": 2, "card": "♠7 杀", "targets": [1]},
       {"type": "damage", "source": 2, "target": 1, "amount": 1, "card": "♠7 杀"}]
SWITCH = {"type": "general_choice", "seat": 1, "general": SECOND}
#: 神吕布's first turn in the second stage: no judge phase (his 乐不思蜀 went with the switch), 2 + 2 cards (神威)
LVBU_TURN = [{"type": "turn", "seat": 1}, {"type": "phase", "seat": 1, "phase": "start"},
             {"type": "phase", "seat": 1, "phase": "draw"}, {"type": "draw", "seat": 1, "cards": DECK[30:34], "reason": "phase"},
             {"type": "phase", "seat": 1, "phase": "finish"}, {"type": "turn_end", "seat": 1}]
POS: dict[str, Any] = {"current": 2, "hands": {2: ["♠7 杀"], 1: DECK[20:26]}, "judge": {1: ["♥6 乐不思蜀"]}, "hp": {1: 5},
                       "chained": (1,)}


def test_ok_the_switch_then_lvbus_turn(sgs: Any) -> None:
    position(sgs, [*HIT, SWITCH, *LVBU_TURN, {"type": "turn", "seat": 2}], **POS).assert_clean()


def test_ok_the_interrupted_turn_closed(sgs: Any) -> None:
    position(sgs, [*HIT, SWITCH, {"type": "turn_end", "seat": 2}, *LVBU_TURN], **POS).assert_clean()


def test_ok_no_dying_state_when_the_hit_goes_below_zero(sgs: Any) -> None:
    pos = {**POS, "hp": {1: 5}, "hands": {2: ["♠7 杀"]}}
    out = position(sgs, [{"type": "use", "seat": 2, "card": "♠7 杀", "targets": [1]},
                         {"type": "damage", "source": 2, "target": 1, "amount": 5, "card": "♠7 杀"}, SWITCH, *LVBU_TURN],
                   **pos)
    assert "SGS-4003" not in out.rules and "SGS-O001" not in out.rules, out.describe()


def test_flags_a_dying_state_instead(sgs: Any) -> None:
    position(sgs, [*HIT, {"type": "dying", "seat": 1}], **POS).assert_flags("SGS-4003", 4, seat=1)


def test_flags_the_turn_going_on(sgs: Any) -> None:
    position(sgs, [*HIT, {"type": "phase", "seat": 2, "phase": "discard"}], **POS).assert_flags("SGS-4003", 4, seat=1)


def test_flags_a_switch_with_no_cause(sgs: Any) -> None:
    position(sgs, [SWITCH], **{**POS, "hp": {1: 6}}).assert_flags("SGS-4003", 2, seat=1)


def test_flags_another_turn_after_the_switch(sgs: Any) -> None:
    position(sgs, [*HIT, SWITCH, {"type": "turn", "seat": 3}], **POS).assert_flags("SGS-4002", 5, seat=3)


def test_flags_a_discard_phase_of_the_interrupted_turn(sgs: Any) -> None:
    """當前玩家的回合即時終止: the interrupted player's discard phase is no longer due."""
    out = position(sgs, [*HIT, SWITCH, {"type": "phase", "seat": 2, "phase": "discard"}], **POS)
    out.assert_flags("SGS-4003", 5, seat=2)


def test_flags_a_card_used_in_the_interrupted_turn(sgs: Any) -> None:
    """(所有結算都終止), 立即輪到神呂布行動: a card the interrupted player uses next is out of order."""
    pos = {**POS, "hands": {2: ["♠7 杀", "♥7 无中生有"], 1: DECK[20:26]}}
    out = position(sgs, [*HIT, SWITCH, {"type": "use", "seat": 2, "card": "♥7 无中生有"}], **pos)
    out.assert_flags("SGS-4003", 5, seat=2)
