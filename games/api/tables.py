"""Each game's view of the table, as the match body's ``view`` carries it (tagged by ``game``).

Documentation only (see :mod:`games.api.schemas`): the engine's ``view`` is what is sent.
"""

from __future__ import annotations

from rest_framework import serializers

from games.api.schemas import _record_serializer, tag
from games.engine.betting import ACTION_KINDS
from games.engine.holdem.evaluator import HandRank
from games.engine.holdem.events import Street
from games.engine.holdem.state import Phase as HoldemPhase
from games.engine.updown.events import Outcome
from games.engine.updown.state import Phase as UpDownPhase


class LegalActions(serializers.Serializer):
    """What the seat to act may do now; every kind is listed as itself. Amounts are totals for
    the round ("bet to", "raise to"): ``min_raise_to``/``max_raise_to`` bound an opening bet and a
    raise alike; ``call_amount`` is what a call adds."""

    seat = serializers.IntegerField()
    can_fold = serializers.BooleanField()
    can_check = serializers.BooleanField()
    can_call = serializers.BooleanField()
    call_amount = serializers.IntegerField()
    can_bet = serializers.BooleanField(help_text="An opening bet: nobody has bet this round.")
    can_raise = serializers.BooleanField(help_text="A raise of the round's bet.")
    min_raise_to = serializers.IntegerField()
    max_raise_to = serializers.IntegerField()


class UpDownLegalActions(LegalActions):
    """Up & Down's, with the lock that starts each deal: while locking, ``lockable`` holds the
    seat's two cards and nothing else is allowed."""

    can_lock = serializers.BooleanField()
    lockable = serializers.ListField(child=serializers.CharField())


# --- Texas Hold'em -------------------------------------------------------------------------


class HoldemBlinds(serializers.Serializer):
    small = serializers.IntegerField()
    big = serializers.IntegerField()
    ante = serializers.IntegerField()


class HoldemPot(serializers.Serializer):
    amount = serializers.IntegerField()
    eligible = serializers.ListField(child=serializers.IntegerField())


# The events' own hand-rank record, so the schema names one HandRank component.
HoldemHandRank = _record_serializer(HandRank)


class HoldemLastAction(serializers.Serializer):
    """A seat's last action this hand."""

    kind = serializers.ChoiceField(choices=list(ACTION_KINDS))
    amount = serializers.IntegerField(
        allow_null=True,
        help_text="What a call added, or the total a bet or raise went to; null for a fold or "
        "check.",
    )


class HoldemShownHand(serializers.Serializer):
    """A hand shown at this hand's showdown."""

    seat = serializers.IntegerField()
    cards = serializers.ListField(child=serializers.CharField())
    rank = HoldemHandRank()


class HoldemPotAwarded(serializers.Serializer):
    """One pot's result, once the hand is over."""

    pot = serializers.IntegerField(help_text="0 for the main pot, then each side pot.")
    amount = serializers.IntegerField()
    winners = serializers.ListField(child=serializers.IntegerField())
    shares = serializers.ListField(
        child=serializers.IntegerField(), help_text="What each winner won, in winners' order."
    )
    hand_rank = HoldemHandRank(
        allow_null=True, help_text="The winning hand's rank; null when everyone else folded."
    )


class HoldemSeat(serializers.Serializer):
    seat = serializers.IntegerField()
    stack = serializers.IntegerField()
    bet = serializers.IntegerField()
    in_match = serializers.BooleanField()
    in_hand = serializers.BooleanField()
    folded = serializers.BooleanField()
    all_in = serializers.BooleanField()
    cards = serializers.ListField(
        child=serializers.CharField(), allow_null=True, help_text="Own cards, or shown ones."
    )
    place = serializers.IntegerField(allow_null=True)
    last_action = HoldemLastAction(allow_null=True)


class HoldemView(serializers.Serializer):
    game = tag("holdem")
    phase = serializers.ChoiceField(choices=[phase.value for phase in HoldemPhase])
    segment = serializers.IntegerField()
    hand_number = serializers.IntegerField()
    viewer = serializers.IntegerField(allow_null=True)
    blinds = HoldemBlinds(allow_null=True)
    button = serializers.IntegerField(allow_null=True)
    small_blind_seat = serializers.IntegerField(allow_null=True)
    big_blind_seat = serializers.IntegerField(allow_null=True)
    street = serializers.ChoiceField(choices=[street.value for street in Street], allow_null=True)
    board = serializers.ListField(child=serializers.CharField())
    pot = serializers.IntegerField()
    pots = HoldemPot(many=True)
    seats = HoldemSeat(many=True)
    to_act = serializers.IntegerField(allow_null=True)
    legal_actions = LegalActions(allow_null=True)
    commitment = serializers.CharField(allow_null=True)
    revealed_seed = serializers.CharField(allow_null=True)
    shown_hands = HoldemShownHand(
        many=True, help_text="The hands shown at this hand's showdown, with their ranks."
    )
    pots_awarded = HoldemPotAwarded(
        many=True, help_text="Each pot's winners and shares, from the hand's end to the next deal."
    )
    winner = serializers.IntegerField(allow_null=True)


# --- Up & Down -----------------------------------------------------------------------------


class UpDownSignal(serializers.Serializer):
    up = serializers.IntegerField()
    down = serializers.IntegerField()


class UpDownSeat(serializers.Serializer):
    seat = serializers.IntegerField()
    stack = serializers.IntegerField()
    bet = serializers.IntegerField()
    in_deal = serializers.BooleanField()
    folded = serializers.BooleanField()
    all_in = serializers.BooleanField()
    signal = UpDownSignal(allow_null=True)
    has_locked = serializers.BooleanField()
    cards = serializers.ListField(
        child=serializers.CharField(), allow_null=True, help_text="Own cards, in shoe order."
    )
    locked_card = serializers.CharField(allow_null=True)
    kept_card = serializers.CharField(
        allow_null=True,
        help_text="Own card carried over from the last deal, one of cards (the other was drawn).",
    )


class UpDownShoe(serializers.Serializer):
    shuffle = serializers.IntegerField()
    commitment = serializers.CharField()
    stock = serializers.IntegerField()
    discards = serializers.ListField(child=serializers.CharField())


class RevealedSeed(serializers.Serializer):
    shuffle = serializers.IntegerField()
    seed = serializers.CharField()


class UpDownLastDeal(serializers.Serializer):
    """The previous deal's reveal and result, so a table can show it without the feed."""

    deal_number = serializers.IntegerField()
    locked_cards = serializers.ListField(child=serializers.CharField())
    folded = serializers.IntegerField(allow_null=True, help_text="The seat that folded, if any.")
    winner = serializers.IntegerField(allow_null=True, help_text="None for a tie.")
    outcome = serializers.ChoiceField(choices=[outcome.value for outcome in Outcome])
    reason = serializers.ChoiceField(
        choices=[*(outcome.value for outcome in Outcome), "two_beats_ace"],
        help_text="The outcome, with a deuce beating an ace named as such.",
    )
    won = serializers.ListField(
        child=serializers.IntegerField(), help_text="The chips each seat won."
    )


class UpDownView(serializers.Serializer):
    game = tag("updown")
    phase = serializers.ChoiceField(choices=[phase.value for phase in UpDownPhase])
    segment = serializers.IntegerField()
    deal_number = serializers.IntegerField()
    viewer = serializers.IntegerField(allow_null=True)
    ante = serializers.IntegerField(allow_null=True)
    starter = serializers.IntegerField(allow_null=True)
    to_act = serializers.IntegerField(allow_null=True)
    pot = serializers.IntegerField()
    current_bet = serializers.IntegerField()
    seats = UpDownSeat(many=True)
    legal_actions = UpDownLegalActions(allow_null=True)
    shoe = UpDownShoe(allow_null=True)
    revealed_seeds = RevealedSeed(many=True)
    last_deal = UpDownLastDeal(allow_null=True)
    winner = serializers.IntegerField(allow_null=True)


VIEWS: dict[str, type[serializers.Serializer]] = {"holdem": HoldemView, "updown": UpDownView}
