"""The generals' skills, one module per kingdom (魏 wei, 蜀 shu, 吴 wu, 群 qun, 神 god), the 1v1 skills of the
death and entry moments (one_v_one), and the skills that speak of kingdoms and face-down generals (hegemony).

A plug-in of the rules engine (:mod:`sgs_replay.engine.plugins`): importing this package registers
every skill's hooks and watchers with :mod:`sgs_replay.engine.skills`, the answers to the engine's
questions (:mod:`sgs_replay.skills.common`) and the table-wide installers. Every hook cites the text
it checks (``content/skills.toml`` holds the texts with their sources). The engine never imports
this package; it is named in ``PLUGINS``.
"""

from __future__ import annotations

from sgs_replay.engine import plugins
from sgs_replay.skills import common, god, hegemony, one_v_one, qun, shu, wei, wu  # noqa: F401  (registers hooks)

plugins.installer(wei.install_zhenwei)


def load() -> None:
    """Make sure every skill is registered (importing the package does it)."""
    plugins.load()
