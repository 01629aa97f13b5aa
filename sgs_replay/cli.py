"""The `sgs-replay` command line: a thin layer over the Python API.

Exit status (docs/log-format.md §7): 0 no violations, 1 violations found, 2 usage error,
3 unreadable input. Heavy libraries (polars, DuckDB, Streamlit) are imported inside the commands
that need them, so start-up stays fast.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer

app = typer.Typer(
    name="sgs-replay",
    help="Replay, check and analyse Sanguosha (三国杀) match logs.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

EXIT_OK, EXIT_VIOLATIONS, EXIT_USAGE, EXIT_UNREADABLE = 0, 1, 2, 3
REPO_ROOT = Path(__file__).resolve().parent.parent


def _err(msg: str) -> None:
    sys.stderr.write(msg.rstrip() + "\n")


def _ruleset_ok(name: str | None) -> None:
    if name is None:
        return
    from sgs_replay.content import RulesetError, UnknownRuleset, ruleset, ruleset_names

    try:
        ruleset(name, allow_path=True)
    except UnknownRuleset as exc:
        _err(f"error: unknown ruleset {str(exc)!r} (known: {', '.join(ruleset_names())}; "
             "or a file: --ruleset path/to/house.toml)")
        raise typer.Exit(EXIT_USAGE) from None
    except RulesetError as exc:
        _err(f"error: {exc}")
        raise typer.Exit(EXIT_USAGE) from None


def _output_ok(path: Path, what: str, *, folder: bool = False, parents: bool = False) -> None:
    """Refuse (exit 2, one located line) an output path that cannot be written, before any work.

    ``folder``: the path is a folder to create or fill; ``parents``: missing folders will be created.
    """
    import os

    problem = None
    parent = path if folder else path.parent
    if folder and path.exists() and not path.is_dir():
        problem = "exists and is not a folder"
    elif not folder and path.is_dir():
        problem = "is a folder, not a file"
    elif not folder and path.exists() and not os.access(path, os.W_OK):
        problem = "is not writable"
    else:
        existing = parent
        while not existing.exists() and existing != existing.parent:
            existing = existing.parent
        if not existing.is_dir():
            problem = f"{existing} is not a folder"
        elif not os.access(existing, os.W_OK | os.X_OK):
            problem = f"the folder {existing} is not writable"
        elif existing != parent and not (folder or parents):
            problem = f"the folder {parent} does not exist"
    if problem:
        _err(f"error: {path}: cannot write the {what}: {problem}")
        raise typer.Exit(EXIT_USAGE)


def _write(path: Path, data: str | bytes, what: str) -> None:
    """Write an output file; a failure is one located line and exit 2."""
    try:
        if isinstance(data, str):
            path.write_text(data, encoding="utf-8")
        else:
            path.write_bytes(data)
    except OSError as exc:
        _err(f"error: {path}: cannot write the {what} ({exc.strerror or exc})")
        raise typer.Exit(EXIT_USAGE) from None


def _collect(paths: list[Path]) -> list[Path]:
    from sgs_replay.reader import expand_paths

    files = list(expand_paths(paths))
    missing = [p for p in paths if not p.exists()]
    if missing:
        _err(f"error: {missing[0]}: no such file or directory")
        raise typer.Exit(EXIT_UNREADABLE)
    return files


@app.command()
def validate(
    files: Annotated[list[Path], typer.Argument(help="log files or directories (.sgs.jsonl, .fk.rep)")],
    json_out: Annotated[bool, typer.Option("--json", help="one JSON report per file on stdout")] = False,
    ruleset: Annotated[str | None, typer.Option("--ruleset", help="judge under this ruleset instead of the log's")] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="only the summary")] = False,
) -> None:
    """Check logs against the rules; report every violation with its line, rule and citation."""
    from sgs_replay.reader import UnreadableInput, read_path
    from sgs_replay.replay import validate_parsed
    from sgs_replay.report import capped, problems_text, public_report

    _ruleset_ok(ruleset)
    paths = _collect(files)
    if not paths:
        _err("error: no log files found")
        raise typer.Exit(EXIT_UNREADABLE)
    from sgs_replay.match import MatchEntry, attach, check_matches

    any_violation = False
    unreadable = False
    total_v = 0
    reports = []
    done = []
    for p in paths:
        try:
            parsed = read_path(p)
        except UnreadableInput as exc:
            _err(f"error: {exc}")
            unreadable = True
            continue
        done.append((parsed, validate_parsed(parsed, ruleset).report))
    # the games of one 3v3 match (same meta.match) are also checked together (sgs_replay.match)
    matches = check_matches(MatchEntry(r.file, p.header, r.result) for p, r in done)
    attach({r.file: r for _, r in done}, matches)
    for parsed, rep in done:
        shown, dropped = capped(rep.violations, parsed.violations_truncated)
        total_v += len(rep.violations) + parsed.violations_truncated
        any_violation |= bool(rep.violations)
        if json_out:
            reports.append(public_report(rep, parsed))
        elif not quiet:
            for v in shown:
                seat = f" seat {v.seat}" if v.seat else ""
                print(f"{rep.file}:{v.line}: {v.rule} {v.kind} —{seat} {v.message}"
                      + (f" (expected {v.expected}; observed {v.observed})" if v.expected or v.observed else ""))
            if dropped:
                print(f"{rep.file}: … and {dropped} more violation(s), not listed (at most {len(shown)} per file)")
            for line in problems_text(parsed.import_problems):
                print(f"{rep.file}: {line}")
    if not json_out and not quiet:
        for m in (m for m in matches if len(m.games) > 1):
            print(f"match {m.match}: " + ", ".join(f"{t} {n}" for t, n in m.score.items())
                  + (f" — {m.winner} wins" if m.winner else " — undecided"))
    if json_out:
        out: object = reports[0] if len(reports) == 1 and len(paths) == 1 else reports
        if matches and isinstance(out, list):
            out = {"reports": reports, "matches": [m.public() for m in matches]}
        print(json.dumps(out, ensure_ascii=False, indent=1))
    else:
        print(f"{len(paths)} file(s), {total_v} violation(s)" + (", some unreadable" if unreadable else ""))
    if unreadable:
        raise typer.Exit(EXIT_UNREADABLE)
    raise typer.Exit(EXIT_VIOLATIONS if any_violation else EXIT_OK)


@app.command()
def audit(
    file: Annotated[Path, typer.Argument(help="one log (.sgs.jsonl or .fk.rep)")],
    ruleset: Annotated[str | None, typer.Option("--ruleset", help="judge under this ruleset instead of the log's")] = None,
    html: Annotated[Path | None, typer.Option("--html", help="write an HTML report here")] = None,
    md: Annotated[Path | None, typer.Option("--md", help="write a Markdown report here")] = None,
) -> None:
    """A referee's report on one game: every violation with its rule, citation and the table at that moment."""
    from sgs_replay.reader import UnreadableInput, read_path
    from sgs_replay.report import build_audit
    from sgs_replay.report.render import to_html, to_markdown, to_terminal

    _ruleset_ok(ruleset)
    for out_path, what in ((html, "HTML report"), (md, "Markdown report")):
        if out_path is not None:
            _output_ok(out_path, what)
    if not file.is_file():
        _err(f"error: {file}: no such file")
        raise typer.Exit(EXIT_UNREADABLE)
    try:
        parsed = read_path(file)
    except UnreadableInput as exc:
        _err(f"error: {exc}")
        raise typer.Exit(EXIT_UNREADABLE) from None
    a = build_audit(parsed, ruleset)
    if html:
        _write(html, to_html(a), "HTML report")
    if md:
        _write(md, to_markdown(a), "Markdown report")
    if not html and not md:
        to_terminal(a)
    else:
        print(a.verdict)
    raise typer.Exit(EXIT_VIOLATIONS if a.findings else EXIT_OK)


@app.command()
def schema(
    check: Annotated[bool, typer.Option("--check", help="exit 1 if schemas/ differs from the models")] = False,
    out: Annotated[Path, typer.Option("--out", help="schema directory")] = REPO_ROOT / "schemas",
) -> None:
    """Write (or check) the JSON Schemas generated from the event models."""
    from sgs_replay.schema import generate

    files = generate()
    if check:
        drift = [n for n, text in files.items() if not (out / n).is_file() or (out / n).read_text(encoding="utf-8") != text]
        extra = [p.name for p in out.glob("*.schema.json") if p.name not in files] if out.is_dir() else []
        if drift or extra:
            _err(f"schemas/ is out of date: {', '.join(drift + extra)} — run `sgs-replay schema`")
            raise typer.Exit(1)
        print(f"schemas/ matches the models ({len(files)} files)")
        return
    out.mkdir(parents=True, exist_ok=True)
    for n, text in files.items():
        (out / n).write_text(text, encoding="utf-8")
    print(f"wrote {len(files)} schema files to {out}")


@app.command()
def explain(what: Annotated[str, typer.Argument(help="a rule id (SGS-P001) or a skill name (制衡 / zhiheng)")]) -> None:
    """Print a rule's documentation, or a skill's rules text."""
    from sgs_replay.rules import REGISTRY
    from sgs_replay.rules import catalogue as _  # noqa: F401  (registers the rules)

    r = REGISTRY.get(what.upper())
    if r is not None:
        print(f"{r.id} ({r.kind}) — {r.en} / {r.zh}\n\nWhat: {r.what}\nWhy: {r.why}\nReference: {r.cite}"
              + (f"\nExample: {r.example}" if r.example else ""))
        return
    from sgs_replay.content import skill_by_name

    s = skill_by_name().get(what) or skill_by_name().get(what.lower())
    if s is not None:
        print(f"{s.name} ({s.id}){' — 主公技' if s.lord else ''}\n\n{s.text or '(no rules text)'}\n\nSource: {s.source}")
        for k, v in s.variants.items():
            print(f"\nVariant {k}: {v}")
        return
    _err(f"error: no rule or skill named {what!r}")
    raise typer.Exit(EXIT_USAGE)


@app.command()
def convert(
    files: Annotated[list[Path], typer.Argument(help="recordings to convert (e.g. FreeKill .fk.rep)")],
    out: Annotated[Path, typer.Option("--out", help="output directory")] = Path("converted"),
) -> None:
    """Convert recordings of other engines to `.sgs.jsonl` logs."""
    from sgs_replay.importers import convert_to_jsonl
    from sgs_replay.reader import UnreadableInput

    paths = _collect(files)
    by_name: dict[str, list[Path]] = {}
    for p in paths:
        by_name.setdefault(p.name.removesuffix(".fk.rep").removesuffix(".sgs.jsonl") + ".sgs.jsonl", []).append(p)
    clashes = {n: ps for n, ps in by_name.items() if len(ps) > 1}
    if clashes:
        for n, ps in sorted(clashes.items()):
            _err(f"error: {out / n}: {len(ps)} inputs would be written to this one file: "
                 + ", ".join(str(p) for p in ps))
        _err("error: nothing converted; convert them into separate --out folders")
        raise typer.Exit(EXIT_USAGE)
    _output_ok(out, "converted logs", folder=True)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        _err(f"error: {out}: cannot create the output folder ({exc.strerror or exc})")
        raise typer.Exit(EXIT_USAGE) from None
    bad = False
    for name, (p,) in by_name.items():
        try:
            data, problems = convert_to_jsonl(p)
        except UnreadableInput as exc:
            _err(f"error: {exc}")
            bad = True
            continue
        _write(out / name, data, "converted log")
        for pr in problems:
            _err(f"{p}: {pr}")
        print(f"{p} → {out / name}" + (f" ({len(problems)} import problem(s))" if problems else ""))
    raise typer.Exit(EXIT_UNREADABLE if bad else EXIT_OK)


@app.command()
def load(
    paths: Annotated[list[Path], typer.Argument(help="log files or directories")],
    db: Annotated[Path, typer.Option("--db", help="DuckDB file to create or update")] = Path("sgs.duckdb"),
    ruleset: Annotated[str | None, typer.Option("--ruleset", help="judge under this ruleset instead of each log's")] = None,
    snapshots: Annotated[bool, typer.Option("--snapshots/--no-snapshots",
                                            help="store the position after every event (for the game viewer)")] = True,
) -> None:
    """Validate logs and load games, players, events and violations into a DuckDB file."""
    from sgs_replay.store import StoreError, load_paths

    _ruleset_ok(ruleset)
    _output_ok(db, "database", parents=True)
    files = _collect(paths)
    try:
        summary = load_paths(files, db, ruleset=ruleset, snapshots=snapshots)
    except StoreError as exc:
        _err(f"error: {exc}")
        raise typer.Exit(EXIT_UNREADABLE) from None
    print(summary.text())
    refused = len(summary.unreadable) + len(summary.failed)
    for line in summary.unreadable + summary.failed:
        _err(f"error: {line}")
    # 3: nothing could be read; 1: some files were refused (named above); 0: every file is in the database
    raise typer.Exit(EXIT_UNREADABLE if refused and refused == summary.files
                     else EXIT_VIOLATIONS if refused else EXIT_OK)


@app.command()
def demo(
    db: Annotated[Path, typer.Option("--db", help="DuckDB file")] = Path("sgs_demo.duckdb"),
) -> None:
    """Validate and load the bundled sample logs, then print the summary and how to open the dashboard."""
    from sgs_replay.store import StoreError, load_paths

    samples = REPO_ROOT / "sample_logs"
    if not samples.is_dir():
        _err(f"error: {samples} not found")
        raise typer.Exit(EXIT_UNREADABLE)
    try:
        summary = load_paths([samples], db)
    except StoreError as exc:
        _err(f"error: {exc}")
        raise typer.Exit(EXIT_UNREADABLE) from None
    print(summary.text())
    print(f"\nOpen the dashboard:  sgs-replay dashboard --db {db}")


@app.command()
def dashboard(
    db: Annotated[Path, typer.Option("--db", help="DuckDB file")] = Path("sgs_demo.duckdb"),
    port: Annotated[int, typer.Option("--port")] = 8501,
) -> None:
    """Start the Streamlit dashboards on a DuckDB file."""
    import os
    import subprocess

    app_path = REPO_ROOT / "dashboards" / "app.py"
    if not app_path.is_file():
        app_path = Path(__file__).resolve().parent / "_dashboards" / "app.py"
    if not db.is_file():
        _err(f"error: {db} does not exist — run `sgs-replay load … --db {db}` or `sgs-replay demo` first")
        raise typer.Exit(EXIT_UNREADABLE)
    env = dict(os.environ, SGS_REPLAY_DB=str(db.resolve()))
    cmd = [sys.executable, "-m", "streamlit", "run", str(app_path), "--server.port", str(port),
           "--server.headless", "true", "--browser.gatherUsageStats", "false"]
    raise typer.Exit(subprocess.call(cmd, env=env))


def main() -> None:
    try:
        app()
    except KeyboardInterrupt:
        _err("interrupted")
        sys.exit(130)


if __name__ == "__main__":
    main()
