"""Hold'em's lines for the admin's hand history (:mod:`games.engine.narration`): the deal, the
streets with the pot at their start, the showdown's hands named (with the kickers that decided
a pot), each pot with who could win it and who did."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engine.holdem import events as ev
from games.engine.narration import (
    Award,
    Payload,
    Phrase,
    Telling,
    award,
    narrate_betting,
    narrate_match,
    narrates,
    player_eliminated,
)

narrate_betting(ev.BETTING)
narrate_match(started=ev.MatchStarted, restarted=ev.MatchRestarted, ended=ev.MatchEnded)
narrates(ev.PlayerEliminated.TYPE)(player_eliminated)

# The all-in exposure of contracts.md (another branch adds its event class): told from its
# record, by its type name, before and after the class exists.
CARDS_EXPOSED = "holdem.cards_exposed"

# How many of a hand rank's ranks name its category; the ranks after them are kickers
# (docs: contracts of ``holdem.pot_awarded``'s ``kickers``).
NAMING_RANKS = {"high_card": 1, "pair": 1, "two_pair": 2, "three_of_a_kind": 1, "four_of_a_kind": 1}


def hand_name(telling: Telling, rank: Mapping[str, Any] | None, kickers: int = 0) -> str:
    """ "Pair of eights", or with the kickers that decided: "Pair of eights, jack kicker"."""
    if not rank or not rank.get("category"):
        return ""
    ranks = list(rank.get("ranks") or [])
    params: dict[str, str] = {}
    for index, code in enumerate(ranks, start=1):
        params[f"rank{index}"] = telling.words(f"card.rank.{code}")
        plural = f"card.rank_plural.{code}"
        has_plural = telling.words.has(plural)
        params[f"ranks{index}"] = telling.words(plural) if has_plural else params[f"rank{index}"]
    if ranks:
        params |= {
            "high": params["ranks1"],
            "low": params.get("ranks2", ""),
            "rank": params["rank1"],
            "ranks": params["ranks1"],
        }
    name = telling.words(f"hand.name.{rank['category']}", params)
    naming = NAMING_RANKS.get(rank["category"], 0)
    deciding = ranks[naming : naming + kickers] if naming else []
    if not deciding:
        return name
    words = [telling.words(f"card.rank.{code}") for code in deciding]
    return telling.words(
        "backoffice.hand.kickers",
        {"hand": name, "kickers": telling.listed(words), "count": len(words)},
    )


@narrates(ev.HandStarted.TYPE)
def hand_started(telling: Telling, p: Payload) -> None:
    telling.position(p["button"], telling.words("backoffice.position.button"))
    telling.say("event.hand_started", kind="heading", number=p["hand_number"], seat=p["button"])


# The forced bets only an imported table has (a straddle, a blind posted out of turn, a dead
# small blind): told by their own line, not as a small or big blind.
OTHER_FORCED_BETS = frozenset({"straddle", "posted", "dead"})


@narrates(ev.BlindPosted.TYPE)
def blind_posted(telling: Telling, p: Payload) -> None:
    if p["blind"] in OTHER_FORCED_BETS:
        # A dead blind is in the pot but no bet of the round.
        telling.put(p["seat"], p["amount"], in_round=p["blind"] != "dead")
        telling.say("event.forced_bet_posted", seat=p["seat"], blind=p["blind"], amount=p["amount"])
        return
    short = "blind.small_short" if p["blind"] == "small" else "blind.big_short"
    telling.position(p["seat"], telling.words(short))
    telling.put(p["seat"], p["amount"])
    telling.say("event.blind_posted", seat=p["seat"], blind=p["blind"], amount=p["amount"])


@narrates(ev.HoleCardsDealt.TYPE)
def hole_cards_dealt(telling: Telling, p: Payload) -> None:
    if not telling.street_opened:
        telling.street_opened = True
        _street(telling, telling.text("street.preflop"))
    telling.say("backoffice.holdem.hole_cards", seat=p["seat"], cards=telling.cards(p["cards"]))


@narrates(ev.BoardDealt.TYPE)
def board_dealt(telling: Telling, p: Payload) -> None:
    telling.new_round()
    cards = telling.cards(p["cards"])
    _street(telling, telling.text("event.board_dealt", street=p["street"], cards=cards))


def _street(telling: Telling, title: Phrase) -> None:
    telling.heading(title, telling.text("backoffice.street.pot", amount=telling.pot))


@narrates(CARDS_EXPOSED)
def cards_exposed(telling: Telling, p: Payload) -> None:
    """An all-in player's cards turned up before the run-out (contracts: ``CardsExposed``)."""
    telling.say("backoffice.holdem.cards_exposed", seat=p["seat"], cards=telling.cards(p["cards"]))


@narrates(ev.HandShown.TYPE)
def hand_shown(telling: Telling, p: Payload) -> None:
    if not telling.showdown_opened:
        telling.showdown_opened = True
        telling.heading(telling.text("replay.list.col_showdown"))
    name = hand_name(telling, p.get("rank"))
    telling.say(
        "event.hand_shown",
        kind="showdown",
        seat=p["seat"],
        cards=telling.cards(p["cards"]),
        hand=name,
        has_hand="yes" if name else "no",
    )


@narrates(ev.PotAwarded.TYPE)
def pot_awarded(telling: Telling, p: Payload) -> None:
    label = (
        telling.words("pot.main")
        if p["pot"] == 0
        else telling.words("pot.side", {"number": p["pot"]})
    )
    award(
        telling,
        Award(
            label=label,
            pot=p["pot"],
            amount=p["amount"],
            winners=p["winners"],
            shares=p["shares"],
            eligible=p["eligible"],
            odd_chips=p.get("odd_chips") or (),
            how=hand_name(telling, p.get("hand_rank"), int(p.get("kickers") or 0)),
            odd_chips_key="replay.settle.odd_holdem",
        ),
    )


@narrates(ev.HandEnded.TYPE)
def hand_ended(telling: Telling, p: Payload) -> None:
    telling.stacks_after = list(p["stacks"])


@narrates(ev.HandAbandoned.TYPE)
def hand_abandoned(telling: Telling, p: Payload) -> None:
    telling.say("event.hand_abandoned", kind="result")
