"""The generals' skills, one module per kingdom (魏 wei, 蜀 shu, 吴 wu, 群 qun, 神 god).

Every hook cites the text it checks (``content/skills.toml`` holds the texts with their seeds).
Importing a module registers its hooks and watchers with :mod:`sgs_replay.engine.skills`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sgs_replay.engine.core import Engine

_loaded = False


def load() -> None:
    global _loaded
    if _loaded:
        return
    from sgs_replay.engine.skillset import god, qun, shu, wei, wu  # noqa: F401  (registers hooks)

    _loaded = True


def install(eng: Engine) -> None:
    """Table-wide effects of skills present at this table (镇卫 changes distances)."""
    from sgs_replay.engine.skillset.wei import install_zhenwei

    install_zhenwei(eng)
