// A pot's winning hand named with the kickers that decided it ("Pair of eights, jack kicker";
// "Ace high, king-queen kicker"), from the event's data: the rank ({category, ranks}) and
// pot_awarded's `kickers`, how many of the ranks after those naming the hand it took to win
// (0, or missing in older events: the hand's plain name).

import { language, t } from "./i18n.js";
import { handName } from "./views/common.js";

// How many of a category's ranks name the hand; the ranks after them are its kickers
// (games/engine/holdem/evaluator.py NAMING_RANKS). Other categories have none.
const NAMING_RANKS = { high_card: 1, pair: 1, two_pair: 2, three_of_a_kind: 1, four_of_a_kind: 1, flush: 1 };

function capitalised(text) {
  return text.charAt(0).toLocaleUpperCase(language().code) + text.slice(1);
}

export function winningHandName(rank, kickers = 0) {
  const name = handName(rank);
  const naming = rank && NAMING_RANKS[rank.category];
  if (!name || !kickers || naming === undefined) return name;
  const words = (rank.ranks || []).slice(naming, naming + kickers).map((r) => t(`card.rank.${r}`));
  if (!words.length) return name;
  const joined = words.reduce((first, next) => t("hand.kicker.join", { first, next }));
  const top = t(`card.rank.${rank.ranks[0]}`);
  if (rank.category === "high_card") {
    return capitalised(t("hand.kicker.high_card", { rank: top, kickers: joined, count: words.length }));
  }
  if (rank.category === "flush") return t("hand.kicker.flush", { rank: top, kickers: joined });
  return t("hand.kicker", { hand: name, kickers: joined, count: words.length });
}

// The kickers that won this seat a pot (the most, if it won several): its hand's name with them.
export function seatKickers(awards) {
  return Math.max(0, ...awards.map((award) => award.kickers || 0));
}
