// "Verify the shuffle": what the replayer checks, from a finished hand's replay, on top of
// shuffle.js (the documented algorithm). Pure functions over the API's records; nothing here
// trusts the server beyond the events themselves.
//
// Hold'em: one seed per hand. Every card the hand dealt and burned is checked against the deck
// the seed gives: those the replay shows (your hole cards, the board, the hands shown at
// showdown) and, once the hand is over, the rest as stored (the replay's ``dealt``: every
// seat's hole cards, each street's burn).
// Up & Down: a shoe serves many deals, so a deal is checked shoe by shoe: the match's feed says
// which shuffle each card was drawn from and in which order (games/engine/updown/__init__.py).

import { STANDARD_DECK, commitmentOf, holdemDealt, shuffled, verifyShoe, verifyShuffle } from "./shuffle.js";

const HOLE = "holdem.hole_cards_dealt";

// The hole cards each seat showed at showdown, written into the deal events that hid them, so
// the check covers them too.
export function withShownCards(events) {
  const shown = new Map();
  for (const event of events) {
    if (event.type === "holdem.hand_shown") shown.set(event.payload.seat, event.payload.cards);
  }
  return events.map((event) => {
    if (event.type !== HOLE || event.payload.cards || !shown.has(event.payload.seat)) return event;
    return { ...event, payload: { ...event.payload, cards: [...shown.get(event.payload.seat)] } };
  });
}

// The cards the finished hand dealt face down (others' hole cards, the burns), as the replay's
// ``dealt`` gives them, written into the events that hid them.
export function withDealtCards(events, dealt) {
  if (!dealt) return events;
  const holes = new Map(dealt.holes.map((hole) => [hole.seat, hole.cards]));
  const burns = new Map(dealt.burned.map((burn) => [burn.street, burn.card]));
  return events.map((event) => {
    const p = event.payload;
    if (event.type === HOLE && !p.cards && holes.has(p.seat)) {
      return { ...event, payload: { ...p, cards: [...holes.get(p.seat)] } };
    }
    if (event.type === "holdem.board_dealt" && !p.burned && burns.has(p.street)) {
      return { ...event, payload: { ...p, burned: burns.get(p.street) } };
    }
    return event;
  });
}

/** A finished Hold'em hand checked: {kind: "holdem", ok, commitmentOk, checked, firstDifference}. */
export async function verifyHoldem(replay) {
  if (!replay.seed) return { kind: "holdem", sealed: true, ok: false };
  const result = await verifyShuffle({
    seed: replay.seed,
    commitment: replay.commitment,
    dealt: holdemDealt(withDealtCards(withShownCards(replay.events), replay.dealt)),
  });
  return { kind: "holdem", sealed: false, digest: await commitmentOf(replay.seed), ...result };
}

// The k-th player from the button's left gets deck positions k and n + k (shuffle.js).
function dealingOrder(events) {
  const started = events.find((event) => event.type === "holdem.hand_started");
  const seats = events.filter((event) => event.type === HOLE).map((event) => event.payload.seat);
  const count = Math.max(...seats, started.payload.button) + 1;
  const distance = (seat) => (seat - started.payload.button - 1 + count) % count;
  return [...seats].sort((a, b) => distance(a) - distance(b));
}

/**
 * Every seat's hole cards as the revealed seed fixes them: what the end of the hand revealed,
 * folded hands included. {seat: [card, card]}; empty while the seed is secret.
 */
export async function holeCardsFromSeed(replay) {
  if (!replay.seed) return {};
  const deck = await shuffled(replay.seed, STANDARD_DECK);
  const order = dealingOrder(replay.events);
  const cards = {};
  order.forEach((seat, k) => {
    cards[seat] = [deck[k], deck[order.length + k]];
  });
  return cards;
}

/**
 * Which shuffle each card of the match was drawn from, in draw order, from the match's feed:
 * {shuffle: [card | null, ...]} (null: a card this viewer was not shown), and the shuffles
 * drawn from during deal ``dealNumber``.
 */
export function shoeDraws(feed, dealNumber) {
  const drawn = {};
  const used = new Set();
  let current = null;
  let deal = null;
  for (const record of feed) {
    const p = record.payload;
    if (record.type === "updown.deal_started") deal = p.deal_number;
    else if (record.type === "updown.shoe_shuffled") {
      current = p.shuffle;
      drawn[current] = [];
    } else if (record.type === "updown.card_dealt" && current !== null) {
      drawn[current].push(p.card || null);
      if (deal === dealNumber) used.add(current);
    }
  }
  return { drawn, used: [...used].sort((a, b) => a - b) };
}

/**
 * An Up & Down deal checked shoe by shoe: [{kind: "updown", shuffle, sealed, ok, ...}].
 * A shoe whose seed is still secret (a card of it may still be hidden) is "sealed".
 */
export async function verifyDeal(replay, feed) {
  const { drawn, used } = shoeDraws(feed, replay.hand_number);
  const proofs = new Map((replay.shuffles || []).map((proof) => [proof.shuffle, proof]));
  const results = [];
  for (const shuffle of used) {
    const proof = proofs.get(shuffle);
    if (!proof || !proof.seed || !proof.pile) {
      results.push({ kind: "updown", shuffle, sealed: true, ok: false });
      continue;
    }
    const result = await verifyShoe({ ...proof, drawn: drawn[shuffle] });
    results.push({ kind: "updown", shuffle, sealed: false, digest: await commitmentOf(proof.seed), ...result });
  }
  return results;
}
