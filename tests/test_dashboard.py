"""The Streamlit dashboards, run headless with AppTest on a store built from the scenario logs."""

from __future__ import annotations

import json
import shutil
import sys
import textwrap
from pathlib import Path

import pytest

pytest.importorskip("streamlit")
import polars as pl
from streamlit.testing.v1 import AppTest

from sgs_replay.analysis import stats
from sgs_replay.replay.pipeline import load_paths
from sgs_replay.store.stats import counts, query

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = ROOT.parent / "shared" / "scenarios"
APP = ROOT / "dashboards" / "app.py"
PAGES = ROOT / "dashboards" / "views"
TIMEOUT = 30

LORD_WINS = textwrap.dedent("""\
    {"type": "game", "format": "sgs-replay/1", "game_id": "fixture-lord-wins", "mode": "identity", "ruleset": "standard", "players": [{"seat": 1, "name": "Ann", "general": "张飞", "role": "lord"}, {"seat": 2, "name": "Bo", "general": "甘宁", "role": "loyalist"}, {"seat": 3, "name": "Cy", "general": "许褚", "role": "rebel"}, {"seat": 4, "name": "Di", "general": "华佗", "role": "renegade"}], "start": {"current": 1, "phase": "play", "round": 3, "seats": {"1": {"hand": ["♠7 杀", "♠8 杀"], "equip": ["♥5 麒麟弓"]}, "2": {}, "3": {"hp": 1}, "4": {"hp": 1}}, "deck": ["♣3 杀", "♦4 闪", "♥7 无中生有"]}}
    {"type": "use", "seat": 1, "card": "♠7 杀", "targets": [3]}
    {"type": "damage", "source": 1, "target": 3, "amount": 1, "card": "♠7 杀"}
    {"type": "death", "seat": 3, "killer": 1}
    {"type": "draw", "seat": 1, "cards": ["♣3 杀", "♦4 闪", "♥7 无中生有"], "reason": "reward"}
    {"type": "use", "seat": 1, "card": "♠8 杀", "targets": [4]}
    {"type": "damage", "source": 1, "target": 4, "amount": 1, "card": "♠8 杀"}
    {"type": "death", "seat": 4, "killer": 1}
    {"type": "game_end", "winner": "lord", "reason": "rebels_and_renegades_dead"}
    """)


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if not SCENARIOS.is_dir():
        pytest.skip("shared scenarios not available")
    d = tmp_path_factory.mktemp("logs")
    (d / "fixture-lord-wins.sgs.jsonl").write_text(LORD_WINS, encoding="utf-8")
    db = d.parent / "dash.duckdb"
    summary = load_paths([SCENARIOS, d], db)
    assert not summary.failed and not summary.unreadable, summary.text()
    return db


@pytest.fixture
def db(store: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SGS_REPLAY_DB", str(store))
    return store


@pytest.fixture(autouse=True)
def _no_shared_connection(monkeypatch: pytest.MonkeyPatch) -> None:
    """The pages close their connection after each query here: these tests open the same file in
    the same process with another configuration (``query``, ``stats``), which DuckDB refuses while
    the dashboard's read-only connection is open."""
    sys.path.insert(0, str(ROOT / "dashboards"))
    import queries

    monkeypatch.setattr(queries, "IDLE", 0)
    queries.release()


def _run(path: Path) -> AppTest:
    at = AppTest.from_file(str(path), default_timeout=TIMEOUT).run()
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error, [e.value for e in at.error]
    return at


def _metric(at: AppTest, label: str) -> str:
    return next(m.value for m in at.metric if m.label == label)


def test_app_opens_on_the_overview(db: Path) -> None:
    at = _run(APP)
    n = counts(db)
    assert [t.value for t in at.title] == ["Sanguosha match logs"]
    assert _metric(at, "Games") == str(n["games"])
    assert _metric(at, "Events") == str(n["events"])
    assert _metric(at, "Violations") == str(n["violations"])
    subheaders = [s.value for s in at.subheader]
    assert subheaders == ["Where the games come from, and their results", "Games by mode and ruleset", "Violations",
                          "Games"]
    results, by_mode, by_kind, by_rule, games = (d.value for d in at.dataframe)
    assert _same(results, stats.results(db, ("mode", "source")))
    assert set(by_mode["mode"]) == {"identity", "3v3"}
    assert by_mode["games"].sum() == n["games"]
    assert by_kind["violations"].sum() == n["violations"]
    assert by_rule["violations"].sum() == n["violations"]
    assert len(games) == n["games"]
    assert games["violations"].sum() == n["violations"]
    row = games[games["declared_id"] == "id-second-slash"].iloc[0]
    assert row["violations"] == row["illegal_play"] + row["resolution_order"] + row["bookkeeping"] + row["outcome"] + row["format"]


def test_overview_page_alone(db: Path) -> None:
    at = _run(PAGES / "overview.py")
    assert _metric(at, "Games") == str(counts(db)["games"])


def test_win_rates(db: Path) -> None:
    at = _run(PAGES / "win_rates.py")
    assert at.title[0].value == "Win rates"
    assert any("Showing" in c.value and "hand-written" in c.value for c in at.caption)  # which games it shows
    mode = at.selectbox(key="win_rates_mode")
    assert set(mode.options) == {"identity", "3v3"}
    mode.set_value("identity").run()
    at.number_input[0].set_value(1).run()
    assert not at.exception
    identity = stats.Filters(mode="identity")
    view = at.radio(key="win_rates_view")
    assert view.options[0] == "By general" and "Trend by week" in view.options
    assert len(at.dataframe) == 1 and len(_charts(at)) == 1  # one view drawn, not every tab

    def shown(name: str) -> object:
        at.radio(key="win_rates_view").set_value(name).run()
        assert not at.exception
        assert len(at.dataframe) == 1
        return at.dataframe[0].value

    general = shown("By general")
    want = stats.win_rates(db, "general", where=identity).sort(["ci_low", "games", "general"],
                                                               descending=[True, True, False])
    assert _same(general, want)  # the rate its interval guarantees first
    assert "?" not in set(general["general"])
    assert "win rate (over decided games)" in json.dumps(_charts(at), ensure_ascii=False)  # with a legend
    assert _same(shown("By role"), stats.win_rates(db, by="role", where=identity))
    assert {"games", "appearances", "wins", "draws", "losses", "win_rate", "ci_low", "ci_high",
            "draw_rate"} <= set(general.columns)
    assert len(shown("By seat")) == stats.win_rates(db, by="seat", where=identity).height
    assert len(shown("General × role")) == stats.win_rates(db, by=("general", "role"), where=identity).height
    assert len(shown("General × entry")) == stats.win_rates(db, by=("general", "entry"), where=identity).height
    assert len(shown("Matchups")) == stats.matchups(db, where=identity).height
    mode.set_value("3v3").run()
    assert not at.exception
    assert _same(shown("By side"), stats.win_rates(db, by="side", where=stats.Filters(mode="3v3")))
    at.number_input[0].set_value(2).run()
    assert not at.exception
    assert all(d.value["games"].min() >= 2 for d in at.dataframe)


def _same(shown: object, want: pl.DataFrame) -> bool:
    """A table the page shows (AppTest hands it back as pandas) equals a polars frame."""
    from polars.testing import assert_frame_equal

    assert_frame_equal(pl.from_pandas(shown), want, check_dtypes=False)
    return True


def _charts(at: AppTest) -> list[dict]:  # type: ignore[type-arg]
    """The Vega-Lite specs of the page's charts."""
    import json

    found: list[dict] = []  # type: ignore[type-arg]

    def walk(node: object) -> None:
        proto = getattr(node, "proto", None)
        spec = getattr(proto, "spec", None)
        if getattr(node, "type", None) in ("vega_lite_chart", "arrow_vega_lite_chart") and spec:
            found.append(json.loads(spec))
        for child in getattr(node, "children", {}).values():
            walk(child)

    walk(at._tree)
    return found


def test_win_rate_chart_has_interval_bars_in_table_order(db: Path) -> None:
    at = _run(PAGES / "win_rates.py")
    at.number_input[0].set_value(1).run()
    spec = json.dumps(_charts(at)[0], ensure_ascii=False)
    assert '"ci_low"' in spec and '"ci_high"' in spec and '"labelLimit": 0' in spec
    general = at.dataframe[0].value
    assert json.dumps(general["general"].tolist(), ensure_ascii=False) in spec  # y sorted as the table


def test_filters_in_the_url_and_shared_across_pages(db: Path) -> None:
    at = AppTest.from_file(str(APP), default_timeout=TIMEOUT)
    at.query_params["mode"] = "3v3"
    at.switch_page("views/win_rates.py")
    at.run()
    at.number_input[0].set_value(1).run()
    assert not at.exception
    assert at.sidebar.selectbox(key="filter_mode").value == "3v3"
    assert set(at.dataframe[0].value["mode"]) == {"3v3"}
    at.sidebar.selectbox(key="filter_mode").set_value("identity").run()
    assert at.query_params["mode"] == ["identity"] or at.query_params["mode"] == "identity"
    assert set(at.dataframe[0].value["mode"]) == {"identity"}
    at.switch_page("views/draft.py").run()  # the filter follows to the next page
    assert not at.exception
    assert at.sidebar.selectbox(key="filter_mode").value == "identity"
    assert any("No 3v3 draft" in i.value for i in at.info)
    at.sidebar.selectbox(key="filter_mode").set_value("(all)").run()
    assert "mode" not in at.query_params


def test_players_page(db: Path) -> None:
    at = _run(PAGES / "players.py")
    assert at.title[0].value == "Players"
    assert _same(at.dataframe[0].value, stats.player_stats(db))
    at.selectbox[0].set_value("Ann").run()
    assert not at.exception
    want = stats.player_stats(db, where=stats.Filters(player="Ann")).row(0, named=True)
    assert _metric(at, "Games") == str(want["games"])
    assert _metric(at, "Kills") == str(want["kills"])
    assert _metric(at, "Damage dealt / taken") == f"{want['damage_dealt']} / {want['damage_taken']}"


def test_players_page_shows_mistakes_by_rule(db: Path) -> None:
    name = query(db, "SELECT p.name FROM violations v JOIN players p USING (game_id, seat) "
                     "WHERE p.name IS NOT NULL ORDER BY v.rule LIMIT 1")["name"][0]
    at = AppTest.from_file(str(PAGES / "players.py"), default_timeout=TIMEOUT)
    at.query_params["player"] = name
    at.run()
    assert not at.exception and not at.error
    rules = at.dataframe[-1].value
    assert _same(rules, stats.violation_rates(db, "player", where=stats.Filters(player=name)))
    assert len(_charts(at)) == 1


def test_draft_page(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "draft.duckdb"
    load_paths([ROOT / "sample_logs" / "3v3"], db)
    monkeypatch.setenv("SGS_REPLAY_DB", str(db))
    at = _run(PAGES / "draft.py")
    assert at.title[0].value == "3v3 draft"
    by_pick = at.dataframe[0].value
    assert _same(by_pick, stats.draft_by_pick(db))
    assert _metric(at, "Drafts") == str(stats.draft_picks(db)["game_id"].n_unique())
    assert len(_charts(at)) == 1  # by pick (a position alone has no win rate: the Win rates page compares generals)


def test_series_page(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from sgs_replay.cli.score_cmd import score_files

    samples = ROOT / "sample_logs" / "series"
    db = tmp_path / "series.duckdb"
    load_paths([samples], db, snapshots=False)
    monkeypatch.setenv("SGS_REPLAY_DB", str(db))
    at = _run(PAGES / "series.py")
    assert at.title[0].value == "Series standings"
    rep, _ = score_files(sorted(samples.glob("*.sgs.jsonl")))
    assert _metric(at, "Games") == "5" and _metric(at, "Players") == "5"
    assert _metric(at, "Leader" if len(rep.winners) == 1 else "Tied first") == ", ".join(rep.winners)
    standings, wide, each = (d.value for d in at.dataframe)
    assert dict(zip(standings["player"], standings["points"], strict=True)) == rep.totals
    assert sorted(standings["lord_in_game"]) == ["1", "2", "3", "4", "5"]
    assert dict(wide["total"]) == rep.totals
    assert len(each) == 25 and (each["points"] == each["base"] + each["bonus"]).all()


def test_series_page_without_series(db: Path) -> None:
    at = _run(PAGES / "series.py")
    assert at.info and "No game of a series" in at.info[0].value


def test_violation_explorer_filters(db: Path) -> None:
    at = _run(PAGES / "violations.py")
    total = counts(db)["violations"]
    assert at.title[0].value == "Violation explorer"
    assert _metric(at, "Violations shown") == str(total)
    table = at.dataframe[0].value
    assert {"file_name", "line", "rule", "kind", "message", "expected", "observed"} <= set(table.columns)
    assert len(table) == total
    want = query(db, "SELECT count(*) AS n FROM violations WHERE kind = 'illegal_play'")["n"][0]
    at.multiselect[0].select("illegal_play").run()
    assert not at.exception
    assert _metric(at, "Violations shown") == str(want)
    assert set(at.dataframe[0].value["kind"]) == {"illegal_play"}
    rule = at.multiselect[1].options[0]
    at.multiselect[1].select(rule).run()
    assert set(at.dataframe[0].value["rule"]) == {rule}
    at.multiselect[0].unselect("illegal_play").run()
    at.multiselect[1].set_value([]).run()
    at.text_input[0].input("id-second-slash").run()
    assert not at.exception
    shown = at.dataframe[0].value
    assert len(shown) == 1 and shown.iloc[0]["file_name"] == "id-second-slash.sgs.jsonl"
    assert any(c.value for c in at.code)  # expected / observed


def test_missing_database_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SGS_REPLAY_DB", str(tmp_path / "nope.duckdb"))
    for page in (APP, *sorted(PAGES.glob("*.py"))):
        at = AppTest.from_file(str(page), default_timeout=TIMEOUT).run()
        assert not at.exception
        assert at.error and "does not exist" in at.error[0].value and "sgs-replay" in at.error[0].value


def test_not_a_store_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import duckdb

    other = tmp_path / "other.duckdb"
    duckdb.connect(str(other)).close()
    monkeypatch.setenv("SGS_REPLAY_DB", str(other))
    at = AppTest.from_file(str(APP), default_timeout=TIMEOUT).run()
    assert not at.exception
    assert at.error and "not an sgs-replay database" in at.error[0].value


def test_empty_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "none").mkdir()
    db = tmp_path / "empty.duckdb"
    load_paths([tmp_path / "none"], db)
    monkeypatch.setenv("SGS_REPLAY_DB", str(db))
    for page in (APP, *sorted(PAGES.glob("*.py"))):
        at = AppTest.from_file(str(page), default_timeout=TIMEOUT).run()
        assert not at.exception, page
        assert not at.error, page
    at = AppTest.from_file(str(APP), default_timeout=TIMEOUT).run()
    assert _metric(at, "Games") == "0"
    assert at.info and "No games loaded" in at.info[0].value


def test_queries_share_one_connection_until_released(store: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import queries

    monkeypatch.setattr(queries, "IDLE", 3600)  # closed by release() here, not by the idle timer
    n = queries.fetch_rows(store, "SELECT count(*) FROM games")
    shared = queries._SHARED.con
    assert shared is not None
    assert queries.fetch_rows(store, "SELECT count(*) FROM games") == n
    assert queries._SHARED.con is shared  # the second query reused it
    queries.release()
    other = tmp_path / "other.duckdb"
    shutil.copy(store, other)
    queries.fetch_rows(other, "SELECT 1")  # another file: another connection
    assert queries._SHARED.con is not shared and queries._SHARED.key[0] == str(other.resolve())
    queries.release()
    assert queries._SHARED.con is None


def test_game_viewer_picker_is_bounded_and_searchable(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The picker offers at most CHOICES_SHOWN games, narrows to a search, and always offers the
    game a link names even when the list would not show it."""
    import queries as q

    at = _run(PAGES / "game_viewer.py")
    all_ids = [str(v) for v in q.df(q.GAME_CHOICES, [""] * 4)["game_id"]]
    assert 1 < len(at.selectbox[0].options) == len(all_ids) <= q.CHOICES_SHOWN
    last = all_ids[-1]
    at.text_input(key="game_search").set_value(last).run()
    assert not at.exception and at.selectbox[0].value == last and len(at.selectbox[0].options) == 1
    at.text_input(key="game_search").set_value("no such game anywhere").run()
    assert any("No game matches" in w.value for w in at.warning)
    # a list of one game that is not the linked one: the linked game is offered first and opened
    monkeypatch.setattr(q, "GAME_CHOICES", q.GAME_CHOICES.replace(f"LIMIT {q.CHOICES_SHOWN}", "LIMIT 1"))
    linked = AppTest.from_file(str(PAGES / "game_viewer.py"), default_timeout=TIMEOUT)
    linked.query_params["game"] = last
    linked.run()
    assert not linked.exception and linked.selectbox[0].value == last and len(linked.selectbox[0].options) == 2


def test_the_viewer_reads_a_game_by_its_load_number() -> None:
    """Every query of the viewer that reads ``events`` by game is narrowed to the load number when the
    store has one, and left as it is when it has none (a store written before it)."""
    import queries as q

    for name in ("GAME_EVENTS_ALL", "GAME_EVENTS_UPTO", "GAME_STATE_AT", "GAME_STATE_RAW", "GAME_HP_SERIES"):
        sql = getattr(q, name)
        assert "FROM events WHERE game_id = ?" in sql, name
        narrowed = q.on_game(sql, 42)
        assert "FROM events WHERE game_id = ?" not in narrowed and "load_no = 42 AND game_id = ?" in narrowed
        assert narrowed.count("?") == sql.count("?")  # the same parameters
        assert q.on_game(sql, None) == sql
