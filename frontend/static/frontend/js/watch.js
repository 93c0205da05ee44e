// Watching and being knocked out: "Skip to the end" while the AIs play on, and the summary
// shown when you are knocked out and when the match ends — your place, the hands you played,
// the biggest pot you won, the hand that knocked you out (a link to its replay) and the stack
// chart (views/replay_list.js, loaded with the summary: the table's first load does not carry
// it), from the match's hand list.

import { h } from "../vendor/preact-11.2.0/preact.js";
import * as api from "./api.js";
import { number, t } from "./i18n.js";
import { nextHand } from "./pace.js";

export function skipToEnd(ctrl, redraw, follow) {
  ctrl.skipping = true;
  nextHand();
  redraw();
  follow();
}

export function skipButton(ctrl, redraw, follow) {
  const display = ctrl.display;
  if (!display.watching || display.status !== "active") return null;
  if (ctrl.skipping) return h("p", { class: "skipping", role: "status" }, t("table.skipping"));
  return h(
    "button",
    { type: "button", class: "skip-to-end", onClick: () => skipToEnd(ctrl, redraw, follow) },
    t("table.skip_to_end"),
  );
}

// --- the summary ---------------------------------------------------------------------------

let charts = null; // views/replay_list.js once loaded

const summaryKey = (display) =>
  `${display.id}:${display.segment}:${display.status}:${display.seats[display.viewer].in_match}`;

async function loadSummary(ctrl, key, redraw) {
  const display = ctrl.display;
  ctrl.summary = { key, hands: null };
  try {
    const [list, module] = await Promise.all([api.hands(display.id), charts || import("./views/replay_list.js")]);
    charts = module;
    if (ctrl.summary && ctrl.summary.key === key) ctrl.summary = { key, hands: list.hands };
  } catch (error) {
    if (!(error instanceof api.ApiError)) throw error;
    ctrl.summary = { key, hands: [] };
  }
  redraw();
}

// The figures of the summary, from the hand list of the current segment.
export function summaryFigures(hands, display) {
  const segment = Math.max(0, ...hands.map((hand) => hand.segment || 0));
  const mine = hands.filter((hand) => (hand.segment || 0) === segment && hand.finished);
  const viewer = display.viewer;
  const out = mine.find((hand) => (hand.eliminated || []).includes(viewer)) || null;
  const played = out ? mine.filter((hand) => hand.hand_number <= out.hand_number) : mine;
  const won = played.filter((hand) => hand.result === "won" || hand.result === "split");
  const me = display.seats[viewer];
  let place = me.place || null;
  if (display.winner === viewer) place = 1;
  else if (!place && display.game === "updown" && display.winner !== null && display.winner !== undefined) place = 2;
  return {
    place,
    played: played.length,
    biggest: won.length ? Math.max(...won.map((hand) => hand.pot)) : null,
    out: out ? out.hand_number : null,
    segmentHands: mine,
  };
}

export function outSummary(ctrl, redraw) {
  const display = ctrl.display;
  const key = summaryKey(display);
  if (!ctrl.summary || ctrl.summary.key !== key) {
    Promise.resolve().then(() => loadSummary(ctrl, key, redraw));
    return null;
  }
  if (!ctrl.summary.hands) return h("p", { class: "summary loading", "aria-busy": "true" }, t("ui.table.loading"));
  const figures = summaryFigures(ctrl.summary.hands, display);
  const holdem = display.game === "holdem";
  const chart = charts
    ? charts.stackChart({ hands: figures.segmentHands, feed: null, start: null, table: display, matchId: display.id })
    : null;
  return h(
    "section",
    { class: "summary", "aria-labelledby": "summary-title" },
    h("h4", { id: "summary-title" }, t("table.summary.title")),
    h(
      "dl",
      { class: "summary-figures" },
      figures.place ? [h("dt", null, t("table.summary.place")), h("dd", { class: "summary-place" }, t("table.summary.place_value", { place: figures.place }))] : null,
      h("dt", null, t(holdem ? "table.summary.hands_played" : "table.summary.deals_played")),
      h("dd", { class: "summary-played" }, number(figures.played)),
      h("dt", null, t("table.summary.biggest_pot")),
      h("dd", { class: "summary-biggest" }, figures.biggest === null ? t("table.summary.no_pot") : number(figures.biggest)),
      figures.out === null
        ? null
        : [
            h("dt", null, t("table.summary.knocked_out")),
            h(
              "dd",
              { class: "summary-out" },
              h(
                "a",
                { href: `#/match/${display.id}/hand/${figures.out}`, class: "summary-out-link" },
                t(holdem ? "table.summary.replay_hand" : "table.summary.replay_deal", { number: figures.out }),
              ),
            ),
          ],
    ),
    chart,
  );
}
