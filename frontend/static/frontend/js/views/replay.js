// The replayer: the live table's own views (holdem.js, updown.js) drawn from the step's table,
// the controls (first, back, play/pause, forward, last, a scrubber), the action log with the
// current step highlighted, then "Verify the shuffle", the settlement explained and, in
// Hold'em, the analysis.

import { h } from "../../vendor/preact-11.2.0/preact.js";
import { narrate } from "../narrate.js";
import { amountText, t } from "../i18n.js";
import { costlySteps, nextCostly, setStep, togglePlay, verify } from "../study.js";
import { analysisView } from "./replay_analysis.js";
import { handHref, studyNav } from "./replay_list.js";
import { winningHandName } from "../kickers.js";
import { card, gameName, nameList, playerName, subjectOf } from "./common.js";
import { holdemTable } from "./holdem.js";
import { pictureStyle } from "./settings.js";
import { sharedHead, sharePanel } from "./share.js";
import { outcomeText, updownTable } from "./updown.js";
import { importedTitle, sourceLine } from "./imports.js";

// What the table views ask of the controller, for a table nobody acts on.
function replayCtrl(display) {
  const nothing = () => {};
  return { display, busy: true, amount: null, selectedCard: null, setAmount: nothing, act: nothing, selectCard: nothing, outPanel: () => null };
}

function tableStage(study, ctrl, display) {
  const game = display.game;
  return h(
    "div",
    {
      class: `stage stage-${game} replay-stage`,
      style: pictureStyle(ctrl.settings),
      "data-game": game,
      "data-step": study.hand.step,
    },
    h("div", { class: "stage-grain", "aria-hidden": "true" }),
    h("div", { class: "stage-tint", "aria-hidden": "true" }),
    h("div", { class: "stage-content" }, game === "holdem" ? holdemTable(replayCtrl(display)) : updownTable(replayCtrl(display))),
  );
}

// The controls' icons, drawn (system fonts lack some media symbols): bars and triangles.
const ICONS = {
  first: "M3 2h2v12H3zM14 2v12L6 8z",
  back: "M13 2v12L5 8z",
  play: "M4 2v12l10-6z",
  pause: "M3 2h3.5v12H3zM9.5 2H13v12H9.5z",
  forward: "M3 2v12l8-6z",
  last: "M11 2h2v12h-2zM2 2v12l8-6z",
};

const icon = (name) =>
  h("svg", { class: "icon", viewBox: "0 0 16 16", width: 16, height: 16, "aria-hidden": "true", focusable: "false" }, h("path", { d: ICONS[name] }));

function control(action, label, symbol, onClick, { disabled = false, pressed = null, shortcut = null } = {}) {
  return h(
    "button",
    {
      type: "button",
      class: `replay-button replay-${action}`,
      "data-action": action,
      "aria-label": label,
      title: label,
      disabled,
      "aria-pressed": pressed,
      "aria-keyshortcuts": shortcut,
      onClick,
    },
    icon(symbol),
  );
}

function controls(study) {
  const hand = study.hand;
  const last = hand.steps.length - 1;
  const costly = costlySteps();
  return h(
    "div",
    { class: "replay-controls", role: "group", "aria-label": t("replay.controls.label") },
    h(
      "div",
      { class: "replay-buttons", dir: "ltr" },
      control("first", t("replay.controls.first"), "first", () => setStep(0), { disabled: hand.step === 0, shortcut: "Home" }),
      control("back", t("replay.controls.back"), "back", () => setStep(hand.step - 1), { disabled: hand.step === 0, shortcut: "ArrowLeft" }),
      control("play", hand.playing ? t("replay.controls.pause") : t("replay.controls.play"), hand.playing ? "pause" : "play", togglePlay, {
        pressed: hand.playing ? "true" : "false",
        shortcut: "Space",
      }),
      control("forward", t("replay.controls.forward"), "forward", () => setStep(hand.step + 1), { disabled: hand.step === last, shortcut: "ArrowRight" }),
      control("last", t("replay.controls.last"), "last", () => setStep(last), { disabled: hand.step === last, shortcut: "End" }),
    ),
    h("input", {
      type: "range",
      dir: "ltr",
      class: "replay-scrubber",
      min: 0,
      max: last,
      step: 1,
      value: hand.step,
      "aria-label": t("replay.controls.scrubber"),
      "aria-valuetext": t("replay.controls.step", { step: hand.step, total: last }),
      onInput: (event) => setStep(Number(event.currentTarget.value)),
    }),
    h("output", { class: "replay-position" }, t("replay.controls.step", { step: hand.step, total: last })),
    costly.length
      ? h(
          "div",
          { class: "costly-nav" },
          h("button", { type: "button", class: "costly-prev", "data-action": "costly-prev", disabled: !costly.some((s) => s < hand.step), onClick: () => nextCostly(-1) }, t("replay.learn.previous")),
          h("button", { type: "button", class: "costly-next", "data-action": "costly-next", disabled: !costly.some((s) => s > hand.step), onClick: () => nextCostly(1) }, t("replay.learn.next")),
        )
      : null,
  );
}

// One line per event, in the words of the live table's narration; the current step highlighted.
function actionLog(study) {
  const hand = study.hand;
  const costly = new Set(costlySteps());
  const lines = hand.events.map((record, index) => ({
    step: index + 1,
    seq: record.seq,
    text: narrate(hand.steps[index], record),
  }));
  return h(
    "section",
    { class: "replay-log", "aria-labelledby": "replay-log-title" },
    h("h3", { id: "replay-log-title" }, t("replay.log.title")),
    h(
      "ol",
      null,
      h(
        "li",
        { key: 0, class: hand.step === 0 ? "current" : "", "aria-current": hand.step === 0 ? "step" : null, "data-step": 0 },
        h("button", { type: "button", class: "log-step", onClick: () => setStep(0) }, t("replay.log.start")),
      ),
      lines
        .filter((line) => line.text)
        .map((line) => {
          const current = line.step === hand.step;
          return h(
            "li",
            {
              key: line.seq,
              class: `${current ? "current" : ""} ${costly.has(line.step) ? "costly" : ""}`,
              "aria-current": current ? "step" : null,
              "data-seq": line.seq,
              "data-step": line.step,
            },
            h("button", { type: "button", class: "log-step", onClick: () => setStep(line.step) }, line.text),
            costly.has(line.step) ? h("span", { class: "costly-tag" }, t("replay.learn.costly")) : null,
          );
        }),
    ),
  );
}

// --- verify the shuffle -----------------------------------------------------------------------

function differenceText(display, diff) {
  const what = diff.what || {};
  let where;
  if (what.burned) where = t("replay.proof.where_burn", { street: t(`street.${what.street}`) });
  else if (what.street) where = t("replay.proof.where_board", { street: t(`street.${what.street}`) });
  else if (what.seat !== undefined) where = t("replay.proof.where_hole", { player: playerName(display, what.seat), subject: subjectOf(display, what.seat) });
  else where = t("replay.proof.where_draw", { draw: what.draw });
  return t("replay.proof.difference", { position: diff.position + 1, where, expected: diff.expected, dealt: diff.dealt });
}

function proofResult(display, result) {
  const title =
    result.kind === "updown" ? h("h4", null, t("replay.proof.shoe", { shuffle: result.shuffle })) : null;
  if (result.sealed) {
    return h("div", { class: "proof-result proof-sealed", "data-ok": "sealed" }, title, h("p", null, t("replay.proof.sealed")));
  }
  return h(
    "div",
    { class: `proof-result ${result.ok ? "proof-ok" : "proof-bad"}`, "data-ok": result.ok ? "true" : "false" },
    title,
    h(
      "p",
      { class: "proof-verdict" },
      h("span", { class: "proof-mark", "aria-hidden": "true" }, result.ok ? "\u2713" : "\u2717"),
      " ",
      result.ok ? t("replay.proof.ok", { count: result.checked }) : t("replay.proof.bad"),
    ),
    h(
      "p",
      { class: `proof-commitment ${result.commitmentOk ? "" : "proof-wrong"}` },
      result.commitmentOk ? t("replay.proof.commitment_ok") : t("replay.proof.commitment_bad"),
    ),
    h(
      "dl",
      { class: "proof-hashes" },
      h("dt", null, t("replay.proof.digest")),
      h("dd", null, h("code", { class: "hash", dir: "ltr" }, result.digest)),
      h("dt", null, t("replay.proof.commitment")),
      h("dd", null, h("code", { class: "hash", dir: "ltr" }, result.commitment)),
    ),
    result.firstDifference ? h("p", { class: "proof-difference" }, differenceText(display, result.firstDifference)) : null,
  );
}

function proofView(study, display) {
  const proof = study.proof;
  const results = Array.isArray(proof)
    ? proof.map((result) => ({ ...result, commitment: commitmentOf(study, result) }))
    : [];
  return h(
    "section",
    { class: "study-card proof", "aria-labelledby": "proof-title" },
    h("h3", { id: "proof-title" }, t("replay.proof.title")),
    h("p", { class: "study-hint" }, study.body.game === "holdem" ? t("replay.proof.how_holdem") : t("replay.proof.how_updown")),
    h(
      "button",
      { type: "button", class: "primary verify", "data-action": "verify", disabled: proof === "running", onClick: verify },
      proof === "running" ? t("replay.proof.running") : t("replay.proof.button"),
    ),
    h(
      "div",
      { class: "proof-results", "aria-live": "polite" },
      Array.isArray(proof) && !proof.length ? h("p", null, t("replay.proof.none")) : null,
      results.map((result) => proofResult(display, result)),
    ),
  );
}

function commitmentOf(study, result) {
  if (result.kind === "holdem") return study.hand.replay.commitment;
  const proof = (study.hand.replay.shuffles || []).find((each) => each.shuffle === result.shuffle);
  return proof ? proof.commitment : "";
}

// --- the settlement, explained ----------------------------------------------------------------

// Why a seat got an odd chip (docs/rules.md): Hold'em gives them one at a time to the winners
// in seat order from the button's left; Up & Down to the player who did not start the deal.
function oddChipsText(display, award, game) {
  if (!award.odd_chips || !award.odd_chips.length) return null;
  const who = nameList(award.odd_chips.map((seat) => playerName(display, seat)));
  return game === "holdem"
    ? t("replay.settle.odd_holdem", { players: who, count: award.odd_chips.length })
    : t("replay.settle.odd_updown", { players: who, count: award.odd_chips.length });
}

function potTitle(award, game) {
  if (game !== "holdem") return t("ui.table.pot", { amount: award.amount });
  if (award.pot === undefined || award.pot === 0) return t("replay.settle.main_pot", { amount: award.amount });
  return t("replay.settle.side_pot", { number: award.pot, amount: award.amount });
}

function settlementView(study) {
  const game = study.body.game;
  const final = study.hand.steps[study.hand.steps.length - 1];
  // Main pot first, then each side pot (the engine pays the last side pot first).
  const awards = study.hand.events
    .filter((record) => record.type.endsWith(".pot_awarded"))
    .map((record) => record.payload)
    .sort((a, b) => (a.pot || 0) - (b.pot || 0));
  if (!awards.length) return null;
  const rake = study.source ? rakeOf(study.hand, awards) : null;
  return h(
    "section",
    { class: "study-card settlement", "aria-labelledby": "settle-title" },
    h("h3", { id: "settle-title" }, t("replay.settle.title")),
    rake
      ? h("p", { class: "settle-rake", "data-rake": rake.rake }, t("imports.settle.rake", { amount: rake.rake, pot: amountText(rake.pot), paid: amountText(rake.paid) }))
      : null,
    h(
      "ol",
      { class: "settle-pots" },
      awards.map((award, index) => {
        const eligible = award.eligible || [...award.winners];
        const hand = winningHandName(award.hand_rank, award.kickers);
        return h(
          "li",
          { key: index, class: "settle-pot", "data-pot": award.pot === undefined ? 0 : award.pot },
          h("h4", null, potTitle(award, game)),
          h(
            "p",
            { class: "settle-eligible" },
            game === "holdem"
              ? t("replay.settle.eligible", { players: nameList(eligible.map((seat) => playerName(final, seat))) })
              : outcomeText(final, { ...(final.result || {}), awards: [award] }),
          ),
          h(
            "p",
            { class: "settle-winning" },
            hand
              ? t("replay.settle.best_hand", { hand })
              : game === "holdem"
                ? t("replay.settle.uncontested")
                : null,
          ),
          h(
            "ul",
            { class: "settle-shares" },
            award.winners.map((seat, i) =>
              h(
                "li",
                { key: seat, "data-seat": seat },
                t("ui.result.winner_share", { subject: subjectOf(final, seat), player: playerName(final, seat), amount: award.shares[i] }),
              ),
            ),
          ),
          award.winners.length > 1 ? h("p", { class: "settle-split" }, t("replay.settle.split", { count: award.winners.length, amount: award.amount })) : null,
          oddChipsText(final, award, game) ? h("p", { class: "settle-odd" }, oddChipsText(final, award, game)) : null,
        );
      }),
    ),
  );
}

// The room's rake: what the players put in the pot less what it paid out. What each put in is
// read from the table just before the first pot was paid (uncalled bets already returned).
function rakeOf(hand, awards) {
  // The engine records each pot's rake with its award; else it is worked out from the stacks.
  if (awards.some((award) => typeof award.rake === "number")) {
    const paid = awards.reduce((sum, award) => sum + award.amount, 0);
    const rake = awards.reduce((sum, award) => sum + (award.rake || 0), 0);
    return rake > 0 ? { pot: paid + rake, paid, rake } : null;
  }
  const first = hand.events.findIndex((record) => record.type.endsWith(".pot_awarded"));
  if (first < 0) return null;
  const start = hand.steps[0].seats;
  const before = hand.steps[first].seats;
  const pot = start.reduce((sum, seat, index) => sum + (seat.stack - before[index].stack), 0);
  const paid = awards.reduce((sum, award) => sum + award.amount, 0);
  return pot > paid ? { pot, paid, rake: pot - paid } : null;
}

// --- the page -------------------------------------------------------------------------------

function exportLinks(study) {
  const formats = study.body.game === "holdem" ? ["phh", "pokerstars"] : ["ud"];
  const base = `/api/matches/${study.matchId}/hands/${study.hand.number}/export/`;
  return h(
    "p",
    { class: "exports" },
    h("span", null, t("replay.export.hand")),
    " ",
    formats.map((format) =>
      h("a", { key: format, class: "button export", href: `${base}?format=${format}`, download: "", "data-format": format }, t(`replay.export.${format}`)),
    ),
  );
}

// A hand the replayer can open: finished, not abandoned.
const replayable = (study, n) => (study.hands || []).some((hand) => hand.hand_number === n && hand.finished && !hand.abandoned);

function handPager(study) {
  if (study.source) return [h("a", { key: "imports", class: "button", href: "#/imports", "data-nav": "imports" }, t("imports.nav"))];
  const n = study.hand.number;
  return [
    n > 1 ? h("a", { key: "prev", class: "button", href: handHref(study.matchId, n - 1), "data-nav": "previous-hand" }, t("replay.nav.previous_hand")) : null,
    replayable(study, n + 1) ? h("a", { key: "next", class: "button", href: handHref(study.matchId, n + 1), "data-nav": "next-hand" }, t("controls.replay.next_hand")) : null,
    h("a", { key: "list", class: "button", href: `#/match/${study.matchId}/hands`, "data-nav": "hands" }, t("replay.nav.hands")),
  ];
}

export function replayView(study, ctrl) {
  const hand = study.hand;
  const display = hand.steps[hand.step];
  const game = study.body.game;
  const title = game === "holdem" ? t("ui.table.hand_number", { number: hand.number }) : t("updown.deal", { number: hand.number });
  const imported = study.source;
  return h(
    "div",
    { class: "study study-replay", "data-game": game },
    study.shared
      ? sharedHead(study)
      : h(
          "div",
          { class: "study-head" },
          h("h2", null, imported ? importedTitle(imported) : t("replay.title", { hand: title, game: gameName(game) })),
          imported ? h("nav", { class: "study-nav", "aria-label": t("replay.nav.label") }, handPager(study), h("a", { class: "button", href: "#/stats" }, t("replay.nav.stats"))) : studyNav(study, handPager(study)),
        ),
    // Where the hand came from (a visitor of a shared link is not shown the owner's file).
    imported ? sourceLine(imported, { file: !study.shared }) : null,
    h(
      "div",
      { class: "replay-layout" },
      h("div", { class: "replay-main" }, tableStage(study, ctrl, display), controls(study), shownByTheSeed(hand)),
      actionLog(study),
    ),
    study.shared ? null : exportLinks(study),
    h(
      "div",
      { class: "study-grid" },
      // An Up & Down shoe is checked against the match's earlier deals, which a link does not open.
      // An imported hand was dealt elsewhere: no seed of ours to check.
      (study.shared && game !== "holdem") || imported ? null : proofView(study, display),
      settlementView(study),
    ),
    // The analysis is computed for the owner on demand (a Celery task): not from a link.
    game === "holdem" && !study.shared ? analysisView(study, display) : null,
    study.shared ? null : sharePanel(study, ctrl.session),
    // The step's line, read out as the player steps through.
    h("p", { class: "visually-hidden", "aria-live": "polite" }, hand.step ? narrate(hand.steps[hand.step - 1], hand.events[hand.step - 1]) : null),
  );
}

// A note at the last step when the seed showed folded hands.
function shownByTheSeed(hand) {
  const display = hand.steps[hand.step];
  const seats = display.seats.map((seat, index) => (seat.fromSeed ? index : null)).filter((index) => index !== null);
  if (!seats.length) return null;
  return h(
    "p",
    { class: "from-seed-note" },
    t("replay.seed_cards", { players: nameList(seats.map((seat) => playerName(display, seat))) }),
    " ",
    seats.map((seat) => h("span", { key: seat, class: "from-seed-cards", "data-seat": seat }, display.seats[seat].cards.map((code) => card(code, { size: "small" })))),
  );
}
