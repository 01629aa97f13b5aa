"""``sgs-replay show FILE --format html``: the whole game in one file a coach can send to a student.

One self-contained page (no network: the script, the styles and a subset of the CJK font are inside)
that steps through every position the validator's own pass recorded (:class:`~sgs_replay.report.
positions.Recorder`): the table as the same SVG picture as the audit, with the last action drawn
(an arrow from the user to each target, the card in the middle), the events in log order with the
current one highlighted, ←/→ for an event, ↑/↓ (or the buttons) for a turn, the round jumps, and
the previous/next violation with its message. With ``--moves`` each position lists the cards the
player to act could legally use there (the engine's legality checks). A screen of 1,240 px or more
shows the board beside the events, a narrower one the events above the board (the board keeps card
text of 12 px or more), a phone the board, then the seats as a table, then the events.
:func:`replay_data` computes the steps once; :func:`page_html` draws them, also inside the
dashboard's game viewer (``embedded``).
"""

from __future__ import annotations

import json
import re
from typing import Any

from sgs_replay.formats.narrate import Lang, Namer, sentence
from sgs_replay.formats.reader import ParsedLog
from sgs_replay.formats.safe import plain
from sgs_replay.report.svg import W as _W

LABELS = {
    "zh": {"start": "开始", "prev_round": "上一轮", "prev_turn": "上一回合", "prev": "上一步", "next": "下一步",
           "next_turn": "下一回合", "next_round": "下一轮", "end": "结束", "prev_v": "上一处违规", "next_v": "下一处违规",
           "events": "事件", "violations": "违规", "moves": "此时可使用的牌（不含转化与技能）", "none": "无",
           "start_pos": "初始局面", "keyhelp": "键盘：←/→ 一步，↑/↓ 一回合，PageUp/PageDown 一轮，V 下一处违规",
           "seat": "座位", "who": "武将", "hp": "体力", "hand": "手牌", "equip": "装备", "judge": "判定区",
           "line": "第{n}行", "step": "第{i}/{n}步", "notes": "教练提示（非违规）"},
    "en": {"start": "Start", "prev_round": "Prev round", "prev_turn": "Prev turn", "prev": "Back", "next": "Next",
           "next_turn": "Next turn", "next_round": "Next round", "end": "End", "prev_v": "Prev violation",
           "next_v": "Next violation", "events": "Events", "violations": "Violations",
           "moves": "Cards the player to act may use (conversions and skills not listed)", "none": "none",
           "start_pos": "Start position", "keyhelp": "Keys: ←/→ one event, ↑/↓ one turn, PageUp/PageDown one round, V next violation",
           "seat": "seat", "who": "general", "hp": "HP", "hand": "hand", "equip": "equipment", "judge": "judge area",
           "line": "line {n}", "step": "step {i}/{n}", "notes": "Coach notes (not violations)"},
}


def _action(e: Any) -> tuple[int | None, list[int], str | None]:
    """Who acted, on whom, with which card (as the log writes it) — for the picture."""
    from sgs_replay.formats import events as ev
    from sgs_replay.report import _actor_targets

    if e is None:
        return None, [], None
    actor, targets = _actor_targets(e)
    card = None
    if isinstance(e, (ev.Use, ev.Respond)):
        card = e.card if e.card and e.as_ is None else (e.as_ or None)
    elif isinstance(e, ev.Damage) and e.card:
        card = e.card
    return actor, targets, card


_CUT = re.compile("|".join("(?=" + re.escape(m) + ")" for m in (
    "<ellipse", f'<text x="{_W / 2}"', '<g class="seat', "<defs>", '<g class="action-card', "</svg>")))


def _pieces(svg: str, pieces: dict[str, int]) -> list[int]:
    """A board as indexes into ``pieces`` (the page joins them again): the frame, each seat, the action."""
    out = []
    for part in _CUT.split(svg):
        if part:
            out.append(pieces.setdefault(part, len(pieces)))
    return out


def replay_data(parsed: ParsedLog, ruleset_name: str | None = None, *, lang: Lang = "zh", moves: bool = False,
                seat: int | None = None) -> dict[str, Any]:
    """Every position of ``parsed`` as the replay page steps through them: the boards (as pieces kept
    once), the captions, the sentences, the violations and coach notes at each step, the seats' rows
    and HP, the turn and round starts. The standalone page and the dashboard's viewer both show it."""
    from sgs_replay.engine import legality
    from sgs_replay.replay.validate import validate_parsed
    from sgs_replay.report.notes import NoteTaker
    from sgs_replay.report.positions import Recorder
    from sgs_replay.report.render import _seat_row
    from sgs_replay.report.svg import caption_of, table_svg

    rec = Recorder(parsed)
    taker = NoteTaker(parsed)  # the coach notes, in the same pass
    legal: dict[int, tuple[int | None, list[str]]] = {}

    def on_step(i: int, engine: Any) -> None:
        rec(i, engine)
        taker(i, engine)
        if moves:
            who = seat if seat is not None else engine.current
            uses = legality.legal_uses(engine, who) if who is not None else []
            legal[i] = (who, [str(u.card) + (" → " + ", ".join(
                (f"{t}号位" if lang == "zh" else f"seat {t}") for t in u.targets) if u.targets else "")
                for u in uses])

    replay = validate_parsed(parsed, ruleset_name, on_step=on_step)
    namer = Namer(parsed.header, lang)
    by_line: dict[int, list[str]] = {}
    from sgs_replay.report import Finding
    from sgs_replay.rules import REGISTRY

    for v in replay.report.violations:
        f = Finding(violation=v, rule=REGISTRY.get(v.rule), event=None, before=None, after=None, actor=None, targets=[])
        by_line.setdefault(v.line, []).append(f"{v.rule} {plain(f.message(lang, namer))}")
    notes_by_index: dict[int, list[str]] = {}
    for n in taker.notes:
        notes_by_index.setdefault(int(n["index"]), []).append(str(n[lang]))
    steps: list[dict[str, Any]] = []
    pieces: dict[str, int] = {}  # the boards' pieces, each kept once (a seat that did not change is the same piece)
    n_events = len(parsed.events)
    for i, p in enumerate(rec.positions):
        if p is None:
            break
        e = parsed.events[i - 1][1] if i else None
        actor, targets, card = _action(e)
        cap, sub = caption_of(p, lang)
        who, uses = legal.get(i, (None, []))
        steps.append({
            "svg": _pieces(table_svg(p, lang, actor=actor, targets=targets, card=card, arrows=True), pieces),
            "caption": sub or cap, "line": p.line if i else None, "turn": p.turn, "round": p.round or 0,
            "said": plain(sentence(e, namer)) if e is not None else "",
            "violations": by_line.get(p.line, []) if i else [],
            "rows": [_seat_row(s, lang) for s in p.seats], "hp": [s.hp for s in p.seats],
            "who": plain(namer(who)) if who is not None else "", "moves": uses, "notes": notes_by_index.get(i, []),
        })
    last = len(steps) - 1
    turns = sorted({i for i in rec.turn_starts() if i <= last})
    rounds = [i for i in range(1, len(steps)) if steps[i]["round"] != steps[i - 1]["round"]]
    return {"pieces": list(pieces), "steps": steps, "turns": turns, "rounds": rounds,
            "violations": [i for i, s in enumerate(steps) if s["violations"]], "moves": moves,
            "L": LABELS[lang], "events": n_events,
            "seats": [plain(namer(s.seat)) for s in rec.positions[0].seats] if steps and rec.positions[0] else []}


def replay_page(parsed: ParsedLog, ruleset_name: str | None = None, *, lang: Lang = "zh", start: int = 0,
                moves: bool = False, seat: int | None = None) -> str:
    """The standalone replay of ``parsed``, opening at position ``start`` (0: before the first event)."""
    return page_html(replay_data(parsed, ruleset_name, lang=lang, moves=moves, seat=seat), title=parsed.name,
                     lang=lang, start=start)


def page_html(data: dict[str, Any], *, title: str, lang: Lang = "zh", start: int = 0, embedded: bool = False,
              font_text: str = "") -> str:
    """The replay page of ``data`` (:func:`replay_data`), opening at position ``start``. ``embedded``: a
    page shown inside another (the dashboard's viewer names the game itself, so no title). The font it
    carries also covers the characters of ``font_text`` (the page around an embedded replay takes its
    face from it: one subset of the font, not two)."""
    import jinja2

    from sgs_replay.report.fonts import embed

    steps = data["steps"]
    data = {**data, "start": max(0, min(start, len(steps) - 1))}
    # inside <script>: no "<", ">" or "&" as such (a player's name can hold anything)
    blob = json.dumps(data, ensure_ascii=False).replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    env = jinja2.Environment(autoescape=True, finalize=plain)
    html = env.from_string(_HTML).render(title=title, L=LABELS[lang], lang=lang, data=blob, steps=steps,
                                         line_label=LABELS[lang]["line"], moves=data["moves"], embedded=embedded)
    return embed(html, font_text)


_HTML = """<!doctype html>
<html lang="{{ 'zh-Hans' if lang == 'zh' else 'en' }}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ title }}</title>
<style>
* { box-sizing: border-box; }
body { margin: 0; font-family: 'SGS Noto Sans CJK', 'Noto Sans CJK SC', system-ui, sans-serif; font-size: 15px; color: #111; }
svg text { font-family: 'SGS Noto Sans CJK', 'Noto Sans CJK SC', sans-serif; }
header { padding: .5rem 1rem; border-bottom: 1px solid #ddd; }
h1 { font-size: 1.1rem; margin: .2rem 0 .4rem; overflow-wrap: anywhere; }
.controls { display: flex; flex-wrap: wrap; gap: .35rem; align-items: center; }
.controls button { font: inherit; font-size: 14px; padding: .3rem .6rem; white-space: nowrap; border: 1px solid #999;
  border-radius: .3rem; background: #f7f7f7; cursor: pointer; }
.controls button:disabled { opacity: .45; cursor: default; }
.controls .pos { font-variant-numeric: tabular-nums; margin-left: .4rem; white-space: nowrap; }
.keys { color: #555; font-size: 13px; margin: .3rem 0 0; }
/* the board beside the events where it still gets 12 px card text (a 980-unit board of 13-unit text
   at least 905 px wide), else the events above the board */
main { display: grid; grid-template-columns: minmax(0, 1fr); gap: .8rem; padding: .6rem 1rem 1rem; }
@media (min-width: 1240px) { main { grid-template-columns: minmax(0, 1fr) 18rem; } }
@media (max-width: 1239px) { aside { order: -1; } #events { max-height: 9.5rem; } }
#board svg { width: 100%; height: auto; display: block; }
.caption { font-weight: 600; margin: .2rem 0; }
.said { margin: .2rem 0 .4rem; min-height: 1.3em; }
.violation { background: #fdecea; border-left: 4px solid #a40000; padding: .3rem .5rem; margin: .3rem 0; }
.note { background: #eef5ff; border-left: 4px solid #1d5fbf; padding: .3rem .5rem; margin: .3rem 0; }
aside { min-width: 0; }
aside h2 { font-size: 1rem; margin: .2rem 0; }
#events { position: relative; list-style: none; margin: 0; padding: 0; max-height: calc(100vh - 9rem); overflow: auto; border: 1px solid #ddd; font-size: 14px; }
#events li { padding: .2rem .4rem; border-bottom: 1px solid #eee; cursor: pointer; }
#events li .ln { color: #777; font-size: 12px; margin-right: .3rem; font-variant-numeric: tabular-nums; }
#events li.v { color: #a40000; }
#events li.current { background: #ffe9b3; font-weight: 600; }
#seats { display: none; border-collapse: collapse; width: 100%; font-size: 14px; margin: .5rem 0; }
#seats td, #seats th { border: 1px solid #ccc; padding: .2rem .35rem; text-align: left; vertical-align: top; }
#moves ul { margin: .2rem 0; padding-left: 1.2rem; }
@media (max-width: 900px) {
  #seats { display: table; }
  aside { order: 0; }
  #events { max-height: 40vh; }
}
body.embedded header { padding: .3rem .25rem; border: 0; }
body.embedded main { padding: .3rem .25rem .6rem; }
/* embedded, the frame is as tall as its content: no height from the viewport (it would grow with it) */
body.embedded #events { max-height: 12rem; }
@media (min-width: 1240px) { body.embedded #events { max-height: 44rem; } }
</style></head><body{% if embedded %} class="embedded"{% endif %}>
<header>{% if not embedded %}<h1>{{ title }}</h1>{% endif %}
<div class="controls" role="toolbar">
<button id="b-start">« {{ L.start }}</button><button id="b-prev-round">{{ L.prev_round }}</button>
<button id="b-prev-turn">↑ {{ L.prev_turn }}</button><button id="b-prev">← {{ L.prev }}</button>
<button id="b-next">{{ L.next }} →</button><button id="b-next-turn">{{ L.next_turn }} ↓</button>
<button id="b-next-round">{{ L.next_round }}</button><button id="b-end">{{ L.end }} »</button>
<button id="b-prev-v">◀ {{ L.prev_v }}</button><button id="b-next-v">{{ L.next_v }} ▶</button>
<span class="pos" id="pos"></span></div>
<p class="keys">{{ L.keyhelp }}</p></header>
<main><section><p class="caption" id="caption"></p><p class="said" id="said"></p><div id="alerts"></div>
<div id="board"></div>
<table id="seats"><thead><tr><th>{{ L.seat }}</th><th>{{ L.who }}</th><th>{{ L.hp }}</th><th>{{ L.hand }}</th><th>{{ L.equip }}</th><th>{{ L.judge }}</th></tr></thead><tbody></tbody></table>
{% if moves %}<div id="moves"><h2>{{ L.moves }}</h2><p id="moves-who"></p><ul></ul></div>{% endif %}
</section>
<aside><h2>{{ L.events }}</h2><ol id="events"><li data-i="0"><span class="ln"></span>{{ L.start_pos }}</li>
{% for s in steps[1:] %}<li data-i="{{ loop.index }}"{% if s.violations %} class="v"{% endif %}><span class="ln">{{ line_label.format(n=s.line) }}</span>{{ s.said }}</li>
{% endfor %}</ol></aside></main>
<script type="application/json" id="data">{{ data | safe }}</script>
<script>
// started once the page (and the font it carries) has loaded
window.addEventListener("load", function () {
  "use strict";
  var D = JSON.parse(document.getElementById("data").textContent);
  var S = D.steps, last = S.length - 1, cur = 0;
  var $ = function (id) { return document.getElementById(id); };
  var items = document.querySelectorAll("#events li");
  function after(list, i) { for (var k = 0; k < list.length; k++) if (list[k] > i) return list[k]; return null; }
  function before(list, i) { for (var k = list.length - 1; k >= 0; k--) if (list[k] < i) return list[k]; return null; }
  function text(tag, t, cls) { var e = document.createElement(tag); e.textContent = t; if (cls) e.className = cls; return e; }
  function show(i) {
    cur = Math.max(0, Math.min(last, i));
    var s = S[cur];
    $("board").innerHTML = s.svg.map(function (k) { return D.pieces[k]; }).join("");
    $("caption").textContent = s.caption;
    $("said").textContent = s.said;
    var al = $("alerts"); al.textContent = "";
    s.violations.forEach(function (v) { al.appendChild(text("p", v, "violation")); });
    s.notes.forEach(function (v) { al.appendChild(text("p", v, "note")); });
    var tb = document.querySelector("#seats tbody"); tb.textContent = "";
    s.rows.forEach(function (r) {
      var tr = document.createElement("tr");
      [r.seat, r.who, r.hp, r.hand, r.equip, r.judge].forEach(function (c) { tr.appendChild(text("td", String(c))); });
      tb.appendChild(tr);
    });
    if (D.moves) {
      $("moves-who").textContent = s.who;
      var ul = document.querySelector("#moves ul"); ul.textContent = "";
      (s.moves.length ? s.moves : [D.L.none]).forEach(function (m) { ul.appendChild(text("li", m)); });
    }
    items.forEach(function (li) { li.classList.remove("current"); });
    var li = items[cur], ev = $("events");
    if (li) {  // the list scrolls to it, not the page (nor the page around an embedded replay)
      li.classList.add("current");
      if (li.offsetTop < ev.scrollTop) ev.scrollTop = li.offsetTop;
      else if (li.offsetTop + li.offsetHeight > ev.scrollTop + ev.clientHeight) ev.scrollTop = li.offsetTop + li.offsetHeight - ev.clientHeight;
    }
    $("pos").textContent = D.L.step.replace("{i}", cur).replace("{n}", last);
    $("b-prev").disabled = $("b-start").disabled = cur === 0;
    $("b-next").disabled = $("b-end").disabled = cur === last;
    $("b-prev-turn").disabled = cur === 0; $("b-next-turn").disabled = after(D.turns, cur) === null;
    $("b-prev-round").disabled = cur === 0; $("b-next-round").disabled = after(D.rounds, cur) === null;
    $("b-prev-v").disabled = before(D.violations, cur) === null; $("b-next-v").disabled = after(D.violations, cur) === null;
    try { if (history.replaceState) history.replaceState(null, "", "#" + cur); } catch (err) { /* a frame without a URL of its own */ }
  }
  var go = {
    start: function () { show(0); }, end: function () { show(last); },
    prev: function () { show(cur - 1); }, next: function () { show(cur + 1); },
    prevTurn: function () { var t = before(D.turns, cur); show(t === null ? 0 : t); },
    nextTurn: function () { var t = after(D.turns, cur); if (t !== null) show(t); },
    prevRound: function () { var t = before(D.rounds, cur); show(t === null ? 0 : t); },
    nextRound: function () { var t = after(D.rounds, cur); if (t !== null) show(t); },
    prevV: function () { var t = before(D.violations, cur); if (t !== null) show(t); },
    nextV: function () { var t = after(D.violations, cur); if (t !== null) show(t); }
  };
  [["b-start", "start"], ["b-end", "end"], ["b-prev", "prev"], ["b-next", "next"], ["b-prev-turn", "prevTurn"],
   ["b-next-turn", "nextTurn"], ["b-prev-round", "prevRound"], ["b-next-round", "nextRound"],
   ["b-prev-v", "prevV"], ["b-next-v", "nextV"]].forEach(function (b) { $(b[0]).addEventListener("click", go[b[1]]); });
  items.forEach(function (li) { li.addEventListener("click", function () { show(+li.getAttribute("data-i")); }); });
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    var k = {ArrowLeft: "prev", ArrowRight: "next", ArrowUp: "prevTurn", ArrowDown: "nextTurn", PageUp: "prevRound",
             PageDown: "nextRound", Home: "start", End: "end", v: "nextV", V: "prevV"}[e.key];
    if (k) { e.preventDefault(); go[k](); }
  });
  var h = parseInt((location.hash || "").slice(1), 10);
  show(isNaN(h) ? D.start : h);
});
</script>
</body></html>
"""
