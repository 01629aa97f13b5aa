"""SGS-X005 reincarnated-counts-as-out (ruleset house-zhuanshi): 《三国杀》标准版规则（身份局） · 游戏规则 (二)详细规则 ·
转世规则: 因该玩家身份牌已翻开，在判定胜利条件时，仍将此角色视为已出局。攻击转世后的反贼不获得摸三张牌的奖励，主公攻击转世后的
忠臣也不得到惩罚。例如：场上有1名主公、1名反贼、和一名转世的反贼。若此时主公攻击反贼，即使场上还有一名转世的反贼，仍视为主公
一方胜利。"""

from __future__ import annotations

from typing import Any

from tests.rules.zhuanshi_log import REBORN, give, run, turn

#: seat 3 ends its turn; in seat 4's (the reincarnated rebel's) turn seat 5 kills it with a 决斗
KILL_REBORN = [{"type": "phase", "seat": 3, "phase": "finish"}, *turn(4), {"type": "phase", "seat": 4, "phase": "finish"},
               *turn(5), {"type": "use", "seat": 5, "card": "♠A 决斗", "targets": [4]}, {"type": "pass", "seat": 4},
               {"type": "damage", "source": 5, "target": 4, "amount": 1, "card": "♠A 决斗"},
               {"type": "dying", "seat": 4}, {"type": "death", "seat": 4, "killer": 5}]
HANDS = {3: ["♠7 杀", "♠9 杀"], 5: ["♥3 桃", "♦5 闪", "♠A 决斗"], 1: ["♦9 闪"], 2: ["♦6 闪"]}
REWARD = {"type": "draw", "seat": 5, "cards": ["♣4 杀", "♦7 闪", "♥8 无中生有"], "reason": "reward"}
#: seats 1 lord (with 诸葛连弩), 2 rebel, 3 loyalist, 4 renegade, 5 rebel
EXAMPLE = [("孙权", "lord"), ("许褚", "rebel"), ("甘宁", "loyalist"), ("华佗", "renegade"), ("黄盖", "rebel")]


def _shot(target: int, card: str, *, reward: list[str] | None = None) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = [{"type": "use", "seat": 1, "card": card, "targets": [target]},
                                 {"type": "damage", "source": 1, "target": target, "amount": 1, "card": card},
                                 {"type": "dying", "seat": target}, {"type": "death", "seat": target, "killer": 1}]
    if reward:
        out.append({"type": "draw", "seat": 1, "cards": reward, "reason": "reward"})
    return out


def test_ok_no_reward_for_a_reincarnated_rebel(sgs: Any) -> None:
    run(sgs, [*REBORN, *KILL_REBORN, {"type": "phase", "seat": 5, "phase": "finish"}], hands=HANDS).assert_clean()


def test_ok_the_rulebook_example(sgs: Any) -> None:
    """Lord, rebel and a reincarnated rebel: the lord kills the rebel and the lord's side wins."""
    events = [*_shot(5, "♠7 杀", reward=["♣3 杀", "♦4 闪", "♥7 无中生有"]), *_shot(4, "♠8 杀"),
              give(1, "♦9 闪", to=5), give(2, "♦6 闪", to=5), give(3, "♦5 闪", to=5),
              {"type": "general_choice", "seat": 5, "general": "吕蒙"}, *_shot(2, "♠9 杀"),
              {"type": "game_end", "winner": "lord", "reason": "rebels_and_renegades_dead"}]
    out = run(sgs, events, players=sgs.identity_players(EXAMPLE), current=1, hp={2: 1, 4: 1, 5: 1},
              hands={1: ["♠7 杀", "♠8 杀", "♠9 杀", "♦9 闪"], 2: ["♦6 闪"], 3: ["♦5 闪"]}, equip={1: ["♣A 诸葛连弩"]})
    out.assert_clean()
    assert out.report.result == {"winner": "lord", "reason": "rebels_and_renegades_dead"}


def test_flags_a_reward_for_a_reincarnated_rebel(sgs: Any) -> None:
    run(sgs, [*REBORN, *KILL_REBORN, REWARD], hands=HANDS).assert_flags("SGS-X005", line=28, seat=5, only=True)


#: seat 3 kills the loyalist of seat 2, who reincarnates as 吕蒙; in the lord's turn the lord kills it
LOYALIST = [{"type": "use", "seat": 3, "card": "♠7 杀", "targets": [2]},
            {"type": "damage", "source": 3, "target": 2, "amount": 1, "card": "♠7 杀"},
            {"type": "dying", "seat": 2}, {"type": "death", "seat": 2, "killer": 3},
            give(3, "♠9 杀", to=2), give(5, "♦5 闪", to=2), give(1, "♦9 闪", to=2),
            {"type": "general_choice", "seat": 2, "general": "吕蒙"},
            {"type": "phase", "seat": 3, "phase": "finish"}, *turn(4), *turn(5), *turn(1),
            {"type": "use", "seat": 1, "card": "♠8 杀", "targets": [2]},
            {"type": "damage", "source": 1, "target": 2, "amount": 1, "card": "♠8 杀"},
            {"type": "dying", "seat": 2}, {"type": "death", "seat": 2, "killer": 1}]
LOYALIST_HANDS = {3: ["♠7 杀", "♠9 杀"], 5: ["♦5 闪"], 1: ["♦9 闪", "♠8 杀", "♦6 闪"]}


def test_ok_no_penalty_for_a_reincarnated_loyalist(sgs: Any) -> None:
    run(sgs, [*LOYALIST, {"type": "phase", "seat": 1, "phase": "finish"}], hp={2: 1}, hands=LOYALIST_HANDS).assert_clean()


def test_flags_a_penalty_for_a_reincarnated_loyalist(sgs: Any) -> None:
    out = run(sgs, [*LOYALIST, {"type": "discard", "seat": 1, "cards": ["♦6 闪"]}], hp={2: 1}, hands=LOYALIST_HANDS)
    out.assert_flags("SGS-X005", line=len(LOYALIST) + 2, seat=1, only=True)


def test_flags_a_reward_for_a_reincarnated_loyalist_as_any_loyalists(sgs: Any) -> None:
    """Not a rebel: no reward in any case (SGS-D006), not a matter of the house rule."""
    reward = {"type": "draw", "seat": 1, "cards": ["♣4 杀", "♦7 闪", "♥8 无中生有"], "reason": "reward"}
    out = run(sgs, [*LOYALIST, reward], hp={2: 1}, hands=LOYALIST_HANDS)
    out.assert_flags("SGS-D006", line=len(LOYALIST) + 2, seat=1, only=True)
