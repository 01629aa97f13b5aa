"""The parameters of the ``freekill-standard`` ruleset, each judged under both rulesets.

Every case is a small ``.sgs.jsonl`` log with a ``start`` position, written to disk and validated
under ``standard`` (the rulebook, seed 001) and under ``freekill-standard`` (FreeKill's standard
edition). The expected verdict is the exact set of (rule, line) pairs: a case that is clean under one
ruleset and flagged under the other shows the parameter at work; a case flagged under both shows
that the rule itself still holds. The header is line 1, the first event line 2.

Some departures cannot happen in a legal game of the standard edition (no 许褚 杀 outside the play
phase, no second play phase, no converted trick for 黄月英); their cases break another rule on
purpose, reported alike under both rulesets, so that only the parameter's own verdict differs.
``lord_choices`` has no case: no event of the format records the lord's choice of general.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from sgs_replay.formats.reader import read_path
from sgs_replay.replay.validate import validate_parsed

STANDARD, FREEKILL = "standard", "freekill-standard"
RULESET_FILE = Path(__file__).resolve().parents[2] / "sgs_replay" / "content" / "rulesets" / "freekill-standard.toml"
DEPARTURES_FILE = RULESET_FILE.parent / "departures" / "freekill.toml"
NOT_IN_THE_FORMAT = {"lord_choices"}

Verdict = set[tuple[str, int]]


@dataclass(frozen=True)
class Case:
    param: str
    name: str
    generals: Sequence[tuple[str, str]]
    events: Sequence[Mapping[str, Any]]
    position: Mapping[str, Any]
    standard: Verdict = field(default_factory=set)
    freekill: Verdict = field(default_factory=set)
    #: a 军争 card's case: judged under maneuvering / freekill-maneuvering (the same parameters)
    maneuvering: bool = False

    def expected(self, ruleset: str) -> Verdict:
        return self.standard if ruleset == STANDARD else self.freekill


# --- event shorthands ---------------------------------------------------------------------------


def turn(seat: int) -> dict[str, Any]:
    return {"type": "turn", "seat": seat}


def phase(seat: int, name: str) -> dict[str, Any]:
    return {"type": "phase", "seat": seat, "phase": name}


def use(seat: int, card: str | None, *targets: int, **kw: Any) -> dict[str, Any]:
    d: dict[str, Any] = {"type": "use", "seat": seat, **({"card": card} if card else {}), **kw}
    if targets:
        d["targets"] = list(targets)
    return d


def skill(seat: int, name: str, **kw: Any) -> dict[str, Any]:
    return {"type": "skill", "seat": seat, "skill": name, **kw}


def draw(seat: int, cards: list[str], reason: str, **kw: Any) -> dict[str, Any]:
    return {"type": "draw", "seat": seat, "cards": cards, "reason": reason, **kw}


def damage(target: int, amount: int, source: int | None = None, card: str | None = None,
           nature: str | None = None) -> dict[str, Any]:
    d: dict[str, Any] = {"type": "damage", "target": target, "amount": amount}
    d.update({k: v for k, v in (("source", source), ("card", card), ("nature", nature)) if v is not None})
    return d


def death(seat: int, killer: int | None = None) -> list[dict[str, Any]]:
    return [{"type": "dying", "seat": seat}, {"type": "death", "seat": seat, **({"killer": killer} if killer else {})}]


def move(card: str, frm: int, to: int, reason: str) -> dict[str, Any]:
    return {"type": "move", "cards": [card], "from": {"zone": "hand", "seat": frm}, "to": {"zone": "hand", "seat": to},
            "reason": reason}


REWARD = ["♦4 闪", "♦5 闪", "♦6 闪"]
FIVE = (("孙权", "lord"), ("甘宁", "loyalist"), ("许褚", "rebel"), ("黄盖", "rebel"), ("华佗", "renegade"))
PLAY = {"current": 1, "phase": "play"}

# --- 反间 (fanjian_order) ------------------------------------------------------------------------
ZHOUYU = (("周瑜", "lord"), ("张飞", "loyalist"), ("许褚", "rebel"), ("黄盖", "rebel"), ("华佗", "renegade"))
SHOWN = {"type": "reveal", "seat": 1, "cards": ["♠7 杀"], "reason": "反间"}
FANJIAN = [
    # as FreeKill records it: no guess (an answer to a prompt), the take, then the damage
    Case("fanjian_order", "take then damage", ZHOUYU,
         [skill(1, "反间", targets=[2]), move("♠7 杀", 1, 2, "反间"), damage(2, 1, 1)],
         {**PLAY, "hands": {1: ["♠7 杀"]}}, standard={("SGS-R006", 4)}),
    Case("fanjian_order", "shown, damage, then take", ZHOUYU,
         [skill(1, "反间", targets=[2], choice="♥"), SHOWN, damage(2, 1, 1), move("♠7 杀", 1, 2, "反间")],
         {**PLAY, "hands": {1: ["♠7 杀"]}}, freekill={("SGS-R006", 5)}),
    Case("fanjian_order", "right guess: no damage either way", ZHOUYU,
         [skill(1, "反间", targets=[2], choice="♠"), move("♠7 杀", 1, 2, "反间")], {**PLAY, "hands": {1: ["♠7 杀"]}}),
]

# --- 8 players (eight_player_roles) --------------------------------------------------------------
EIGHT = ("孙权", "甘宁", "许褚", "黄盖", "华佗", "张飞", "关羽", "赵云")
ROLES = [
    Case("eight_player_roles", "1/2/4/1", tuple(zip(EIGHT, ["lord", "loyalist", "rebel", "rebel", "renegade", "loyalist",
                                                           "rebel", "rebel"], strict=True)), [], PLAY),
    Case("eight_player_roles", "1/2/3/2", tuple(zip(EIGHT, ["lord", "loyalist", "rebel", "rebel", "renegade", "loyalist",
                                                           "rebel", "renegade"], strict=True)), [], PLAY,
         freekill={("SGS-H003", 1)}),
    Case("eight_player_roles", "1/3/3/1", tuple(zip(EIGHT, ["lord", "loyalist", "rebel", "rebel", "renegade", "loyalist",
                                                           "rebel", "loyalist"], strict=True)), [], PLAY,
         standard={("SGS-H003", 1)}, freekill={("SGS-H003", 1)}),
    # FreeKill also seats two (lord, rebel) and three players (lord, rebel, renegade): extra_role_rows
    Case("extra_role_rows", "four players 1/1/1/1 (the rulebook's first row)",
         tuple(zip(EIGHT[:4], ["lord", "loyalist", "rebel", "renegade"], strict=True)), [], PLAY),
    Case("extra_role_rows", "two players 1/0/1/0", tuple(zip(EIGHT[:2], ["lord", "rebel"], strict=True)), [], PLAY,
         standard={("SGS-H003", 1)}),
    Case("extra_role_rows", "three players 1/0/1/1", tuple(zip(EIGHT[:3], ["lord", "rebel", "renegade"], strict=True)),
         [], PLAY, standard={("SGS-H003", 1)}),
    Case("extra_role_rows", "three players 1/1/1/0", tuple(zip(EIGHT[:3], ["lord", "loyalist", "rebel"], strict=True)),
         [], PLAY, standard={("SGS-H003", 1)}, freekill={("SGS-H003", 1)}),
]

# --- 闪电 (lightning_nature) ----------------------------------------------------------------------
LIGHTNING_AT_4 = {"judge": {4: ["♠A 闪电"]}, "current": 3, "phase": "finish"}


def _lightning(nature: str | None, hp: int | None = None) -> list[dict[str, Any]]:
    return [turn(4), phase(4, "judge"), {"type": "judge", "seat": 4, "card": "♠9 杀", "reason": "闪电"},
            damage(4, 3, card="♠A 闪电", nature=nature)]


LIGHTNING = [
    Case("lightning_nature", "nature not given (normal)", FIVE, _lightning(None), LIGHTNING_AT_4,
         freekill={("SGS-D003", 5)}),
    Case("lightning_nature", "thunder", FIVE, _lightning("thunder"), LIGHTNING_AT_4),
    Case("lightning_nature", "fire", FIVE, _lightning("fire"), LIGHTNING_AT_4,
         standard={("SGS-D003", 5)}, freekill={("SGS-D003", 5)}),
]

# --- the rebel reward (reward_needs_living_killer) -------------------------------------------------
KILL = [use(3, "♠7 杀", 4), damage(4, 1, 3, "♠7 杀"), *death(4, 3)]
KILL_AT = {"current": 3, "phase": "play", "hands": {3: ["♠7 杀"]}, "hp": {4: 1}}
LIGHTNING_DEATH = [*_lightning("thunder"), *death(4)]
# 甘宁 (1 HP) uses 万箭齐发: 夏侯惇's 刚烈 kills him, then his 万箭齐发 kills the rebel 黄盖
ARROWS = "♥A 万箭齐发"
GANGLIE = (("孙权", "lord"), ("甘宁", "loyalist"), ("夏侯惇", "rebel"), ("黄盖", "rebel"), ("华佗", "renegade"))
DEAD_KILLER = [use(2, ARROWS), damage(3, 1, 2, ARROWS), skill(3, "刚烈", targets=[2]),
               {"type": "judge", "seat": 3, "card": "♠7 杀", "reason": "刚烈"}, damage(2, 1, 3), *death(2, 3),
               damage(4, 1, 2, ARROWS), *death(4, 2)]
ANSWERS = [{"type": "respond", "seat": 5, "card": "♦2 闪"}, {"type": "respond", "seat": 1, "card": "♦3 闪"}]
DEAD_KILLER_AT = {"current": 2, "phase": "play", "hands": {2: [ARROWS], 5: ["♦2 闪"], 1: ["♦3 闪"]}, "hp": {2: 1, 4: 1}}
REWARDS = [
    Case("reward_needs_living_killer", "living killer draws 3", FIVE, [*KILL, draw(3, REWARD, "reward")], KILL_AT),
    Case("reward_needs_living_killer", "living killer without the reward", FIVE, [*KILL, phase(3, "discard")], KILL_AT,
         standard={("SGS-D006", 6)}, freekill={("SGS-D006", 6)}),
    Case("reward_needs_living_killer", "闪电 death: no killer, no reward", FIVE, LIGHTNING_DEATH,
         {**LIGHTNING_AT_4, "hp": {4: 3}}),
    Case("reward_needs_living_killer", "闪电 death with a reward draw", FIVE,
         [*LIGHTNING_DEATH, draw(3, REWARD, "reward")], {**LIGHTNING_AT_4, "hp": {4: 3}},
         standard={("SGS-D006", 8)}, freekill={("SGS-D006", 8)}),
    Case("reward_needs_living_killer", "killer died in the same resolution: no reward", GANGLIE,
         [*DEAD_KILLER, *ANSWERS], DEAD_KILLER_AT),
    Case("reward_needs_living_killer", "killer died in the same resolution, reward drawn", GANGLIE,
         [*DEAD_KILLER, draw(2, REWARD, "reward"), *ANSWERS], DEAD_KILLER_AT,
         standard={("SGS-D006", 12)}, freekill={("SGS-D006", 12)}),
]

# --- 裸衣 (luoyi_scope) --------------------------------------------------------------------------
LUOYI_TURN = [turn(3), phase(3, "draw"), skill(3, "裸衣"), draw(3, ["♠7 杀"], "phase")]
LUOYI_AT = {"current": 2, "phase": "finish", "hands": {3: ["♠A 决斗"]}}
LUOYI = [
    Case("luoyi_scope", "杀 in the play phase deals 2", FIVE,
         [*LUOYI_TURN, phase(3, "play"), use(3, "♠7 杀", 4), damage(4, 2, 3, "♠7 杀")], LUOYI_AT),
    Case("luoyi_scope", "杀 in the play phase deals 1", FIVE,
         [*LUOYI_TURN, phase(3, "play"), use(3, "♠7 杀", 4), damage(4, 1, 3, "♠7 杀")], LUOYI_AT,
         standard={("SGS-D001", 8)}, freekill={("SGS-D001", 8)}),
    Case("luoyi_scope", "决斗 used by 许褚 deals 2", FIVE,
         [*LUOYI_TURN, phase(3, "play"), use(3, "♠A 决斗", 4), {"type": "pass", "seat": 4},
          damage(4, 2, 3, "♠A 决斗")], LUOYI_AT),
    Case("luoyi_scope", "决斗 used by 许褚 deals 1", FIVE,
         [*LUOYI_TURN, phase(3, "play"), use(3, "♠A 决斗", 4), {"type": "pass", "seat": 4},
          damage(4, 1, 3, "♠A 决斗")], LUOYI_AT, standard={("SGS-D001", 9)}, freekill={("SGS-D001", 9)}),
    # after the play phase (the 杀 itself is out of place under both rulesets): +1 only for the whole turn
    Case("luoyi_scope", "杀 after the play phase deals 2", FIVE,
         [*LUOYI_TURN, phase(3, "play"), phase(3, "discard"), use(3, "♠7 杀", 4), damage(4, 2, 3, "♠7 杀")], LUOYI_AT,
         standard={("SGS-T006", 8), ("SGS-D001", 9)}, freekill={("SGS-T006", 8)}),
    Case("luoyi_scope", "杀 after the play phase deals 1", FIVE,
         [*LUOYI_TURN, phase(3, "play"), phase(3, "discard"), use(3, "♠7 杀", 4), damage(4, 1, 3, "♠7 杀")], LUOYI_AT,
         standard={("SGS-T006", 8)}, freekill={("SGS-T006", 8), ("SGS-D001", 9)}),
]

# --- once per turn or per play phase (skill_limit_scope) -------------------------------------------
ZHIHENG_AT = {**PLAY, "hands": {1: ["♠7 杀"]}, "deck": ["♦2 闪", "♦3 闪"]}
LIMITS = [
    Case("skill_limit_scope", "制衡 once", FIVE,
         [skill(1, "制衡", cards=["♠7 杀"]), draw(1, ["♦2 闪"], "skill", skill="制衡"), phase(1, "discard")], ZHIHENG_AT),
    Case("skill_limit_scope", "制衡 twice in one play phase", FIVE,
         [skill(1, "制衡", cards=["♠7 杀"]), draw(1, ["♦2 闪"], "skill", skill="制衡"),
          skill(1, "制衡", cards=["♦2 闪"]), draw(1, ["♦3 闪"], "skill", skill="制衡")], ZHIHENG_AT,
         standard={("SGS-S002", 4)}, freekill={("SGS-S002", 4)}),
    # a second play phase (out of order under both rulesets): a new count only per play phase
    Case("skill_limit_scope", "制衡 once in each of two play phases", FIVE,
         [skill(1, "制衡", cards=["♠7 杀"]), draw(1, ["♦2 闪"], "skill", skill="制衡"), phase(1, "play"),
          skill(1, "制衡", cards=["♦2 闪"]), draw(1, ["♦3 闪"], "skill", skill="制衡")], ZHIHENG_AT,
         standard={("SGS-T002", 4), ("SGS-S002", 5)}, freekill={("SGS-T002", 4)}),
]

# --- 制衡 with no card (zhiheng_zero_cards: FreeKill's engine behaviour, not a rule) ----------------
ZHIHENG_ZERO = [
    Case("zhiheng_zero_cards", "制衡 with one card", FIVE,
         [skill(1, "制衡", cards=["♠7 杀"]), draw(1, ["♦2 闪"], "skill", skill="制衡"), phase(1, "discard")], ZHIHENG_AT),
    # the rulebook's 弃掉任意数量的牌 needs at least one card; FreeKill's server lets its AI go with none
    Case("zhiheng_zero_cards", "制衡 with no card", FIVE,
         [skill(1, "制衡"), phase(1, "discard")], ZHIHENG_AT,
         standard={("SGS-S004", 2)}, freekill=set()),
    # the empty use is spent: a second 制衡 in the same play phase is over the limit under both
    Case("zhiheng_zero_cards", "制衡 with no card, then with one", FIVE,
         [skill(1, "制衡"), skill(1, "制衡", cards=["♠7 杀"]), draw(1, ["♦2 闪"], "skill", skill="制衡")], ZHIHENG_AT,
         standard={("SGS-S004", 2), ("SGS-S002", 3)}, freekill={("SGS-S002", 3)}),
]

# --- 借刀杀人 (collateral_victim_in_range) ----------------------------------------------------------
COLLATERAL_AT = {**PLAY, "hands": {1: ["♣Q 借刀杀人"], 2: ["♠7 杀"], 3: ["♦2 闪"], 4: ["♦2 闪"]},
                 "equip": {2: ["♣A 诸葛连弩"]}}
COLLATERAL = [
    Case("collateral_victim_in_range", "victim in the holder's range", FIVE,
         [use(1, "♣Q 借刀杀人", 2, victim=3), use(2, "♠7 杀", 3), {"type": "respond", "seat": 3, "card": "♦2 闪"}],
         COLLATERAL_AT),
    Case("collateral_victim_in_range", "victim outside the holder's range", FIVE,
         [use(1, "♣Q 借刀杀人", 2, victim=4), use(2, "♠7 杀", 4), {"type": "respond", "seat": 4, "card": "♦2 闪"}],
         COLLATERAL_AT, freekill={("SGS-P002", 2)}),
    Case("collateral_victim_in_range", "a weapon holder without a weapon", FIVE,
         [use(1, "♣Q 借刀杀人", 3, victim=4)], {**COLLATERAL_AT, "equip": {}},
         standard={("SGS-P004", 2)}, freekill={("SGS-P004", 2)}),
]

# --- 集智 (jizhi_converted) ----------------------------------------------------------------------
HUANGYUEYING = (("黄月英", "lord"), ("甘宁", "loyalist"), ("许褚", "rebel"), ("黄盖", "rebel"), ("孙权", "renegade"))
JIZHI = [
    Case("jizhi_converted", "集智 after a trick card", HUANGYUEYING,
         [use(1, "♥7 无中生有"), skill(1, "集智"), draw(1, ["♦2 闪"], "skill", skill="集智"),
          draw(1, ["♦3 闪", "♦4 闪"], "card")], {**PLAY, "hands": {1: ["♥7 无中生有"]}}),
    Case("jizhi_converted", "集智 after a 杀", HUANGYUEYING, [use(1, "♠7 杀", 2), skill(1, "集智")],
         {**PLAY, "hands": {1: ["♠7 杀"]}}, standard={("SGS-S003", 3)}, freekill={("SGS-S003", 3)}),
    # 黄月英 has no conversion of her own: the 奇袭 is not hers under both rulesets
    Case("jizhi_converted", "集智 after a converted trick", HUANGYUEYING,
         [use(1, None, 2, **{"as": "过河拆桥", "cards": ["♠7 杀"], "skill": "奇袭"}),
          skill(1, "集智"), draw(1, ["♦2 闪"], "skill", skill="集智"),  # as the trick is used, before it resolves
          {"type": "move", "cards": ["♦9 闪"], "from": {"zone": "hand", "seat": 2}, "to": {"zone": "discard"},
           "reason": "过河拆桥"}], {**PLAY, "hands": {1: ["♠7 杀"], 2: ["♦9 闪"]}},
         standard={("SGS-S001", 2)}, freekill={("SGS-S001", 2), ("SGS-S003", 3)}),
]

# --- 流离 (liuli_needs_legal_target) -------------------------------------------------------------
DAQIAO = (("大乔", "lord"), ("张飞", "loyalist"), ("许褚", "rebel"), ("黄盖", "rebel"), ("诸葛亮", "renegade"))
LIULI_AT = {"current": 2, "phase": "play", "hands": {2: ["♠7 杀"], 1: ["♦2 闪"], 5: []}}
LIULI = [
    Case("liuli_needs_legal_target", "流离 to a character with hand cards", DAQIAO,
         [use(2, "♠7 杀", 1), skill(1, "流离", targets=[5], cards=["♦2 闪"]), damage(5, 1, 2, "♠7 杀")],
         {**LIULI_AT, "hands": {2: ["♠7 杀"], 1: ["♦2 闪"], 5: ["♦3 闪"]}}),
    Case("liuli_needs_legal_target", "流离 to an empty-handed 空城", DAQIAO,
         [use(2, "♠7 杀", 1), skill(1, "流离", targets=[5], cards=["♦2 闪"]), damage(5, 1, 2, "♠7 杀")], LIULI_AT,
         freekill={("SGS-P011", 3)}),
    Case("liuli_needs_legal_target", "流离 back to the 杀's user", DAQIAO,
         [use(2, "♠7 杀", 1), skill(1, "流离", targets=[2], cards=["♦2 闪"])], LIULI_AT,
         standard={("SGS-S004", 3)}, freekill={("SGS-S004", 3)}),
]

# --- 火攻 (fire_attack_self_last_card) -------------------------------------------------------------
FIRE = [
    Case("fire_attack_self_last_card", "on oneself with another hand card", FIVE,
         [use(1, "♥2 火攻", 1), {"type": "reveal", "seat": 1, "cards": ["♦2 闪"], "reason": "火攻"}],
         {**PLAY, "hands": {1: ["♥2 火攻", "♦2 闪"]}}, maneuvering=True),
    Case("fire_attack_self_last_card", "on oneself with one's last hand card", FIVE,
         [use(1, "♥2 火攻", 1), phase(1, "discard")], {**PLAY, "hands": {1: ["♥2 火攻"]}},
         standard={("SGS-P004", 2)}, maneuvering=True),
    Case("fire_attack_self_last_card", "on another character with no hand card", FIVE,
         [use(1, "♥2 火攻", 2), phase(1, "discard")], {**PLAY, "hands": {1: ["♥2 火攻"]}},
         standard={("SGS-P004", 2)}, freekill={("SGS-P004", 2)}, maneuvering=True),
]

# --- 仁德 (rende_heal) ---------------------------------------------------------------------------
LIUBEI = (("刘备", "lord"), ("张飞", "loyalist"), ("许褚", "rebel"), ("黄盖", "rebel"), ("孙权", "renegade"))
RENDE_AT = {**PLAY, "hands": {1: ["♦2 闪", "♦3 闪"]}, "hp": {1: 3}}
ONE_AND_ONE = [skill(1, "仁德", targets=[2], cards=["♦2 闪"]), skill(1, "仁德", targets=[3], cards=["♦3 闪"])]
RENDE = [
    Case("rende_heal", "1 + 1 cards, then a heal", LIUBEI, [*ONE_AND_ONE, {"type": "recover", "seat": 1, "amount": 1}],
         RENDE_AT, standard={("SGS-S006", 4)}),
    Case("rende_heal", "1 + 1 cards, no heal", LIUBEI, [*ONE_AND_ONE, phase(1, "discard")], RENDE_AT,
         freekill={("SGS-S006", 4)}),
]

# --- a general of a package the project does not define (unknown_generals) -------------------------
# 孙权's seat 1 holds zz__one, a general nobody defines: its max HP is the start position's; its skill and the
# draw it makes are counted unverifiable under FreeKill's departures, the header refused by the rulebook's
UNDEFINED = (("zz__one", "lord"), ("甘宁", "loyalist"), ("许褚", "rebel"), ("黄盖", "rebel"), ("华佗", "renegade"))
UNDEFINED_AT = {**PLAY, "hands": {1: ["♠7 杀"]}, "hp": {1: 4}, "max_hp": {1: 4}}
UNKNOWN = [
    Case("unknown_generals", "every general defined", FIVE, [use(1, "♠7 杀", 2), damage(2, 1, 1, "♠7 杀")],
         {**PLAY, "hands": {1: ["♠7 杀"]}}),
    Case("unknown_generals", "its unknown skill draws two", UNDEFINED,
         [skill(1, "zz__skill"), draw(1, ["♦2 闪", "♦3 闪"], "skill", skill="zz__skill")], UNDEFINED_AT,
         standard={("SGS-F004", 1)}),
    Case("unknown_generals", "it uses a card it does not hold", UNDEFINED, [use(1, "♠8 杀", 2)], UNDEFINED_AT,
         standard={("SGS-F004", 1), ("SGS-C001", 2)}, freekill={("SGS-C001", 2)}),
]

CASES = [*FANJIAN, *ROLES, *LIGHTNING, *REWARDS, *LUOYI, *LIMITS, *ZHIHENG_ZERO, *COLLATERAL, *JIZHI, *LIULI, *RENDE,
         *FIRE, *UNKNOWN]


def _verdict(sgs: Any, case: Case, ruleset: str) -> tuple[Verdict, str]:
    players = sgs.identity_players(case.generals)
    if case.maneuvering:
        ruleset = {STANDARD: "maneuvering", FREEKILL: "freekill-maneuvering"}[ruleset]
    text = sgs.identity_text(case.events, players=players, ruleset=ruleset, **case.position)
    path = sgs.write(text, f"{case.param}.sgs.jsonl")
    replay = validate_parsed(read_path(path), None)
    assert not replay.extra.get("internal_errors"), replay.extra["internal_errors"]
    got = {(v.rule, v.line) for v in replay.report.violations}
    detail = "\n".join(f"  line {v.line}: {v.rule} — {v.message}" for v in replay.report.violations)
    numbered = "\n".join(f"{i:>3} {t[:150]}" for i, t in enumerate(text.splitlines(), start=1))
    return got, f"{detail or '  (no violations)'}\n{numbered}"


@pytest.mark.parametrize("ruleset", [STANDARD, FREEKILL])
@pytest.mark.parametrize("case", CASES, ids=[f"{c.param}: {c.name}" for c in CASES])
def test_parameter_verdict(sgs: Any, case: Case, ruleset: str) -> None:
    got, detail = _verdict(sgs, case, ruleset)
    assert got == case.expected(ruleset), f"{case.param} / {case.name} under {ruleset}\n{detail}"


def test_every_parameter_has_a_clean_and_a_violating_case() -> None:
    """Each parameter: a log clean under each ruleset, and a log each ruleset flags."""
    params = {k for k in tomllib.loads(RULESET_FILE.read_text(encoding="utf-8"))
              if k not in ("name", "inherits", "departures")}
    params |= set(tomllib.loads(DEPARTURES_FILE.read_text(encoding="utf-8")))  # FreeKill's engine-wide departures
    covered = {c.param for c in CASES}
    assert params - NOT_IN_THE_FORMAT == covered, "parameters without cases: " + str(sorted(params - covered - NOT_IN_THE_FORMAT))
    for p in sorted(covered):
        cases = [c for c in CASES if c.param == p]
        for ruleset in (STANDARD, FREEKILL):
            assert any(not c.expected(ruleset) for c in cases), f"{p}: no clean case under {ruleset}"
            assert any(c.expected(ruleset) for c in cases), f"{p}: no violating case under {ruleset}"


def test_parameters_that_change_a_verdict() -> None:
    """The parameters whose cases are judged differently by the two rulesets (the others agree)."""
    differs = {c.param for c in CASES if c.standard != c.freekill}
    assert differs == {"fanjian_order", "eight_player_roles", "extra_role_rows", "lightning_nature", "luoyi_scope", "skill_limit_scope",
                       "collateral_victim_in_range", "jizhi_converted", "liuli_needs_legal_target", "rende_heal",
                       "zhiheng_zero_cards", "fire_attack_self_last_card", "unknown_generals"}
    # the rulebook also gives no reward without a living killer: 闪电 has no source (001 闪电), and a
    # dead character is out of the game (001 死亡的玩家…退出游戏)
    assert "reward_needs_living_killer" not in differs
