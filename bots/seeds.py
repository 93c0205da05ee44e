"""Seeds for AI-only play, derived from labels so a match can be played again exactly.

An arena (:mod:`bots.holdem.arena`, :mod:`bots.updown.arena`) and ``manage.py simulate`` derive
them the same way, so the same labels give the same cards and the same choices on both paths.
"""

from __future__ import annotations

import hashlib


def numbered_seed(label: str, number: int) -> bytes:
    """The 32-byte seed of hand (or deal) ``number`` of the matches dealt from ``label``."""
    return hashlib.sha256(f"{label}:{number}".encode()).digest()


def simulation_labels(seed: str, index: int, seats: int) -> tuple[str, str]:
    """(deal label, bot label) of match ``index`` of a seeded simulation.

    The matches of one group of ``seats`` (the seats rotated one step per match) share their
    deals: duplicate deals, so card and position luck cancel. The bots' choices differ per match.
    """
    return f"cardavia-simulate:{seed}:{index // seats}", f"{seed}:{index}"
