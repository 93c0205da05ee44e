"""Events: small frozen, typed, versioned, JSON-serialisable records of what happened.

Each event class declares ``TYPE`` (a stable name such as ``"holdem.raised"``) and ``VERSION``.
:func:`to_record` turns an event into ``{"type", "version", "payload"}`` for storage and
:func:`from_record` turns it back.

Changing an event's schema later — upcasting
--------------------------------------------
Stored events are never rewritten. To change a schema, bump the class's ``VERSION``, change its
fields, and register an upcaster that turns a payload of the previous version into the next::

    @upcaster("holdem.pot_awarded", from_version=1)
    def _add_odd_chips(payload: dict) -> dict:
        return {**payload, "odd_chips": []}

:func:`from_record` applies the chain of upcasters from the stored version up to the current one,
so code only ever sees current events.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, ClassVar, Protocol, Self

Payload = dict[str, Any]
Upcaster = Callable[[Payload], Payload]
Emit = Callable[["Event"], None]


@dataclasses.dataclass(frozen=True, slots=True)
class Event:
    """Base of every event; subclasses are frozen dataclasses registered with :func:`event`."""

    TYPE: ClassVar[str] = ""
    VERSION: ClassVar[int] = 1
    # Fields added for a new use whose default changes nothing: left out of the record at that
    # default, so the records of the older use stay byte for byte what they were.
    OMITTED_AT_DEFAULT: ClassVar[frozenset[str]] = frozenset()

    def payload(self) -> Payload:
        build = _PAYLOAD_BUILDERS.get(type(self)) or _payload_builder(type(self))
        return build(self)


# Per class, once: dataclasses.fields() filters every field anew on each call, and a bot reading
# its opponents' recent hands asks for thousands of payloads per decision.
_FIELD_NAMES: dict[type[Event], tuple[str, ...]] = {}


def _field_names(cls: type[Event]) -> tuple[str, ...]:
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = tuple(field.name for field in dataclasses.fields(cls))
    return names


_OMITTED_DEFAULTS: dict[type[Event], dict[str, object]] = {}


def _omitted_defaults(cls: type[Event]) -> dict[str, object]:
    defaults = _OMITTED_DEFAULTS.get(cls)
    if defaults is None:
        defaults = _OMITTED_DEFAULTS[cls] = {
            field.name: field.default
            for field in dataclasses.fields(cls)
            if field.name in cls.OMITTED_AT_DEFAULT
        }
    return defaults


# Per class, once: a function reading the fields straight into a dict display, as the dataclass
# machinery writes each class's ``__init__``. A loop over the field names costs about three
# times as much, and an import (every event of every hand) or a bot reading its opponents'
# recent hands asks for payloads by the thousand.
_PAYLOAD_BUILDERS: dict[type[Event], Callable[[Event], Payload]] = {}


def _payload_builder(cls: type[Event]) -> Callable[[Event], Payload]:
    # The names are a dataclass's fields, so identifiers: the text is code of our own.
    display = ", ".join(f"{name!r}: item.{name}" for name in _field_names(cls))
    every_field: Callable[[Event], Payload] = eval(f"lambda item: {{{display}}}", {})
    omitted = _omitted_defaults(cls)
    build = every_field if not omitted else _omitting(every_field, omitted)
    _PAYLOAD_BUILDERS[cls] = build
    return build


def _omitting(
    every_field: Callable[[Event], Payload], omitted: dict[str, object]
) -> Callable[[Event], Payload]:
    """``every_field``'s record without the fields at their omitted default."""

    def build(item: Event) -> Payload:
        record = every_field(item)
        for name, default in omitted.items():
            if record[name] == default:
                del record[name]
        return record

    return build


_EVENT_TYPES: dict[str, type[Event]] = {}
_UPCASTERS: dict[tuple[str, int], Upcaster] = {}


def event[E: type[Event]](type_name: str, version: int = 1) -> Callable[[E], E]:
    """Class decorator: give an event class its stable type name and version, and register it."""

    def register(cls: E) -> E:
        if type_name in _EVENT_TYPES:
            raise ValueError(f"event type {type_name!r} is registered twice")
        cls.TYPE = type_name
        cls.VERSION = version
        _EVENT_TYPES[type_name] = cls
        return cls

    return register


def upcaster(type_name: str, *, from_version: int) -> Callable[[Upcaster], Upcaster]:
    """Register how a payload of ``from_version`` becomes one of ``from_version + 1``."""

    def register(function: Upcaster) -> Upcaster:
        _UPCASTERS[(type_name, from_version)] = function
        return function

    return register


def to_record(item: Event) -> dict[str, Any]:
    # Event.payload's builder called here directly: a call fewer for each event stored.
    build = _PAYLOAD_BUILDERS.get(type(item)) or _payload_builder(type(item))
    return {"type": item.TYPE, "version": item.VERSION, "payload": build(item)}


def upcast(type_name: str, version: int, payload: Payload) -> Payload:
    """The payload brought from ``version`` to the event class's current version."""
    current = event_class(type_name).VERSION
    if version > current:
        raise ValueError(f"{type_name} v{version} is newer than this code (v{current})")
    while version < current:
        payload = _UPCASTERS[(type_name, version)](payload)
        version += 1
    return payload


def from_record(type_name: str, version: int, payload: Payload) -> Event:
    cls = event_class(type_name)
    current = upcast(type_name, version, dict(payload))
    # JSON has no tuples: give sequences back the immutable form events are built with.
    return cls(
        **{
            key: tuple(value) if isinstance(value, list) else value
            for key, value in current.items()
        }
    )


def event_types() -> Mapping[str, type[Event]]:
    """Every registered event class by its type name (read-only), e.g. for the API's schema."""
    return MappingProxyType(_EVENT_TYPES)


def event_class(type_name: str) -> type[Event]:
    try:
        return _EVENT_TYPES[type_name]
    except KeyError:
        raise ValueError(f"unknown event type {type_name!r}") from None


# --- the kinds of event every game has --------------------------------------------------------


@dataclasses.dataclass(frozen=True, slots=True)
class SegmentStart(Event):
    """An event that starts a match segment (the match's start, a restart): it belongs to no
    hand."""


@dataclasses.dataclass(frozen=True, slots=True)
class MatchStart(SegmentStart):
    """The event that starts a match: its fields are the table, exactly as the game's start
    command sets it (so an audit asks for the same table again)."""


@dataclasses.dataclass(frozen=True, slots=True)
class HandOpening(Event):
    """The event that opens a hand (a Hold'em hand, an Up & Down deal)."""

    @property
    def number(self) -> int:
        """The hand's number in the match (numbers run on through restarts)."""
        raise NotImplementedError


@dataclasses.dataclass(frozen=True, slots=True)
class HandClosing(Event):
    """An event that ends a hand, finished or abandoned by a restart."""


# --- the events every game's match has -----------------------------------------------------


@dataclasses.dataclass(frozen=True, slots=True)
class MatchRestarted(SegmentStart):
    """A new match segment: every seat back in with its starting stack; history stays."""

    segment: int
    stacks: tuple[int, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class MatchEnded(Event):
    """One player holds every chip: the match is over."""

    winner: int


def match_events(game: str, module: str) -> tuple[type[MatchRestarted], type[MatchEnded]]:
    """Register the shared match events under ``game``'s type names (``f"{game}.match_ended"``)."""
    return (
        registered_subclass(MatchRestarted, f"{game}.match_restarted", module),
        registered_subclass(MatchEnded, f"{game}.match_ended", module),
    )


def registered_subclass[E: Event](base: type[E], type_name: str, module: str) -> type[E]:
    """A subclass of the shared event class ``base`` registered as ``type_name``, living in the
    game's events ``module`` (so its repr and pickled name are the game's)."""
    cls = type(base.__name__, (base,), {"__slots__": (), "__module__": module})
    cls.__qualname__ = base.__name__
    cls.__doc__ = base.__doc__
    return event(type_name)(cls)


# --- deciding: a command becomes events ----------------------------------------------------


class Copyable(Protocol):
    def copy(self) -> Self: ...


def run_command[S: Copyable](
    state: S, apply: Callable[[S, Event], None], decide: Callable[[S, Emit], None]
) -> tuple[S, list[Event]]:
    """Let ``decide(work, emit)`` produce events on a copy of ``state``: each emitted event is
    folded into the copy at once (so the decision reads the state it made) and collected.
    Returns the copy and the events; ``state`` itself never changes."""
    work = state.copy()
    produced: list[Event] = []

    def emit(item: Event) -> None:
        apply(work, item)
        produced.append(item)

    decide(work, emit)
    return work, produced
