// The player's table settings, kept in this browser: sounds on or off, amounts in chips or in
// big blinds (Hold'em), the current made hand named under your cards (Hold'em). A folding panel
// of checkboxes in the table's header; the made hand's line and the keyboard all-in's
// confirmation, drawn from the same settings and state.

import { h } from "../vendor/preact-11.2.0/preact.js";
import { t } from "./i18n.js";
import { handName } from "./views/common.js";

const STORAGE_KEY = "cardavia.table";
export const DEFAULT_PREFS = { sound: true, bigBlinds: false, madeHand: true };
const OPTION_KEYS = { sound: "sound", bigBlinds: "big_blinds", madeHand: "made_hand" };

export function loadPrefs() {
  const prefs = { ...DEFAULT_PREFS };
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) || "{}");
    for (const name of Object.keys(DEFAULT_PREFS)) {
      if (typeof stored[name] === "boolean") prefs[name] = stored[name];
    }
  } catch {
    // Unreadable or no storage: the defaults.
  }
  return prefs;
}

export function savePrefs(prefs) {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(prefs));
  } catch {
    // Without storage the settings last for this page.
  }
}

// The big blind amounts are counted in at the table, or null for chips: the hand's own, from
// the view (never a constant: blinds may rise).
export function amountUnit(ctrl) {
  const display = ctrl.display;
  if (!ctrl.prefs.bigBlinds || !display || display.game !== "holdem") return null;
  return display.blinds && display.blinds.big > 0 ? display.blinds.big : null;
}

function option(ctrl, name) {
  const id = `table-option-${name}`;
  return h(
    "div",
    { class: "table-option" },
    h("input", {
      type: "checkbox",
      id,
      checked: ctrl.prefs[name],
      onChange: (event) => ctrl.setPref(name, event.currentTarget.checked),
    }),
    h("label", { for: id }, t(`controls.options.${OPTION_KEYS[name]}`)),
  );
}

export function tableOptionsView(ctrl) {
  const holdem = ctrl.display && ctrl.display.game === "holdem";
  return h(
    "details",
    { class: "table-options" },
    h("summary", { class: "button table-options-summary" }, t("controls.options.title")),
    h(
      "div",
      { class: "table-options-panel", role: "group", "aria-label": t("controls.options.title") },
      option(ctrl, "sound"),
      holdem ? option(ctrl, "bigBlinds") : null,
      holdem ? option(ctrl, "madeHand") : null,
    ),
  );
}

// The player's best hand so far, named under their cards (from the view's made_hand).
export function madeHandView(ctrl) {
  const display = ctrl.display;
  if (!ctrl.prefs || !ctrl.prefs.madeHand || !display.made_hand) return null;
  const name = handName(display.made_hand);
  return name ? h("p", { class: "made-hand" }, t("controls.made_hand", { hand: name })) : null;
}

// The keyboard's all-in waits for a second A (or Enter): the question, in the bar.
export function allInNotice(ctrl) {
  const move = ctrl.confirmAllIn;
  if (!move || !ctrl.prefs) return null;
  return h("p", { class: "confirm-all-in", role: "alert" }, t("controls.allin.confirm", { amount: move.amount }));
}
