"""The table follows a match on its live stream (frontend/static/frontend/js/live.js), and falls
back to polling the feed when the stream cannot be opened."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Page

from games.models import Match
from tests.e2e.conftest import SCREENSHOTS, act, open_match, wait_for_turn

CALLING_STATIONS = ["human", "calling_station", "calling_station", "calling_station"]
CHECK_OR_CALL = "[data-action=check], [data-action=call]"
STREAM = re.compile(r"/api/matches/[^/]+/stream/")
FEED = re.compile(r"/api/matches/[^/]+/events/")
MATCH = re.compile(r"/api/matches/[^/]+/$")


def requests_to(page: Page, pattern: re.Pattern[str]) -> list[str]:
    seen: list[str] = []
    page.on(
        "request", lambda request: seen.append(request.url) if pattern.search(request.url) else None
    )
    return seen


def play_hand_moves(page: Page, moves: int) -> None:
    for _ in range(moves):
        wait_for_turn(page)
        if not page.locator(CHECK_OR_CALL).count():
            break
        act(page, CHECK_OR_CALL)
    wait_for_turn(page)


def test_the_table_follows_the_ais_on_the_stream(browse: Any, make_match: Any, deal: Any) -> None:
    deal("live-stream")
    player, match_id = make_match("holdem", CALLING_STATIONS)
    page = browse(player=player)
    streams = requests_to(page, STREAM)
    open_match(page, match_id)
    wait_for_turn(page)
    feed_reads = requests_to(page, FEED)
    match_reads = requests_to(page, MATCH)
    actions = requests_to(page, re.compile(r"/actions/$"))
    play_hand_moves(page, 4)
    assert len(streams) == 1  # one stream for the whole table
    # The AIs' moves and the table after them came on the stream: no reads of the feed or of
    # the match, only the actions (the feed at most once, while the stream opened).
    assert len(feed_reads) <= 1, feed_reads
    assert match_reads == [], match_reads
    assert actions
    shown = int(page.locator(".stage").get_attribute("data-seq") or 0)
    assert shown == Match.objects.get(id=match_id).seq
    page.screenshot(path=str(SCREENSHOTS / "live-stream.png"))


def test_with_the_stream_blocked_the_table_polls_the_feed(
    browse: Any, make_match: Any, deal: Any
) -> None:
    deal("live-blocked")
    browse.expect_status(0)  # the aborted stream requests
    player, match_id = make_match("holdem", CALLING_STATIONS)
    page = browse(player=player)
    page.route(STREAM, lambda route: route.abort())
    streams = requests_to(page, STREAM)
    open_match(page, match_id)
    wait_for_turn(page)
    feed_reads = requests_to(page, FEED)
    play_hand_moves(page, 4)
    assert streams  # it tried
    assert feed_reads  # and followed the AIs on the feed instead
    shown = int(page.locator(".stage").get_attribute("data-seq") or 0)
    assert shown == Match.objects.get(id=match_id).seq
