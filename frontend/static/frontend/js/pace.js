// The table's speed: how long the AIs' moves take to come (playing, and quicker while
// watching) and how long a hand's result stays before the next hand is dealt on screen. The
// result of a hand the player stayed in to the end (or won), and while watching of a showdown,
// holds the table until the player presses "Next hand" (N) or the speed's time is up; at the
// slow speed it waits for the player. Under prefers-reduced-motion nothing waits but the slow
// speed's result. Remembered in this browser.

import { h } from "../vendor/preact-11.2.0/preact.js";
import { t } from "./i18n.js";
import { shortType } from "./display.js";

export const SPEEDS = {
  slow: { move: 1500, watch: 900, hold: null, watchHold: 5000 },
  normal: { move: 900, watch: 450, hold: 4000, watchHold: 2000 },
  fast: { move: 350, watch: 110, hold: 1500, watchHold: 600 },
};
const STORAGE_KEY = "cardavia.speed";
const PLAYER_ACTIONS = new Set(["folded", "checked", "called", "bet", "raised", "card_locked"]);
const OPENINGS = new Set(["hand_started", "deal_started"]);

const reducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

export function loadSpeed() {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    return stored in SPEEDS ? stored : "normal";
  } catch {
    return "normal";
  }
}

function saveSpeed(speed) {
  try {
    window.localStorage.setItem(STORAGE_KEY, speed);
  } catch {
    // A browser that keeps nothing plays at the chosen speed until the page is closed.
  }
}

// How long the table shows ``record`` before the next one (ms).
export function pauseFor(display, record, speed) {
  if (reducedMotion()) return 0;
  const kind = shortType(record);
  if (record.payload.seat === display.viewer && PLAYER_ACTIONS.has(kind)) return 0;
  const base = display.watching ? SPEEDS[speed].watch : SPEEDS[speed].move;
  if (PLAYER_ACTIONS.has(kind)) return base;
  if (kind === "board_dealt" || kind === "locked_cards_revealed") return base;
  if (kind === "cards_exposed") return base / 2; // each live hand turned up before the run-out
  if (kind === "pot_awarded") return base * 2;
  if (kind === "hand_started" || kind === "deal_started") return base / 2;
  return 0;
}

// A result worth holding the table for: one the player was in to the end (or won), or, while
// watching, a showdown.
function readable(display) {
  const result = display.result;
  if (!result || result.number !== display.shownHand || !result.awards.length) return false;
  if (display.watching) return Boolean(result.cards || Object.keys(result.shown).length);
  const me = display.seats[display.viewer];
  const stayed = !me.folded && me.cards;
  return Boolean(stayed) || result.awards.some((award) => award.winners.includes(display.viewer));
}

// How long to hold ``display``'s result before ``record`` is shown: null for no hold,
// Infinity until the player moves on.
function holdFor(display, record, speed) {
  if (!OPENINGS.has(shortType(record)) || !readable(display)) return null;
  const chosen = SPEEDS[speed];
  if (display.watching) return reducedMotion() ? null : chosen.watchHold;
  if (chosen.hold === null) return Infinity;
  return reducedMotion() ? null : chosen.hold;
}

// The hold in progress: its end's resolver (the Next hand button calls it).
let release = null;

// Before ``record`` is shown: hold the table on the hand's result if there is one to read.
export async function holdBefore(ctrl, record, redraw) {
  const wait = holdFor(ctrl.display, record, ctrl.speed);
  if (wait === null || ctrl.skipping) return;
  ctrl.held = { hand: ctrl.display.shownHand };
  redraw();
  await new Promise((resolve) => {
    release = resolve;
    if (wait !== Infinity) setTimeout(resolve, wait);
  });
  release = null;
  ctrl.held = null;
}

export function nextHand() {
  if (release) release();
}

export function setSpeed(ctrl, speed, redraw) {
  if (!(speed in SPEEDS)) return;
  ctrl.speed = speed;
  saveSpeed(speed);
  redraw();
}

// The speed chooser of the table's menu.
export function speedControl(ctrl, redraw) {
  return h(
    "label",
    { class: "speed-control" },
    h("span", null, t("table.speed.label")),
    h(
      "select",
      { value: ctrl.speed, onChange: (event) => setSpeed(ctrl, event.currentTarget.value, redraw) },
      Object.keys(SPEEDS).map((speed) => h("option", { value: speed, selected: speed === ctrl.speed }, t(`table.speed.${speed}`))),
    ),
  );
}

// In place of the action bar while a result holds the table.
export function nextHandBar(ctrl) {
  if (!ctrl.held) return null;
  const game = ctrl.display.game;
  return h(
    "div",
    { class: "next-hand-bar" },
    h(
      "button",
      { type: "button", class: "primary next-hand", "aria-keyshortcuts": "N", onClick: () => nextHand() },
      t(game === "holdem" ? "table.next_hand" : "table.next_deal"),
      h("kbd", { "aria-hidden": "true" }, "N"),
    ),
  );
}

// N moves on from a held result.
export function onNextHandKey(ctrl, event) {
  if (!ctrl.held || event.ctrlKey || event.metaKey || event.altKey) return;
  const tag = event.target && event.target.tagName;
  if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
  if (event.key === "n" || event.key === "N") {
    event.preventDefault();
    nextHand();
  }
}
