"""1v1 (ruleset 1v1-2013) basics: two seats, one warm and one cold (SGS-H004); turns alternate, and the
first turn of the game is the cold (内奸) player's (seed 002: 由“内奸”首先开始自己的回合，之后双方轮流交替
进行回合) (SGS-T001); it draws one card fewer (002: 每局比赛的第一个回合，摸牌阶段摸牌时，少摸一张牌)
(SGS-T003)."""

from __future__ import annotations

PAIR = [{"seat": 1, "name": "A", "general": "孙权", "side": "cold"},
        {"seat": 2, "name": "B", "general": "赵云", "side": "warm"}]


def draw_turn(seat, cards):
    return [{"type": "turn", "seat": seat}, {"type": "phase", "seat": seat, "phase": "draw"},
            {"type": "draw", "seat": seat, "cards": cards, "reason": "phase"},
            {"type": "phase", "seat": seat, "phase": "play"}, {"type": "turn_end", "seat": seat}]


def fresh(v3, events, players=PAIR):
    return v3.fresh(events, players=players, mode="1v1", ruleset="1v1-2013")


def test_alternating_turns_with_a_short_first_draw(v3):
    events = [*draw_turn(1, ["♦2 闪"]), *draw_turn(2, ["♦3 闪", "♦7 闪"]), *draw_turn(1, ["♦8 闪", "♦10 闪"])]
    fresh(v3, events).assert_clean()


def test_the_first_turn_draws_one_fewer(v3):
    out = fresh(v3, [*draw_turn(1, ["♦2 闪", "♦3 闪"]), *draw_turn(2, ["♦7 闪", "♦8 闪"])])
    v = out.assert_only("SGS-T003", 4)  # at the draw that takes one card too many
    assert v.expected == "1"


def test_only_the_first_turn_of_the_game_draws_fewer(v3):
    out = fresh(v3, [*draw_turn(1, ["♦2 闪"]), *draw_turn(2, ["♦7 闪"])])
    out.assert_only("SGS-T003", 10)


def test_the_cold_player_takes_the_first_turn(v3):
    out = fresh(v3, draw_turn(2, ["♦2 闪"]))
    out.assert_flags("SGS-T001", 2, seat=2)


def test_a_player_takes_two_turns_in_a_row(v3):
    out = fresh(v3, [*draw_turn(1, ["♦2 闪"]), *draw_turn(1, ["♦3 闪", "♦7 闪"])])
    out.assert_only("SGS-T001", 7)


def test_turns_alternate_from_a_position(v3):
    out = v3.game([{"type": "turn_end", "seat": 2}, {"type": "turn", "seat": 1}], players=PAIR, mode="1v1",
                  ruleset="1v1-2013", current=2)
    out.assert_clean()
    out = v3.game([{"type": "turn_end", "seat": 2}, {"type": "turn", "seat": 2}], players=PAIR, mode="1v1",
                  ruleset="1v1-2013", current=2)
    out.assert_only("SGS-T001", 3)


def test_two_seats_one_per_side(v3):
    same = [dict(PAIR[0]), {**PAIR[1], "side": "cold"}]
    fresh(v3, [], players=same).assert_flags("SGS-H004", 1)
    three = [*PAIR, {"seat": 3, "name": "C", "general": "曹操", "side": "warm"}]
    fresh(v3, [], players=three).assert_flags("SGS-H004", 1)
