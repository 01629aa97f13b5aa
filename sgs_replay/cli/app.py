"""The `sgs-replay` command line: a thin layer over the Python API.

Exit status (docs/log-format.md §7): 0 no violations, 1 violations found, 2 usage error,
3 unreadable input, 4 no violation found in a damaged recording (import problems, engine desync). Heavy libraries (polars, DuckDB, Streamlit) are imported inside the commands
that need them, so start-up stays fast.
"""

from __future__ import annotations

import sys
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer

app = typer.Typer(
    name="sgs-replay",
    help="Replay, check and analyse Sanguosha (三国杀) match logs.",
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)

EXIT_OK, EXIT_VIOLATIONS, EXIT_USAGE, EXIT_UNREADABLE, EXIT_DAMAGED = 0, 1, 2, 3, 4


def _damaged(rep: object) -> bool:
    """A recording read with import problems (a malformed or unknown packet) or an engine desync:
    no violation may be found, but it cannot be called clean (exit 4)."""
    return bool(getattr(rep, "import_problems", None) or getattr(rep, "desyncs", None))


PACKAGE_ROOT = Path(__file__).resolve().parent.parent  # sgs_replay/
REPO_ROOT = PACKAGE_ROOT.parent


def bundled(name: str) -> Path | None:
    """A folder shipped with sgs-replay (``sample_logs``, ``schemas``): the checkout's own, or the copy
    installed with the package (``sgs_replay/_data``); None when neither is there."""
    here = REPO_ROOT / name
    if here.is_dir() and (REPO_ROOT / "pyproject.toml").is_file():
        return here
    from importlib.resources import files

    data = files("sgs_replay") / "_data" / name
    return Path(str(data)) if data.is_dir() else None


def _err(msg: str) -> None:
    """One line on stderr; control characters (from a file name or a log) escaped."""
    from sgs_replay.formats.safe import one_line

    sys.stderr.write(one_line(msg.rstrip()) + "\n")


def _say(line: str) -> None:
    """One line on stdout; control characters (from a file name or a log) escaped, so a value cannot
    forge a line of the report or hide one on a terminal."""
    from sgs_replay.formats.safe import one_line

    print(one_line(line))


def _version_callback(value: bool) -> None:
    if value:
        from sgs_replay.report import tool_version

        print(f"sgs-replay {tool_version()}")
        raise typer.Exit(EXIT_OK)


@app.callback()
def _main(
    version: Annotated[bool, typer.Option("--version", callback=_version_callback, is_eager=True,
                                          help="print the version and exit")] = False,
) -> None:
    """Replay, check and analyse Sanguosha (三国杀) match logs.

    Exit status: 0 clean, 1 violations found, 2 usage error, 3 unreadable input, 4 no violation found
    but a recording is damaged (import problems or an engine desync).
    """


# ------------------------------------------------------------------------------------ input and output
STDIN = "-"


def _read_one(path: Path) -> tuple[None, object]:
    """The parsed log of one file (``-``: standard input); exit 3 when unreadable. The file is read in
    blocks, within the limits per file and per line; a FIFO or a device is refused."""
    from sgs_replay.formats.reader import UnreadableInput, read_path, read_stream

    try:
        if str(path) == STDIN:
            return None, read_stream(sys.stdin.buffer, "<stdin>")
        if not path.exists():
            _err(f"error: {path}: no such file")
            raise typer.Exit(EXIT_UNREADABLE)
        return None, read_path(path)
    except OSError as exc:
        _err(f"error: {path}: cannot read ({exc.strerror or exc})")
        raise typer.Exit(EXIT_UNREADABLE) from None
    except UnreadableInput as exc:
        _err(f"error: {exc}")
        raise typer.Exit(EXIT_UNREADABLE) from None


def _write_out(path: Path | None, text: str, what: str = "--output") -> None:
    """Write ``text`` to ``path`` (stdout when None or ``-``); a path that cannot be written is a
    located usage error (exit 2), never a traceback."""
    if path is None or str(path) == STDIN:
        sys.stdout.write(text)
        return
    _check_out(path, what)
    _write(path, text, what)


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
    """Write an output file whole or not at all (a temporary file renamed over it); a failure (a full
    disk …) is one located line and exit 2, and leaves no partial file."""
    from sgs_replay.formats.safe import atomic_write

    try:
        atomic_write(path, data)
    except OSError as exc:
        _err(f"error: {path}: cannot write the {what} ({exc.strerror or exc})")
        raise typer.Exit(EXIT_USAGE) from None


JOBS_HELP = "worker processes (default: all cores, fewer for a handful of files); the output is the same for any N"


def _jobs(jobs: int | None, n_files: int) -> int:
    """The workers to use: as asked, or all cores when there are enough files to share."""
    if jobs is not None:
        if jobs < 1:
            _err("error: --jobs must be at least 1")
            raise typer.Exit(EXIT_USAGE)
        return jobs
    from sgs_replay.replay.pipeline import default_jobs

    return max(1, min(default_jobs(), n_files // 8))


class ExecutorKind(StrEnum):
    local = "local"
    dask = "dask"


def _executor(jobs: int | None, n_files: int, kind: ExecutorKind, scheduler: str | None) -> Any:
    """The pipeline's Executor for --jobs, --executor and --scheduler."""
    from sgs_replay.replay.pipeline import Executor

    if kind is ExecutorKind.dask:
        if not scheduler:
            _err("error: --executor dask needs --scheduler ADDRESS (e.g. tcp://10.0.0.5:8786)")
            raise typer.Exit(EXIT_USAGE)
        try:
            import distributed  # noqa: F401
        except ImportError:
            _err("error: --executor dask needs the distributed package: pip install 'sgs-replay[dask]'")
            raise typer.Exit(EXIT_USAGE) from None
        return Executor(kind="dask", address=scheduler)
    if scheduler:
        _err("error: --scheduler goes with --executor dask")
        raise typer.Exit(EXIT_USAGE)
    return Executor(_jobs(jobs, n_files))


EXECUTOR_HELP = "local: worker processes on this machine; dask: the Dask cluster at --scheduler (files at the same paths there)"
SCHEDULER_HELP = "the Dask scheduler's address, with --executor dask"


def _collect(paths: list[Path]) -> list[Path]:
    from sgs_replay.formats.reader import expand_paths

    skipped: list[str] = []
    files = list(expand_paths(paths, skipped))
    missing = [p for p in paths if not p.exists()]
    if missing:
        _err(f"error: {missing[0]}: no such file or directory")
        raise typer.Exit(EXIT_UNREADABLE)
    for why in skipped:
        _err(f"note: {why}")
    return files


#: import problems shown per file in the text output (the JSON report has them all)
SHOWN_PROBLEMS = 3


def _print_engine_notes(rep: object) -> None:
    """What is not a player's violation but limits the verdict: an engine desync against the
    recording, and what the importer did not understand (a count and the first few)."""
    from sgs_replay.importers.oracle import Desync

    file = getattr(rep, "file", "")
    for d in getattr(rep, "desyncs", []):
        _say(f"{file}:{d['line']}: engine desync — {Desync(**d).message()}")
    behaviour = getattr(rep, "engine_behaviour", [])
    if behaviour:
        _say(f"{file}: engine behaviour the ruleset accepts ({len(behaviour)}): " + "; ".join(behaviour[:SHOWN_PROBLEMS])
              + (" …" if len(behaviour) > SHOWN_PROBLEMS else ""))
    unmodelled = getattr(rep, "unmodelled", [])
    if unmodelled:
        print(f"{file}: not modelled, unverifiable: " + "; ".join(unmodelled))
    problems = getattr(rep, "import_problems", [])
    if problems:
        _say(f"{file}: {len(problems)} import problem(s): " + "; ".join(problems[:SHOWN_PROBLEMS])
              + (" …" if len(problems) > SHOWN_PROBLEMS else ""))


class OutputFormat(StrEnum):
    text = "text"
    json = "json"
    sarif = "sarif"
    junit = "junit"


@app.command()
def validate(
    files: Annotated[list[Path], typer.Argument(help="log files or directories (.sgs.jsonl, .fk.rep); - reads standard input",
                                                metavar="FILE")],
    json_out: Annotated[bool, typer.Option("--json", help="the JSON result on stdout (same as --output-format json)")] = False,
    output_format: Annotated[OutputFormat, typer.Option(
        "--output-format", help="text: one line per violation; json: {files, unreadable, matches}; "
                                "sarif: SARIF 2.1.0 for code-scanning views; junit: JUnit XML for CI")] = OutputFormat.text,
    ruleset: Annotated[str | None, typer.Option("--ruleset", metavar="NAME|FILE",
                                                help="judge under this ruleset (name or .toml file) instead of the log's")] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="text format: only the summary line; no progress")] = False,
    jobs: Annotated[int | None, typer.Option("--jobs", "-j", help=JOBS_HELP)] = None,
    executor: Annotated[ExecutorKind, typer.Option("--executor", help=EXECUTOR_HELP)] = ExecutorKind.local,
    scheduler: Annotated[str | None, typer.Option("--scheduler", metavar="ADDRESS", help=SCHEDULER_HELP)] = None,
) -> None:
    """Check logs against the rules; report every violation with its line, rule and citation."""
    from sgs_replay.cli.progress import Progress
    from sgs_replay.formats.reader import UnreadableInput, read_stream
    from sgs_replay.replay.pipeline import validate_files
    from sgs_replay.replay.validate import validate_parsed

    fmt = OutputFormat.json if json_out else output_format
    _ruleset_ok(ruleset)
    use_stdin = any(str(f) == STDIN for f in files)
    paths = _collect([f for f in files if str(f) != STDIN])
    if not paths and not use_stdin:
        _err("error: no log files found")
        raise typer.Exit(EXIT_UNREADABLE)
    from sgs_replay.replay.match import MatchEntry, attach, check_matches

    unreadable: list[dict[str, str]] = []
    done = []
    if use_stdin:
        try:
            parsed = read_stream(sys.stdin.buffer, "<stdin>")
            done.append((parsed, validate_parsed(parsed, ruleset).report))
        except UnreadableInput as exc:
            _err(f"error: {exc}")
            unreadable.append({"file": "<stdin>", "error": str(exc)})
    work = _executor(jobs, len(paths), executor, scheduler)
    with Progress(not quiet, "validate") as progress:
        progress.start(len(paths))
        for p, (kind, value) in zip(paths, validate_files(paths, ruleset, work), strict=True):
            if kind == "ok":
                done.append(value)
                progress.advance(1, value[1].events)
            else:
                progress.advance(0, 0)
                _err(f"error: {value}")
                unreadable.append({"file": str(p), "error": value})
    # the games of one 3v3 match (same meta.match) are also checked together (sgs_replay.replay.match)
    matches = check_matches(MatchEntry(r.file, p.header, r.result) for p, r in done)
    attach({r.file: r for _, r in done}, matches)
    reports = [rep for _, rep in done]
    any_violation = any(rep.violations for rep in reports)
    if fmt is OutputFormat.text:
        _validate_text(done, matches, len(paths) + use_stdin, bool(unreadable), quiet)
    else:
        _validate_machine(fmt, done, unreadable, matches, single=len(paths) + use_stdin == 1)
    if unreadable:
        raise typer.Exit(EXIT_UNREADABLE)
    if any_violation:
        raise typer.Exit(EXIT_VIOLATIONS)
    raise typer.Exit(EXIT_DAMAGED if any(_damaged(rep) for rep in reports) else EXIT_OK)


def _validate_text(done: list, matches: list, n_files: int, unreadable: bool, quiet: bool) -> None:  # type: ignore[type-arg]
    from sgs_replay.report import capped

    total_v = 0
    for parsed, rep in done:
        shown, dropped = capped(rep.violations, parsed.violations_truncated)
        total_v += len(rep.violations) + parsed.violations_truncated
        if quiet:
            continue
        for v in shown:
            seat = f" seat {v.seat}" if v.seat else ""
            vals = "; ".join(x for x in (f"expected {v.expected}" if v.expected is not None else "",
                                         f"observed {v.observed}" if v.observed is not None else "") if x)
            _say(f"{rep.file}:{v.line}: {v.rule} {v.kind} —{seat} {v.message}" + (f" ({vals})" if vals else ""))
        if dropped:
            _say(f"{rep.file}: … and {dropped} more violation(s), not listed (at most {len(shown)} per file)")
        _print_engine_notes(rep)
    if not quiet:
        for m in (m for m in matches if len(m.games) > 1):
            _say(f"match {m.match}: " + ", ".join(f"{t} {n}" for t, n in m.score.items())
                  + (f" — {m.winner} wins" if m.winner else " — undecided"))
    problems = sum(len(r.import_problems) for _, r in done)
    desynced = sum(1 for _, r in done if r.desyncs)
    _say(f"{n_files} file(s), {total_v} violation(s)"
          + (f", {desynced} engine desync(s)" if desynced else "")
          + (f", {problems} import problem(s)" if problems else "")
          + (", some unreadable" if unreadable else ""))


def _validate_machine(fmt: OutputFormat, done: list, unreadable: list[dict[str, str]], matches: list,  # type: ignore[type-arg]
                      *, single: bool) -> None:
    from sgs_replay.report import ci_formats, public_report, tool_version

    public = [public_report(rep, parsed) for parsed, rep in done]
    if fmt is OutputFormat.json:
        text = ci_formats.stable_json(public, unreadable, [m.public() for m in matches], single=single)
    elif fmt is OutputFormat.sarif:
        text = ci_formats.sarif(public, unreadable, tool_version())
    else:
        text = ci_formats.junit(public, unreadable)
    print(text)


class AuditFormat(StrEnum):
    text = "text"
    md = "md"
    html = "html"
    json = "json"


class Lang(StrEnum):
    zh = "zh"
    en = "en"


@app.command()
def audit(
    file: Annotated[Path, typer.Argument(help="one log (.sgs.jsonl or .fk.rep); - reads standard input", metavar="FILE")],
    fmt: Annotated[AuditFormat | None, typer.Option("--format", "-f", help="text (default), md, html or json")] = None,
    lang: Annotated[Lang, typer.Option("--lang", help="language of the report: zh (default) or en")] = Lang.zh,
    output: Annotated[Path | None, typer.Option("--output", "-o", metavar="OUT",
                                                help="write the report to this file instead of stdout")] = None,
    ruleset: Annotated[str | None, typer.Option("--ruleset", metavar="NAME|FILE",
                                                help="judge under this ruleset instead of the log's")] = None,
    html: Annotated[Path | None, typer.Option("--html", metavar="OUT", help="also write the HTML report here")] = None,
    md: Annotated[Path | None, typer.Option("--md", metavar="OUT", help="also write the Markdown report here")] = None,
    notes: Annotated[bool, typer.Option("--notes", help="add the coach notes: a death with a usable 桃 in hand, a 杀's "
                                                      "damage taken with its answer in hand, a play phase ended with a "
                                                      "kill on offer (notes, not violations)")] = False,
) -> None:
    """A referee's report on one game: the dispute, the verdict, every violation with its rule, passage
    and the table before and after, and the ruling to sign."""
    from sgs_replay.report import build_audit
    from sgs_replay.report.render import render

    _ruleset_ok(ruleset)
    for target, what in ((output, "--output"), (html, "--html"), (md, "--md")):
        _check_out(target, what, (file,))
    _, parsed = _read_one(file)
    a = build_audit(parsed, ruleset, notes=notes)  # type: ignore[arg-type]
    lg: Any = lang.value
    if html:
        _write_out(html, render(a, "html", lg), "--html")
    if md:
        _write_out(md, render(a, "md", lg), "--md")
    if fmt is None and (html or md) and output is None:
        _say(a.verdict_in(lg))
    else:
        _write_out(output, render(a, (fmt or AuditFormat.text).value, lg))
    if a.findings:
        raise typer.Exit(EXIT_VIOLATIONS)
    raise typer.Exit(EXIT_DAMAGED if a.import_problems or a.desyncs else EXIT_OK)


def _check_out(path: Path | None, what: str, inputs: tuple[Path, ...] = ()) -> None:
    """Refuse an output path before the work is done (stdout needs no check), and one that names an
    input of the command: no command writes over its own input."""
    if path is None or str(path) == STDIN:
        return
    _not_an_input(path, what, inputs)
    _output_ok(path, what)


def _same_file(a: Path, b: Path) -> bool:
    import os

    try:
        return os.path.samefile(a, b)
    except OSError:
        try:
            return a.resolve() == b.resolve()
        except OSError:
            return False


def _not_an_input(path: Path, what: str, inputs: tuple[Path, ...]) -> None:
    for src in inputs:
        if str(src) != STDIN and _same_file(path, src):
            _err(f"error: {path}: the {what} would overwrite the input {src} — write it elsewhere")
            raise typer.Exit(EXIT_USAGE)


class ShowFormat(StrEnum):
    text = "text"
    svg = "svg"
    html = "html"


@app.command()
def show(
    file: Annotated[Path, typer.Argument(help="one log (.sgs.jsonl or .fk.rep); - reads standard input", metavar="FILE")],
    at: Annotated[int | None, typer.Option("--at", metavar="LINE", help="the table just after the event on this line")] = None,
    turn: Annotated[int | None, typer.Option("--turn", metavar="N", help="the table at the start of the N-th turn")] = None,
    fmt: Annotated[ShowFormat, typer.Option("--format", "-f", help="text (default), svg (the picture) or html")] = ShowFormat.text,
    lang: Annotated[Lang, typer.Option("--lang", help="language: zh (default) or en")] = Lang.zh,
    output: Annotated[Path | None, typer.Option("--output", "-o", metavar="OUT", help="write to this file instead of stdout")] = None,
    ruleset: Annotated[str | None, typer.Option("--ruleset", metavar="NAME|FILE",
                                                help="replay under this ruleset instead of the log's")] = None,
    moves: Annotated[bool, typer.Option("--moves", help="also list the cards the player to act may legally use "
                                                        "at that moment, with their targets (in HTML: at every moment)")] = False,
    seat: Annotated[int | None, typer.Option("--seat", metavar="N", min=1,
                                             help="list the legal uses of this seat instead (implies --moves)")] = None,
) -> None:
    """The table at any moment of a game: seats, HP, hands, equipment, judge areas (as text or a picture).
    Without --at or --turn: the end of the log. With --moves: what the player could have used there."""
    from sgs_replay.report.show import PositionNotFound, show_position

    _ruleset_ok(ruleset)
    if at is not None and turn is not None:
        _err("error: give --at LINE or --turn N, not both")
        raise typer.Exit(EXIT_USAGE)
    _check_out(output, "--output", (file,))
    _, parsed = _read_one(file)
    if seat is not None and parsed.header is not None and seat > len(parsed.header.players):  # type: ignore[attr-defined]
        _err(f"error: --seat {seat}: the game has {len(parsed.header.players)} seats")  # type: ignore[attr-defined]
        raise typer.Exit(EXIT_USAGE)
    try:
        text = show_position(parsed, ruleset, at=at, turn=turn, fmt=fmt.value, lang=lang.value,  # type: ignore[arg-type]
                             moves=moves, seat=seat)
    except PositionNotFound as exc:
        _err(f"error: {exc}")
        raise typer.Exit(EXIT_USAGE) from None
    _write_out(output, text)


@app.command()
def schema(
    check: Annotated[bool, typer.Option("--check", help="exit 1 if the schemas differ from the models")] = False,
    out: Annotated[Path | None, typer.Option(
        "--out", help="schema directory (default: schemas/ of the checkout; with --check, the schemas installed "
                      "with sgs-replay when there is no checkout)")] = None,
) -> None:
    """Write (or check) the JSON Schemas generated from the event models."""
    from sgs_replay.formats.schema import generate

    if out is None:
        found = bundled("schemas")
        if check and found is not None:
            out = found
        elif (REPO_ROOT / "pyproject.toml").is_file():
            out = REPO_ROOT / "schemas"
        else:
            _err("error: no schemas/ folder of a checkout here: name one with --out DIR")
            raise typer.Exit(EXIT_USAGE)
    files = generate()
    if check:
        drift = [n for n, text in files.items() if not (out / n).is_file() or (out / n).read_text(encoding="utf-8") != text]
        extra = [p.name for p in out.glob("*.schema.json") if p.name not in files] if out.is_dir() else []
        if drift or extra:
            _err(f"{out} is out of date: {', '.join(drift + extra)} — run `sgs-replay schema`")
            raise typer.Exit(1)
        print(f"{out} matches the models ({len(files)} files)")
        return
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        _err(f"error: {out}: cannot create the schema folder ({exc.strerror or exc})")
        raise typer.Exit(EXIT_USAGE) from None
    for n, text in files.items():
        _write(out / n, text, "schema file")
    print(f"wrote {len(files)} schema files to {out}")


@app.command()
def explain(what: Annotated[str, typer.Argument(
        help="a rule id (SGS-P001), a skill (制衡 / zhiheng) or a card (杀, 青龙偃月刀)", metavar="RULE|SKILL|CARD")]) -> None:
    """Print a rule's documentation, a skill's rules text, or a card's text and deck rows, each with its citation."""
    from sgs_replay.report.explain import explain_text

    text = explain_text(what)
    if text is None:
        _err(f"error: no rule, skill or card named {what!r} (try a rule id such as SGS-P001, a skill such as 制衡, "
             "or a card such as 杀)")
        raise typer.Exit(EXIT_USAGE)
    print(text)


rules_app = typer.Typer(help="Rulesets: what differs between two of them.", no_args_is_help=True,
                        rich_markup_mode=None)
app.add_typer(rules_app, name="rules")


class DiffFormat(StrEnum):
    text = "text"
    json = "json"


@rules_app.command("diff")
def rules_diff(
    a: Annotated[str, typer.Argument(help="a packaged ruleset (3v3-2012) or a .toml file", metavar="A")],
    b: Annotated[str, typer.Argument(help="the ruleset to compare it with", metavar="B")],
    fmt: Annotated[DiffFormat, typer.Option("--format", help="text or json")] = DiffFormat.text,
) -> None:
    """The parameters, deck, roster, skill versions and rule families that differ between rulesets A and B,
    each parameter with the file, line and rulebook passage that set it. Exit 0 alike, 1 different,
    2 an unknown or invalid ruleset."""
    from sgs_replay.report.rules_diff import RulesetError, diff, render_json, render_text

    try:
        d = diff(a, b)
    except RulesetError as exc:
        _err(f"error: {exc}")
        raise typer.Exit(EXIT_USAGE) from None
    sys.stdout.write(render_json(d) if fmt is DiffFormat.json else render_text(d))
    raise typer.Exit(EXIT_OK if d.same else EXIT_VIOLATIONS)


@app.command()
def convert(
    files: Annotated[list[Path], typer.Argument(help="recordings to convert (e.g. FreeKill .fk.rep)")],
    out: Annotated[Path, typer.Option("--out", help="output directory")] = Path("converted"),
    jobs: Annotated[int | None, typer.Option("--jobs", "-j", help=JOBS_HELP)] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="no progress on stderr")] = False,
    force: Annotated[bool, typer.Option("--force", help="replace files (or symbolic links) already in --out")] = False,
) -> None:
    """Convert recordings of other engines to `.sgs.jsonl` logs.

    A file or a symbolic link already in --out under an output's name is refused (nothing converted)
    unless --force, which replaces it (a link itself, never the file it points to); an output that
    would be one of the inputs is always refused."""
    from sgs_replay.cli.progress import Progress
    from sgs_replay.replay.pipeline import convert_files

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
    taken = []
    for name in sorted(by_name):
        target = out / name
        _not_an_input(target, "converted log", tuple(paths))
        if target.exists() or target.is_symlink():
            taken.append(target)
    if taken and not force:
        for target in taken:
            _err(f"error: {target}: already exists{' (a symbolic link)' if target.is_symlink() else ''}")
        _err("error: nothing converted; add --force to replace them, or choose another --out")
        raise typer.Exit(EXIT_USAGE)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        _err(f"error: {out}: cannot create the output folder ({exc.strerror or exc})")
        raise typer.Exit(EXIT_USAGE) from None
    bad = False
    todo = [(name, p) for name, (p,) in by_name.items()]
    with Progress(not quiet, "convert") as progress:
        progress.start(len(todo))
        for (name, p), (kind, value) in zip(todo, convert_files([p for _, p in todo], _jobs(jobs, len(todo))), strict=True):
            progress.advance(kind == "ok", 0)
            if kind != "ok":
                _err(f"error: {value}")
                bad = True
                continue
            data, problems = value
            _write(out / name, data, "converted log")
            for pr in problems:
                _err(f"{p}: {pr}")
            _say(f"{p} → {out / name}" + (f" ({len(problems)} import problem(s))" if problems else ""))
    raise typer.Exit(EXIT_UNREADABLE if bad else EXIT_OK)


@app.command()
def load(
    paths: Annotated[list[Path], typer.Argument(help="log files or directories")],
    db: Annotated[Path, typer.Option("--db", help="DuckDB file to create or update")] = Path("sgs.duckdb"),
    ruleset: Annotated[str | None, typer.Option("--ruleset", help="judge under this ruleset instead of each log's")] = None,
    snapshots: Annotated[bool, typer.Option("--snapshots/--no-snapshots",
                                            help="store the seats' positions (turn starts and the like, for the game viewer)")] = True,
    jobs: Annotated[int | None, typer.Option("--jobs", "-j", help=JOBS_HELP)] = None,
    incremental: Annotated[bool, typer.Option("--incremental/--full", help=(
        "skip files loaded before and unchanged since (same path, size, time and content); a changed file "
        "replaces its game. --full reads every file again"))] = True,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="no progress on stderr")] = False,
    executor: Annotated[ExecutorKind, typer.Option("--executor", help=EXECUTOR_HELP)] = ExecutorKind.local,
    scheduler: Annotated[str | None, typer.Option("--scheduler", metavar="ADDRESS", help=SCHEDULER_HELP)] = None,
) -> None:
    """Validate logs and load games, players, events and violations into a DuckDB file."""
    from sgs_replay.cli.progress import Progress
    from sgs_replay.replay.pipeline import load_paths
    from sgs_replay.store import StoreError

    _ruleset_ok(ruleset)
    _output_ok(db, "database", parents=True)
    files = _collect(paths)
    if not files:
        _err("error: no log files found (.sgs.jsonl or .fk.rep)")
        raise typer.Exit(EXIT_UNREADABLE)
    work = _executor(jobs, len(files), executor, scheduler)
    try:
        with Progress(not quiet, "load") as progress:
            summary = load_paths(files, db, ruleset=ruleset, snapshots=snapshots, jobs=work,
                                 incremental=incremental, progress=progress)
    except StoreError as exc:
        _err(f"error: {exc}")
        raise typer.Exit(EXIT_UNREADABLE) from None
    raise typer.Exit(_finish_load(summary))


def _finish_load(summary: Any) -> int:
    """Print the summary, name every refused file and every problem of a damaged recording on stderr
    and exit (docs/log-format.md §7's order: 3, then 1, then 4): 0 every file is in the database, 1 some
    were refused (unreadable, not processed, or a duplicate of a game already loaded), 3 none was
    readable (no database is left behind then), 4 all loaded but a recording is damaged (import
    problems or an engine desync: loaded, never called clean)."""
    print(summary.text())
    for line in summary.refused:
        _err(f"error: {line}")
    for line in summary.damaged:
        _err(f"warning: {line}")
    unreadable = len(summary.unreadable) + len(summary.failed)
    if summary.files == 0 or unreadable == summary.files:
        if summary.files == 0:
            _err("error: no log files found")
        return EXIT_UNREADABLE
    if summary.refused:
        return EXIT_VIOLATIONS
    return EXIT_DAMAGED if summary.damaged else EXIT_OK


@app.command()
def demo(
    db: Annotated[Path, typer.Option("--db", help="DuckDB file")] = Path("sgs_demo.duckdb"),
) -> None:
    """Validate and load the bundled sample logs, then print the summary and how to open the dashboard."""
    from sgs_replay.replay.pipeline import load_paths
    from sgs_replay.store import StoreError

    samples = bundled("sample_logs")
    if samples is None:
        _err("error: the bundled sample logs are missing from this installation")
        raise typer.Exit(EXIT_UNREADABLE)
    try:
        summary = load_paths([samples], db)
    except StoreError as exc:
        _err(f"error: {exc}")
        raise typer.Exit(EXIT_UNREADABLE) from None
    code = _finish_load(summary)
    if summary.total_games:
        _print_series(db, samples / "series")
        print(f"\nOpen the dashboard:  sgs-replay dashboard --db {db}")
    raise typer.Exit(code)


def _print_series(db: Path, folder: Path) -> None:
    """The standings of the series in the database (4th-edition points, highest first)."""
    import duckdb

    from sgs_replay.store import StoreError
    from sgs_replay.store.stats import query

    try:
        rows = query(db, "SELECT series_id, name, sum(points)::BIGINT AS points FROM series_points "
                         "WHERE series_id IS NOT NULL GROUP BY ALL ORDER BY series_id, points DESC, name")
    except (StoreError, duckdb.Error):
        return
    by_series: dict[str, list[str]] = {}
    for sid, name, points in rows.iter_rows():
        by_series.setdefault(sid, []).append(f"{name} {points}")
    if by_series:
        print("\nSeries standings (4th-edition scoring):")
        for sid, standing in by_series.items():
            _say(f"  {sid}: {', '.join(standing)}")
        print(f"  each game and the checks: sgs-replay score {folder}")


class ScoreFormat(StrEnum):
    table = "table"
    csv = "csv"
    json = "json"


@app.command()
def score(
    files: Annotated[list[Path], typer.Argument(help="the logs of one series (files or directories)", metavar="FILES…")],
    fmt: Annotated[ScoreFormat, typer.Option("--format", "-f", help="table (default), csv or json on stdout")]
    = ScoreFormat.table,
) -> None:
    """Score a series of identity games (推广版计分赛) with the 4th-edition scoring: each player's points per
    game and in total, the winner, and whether the series is well formed.

    The games of a series carry the same `series_id` and their `game_number` in the header; players are
    known by their names. Problems go to stderr as FILE:LINE: message. Exit status: 0 a well-formed series
    with no rule violation, 1 problems or violations found, 2 usage error, 3 unreadable input.
    """
    from sgs_replay.cli.score_cmd import render, score_files

    paths = _collect(files)
    if not paths:
        _err("error: no log files found (.sgs.jsonl or .fk.rep)")
        raise typer.Exit(EXIT_UNREADABLE)
    rep, unreadable = score_files(paths)
    for u in unreadable:
        _err(f"error: {u['error']}")
    for pr in rep.problems:
        _err(f"error: {pr.text()}")
    for g in rep.games:
        if g.violations:
            _err(f"{g.file}: {g.violations} rule violation(s); scored as the log says (see `sgs-replay validate`)")
    sys.stdout.write(render(rep, fmt.value, unreadable))
    if unreadable:
        raise typer.Exit(EXIT_UNREADABLE)
    raise typer.Exit(EXIT_VIOLATIONS if rep.problems or any(g.violations for g in rep.games) else EXIT_OK)


class StatsFormat(StrEnum):
    table = "table"
    csv = "csv"
    json = "json"
    parquet = "parquet"


class ExportFormat(StrEnum):
    parquet = "parquet"
    csv = "csv"


@app.command()
def stats(
    db: Annotated[Path, typer.Option("--db", help="DuckDB file written by `sgs-replay load`")],
    by: Annotated[str, typer.Option("--by", help="general, role, kingdom, seat, side, player, composition, pick, "
                                    "a combination (general,role; general,position; general,entry; week,side for "
                                    "the trend by week), mode, ruleset, source (games and results), or players, "
                                    "draft, matchups, violations, player-violations")] = "general",
    where: Annotated[list[str] | None, typer.Option("--where", help="key=value: ruleset, mode, players, from, to "
                                                   "(YYYY-MM-DD), event, player, source (recording, simulation, "
                                                   "hand-written); repeat to combine")] = None,
    min_games: Annotated[int, typer.Option("--min-games", min=1, help="leave out rows with fewer games")] = 10,
    fmt: Annotated[StatsFormat, typer.Option("--format", help="table, csv, json or parquet (needs -o)")] = StatsFormat.table,
    output: Annotated[Path | None, typer.Option("-o", "--output", help="write here instead of stdout")] = None,
) -> None:
    """Win / draw / loss with 95 % intervals, results, matchups, trends by week, per-player statistics, the
    3v3 draft and violation rates. Results are the ones the rules prove; a game seen from several views
    counts once. A table says which games it read (how many, from which source)."""
    from sgs_replay.cli import stats_cmd as stats_cli
    from sgs_replay.store import StoreError

    try:
        if output is not None:
            _check_out(output, "--output", (db,))
        df = stats_cli.frame(db, by, where or [], min_games)
        note = stats_cli.footnote(db, by, where or [], min_games, df) if fmt.value == "table" else ""
        stats_cli.write(df, fmt.value, output, note)
    except stats_cli.UsageError as exc:
        _err(f"error: {exc}")
        raise typer.Exit(EXIT_USAGE) from None
    except StoreError as exc:
        _err(f"error: {exc}")
        raise typer.Exit(EXIT_UNREADABLE) from None
    except OSError as exc:
        _err(f"error: {output}: cannot write the --output ({exc.strerror or exc}); nothing was written")
        raise typer.Exit(EXIT_USAGE) from None


@app.command()
def export(
    db: Annotated[Path, typer.Option("--db", help="DuckDB file written by `sgs-replay load`")],
    to: Annotated[Path, typer.Option("--to", help="folder to write into (created)")],
    fmt: Annotated[ExportFormat, typer.Option("--format", help="parquet (partitioned by mode and ruleset) or csv")]
    = ExportFormat.parquet,
    force: Annotated[bool, typer.Option("--force", help="replace a folder that is not empty (an earlier export)")]
    = False,
) -> None:
    """Export games, players, events, violations and the statistics as Parquet or CSV.

    The export is written to a temporary folder beside --to, which then takes its place: --to holds
    one whole export or none. A folder that is not empty is refused unless --force."""
    import duckdb

    from sgs_replay.cli import stats_cmd as stats_cli
    from sgs_replay.store import StoreError

    _output_ok(to, "export", folder=True, parents=True)
    try:
        names = stats_cli.export(db, to, fmt.value, force=force)
    except stats_cli.UsageError as exc:
        _err(f"error: {exc}")
        raise typer.Exit(EXIT_USAGE) from None
    except StoreError as exc:
        _err(f"error: {exc}")
        raise typer.Exit(EXIT_UNREADABLE) from None
    except (OSError, duckdb.Error) as exc:
        reason = getattr(exc, "strerror", None) or (str(exc).strip().splitlines() or [type(exc).__name__])[0]
        _err(f"error: {to}: cannot write the export ({reason}); nothing was written")
        raise typer.Exit(EXIT_USAGE) from None
    _say(f"{to}: {', '.join(names)} ({fmt.value})")


@app.command()
def dashboard(
    db: Annotated[Path, typer.Option("--db", help="DuckDB file")] = Path("sgs_demo.duckdb"),
    port: Annotated[int, typer.Option("--port", min=1, max=65535, help="the port to serve on")] = 8501,
    host: Annotated[str, typer.Option("--host", help="the address to serve on; 127.0.0.1 (this machine only) "
                                                     "unless you choose another, e.g. 0.0.0.0 for every interface")
                    ] = "127.0.0.1",
) -> None:
    """Start the Streamlit dashboards on a DuckDB file (on 127.0.0.1 unless --host says otherwise).

    Ctrl-C (SIGINT) or SIGTERM stops the server with the command: no server is left behind."""
    import os

    app_path = REPO_ROOT / "dashboards" / "app.py"
    if not app_path.is_file():
        app_path = PACKAGE_ROOT / "_dashboards" / "app.py"
    if not db.is_file():
        _err(f"error: {db} does not exist — run `sgs-replay load … --db {db}` or `sgs-replay demo` first")
        raise typer.Exit(EXIT_UNREADABLE)
    env = dict(os.environ, SGS_REPLAY_DB=str(db.resolve()))
    from sgs_replay.cli.server import streamlit_command

    cmd = streamlit_command(app_path, host, port)
    print(f"Serving the dashboards on http://{host}:{port}/ (Ctrl-C stops)", flush=True)
    raise typer.Exit(_run_server(cmd, env))


def _fault_classes(classes: list[str] | None) -> list[str] | None:
    """The fault classes asked for (``--class``), each one known; exit 2 naming an unknown one."""
    if not classes:
        return None
    from sgs_replay.quality.faults import FAULTS

    unknown = [c for c in classes if c not in FAULTS]
    if unknown:
        _err(f"error: unknown fault class {unknown[0]!r} (known: {', '.join(FAULTS)})")
        raise typer.Exit(EXIT_USAGE)
    return classes


def _clean_inputs(inputs: list[Path]) -> list[Path]:
    """The clean logs' folders or files (``--in``): each must exist (exit 3 naming the first that does not)."""
    for p in inputs:
        if not p.exists():
            _err(f"error: {p}: no such file or directory")
            raise typer.Exit(EXIT_UNREADABLE)
    return inputs


def _no_clean_games(inputs: list[Path], skipped: list[dict[str, str]]) -> None:
    for s in skipped:
        _err(f"{s['file']}: skipped: {s['reason']}")
    _err(f"error: no clean game to plant in under {', '.join(str(p) for p in inputs)}")
    raise typer.Exit(EXIT_UNREADABLE)


CLASS_HELP = "plant only this fault class (repeatable; default: every class)"


@app.command()
def inject(
    inputs: Annotated[list[Path], typer.Option("--in", metavar="PATH",
                                                                help="clean logs: a folder or a file (.sgs.jsonl, .fk.rep); repeatable")],
    out: Annotated[Path, typer.Option("--out", help="folder for the faulty copies and labels.jsonl (created)")],
    seed: Annotated[int, typer.Option("--seed", help="the random seed; the same seed plants the same faults")] = 0,
    per_class: Annotated[int, typer.Option("--per-class", min=1, help="plants per fault class and clean game, at most")] = 1,
    classes: Annotated[list[str] | None, typer.Option("--class", metavar="CLASS", help=CLASS_HELP)] = None,
) -> None:
    """Write copies of clean logs with one planted fault each, and their labels (labels.jsonl)."""
    from sgs_replay.quality.inject import LABELS, read_clean
    from sgs_replay.quality.inject import inject as plant

    wanted = _fault_classes(classes)
    _output_ok(out, "faulty copies", folder=True)
    sources, skipped = read_clean(_clean_inputs(inputs))
    if not sources:
        _no_clean_games(inputs, skipped)
    for s in skipped:
        _err(f"{s['file']}: skipped: {s['reason']}")
    try:
        result = plant([], out, seed, per_class, wanted, sources=sources)
    except OSError as exc:
        _err(f"error: {out}: cannot write the faulty copies ({exc.strerror or exc})")
        raise typer.Exit(EXIT_USAGE) from None
    by_class: dict[str, int] = {}
    for lb in result.labels:
        by_class[lb.cls] = by_class.get(lb.cls, 0) + 1
    none = [c for c, k in result.candidates.items() if k == 0]
    print(f"{len(result.labels)} faulty cop{'y' if len(result.labels) == 1 else 'ies'} of {len(sources)} clean game(s) "
          f"in {out} (labels: {out / LABELS})")
    print("  " + ", ".join(f"{c} {k}" for c, k in by_class.items()))
    if none:
        print(f"  no place for: {', '.join(none)}")


@app.command()
def quality(
    inputs: Annotated[list[Path], typer.Option("--in", metavar="PATH", help="clean logs: a folder or a file; repeatable")],
    faults: Annotated[Path | None, typer.Option("--faults", help="faulty copies written by `sgs-replay inject` "
                                                                 "(default: plant them now)")] = None,
    seed: Annotated[int, typer.Option("--seed", help="the random seed for planting")] = 0,
    per_class: Annotated[int, typer.Option("--per-class", min=1, help="plants per fault class and clean game")] = 1,
    json_out: Annotated[Path | None, typer.Option("--json", help="write the measurement as JSON here (- for stdout)")] = None,
    jobs: Annotated[int | None, typer.Option("--jobs", "-j", help="worker processes validating the copies "
                                                                   "(default 1); the result is the same for any N")] = None,
    classes: Annotated[list[str] | None, typer.Option("--class", metavar="CLASS", help=CLASS_HELP + "; with no --faults")] = None,
) -> None:
    """False alarms on clean logs and recall per planted fault class: the validator's measured accuracy."""
    import json

    from sgs_replay.quality.inject import LABELS
    from sgs_replay.quality.measure import measure, render

    _clean_inputs(inputs)
    wanted = _fault_classes(classes)
    if faults is not None and not (faults / LABELS).is_file():
        _err(f"error: {faults}: no {LABELS} (write the faults with `sgs-replay inject --out {faults}`)")
        raise typer.Exit(EXIT_USAGE)
    if json_out is not None and str(json_out) != STDIN:
        _output_ok(json_out, "--json output")
    try:
        result = measure(inputs, seed, faults, per_class=per_class, jobs=1 if jobs is None else _jobs(jobs, 0),
                         classes=wanted)
    except ValueError as exc:
        _err(f"error: {exc}")
        raise typer.Exit(EXIT_UNREADABLE) from None
    if not result["clean_games"]:
        _no_clean_games(inputs, result["skipped"])
    if json_out is not None:
        _write_out(json_out, json.dumps(result, ensure_ascii=False, indent=1) + "\n", "--json output")
    if json_out is None or str(json_out) != STDIN:
        for s in result["skipped"]:
            _err(f"{s['file']}: skipped: {s['reason']}")
        render(result)


def _run_server(cmd: list[str], env: dict[str, str]) -> int:
    """Run the server as a child process; SIGINT and SIGTERM are passed on to it, and whatever ends this
    command (a signal, an error) ends the server too."""
    import signal
    import subprocess

    from sgs_replay.cli.server import stop

    child = subprocess.Popen(cmd, env=env)
    received: list[int] = []

    def forward(signum: int, _frame: object) -> None:
        received.append(signum)
        if child.poll() is None:
            child.send_signal(signum)

    previous = {sig: signal.signal(sig, forward) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        code = child.wait()  # the handlers run while waiting (the wait resumes after them)
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        stop(child)
    if received:
        return 128 + received[0] if received[0] != signal.SIGINT else 130
    return code


class Terminated(BaseException):
    """SIGTERM arrived: unwinds like Ctrl-C, so a load rolls back (and removes a database it created)
    and worker processes are stopped, instead of the process vanishing mid-write."""


_SIGNALLED: list[int] = []


def _on_sigterm(signum: int, _frame: object) -> None:
    _SIGNALLED.append(signum)
    raise Terminated(signum)


def main() -> None:
    import signal

    try:
        signal.signal(signal.SIGTERM, _on_sigterm)
    except ValueError:  # not the main thread (embedded): the default stays
        pass
    try:
        app()
    except KeyboardInterrupt:
        _err("interrupted")
        sys.exit(130)
    except Terminated:
        _err("terminated")
        sys.exit(143)
    except Exception:
        if _SIGNALLED:  # a library turned the signal into its own error ("Query interrupted")
            _err("terminated")
            sys.exit(143)
        raise


if __name__ == "__main__":
    main()


@app.command()
def simulate(
    ruleset: Annotated[str, typer.Option("--ruleset", help="the ruleset to play: standard, maneuvering, …")],
    games: Annotated[int, typer.Option("--games", min=1, max=100_000, help="how many games")],
    out: Annotated[Path, typer.Option("--out", help="folder for the logs and coverage.json")],
    players: Annotated[int | None, typer.Option("--players", min=2, max=10,
                                                help="seats at the table (identity: 4–10, default 5; 3v3: 6)")] = None,
    seed: Annotated[int, typer.Option("--seed", min=0, help="the same seed plays the same games")] = 0,
    quiet: Annotated[bool, typer.Option("-q", "--quiet", help="no progress bar and no coverage report on stderr")] = False,
) -> None:
    """Play complete games with random legal decisions and write one `sgs-replay/1` log per game
    (identity mode: standard, maneuvering; 3v3 with its draft and action units).

    Every event is judged by the rules engine as it is written; the coverage report (stderr and
    OUT/coverage.json) lists the cards and skills used, how the games ended and the violations found
    (0, or the simulator has a fault: exit 1). stdout gets a one-line summary.
    """
    from sgs_replay.cli.progress import Progress
    from sgs_replay.content import RulesetError
    from sgs_replay.content import ruleset as load_ruleset
    from sgs_replay.simulate import SimulateError, check_request, run

    try:
        rs = load_ruleset(ruleset, allow_path=True)
        if players is None:
            players = {"3v3": 6, "1v1": 2, "1v3": 4}.get(rs.mode, 5)
        check_request(rs, players)
        _output_ok(out, "--out", folder=True, parents=True)
    except (RulesetError, SimulateError) as exc:
        _err(f"error: {exc}")
        raise typer.Exit(EXIT_USAGE) from None
    with Progress(enabled=not quiet, what="games") as bar:
        bar.start(games)
        cov = run(rs, players, games, seed, out, on_game=bar.advance)
    if not quiet:
        for line in cov.lines():
            _err(line)
    print(f"{cov.games} games, {cov.events} events, {cov.violations} violations → {out}")
    raise typer.Exit(EXIT_VIOLATIONS if cov.violations else EXIT_OK)
