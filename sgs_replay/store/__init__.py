"""The store: validated games in one DuckDB file, for SQL, notebooks and the dashboards.

``load_records(records, db)`` loads the game records the pipeline made (idempotent, atomic, through
Arrow; ``sgs_replay.replay.pipeline.load_paths`` reads, validates and loads files in one call);
``stats`` reads the database back as polars DataFrames. Tables and views: ``docs/store.md``.

DuckDB, pyarrow and polars are imported inside the functions that use them, so importing this
package (and starting the CLI) stays fast.
"""

from __future__ import annotations

from sgs_replay.store.errors import StoreError
from sgs_replay.store.loader import LoadSummary, load_records
from sgs_replay.store.schema import SCHEMA_VERSION

__all__ = ["SCHEMA_VERSION", "LoadSummary", "StoreError", "load_records"]
