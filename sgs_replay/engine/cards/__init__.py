"""The cards, one definition each, by kind: basic cards, tricks and equipment.

Importing the package registers what using each card does (``handlers.card_use``) and the
equipment effects (``skills.hook``). The engine loads it once, when the first engine is built; a
card a ruleset adds is a deck row plus one such definition (CONTRIBUTING.md).
"""

from __future__ import annotations

from sgs_replay.engine.cards import basic, effect, equipment, maneuvering, one_v_one, tricks  # noqa: F401  (registers the cards)
