"""Planted faults and the validator's measured accuracy.

:mod:`~sgs_replay.quality.faults` holds one small function per fault class: given a clean game and
the position after each of its events, it lists the places where the class's precondition holds
and what the faulty copy looks like there. :mod:`~sgs_replay.quality.inject` writes the copies and
their labels (``labels.jsonl``); :mod:`~sgs_replay.quality.measure` validates the clean games and
the copies and counts false alarms and recall per fault class.
"""
