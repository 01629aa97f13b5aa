"""ASCII ids for the cards and the skills in code; their printed (Chinese) names are data.

``CARD.slash`` is ``"杀"`` and ``SKILL.kongcheng`` is ``"空城"``: the code says which card or skill
it means by the id of the deck tables (``name_en``) and of ``skills.toml``; the names the logs,
the rulebooks and the reports use come from those tables. An unknown id is an ``AttributeError``
at import time of the module that uses it, not a silently wrong string.
"""

from __future__ import annotations

from sgs_replay.content import card_kinds, skills


class Names:
    """A fixed table id → printed name, read as attributes."""

    def __init__(self, kind: str, table: dict[str, str]) -> None:
        self._kind = kind
        self.__dict__.update(table)

    def __getattr__(self, ident: str) -> str:
        raise AttributeError(f"no {self._kind} with the id {ident!r}")


CARD = Names("card", {k.en: k.name for k in card_kinds.BY_NAME.values()})
SKILL = Names("skill", {s.id: s.name for s in skills().values()})
