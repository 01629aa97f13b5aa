"""Golden audit outputs: `python tests/golden/regen.py --update` rewrites them; without it, lists drift.

The logs are the shared scenarios and the bundled disputes; the outputs are the audit in text (zh)
and Markdown (en), with a fixed audit time so they are byte-for-byte reproducible.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
SCENARIOS = ROOT.parent / "shared" / "scenarios"
NOW = "2000-01-01T00:00:00Z"

CASES = {
    "table7-second-slash": ROOT / "sample_logs" / "disputes" / "table7-second-slash.sgs.jsonl",
    "table2-rebel-reward": ROOT / "sample_logs" / "disputes" / "table2-rebel-reward.sgs.jsonl",
    "id-savage-assault-order": SCENARIOS / "id-savage-assault-order.sgs.jsonl",
    "id-delayed-trick-order": SCENARIOS / "id-delayed-trick-order.sgs.jsonl",
    "skill-kurou-ok": SCENARIOS / "skill-kurou-ok.sgs.jsonl",
}


def outputs(name: str, path: Path) -> dict[str, str]:
    sys.path.insert(0, str(ROOT))
    from sgs_replay.formats.reader import parse_any
    from sgs_replay.report import build_audit
    from sgs_replay.report.render import render

    data = path.read_bytes()
    a = build_audit(parse_any(data, path.name), data=data, now=NOW)
    a.version = "GOLDEN"
    return {f"{name}.zh.txt": render(a, "text", "zh"), f"{name}.en.md": render(a, "md", "en")}


def main(argv: list[str]) -> int:
    update = "--update" in argv
    drift = []
    for name, path in CASES.items():
        if not path.is_file():
            continue
        for fname, text in outputs(name, path).items():
            target = HERE / fname
            if update:
                target.write_text(text, encoding="utf-8")
            elif not target.is_file() or target.read_text(encoding="utf-8") != text:
                drift.append(fname)
    if drift:
        print("golden outputs drifted: " + ", ".join(drift) + " — run `python tests/golden/regen.py --update`")
        return 1
    print("golden outputs " + ("written" if update else "match"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
