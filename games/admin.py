"""The admin: hand histories, pot-settlement audits, players. Events can be read, never edited."""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html

from games import exports
from games.audit import audit_match
from games.engine.events import Event as EngineEvent
from games.engine.events import from_record
from games.engine.game import Game
from games.errors import ApplicationError
from games.models import Event, HandSummary, Match, Player
from games.registry import game_for
from games.selectors import hand_events


class ReadOnlyAdmin(admin.ModelAdmin):
    """History is written by the game, not by staff."""

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class HandSummaryInline(admin.TabularInline):
    model = HandSummary
    fields = (
        "hand_link",
        "segment",
        "detail",
        "pot_total",
        "winners",
        "showdown",
        "finished",
    )
    readonly_fields = fields
    can_delete = False
    extra = 0
    show_change_link = False

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    @admin.display(description="hand")
    def hand_link(self, hand: HandSummary) -> str:
        url = reverse("admin:games_match_hand", args=[hand.match_id, hand.hand_number])
        return format_html('<a href="{}">#{}</a>', url, hand.hand_number)


@admin.register(Match)
class MatchAdmin(ReadOnlyAdmin):
    list_display = ("id", "game", "owner", "level", "status", "seq", "created_at", "updated_at")
    list_filter = ("game", "status", "level")
    search_fields = ("id", "owner__user__username")
    readonly_fields = (
        "id",
        "game",
        "owner",
        "level",
        "status",
        "watching",
        "seq",
        "created_at",
        "updated_at",
    )
    inlines = [HandSummaryInline]
    actions = ["audit_selected", "export_selected"]

    def get_urls(self) -> list[Any]:
        custom = [
            path(
                "<uuid:match_id>/hands/<int:hand_number>/",
                self.admin_site.admin_view(self.hand_history_view),
                name="games_match_hand",
            ),
            path(
                "<uuid:match_id>/hands/<int:hand_number>/export/<str:fmt>/",
                self.admin_site.admin_view(self.hand_export_view),
                name="games_match_hand_export",
            ),
        ]
        return custom + super().get_urls()

    @admin.action(description="Audit the selected matches (re-derive every dealer event)")
    def audit_selected(self, request: HttpRequest, queryset: Any) -> None:
        for match in queryset:
            result = audit_match(match)
            if result.report.ok:
                self.message_user(
                    request, f"{match}: {result.report.hands_verified} hands verified, no mismatch."
                )
            else:
                mismatch = result.report.mismatches[0]
                self.message_user(
                    request,
                    f"{match}: MISMATCH at seq {result.first_bad_seq}: {mismatch.reason}",
                    level=messages.ERROR,
                )

    @admin.action(description="Download the selected matches' hand histories (zip)")
    def export_selected(self, request: HttpRequest, queryset: Any) -> HttpResponse:
        files = [
            exports.match_export(match, fmt)
            for match in queryset.select_related("owner")
            for fmt in exports.formats(match.game)
        ]
        return _download(exports.bundle(files, "cardavia-matches"))

    def hand_export_view(
        self, request: HttpRequest, match_id: Any, hand_number: int, fmt: str
    ) -> HttpResponse:
        match = get_object_or_404(Match, id=match_id)
        try:
            return _download(exports.hand_export(match, hand_number, fmt))
        except ApplicationError as refused:
            return HttpResponse(refused.message, status=refused.status_code, content_type=TEXT)

    def hand_history_view(
        self, request: HttpRequest, match_id: Any, hand_number: int
    ) -> HttpResponse:
        """One hand move by move, everything revealed (staff only), with its settlement audited."""
        match = get_object_or_404(Match, id=match_id)
        rows = hand_events(match, hand_number)
        verdict, mismatch = _hand_audit(match, rows)
        game = game_for(match.game)
        events = [from_record(row.type, row.version, row.payload) for row in rows]
        lines = [
            {
                "seq": row.seq,
                "type": row.type,
                "text": _describe(game, item),
                "payload": row.payload,
            }
            for row, item in zip(rows, events, strict=True)
        ]
        awards = [_award(game, item) for item in events if item.TYPE.endswith(POT_AWARDED)]
        context = {
            **self.admin_site.each_context(request),
            "title": f"Hand {hand_number} of {match}",
            "match": match,
            "hand_number": hand_number,
            "lines": lines,
            "awards": awards,
            "verdict": verdict,
            "mismatch": mismatch,
            "opts": self.model._meta,
            # The player's own replay of this hand (the web client's route).
            "replay_url": f"/#/match/{match.pk}/hand/{hand_number}",
            "exports": [
                (fmt, reverse("admin:games_match_hand_export", args=[match.pk, hand_number, fmt]))
                for fmt in exports.formats(match.game)  # a game may have none
            ],
        }
        return TemplateResponse(request, "admin/games/hand_history.html", context)


TEXT = "text/plain; charset=utf-8"


def _download(export: exports.Export) -> HttpResponse:
    response = HttpResponse(export.content, content_type=export.content_type)
    response["Content-Disposition"] = f'attachment; filename="{export.filename}"'
    return response


def _hand_audit(match: Match, rows: list[Event]) -> tuple[str, Any]:
    """ "verified", "mismatch" (in this hand) or "unverified" (the audit stopped earlier)."""
    result = audit_match(match)
    bad = result.first_bad_seq
    if result.report.ok or not rows or (bad is not None and bad > rows[-1].seq):
        return "verified", None
    if bad is not None and bad >= rows[0].seq:
        return "mismatch", result.report.mismatches[0]
    return "unverified", result.report.mismatches[0]


# Every game names its pot settlements ``<game>.pot_awarded``.
POT_AWARDED = ".pot_awarded"


def _describe(game: Game[Any, Any], item: EngineEvent) -> str:
    fields = ", ".join(
        f"{key}={value}" for key, value in game.words(item).items() if value not in (None, ())
    )
    return f"{type(item).__name__}({fields})"


def _award(game: Game[Any, Any], item: EngineEvent) -> dict[str, Any]:
    """A pot settlement of any game as the pots table shows it: the hand that won it (Hold'em's
    hand rank, in words) or how the deal was won (Up & Down's outcome)."""
    payload = game.words(item)
    return {
        "pot": payload.get("pot", 0),
        "amount": payload["amount"],
        "eligible": payload.get("eligible", ""),
        "winners": payload["winners"],
        "shares": payload["shares"],
        "hand": payload.get("hand_rank") or payload.get("outcome", ""),
        "odd_chips": payload.get("odd_chips", ()),
    }


@admin.register(Event)
class EventAdmin(ReadOnlyAdmin):
    list_display = ("match", "seq", "type", "hand_number", "created_at")
    list_filter = ("type",)
    search_fields = ("match__id",)
    readonly_fields = ("match", "seq", "type", "version", "payload", "hand_number", "created_at")
    list_select_related = ("match",)


@admin.register(HandSummary)
class HandSummaryAdmin(ReadOnlyAdmin):
    list_display = (
        "match",
        "hand_number",
        "segment",
        "pot_total",
        "winners",
        "showdown",
        "finished",
        "history",
    )
    list_filter = ("showdown", "finished", "abandoned")
    list_select_related = ("match",)
    actions = ["export_selected"]

    @admin.action(description="Download the selected hands' histories (zip)")
    def export_selected(self, request: HttpRequest, queryset: Any) -> HttpResponse:
        files = [
            exports.hand_export(hand.match, hand.hand_number, fmt)
            for hand in queryset.filter(finished=True).select_related("match__owner")
            for fmt in exports.formats(hand.match.game)
        ]
        return _download(exports.bundle(files, "cardavia-hands"))

    @admin.display(description="history")
    def history(self, hand: HandSummary) -> str:
        url = reverse("admin:games_match_hand", args=[hand.match_id, hand.hand_number])
        return format_html('<a href="{}">replay &amp; audit</a>', url)


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ("id", "display_name", "user", "created_at")
    search_fields = ("display_name", "user__username")
    readonly_fields = ("created_at",)


from games import admin_shares  # noqa: E402, F401 - shared hands' admin (games/admin_shares.py)
