"""Up & Down deals out as files, in the project's deal-history format
(docs/updown-hand-history.md). The format has no multi-deal form, so a match is a zip of one
``.udh`` file per deal.

A deal's shoe serves later deals, so its history is the owner's: the opponent's kept card is
``??`` and the shoe's seed is written only once revealed.
"""

from __future__ import annotations

from collections.abc import Mapping

from games.engine.game import ExportFormat, ExportRequest, UnfinishedHand
from games.engine.updown.history import HistoryError, deal_history

TOML = "application/toml; charset=utf-8"


def deal_text(request: ExportRequest) -> str:
    """The deal's history from the owner's seat; :class:`UnfinishedHand` if it is not over."""
    try:
        return deal_history(request.events, request.number, for_seat=request.seat)
    except HistoryError as unfinished:
        raise UnfinishedHand(request.number) from unfinished


EXPORTS: Mapping[str, ExportFormat] = {
    "ud": ExportFormat(deal_text, "udh", TOML, member="deal"),
}
"""Up & Down's download format, by the name ``?format=`` takes."""
