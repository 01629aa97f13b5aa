"""Events as sentences a person reads, in Chinese or English.

One module for every human-facing view (the audit, ``sgs-replay show``, the game viewer), so an
event reads the same everywhere: ``3号位 吕布（Gu）对 1号位 刘备 使用 ♠7 杀`` /
``seat 3 吕布 (Gu) uses ♠7 杀 on seat 1 刘备``. Raw JSON stays available on demand, never in
these sentences.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Literal

import msgspec

from sgs_replay.formats import events as ev

Lang = Literal["zh", "en"]

PHASES = {"start": ("准备阶段", "start phase"), "judge": ("判定阶段", "judge phase"),
          "draw": ("摸牌阶段", "draw phase"), "play": ("出牌阶段", "play phase"),
          "discard": ("弃牌阶段", "discard phase"), "finish": ("结束阶段", "finish phase")}
ROLES = {"lord": ("主公", "lord"), "loyalist": ("忠臣", "loyalist"), "rebel": ("反贼", "rebel"),
         "renegade": ("内奸", "renegade"), "cold": ("冷色方", "cold side"), "warm": ("暖色方", "warm side"),
         "commander": ("主帅", "commander"), "vanguard": ("前锋", "vanguard")}
ZONES = {"hand": ("手牌", "hand"), "equip": ("装备区", "equipment"), "judge": ("判定区", "judge area"),
         "deck": ("牌堆", "draw pile"), "discard": ("弃牌堆", "discard pile"), "processing": ("处理区", "processing area"),
         "void": ("游戏外", "out of the game")}
NATURES = {"normal": ("", ""), "thunder": ("雷电", "thunder "), "fire": ("火焰", "fire ")}
DIRECTIONS = {"cw": ("顺时针", "clockwise"), "ccw": ("逆时针", "counter-clockwise")}


def word(table: Mapping[str, tuple[str, str]], key: str | None, lang: Lang) -> str:
    """A known term in ``lang``; an unknown one as it is."""
    if key is None:
        return ""
    pair = table.get(key)
    return (pair[0] if lang == "zh" else pair[1]) if pair else key


def phase_name(phase: str | None, lang: Lang) -> str:
    return word(PHASES, phase, lang)


def role_name(role: str | None, lang: Lang) -> str:
    return word(ROLES, role, lang)


class Namer:
    """Seat numbers → ``3号位 吕布（Gu）`` / ``seat 3 吕布 (Gu)``, from the game header."""

    def __init__(self, header: ev.Game | None, lang: Lang = "zh") -> None:
        self.lang: Lang = lang
        self.players = {p.seat: p for p in header.players} if header else {}

    def __call__(self, seat: int | None) -> str:
        if seat is None:
            return "无来源" if self.lang == "zh" else "no source"
        p = self.players.get(seat)
        base = f"{seat}号位" if self.lang == "zh" else f"seat {seat}"
        if p is None:
            return base
        shown = [g for g in (p.general, p.deputy) if g and g != "?"]  # 國戰: the deputy; `?` a face-down general
        who = f" {'/'.join(shown)}" if shown else ""
        if p.name:
            who += f"（{p.name}）" if self.lang == "zh" else f" ({p.name})"
        return base + who

    def seats(self, seats: list[int] | None) -> str:
        return ("、" if self.lang == "zh" else ", ").join(self(s) for s in seats or [])


def _cards(cards: list[str] | None, lang: Lang) -> str:
    if not cards:
        return "无牌" if lang == "zh" else "no cards"
    hidden = sum(1 for c in cards if c == "?")
    shown = [c for c in cards if c != "?"]
    if hidden:
        shown.append(f"{hidden}张暗牌" if lang == "zh" else f"{hidden} hidden card{'s' if hidden > 1 else ''}")
    return ("、" if lang == "zh" else ", ").join(shown)


def _card_of(e: ev.Use | ev.Respond, lang: Lang) -> str:
    if e.card is not None:
        return "一张暗牌" if e.card == "?" else e.card
    made = _cards(e.cards, lang) if e.cards else ("无牌" if lang == "zh" else "no card")
    return f"{_cards(e.cards, lang)}当【{e.as_}】" if lang == "zh" and e.cards else \
        (f"【{e.as_}】" if lang == "zh" else f"{e.as_} (made of {made})")


def _place(p: ev.Place, n: Namer) -> str:
    z = word(ZONES, p.zone.split(":")[0], n.lang) if not p.zone.startswith("pile:") else p.zone[5:]
    if p.seat is None:
        return z
    return f"{n(p.seat)}的{z}" if n.lang == "zh" else f"{n(p.seat)}'s {z}"


#: the logged reasons that are English words, as a Chinese sentence says them
REASONS_ZH = {"phase": "摸牌阶段", "initial": "起始手牌", "skill": "技能", "card": "卡牌效果", "turn_start": "回合开始",
              "reward": "奖惩", "recast": "重铸", "half": "阴阳鱼", "reform": "重整", "penalty": "惩罚", "draw": "摸牌",
              "death": "阵亡", "game_end": "游戏结束", "discard": "弃牌", "judge": "判定", "attrition": "消耗"}


def sentence(e: Any, n: Namer) -> str:
    """One event as a sentence in ``n.lang``."""
    zh = n.lang == "zh"
    why = getattr(e, "reason", None)
    if zh and isinstance(why, str):
        why = REASONS_ZH.get(why, why)
    via = getattr(e, "skill", None)
    r = (f"（{why}）" if zh else f" ({why})") if why else ""  # the logged reason, when there is one
    tail = ""
    if via:
        tail += f"（发动【{via}】）" if zh else f" (with {via})"
    if isinstance(e, ev.Turn):
        return f"{n(e.seat)}的回合开始" if zh else f"{n(e.seat)} begins a turn"
    if isinstance(e, ev.Phase):
        return f"{n(e.seat)}进入{phase_name(e.phase, 'zh')}" if zh else f"{n(e.seat)} enters the {phase_name(e.phase, 'en')}"
    if isinstance(e, ev.PhaseSkip):
        return f"{n(e.seat)}跳过{phase_name(e.phase, 'zh')}{r}" if zh else f"{n(e.seat)} skips the {phase_name(e.phase, 'en')}{r}"
    if isinstance(e, ev.TurnEnd):
        return f"{n(e.seat)}的回合结束" if zh else f"{n(e.seat)}'s turn ends"
    if isinstance(e, ev.Draw):
        src = e.card_name or why
        r = (f"（因{src}）" if zh else f" ({src})") if src else ""
        return (f"{n(e.seat)}摸{len(e.cards)}张牌：{_cards(e.cards, 'zh')}{r}{tail}" if zh
                else f"{n(e.seat)} draws {len(e.cards)}: {_cards(e.cards, 'en')}{r}{tail}")
    if isinstance(e, ev.Use):
        card = _card_of(e, n.lang)
        extra = ""
        if e.direction:
            extra += f"，{word(DIRECTIONS, e.direction, 'zh')}结算" if zh else f", resolving {word(DIRECTIONS, e.direction, 'en')}"
        if e.victim is not None:
            extra += f"，令其杀{n(e.victim)}" if zh else f", naming {n(e.victim)} as the victim"
        if e.targets:
            return (f"{n(e.seat)}对{n.seats(e.targets)}使用{card}{tail}{extra}" if zh
                    else f"{n(e.seat)} uses {card} on {n.seats(e.targets)}{tail}{extra}")
        return f"{n(e.seat)}使用{card}{tail}{extra}" if zh else f"{n(e.seat)} uses {card}{tail}{extra}"
    if isinstance(e, ev.Respond):
        card = _card_of(e, n.lang)
        return f"{n(e.seat)}打出{card}{tail}" if zh else f"{n(e.seat)} plays {card} in response{tail}"
    if isinstance(e, ev.Pass):
        return f"{n(e.seat)}不响应" if zh else f"{n(e.seat)} does not respond"
    if isinstance(e, ev.Discard):
        return f"{n(e.seat)}弃置{_cards(e.cards, 'zh')}{r}" if zh else f"{n(e.seat)} discards {_cards(e.cards, 'en')}{r}"
    if isinstance(e, ev.Move):
        return (f"{_cards(e.cards, 'zh')}从{_place(e.from_, n)}移到{_place(e.to, n)}{r}" if zh
                else f"{_cards(e.cards, 'en')} move from {_place(e.from_, n)} to {_place(e.to, n)}{r}")
    if isinstance(e, ev.Judge):
        return f"{n(e.seat)}的判定牌为{e.card}{r}" if zh else f"{n(e.seat)}'s judgement{' for ' + why if why else ''}: {e.card}"
    if isinstance(e, ev.Retrial):
        return f"{n(e.seat)}改判为{e.card}{tail}" if zh else f"{n(e.seat)} replaces the judgement with {e.card}{tail}"
    if isinstance(e, ev.Reveal):
        who = n(e.seat) if e.seat is not None else ""
        return f"{who}亮出{_cards(e.cards, 'zh')}" if zh else f"{who + ' ' if who else ''}reveals {_cards(e.cards, 'en')}".capitalize()
    if isinstance(e, ev.Pindian):
        mine, theirs = [*e.cards, "?", "?"][:2]
        return (f"{n(e.seat)}（{mine}）与{n(e.target)}（{theirs}）拼点" if zh
                else f"{n(e.seat)} ({mine}) and {n(e.target)} ({theirs}) compare cards (拼点)")
    if isinstance(e, ev.Skill):
        parts = [f"{n(e.seat)}发动【{e.skill}】" if zh else f"{n(e.seat)} invokes {e.skill}"]
        if e.targets:
            parts.append(f"，目标{n.seats(e.targets)}" if zh else f" on {n.seats(e.targets)}")
        if e.cards:
            parts.append(f"，用{_cards(e.cards, 'zh')}" if zh else f" with {_cards(e.cards, 'en')}")
        if e.choice is not None:
            parts.append(f"，选择{_choice(e.choice)}" if zh else f", choosing {_choice(e.choice)}")
        return "".join(parts)
    if isinstance(e, ev.Choose):
        return f"{n(e.seat)}选择{_choice(e.choice)}{r}" if zh else f"{n(e.seat)} chooses {_choice(e.choice)}{r}"
    if isinstance(e, ev.Damage):
        nat = word(NATURES, e.nature, n.lang)
        by = f"（{e.card}）" if zh and e.card else (f" with {e.card}" if e.card else "")
        if e.source is None:
            return f"{n(e.target)}受到{e.amount}点{nat}伤害{by}" if zh else f"{n(e.target)} takes {e.amount} {nat}damage{by}"
        return (f"{n(e.source)}对{n(e.target)}造成{e.amount}点{nat}伤害{by}" if zh
                else f"{n(e.source)} deals {e.amount} {nat}damage to {n(e.target)}{by}")
    if isinstance(e, ev.Recover):
        by = f"（{e.card}）" if zh and e.card else (f" with {e.card}" if e.card else "")
        return f"{n(e.seat)}回复{e.amount}点体力{by}" if zh else f"{n(e.seat)} recovers {e.amount} HP{by}"
    if isinstance(e, ev.LoseHp):
        return f"{n(e.seat)}失去{e.amount}点体力{r}" if zh else f"{n(e.seat)} loses {e.amount} HP{r}"
    if isinstance(e, ev.MaxHp):
        return (f"{n(e.seat)}的体力上限{'+' if e.delta > 0 else ''}{e.delta}" if zh
                else f"{n(e.seat)}'s max HP changes by {e.delta:+d}")
    if isinstance(e, ev.Dying):
        return f"{n(e.seat)}进入濒死状态" if zh else f"{n(e.seat)} is dying"
    if isinstance(e, ev.Death):
        by = (f"，凶手为{n(e.killer)}" if zh else f", killed by {n(e.killer)}") if e.killer is not None else ""
        return f"{n(e.seat)}阵亡{by}" if zh else f"{n(e.seat)} dies{by}"
    if isinstance(e, ev.DraftPool):
        return f"选将池：{'、'.join(e.generals)}" if zh else f"draft pool: {', '.join(e.generals)}"
    if isinstance(e, ev.DraftFirst):
        return f"{role_name(e.side, 'zh')}先选将" if zh else f"the {role_name(e.side, 'en')} picks first"
    if isinstance(e, ev.DraftPick):
        return (f"{role_name(e.side, 'zh')}选择{'、'.join(e.generals)}" if zh
                else f"the {role_name(e.side, 'en')} picks {', '.join(e.generals)}")
    if isinstance(e, ev.Lineup):
        return (f"{role_name(e.side, 'zh')}布阵：主帅{e.commander}，前锋{'、'.join(e.vanguards)}" if zh
                else f"the {role_name(e.side, 'en')} lines up: commander {e.commander}, vanguards {', '.join(e.vanguards)}")
    if isinstance(e, ev.GeneralChoice):
        later = (f"（备选：{'、'.join(e.reserves)}）" if zh else f" (reserves: {', '.join(e.reserves)})") if e.reserves is not None else ""
        if e.turned_up:  # 转世: the unused generals turned up before it
            later += f"（先翻开：{'、'.join(e.turned_up)}）" if zh else f" (turned up before it: {', '.join(e.turned_up)})"
        return f"{n(e.seat)}的{e.general}登场{later}" if zh else f"{e.general} enters play for {n(e.seat)}{later}"
    if isinstance(e, ev.RevealGeneral):
        shown = "、".join(g for g in (e.main, e.deputy) if g) if zh else ", ".join(g for g in (e.main, e.deputy) if g)
        why = ""
        if e.skill:
            why = f"以发动{e.skill}" if zh else f" to use {e.skill}"
        elif e.reason == "death":
            why = "（阵亡）" if zh else " as it dies"
        kingdom = (f"，势力为{winner_name(e.kingdom, 'zh')}" if zh else f" ({winner_name(e.kingdom, 'en')})") if e.kingdom else ""
        return f"{n(e.seat)}明置{shown}{why}{kingdom}" if zh else f"{n(e.seat)} turns {shown} face up{why}{kingdom}"
    if isinstance(e, ev.FirstAction):
        return f"{role_name(e.side, 'zh')}先行动" if zh else f"the {role_name(e.side, 'en')} acts first"
    if isinstance(e, ev.ActionUnit):
        who = ("主帅" if e.who == "commander" else "前锋") if zh else ("commander" if e.who == "commander" else "vanguards")
        order = (f"（顺序 {n.seats(e.order)}）" if zh else f" (order {n.seats(e.order)})") if e.order else ""
        return f"{role_name(e.side, 'zh')}的{who}行动{order}" if zh else f"the {role_name(e.side, 'en')}'s {who} act{order}"
    if isinstance(e, ev.Penalty):
        who = n(e.seat) if e.seat is not None else role_name(e.side, n.lang)
        return f"{who}被罚{e.points}分{r}" if zh else f"{who} is penalised {e.points} point(s){r}"
    if isinstance(e, ev.TimeUp):
        return "比赛时间到" if zh else "time is up"
    if isinstance(e, ev.Resign):
        return f"{role_name(e.side, 'zh')}认输" if zh else f"the {role_name(e.side, 'en')} resigns"
    if isinstance(e, ev.GameEnd):
        return f"游戏结束，{winner_name(e.winner, 'zh')}获胜{r}" if zh else f"the game ends: {winner_name(e.winner, 'en')} wins{r}"
    if isinstance(e, ev.Game):
        return "对局开始" if zh else "the game begins"
    return ev.event_type(e) if isinstance(e, msgspec.Struct) else str(e)


WINNERS = {"lord": ("主公与忠臣", "the lord and loyalists"), "rebel": ("反贼", "the rebels"),
           "renegade": ("内奸", "the renegade"), "cold": ("冷色方", "the cold side"), "warm": ("暖色方", "the warm side"),
           "draw": ("平局", "nobody (a draw)"),
           "wei": ("魏势力", "the 魏 kingdom"), "shu": ("蜀势力", "the 蜀 kingdom"), "wu": ("吴势力", "the 吴 kingdom"),
           "qun": ("群势力", "the 群 kingdom"), "careerist": ("野心家", "the 野心家")}


def winner_name(winner: str | None, lang: Lang) -> str:
    return word(WINNERS, winner, lang)


def _choice(c: Any) -> str:
    if isinstance(c, list):
        return "、".join(str(x) for x in c)
    return str(c)


def from_json(text: str) -> Any | None:
    """A logged event from its JSON text; None when the text is not one."""
    try:
        return msgspec.json.decode(text.encode(), type=ev.Event)
    except (msgspec.DecodeError, msgspec.ValidationError):
        return None


def looks_like_event(text: str | None) -> bool:
    if not text or not text.startswith("{"):
        return False
    try:
        return isinstance(json.loads(text), dict) and "type" in json.loads(text)
    except ValueError:
        return False
