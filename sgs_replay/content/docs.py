"""``python -m sgs_replay.content.docs > docs/rulesets.md``: the ruleset parameters as Markdown."""

from __future__ import annotations

import sys

from sgs_replay.content.params import rulesets_markdown

if __name__ == "__main__":
    sys.stdout.write(rulesets_markdown())
