"""Step through one game: the standalone replay (``sgs-replay show FILE --format html``) in the page.

The viewer is that very page, embedded (``st.iframe``): the board drawn by the audit's SVG code with
the last action (an arrow from the user to each target, the card in the middle), the events in log
order with the current one highlighted, ←/→, turn and round jumps, previous/next violation, and the
coach notes at their moment. Stepping happens in the browser (no round trip per event), and a coach
sees in the dashboard exactly what the file they send shows. The page is made by our own template from
the stored header and events (``components/replay.py``; every text of the log escaped there, as in the
standalone file), not taken from the database as HTML.

Around it, from the store: the game picker, the result, the players, HP over the whole game, the coach
notes (labelled as notes, never as violations) and the violations. The game opens at its first
violation, or at the start when it has none; ``?game=ID&line=N`` opens it at the event on line N (the
violation explorer links here).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pandas as pd
import streamlit as st

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import queries as q
from components import replay as rp

from sgs_replay.formats.narrate import Lang, role_name, winner_name

#: the page's words in each language (the Chinese ones also name the characters of its embedded font)
T = {
    "zh": {"notes": "教练提示（非违规）", "notes_what": "玩家有明显更好的合法选择却放弃的时刻（建议，并非违规）。",
           "no_notes": "本局没有教练提示。", "hp": "体力变化", "marks": "虚线：红色为违规，蓝色为教练提示。",
           "line": "第{n}行", "won": "{who}获胜（{why}）", "event": "事件"},
    "en": {"notes": "Coach notes (not violations)",
           "notes_what": "Moments a player had a clearly better legal option and passed (advice, not a rule breach).",
           "no_notes": "No note for this game.", "hp": "HP over the game",
           "marks": "Dashed lines: red at a violation, blue at a coach note.", "line": "line {n}", "won": "{who} win ({why})", "event": "event"},
}

st.title("Game viewer")
# the board needs the width: 905 px or more keep its card text at 12 px, which the page's usual side margins
# (5rem each) leave only on screens wider than 1,400 px beside the sidebar
st.html("<style>[data-testid='stMainBlockContainer'] { padding-left: 1rem; padding-right: 1rem; }</style>")
q.require_db()

total = int(q.df(q.GAME_COUNT).iloc[0]["n"])
if total == 0:
    st.info("No games loaded yet.")
    st.stop()
wanted = st.query_params.get("game")
pick, find = st.columns([3, 1])
search = find.text_input("Find a game", key="game_search", placeholder="file name, game id …").strip()
games = q.df(q.GAME_CHOICES, [search] * 4)
if wanted and not search and wanted not in set(games["game_id"]):  # a link names the game: it is offered
    games = pd.concat([q.df(q.GAME_CHOICE, [wanted]), games], ignore_index=True)
if games.empty:
    st.warning(f"No game matches “{q.md(search)}”.")
    st.stop()
if total > len(games) or search:
    st.caption(f"{len(games)} of {total} games shown" + ("" if search else " — type in “Find a game” to narrow them"))

ids = games["game_id"].tolist()


def _text(value: object, default: str) -> str:
    return str(value) if pd.notna(value) and value != "" else default


labels = {
    r.game_id: f"{r.file_name} · {_text(r.declared_id, r.game_id)} · {_text(r.mode, 'no mode')} · "
               f"{r.events} events · {r.violations} violations"
    for r in games.itertuples()
}
game_id = pick.selectbox("Game", ids, index=ids.index(wanted) if wanted in ids else 0, format_func=labels.__getitem__)
if st.query_params.get("game") != game_id:
    st.query_params["game"] = game_id
    st.query_params.pop("line", None)  # the line of a link belongs to the game it named

picked = st.radio("Language", ["zh", "en"], horizontal=True, format_func={"zh": "中文", "en": "English"}.get, key="lang")
lang: Lang = "en" if picked == "en" else "zh"
head = q.df(q.GAME_HEADER, [game_id]).iloc[0]
players = q.df(q.GAME_PLAYERS, [game_id])
n = int(head["events"])


def _load_number() -> int | None:
    try:
        got = q.df(q.GAME_LOAD_NO, [game_id])
    except Exception:  # noqa: BLE001 - a database written before games.load_no existed
        return None
    return None if got.empty or pd.isna(got.iloc[0]["load_no"]) else int(got.iloc[0]["load_no"])


def _stored_header() -> tuple[str | None, str | None]:
    try:
        src = q.df(q.GAME_REPLAY_SOURCE, [game_id])
    except Exception:  # noqa: BLE001 - a database written before games.header existed
        return None, None
    if src.empty or pd.isna(src.iloc[0]["header"]):
        return None, None
    return str(src.iloc[0]["header"]), _text(src.iloc[0]["ruleset"], "") or None


replay_header, replay_ruleset = _stored_header()
load_no = _load_number()
allev = q.df(q.on_game(q.GAME_EVENTS_ALL, load_no), [game_id])
violations = q.df(q.GAME_VIOLATIONS, [game_id])


@st.cache_data(max_entries=16, show_spinner="Replaying the game …")
def _replay(game_id: str, header: str, ruleset: str | None, lang: str, _lines: list[tuple[int, str]]) -> dict:  # type: ignore[type-arg]
    """Every step of the game (keyed by the game id, a hash of its content, and the ruleset and language)."""
    return rp.replay_of(header, _lines, ruleset, lang)  # type: ignore[arg-type]


@st.cache_data(max_entries=32, show_spinner=False)
def _page(game_id: str, header: str, ruleset: str | None, lang: str, start: int, around: str, _data: dict) -> str:  # type: ignore[type-arg]
    return rp.page(_data, lang, start, around)  # type: ignore[arg-type]


L = T[lang]
result = L["won"].format(who=winner_name(head["winner"], lang), why=head["reason"]) if pd.notna(head["winner"]) else "—"
seats_line = " · ".join(f"{r.seat} {r.general}" + (f" ({r.name})" if pd.notna(r.name) and r.name else "")
                        + f" {role_name(_text(r.role, '') or _text(r.side, ''), lang)}" for r in players.itertuples())
data: dict | None = None  # type: ignore[type-arg]
failed = ""
if n and replay_header is not None:
    try:
        data = _replay(game_id, replay_header, replay_ruleset, lang,
                       list(zip(allev["line"].tolist(), allev["json"].tolist(), strict=True)))
    except Exception as e:  # noqa: BLE001 - a stored game the engine cannot replay: said, not a traceback
        failed = f"{type(e).__name__}: {e}"



@st.cache_data(max_entries=32, show_spinner=False)
def _face(game_id: str, lang: str, page_text: str) -> str:
    return rp.cjk_face(page_text)  # most of a second: once per game and language


# the page's Chinese in the font the replay carries, for a machine without a CJK font of its own (given
# before the rest of the page: the chart's canvas draws with the fonts the page has by then); the replay's
# font is cut to cover this text too, and the face taken from it: the font is cut once per game, not twice
around = ("".join(labels.values()) + "中文" + "".join(T["zh"].values()) + result + seats_line
          + players.to_json(force_ascii=False))
line_param = st.query_params.get("line")
start, why = rp.opening(data, int(line_param) if line_param and line_param.isdigit() else None) if data else (0, "start")
shown = _page(game_id, replay_header or "", replay_ruleset, lang, start, around, data) if data else ""
face = rp.face_of_page(shown) if data else _face(game_id, lang, around)
if face:
    st.html(f"<style>{face}</style>")

c1, c2, c3, c4 = st.columns(4)
c1.metric("Events", int(head["events"]))
c2.metric("Violations", int(head["violations"]))
c3.metric("Unverifiable checks", int(head["unverifiable"]))
c4.metric("Result", result)
st.caption(f"{q.md(head['file'])} · {q.md(_text(head['mode'], 'no mode'))} · ruleset {q.md(_text(head['ruleset'], '—'))}"
           + (" · starts from a position" if head["from_position"] else ""))
# names and generals come from the log: shown as plain text (st.text), never as Markdown (no link, image
# or autolink a name could carry becomes live)
st.text(seats_line)


if n == 0:
    st.info("This log has no events.")
    st.stop()
if replay_header is None:
    st.warning("This database was written before the games' headers were stored, so the game cannot be "
               "replayed here: load the logs again (`sgs-replay load --full --db FILE LOGS`).")
    st.stop()
if data is None:
    st.error(f"This game could not be replayed: {q.md(failed)}")
    st.stop()

shown_steps = len(data["steps"]) - 1
opened = {"link": f"Opens at line {data['steps'][start]['line']}, the event the link names.",
          "violation": f"Opens at the first violation (line {data['steps'][start]['line']}).",
          "start": "Opens at the start: no violation in this game."}[why]
st.caption(opened + " Click the replay, then ←/→ step one event, ↑/↓ one turn, PageUp/PageDown one round, V the next violation."
           + ("" if shown_steps == n else f" The replay stopped after {shown_steps} of {n} events."))
st.iframe(shown, height="content")

notes = rp.notes(data)
st.subheader(L["notes"])
if notes:
    st.caption(L["notes_what"])
    for _, line, text in notes:
        st.info(f"{L['line'].format(n=line)} · {q.md(text)}")
else:
    st.caption(L["no_notes"])

@st.cache_data(max_entries=32, show_spinner=False)
def _hp_chart(game_id: str, header: str, ruleset: str | None, lang: str, _data: dict) -> str:  # type: ignore[type-arg]
    return rp.hp_chart(_data, T[lang]["event"])


chart = _hp_chart(game_id, replay_header or "", replay_ruleset, lang, data)
if chart:
    st.subheader(L["hp"])
    st.markdown(chart, unsafe_allow_html=True)  # st.html would drop the SVG (its sanitizer keeps no SVG)
    st.caption(L["marks"])

st.subheader(f"Violations: {len(violations)}")
# one line each (a table would cut the message or the expected/observed columns at this width); a
# warning box, not an error one: the page works, the game broke a rule
for v in violations.itertuples():
    seen = " · ".join(f"{k} {q.md(x)}" for k, x in (("expected", v.expected), ("observed", v.observed)) if pd.notna(x))
    st.warning(f"line {v.line} · **{q.md(v.rule)}** ({q.md(v.kind)}) — {q.md(v.message)}" + (f"  \n{seen}" if seen else ""))

with st.expander("Players", expanded=False):
    st.dataframe(players, hide_index=True, width="stretch")
