"""The 3v3 mode's own skills the five 3v3 recordings never use, built packet by packet.

Each recording is made with :mod:`fkrec` (``mode_3v3=True``) in the packet shapes FreeKill's 3v3 mode
package sends for that skill (read from the package's skill files: which ``#InvokeSkill`` /
``#InvokeSkillTo`` the invocation logs, which ``MoveCards`` reason and ``skillName`` its cards carry).
Each must convert with no import problem to the events the format writes for that skill, validate
clean under ``freekill-3v3`` with no desync, and a wrong twin must be flagged.

Seats (ids = seats): 1 cool vanguard, 2 cool marshal, 3 cool vanguard, 4 warm vanguard, 5 warm marshal,
6 warm vanguard. Card ids are the 3v3 deck's (``sgs_replay/importers/fk_cards_3v3.csv``):
杀 161 ♠7, 162 ♠8, 163 ♠8, 164 ♠9, 167 ♥10, 168 ♣3, 169 ♣4, 178 ♦6, 179 ♦10; 闪 192 ♥2, 194 ♥9,
197 ♦2, 198 ♦6, 199 ♦7, 201 ♦8; 桃 207 ♥4, 208 ♥6, 212 ♦2; 乐不思蜀 241 ♠6; 八卦阵 259 ♣2; 赤兔 265 ♥5.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from fkrec import (
    DISCARD_PILE,
    DRAW_PILE,
    GIVE,
    HAND,
    JUDGE,
    PROCESSING,
    PUT_INTO_DISCARD,
    SPECIAL,
    Recording,
    cid,
)

from sgs_replay.formats.reader import parse_bytes
from sgs_replay.importers import freekill
from sgs_replay.importers.adapter import parsed_from_freekill
from sgs_replay.replay.validate import validate_parsed

JUST_MOVE = 1
ROLES = ["cool_vanguard", "cool_marshal", "cool_vanguard", "warm_vanguard", "warm_marshal", "warm_vanguard"]
HANDS = {1: [161, 162, 163, 164], 2: [168, 169, 170, 171], 3: [172, 173, 174, 175],
         4: [176, 177, 178, 179], 5: [180, 181, 182, 183, 184], 6: [185, 186, 187, 188]}


def game(*generals: str, hands: dict[int, list[int]] | None = None) -> Recording:
    rec = Recording(list(generals), ROLES, mode_3v3=True)
    rec.deal(hands or HANDS)
    return rec


def convert(rec: Recording) -> tuple[freekill.Conversion, list[dict[str, Any]], bytes]:
    data = rec.to_bytes("20261201120000.AI1.m_3v3_mode.test.cool_vanguard.2+1+3")
    conv = freekill.convert(data, name="skill.fk.rep")
    text = freekill.to_jsonl(conv)
    return conv, [json.loads(line) for line in text.decode().splitlines()[1:]], text


def violations(text: bytes) -> list[tuple[str, int, str]]:
    replay = validate_parsed(parse_bytes(text, "<3v3>"), None)
    assert not replay.extra.get("internal_errors"), replay.extra["internal_errors"]
    return [(v.rule, v.line, v.message) for v in replay.report.violations]


def numbered(text: bytes) -> str:
    return "\n".join(f"{i:>3} {t[:170]}" for i, t in enumerate(text.decode().splitlines(), start=1))


def clean(rec: Recording) -> list[dict[str, Any]]:
    """The recording converts with no problem, validates clean and agrees with the replay's card areas."""
    conv, events, text = convert(rec)
    assert not conv.problems, "\n".join(map(str, conv.problems))
    assert conv.header.ruleset == "freekill-3v3"
    found = violations(text)
    assert not found, f"{found}\n{numbered(text)}"
    desyncs = validate_parsed(parsed_from_freekill(rec.to_bytes(), "skill.fk.rep")).report.desyncs
    assert desyncs == [], f"{desyncs}\n{numbered(text)}"
    return events


def flagged(rec: Recording, edit: Callable[[list[dict[str, Any]]], list[dict[str, Any]]]) -> set[str]:
    """The rules the validator reports once the converted log is edited into a wrong game."""
    _, events, text = convert(rec)
    header = json.loads(text.decode().splitlines()[0])
    edited = edit([dict(ev) for ev in events])
    out = "\n".join(json.dumps(x, ensure_ascii=False) for x in [header, *edited]).encode() + b"\n"
    return {rule for rule, _, _ in violations(out)}


def of(events: list[dict[str, Any]], **want: Any) -> list[dict[str, Any]]:
    return [ev for ev in events if all(ev.get(k) == v for k, v in want.items())]


def without(events: list[dict[str, Any]], **want: Any) -> list[dict[str, Any]]:
    hit = of(events, **want)[0]
    return [ev for ev in events if ev is not hit]


# ---------------------------------------------------------------------------------------------------
# 关羽v33 忠义: put red cards as “义”; spend one for +1 on a 杀 of his side against the other side
# ---------------------------------------------------------------------------------------------------


def zhongyi(*, spend: bool = True, fk_id: str = "zhongyi") -> Recording:
    """关羽 (seat 1) puts ♥10 杀 and ♥4 桃 as 义; 张飞 (seat 3) hits 马超 (seat 4) with a 杀: one 义 goes
    to the discard pile and the damage is 2. The mode package names the skill ``zhongyi``; the
    project's id ``v33__zhongyi`` is read the same way."""
    rec = game("v33__guanyu", "sunquan", "zhangfei", "machao", "caocao", "huatuo",
               hands={**HANDS, 1: [167, 207, 161, 162]})
    rec.unit(1)
    rec.begin(1, [192, 194])
    rec.invoke(1, fk_id)
    rec.move([167, 207], SPECIAL, JUST_MOVE, frm=1, to=1, skill=fk_id, special=fk_id, proposer=1)
    rec.end(1)
    rec.begin(3, [197, 198])
    rec.use(3, 172, to=[4])
    if spend:
        rec.invoke(1, fk_id)
        rec.move([207], DISCARD_PILE, PUT_INTO_DISCARD, frm=1, from_area=SPECIAL, from_special=fk_id,
                 skill=fk_id)
        rec.log("#ChangeDamage", from_=4, arg=1)
        rec.damage(4, 3, 2)
    else:
        rec.damage(4, 3, 1)
    rec.done([172])
    rec.end(3, discard=[173])
    return rec


@pytest.mark.parametrize("fk_id", ["zhongyi", "v33__zhongyi"])
def test_zhongyi_put_and_spent(fk_id: str) -> None:
    events = clean(zhongyi(fk_id=fk_id))
    skills = of(events, type="skill", skill="忠义")
    assert skills == [{"type": "skill", "seat": 1, "skill": "忠义", "cards": ["♥10 杀", "♥4 桃"]}]
    assert of(events, type="move", reason="忠义") == [
        {"type": "move", "cards": ["♥4 桃"], "from": {"zone": "pile:义", "seat": 1}, "to": {"zone": "discard"},
         "reason": "忠义"}]
    assert of(events, type="damage")[0]["amount"] == 2


def test_zhongyi_twin_no_bonus() -> None:
    """The 杀 of his side deals 1 while 义 are left: the amount is wrong."""
    assert "SGS-D001" in flagged(zhongyi(spend=False), lambda evs: evs)


# ---------------------------------------------------------------------------------------------------
# 诸葛瑾v33 缓释: a card from hand or equipment replaces a teammate's judgement (changeJudge, response)
# ---------------------------------------------------------------------------------------------------


def huanshi(*, teammate: bool = True) -> Recording:
    """曹操 (seat 2) puts 乐不思蜀 on 马超 (seat 4; in the twin on 孙权, seat 1, of the other side than
    诸葛瑾); 诸葛瑾 (seat 5) replaces the ♥ judged with a ♠ 杀 from his hand: the play phase is skipped."""
    judged = 4 if teammate else 1
    rec = game("sunquan", "caocao", "zhangfei", "machao", "v33__zhugejin", "huatuo",
               hands={**HANDS, 2: [241, 168, 169, 170], 5: [166, 180, 181, 182, 183]})
    rec.unit(2)
    rec.begin(2, [192, 194])
    rec.use(2, 241, to=[judged])
    rec.move([241], JUDGE, 9, to=judged, from_area=PROCESSING, skill=None)
    rec.end(2)
    rec.unit(judged)
    rec.begin(judged, [], judge=True)
    rec.phase(judged, "judge")
    rec.move([241], PROCESSING, 5, frm=judged, from_area=JUDGE, skill="phase_judge")
    rec.log("#StartJudgeReason", from_=judged, arg="indulgence")
    rec.log("#InitialJudge", from_=judged, arg=cid(207))
    rec.move([207], PROCESSING, 11, from_area=DRAW_PILE)
    rec.retrial(judged, 5, "v33__huanshi", 207, 166)
    rec.log("#JudgeResult", from_=judged, arg=cid(166))
    rec.move([166], DISCARD_PILE, 11, from_area=PROCESSING)
    rec.move([241], DISCARD_PILE, 6, from_area=PROCESSING, skill="phase_judge")
    rec.phase(judged, "draw")
    rec.draw(judged, [197, 198])
    rec.log("#PhaseSkipped", from_=judged, arg="phase_play")
    rec.end(judged, discard=HANDS[judged][:2])
    return rec


def test_huanshi_is_a_retrial() -> None:
    events = clean(huanshi())
    assert of(events, type="retrial") == [{"type": "retrial", "seat": 5, "card": "♠10 杀", "skill": "缓释"}]
    assert not of(events, type="skill", skill="缓释")
    assert of(events, type="phase_skip")[0]["reason"] == "乐不思蜀"


def test_huanshi_twin_enemy_judgement() -> None:
    assert "SGS-S004" in flagged(huanshi(teammate=False), lambda evs: evs)


# ---------------------------------------------------------------------------------------------------
# 诸葛瑾v33 弘援: one card fewer in the draw phase, each other teammate draws one
# ---------------------------------------------------------------------------------------------------


def hongyuan(*, own: list[int] | None = None) -> Recording:
    rec = game("sunquan", "v33__zhugejin", "zhangfei", "machao", "caocao", "huatuo")
    rec.unit(2)
    rec.turn_start(2)
    rec.phase(2, "start")
    rec.phase(2, "judge")
    rec.phase(2, "draw")
    rec.invoke(2, "v33__hongyuan")
    rec.draw(2, own or [192])
    rec.draw(1, [194], skill="v33__hongyuan")
    rec.draw(3, [197], skill="v33__hongyuan")
    rec.phase(2, "play")
    rec.end(2, discard=[168])
    return rec


def test_hongyuan() -> None:
    events = clean(hongyuan())
    assert of(events, type="skill", skill="弘援") == [{"type": "skill", "seat": 2, "skill": "弘援"}]
    assert [(d["seat"], d["reason"], d.get("skill")) for d in of(events, type="draw")[-3:]] == [
        (2, "phase", None), (1, "skill", "弘援"), (3, "skill", "弘援")]


def test_hongyuan_twin_draws_two_himself() -> None:
    assert "SGS-T003" in flagged(hongyuan(own=[192, 198]), lambda evs: evs)


# ---------------------------------------------------------------------------------------------------
# 黄权v33 忠谏: give a teammate one card, then draw one
# ---------------------------------------------------------------------------------------------------


def zhongjianh(*, to: int = 2) -> Recording:
    rec = game("v33__huangquan", "sunquan", "zhangfei", "machao", "caocao", "huatuo")
    rec.unit(1)
    rec.begin(1, [192, 194])
    rec.invoke(1, "zhongjianh", to=[to])
    rec.move([192], HAND, GIVE, frm=1, to=to, skill="zhongjianh", proposer=1)
    rec.draw(1, [197], skill="zhongjianh")
    rec.end(1, discard=[161, 162, 163])
    return rec


def test_zhongjianh() -> None:
    events = clean(zhongjianh())
    assert of(events, type="skill", skill="忠谏") == [
        {"type": "skill", "seat": 1, "skill": "忠谏", "targets": [2], "cards": ["♥2 闪"]}]
    assert not of(events, type="move")
    assert of(events, type="draw", skill="忠谏")[0]["cards"] == ["♦2 闪"]


def test_zhongjianh_twin_gives_an_enemy() -> None:
    assert "SGS-S004" in flagged(zhongjianh(to=4), lambda evs: evs)


# ---------------------------------------------------------------------------------------------------
# 徐盛v33 疑城: a teammate targeted by an enemy's 杀 draws one, then discards one hand card (or uses it
# when it is equipment)
# ---------------------------------------------------------------------------------------------------


def yicheng(*, equipment: bool) -> Recording:
    """张飞 (seat 3) slashes 马超 (seat 4); 徐盛 (seat 6) lets 马超 draw and discard a card (the drawn
    赤兔, used instead, when ``equipment``)."""
    rec = game("sunquan", "caocao", "zhangfei", "machao", "huatuo", "v33__xusheng")
    rec.unit(3)
    rec.begin(3, [192, 194])
    rec.use(3, 172, to=[4])
    rec.invoke(6, "v33__yicheng", to=[4])
    if equipment:
        rec.draw(4, [265], skill="v33__yicheng")
        rec.equip(4, 265)
    else:
        rec.draw(4, [197], skill="v33__yicheng")
        rec.discard(4, [176], skill="v33__yicheng")
    rec.damage(4, 3)
    rec.done([172])
    rec.end(3, discard=[173])
    return rec


@pytest.mark.parametrize("equipment", [False, True], ids=["discard", "equipment used"])
def test_yicheng(equipment: bool) -> None:
    events = clean(yicheng(equipment=equipment))
    assert of(events, type="skill", skill="疑城") == [{"type": "skill", "seat": 6, "skill": "疑城", "targets": [4]}]
    assert of(events, type="draw", skill="疑城")[0]["seat"] == 4
    if equipment:
        assert of(events, type="use", seat=4) == [{"type": "use", "seat": 4, "card": "♥5 赤兔"}]
    else:
        assert of(events, type="discard", seat=4) == [{"type": "discard", "seat": 4, "cards": ["♣J 杀"], "reason": "疑城"}]


def test_yicheng_twin_no_draw() -> None:
    assert flagged(yicheng(equipment=False), lambda evs: without(evs, type="draw", skill="疑城"))


# ---------------------------------------------------------------------------------------------------
# 夏侯惇v33 刚烈: after damage, name an enemy, judge; not ♥: two hand cards or 1 damage from 夏侯惇
# ---------------------------------------------------------------------------------------------------


def ganglie(*, damage: bool, judged: int = 166) -> Recording:
    """张飞 (seat 3) slashes 夏侯惇 (seat 4); 夏侯惇 names 曹操 (seat 2, not the source) and judges."""
    rec = game("sunquan", "caocao", "zhangfei", "v33__xiahoudun", "huatuo", "machao")
    rec.unit(3)
    rec.begin(3, [192, 194])
    rec.use(3, 172, to=[4])
    rec.damage(4, 3)
    rec.invoke(4, "v33__ganglie", to=[2])
    rec.judge(4, "v33__ganglie", judged)
    if damage:
        rec.damage(2, 4)
    else:
        rec.discard(2, [168, 169], skill="v33__ganglie")
    rec.done([172])
    rec.end(3, discard=[173])
    return rec


@pytest.mark.parametrize("damage", [False, True], ids=["two cards", "damage"])
def test_vsganglie(damage: bool) -> None:
    events = clean(ganglie(damage=damage))
    assert of(events, type="skill", skill="刚烈") == [{"type": "skill", "seat": 4, "skill": "刚烈", "targets": [2]}]
    assert of(events, type="judge")[0]["reason"] == "刚烈"
    if damage:
        assert of(events, type="damage", target=2) == [{"type": "damage", "target": 2, "amount": 1, "source": 4}]
    else:
        assert of(events, type="discard", seat=2)[0]["cards"] == ["♣3 杀", "♣4 杀"]


def test_vsganglie_twin_heart() -> None:
    """A ♥ judgement: no damage may follow."""
    assert "SGS-D003" in flagged(ganglie(damage=True, judged=207), lambda evs: evs)


# ---------------------------------------------------------------------------------------------------
# the mode's 无中生有 (v33__ex_nihilo): 2 cards, 3 when the user's side has fewer living characters;
# FreeKill's AI never plays it, so no recording shows it
# ---------------------------------------------------------------------------------------------------


def ex_nihilo(drawn: list[int]) -> Recording:
    rec = game("sunquan", "caocao", "zhangfei", "machao", "huatuo", "lvbu", hands={**HANDS, 2: [229, 168, 169, 170]})
    rec.unit(2)
    rec.begin(2, [192, 194])
    rec.use(2, 229, to=[2])
    rec.draw(2, drawn, skill="v33__ex_nihilo_skill")
    rec.done([229])
    rec.focus(2)
    rec.end(2, discard=[168, 169, 170][:len(drawn)])
    return rec


def test_ex_nihilo_two_cards_with_equal_sides() -> None:
    events = clean(ex_nihilo([197, 198]))
    assert of(events, type="use", seat=2)[0] == {"type": "use", "seat": 2, "card": "♥7 无中生有", "targets": [2]}
    assert of(events, type="draw", reason="card") == [
        {"type": "draw", "seat": 2, "cards": ["♦2 闪", "♦6 闪"], "reason": "card", "card_name": "无中生有"}]


def test_ex_nihilo_twin_three_cards_with_equal_sides() -> None:
    assert flagged(ex_nihilo([197, 198, 199]), lambda evs: evs) == {"SGS-D010"}
