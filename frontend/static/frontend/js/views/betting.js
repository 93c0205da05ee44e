// The betting bar both tables share, built from legal_actions only: fold / check / call N /
// bet or raise to N (a slider and a number field clamped to the legal range, quick sizes), the
// amount to call and the pot odds. Shortcuts: F fold, C check or call, R bet or raise, A all-in.

import { h } from "../../vendor/preact-11.2.0/preact.js";
import { number, percent, t } from "../i18n.js";

// A bet opens the betting: facing nothing, with no bet out this round (the big blind's option
// pre-flop is a raise). Newer APIs say so themselves with can_bet.
export function opensBetting(legal, display) {
  if (legal.can_bet !== undefined) return legal.can_bet;
  const anyBet = display.seats.some((seat) => seat.bet > 0);
  return legal.can_raise && legal.call_amount === 0 && !anyBet;
}

// Whether the seat may put in more than a call: an opening bet (can_bet) or a raise.
export function canBetOrRaise(legal) {
  return Boolean(legal.can_bet || legal.can_raise);
}

export function clampAmount(legal, value) {
  const low = legal.min_raise_to;
  const high = legal.max_raise_to;
  const n = Math.round(Number(value));
  if (!Number.isFinite(n)) return low;
  return Math.min(high, Math.max(low, n));
}

// Quick sizes as "raise to" totals: a fraction of the pot after calling, on top of the bet to
// match, clamped to the legal range.
export function quickSizes(legal, display) {
  const highest = Math.max(0, ...display.seats.map((seat) => seat.bet));
  const potAfterCall = display.pot + legal.call_amount;
  const size = (fraction) => clampAmount(legal, highest + fraction * potAfterCall);
  return [
    { key: "min", label: t("ui.bar.size.min"), value: legal.min_raise_to },
    { key: "half", label: t("ui.bar.size.half_pot"), value: size(0.5) },
    { key: "three_quarters", label: t("ui.bar.size.three_quarters_pot"), value: size(0.75) },
    { key: "pot", label: t("ui.bar.size.pot"), value: size(1) },
    { key: "all_in", label: t("ui.bar.size.all_in"), value: legal.max_raise_to },
  ];
}

export function bettingBar({ display, legal, amount, busy, onAmount, onAct, notice = null }) {
  const opening = opensBetting(legal, display);
  const raiseKind = opening ? "bet" : "raise";
  const value = amount === null ? legal.min_raise_to : amount;
  const buttons = [];
  if (legal.can_fold) {
    buttons.push(
      h(
        "button",
        {
          type: "button",
          class: "act act-fold",
          "data-action": "fold",
          "aria-keyshortcuts": "F",
          disabled: busy,
          onClick: () => onAct({ action: "fold" }),
        },
        t("action.fold"),
        h("kbd", { "aria-hidden": "true" }, "F"),
      ),
    );
  }
  if (legal.can_check) {
    buttons.push(
      h(
        "button",
        {
          type: "button",
          class: "act act-check",
          "data-action": "check",
          "aria-keyshortcuts": "C",
          disabled: busy,
          onClick: () => onAct({ action: "check" }),
        },
        t("action.check"),
        h("kbd", { "aria-hidden": "true" }, "C"),
      ),
    );
  } else if (legal.can_call) {
    buttons.push(
      h(
        "button",
        {
          type: "button",
          class: "act act-call",
          "data-action": "call",
          "aria-keyshortcuts": "C",
          disabled: busy,
          onClick: () => onAct({ action: "call" }),
        },
        t("action.call", { amount: legal.call_amount }),
        h("kbd", { "aria-hidden": "true" }, "C"),
      ),
    );
  }
  let sizing = null;
  if (canBetOrRaise(legal)) {
    buttons.push(
      h(
        "button",
        {
          type: "button",
          class: "act act-raise",
          "data-action": raiseKind,
          "aria-keyshortcuts": "R",
          disabled: busy,
          onClick: () => onAct({ action: raiseKind, amount: clampAmount(legal, value) }),
        },
        t(opening ? "action.bet" : "action.raise", { amount: clampAmount(legal, value) }),
        h("kbd", { "aria-hidden": "true" }, "R"),
      ),
    );
    const fixed = legal.min_raise_to === legal.max_raise_to;
    sizing = h(
      "div",
      { class: "sizing" },
      h(
        "label",
        { class: "sizing-amount" },
        h("span", { class: "label" }, t(opening ? "ui.bar.bet_amount" : "ui.bar.raise_amount")),
        h("input", {
          type: "number",
          inputmode: "numeric",
          class: "amount-field",
          min: legal.min_raise_to,
          max: legal.max_raise_to,
          step: 1,
          value,
          disabled: busy || fixed,
          onInput: (event) => onAmount(event.currentTarget.value, false),
          onChange: (event) => onAmount(event.currentTarget.value, true),
          onKeyDown: (event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              onAct({
                action: raiseKind,
                amount: clampAmount(legal, event.currentTarget.value),
              });
            }
          },
        }),
      ),
      fixed
        ? null
        : h("input", {
            type: "range",
            class: "amount-slider",
            "aria-label": t(opening ? "ui.bar.bet_amount" : "ui.bar.raise_amount"),
            min: legal.min_raise_to,
            max: legal.max_raise_to,
            step: 1,
            value: clampAmount(legal, value),
            disabled: busy,
            onInput: (event) => onAmount(event.currentTarget.value, true),
          }),
      h(
        "div",
        { class: "quick-sizes", role: "group", "aria-label": t("ui.bar.quick_sizes") },
        quickSizes(legal, display).map((size, index) =>
          h(
            "button",
            {
              type: "button",
              class: "quick",
              "data-size": size.key,
              "aria-keyshortcuts": String(index + 1),
              disabled: busy,
              onClick: () => onAmount(size.value, true),
            },
            size.label,
          ),
        ),
      ),
    );
  }
  const facts = [];
  if (legal.call_amount > 0) {
    const odds = legal.call_amount / (display.pot + legal.call_amount);
    facts.push(
      h("span", { class: "to-call" }, t("ui.bar.to_call", { amount: legal.call_amount })),
      h("span", { class: "pot-odds" }, t("ui.bar.pot_odds", { odds: percent(odds) })),
    );
  }
  return h(
    "div",
    { class: "betting-bar", role: "group", "aria-label": t("ui.bar.label") },
    h("div", { class: "bar-facts" }, facts),
    notice,
    h("div", { class: "bar-buttons" }, buttons),
    sizing,
    h("p", { class: "bar-hint" }, t("ui.bar.shortcuts")),
  );
}

// The command a shortcut key stands for, or null.
export function shortcut(key, legal, display, amount) {
  const lower = key.toLowerCase();
  if (lower === "f" && legal.can_fold) return { action: "fold" };
  if (lower === "c" && legal.can_check) return { action: "check" };
  if (lower === "c" && legal.can_call) return { action: "call" };
  const kind = opensBetting(legal, display) ? "bet" : "raise";
  if (lower === "r" && canBetOrRaise(legal)) {
    return { action: kind, amount: clampAmount(legal, amount ?? legal.min_raise_to) };
  }
  if (lower === "a" && canBetOrRaise(legal)) return { action: kind, amount: legal.max_raise_to };
  return null;
}

