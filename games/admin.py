"""The admin as the back office: hand histories told in words, audits of matches, lists a
support agent can search. Events can be read, never edited; every page needs the ``games`` view
permission. Words come from the translation catalog in the staff member's language
(:mod:`games.backoffice.labels`)."""

from __future__ import annotations

import contextlib
import re
import uuid
from collections.abc import Callable, Iterable
from datetime import date, datetime
from typing import Any

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.db.models import Count, Model, Q, QuerySet
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils import formats, timezone
from django.utils.html import format_html

from games import exports
from games.audit import audit_in_background, audit_match, is_large, record_audit
from games.backoffice import match_page
from games.backoffice.hand_page import hand_page, sitters
from games.backoffice.labels import (
    FOUR_COLOUR_COOKIE,
    current_words,
    four_colour,
    label,
    reading,
    words_for,
)
from games.engine.narration import listed
from games.errors import ApplicationError
from games.models import Event, HandSummary, Match, MatchAudit, Player
from games.registry import GAMES
from games.selectors import hand_events

HANDS_PER_PAGE = 50


class ReadOnlyAdmin[M: Model](admin.ModelAdmin[M]):
    """History is written by the game, not by staff."""

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class BackOfficeAdmin[M: Model](ReadOnlyAdmin[M]):
    """Renders its pages in the reader's language, with their labels from the catalog."""

    def changelist_view(self, request: HttpRequest, extra_context: Any = None) -> HttpResponse:
        return _in_words(
            request, lambda: super(BackOfficeAdmin, self).changelist_view(request, extra_context)
        )

    def change_view(
        self, request: HttpRequest, object_id: str, form_url: str = "", extra_context: Any = None
    ) -> HttpResponse:
        return _in_words(
            request,
            lambda: super(BackOfficeAdmin, self).change_view(
                request, object_id, form_url, extra_context
            ),
        )

    def get_search_results(
        self, request: HttpRequest, queryset: QuerySet[Any], search_term: str
    ) -> tuple[QuerySet[Any], bool]:
        """A username, a match id (or its first characters), a hand number or a date."""
        term = search_term.strip()
        if not term:
            return queryset, False
        found = Q(**{f"{self.match_path}owner__user__username__icontains": term})
        found |= Q(**{f"{self.match_path}owner__display_name__icontains": term})
        if re.fullmatch(r"[0-9a-fA-F-]{4,36}", term):
            found |= _match_id(self.match_path, term)
        if re.fullmatch(r"\d{4}-\d{2}-\d{2}", term):
            with contextlib.suppress(ValueError):  # 2026-02-30 looks like a date but is none
                found |= Q(**{f"{self.match_path}created_at__date": date.fromisoformat(term)})
        found |= self.number_search(term)
        return queryset.filter(found), False

    # How the model reaches its match in a lookup ("" for a match, "match__" for its rows).
    match_path = ""

    def number_search(self, term: str) -> Q:
        """What a number finds besides ids and names (a hand number, for hands and events)."""
        return Q(hand_number=int(term)) if term.isdigit() and self.match_path else Q(pk__in=[])


def _match_id(prefix: str, term: str) -> Q:
    try:
        return Q(**{f"{prefix}id": uuid.UUID(term)})
    except ValueError:
        # The first characters of an id, as the lists show them ("3f2a9c1e").
        return Q(**{f"{prefix}id__startswith": term.lower()})


def _in_words(request: HttpRequest, view: Callable[[], HttpResponse]) -> HttpResponse:
    with reading(words_for(request)):
        response = view()
        if isinstance(response, TemplateResponse) and not response.is_rendered:
            response.render()
    return response


class AuditStateFilter(admin.SimpleListFilter):
    title = label("backoffice.audit.filter")
    parameter_name = "audit"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, Any]]:
        return [
            ("verified", label("backoffice.audit.state.verified")),
            ("mismatch", label("backoffice.audit.state.mismatch")),
            ("none", label("backoffice.audit.state.none")),
        ]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> QuerySet[Any]:
        done = Q(audit__state=MatchAudit.State.DONE)
        if self.value() == "verified":
            return queryset.filter(done, audit__reason="")
        if self.value() == "mismatch":
            return queryset.filter(done).exclude(audit__reason="")
        if self.value() == "none":
            return queryset.filter(audit__isnull=True)
        return queryset


class GameFilter(admin.SimpleListFilter):
    title = label("backoffice.list.game")
    parameter_name = "game"
    field = "game"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, Any]]:
        return [(name, label(f"game.{name}.name")) for name in GAMES]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> QuerySet[Any]:
        return queryset.filter(**{self.field: self.value()}) if self.value() else queryset


class HandGameFilter(GameFilter):
    field = "match__game"


class LevelFilter(admin.SimpleListFilter):
    title = label("backoffice.list.level")
    parameter_name = "level"
    field = "level"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, Any]]:
        return [(name, label(f"level.{name}.name")) for name in ("easy", "medium", "hard")]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> QuerySet[Any]:
        return queryset.filter(**{self.field: self.value()}) if self.value() else queryset


class HandLevelFilter(LevelFilter):
    field = "match__level"


class YesNoFilter(admin.SimpleListFilter):
    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, Any]]:
        return [
            ("yes", label("replay.list.showdown_yes")),
            ("no", label("replay.list.showdown_no")),
        ]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> QuerySet[Any]:
        if self.value() in ("yes", "no"):
            return queryset.filter(**{self.field: self.value() == "yes"})
        return queryset

    field = ""


class ShowdownFilter(YesNoFilter):
    title = label("replay.list.col_showdown")
    parameter_name = "showdown"
    field = "showdown"


class AllInFilter(YesNoFilter):
    title = label("replay.filter.all_in")
    parameter_name = "all_in"
    field = "detail__all_in"


class StatusFilter(admin.SimpleListFilter):
    title = label("backoffice.list.status")
    parameter_name = "status"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, Any]]:
        return [(value, label(f"backoffice.status.{value}")) for value in Match.Status.values]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> QuerySet[Any]:
        return queryset.filter(status=self.value()) if self.value() else queryset


@admin.register(Match)
class MatchAdmin(BackOfficeAdmin[Match]):
    list_display = (
        "short_id",
        "game_name",
        "players",
        "level_name",
        "status_name",
        "hand_count",
        "audit_state",
        "started",
    )
    list_filter = (GameFilter, LevelFilter, StatusFilter, AuditStateFilter)
    search_fields = ("owner__user__username",)  # shows the search box; see get_search_results
    readonly_fields = (
        "full_id",
        "game_name",
        "owner_name",
        "level_name",
        "status_name",
        "events_stored",
        "started",
        "last_event",
    )
    fields = readonly_fields
    actions = ["audit_selected", "export_selected"]
    change_form_template = "admin/games/match/change_form.html"

    def get_queryset(self, request: HttpRequest) -> QuerySet[Match]:
        return (
            super()
            .get_queryset(request)
            .select_related("owner__user", "audit")
            .annotate(hand_count=Count("hands"))
        )

    def get_urls(self) -> list[Any]:
        view = self.admin_site.admin_view
        custom = [
            path(
                "<uuid:match_id>/hands/<int:hand_number>/",
                view(self.hand_history_view),
                name="games_match_hand",
            ),
            path(
                "<uuid:match_id>/hands/<int:hand_number>/export/<str:fmt>/",
                view(self.hand_export_view),
                name="games_match_hand_export",
            ),
            path("<uuid:match_id>/audit/", view(self.audit_view), name="games_match_audit"),
        ]
        return custom + super().get_urls()

    # --- the list's columns ---------------------------------------------------------------

    @admin.display(description=label("backoffice.list.match"), ordering="id")
    def short_id(self, match: Match) -> str:
        return str(match.id)[:8]

    @admin.display(description=label("backoffice.list.game"), ordering="game")
    def game_name(self, match: Match) -> str:
        return str(label(f"game.{match.game}.name"))

    @admin.display(description=label("backoffice.list.players"))
    def players(self, match: Match) -> str:
        return _names(match)

    @admin.display(description=label("backoffice.list.match"))
    def full_id(self, match: Match) -> str:
        return str(match.id)

    @admin.display(description=label("backoffice.page.player"))
    def owner_name(self, match: Match) -> str:
        return _names(match, [0])

    @admin.display(description=label("backoffice.list.events"))
    def events_stored(self, match: Match) -> int:
        return match.seq

    @admin.display(description=label("backoffice.list.created"), ordering="created_at")
    def started(self, match: Match) -> str:
        return _when(match.created_at)

    @admin.display(description=label("backoffice.list.updated"), ordering="updated_at")
    def last_event(self, match: Match) -> str:
        return _when(match.updated_at)

    @admin.display(description=label("backoffice.list.level"), ordering="level")
    def level_name(self, match: Match) -> str:
        return str(label(f"level.{match.level}.name"))

    @admin.display(description=label("backoffice.list.status"), ordering="status")
    def status_name(self, match: Match) -> str:
        return str(label(f"backoffice.status.{match.status}"))

    @admin.display(description=label("backoffice.list.hands"), ordering="hand_count")
    def hand_count(self, match: Match) -> int:
        return int(getattr(match, "hand_count", 0))

    @admin.display(description=label("backoffice.audit.filter"))
    def audit_state(self, match: Match) -> str:
        return match_page.audit_state(_reader_words(), _audit_of(match), match)

    # --- actions --------------------------------------------------------------------------

    @admin.action(description=label("backoffice.audit.action"), permissions=["view"])
    def audit_selected(self, request: HttpRequest, queryset: QuerySet[Match]) -> None:
        _run_audits(self, request, list(queryset.values_list("id", flat=True)))

    @admin.action(description=label("backoffice.export.action"), permissions=["view"])
    def export_selected(self, request: HttpRequest, queryset: QuerySet[Match]) -> HttpResponse:
        files = [
            exports.match_export(match, fmt)
            for match in queryset.select_related("owner")
            for fmt in exports.formats(match.game)
        ]
        return _download(exports.bundle(files, "cardavia-matches"))

    # --- pages ----------------------------------------------------------------------------

    def change_view(
        self, request: HttpRequest, object_id: str, form_url: str = "", extra_context: Any = None
    ) -> HttpResponse:
        match = self.get_object(request, object_id)
        if match is None or not self.has_view_permission(request, match):
            return super().change_view(request, object_id, form_url, extra_context)
        words = words_for(request)
        with reading(words):
            context = match_page.match_context(
                match, words, page=request.GET.get("page"), per_page=HANDS_PER_PAGE
            )
            context["title"] = f"{words(f'game.{match.game}.name')} {str(match.pk)[:8]}"
            context["subtitle"] = None
        return super().change_view(
            request, object_id, form_url, {**(extra_context or {}), **context}
        )

    def audit_view(self, request: HttpRequest, match_id: Any) -> HttpResponse:
        """The match page's button: audit this match (POST), then back to its page."""
        match = get_object_or_404(Match, id=match_id)
        self._check_view(request, match)
        if request.method == "POST":
            _run_audits(self, request, [match.id])
        return HttpResponseRedirect(reverse("admin:games_match_change", args=[match.pk]))

    def hand_export_view(
        self, request: HttpRequest, match_id: Any, hand_number: int, fmt: str
    ) -> HttpResponse:
        match = get_object_or_404(Match, id=match_id)
        self._check_view(request, match)
        try:
            return _download(exports.hand_export(match, hand_number, fmt))
        except ApplicationError as refused:
            return HttpResponse(refused.message, status=refused.status_code, content_type=TEXT)

    def hand_history_view(
        self, request: HttpRequest, match_id: Any, hand_number: int
    ) -> HttpResponse:
        """One hand told in order, everything revealed (staff only), its settlement audited."""
        match = get_object_or_404(Match.objects.select_related("owner__user"), id=match_id)
        self._check_view(request, match)
        if "four_colour" in request.GET:
            return _four_colour_chosen(request)
        if not HandSummary.objects.filter(match=match, hand_number=hand_number).exists():
            raise Http404
        words = words_for(request)
        with reading(words):
            page = hand_page(match, hand_number, words)
            verdict, mismatch = _hand_audit(match, hand_number)
            context = {
                **self.admin_site.each_context(request),
                "title": words(
                    "backoffice.hand.title",
                    {"number": hand_number, "match": str(match.pk)[:8], "game": match.game},
                ),
                "match": match,
                "hand_number": hand_number,
                "page": page,
                "t": match_page.Labels(words),
                "direction": words.direction,
                "four_colour": four_colour(request),
                "verdict": verdict,
                "mismatch": mismatch,
                "opts": self.model._meta,
            }
            response = TemplateResponse(request, "admin/games/hand_history.html", context)
            response.render()
        return response

    def _check_view(self, request: HttpRequest, match: Match) -> None:
        if not self.has_view_permission(request, match):
            raise PermissionDenied


def _reader_words() -> Any:
    return current_words()


def _when(moment: datetime) -> str:
    """A date and time as the admin writes its own, in the reader's language."""
    return str(formats.localize(timezone.localtime(moment)))


def _names(match: Match, seats: Iterable[int] | None = None) -> str:
    """The names of ``seats`` (every seat by default) as a list in the reader's language:
    "marta, Vera, Otto and Lina"."""
    words = current_words()
    seated = sitters(match, words)
    chosen = range(len(seated)) if seats is None else seats
    return listed(words, [seated[seat].name for seat in chosen if 0 <= seat < len(seated)])


def _audit_of(match: Match) -> MatchAudit | None:
    try:
        return match.audit
    except MatchAudit.DoesNotExist:
        return None


def _run_audits(model_admin: MatchAdmin, request: HttpRequest, ids: list[Any]) -> None:
    """Audit in the request, or on a worker when the selection is large (the list then shows
    each match queued, running, then its answer)."""
    words = words_for(request)
    if is_large(ids):
        audit_in_background(ids)
        model_admin.message_user(request, words("backoffice.audit.queued", {"count": len(ids)}))
        return
    for match in Match.objects.filter(id__in=ids).order_by("created_at"):
        row = record_audit(match)
        state = match_page.audit_state(words, row, match)
        level = messages.ERROR if row.mismatched else messages.SUCCESS
        said = words(
            "backoffice.audit.match_result",
            {"game": words(f"game.{match.game}.name"), "match": str(match.pk)[:8], "result": state},
        )
        model_admin.message_user(request, said, level=level)


def _four_colour_chosen(request: HttpRequest) -> HttpResponse:
    response = HttpResponseRedirect(request.path)
    chosen = request.GET.get("four_colour") == "on"
    response.set_cookie(
        FOUR_COLOUR_COOKIE,
        "on" if chosen else "off",
        max_age=365 * 24 * 3600,
        samesite="Lax",
        httponly=True,
        secure=request.is_secure(),
    )
    return response


TEXT = "text/plain; charset=utf-8"


def _download(export: exports.Export) -> HttpResponse:
    response = HttpResponse(export.content, content_type=export.content_type)
    response["Content-Disposition"] = f'attachment; filename="{export.filename}"'
    return response


def _hand_audit(match: Match, hand_number: int) -> tuple[str, Any]:
    """ "verified", "mismatch" (in this hand) or "unverified" (the audit stopped earlier).

    The match's stored audit answers when it covers every event stored; else the match is
    audited now (a long match takes a moment: the list's audit keeps the answer)."""
    rows = hand_events(match, hand_number)
    stored = MatchAudit.objects.filter(
        match=match, state=MatchAudit.State.DONE, audited_seq=match.seq
    ).first()
    if stored is not None:
        bad = stored.mismatch_seq if stored.reason else None
        difference: match_page.Difference | None = match_page.Difference.between(
            bad, stored.reason, stored.found, stored.expected
        )
    else:
        result = audit_match(match)
        bad = result.first_bad_seq
        mismatches = result.report.mismatches
        difference = match_page.Difference.of(mismatches[0], bad) if mismatches else None
    if difference is None or not difference.reason or not rows:
        return "verified", None
    if bad is not None and bad > rows[-1].seq:
        return "verified", None
    if bad is not None and bad >= rows[0].seq:
        return "mismatch", difference
    return "unverified", difference


@admin.register(Event)
class EventAdmin(BackOfficeAdmin[Event]):
    list_display = ("match", "seq", "type", "version", "hand_number", "created_at")
    list_filter = ("type",)
    search_fields = ("type",)
    readonly_fields = ("match", "seq", "type", "version", "payload", "hand_number", "created_at")
    list_select_related = ("match",)
    match_path = "match__"


@admin.register(HandSummary)
class HandSummaryAdmin(BackOfficeAdmin[HandSummary]):
    list_display = (
        "hand",
        "match_link",
        "game_name",
        "players",
        "pot_total",
        "winner_names",
        "showdown",
        "all_in",
        "finished",
    )
    list_display_links = None
    list_filter = (HandGameFilter, HandLevelFilter, ShowdownFilter, AllInFilter, "finished")
    list_select_related = ("match__owner__user",)
    search_fields = ("match__owner__user__username",)
    actions = ["export_selected"]
    match_path = "match__"

    @admin.display(description=label("backoffice.list.hand"), ordering="hand_number")
    def hand(self, hand: HandSummary) -> str:
        url = reverse("admin:games_match_hand", args=[hand.match_id, hand.hand_number])
        return format_html('<a href="{}">#{}</a>', url, hand.hand_number)

    @admin.display(description=label("backoffice.list.match"), ordering="match")
    def match_link(self, hand: HandSummary) -> str:
        url = reverse("admin:games_match_change", args=[hand.match_id])
        return format_html('<a href="{}">{}</a>', url, str(hand.match_id)[:8])

    @admin.display(description=label("backoffice.list.game"))
    def game_name(self, hand: HandSummary) -> str:
        return str(label(f"game.{hand.match.game}.name"))

    @admin.display(description=label("backoffice.list.players"))
    def players(self, hand: HandSummary) -> str:
        return _names(hand.match)

    @admin.display(description=label("backoffice.list.winners"))
    def winner_names(self, hand: HandSummary) -> str:
        return _names(hand.match, hand.winners)

    @admin.display(description=label("replay.filter.all_in"), boolean=True)
    def all_in(self, hand: HandSummary) -> bool:
        return bool(hand.detail.get("all_in"))

    @admin.action(description=label("backoffice.export.hands_action"), permissions=["view"])
    def export_selected(
        self, request: HttpRequest, queryset: QuerySet[HandSummary]
    ) -> HttpResponse:
        files = [
            exports.hand_export(hand.match, hand.hand_number, fmt)
            for hand in queryset.filter(finished=True).select_related("match__owner")
            for fmt in exports.formats(hand.match.game)
        ]
        return _download(exports.bundle(files, "cardavia-hands"))


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin[Player]):
    list_display = ("id", "display_name", "user", "created_at")
    search_fields = ("display_name", "user__username")
    readonly_fields = ("created_at",)


from games import admin_shares  # noqa: E402, F401 - shared hands' admin (games/admin_shares.py)
