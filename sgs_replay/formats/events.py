"""The event model of the `sgs-replay/1` match log format.

These msgspec Structs are the single source of truth for the format: the reader decodes with them,
the writers encode with them, and ``sgs-replay schema`` generates ``schemas/*.schema.json`` from them.
Every struct forbids unknown fields, so a misspelt ``targts`` is a located ``format`` violation rather
than a silently ignored key. ``t`` (match clock seconds) and ``note`` (free text) are allowed on every
event and never interpreted.

Field names follow the spec (docs/log-format.md). Two of its keys are Python keywords and are renamed
on the Python side only: ``as`` → ``as_`` and ``from`` → ``from_``.

The structs are not tracked by Python's cyclic garbage collector (``gc=False``): an event holds only
strings, numbers, lists of them and other such structs, so it can never be part of a reference
cycle, and a log of thousands of events costs the collector nothing.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec
from msgspec import Meta, field

Seat = Annotated[int, Meta(ge=1, le=10, description="a seat number, 1..n")]
CardText = Annotated[str, Meta(description="a card in the notation of §3, e.g. '♠7 杀', or '?'")]
Role = Literal["lord", "loyalist", "rebel", "renegade"]
Side = Literal["cold", "warm"]
Position = Literal["commander", "vanguard"]
PhaseName = Literal["start", "judge", "draw", "play", "discard", "finish"]
Direction = Literal["cw", "ccw"]
Nature = Literal["normal", "thunder", "fire"]
Amount = Annotated[int, Meta(ge=0, le=99)]
# Every number of the format has a range: a value outside it is a located `format` violation at the
# reader, never a crash further on (the store keeps seats and HP as SMALLINT, counts as INTEGER).
Hp = Annotated[int, Meta(ge=-99, le=99, description="HP (below 0 while dying)")]
MaxHpValue = Annotated[int, Meta(ge=0, le=99)]
#: a kingdom as a recording names it (``wei`` ``shu`` ``wu`` ``qun`` ``god`` …, lower-case ASCII)
KingdomName = Annotated[str, Meta(pattern="^[a-z][a-z_]*$", max_length=24)]
#: a general's gender: ``bigender`` counts as both (双性), ``agender`` as neither
Gender = Literal["male", "female", "bigender", "agender"]
HpDelta = Annotated[int, Meta(ge=-99, le=99)]
Count = Annotated[int, Meta(ge=0, le=9999)]
Points = Annotated[int, Meta(ge=-999, le=999)]
ChoiceInt = Annotated[int, Meta(ge=-(2**31), le=2**31 - 1)]
ChoiceValue = str | ChoiceInt | list[str | ChoiceInt]
SeriesId = Annotated[str, Meta(min_length=1, max_length=64, description="the series (推广版计分赛) this game belongs to")]
GameNumber = Annotated[int, Meta(ge=1, le=99, description="the game's number in its series, from 1")]
SeatKey = Annotated[str, Meta(pattern="^([1-9]|10)$", description="a seat number as a string")]
Clock = Annotated[float, Meta(ge=-1e12, le=1e12, description="match clock, seconds")]

FORMAT_ID = "sgs-replay/1"


class _Base(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True, tag_field="type", kw_only=True,
            gc=False):
    """Fields every line may carry."""

    t: Clock | None = None
    note: str | None = None


# ---------------------------------------------------------------------------------------------------
# Header
# ---------------------------------------------------------------------------------------------------


class Player(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True, gc=False):
    seat: Seat
    #: the general; 國戰: the 主将 (``?`` in a log written from a player's view while it is face down)
    general: str
    name: str | None = None
    role: Role | None = None
    side: Side | None = None
    position: Position | None = None
    #: 國戰: the 副将, the second general (``?`` while it is face down in a log from a player's view). *Extension.*
    deputy: str | None = None
    #: 國戰: the max HP the player sets at the start (public even while both generals are face down); checked
    #: against the two generals' half units once both are known. Any mode: the max HP of a general the ruleset
    #: accepts without defining it (``unknown_generals``); ignored for a general the rules define. *Extension*,
    #: optional.
    max_hp: MaxHpValue | None = None
    #: the kingdom and gender of a general the ruleset accepts without defining it (``unknown_generals``), as
    #: the recording gives them: what a lord skill's answers (护驾's 魏 characters) and a condition on a target
    #: (结姻's male character) ask of it. Ignored for a general the rules define. *Extension*, optional.
    kingdom: KingdomName | None = None
    gender: Gender | None = None


class SeatState(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True, gc=False):
    """One seat of a `start` position. Omitted hp/max_hp default to the general's (with bonuses)."""

    hp: Hp | None = None
    max_hp: MaxHpValue | None = None
    alive: bool = True
    hand: list[CardText] = []
    equip: list[CardText] = []
    judge: list[CardText] = []
    piles: dict[str, list[CardText]] = {}
    chained: bool = False


class Unit(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True, gc=False):
    side: Side
    who: Literal["commander", "vanguards"]
    order: list[Seat] | None = None


class Start(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True, gc=False):
    """A mid-game position (spec §6), like a chess FEN."""

    seats: dict[SeatKey, SeatState]
    current: Seat | None = None
    phase: PhaseName | None = None
    round: Count | None = None
    deck: list[CardText] | None = None
    discard: list[CardText] = []
    used: dict[str, Count] = {}
    acted: list[Seat] = []
    unit: Unit | None = None
    next_unit: Side | None = None
    three_left_round: Count | None = None


class Game(_Base, tag="game"):
    """Line 1 of every log."""

    format: str
    mode: Literal["identity", "3v3", "1v1", "1v3", "hegemony"]
    ruleset: Annotated[str, Meta(max_length=64)]
    players: Annotated[list[Player], Meta(max_length=10)]
    game_id: str | None = None
    #: identity mode: the series of games this one belongs to (the lord passes to the next player each game
    #: until everyone has been lord, and the points add up) and its number there. *Extension*, optional.
    series_id: SeriesId | None = None
    game_number: GameNumber | None = None
    meta: dict[str, Any] = {}
    start: Start | None = None
    #: identity mode, ruleset house-anhun: the name (as in ``players``) of the player who was out first in the
    #: previous game of the series. *Extension*, optional.
    protected_player: str | None = None


# ---------------------------------------------------------------------------------------------------
# Turn flow
# ---------------------------------------------------------------------------------------------------


class Turn(_Base, tag="turn"):
    seat: Seat


class Phase(_Base, tag="phase"):
    seat: Seat
    phase: PhaseName


class PhaseSkip(_Base, tag="phase_skip"):
    seat: Seat
    phase: PhaseName
    reason: str | None = None


class TurnEnd(_Base, tag="turn_end"):
    seat: Seat


# ---------------------------------------------------------------------------------------------------
# Cards
# ---------------------------------------------------------------------------------------------------


class Place(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True, gc=False):
    zone: str
    seat: Seat | None = None


class Draw(_Base, tag="draw"):
    seat: Seat
    cards: list[CardText]
    reason: str | None = None
    card_name: str | None = None
    skill: str | None = None


class Use(_Base, tag="use"):
    seat: Seat
    card: CardText | None = None
    as_: str | None = field(default=None, name="as")
    cards: list[CardText] | None = None
    targets: list[Seat] | None = None
    skill: str | None = None
    direction: Direction | None = None
    victim: Seat | None = None
    for_: Seat | None = field(default=None, name="for")


class Respond(_Base, tag="respond"):
    seat: Seat
    card: CardText | None = None
    as_: str | None = field(default=None, name="as")
    cards: list[CardText] | None = None
    skill: str | None = None


class Pass(_Base, tag="pass"):
    seat: Seat


class Discard(_Base, tag="discard"):
    seat: Seat
    cards: list[CardText]
    reason: str | None = None


class Move(_Base, tag="move"):
    cards: list[CardText]
    from_: Place = field(name="from")
    to: Place
    reason: str | None = None


class Judge(_Base, tag="judge"):
    seat: Seat
    card: CardText
    reason: str | None = None


class Retrial(_Base, tag="retrial"):
    seat: Seat
    card: CardText
    skill: str | None = None


class Recast(_Base, tag="recast"):
    """重铸: the card goes from the hand to the discard pile (not a use); a ``draw`` of 1 follows."""

    seat: Seat
    card: CardText
    skill: str | None = None


class Reveal(_Base, tag="reveal"):
    cards: list[CardText]
    seat: Seat | None = None
    reason: str | None = None


class Pindian(_Base, tag="pindian"):
    """拼点: ``seat`` and ``target`` each show a hand card, ``cards`` = [seat's card, target's card].
    Both go to the discard pile; ``seat`` wins only with a strictly higher rank. *Extension.*"""

    seat: Seat
    target: Seat
    cards: Annotated[list[CardText], Meta(min_length=2, max_length=2, description="the two shown: the seat's, then the target's")]


# ---------------------------------------------------------------------------------------------------
# Skills and choices
# ---------------------------------------------------------------------------------------------------


class Skill(_Base, tag="skill"):
    seat: Seat
    skill: str
    targets: list[Seat] | None = None
    cards: list[CardText] | None = None
    choice: ChoiceValue | None = None


class Choose(_Base, tag="choose"):
    seat: Seat
    choice: ChoiceValue
    reason: str | None = None


# ---------------------------------------------------------------------------------------------------
# HP and death
# ---------------------------------------------------------------------------------------------------


class Damage(_Base, tag="damage"):
    target: Seat
    amount: Amount
    source: Seat | None = None
    card: CardText | None = None
    nature: Nature = "normal"
    chain: bool = False


class Chain(_Base, tag="chain"):
    """A character is chained (横置) or reset (重置): implied by 铁索连环 and by natured damage to a
    chained character; when logged, it is checked."""

    seat: Seat
    chained: bool


class Recover(_Base, tag="recover"):
    seat: Seat
    amount: Amount
    source: Seat | None = None
    card: CardText | None = None


class LoseHp(_Base, tag="lose_hp"):
    seat: Seat
    amount: Amount
    reason: str | None = None


class MaxHp(_Base, tag="max_hp"):
    seat: Seat
    delta: HpDelta


class Dying(_Base, tag="dying"):
    seat: Seat


class Death(_Base, tag="death"):
    seat: Seat
    killer: Seat | None = None


# ---------------------------------------------------------------------------------------------------
# 3v3 flow and draft
# ---------------------------------------------------------------------------------------------------


class DraftPool(_Base, tag="draft_pool"):
    generals: list[str]


class DraftFirst(_Base, tag="draft_first"):
    side: Side


class DraftPick(_Base, tag="draft_pick"):
    side: Side
    generals: list[str]


class Lineup(_Base, tag="lineup"):
    side: Side
    commander: str
    vanguards: list[str]


class GeneralChoice(_Base, tag="general_choice"):
    """1v1: the player of ``seat`` puts ``general`` into play (登场). Before the first turn: the starting
    general (the header's) and the ``reserves`` kept for later; after a death: the next general.
    1v3 (虎牢關): 神吕布's second form replacing the first, or a reformed ally returning to play.
    Identity mode under 转世 (house-zhuanshi): the out player's new general; ``turned_up`` lists the unused
    generals turned up before it, in order."""

    seat: Seat
    general: str
    reserves: list[str] | None = None
    turned_up: list[str] | None = None
    #: the entering general's max HP, for a general the ruleset accepts without defining it
    #: (``unknown_generals = "unverifiable"``); ignored for a general the rules define. *Extension*, optional.
    max_hp: int | None = None
    #: the entering general's kingdom and gender, for a general the ruleset accepts without defining it (as
    #: the header player's). *Extension*, optional.
    kingdom: KingdomName | None = None
    gender: Gender | None = None


Kingdom = Literal["wei", "shu", "wu", "qun", "careerist"]


class RevealGeneral(_Base, tag="reveal_general"):
    """國戰: the player of ``seat`` turns face up (明置) its 主将 ``main``, its 副将 ``deputy``, or both. Allowed at
    the start of its turn, to use a ``skill`` of the general revealed, and as the character dies (``reason``
    ``death``). ``kingdom``, when given, is the kingdom the first reveal fixes (``careerist``: 野心家); it is
    checked. *Extension.*"""

    seat: Seat
    main: str | None = None
    deputy: str | None = None
    kingdom: Kingdom | None = None
    skill: str | None = None
    reason: Literal["turn_start", "skill", "death", "game_end"] | None = None


class FirstAction(_Base, tag="first_action"):
    side: Side


class ActionUnit(_Base, tag="action_unit"):
    side: Side
    who: Literal["commander", "vanguards"]
    order: list[Seat] | None = None


# ---------------------------------------------------------------------------------------------------
# Match control
# ---------------------------------------------------------------------------------------------------


class Penalty(_Base, tag="penalty"):
    points: Points
    side: Side | None = None
    seat: Seat | None = None
    reason: str | None = None


class TimeUp(_Base, tag="time_up"):
    pass


class Resign(_Base, tag="resign"):
    side: Side


class GameEnd(_Base, tag="game_end"):
    winner: str
    reason: str | None = None


Event = (
    Turn | Phase | PhaseSkip | TurnEnd
    | Draw | Use | Respond | Pass | Discard | Move | Judge | Retrial | Reveal | Recast | Pindian
    | Skill | Choose
    | Damage | Chain | Recover | LoseHp | MaxHp | Dying | Death
    | DraftPool | DraftFirst | DraftPick | Lineup | GeneralChoice | FirstAction | ActionUnit | RevealGeneral
    | Penalty | TimeUp | Resign | GameEnd
)

EVENT_TYPES: tuple[type[_Base], ...] = (
    Turn, Phase, PhaseSkip, TurnEnd,
    Draw, Use, Respond, Pass, Discard, Move, Judge, Retrial, Reveal, Recast, Pindian,
    Skill, Choose,
    Damage, Chain, Recover, LoseHp, MaxHp, Dying, Death,
    DraftPool, DraftFirst, DraftPick, Lineup, GeneralChoice, FirstAction, ActionUnit, RevealGeneral,
    Penalty, TimeUp, Resign, GameEnd,
)

TAG_OF: dict[type, str] = {cls: cls.__struct_config__.tag for cls in (Game, *EVENT_TYPES)}  # type: ignore[attr-defined,misc]

Line = Game | Event


def event_type(ev: msgspec.Struct) -> str:
    """The `type` tag of an event or header."""
    return TAG_OF[type(ev)]


def check_shape(ev: Event) -> str | None:
    """Cross-field rules a JSON Schema cannot say simply. Returns a message, or None when fine."""
    if isinstance(ev, (Use, Respond)):
        if ev.card is None and ev.as_ is None:
            return "needs either `card` or `as` with `cards`"
        if ev.card is not None and ev.as_ is not None:
            return "has both `card` and `as`; a converted card is written `as` + `cards`"
        if ev.as_ is not None and ev.cards is None:
            return "`as` needs `cards` (the physical cards; [] for a card used with none)"
        if ev.card is not None and ev.cards is not None:
            return "`cards` belongs with `as`; a plain card is written `card`"
    elif isinstance(ev, Move):
        for place, name in ((ev.from_, "from"), (ev.to, "to")):
            if place.zone in ("hand", "equip", "judge") or place.zone.startswith("pile:"):
                if place.seat is None:
                    return f"`{name}` zone {place.zone!r} needs a `seat`"
            elif place.zone not in ("deck", "discard", "processing", "void"):
                return f"`{name}` zone {place.zone!r} is not a zone of the format"
    elif isinstance(ev, Penalty):
        if (ev.side is None) == (ev.seat is None):
            return "needs exactly one of `side` or `seat`"
    elif isinstance(ev, RevealGeneral):
        if ev.main is None and ev.deputy is None:
            return "names no general: `main`, `deputy` or both"
    elif isinstance(ev, ActionUnit):
        if ev.who == "vanguards" and not ev.order:
            return "`who: vanguards` needs `order`"
    return None


#: the cards a start position's ``used`` counts against their per-phase limit (§4)
USED_CARDS = frozenset({"杀"})


def split_used(used: dict[str, int]) -> tuple[dict[str, int], dict[str, int], dict[str, int]]:
    """A start position's ``used`` (§4): the cards already used this play phase (``"杀"``), by card, the uses of
    skills limited per turn or phase (``"skill:制衡"``), and the skill effects already in force (``"裸衣"``)."""
    cards: dict[str, int] = {}
    limits: dict[str, int] = {}
    in_force: dict[str, int] = {}
    for k, v in used.items():
        if k in USED_CARDS:
            cards[k] = cards.get(k, 0) + v
        elif k.startswith("skill:"):
            limits[k[6:]] = limits.get(k[6:], 0) + v
        else:
            in_force[k] = in_force.get(k, 0) + v
    return cards, limits, in_force
