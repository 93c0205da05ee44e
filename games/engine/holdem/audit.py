"""Audit: re-derive every dealer event of a match from its seeds and the players' actions.

The free inputs of a match are the table (``MatchStarted``), each hand's seed (``HandStarted``),
the players' actions and restarts. Everything else — blinds, deals, streets, uncalled returns,
showdowns, pot awards, odd chips, eliminations, the end of the match — is what ``decide`` must
produce from those inputs. :func:`audit` replays the inputs as commands and reports the first
stored event that differs from what the rules give, per match.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.engine.audit import AuditReport, replay_inputs
from games.engine.events import Event
from games.engine.holdem import events as ev
from games.engine.holdem.game import DECIDING, Act, Command, Restart, StartHand, StartMatch


def command_for(item: Event) -> Command | None:
    """The command that produced an input event other than the match's start or a player's
    action (which :func:`~games.engine.audit.replay_inputs` asks again itself), or None for a
    derived (dealer) event."""
    match item:
        case ev.HandStarted():
            if item.seed is not None:
                return StartHand(seed=bytes.fromhex(item.seed))
            return StartHand(deck=tuple(item.deck or ()))
        case ev.HandAbandoned() | ev.MatchRestarted():
            return Restart()
    return None


def audit(events: Sequence[Event]) -> AuditReport:
    """Replay the inputs of ``events`` and compare every event with what the rules produce."""
    return replay_inputs(
        events,
        DECIDING,
        lambda items, index: command_for(items[index]),
        ev.HandEnded,
        table=StartMatch,
        act=Act,
    )
