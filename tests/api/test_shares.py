"""Shared hands through the API: the owner shares, lists and revokes; anyone with the link reads
the hand as the owner saw it when it ended, and nothing more (issue 29)."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from games.engine.holdem import HOLDEM
from games.engine.holdem import events as ev
from games.engine.updown import events as ud
from games.models import Match, SharedHand
from games.selectors import stored_events
from tests.api.client import ApiClient, Reply
from tests.api.conftest import HEADS_UP_ALL_IN, House, first_hand_seed, play_first_hand
from tests.api.test_errors import assert_refused
from tests.api.test_full_match import cautious, maniac
from tests.api.test_leaks import CARD, hidden_by_seq
from tests.api.test_throttling import assert_throttled, rates  # noqa: F401 - a fixture
from tests.api.test_updown import _assert_nothing_hidden_in, _play, _secrets_by_seq

SEED_HEX = re.compile(r"[0-9a-f]{64}")


def share(client: ApiClient, match_id: str, hand: int, **body: Any) -> Reply:
    return client.post(f"/api/matches/{match_id}/hands/{hand}/share/", body)


def shared(client: ApiClient, token: str) -> Reply:
    return client.get(f"/api/shared/{token}/")


@pytest.fixture
def heads_up(quiet: ApiClient, house: House, deal: Any) -> str:
    """A quiet match whose first hand was an all-in before the flop between the human and seat
    3 (the others folded) that the human survived: hand 2 is being played."""
    deal(first_hand_seed(HEADS_UP_ALL_IN, lambda state: state.seats[0].stack > 0))
    match_id = quiet.start().ok().body["id"]
    play_first_hand(quiet, house, match_id, HEADS_UP_ALL_IN)
    assert house.state(match_id).hand_number == 2
    return match_id


# --- share, list, revoke ----------------------------------------------------------------------


def test_the_owner_shares_a_finished_hand_and_lists_and_revokes_its_link(quiet, heads_up):
    made = share(quiet, heads_up, 1).ok()
    assert made.status == 201
    token = made.body["token"]
    assert len(token) >= 43 and made.body["hand_number"] == 1
    again = share(quiet, heads_up, 1, show_owner_name=True).ok()
    assert again.status == 200 and again.body["token"] == token  # one live link per hand
    listed = quiet.get("/api/shares/").ok().body["shares"]
    assert [(link["token"], link["show_owner_name"]) for link in listed] == [(token, True)]

    assert quiet.request("DELETE", f"/api/shares/{token}/").status == 204
    assert quiet.get("/api/shares/").ok().body["shares"] == []
    assert_refused(shared(ApiClient(), token), 404, "not_found")
    assert_refused(quiet.request("DELETE", f"/api/shares/{token}/"), 404, "not_found")
    # Sharing it again makes a new link; the old one stays dead.
    fresh = share(quiet, heads_up, 1).ok()
    assert fresh.status == 201 and fresh.body["token"] != token
    assert_refused(shared(ApiClient(), token), 404, "not_found")
    shared(ApiClient(), fresh.body["token"]).ok()


def test_only_the_owner_can_share_list_or_revoke(quiet, heads_up, make_client):
    token = share(quiet, heads_up, 1).ok().body["token"]
    stranger = make_client(ai=False)
    stranger.start().ok()
    before = SharedHand.objects.count()
    assert_refused(share(stranger, heads_up, 1), 404, "not_found")
    assert stranger.get("/api/shares/").ok().body["shares"] == []
    assert_refused(stranger.request("DELETE", f"/api/shares/{token}/"), 404, "not_found")
    assert SharedHand.objects.count() == before
    shared(ApiClient(), token).ok()  # still live


def test_an_unfinished_or_missing_hand_is_refused(quiet, heads_up):
    assert_refused(share(quiet, heads_up, 2), 409, "hand_not_finished", hand_number=2)
    assert_refused(share(quiet, heads_up, 9), 404, "hand_not_found", hand_number=9)
    assert_refused(share(quiet, heads_up, 1, show_owner_name="yes"), 400, "invalid")
    assert not SharedHand.objects.exists()


def test_a_wrong_token_is_not_found(quiet, heads_up):
    token = share(quiet, heads_up, 1).ok().body["token"]
    for wrong in (token[:-1], token + "x", token[:-1] + ("A" if token[-1] != "A" else "B"), "x"):
        assert_refused(shared(ApiClient(), wrong), 404, "not_found")


# --- what a link shows -------------------------------------------------------------------------


def test_a_shared_hand_is_the_owners_replay_with_the_owners_name_only_if_chosen(
    quiet, heads_up, django_user_model
):
    token = share(quiet, heads_up, 1).ok().body["token"]
    visitor = ApiClient()
    body = shared(visitor, token).ok().body
    assert body["replay"] == quiet.replay(heads_up, 1).ok().body
    assert body["owner"] is None and body["players"][0]["name"] is None
    dealt = hole_cards(heads_up, 1)
    # Both all-in hands, the owner's first; the blinds the others folded are in the pot.
    assert body["preview"] == {
        "hands": [dealt[0], dealt[3]],
        "ending": "all_in_preflop",
        "pot": 2030,
    }
    # A guest has no name to show; a registered owner's is shown once they choose it.
    quiet.signup("sharer", "a long enough password 42").ok()
    share(quiet, heads_up, 1, show_owner_name=True).ok()
    named = shared(visitor, token).ok().body
    assert named["owner"] == "sharer" and named["players"][0]["name"] == "sharer"


def hole_cards(match_id: str, hand_number: int) -> dict[int, list[str]]:
    state = HOLDEM.new_state()
    dealt: dict[int, list[str]] = {}
    for _, item in stored_events(Match.objects.get(id=match_id)):
        HOLDEM.apply(state, item)
        if isinstance(item, ev.HoleCardsDealt) and state.hand_number == hand_number:
            dealt[item.seat] = list(item.cards)
    return dealt


def visible_at_hand_end(match: Match, hand_number: int) -> tuple[set[str], str, set[str]]:
    """The cards the owner saw by the end of hand ``hand_number``, that hand's seed, and the
    cards its revealed seed fixes (every card dealt and burned)."""
    state = HOLDEM.new_state()
    visible: set[str] = set()
    dealt: set[str] = set()
    for _, item in stored_events(match):
        HOLDEM.apply(state, item)
        if state.hand_number != hand_number:
            continue
        visible |= set(state.board) | set(state.seats[0].hole)
        for cards in state.shown.values():
            visible |= set(cards)
        # The end reveals the seed, and with it every card the hand dealt and burned (the
        # replay's ``dealt``, which "Verify the shuffle" checks): docs/architecture.md.
        if isinstance(item, ev.HoleCardsDealt):
            dealt |= set(item.cards)
        if isinstance(item, ev.BoardDealt):
            dealt |= {item.burned, *item.cards}
        if isinstance(item, ev.HandEnded):
            return visible, item.seed or "", dealt
    raise AssertionError("the hand did not end")


def cards_anywhere(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value} if CARD.match(value) else set()
    if isinstance(value, list):
        return set().union(*(cards_anywhere(item) for item in value)) if value else set()
    if isinstance(value, dict):
        return set().union(*(cards_anywhere(item) for item in value.values())) if value else set()
    return set()


def test_a_logged_out_visitor_sees_no_hidden_card_and_no_other_seed(
    make_client,
    reproducible,
    rates,  # noqa: F811
):
    """Hands shared while the next is being played, and the last hand of a match shared once
    the match ended, each read by a visitor with no session: no card the owner had not seen
    when it ended (its seed aside, which the end revealed), no seed but its own, nothing of
    the hand in play."""
    rates(share="100000/day", shared="100000/day")
    owner = make_client()
    rng = random.Random(29)
    # A maniac's match ends soon (its last hand shared after the end); a cautious one goes on
    # long, and only its first hands are shared.
    first = share_hands_of_a_match(owner, make_client, maniac, rng, wanted=10, to_the_end=True)
    wanted = max(10, 20 - first[0])
    second = share_hands_of_a_match(owner, make_client, cautious, rng, wanted=wanted)
    checked, in_play, after_the_end = (a + b for a, b in zip(first, second, strict=True))
    assert checked >= 20 and in_play >= 10 and after_the_end == 1, (checked, in_play)


def share_hands_of_a_match(
    owner: ApiClient,
    make_client: Any,
    style: Any,
    rng: random.Random,
    *,
    wanted: int,
    to_the_end: bool = False,
) -> tuple[int, int, int]:
    """Play a match, sharing each hand as it ends until ``wanted`` were checked, and (with
    ``to_the_end``) play on and share its last hand after the match ended: how many were
    checked, how many while a hand was in play, how many after the end."""
    match_id = owner.start("easy").ok().body["id"]
    checked = in_play = 0
    shared_hands: set[int] = set()
    for _ in range(3000):
        current = owner.view(match_id).ok().body
        view = current["view"]
        finished = current["status"] == "finished"
        last = view["hand_number"] + (1 if finished else 0)
        ended = [hand for hand in range(1, last) if hand not in shared_hands]
        if finished:
            in_play_here = check_a_shared_hand(owner, make_client, match_id, last - 1)
            return checked + 1, in_play + in_play_here, 1
        for hand in ended[: max(0, wanted - checked)]:
            in_play += check_a_shared_hand(owner, make_client, match_id, hand)
            checked += 1
        shared_hands.update(ended)
        if checked >= wanted and not to_the_end:
            return checked, in_play, 0
        if view["legal_actions"] is not None:
            action, amount = style(view, rng)
            owner.act(match_id, action, amount).ok()
        else:
            owner.watch(match_id).ok()
    raise AssertionError("the match did not end")


def check_a_shared_hand(owner: ApiClient, make_client: Any, match_id: str, hand: int) -> int:
    """Share ``hand`` and read it as a visitor: nothing hidden in it; 1 if a hand was being
    played meanwhile (nothing of it may show), else 0."""
    token = share(owner, match_id, hand).ok().body["token"]
    reply = shared(make_client(), token).ok()
    match = Match.objects.get(id=match_id)
    visible, seed, dealt = visible_at_hand_end(match, hand)
    leaked = cards_anywhere(reply.body) - visible - dealt
    assert not leaked, (hand, leaked)
    assert set(SEED_HEX.findall(reply.text)) <= {seed, *commitments(reply.body)}
    now = hidden_by_seq(match_id)[match.seq]
    if now is None:
        return 0
    assert now.seed not in reply.text
    return 1


def commitments(body: dict[str, Any]) -> set[str]:
    return {body["replay"].get("commitment") or ""}


def test_the_checker_catches_a_hole_card_the_owner_never_saw(heads_up):
    match = Match.objects.get(id=heads_up)
    visible, _, _ = visible_at_hand_end(match, 1)
    folded = next(
        item
        for _, item in stored_events(match)
        if isinstance(item, ev.HoleCardsDealt) and item.seat == 1
    )
    assert set(folded.cards) - visible  # seat 1 folded unseen: its cards would be a leak
    assert cards_anywhere({"x": [list(folded.cards)]}) - visible


# --- throttling -------------------------------------------------------------------------------


def test_looking_links_up_is_limited_per_address(quiet, heads_up, rates):  # noqa: F811
    rates(shared="3/day")
    token = share(quiet, heads_up, 1).ok().body["token"]
    guesser = ApiClient()
    for n in range(2):
        assert_refused(shared(guesser, f"guess{n}"), 404, "not_found")
    shared(guesser, token).ok()
    assert_throttled(shared(guesser, token))
    assert_throttled(shared(ApiClient(), "another-guess"))  # same address, new session
    # The preview page counts against the same limit.
    assert quiet.http.get(f"/shared/{token}").status_code == 429


def test_sharing_is_limited_per_player(quiet, heads_up, rates):  # noqa: F811
    rates(share="2/day")
    share(quiet, heads_up, 1).ok()
    share(quiet, heads_up, 1).ok()
    assert_throttled(share(quiet, heads_up, 1))


def test_a_shared_up_and_down_deal_gives_no_seed_revealed_after_it(
    make_client,
    rates,  # noqa: F811
    reproducible,
):
    """A shoe serves many deals and its seed is revealed later: a shared deal's proof is the
    one its owner had when the deal ended, and nothing the deal's end still hid is in it. The
    match is reproducible: with fresh shuffles a match could end before any shoe ran out."""
    rates(share="100000/day", shared="100000/day")
    owner = make_client()
    match_id = owner.post("/api/matches/", {"game": "updown", "level": "easy"}).ok().body["id"]
    _play(owner, match_id, deals=40)
    secrets = _secrets_by_seq(match_id)
    match = Match.objects.get(id=match_id)
    revealed_at: dict[str, int] = {
        item.seed: seq
        for seq, item in stored_events(match)
        if isinstance(item, ud.ShuffleRevealed) and item.seed
    }
    later_seeds = 0
    deals = [hand for hand in owner.hands(match_id).ok().body["hands"] if hand["finished"]]
    assert len(deals) >= 5
    for deal in deals:
        token = share(owner, match_id, deal["hand_number"]).ok().body["token"]
        body = shared(make_client(), token).ok().body
        end = deal["last_seq"]
        given = {proof["seed"] for proof in body["replay"]["shuffles"] if proof["seed"]}
        assert all(revealed_at[seed] <= end for seed in given), deal["hand_number"]
        owners_now = owner.replay(match_id, deal["hand_number"]).ok().body["shuffles"]
        later_seeds += len({proof["seed"] for proof in owners_now if proof["seed"]} - given)
        for event in body["replay"]["events"]:
            _assert_nothing_hidden_in(event, secrets[event["seq"]])
        masked = {
            **body,
            "replay": {**body["replay"], "shuffles": [], "events": []},
            "view": {**body["view"], "last_deal": None},
        }
        assert not secrets[end].shown_in(json.dumps(masked)), deal["hand_number"]
    assert later_seeds > 0  # not vacuous: some seed came out after a shared deal ended
