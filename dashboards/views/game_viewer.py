"""Step through one game: the table as a picture, the events as sentences, HP per seat, violations.

The store keeps the seats' state at some positions only (``events.state`` at turn starts, dying,
death, before a 桃 and at the end; docs/store.md): the viewer replays the game from its stored header
and events (``sgs_replay.replay.records.replay_stored``, once per game, cached) for every position in
between, under the ruleset the load judged it by. A database loaded before headers were stored has
the state after every event and is shown from it. Steps: by event, by turn, by round, to the next or previous violation (keyboard shortcuts on the
buttons). ``?game=ID&line=N`` opens a game at the event on line N (the violation explorer links here).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pandas as pd
import streamlit as st

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import queries as q

from sgs_replay.formats.narrate import Namer, from_json, role_name, sentence, winner_name
from sgs_replay.report.positions import Position, SeatView, split_hand
from sgs_replay.report.svg import table_svg

st.title("Game viewer")
q.require_db()

total = int(q.df(q.GAME_COUNT).iloc[0]["n"])
if total == 0:
    st.info("No games loaded yet.")
    st.stop()
wanted = st.query_params.get("game")
search = st.text_input("Find a game", key="game_search", placeholder="file name, game id …").strip()
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
game_id = st.selectbox("Game", ids, index=ids.index(wanted) if wanted in ids else 0, format_func=labels.__getitem__)
if st.query_params.get("game") != game_id:
    st.query_params["game"] = game_id
    st.session_state.pop("seq", None)

lang = st.radio("Language", ["zh", "en"], horizontal=True, format_func={"zh": "中文", "en": "English"}.get, key="lang")
head = q.df(q.GAME_HEADER, [game_id]).iloc[0]
players = q.df(q.GAME_PLAYERS, [game_id])


class _Header:
    """What :class:`Namer` needs from a header, rebuilt from the players table."""

    def __init__(self, rows: pd.DataFrame) -> None:
        from sgs_replay.formats import events as ev

        self.players = [ev.Player(seat=int(r.seat), general=str(r.general), name=_text(r.name, "") or None)
                        for r in rows.itertuples()]


namer = Namer(_Header(players), lang)  # type: ignore[arg-type]
result = (f"{winner_name(head['winner'], 'en')} win ({head['reason']})" if lang == "en"
          else f"{winner_name(head['winner'], 'zh')}获胜（{head['reason']}）") if pd.notna(head["winner"]) else "—"
c1, c2, c3, c4 = st.columns(4)
c1.metric("Events", int(head["events"]))
c2.metric("Violations", int(head["violations"]))
c3.metric("Unverifiable checks", int(head["unverifiable"]))
c4.metric("Result", result)
st.caption(f"{q.md(head['file'])} · {q.md(_text(head['mode'], 'no mode'))} · ruleset {q.md(_text(head['ruleset'], '—'))}"
           + (" · starts from a position" if head["from_position"] else ""))
# names and generals come from the log: shown as plain text (st.text), never as Markdown (no link, image
# or autolink a name could carry becomes live)
st.text(" · ".join(f"{r.seat} {r.general}" + (f" ({r.name})" if pd.notna(r.name) and r.name else "")
                   + f" {role_name(_text(r.role, '') or _text(r.side, ''), lang)}" for r in players.itertuples()))

with st.expander("Players", expanded=False):
    st.dataframe(players, hide_index=True, width="stretch")

n = int(head["events"])
if n == 0:
    st.info("This log has no events.")
    st.stop()


def _load_number() -> int | None:
    try:
        got = q.df(q.GAME_LOAD_NO, [game_id])
    except Exception:  # noqa: BLE001 - a database written before games.load_no existed
        return None
    return None if got.empty or pd.isna(got.iloc[0]["load_no"]) else int(got.iloc[0]["load_no"])


load_no = _load_number()
allev = q.df(q.on_game(q.GAME_EVENTS_ALL, load_no), [game_id])
violations = q.df(q.GAME_VIOLATIONS, [game_id])
seq_of_line = dict(zip(allev["line"].tolist(), allev["seq"].tolist(), strict=False))

# turn and round of every event: a round begins when the turn passes back to a lower seat
turn_starts: list[int] = []
round_starts: list[int] = []
round_at: dict[int, int] = {0: 0}
last_seat: int | None = None
rnd = 0
for r in allev.itertuples():
    if r.type == "turn":
        seat = int(r.turn_seat) if pd.notna(r.turn_seat) else 0
        turn_starts.append(int(r.seq))
        if last_seat is None or seat <= last_seat:
            rnd += 1
            round_starts.append(int(r.seq))
        last_seat = seat
    round_at[int(r.seq)] = rnd
violation_seqs = sorted({seq_of_line[ln] for ln in violations["line"].tolist() if ln in seq_of_line})

STATE_COLUMNS = ["seat", "hp", "max_hp", "alive", "hand", "equip", "judge", "cards"]


@st.cache_data(max_entries=16, show_spinner="Replaying the game …")
def _replayed(game_id: str, header: str, ruleset: str | None, _lines: list[tuple[int, str]]) -> list | None:  # type: ignore[type-arg]
    """The seats after every event (index 0: before the first), replayed from the stored game."""
    from sgs_replay.replay.records import replay_stored

    return [s[2] if s is not None else None for s in replay_stored(header, _lines, ruleset)]


def _stored_header() -> tuple[str | None, str | None]:
    try:
        src = q.df(q.GAME_REPLAY_SOURCE, [game_id])
    except Exception:  # noqa: BLE001 - a database written before games.header existed
        return None, None
    if src.empty or pd.isna(src.iloc[0]["header"]):
        return None, None
    return str(src.iloc[0]["header"]), _text(src.iloc[0]["ruleset"], "") or None


replay_header, replay_ruleset = _stored_header()
positions = (_replayed(game_id, replay_header, replay_ruleset,
                       list(zip(allev["line"].tolist(), allev["json"].tolist(), strict=True)))
             if replay_header is not None else None)


def _raw_at(at: int) -> pd.DataFrame:
    """The seats at position ``at``: replayed, or (older databases) as stored."""
    if positions is None:
        return q.df(q.on_game(q.GAME_STATE_RAW, load_no), [game_id, at, game_id, at])
    seats = positions[at] if at < len(positions) else None
    return pd.DataFrame([dict(zip(STATE_COLUMNS, t, strict=True)) for t in seats or []], columns=STATE_COLUMNS)


def _state_table(at: int) -> pd.DataFrame:
    if positions is None:
        return q.df(q.on_game(q.GAME_STATE_AT, load_no), [game_id, at, game_id, at, game_id])
    raw = _raw_at(at)
    if raw.empty:
        return raw
    who = {int(r.seat): r for r in players.itertuples()}
    return pd.DataFrame({
        "seat": raw["seat"], "general": [str(who[s].general) if s in who else None for s in raw["seat"]],
        "role_or_side": [(_text(who[s].role, "") or _text(who[s].side, "") or None) if s in who else None
                         for s in raw["seat"]],
        "hp": raw["hp"], "max_hp": raw["max_hp"], "alive": raw["alive"], "hand": raw["hand"],
        "cards": [" ".join(c) for c in raw["cards"]], "equip": [" · ".join(c) for c in raw["equip"]],
        "judge": [" · ".join(c) for c in raw["judge"]]})


def _hp_series() -> pd.DataFrame:
    if positions is None:
        return q.df(q.on_game(q.GAME_HP_SERIES, load_no), [game_id, game_id, n])
    rows = [(i, f"seat {t[0]}", t[1]) for i, seats in enumerate(positions) if seats for t in seats]
    return pd.DataFrame(rows, columns=["seq", "seat", "hp"])


if "seq" not in st.session_state:
    line_param = st.query_params.get("line")
    start = seq_of_line.get(int(line_param), n) if line_param and line_param.isdigit() else n
    st.session_state["seq"] = int(start)


def _go(target: int | None) -> None:
    if target is not None:
        st.session_state["seq"] = max(0, min(n, target))


def _prev(points: list[int]) -> int | None:
    cur = st.session_state["seq"]
    return max((p for p in points if p < cur), default=None)


def _next(points: list[int]) -> int | None:
    cur = st.session_state["seq"]
    return min((p for p in points if p > cur), default=None)


nav = st.columns(8)
steps = [("⏮ round", lambda: _go(_prev(round_starts)), "shift+left"), ("◀ turn", lambda: _go(_prev(turn_starts)), "ctrl+left"),
         ("◀ event", lambda: _go(st.session_state["seq"] - 1), "left"), ("event ▶", lambda: _go(st.session_state["seq"] + 1), "right"),
         ("turn ▶", lambda: _go(_next(turn_starts)), "ctrl+right"), ("round ⏭", lambda: _go(_next(round_starts)), "shift+right"),
         ("⚠ previous", lambda: _go(_prev(violation_seqs)), "p"), ("next ⚠", lambda: _go(_next(violation_seqs)), "n")]
for col, (label, fn, key) in zip(nav, steps, strict=True):
    col.button(label, on_click=fn, shortcut=key, help=f"shortcut: {key}", width="stretch")

seq = st.slider("Event", min_value=0, max_value=n, key="seq", help="0 = the position before the first event")
events = q.df(q.on_game(q.GAME_EVENTS_UPTO, load_no), [game_id, seq])
if seq:
    st.query_params["line"] = str(int(events.iloc[-1]["line"]))

cur = events.iloc[-1] if seq else None
event = from_json(str(cur["json"])) if cur is not None else None
rnd_now = round_at.get(seq, 0)
turns_so_far = sum(1 for t in turn_starts if t <= seq)
if cur is None:
    st.markdown("**Before the first event**")
else:
    where = [f"Event {seq} of {n}", f"line {cur['line']}", f"`{cur['type']}`"]
    if rnd_now:
        where.append(f"round {rnd_now}")
    if turns_so_far:
        where.append(f"turn {turns_so_far}")
    if pd.notna(cur["turn_seat"]):
        where.append(f"turn of seat {int(cur['turn_seat'])}")
    if pd.notna(cur["phase"]):
        where.append(f"{q.md(cur['phase'])} phase")
    st.markdown("**" + " · ".join(where[:1]) + "** · " + " · ".join(where[1:]))
    st.markdown(f"### {q.md(sentence(event, namer))}" if event is not None else "")
    with st.expander("Raw event (JSON)"):
        st.code(cur["json"], language="json")
    here = violations[violations["line"] == cur["line"]]
    for v in here.itertuples():
        st.error(f"{q.md(v.rule)} ({q.md(v.kind)}) — {q.md(v.message)}"
                 + (f"  \nexpected: {q.md(v.expected)} · observed: {q.md(v.observed)}"
                    if pd.notna(v.expected) or pd.notna(v.observed) else ""))

raw = _raw_at(seq)
left, right = st.columns([3, 2])
with left:
    if raw.empty:
        st.info("No recorded state for this event (the replay stopped before it, or the header was unusable).")
    else:
        by_seat = {int(r.seat): r for r in players.itertuples()}
        seats = []
        for r in raw.itertuples():
            p = by_seat.get(int(r.seat))
            cards, known = split_hand(r.cards)
            seats.append(SeatView(
                seat=int(r.seat), general=str(p.general) if p else f"seat {r.seat}",
                role=(_text(p.role, "") or _text(p.side, "")) if p else "", hp=int(r.hp), max_hp=int(r.max_hp),
                alive=bool(r.alive), hand=int(r.hand), equip=list(r.equip), judge=list(r.judge),
                name=_text(p.name, "") if p else "", cards=cards, known=known))
        pos = Position(index=seq, line=int(cur["line"]) if cur is not None else 1, round=rnd_now or None,
                       turn=turns_so_far, current=int(cur["turn_seat"]) if cur is not None and pd.notna(cur["turn_seat"]) else None,
                       phase=str(cur["phase"]) if cur is not None and pd.notna(cur["phase"]) else None, seats=seats)
        from sgs_replay.report import _actor_targets

        actor, targets = _actor_targets(event) if event is not None else (None, [])
        st.image(table_svg(pos, lang, actor=actor, targets=targets), width="stretch")
with right:
    st.markdown("**Seats**")
    state = _state_table(seq)
    if not state.empty:
        state = state.assign(hp=state["hp"].astype(str) + " / " + state["max_hp"].astype(str)).drop(columns=["max_hp"])
        st.dataframe(state, hide_index=True, width="stretch")
    hp = _hp_series()
    if not hp.empty:
        st.markdown("**HP per seat**")
        for seat_label, rows in hp.groupby("seat", sort=False):
            st.caption(f"{q.md(str(seat_label))}: {int(rows[rows['seq'] <= seq]['hp'].iloc[-1]) if (rows['seq'] <= seq).any() else '—'} HP")
            st.line_chart(rows.set_index("seq")["hp"], height=70)

st.markdown(f"**Events 1–{seq}** (latest first)")
marked = set(violations["line"].tolist())
shown = events.assign(flag=["⚠️" if ln in marked else "" for ln in events["line"]],
                      said=[sentence(e, namer) if (e := from_json(str(j))) is not None else "" for j in events["json"]])
shown = shown[["flag", "seq", "line", "type", "said", "seat", "target", "card", "turn_seat", "phase", "json"]]
st.dataframe(shown.iloc[::-1], hide_index=True, width="stretch", height=320,
             column_config={"flag": st.column_config.TextColumn("", width="small"),
                            "said": st.column_config.TextColumn("event", width="large"),
                            "turn_seat": "turn", "json": st.column_config.TextColumn("raw JSON", width="small")})
upto = violations[violations["line"] <= (int(events.iloc[-1]["line"]) if seq else 1)]
st.markdown(f"**Violations so far: {len(upto)}** of {len(violations)}")
if not upto.empty:
    st.dataframe(upto, hide_index=True, width="stretch")
