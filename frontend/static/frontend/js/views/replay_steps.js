// A finished hand as a list of tables, one per step: step 0 is the table before the hand's first
// event, step k the table after its k-th event. The live table's own display.apply() moves
// each event's figures, so the replayer draws exactly what the table drew; this module only
// adds what a replay needs on top: the stacks the hand started from, the pots as they form and
// are paid, and at the last step every card the end of the hand revealed.

import { apply, fromView, shortType } from "../display.js";

const CLOSING = new Set(["hand_ended", "deal_ended"]);
// Events a seat does: the seat is marked as acting while they are shown, and only then.
const SEAT_MOVES = new Set(["blind_posted", "folded", "checked", "called", "bet", "raised", "card_locked"]);

// The copy of a table a step keeps (the next event must not change it).
const snapshot = (display) => structuredClone(display);

/** The match's view as a blank table for this hand: every seat empty, no result. */
export function blankTable(body) {
  const display = fromView(body);
  display.live = false;
  display.legal = null;
  display.to_act = null;
  display.result = null;
  display.winner = null;
  display.phase = "betting";
  display.board = [];
  display.pots = null;
  display.pot = 0;
  for (const seat of display.seats) {
    Object.assign(seat, { bet: 0, folded: false, all_in: false, cards: null, last: null, shown: null });
    seat.locked_card = null;
    seat.has_locked = false;
    seat.signal = null;
  }
  return display;
}

// Who played this hand: Hold'em seats dealt cards (the others were already out); both seats in
// Up & Down.
function seatsInHand(game, events, count) {
  if (game !== "holdem") return new Set([...Array(count).keys()]);
  return new Set(events.filter((r) => shortType(r) === "hole_cards_dealt").map((r) => r.payload.seat));
}

/**
 * The stacks each seat started the hand with: the closing event's stacks less what the hand's
 * events moved (found by replaying them on empty stacks). Null when the hand has no closing
 * stacks (an abandoned hand).
 */
export function startingStacks(body, events) {
  const closing = events.find((record) => CLOSING.has(shortType(record)));
  if (!closing || !closing.payload.stacks) return null;
  const probe = blankTable(body);
  for (const seat of probe.seats) seat.stack = 0;
  for (const record of events) {
    if (record === closing) break;
    apply(probe, record);
  }
  return closing.payload.stacks.map((stack, seat) => stack - probe.seats[seat].stack);
}

/**
 * The pots the chips in the middle make, as the engine forms them (games/engine/holdem/pots.py,
 * docs/rules.md#holdem-pots): each live all-in player caps a pot at what they put in; folded
 * chips stay in the pots they reach, but only live players are eligible. ``put`` is what each
 * seat has put in this hand, ``live`` who has not folded, ``allIn`` who is all in.
 */
export function potsFrom(put, live, allIn) {
  if (!put.length) return [];
  const caps = [...new Set([...put.filter((_, seat) => live[seat] && allIn[seat]), Math.max(...put)])].sort((a, b) => a - b);
  const pots = [];
  let floor = 0;
  for (const cap of caps) {
    const amount = put.reduce((sum, chips) => sum + Math.max(0, Math.min(chips, cap) - floor), 0);
    const eligible = put.map((_, seat) => seat).filter((seat) => live[seat] && put[seat] >= cap);
    if (amount > 0) {
      const last = pots[pots.length - 1];
      // A level only folded players reached is dead money for the pot below it.
      if (last && (sameSeats(last.eligible, eligible) || !eligible.length)) last.amount += amount;
      else pots.push({ amount, eligible });
    }
    floor = cap;
  }
  return pots;
}

const sameSeats = (a, b) => a.length === b.length && a.every((seat, i) => seat === b[i]);

function potsOf(table, put) {
  return potsFrom(
    put,
    table.seats.map((seat) => seat.in_hand && !seat.folded),
    table.seats.map((seat) => Boolean(seat.all_in)),
  );
}

/** Build every step of the hand. Returns {steps: [display], events, revealed}. */
export function buildSteps(body, replay, revealed = {}) {
  const events = replay.events;
  const table = blankTable(body);
  const starts = startingStacks(body, events);
  const playing = seatsInHand(body.game, events, table.seats.length);
  table.seats.forEach((seat, index) => {
    if (starts) seat.stack = starts[index];
    seat.in_match = playing.has(index);
    seat.in_hand = seat.in_match;
    if (seat.in_match) seat.place = null;
  });
  table.hand_number = body.game === "holdem" ? replay.hand_number : table.hand_number;
  if (body.game === "holdem") placeMarkers(table, events);
  table.deal_number = body.game === "updown" ? replay.hand_number : table.deal_number;
  const start = table.seats.map((seat) => seat.stack);
  const steps = [snapshot(table)];
  let paid = null;
  events.forEach((record, index) => {
    const kind = shortType(record);
    apply(table, record);
    if (!SEAT_MOVES.has(kind)) table.acting = null;
    if (body.game === "holdem") {
      if (kind === "pot_awarded") {
        // The pots as they stood at the first payout, each gone once paid.
        paid = paid || potsAt(table, start, record.payload);
        paid.remaining = paid.remaining.filter((pot) => pot.index !== record.payload.pot);
        table.pots = paid.remaining.length ? paid.remaining : null;
      } else if (!paid && (kind === "board_dealt" || kind === "hand_shown")) {
        const pots = potsOf(table, putIn(table, start));
        table.pots = pots.length > 1 ? pots : null;
      }
    }
    if (CLOSING.has(kind)) table.phase = "between_hands";
    if (index === events.length - 1) revealAll(table, revealed);
    steps.push(snapshot(table));
  });
  return { steps, events };
}

// Step 0 shows this hand's button and blinds, from its own events (the match's view, which the
// blank table comes from, holds the latest hand's).
function placeMarkers(table, events) {
  const started = events.find((record) => shortType(record) === "hand_started");
  const posted = (blind) => events.find((record) => shortType(record) === "blind_posted" && record.payload.blind === blind);
  table.button = started ? started.payload.button : null;
  table.small_blind_seat = posted("small") ? posted("small").payload.seat : null;
  table.big_blind_seat = posted("big") ? posted("big").payload.seat : null;
}

function putIn(table, start) {
  return table.seats.map((seat, index) => start[index] - seat.stack);
}

function potsAt(table, start, firstAward) {
  // Undo the first award (already applied) to see what each seat had put in.
  const put = putIn(table, start);
  firstAward.winners.forEach((winner, i) => {
    put[winner] += firstAward.shares[i];
  });
  const pots = potsOf(table, put).map((pot, index) => ({ ...pot, index }));
  return { remaining: pots };
}

// The last step shows every hole card the revealed seed fixes (folded hands too), marked as
// revealed by the seed, beside the hands shown at showdown.
function revealAll(table, revealed) {
  for (const [seat, cards] of Object.entries(revealed)) {
    const each = table.seats[Number(seat)];
    if (!each || each.cards) continue;
    each.cards = [...cards];
    each.fromSeed = true;
    if (Number(seat) !== table.viewer) each.in_hand = true;
  }
}
