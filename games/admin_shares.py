"""The admin's view of shared hands: every link, live or revoked, and revoking them.

A link's token is a secret: the list shows its first characters only (enough to match a
player's report), never the link itself.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import format_html

from games import shares
from games.models import SharedHand


class LiveFilter(admin.SimpleListFilter):
    title = "state"
    parameter_name = "state"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        return [("live", "live"), ("revoked", "revoked")]

    def queryset(self, request: HttpRequest, queryset: Any) -> Any:
        if self.value() == "live":
            return queryset.filter(revoked_at=None)
        if self.value() == "revoked":
            return queryset.exclude(revoked_at=None)
        return queryset


@admin.register(SharedHand)
class SharedHandAdmin(admin.ModelAdmin[SharedHand]):
    list_display = ("token_start", "owner", "hand", "show_owner_name", "created_at", "revoked_at")
    list_filter = (LiveFilter, "show_owner_name")
    search_fields = ("owner__user__username", "match__id")
    list_select_related = ("owner__user", "match")
    readonly_fields = (
        "token_start",
        "owner",
        "hand",
        "hand_number",
        "show_owner_name",
        "created_at",
        "revoked_at",
    )
    exclude = ("token", "digest", "match")
    actions = ("revoke_selected",)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # a link is made by its owner, from the hand's replay

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # revoked, never deleted: the row says who shared what, and when

    @admin.display(description="token")
    def token_start(self, shared: SharedHand) -> str:
        return f"{shared.token[:6]}…"

    @admin.display(description="hand")
    def hand(self, shared: SharedHand) -> str:
        url = reverse("admin:games_match_hand", args=[shared.match_id, shared.hand_number])
        return format_html('<a href="{}">hand {} of {}</a>', url, shared.hand_number, shared.match)

    @admin.action(description="Revoke the selected links")
    def revoke_selected(self, request: HttpRequest, queryset: Any) -> None:
        count = shares.shares_revoke(queryset)
        self.message_user(request, f"{count} link(s) revoked.", messages.SUCCESS)
