"""A match's page in the admin: its players and final places, a chart of the stacks after each
hand, its last audit, and its hands 50 to a page.

The queries do not grow with the match: the page of hands is one slice (and one count), and the
places and the chart come from one read of the events that carry stacks or places.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from django.core.paginator import Page, Paginator
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe

from games.backoffice.hand_page import level_label, sitters
from games.engine.audit import Mismatch
from games.engine.narration import Sitter
from games.hooks import Words
from games.models import Event as EventRow
from games.models import HandSummary, Match, MatchAudit

# The chart draws at most this many points per seat (a long match is sampled evenly).
CHART_POINTS = 400
CHART_WIDTH, CHART_HEIGHT = 640, 200
SEAT_COLOURS = ("#1d6fb8", "#c2410c", "#15803d", "#7e22ce", "#b91c1c", "#0f766e")


class Labels:
    """The page's own words for a template: ``{{ t.pots }}`` is ``backoffice.page.pots``."""

    def __init__(self, words: Words) -> None:
        self.words = words

    def __getitem__(self, name: str) -> str:
        return self.words(f"backoffice.page.{name}")


@dataclass(frozen=True)
class DifferenceRow:
    field: str
    stored: str
    derived: str
    differs: bool


@dataclass(frozen=True)
class Difference:
    """The first event that differs: the stored record beside the one the rules re-derive."""

    seq: int | None
    reason: str
    rows: list[DifferenceRow]

    @classmethod
    def of(cls, mismatch: Mismatch, seq: int | None) -> Difference:
        return cls.between(seq, mismatch.reason, mismatch.found, mismatch.expected)

    @classmethod
    def between(
        cls, seq: int | None, reason: str, found: dict[str, Any] | None, expected: Any
    ) -> Difference:
        stored, derived = _flat(found), _flat(expected)
        fields = list(dict.fromkeys([*stored, *derived]))
        rows = [
            DifferenceRow(
                name,
                stored.get(name, "—"),
                derived.get(name, "—"),
                stored.get(name) != derived.get(name),
            )
            for name in fields
        ]
        return cls(seq, reason, rows)


def _flat(record: dict[str, Any] | None) -> dict[str, str]:
    """A record as ``type``, ``version`` and one row per payload field, each value as JSON."""
    if not record:
        return {}
    flat = {key: json.dumps(value) for key, value in record.items() if key != "payload"}
    for key, value in (record.get("payload") or {}).items():
        flat[f"payload.{key}"] = json.dumps(value, ensure_ascii=False)
    return flat


def audit_state(words: Words, audit: MatchAudit | None, match: Match) -> str:
    """The match's audit in words: not yet audited, queued, running, verified or mismatched."""
    if audit is None:
        return words("backoffice.audit.state.none")
    if audit.state != MatchAudit.State.DONE:
        return words(f"backoffice.audit.state.{audit.state}")
    params = {"count": audit.hands_verified, "seq": audit.mismatch_seq or 0}
    text = words(
        "backoffice.audit.result.mismatch" if audit.reason else "backoffice.audit.result.verified",
        params,
    )
    if audit.audited_seq < match.seq:
        text += " " + words("backoffice.audit.since", {"count": match.seq - audit.audited_seq})
    return text


@dataclass(frozen=True)
class PlayerRow:
    seat: int
    name: str
    level: str
    place: int | None


def match_context(match: Match, words: Words, *, page: Any, per_page: int) -> dict[str, Any]:
    seated = sitters(match, words)
    places, series = _places_and_stacks(match, len(seated))
    hands: Page[HandSummary] = Paginator(
        HandSummary.objects.filter(match=match).order_by("hand_number"), per_page
    ).get_page(page)
    audit = getattr(match, "audit", None) if _has_audit(match) else None
    return {
        "t": Labels(words),
        "direction": words.direction,
        "players": [
            PlayerRow(s.seat, s.name, level_label(words, s), places.get(s.seat)) for s in seated
        ],
        "chart": stack_chart(series, seated, words),
        "hands": hands,
        "hand_rows": [_hand_row(hand, seated) for hand in hands],
        "audit_text": audit_state(words, audit, match),
        "difference": (
            Difference.between(audit.mismatch_seq, audit.reason, audit.found, audit.expected)
            if audit is not None and audit.mismatched
            else None
        ),
    }


def _has_audit(match: Match) -> bool:
    try:
        match.audit  # noqa: B018 - a reverse one-to-one raises when there is none
    except MatchAudit.DoesNotExist:
        return False
    return True


def _hand_row(hand: HandSummary, seated: list[Sitter]) -> dict[str, Any]:
    return {
        "number": hand.hand_number,
        "pot": hand.pot_total,
        "winners": ", ".join(seated[s].name for s in hand.winners if s < len(seated)),
        "showdown": hand.showdown,
        "all_in": bool(hand.detail.get("all_in")),
        "finished": hand.finished,
    }


STACK_EVENTS = ("match_started", "match_restarted", "hand_ended", "deal_ended")
PLACE_EVENTS = ("player_eliminated", "match_ended")


def _places_and_stacks(match: Match, seats: int) -> tuple[dict[int, int], list[list[int]]]:
    """Each seat's final place (of the last segment) and the stacks after each hand."""
    types = [f"{match.game}.{name}" for name in (*STACK_EVENTS, *PLACE_EVENTS)]
    rows = (
        EventRow.objects.filter(match=match, type__in=types)
        .order_by("seq")
        .values_list("type", "payload")
    )
    places: dict[int, int] = {}
    series: list[list[int]] = []
    for kind, payload in rows:
        name = kind.split(".", 1)[1]
        if name in ("match_started", "match_restarted"):
            places = {}
        if name == "player_eliminated":
            places[payload["seat"]] = payload["place"]
        elif name == "match_ended":
            places[payload["winner"]] = 1
        else:
            series.append(list(payload["stacks"])[:seats])
    return places, series


def stack_chart(series: list[list[int]], seated: list[Sitter], words: Words) -> SafeString:
    """The stacks after each hand as an SVG line per seat (sampled to ``CHART_POINTS``)."""
    if len(series) < 2:
        return mark_safe("")
    step = max(1, len(series) // CHART_POINTS)
    sampled = series[::step] + ([series[-1]] if (len(series) - 1) % step else [])
    top = max(max(stacks) for stacks in sampled) or 1
    dx = CHART_WIDTH / (len(sampled) - 1)

    def point(index: int, chips: int) -> str:
        return f"{index * dx:.1f},{CHART_HEIGHT - chips * CHART_HEIGHT / top:.1f}"

    lines = format_html_join(
        "",
        '<polyline fill="none" stroke="{}" stroke-width="2" points="{}"><title>{}</title>'
        "</polyline>",
        (
            (
                SEAT_COLOURS[sitter.seat % len(SEAT_COLOURS)],
                " ".join(point(i, stacks[sitter.seat]) for i, stacks in enumerate(sampled)),
                sitter.name,
            )
            for sitter in seated
        ),
    )
    axis = format_html(
        '<text x="4" y="14" class="bo-axis">{}</text><text x="4" y="{}" class="bo-axis">{}</text>',
        words("chips.count", {"count": top}),
        CHART_HEIGHT - 4,
        words("replay.chart.start"),
    )
    legend = format_html_join(
        "",
        '<li><span class="bo-swatch" style="background:{}"></span>{}</li>',
        ((SEAT_COLOURS[s.seat % len(SEAT_COLOURS)], s.name) for s in seated),
    )
    return format_html(
        '<figure class="bo-chart"><svg viewBox="0 0 {} {}" role="img" aria-label="{}">{}{}</svg>'
        '<figcaption><ul class="bo-legend">{}</ul> {}</figcaption></figure>',
        CHART_WIDTH,
        CHART_HEIGHT,
        words("replay.chart.title"),
        lines,
        axis,
        legend,
        words("backoffice.chart.hands", {"count": len(series) - 1}),
    )
