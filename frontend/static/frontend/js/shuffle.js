// The provably fair shuffle, re-derived in the browser: the same algorithm as
// games/engine/shuffle.py, so a player can check a finished hand without trusting the server.
//
// 1. A byte stream: SHA-256(seed || counter) for counter = 0, 1, 2, ... (8-byte big-endian),
//    the 32-byte blocks concatenated, read as big-endian unsigned 32-bit words.
// 2. Fisher-Yates from the end: for i from n - 1 down to 1, draw j in 0..i by rejection
//    sampling (discard x >= 2^32 - 2^32 % (i + 1); j = x % (i + 1)) and swap i and j.
// 3. Hold'em starts from the standard deck order (2c 2d 2h 2s 3c ... As); an Up & Down shoe
//    from the pile its ShuffleRevealed event lists. Position 0 is dealt first.

export const RANKS = "23456789TJQKA";
export const SUITS = "cdhs";
export const STANDARD_DECK = Object.freeze(
  [...RANKS].flatMap((rank) => [...SUITS].map((suit) => rank + suit)),
);

const WORD = 2 ** 32;

export function hexToBytes(hex) {
  if (typeof hex !== "string" || !/^([0-9a-f]{2})*$/i.test(hex)) {
    throw new Error(`not a hex string: ${hex}`);
  }
  return Uint8Array.from(hex.match(/../g) ?? [], (pair) => parseInt(pair, 16));
}

function bytesToHex(bytes) {
  return Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** SHA-256 of the seed, hex: the commitment published before the hand. */
export async function commitmentOf(seedHex) {
  return bytesToHex(await crypto.subtle.digest("SHA-256", hexToBytes(seedHex)));
}

async function* words(seed) {
  for (let counter = 0n; ; counter += 1n) {
    const block = new Uint8Array(seed.length + 8);
    block.set(seed);
    new DataView(block.buffer).setBigUint64(seed.length, counter, false);
    const digest = new DataView(await crypto.subtle.digest("SHA-256", block));
    for (let offset = 0; offset < 32; offset += 4) yield digest.getUint32(offset, false);
  }
}

/** The order the seed gives ``cards`` (the input order is the shoe's or the standard deck's). */
export async function shuffled(seedHex, cards) {
  const seed = hexToBytes(seedHex);
  if (seed.length !== 32) throw new Error(`a seed is 32 bytes, not ${seed.length}`);
  const deck = [...cards];
  const stream = words(seed);
  for (let i = deck.length - 1; i > 0; i -= 1) {
    const span = i + 1;
    const limit = WORD - (WORD % span);
    let word = (await stream.next()).value;
    while (word >= limit) word = (await stream.next()).value;
    const j = word % span;
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
  return deck;
}

/**
 * Where a Hold'em hand's cards come from in its deck, from the hand's events in order: the k-th
 * player from the button's left gets positions k and n + k; then a burn, the flop, a burn, the
 * turn, a burn, the river. Returns [{position, card, what}] for every card the events show.
 */
export function holdemDealt(events) {
  const started = events.find((event) => event.type === "holdem.hand_started");
  if (!started) throw new Error("no hand_started event");
  const holes = events.filter((event) => event.type === "holdem.hole_cards_dealt");
  const seatCount = Math.max(...holes.map((event) => event.payload.seat)) + 1;
  const button = started.payload.button;
  const order = holes
    .map((event) => event.payload)
    .sort(
      (a, b) =>
        ((a.seat - button - 1 + 64 * seatCount) % seatCount) -
        ((b.seat - button - 1 + 64 * seatCount) % seatCount),
    );
  const players = order.length;
  const dealt = [];
  order.forEach((hole, k) => {
    (hole.cards ?? []).forEach((card, round) => {
      dealt.push({ position: round * players + k, card, what: { seat: hole.seat, round } });
    });
  });
  let next = 2 * players;
  for (const event of events.filter((e) => e.type === "holdem.board_dealt")) {
    const { street, burned, cards } = event.payload;
    if (burned) dealt.push({ position: next, card: burned, what: { street, burned: true } });
    next += 1;
    cards.forEach((card, index) => {
      dealt.push({ position: next + index, card, what: { street, index } });
    });
    next += cards.length;
  }
  return dealt;
}

/**
 * Check a shuffle: the seed against its commitment, then every dealt card against the deck the
 * seed gives ``pile``. Resolves to {ok, commitmentOk, checked, firstDifference} where
 * firstDifference is null or {position, expected, dealt, what}.
 */
export async function verifyShuffle({ seed, commitment, pile = STANDARD_DECK, dealt }) {
  const commitmentOk = (await commitmentOf(seed)) === commitment;
  const deck = await shuffled(seed, pile);
  let firstDifference = null;
  const inOrder = [...dealt].sort((a, b) => a.position - b.position);
  for (const { position, card, what } of inOrder) {
    if (deck[position] !== card) {
      firstDifference = { position, expected: deck[position], dealt: card, what };
      break;
    }
  }
  return {
    ok: commitmentOk && firstDifference === null,
    commitmentOk,
    checked: inOrder.length,
    firstDifference,
  };
}

/** A finished Hold'em hand's replay ({events, commitment, seed}) checked card by card. */
export function verifyHoldemHand(replay) {
  return verifyShuffle({
    seed: replay.seed,
    commitment: replay.commitment,
    dealt: holdemDealt(replay.events),
  });
}

/**
 * One Up & Down shoe: its proof ({commitment, seed, pile}) and the cards drawn from it, in the
 * order they were drawn (``drawn`` card ids such as "As1"; unknown cards may be null).
 */
export function verifyShoe({ commitment, seed, pile, drawn }) {
  const dealt = drawn
    .map((card, position) => ({ position, card, what: { draw: position + 1 } }))
    .filter((entry) => entry.card !== null && entry.card !== undefined);
  return verifyShuffle({ seed, commitment, pile, dealt });
}
