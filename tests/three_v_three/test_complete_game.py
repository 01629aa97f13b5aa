"""A complete 3v3-2013 game from the draft to the end of time, as a referee would log it: clean, and
a slip in it is reported where it happens."""

from __future__ import annotations

import json

from .conftest import SEATING, check, header, players

POOL = ["张辽", "孙权", "甘宁", "黄盖", "刘备", "甄姬", "曹操", "司马懿", "郭嘉", "关羽", "张飞", "诸葛亮",
        "赵云", "马超", "周瑜", "大乔"]


def game() -> list[dict]:
    e: list[dict] = [{"type": "draft_pool", "generals": POOL}, {"type": "draft_first", "side": "cold"}]
    picks = [("cold", ["孙权"]), ("warm", ["刘备", "黄盖"]), ("cold", ["张辽", "甘宁"]), ("warm", ["甄姬", "曹操"]),
             ("cold", ["司马懿", "郭嘉"]), ("warm", ["关羽", "张飞"]), ("cold", ["诸葛亮", "赵云"]),
             ("warm", ["马超", "周瑜"]), ("cold", ["大乔"])]
    e += [{"type": "draft_pick", "side": s, "generals": g} for s, g in picks]
    e += [{"type": "lineup", "side": "cold", "commander": "孙权", "vanguards": ["张辽", "甘宁"]},
          {"type": "lineup", "side": "warm", "commander": "刘备", "vanguards": ["黄盖", "甄姬"]}]
    deal = {1: ["♣2 杀", "♣3 杀", "♦2 闪", "♥3 桃"], 2: ["♣4 杀", "♦3 闪", "♦4 闪", "♥4 桃"],
            3: ["♠7 杀", "♠8 杀", "♦5 闪", "♠5 青龙偃月刀"], 4: ["♦6 闪", "♦7 闪", "♣5 杀", "♥6 桃"],
            5: ["♣6 杀", "♦8 闪", "♥7 桃", "♠6 青釭剑"], 6: ["♦9 闪", "♦10 闪", "♣7 杀", "♥8 桃"]}
    e += [{"type": "draw", "seat": s, "cards": c, "reason": "initial"} for s, c in deal.items()]
    e += [{"type": "first_action", "side": "warm"}]

    def turn(seat, draw, play=(), discard=()):
        out = [{"type": "turn", "seat": seat}, {"type": "phase", "seat": seat, "phase": "draw"},
               {"type": "draw", "seat": seat, "cards": draw, "reason": "phase"},
               {"type": "phase", "seat": seat, "phase": "play"}, *play,
               {"type": "phase", "seat": seat, "phase": "discard"}]
        if discard:
            out.append({"type": "discard", "seat": seat, "cards": list(discard)})
        return [*out, {"type": "turn_end", "seat": seat}]

    # round 1, as in seed 000's example: warm commander, cold vanguards, warm vanguards, cold commander
    e += turn(5, ["♣8 杀", "♦J 闪"], [{"type": "use", "seat": 5, "card": "♠6 青釭剑"}])
    e += [{"type": "action_unit", "side": "cold", "who": "vanguards", "order": [3, 1]}]
    e += turn(3, ["♠9 杀", "♠10 杀"], [
        {"type": "use", "seat": 3, "card": "♠5 青龙偃月刀"},
        {"type": "use", "seat": 3, "card": "♠7 杀", "targets": [4]}, {"type": "respond", "seat": 4, "card": "♦6 闪"},
        {"type": "use", "seat": 3, "card": "♠8 杀", "targets": [4], "skill": "青龙偃月刀"},
        {"type": "damage", "source": 3, "target": 4, "amount": 1, "card": "♠8 杀"}])
    e += turn(1, ["♣9 杀", "♣10 杀"], [
        {"type": "use", "seat": 1, "card": "♣2 杀", "targets": [6]},
        {"type": "damage", "source": 1, "target": 6, "amount": 1, "card": "♣2 杀"}], ["♣3 杀"])
    e += [{"type": "action_unit", "side": "warm", "who": "vanguards", "order": [6, 4]}]
    e += turn(6, ["♣J 杀", "♥10 杀"], [], ["♣J 杀", "♥10 杀", "♣7 杀", "♦9 闪"])
    e += turn(4, ["♥J 杀", "♦6 杀"], [], ["♥J 杀", "♦6 杀"])
    e += turn(2, ["♦7 杀", "♦8 杀"], [], ["♦7 杀"])
    # every card is sideways: reset; round 2 (units inferred from the seats): warm vanguards first
    e += turn(6, ["♦9 杀", "♦K 杀"], [], ["♦9 杀", "♦K 杀"])
    e += turn(4, ["♥K 闪", "♦2 闪"], [], ["♥K 闪", "♦2 闪"])
    e += turn(2, ["♦J 闪", "♥2 闪"], [], ["♦J 闪", "♥2 闪"])
    e += turn(5, ["♥9 桃", "♥Q 桃"], [
        {"type": "use", "seat": 5, "card": "♣6 杀", "targets": [1]},
        {"type": "damage", "source": 5, "target": 1, "amount": 1, "card": "♣6 杀"}], ["♦J 闪"])
    # seat 3 reaches the warm commander with 青龙偃月刀; time runs out during the turn
    e += turn(3, ["♦Q 桃", "♥2 闪"], [
        {"type": "use", "seat": 3, "card": "♠9 杀", "targets": [5]},
        {"type": "damage", "source": 3, "target": 5, "amount": 1, "card": "♠9 杀"}, {"type": "time_up"}])
    # three living a side; cold has lost 1 HP (seat 1), warm 3 (seats 4, 5, 6)
    return [*e, {"type": "game_end", "winner": "cold", "reason": "time_up"}]


def log(events, pl=None):
    return "\n".join(json.dumps(x, ensure_ascii=False) for x in [header(pl or players(SEATING)), *events]) + "\n"


def test_the_complete_game_is_clean():
    out = check(log(game()))
    out.assert_clean()


def test_a_side_acting_twice_in_the_complete_game():
    events = game()
    # round 2: the warm commander takes the cold commander's turn
    i = max(k for k, x in enumerate(events) if x == {"type": "turn", "seat": 2})
    for x in events[i:i + 7]:
        x["seat"] = 5
    events[i + 2]["cards"] = ["♦J 闪", "♥2 闪"]
    out = check(log(events))
    assert out.violations[0].rule == "SGS-3001" and out.violations[0].line == i + 2, out.describe()


def test_a_wrong_time_up_winner_in_the_complete_game():
    events = game()
    events[-1] = {"type": "game_end", "winner": "warm", "reason": "time_up"}
    check(log(events)).assert_only("SGS-3004", len(events) + 1)
