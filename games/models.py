"""The event store: matches, their immutable events, folded-state snapshots and read models.

``Event`` rows are append-only: database triggers (migration 0002) reject UPDATE and DELETE on
every database and TRUNCATE on PostgreSQL. Everything else here can be rebuilt from events.
"""

from __future__ import annotations

import uuid

from django.conf import settings
from django.contrib.sessions.base_session import AbstractBaseSession
from django.core.exceptions import ValidationError
from django.db import models


class Player(models.Model):
    """Someone at the table: a guest tied to a browser session, or a registered user."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    display_name = models.CharField(max_length=64, default="You")
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return self.user.get_username() if self.user else f"guest #{self.pk}"

    @property
    def is_guest(self) -> bool:
        return self.user_id is None


class PlayerSession(AbstractBaseSession):
    """Django's own session row (the table of ``django.contrib.sessions``, which keeps its model
    and migrations) with one more column: the id of the session's player, written from the
    session's data on every save (``games.sessions``). The session read joins the player row
    on it, so the request that reads both pays one round trip; the player id inside the signed
    data stays the truth, and a row whose id does not match it is never used. Unmanaged: the
    column is added to Django's table by migration 0019, and older rows (NULL) read as before.
    """

    player_id = models.BigIntegerField(null=True, blank=True)

    class Meta:
        managed = False
        db_table = "django_session"

    @classmethod
    def get_session_store_class(cls) -> type:
        from games.sessions import SessionStore

        return SessionStore


def validate_game(name: str) -> None:
    """A match's game is one the registry lists (``games.registry``), not a fixed choice list:
    a new game adds no migration."""
    from games.registry import GAMES

    if name not in GAMES:
        raise ValidationError("Unknown game %(game)s.", code="unknown_game", params={"game": name})


class Match(models.Model):
    class Status(models.TextChoices):
        ACTIVE = "active", "Active"
        FINISHED = "finished", "Finished"

    class Origin(models.TextChoices):
        PLAYED = "played", "Played here"
        IMPORTED = "imported", "Imported"

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    game = models.CharField(max_length=16, validators=[validate_game])
    # A match played here, or one hand imported from another room's history (ImportedHand):
    # every list, statistic, sweep and lobby of played matches keeps to "played".
    origin = models.CharField(max_length=16, choices=Origin.choices, default=Origin.PLAYED)
    # No index of its own, here and wherever a model's index starts with the key: that index
    # serves every look-up by it, and each row written updates one index less.
    owner = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="matches", db_index=False
    )
    level = models.CharField(max_length=16, default="medium")
    # Who sits where: "human" for the owner's seat, otherwise the spec of the bot playing it
    # ("easy", "hard", "calling_station", "module.path:ClassName", ...).
    seats = models.JSONField(default=list)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.ACTIVE)
    # Once the human is out, the AIs play the match on to its end only if the player asked to watch.
    watching = models.BooleanField(default=False)
    seq = models.PositiveIntegerField(default=0, help_text="Sequence number of the last event.")
    # An AI is to act (kept by every append): the beat sweep looks only at these matches.
    awaiting_ai = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name_plural = "matches"
        ordering = ["-created_at"]
        indexes = [
            models.Index(fields=["owner", "-created_at"]),
            models.Index(
                fields=["updated_at"],
                condition=models.Q(status="active", awaiting_ai=True),
                name="match_awaiting_ai_idx",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.game} {str(self.id)[:8]}"


class Event(models.Model):
    """One immutable event of a match. ``(match, seq)`` is unique and gapless from 1."""

    # No index of its own: the unique (match, seq) index serves every look-up by match, and one
    # index less is one write less for each of the many events an action or an import appends.
    # No foreign-key constraint either: PostgreSQL checks one row at a time, a query for each of
    # the ~30 events of an imported hand; a trigger checks each statement's rows at once
    # (migration 0017), and refuses a match's deletion or new id while it has events.
    match = models.ForeignKey(
        Match,
        on_delete=models.PROTECT,
        related_name="events",
        db_index=False,
        db_constraint=False,
    )
    seq = models.PositiveIntegerField()
    type = models.CharField(max_length=64)
    version = models.PositiveSmallIntegerField()
    payload = models.JSONField()
    hand_number = models.PositiveIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["match", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["match", "seq"], name="games_event_unique_seq"),
        ]
        indexes = [models.Index(fields=["match", "hand_number", "seq"], name="games_event_hand")]

    def __str__(self) -> str:
        return f"{self.match_id}#{self.seq} {self.type}"


class Snapshot(models.Model):
    """The folded state of a match at ``seq``: a cache, rebuilt from events whenever it is
    missing, older than the events, or written by another version of the engine."""

    match = models.OneToOneField(Match, on_delete=models.CASCADE, related_name="snapshot")
    seq = models.PositiveIntegerField()
    engine_version = models.CharField(max_length=32)
    state = models.BinaryField()
    # What the services keep beside the state at ``seq`` (games.services.Marks, pickled): the
    # hand of the last event, the last hands' first seqs, where the read model stands. Null
    # when unknown: then they are read from the events and the hand rows.
    marks = models.BinaryField(null=True, blank=True)


class IdempotentResponse(models.Model):
    """The first response to a request sent with an ``Idempotency-Key``, replayed on retries."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE)
    key = models.CharField(max_length=128)
    request_fingerprint = models.CharField(max_length=64)
    status_code = models.PositiveSmallIntegerField()
    body = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["player", "key"], name="games_idempotency_unique"),
        ]


class HandSummary(models.Model):
    """Read model: one row per hand, projected from events (``manage.py rebuild_projections``)."""

    match = models.ForeignKey(
        Match, on_delete=models.CASCADE, related_name="hands", db_index=False
    )  # the unique (match, hand_number) index
    hand_number = models.PositiveIntegerField()
    segment = models.PositiveIntegerField(default=0)
    first_seq = models.PositiveIntegerField()
    last_seq = models.PositiveIntegerField()
    pot_total = models.PositiveIntegerField(default=0)
    winners = models.JSONField(default=list)
    showdown = models.BooleanField(default=False)
    finished = models.BooleanField(default=False)
    abandoned = models.BooleanField(default=False)
    # What only this game has (Hold'em: button, board; Up & Down: starter, locked cards,
    # outcome): the game's own ``summarize_hand`` fills it.
    detail = models.JSONField(default=dict)

    # Everything a hand's row says but which match it is (and its id): what a bulk write fills
    # and a check of the projection compares.
    VALUE_FIELDS = (
        "hand_number",
        "segment",
        "first_seq",
        "last_seq",
        "pot_total",
        "winners",
        "showdown",
        "finished",
        "abandoned",
        "detail",
    )

    class Meta:
        verbose_name_plural = "hand summaries"
        ordering = ["match", "hand_number"]
        constraints = [
            models.UniqueConstraint(fields=["match", "hand_number"], name="games_hand_unique"),
        ]

    def __str__(self) -> str:
        return f"hand {self.hand_number} of {self.match_id}"


class HoldemStatLine(models.Model):
    """Read model: the owner's statistics line for one finished Hold'em hand they were dealt
    into (:func:`games.engine.holdem.hand_stats.hand_stat_line`), projected when the hand ends.
    Lines add up: ``GET /api/stats/`` sums them per level in one query (``games.stats``)."""

    hand = models.OneToOneField(HandSummary, on_delete=models.CASCADE, related_name="holdem_stats")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+", db_index=False)
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="+")
    level = models.CharField(max_length=16)
    vpip = models.BooleanField()
    pfr = models.BooleanField()
    three_bet_opportunity = models.BooleanField()
    three_bet = models.BooleanField()
    saw_flop = models.BooleanField()
    went_to_showdown = models.BooleanField()
    won_at_showdown = models.BooleanField()
    postflop_aggressive = models.PositiveIntegerField()
    postflop_calls = models.PositiveIntegerField()
    net = models.IntegerField()
    net_bb = models.FloatField()  # the net in the hand's own big blinds (blinds may rise)

    class Meta:
        indexes = [models.Index(fields=["player", "level"], name="games_holdem_stats_player")]


class UpDownStatLine(models.Model):
    """Read model: the owner's line for one finished Up & Down deal
    (:func:`games.engine.updown.deal_stats.deal_stat_line`), and whether that deal won the
    match (the opponent left with no chips)."""

    hand = models.OneToOneField(HandSummary, on_delete=models.CASCADE, related_name="updown_stats")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+", db_index=False)
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="+")
    level = models.CharField(max_length=16)
    own_up = models.PositiveSmallIntegerField()
    opponent_up = models.PositiveSmallIntegerField()
    locked_up = models.BooleanField(null=True)
    folded = models.BooleanField()
    won_deal = models.BooleanField()
    won_match = models.BooleanField()
    net = models.IntegerField()

    class Meta:
        indexes = [models.Index(fields=["player", "level"], name="games_updown_stats_player")]


class HandAnalysis(models.Model):
    """Read model: a finished Hold'em hand's analysis (equity by street, the hard AI's review of
    the owner's decisions), derived from the hand's events by a Celery task on first request —
    never an event. ``body`` is the API's answer once ``status`` is ready."""

    class Status(models.TextChoices):
        PENDING = "pending", "Pending"
        READY = "ready", "Ready"

    hand = models.OneToOneField(HandSummary, on_delete=models.CASCADE, related_name="analysis")
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.PENDING)
    body = models.JSONField(default=dict)
    updated_at = models.DateTimeField(auto_now=True)


class SharedHand(models.Model):
    """A finished hand its owner shares by an unguessable, read-only link (``games.shares``).

    The link names a match and a hand number, so any hand stored as a match's events can be
    shared the same way, played here or imported. Only the SHA-256 of the token is looked up
    (``digest``): finding a row by it tells nothing about how close a guessed token came. A
    revoked link keeps its row (``revoked_at``) for the admin, and answers 404 like a wrong one.
    """

    token = models.CharField(max_length=64, editable=False)
    digest = models.CharField(max_length=64, unique=True, editable=False)
    owner = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="shared_hands", db_index=False
    )
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="shared_hands")
    hand_number = models.PositiveIntegerField()
    # The owner chose to sign the link with their name (a registered player's username).
    show_owner_name = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["match", "hand_number"],
                condition=models.Q(revoked_at__isnull=True),
                name="games_shared_hand_one_live_link",
            ),
        ]
        indexes = [models.Index(fields=["owner", "-created_at"], name="games_shared_hand_owner")]

    def __str__(self) -> str:
        return f"hand {self.hand_number} of {self.match_id}"


class MatchAudit(models.Model):
    """The last audit of a match run from the admin (``games.audit.record_audit``): how many
    hands re-derived, and the first stored event that differs from the rules', if one does.
    A cache of ``manage.py audit``'s answer at ``audited_seq``, never the events' truth."""

    class State(models.TextChoices):
        QUEUED = "queued", "Queued"
        RUNNING = "running", "Running"
        DONE = "done", "Done"

    match = models.OneToOneField(Match, on_delete=models.CASCADE, related_name="audit")
    state = models.CharField(max_length=16, choices=State.choices, default=State.QUEUED)
    audited_seq = models.PositiveIntegerField(default=0)
    hands_verified = models.PositiveIntegerField(default=0)
    # The first differing event: its seq, the rules' reason, re-derived and stored records.
    mismatch_seq = models.PositiveIntegerField(null=True, blank=True)
    reason = models.TextField(blank=True)
    expected = models.JSONField(null=True, blank=True)
    found = models.JSONField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    @property
    def mismatched(self) -> bool:
        return self.state == self.State.DONE and bool(self.reason)


class HandImport(models.Model):
    """One uploaded hand-history file and how its import went (``games.imports``). The file
    itself stays on disk (``IMPORT_DIR``) while it is read, never in a row."""

    class Status(models.TextChoices):
        QUEUED = "queued", "Queued"
        RUNNING = "running", "Running"
        DONE = "done", "Done"
        FAILED = "failed", "Failed"

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    owner = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="imports", db_index=False
    )
    file_name = models.CharField(max_length=255)
    path = models.CharField(max_length=1024, blank=True)  # the stored upload, while it is read
    size = models.PositiveBigIntegerField(default=0)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.QUEUED)
    bytes_done = models.PositiveBigIntegerField(default=0)
    hands_read = models.PositiveIntegerField(default=0)
    imported = models.PositiveIntegerField(default=0)
    skipped = models.PositiveIntegerField(default=0)
    # Each refused hand: {"line", "hand_id", "code", "params", "message"}.
    refused = models.JSONField(default=list)
    error = models.JSONField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["owner", "-created_at"], name="games_import_owner")]

    def __str__(self) -> str:
        return f"import {self.file_name} ({self.status})"


class ImportedHand(models.Model):
    """A hand from another room's history, stored as its own ``Match`` (origin "imported")
    whose events are one Hold'em hand; this row says where it came from. Amounts are in minor
    units (``scale`` of them per unit: 100 for cents)."""

    match = models.OneToOneField(
        Match, on_delete=models.CASCADE, primary_key=True, related_name="imported_hand"
    )
    owner = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="imported_hands", db_index=False
    )
    hand_import = models.ForeignKey(
        HandImport,
        on_delete=models.SET_NULL,
        null=True,
        related_name="hands",
        db_column="import_id",
    )
    room = models.CharField(max_length=32)
    source_hand_id = models.CharField(max_length=128, blank=True)
    played_at = models.DateTimeField(null=True, blank=True)
    table_name = models.CharField(max_length=128, blank=True)
    file_name = models.CharField(max_length=255)
    line = models.PositiveIntegerField()
    unit = models.CharField(max_length=16)
    scale = models.PositiveIntegerField(default=1)
    small_blind = models.PositiveBigIntegerField()
    big_blind = models.PositiveBigIntegerField()
    players = models.JSONField(default=list)
    hero = models.PositiveSmallIntegerField(null=True, blank=True)
    pot_total = models.PositiveBigIntegerField(default=0)
    rake = models.PositiveBigIntegerField(default=0)
    went_to_showdown = models.BooleanField(default=False)
    fingerprint = models.CharField(max_length=64)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-played_at", "-created_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["owner", "room", "source_hand_id"],
                condition=~models.Q(source_hand_id=""),
                name="games_imported_hand_unique_id",
            ),
            models.UniqueConstraint(
                fields=["owner", "fingerprint"],
                condition=models.Q(source_hand_id=""),
                name="games_imported_hand_unique_content",
            ),
        ]
        indexes = [
            models.Index(fields=["owner", "room", "-played_at"], name="games_imported_owner_room"),
            models.Index(fields=["owner", "-played_at"], name="games_imported_owner_date"),
        ]

    def __str__(self) -> str:
        return f"{self.room} hand {self.source_hand_id or self.fingerprint[:8]}"


def column_of(model: type[models.Model], name: str) -> str:
    """The database column of ``model``'s field ``name`` (unquoted), for the few statements
    built by hand (games.selectors, games.idempotency)."""
    found = model._meta.get_field(name)
    if not isinstance(found, models.Field) or found.column is None:
        raise ValueError(f"{model.__name__}.{name} has no column")
    return found.column
