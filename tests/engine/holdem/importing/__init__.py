"""Tests of importing other rooms' hand histories; the corpus's expected results are in
``data/expected.json`` (``data/README.md`` says how they were made)."""

from __future__ import annotations

from typing import Any


def stacks_rake_aside(entry: dict[str, Any]) -> dict[str, int]:
    """An ``expected.json`` hand's final stacks by player as a reference that takes no rake
    (PokerKit) ends them: each with the rake the room took from what it won given back."""
    return {
        name: stack + rake
        for name, stack, rake in zip(
            entry["players"], entry["finishing_stacks"], entry["rake_by_player"], strict=True
        )
    }
