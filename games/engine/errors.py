"""The error catalog: every code a client can be refused with, its params and English template.

One code has one meaning. The engine refuses a command with :func:`refuse` (an
:class:`IllegalAction`, HTTP 422); the Django layer subclasses :class:`Refusal` with an HTTP
status for its own codes (``games.errors``). Both render their English message from the catalog
here, so ``GET /api/errors/`` can serve every code with its params and template, and every
language can translate it by ``code`` (``error.<code>`` in the translation catalog).

Templates are English with ``{param}`` placeholders (``str.format``); a param that is a list is
given whole. Codes and param names never change once published: clients localise by them.

>>> refusal = refuse(ErrorCode.AMOUNT_BELOW_MINIMUM, minimum=40)
>>> refusal.code, refusal.params
(<ErrorCode.AMOUNT_BELOW_MINIMUM: 'amount_below_minimum'>, {'minimum': 40})
>>> refusal.message
'The bet must be to at least 40.'
>>> refusal.as_dict()["code"] == "amount_below_minimum"
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType
from typing import Any


class ErrorCode(StrEnum):
    """Every code the API can answer a refusal with: the rules' (422) and the Django layer's."""

    # --- the rules: a turn or a betting action that is not allowed now (HTTP 422) ---
    NOT_YOUR_TURN = "not_your_turn"
    UNKNOWN_ACTION = "unknown_action"
    NOTHING_TO_FOLD = "nothing_to_fold"
    CANNOT_CHECK = "cannot_check"
    NOTHING_TO_CALL = "nothing_to_call"
    CANNOT_BET = "cannot_bet"
    CANNOT_RAISE = "cannot_raise"
    AMOUNT_REQUIRED = "amount_required"
    AMOUNT_ABOVE_STACK = "amount_above_stack"
    AMOUNT_BELOW_MINIMUM = "amount_below_minimum"
    NOT_ENOUGH_CHIPS_TO_RAISE = "not_enough_chips_to_raise"
    NO_ONE_CAN_RESPOND = "no_one_can_respond"
    RAISE_NOT_REOPENED = "raise_not_reopened"
    OPPONENT_ALL_IN = "opponent_all_in"
    # --- the rules: the match, the hand or the deal is not where the command needs it ---
    MATCH_OVER = "match_over"
    NO_MATCH = "no_match"
    MATCH_ALREADY_STARTED = "match_already_started"
    NO_HAND_IN_PROGRESS = "no_hand_in_progress"
    HAND_IN_PROGRESS = "hand_in_progress"
    NO_DEAL_IN_PROGRESS = "no_deal_in_progress"
    DEAL_IN_PROGRESS = "deal_in_progress"
    STILL_IN_MATCH = "still_in_match"
    UNKNOWN_COMMAND = "unknown_command"
    # --- Up & Down locking ---
    NOT_LOCKING_PHASE = "not_locking_phase"
    ALREADY_LOCKED = "already_locked"
    UNKNOWN_CARD = "unknown_card"
    LOCK_FIRST = "lock_first"
    # --- the house's commands: tables, seeds, decks and shoes ---
    INVALID_TABLE = "invalid_table"
    INVALID_BLINDS = "invalid_blinds"
    INVALID_BUTTON = "invalid_button"
    INVALID_ANTE = "invalid_ante"
    INVALID_STARTER = "invalid_starter"
    INVALID_SEED = "invalid_seed"
    SEED_REQUIRED = "seed_required"
    INVALID_DECK = "invalid_deck"
    INVALID_SHOE = "invalid_shoe"
    NO_SHUFFLE_DUE = "no_shuffle_due"
    # --- the AI ---
    NO_SAFE_MOVE = "no_safe_move"
    # --- imported hand histories: a hand refused (its line and these), or a whole file ---
    NOT_A_HAND_HISTORY = "not_a_hand_history"
    IMPORT_TOO_LARGE = "import_too_large"
    COMPRESSED_BOMB = "compressed_bomb"
    IMPORT_FAILED = "import_failed"
    UNSUPPORTED_GAME = "unsupported_game"
    MALFORMED_LINE = "malformed_line"
    MISSING_FIELD = "missing_field"
    TOO_MANY_PLAYERS = "too_many_players"
    UNKNOWN_PLAYER = "unknown_player"
    INVALID_CARD = "invalid_card"
    CARD_DEALT_TWICE = "card_dealt_twice"
    AMOUNT_NOT_EXACT = "amount_not_exact"
    ACTION_OUT_OF_TURN = "action_out_of_turn"
    ACTION_ABOVE_STACK = "action_above_stack"
    IMPOSSIBLE_ACTION = "impossible_action"
    SHOWDOWN_CARDS_UNKNOWN = "showdown_cards_unknown"
    SETTLEMENT_MISMATCH = "settlement_mismatch"
    HAND_TRUNCATED = "hand_truncated"
    # --- the store and the API (games.errors, games.api_errors) ---
    STALE_SEQ = "stale_seq"
    NOT_FOUND = "not_found"
    HAND_NOT_FOUND = "hand_not_found"
    HAND_NOT_FINISHED = "hand_not_finished"
    EXPORT_FORMAT_UNKNOWN = "export_format_unknown"
    ANALYSIS_UNAVAILABLE = "analysis_unavailable"
    IDEMPOTENCY_KEY_REUSED = "idempotency_key_reused"
    INVALID_IDEMPOTENCY_KEY = "invalid_idempotency_key"
    INVALID_USERNAME = "invalid_username"
    USERNAME_TAKEN = "username_taken"
    WEAK_PASSWORD = "weak_password"
    INVALID_CREDENTIALS = "invalid_credentials"
    LANGUAGE_UNAVAILABLE = "language_unavailable"
    REQUEST_TOO_LARGE = "request_too_large"
    # --- what Django REST framework refuses before a view runs ---
    INVALID = "invalid"
    CSRF_FAILED = "csrf_failed"
    METHOD_NOT_ALLOWED = "method_not_allowed"
    PARSE_ERROR = "parse_error"
    AUTHENTICATION_FAILED = "authentication_failed"
    NOT_AUTHENTICATED = "not_authenticated"
    PERMISSION_DENIED = "permission_denied"
    NOT_ACCEPTABLE = "not_acceptable"
    UNSUPPORTED_MEDIA_TYPE = "unsupported_media_type"
    THROTTLED = "throttled"
    SERVICE_UNAVAILABLE = "service_unavailable"
    ERROR = "error"


@dataclass(frozen=True, slots=True)
class ErrorSpec:
    """A code's params (names, in a stable order) and its English template."""

    params: tuple[str, ...]
    template: str


def _spec(template: str, *params: str) -> ErrorSpec:
    return ErrorSpec(params=params, template=template)


_C = ErrorCode
ERRORS: Mapping[ErrorCode, ErrorSpec] = MappingProxyType(
    {
        _C.NOT_YOUR_TURN: _spec("It is not your turn: seat {to_act} acts.", "seat", "to_act"),
        _C.UNKNOWN_ACTION: _spec(
            "Unknown action {action}: choose one of {allowed}.", "action", "allowed"
        ),
        _C.NOTHING_TO_FOLD: _spec("You owe nothing: check instead of folding."),
        _C.CANNOT_CHECK: _spec("You owe {to_call}: call, raise or fold.", "to_call"),
        _C.NOTHING_TO_CALL: _spec("There is no bet to call: check instead."),
        _C.CANNOT_BET: _spec("There is a bet already: call, raise or fold."),
        _C.CANNOT_RAISE: _spec("There is no bet to raise: bet instead."),
        _C.AMOUNT_REQUIRED: _spec(
            "Give the total to bet this round, from {minimum} to {maximum} chips.",
            "minimum",
            "maximum",
        ),
        _C.AMOUNT_ABOVE_STACK: _spec("You can bet at most {maximum} this round.", "maximum"),
        _C.AMOUNT_BELOW_MINIMUM: _spec("The bet must be to at least {minimum}.", "minimum"),
        _C.NOT_ENOUGH_CHIPS_TO_RAISE: _spec("Your stack of {stack} only covers a call.", "stack"),
        _C.NO_ONE_CAN_RESPOND: _spec("Everyone else is all-in: you may only call or fold."),
        _C.RAISE_NOT_REOPENED: _spec(
            "A short all-in did not reopen raising: you may only call or fold."
        ),
        _C.OPPONENT_ALL_IN: _spec("Your opponent is all-in: you may only call or fold."),
        _C.MATCH_OVER: _spec("The match is over."),
        _C.NO_MATCH: _spec("There is no match yet."),
        _C.MATCH_ALREADY_STARTED: _spec("This match has already started."),
        _C.NO_HAND_IN_PROGRESS: _spec("No hand is waiting for an action."),
        _C.HAND_IN_PROGRESS: _spec("A hand is already being played."),
        _C.NO_DEAL_IN_PROGRESS: _spec("No deal is waiting for a player."),
        _C.DEAL_IN_PROGRESS: _spec("A deal is already being played."),
        _C.STILL_IN_MATCH: _spec("You are still in the match: play on, or restart."),
        _C.UNKNOWN_COMMAND: _spec("Unknown command {command}.", "command"),
        _C.NOT_LOCKING_PHASE: _spec("Both cards are locked: it is time to bet."),
        _C.ALREADY_LOCKED: _spec("Your locked card cannot be changed."),
        _C.UNKNOWN_CARD: _spec(
            "{card} is not one of your cards: lock one of {allowed}.", "card", "allowed"
        ),
        _C.LOCK_FIRST: _spec("Lock one of your cards first: betting starts after."),
        _C.INVALID_TABLE: _spec(
            "A table has {minimum} to {maximum} seats, each with chips.", "minimum", "maximum"
        ),
        _C.INVALID_BLINDS: _spec("Blinds must satisfy 0 <= small <= big, big > 0."),
        _C.INVALID_BUTTON: _spec("The button must be on a seat of the table."),
        _C.INVALID_ANTE: _spec("The ante is a whole number of chips, 0 or more."),
        _C.INVALID_STARTER: _spec("The first starter must be seat 0 or 1."),
        _C.INVALID_SEED: _spec("A seed is {size} bytes.", "size"),
        _C.SEED_REQUIRED: _spec("The dealer must shuffle: start the deal with a fresh seed."),
        _C.INVALID_DECK: _spec("A deck is the 52 distinct standard cards."),
        _C.INVALID_SHOE: _spec(
            "A stacked shoe must hold exactly the {size} cards to be shuffled.", "size"
        ),
        _C.NO_SHUFFLE_DUE: _spec("There are cards left to draw: no shuffle is due."),
        _C.NO_SAFE_MOVE: _spec("No safe move for seat {seat}.", "seat"),
        _C.NOT_A_HAND_HISTORY: _spec(
            "{file_name} is not a hand history: PHH, PHHS or PokerStars text.", "file_name"
        ),
        # ``maximum``: bytes, of the file as uploaded or once uncompressed.
        _C.IMPORT_TOO_LARGE: _spec("The file is too large: at most {maximum} bytes.", "maximum"),
        _C.COMPRESSED_BOMB: _spec(
            "The compressed file grows more than {ratio} times (or past {maximum} bytes): refused.",
            "ratio",
            "maximum",
        ),
        _C.IMPORT_FAILED: _spec("The import stopped: nothing more was stored."),
        _C.UNSUPPORTED_GAME: _spec(
            "{game} is not no-limit Texas hold'em: only that game is imported.", "game"
        ),
        # ``text``: the line as the file has it (cut to 80 characters).
        _C.MALFORMED_LINE: _spec("This line cannot be read: “{text}”.", "text"),
        _C.MISSING_FIELD: _spec("The hand has no {field}.", "field"),
        _C.TOO_MANY_PLAYERS: _spec(
            "{count} players: a table seats {minimum} to {maximum}.", "count", "minimum", "maximum"
        ),
        _C.UNKNOWN_PLAYER: _spec("{player} is not seated at this table.", "player"),
        _C.INVALID_CARD: _spec("{card} is not a card.", "card"),
        _C.CARD_DEALT_TWICE: _spec("The card {card} is dealt twice.", "card"),
        # ``amount``: the file's text; ``unit``: chips or a currency code.
        _C.AMOUNT_NOT_EXACT: _spec(
            "{amount} is not a whole number of the table's smallest unit ({unit}).",
            "amount",
            "unit",
        ),
        _C.ACTION_OUT_OF_TURN: _spec(
            "{player} acts before {to_act}, whose move it is.", "player", "to_act"
        ),
        _C.ACTION_ABOVE_STACK: _spec(
            "{player} puts in more than their stack ({stack}).", "player", "stack"
        ),
        # ``rule``: the code the rules refuse the action with (e.g. amount_below_minimum).
        _C.IMPOSSIBLE_ACTION: _spec(
            "{player}'s action {action} is impossible here ({rule}).", "player", "action", "rule"
        ),
        _C.SHOWDOWN_CARDS_UNKNOWN: _spec(
            "The hand reaches a showdown but no cards of {players} are known: the pot cannot be "
            "settled.",
            "players",
        ),
        # ``expected``/``found``: minor units, what the history paid the player and what the
        # rules pay.
        _C.SETTLEMENT_MISMATCH: _spec(
            "The history pays {player} {expected} but the rules pay {found}.",
            "player",
            "expected",
            "found",
        ),
        _C.HAND_TRUNCATED: _spec("The hand stops before its summary: the file is cut short."),
        _C.STALE_SEQ: _spec(
            "The match has moved on: it is at event {current_seq}, not {expected_seq}.",
            "expected_seq",
            "current_seq",
        ),
        _C.NOT_FOUND: _spec("Not found."),
        _C.HAND_NOT_FOUND: _spec("No hand {hand_number} in this match.", "hand_number"),
        _C.EXPORT_FORMAT_UNKNOWN: _spec(
            "No export as {format}: choose one of {allowed}.", "format", "allowed"
        ),
        _C.ANALYSIS_UNAVAILABLE: _spec(
            "Hand {hand_number} has no analysis: only finished Hold'em hands are analysed.",
            "hand_number",
        ),
        _C.HAND_NOT_FINISHED: _spec(
            "Hand {hand_number} is not over yet: its replay opens when it ends.", "hand_number"
        ),
        _C.IDEMPOTENCY_KEY_REUSED: _spec(
            "This Idempotency-Key was already used for a different request.", "key"
        ),
        _C.INVALID_IDEMPOTENCY_KEY: _spec(
            "An Idempotency-Key has at most {maximum} characters.", "maximum"
        ),
        _C.INVALID_USERNAME: _spec(
            "A username has at most {maximum} letters, digits and @ . + - _ characters.",
            "maximum",
        ),
        _C.USERNAME_TAKEN: _spec("The username {username} is taken.", "username"),
        # ``problems``: Django's password validator codes, e.g. ["password_too_short"];
        # ``min_length``: the shortest password accepted, so the message can say the rule.
        _C.WEAK_PASSWORD: _spec(
            "Choose a stronger password: at least {min_length} characters, not only digits, "
            "not a common password and not like your username.",
            "problems",
            "min_length",
        ),
        _C.INVALID_CREDENTIALS: _spec("Wrong username or password."),
        # ``language``: the code asked for, which is not an enabled language of the catalog.
        _C.LANGUAGE_UNAVAILABLE: _spec(
            "The language {language} is not available here.", "language"
        ),
        # ``maximum``: bytes. Every API body is a few hundred bytes; far bigger is refused unread.
        _C.REQUEST_TOO_LARGE: _spec(
            "The request body is too large: at most {maximum} bytes.", "maximum"
        ),
        # ``fields``: each invalid field with DRF's messages for it.
        _C.INVALID: _spec("Some fields are missing or invalid.", "fields"),
        _C.CSRF_FAILED: _spec(
            "The CSRF token is missing or wrong: send the one GET /api/session/ gives."
        ),
        _C.METHOD_NOT_ALLOWED: _spec("Method {method} is not allowed here.", "method"),
        _C.PARSE_ERROR: _spec("The request body is not valid JSON."),
        _C.AUTHENTICATION_FAILED: _spec("Authentication failed."),
        _C.NOT_AUTHENTICATED: _spec("Log in first."),
        _C.PERMISSION_DENIED: _spec("You may not do this."),
        _C.NOT_ACCEPTABLE: _spec("No response in the format the Accept header asks for."),
        _C.UNSUPPORTED_MEDIA_TYPE: _spec(
            "Send the body as application/json, not {media_type}.", "media_type"
        ),
        _C.THROTTLED: _spec("Too many requests: try again in {wait} seconds.", "wait"),
        _C.SERVICE_UNAVAILABLE: _spec(
            "The service is briefly unavailable: try again in {wait} seconds.", "wait"
        ),
        _C.ERROR: _spec("Something went wrong."),
    }
)


def render(code: ErrorCode, params: Mapping[str, Any]) -> str:
    """The English message of ``code`` with ``params`` (checked against its spec).

    >>> render(ErrorCode.CANNOT_CHECK, {"to_call": 20})
    'You owe 20: call, raise or fold.'
    """
    spec = ERRORS[code]
    if set(params) != set(spec.params):
        raise TypeError(
            f"error {code.value!r} takes params {list(spec.params)}, not {sorted(params)}"
        )
    return spec.template.format(**params)


class Refusal(Exception):
    """A refused request, with a stable ``code``, the ``params`` that explain it and the English
    ``message`` rendered from the catalog. Clients localise by ``code`` and ``params``."""

    code: ErrorCode
    params: dict[str, Any]
    message: str

    def __init__(self, code: ErrorCode, **params: Any) -> None:
        message = render(code, params)
        super().__init__(message)
        self.code = code
        self.params = params
        self.message = message

    def as_dict(self) -> dict[str, Any]:
        return {"code": self.code.value, "message": self.message, "params": self.params}


class IllegalAction(Refusal):
    """A command refused by the rules (the API answers 422)."""


def refuse(code: ErrorCode, **params: Any) -> IllegalAction:
    """The refusal of a command the rules do not allow; its params must match the catalog.

    >>> raise refuse(ErrorCode.MATCH_OVER)
    Traceback (most recent call last):
    ...
    games.engine.errors.IllegalAction: The match is over.
    """
    return IllegalAction(code, **params)


def catalog() -> list[dict[str, Any]]:
    """Every code with its params and English template, in declaration order (``/api/errors/``).

    >>> catalog()[0]["code"], catalog()[0]["params"]
    ('not_your_turn', ['seat', 'to_act'])
    """
    return [
        {"code": code.value, "params": list(ERRORS[code].params), "template": ERRORS[code].template}
        for code in ErrorCode
    ]
