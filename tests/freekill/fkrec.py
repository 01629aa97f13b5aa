"""Builds FreeKill 0.5.22 recordings (``.fk.rep``) packet by packet, for tests of the importer.

The packets have the shapes the real recordings of ``../shared/peer/freekill/samples`` show: every
string is a CBOR byte string, a real card is CBOR tag 33002 around its id, card data is tag 33003
(``{2: name, 3: suit, 4: number, 5: colour, 6: subcard ids, 7: skill names, 9: virtual id}``), a
``MoveCards`` entry carries ``beforeCard`` for every card but those of the opening deal, and a
GameLog ``#Damage`` has the victim in ``from`` and the source in ``to``.

    rec = Recording(["liubei", "guanyu", "zhangfei", "lvbu", "diaochan"],
                    ["lord", "loyalist", "rebel", "rebel", "renegade"])
    rec.deal({1: [1, 2, 3, 4], 2: [...], ...})
    rec.turn_start(1)
    rec.phase(1, "play")
    rec.use(1, 1, to=[3])
    ...
    data = rec.to_bytes()

Player ids are 1..n and sit in that order (seat k = id k). The builder keeps HP so that every damage,
recovery and HP loss is followed by the ``PropertyUpdate hp`` FreeKill sends.
"""

from __future__ import annotations

import csv
import zlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

import cbor2

from sgs_replay import content

SUITS = {"spade": 1, "club": 2, "heart": 3, "diamond": 4}
COLOUR = {1: 1, 2: 1, 3: 2, 4: 2}  # black 1, red 2 (as the samples' key 5)
PHASES = {"start": 2, "judge": 3, "draw": 4, "play": 5, "discard": 6, "finish": 7}
HAND, EQUIP, JUDGE, SPECIAL, PROCESSING, DRAW_PILE, DISCARD_PILE = 1, 2, 3, 4, 5, 6, 7
JUST_MOVE, DRAW, DISCARD, GIVE, PUT, PUT_INTO_DISCARD, PREY, USE, RESPONSE, JUDGEMENT = 1, 2, 3, 4, 5, 6, 7, 9, 10, 11


def _table() -> dict[int, tuple[str, int, int]]:
    """The standard package's ids 1–108, the 军争 cards' 109–160 (a recording made with
    ``maneuvering=True`` may use them) and the 3v3 mode's 161–266 (``mode_3v3=True``)."""
    out = {}
    for file in ("fk_cards.csv", "fk_cards_maneuvering.csv", "fk_cards_3v3.csv"):
        text = resources.files("sgs_replay.importers").joinpath(file).read_text(encoding="utf-8")
        out.update({int(r["id"]): (r["name"], SUITS[r["suit"]], int(r["number"])) for r in csv.DictReader(text.splitlines())})
    return out


CARDS = _table()


def card_id(name: str, suit: str, number: int, nth: int = 0, *, mode_3v3: bool = False) -> int:
    """The id of a card (standard package or 军争; the 3v3 deck's with ``mode_3v3``) by FreeKill name,
    suit and number."""
    hits = [i for i, (n, s, k) in sorted(CARDS.items())
            if n == name and s == SUITS[suit] and k == number and (i > 160) == mode_3v3]
    return hits[nth]


def walk(value: Any, leaf: Any) -> Any:
    """``value`` with ``leaf`` applied to every value that is not a list, a tuple, a mapping or a CBOR tag (keys
    included), the containers rebuilt around them (tuples as lists, as CBOR decodes them)."""
    if isinstance(value, list | tuple):
        return [walk(v, leaf) for v in value]
    if isinstance(value, Mapping):
        return {walk(k, leaf): walk(v, leaf) for k, v in value.items()}
    if isinstance(value, cbor2.CBORTag):
        return cbor2.CBORTag(value.tag, walk(value.value, leaf))
    return leaf(value)


def _b(value: Any) -> Any:
    """Strings as CBOR byte strings, as FreeKill writes them."""
    return walk(value, lambda x: x.encode("utf-8") if isinstance(x, str) else x)


def cid(i: int) -> cbor2.CBORTag:
    return cbor2.CBORTag(33002, i)


def before(i: int) -> cbor2.CBORTag:
    name, suit, number = CARDS[i]
    return cbor2.CBORTag(33003, {2: name, 3: suit, 4: number, 5: COLOUR[suit], 9: 0})


def vcard(name: str, subcards: Sequence[int], skill: str) -> cbor2.CBORTag:
    """Card data of a converted card: FreeKill's name, the real cards in key 6 (none: no key, as the
    samples' 八卦阵 闪), the skill in key 7."""
    data: dict[int, Any] = {2: name, 7: [skill], 9: 0}
    if subcards:
        data[6] = [cid(i) for i in subcards]
    if len(subcards) == 1:
        _, suit, number = CARDS[subcards[0]]
        data.update({3: suit, 4: number, 5: COLOUR[suit]})
    return cbor2.CBORTag(33003, data)


@dataclass
class Recording:
    generals: Sequence[str]
    roles: Sequence[str]
    entries: list[list[Any]] = field(default_factory=list)
    hp: dict[int, int] = field(default_factory=dict)
    ms: int = 1_795_949_000_000
    event_id: int = 0
    #: played with the 军争 cards: the settings do not disable the maneuvering package
    maneuvering: bool = False
    #: FreeKill's 3v3 mode (``m_3v3_mode``): six players, roles ``cool_vanguard`` … ``warm_vanguard``
    #: (seats 1–3 cool, 4–6 warm, the marshal in the middle, +1 HP), the mode's 106-card deck
    mode_3v3: bool = False

    def __post_init__(self) -> None:
        n = len(self.generals)
        self.ids = list(range(1, n + 1))
        self.packet("AddPlayer", [2, "AI2", "liubei", True, 0])
        for pid in self.ids[2:]:
            self.packet("AddPlayer", [pid, f"AI{pid}", "liubei", True, 0])
        for pid, role in zip(self.ids, self.roles, strict=True):
            self.prop(pid, "role", role)
        self.packet("ArrangeSeats", self.ids)
        gens = content.generals()
        for pid, general in zip(self.ids, self.generals, strict=True):
            role = self.roles[pid - 1]
            hp = gens[general].hp + (1 if (role == "lord" and n > 4) or role.endswith("_marshal") else 0)
            self.prop(pid, "general", general)
            self.prop(pid, "maxHp", hp)
            self.prop(pid, "hp", hp)
            self.hp[pid] = hp
        self.log("$GameStart", arg=self.game_mode)

    @property
    def game_mode(self) -> str:
        return "m_3v3_mode" if self.mode_3v3 else "aaa_role_mode"

    # -- raw packets -------------------------------------------------------------------------------

    def packet(self, command: str, payload: Any, request: bool = False) -> None:
        self.ms += 7
        self.entries.append([self.ms, request, command.encode(), cbor2.dumps(_b(payload))])

    def log(self, kind: str, **fields: Any) -> None:
        if "from_" in fields:
            fields["from"] = fields.pop("from_")
        self.packet("GameLog", {"type": kind, **fields})

    def prop(self, pid: int, name: str, value: Any) -> None:
        self.packet("PropertyUpdate", [pid, name, value])

    def moves(self, *moves: Mapping[str, Any]) -> None:
        self.event_id += 1
        self.packet("MoveCards", [list(moves), self.event_id])

    def move(self, ids: Iterable[int], to_area: int, reason: int, *, frm: int | None = None, to: int | None = None,
             from_area: int | Sequence[int] = HAND, skill: str | None = "", proposer: int | None = None,
             special: str = "", from_special: str = "", with_before: bool = True, send: bool = True) -> dict[str, Any]:
        ids = list(ids)
        areas = [from_area] * len(ids) if isinstance(from_area, int) else list(from_area)
        info = []
        for i, area in zip(ids, areas, strict=True):
            d: dict[str, Any] = {"cardId": i, "fromArea": area}
            if with_before:
                d["beforeCard"] = before(i)
            if area == SPECIAL:
                d["fromSpecialName"] = from_special
            info.append(d)
        m: dict[str, Any] = {"moveInfo": info, "toArea": to_area, "moveReason": reason}
        if skill is not None:
            m["skillName"] = skill
        if frm is not None:
            m["from"] = frm
        if to is not None:
            m["to"] = to
        if proposer is not None:
            m["proposer"] = proposer
        if special or to_area == SPECIAL:
            m["specialName"] = special
        if send:
            self.moves(m)
        return m

    # -- game flow -------------------------------------------------------------------------------

    def deal(self, hands: Mapping[int, Sequence[int]]) -> None:
        if self.mode_3v3:
            self.packet("PrepareDrawPile", list(range(161, 267)))
        for pid in self.ids:
            self.move(hands[pid], HAND, DRAW, to=pid, from_area=DRAW_PILE, skill=None, with_before=False)
        self.log("$RoundStart", arg=1)

    def unit(self, pid: int) -> None:
        """3v3: the 小红旗 (``@!action-round``) raised on the character about to act."""
        self.packet("SetPlayerMark", [pid, "@!action-round", 1])

    def new_round(self, n: int) -> None:
        """3v3: every 小红旗 lowered, then the next round."""
        for pid in self.ids:
            self.packet("SetPlayerMark", [pid, "@!action-round", 0])
        self.log("$RoundStart", arg=n)

    def turn_start(self, pid: int) -> None:
        self.packet("SetCurrent", [pid])
        self.log("$TurnStart", from_=pid)

    def phase(self, pid: int, name: str) -> None:
        self.prop(pid, "phase", 9)
        self.prop(pid, "phase", PHASES[name])
        if name == "play":
            self.focus(pid)

    def turn_end(self, pid: int) -> None:
        self.prop(pid, "phase", 9)
        self.prop(pid, "phase", 8)
        self.log("$TurnEnd", from_=pid)

    def begin(self, pid: int, draw: Sequence[int], *, judge: bool = False) -> None:
        """A turn up to its play phase: the start, judge and draw phases with the two cards drawn."""
        self.turn_start(pid)
        self.phase(pid, "start")
        if not judge:
            self.phase(pid, "judge")
            self.phase(pid, "draw")
            self.draw(pid, draw)
            self.phase(pid, "play")

    def end(self, pid: int, discard: Sequence[int] = ()) -> None:
        """The rest of a turn from the play phase: the discard phase (with ``discard``), finish, turn end."""
        self.phase(pid, "discard")
        if discard:
            self.discard(pid, discard)
        self.phase(pid, "finish")
        self.turn_end(pid)

    def quiet(self, pid: int, draw: Sequence[int], discard: Sequence[int] = ()) -> None:
        """A turn in which nothing is played."""
        self.begin(pid, draw)
        self.end(pid, discard)

    def focus(self, pid: int, what: str = "PlayCard") -> None:
        self.packet("MoveFocus", [[pid], what, 15000])

    def draw(self, pid: int, ids: Sequence[int], skill: str = "phase_draw") -> None:
        self.move(ids, HAND, DRAW, to=pid, from_area=DRAW_PILE, skill=skill, proposer=pid)

    def discard(self, pid: int, ids: Sequence[int], skill: str = "phase_discard", from_area: int | Sequence[int] = HAND,
                proposer: int | None = None) -> None:
        self.move(ids, DISCARD_PILE, DISCARD, frm=pid, from_area=from_area, skill=skill,
                  proposer=pid if proposer is None else proposer)

    # -- cards -----------------------------------------------------------------------------------

    def use(self, pid: int, card: int | cbor2.CBORTag, to: Sequence[int] | None = None, *,
            from_area: int = HAND, log: str | None = None, to_card: int | None = None) -> None:
        """A card used: the log, then the move into the processing area (the reader implies it)."""
        data = cid(card) if isinstance(card, int) else card
        ids = [card] if isinstance(card, int) else [c.value for c in card.value.get(6, [])]
        if to_card is not None:
            self.log(log or "#UseCardToCard", from_=pid, card=[data], arg=cid(to_card))
        elif to:
            self.log(log or "#UseCardToTargets", from_=pid, to=list(to), card=[data])
        else:
            self.log(log or "#UseCard", from_=pid, card=[data])
        if ids:
            self.move(ids, PROCESSING, USE, frm=pid, from_area=from_area)
            if not isinstance(card, int):  # the table shows the real cards under the converted name
                self.packet("SetCardVirtName", [ids, card.value[2], False])

    def respond(self, pid: int, card: int | cbor2.CBORTag, *, drop: bool = True) -> None:
        """A card played in answer (打出): #ResponsePlayCard, the move to processing, then to the discard pile."""
        data = cid(card) if isinstance(card, int) else card
        ids = [card] if isinstance(card, int) else [c.value for c in card.value.get(6, [])]
        self.log("#ResponsePlayCard", from_=pid, card=[data])
        if ids:
            self.move(ids, PROCESSING, RESPONSE, frm=pid)
            if drop:
                self.done(ids, reason=RESPONSE)

    def dodge(self, pid: int, card: int | cbor2.CBORTag, slash: int) -> None:
        """A 闪 used against the 杀 ``slash`` (logged by FreeKill as #UseCardToCard), and its finish."""
        self.use(pid, card, to_card=slash)
        ids = [card] if isinstance(card, int) else [c.value for c in card.value.get(6, [])]
        if ids:
            self.done(ids)

    def done(self, ids: Sequence[int], reason: int = USE, skill: str | None = None) -> None:
        """Cards leaving the processing area for the discard pile (a finished use, answer or judgement)."""
        self.move(ids, DISCARD_PILE, reason, from_area=PROCESSING, skill=skill, with_before=True)

    def equip(self, pid: int, card: int) -> None:
        self.use(pid, card, to=[pid])
        self.move([card], EQUIP, USE, to=pid, from_area=PROCESSING, skill=None)

    # -- skills ----------------------------------------------------------------------------------

    def invoke(self, pid: int, skill: str, to: Sequence[int] | None = None) -> None:
        if to:
            self.log("#InvokeSkillTo", from_=pid, to=list(to), arg=skill)
        else:
            self.log("#InvokeSkill", from_=pid, arg=skill)
        self.packet("AddSkillUseHistory", [pid, skill])

    def judge(self, pid: int, reason: str, card: int, *, retrial: tuple[int, int] | None = None,
              finish: bool = True) -> int:
        """A judgement; ``retrial`` = (鬼才 user, card from hand) replaces the card. Returns the final card."""
        self.log("#StartJudgeReason", from_=pid, arg=reason)
        self.log("#InitialJudge", from_=pid, arg=cid(card))
        self.move([card], PROCESSING, JUDGEMENT, from_area=DRAW_PILE)
        final = card
        if retrial is not None:
            who, new = retrial
            self.retrial(pid, who, "guicai", card, new)
            final = new
        self.log("#JudgeResult", from_=pid, arg=cid(final))
        if finish:
            self.move([final], DISCARD_PILE, JUDGEMENT, from_area=PROCESSING)
        return final

    def retrial(self, pid: int, who: int, skill: str, old: int, new: int, from_area: int = HAND) -> None:
        """FreeKill's changeJudge as 鬼才 and 缓释 call it: the invocation, the new card moved into the
        processing area as a response (reason 10, the skill's name; no #ResponsePlayCard), the log, and
        the old card to the discard pile."""
        self.invoke(who, skill)
        self.move([new], PROCESSING, RESPONSE, frm=who, from_area=from_area, skill=skill)
        self.log("#ChangedJudge", from_=who, to=[pid], arg=skill, arg2=cid(new))
        self.move([old], DISCARD_PILE, JUDGEMENT, from_area=PROCESSING, skill=skill)

    # -- HP --------------------------------------------------------------------------------------

    def _hp(self, pid: int, delta: int) -> None:
        self.hp[pid] += delta
        self.prop(pid, "hp", self.hp[pid])

    def damage(self, victim: int, source: int | None, amount: int = 1, nature: str = "normal_damage") -> None:
        if source is None:
            self.log("#DamageWithNoFrom", from_=victim, arg=amount, arg2=nature)
        else:
            self.log("#Damage", from_=victim, to=[source], arg=amount, arg2=nature)
        self._hp(victim, -amount)

    def heal(self, pid: int, amount: int, why: str) -> None:
        self._hp(pid, amount)
        self.log("#HealHP", from_=pid, arg=amount, arg2=f"</b><font color='gray'>({why})</font><b>")

    def lose_hp(self, pid: int, amount: int, why: str | None) -> None:
        self._hp(pid, -amount)
        fields: dict[str, Any] = {"arg": amount}
        if why is not None:
            fields["arg2"] = f"</b><font color='gray'>({why})</font><b>"
        self.log("#LoseHP", from_=pid, **fields)

    def dying(self, pid: int) -> None:
        self.prop(pid, "dying", True)
        self.log("#EnterDying", from_=pid)

    def kill(self, pid: int, killer: int | None, cards: Sequence[int] = (), areas: Sequence[int] | None = None) -> None:
        """Death: the log, the dead property, then the dead character's cards to the discard pile."""
        role = self.roles[pid - 1]
        if killer is None:
            self.log("#KillPlayerWithNoKiller", from_=pid, arg=role)
        else:
            self.log("#KillPlayer", from_=pid, to=[killer], arg=role)
        self.prop(pid, "dead", True)
        if cards:
            self.discard(pid, cards, skill="game_rule", from_area=list(areas) if areas else HAND)
        self.prop(pid, "dying", False)

    def game_over(self, winners: Sequence[int]) -> None:
        self.packet("GameOver", "+".join(str(w) for w in winners))

    # -- output ----------------------------------------------------------------------------------

    def to_bytes(self, name: str = "20261201120000.AI1.aaa_role_mode.test.lord.1") -> bytes:
        disabled = [] if self.maneuvering else ["maneuvering"]
        settings = {"gameMode": self.game_mode, "disabledPack": disabled, "disabledGenerals": []}
        header = [b"0.5.22", name.encode(), cbor2.dumps(_b([len(self.ids), 15, settings])),
                  cbor2.dumps(_b([1, "AI1", "liubei"])), b"", b"normal", b"", b"", b"", b""]
        raw = cbor2.dumps([*header, *self.entries])
        return len(raw).to_bytes(4, "big") + zlib.compress(raw)
