"""Analysis of judged games: fingerprints, statistics from the store, series and the 4th-edition scoring."""
