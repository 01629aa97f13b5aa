"""The table as a picture: an SVG drawn by our own jinja2 template (autoescaped).

Seats sit around the table in seat order (seat 1 at the bottom, the next seats counter-clockwise,
as the rulebooks seat the players); each shows the general, the player, the role or side, HP,
the hand (the cards when the log shows them all, else their count), equipment and judge area. The
acting seat and the targets of the event are highlighted.
"""

from __future__ import annotations

import math
from functools import cache
from typing import Any

from sgs_replay.formats.narrate import Lang, phase_name, role_name
from sgs_replay.formats.safe import plain
from sgs_replay.report.positions import Position, SeatView

W, H = 980, 720
BOX_W, BOX_H = 232, 150

_SVG = """<svg xmlns="http://www.w3.org/2000/svg" class="sgs-table" viewBox="0 0 {{ W }} {{ H }}" width="{{ W }}" height="{{ H }}" role="img" aria-label="{{ caption }}" font-family="'Noto Sans CJK SC', 'Noto Sans', sans-serif" font-size="13">
<title>{{ caption }}</title>
<ellipse cx="{{ W / 2 }}" cy="{{ H / 2 }}" rx="{{ W / 2 - 190 }}" ry="{{ H / 2 - 150 }}" fill="#2f6b3a" stroke="#1d4426" stroke-width="6"/>
<text x="{{ W / 2 }}" y="{{ H / 2 - 8 }}" text-anchor="middle" fill="#fff" font-size="17" font-weight="600">{{ caption }}</text>
{% if subcaption %}<text x="{{ W / 2 }}" y="{{ H / 2 + 16 }}" text-anchor="middle" fill="#dfe" font-size="13">{{ subcaption }}</text>{% endif %}
{% for b in boxes %}<g class="seat{{ ' actor' if b.actor }}{{ ' target' if b.target }}{{ ' dead' if not b.s.alive }}" data-seat="{{ b.s.seat }}" transform="translate({{ b.x }},{{ b.y }})">
<rect width="{{ BOX_W }}" height="{{ BOX_H }}" rx="10" fill="{{ '#e5e5e5' if not b.s.alive else '#fffdf6' }}" stroke="{{ b.stroke }}" stroke-width="{{ b.width }}"{% if b.target and not b.actor %} stroke-dasharray="7 4"{% endif %}/>
<text x="10" y="20" font-weight="700" font-size="15">{{ b.s.seat }} · {{ b.s.general }}{% if b.current %} ▶{% endif %}</text>
<text x="{{ BOX_W - 10 }}" y="20" text-anchor="end" fill="#555">{{ b.role }}</text>
<text x="10" y="38" fill="#333">{{ b.s.name }}{% if not b.s.alive %} · {{ L.dead }}{% elif b.s.dying %} · {{ L.dying }}{% endif %}</text>
<text x="10" y="58">{{ L.hp }} {{ b.s.hp }}/{{ b.s.max_hp }}</text>
{% for k in range(b.s.max_hp if b.s.max_hp < 9 else 8) %}<rect x="{{ 84 + k * 16 }}" y="48" width="12" height="12" rx="3" fill="{{ '#c62828' if k < b.s.hp else '#ddd' }}"/>{% endfor %}
{% for row in b.hand_rows %}<text x="10" y="{{ 78 + loop.index0 * 16 }}">{{ row }}</text>{% endfor %}
<text x="10" y="{{ 78 + b.hand_rows | length * 16 }}" fill="#234">{{ L.equip }} {{ b.equip }}</text>
<text x="10" y="{{ 94 + b.hand_rows | length * 16 }}" fill="#642">{{ L.judge }} {{ b.judge }}</text>
</g>
{% endfor %}{% if arrows %}<defs><marker id="sgs-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#d97706"/></marker></defs>
{% for a in arrows %}<line class="action-arrow" x1="{{ a.x1 }}" y1="{{ a.y1 }}" x2="{{ a.x2 }}" y2="{{ a.y2 }}" stroke="#d97706" stroke-width="4" stroke-opacity=".85" marker-end="url(#sgs-arrow)"/>
{% endfor %}{% endif %}{% if card %}<g class="action-card" transform="translate({{ W / 2 - 70 }},{{ H / 2 + 30 }})"><rect width="140" height="44" rx="6" fill="#fff" stroke="#d97706" stroke-width="3"/>
<text x="70" y="29" text-anchor="middle" font-size="18" font-weight="700" fill="{{ '#c62828' if card_red else '#111' }}">{{ card }}</text></g>{% endif %}</svg>
"""

LABELS = {"zh": {"hp": "体力", "hand": "手牌", "equip": "装备", "judge": "判定", "dead": "阵亡", "dying": "濒死",
                 "none": "—", "cards": "张"},
          "en": {"hp": "HP", "hand": "hand", "equip": "equip", "judge": "judge", "dead": "dead", "dying": "dying",
                 "none": "—", "cards": "cards"}}


@cache
def _template() -> Any:
    import jinja2

    env = jinja2.Environment(autoescape=True, undefined=jinja2.StrictUndefined, finalize=plain)
    return env.from_string(_SVG)


#: the width of a box's text line, in ems of its 13 px font (the box is BOX_W wide, 10 px padding)
LINE_EM = (BOX_W - 20) / 13


def em_width(text: str) -> float:
    """About how many ems ``text`` takes: a CJK character or a suit is one, a Latin letter or digit half
    and a bit."""
    import unicodedata

    return sum(1.0 if unicodedata.east_asian_width(c) in "WF" or c in "♠♥♣♦" else 0.6 for c in text)


def fit(text: str, em: float = LINE_EM) -> str:
    """``text`` cut with … to fit a line of ``em`` ems."""
    if em_width(text) <= em:
        return text
    while text and em_width(text + " …") > em:
        text = text[:-1]
    return text.rstrip() + " …"


def _hand_rows(s: SeatView, lang: Lang) -> list[str]:
    L = LABELS[lang]
    if s.cards is None:
        known = f" ({', '.join(s.known)})" if s.known else ""
        return [fit(f"{L['hand']} {s.hand} {L['cards']}{known}")]
    if not s.cards:
        return [f"{L['hand']} {L['none']}"]
    rows, row = [], f"{L['hand']}"
    for c in s.cards:
        if em_width(row + " " + c) > LINE_EM:
            rows.append(row)
            row = "  "
        row += " " + c
    rows.append(row)
    return rows if len(rows) <= 3 else [*rows[:2], fit(rows[2] + " " + "…")]


def caption_of(p: Position, lang: Lang, label: str = "") -> tuple[str, str]:
    """(caption, subcaption) of a position: ``事件之前`` and ``第2轮 · 3号位的出牌阶段 · 第8行``."""
    bits = []
    if p.round:
        bits.append(f"第{p.round}轮" if lang == "zh" else f"round {p.round}")
    if p.current is not None:
        ph = phase_name(p.phase, lang)
        bits.append(f"{p.current}号位的{ph or '回合'}" if lang == "zh" else f"seat {p.current}'s {ph or 'turn'}")
    if p.index:
        bits.append(f"第{p.line}行之后" if lang == "zh" else f"after line {p.line}")
    else:
        bits.append("第一个事件之前" if lang == "zh" else "before the first event")
    full = " · ".join(bits)
    return (label, full) if label else (full, "")


def table_svg(p: Position, lang: Lang = "zh", *, actor: int | None = None, targets: list[int] | None = None,
              label: str = "", card: str | None = None, arrows: bool = False) -> str:
    """The position ``p`` as an SVG picture; ``label`` (e.g. 'before the event') is its caption. With
    ``arrows`` the action is drawn: an arrow from the actor to each target, and ``card`` (the card
    used or played) shown in the middle of the table."""
    L = LABELS[lang]
    n = max(len(p.seats), 1)
    cx, cy, rx, ry = W / 2, H / 2, W / 2 - BOX_W / 2 - 12, H / 2 - BOX_H / 2 - 10
    boxes = []
    targets = targets or []
    for i, s in enumerate(p.seats):
        a = math.radians(90 - 360 * i / n)
        x, y = cx + rx * math.cos(a) - BOX_W / 2, cy + ry * math.sin(a) - BOX_H / 2
        is_actor, is_target = s.seat == actor, s.seat in targets
        boxes.append({
            "s": s, "x": round(x, 1), "y": round(y, 1), "actor": is_actor, "target": is_target,
            "current": s.seat == p.current, "role": role_name(s.role, lang),
            "stroke": "#d97706" if is_actor else "#c62828" if is_target else "#777",
            "width": 5 if is_actor or is_target else 1.5,
            "hand_rows": _hand_rows(s, lang),
            "equip": fit(" ".join(s.equip), LINE_EM - em_width(L["equip"]) - 0.5) or L["none"],
            "judge": fit(" ".join(s.judge), LINE_EM - em_width(L["judge"]) - 0.5) or L["none"],
        })
    cap, sub = caption_of(p, lang, label)
    lines = []
    if arrows and actor is not None:
        centre = {s.seat: (float(b["x"]) + BOX_W / 2, float(b["y"]) + BOX_H / 2)  # type: ignore[arg-type]
                  for s, b in zip(p.seats, boxes, strict=True)}
        for t in targets:
            if t == actor or t not in centre or actor not in centre:
                continue
            (x1, y1), (x2, y2) = centre[actor], centre[t]
            d = math.hypot(x2 - x1, y2 - y1) or 1.0
            # from the edge of the actor's box to the edge of the target's (about)
            k1, k2 = min(0.45, (BOX_H / 2 + 6) / d), max(0.55, 1 - (BOX_H / 2 + 10) / d)
            lines.append({"x1": round(x1 + (x2 - x1) * k1, 1), "y1": round(y1 + (y2 - y1) * k1, 1),
                          "x2": round(x1 + (x2 - x1) * k2, 1), "y2": round(y1 + (y2 - y1) * k2, 1)})
    return str(_template().render(W=W, H=H, BOX_W=BOX_W, BOX_H=BOX_H, boxes=boxes, caption=cap, subcaption=sub, L=L,
                                  arrows=lines, card=card if arrows else None,
                                  card_red=bool(card) and (card or "")[:1] in "♥♦"))
