"""The replay: a parsed log through the rules engine (validate), recordings checked (oracle), 3v3 matches,
one game's store rows (records) and the bulk pipeline over worker processes."""
