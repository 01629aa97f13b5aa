"""The validator's measured accuracy: false alarms on clean games, recall on planted faults.

For every clean game: the violations the validator reports (each one a false alarm, the game being
clean), per ruleset. For every faulty copy (:mod:`sgs_replay.quality.inject`), one outcome:

- ``caught_at_line``: a violation at the labelled line with one of the label's rules;
- ``caught_elsewhere``: no such violation, but a violation the clean game does not have (compared
  by rule id) somewhere in the copy — often a consequence of the fault further on, or the fault
  itself reported late or under another rule (``other_rule_at_line``: something was reported at
  the labelled line, under a rule the label does not name);
- ``judged_legal``: nothing reported, and the planted event is a use the engine's own legality
  checks (:func:`sgs_replay.engine.legality.check_use`) accept in that position — the plant's
  precondition and the engine disagree about the rules: listed for review, not counted as a miss;
- ``missed``: nothing reported.

Recall is counted over the plants not judged legal.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from sgs_replay.formats import events as ev
from sgs_replay.formats.reader import UnreadableInput, read_path
from sgs_replay.quality.faults import FAULTS
from sgs_replay.quality.inject import CleanSource, Label, read_clean, read_labels
from sgs_replay.replay.validate import validate_parsed

OUTCOMES = ("caught_at_line", "caught_elsewhere", "missed", "judged_legal")


def _violation(v: Any) -> dict[str, Any]:
    return {"line": v.line, "rule": v.rule, "seat": v.seat, "message": v.message}


def false_alarms(sources: list[CleanSource]) -> dict[str, dict[str, Any]]:
    """Per ruleset: the clean games, their violations (every one a false alarm) and the rate."""
    out: dict[str, dict[str, Any]] = {}
    for src in sources:
        rs = src.report.ruleset or "?"
        row = out.setdefault(rs, {"games": 0, "violations": 0, "per_game": 0.0, "list": []})
        row["games"] += 1
        row["violations"] += len(src.report.violations)
        row["list"].extend({"file": src.path, **_violation(v)} for v in src.report.violations)
    for row in out.values():
        row["per_game"] = round(row["violations"] / row["games"], 3) if row["games"] else 0.0
    return out


def _judged_legal(parsed: Any, index: int) -> bool:
    """Whether the engine's legality checks accept the use at ``index`` in the copy's position there."""
    from sgs_replay.engine.legality import check_use

    e = parsed.events[index][1] if 0 <= index < len(parsed.events) else None
    if not isinstance(e, ev.Use):
        return False
    found: list[bool] = []

    def on_step(i: int, eng: Any) -> None:
        if i == index and not found:
            found.append(not check_use(eng, e))

    validate_parsed(parsed, on_step=on_step)
    return bool(found and found[0])


def outcome(label: Label, folder: Path, clean_rules: Counter[str]) -> dict[str, Any]:
    """Validate one faulty copy and say how its planted fault fared."""
    path = folder / label.file
    row: dict[str, Any] = {"file": str(path), "line": label.line, "class": label.cls, "rules": label.rules,
                           "source": label.source, "what": label.what}
    try:
        parsed = read_path(path)
    except UnreadableInput as exc:
        return {**row, "outcome": "missed", "error": str(exc)}
    rep = validate_parsed(parsed).report
    left = Counter(clean_rules)
    new = []
    for v in rep.violations:
        if left[v.rule] > 0:
            left[v.rule] -= 1
        else:
            new.append(v)
    at_line = [v for v in rep.violations if v.line == label.line and v.rule in label.rules]
    if at_line:
        kind = "caught_at_line"
    elif new:
        kind = "caught_elsewhere"
    elif _judged_legal(parsed, label.line - 2):
        kind = "judged_legal"
    else:
        kind = "missed"
    row["outcome"] = kind
    #: caught elsewhere, though something was reported at the labelled line (under another rule)
    row["other_rule_at_line"] = kind == "caught_elsewhere" and any(v.line == label.line for v in new)
    row["reported"] = [_violation(v) for v in (at_line or new)[:5]]
    return row


def _rates(c: Counter[str]) -> dict[str, Any]:
    planted = sum(c[k] for k in OUTCOMES)
    judged = planted - c["judged_legal"]
    return {"planted": planted, **{k: c[k] for k in OUTCOMES}, "other_rule_at_line": c["other_rule_at_line"],
            "recall_at_line": round(c["caught_at_line"] / judged, 4) if judged else None,
            "recall": round((c["caught_at_line"] + c["caught_elsewhere"]) / judged, 4) if judged else None}


def _key(path: str) -> str:
    return str(Path(path).resolve())


def _outcome_job(args: tuple[Label, Path, Counter[str]]) -> dict[str, Any]:
    return outcome(*args)


def _outcomes(labels: list[Label], folder: Path, clean_rules: dict[str, Counter[str]], jobs: int) -> list[dict[str, Any]]:
    """The outcome of every label, in the labels' order, in ``jobs`` worker processes."""
    work = [(lb, folder, clean_rules.get(_key(lb.source), Counter())) for lb in labels]
    if jobs <= 1 or len(work) < 2:
        return [_outcome_job(w) for w in work]
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=jobs) as pool:
        return list(pool.map(_outcome_job, work, chunksize=max(1, len(work) // (4 * jobs))))


def measure(clean: Iterable[Path], seed: int, faults: Path | None = None, *, per_class: int = 1,
            workdir: Path | None = None, jobs: int = 1, classes: Iterable[str] | None = None) -> dict[str, Any]:
    """The whole measurement: false alarms on the clean games under ``clean``; recall on the copies
    in ``faults`` (with their ``labels.jsonl``), or on copies planted now into ``workdir``; the copies
    are validated in ``jobs`` worker processes (the result is the same for any number). ``classes``
    limits the planting to those fault classes."""
    import tempfile

    from sgs_replay.quality.inject import inject

    sources, skipped = read_clean(clean)
    tmp = None
    if faults is None:
        if workdir is None:
            tmp = tempfile.TemporaryDirectory(prefix="sgs-quality-")
            workdir = Path(tmp.name)
        inject([], workdir, seed, per_class, classes, sources=sources)
        faults = workdir
    try:
        labels = read_labels(faults)
        # a label names its source as inject was given it: matched whatever the spelling of the path
        clean_rules = {_key(src.path): Counter(v.rule for v in src.report.violations) for src in sources}
        ruleset_of = {_key(src.path): src.report.ruleset or "?" for src in sources}
        rows = _outcomes(labels, faults, clean_rules, jobs)
    finally:
        if tmp is not None:
            tmp.cleanup()
    by_class: dict[str, Counter[str]] = {cls: Counter() for cls in FAULTS}
    by_ruleset: dict[str, Counter[str]] = {}
    total: Counter[str] = Counter()
    for row in rows:
        keys = [row["outcome"], *(["other_rule_at_line"] if row.get("other_rule_at_line") else [])]
        for c in (by_class.setdefault(row["class"], Counter()),
                  by_ruleset.setdefault(ruleset_of.get(_key(row["source"]), "?"), Counter()), total):
            c.update(keys)
    return {
        "seed": seed, "per_class": per_class,
        "clean_games": len(sources), "skipped": skipped,
        "false_alarms": false_alarms(sources),
        "classes": {cls: _rates(c) for cls, c in by_class.items()},
        "rulesets": {rs: _rates(c) for rs, c in sorted(by_ruleset.items())},
        "overall": _rates(total),
        "misses": [r for r in rows if r["outcome"] == "missed"],
        "elsewhere": [r for r in rows if r["outcome"] == "caught_elsewhere"],
        "judged_legal": [r for r in rows if r["outcome"] == "judged_legal"],
        "plants": rows,
    }


def render(result: dict[str, Any]) -> None:
    """Print the measurement as rich tables (false alarms per ruleset, recall per class)."""
    from rich.console import Console
    from rich.table import Table

    con = Console(width=max(Console().width, 120))
    fa = Table(title=f"False alarms on {result['clean_games']} clean game(s)")
    for col in ("ruleset", "games", "violations", "per game"):
        fa.add_column(col, justify="left" if col == "ruleset" else "right")
    for rs, row in sorted(result["false_alarms"].items()):
        fa.add_row(rs, str(row["games"]), str(row["violations"]), f"{row['per_game']:.2f}")
    con.print(fa)
    t = Table(title=f"Recall on planted faults (seed {result['seed']})")
    t.add_column("class", no_wrap=True)
    for col in ("planted", "at line", "elsewhere", "(other rule at line)", "missed", "judged legal",
                "recall at line", "recall"):
        t.add_column(col, justify="right")

    def pct(x: float | None) -> str:
        return "–" if x is None else f"{100 * x:.0f} %" if x in (0, 1) else f"{100 * x:.1f} %"

    for cls, c in [*result["classes"].items(), ("overall", result["overall"])]:
        t.add_row(cls, str(c["planted"]), str(c["caught_at_line"]), str(c["caught_elsewhere"]), str(c["other_rule_at_line"]), str(c["missed"]),
                  str(c["judged_legal"]), pct(c["recall_at_line"]), pct(c["recall"]), end_section=cls == list(result["classes"])[-1])
    con.print(t)
    for title, key in (("Missed", "misses"), ("Judged legal (review the plant)", "judged_legal")):
        if result[key]:
            con.print(f"[bold]{title}[/bold]")
            for r in result[key]:
                con.print(f"  {r['class']}: {r['file']}:{r['line']} — {r['what']}", highlight=False, markup=False)
