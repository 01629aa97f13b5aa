"""The day a recording was made, from its name."""

from __future__ import annotations

import datetime as dt
import re

_STAMP = re.compile(r"((?:19|20)\d{6})\d{6}(?:\.|$)")


def recording_date(name: str) -> str | None:
    """The day a FreeKill recording was made, from its name (``20261129104308.AI1.….fk.rep``: the
    engine names a recording by the time it started, ``YYYYMMDDhhmmss``), as ``YYYY-MM-DD``; None when the
    name does not start with a valid time stamp."""
    m = _STAMP.match(name)
    if m is None:
        return None
    try:
        return dt.datetime.strptime(m.group(0)[:14], "%Y%m%d%H%M%S").date().isoformat()
    except ValueError:
        return None
