"""Errors of the store."""

from __future__ import annotations


class StoreError(Exception):
    """The database cannot be written (locked by another process, incompatible schema, …).

    The message is one line naming the database and the reason. Nothing has been written when it is
    raised: the load runs in one transaction.
    """
