"""The rulebook's timing points (时机): the moments at which a skill or an equipment effect may act.

A skill, a weapon or an armour declares its timing where it is defined (``@skill("tieji",
timing=Timing.TARGET_CHOSEN)``, ``@hook("八卦阵", timing=Timing.CARD_NEEDED)``); the engine asks
:func:`timing_of` and never names the skill. The values are the rulebook's own words, so a report
can quote them.

《三国杀》标准版规则（身份局） · 二、游戏流程 (回合的各阶段) and 一、卡牌资料 (the cards' and skills' texts).
"""

from __future__ import annotations

import enum


class Timing(enum.Enum):
    """A timing point, named in the rulebook's words."""

    TURN_START = "回合开始时"
    START_PHASE = "回合开始阶段"
    JUDGE_PHASE = "判定阶段"
    DRAW_PHASE = "摸牌阶段"
    PLAY_PHASE = "出牌阶段"
    DISCARD_PHASE = "弃牌阶段"
    END_PHASE = "回合结束阶段"
    TURN_END = "回合结束时"
    USE_CARD = "使用牌时"
    TARGET_CHOSEN = "指定目标后"
    BECOME_TARGET = "成为目标后"
    CARD_NEEDED = "需要使用或打出一张牌时"
    AFTER_DODGE = "【杀】被【闪】抵消时"
    DEAL_DAMAGE = "造成伤害时"
    TAKE_DAMAGE = "受到伤害时"
    DAMAGED = "受到伤害后"
    RECOVERED = "回复体力后"
    BEFORE_JUDGEMENT_TAKES_EFFECT = "判定牌生效前"
    JUDGEMENT_TAKEN_EFFECT = "判定牌生效后"
    LOSE_CARDS = "失去牌时"
    DYING = "濒死时"
    DEATH = "死亡时"
    ENTER = "登场时"  # 1v1: a general entering play (《2013 王者之战 比赛规则》 4．D)
    ALWAYS = "始终（锁定技的持续效果）"


#: skill or equipment name (as the log writes it) → its timing point
TIMINGS: dict[str, Timing] = {}


def declare(name: str, timing: Timing) -> None:
    """Record the timing point of the skill or equipment effect ``name`` (one per name)."""
    old = TIMINGS.get(name)
    if old is not None and old is not timing:
        raise ValueError(f"{name} is declared at two timing points: {old.value} and {timing.value}")
    TIMINGS[name] = timing


def timing_of(name: str) -> Timing | None:
    """The timing point of a skill or equipment effect, None when its definition declares none."""
    return TIMINGS.get(name)


def at(timing: Timing) -> frozenset[str]:
    """Every name declared at ``timing``."""
    return frozenset(n for n, t in TIMINGS.items() if t is timing)
