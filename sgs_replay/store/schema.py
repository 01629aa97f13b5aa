"""The DuckDB schema: tables, their Arrow schemas, and the SQL views the dashboards read.

Tables are created once (``CREATE TABLE IF NOT EXISTS``); views are re-created on every load, so a
database always carries the views of the code that last wrote to it. ``store_info.schema_version``
guards against loading into a database laid out by an incompatible version.

pyarrow is imported inside :func:`arrow_schemas` only: importing this module stays cheap.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from sgs_replay.store import statsql

SCHEMA_VERSION = 2

#: Seat state after an event, one struct per seat (``events.state``, ``games.start_state``).
#: ``hand`` is the number of hand cards; ``cards`` the hand itself, known cards first and ``?`` for each hidden one.
SEAT_STATE_FIELDS = ("seat", "hp", "max_hp", "alive", "hand", "equip", "judge", "cards")
SEAT_STATE_SQL = (
    "STRUCT(seat SMALLINT, hp SMALLINT, max_hp SMALLINT, alive BOOLEAN, hand SMALLINT, "
    "equip VARCHAR[], judge VARCHAR[], cards VARCHAR[])"
)

TABLES: dict[str, str] = {
    "store_info": """
        CREATE TABLE IF NOT EXISTS store_info (
            key   VARCHAR PRIMARY KEY,
            value VARCHAR
        )""",
    "games": f"""
        CREATE TABLE IF NOT EXISTS games (
            game_id       VARCHAR PRIMARY KEY,  -- hash of every byte of the file (content id)
            fingerprint   VARCHAR,              -- the game in canonical form (sgs_replay.analysis.fingerprint)
            file          VARCHAR NOT NULL,     -- the file it was loaded from (first seen)
            declared_id   VARCHAR,              -- the header's game_id
            source_format VARCHAR,
            mode          VARCHAR,
            ruleset       VARCHAR,              -- the ruleset it was judged under
            players       SMALLINT,
            events        INTEGER,
            violations    INTEGER,
            unverifiable  INTEGER,
            winner        VARCHAR,
            reason        VARCHAR,
            from_position BOOLEAN,              -- the log starts from a `start` position
            meta          VARCHAR,              -- the header's meta object, as JSON
            start_state   {SEAT_STATE_SQL}[],   -- every seat before the first event
            loaded_at     TIMESTAMP,
            import_problems VARCHAR[],          -- what the importer could not convert (FreeKill)
            violations_truncated INTEGER,       -- violations beyond the per-file cap, counted only
            desync        VARCHAR,              -- the first engine desync against a recording (NULL: none)
            header        VARCHAR,              -- the header line re-encoded (the viewer replays from it)
            load_no           BIGINT,               -- load number: 1, 2, … in the order the games were inserted
            view          VARCHAR,              -- full / partial / hidden: which view of the game the file gives
            proven_winner VARCHAR,              -- the result the validator establishes (NULL: none)
            proven_reason VARCHAR,
            result_checked BOOLEAN,             -- proven_* were kept (NULL: loaded before they existed)
            source        VARCHAR,              -- recording / simulation / hand-written (statsql.SOURCE)
            played_on     DATE                  -- the day the game was played, when known (statsql.PLAYED_ON)
        )""",
    "views": """
        CREATE TABLE IF NOT EXISTS views (
            fingerprint VARCHAR NOT NULL,    -- the game's fingerprint
            game_id     VARCHAR NOT NULL,    -- the view kept and counted (games.game_id)
            file        VARCHAR NOT NULL,    -- the file of this other view, not loaded
            view        VARCHAR,             -- full / partial / hidden
            loaded_at   TIMESTAMP
        )""",
    "files": """
        CREATE TABLE IF NOT EXISTS files (
            path      VARCHAR PRIMARY KEY,  -- the file loaded, absolute
            size      BIGINT,
            mtime     DOUBLE,               -- modification time, seconds since the epoch
            game_id   VARCHAR NOT NULL,     -- its content id: the game it holds
            loaded_at TIMESTAMP
        )""",
    "duplicates": """
        CREATE TABLE IF NOT EXISTS duplicates (
            fingerprint VARCHAR NOT NULL,    -- the game's fingerprint
            game_id     VARCHAR NOT NULL,    -- the copy kept in games
            file        VARCHAR NOT NULL,    -- the file that was not loaded, being the same game
            loaded_at   TIMESTAMP            -- when it was refused (first time)
        )""",
    "players": """
        CREATE TABLE IF NOT EXISTS players (
            game_id    VARCHAR NOT NULL,
            seat       SMALLINT NOT NULL,
            name       VARCHAR,
            general    VARCHAR,   -- canonical Chinese name when the ruleset knows the general
            general_id VARCHAR,   -- pinyin id (guanyu), NULL for an unknown general
            role       VARCHAR,   -- identity mode; 國戰: the kingdom the seat ended with (wei … careerist)
            side       VARCHAR,   -- 3v3 / 1v1
            position   VARCHAR,   -- 3v3: commander / vanguard
            won        BOOLEAN,   -- NULL when the game has no (known) winner
            alive_at_end BOOLEAN,
            hp_at_end  SMALLINT,
            deputy     VARCHAR,   -- 國戰: the 副将 (canonical name when known); NULL in the other modes
            result     VARCHAR    -- win / draw / loss under the proven result (NULL: none proven)
        )""",
    "events": f"""
        CREATE TABLE IF NOT EXISTS events (
            game_id   VARCHAR NOT NULL,
            seq       INTEGER NOT NULL,  -- 1-based position among the game's events
            line      INTEGER NOT NULL,  -- physical line in the file
            type      VARCHAR NOT NULL,
            seat      SMALLINT,          -- the acting seat (damage: the source)
            target    SMALLINT,          -- damage target, or the first target of a use/skill
            targets   SMALLINT[],
            side      VARCHAR,
            card      VARCHAR,           -- the card, or the name a converted card is used as
            cards     VARCHAR[],
            t         DOUBLE,            -- match clock, seconds
            json      VARCHAR NOT NULL,  -- the event line, re-encoded
            turn_seat SMALLINT,          -- whose turn it is after the event
            phase     VARCHAR,           -- the phase in progress after the event
            state     {SEAT_STATE_SQL}[], -- every seat after the event, at the kept positions (docs/store.md)
            load_no       BIGINT,            -- the game's load number (games.load_no): a game's rows are one run of it
            general   VARCHAR            -- general_choice: the general it brings in (canonical name)
        )""",
    "violations": """
        CREATE TABLE IF NOT EXISTS violations (
            game_id    VARCHAR NOT NULL,
            n          INTEGER NOT NULL,  -- position in the game's report
            line       INTEGER NOT NULL,
            rule       VARCHAR NOT NULL,
            kind       VARCHAR NOT NULL,
            seat       SMALLINT,
            message    VARCHAR,
            expected   VARCHAR,
            observed   VARCHAR,
            message_zh VARCHAR,
            cite       VARCHAR,
            quote      VARCHAR   -- the cited passage, verbatim
        )""",
    "series_points": """
        CREATE TABLE IF NOT EXISTS series_points (
            game_id     VARCHAR NOT NULL,  -- a finished identity game (sgs_replay.analysis.scoring)
            series_id   VARCHAR,           -- the header's series_id (NULL: a game on its own)
            game_number SMALLINT,          -- the header's game_number
            seat        SMALLINT NOT NULL,
            name        VARCHAR,
            role        VARCHAR NOT NULL,
            base        SMALLINT NOT NULL, -- 4th-edition points by role and outcome
            bonus       SMALLINT NOT NULL, -- 个人加分 for the kills
            points      SMALLINT NOT NULL  -- base + bonus
        )""",
    # the per-game statistics tables (sgs_replay.store.aggregates; their rows: sgs_replay.store.statsql),
    # built at the end of each load; rebuilt when their layout (statsql.AGGREGATES_VERSION) changes
    "stat_games": """
        CREATE TABLE IF NOT EXISTS stat_games (
            gno      INTEGER NOT NULL,  -- the game's number in the aggregates (joins on an integer)
            game_id  VARCHAR NOT NULL,
            mode     VARCHAR,
            ruleset  VARCHAR,
            players  SMALLINT,
            winner   VARCHAR,   -- the result counted: proven (declared for a game loaded before)
            reason   VARCHAR,
            declared_winner VARCHAR,
            declared_reason VARCHAR,
            checked  BOOLEAN,   -- the proven result is known
            differs  BOOLEAN,   -- the declared winner is not the proven one
            draw     BOOLEAN,
            source   VARCHAR,   -- recording / simulation / hand-written
            file     VARCHAR,
            day      DATE,      -- the day played (NULL: unknown)
            week     DATE,      -- its week (Monday)
            loaded_day DATE,
            event    VARCHAR    -- meta.event
        )""",
    "stat_seats": """
        CREATE TABLE IF NOT EXISTS stat_seats (
            gno        INTEGER NOT NULL,
            game_id    VARCHAR NOT NULL,
            seat       SMALLINT NOT NULL,
            mode       VARCHAR,   -- the game's
            ruleset    VARCHAR,
            table_size SMALLINT,
            source     VARCHAR,
            week       DATE,
            name       VARCHAR,
            general    VARCHAR,   -- NULL: not known (?)
            role       VARCHAR,
            kingdom    VARCHAR,   -- 國戰
            side       VARCHAR,   -- 3v3/1v1: cold/warm; 1v3: lvbu/allies
            position   VARCHAR,
            composition VARCHAR,  -- 3v3: the side's generals, commander · vanguards
            result     VARCHAR,   -- win / draw / loss (NULL: no result)
            dealt      BIGINT,    -- damage dealt (NULL: no damage event with this seat as source)
            taken      BIGINT,    -- damage taken (NULL: none)
            kills      BIGINT,    -- death events with this seat as target (NULL: none)
            rescues    BIGINT,    -- 桃 used on a dying character (NULL: none)
            uses       BIGINT,    -- cards used (NULL: no damage, use or turn event by this seat)
            turns      BIGINT,    -- turns begun (NULL: as uses)
            violations BIGINT     -- violations at this seat (NULL: none)
        )""",
    "stat_generals": """
        CREATE TABLE IF NOT EXISTS stat_generals (
            gno        INTEGER NOT NULL,
            game_id    VARCHAR NOT NULL,
            seat       SMALLINT NOT NULL,
            mode       VARCHAR,
            ruleset    VARCHAR,
            table_size SMALLINT,
            source     VARCHAR,
            week       DATE,
            name       VARCHAR,
            general    VARCHAR NOT NULL,
            entry      VARCHAR,   -- start / deputy / replacement / reincarnation / form
            seq        INTEGER,   -- the general_choice that brought it in (0: from the header)
            role       VARCHAR,
            kingdom    VARCHAR,
            side       VARCHAR,
            position   VARCHAR,
            result     VARCHAR
        )""",
    "stat_player_games": """
        CREATE TABLE IF NOT EXISTS stat_player_games (
            gno        INTEGER NOT NULL,
            game_id    VARCHAR NOT NULL,
            name       VARCHAR NOT NULL,
            result     VARCHAR,   -- the name's result (a seat of it won: win; …; NULL: none)
            finished   BOOLEAN,   -- the game has a result for a seat of this name
            dealt      BIGINT,    -- the sums of this name's seats in stat_seats (NULL: all NULL)
            taken      BIGINT,
            kills      BIGINT,
            rescues    BIGINT,
            uses       BIGINT,
            turns      BIGINT,
            violations BIGINT
        )""",
    "stat_draft_picks": """
        CREATE TABLE IF NOT EXISTS stat_draft_picks (
            gno       INTEGER NOT NULL,
            game_id   VARCHAR NOT NULL,
            side      VARCHAR,
            general   VARCHAR,
            pick_turn BIGINT,    -- 1-9
            pick      BIGINT,    -- 1-16
            side_won  BOOLEAN    -- NULL: no decided result
        )""",
    # the violation counts the overview shows, rebuilt whole at the end of every load
    # (aggregates.refresh_violation_counts):
    # the dashboards read these few rows instead of counting every violation on each page
    "violation_counts_by_game": """
        CREATE TABLE IF NOT EXISTS violation_counts_by_game (
            game_id          VARCHAR NOT NULL,   -- a game with at least one violation
            illegal_play     BIGINT NOT NULL,
            resolution_order BIGINT NOT NULL,
            bookkeeping      BIGINT NOT NULL,
            outcome          BIGINT NOT NULL,
            format           BIGINT NOT NULL
        )""",
    "violation_counts_by_kind": """
        CREATE TABLE IF NOT EXISTS violation_counts_by_kind (
            kind       VARCHAR NOT NULL,
            violations BIGINT NOT NULL,
            games      BIGINT NOT NULL     -- games with at least one
        )""",
    "violation_counts_by_rule": """
        CREATE TABLE IF NOT EXISTS violation_counts_by_rule (
            rule       VARCHAR NOT NULL,
            kind       VARCHAR NOT NULL,
            violations BIGINT NOT NULL,
            games      BIGINT NOT NULL,    -- games with at least one
            example    VARCHAR             -- the smallest message (text order)
        )""",
}

#: Columns added to ``games`` after schema version 1 was first written (added on the next load).
ADDED_COLUMNS = (("import_problems", "VARCHAR[]"), ("violations_truncated", "INTEGER"), ("desync", "VARCHAR"),
                 ("fingerprint", "VARCHAR"), ("header", "VARCHAR"), ("load_no", "BIGINT"), ("view", "VARCHAR"),
                 ("proven_winner", "VARCHAR"), ("proven_reason", "VARCHAR"), ("result_checked", "BOOLEAN"),
                 ("source", "VARCHAR"), ("played_on", "DATE"))
#: the per-game statistics tables, rebuilt when their layout changes
STAT_TABLES = ("stat_games", "stat_seats", "stat_generals", "stat_player_games", "stat_draft_picks")

#: the statistics views: name → the ``by`` keys of its win rates, or a template of statsql
WIN_RATE_VIEWS = {"general": ("general",), "role": ("role",), "kingdom": ("kingdom",), "seat": ("seat",),
                  "side": ("side",), "position": ("general", "position"), "player": ("player",),
                  "general_role": ("general", "role"), "general_seat": ("general", "seat"),
                  "general_entry": ("general", "entry"), "composition": ("composition",)}


def stats_views(*, aggregates: bool = True) -> dict[str, str]:
    """The statistics of sgs_replay.analysis.stats over every game (docs/store.md), as view bodies: from the
    stored per-game tables, or from their definitions over the loaded tables (a store whose stored
    ones are missing or behind)."""
    wr = {f"win_rates_by_{name}": statsql.win_rate_sql(by) for name, by in WIN_RATE_VIEWS.items()}
    t = statsql.templates()
    named = {"results_by_mode": statsql.results_sql(("mode", "ruleset")),
             "results_by_source": statsql.results_sql(("source",)), "matchups": t["matchups"],
             "player_stats": t["player_stats"], "violations_per_100_by_rule": t["violations_by_rule"],
             "violations_per_100_by_player": t["violations_by_player"], "draft_picks": t["draft_picks"],
             "draft_by_general": t["draft_by_general"], "draft_by_pick": t["draft_by_pick"]}
    return {name: statsql.view_sql(sql, aggregates=aggregates) for name, sql in {**wr, **named}.items()}


STATS_VIEWS = stats_views()

VIEWS: dict[str, str] = {
    "player_results": """
        SELECT p.*, g.mode, g.ruleset, g.players AS table_size, g.proven_winner AS winner,
               g.proven_reason AS reason, g.file
        FROM players p JOIN games g USING (game_id)
        WHERE p.result IS NOT NULL""",
    **STATS_VIEWS,
    "games_by_mode": """
        SELECT mode, ruleset, count(*) AS games, sum(events)::BIGINT AS events, sum(violations)::BIGINT AS violations,
               count(*) FILTER (WHERE violations = 0) AS clean_games,
               count(*) FILTER (WHERE winner IS NOT NULL) AS finished_games
        FROM games GROUP BY mode, ruleset""",
    "violations_by_kind": "SELECT kind, violations, games FROM violation_counts_by_kind",
    "violations_by_rule": "SELECT rule, kind, violations, games, example FROM violation_counts_by_rule",
    "game_overview": """
        SELECT g.game_id, g.file, g.declared_id, g.mode, g.ruleset, g.players, g.events, g.violations,
               coalesce(c.illegal_play, 0) AS illegal_play, coalesce(c.resolution_order, 0) AS resolution_order,
               coalesce(c.bookkeeping, 0) AS bookkeeping, coalesce(c.outcome, 0) AS outcome,
               coalesce(c.format, 0) AS format,
               g.unverifiable, g.desync, len(g.import_problems) AS import_problems, g.winner, g.reason, g.loaded_at
        FROM games g LEFT JOIN violation_counts_by_game c USING (game_id)""",
    "violation_details": """
        SELECT v.*, g.file, g.declared_id, g.mode, g.ruleset
        FROM violations v JOIN games g USING (game_id)""",
}


def create_all(con: Any) -> None:
    """Create the tables (if missing) and (re)create the views, inside the caller's transaction."""
    for ddl in TABLES.values():
        con.execute(ddl)
    for column, sql_type in ADDED_COLUMNS:  # databases written before these columns existed
        con.execute(f"ALTER TABLE games ADD COLUMN IF NOT EXISTS {column} {sql_type}")
    con.execute("ALTER TABLE events ADD COLUMN IF NOT EXISTS load_no BIGINT")  # NULL for games loaded before it
    con.execute("ALTER TABLE events ADD COLUMN IF NOT EXISTS general VARCHAR")  # NULL for games loaded before it
    con.execute("ALTER TABLE players ADD COLUMN IF NOT EXISTS deputy VARCHAR")  # stores written before 國戰
    con.execute("ALTER TABLE players ADD COLUMN IF NOT EXISTS result VARCHAR")  # before the proven result
    version = con.execute("SELECT value FROM store_info WHERE key = 'aggregates_version'").fetchall()
    if not version or version[0][0] != statsql.AGGREGATES_VERSION:  # per-game tables of another layout: rebuilt
        for table in STAT_TABLES:
            con.execute(f"DROP TABLE IF EXISTS {table}")
            con.execute(TABLES[table])
        con.execute("INSERT OR REPLACE INTO store_info VALUES ('aggregates_version', ?)", [statsql.AGGREGATES_VERSION])
    rows = con.execute("SELECT value FROM store_info WHERE key = 'schema_version'").fetchall()
    row = rows[0] if rows else None
    if row is None:
        con.execute("INSERT INTO store_info VALUES ('schema_version', ?)", [str(SCHEMA_VERSION)])
    elif row[0] != str(SCHEMA_VERSION):
        from sgs_replay.store.errors import StoreError

        raise StoreError(f"the database has schema version {row[0]}; this version of sgs-replay writes "
                         f"version {SCHEMA_VERSION} — load into a new file")
    for name, sql in VIEWS.items():
        con.execute(f"CREATE OR REPLACE VIEW {name} AS {sql}")


def seat_states_array(values: list[Any], list_type: Any) -> Any:
    """An Arrow ``list<struct>`` column from per-row lists of seat tuples (None = NULL row).

    Built from flat child arrays, the tuples transposed in one ``zip``: most rows are NULL (the
    positions are kept at turn starts and a few other places), so only the kept ones are visited.
    """
    from itertools import accumulate

    import pyarrow as pa

    struct_type = list_type.value_type
    kept = [seats for seats in values if seats is not None]
    flat = [t for seats in kept for t in seats]
    cols: list[Any] = list(zip(*flat, strict=True)) if flat else [()] * len(SEAT_STATE_FIELDS)
    if len(kept) == len(values):
        offsets = list(accumulate((len(seats) for seats in kept), initial=0))
        mask = None
    else:
        offsets = list(accumulate((len(seats) if seats is not None else 0 for seats in values), initial=0))
        mask = pa.array([seats is None for seats in values], type=pa.bool_())
    children = [pa.array(c, type=struct_type.field(i).type) for i, c in enumerate(cols)]
    struct = pa.StructArray.from_arrays(children, fields=[struct_type.field(i) for i in range(struct_type.num_fields)])
    return pa.ListArray.from_arrays(pa.array(offsets, type=pa.int32()), struct, type=list_type, mask=mask)


@cache
def arrow_schemas() -> dict[str, Any]:
    """The Arrow schema of each batch the loader inserts (column names match the tables)."""
    import pyarrow as pa

    seat_state = pa.struct([
        ("seat", pa.int16()), ("hp", pa.int16()), ("max_hp", pa.int16()), ("alive", pa.bool_()),
        ("hand", pa.int16()), ("equip", pa.list_(pa.string())), ("judge", pa.list_(pa.string())),
        ("cards", pa.list_(pa.string())),
    ])
    return {
        "games": pa.schema([
            ("game_id", pa.string()), ("fingerprint", pa.string()), ("file", pa.string()),
            ("declared_id", pa.string()),
            ("source_format", pa.string()), ("mode", pa.string()), ("ruleset", pa.string()),
            ("players", pa.int16()), ("events", pa.int32()), ("violations", pa.int32()),
            ("unverifiable", pa.int32()),
            ("winner", pa.string()), ("reason", pa.string()),
            ("from_position", pa.bool_()), ("meta", pa.string()), ("start_state", pa.list_(seat_state)),
            ("loaded_at", pa.timestamp("us")), ("import_problems", pa.list_(pa.string())),
            ("violations_truncated", pa.int32()), ("desync", pa.string()), ("header", pa.string()),
            ("view", pa.string()), ("proven_winner", pa.string()), ("proven_reason", pa.string()),
            ("result_checked", pa.bool_()),
        ]),
        "players": pa.schema([
            ("game_id", pa.string()), ("seat", pa.int16()), ("name", pa.string()), ("general", pa.string()),
            ("general_id", pa.string()), ("role", pa.string()), ("side", pa.string()), ("position", pa.string()),
            ("won", pa.bool_()), ("alive_at_end", pa.bool_()), ("hp_at_end", pa.int16()), ("deputy", pa.string()),
            ("result", pa.string()),
        ]),
        "events": pa.schema([
            ("game_id", pa.string()), ("seq", pa.int32()), ("line", pa.int32()), ("type", pa.string()),
            ("seat", pa.int16()), ("target", pa.int16()), ("targets", pa.list_(pa.int16())),
            ("side", pa.string()), ("card", pa.string()), ("cards", pa.list_(pa.string())),
            ("t", pa.float64()), ("json", pa.string()), ("turn_seat", pa.int16()), ("phase", pa.string()),
            ("state", pa.list_(seat_state)), ("general", pa.string()),
        ]),
        "series_points": pa.schema([
            ("game_id", pa.string()), ("series_id", pa.string()), ("game_number", pa.int16()), ("seat", pa.int16()),
            ("name", pa.string()), ("role", pa.string()), ("base", pa.int16()), ("bonus", pa.int16()),
            ("points", pa.int16()),
        ]),
        "violations": pa.schema([
            ("game_id", pa.string()), ("n", pa.int32()), ("line", pa.int32()), ("rule", pa.string()),
            ("kind", pa.string()), ("seat", pa.int16()), ("message", pa.string()), ("expected", pa.string()),
            ("observed", pa.string()), ("message_zh", pa.string()), ("cite", pa.string()),
            ("quote", pa.string()),
        ]),
    }


#: Insertion order of the data tables (games last would also do; all share one transaction).
DATA_TABLES = ("games", "players", "events", "violations", "series_points")
