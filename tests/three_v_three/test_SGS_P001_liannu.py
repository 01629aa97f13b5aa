"""3v3-2013 连弩 (seed 002 五、2③; seed 000 卡牌修改 3): at most four 杀 in a play phase; 杀 played in a
决斗 and 杀 used through 青龙偃月刀 are not counted (SGS-P001). Earlier rulesets keep 诸葛连弩 (no limit)."""

from __future__ import annotations

SLASHES = ["♠7 杀", "♠8 杀", "♠9 杀", "♠10 杀", "♣2 杀"]


def slash_dodged(card, target=4, jink="♦2 闪"):
    return [{"type": "use", "seat": 3, "card": card, "targets": [target]},
            {"type": "respond", "seat": target, "card": jink}]


JINKS = ["♦2 闪", "♦3 闪", "♦4 闪", "♦5 闪", "♦6 闪"]


def test_four_slashes_with_liannu(v3):
    events = [e for c, j in zip(SLASHES[:4], JINKS, strict=False) for e in slash_dodged(c, jink=j)]
    v3.game(events, hands={3: SLASHES[:4], 4: JINKS[:4]}, equip={3: ["♣A 连弩"]}, acted=[3]).assert_clean()


def test_a_fifth_slash_with_liannu(v3):
    events = [e for c, j in zip(SLASHES, JINKS, strict=True) for e in slash_dodged(c, jink=j)]
    out = v3.game(events, hands={3: SLASHES, 4: JINKS}, equip={3: ["♣A 连弩"]}, acted=[3])
    v = out.assert_only("SGS-P001", 10)
    assert v.expected == "at most 4"


def test_slashes_played_in_a_duel_are_not_counted(v3):
    duel = [{"type": "use", "seat": 3, "card": "♠A 决斗", "targets": [4]},
            {"type": "respond", "seat": 4, "card": "♣3 杀"}, {"type": "respond", "seat": 3, "card": "♣4 杀"},
            {"type": "respond", "seat": 4, "card": "♣5 杀"}, {"type": "respond", "seat": 3, "card": "♣6 杀"},
            {"type": "damage", "source": 3, "target": 4, "amount": 1, "card": "♠A 决斗"}]
    events = [*duel, *[e for c, j in zip(SLASHES[:4], JINKS, strict=False) for e in slash_dodged(c, jink=j)]]
    out = v3.game(events, hands={3: ["♠A 决斗", "♣4 杀", "♣6 杀", *SLASHES[:4]], 4: ["♣3 杀", "♣5 杀", *JINKS[:4]]},
                  equip={3: ["♣A 连弩"]}, acted=[3])
    out.assert_clean()


def test_a_slash_through_the_green_dragon_blade_is_not_counted(v3):
    # 青龙偃月刀 is the weapon; 连弩 is not equipped: the follow-up 杀 after a 闪 is free
    events = [*slash_dodged("♠7 杀"), {"type": "use", "seat": 3, "card": "♠8 杀", "targets": [4], "skill": "青龙偃月刀"},
              {"type": "damage", "source": 3, "target": 4, "amount": 1, "card": "♠8 杀"}]
    out = v3.game(events, hands={3: ["♠7 杀", "♠8 杀"], 4: ["♦2 闪"]}, equip={3: ["♠5 青龙偃月刀"]}, acted=[3])
    out.assert_clean()


def test_without_liannu_one_slash(v3):
    events = [e for c, j in zip(SLASHES[:2], JINKS, strict=False) for e in slash_dodged(c, jink=j)]
    out = v3.game(events, hands={3: SLASHES[:2], 4: JINKS[:2]}, acted=[3])
    out.assert_only("SGS-P001", 4)


def test_the_crossbow_of_the_earlier_decks_has_no_limit(v3):
    events = [e for c, j in zip(SLASHES, JINKS, strict=True) for e in slash_dodged(c, jink=j)]
    out = v3.game(events, ruleset="3v3-2012", hands={3: SLASHES, 4: JINKS}, equip={3: ["♣A 诸葛连弩"]}, acted=[3])
    out.assert_clean()
