"""FreeKill traits: what the FreeKill importer must know of a skill or an equipment card.

A skill declares its traits in its own definition, right under its ``@skill``
(``fk_traits("fanjian", damage=True)``), an equipment card under its definition
(``fk_card(CARD.axe, cost=True)``); the importer (:mod:`sgs_replay.importers.freekill`) loads the
skills and asks this registry by FreeKill's id. A skill FreeKill calls by another id names it
(``fk_traits("huanshi", "v33__huanshi", retrial=True)``); a skill with no traits is an ordinary
``skill`` event, its FreeKill id being the project's. Nothing here imports a skill or an importer.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["FkTraits", "by_card", "by_fk", "fk_card", "fk_traits", "skills_with"]


@dataclass(frozen=True, slots=True)
class FkTraits:
    """How FreeKill shows one skill or one equipment card's effect in a recording."""

    #: the project's skill id, or the printed name of an equipment card
    owner: str
    #: locked: applied by the rules, never written as a `skill` event (无双, 青釭剑)
    locked: bool = False
    #: a conversion: written in the `skill` field of the use or response it makes (武圣, 丈八蛇矛)
    convert: bool = False
    #: a retrial: written as a `retrial` event (鬼才)
    retrial: bool = False
    #: the cards the invoker pays or gives go on the skill's event (制衡, 贯石斧)
    cost: bool = False
    #: deals damage without a card (刚烈)
    damage: bool = False
    #: takes a card with no choice: the move is implied (奸雄)
    implied_gain: bool = False
    #: FreeKill announces its effect again (#InvokeSkill) after the invocation, within the turn (裸衣)
    announced_again: bool = False
    #: the format's name of the pile FreeKill calls by this FreeKill id (its ``specialName``)
    pile: str | None = None
    #: announces itself again each time it spends a card of its pile (忠义's +1)
    spends_pile: bool = False
    #: a lord skill whose subjects provide this card, which the lord then uses or plays (激将: 杀)
    provides: str | None = None
    #: hands the cards it draws straight to their receivers (遗计)
    gives_drawn: bool = False
    #: the phase its invocation makes its owner skip (克己: discard)
    skips: str | None = None
    #: rearranges the top of the draw pile: its moves are implied (观星)
    arranges_pile: bool = False
    #: adds to a recovery another card makes: its name in a recovery log is no reason of its own (救援)
    adds_recovery: bool = False
    #: the player mark FreeKill sets on the character the invocation names (筹进: ``@@choujin``)
    target_mark: str | None = None
    #: the prefix of the marks ``<prefix>N`` that show the effect N the invocation chose (战神); the
    #: chosen effect's own announcements (``#<prefix>N_trig``) are applied by the rules
    choice_mark: str | None = None
    #: turns the 普通杀 its wearer just declared into a 火杀 (朱雀羽扇)
    declares_fire: bool = False
    #: the cards whose effect on its wearer FreeKill cancels before asking anyone for 无懈可击 (藤甲's
    #: 南蛮入侵 and 万箭齐发), with no log of its own
    voids: tuple[str, ...] = ()
    #: the suit FreeKill's card filter shows its owner's ♠ cards as (红颜: ♥); the card is the table's
    suit_filter: str | None = None


_BY_FK: dict[str, FkTraits] = {}
_BY_CARD: dict[str, FkTraits] = {}


def fk_traits(skill: str, *fk_ids: str, locked: bool = False, convert: bool = False, retrial: bool = False,
              cost: bool = False, damage: bool = False, implied_gain: bool = False, announced_again: bool = False,
              pile: str | None = None, spends_pile: bool = False, provides: str | None = None,
              gives_drawn: bool = False, skips: str | None = None, arranges_pile: bool = False,
              adds_recovery: bool = False, target_mark: str | None = None,
              choice_mark: str | None = None, suit_filter: str | None = None) -> FkTraits:
    """Declare the FreeKill traits of the project's skill ``skill``, which FreeKill calls ``fk_ids``
    (by default ``skill`` itself). A FreeKill id declared twice is an error."""
    traits = FkTraits(skill, locked=locked, convert=convert, retrial=retrial, cost=cost, damage=damage,
                      implied_gain=implied_gain, announced_again=announced_again, pile=pile,
                      spends_pile=spends_pile, provides=provides, gives_drawn=gives_drawn, skips=skips,
                      arranges_pile=arranges_pile, adds_recovery=adds_recovery, target_mark=target_mark,
                      choice_mark=choice_mark, suit_filter=suit_filter)
    for fk in fk_ids or (skill,):
        old = _BY_FK.get(fk)
        if old is not None and old != traits:
            raise ValueError(f"FreeKill id {fk!r} declared twice ({old.owner}, {skill})")
        _BY_FK[fk] = traits
    return traits


def fk_card(card: str, *, locked: bool = False, convert: bool = False, cost: bool = False,
            declares_fire: bool = False, voids: tuple[str, ...] = ()) -> FkTraits:
    """Declare the FreeKill traits of an equipment card's effect, by the card's printed name (FreeKill
    calls the effect by the card's id, ``#qinggang_sword_skill``)."""
    traits = FkTraits(card, locked=locked, convert=convert, cost=cost, declares_fire=declares_fire, voids=voids)
    old = _BY_CARD.get(card)
    if old is not None and old != traits:
        raise ValueError(f"the FreeKill traits of {card!r} declared twice")
    _BY_CARD[card] = traits
    return traits


def by_fk(fk_id: str) -> FkTraits | None:
    """The traits of the skill FreeKill calls ``fk_id`` (after the skills are loaded)."""
    return _BY_FK.get(fk_id)


def by_card(card: str) -> FkTraits | None:
    """The traits of an equipment card's effect, by the card's printed name."""
    return _BY_CARD.get(card)


def skills_with(**want: object) -> list[FkTraits]:
    """The declared skill traits with these values (``provides=...`` is compared as given), in
    declaration order."""
    seen: list[FkTraits] = []
    for t in _BY_FK.values():
        if t not in seen and all(getattr(t, k) == v for k, v in want.items()):
            seen.append(t)
    return seen
