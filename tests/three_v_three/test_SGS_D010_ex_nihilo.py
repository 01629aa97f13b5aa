"""3v3-2013 无中生有 (seed 002 五、2②: 若对方存活角色多余己方，额外摸一张牌): three cards when the
opponents have more living characters, otherwise two (SGS-D010). Earlier rulesets: always two."""

from __future__ import annotations

EN = "♥7 无中生有"


def use_and_draw(cards):
    return [{"type": "use", "seat": 3, "card": EN},
            {"type": "draw", "seat": 3, "cards": cards, "reason": "card", "card_name": "无中生有"}]


def test_two_cards_when_the_sides_are_even(v3):
    v3.game(use_and_draw(["♦2 闪", "♦3 闪"]), hands={3: [EN]}, acted=[3]).assert_clean()
    v3.game(use_and_draw(["♦2 闪", "♦3 闪", "♦4 闪"]), hands={3: [EN]}, acted=[3]).assert_only("SGS-D010", 3)


def test_three_cards_when_ones_side_has_fewer_living(v3):
    v3.game(use_and_draw(["♦2 闪", "♦3 闪", "♦4 闪"]), hands={3: [EN]}, dead=[1], acted=[3]).assert_clean()
    out = v3.game(use_and_draw(["♦2 闪", "♦3 闪"]), hands={3: [EN]}, dead=[1], acted=[3])
    v = out.assert_only("SGS-D010", 3)
    assert v.expected == "3"


def test_no_bonus_when_the_opponents_have_fewer(v3):
    v3.game(use_and_draw(["♦2 闪", "♦3 闪"]), hands={3: [EN]}, dead=[4], acted=[3]).assert_clean()


def test_no_bonus_before_2013(v3):
    out = v3.game(use_and_draw(["♦2 闪", "♦3 闪", "♦4 闪"]), ruleset="3v3-2012", hands={3: [EN]}, dead=[1], acted=[3])
    out.assert_only("SGS-D010", 3)
