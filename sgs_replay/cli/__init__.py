"""The `sgs-replay` command line (app) and the commands' helpers: statistics and export, series scoring,
progress on stderr."""
