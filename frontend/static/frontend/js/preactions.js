// Pre-actions: while the AIs act, the player may choose now what to do when the turn comes —
// check/fold, check, call any (facing a bet: fold, call N, call any), as card rooms offer. A
// choice that assumed the bet it saw (check, call N) is cleared when that bet changes; every
// choice is cleared when the street or the hand changes. When the turn comes the choice is
// played, once, and only if it still fits the legal actions.

import { h } from "../vendor/preact-11.2.0/preact.js";
import { t } from "./i18n.js";

// What the player would owe to call now, as the table shows it (capped by the stack: all-in).
export function owed(display) {
  const me = display.seats[display.viewer];
  const highest = Math.max(0, ...display.seats.map((seat) => seat.bet));
  return Math.max(0, Math.min(highest - me.bet, me.stack));
}

function myTurn(ctrl) {
  const display = ctrl.display;
  return Boolean(display.live && display.legal && !ctrl.busy);
}

// Whether a choice can be made now: a Hold'em hand in play that the player is still in, with
// chips behind, and not their turn (then the betting bar is there).
export function canPreselect(ctrl) {
  const display = ctrl.display;
  // A table nobody acts on (the replayer's) has nobody to choose for.
  if (!ctrl.choosePreaction || !display || display.game !== "holdem" || !display.street) return false;
  if (myTurn(ctrl)) return false;
  if (display.live && display.phase !== "betting") return false;
  if (display.result && display.result.number === display.hand_number) return false;
  const me = display.seats[display.viewer];
  return Boolean(me && me.in_hand && !me.folded && !me.all_in && me.stack > 0);
}

export function choices(display) {
  const amount = owed(display);
  if (amount > 0) return [{ kind: "fold" }, { kind: "call", amount }, { kind: "call_any" }];
  return [{ kind: "check_fold" }, { kind: "check" }, { kind: "call_any" }];
}

// The choice as kept: what it assumed (the amount owed, the street, the hand).
export function preselect(display, choice) {
  if (!choice) return null;
  return { ...choice, owed: owed(display), hand: display.hand_number, street: display.street };
}

// The choice if it still holds on the table as drawn, else null.
export function stillMeant(choice, display) {
  if (!choice || !display || display.game !== "holdem") return null;
  if (choice.hand !== display.hand_number || choice.street !== display.street) return null;
  if ((choice.kind === "check" || choice.kind === "call") && owed(display) !== choice.owed) return null;
  const me = display.seats[display.viewer];
  if (!me || me.folded || !me.in_hand) return null;
  return choice;
}

// The move the choice stands for against the legal actions, or null (nothing fits: the player
// decides). A fold is never played where a check is free.
export function moveFor(choice, legal) {
  switch (choice.kind) {
    case "check_fold":
    case "fold":
      return legal.can_check ? { action: "check" } : legal.can_fold ? { action: "fold" } : null;
    case "check":
      return legal.can_check ? { action: "check" } : null;
    case "call":
      return legal.can_call && legal.call_amount === choice.owed ? { action: "call" } : null;
    case "call_any":
      return legal.can_check ? { action: "check" } : legal.can_call ? { action: "call" } : null;
    default:
      return null;
  }
}

// When the player's turn has come with a choice made: the move to send (the choice is used up
// either way), or null.
export function takeDue(ctrl) {
  const choice = stillMeant(ctrl.preaction, ctrl.display);
  if (!choice || ctrl.following || !myTurn(ctrl)) {
    ctrl.preaction = choice;
    return null;
  }
  ctrl.preaction = null;
  return moveFor(choice, ctrl.display.legal);
}

// The card room's words: the actions' own names where the choice is one action.
const LABELS = {
  check_fold: () => t("controls.pre.check_fold"),
  check: () => t("action.check"),
  fold: () => t("action.fold"),
  call: (choice) => t("action.call", { amount: choice.amount }),
  call_any: () => t("controls.pre.call_any"),
};

export function preactionsView(ctrl) {
  if (!canPreselect(ctrl)) return null;
  const chosen = ctrl.preaction;
  return h(
    "div",
    { class: "preactions", role: "group", "aria-label": t("controls.pre.label") },
    choices(ctrl.display).map((choice) => {
      const on = Boolean(chosen && chosen.kind === choice.kind);
      return h(
        "button",
        {
          type: "button",
          class: `preaction ${on ? "on" : ""}`,
          "data-preaction": choice.kind,
          "aria-pressed": on ? "true" : "false",
          onClick: () => ctrl.choosePreaction(on ? null : choice),
        },
        LABELS[choice.kind](choice),
      );
    }),
  );
}
