"""狂骨's recovery follows the dying state its damage opened, also right after an earlier target's
death and reward (the frames the damage closes do not count when its effect is placed)."""

from __future__ import annotations

from typing import Any

AOE = "♠7 南蛮入侵"
PLAYERS = [{"seat": 1, "name": "P1", "general": "魏延", "role": "lord"},
           {"seat": 2, "name": "P2", "general": "甘宁", "role": "rebel"},
           {"seat": 3, "name": "P3", "general": "孙权", "role": "renegade"},
           {"seat": 4, "name": "P4", "general": "许褚", "role": "rebel"},
           {"seat": 5, "name": "P5", "general": "黄盖", "role": "loyalist"}]


def test_ok_kuanggu_recovery_after_the_rescue_right_after_a_reward(sgs: Any) -> None:
    """Seat 4 dies to the 南蛮入侵 and seat 1 draws its reward; seat 5 (distance 1) then falls to 0 HP:
    its dying state and rescue come first, then 狂骨's recovery."""
    events = [
        {"type": "use", "seat": 1, "card": AOE},
        {"type": "respond", "seat": 2, "card": "♣2 杀"},
        {"type": "respond", "seat": 3, "card": "♣3 杀"},
        {"type": "damage", "target": 4, "amount": 1, "source": 1, "card": AOE},
        {"type": "dying", "seat": 4},
        {"type": "death", "seat": 4, "killer": 1},
        {"type": "draw", "seat": 1, "cards": ["♠8 杀", "♠9 杀", "♠10 杀"], "reason": "reward"},
        {"type": "damage", "target": 5, "amount": 1, "source": 1, "card": AOE},
        {"type": "dying", "seat": 5},
        {"type": "use", "seat": 5, "card": "♥3 桃", "targets": [5]},
        {"type": "recover", "seat": 5, "amount": 1, "source": 5, "card": "♥3 桃"},
        {"type": "recover", "seat": 1, "amount": 1},
        {"type": "phase", "seat": 1, "phase": "discard"},
    ]
    sgs.identity(events, players=PLAYERS, hands={1: [AOE], 2: ["♣2 杀"], 3: ["♣3 杀"], 5: ["♥3 桃"]},
                 hp={1: 3, 4: 1, 5: 1}, deck=["♠8 杀", "♠9 杀", "♠10 杀"], current=1, phase="play").assert_clean()


def test_ok_no_kuanggu_recovery_after_the_deciding_death(sgs: Any) -> None:
    """The death that decides the game ends it at once (游戏立即结束): 狂骨's recovery never comes."""
    events = [
        {"type": "use", "seat": 1, "card": AOE},
        {"type": "damage", "target": 3, "amount": 1, "source": 1, "card": AOE},
        {"type": "dying", "seat": 3},
        {"type": "death", "seat": 3, "killer": 1},
        {"type": "game_end", "winner": "lord", "reason": "rebels_and_renegades_dead"},
    ]
    sgs.identity(events, players=PLAYERS, hands={1: [AOE]}, hp={1: 3, 3: 1}, dead=[2, 4],
                 current=1, phase="play").assert_clean()
