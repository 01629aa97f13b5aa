"""The rules engine: its core (``core``, ``state``, ``stack``, ``timing``, ``plugins``, ``modes``: the mode
interface and registry) and the parts above it (``changes``, ``effects``, ``frames``, ``handlers``, ``skills``,
``triggers``, ``legality``; the card definitions in ``cards/``). The core imports none of the parts: they
register themselves when :func:`sgs_replay.engine.plugins.load` imports them by name (docs/architecture.md).
"""
