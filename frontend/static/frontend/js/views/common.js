// What both tables share: cards, amounts, player names, seat labels.

import { h } from "../../vendor/preact-11.2.0/preact.js";
import { amountText, has, t } from "../i18n.js";

const SUIT_SYMBOLS = { s: "\u2660", h: "\u2665", d: "\u2666", c: "\u2663" };

export function rankOf(code) {
  return code[0];
}

export function suitOf(code) {
  return code[1];
}

export function cardName(code) {
  return t("card.name", {
    rank: t(`card.rank.${rankOf(code)}`),
    suit: t(`card.suit.${suitOf(code)}`),
  });
}

export function cardsText(cards) {
  return cards.map(cardName).join(t("ui.list.separator"));
}

// A card drawn in CSS: its corner index (from the catalog: "K", "D" in German…) and suit sign;
// its accessible name is the full card name.
export function card(code, { size = "", extra = "", label = null } = {}) {
  // "??": a card an imported hand history does not tell, drawn face down.
  if (!code || code.includes("?")) {
    return h("span", { class: `card card-back ${size} ${extra}`, role: "img", "aria-label": label || t("ui.card.hidden") });
  }
  const suit = suitOf(code);
  return h(
    "span",
    {
      class: `card face suit-${suit} ${size} ${extra}`,
      role: "img",
      "aria-label": label || cardName(code),
      "data-card": code.slice(0, 2),
    },
    h("span", { class: "card-index", "aria-hidden": "true" }, t(`ui.card.index.${rankOf(code)}`)),
    h("span", { class: "card-suit", "aria-hidden": "true" }, SUIT_SYMBOLS[suit] || "?"),
  );
}

export function emptySlot() {
  return h("span", { class: "card card-slot", "aria-hidden": "true" });
}

export function amount(value, extra = "") {
  return h("bdi", { class: `amount ${extra}` }, amountText(value));
}

export function chips(value, label) {
  return h(
    "span",
    { class: "chips", title: label },
    h("span", { class: "chip-icon", "aria-hidden": "true" }),
    amount(value),
  );
}

export function playerName(display, seat) {
  const player = display.players[seat];
  // An imported hand's players are named as in its file, the importer's seat too.
  if (display.imported) return (player && player.name) || t("ui.player.seat", { seat });
  // A shared hand's viewer is not its owner: the owner's seat has their name if they gave it.
  if (seat === display.viewer && display.shared) return (player && player.name) || t("share.player.owner");
  if (seat === display.viewer) return t("ui.player.you");
  return (player && player.name) || t("ui.player.seat", { seat });
}

// Who a sentence is about, for the catalog's {subject, select, ...}: "you" for the player,
// else the AI persona's grammatical gender ("female", "male": Arabic verbs agree with it), or
// "other" when the seat has none (a bot named by its spec).
export function subjectOf(display, seat) {
  if (seat === display.viewer && !display.shared && !display.imported) return "you";
  const player = (display.players || [])[seat];
  const gender = player && player.gender;
  return gender === "female" || gender === "male" ? gender : "other";
}

// Names as a list in words: "Vera", "Vera and Otto", "Rune, Vera and Otto".
export function nameList(names) {
  if (names.length < 2) return names.join("");
  return t("ui.list.and", {
    first: names.slice(0, -1).join(t("ui.list.separator")),
    last: names[names.length - 1],
  });
}

export function styleLabel(display, seat) {
  const player = display.players[seat];
  if (!player || !player.style) return null;
  const key = `style.${player.style}`;
  return has(key) ? t(key) : null;
}

// The seats of each game: the header line says "4 players · You vs 3 AI opponents".
const SEATS = { holdem: 4, updown: 2 };

export function gameName(game) {
  return t(`game.${game}.name`);
}

export function headerLine(game) {
  const players = SEATS[game] || 2;
  return t(`game.${game}.header`, { players, opponents: players - 1 });
}

// A seat's last action, as its label on the table.
const ACTION_LABELS = {
  folded: "action.fold",
  checked: "action.check",
  called: "action.call",
  bet: "action.bet",
  raised: "action.raise",
};

export function lastActionLabel(last) {
  if (!last) return null;
  const params = { amount: last.amount === undefined ? 0 : last.amount };
  if (ACTION_LABELS[last.kind]) return t(ACTION_LABELS[last.kind], params);
  // An imported table's other blinds (straddle, posted, dead) have labels of their own.
  if (!has(`ui.seat.last.${last.kind}`) && has(`imports.seat.last.${last.kind}`)) return t(`imports.seat.last.${last.kind}`, params);
  return t(`ui.seat.last.${last.kind}`, params);
}

// A spoken hand name built from the data the server gives ({"category", "ranks"}); an older
// English sentence from the server is not shown (it would not follow the language).
export function handName(rank) {
  if (!rank || typeof rank !== "object" || !rank.category) return null;
  const key = `hand.name.${rank.category}`;
  if (!has(key)) return null;
  const ranks = rank.ranks || [];
  const params = {};
  ranks.forEach((r, index) => {
    params[`rank${index + 1}`] = t(`card.rank.${r}`);
    params[`ranks${index + 1}`] = has(`card.rank_plural.${r}`)
      ? t(`card.rank_plural.${r}`)
      : t(`card.rank.${r}`);
  });
  if (ranks.length) {
    params.high = params.ranks1;
    params.low = params.ranks2;
    params.rank = params.rank1;
    params.ranks = params.ranks1;
  }
  return t(key, params);
}

export function errorText(error) {
  if (!error) return null;
  const key = `error.${error.code}`;
  return has(key) ? t(key, error.params || {}) : t("ui.error.unknown", { code: error.code });
}
