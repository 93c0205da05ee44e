"""Imported hands in the browser (issue 29): PokerStars hand histories uploaded from the
"Imported hands" page, several files at once, each import's progress followed, its result read
(imported, already there, a refused hand with its line and reason, a whole file refused), the
hands listed, paged and filtered, one opened in the replayer (stepped with the keyboard, amounts
in dollars and cents, the rake in the settlement), shared, and the link opened in a fresh
browser with no account.

Against the real server: the upload goes through POST /api/imports/, and in the main test the
import runs in the background on a real Celery worker (a ``celery worker`` subprocess on Redis
and this test's PostgreSQL database, as tests/bots/test_worker.py starts one), so the page
shows a big file's progress bar moving before its result. The screenshot tests run the import
in-process (the embedded default), where the 202 already says "done".
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.db import connection
from playwright.sync_api import Page, Route, expect

from bots.workers import database_url, new_queue_name, route_tasks_to, start_worker
from cardavia.celery import app
from games.models import HandImport, Player
from tests.e2e.conftest import DESKTOP, PHONE
from tests.e2e.test_accessibility import axe_violations
from tests.e2e.test_replay import shot

LOCALES = {"en": "en-US", "ar": "ar-EG"}


def header(hand_id: int, time: str) -> str:
    """A PokerStars hand's first line at the $0.05/$0.10 table."""
    return (
        f"PokerStars Hand #{hand_id}: Hold'em No Limit ($0.05/$0.10 USD) - 2009/05/05 {time} ET\n"
    )


# Three good cash hands at $0.05/$0.10 (a raise taken down with an uncalled bet returned, a
# showdown, a hand where everyone folds to the big blind) and, third in the file, a hand whose
# flop deals the king of diamonds a second time (Hero holds it): refused with its line.
GOOD_1 = (
    header(27738502010, "19:55:53")
    + """Table 'Alcyone IV' 6-max Seat #4 is the button
Seat 1: Vera88 ($10 in chips)
Seat 2: Hero ($10.25 in chips)
Seat 3: Otto_K ($7.40 in chips)
Seat 4: lina.p ($12 in chips)
Seat 5: RuneX ($9.85 in chips)
Seat 6: mika ($10 in chips)
RuneX: posts small blind $0.05
mika: posts big blind $0.10
*** HOLE CARDS ***
Dealt to Hero [Ah Kh]
Vera88: folds
Hero: raises $0.20 to $0.30
Otto_K: folds
lina.p: folds
RuneX: folds
mika: calls $0.20
*** FLOP *** [Kd 7c 2s]
mika: checks
Hero: bets $0.40
mika: calls $0.40
*** TURN *** [Kd 7c 2s] [9h]
mika: checks
Hero: bets $1
mika: folds
Uncalled bet ($1) returned to Hero
Hero collected $1.37 from pot
*** SUMMARY ***
Total pot $1.45 | Rake $0.08
Board [Kd 7c 2s 9h]
Seat 1: Vera88 folded before Flop (didn't bet)
Seat 2: Hero collected ($1.37)
Seat 3: Otto_K folded before Flop (didn't bet)
Seat 4: lina.p (button) folded before Flop (didn't bet)
Seat 5: RuneX (small blind) folded before Flop
Seat 6: mika (big blind) folded on the Turn
"""
)

GOOD_2 = (
    header(27738502011, "19:57:10")
    + """Table 'Alcyone IV' 6-max Seat #5 is the button
Seat 1: Vera88 ($10 in chips)
Seat 2: Hero ($10.92 in chips)
Seat 3: Otto_K ($7.40 in chips)
Seat 4: lina.p ($12 in chips)
Seat 5: RuneX ($9.80 in chips)
Seat 6: mika ($9.30 in chips)
mika: posts small blind $0.05
Vera88: posts big blind $0.10
*** HOLE CARDS ***
Dealt to Hero [Qs Qd]
Hero: raises $0.20 to $0.30
Otto_K: folds
lina.p: calls $0.30
RuneX: folds
mika: folds
Vera88: folds
*** FLOP *** [Jc 8d 3h]
Hero: bets $0.50
lina.p: calls $0.50
*** TURN *** [Jc 8d 3h] [2c]
Hero: checks
lina.p: checks
*** RIVER *** [Jc 8d 3h 2c] [5s]
Hero: bets $1
lina.p: calls $1
*** SHOW DOWN ***
Hero: shows [Qs Qd] (a pair of Queens)
lina.p: shows [Jh Td] (a pair of Jacks)
Hero collected $3.55 from pot
*** SUMMARY ***
Total pot $3.75 | Rake $0.20
Board [Jc 8d 3h 2c 5s]
Seat 1: Vera88 (big blind) folded before Flop
Seat 2: Hero showed [Qs Qd] and won ($3.55) with a pair of Queens
Seat 3: Otto_K folded before Flop (didn't bet)
Seat 4: lina.p showed [Jh Td] and lost with a pair of Jacks
Seat 5: RuneX (button) folded before Flop (didn't bet)
Seat 6: mika (small blind) folded before Flop
"""
)

BAD = (
    header(27738502012, "19:58:40")
    + """Table 'Alcyone IV' 6-max Seat #6 is the button
Seat 1: Vera88 ($9.90 in chips)
Seat 2: Hero ($12.87 in chips)
Seat 3: Otto_K ($7.40 in chips)
Seat 4: lina.p ($10.20 in chips)
Seat 5: RuneX ($9.80 in chips)
Seat 6: mika ($9.25 in chips)
Vera88: posts small blind $0.05
Hero: posts big blind $0.10
*** HOLE CARDS ***
Dealt to Hero [Kd Qh]
Otto_K: calls $0.10
lina.p: folds
RuneX: folds
mika: folds
Vera88: calls $0.05
Hero: checks
*** FLOP *** [Kd 7c 2s]
Vera88: checks
Hero: checks
Otto_K: checks
*** TURN *** [Kd 7c 2s] [4h]
Vera88: checks
Hero: checks
Otto_K: checks
*** RIVER *** [Kd 7c 2s 4h] [6d]
Vera88: checks
Hero: checks
Otto_K: checks
*** SHOW DOWN ***
Hero: shows [Kd Qh] (a pair of Kings)
Vera88: mucks hand
Otto_K: mucks hand
Hero collected $0.28 from pot
*** SUMMARY ***
Total pot $0.30 | Rake $0.02
Board [Kd 7c 2s 4h 6d]
"""
)

GOOD_3 = (
    header(27738502013, "19:59:30")
    + """Table 'Alcyone IV' 6-max Seat #1 is the button
Seat 1: Vera88 ($9.90 in chips)
Seat 2: Hero ($12.87 in chips)
Seat 3: Otto_K ($7.40 in chips)
Seat 4: sandor ($10.20 in chips)
Seat 5: RuneX ($9.80 in chips)
Seat 6: mika ($9.25 in chips)
Hero: posts small blind $0.05
Otto_K: posts big blind $0.10
*** HOLE CARDS ***
Dealt to Hero [7d 2c]
sandor: folds
RuneX: folds
mika: folds
Vera88: folds
Hero: folds
Uncalled bet ($0.05) returned to Otto_K
Otto_K collected $0.10 from pot
Otto_K: doesn't show hand
*** SUMMARY ***
Total pot $0.10 | Rake $0
Seat 1: Vera88 (button) folded before Flop (didn't bet)
Seat 2: Hero (small blind) folded before Flop
Seat 3: Otto_K (big blind) collected ($0.10)
Seat 4: sandor folded before Flop (didn't bet)
Seat 5: RuneX folded before Flop (didn't bet)
Seat 6: mika folded before Flop (didn't bet)
"""
)

HANDS = [GOOD_1, GOOD_2, BAD, GOOD_3]
HISTORY = "\n\n\n".join(hand.strip("\n") for hand in HANDS) + "\n"
# The refused hand's first line in the file.
BAD_LINE = HISTORY.splitlines().index(BAD.splitlines()[0]) + 1


# A big history: the three good hands over and over under new hand numbers, long enough for
# the server to save its progress a few times (every 1,000 hands) while the page watches.
BIG_COPIES = 1200
_QUEUE = new_queue_name()  # one per test process: routing is fixed at the first task sent


def big_history(tmp_path: Path) -> Path:
    hands = []
    for copy in range(BIG_COPIES):
        for number, hand in enumerate((GOOD_1, GOOD_2, GOOD_3)):
            hand_id = 40_000_000_000 + copy * 3 + number
            text = re.sub(r"Hand #\d+", f"Hand #{hand_id}", hand.strip("\n"), count=1)
            # Another lina at these tables: the small file's lina.p is found apart.
            hands.append(text.replace("lina.p", "lina.q"))
    path = tmp_path / "HH big session.txt"
    path.write_text("\n\n\n".join(hands) + "\n", encoding="utf-8")
    return path


@pytest.fixture
def worker(tmp_path: Path) -> Iterator[None]:
    """A real Celery worker on this test's database: imports run in the background."""
    if not settings.CELERY_BROKER_URL:
        pytest.fail("CELERY_BROKER_URL must name a broker (CI: redis://127.0.0.1:6379/0)")
    route_tasks_to(app, _QUEUE)
    previous = app.conf.task_always_eager
    app.conf.task_always_eager = False
    process = start_worker(
        database=database_url(connection.settings_dict),
        queue=_QUEUE,
        broker=settings.CELERY_BROKER_URL,
        log=tmp_path / "worker.log",
    )
    try:
        process.wait_ready()
        yield None
    finally:
        process.stop()
        app.conf.task_always_eager = previous
        with app.connection_for_write() as broker:
            broker.default_channel.queue_purge(_QUEUE)


def history_file(tmp_path: Path, name: str = "HH20090505 Alcyone IV.txt") -> Path:
    path = tmp_path / name
    path.write_text(HISTORY, encoding="utf-8")
    return path


def not_a_history(tmp_path: Path) -> Path:
    path = tmp_path / "shopping list.txt"
    path.write_text("eggs\nflour\nmilk\n", encoding="utf-8")
    return path


def choose_language(page: Page, code: str) -> None:
    page.select_option("#language-picker", code)
    expect(page.locator("html")).to_have_attribute("lang", code)


def open_imports(page: Page) -> None:
    page.goto("/")
    page.wait_for_selector(".lobby")
    page.locator(".tabs [data-tab=imports]").click()
    expect(page).to_have_url(re.compile(r"#/imports$"))
    page.wait_for_selector(".drop-zone")


def upload(page: Page, *files: Path) -> None:
    page.locator("input.import-file").set_input_files([str(path) for path in files])


def drop(page: Page, path: Path) -> None:
    """Drag the file over the drop zone and let it go, as from the desktop."""
    data = page.evaluate_handle(
        """([name, text]) => {
          const transfer = new DataTransfer();
          transfer.items.add(new File([text], name, {type: 'text/plain'}));
          return transfer;
        }""",
        [path.name, path.read_text(encoding="utf-8")],
    )
    page.dispatch_event(".drop-zone", "dragenter", {"dataTransfer": data})
    expect(page.locator(".drop-zone")).to_have_attribute("data-dragging", "true")
    page.dispatch_event(".drop-zone", "drop", {"dataTransfer": data})
    expect(page.locator(".drop-zone")).to_have_attribute("data-dragging", "false")


def job(page: Page, name: str) -> Any:
    return page.locator(f".import-job[data-file='{name}']")


def expect_done(job: Any, *, imported: int, skipped: int, refused: int) -> None:
    """The import finished, and its result counts what it says."""
    expect(job).to_have_attribute("data-status", "done")
    for kind, count in (("imported", imported), ("skipped", skipped), ("refused", refused)):
        expect(job.locator(f".count-{kind}")).to_have_attribute("data-count", str(count))


def assert_fits(page: Page, what: str) -> None:
    """No sideways scrolling, and nothing an accessibility check objects to."""
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"{what} spills sideways"
    assert axe_violations(page) == []


def watch_statuses(page: Page) -> None:
    """Record every status and progress bar the imports show, as the page draws them."""
    page.evaluate(
        """() => {
          window.importStatuses = [];
          window.importProgress = [];
          const seen = () => document.querySelectorAll('.import-job').forEach((job) => {
            const bar = job.querySelector('progress');
            const entry = job.dataset.status + (bar ? ':bar' : '');
            if (!window.importStatuses.includes(entry)) window.importStatuses.push(entry);
            if (bar && bar.hasAttribute('value')) {
              const text = job.querySelector('.import-status').textContent;
              const last = window.importProgress.at(-1);
              if (!last || last.text !== text) {
                window.importProgress.push({value: bar.value, max: bar.max, text});
              }
            }
          });
          new MutationObserver(seen).observe(document.body,
            {subtree: true, childList: true, attributes: true, characterData: true});
        }"""
    )


@pytest.fixture
def importer() -> Player:
    return Player.objects.create()


@pytest.mark.celery_worker
@pytest.mark.broker
@pytest.mark.postgres
@pytest.mark.timeout(600)
def test_a_hand_history_is_imported_studied_and_shared(
    browse: Any, importer: Player, tmp_path: Path, worker: None
) -> None:
    page = browse(player=importer)
    open_imports(page)
    watch_statuses(page)
    history = history_file(tmp_path)
    big = big_history(tmp_path)
    # Three files at once: one request each.
    browse.expect_status(422)
    upload(page, history, not_a_history(tmp_path), big)

    # The file not a hand history is refused as a whole, with the catalog's reason.
    refused = job(page, "shopping list.txt")
    expect(refused).to_have_attribute("data-status", "refused")
    expect(refused.locator(".import-failed-title")).to_be_visible()
    expect(refused.locator(".import-failed")).to_have_attribute("data-code", "not_a_hand_history")
    expect(refused.locator(".import-failed-reason")).to_contain_text("shopping list.txt")

    # The big one: its progress bar while the worker reads it, part of the file done and the
    # hands counted so far, then its result.
    big_job = job(page, big.name)
    expect(big_job).to_have_attribute("data-status", "done", timeout=240_000)
    expect(big_job.locator(".count-imported")).to_have_attribute("data-count", str(3 * BIG_COPIES))
    seen = page.evaluate("window.importProgress")
    partial = [each for each in seen if 0 < each["value"] < each["max"]]
    assert partial, seen
    assert any(
        re.search(r"Reading: \d+% of the file, [\d,]+ hands so far", each["text"])
        for each in partial
    ), seen

    # The small one: three hands imported, the bad one refused with its line and reason.
    done = job(page, history.name)
    expect_done(done, imported=3, skipped=0, refused=1)
    statuses = page.evaluate("window.importStatuses")
    assert any(status in ("queued:bar", "running:bar") for status in statuses), statuses
    refusal = done.locator(".import-refusal")
    expect(refusal).to_have_count(1)
    expect(refusal).to_have_attribute("data-code", "card_dealt_twice")
    line = int(refusal.get_attribute("data-line") or 0)
    assert BAD_LINE <= line < BAD_LINE + len(BAD.splitlines()), (line, BAD_LINE)
    expect(refusal.locator(".refusal-where")).to_contain_text(f"Line {line}")
    expect(refusal.locator(".refusal-where")).to_contain_text("27738502012")
    expect(refusal.locator(".refusal-reason")).to_contain_text("Kd")

    # Every hand in pages; "List this file's hands" narrows the list to the small file's.
    rows = page.locator(".imported-row")
    expect(page.locator(".pager-where")).to_contain_text(f"of {3 * BIG_COPIES + 3:,}")
    page.locator("[data-action=next-page]").click()
    expect(page.locator(".pager-where")).to_contain_text("51–100")
    done.locator("[data-action=show-import]").click()
    expect(page.locator(".filter-import")).to_be_visible()
    # The file's three hands, their stakes in dollars and cents, the rake where there was one.
    expect(rows).to_have_count(3)
    expect(rows.first.locator(".imported-stakes")).to_have_text("$0.05/$0.10")
    first = page.locator(".imported-row", has_text="27738502010")
    expect(first.locator(".imported-pot")).to_have_text("$1.45")
    expect(first.locator(".imported-rake")).to_have_text("$0.08")
    expect(first.locator(".imported-room")).to_have_text("PokerStars")
    expect(first.locator(".imported-table")).to_have_text("Alcyone IV")
    expect(first.locator(".imported-players .hero")).to_have_text("Hero")

    # Filters: a player's name (within the file), none, then every hand by room and name.
    page.fill("#filter-player", "lina.p")
    page.locator("[data-action=filter]").click()
    expect(rows).to_have_count(2)
    page.fill("#filter-player", "nobody-at-all")
    page.keyboard.press("Enter")
    expect(page.locator(".imported-hands .empty")).to_be_visible()
    page.locator("[data-action=clear-filters]").click()
    total = f"of {3 * BIG_COPIES + 3:,}"
    expect(page.locator(".pager-where")).to_contain_text(total)
    expect(page.locator("#filter-room option[value=pokerstars]")).to_have_count(1)
    page.select_option("#filter-room", "pokerstars")
    expect(page.locator(".pager-where")).to_contain_text(total)
    page.fill("#filter-player", "lina.p")
    page.keyboard.press("Enter")
    expect(rows).to_have_count(2)

    # The same file again adds nothing: every hand already there, the bad one refused again.
    upload(page, history)
    expect_done(job(page, history.name).first, imported=0, skipped=3, refused=1)
    expect(rows).to_have_count(2)
    assert axe_violations(page) == []

    # The replayer: the source, the amounts in the hand's unit, step by step with the keyboard.
    first.locator(".hand-link").click()
    expect(page).to_have_url(re.compile(r"#/match/[0-9a-f-]+/hand/1$"))
    page.wait_for_selector(".replay-stage")
    expect(page.locator("h2")).to_contain_text("27738502010")
    source = page.locator(".source-line")
    expect(source.locator(".source-table")).to_contain_text("Alcyone IV")
    expect(source.locator(".source-file")).to_contain_text(f"{history.name}, line 1")
    expect(page.locator(".seat", has_text="Hero").locator(".seat-stack")).to_contain_text("$10.25")
    expect(page.locator("[data-action=verify]")).to_have_count(0)  # no seed of ours to check
    steps: list[tuple[int, str | None]] = [
        (1, None),
        (2, "RuneX posts the small blind ($0.05)"),
        (3, "$0.10"),
    ]
    for step, said in steps:
        page.keyboard.press("ArrowRight")
        expect(page.locator(".replay-stage")).to_have_attribute("data-step", str(step))
        if said:
            expect(page.locator(".replay-log li.current")).to_contain_text(said)
    page.keyboard.press("End")
    log = page.locator(".replay-log").inner_text()
    assert "$0.30" in log and "$1.37" in log, log
    expect(page.locator(".settle-rake")).to_have_attribute("data-rake", "8")
    expect(page.locator(".settle-rake")).to_contain_text("$0.08")
    expect(page.locator(".settle-rake")).to_contain_text("$1.45")
    # Downloaded as the room wrote it: its hand number, names and money.
    with page.expect_download() as download:
        page.locator(".exports [data-format=pokerstars]").click()
    exported = download.value.path().read_text(encoding="utf-8")
    assert "PokerStars Hand #27738502010" in exported, exported[:300]
    assert "Hero collected $1.37" in exported and "Rake $0.08" in exported, exported
    with page.expect_download() as download:
        page.locator(".exports [data-format=phh]").click()
    exported = download.value.path().read_text(encoding="utf-8")
    assert 'variant = "NT"' in exported and "10.25" in exported, exported[:300]
    assert axe_violations(page) == []

    # Share it; the link opens in a fresh browser with no account, in dollars too.
    page.locator("[data-action=share]").click()
    link = page.locator(".share-panel .share-link")
    expect(link).to_have_value(re.compile(r"/shared/[A-Za-z0-9_-]{43}$"))
    visitor = browse()
    visitor.goto(link.input_value())
    visitor.wait_for_selector(".replay-stage")
    expect(visitor.locator("h2")).to_contain_text("27738502010")
    expect(visitor.locator(".source-file")).to_have_count(0)  # the owner's file stays theirs
    expect(visitor.locator(".share-panel")).to_have_count(0)
    visitor.keyboard.press("End")
    expect(visitor.locator(".settle-rake")).to_contain_text("$0.08")
    visitor_log = visitor.locator(".replay-log").inner_text()
    assert "$1.37" in visitor_log, visitor_log
    assert axe_violations(visitor) == []


@pytest.mark.parametrize("language", ["en", "ar"])
@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_screenshots(
    browse: Any, importer: Player, tmp_path: Path, language: str, size: str
) -> None:
    viewport = DESKTOP if size == "desktop" else PHONE
    name = f"{language}-{viewport['width']}x{viewport['height']}"
    page = browse(player=importer, viewport=viewport, locale=LOCALES[language])
    open_imports(page)
    choose_language(page, language)
    browse.expect_status(422)
    drop(page, history_file(tmp_path))
    upload(page, not_a_history(tmp_path))
    expect(page.locator(".import-job[data-status=done]")).to_have_count(1)
    expect(page.locator(".import-job[data-status=refused]")).to_have_count(1)
    expect(page.locator(".imported-row")).to_have_count(3)
    text = page.locator(".study-imports").inner_text()
    assert "imports." not in text and "error." not in text, text
    if language == "ar":
        assert "Imported" not in text and "Line " not in text, text
    shot(page, f"imports-{name}")
    assert_fits(page, "the imports page")

    page.locator(".imported-row", has_text="27738502011").locator(".hand-link").click()
    page.wait_for_selector(".replay-stage")
    page.keyboard.press("End")
    expect(page.locator(".settle-rake")).to_be_visible()
    shot(page, f"imports-replay-{name}")
    assert_fits(page, "the imported hand's replayer")

    page.goto("/#/stats")
    page.wait_for_selector("#stats-source")
    page.select_option("#stats-source", "imported")
    expect(page.locator(".stats-level").first).to_be_visible()
    shot(page, f"imports-stats-{name}")


def test_a_file_refused_whole_stays_listed_when_the_list_arrives_after_it(
    browse: Any, importer: Player, tmp_path: Path
) -> None:
    """The page reads the earlier imports as it opens; a file refused whole meanwhile (the
    server keeps no import of it) stays on the list that read brings, beside what it lists."""
    HandImport.objects.create(
        owner=importer,
        file_name="earlier.txt",
        size=1,
        status=HandImport.Status.DONE,
        imported=1,
    )
    page = browse(player=importer)
    held: list[Route] = []

    def hold_the_list(route: Route) -> None:
        if route.request.method == "GET":
            held.append(route)
        else:
            route.continue_()

    page.route(re.compile(r"/api/imports/(\?.*)?$"), hold_the_list)
    open_imports(page)
    browse.expect_status(422)
    upload(page, not_a_history(tmp_path))
    refused = page.locator(".import-job[data-status=refused]")
    expect(refused).to_have_count(1)
    assert held, "the list of imports was not read as the page opened"
    for route in held:
        route.continue_()
    expect(job(page, "earlier.txt")).to_have_attribute("data-status", "done")
    expect(refused).to_have_count(1)
    expect(job(page, "shopping list.txt")).to_have_attribute("data-status", "refused")


def test_amounts_are_written_exactly_in_the_hands_unit(browse: Any) -> None:
    """money.js cuts the integer minor units into a decimal string: no float ever holds an
    amount, so the largest safe integer of cents is written to the cent, in each language."""
    page = browse()
    page.goto("/")
    page.wait_for_selector(".lobby")
    url = page.evaluate(
        "document.querySelector('script[type=module]').src.replace('main.js', 'money.js')"
    )
    written = page.evaluate(
        """async (url) => {
          const {formatAmount} = await import(url);
          const usd = {unit: 'USD', scale: 100};
          return {
            small: formatAmount(5, usd, 'en'),
            whole: formatAmount(1000, usd, 'en'),
            negative: formatAmount(-7, usd, 'en'),
            huge: formatAmount(9007199254740991, usd, 'en'),
            german: formatAmount(123456, {unit: 'EUR', scale: 100}, 'de'),
            chips: formatAmount(1500, {unit: 'chips', scale: 1}, 'en'),
            mills: formatAmount(1005, {unit: 'chips', scale: 1000}, 'en'),
            odd: formatAmount(250, {unit: 'chips', scale: 3}, 'en'),
          };
        }""",
        url,
    )
    assert written == {
        "small": "$0.05",
        "whole": "$10.00",
        "negative": "-$0.07",
        "huge": "$90,071,992,547,409.91",
        "german": "1.234,56\xa0€",
        "chips": "1,500",
        "mills": "1.005",
        "odd": "250",
    }, written
