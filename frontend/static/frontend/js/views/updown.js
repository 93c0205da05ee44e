// The Up & Down table: the opponent's signal and locked card, your two cards with their groups
// and the kept card, choosing and confirming the card to lock, the betting bar, the reveal with
// who won and why, the stacks, the pot and the shoe.

import { h } from "../../vendor/preact-11.2.0/preact.js";
import { t } from "../i18n.js";
import { nextHandBar } from "../pace.js";
import { allInNotice } from "../tableprefs.js";
import { bettingBar } from "./betting.js";
import { card, chips, lastActionLabel, playerName, rankOf, subjectOf } from "./common.js";

const UP_RANKS = new Set(["8", "9", "T", "J", "Q", "K", "A"]);

// The card's public group (docs/rules.md#updown-signals): 8 to A are UP, 2 to 7 DOWN.
export function group(code) {
  return UP_RANKS.has(rankOf(code)) ? "up" : "down";
}

function signalView(seat) {
  if (!seat.signal) return null;
  return h(
    "div",
    { class: "signal" },
    h("span", { class: "signal-label" }, t("updown.signals")),
    h("span", { class: "signal-counts" }, t("updown.signal.counts", { up: seat.signal.up, down: seat.signal.down })),
  );
}

function opponentView(display, index) {
  const seat = display.seats[index];
  const toAct = display.to_act === index || display.acting === index;
  const name = playerName(display, index);
  return h(
    "section",
    {
      class: `seat seat-opponent ${toAct ? "to-act" : ""} ${seat.folded ? "folded" : ""}`,
      "data-seat": index,
      "aria-label": name,
    },
    h(
      "div",
      { class: "seat-head" },
      h("h3", { class: "seat-name" }, h("bdi", null, name)),
      display.starter === index ? h("span", { class: "marker" }, t("ui.updown.starter_short")) : null,
    ),
    h("div", { class: "seat-stack" }, t("ui.seat.stack", { amount: seat.stack })),
    signalView(seat),
    h(
      "div",
      { class: "seat-cards" },
      seat.locked_card
        ? card(seat.locked_card, { extra: "locked" })
        : seat.has_locked
          ? card(null, { extra: "locked", label: t("ui.updown.locked_hidden") })
          : null,
    ),
    toAct ? h("div", { class: "turn-marker" }, t("ui.seat.to_act")) : null,
    seat.last ? h("div", { class: "last-action" }, lastActionLabel(seat.last)) : null,
    seat.bet > 0 ? h("div", { class: "seat-bet" }, chips(seat.bet, t("ui.seat.bet_label"))) : null,
  );
}

// Why the deal was won, in words: "Your 2 beats the ace", a fold, a tie.
export function outcomeText(display, result) {
  const award = result.awards && result.awards[0];
  const outcome = award ? award.outcome : result.outcome;
  const winner = award ? award.winners[0] : result.winner;
  if (outcome === "tie") return t("updown.tie");
  if (winner === null || winner === undefined) return null;
  const loser = 1 - winner;
  const params = {
    winner: playerName(display, winner),
    loser: playerName(display, loser),
    winner_subject: subjectOf(display, winner),
    loser_subject: subjectOf(display, loser),
  };
  if (outcome === "fold") return t("ui.updown.outcome.fold", params);
  if (!result.cards) return null;
  const high = rankOf(result.cards[winner]);
  const low = rankOf(result.cards[loser]);
  if (high === "2" && low === "A") return t("ui.updown.outcome.two_beats_ace", params);
  return t("ui.updown.outcome.higher_card", {
    ...params,
    high: t(`card.rank.${high}`),
    low: t(`card.rank.${low}`),
  });
}

// The reveal of the deal it belongs to, from the feed (display.annotate): shown until the next
// deal's first move.
function revealView(display) {
  const result = display.result;
  // A deal won by a fold shows no cards, only who won and why.
  if (!result || (!result.cards && !result.awards.length)) return null;
  const current = result.number === display.deal_number && display.phase !== "locking";
  const award = result.awards && result.awards[0];
  return h(
    "section",
    { class: `reveal ${current ? "reveal-current" : "reveal-last"}`, "aria-label": t("ui.updown.reveal_title") },
    h(
      "h3",
      null,
      result.number ? t("ui.updown.reveal_deal", { number: result.number }) : t("ui.updown.reveal_title"),
    ),
    result.cards
      ? h(
          "div",
          { class: "reveal-cards" },
          result.cards.map((code, seat) =>
            h(
              "figure",
              { class: `reveal-card ${award && award.winners.includes(seat) ? "winner" : ""}`, "data-seat": seat },
              card(code),
              h("figcaption", null, h("bdi", null, playerName(display, seat))),
            ),
          ),
        )
      : null,
    h("p", { class: "outcome" }, outcomeText(display, result)),
    award
      ? h(
          "p",
          { class: "won" },
          award.winners
            .map((seat, i) =>
              t("ui.result.winner_share", {
                subject: subjectOf(display, seat),
                player: playerName(display, seat),
                amount: award.shares[i],
              }),
            )
            .join(t("ui.list.separator")),
        )
      : null,
  );
}

function myCardsView(ctrl) {
  const display = ctrl.display;
  const me = display.seats[display.viewer];
  const legal = display.live ? display.legal : null;
  const locking = legal && legal.can_lock && !ctrl.busy;
  const cards = me.cards || [];
  return h(
    "div",
    { class: "updown-hand", role: "group", "aria-label": t("ui.table.your_cards") },
    cards.map((code, index) => {
      const isKept = display.kept === code;
      const isLocked = me.locked_card === code;
      const selected = ctrl.selectedCard === code;
      const caption = h(
        "span",
        { class: "card-caption" },
        h("span", { class: `group group-${group(code)}` }, t(`updown.signal.${group(code)}`)),
        isKept ? h("span", { class: "kept" }, t("updown.kept_card")) : null,
        isLocked ? h("span", { class: "locked-tag" }, t("updown.locked_card")) : null,
      );
      if (locking && legal.lockable.includes(code)) {
        return h(
          "button",
          {
            type: "button",
            class: `lock-choice ${selected ? "selected" : ""}`,
            "aria-pressed": selected ? "true" : "false",
            "aria-keyshortcuts": String(index + 1),
            "data-card": code.slice(0, 2),
            onClick: () => ctrl.selectCard(code),
          },
          card(code, { size: "large" }),
          caption,
        );
      }
      return h("div", { class: `hand-card ${isLocked ? "is-locked" : ""}` }, card(code, { size: "large" }), caption);
    }),
  );
}

export function updownTable(ctrl) {
  const display = ctrl.display;
  const me = display.seats[display.viewer];
  const legal = display.live ? display.legal : null;
  let controls = null;
  if (display.phase === "match_over") {
    controls = null;
  } else if (ctrl.held) {
    controls = nextHandBar(ctrl);
  } else if (legal && legal.can_lock && !ctrl.busy) {
    controls = h(
      "div",
      { class: "lock-bar" },
      h("p", null, ctrl.selectedCard ? t("ui.updown.confirm_lock") : t("ui.updown.choose_lock")),
      h(
        "button",
        {
          type: "button",
          class: "act act-lock",
          "data-action": "lock",
          "aria-keyshortcuts": "L",
          disabled: !ctrl.selectedCard,
          onClick: () => ctrl.act({ action: "lock", card: ctrl.selectedCard }),
        },
        t("action.lock"),
        h("kbd", { "aria-hidden": "true" }, "L"),
      ),
    );
  } else if (legal && (legal.can_check || legal.can_call || legal.can_bet || legal.can_raise || legal.can_fold)) {
    controls = bettingBar({
      display,
      legal,
      amount: ctrl.amount,
      busy: ctrl.busy,
      onAmount: ctrl.setAmount,
      onAct: ctrl.act,
      notice: allInNotice(ctrl),
    });
  } else {
    const waitingFor = display.to_act !== null && display.to_act !== undefined ? display.to_act : display.acting;
    controls = h(
      "p",
      { class: "waiting" },
      waitingFor !== null && waitingFor !== undefined && waitingFor !== display.viewer
        ? t("ui.table.waiting_for", { player: playerName(display, waitingFor) })
        : t("ui.table.waiting"),
    );
  }
  const shoe = display.shoe;
  return h(
    "div",
    { class: "updown" },
    h(
      "div",
      { class: "felt felt-updown" },
      opponentView(display, 1 - display.viewer),
      h(
        "div",
        { class: "felt-center" },
        h("div", { class: "pot pot-total" }, t("ui.table.pot", { amount: display.pot })),
        shoe
          ? h(
              "div",
              { class: "shoe" },
              t("ui.updown.shoe", { count: shoe.stock, shuffle: shoe.shuffle }),
            )
          : null,
        revealView(display),
      ),
      h(
        "section",
        {
          class: `seat seat-me ${display.to_act === display.viewer ? "to-act" : ""}`,
          "data-seat": display.viewer,
          "aria-label": playerName(display, display.viewer),
        },
        h(
          "div",
          { class: "seat-head" },
          h("h3", { class: "seat-name" }, playerName(display, display.viewer)),
          display.starter === display.viewer ? h("span", { class: "marker" }, t("ui.updown.starter_short")) : null,
        ),
        h("div", { class: "seat-stack" }, t("ui.seat.stack", { amount: me.stack })),
        signalView(me),
        me.last ? h("div", { class: "last-action" }, lastActionLabel(me.last)) : null,
        me.bet > 0 ? h("div", { class: "seat-bet" }, chips(me.bet, t("ui.seat.bet_label"))) : null,
      ),
    ),
    h("div", { class: "my-area" }, myCardsView(ctrl), controls),
    ctrl.outPanel(),
  );
}
