// Your statistics across matches (GET /api/stats/), per game and level, as small plots: Hold'em
// rates as bars, big blinds won per 100 hands with its 95% interval (and chips); Up & Down win and fold rates,
// chips per deal, and which card you locked against each signal.

import { h } from "../../vendor/preact-11.2.0/preact.js";
import { has, number, percent, t } from "../i18n.js";
import { setStatsSource } from "../study.js";
import { bars, intervals } from "./charts.js";
import { roomName } from "./imports.js";
import { studyNav } from "./replay_list.js";

// A rate is a fraction (0..1), null when there was no chance yet (no flop seen, no 3-bet
// opportunity): then an empty bar and a dash, not a misleading 0%.
const rateRow = (key, label, value) =>
  typeof value === "number"
    ? { key, label, value, text: percent(value) }
    : { key, label, value: 0, text: "—" };
// Imported hands have no AI level: their rows name the room they came from, if any.
const levelName = (level) => {
  if (has(`level.${level}.name`)) return t(`level.${level}.name`);
  return level ? roomName(level) : t("imports.stats.all");
};
const round1 = (value) => (typeof value === "number" ? number(Math.round(value * 10) / 10) : "—");

function holdemLevel(row) {
  return h(
    "section",
    { class: "study-card stats-level", key: row.level, "data-game": "holdem", "data-level": row.level },
    h("h4", null, levelName(row.level)),
    h("p", { class: "stats-facts" }, t("replay.stats.holdem_facts", { hands: row.hands || 0, matches: row.matches || 0 })),
    bars({
      label: t("replay.stats.holdem_rates", { level: levelName(row.level) }),
      rows: [
        rateRow("vpip", t("replay.stats.vpip"), row.vpip),
        rateRow("pfr", t("replay.stats.pfr"), row.pfr),
        rateRow("three_bet", t("replay.stats.three_bet"), row.three_bet),
        rateRow("went_to_showdown", t("replay.stats.went_to_showdown"), row.went_to_showdown),
        rateRow("won_at_showdown", t("replay.stats.won_at_showdown"), row.won_at_showdown),
      ],
    }),
    h("p", { class: "stats-facts" }, t("replay.stats.aggression", { value: round1(row.aggression) })),
  );
}

function updownLevel(row) {
  // Keyed by how many UP cards the opponent's signal showed ("0", "1", "2"): how often you
  // locked an UP card and a DOWN card against it. The bar is the share of UP locks.
  const locks = row.locks || {};
  const lockRow = (signal) => {
    const counts = locks[signal] || {};
    const up = counts.UP || 0;
    const down = counts.DOWN || 0;
    return {
      key: `lock-${signal}`,
      label: t("replay.stats.locks_signal", { count: Number(signal) }),
      value: up + down ? up / (up + down) : 0,
      text: t("replay.stats.up_down", { up, down }),
    };
  };
  return h(
    "section",
    { class: "study-card stats-level", key: row.level, "data-game": "updown", "data-level": row.level },
    h("h4", null, levelName(row.level)),
    h(
      "p",
      { class: "stats-facts" },
      t("replay.stats.updown_facts", { deals: row.deals || 0, matches: row.matches || 0, wins: row.match_wins || 0 }),
    ),
    bars({
      label: t("replay.stats.updown_rates", { level: levelName(row.level) }),
      rows: [
        { key: "match_wins", label: t("replay.stats.match_wins"), value: row.matches ? row.match_wins / row.matches : 0, text: percent(row.matches ? row.match_wins / row.matches : 0) },
        rateRow("fold_rate", t("replay.stats.fold_rate"), row.fold_rate),
      ],
    }),
    h("p", { class: "stats-facts" }, t("replay.stats.chips_per_deal", { amount: round1(row.chips_per_deal) })),
    h("h5", null, t("replay.stats.locks_title")),
    bars({ label: t("replay.stats.locks_title"), rows: ["0", "1", "2"].map(lockRow), className: "locks" }),
  );
}

// The headline win rate: big blinds per 100 hands, each hand in its own big blind (a sit & go's
// blinds rise), with its 95% interval; the same in chips below, per level.
function winRates(rows, played) {
  if (!rows.length) return null;
  return h(
    "div",
    { class: "study-card stats-winrate" },
    h("h4", null, t("blinds.stats.bb_per_100_title")),
    intervals({
      label: t("blinds.stats.bb_per_100_title"),
      rows: rows.map((row) => {
        const [lo, hi] = row.bb_ci95 || [row.bb_per_100 || 0, row.bb_per_100 || 0];
        return {
          key: row.level,
          label: levelName(row.level),
          value: row.bb_per_100 || 0,
          lo,
          hi,
          text: round1(row.bb_per_100),
        };
      }),
    }),
    // Chips are the table's own unit; imported hands count in theirs (cents, a room's chips), so
    // only big blinds compare across them.
    played
      ? rows.map((row) =>
          h(
            "p",
            { class: "stats-facts", key: `chips-${row.level}` },
            t("blinds.stats.chips_per_100", { level: levelName(row.level), amount: round1(row.chips_per_100) }),
          ),
        )
      : null,
    h("p", { class: "study-hint" }, t("replay.stats.interval_hint")),
  );
}

// Whose hands the statistics count: the ones played here, every imported one, or one room's.
function sourcePicker(study) {
  const rooms = study.statsRooms || [];
  return h(
    "div",
    { class: "stats-source" },
    h("label", { for: "stats-source" }, t("imports.stats.source")),
    h(
      "select",
      { id: "stats-source", value: study.statsSource, onChange: (event) => setStatsSource(event.currentTarget.value) },
      h("option", { value: "played" }, t("imports.stats.played")),
      h("option", { value: "imported" }, t("imports.stats.imported")),
      rooms.map((room) => h("option", { key: room.room, value: room.room }, t("imports.stats.room", { room: roomName(room.room) }))),
    ),
  );
}

export function statsView(study) {
  const stats = study.stats || { holdem: [], updown: [] };
  const holdem = (stats.holdem || []).filter((row) => row.hands);
  const updown = (stats.updown || []).filter((row) => row.deals);
  return h(
    "div",
    { class: "study study-stats" },
    h("div", { class: "study-head" }, h("h2", null, t("replay.stats.title")), studyNav(study, h("a", { class: "button", href: "#/imports" }, t("imports.nav")))),
    sourcePicker(study),
    study.stats === null ? h("p", { class: "loading", "aria-busy": "true" }, t("replay.loading")) : null,
    study.stats !== null && !holdem.length && !updown.length ? h("p", { class: "empty" }, t("replay.stats.empty")) : null,
    holdem.length
      ? h(
          "section",
          { class: "stats-game", "aria-labelledby": "stats-holdem" },
          h("h3", { id: "stats-holdem" }, t("game.holdem.name")),
          winRates(holdem, study.statsSource === "played"),
          h("div", { class: "study-grid" }, holdem.map(holdemLevel)),
        )
      : null,
    updown.length
      ? h(
          "section",
          { class: "stats-game", "aria-labelledby": "stats-updown" },
          h("h3", { id: "stats-updown" }, t("game.updown.name")),
          h("div", { class: "study-grid" }, updown.map(updownLevel)),
        )
      : null,
  );
}
