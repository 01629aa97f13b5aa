"""Game paths the eight FreeKill sample recordings never take, built packet by packet.

Each path is a small FreeKill 0.5.22 recording made with :mod:`fkrec` in the packet shapes the real
recordings show (and, for what the samples never show, the shapes FreeKill's standard edition sends
for that skill or card). Each must convert with no import problem, its log must equal the fixture
``tests/fixtures/freekill/paths/<name>.sgs.jsonl`` (what the importer emits, reviewed by hand), and
that log must validate clean under ``freekill-standard``. Where a path has a meaningful wrong
version, the twin edits the converted events and names the rule the validator must report.

Regenerate the fixtures after a deliberate change of the importer with
``SGS_REGEN_FIXTURES=1 pytest tests/freekill/test_paths.py``.

Card ids (FreeKill's standard package, ``sgs_replay/importers/fk_cards.csv``) used below:
杀 1 ♠7, 2–3 ♠8, 4–5 ♠9, 6–7 ♠10, 8 ♣2 … 21 ♣J, 22–23 ♥10, 24 ♥J, 25 ♦6 … 30 ♦K;
闪 31–32 ♥2, 33 ♥K, 34–35 ♦2, 36 ♦3 … 45 ♦J; 桃 46 ♥3 … 52 ♥Q, 53 ♦Q.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from fkrec import (
    DISCARD,
    DISCARD_PILE,
    DRAW,
    EQUIP,
    GIVE,
    HAND,
    JUDGE,
    PREY,
    PROCESSING,
    PUT,
    USE,
    Recording,
    cid,
    vcard,
)

from sgs_replay.formats.reader import parse_bytes
from sgs_replay.importers import freekill
from sgs_replay.replay.validate import validate_parsed

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "freekill" / "paths"
REGEN = os.environ.get("SGS_REGEN_FIXTURES") == "1"

PATHS: dict[str, Callable[[], Recording]] = {}


def path(name: str) -> Callable[[Callable[[], Recording]], Callable[[], Recording]]:
    def register(fn: Callable[[], Recording]) -> Callable[[], Recording]:
        PATHS[name] = fn
        return fn
    return register


FIVE_ROLES = ("lord", "loyalist", "rebel", "rebel", "renegade")


def game(*generals: str, hands: dict[int, list[int]], roles: tuple[str, ...] = FIVE_ROLES) -> Recording:
    rec = Recording(list(generals), list(roles))
    rec.deal(hands)
    return rec


def delayed(rec: Recording, pid: int, card: Any, target: int) -> None:
    """A delayed trick used and put into the target's judge area."""
    rec.use(pid, card, to=[target])
    ids = [card] if isinstance(card, int) else [c.value for c in card.value[6]]
    rec.move(ids, JUDGE, USE, to=target, from_area=PROCESSING, skill=None)


def judged(rec: Recording, pid: int, card: int) -> None:
    """A delayed trick leaving the judge area to be resolved (the judge phase)."""
    rec.move([card], PROCESSING, PUT, frm=pid, from_area=JUDGE, skill="phase_judge")


# ---------------------------------------------------------------------------------------------------
# 鬼才
# ---------------------------------------------------------------------------------------------------


@path("guicai_retrial")
def guicai_retrial() -> Recording:
    """司马懿 replaces the ♥ judged for 张飞's 乐不思蜀 with a ♠ 杀 from his hand: the play phase is skipped."""
    r = game("liubei", "simayi", "zhangfei", "lvbu", "diaochan",
             hands={1: [89, 31, 32, 33], 2: [1, 2, 34, 35], 3: [8, 9, 36, 37], 4: [10, 11, 38, 39], 5: [12, 13, 40, 41]})
    r.begin(1, [14, 15])
    delayed(r, 1, 89, 3)
    r.focus(1)
    r.end(1)
    r.quiet(2, [16, 17], discard=[34, 35, 16])
    r.begin(3, [], judge=True)
    r.phase(3, "judge")
    judged(r, 3, 89)
    r.judge(3, "indulgence", 46, retrial=(2, 1))
    r.done([89])
    r.phase(3, "draw")
    r.draw(3, [18, 19])
    r.log("#PhaseSkipped", from_=3, arg="phase_play")
    r.end(3, discard=[8, 9])
    return r


# ---------------------------------------------------------------------------------------------------
# 仁德 离间 青囊 苦肉
# ---------------------------------------------------------------------------------------------------


@path("rende")
def rende() -> Recording:
    """刘备, wounded, gives one card, then another (the heal comes with the second), then a third (no heal)."""
    r = game("sunquan", "liubei", "guanyu", "zhangfei", "diaochan",
             hands={1: [1, 31, 32, 33], 2: [8, 9, 34, 35], 3: [10, 11, 36, 37], 4: [12, 13, 38, 39], 5: [14, 15, 40, 41]})
    r.begin(1, [16, 17])
    r.use(1, 1, to=[2])
    r.damage(2, 1)
    r.done([1])
    r.focus(1)
    r.end(1)
    r.begin(2, [18, 19])
    for target, card in ((3, 8), (4, 9), (5, 34)):
        r.invoke(2, "rende", to=[target])
        r.move([card], HAND, GIVE, frm=2, to=target, skill="rende", proposer=2)
        if target == 4:
            r.heal(2, 1, "仁德")
        r.focus(2)
    r.end(2)
    return r


@path("lijian")
def lijian() -> Recording:
    """貂蝉 discards a card: 张飞 duels 关羽 (a 决斗 with no card); 关羽 answers once, 张飞 cannot."""
    r = game("diaochan", "lvbu", "guanyu", "zhangfei", "zhaoyun",
             hands={1: [1, 31, 32, 33], 2: [8, 9, 34, 35], 3: [10, 11, 36, 37], 4: [12, 38, 39, 40], 5: [14, 15, 41, 42]})
    r.begin(1, [16, 17])
    r.invoke(1, "lijian", to=[3, 4])
    r.discard(1, [1], skill="lijian")
    r.use(4, vcard("duel", [], "lijian"), to=[3])
    r.respond(3, 10)
    r.damage(4, 3)
    r.focus(1)
    r.end(1, discard=[16])
    return r


@path("qingnang")
def qingnang() -> Recording:
    """华佗 (lord) loses a 决斗, then discards a hand card for 青囊 on himself."""
    r = game("huatuo", "zhangfei", "guanyu", "lvbu", "zhaoyun",
             hands={1: [65, 31, 32, 33], 2: [8, 9, 34, 35], 3: [10, 11, 36, 37], 4: [12, 13, 38, 39], 5: [14, 15, 40, 41]})
    r.begin(1, [16, 17])
    r.use(1, 65, to=[2])
    r.respond(2, 8)
    r.damage(1, 2)
    r.done([65])
    r.focus(1)
    r.invoke(1, "qingnang", to=[1])
    r.discard(1, [16], skill="qingnang")
    r.heal(1, 1, "青囊")
    r.focus(1)
    r.end(1)
    return r


@path("kurou")
def kurou() -> Recording:
    """黄盖 loses 1 HP and draws 2, twice."""
    r = game("huanggai", "zhangfei", "guanyu", "lvbu", "zhaoyun",
             hands={1: [1, 31, 32, 33], 2: [8, 9, 34, 35], 3: [10, 11, 36, 37], 4: [12, 13, 38, 39], 5: [14, 15, 40, 41]})
    r.begin(1, [16, 17])
    for draw in ([18, 19], [20, 21]):
        r.invoke(1, "kurou")
        r.lose_hp(1, 1, "苦肉")
        r.draw(1, draw, skill="kurou")
        r.focus(1)
    r.end(1, discard=[1, 31, 32, 33, 16, 17, 18])
    return r


@path("kurou_rescued")
def kurou_rescued() -> Recording:
    """黄盖 (lord, 5 HP) uses 苦肉 five times: at 0 HP he saves himself with a 桃, then draws."""
    r = game("huanggai", "zhangfei", "guanyu", "lvbu", "zhaoyun",
             hands={1: [46, 31, 32, 33], 2: [8, 9, 34, 35], 3: [10, 11, 36, 37], 4: [12, 13, 38, 39], 5: [14, 15, 40, 41]})
    r.begin(1, [16, 17])
    draws = [[18, 19], [20, 21], [22, 23], [24, 25], [26, 27]]
    for n, draw in enumerate(draws):
        r.invoke(1, "kurou")
        r.lose_hp(1, 1, "苦肉")
        if n == 4:
            r.dying(1)
            r.use(1, 46, to=[1])
            r.heal(1, 1, "桃")
            r.prop(1, "dying", False)
            r.done([46])
        r.draw(1, draw, skill="kurou")
        r.focus(1)
    r.end(1, discard=[31, 32, 33, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26])
    return r


@path("kurou_death_own_turn")
def kurou_death_own_turn() -> Recording:
    """黄盖 (a rebel, 4 HP) uses 苦肉 until he dies in his own turn: no killer, no reward; the next turn follows."""
    r = game("liubei", "huanggai", "guanyu", "lvbu", "zhaoyun",
             hands={1: [1, 31, 32, 33], 2: [8, 9, 34, 35], 3: [10, 11, 36, 37], 4: [12, 13, 38, 39], 5: [14, 15, 40, 41]})
    r.quiet(1, [16, 17], discard=[1])
    r.begin(2, [18, 19])
    draws = [[20, 21], [22, 23], [24, 25]]
    for draw in draws:
        r.invoke(2, "kurou")
        r.lose_hp(2, 1, "苦肉")
        r.draw(2, draw, skill="kurou")
        r.focus(2)
    r.invoke(2, "kurou")
    r.lose_hp(2, 1, "苦肉")
    r.dying(2)
    r.kill(2, None, cards=[8, 9, 34, 35, 18, 19, 20, 21, 22, 23, 24, 25])
    r.turn_end(2)
    r.begin(3, [26, 27])
    r.end(3, discard=[10, 11])
    return r


# ---------------------------------------------------------------------------------------------------
# 闪电
# ---------------------------------------------------------------------------------------------------


def _lightning_round(r: Recording) -> None:
    """刘备 (lord) puts 闪电 on himself; the four others pass quiet turns."""
    r.begin(1, [16, 17])
    delayed(r, 1, 85, 1)
    r.focus(1)
    r.end(1)
    r.quiet(2, [18, 19], discard=[8, 9, 18])
    r.quiet(3, [20, 21], discard=[10, 11])
    r.quiet(4, [22, 23], discard=[12, 13])
    r.quiet(5, [24, 25], discard=[14, 15])


LIGHTNING_HANDS = {1: [85, 31, 32, 33], 2: [8, 9, 34, 35], 3: [10, 11, 36, 37], 4: [12, 13, 38, 39], 5: [14, 15, 40, 41]}


@path("lightning_hit")
def lightning_hit() -> Recording:
    """闪电 strikes its owner on the next round: 3 thunder damage with no source."""
    r = game("liubei", "diaochan", "guanyu", "lvbu", "zhaoyun", hands=LIGHTNING_HANDS)
    _lightning_round(r)
    r.log("$RoundStart", arg=2)
    r.begin(1, [], judge=True)
    r.phase(1, "judge")
    judged(r, 1, 85)
    r.judge(1, "lightning", 104)
    r.damage(1, None, 3, "thunder_damage")
    r.done([85])
    r.phase(1, "draw")
    r.draw(1, [26, 27])
    r.phase(1, "play")
    r.end(1, discard=[31, 32, 33, 16, 17])
    return r


@path("lightning_pass_then_kill")
def lightning_pass_then_kill() -> Recording:
    """闪电 misses its owner and moves on to 貂蝉 (3 HP), whom it kills: no killer, no reward."""
    r = game("liubei", "diaochan", "guanyu", "lvbu", "zhaoyun", hands=LIGHTNING_HANDS)
    _lightning_round(r)
    r.log("$RoundStart", arg=2)
    r.begin(1, [], judge=True)
    r.phase(1, "judge")
    judged(r, 1, 85)
    r.judge(1, "lightning", 46)
    r.move([85], JUDGE, PUT, to=2, from_area=PROCESSING)
    r.phase(1, "draw")
    r.draw(1, [26, 27])
    r.phase(1, "play")
    r.end(1, discard=[31, 32])
    r.begin(2, [], judge=True)
    r.phase(2, "judge")
    judged(r, 2, 85)
    r.judge(2, "lightning", 95)
    r.damage(2, None, 3, "thunder_damage")
    r.dying(2)
    r.kill(2, None, cards=[34, 35, 19])
    r.done([85])
    r.turn_end(2)
    r.begin(3, [28, 29])
    r.end(3, discard=[36, 37])
    return r


# ---------------------------------------------------------------------------------------------------
# converted cards (card data with the real ids in key 6 and the skill in key 7)
# ---------------------------------------------------------------------------------------------------


@path("converted_wusheng_qingguo_longdan")
def converted_wusheng_qingguo_longdan() -> Recording:
    """武圣 with an equipped red horse, 倾国's 闪, 龙胆 both ways, 武圣 answering 南蛮入侵."""
    r = game("guanyu", "zhaoyun", "daqiao", "ganning", "zhenji",
             hands={1: [106, 31, 46, 47], 2: [35, 8, 78, 9], 3: [13, 14, 40, 41], 4: [11, 12, 38, 39], 5: [1, 10, 36, 37]})
    r.begin(1, [16, 17])
    r.equip(1, 106)
    r.focus(1)
    r.use(1, vcard("slash", [106], "wusheng"), to=[5], from_area=EQUIP)
    r.dodge(5, vcard("jink", [1], "qingguo"), slash=106)
    r.done([106])
    r.focus(1)
    r.end(1)
    r.begin(2, [18, 19])
    r.use(2, vcard("slash", [35], "longdan"), to=[1])
    r.dodge(1, 31, slash=35)
    r.done([35])
    r.focus(2)
    r.use(2, 78)
    r.damage(3, 2)
    r.damage(4, 2)
    r.respond(5, 10)
    r.respond(1, vcard("slash", [46], "wusheng"))
    r.done([78])
    r.focus(2)
    r.end(2)
    r.begin(3, [20, 21])
    r.use(3, 20, to=[2])
    r.dodge(2, vcard("jink", [8], "longdan"), slash=20)
    r.done([20])
    r.focus(3)
    r.end(3, discard=[13, 14, 40])
    return r


@path("converted_qixi_spear_guose_jijiu")
def converted_qixi_spear_guose_jijiu() -> Recording:
    """奇袭's 过河拆桥, 丈八蛇矛's 杀 from two cards, 国色's 乐不思蜀, 急救 saving a dying character."""
    r = game("ganning", "daqiao", "huatuo", "diaochan", "lvbu",
             hands={1: [81, 8, 96, 9], 2: [36, 65, 31, 32], 3: [37, 33, 34, 35], 4: [10, 11, 12, 38], 5: [13, 14, 39, 40]})
    r.begin(1, [15, 16])
    r.use(1, 81)  # 万箭齐发: nobody answers
    for pid in (2, 3, 4, 5):
        r.damage(pid, 1)
    r.done([81])
    r.focus(1)
    r.use(1, vcard("dismantlement", [8], "qixi"), to=[5])
    r.move([13], DISCARD_PILE, DISCARD, frm=5, skill="dismantlement_skill", proposer=1)
    r.done([8])
    r.focus(1)
    r.equip(1, 96)
    r.focus(1)
    r.use(1, vcard("slash", [9, 15], "spear_skill"), to=[4])
    r.damage(4, 1)
    r.done([9, 15])
    r.focus(1)
    r.end(1)
    r.begin(2, [17, 18])
    delayed(r, 2, vcard("indulgence", [36], "guose"), 5)
    r.focus(2)
    r.use(2, 65, to=[4])
    r.damage(4, 2)
    r.dying(4)
    r.use(3, vcard("peach", [37], "jijiu"), to=[4])
    r.heal(4, 1, "桃")
    r.prop(4, "dying", False)
    r.done([37])
    r.done([65])
    r.focus(2)
    r.end(2, discard=[31, 32])
    return r


# ---------------------------------------------------------------------------------------------------
# 激将 and 护驾: another character of the lord's kingdom provides the card
# ---------------------------------------------------------------------------------------------------


@path("jijiang_play")
def jijiang_play() -> Recording:
    """刘备's 激将 in his play phase: 关羽 provides the 杀, which 刘备 then uses."""
    r = game("liubei", "guanyu", "zhangfei", "lvbu", "diaochan",
             hands={1: [31, 32, 33, 34], 2: [8, 9, 35, 36], 3: [10, 11, 37, 38], 4: [12, 13, 39, 40], 5: [14, 15, 41, 42]})
    r.begin(1, [16, 17])
    r.invoke(1, "jijiang")
    r.respond(2, 8, drop=False)
    r.use(1, 8, to=[5])
    r.damage(5, 1)
    r.done([8])
    r.focus(1)
    r.end(1, discard=[31])
    return r


@path("jijiang_answer")
def jijiang_answer() -> Recording:
    """刘备's 激将 answering 南蛮入侵: 关羽 provides the 杀 and 刘备 plays it."""
    r = game("liubei", "guanyu", "zhangfei", "lvbu", "diaochan",
             hands={1: [31, 32, 33, 34], 2: [8, 9, 35, 36], 3: [10, 11, 37, 38], 4: [12, 13, 39, 40], 5: [78, 15, 41, 42]})
    r.quiet(1, [16, 17], discard=[31])
    r.quiet(2, [18, 19], discard=[35, 36])
    r.quiet(3, [20, 21], discard=[37, 38])
    r.quiet(4, [22, 23], discard=[39, 40])
    r.begin(5, [24, 25])
    r.use(5, 78)
    r.invoke(1, "jijiang")
    r.respond(2, 8, drop=False)
    r.respond(1, 8)
    r.respond(2, 9)
    r.respond(3, 10)
    r.damage(4, 5)
    r.done([78])
    r.focus(5)
    r.end(5, discard=[15, 41])
    return r


@path("hujia")
def hujia() -> Recording:
    """曹操's 护驾 against a 杀: 司马懿 provides the 闪, which counts as 曹操's."""
    r = game("caocao", "zhangfei", "simayi", "lvbu", "diaochan", roles=("lord", "rebel", "loyalist", "rebel", "renegade"),
             hands={1: [1, 32, 33, 46], 2: [8, 9, 35, 36], 3: [31, 10, 37, 38], 4: [12, 13, 39, 40], 5: [14, 15, 41, 42]})
    r.quiet(1, [16, 17], discard=[1])
    r.begin(2, [18, 19])
    r.use(2, 8, to=[1])
    r.invoke(1, "hujia")
    r.respond(3, 31, drop=False)
    r.use(1, vcard("jink", [31], "hujia"), to_card=8)
    r.done([31])
    r.done([8])
    r.focus(2)
    r.end(2, discard=[35])
    return r


# ---------------------------------------------------------------------------------------------------
# general skills: 裸衣 流离 遗计 刚烈 天妒 反馈
# ---------------------------------------------------------------------------------------------------


@path("luoyi")
def luoyi() -> Recording:
    """许褚 draws one card less; his 杀 and his 决斗 deal 2 (FreeKill announces 裸衣 again at each damage)."""
    r = game("xuchu", "zhangfei", "guanyu", "lvbu", "diaochan",
             hands={1: [1, 65, 31, 32], 2: [8, 9, 34, 35], 3: [10, 11, 36, 37], 4: [12, 13, 38, 39], 5: [14, 15, 40, 41]})
    r.turn_start(1)
    r.phase(1, "start")
    r.phase(1, "judge")
    r.phase(1, "draw")
    r.invoke(1, "luoyi")
    r.draw(1, [16])
    r.phase(1, "play")
    r.use(1, 1, to=[2])
    r.invoke(1, "luoyi")
    r.damage(2, 1, 2)
    r.done([1])
    r.focus(1)
    r.use(1, 65, to=[3])
    r.invoke(1, "luoyi")
    r.damage(3, 1, 2)
    r.done([65])
    r.focus(1)
    r.end(1)
    return r


@path("liuli")
def liuli() -> Recording:
    """大乔 discards a card to turn the 杀 aimed at her to 貂蝉."""
    r = game("liubei", "daqiao", "diaochan", "lvbu", "zhaoyun",
             hands={1: [1, 31, 32, 33], 2: [34, 9, 35, 36], 3: [10, 11, 37, 38], 4: [12, 13, 39, 40], 5: [14, 15, 41, 42]})
    r.begin(1, [16, 17])
    r.use(1, 1, to=[2])
    r.invoke(2, "liuli", to=[3])
    r.discard(2, [34], skill="liuli")
    r.damage(3, 1)
    r.done([1])
    r.focus(1)
    r.end(1)
    return r


@path("guojia_xiahoudun")
def guojia_xiahoudun() -> Recording:
    """遗计 giving one card to the lord and keeping one; 刚烈 answered by a discard, then by the damage;
    天妒 taking 郭嘉's 八卦阵 judgement card."""
    r = game("liubei", "guojia", "xiahoudun", "simayi", "diaochan",
             hands={1: [1, 65, 31, 32], 2: [8, 100, 34, 35], 3: [10, 11, 36, 37], 4: [12, 13, 38, 39], 5: [14, 15, 40, 41]})
    r.begin(1, [16, 17])
    r.use(1, 1, to=[2])
    r.damage(2, 1)
    r.invoke(2, "yiji")
    r.move([18], HAND, GIVE, to=1, from_area=6, skill="yiji", proposer=2)
    r.move([19], HAND, GIVE, to=2, from_area=6, skill="yiji", proposer=2)
    r.done([1])
    r.focus(1)
    r.use(1, 65, to=[3])
    r.damage(3, 1)
    r.invoke(3, "ganglie")
    r.judge(3, "ganglie", 20)
    r.discard(1, [31, 32], skill="ganglie")
    r.done([65])
    r.focus(1)
    r.end(1)
    r.begin(2, [21, 22])
    r.equip(2, 100)
    r.focus(2)
    r.use(2, 8, to=[3])
    r.damage(3, 2)
    r.invoke(3, "ganglie")
    r.judge(3, "ganglie", 6)
    r.damage(2, 3)
    r.invoke(2, "yiji")
    r.move([24, 25], HAND, GIVE, to=2, from_area=6, skill="yiji", proposer=2)
    r.done([8])
    r.focus(2)
    r.end(2, discard=[34, 35, 19, 21, 22, 24])
    r.begin(3, [26, 27])
    r.use(3, 10, to=[2])
    r.invoke(2, "#eight_diagram_skill")
    r.judge(2, "#eight_diagram_skill", 33, finish=False)
    r.invoke(2, "tiandu")
    r.move([33], HAND, 1, to=2, from_area=PROCESSING, skill="tiandu", proposer=2)
    r.use(2, vcard("jink", [], "eight_diagram"), to_card=10)
    r.done([10])
    r.focus(3)
    r.end(3, discard=[11, 36, 37])
    return r


@path("fankui_equip")
def fankui_equip() -> Recording:
    """司马懿 takes the 诸葛连弩 the 杀 came from: the lord's second 杀 that turn is illegal in the twin."""
    r = game("liubei", "simayi", "zhangfei", "lvbu", "diaochan",
             hands={1: [90, 1, 2, 31], 2: [8, 9, 34, 35], 3: [10, 11, 36, 37], 4: [12, 13, 38, 39], 5: [14, 15, 40, 41]})
    r.begin(1, [16, 17])
    r.equip(1, 90)
    r.focus(1)
    r.use(1, 1, to=[2])
    r.damage(2, 1)
    r.invoke(2, "fankui")
    r.move([90], HAND, PREY, frm=1, to=2, from_area=EQUIP, skill="fankui", proposer=2)
    r.done([1])
    r.focus(1)
    r.end(1)
    return r


# ---------------------------------------------------------------------------------------------------
# weapons
# ---------------------------------------------------------------------------------------------------


@path("weapons_ice_kylin_double_swords")
def weapons_ice_kylin_double_swords() -> Recording:
    """张飞: 寒冰剑 discards two cards instead of the damage; 麒麟弓 discards 刘备's horse; 雌雄双股剑 twice
    (貂蝉 lets him draw, then discards a card)."""
    r = game("liubei", "zhangfei", "diaochan", "lvbu", "zhaoyun", roles=("lord", "rebel", "loyalist", "rebel", "renegade"),
             hands={1: [103, 31, 46, 47], 2: [93, 99, 94, 1], 3: [10, 11, 36, 37], 4: [12, 13, 38, 39], 5: [14, 15, 40, 41]})
    r.begin(1, [16, 17])
    r.equip(1, 103)
    r.focus(1)
    r.end(1)
    r.begin(2, [2, 3])
    r.equip(2, 93)
    r.focus(2)
    r.use(2, 1, to=[1])
    r.invoke(2, "#ice_sword_skill")
    r.move([31], DISCARD_PILE, DISCARD, frm=1, skill="#ice_sword_skill", proposer=2)
    r.move([46], DISCARD_PILE, DISCARD, frm=1, skill="#ice_sword_skill", proposer=2)
    r.done([1])
    r.focus(2)
    r.use(2, 99, to=[2])
    r.moves(r.move([93], DISCARD_PILE, 6, frm=2, from_area=EQUIP, skill=None, send=False),
            r.move([99], EQUIP, USE, to=2, from_area=PROCESSING, skill=None, send=False))
    r.focus(2)
    r.use(2, 2, to=[1])
    r.invoke(2, "#kylin_bow_skill")
    r.move([103], DISCARD_PILE, DISCARD, frm=1, from_area=EQUIP, skill="#kylin_bow_skill", proposer=2)
    r.damage(1, 2)
    r.done([2])
    r.focus(2)
    r.use(2, 94, to=[2])
    r.moves(r.move([99], DISCARD_PILE, 6, frm=2, from_area=EQUIP, skill=None, send=False),
            r.move([94], EQUIP, USE, to=2, from_area=PROCESSING, skill=None, send=False))
    r.focus(2)
    r.use(2, 3, to=[3])
    r.invoke(2, "#double_swords_skill")
    r.draw(2, [4], skill="#double_swords_skill")
    r.dodge(3, 36, slash=3)
    r.done([3])
    r.focus(2)
    r.use(2, 4, to=[3])
    r.invoke(2, "#double_swords_skill")
    r.discard(3, [10], skill="#double_swords_skill")
    r.damage(3, 2)
    r.done([4])
    r.focus(2)
    r.end(2)
    return r


@path("weapon_halberd")
def weapon_halberd() -> Recording:
    """刘备 equips his hand away, then uses his last hand card, a 杀, with 方天画戟 on three characters
    (FreeKill's halberd is a target modifier: no log, the three targets are in the use); 张飞 dodges, the
    other two are hurt, in seat order."""
    r = game("liubei", "zhangfei", "diaochan", "lvbu", "zhaoyun", roles=("lord", "rebel", "loyalist", "rebel", "renegade"),
             hands={1: [98, 100, 103, 1], 2: [33, 95, 2, 3], 3: [10, 11, 36, 37], 4: [12, 13, 38, 39],
                    5: [14, 15, 40, 41]})
    r.begin(1, [106, 101])
    for card in (98, 100, 103, 106):
        r.equip(1, card)
        r.focus(1)
    r.use(1, 101, to=[1])  # the other 八卦阵 replaces the first
    r.moves(r.move([100], DISCARD_PILE, 6, frm=1, from_area=EQUIP, skill=None, send=False),
            r.move([101], EQUIP, USE, to=1, from_area=PROCESSING, skill=None, send=False))
    r.focus(1)
    r.use(1, 1, to=[2, 4, 5])
    r.dodge(2, 33, slash=1)
    r.damage(4, 1)
    r.damage(5, 1)
    r.done([1])
    r.focus(1)
    r.end(1)
    return r


@path("weapons_axe_blade")
def weapons_axe_blade() -> Recording:
    """张飞: 贯石斧 discards two cards to deal the damage anyway; 青龙偃月刀 follows each 闪 with another 杀."""
    r = game("liubei", "zhangfei", "diaochan", "lvbu", "zhaoyun", roles=("lord", "rebel", "loyalist", "rebel", "renegade"),
             hands={1: [31, 32, 33, 34], 2: [97, 95, 1, 2], 3: [10, 11, 36, 37], 4: [12, 13, 38, 39], 5: [14, 15, 40, 41]})
    r.quiet(1, [16, 17], discard=[16])
    r.begin(2, [3, 4])
    r.equip(2, 97)
    r.focus(2)
    r.use(2, 1, to=[1])
    r.dodge(1, 31, slash=1)
    r.invoke(2, "#axe_skill")
    r.discard(2, [3, 4], skill="#axe_skill")
    r.damage(1, 2)
    r.done([1])
    r.focus(2)
    r.end(2)
    r.quiet(3, [18, 19], discard=[10, 11, 18])
    r.quiet(4, [20, 21], discard=[20, 21])
    r.quiet(5, [22, 23], discard=[22, 23])
    r.log("$RoundStart", arg=2)
    r.quiet(1, [24, 25], discard=[24, 25])
    r.begin(2, [5, 6])
    r.equip(2, 95)
    r.focus(2)
    r.use(2, 2, to=[1])
    r.dodge(1, 32, slash=2)
    r.invoke(2, "#blade_skill")
    r.use(2, 5, to=[1])
    r.dodge(1, 33, slash=5)
    r.invoke(2, "#blade_skill")
    r.use(2, 6, to=[1])
    r.damage(1, 2)
    r.done([6])
    r.done([5])
    r.done([2])
    r.focus(2)
    r.end(2)
    return r


# ---------------------------------------------------------------------------------------------------
# tricks: 五谷丰登 with 无懈可击, 借刀杀人 with the weapon given, 无懈可击 chains on a delayed trick
# ---------------------------------------------------------------------------------------------------

EIGHT = ("liubei", "guanyu", "zhangfei", "lvbu", "diaochan", "zhaoyun", "machao", "huangyueying")
EIGHT_ROLES = ("lord", "loyalist", "rebel", "rebel", "renegade", "loyalist", "rebel", "rebel")
EIGHT_HANDS = {1: [83, 31, 32, 33], 2: [8, 9, 34, 35], 3: [10, 11, 36, 37], 4: [12, 13, 38, 39],
               5: [14, 15, 40, 41], 6: [16, 17, 42, 43], 7: [18, 19, 44, 45], 8: [76, 20, 21, 22]}


@path("amazing_grace_nullified_8p")
def amazing_grace_nullified_8p() -> Recording:
    """Eight players: 五谷丰登 from the user; 黄月英 counters 马超's pick with 无懈可击 (and draws for 集智);
    the card nobody took stays in the processing area and goes to the discard pile."""
    r = game(*EIGHT, hands=EIGHT_HANDS, roles=EIGHT_ROLES)
    r.begin(1, [1, 2])
    r.use(1, 83, to=list(range(1, 9)))
    shown = [46, 47, 48, 49, 50, 51, 52, 53]
    r.move(shown, PROCESSING, PUT, from_area=6, skill=None)
    for pid, card in zip(range(1, 9), shown, strict=True):
        if pid == 7:
            r.use(8, 76, to_card=83)
            r.invoke(8, "jizhi")
            r.draw(8, [3], skill="jizhi")
            r.done([76])
            continue
        r.move([card], HAND, PREY, to=pid, from_area=PROCESSING, skill="amazing_grace_skill", proposer=pid)
    r.done([52])
    r.done([83])
    r.focus(1)
    r.end(1, discard=[31])
    return r


@path("collateral_weapon_given")
def collateral_weapon_given() -> Recording:
    """借刀杀人: the weapon holder does not slash the victim and hands over his weapon."""
    r = game("liubei", "zhangfei", "guanyu", "lvbu", "diaochan",
             hands={1: [90, 31, 32, 33], 2: [68, 9, 34, 35], 3: [10, 11, 36, 37], 4: [12, 13, 38, 39], 5: [14, 15, 40, 41]})
    r.begin(1, [16, 17])
    r.equip(1, 90)
    r.focus(1)
    r.end(1)
    r.begin(2, [18, 19])
    r.use(2, 68, to=[1])
    r.log("#CardUseCollaborator", from_=1, to=[5], arg="collateral")
    r.move([90], HAND, GIVE, frm=1, to=2, from_area=EQUIP, skill="collateral_skill", proposer=1)
    r.done([68])
    r.focus(2)
    r.end(2, discard=[34, 35])
    return r


@path("nullification_chain_delayed")
def nullification_chain_delayed() -> Recording:
    """乐不思蜀 in the judge phase: 无懈可击, countered, countered again: the trick is discarded unjudged."""
    r = game("liubei", "zhangfei", "guanyu", "lvbu", "diaochan",
             hands={1: [89, 31, 74, 33], 2: [75, 9, 34, 35], 3: [10, 11, 36, 37], 4: [12, 77, 38, 39], 5: [14, 15, 40, 41]})
    r.begin(1, [16, 17])
    delayed(r, 1, 89, 2)
    r.focus(1)
    r.end(1)
    r.begin(2, [], judge=True)
    r.phase(2, "judge")
    judged(r, 2, 89)
    r.use(2, 75, to_card=89)
    r.done([75])
    r.use(1, 74, to_card=75)
    r.done([74])
    r.use(4, 77, to_card=74)
    r.done([77])
    r.done([89])
    r.phase(2, "draw")
    r.draw(2, [18, 19])
    r.phase(2, "play")
    r.use(2, 9, to=[1])
    r.damage(1, 2)
    r.done([9])
    r.focus(2)
    r.end(2)
    return r


@path("judge_area_snatch_dismantle")
def judge_area_snatch_dismantle() -> Recording:
    """顺手牵羊 takes the ♦ card 国色 put into a judge area as 乐不思蜀; 过河拆桥 discards a 闪电."""
    r = game("daqiao", "zhangfei", "guanyu", "lvbu", "diaochan",
             hands={1: [36, 85, 31, 32], 2: [60, 54, 34, 35], 3: [10, 11, 37, 38], 4: [12, 13, 39, 40], 5: [14, 15, 41, 42]})
    r.begin(1, [16, 17])
    delayed(r, 1, vcard("indulgence", [36], "guose"), 3)
    r.focus(1)
    delayed(r, 1, 85, 1)
    r.focus(1)
    r.end(1)
    r.begin(2, [18, 19])
    r.use(2, 60, to=[3])
    r.move([36], HAND, PREY, frm=3, to=2, from_area=JUDGE, skill="snatch_skill", proposer=2)
    r.done([60])
    r.focus(2)
    r.use(2, 54, to=[1])
    r.move([85], DISCARD_PILE, DISCARD, frm=1, from_area=JUDGE, skill="dismantlement_skill", proposer=2)
    r.done([54])
    r.focus(2)
    r.end(2, discard=[34])
    r.quiet(3, [20, 21], discard=[10, 11])
    return r


# ---------------------------------------------------------------------------------------------------
# deaths and the end of the game
# ---------------------------------------------------------------------------------------------------


@path("lord_kills_loyalist")
def lord_kills_loyalist() -> Recording:
    """张飞 (lord) kills his loyalist 貂蝉: her cards go, then he discards his hand and equipment."""
    r = game("zhangfei", "diaochan", "guanyu", "lvbu", "zhaoyun",
             hands={1: [106, 1, 2, 3], 2: [8, 9, 34, 35], 3: [10, 11, 36, 37], 4: [12, 13, 38, 39], 5: [14, 15, 40, 41]})
    r.begin(1, [16, 17])
    r.equip(1, 106)
    r.focus(1)
    for n, card in enumerate((1, 2, 3)):
        r.use(1, card, to=[2])
        r.damage(2, 1)
        if n == 2:
            r.dying(2)
            r.kill(2, 1, cards=[8, 9, 34, 35])
            r.discard(1, [16, 17, 106], skill="game_rule", from_area=[HAND, HAND, EQUIP])
        r.done([card])
        r.focus(1)
    r.end(1)
    return r


@path("renegade_wins")
def renegade_wins() -> Recording:
    """张飞 (renegade) clears the table in one turn: 南蛮入侵, then 杀 after 杀 (each rebel's reward
    feeds the next); the lord dies last and the game ends inside the resolution of the 杀."""
    r = game("diaochan", "guojia", "huangyueying", "luxun", "zhangfei", roles=("lord", "loyalist", "rebel", "rebel", "renegade"),
             hands={1: [31, 32, 33, 34], 2: [35, 36, 37, 38], 3: [39, 40, 41, 42], 4: [43, 44, 45, 46], 5: [78, 1, 2, 3]})
    r.quiet(1, [47, 48], discard=[47, 48])
    r.quiet(2, [49, 50], discard=[49, 50, 35])
    r.quiet(3, [51, 52], discard=[51, 52, 39])
    r.quiet(4, [53, 54], discard=[53, 54, 43])
    r.begin(5, [4, 5])
    r.use(5, 78)
    for pid in (1, 2, 3, 4):
        r.damage(pid, 5)
    r.done([78])
    r.focus(5)
    hand = [1, 2, 3, 4, 5]
    rewards = iter([[6, 7, 8], [9, 10, 11]])
    for victim, hp in ((4, 2), (3, 2), (2, 2), (1, 3)):
        for n in range(hp):
            card = hand.pop(0)
            r.use(5, card, to=[victim])
            r.damage(victim, 5)
            if n == hp - 1:
                r.dying(victim)
                cards = {4: [44, 45, 46], 3: [40, 41, 42], 2: [36, 37, 38], 1: [31, 32, 33, 34]}[victim]
                if victim == 1:
                    r.log("#KillPlayer", from_=1, to=[5], arg="lord")
                    r.prop(1, "dead", True)
                    r.game_over([5])
                    return r
                r.kill(victim, 5, cards=cards)
                if victim in (3, 4):
                    reward = next(rewards)
                    r.draw(5, reward, skill="kill")
                    hand.extend(reward)
            r.done([card])
            r.focus(5)
    raise AssertionError("the lord should have died")


@path("rebels_win_mid_aoe")
def rebels_win_mid_aoe() -> Recording:
    """马超 (rebel, seat 5) brings the lord to 1 HP, then 万箭齐发 kills the lord first of its targets:
    the game ends with the other targets never asked."""
    r = game("diaochan", "guojia", "zhangfei", "luxun", "machao", roles=("lord", "loyalist", "rebel", "renegade", "rebel"),
             hands={1: [31, 32, 33, 34], 2: [35, 36, 37, 38], 3: [39, 40, 41, 42], 4: [43, 44, 45, 46], 5: [81, 1, 90, 3]})
    r.quiet(1, [47, 48], discard=[47, 48])
    r.quiet(2, [49, 50], discard=[49, 50, 35])
    r.quiet(3, [51, 52], discard=[51, 52])
    r.quiet(4, [53, 54], discard=[53, 54, 43])
    r.begin(5, [4, 5])
    r.equip(5, 90)
    r.focus(5)
    for card in (1, 3, 4):
        r.use(5, card, to=[1])
        r.damage(1, 5)
        r.done([card])
        r.focus(5)
    r.use(5, 81)
    r.damage(1, 5)
    r.dying(1)
    r.log("#KillPlayer", from_=1, to=[5], arg="lord")
    r.prop(1, "dead", True)
    r.game_over([3, 5])
    return r


# ---------------------------------------------------------------------------------------------------
# the tests
# ---------------------------------------------------------------------------------------------------


def _convert(name: str) -> tuple[freekill.Conversion, bytes]:
    conv = freekill.convert(PATHS[name]().to_bytes(), name=f"{name}.fk.rep")
    return conv, freekill.to_jsonl(conv)


def _violations(text: bytes) -> list[tuple[str, int, str]]:
    replay = validate_parsed(parse_bytes(text, "<path>"), None)
    assert not replay.extra.get("internal_errors"), replay.extra["internal_errors"]
    return [(v.rule, v.line, v.message) for v in replay.report.violations]


def _numbered(text: bytes) -> str:
    return "\n".join(f"{i:>3} {t[:170]}" for i, t in enumerate(text.decode().splitlines(), start=1))


@pytest.mark.parametrize("name", sorted(PATHS))
def test_path_converts_and_validates_clean(name: str) -> None:
    conv, text = _convert(name)
    assert not conv.problems, "\n".join(map(str, conv.problems))
    fixture = FIXTURES / f"{name}.sgs.jsonl"
    if REGEN:
        fixture.parent.mkdir(parents=True, exist_ok=True)
        fixture.write_bytes(text)
    assert text == fixture.read_bytes(), f"the importer's log for {name} differs from the fixture\n{_numbered(text)}"
    found = _violations(text)
    assert not found, f"{name}: {found}\n{_numbered(text)}"
    # the recording as an oracle: the replay's card areas agree with the recording's at every turn
    from sgs_replay.importers.adapter import parsed_from_freekill

    desyncs = validate_parsed(parsed_from_freekill(PATHS[name]().to_bytes(), f"{name}.fk.rep")).report.desyncs
    assert desyncs == [], f"{name}: {desyncs}\n{_numbered(text)}"


# ---------------------------------------------------------------------------------------------------
# the violating twins: the converted log edited into a wrong game
# ---------------------------------------------------------------------------------------------------

Events = list[dict[str, Any]]


def _is(ev: dict[str, Any], **want: Any) -> bool:
    return all(ev.get(k) == v for k, v in want.items())


def drop(**want: Any) -> Callable[[Events], Events]:
    """Remove the first event with these fields."""
    def edit(events: Events) -> Events:
        i = next(i for i, ev in enumerate(events) if _is(ev, **want))
        return events[:i] + events[i + 1:]
    return edit


def change(update: dict[str, Any], nth: int = 0, **want: Any) -> Callable[[Events], Events]:
    """Change fields of the ``nth`` event with these fields."""
    def edit(events: Events) -> Events:
        hits = [i for i, ev in enumerate(events) if _is(ev, **want)]
        out = [dict(ev) for ev in events]
        out[hits[nth]].update(update)
        return out
    return edit


def insert_after(new: dict[str, Any], nth: int = 0, **want: Any) -> Callable[[Events], Events]:
    """Insert ``new`` after the ``nth`` event with these fields."""
    def edit(events: Events) -> Events:
        i = [i for i, ev in enumerate(events) if _is(ev, **want)][nth]
        return [*events[:i + 1], new, *events[i + 1:]]
    return edit


@dataclass(frozen=True)
class Twin:
    path: str
    what: str
    edit: Callable[[Events], Events]
    rules: frozenset[str]


def twin(path_name: str, what: str, edit: Callable[[Events], Events], *rules: str) -> Twin:
    return Twin(path_name, what, edit, frozenset(rules))


TWINS = [
    twin("guicai_retrial", "no retrial: the ♥ judgement spares the play phase", drop(type="retrial"), "SGS-D010"),
    twin("rende", "no heal when the cards given reach two", drop(type="recover"), "SGS-S006"),
    twin("lijian", "the 决斗 without 离间", drop(type="skill", skill="离间"), "SGS-T006", "SGS-T004"),
    twin("qingnang", "青囊 heals 2", change({"amount": 2}, type="recover"), "SGS-S006", "SGS-D008"),
    twin("kurou", "苦肉's draw without the HP loss", drop(type="lose_hp"), "SGS-S006", "SGS-T005"),
    twin("kurou_death_own_turn", "a reward for a death with no killer",
         insert_after({"type": "draw", "seat": 3, "cards": ["♦9 杀", "♦10 杀", "♦K 杀"], "reason": "reward"},
                      type="death"), "SGS-D006", "SGS-T004"),
    twin("lightning_hit", "闪电 deals 2", change({"amount": 2}, type="damage", nature="thunder"), "SGS-D001", "SGS-T005"),
    twin("lightning_pass_then_kill", "闪电 given a source", change({"source": 1}, type="damage", nature="thunder"),
         "SGS-D003", "SGS-D007"),
    twin("converted_wusheng_qingguo_longdan", "关羽's red card used with 龙胆", change({"skill": "龙胆"}, type="use", skill="武圣"),
         "SGS-S001"),
    twin("converted_qixi_spear_guose_jijiu", "甘宁's 过河拆桥 by 国色", change({"skill": "国色"}, type="use", skill="奇袭"), "SGS-S001"),
    twin("jijiang_play", "激将's 杀 with nobody providing it", drop(type="respond", seat=2), "SGS-S004"),
    twin("jijiang_answer", "a 群 character provides 激将's 杀", change({"seat": 4}, type="respond", seat=2),
         "SGS-R001", "SGS-C001", "SGS-D003", "SGS-D002"),
    twin("hujia", "a 群 character provides 护驾's 闪", change({"seat": 4}, type="respond", seat=3),
         "SGS-P006", "SGS-C001", "SGS-D002"),
    twin("luoyi", "裸衣's 杀 deals 1", change({"amount": 1}, type="damage", target=2), "SGS-D001"),
    twin("liuli", "流离 back to the 杀's user", change({"targets": [1]}, type="skill", skill="流离"),
         "SGS-S004", "SGS-D003", "SGS-D002"),
    twin("guojia_xiahoudun", "刚烈's damage after a ♥ judgement", change({"card": "♥10 杀"}, nth=1, type="judge", reason="刚烈"),
         "SGS-D003"),
    twin("fankui_equip", "a second 杀 after 反馈 took the 诸葛连弩",
         insert_after({"type": "use", "seat": 1, "card": "♠8 杀", "targets": [2]}, type="move", reason="反馈"),
         "SGS-P001", "SGS-D002"),
    twin("weapons_ice_kylin_double_swords", "寒冰剑's discards and the damage too",
         insert_after({"type": "damage", "target": 1, "amount": 1, "source": 2, "card": "♠7 杀"}, nth=1, type="move",
                      reason="寒冰剑"), "SGS-D003"),
    twin("weapon_halberd", "three targets with a card (赤兔) left in hand", drop(type="use", card="♥5 赤兔"), "SGS-P004"),
    twin("weapons_axe_blade", "贯石斧 paid with one card", change({"cards": ["♠8 杀"]}, type="skill", skill="贯石斧"), "SGS-S004"),
    twin("amazing_grace_nullified_8p", "no 无懈可击: 黄月英's pick comes before 马超's", drop(type="use", seat=8),
         "SGS-S003", "SGS-R001"),
    twin("collateral_weapon_given", "the weapon handed to someone else",
         change({"to": {"zone": "hand", "seat": 3}}, type="move", reason="借刀杀人"), "SGS-D010", "SGS-T005"),
    twin("nullification_chain_delayed", "two 无懈可击 only: the 乐不思蜀 is never judged", drop(type="use", seat=4), "SGS-T009"),
    twin("judge_area_snatch_dismantle", "过河拆桥 takes 闪电 from a judge area it is not in",
         change({"from": {"zone": "judge", "seat": 3}}, type="move", reason="过河拆桥"), "SGS-C002"),
    twin("lord_kills_loyalist", "no penalty", drop(type="discard", reason="penalty"), "SGS-D007"),
    twin("renegade_wins", "the wrong winner", change({"winner": "rebel"}, type="game_end"), "SGS-O002"),
    twin("rebels_win_mid_aoe", "the game goes on after it ended", lambda evs: [*evs, {"type": "turn", "seat": 2}], "SGS-O001"),
]


@pytest.mark.parametrize("tw", TWINS, ids=[f"{t.path}: {t.what}" for t in TWINS])
def test_violating_twin(tw: Twin) -> None:
    _, text = _convert(tw.path)
    header, *events = [json.loads(line) for line in text.decode().splitlines()]
    edited = tw.edit(events)
    assert edited != events
    out = "\n".join(json.dumps(x, ensure_ascii=False) for x in [header, *edited]).encode() + b"\n"
    found = _violations(out)
    assert {rule for rule, _, _ in found} == tw.rules, f"{tw.path} / {tw.what}: {found}\n{_numbered(out)}"


# ---------------------------------------------------------------------------------------------------
# packet shapes the reader must take in either form
# ---------------------------------------------------------------------------------------------------


def _events(rec: Recording) -> tuple[freekill.Conversion, list[dict[str, Any]]]:
    conv = freekill.convert(rec.to_bytes(), name="shape.fk.rep")
    return conv, [json.loads(line) for line in freekill.to_jsonl(conv).decode().splitlines()[1:]]


@pytest.mark.parametrize("arg2", ["</b><font color='gray'>(苦肉)</font><b>", "kurou", None])
def test_lose_hp_reason(arg2: str | None) -> None:
    """#LoseHP names its reason like #HealHP (translated, in markup), by FreeKill id, or not at all."""
    r = game("huanggai", "zhangfei", "guanyu", "lvbu", "diaochan",
             hands={1: [1, 31, 32, 33], 2: [8, 9, 34, 35], 3: [10, 11, 36, 37], 4: [12, 13, 38, 39], 5: [14, 15, 40, 41]})
    r.begin(1, [16, 17])
    r.invoke(1, "kurou")
    r._hp(1, -1)
    r.log("#LoseHP", from_=1, arg=1, **({"arg2": arg2} if arg2 is not None else {}))
    conv, events = _events(r)
    assert not conv.problems, conv.problems
    lost = [e for e in events if e["type"] == "lose_hp"]
    assert lost == [{"type": "lose_hp", "seat": 1, "amount": 1, **({"reason": "苦肉"} if arg2 else {})}]


@pytest.mark.parametrize("logged", [True, False], ids=["invocation logged", "invocation not logged"])
@pytest.mark.parametrize("echo", [False, True], ids=["no echo move", "processing echo move"])
def test_jijiang_provided_slash(logged: bool, echo: bool) -> None:
    """The lord's use of the 杀 a 蜀 character provided is written as 激将's 杀 with no card; the
    invocation is written before the provider's answer even when FreeKill did not log it, and a move
    of the card within the processing area (the lord's use of a card already there) is implied."""
    r = game("liubei", "guanyu", "zhangfei", "lvbu", "diaochan",
             hands={1: [31, 32, 33, 34], 2: [8, 9, 35, 36], 3: [10, 11, 37, 38], 4: [12, 13, 39, 40], 5: [14, 15, 41, 42]})
    r.begin(1, [16, 17])
    if logged:
        r.invoke(1, "jijiang")
    r.respond(2, 8, drop=False)
    r.log("#UseCardToTargets", from_=1, to=[5], card=[cid(8)])
    if echo:
        r.move([8], PROCESSING, USE, frm=1, from_area=PROCESSING)
    conv, events = _events(r)
    assert not conv.problems, conv.problems
    tail = events[-3:]
    assert tail == [{"type": "skill", "seat": 1, "skill": "激将"}, {"type": "respond", "seat": 2, "card": "♣2 杀"},
                    {"type": "use", "seat": 1, "as": "杀", "cards": [], "targets": [5], "skill": "激将"}]


@pytest.mark.parametrize("next_turn", [False, True], ids=["same turn", "a later turn"])
def test_an_answer_is_not_remembered_as_a_provision(next_turn: bool) -> None:
    """A 杀 played long ago, back in the lord's own hand after a reshuffle, is the lord's own 杀 when he
    uses it: a provision (激将) is the provider's answer followed, in the same resolution, by the lord's
    use of that very card, which did not come from the lord's hand."""
    r = game("liubei", "guanyu", "zhangfei", "lvbu", "diaochan",
             hands={1: [31, 32, 33, 34], 2: [8, 9, 35, 36], 3: [10, 11, 37, 38], 4: [12, 13, 39, 40], 5: [14, 15, 41, 42]})
    r.begin(1, [16, 17])
    r.respond(2, 8)  # 关羽 plays the ♣2 杀 (to the discard pile)
    if next_turn:
        r.end(1)
        r.turn_start(2)
    r.move([8], HAND, DRAW, to=1, from_area=DISCARD_PILE, skill="phase_draw", proposer=1)  # back in 刘备's hand
    r.log("#UseCardToTargets", from_=1, to=[5], card=[cid(8)])
    r.move([8], PROCESSING, USE, frm=1)
    _, events = _events(r)
    assert events[-1] == {"type": "use", "seat": 1, "card": "♣2 杀", "targets": [5]}
    assert not any(ev.get("skill") == "激将" for ev in events)


def test_a_provision_needs_the_lord_skill() -> None:
    """The same shape for a user who has no 激将 (张飞 is not the lord): his own use of the card."""
    r = game("liubei", "guanyu", "zhangfei", "lvbu", "diaochan",
             hands={1: [31, 32, 33, 34], 2: [8, 9, 35, 36], 3: [10, 11, 37, 38], 4: [12, 13, 39, 40], 5: [14, 15, 41, 42]})
    r.begin(1, [16, 17])
    r.respond(2, 8, drop=False)
    r.log("#UseCardToTargets", from_=3, to=[5], card=[cid(8)])
    _, events = _events(r)
    assert events[-1] == {"type": "use", "seat": 3, "card": "♣2 杀", "targets": [5]}


def test_yiji_cards_given_away() -> None:
    """遗计 giving both cards away: 郭嘉 draws both, then one `move` for each receiver."""
    r = game("liubei", "guojia", "zhangfei", "lvbu", "diaochan",
             hands={1: [1, 31, 32, 33], 2: [8, 9, 34, 35], 3: [10, 11, 36, 37], 4: [12, 13, 38, 39], 5: [14, 15, 40, 41]})
    r.begin(1, [16, 17])
    r.use(1, 1, to=[2])
    r.damage(2, 1)
    r.invoke(2, "yiji")
    r.move([18], HAND, GIVE, to=1, from_area=6, skill="yiji", proposer=2)
    r.move([19], HAND, GIVE, to=5, from_area=6, skill="yiji", proposer=2)
    conv, events = _events(r)
    assert not conv.problems, conv.problems
    assert events[-3:] == [
        {"type": "draw", "seat": 2, "cards": ["♣10 杀", "♣10 杀"], "reason": "skill", "skill": "遗计"},
        {"type": "move", "cards": ["♣10 杀"], "from": {"zone": "hand", "seat": 2}, "to": {"zone": "hand", "seat": 1},
         "reason": "遗计"},
        {"type": "move", "cards": ["♣10 杀"], "from": {"zone": "hand", "seat": 2}, "to": {"zone": "hand", "seat": 5},
         "reason": "遗计"}]


# ---------------------------------------------------------------------------------------------------
# real recordings edited at the CBOR level (fkedit): the same game, one choice taken the other way
# ---------------------------------------------------------------------------------------------------

SAMPLES = Path(__file__).resolve().parents[3] / "shared" / "peer" / "freekill"
EDITS = [("20261129104322", "guicai_retrial", {"type": "retrial", "seat": 2, "card": "♦10 闪", "skill": "鬼才"}),
         ("20261129104305", "wusheng_slash",
          {"type": "use", "seat": 5, "as": "杀", "cards": ["♦6 杀"], "targets": [4], "skill": "武圣"}),
         ("20261129104308", "wusheng_answer", {"type": "respond", "seat": 3, "as": "杀", "cards": ["♥J 杀"], "skill": "武圣"})]


@pytest.mark.parametrize(("stamp", "edit", "event"), EDITS, ids=[e[1] for e in EDITS])
def test_edited_sample(stamp: str, edit: str, event: dict[str, Any]) -> None:
    import fkedit

    found = sorted((SAMPLES / "samples").glob(f"{stamp}.*.fk.rep"))
    if not found:
        pytest.skip("the FreeKill sample recordings are not beside the repository")
    conv = freekill.convert(getattr(fkedit, edit)(found[0].read_bytes()), name=found[0].name)
    assert not conv.problems, conv.problems
    text = freekill.to_jsonl(conv)
    events = [json.loads(line) for line in text.decode().splitlines()[1:]]
    assert event in events
    assert _violations(text) == []
    facts = next(f for f in map(json.loads, (SAMPLES / "facts.jsonl").read_text(encoding="utf-8").splitlines())
                 if f["file"] == found[0].name)
    assert [[e["target"], e.get("source"), e["amount"], e.get("nature", "normal")]
            for e in events if e["type"] == "damage"] == facts["damage"]
    assert [[e["seat"], e.get("killer")] for e in events if e["type"] == "death"] == facts["deaths"]
    assert [e["winner"] for e in events if e["type"] == "game_end"] == [facts["winner"]]
