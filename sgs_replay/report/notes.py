"""Coach notes: moments a player had a clearly better legal option and passed (never violations).

Read from a full-information log in the validator's own pass, with the engine's legality checks:

- **a death with a 桃 in hand** — a character died while it (or a teammate: same side by the header's
  roles or sides) held a 桃 the engine would have accepted on it (酒 too, on oneself);
- **a 杀's damage taken with an answer in hand** — the target held as many 闪 as the 杀 still needed
  (a 杀 for 龙胆, a black card for 倾国 counted as 闪), and the 杀 could be dodged;
- **a play phase ended with a kill on offer** — the player still had a legal 杀 on an enemy at 1 HP.

Each note names the seat, the cards and why; hidden cards give no note (nothing is guessed).
"""

from __future__ import annotations

from typing import Any

from sgs_replay.formats import events as ev
from sgs_replay.formats.cards import is_unknown, parse_card
from sgs_replay.formats.narrate import Namer
from sgs_replay.formats.reader import ParsedLog

SLASHES = ("杀", "雷杀", "火杀")


def _side(p: Any) -> str | None:
    """The team a player is on, from the header: the lord's side (lord, loyalists), the rebels, a 3v3
    or 1v1 side; a renegade is on no one's side but its own."""
    role = getattr(p, "role", None)
    if role in ("lord", "loyalist"):
        return "lord"
    if role == "rebel":
        return "rebel"
    side = getattr(p, "side", None)
    if side:
        return str(side)
    return None


def _name(card: str) -> str | None:
    return None if is_unknown(card) else parse_card(card).name


def _hand(seat: Any) -> list[str]:
    return sorted(c for c in seat.hand.elements() if not is_unknown(c))


class NoteTaker:
    """An ``on_step`` hook collecting coach notes; call it with the validator's engine after each event."""

    def __init__(self, parsed: ParsedLog) -> None:
        self.parsed = parsed
        h = parsed.header
        self.sides: dict[int, str | None] = {p.seat: _side(p) for p in h.players} if h else {}
        self.namers = {"zh": Namer(h, "zh"), "en": Namer(h, "en")}
        self.notes: list[dict[str, Any]] = []

    def team(self, a: int, b: int) -> bool:
        return a == b or (self.sides.get(a) is not None and self.sides.get(a) == self.sides.get(b))

    def enemy(self, a: int, b: int) -> bool:
        sa, sb = self.sides.get(a), self.sides.get(b)
        return sa is not None and sb is not None and sa != sb

    def __call__(self, i: int, eng: Any) -> None:
        if i >= len(self.parsed.events):
            return
        line, nxt = self.parsed.events[i]  # the event about to be applied to this position
        try:
            if isinstance(nxt, ev.Death):
                self._death(i + 1, line, nxt, eng)
            elif isinstance(nxt, ev.Damage) and nxt.card and _name(nxt.card) in SLASHES:
                self._slash_damage(i + 1, line, nxt, eng)
            elif isinstance(nxt, (ev.Phase, ev.Turn)) and eng.phase == "play" and eng.current is not None:
                self._play_ends(i + 1, line, eng)
        except Exception:  # noqa: BLE001 - a note is advice: a position the checks cannot answer gives none
            return

    def _add(self, index: int, line: int, kind: str, seat: int, zh: str, en: str) -> None:
        self.notes.append({"index": index, "line": line, "kind": kind, "seat": seat, "zh": zh, "en": en})

    def _death(self, index: int, line: int, e: ev.Death, eng: Any) -> None:
        from sgs_replay.engine import legality

        dying = e.seat
        for n, s in sorted(eng.table.seats.items()):
            if not s.alive or not self.team(n, dying):
                continue
            for card in _hand(s):
                name = _name(card)
                if name != "桃" and not (name == "酒" and n == dying):
                    continue
                use = ev.Use(seat=n, card=card, targets=[dying])
                if legality.check_use(eng, use) and not legality.answers_a_demand(eng, use):
                    continue
                zh, en = self.namers["zh"], self.namers["en"]
                if n == dying:
                    self._add(index, line, "peach", n, f"{zh(n)}阵亡时手中有{card}，可以用它自救。",
                              f"{en(n)} died holding {card}, which it could have used to save itself.")
                else:
                    self._add(index, line, "peach", n, f"{zh(n)}手中有{card}，却让队友{zh(dying)}阵亡。",
                              f"{en(n)} let its teammate {en(dying)} die while holding {card}.")
                break

    def _slash_damage(self, index: int, line: int, e: ev.Damage, eng: Any) -> None:
        from sgs_replay.engine.cards.effect import CardEffect

        frame = next((f for f in reversed(eng.stack) if isinstance(f, CardEffect) and f.name == "杀"), None)
        if frame is None or frame.undodgeable or frame.given_answer is not None:
            return
        seat = eng.seat(e.target)
        if seat is None:
            return
        need = max(1, frame.need_count - frame.answers)
        answers: list[tuple[str, str, str]] = []  # (card, zh, en)
        for c in _hand(seat):
            if _name(c) == "闪":
                answers.append((c, c, c))
            elif _name(c) == "杀" and "龙胆" in seat.skills:
                answers.append((c, f"{c}（龙胆，当【闪】）", f"{c} (龙胆: as 闪)"))
            elif c[:1] in "♠♣" and "倾国" in seat.skills:
                answers.append((c, f"{c}（倾国，当【闪】）", f"{c} (倾国: as 闪)"))
        if len(answers) < need:
            return
        zh, en = self.namers["zh"], self.namers["en"]
        src = e.source
        of_zh = f"{zh(src)}的" if src else ""
        of_en = f"{en(src)}'s" if src else "a"
        self._add(index, line, "dodge", e.target,
                  f"{zh(e.target)}受到{of_zh}【杀】的伤害，手中却有可以抵消它的" + "、".join(a[1] for a in answers[:need]) + "。",
                  f"{en(e.target)} took the damage of {of_en} 杀 while holding "
                  + ", ".join(a[2] for a in answers[:need]) + ", enough to answer it.")

    def _play_ends(self, index: int, line: int, eng: Any) -> None:
        from sgs_replay.engine import legality

        me = eng.current
        weak = {n for n, s in eng.table.seats.items() if s.alive and s.hp == 1 and self.enemy(me, n)}
        if not weak:
            return
        for u in legality.legal_uses(eng, me):
            if u.card and _name(u.card) in SLASHES and set(u.targets or []) & weak:
                t = sorted(set(u.targets or []) & weak)[0]
                zh, en = self.namers["zh"], self.namers["en"]
                self._add(index, line, "kill", me,
                          f"{zh(me)}结束出牌阶段时仍可对体力为1的敌方{zh(t)}使用{u.card}。",
                          f"{en(me)} ended its play phase with {u.card} usable on {en(t)}, an enemy at 1 HP.")
                return


def coach_notes(parsed: ParsedLog, ruleset_name: str | None = None) -> list[dict[str, Any]]:
    """The coach notes of a game (each: index of the position after the event, line, kind, seat, zh, en)."""
    from sgs_replay.replay.validate import validate_parsed

    taker = NoteTaker(parsed)
    validate_parsed(parsed, ruleset_name, on_step=taker)
    return taker.notes
