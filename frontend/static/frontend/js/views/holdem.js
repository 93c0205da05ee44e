// The Hold'em table: four seats around the felt, the board and the pots in the middle, your
// cards and the betting bar below, the last hand's showdown and the table's narration.

import { h } from "../../vendor/preact-11.2.0/preact.js";
import { t } from "../i18n.js";
import { nextHandBar } from "../pace.js";
import { preactionsView } from "../preactions.js";
import { allInNotice, madeHandView } from "../tableprefs.js";
import { bettingBar } from "./betting.js";
import {
  amount,
  card,
  chips,
  emptySlot,
  handName,
  lastActionLabel,
  playerName,
  styleLabel,
  subjectOf,
} from "./common.js";
import { seatKickers, winningHandName } from "../kickers.js";

// Grid areas: you at the bottom, then clockwise: left, top, right.
const AREAS = ["bottom", "left", "top", "right"];

// A table of another size (an imported hand: 2 to 10 seats) sits in two rows around the
// board: seat 0 and on, clockwise, along the top, the rest back along the bottom.
function seatRows(display) {
  const count = display.seats.length;
  const seats = [...Array(count).keys()];
  const top = Math.ceil(count / 2);
  return { top: seats.slice(0, top), bottom: seats.slice(top).reverse() };
}

function markers(display, index) {
  const list = [];
  if (display.button === index) {
    list.push(h("span", { class: "marker marker-button", title: t("table.button") }, t("table.button_short")));
  }
  // Heads-up the button posts the small blind: its seat shows the button alone.
  if (display.small_blind_seat === index && display.button !== index && display.phase === "betting") {
    list.push(h("span", { class: "marker marker-blind", title: t("blind.small") }, t("blind.small_short")));
  }
  if (display.big_blind_seat === index && display.phase === "betting") {
    list.push(h("span", { class: "marker marker-blind", title: t("blind.big") }, t("blind.big_short")));
  }
  return list;
}

function awardsFor(display, index) {
  const result = display.result;
  if (!result || result.number !== display.hand_number) return [];
  return result.awards.filter((award) => award.winners.includes(index));
}

function seatView(display, index) {
  const seat = display.seats[index];
  // An imported hand's seats are all named players: each shows its own cards at its seat.
  const isMe = index === display.viewer && !display.imported;
  const toAct = display.to_act === index || display.acting === index;
  const won = awardsFor(display, index);
  const shown = display.result && display.result.number === display.hand_number
    ? display.result.shown[index]
    : null;
  const classes = [
    "seat",
    display.seats.length === AREAS.length ? `seat-${AREAS[index]}` : "seat-ring",
    isMe ? "seat-me" : "",
    toAct ? "to-act" : "",
    seat.folded ? "folded" : "",
    seat.in_match ? "" : "out",
    won.length ? "winner" : "",
  ].join(" ");
  let cards = null;
  if (seat.in_hand && !isMe) {
    // Cards an imported history does not tell ("??") are face down, and gone once folded.
    if (seat.cards && seat.cards.some((code) => !code || code.includes("?")) && seat.folded) cards = [];
    else cards = seat.cards ? seat.cards.map((code) => card(code, { size: "small" })) : seat.folded ? [] : [card(null, { size: "small" }), card(null, { size: "small" })];
  }
  const style = styleLabel(display, index);
  const name = playerName(display, index);
  return h(
    "section",
    { class: classes, "data-seat": index, "aria-label": name },
    h(
      "div",
      { class: "seat-head" },
      h("h3", { class: "seat-name" }, h("bdi", null, name)),
      style ? h("span", { class: "seat-style" }, style) : null,
      h("span", { class: "seat-markers" }, markers(display, index)),
    ),
    h("div", { class: "seat-stack" }, t("ui.seat.stack", { amount: seat.stack })),
    cards && cards.length ? h("div", { class: "seat-cards" }, cards) : null,
    toAct ? h("div", { class: "turn-marker" }, t("ui.seat.to_act")) : null,
    // The last action and the bet share a row, kept while the seat is in the hand (empty or
    // not): when a round ends (labels cleared, bets into the pot) the seat does not shrink
    // under the chips flying from it, nor the felt with it.
    seat.in_hand || seat.last || seat.bet > 0
      ? h(
          "div",
          { class: "seat-foot" },
          seat.last ? h("div", { class: "last-action" }, lastActionLabel(seat.last)) : null,
          seat.bet > 0
            ? h("div", { class: "seat-bet", title: t("ui.seat.bet_label") }, chips(seat.bet, t("ui.seat.bet_label")))
            : null,
        )
      : null,
    seat.all_in && seat.in_hand && !seat.folded ? h("div", { class: "all-in-tag" }, t("ui.seat.all_in")) : null,
    shown && handName(shown.rank)
      ? h("div", { class: "shown-hand" }, winningHandName(shown.rank, seatKickers(won)))
      : null,
    won.map((award) =>
      h("div", { class: "won" }, t("ui.seat.won", { amount: award.shares[award.winners.indexOf(index)] })),
    ),
    seat.in_match ? null : h("div", { class: "place" }, t("ui.seat.place", { place: seat.place || 0 })),
  );
}

function boardView(display) {
  const slots = [];
  for (let i = 0; i < 5; i += 1) {
    slots.push(display.board[i] ? card(display.board[i]) : emptySlot());
  }
  return h(
    "div",
    { class: "board", role: "group", "aria-label": t("ui.table.board") },
    slots,
  );
}

function potsView(display) {
  const pots = display.pots && display.pots.length ? display.pots : null;
  if (!pots) {
    return h(
      "div",
      { class: "pots" },
      h("div", { class: "pot pot-total" }, t("ui.table.pot", { amount: display.pot })),
    );
  }
  return h(
    "ul",
    { class: "pots", "aria-label": t("ui.table.pots") },
    pots.map((pot, index) =>
      h(
        "li",
        { class: `pot ${index ? "pot-side" : "pot-main"}` },
        index === 0
          ? t("ui.table.main_pot", { amount: pot.amount })
          : t("ui.table.side_pot", { number: index, amount: pot.amount }),
      ),
    ),
  );
}

// The last hand's end: every pot with its winners and what they won, the hands shown.
export function resultView(display) {
  const result = display.result;
  if (!result || !result.awards.length) return null;
  const shownSeats = Object.keys(result.shown).map(Number);
  return h(
    "section",
    { class: "result", "aria-label": t("ui.result.title", { number: result.number }) },
    h("h3", null, t("ui.result.title", { number: result.number })),
    h(
      "ul",
      { class: "result-pots" },
      result.awards.map((award) => {
        const winners = award.winners.map((seat, i) =>
          t("ui.result.winner_share", {
            subject: subjectOf(display, seat),
            player: playerName(display, seat),
            amount: award.shares[i],
          }),
        );
        const hand = winningHandName(award.hand_rank, award.kickers);
        return h(
          "li",
          { class: "result-pot", "data-pot": award.pot },
          h(
            "span",
            { class: "result-pot-name" },
            award.pot === 0 || award.pot === undefined
              ? t("ui.result.main_pot", { amount: award.amount })
              : t("ui.result.side_pot", { number: award.pot, amount: award.amount }),
          ),
          " ",
          h("span", { class: "result-winners" }, winners.join(t("ui.list.separator"))),
          hand ? h("span", { class: "result-hand" }, " ", t("ui.result.with_hand", { hand })) : null,
        );
      }),
    ),
    shownSeats.length
      ? h(
          "ul",
          { class: "result-shown" },
          shownSeats.map((seat) =>
            h(
              "li",
              { "data-seat": seat },
              h("bdi", { class: "result-player" }, playerName(display, seat)),
              " ",
              h("span", { class: "result-cards" }, result.shown[seat].cards.map((code) => card(code, { size: "small" }))),
              " ",
              handName(result.shown[seat].rank)
                ? h(
                    "span",
                    { class: "result-hand-name" },
                    winningHandName(
                      result.shown[seat].rank,
                      seatKickers(result.awards.filter((award) => award.winners.includes(seat))),
                    ),
                  )
                : null,
            ),
          ),
        )
      : null,
  );
}

export function holdemTable(ctrl) {
  const display = ctrl.display;
  const me = display.seats[display.viewer] || { in_match: false, cards: null };
  const myTurn = display.live && display.legal && !ctrl.busy;
  let bar;
  if (display.phase === "match_over") {
    bar = null;
  } else if (ctrl.held) {
    bar = nextHandBar(ctrl);
  } else if (myTurn) {
    bar = bettingBar({
      display,
      legal: display.legal,
      amount: ctrl.amount,
      busy: ctrl.busy,
      onAmount: ctrl.setAmount,
      onAct: ctrl.act,
      notice: allInNotice(ctrl),
    });
  } else if (me.in_match) {
    const waitingFor = display.to_act !== null && display.to_act !== undefined ? display.to_act : display.acting;
    bar = h(
      "div",
      { class: "waiting-area" },
      h(
        "p",
        { class: "waiting" },
        waitingFor !== null && waitingFor !== undefined && waitingFor !== display.viewer
          ? t("ui.table.waiting_for", { player: playerName(display, waitingFor) })
          : t("ui.table.waiting"),
      ),
      preactionsView(ctrl),
    );
  }
  const center = h("div", { class: "felt-center" }, boardView(display), potsView(display));
  let felt;
  if (display.seats.length === AREAS.length) {
    felt = h("div", { class: "felt" }, display.seats.map((_, index) => seatView(display, index)), center);
  } else {
    const rows = seatRows(display);
    felt = h(
      "div",
      { class: "felt felt-ring", "data-seats": display.seats.length },
      h("div", { class: "seat-row seat-row-top" }, rows.top.map((index) => seatView(display, index))),
      center,
      h("div", { class: "seat-row seat-row-bottom" }, rows.bottom.map((index) => seatView(display, index))),
    );
  }
  return h(
    "div",
    { class: "holdem" },
    felt,
    display.imported ? null : h(
      "div",
      { class: "my-area" },
      h(
        "div",
        { class: "my-hand" },
        h(
          "div",
          { class: "my-cards", role: "group", "aria-label": t("ui.table.your_cards") },
          me.cards && me.in_hand ? me.cards.map((code) => card(code, { size: "large" })) : null,
        ),
        madeHandView(ctrl),
      ),
      bar,
    ),
    ctrl.outPanel(),
    resultView(display),
  );
}

