"""Admin for matches and their event histories (not written yet)."""
