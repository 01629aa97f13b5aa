"""Violations in words: expected and observed in Chinese or English, orders with their sort key,
and what would settle a check that a hidden card made impossible.

The engine's ``expected``/``observed`` are short technical values (``at most 1``, ``seat 5 next``,
the event's JSON, or the next event's type in backticks when a consequence was skipped). Here they
become sentences; nothing printed says ``None``, shows backticks or raw JSON.
"""

from __future__ import annotations

import re
from typing import Any

from sgs_replay.formats.narrate import Lang, Namer, from_json, looks_like_event, sentence

#: rules that are about an order: what the order is sorted by
ORDER_KEYS: dict[str, tuple[str, str]] = {
    "SGS-R001": ("按行动顺序：从使用者的下家开始，依座位顺序（3v3 按使用者选择的方向）",
                 "turn order: from the user's next seat onwards in seat order (3v3: the direction the user chose)"),
    "SGS-R002": ("后放置的延时类锦囊先判定", "the delayed trick placed last is judged first"),
    "SGS-R003": ("从当前回合角色开始，依行动顺序", "from the current player, in turn order"),
    "SGS-R005": ("当前回合角色的技能先结算，其后依行动顺序；同一角色：锁定技、武将技能、装备技能",
                 "the current player's skills first, then in turn order; one player's: locked, general, equipment"),
    "SGS-R006": ("按技能描述的顺序", "in the order the text describes"),
    "SGS-T001": ("座位顺序：从主公开始，逆时针（座位号递增）", "seat order from the lord (seat numbers ascending)"),
    "SGS-T002": ("准备、判定、摸牌、出牌、弃牌、结束", "start, judge, draw, play, discard, finish"),
}

_ZH_VALUES: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"^at most (\d+) cards?$"), r"至多\1张牌"),
    (re.compile(r"^at most (\d+)$"), r"至多\1"),
    (re.compile(r"^seat (\d+) next$"), r"\1号位先结算"),
    (re.compile(r"^seat (\d+)$"), r"\1号位"),
    (re.compile(r"^distance ≤ (\d+)$"), r"距离≤\1"),
    (re.compile(r"^HP below max$"), "体力未满"),
    (re.compile(r"^draw (\d+) \(reason reward\)$"), r"摸\1张牌（奖励）"),
    (re.compile(r"^damage to \[([\d, ]+)\]$"), r"对\1号位造成伤害"),
    (re.compile(r"^one of \[(.*)\]$"), r"以下之一：\1"),
    (re.compile(r"^no lord skill$"), "不使用主公技"),
    (re.compile(r"^a (cold|warm) unit$"), r"\1 行动单元"),
    (re.compile(r"^turn of seat (\d+)$"), r"\1号位的回合"),
]


def _plain(value: str) -> str:
    return value.replace("`", "").replace("'", "")


_INSTEAD = re.compile(r"^an? ([a-z ]+) event instead$")


def value_words(value: str | None, lang: Lang, *, rule_en: str = "", rule_zh: str = "") -> str:
    """An engine value in words ('' when there is none)."""
    if value is None or value == "None":
        return ""
    if value == rule_en:
        return rule_zh if lang == "zh" else rule_en
    if lang == "zh":
        from sgs_replay.rules.zh import EVENTS

        m = _INSTEAD.match(value)
        if m:
            ev = m.group(1).replace(" ", "_")
            return f"日志接着记录了{EVENTS.get(ev, ev)}"
        for pat, rep in _ZH_VALUES:
            if pat.match(value):
                return _plain(pat.sub(rep, value)).replace("cold", "冷色方").replace("warm", "暖色方")
    return _plain(value)


def observed_words(value: str | None, lang: Lang, namer: Namer, event: Any, line: int) -> str:
    """What the log shows: the event as a sentence where the engine kept the event or its type."""
    if value is None or value == "None":
        return ""
    if looks_like_event(value):
        e = from_json(value)
        return sentence(e, namer) if e is not None else _plain(value)
    if re.fullmatch(r"`[a-z_]+`", value):
        if event is None:
            return _plain(value)
        s = sentence(event, namer)
        return f"日志接着记录了第{line}行：{s}" if lang == "zh" else f"the log goes on at line {line}: {s}"
    return value_words(value, lang)


def order_words(rule_id: str, message: str, lang: Lang) -> dict[str, str] | None:
    """For a rule about an order: the order expected (from the message), and the sort key."""
    key = ORDER_KEYS.get(rule_id)
    if key is None:
        return None
    out = {"key": key[0] if lang == "zh" else key[1]}
    m = re.search(r"\((?:order|judge area) \[([^\]]*)\]\)", message)
    if m:
        items = [x.strip().strip("'\"") for x in m.group(1).split(",") if x.strip()]
        if items and all(x.isdigit() for x in items):
            items = [(f"{x}号位" if lang == "zh" else f"seat {x}") for x in items]
        out["order"] = " → ".join(items)
    return out


_SETTLE: list[tuple[re.Pattern[str], str, str]] = [
    (re.compile(r"a hidden card is used"), "所用的牌是哪一张（该角色当时的手牌）", "which card was used (that seat's hand at that moment)"),
    (re.compile(r"(\S+) may be one of seat (\d+)'s hidden cards"), r"\2号位当时的手牌是否有\1", r"whether seat \2 held \1 at that moment"),
    (re.compile(r"hidden judgement card"), "判定牌的牌面", "the face of the judgement card"),
]


#: the check a hidden card made impossible, in Chinese (the engine writes it in English)
_WHAT_ZH: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"^a hidden card is used$"), "所使用的牌是暗牌"),
    (re.compile(r"^a hidden card used as the 借刀杀人 杀$"), "借刀杀人所用的杀是暗牌"),
    (re.compile(r"^effect of a hidden card$"), "暗牌的效果"),
    (re.compile(r"^hidden judgement card$"), "判定牌是暗牌"),
    (re.compile(r"^(\S+) may be (?:a hidden card|one of seat (\d+)'s hidden cards)(?: of seat (\d+))?$"), "{0}可能是{1}号位的暗牌"),
    (re.compile(r"^a card draw outside the card's resolution$"), "牌的结算之外的摸牌"),
    (re.compile(r"^damage from an unchecked skill$"), "来自未检查技能的伤害"),
    (re.compile(r"^recovery from an unchecked source$"), "来自未检查来源的体力回复"),
    (re.compile(r"^(\S+) outside a 闪 demand the engine tracks$"), "{0}不在引擎跟踪的【闪】需求中"),
    (re.compile(r"^(\S+?): (?:the judgement card|the revealed card|a 拼点 card) is hidden$"), "{0}：相关的牌是暗牌"),
    (re.compile(r"^反间: the card or the guess is not known$"), "反间：牌或所猜花色未知"),
    (re.compile(r"^a draw by (\S+) that no open effect expects$"), "{0}的摸牌不属于任何进行中的效果"),
    (re.compile(r"^skill (\S+): effect not checked$"), "技能{0}：效果未检查"),
    (re.compile(r"^skill (\S+) is not known$"), "未知技能{0}"),
    (re.compile(r"^no rule for (\S+)$"), "没有关于{0}的规则"),
    (re.compile(r"^seat (\d+)'s general is not known"), "{0}号位的武将未知，失去哪些技能未知"),
    (re.compile(r"^seat (\d+) died with its generals unknown"), "{0}号位阵亡时武将未知，其势力的奖励未检查"),
    (re.compile(r"^a 國戰 start position"), "国战初始局面未记录哪些武将明置"),
    (re.compile(r"^a start position after a death: which characters"), "阵亡之后的初始局面：哪些角色已转世未知"),
    (re.compile(r"^a start position after a death: whether"), "阵亡之后的初始局面：保护是否仍然有效未知"),
]


def _what_zh(why: str) -> str:
    for pat, zh in _WHAT_ZH:
        m = pat.search(why)
        if m:
            return zh.format(*[g for g in m.groups() if g])
    return "此项检查因暗牌或未记录的信息无法进行"


def unverifiable_words(note: str, lang: Lang) -> tuple[str, str]:
    """(the check that could not be made, the fact that would settle it)."""
    m = re.match(r"line (\d+): (.*)", note)
    line, why = (m.group(1), m.group(2)) if m else ("", note)
    where = (f"第{line}行：" if lang == "zh" else f"line {line}: ") if line else ""
    for pat, zh, en in _SETTLE:
        hit = pat.search(why)
        if hit:
            return where + (_what_zh(why) if lang == "zh" else _plain(why)), hit.expand(zh if lang == "zh" else en)
    return where + (_what_zh(why) if lang == "zh" else _plain(why)), ("该处暗牌的牌面" if lang == "zh" else "the faces of the hidden cards at that line")
