"""SGS-C004 under the 3v3 rulesets: each has its own deck (seed 000 卡牌修改; seed 002 五、1).

2010/2011: the standard 108 without 闪电 (106). 2012: + 兵粮寸断 ♠A ♣Q, 无懈可击 ♣Q → ♥Q. 2013: the 2012
deck with 连弩 ♣A ♦A instead of 诸葛连弩."""

from __future__ import annotations

import pytest


def draw(seat, card):
    return {"type": "draw", "seat": seat, "cards": [card], "reason": "phase"}


@pytest.mark.parametrize("ruleset", ["3v3-2010", "3v3-2011", "3v3-2012", "3v3-2013"])
def test_no_lightning_in_any_3v3_deck(v3, ruleset):
    out = v3.game([{"type": "phase", "seat": 3, "phase": "draw"}, draw(3, "♠A 闪电")], ruleset=ruleset,
                  phase="start", acted=[3])
    out.assert_flags("SGS-C004", 3, seat=3)


def test_lightning_used_in_3v3(v3):
    out = v3.game([{"type": "phase", "seat": 3, "phase": "draw"}, draw(3, "♠A 闪电"), draw(3, "♦2 闪"),
                   {"type": "phase", "seat": 3, "phase": "play"}, {"type": "use", "seat": 3, "card": "♠A 闪电"}],
                  phase="start", acted=[3])
    v = out.assert_only("SGS-C004", 3)
    assert v.kind == "illegal_play"


def test_lightning_in_a_start_position_is_reported_there_once(v3):
    out = v3.game([{"type": "use", "seat": 3, "card": "♠A 闪电"}], hands={3: ["♠A 闪电"]}, acted=[3])
    out.assert_only("SGS-H005", 1)


def test_lightning_played_from_nowhere(v3):
    out = v3.game([{"type": "discard", "seat": 3, "cards": ["♥Q 闪电"]}], acted=[3])
    out.assert_only("SGS-C004", 2)


def test_lightning_is_in_the_identity_deck(v3):
    pl = [{"seat": i, "name": f"P{i}", "general": g, "role": r}
          for i, (g, r) in enumerate((("孙权", "lord"), ("甘宁", "loyalist"), ("许褚", "rebel"), ("黄盖", "rebel"),
                                      ("华佗", "renegade")), start=1)]
    out = v3.game([{"type": "use", "seat": 3, "card": "♠A 闪电"}], players=pl, mode="identity", ruleset="standard",
                  hands={3: ["♠A 闪电"]})
    assert "SGS-C004" not in out.rules, out.describe()


@pytest.mark.parametrize(("ruleset", "legal"), [("3v3-2010", False), ("3v3-2011", False), ("3v3-2012", True),
                                                ("3v3-2013", True)])
def test_supply_shortage_only_from_2012(v3, ruleset, legal):
    out = v3.game([{"type": "phase", "seat": 3, "phase": "draw"}, draw(3, "♣Q 兵粮寸断"), draw(3, "♠A 兵粮寸断")],
                  ruleset=ruleset, phase="start", acted=[3])
    if legal:
        out.assert_clean()
    else:
        out.assert_flags("SGS-C004", 3)
        out.assert_flags("SGS-C004", 4)


@pytest.mark.parametrize(("ruleset", "card", "legal"), [
    ("3v3-2011", "♣Q 无懈可击", True), ("3v3-2011", "♥Q 无懈可击", False),
    ("3v3-2012", "♣Q 无懈可击", False), ("3v3-2012", "♥Q 无懈可击", True),
])
def test_the_nullification_moves_from_clubs_to_hearts_in_2012(v3, ruleset, card, legal):
    events = [{"type": "use", "seat": 3, "card": "♠3 过河拆桥", "targets": [4]},
              {"type": "use", "seat": 4, "card": card}]
    out = v3.game([{"type": "draw", "seat": 4, "cards": [card], "reason": "card", "card_name": "无中生有"}, *events],
                  ruleset=ruleset, hands={3: ["♠3 过河拆桥"]}, equip={4: ["♠2 八卦阵"]}, acted=[3])
    if legal:
        assert "SGS-C004" not in out.rules, out.describe()
    else:
        out.assert_flags("SGS-C004", 2)


@pytest.mark.parametrize(("ruleset", "card", "legal"), [
    ("3v3-2012", "♣A 诸葛连弩", True), ("3v3-2012", "♣A 连弩", False),
    ("3v3-2013", "♣A 诸葛连弩", False), ("3v3-2013", "♦A 连弩", True),
])
def test_the_crossbow_becomes_liannu_in_2013(v3, ruleset, card, legal):
    out = v3.game([{"type": "move", "cards": [card], "from": {"zone": "discard"}, "to": {"zone": "hand", "seat": 3},
                    "reason": "test"}, {"type": "use", "seat": 3, "card": card}], ruleset=ruleset,
                  acted=[3])
    if legal:
        assert "SGS-C004" not in out.rules, out.describe()
    else:
        out.assert_flags("SGS-C004", 2)
