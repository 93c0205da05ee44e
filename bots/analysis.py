"""A finished hand's analysis, as ``GET .../hands/{n}/analysis/`` serves it, built by the Celery
task ``bots.tasks.analyse_hand`` into the ``HandAnalysis`` read model (derived data, never an
event). The game's bots compute it (``GameBots.analysis``; Hold'em's in
:mod:`bots.holdem.analysis`); the API asks for it only for a game that offers one.
"""

from __future__ import annotations

import logging

from bots.registry import game_bots
from games.models import HandAnalysis, HandSummary

logger = logging.getLogger(__name__)


def store_analysis(match_id: str, hand_number: int) -> None:
    """Compute the analysis and mark it ready; on failure forget the request, so the next one
    asks again."""
    hand = HandSummary.objects.select_related("match").get(
        match_id=match_id, hand_number=hand_number
    )
    analysis = game_bots(hand.match.game).analysis
    try:
        if analysis is None:
            raise LookupError(f"the {hand.match.game!r} bots analyse no hand")
        body = analysis(hand.match, hand)
    except Exception:
        logger.exception("analysis of hand %s of %s failed", hand_number, match_id)
        HandAnalysis.objects.filter(hand=hand).delete()
        raise
    HandAnalysis.objects.update_or_create(
        hand=hand, defaults={"status": HandAnalysis.Status.READY, "body": body}
    )
