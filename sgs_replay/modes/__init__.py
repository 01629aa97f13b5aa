"""The game modes, a plug-in of the rules engine: one module per mode, each registered under the header's ``mode``.

- ``identity`` — 身份局 and its house rules (:mod:`sgs_replay.modes.identity`);
- ``3v3`` — the competition mode with its draft (:mod:`sgs_replay.modes.three_v_three`, :mod:`sgs_replay.modes.draft`);
- ``1v1`` — 王者之战 (:mod:`sgs_replay.modes.one_v_one`);
- ``1v3`` — 虎牢關 (:mod:`sgs_replay.modes.hulao`);
- ``hegemony`` — 國戰 (:mod:`sgs_replay.modes.hegemony`).

What 3v3 and 1v1 share is :mod:`sgs_replay.modes.sides`; what every mode here shares (鏖戰) is
:mod:`sgs_replay.modes.base`. The engine asks :func:`sgs_replay.engine.modes.mode_for` and never imports this
package: it is named in :data:`sgs_replay.engine.plugins.PLUGINS` and loaded by name. The modes do not import
each other.
"""

from __future__ import annotations

from sgs_replay.modes import hegemony, hulao, identity, one_v_one, three_v_three  # noqa: F401  (registers the modes)
