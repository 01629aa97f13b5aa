"""`sgs-replay score`: read the logs of a series, score it and print the standings (table, csv or json)."""

from __future__ import annotations

import csv
import io
import json
import sys
from pathlib import Path

from sgs_replay.analysis.series import ROLE_ZH, SeriesGame, SeriesReport, check_series, series_game


def score_files(files: list[Path]) -> tuple[SeriesReport, list[dict[str, str]]]:
    """The series of ``files`` and the files that could not be read ({"file", "error"})."""
    from sgs_replay.formats.reader import UnreadableInput, read_path
    from sgs_replay.replay.validate import validate_parsed

    games: list[SeriesGame] = []
    unreadable: list[dict[str, str]] = []
    for f in files:
        try:
            parsed = read_path(f)
        except UnreadableInput as exc:
            unreadable.append({"file": str(f), "error": str(exc)})
            continue
        games.append(series_game(str(f), parsed, validate_parsed(parsed, keep_engine=True)))
    return check_series(games), unreadable


def render(rep: SeriesReport, fmt: str, unreadable: list[dict[str, str]]) -> str:
    if fmt == "json":
        return json.dumps(dict(rep.public(), unreadable=unreadable), ensure_ascii=False, indent=1) + "\n"
    if fmt == "csv":
        return _csv(rep)
    return _table(rep)


CSV_COLUMNS = ("series_id", "game", "file", "player", "seat", "role", "winner", "base", "bonus", "points",
               "series_total", "series_winner")


def _csv(rep: SeriesReport) -> str:
    """One row per player and game, with the player's series total and whether the player won the series."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(CSV_COLUMNS)
    from sgs_replay.formats.safe import csv_cell

    for g in rep.games:
        for name, p in rep.points_of(g).items():
            w.writerow([csv_cell(c) for c in (rep.series_id, g.number, g.file, name, p.seat, p.role, g.winner, p.base,
                                              p.bonus, p.total, rep.totals.get(name, 0), str(name in rep.winners).lower())])
    return buf.getvalue()


def _table(rep: SeriesReport) -> str:
    from rich.console import Console
    from rich.table import Table

    from sgs_replay.formats.safe import one_line

    table = Table(title=f"series {one_line(rep.series_id)} — 4th-edition scoring (第四版计分)", show_edge=False,
                  header_style="bold")
    table.add_column("player")
    for g in rep.games:
        table.add_column(f"game {g.number}", justify="right")
    table.add_column("total", justify="right")
    for name in rep.totals:
        cells = []
        for g in rep.games:
            p = rep.points_of(g).get(name)
            cells.append("" if p is None else f"{p.total} {ROLE_ZH.get(p.role, p.role)}")
        table.add_row(one_line(name), *cells, str(rep.totals[name]))
    buf = io.StringIO()
    console = Console(file=buf, width=200, force_terminal=sys.stdout.isatty(), markup=False, emoji=False,
                      highlight=False)
    console.print(table)
    lines = [buf.getvalue().rstrip("\n")]
    for g in rep.games:
        lines.append(f"game {g.number}: lord {g.lord()}, {g.winner or 'no result'} win{'s' if g.winner else ''}"
                     + (f", {g.violations} rule violation(s)" if g.violations else "") + f" — {g.file}")
    lines.append(_verdict(rep))
    return "\n".join(lines[:1] + [one_line(line) for line in lines[1:]]) + "\n"


def _verdict(rep: SeriesReport) -> str:
    if len(rep.winners) == 1:
        return f"winner: {rep.winners[0]} ({rep.totals[rep.winners[0]]} points)"
    if rep.winners:
        return (f"tied first: {', '.join(rep.winners)} ({rep.totals[rep.winners[0]]} points each; "
                "the rulebook names no tie-break)")
    return "no winner: the series is not complete and well formed"

