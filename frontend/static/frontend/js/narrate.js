// One line of the table's narration per event, from the catalog's event.<type> messages (the
// ARIA live region reads them out). An event the catalog does not narrate gives no line.

import { has, t } from "./i18n.js";
import { shortType } from "./display.js";
import { winningHandName } from "./kickers.js";
import { cardsText, handName, nameList, playerName, subjectOf } from "./views/common.js";

function names(display, seats) {
  return nameList(seats.map((seat) => playerName(display, seat)));
}

// Who won a pot, for {subject}: you alone, you with others, several AIs, or one AI's gender.
function winnersSubject(display, winners) {
  if (winners.length === 1) return subjectOf(display, winners[0]);
  return winners.includes(display.viewer) ? "you_and_others" : "several";
}

export function narrate(display, record) {
  const kind = shortType(record);
  const p = record.payload;
  // A shared hand's visitor is not the owner whose own cards are dealt: "Vera is dealt …".
  // An imported hand's seats are all named players: their cards are told in the third person.
  const dealtToOwner = (display.shared || display.imported) && (kind === "hole_cards_dealt" || kind === "card_dealt" || kind === "locked_cards_revealed");
  // An imported table's straddles, blinds posted out of turn and dead blinds have their own line.
  const otherBlind = kind === "blind_posted" && p.blind !== "small" && p.blind !== "big";
  const key = otherBlind ? "imports.event.blind_posted" : dealtToOwner ? `share.event.${kind}` : `event.${kind}`;
  if (!has(key)) return null;
  const params = {};
  if (p.seat !== undefined && p.seat !== null) {
    params.player = playerName(display, p.seat);
    params.seat = p.seat;
    params.subject = subjectOf(display, p.seat);
  }
  switch (kind) {
    case "hole_cards_dealt":
    case "card_dealt":
      // Only our own cards are narrated; an opponent's deal is silent, and so are cards an
      // imported hand history does not tell ("??").
      if (!(p.cards || p.card)) return null;
      if ((p.cards || [p.card]).some((code) => !code || code.includes("?"))) return null;
      params.cards = cardsText(p.cards || [p.card]);
      params.card = params.cards;
      break;
    case "hand_started":
      params.number = p.hand_number;
      params.player = playerName(display, p.button);
      params.subject = subjectOf(display, p.button);
      break;
    case "deal_started":
      params.number = p.deal_number;
      params.player = playerName(display, p.starter);
      params.subject = subjectOf(display, p.starter);
      break;
    case "blind_posted":
      params.amount = p.amount;
      params.blind = p.blind;
      break;
    case "ante_posted":
    case "called":
    case "uncalled_bet_returned":
      params.amount = p.amount;
      break;
    case "bet":
    case "raised":
      params.amount = p.to;
      params.to = p.to;
      break;
    case "board_dealt":
      params.street = p.street;
      params.cards = cardsText(p.cards);
      break;
    case "cards_exposed":
      params.cards = cardsText(p.cards);
      break;
    case "hand_shown": {
      params.cards = cardsText(p.cards);
      const hand = handName(p.rank);
      params.hand = hand || "";
      params.has_hand = hand ? "yes" : "no";
      break;
    }
    case "pot_awarded": {
      params.player = names(display, p.winners);
      params.winners = params.player;
      params.others = names(display, p.winners.filter((seat) => seat !== display.viewer));
      params.subject = winnersSubject(display, p.winners);
      params.count = p.winners.length;
      params.amount = p.amount;
      params.pot = p.pot === undefined ? 0 : p.pot;
      params.outcome = p.outcome || "";
      const hand = winningHandName(p.hand_rank, p.kickers);
      params.hand = hand || "";
      params.has_hand = hand ? "yes" : "no";
      break;
    }
    case "player_eliminated":
      params.place = p.place;
      break;
    case "match_ended":
      params.player = playerName(display, p.winner);
      params.subject = subjectOf(display, p.winner);
      break;
    case "locked_cards_revealed":
      params.cards = cardsText(p.cards);
      params.mine = cardsText([p.cards[display.viewer]]);
      params.theirs = cardsText([p.cards[1 - display.viewer]]);
      params.player = playerName(display, display.viewer);
      params.opponent = playerName(display, 1 - display.viewer);
      break;
    case "shoe_shuffled":
      if (p.shuffle <= 1) return null;
      params.count = p.size;
      params.shuffle = p.shuffle;
      break;
    case "deal_ended":
    case "hand_ended":
    case "signals_shown":
    case "shuffle_revealed":
      return null;
    default:
      break;
  }
  return t(key, params);
}
