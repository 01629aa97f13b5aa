"""Generate ``docs/rules.md`` from the rule catalogue (and check that it is up to date).

The catalogue (:mod:`sgs_replay.rules.catalogue`) is the single source of truth for every check's id,
kind, messages, citation and documentation; this page is derived from it, never edited by hand.

    python -m sgs_replay.rules.docs            # (re)write docs/rules.md
    python -m sgs_replay.rules.docs --check    # exit 1 if docs/rules.md is out of date
    python -m sgs_replay.rules.docs --out FILE # write somewhere else
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path

from sgs_replay.rules import REGISTRY, Rule
from sgs_replay.rules import catalogue as _catalogue  # noqa: F401  (registers the rules)

DEFAULT_OUT = Path(__file__).resolve().parents[2] / "docs" / "rules.md"

#: id prefix → family heading, in the order the catalogue declares them
FAMILIES: dict[str, str] = {
    "F": "Format",
    "H": "Header and start position",
    "C": "Card conservation",
    "T": "Turn flow",
    "P": "Card play",
    "R": "Resolution order",
    "D": "Damage, dying and death",
    "O": "Outcome",
    "S": "Skills",
    "3": "3v3 mode",
    "4": "1v3 mode (虎牢關)",
    "5": "國戰 and 鏖戰",
    "X": "House rules",
}

KIND_TEXT = {
    "illegal_play": "the rules forbid this play here",
    "resolution_order": "the right things happened in the wrong order",
    "bookkeeping": "the recorded state or a mandatory consequence is wrong or missing",
    "outcome": "the declared end or winner is wrong, or the game continued after it ended",
    "format": "the line is not a valid event of this format",
}


def family_of(rule_id: str) -> str:
    """``SGS-P001`` → ``P``."""
    return rule_id.removeprefix("SGS-")[:1]


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _anchor(r: Rule) -> str:
    return r.id.lower()


def _rule_section(r: Rule) -> list[str]:
    out = [
        f"### {r.id} {r.title}",
        "",
        f"- **Kind:** `{r.kind}` — {KIND_TEXT.get(str(r.kind), '')}",
        f"- **Message:** {r.en}",
        f"- **消息:** {r.zh}",
        f"- **Reference:** {r.cite}",
        "",
        *(f"> {line}" for line in r.quote.splitlines()),
        "",
        f"**What.** {r.what}",
        "",
        f"**Why.** {r.why}",
        "",
    ]
    if r.example:
        out += ["**Example.**", "", "```", r.example, "```", ""]
    return out


def render(rules: Iterable[Rule] | None = None) -> str:
    """The whole page, deterministic for a given catalogue."""
    rules = list(REGISTRY.values() if rules is None else rules)
    by_family: dict[str, list[Rule]] = {}
    for r in rules:
        by_family.setdefault(family_of(r.id), []).append(r)
    order = [f for f in FAMILIES if f in by_family] + sorted(f for f in by_family if f not in FAMILIES)

    lines = [
        "# Rules",
        "",
        "<!-- Generated from sgs_replay/rules/catalogue.py by `python -m sgs_replay.rules.docs`. Do not edit. -->",
        "",
        "Every check of `sgs-replay validate` has a stable id (never reused), a kind (spec §7), a one-line",
        "message in English and Chinese, a citation of the rulebook section it enforces and the passage",
        "itself, quoted in the language of its source (the format rules quote docs/log-format.md; where",
        "the rulebook is silent the quote says so and names what the rule follows). The same text is",
        "printed by `sgs-replay explain SGS-…`.",
        "",
        f"{len(rules)} rules in {len(order)} families.",
        "",
        "| id | kind | title | message |",
        "|---|---|---|---|",
    ]
    for fam in order:
        for r in by_family[fam]:
            lines.append(f"| [{r.id}](#{_anchor(r)}-{r.title}) | `{r.kind}` | {_cell(r.title)} | {_cell(r.en)} |")
    lines.append("")
    for fam in order:
        lines += [f"## {FAMILIES.get(fam, fam)} (SGS-{fam}…)", ""]
        for r in by_family[fam]:
            lines += _rule_section(r)
    return "\n".join(lines).rstrip("\n") + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m sgs_replay.rules.docs", description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="exit 1 if the file differs from the catalogue")
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT, help=f"the page to write or check (default {DEFAULT_OUT})")
    args = ap.parse_args(argv)
    text = render()
    if args.check:
        current = args.out.read_text(encoding="utf-8") if args.out.is_file() else None
        if current != text:
            why = "is missing" if current is None else "is out of date"
            sys.stderr.write(f"{args.out} {why} — run `python -m sgs_replay.rules.docs`\n")
            return 1
        print(f"{args.out} matches the catalogue ({len(REGISTRY)} rules)")
        return 0
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text, encoding="utf-8")
    print(f"wrote {args.out} ({len(REGISTRY)} rules)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
