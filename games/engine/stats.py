"""Arithmetic every game's player statistics share: rates with nothing to divide by, and the
confidence interval of a mean per hand."""

from __future__ import annotations

import math

Z95 = 1.96  # two-sided 95% normal quantile


def ratio(part: int | None, whole: int | None) -> float | None:
    """``part / whole``; None when there was no chance (``whole`` is 0 or None)."""
    return None if not whole else (part or 0) / whole


def per_100_interval(total: float, squares: float, count: int) -> list[float]:
    """The normal 95% interval of chips (or big blinds) won per 100 hands, from the hands' net
    sum and sum of squares (the sample standard deviation; a single hand has no spread)."""
    mean = total / count
    if count < 2:
        return [100 * mean, 100 * mean]
    variance = max(0.0, (squares - count * mean * mean) / (count - 1))
    half = Z95 * math.sqrt(variance / count)
    return [100 * (mean - half), 100 * (mean + half)]
