// Blinds at the Hold'em table (docs/rules.md#holdem-rising-blinds).
// A sit & go's blinds rise a level every few hands: the table header shows the level, the
// blinds and the next level with the hands to go, for the hand the table shows. The view read
// last says which hand its blinds are for and the whole schedule, so the hands the feed brings
// after it are worked out here without another read.

import { h } from "../../vendor/preact-11.2.0/preact.js";
import { t } from "../i18n.js";

// The match start's `blinds` option, the default first (the lobby offers them for Hold'em).
export const BLINDS = ["fixed", "rising"];

// The blinds of hand `hand` from the view's `blinds` (read for `blinds.hand_number` of the same
// segment): { level, small, big, next (or null), handsLeft (or null), rising }.
export function blindsForHand(blinds, hand) {
  const schedule = blinds.schedule || [];
  const per = blinds.hands_per_level || 0;
  const same = {
    level: blinds.level,
    small: blinds.small,
    big: blinds.big,
    next: blinds.next_level,
    handsLeft: blinds.hands_left,
    rising: schedule.length > 1,
  };
  // A fixed table, the last level (it stays), or an older hand than the view's: as read.
  if (!per || !schedule.length || blinds.hands_left === null || hand <= blinds.hand_number) return same;
  // The view's hand is hand `hands_per_level - hands_left + 1` of its level.
  const inSegment = (blinds.level - 1) * per + (per - blinds.hands_left + 1) + (hand - blinds.hand_number);
  const level = Math.min(schedule.length, Math.floor((inSegment - 1) / per) + 1);
  const top = level === schedule.length;
  return {
    level,
    small: schedule[level - 1].small,
    big: schedule[level - 1].big,
    next: top ? null : schedule[level],
    handsLeft: top ? null : level * per - inSegment + 1,
    rising: true,
  };
}

// The hand the table shows: the one in play, or before the first the one about to be dealt.
const shownHand = (display) => Math.max(display.hand_number || 0, 1);

function nextText(now) {
  if (!now.next) return t("blinds.table.top_level");
  if (now.handsLeft === 1) return t("blinds.table.next_after_this", { small: now.next.small, big: now.next.big });
  return t("blinds.table.next", { small: now.next.small, big: now.next.big, hands: now.handsLeft });
}

// The header's blinds: "Blinds 10/20"; at a sit & go also "Level 2" and the next level.
export function blindsFacts(display) {
  if (!display.blinds) return null;
  const now = blindsForHand(display.blinds, shownHand(display));
  const blinds = h("span", { class: "blinds-now" }, t("blind.blinds", { small: now.small, big: now.big }));
  if (!now.rising) return blinds;
  return h(
    "span",
    { class: "blind-level", role: "group", "aria-label": t("blinds.table.label"), "data-level": now.level },
    h("span", { class: "blinds-level" }, t("blinds.table.level", { level: now.level })),
    blinds,
    h("span", { class: "blinds-next", "data-hands-left": now.handsLeft ?? "" }, nextText(now)),
  );
}
