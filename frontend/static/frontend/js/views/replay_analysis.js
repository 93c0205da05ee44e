// Hold'em analysis in the replayer: equity by street (a graph across the hand, like an
// evaluation graph) and "learn from the hand" (each of your decisions beside the hard AI's, the
// chips at stake, the costly spots marked; a row opens its step). The server computes it on
// demand (202 while its task runs; study.js polls). An imported hand's analysis leaves out what
// its history does not tell: a street "not computed", a decision against unseen hands marked as
// an estimate, and why no decision is reviewed; its amounts count in the hand's own unit.

import { h } from "../../vendor/preact-11.2.0/preact.js";
import { moneyText, number, percent, t } from "../i18n.js";
import { analyse, jumpToSeq, money, stepOfSeq } from "../study.js";
import { lineChart } from "./charts.js";
import { legend } from "./replay_list.js";
import { playerName } from "./common.js";

function choiceText(choice) {
  if (!choice || !choice.kind) return "—";
  const kind = choice.kind === "all_in" ? "all_in" : choice.kind;
  return t(`action.${kind}`, { amount: choice.amount || 0 });
}

// Expected chips to a tenth; an imported hand's in its own unit (whole minor units: cents).
function chips(value) {
  if (value === null || value === undefined) return "—";
  const unit = money();
  return unit ? moneyText(Math.round(value), unit) : number(Math.round(value * 10) / 10);
}
const share = (value) => (value === null || value === undefined ? "—" : percent(value));
// A figure computed against hands the history does not tell (dealt at random) reads "≈".
const estimated = (decision, text) => (decision.unseen && decision.unseen.length ? t("replay.learn.estimate", { value: text }) : text);

function methodText(street) {
  const name = t(`street.${street.street}`);
  if (street.method === "exact") return t("replay.equity.exact", { street: name });
  if (street.method === "unknown") return t("replay.equity.unknown", { street: name });
  return t("replay.equity.monte_carlo", { street: name, samples: street.samples || 0 });
}

function equityGraph(data, display) {
  const streets = data.streets || [];
  if (!streets.length) return null;
  const seats = [...new Set(streets.flatMap((street) => Object.keys(street.equity || {})))].map(Number).sort((a, b) => a - b);
  const methods = h("ul", { class: "equity-methods" }, streets.map((street) => h("li", { key: street.street, "data-method": street.method }, methodText(street))));
  // No street the history tells every hand of: nothing to draw, only why.
  if (!seats.length) return h("div", { class: "equity" }, h("h4", null, t("replay.equity.title")), methods);
  const series = seats.map((seat) => ({
    key: String(seat),
    cls: `series-${seat}`,
    label: playerName(display, seat),
    points: streets
      .map((street, x) => ({ x, y: street.equity[seat], title: `${t(`street.${street.street}`)}: ${playerName(display, seat)} ${share(street.equity[seat])}` }))
      .filter((point) => point.y !== undefined),
  }));
  return h(
    "div",
    { class: "equity" },
    h("h4", null, t("replay.equity.title")),
    lineChart({
      series,
      xLabels: streets.map((street) => t(`street.${street.street}`)),
      yMin: 0,
      yMax: 1,
      label: t("replay.equity.title"),
      formatY: (v) => percent(v),
      className: "equity-chart",
    }),
    legend(series),
    methods,
  );
}

// The chips a choice gave up; an imported hand's amount in its own unit says so by itself.
const costText = (cost) => (money() ? chips(cost) : t("replay.learn.cost", { amount: chips(cost) }));

function learnTable(data) {
  const decisions = data.decisions || [];
  const costly = new Set(data.costly || []);
  if (!decisions.length) {
    // An imported hand says why none of its decisions is reviewed (no hero, or no hero's cards).
    const why = data.unreviewed ? `replay.learn.${data.unreviewed}` : "replay.learn.none";
    return h("p", { class: "empty", "data-unreviewed": data.unreviewed || null }, t(why));
  }
  return h(
    "div",
    { class: "table-scroll" },
    h(
      "table",
      { class: "learn" },
      h(
        "thead",
        null,
        h(
          "tr",
          null,
          [
            "replay.learn.col_street",
            "replay.learn.col_yours",
            "replay.learn.col_equity",
            "replay.learn.col_pot_odds",
            "replay.learn.col_hard",
            "replay.learn.col_cost",
          ].map((key) => h("th", { scope: "col", key }, t(key))),
        ),
      ),
      h(
        "tbody",
        null,
        decisions.map((decision) => {
          const isCostly = costly.has(decision.seq);
          const unseen = decision.unseen && decision.unseen.length ? t("replay.learn.unseen") : null;
          return h(
            "tr",
            { key: decision.seq, class: isCostly ? "costly" : "", "data-seq": decision.seq, "data-unseen": unseen ? "true" : null, title: unseen },
            h("th", { scope: "row" }, t(`street.${decision.street}`)),
            h(
              "td",
              null,
              stepOfSeq(decision.seq) !== null
                ? h("button", { type: "button", class: "link-button open-spot", "data-seq": decision.seq, onClick: () => jumpToSeq(decision.seq) }, choiceText(decision.yours))
                : choiceText(decision.yours),
              isCostly ? h("span", { class: "costly-tag" }, t("replay.learn.costly")) : null,
            ),
            h("td", null, estimated(decision, share(decision.equity))),
            h("td", null, share(decision.pot_odds)),
            h("td", null, choiceText(decision.hard)),
            h(
              "td",
              { title: t("replay.learn.ev_detail", { yours: chips(decision.ev_yours), hard: chips(decision.ev_hard) }) },
              decision.cost > 0 ? estimated(decision, costText(decision.cost)) : t("replay.learn.no_cost"),
            ),
          );
        }),
      ),
    ),
  );
}

export function analysisView(study, display) {
  const analysis = study.analysis || { status: "idle" };
  let body;
  if (analysis.status === "ready") {
    body = [equityGraph(analysis.data, display), h("h4", { key: "learn" }, t("replay.learn.title")), learnTable(analysis.data)];
  } else if (analysis.status === "pending") {
    body = h("p", { class: "analysis-pending", "aria-busy": "true" }, t("replay.analysis.pending"));
  } else if (analysis.status === "unavailable") {
    body = h("p", null, t("replay.analysis.unavailable"));
  } else {
    body = [
      analysis.status === "failed" ? h("p", { key: "failed", class: "analysis-failed" }, t("replay.analysis.failed")) : null,
      h("button", { key: "go", type: "button", class: "primary analyse", "data-action": "analyse", onClick: analyse }, t("replay.analysis.button")),
    ];
  }
  return h(
    "section",
    { class: "study-card analysis", "aria-labelledby": "analysis-title", "data-status": analysis.status },
    h("h3", { id: "analysis-title" }, t("replay.analysis.title")),
    h("p", { class: "study-hint" }, study.source ? t("replay.analysis.hint_imported") : t("replay.analysis.hint")),
    body,
  );
}
