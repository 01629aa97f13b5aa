"""Parts of the dashboard pages that are more than a query and a table (the game viewer's replay)."""
