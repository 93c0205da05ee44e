// What the table shows. The server's view is the state: fromView() copies it. Between two
// reads of the view the AIs' moves arrive on the event feed, and the table shows them one at a
// time: apply() moves each event's own figures (a bet's chips, a dealt card, a pot paid) onto
// the table as it was drawn. It decides nothing (no legal move, no pot split, no winner), and
// the next view read replaces all of it.
//
// annotate() keeps what the view does not carry: each seat's last action, the hands shown and
// the pots paid at the end of the last hand, Up & Down's reveal and kept card. It is a fold of
// the feed: annotateFrom() rebuilds all of it from the recent events (recent.js), so a table
// opened at any seq shows what one that watched every event shows.

const shortType = (record) => record.type.slice(record.type.indexOf(".") + 1);

function seatFromView(seat) {
  return { ...seat, cards: seat.cards ? [...seat.cards] : null, last: null, shown: null };
}

export function fromView(body) {
  const view = body.view;
  const display = {
    id: body.id,
    game: body.game,
    level: body.level,
    status: body.status,
    watching: body.watching,
    players: body.players || [],
    seq: body.seq,
    live: true,
    acting: null,
    ...view,
    board: view.board ? [...view.board] : [],
    pots: view.pots ? view.pots.map((pot) => ({ ...pot })) : null,
    seats: view.seats.map(seatFromView),
    shoe: view.shoe ? { ...view.shoe } : null,
    legal: view.legal_actions,
    result: null,
    kept: null,
    dealtToMe: [],
  };
  display.shownHand = handNumber(display);
  keptFromView(display);
  return display;
}

const handNumber = (display) => (display.game === "holdem" ? display.hand_number : display.deal_number);

// The API marks Up & Down's kept card once it knows it; until then the feed tells us.
function keptFromView(display) {
  if (display.game !== "updown") return;
  const mine = display.seats[display.viewer];
  if (mine && mine.kept_card !== undefined) display.kept = mine.kept_card;
  if (mine && mine.cards && display.kept && !mine.cards.includes(display.kept)) {
    display.kept = null;
  }
}

// A player's move: the first one of a hand ends the showing of the hand before's result.
const MOVES = new Set(["folded", "checked", "called", "bet", "raised", "card_locked"]);

// Everything annotate() leaves, rebuilt from ``records`` (the feed from the start of the hand
// before the one in play) up to the seq the table shows, on a display just read from a view.
export function annotateFrom(display, records) {
  for (const seat of display.seats) {
    seat.last = null;
    seat.shown = null;
  }
  display.result = null;
  display.dealtToMe = [];
  display.shownHand = handNumber(display);
  for (const record of records) {
    if (record.seq <= display.seq) annotate(display, record);
  }
  if (display.live) keptFromView(display);
  return display;
}

// The labels and results an event leaves on the table (also used to rebuild them after a
// reload, from the recent feed, on top of a freshly read view).
export function annotate(display, record) {
  const kind = shortType(record);
  const p = record.payload;
  const seat = p.seat === undefined || p.seat === null ? null : display.seats[p.seat];
  // The result belongs to its hand: shown until the next hand's first move, never after.
  if (MOVES.has(kind) && display.result && display.result.number !== display.shownHand) display.result = null;
  switch (kind) {
    case "match_started":
    case "match_restarted":
      display.result = null;
      break;
    case "hand_started":
    case "deal_started":
      display.shownHand = kind === "hand_started" ? p.hand_number : p.deal_number;
      for (const each of display.seats) {
        each.last = null;
        each.shown = null;
      }
      display.dealtToMe = [];
      break;
    case "board_dealt":
      for (const each of display.seats) if (!each.folded) each.last = null;
      break;
    case "blind_posted":
      seat.last = { kind: p.blind === "small" || p.blind === "big" ? `${p.blind}_blind` : `blind_${p.blind}`, amount: p.amount };
      break;
    case "folded":
    case "checked":
      seat.last = { kind };
      break;
    case "called":
      seat.last = { kind, amount: p.amount };
      break;
    case "bet":
    case "raised":
      seat.last = { kind, amount: p.to };
      break;
    case "card_locked":
      seat.last = { kind: "locked" };
      break;
    case "card_dealt":
      if (p.card && p.seat === display.viewer) display.dealtToMe.push(p.card);
      break;
    case "hand_shown":
      resultFor(display).shown[p.seat] = { cards: [...p.cards], rank: p.rank };
      break;
    case "pot_awarded":
      resultFor(display).awards.push({ ...p });
      break;
    case "locked_cards_revealed":
      resultFor(display).cards = [...p.cards];
      break;
    case "deal_ended":
      resultFor(display).winner = p.winner;
      break;
    default:
      break;
  }
  if (kind === "card_dealt" && display.game === "updown" && display.dealtToMe.length === 1) {
    // One new card this deal: the other one in hand is the card kept from the last deal.
    const mine = display.seats[display.viewer];
    const others = (mine.cards || []).filter((card) => card !== display.dealtToMe[0]);
    if (others.length === 1) display.kept = others[0];
  }
  if (kind === "card_dealt" && display.dealtToMe.length === 2) display.kept = null;
}

function resultFor(display) {
  const number = display.shownHand;
  if (!display.result || display.result.number !== number) {
    display.result = { number, awards: [], shown: {}, cards: null, winner: null };
  }
  return display.result;
}

function putIn(display, seat, amount) {
  seat.stack -= amount;
  seat.bet += amount;
  display.pot += amount;
  if (seat.stack <= 0) seat.all_in = true;
}

// One event's figures onto the drawn table, while the feed is replayed.
export function apply(display, record) {
  const kind = shortType(record);
  const p = record.payload;
  const seats = display.seats;
  const seat = p.seat === undefined || p.seat === null ? null : seats[p.seat];
  display.seq = record.seq;
  display.live = false;
  display.legal = null;
  display.to_act = null;
  display.acting = seat ? p.seat : null;
  switch (kind) {
    case "match_started":
    case "match_restarted":
      p.stacks.forEach((stack, index) => {
        Object.assign(seats[index], {
          stack,
          bet: 0,
          in_match: true,
          place: null,
          folded: false,
          cards: null,
        });
      });
      display.winner = null;
      display.pot = 0;
      display.board = [];
      display.result = null;
      break;
    case "hand_started":
      display.hand_number = p.hand_number;
      display.button = p.button;
      display.board = [];
      display.street = "preflop";
      display.pot = 0;
      display.pots = null;
      for (const each of seats) {
        Object.assign(each, { bet: 0, folded: false, all_in: false, cards: null });
        each.in_hand = each.in_match;
      }
      break;
    case "deal_started":
      display.deal_number = p.deal_number;
      display.starter = p.starter;
      display.pot = 0;
      display.current_bet = 0;
      display.last_deal = null;
      for (const each of seats) {
        Object.assign(each, { bet: 0, folded: false, all_in: false, has_locked: false });
        each.locked_card = null;
        each.in_deal = true;
      }
      break;
    case "blind_posted":
      // An imported table's blinds may also be a straddle, a blind posted out of turn (both
      // live bets) or a dead blind (into the pot, no bet: like an ante).
      if (p.blind === "small") display.small_blind_seat = p.seat;
      else if (p.blind === "big") display.big_blind_seat = p.seat;
      if (p.blind === "dead") {
        seat.stack -= p.amount;
        display.pot += p.amount;
        if (seat.stack <= 0) seat.all_in = true;
      } else {
        putIn(display, seat, p.amount);
      }
      break;
    case "ante_posted":
      seat.stack -= p.amount;
      display.pot += p.amount;
      break;
    case "hole_cards_dealt":
      if (p.cards) seat.cards = [...p.cards];
      break;
    case "folded":
      seat.folded = true;
      if (p.seat === display.viewer) display.made_hand = null;
      break;
    case "called":
      putIn(display, seat, p.amount);
      break;
    case "bet":
    case "raised":
      putIn(display, seat, p.to - seat.bet);
      display.current_bet = p.to;
      break;
    case "board_dealt":
      // The made hand the view named is the last street's: the next view names the new one.
      display.made_hand = null;
      display.board = [...display.board, ...p.cards];
      display.street = p.street;
      display.pots = null;
      for (const each of seats) each.bet = 0;
      break;
    case "uncalled_bet_returned":
      seat.stack += p.amount;
      seat.bet = Math.max(0, seat.bet - p.amount);
      display.pot -= p.amount;
      break;
    case "cards_exposed": // an all-in: the live hands go face up before the run-out
    case "hand_shown":
      seat.cards = [...p.cards];
      display.acting = null; // the dealer's work, not the seat's move
      break;
    case "pot_awarded":
      p.winners.forEach((winner, index) => {
        seats[winner].stack += p.shares[index];
      });
      // An imported hand's room kept its rake from the pot: gone from the middle too.
      display.pot -= p.amount + (p.rake || 0);
      display.pots = null;
      for (const each of seats) each.bet = 0;
      display.acting = null;
      break;
    case "hand_ended":
    case "deal_ended":
      p.stacks.forEach((stack, index) => {
        seats[index].stack = stack;
      });
      if (kind === "deal_ended") {
        const mine = seats[display.viewer];
        if (mine && mine.cards) {
          mine.cards = mine.cards.filter((card) => card !== mine.locked_card);
        }
      }
      break;
    case "player_eliminated":
      seat.in_match = false;
      seat.in_hand = false;
      seat.place = p.place;
      break;
    case "match_ended":
      display.winner = p.winner;
      display.phase = "match_over";
      break;
    case "shoe_shuffled":
      display.shoe = { ...(display.shoe || {}), shuffle: p.shuffle, stock: p.size };
      break;
    case "card_dealt":
      if (display.shoe) display.shoe.stock -= 1;
      if (p.card && p.seat === display.viewer) {
        seat.cards = [...(seat.cards || []).filter((card) => card !== p.card), p.card];
      }
      break;
    case "signals_shown":
      seats.forEach((each, index) => {
        each.signal = { up: p.up[index], down: p.down[index] };
      });
      break;
    case "card_locked":
      seat.has_locked = true;
      if (p.card) seat.locked_card = p.card;
      break;
    case "locked_cards_revealed":
      p.cards.forEach((card, index) => {
        seats[index].locked_card = card;
      });
      break;
    default:
      break;
  }
  annotate(display, record);
}

export { shortType };
