// A match's page: its stack chart (every player's stack after each hand, eliminations marked, a
// point opens that hand) and its hands (number, your cards, pot, result, showdown), filtered.
// Fields the hand list gained with issue 11 (you, pot, result, all_in, stacks_after,
// eliminated) are used when present; without them the page falls back on what it can derive.

import { h } from "../../vendor/preact-11.2.0/preact.js";
import { number, t } from "../i18n.js";
import { setFilter } from "../study.js";
import { lineChart } from "./charts.js";
import { card, gameName, playerName } from "./common.js";

const FILTERS = ["all", "won", "lost", "showdown", "all_in"];

export const handHref = (matchId, n) => `#/match/${matchId}/hand/${n}`;

/** From your seat's view: won, lost, split or folded (derived from the winners if absent). */
export function resultOf(hand, viewer) {
  if (hand.result) return hand.result;
  const winners = hand.winners || [];
  if (!winners.includes(viewer)) return "lost";
  return winners.length > 1 ? "split" : "won";
}

export function potOf(hand) {
  return hand.pot !== undefined ? hand.pot : hand.pot_total;
}

export function passes(filter, hand, viewer) {
  const result = resultOf(hand, viewer);
  if (filter === "won") return result === "won" || result === "split";
  if (filter === "lost") return result === "lost" || result === "folded";
  if (filter === "showdown") return Boolean(hand.showdown);
  if (filter === "all_in") return Boolean(hand.all_in);
  return true;
}

// --- the stack chart -----------------------------------------------------------------------------

/**
 * Stacks after each finished hand of the match's current segment (a restart starts the chart
 * again): [{number, stacks, eliminated}], from the hand list's stacks_after, or else from the
 * match's feed (each hand's closing event and eliminations). ``start``, when known, is the
 * stacks the segment started with, drawn first (number null).
 */
export function stackHistory(hands, feed, start = null) {
  const all = (hands || []).filter((hand) => hand.finished);
  const segment = all.length ? Math.max(...all.map((hand) => hand.segment || 0)) : 0;
  const finished = all.filter((hand) => (hand.segment || 0) === segment);
  let out;
  if (finished.length && finished.every((hand) => Array.isArray(hand.stacks_after) && hand.stacks_after.length)) {
    out = finished.map((hand) => ({
      number: hand.hand_number,
      stacks: hand.stacks_after,
      eliminated: hand.eliminated || [],
    }));
  } else {
    out = [];
    for (const record of feed || []) {
      const kind = record.type.slice(record.type.indexOf(".") + 1);
      if (kind === "hand_ended" || kind === "deal_ended") {
        out.push({ number: record.payload.hand_number || record.payload.deal_number, stacks: record.payload.stacks, eliminated: [] });
      } else if (kind === "player_eliminated" && out.length) {
        out[out.length - 1].eliminated.push(record.payload.seat);
      } else if (kind === "match_restarted") {
        out.length = 0; // the stacks went back to the start
      }
    }
  }
  return out.length && start ? [{ number: null, stacks: start, eliminated: [] }, ...out] : out;
}

/** The first finished hand of the current segment: its replay gives the starting stacks. */
export function segmentOpening(hands) {
  const all = (hands || []).filter((hand) => hand.finished && !hand.abandoned);
  if (!all.length) return null;
  const segment = Math.max(...all.map((hand) => hand.segment || 0));
  return all.find((hand) => (hand.segment || 0) === segment).hand_number;
}

export function stackChart(study) {
  const history = stackHistory(study.hands, study.feed, study.start);
  if (!history.length) return null;
  const table = study.table;
  const seats = table.seats.map((_, seat) => seat);
  const series = seats.map((seat) => {
    const points = [];
    let out = false;
    history.forEach((entry, x) => {
      if (out) return;
      const name = playerName(table, seat);
      const stack = entry.stacks[seat] || 0;
      if (entry.number === null) {
        points.push({ x, y: stack, title: t("replay.chart.point_start", { player: name, amount: stack }) });
        return;
      }
      out = entry.eliminated.includes(seat);
      points.push({
        x,
        y: stack,
        marker: out ? "out" : null,
        href: handHref(study.matchId, entry.number),
        data: { "data-hand": entry.number, "data-seat": seat },
        title: out
          ? t("replay.chart.point_out", { number: entry.number, player: name })
          : t("replay.chart.point", { number: entry.number, player: name, amount: stack }),
      });
    });
    return { key: String(seat), cls: `series-${seat}`, label: playerName(table, seat), points };
  });
  return h(
    "section",
    { class: "study-card stack-chart", "aria-labelledby": "stack-title" },
    h("h3", { id: "stack-title" }, t("replay.chart.title")),
    h("p", { class: "study-hint" }, t("replay.chart.hint")),
    lineChart({
      series,
      xLabels: history.map((entry) => (entry.number === null ? t("replay.chart.start") : number(entry.number))),
      label: t("replay.chart.title"),
      formatY: (v) => number(v),
      className: "stacks",
    }),
    legend(series),
  );
}

export function legend(series) {
  return h(
    "ul",
    { class: "chart-legend" },
    series.map((s) => h("li", { key: s.key, class: s.cls }, h("span", { class: "swatch", "aria-hidden": "true" }), h("bdi", null, s.label))),
  );
}

// --- the hand list -------------------------------------------------------------------------------

function filterBar(study) {
  const hasAllIn = (study.hands || []).some((hand) => hand.all_in !== undefined);
  return h(
    "div",
    { class: "hand-filters", role: "group", "aria-label": t("replay.list.filter_label") },
    FILTERS.filter((f) => f !== "all_in" || hasAllIn).map((filter) =>
      h(
        "button",
        {
          type: "button",
          key: filter,
          class: `filter ${study.filter === filter ? "current" : ""}`,
          "aria-pressed": study.filter === filter ? "true" : "false",
          "data-filter": filter,
          onClick: () => setFilter(filter),
        },
        t(`replay.filter.${filter}`),
      ),
    ),
  );
}

function handRow(study, hand) {
  const viewer = study.table.viewer;
  const result = resultOf(hand, viewer);
  const mine = hand.you && hand.you.cards ? hand.you.cards : [];
  const n = hand.hand_number;
  const label = study.body.game === "holdem" ? t("ui.table.hand_number", { number: n }) : t("updown.deal", { number: n });
  return h(
    "tr",
    { key: n, "data-hand": n, class: `hand-row result-${result}` },
    h("th", { scope: "row" }, hand.finished ? h("a", { href: handHref(study.matchId, n), class: "hand-link" }, label) : label),
    h("td", { class: "hand-cards" }, mine.length ? mine.map((code) => card(code, { size: "small" })) : "—"),
    h("td", { class: "hand-pot" }, h("bdi", null, number(potOf(hand)))),
    h(
      "td",
      { class: "hand-result" },
      hand.finished ? t(`replay.result.${result}`) : t("replay.list.in_play"),
      hand.you && typeof hand.you.net === "number" && hand.you.net !== 0 && hand.finished
        ? h("span", { class: `net ${hand.you.net >= 0 ? "net-up" : "net-down"}` }, " ", t("replay.list.net", { amount: Math.abs(hand.you.net), sign: hand.you.net >= 0 ? "up" : "down" }))
        : null,
    ),
    h("td", { class: "hand-showdown" }, hand.showdown ? t("replay.list.showdown_yes") : t("replay.list.showdown_no")),
  );
}

function exportLinks(study) {
  const formats = study.body.game === "holdem" ? ["phh", "pokerstars"] : ["ud"];
  return h(
    "p",
    { class: "exports" },
    h("span", null, t("replay.export.match")),
    " ",
    formats.map((format) =>
      h(
        "a",
        { key: format, class: "button export", href: `/api/matches/${study.matchId}/export/?format=${format}`, download: "", "data-format": format },
        t(`replay.export.${format}`),
      ),
    ),
  );
}

export function studyNav(study, extra = null) {
  return h(
    "nav",
    { class: "study-nav", "aria-label": t("replay.nav.label") },
    study.matchId ? h("a", { class: "button", href: `#/match/${study.matchId}` }, t("replay.nav.table")) : null,
    extra,
    study.page === "stats" ? null : h("a", { class: "button", href: "#/stats" }, t("replay.nav.stats")),
  );
}

export function handListView(study) {
  const game = study.body.game;
  const viewer = study.table.viewer;
  const hands = (study.hands || []).filter((hand) => !hand.abandoned);
  const shown = hands.filter((hand) => passes(study.filter, hand, viewer));
  return h(
    "div",
    { class: "study study-hands", "data-game": game },
    h(
      "div",
      { class: "study-head" },
      h("h2", null, t("replay.list.title", { game: gameName(game) })),
      studyNav(study),
    ),
    stackChart(study),
    h(
      "section",
      { class: "study-card hand-list", "aria-labelledby": "hands-title" },
      h("h3", { id: "hands-title" }, game === "holdem" ? t("replay.list.hands") : t("replay.list.deals")),
      filterBar(study),
      shown.length
        ? h(
            "div",
            { class: "table-scroll" },
            h(
              "table",
              { class: "hands" },
              h(
                "thead",
                null,
                h(
                  "tr",
                  null,
                  h("th", { scope: "col" }, game === "holdem" ? t("replay.list.col_number") : t("controls.list.col_deal")),
                  h("th", { scope: "col" }, t("replay.list.col_cards")),
                  h("th", { scope: "col" }, t("replay.list.col_pot")),
                  h("th", { scope: "col" }, t("replay.list.col_result")),
                  h("th", { scope: "col", class: "hand-showdown" }, t("replay.list.col_showdown")),
                ),
              ),
              h("tbody", null, [...shown].reverse().map((hand) => handRow(study, hand))),
            ),
          )
        : h("p", { class: "empty" }, t("replay.list.empty")),
      hands.some((hand) => hand.finished) ? exportLinks(study) : null,
    ),
  );
}
