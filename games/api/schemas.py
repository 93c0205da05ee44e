"""The shapes of what the API sends, as ``/api/schema/`` describes them.

These serializers document; they do not render. The views send the selectors' bodies as they
are, and ``tests/api/test_schema.py`` plays whole matches of every game and validates each real
response against ``/api/schema/`` with every object closed (no property the schema does not
name), so a field added to a view or an event without its shape here fails the test.

Closed sets are enums (phase, street, action kind, event type, status). Each game's view is one
member of a union tagged by ``game`` (:mod:`games.api.tables`, from each registered game's
``view_type``); each event one member of a union tagged by ``type``, its payload built from the
event class's own fields (:func:`event_schemas`).
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import types
import typing
from collections.abc import Callable
from typing import Any

from drf_spectacular.extensions import (
    OpenApiAuthenticationExtension,
    OpenApiSerializerFieldExtension,
)
from drf_spectacular.serializers import PolymorphicProxySerializerExtension
from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema_field
from rest_framework import serializers

from games.engine.betting import ActionKind
from games.engine.errors import ErrorCode
from games.engine.events import Event, event_types
from games.registry import GAMES as REGISTERED
from games.registry import game_for

ACTION_KINDS = tuple(kind.value for kind in ActionKind)

#: Every serializer here describes a JSON object, a dict (as the API's request serializers
#: check one): never a model instance.
ObjectSerializer = serializers.Serializer[dict[str, Any]]
#: A field of any kind (a serializer's fields are of several).
AnyField = serializers.Field[Any, Any, Any, Any]
#: The members of a union by their tag, as drf-spectacular's PolymorphicProxySerializer takes
#: them (serializers or their classes; these are all classes).
Members = dict[str, serializers.Serializer[Any] | type[serializers.Serializer[Any]]]


def tag(value: str) -> serializers.CharField:
    """The field that tags one member of a union (``game``, an event's ``type``): exactly
    ``value`` (a JSON Schema ``const``: each member of a union has its own)."""
    field_class: type[serializers.CharField]
    field_class = type(f"Tag{_component(value)}", (serializers.CharField,), {})
    return extend_schema_field({"type": "string", "const": value})(field_class)()


class GameName(serializers.CharField):
    """A registered game's name, checked against the registry when it is used (so a game added
    to the registry, a test's toy game too, is accepted and documented with no other change)."""

    default_error_messages = {"unknown": "Choose one of {games}."}

    def to_internal_value(self, data: Any) -> str:
        name = super().to_internal_value(data)
        if name not in REGISTERED:
            self.fail("unknown", games=", ".join(REGISTERED))
        return name


class GameNameScheme(OpenApiSerializerFieldExtension):
    target_class = "games.api.schemas.GameName"

    def map_serializer_field(self, auto_schema: Any, direction: str) -> dict[str, Any]:
        return {"type": "string", "enum": list(REGISTERED)}


class PlayerSessionScheme(OpenApiAuthenticationExtension):
    """The session cookie (guests and users alike); unsafe requests send ``X-CSRFToken``."""

    target_class = "games.authentication.PlayerSessionAuthentication"
    name = "playerSession"

    def get_security_definition(self, auto_schema: Any) -> dict[str, str]:
        return {"type": "apiKey", "in": "cookie", "name": "sessionid"}


# --- errors --------------------------------------------------------------------------------


class ErrorBody(ObjectSerializer):
    """Every refusal: a 4xx with a stable ``code``, its ``params`` and the English message."""

    code = serializers.ChoiceField(
        choices=[code.value for code in ErrorCode], help_text="A code of GET /api/errors/."
    )
    message = serializers.CharField(help_text="The English message: clients localise by code.")
    params = serializers.DictField(help_text="The code's params, as GET /api/errors/ names them.")


class ErrorSpec(ObjectSerializer):
    code = serializers.ChoiceField(choices=[code.value for code in ErrorCode])
    params = serializers.ListField(child=serializers.CharField())
    template = serializers.CharField(help_text="English, with {param} placeholders.")


# The refusals an operation on a match or an account can answer: its own, and those of any
# request (413 a body over the limit, 429 throttled, 503 the database unreachable).
REFUSALS: dict[int, type[ObjectSerializer]] = {
    status: ErrorBody for status in (400, 403, 404, 405, 409, 413, 415, 422, 429, 503)
}


# --- sessions and accounts -----------------------------------------------------------------


class PlayerSerializer(ObjectSerializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    guest = serializers.BooleanField()


class Session(ObjectSerializer):
    player = PlayerSerializer(allow_null=True)
    user = serializers.CharField(allow_null=True)
    language = serializers.CharField(
        allow_null=True,
        help_text="The account's language (an enabled catalog code), null for a guest or none.",
    )
    csrf_token = serializers.CharField()


class Account(ObjectSerializer):
    player = PlayerSerializer()
    user = serializers.CharField()


class AccountLanguage(ObjectSerializer):
    language = serializers.CharField(help_text="An enabled catalog code, e.g. de.")


# --- events --------------------------------------------------------------------------------


def _is_optional(annotation: Any) -> tuple[Any, bool]:
    """(the annotation without None, whether it allowed None)."""
    if isinstance(annotation, types.UnionType) or typing.get_origin(annotation) is typing.Union:
        members = [arg for arg in typing.get_args(annotation) if arg is not type(None)]
        optional = len(members) < len(typing.get_args(annotation))
        if len(members) == 1:
            return members[0], optional
        return members, optional
    return annotation, False


def _field_for(
    annotation: Any, name: str, *, nullable: bool = False, omitted: bool = False
) -> AnyField:
    """A serializer field for a dataclass field's type, as JSON carries it (``omitted``: the
    event leaves it out at its default, so it is not required)."""
    inner, optional = _is_optional(annotation)
    options: dict[str, Any] = {"allow_null": True} if (optional or nullable) else {}
    if omitted:
        options["required"] = False
    if isinstance(inner, list):  # a union of several types: leave it open
        return serializers.JSONField(**options)
    if inner is bool:
        return serializers.BooleanField(**options)
    if inner is int:
        return serializers.IntegerField(**options)
    if inner is float:
        return serializers.FloatField(**options)
    if inner is str:
        return serializers.CharField(**options)
    if isinstance(inner, type) and issubclass(inner, enum.Enum):
        return serializers.ChoiceField(choices=[member.value for member in inner], **options)
    if _is_record(inner):
        return _record_serializer(inner)(**options)
    origin = typing.get_origin(inner)
    if origin in (tuple, list, set, frozenset):
        args = [arg for arg in typing.get_args(inner) if arg is not Ellipsis]
        if origin is tuple and len(set(args)) > 1:
            return serializers.ListField(child=serializers.JSONField(), **options)
        child = _field_for(args[0], name) if args else serializers.JSONField()
        return serializers.ListField(child=child, **options)
    if origin is dict or inner is dict:
        return serializers.DictField(**options)
    if origin is typing.Literal:
        return serializers.ChoiceField(choices=list(typing.get_args(inner)), **options)
    return serializers.JSONField(**options)


def _is_record(annotation: Any) -> bool:
    """A dataclass or TypedDict nested in an event (e.g. a hand's rank)."""
    return isinstance(annotation, type) and (
        dataclasses.is_dataclass(annotation) or typing.is_typeddict(annotation)
    )


@functools.cache
def _record_serializer(cls: type) -> type[ObjectSerializer]:
    hints = typing.get_type_hints(cls)
    fields = {name: _field_for(hint, name) for name, hint in hints.items()}
    return type(cls.__name__, (ObjectSerializer,), {"__doc__": _described(cls), **fields})


def _placeholder(annotation: Any) -> Any:
    """A value of the annotated type that is never None, to see what a viewer may not see."""
    inner, _ = _is_optional(annotation)
    if isinstance(inner, list):
        inner = inner[0]
    if inner is bool:
        return True
    if inner in (int, float):
        return 1
    if inner is str:
        return "As"
    if isinstance(inner, type) and issubclass(inner, enum.Enum):
        return next(iter(inner))
    if _is_record(inner):
        return inner(
            **{name: _placeholder(hint) for name, hint in typing.get_type_hints(inner).items()}
        )
    origin = typing.get_origin(inner)
    if origin is tuple and typing.get_args(inner) and Ellipsis not in typing.get_args(inner):
        return tuple(_placeholder(arg) for arg in typing.get_args(inner))  # a pair, a triple
    if origin in (tuple, list, set, frozenset):
        args = [arg for arg in typing.get_args(inner) if arg is not Ellipsis]
        return origin([_placeholder(args[0])]) if args else origin()
    if origin is dict or inner is dict:
        return {}
    return None


def _hidden_fields(
    cls: type[Event], visible_record: Callable[[Event, int | None], Any]
) -> set[str]:
    """The payload fields a viewer may get as null: those a spectator is not shown."""
    hints = typing.get_type_hints(cls)
    sample = cls(**{f.name: _placeholder(hints[f.name]) for f in dataclasses.fields(cls)})
    payload = visible_record(sample, None)["payload"]
    return {name for name, value in payload.items() if value is None}


def _described(cls: type) -> str | None:
    """The class's own docstring (not the signature dataclasses make up without one)."""
    doc = (cls.__doc__ or "").strip()
    return None if not doc or doc.startswith(f"{cls.__name__}(") else doc


def _component(type_name: str) -> str:
    return "".join(part.capitalize() for part in type_name.replace(".", "_").split("_"))


def event_schemas() -> Members:
    """One serializer per event type of every game: ``{seq, created_at, type, version,
    payload}``, the payload's fields those of the event class (null where a viewer may not see
    them yet)."""
    return _event_schemas(tuple(REGISTERED))


@functools.cache
def _event_schemas(games: tuple[str, ...]) -> Members:
    """:func:`event_schemas` of the games registered now (a test registers a toy game)."""
    schemas: Members = {}
    for game in games:
        visible_record = game_for(game).visible_record
        for type_name, cls in sorted(event_types().items()):
            if not type_name.startswith(f"{game}."):
                continue
            hints = typing.get_type_hints(cls)
            hidden = _hidden_fields(cls, visible_record)
            payload = type(
                f"{_component(type_name)}Payload",
                (ObjectSerializer,),
                {
                    field.name: _field_for(
                        hints[field.name],
                        field.name,
                        nullable=field.name in hidden,
                        omitted=field.name in getattr(cls, "OMITTED_AT_DEFAULT", ()),
                    )
                    for field in dataclasses.fields(cls)
                },
            )
            schemas[type_name] = type(
                f"{_component(type_name)}Event",
                (ObjectSerializer,),
                {
                    "__doc__": _described(cls),
                    "seq": serializers.IntegerField(),
                    "created_at": serializers.DateTimeField(),
                    "type": tag(type_name),
                    "version": serializers.IntegerField(),
                    "payload": payload(),
                },
            )
    return schemas


class RegisteredUnion(PolymorphicProxySerializer):
    """A union over the games registered now. drf-spectacular keeps the first answer of a
    callable ``serializers``; this one asks again when the registry changed, so a game
    registered later (a test's toy game) is in the next schema whichever test drew it first."""

    _serializers: Any  # as drf-spectacular's own: the members, or what answers them
    _answered: tuple[tuple[str, ...], Any] | None  # (the registry, its members)

    @property
    def serializers(self) -> Any:
        # The same answer while the registry is the same (the schema generator matches the
        # members it found with those it maps).
        registry = tuple(REGISTERED)
        if self._answered is None or self._answered[0] != registry:
            found = self._serializers
            self._answered = (registry, found() if callable(found) else found)
        return self._answered[1]

    @serializers.setter
    def serializers(self, value: Any) -> None:
        self._serializers = value
        self._answered = None


class RegisteredUnionScheme(PolymorphicProxySerializerExtension):
    """drf-spectacular's own handling of a union, for :class:`RegisteredUnion` too."""

    target_class = "games.api.schemas.RegisteredUnion"


def _event_union(component_name: str) -> PolymorphicProxySerializer:
    return RegisteredUnion(
        component_name=component_name,
        serializers=lambda: event_schemas(),
        resource_type_field_name="type",
        many=False,
    )


@extend_schema_field(_event_union("Event"))
class EventField(serializers.JSONField):
    """One event as the player may see it, tagged by ``type``."""


class Feed(ObjectSerializer):
    seq = serializers.IntegerField(help_text="Read on with ?after=seq.")
    events = serializers.ListField(child=EventField())
    status = serializers.ChoiceField(choices=["active", "finished"])
    awaiting_ai = serializers.BooleanField(
        help_text=(
            "An AI is to act at the seq the match was read at: its moves will follow without "
            "the owner, so read the feed again (not the match) until this is false."
        )
    )


# --- matches -------------------------------------------------------------------------------


class SeatPersona(ObjectSerializer):
    seat = serializers.IntegerField()
    name = serializers.CharField(allow_null=True, help_text="None for the human.")
    gender = serializers.ChoiceField(
        choices=["female", "male"],
        allow_null=True,
        help_text="The name's grammatical gender, which the narration's verbs and adjectives "
        "agree with (Arabic); None for the human and for bots named by their spec.",
    )
    level = serializers.CharField(help_text="human, a level, or another bot's spec.")
    # A field, not DRF's Field.style: DRF's serializer class takes its declared fields off
    # the class, which djangorestframework-stubs cannot say.
    style = serializers.CharField(allow_null=True)  # type: ignore[assignment]
    style_label = serializers.CharField(allow_null=True)


class MatchSummary(ObjectSerializer):
    id = serializers.UUIDField()
    game = GameName()
    level = serializers.CharField()
    status = serializers.ChoiceField(choices=["active", "finished"])
    seq = serializers.IntegerField()
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()


class MatchList(ObjectSerializer):
    matches = MatchSummary(many=True)


def _view_union() -> PolymorphicProxySerializer:
    def views() -> Members:
        from games.api.tables import views

        return views()

    return RegisteredUnion(
        component_name="View",
        serializers=views,
        resource_type_field_name="game",
        many=False,
    )


@extend_schema_field(_view_union())
class ViewField(serializers.JSONField):
    """The human seat's view of the table: one shape per game, tagged by ``game``."""


class MatchBody(ObjectSerializer):
    id = serializers.UUIDField()
    game = GameName()
    level = serializers.CharField()
    status = serializers.ChoiceField(choices=["active", "finished"])
    watching = serializers.BooleanField()
    seq = serializers.IntegerField(help_text="The last event's seq: send it as expected_seq.")
    players = SeatPersona(many=True)
    view = ViewField()


class MatchOpening(MatchBody):
    recent_seq = serializers.IntegerField(
        help_text="Where the table's recent events start: the first seq of the hand before the "
        "one in play (of the hand in play if it is the first). Read the feed with "
        "?after=recent_seq-1 for what the table shows beyond the view: the last hand's result "
        "(until the next hand's first action) and the action log."
    )


class CommandResult(MatchBody):
    events = serializers.ListField(child=EventField(), help_text="The events the command added.")


# --- hands ---------------------------------------------------------------------------------


class HandForYou(ObjectSerializer):
    seat = serializers.IntegerField()
    cards = serializers.ListField(
        child=serializers.CharField(),
        help_text="Hold'em: your hole cards; Up & Down: the card you locked.",
    )
    net = serializers.IntegerField(help_text="Chips won (or lost, below 0) in the hand.")


class HandSummary(ObjectSerializer):
    """One hand (a Hold'em hand, an Up & Down deal): what every game has, and in ``detail``
    what only this one has. ``first_seq``..``last_seq`` are exactly the events its replay
    shows (the eliminations and the end of the match it caused included)."""

    hand_number = serializers.IntegerField()
    segment = serializers.IntegerField()
    pot_total = serializers.IntegerField()
    winners = serializers.ListField(child=serializers.IntegerField())
    showdown = serializers.BooleanField()
    finished = serializers.BooleanField()
    abandoned = serializers.BooleanField()
    first_seq = serializers.IntegerField()
    last_seq = serializers.IntegerField()
    detail = serializers.DictField(
        help_text="The game's own: Hold'em's button and board; Up & Down's starter, locked "
        "cards and outcome."
    )
    you = HandForYou(help_text="The hand from the owner's seat.")
    pot = serializers.IntegerField(help_text="Chips paid out, every pot together.")
    all_in = serializers.BooleanField(help_text="Someone had nothing behind.")
    result = serializers.ChoiceField(
        choices=["won", "lost", "split", "folded", "watched"],
        help_text="watched: a hand dealt after the owner was knocked out.",
    )
    stacks_after = serializers.ListField(
        child=serializers.IntegerField(), help_text="By seat; empty while the hand is open."
    )
    eliminated = serializers.ListField(
        child=serializers.IntegerField(), help_text="Seats this hand knocked out."
    )


class HandList(ObjectSerializer):
    hands = HandSummary(many=True)


class ShuffleProof(ObjectSerializer):
    shuffle = serializers.IntegerField()
    commitment = serializers.CharField()
    seed = serializers.CharField(allow_null=True)
    pile = serializers.ListField(child=serializers.CharField(), allow_null=True)


class DealtHole(ObjectSerializer):
    seat = serializers.IntegerField()
    cards = serializers.ListField(child=serializers.CharField())


class DealtBurn(ObjectSerializer):
    street = serializers.CharField()
    card = serializers.CharField()


class HoldemDealt(ObjectSerializer):
    """Every card a finished Hold'em hand dealt and burned, as stored (public with its seed)."""

    holes = DealtHole(many=True)
    burned = DealtBurn(many=True)


class ImportedSource(ObjectSerializer):
    """Where an imported hand comes from (``games.imports.source_body``); amounts in its
    events are minor units, ``scale`` of them per ``unit``."""

    room = serializers.CharField()
    hand_id = serializers.CharField()
    played_at = serializers.DateTimeField(allow_null=True)
    table = serializers.CharField()
    unit = serializers.CharField()
    scale = serializers.IntegerField()
    file_name = serializers.CharField()
    line = serializers.IntegerField()
    players = serializers.ListField(child=serializers.CharField())
    hero = serializers.IntegerField(allow_null=True)


class Replay(ObjectSerializer):
    hand_number = serializers.IntegerField()
    events = serializers.ListField(child=EventField())
    commitment = serializers.CharField(required=False, allow_null=True)
    seed = serializers.CharField(required=False, allow_null=True)
    dealt = HoldemDealt(required=False, allow_null=True)
    shuffles = ShuffleProof(many=True, required=False)
    # The API's field is "source"; the serializer's metaclass takes declared fields out of the
    # class, so DRF's Field.source attribute it shadows for mypy is never touched.
    source = ImportedSource(  # type: ignore[assignment]
        required=False, help_text="An imported hand's origin (only an imported hand has one)."
    )


# --- statistics (GET /api/stats/) -----------------------------------------------------------


def _rate(help_text: str) -> serializers.FloatField:
    return serializers.FloatField(allow_null=True, help_text=f"{help_text} (0..1; null: none).")


class HoldemStats(ObjectSerializer):
    level = serializers.CharField()
    hands = serializers.IntegerField()
    matches = serializers.IntegerField()
    vpip = _rate("Hands you put chips in voluntarily before the flop")
    pfr = _rate("Hands you raised before the flop")
    three_bet = _rate("Re-raises of the first raise, of the times you faced it")
    aggression = serializers.FloatField(
        allow_null=True, help_text="Bets and raises after the flop per call (null: no call)."
    )
    went_to_showdown = _rate("Showdowns of the hands you saw the flop in")
    won_at_showdown = _rate("Showdowns won")
    bb_per_100 = serializers.FloatField(
        help_text="Big blinds won per 100 hands, each hand in its own big blind (blinds rise)."
    )
    bb_ci95 = serializers.ListField(
        child=serializers.FloatField(),
        min_length=2,
        max_length=2,
        help_text="95% interval of big blinds per 100 hands.",
    )
    chips_per_100 = serializers.FloatField()
    ci95 = serializers.ListField(
        child=serializers.FloatField(),
        min_length=2,
        max_length=2,
        help_text="95% interval of chips per 100 hands.",
    )


class LockCounts(ObjectSerializer):
    UP = serializers.IntegerField()
    DOWN = serializers.IntegerField()


class LocksBySignal(ObjectSerializer):
    """Keyed by how many UP cards the opponent's signal showed."""

    def get_fields(self) -> dict[str, AnyField]:
        return {str(signal): LockCounts() for signal in (0, 1, 2)}


class UpDownStats(ObjectSerializer):
    level = serializers.CharField()
    deals = serializers.IntegerField()
    matches = serializers.IntegerField()
    match_wins = serializers.IntegerField()
    fold_rate = _rate("Deals you folded")
    chips_per_deal = serializers.FloatField()
    locks = LocksBySignal(help_text="The group of the card you locked, by the opponent's signal.")


class Stats(ObjectSerializer):
    holdem = HoldemStats(many=True)
    updown = UpDownStats(many=True)


# --- a hand's analysis (GET /api/matches/{id}/hands/{n}/analysis/) ----------------------------


class AnalysisPending(ObjectSerializer):
    status = serializers.ChoiceField(choices=["pending"])


class StreetEquity(ObjectSerializer):
    street = serializers.ChoiceField(choices=["preflop", "flop", "turn", "river"])
    method = serializers.ChoiceField(
        choices=["exact", "monte_carlo", "unknown"],
        help_text="unknown (an imported hand): a hand still in is not told; no figures.",
    )
    samples = serializers.IntegerField(
        allow_null=True, help_text="Random boards drawn (monte_carlo); null otherwise."
    )
    equity = serializers.DictField(
        child=serializers.FloatField(),
        help_text="Each seat still in: its pot share (0..1); empty when unknown.",
    )
    unknown = serializers.ListField(
        child=serializers.IntegerField(),
        required=False,
        help_text="An imported hand's: the seats still in whose hands its history does not tell.",
    )


class ReviewedAction(ObjectSerializer):
    kind = serializers.ChoiceField(choices=["fold", "check", "call", "bet", "raise"])
    amount = serializers.IntegerField(
        allow_null=True, help_text="A call: the chips it adds; a bet or raise: the total."
    )


class Decision(ObjectSerializer):
    seq = serializers.IntegerField()
    street = serializers.ChoiceField(choices=["preflop", "flop", "turn", "river"])
    equity = serializers.FloatField()
    pot_odds = serializers.FloatField()
    yours = ReviewedAction()
    hard = ReviewedAction(help_text="What the hard AI would have done in your seat.")
    ev_yours = serializers.FloatField()
    ev_hard = serializers.FloatField()
    cost = serializers.FloatField(help_text="Chips your choice gave up against the hard AI's.")
    unseen = serializers.ListField(
        child=serializers.IntegerField(),
        required=False,
        help_text=(
            "An imported hand's: the seats still in whose hands its history does not tell, "
            "dealt at random for the equity (then a sampled estimate)."
        ),
    )


class Analysis(ObjectSerializer):
    status = serializers.ChoiceField(choices=["ready"])
    streets = StreetEquity(many=True)
    decisions = Decision(many=True)
    costly = serializers.ListField(
        child=serializers.IntegerField(), help_text="Seqs of the costly decisions."
    )
    unreviewed = serializers.ChoiceField(
        choices=["no_hero", "hero_cards_unknown"],
        allow_null=True,
        required=False,
        help_text=(
            "An imported hand's: why none of its decisions is reviewed (its history names no "
            "hero, or does not tell the hero's cards); null when they are."
        ),
    )


# --- shared hands ----------------------------------------------------------------------------


class Share(ObjectSerializer):
    token = serializers.CharField(help_text="The link's secret: /shared/<token> opens it.")
    match_id = serializers.UUIDField()
    game = GameName()
    hand_number = serializers.IntegerField()
    show_owner_name = serializers.BooleanField()
    created_at = serializers.DateTimeField()


class ShareList(ObjectSerializer):
    shares = Share(many=True)


class SharePreview(ObjectSerializer):
    hands = serializers.ListField(
        child=serializers.ListField(child=serializers.CharField()),
        help_text="The owner's cards first, then every hand shown by the end.",
    )
    ending = serializers.CharField(
        help_text="showdown, no_showdown, or all_in_<street> (the street of the first all-in)."
    )
    pot = serializers.IntegerField(help_text="Chips the pots paid.")


class SharedHand(ObjectSerializer):
    """A shared hand exactly as its owner's replay showed it when the hand ended."""

    game = GameName()
    hand_number = serializers.IntegerField()
    owner = serializers.CharField(allow_null=True, help_text="Only if the owner chose to show it.")
    players = SeatPersona(many=True)
    view = ViewField(help_text="The owner's seat's view at the hand's last event.")
    replay = Replay()
    preview = SharePreview()
