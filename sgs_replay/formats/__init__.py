"""Formats in: the event model, card notation, the sgs-replay/1 reader, events as sentences (narrate) and the
generated JSON Schemas."""
