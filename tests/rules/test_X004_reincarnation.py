"""SGS-X004 reincarnation (ruleset house-zhuanshi): 《三国杀》标准版规则（身份局） · 游戏规则 (二)详细规则 · 转世规则:
当已出局的这名角色手牌到达4张（4～5人游戏：3张）时，这名玩家立即转世——将未使用的角色牌洗混后面向下放成一堆，从牌堆顶翻起，
翻开的第一张与这名玩家同国籍的角色，即成为转世后的角色（如果是其他国家角色，将翻开的第一张牌作为他转世后的角色）。……
转世后的角色的初始体力值为1，转世之后即已经视为参与到游戏中来。到下一次轮到他时即可正常行动。"""

from __future__ import annotations

from typing import Any

from tests.rules.zhuanshi_log import KILL, REBORN, give, run, turn

GIFTS = [*KILL, give(3, "♠9 杀"), give(5, "♦5 闪"), give(1, "♦9 闪")]
QUN = [("孙权", "lord"), ("甘宁", "loyalist"), ("许褚", "rebel"), ("吕布", "rebel"), ("华佗", "renegade")]


def choice(general: str, *turned_up: str) -> dict[str, Any]:
    return {"type": "general_choice", "seat": 4, "general": general, "turned_up": list(turned_up)}


def test_ok_a_general_of_the_old_kingdom_plays_its_next_turn(sgs: Any) -> None:
    """吕蒙 (吴) for 黄盖 (吴), at 1 HP with a hand of three: its turn comes after seat 3's, and it keeps one card."""
    run(sgs, [*REBORN, {"type": "phase", "seat": 3, "phase": "finish"}, *turn(4),
              {"type": "phase", "seat": 4, "phase": "discard"},
              {"type": "discard", "seat": 4, "cards": ["♠9 杀", "♦5 闪"]}]).assert_clean()


def test_flags_a_hand_limit_of_more_than_one_hp(sgs: Any) -> None:
    run(sgs, [*REBORN, {"type": "phase", "seat": 3, "phase": "finish"}, *turn(4),
              {"type": "phase", "seat": 4, "phase": "discard"}, {"type": "discard", "seat": 4, "cards": ["♠9 杀"]},
              {"type": "phase", "seat": 4, "phase": "finish"}]).assert_flags("SGS-T004")


def test_ok_a_qun_general_takes_the_first_one_turned_up(sgs: Any) -> None:
    run(sgs, [*GIFTS, choice("曹操")], players=sgs.identity_players(QUN)).assert_clean()


def test_flags_a_general_of_another_kingdom(sgs: Any) -> None:
    run(sgs, [*GIFTS, choice("曹操")]).assert_flags("SGS-X004", line=14, seat=4, only=True)


def test_flags_a_general_of_the_kingdom_turned_up_before(sgs: Any) -> None:
    run(sgs, [*GIFTS, choice("吕蒙", "周瑜")]).assert_flags("SGS-X004", line=14, seat=4, only=True)


def test_flags_a_qun_player_passing_over_the_first_general(sgs: Any) -> None:
    run(sgs, [*GIFTS, choice("曹操", "刘备")], players=sgs.identity_players(QUN)).assert_flags("SGS-X004", line=14)


def test_flags_a_general_in_play(sgs: Any) -> None:
    run(sgs, [*GIFTS, choice("甘宁")]).assert_flags("SGS-X004", line=14, seat=4, only=True)


def test_flags_a_missing_reincarnation(sgs: Any) -> None:
    run(sgs, [*GIFTS, {"type": "phase", "seat": 3, "phase": "finish"}]).assert_flags("SGS-X004", line=14, seat=4)


def test_flags_a_reincarnation_before_the_cards(sgs: Any) -> None:
    run(sgs, [*KILL, give(3, "♠9 杀"), choice("吕蒙")]).assert_flags("SGS-X004", line=12, seat=4, only=True)


def test_flags_a_living_character_reincarnating(sgs: Any) -> None:
    run(sgs, [{"type": "general_choice", "seat": 2, "general": "吕蒙"}]).assert_flags("SGS-X004", line=2, seat=2)


def test_ok_the_old_generals_skills_leave_with_it(sgs: Any) -> None:
    """曹仁 used 据守 (his next turn is skipped) and died before it came: the reincarnated character takes its
    turn, even as 曹仁 again (his general went back among the unused ones at his death)."""
    caoren = [("孙权", "lord"), ("甘宁", "loyalist"), ("许褚", "rebel"), ("曹仁", "rebel"), ("华佗", "renegade")]
    events = [{"type": "skill", "seat": 4, "skill": "据守"},
              {"type": "draw", "seat": 4, "cards": ["♦8 杀", "♠K 南蛮入侵", "♠2 八卦阵"], "reason": "skill", "skill": "据守"},
              *turn(5), {"type": "use", "seat": 5, "card": "♠A 决斗", "targets": [4]}, {"type": "pass", "seat": 4},
              {"type": "damage", "source": 5, "target": 4, "amount": 1, "card": "♠A 决斗"}, {"type": "dying", "seat": 4},
              {"type": "death", "seat": 4, "killer": 5},
              {"type": "draw", "seat": 5, "cards": ["♣4 杀", "♦7 闪", "♥8 无中生有"], "reason": "reward"},
              give(5, "♦5 闪"), give(1, "♦9 闪"), give(2, "♦6 闪"), choice("曹仁"),
              *turn(1), *turn(2), *turn(3), *turn(4)]
    run(sgs, events, players=sgs.identity_players(caoren), current=4, phase="finish",
        hands={5: ["♠A 决斗", "♦5 闪"], 1: ["♦9 闪"], 2: ["♦6 闪"]}).assert_clean()
