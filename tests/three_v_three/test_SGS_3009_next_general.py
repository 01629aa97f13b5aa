"""SGS-3009 1v1-next-general: a dead general is replaced by one of the player's reserves, at once.

《2013 王者之战 比赛规则》 · 1V1, 4．武将阵亡及新武将登场: 当一方的上场武将阵亡时，如果该选手阵亡武将总数尚未达到3名，
则按照以下顺序进行结算 … B.阵亡角色方弃置阵亡武将的所有牌张并移除武将牌然后从自己的备选武将中选择一名武将登场，调整体力并获得
等同于体力上限数量的起始手牌。C.继续之前未完成的结算。
"""

from __future__ import annotations

from typing import Any

from .onevone_kit import enter, game, kill

END = {"type": "phase", "seat": 1, "phase": "discard"}


def test_ok_a_reserve_enters_with_full_hp(v3: Any) -> None:
    out = game(v3, [*kill(), *enter(2, "甘宁"), END], hands={1: ["♠7 杀"]}, hp={2: 1})
    out.assert_clean()


def test_ok_the_dead_generals_cards_are_discarded(v3: Any) -> None:
    """A: 弃置阵亡武将的所有游戏牌: the new general holds only its starting hand."""
    out = game(v3, [*kill(), *enter(2, "黄盖"), END,
                    {"type": "discard", "seat": 2, "cards": ["♣4 杀"]}], hands={1: ["♠7 杀"], 2: ["♣4 杀"]}, hp={2: 1})
    out.assert_flags("SGS-C001", 10, seat=2)


def test_flags_a_general_that_is_not_a_reserve(v3: Any) -> None:
    out = game(v3, [*kill(), *enter(2, "吕布"), END], hands={1: ["♠7 杀"]}, hp={2: 1})
    out.assert_flags("SGS-3009", 7, seat=2)


def test_flags_the_dead_general_again(v3: Any) -> None:
    out = game(v3, [*kill(), *enter(2, "孙权"), END], hands={1: ["♠7 杀"]}, hp={2: 1})
    out.assert_flags("SGS-3009", 7, seat=2, only=True)


def test_flags_play_going_on_without_the_next_general(v3: Any) -> None:
    out = game(v3, [*kill(), END], hands={1: ["♠7 杀"]}, hp={2: 1})
    out.assert_flags("SGS-3009", 7, seat=2, only=True)


def test_flags_an_entry_while_the_general_lives(v3: Any) -> None:
    out = game(v3, [*enter(2, "甘宁"), END])
    out.assert_flags("SGS-3009", 4, seat=2)


def test_ok_the_last_general_ends_the_game(v3: Any) -> None:
    """《三國殺各種模式的規則》 1v1: 三將全部陣亡則輸掉比賽."""
    lineups = [{"type": "general_choice", "seat": 1, "general": "赵云", "reserves": ["吕布"]},
               {"type": "general_choice", "seat": 2, "general": "孙权", "reserves": []}]
    out = v3.game([*lineups, *kill(), {"type": "game_end", "winner": "cold", "reason": "all_generals_dead"}],
                  players=[{"seat": 1, "general": "赵云", "side": "cold"}, {"seat": 2, "general": "孙权", "side": "warm"}],
                  mode="1v1", ruleset="1v1-2013", current=1, hands={1: ["♠7 杀"]}, hp={2: 1})
    out.assert_clean()


def test_flags_the_game_ended_with_generals_left(v3: Any) -> None:
    out = game(v3, [*kill(), {"type": "game_end", "winner": "cold", "reason": "all_generals_dead"}],
               hands={1: ["♠7 杀"]}, hp={2: 1})
    out.assert_flags("SGS-O004", 7)


def test_flags_the_death_left_out_before_the_next_general(v3: Any) -> None:
    """The seat is at 0 HP, nobody saves it, and its next general enters: the death is what is missing."""
    out = game(v3, [*kill()[:2], *enter(2, "甘宁"), END], hands={1: ["♠7 杀"]}, hp={2: 1})
    out.assert_flags("SGS-D004", 6, seat=2, only=True)


def test_ok_what_was_due_to_the_dead_general_lapses(v3: Any) -> None:
    """天香 turns seat 1's 杀 onto seat 1 itself, which dies of it: 天香's draw was for that character, and
    the next general is another one (C. 继续之前未完成的结算 resumes the resolution, not the dead one's due)."""
    players = [{"seat": 1, "name": "A", "general": "赵云", "side": "cold"},
               {"seat": 2, "name": "B", "general": "小乔", "side": "warm"}]
    lineups = [{"type": "general_choice", "seat": 1, "general": "赵云", "reserves": ["吕布", "张飞"]},
               {"type": "general_choice", "seat": 2, "general": "小乔", "reserves": ["甘宁", "黄盖"]}]
    events = [{"type": "use", "seat": 1, "card": "♠7 杀", "targets": [2]},
              {"type": "skill", "seat": 2, "skill": "天香", "targets": [1], "cards": ["♥4 桃"]},
              {"type": "damage", "source": 1, "target": 1, "amount": 1, "card": "♠7 杀"},
              {"type": "dying", "seat": 1}, {"type": "death", "seat": 1, "killer": 1},
              *enter(1, "吕布"), {"type": "turn", "seat": 2}]
    out = v3.game([*lineups, *events], players=players, mode="1v1", ruleset="1v1-2013", current=1,
                  hands={1: ["♠7 杀"], 2: ["♥4 桃"]}, hp={1: 1})
    out.assert_clean()
