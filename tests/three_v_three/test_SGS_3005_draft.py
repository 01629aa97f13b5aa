"""SGS-3005: the draft (seed 004 二、1; seed 000/001 3V3规则 选将): a pool of 16, the warm side decides who
picks first, picks of 1, 2, 2, 2, 2, 2, 2, 2, 1 alternate, only from the pool and never twice; each side
plays three of its own picks, as seated in the header."""

from __future__ import annotations

from .conftest import SEATING, players, turn

POOL = ["张辽", "孙权", "甘宁", "黄盖", "刘备", "甄姬", "曹操", "司马懿", "郭嘉", "关羽", "张飞", "诸葛亮",
        "赵云", "马超", "周瑜", "大乔"]
# warm picks first: warm 1, cold 2, warm 2, cold 2, warm 2, cold 2, warm 2, cold 2, warm 1
PICKS = [("warm", ["刘备"]), ("cold", ["孙权", "张辽"]), ("warm", ["黄盖", "甄姬"]), ("cold", ["甘宁", "曹操"]),
         ("warm", ["司马懿", "郭嘉"]), ("cold", ["关羽", "张飞"]), ("warm", ["诸葛亮", "赵云"]),
         ("cold", ["马超", "周瑜"]), ("warm", ["大乔"])]
LINEUPS = [{"type": "lineup", "side": "cold", "commander": "孙权", "vanguards": ["张辽", "甘宁"]},
           {"type": "lineup", "side": "warm", "commander": "刘备", "vanguards": ["黄盖", "甄姬"]}]


def draft(pool=POOL, first="warm", picks=PICKS, lineups=LINEUPS):
    out = [{"type": "draft_pool", "generals": list(pool)}]
    if first:
        out.append({"type": "draft_first", "side": first})
    out += [{"type": "draft_pick", "side": s, "generals": list(g)} for s, g in picks]
    return out + list(lineups)


def play():
    return [{"type": "first_action", "side": "warm"}, *turn(5)]


def test_a_complete_draft_is_clean(v3):
    v3.fresh([*draft(), *play()]).assert_clean()


def test_eight_pick_turns_are_enough(v3):
    v3.fresh([*draft(picks=PICKS[:8]), *play()]).assert_clean()


def test_the_ninth_pick_when_the_ruleset_stops_at_eight(v3):
    house = v3.ruleset("house", 'name = "house"\ninherits = "3v3-2013"\ndraft_ninth_pick = false\n')
    v3.fresh([*draft(picks=PICKS[:8]), *play()], ruleset=house).assert_clean()
    out = v3.fresh([*draft(), *play()], ruleset=house)
    out.assert_only("SGS-3005", 12)


def test_the_pool_holds_sixteen(v3):
    out = v3.fresh([*draft(pool=POOL[:15], picks=PICKS[:8]), *play()])
    v = out.assert_flags("SGS-3005", 2)
    assert v.kind == "illegal_play"


def test_a_pool_general_outside_the_roster(v3):
    out = v3.fresh([*draft(pool=[*POOL[:15], "许褚"], picks=PICKS[:8]), *play()])
    out.assert_flags("SGS-H002", 2)


def test_picks_alternate_from_the_side_that_picks_first(v3):
    out = v3.fresh([*draft(first="cold"), *play()])
    v = out.assert_flags("SGS-3005", 4)
    assert v.expected == "cold"


def test_pick_sizes(v3):
    picks = [("warm", ["刘备", "黄盖"]), *PICKS[1:]]
    out = v3.fresh([*draft(picks=picks), *play()])
    out.assert_flags("SGS-3005", 4)


def test_a_pick_outside_the_pool(v3):
    picks = list(PICKS)
    picks[7] = ("cold", ["马超", "吕布"])
    out = v3.fresh([*draft(picks=picks), *play()])
    v = out.assert_flags("SGS-3005", 11)
    assert "吕布" in v.message


def test_a_general_picked_twice(v3):
    picks = list(PICKS)
    picks[7] = ("cold", ["马超", "刘备"])
    out = v3.fresh([*draft(picks=picks), *play()])
    v = out.assert_flags("SGS-3005", 11)
    assert "already picked" in v.message


def test_a_lineup_with_the_other_sides_pick(v3):
    lineups = [{"type": "lineup", "side": "cold", "commander": "孙权", "vanguards": ["张辽", "黄盖"]}, LINEUPS[1]]
    out = v3.fresh([*draft(lineups=lineups), *play()])
    v = out.assert_flags("SGS-3005", 13)
    assert "黄盖" in v.message


def test_a_lineup_that_differs_from_the_header(v3):
    lineups = [{"type": "lineup", "side": "cold", "commander": "甘宁", "vanguards": ["张辽", "孙权"]}, LINEUPS[1]]
    out = v3.fresh([*draft(lineups=lineups), *play()])
    v = out.assert_only("SGS-3005", 13)
    assert "header" in v.message


def test_without_lineups_the_header_generals_come_from_own_picks(v3):
    v3.fresh([*draft(lineups=[]), *play()]).assert_clean()
    mixed = list(SEATING)
    mixed[0] = ("曹操", "cold", "vanguard")  # picked by cold: fine
    v3.fresh([*draft(lineups=[]), *play()], players=players(mixed)).assert_clean()
    mixed[0] = ("郭嘉", "cold", "vanguard")  # picked by warm
    out = v3.fresh([*draft(lineups=[]), *play()], players=players(mixed))
    v = out.assert_only("SGS-3005", 1)
    assert "郭嘉" in v.message


def test_an_unfinished_draft(v3):
    out = v3.fresh([*draft(picks=PICKS[:5], lineups=[]), *play()])
    out.assert_flags("SGS-3005", 9)


def test_a_draft_event_during_play(v3):
    out = v3.fresh([*draft(), *play(), {"type": "draft_pick", "side": "cold", "generals": ["大乔"]}])
    out.assert_only("SGS-3005", 18)


def test_plain_names_mean_the_revised_generals_in_2013(v3):
    pool = [*POOL[:15], "吕布"]
    picks = [("warm", ["关羽"]), *PICKS[1:5], ("cold", ["刘备", "张飞"]), *PICKS[6:8], ("warm", ["吕布"])]
    revised = [("张辽", "cold", "vanguard"), ("孙权", "cold", "commander"), ("甘宁", "cold", "vanguard"),
               ("黄盖", "warm", "vanguard"), ("关羽", "warm", "commander"), ("甄姬", "warm", "vanguard")]
    lineups = [LINEUPS[0], {"type": "lineup", "side": "warm", "commander": "guanyu", "vanguards": ["黄盖", "甄姬"]}]
    v3.fresh([*draft(pool=pool, picks=picks, lineups=lineups), *play()], players=players(revised)).assert_clean()
