"""The provably fair shuffle: a hand's 32-byte seed fixes its deck order, publicly and forever.

The algorithm, so that anyone can re-derive a finished hand's deck from its revealed seed:

1. A byte stream: ``SHA-256(seed || counter)`` for counter = 0, 1, 2, … as an 8-byte
   big-endian integer, the 32-byte blocks concatenated.
2. The stream is read four bytes at a time as big-endian unsigned 32-bit integers ``x``.
3. Fisher–Yates from the end: for ``i`` from ``n - 1`` down to 1, draw ``j`` uniformly in
   ``0..i`` by rejection sampling — discard any ``x >= 2**32 - (2**32 % (i + 1))``, then
   ``j = x % (i + 1)`` — and swap positions ``i`` and ``j``.
4. The deck starts in the order of :data:`games.engine.cards.STANDARD_DECK` (2c 2d 2h 2s 3c …
   As); the card at position 0 of the result is dealt first.

Before a hand starts only ``commitment(seed) = SHA-256(seed)`` (hex) is published; the seed is
revealed when the hand ends, and ``commitment(seed)`` must equal the published value.
"""

from __future__ import annotations

import hashlib
import secrets
import struct
from collections.abc import Iterator, Sequence

SEED_BYTES = 32
_WORD = 2**32
_EIGHT_WORDS = struct.Struct(">8I")  # a SHA-256 block as big-endian 32-bit words


def new_seed() -> bytes:
    """A fresh unpredictable seed from the operating system's CSPRNG."""
    return secrets.token_bytes(SEED_BYTES)


def commitment(seed: bytes) -> str:
    """SHA-256 of the seed, hex: published before the hand so the seed cannot be changed later."""
    return hashlib.sha256(seed).hexdigest()


def _words(seed: bytes) -> Iterator[int]:
    counter = 0
    while True:
        yield from _EIGHT_WORDS.unpack(hashlib.sha256(seed + counter.to_bytes(8, "big")).digest())
        counter += 1


def shuffled(seed: bytes, cards: Sequence[str]) -> list[str]:
    """The deck order the seed determines for ``cards`` (steps 1–4 of the module docstring)."""
    if len(seed) != SEED_BYTES:
        raise ValueError(f"a seed is {SEED_BYTES} bytes, not {len(seed)}")
    deck = list(cards)
    words = _words(seed)
    for i in range(len(deck) - 1, 0, -1):
        span = i + 1
        limit = _WORD - (_WORD % span)
        word = next(words)
        while word >= limit:
            word = next(words)
        j = word % span
        deck[i], deck[j] = deck[j], deck[i]
    return deck
