"""FreeKill's 3v3 mode (ruleset ``freekill-3v3``, docs/freekill.md 3v3 section): each of its departures
from the rulebooks' 3v3 is a parameter, clean under ``freekill-3v3`` and a finding under ``3v3-2013``.

``draft_first_side`` (warm always picks first), ``first_unit`` (any unit may open the game),
``round_first_side`` (cold opens every round), ``kill_reward`` 2, no time limit, the 106-card deck; the
engine fault ``undead_after_failed_rescue`` is accepted only under ``freekill-3v3``."""

from __future__ import annotations

import pytest

from sgs_replay.content import RulesetError, ruleset

from .conftest import players, turn, unit

FK = "freekill-3v3"
# generals of both rosters
SEATS = (("曹操", "cold", "vanguard"), ("孙权", "cold", "commander"), ("甘宁", "cold", "vanguard"),
         ("黄盖", "warm", "vanguard"), ("刘备", "warm", "commander"), ("甄姬", "warm", "vanguard"))


def pl():
    return players(SEATS)


def both(v3, events, **kw):
    return v3.fresh(events, ruleset=FK, players=pl(), **kw), v3.fresh(events, ruleset="3v3-2013", players=pl(), **kw)


def test_cold_vanguards_open_the_game(v3):
    fk, std = both(v3, [unit("cold", "vanguards", [1, 3]), *turn(1), *turn(3), unit("warm"), *turn(5)])
    fk.assert_clean()
    std.assert_flags("SGS-3001", 2)


def test_warm_may_not_open_the_game(v3):
    fk = v3.fresh([unit("warm"), *turn(5)], ruleset=FK, players=pl())
    fk.assert_flags("SGS-3001", 2)


def test_cold_opens_every_round(v3):
    """Both warm vanguards dead: cold C, warm C, cold V end round 1; cold opens round 2 again."""
    events = [unit("cold"), *turn(2), unit("warm"), *turn(5), unit("cold", "vanguards", [1, 3]), *turn(1), *turn(3),
              unit("cold"), *turn(2)]
    fk = v3.game(events, ruleset=FK, players=pl(), current=None, phase=None, round=1, dead=[4, 6])
    std = v3.game(events, ruleset="3v3-2013", players=pl(), current=None, phase=None, round=1, dead=[4, 6])
    fk.assert_clean()
    std.assert_flags("SGS-3001", 13)


def test_warm_opening_a_later_round_is_a_finding_under_freekill(v3):
    events = [unit("cold"), *turn(2), unit("warm"), *turn(5), unit("cold", "vanguards", [1, 3]), *turn(1), *turn(3),
              unit("warm"), *turn(5)]
    fk = v3.game(events, ruleset=FK, players=pl(), current=None, phase=None, round=1, dead=[4, 6])
    fk.assert_flags("SGS-3001", 13)


POOL = ["刘备", "孙权", "甘宁", "黄盖", "曹操", "甄姬", "司马懿", "郭嘉", "关羽", "张飞", "诸葛亮", "赵云", "马超",
        "周瑜", "大乔", "陆逊"]
PICKS = [["刘备"], ["孙权", "曹操"], ["黄盖", "甄姬"], ["甘宁", "司马懿"], ["郭嘉", "关羽"], ["张飞", "诸葛亮"],
         ["赵云", "马超"], ["周瑜", "大乔"], ["陆逊"]]


def draft(first):
    other = "cold" if first == "warm" else "warm"
    picks = [{"type": "draft_pick", "side": first if i % 2 == 0 else other, "generals": g} for i, g in enumerate(PICKS)]
    return [{"type": "draft_pool", "generals": POOL}, *picks]


def test_warm_picks_first(v3):
    events = [*draft("warm"), unit("cold"), *turn(2)]
    v3.fresh(events, ruleset=FK, players=players(
        (("曹操", "cold", "vanguard"), ("孙权", "cold", "commander"), ("甘宁", "cold", "vanguard"),
         ("黄盖", "warm", "vanguard"), ("刘备", "warm", "commander"), ("甄姬", "warm", "vanguard")))).assert_clean()


def test_cold_picking_first_is_a_finding_under_freekill_only(v3):
    seats = (("刘备", "cold", "vanguard"), ("黄盖", "cold", "commander"), ("甄姬", "cold", "vanguard"),
             ("孙权", "warm", "vanguard"), ("曹操", "warm", "commander"), ("甘宁", "warm", "vanguard"))
    events = [*draft("cold"), unit("cold"), *turn(2)]
    v3.fresh(events, ruleset=FK, players=players(seats)).assert_flags("SGS-3005", 3)
    out = v3.fresh(events, ruleset="3v3-2013", players=players(seats))
    assert "SGS-3005" not in out.rules, out.describe()


def kill_and_reward(n):
    cards = ["♦2 闪", "♦7 闪", "♦8 闪"][:n]
    return [{"type": "use", "seat": 3, "card": "♠7 杀", "targets": [4]},
            {"type": "damage", "source": 3, "target": 4, "amount": 1, "card": "♠7 杀"},
            {"type": "death", "seat": 4, "killer": 3},
            {"type": "draw", "seat": 3, "cards": cards, "reason": "reward"},
            {"type": "phase", "seat": 3, "phase": "discard"}]


def test_the_reward_is_two_cards(v3):
    fk = v3.game(kill_and_reward(2), ruleset=FK, players=pl(), hands={3: ["♠7 杀"]}, hp={4: 1}, acted=[3])
    std = v3.game(kill_and_reward(2), ruleset="3v3-2013", players=pl(), hands={3: ["♠7 杀"]}, hp={4: 1}, acted=[3])
    fk.assert_clean()
    std.assert_flags("SGS-D006", 5)


def test_three_reward_cards_are_a_finding_under_freekill(v3):
    fk = v3.game(kill_and_reward(3), ruleset=FK, players=pl(), hands={3: ["♠7 杀"]}, hp={4: 1}, acted=[3])
    fk.assert_flags("SGS-D006", 5)


def test_no_time_limit(v3):
    events = [unit("cold"), {"type": "turn", "seat": 2, "t": 100.0}, {"type": "turn_end", "seat": 2, "t": 2000.0},
              unit("warm"), {"type": "turn", "seat": 5, "t": 2100.0}]
    fk, std = both(v3, events)
    fk.assert_clean()
    std.assert_flags("SGS-3004")


def test_the_deck_holds_the_maneuvering_cards(v3):
    events = [unit("cold"), *turn(2), unit("warm"), {"type": "turn", "seat": 5},
              {"type": "phase", "seat": 5, "phase": "play"}, {"type": "use", "seat": 5, "card": "♠3 酒", "targets": [5]}]
    fk = v3.fresh(events, ruleset=FK, players=pl())
    std = v3.fresh(events, ruleset="3v3-2013", players=pl())
    assert "SGS-C004" not in fk.rules, fk.describe()
    std.assert_flags("SGS-C004", 8)
    assert len(ruleset(FK).deck) == 106


def test_the_engine_fault_only_under_freekill_3v3(v3, tmp_path):
    bad = tmp_path / "house.toml"
    bad.write_text('name = "house"\ninherits = "3v3-2013"\nundead_after_failed_rescue = true\n', encoding="utf-8")
    with pytest.raises(RulesetError, match="undead_after_failed_rescue"):
        ruleset(str(bad), allow_path=True)
    ok = tmp_path / "league.toml"
    ok.write_text('name = "league"\ninherits = "freekill-3v3"\nkill_reward = 3\n', encoding="utf-8")
    assert ruleset(str(ok), allow_path=True).p.undead_after_failed_rescue


def deal(warm_commander):
    hands = {1: ["♠7 杀", "♠8 杀", "♠9 杀", "♠10 杀"], 2: ["♣3 杀", "♣4 杀", "♣6 杀", "♣8 杀"],
             3: ["♣9 杀", "♣10 杀", "♣J 杀", "♥10 杀"], 4: ["♦6 杀", "♦10 杀", "♦K 杀", "♥2 闪"],
             5: ["♥K 闪", "♦2 闪", "♦7 闪", "♦8 闪", "♦9 闪"][:warm_commander], 6: ["♦J 闪", "♥9 闪", "♥J 闪", "♦6 闪"]}
    return [{"type": "draw", "seat": s, "cards": c, "reason": "initial"} for s, c in hands.items()]


def test_the_warm_commander_is_dealt_five(v3):
    fk, std = both(v3, [*deal(5), unit("cold"), *turn(2)])
    fk.assert_clean()
    assert "SGS-T003" not in std.rules, std.describe()  # the rulebooks' 3v3 initial deal is not checked


def test_four_cards_for_the_warm_commander_is_a_finding_under_freekill(v3):
    v3.fresh([*deal(4), unit("cold"), *turn(2)], ruleset=FK, players=pl()).assert_flags("SGS-T003", 6)


def test_a_commander_concedes_only_without_vanguards(v3):
    events = [unit("cold"), {"type": "turn", "seat": 2}, {"type": "resign", "side": "cold"},
              {"type": "game_end", "winner": "warm", "reason": "resign"}]
    fk, std = both(v3, events)
    std.assert_clean()
    fk.assert_flags("SGS-O004", 4)
    alone = v3.game(events[2:], ruleset=FK, players=pl(), current=2, phase="play", dead=[1, 3])
    alone.assert_clean()
