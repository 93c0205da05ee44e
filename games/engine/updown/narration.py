"""Up & Down's lines for the admin's hand history (:mod:`games.engine.narration`): the cards
each player gets, the signals, the locks (the locked cards are turned up at the reveal, as at
the table), the bets, the reveal and why it was won ("a 2 beats an ace"), and the card each
player keeps for the next deal."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from games.engine.narration import (
    CARRIED,
    Award,
    Carried,
    Line,
    Payload,
    Phrase,
    Telling,
    award,
    narrate_betting,
    narrate_match,
    narrates,
)
from games.engine.updown import events as ev

narrate_betting(ev.BETTING)
narrate_match(started=ev.MatchStarted, restarted=ev.MatchRestarted, ended=ev.MatchEnded)


def held_before(records: Iterable[tuple[str, Payload]]) -> dict[int, list[str]]:
    """The card each seat kept from the deals before: every card it was dealt since the segment
    began, less every card it locked (a reshuffled card may come round again)."""
    held: dict[int, Counter[str]] = {}
    for kind, payload in records:
        if kind == ev.MatchRestarted.TYPE:
            held = {}
            continue
        cards = held.setdefault(payload["seat"], Counter())
        cards[payload["card"]] += 1 if kind == ev.CardDealt.TYPE else -1
    return {seat: sorted(cards.elements()) for seat, cards in held.items()}


CARRIED[ev.DealStarted.TYPE] = Carried(
    types=(ev.CardDealt.TYPE, ev.CardLocked.TYPE, ev.MatchRestarted.TYPE), held=held_before
)


@narrates(ev.DealStarted.TYPE)
def deal_started(telling: Telling, p: Payload) -> None:
    telling.position(p["starter"], telling.words("ui.updown.starter_short"))
    telling.say("event.deal_started", kind="heading", number=p["deal_number"], seat=p["starter"])


@narrates(ev.ShoeShuffled.TYPE)
def shoe_shuffled(telling: Telling, p: Payload) -> None:
    # The first shoe of a match is no reshuffle: the table says nothing of it either.
    if p["shuffle"] > 1:
        telling.say("event.shoe_shuffled", kind="note", count=p["size"])


@narrates(ev.CardDealt.TYPE)
def card_dealt(telling: Telling, p: Payload) -> None:
    telling.held.setdefault(p["seat"], []).append(p["card"])
    telling.say("backoffice.updown.card_dealt", seat=p["seat"], card=telling.cards((p["card"],)))


@narrates(ev.SignalsShown.TYPE)
def signals_shown(telling: Telling, p: Payload) -> None:
    telling.heading(telling.text("updown.signals"))
    for seat, (up, down) in enumerate(zip(p["up"], p["down"], strict=True)):
        telling.say("backoffice.updown.signal", seat=seat, up=up, down=down)


@narrates(ev.CardLocked.TYPE)
def card_locked(telling: Telling, p: Payload) -> None:
    held = telling.held.get(p["seat"], [])
    if p.get("card") in held:
        held.remove(p["card"])
    telling.say("event.card_locked", seat=p["seat"])


@narrates(ev.LockedCardsRevealed.TYPE)
def locked_cards_revealed(telling: Telling, p: Payload) -> None:
    telling.locked = list(p["cards"])
    telling.heading(
        telling.text("updown.reveal"), telling.text("backoffice.street.pot", amount=telling.pot)
    )
    for seat, card in enumerate(p["cards"]):
        cards = telling.cards((card,))
        telling.say("backoffice.updown.locked", kind="showdown", seat=seat, card=cards)


@narrates(ev.PotAwarded.TYPE)
def pot_awarded(telling: Telling, p: Payload) -> None:
    winners = list(p["winners"])
    why = _why(telling, p["outcome"], winners)
    telling.lines.append(why)
    award(
        telling,
        Award(
            label=telling.words("pot.pot"),
            pot=0,
            amount=p["amount"],
            winners=winners,
            shares=p["shares"],
            eligible=winners if p["outcome"] == "fold" else range(len(telling.sitters)),
            odd_chips=p.get("odd_chips") or (),
            how="",
            odd_chips_key="replay.settle.odd_updown",
            why=why.text,
        ),
    )


def _why(telling: Telling, outcome: str, winners: list[int]) -> Line:
    """Why the deal was won: the fold, the higher card, a 2 beating an ace, or a tie."""
    if outcome == "tie":
        return _line(telling, telling.text("updown.tie"))
    winner = winners[0]
    loser = 1 - winner
    people = {
        "winner": telling.name(winner),
        "winner_subject": telling.subject(winner),
        "loser": telling.name(loser),
        "loser_subject": telling.subject(loser),
    }
    if outcome == "fold":
        return _line(telling, telling.text("ui.updown.outcome.fold", **people))
    high, low = telling.locked[winner][0], telling.locked[loser][0]
    if high == "2" and low == "A":
        return _line(telling, telling.text("ui.updown.outcome.two_beats_ace", **people))
    return _line(
        telling,
        telling.text(
            "ui.updown.outcome.higher_card",
            high=telling.rank_word(high),
            low=telling.rank_word(low),
            **people,
        ),
    )


def _line(telling: Telling, text: Phrase) -> Line:
    return Line(telling.seq, "result", text)


@narrates(ev.DealEnded.TYPE)
def deal_ended(telling: Telling, p: Payload) -> None:
    telling.stacks_after = list(p["stacks"])
    for seat, held in sorted(telling.held.items()):
        if len(held) == 1:
            telling.kept[seat] = held[0]
            telling.say(
                "backoffice.updown.kept", kind="result", seat=seat, card=telling.cards((held[0],))
            )


@narrates(ev.DealAbandoned.TYPE)
def deal_abandoned(telling: Telling, p: Payload) -> None:
    telling.say("event.deal_abandoned", kind="result")


@narrates(ev.ShuffleRevealed.TYPE)
def shuffle_revealed(telling: Telling, p: Payload) -> None:
    """The seed of a finished shoe: for the fairness proof, not the story (see the raw events)."""
