// The "Imported hands" page (#/imports): the upload area (file picker and drag and drop, many
// files at once), each import with its progress bar and then its result, and the imported
// hands' list with its filters (room, dates, player) and pages. Every amount is written in its
// hand's unit (money.js): "$0.05/$0.10" at a cash table, chips at a tournament's.

import { h } from "../../vendor/preact-11.2.0/preact.js";
import { has, language, moneyText, percent, t } from "../i18n.js";
import {
  applyFilters,
  clearFilters,
  finished,
  goToPage,
  imports,
  setDragging,
  setFilter,
  upload,
} from "../imports.js";
import { errorText } from "./common.js";

/** A room's name: the catalog's for the rooms it knows, else the venue as the file wrote it. */
export function roomName(room) {
  const key = `imports.room.${room}`;
  return has(key) ? t(key) : room;
}

/** The hand's unit, for money.js: {unit, scale}. */
export const unitOf = (hand) => ({ unit: hand.unit, scale: hand.scale || 1 });

/** "$0.05/$0.10", or "50/100" in chips. */
export function stakesText(hand) {
  const unit = unitOf(hand);
  return t("imports.stakes", { small: moneyText(hand.small_blind, unit), big: moneyText(hand.big_blind, unit) });
}

const dateFormats = new Map();

/** When the hand was played, in the page's language (null when the file did not say). */
export function playedAt(iso, { withTime = true } = {}) {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const key = `${language().code}|${withTime}`;
  if (!dateFormats.has(key)) {
    const options = withTime ? { dateStyle: "medium", timeStyle: "short" } : { dateStyle: "medium" };
    dateFormats.set(key, new Intl.DateTimeFormat(language().code, options));
  }
  return dateFormats.get(key).format(date);
}

// A refusal's reason: the catalog's words for its code and params; the server's sentence only
// for a code this catalog does not have yet.
function reasonText(refusal) {
  if (has(`error.${refusal.code}`)) return errorText(refusal);
  return refusal.message || errorText(refusal);
}

// A file's size in the language's own short units ("12 kB", "1,5 MB"), from Intl.
function sizeText(bytes) {
  if (typeof bytes !== "number") return null;
  const mega = bytes >= 1024 * 1024;
  const value = mega ? Math.round((bytes / (1024 * 1024)) * 10) / 10 : Math.max(1, Math.ceil(bytes / 1024));
  return new Intl.NumberFormat(language().code, { style: "unit", unit: mega ? "megabyte" : "kilobyte", unitDisplay: "short" }).format(value);
}

/** An imported hand's title: "PokerStars hand #1234567". */
export function importedTitle(source) {
  return source.hand_id
    ? t("imports.replay.title", { room: roomName(source.room), hand: source.hand_id })
    : t("imports.replay.title_no_id", { room: roomName(source.room) });
}

/** Where an imported hand came from: its table, when it was played, its stakes, file and line. */
export function sourceLine(source, { file = true } = {}) {
  const when = playedAt(source.played_at);
  const facts = [
    source.table ? h("span", { key: "table", class: "source-table" }, t("imports.replay.table", { table: source.table })) : null,
    when ? h("span", { key: "date", class: "source-date" }, when) : null,
    typeof source.small_blind === "number" && typeof source.big_blind === "number"
      ? h("span", { key: "stakes", class: "source-stakes" }, t("imports.replay.stakes", { stakes: stakesText(source) }))
      : null,
    file && source.file_name
      ? h("span", { key: "file", class: "source-file" }, t("imports.replay.file", { file: source.file_name, line: source.line }))
      : null,
  ].filter(Boolean);
  return h("p", { class: "source-line", "data-room": source.room }, facts);
}

// --- uploading --------------------------------------------------------------------------------

function dropZone() {
  const hold = (event) => {
    event.preventDefault();
    if (event.dataTransfer) event.dataTransfer.dropEffect = "copy";
    setDragging(true);
  };
  return h(
    "div",
    {
      class: `drop-zone ${imports.dragging ? "dragging" : ""}`,
      "data-dragging": imports.dragging ? "true" : "false",
      onDragEnter: hold,
      onDragOver: hold,
      onDragLeave: (event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setDragging(false);
      },
      onDrop: (event) => {
        event.preventDefault();
        setDragging(false);
        upload(event.dataTransfer ? event.dataTransfer.files : []);
      },
    },
    h(
      "label",
      { class: "button primary file-picker" },
      h("input", {
        type: "file",
        multiple: true,
        class: "visually-hidden import-file",
        accept: ".txt,.phh,.phhs,.gz,.zip,text/plain",
        onChange: (event) => {
          upload(event.currentTarget.files);
          event.currentTarget.value = ""; // the same file may be chosen again
        },
      }),
      t("imports.upload.choose"),
    ),
    h("p", { class: "drop-hint" }, t("imports.upload.drop")),
  );
}

function progressView(job) {
  const resource = job.resource;
  if (job.uploading || !resource) {
    return h("div", { class: "import-progress" }, h("progress", { "aria-label": t("imports.job.sending", { file: job.file_name }) }), h("p", { class: "import-status" }, t("imports.job.sending_short")));
  }
  const progress = resource.progress || {};
  const total = progress.bytes_total || resource.size || 0;
  const done = Math.min(progress.bytes_done || 0, total);
  const fraction = total ? done / total : 0;
  return h(
    "div",
    { class: "import-progress" },
    h("progress", {
      max: total || 1,
      value: done,
      "aria-label": t("imports.job.progress_label", { file: job.file_name }),
      "aria-valuetext": percent(fraction),
    }),
    h(
      "p",
      { class: "import-status" },
      resource.status === "queued"
        ? t("imports.job.queued")
        : t("imports.job.reading", { percent: percent(fraction), count: progress.hands_read || 0 }),
    ),
  );
}

function refusalsView(refused) {
  if (!refused || !refused.length) return null;
  return h(
    "details",
    { class: "import-refusals", open: refused.length <= 20 },
    h("summary", null, t("imports.result.refused_title", { count: refused.length })),
    h(
      "ul",
      null,
      refused.map((refusal, index) =>
        h(
          "li",
          { key: index, class: "import-refusal", "data-line": refusal.line, "data-code": refusal.code },
          h(
            "span",
            { class: "refusal-where" },
            refusal.hand_id
              ? t("imports.result.line_hand", { line: refusal.line, hand: refusal.hand_id })
              : t("imports.result.line", { line: refusal.line }),
          ),
          " ",
          h("span", { class: "refusal-reason" }, reasonText(refusal)),
        ),
      ),
    ),
  );
}

function resultView(job) {
  const resource = job.resource;
  const error = job.error || (resource && resource.status === "failed" ? resource.error || { code: "error", params: {} } : null);
  if (error) {
    return h(
      "div",
      { class: "import-result import-failed", role: "status", "data-code": error.code },
      h("p", { class: "import-failed-title" }, t("imports.result.file_refused")),
      h("p", { class: "import-failed-reason" }, reasonText(error)),
    );
  }
  return h(
    "div",
    { class: "import-result import-done", role: "status" },
    h(
      "p",
      { class: "import-counts" },
      h("span", { class: "count-imported", "data-count": resource.imported }, t("imports.result.imported", { count: resource.imported })),
      h("span", { class: "count-skipped", "data-count": resource.skipped }, t("imports.result.skipped", { count: resource.skipped })),
      h("span", { class: "count-refused", "data-count": (resource.refused || []).length }, t("imports.result.refused", { count: (resource.refused || []).length })),
    ),
    resource.imported ? h("p", null, h("button", { type: "button", class: "link-button import-show", "data-action": "show-import", onClick: () => showImport(resource.id) }, t("imports.result.show_hands"))) : null,
    refusalsView(resource.refused),
  );
}

function showImport(id) {
  setFilter("import", id);
  applyFilters();
  requestAnimationFrame(() => {
    const list = document.getElementById("imported-title");
    if (list) list.scrollIntoView();
  });
}

function jobView(job) {
  const status = job.error ? "refused" : job.uploading || !job.resource ? "uploading" : job.resource.status;
  return h(
    "li",
    { key: job.key, class: "import-job", "data-status": status, "data-file": job.file_name },
    h(
      "p",
      { class: "import-file-name" },
      h("bdi", null, job.file_name),
      job.size !== undefined ? h("span", { class: "import-size" }, " ", sizeText(job.size)) : null,
      job.resource && job.resource.created_at ? h("span", { class: "import-when" }, " ", playedAt(job.resource.created_at)) : null,
    ),
    finished(job) ? resultView(job) : progressView(job),
  );
}

function uploadCard() {
  const jobs = imports.jobs || [];
  return h(
    "section",
    { class: "study-card import-upload", "aria-labelledby": "upload-title" },
    h("h3", { id: "upload-title" }, t("imports.upload.title")),
    h("p", { class: "study-hint" }, t("imports.upload.hint")),
    dropZone(),
    jobs.length
      ? h("div", null, h("h4", { id: "jobs-title" }, t("imports.jobs.title")), h("ul", { class: "import-jobs", "aria-labelledby": "jobs-title" }, jobs.map(jobView)))
      : null,
  );
}

// --- the imported hands ------------------------------------------------------------------------

function filterForm() {
  const filters = imports.filters;
  const rooms = imports.rooms || [];
  const field = (name, label, input) =>
    h("div", { class: `filter-field filter-${name}` }, h("label", { for: `filter-${name}` }, label), input);
  return h(
    "form",
    {
      class: "imported-filters",
      role: "search",
      "aria-label": t("imports.filter.label"),
      onSubmit: (event) => {
        event.preventDefault();
        applyFilters();
      },
    },
    field(
      "room",
      t("imports.filter.room"),
      h(
        "select",
        {
          id: "filter-room",
          value: filters.room,
          onChange: (event) => {
            setFilter("room", event.currentTarget.value);
            applyFilters();
          },
        },
        h("option", { value: "" }, t("imports.filter.all_rooms")),
        rooms.map((room) => h("option", { key: room.room, value: room.room }, t("imports.filter.room_count", { room: roomName(room.room), count: room.hands ?? room.count ?? 0 }))),
      ),
    ),
    field("date_from", t("imports.filter.from"), h("input", { id: "filter-date_from", type: "date", value: filters.date_from, onInput: (event) => setFilter("date_from", event.currentTarget.value) })),
    field("date_to", t("imports.filter.to"), h("input", { id: "filter-date_to", type: "date", value: filters.date_to, onInput: (event) => setFilter("date_to", event.currentTarget.value) })),
    field(
      "player",
      t("imports.filter.player"),
      h("input", { id: "filter-player", type: "search", value: filters.player, autocomplete: "off", onInput: (event) => setFilter("player", event.currentTarget.value) }),
    ),
    h(
      "div",
      { class: "filter-buttons" },
      h("button", { type: "submit", class: "primary", "data-action": "filter" }, t("imports.filter.apply")),
      h("button", { type: "button", "data-action": "clear-filters", onClick: clearFilters }, t("imports.filter.clear")),
    ),
    filters.import ? h("p", { class: "filter-import study-hint" }, t("imports.filter.one_import")) : null,
  );
}

const handHref = (hand) => `#/match/${hand.id}/hand/1`;

function handRow(hand) {
  const unit = unitOf(hand);
  const when = playedAt(hand.played_at);
  return h(
    "tr",
    { key: hand.id, class: "imported-row", "data-match": hand.id, "data-room": hand.room },
    h(
      "th",
      { scope: "row", class: "imported-hand" },
      h("a", { href: handHref(hand), class: "hand-link" }, hand.hand_id ? t("imports.hand_id", { hand: hand.hand_id }) : t("imports.hand_open")),
    ),
    h("td", { class: "imported-room", "data-label": t("imports.col.room") }, h("bdi", null, roomName(hand.room))),
    h("td", { class: "imported-date", "data-label": t("imports.col.date") }, when || "—"),
    h("td", { class: "imported-table", "data-label": t("imports.col.table") }, hand.table ? h("bdi", null, hand.table) : "—"),
    h("td", { class: "imported-stakes", "data-label": t("imports.col.stakes") }, h("bdi", null, stakesText(hand))),
    h(
      "td",
      { class: "imported-players", "data-label": t("imports.col.players") },
      (hand.players || []).map((name, seat) =>
        h("bdi", { key: seat, class: seat === hand.hero ? "player hero" : "player" }, name),
      ),
    ),
    h("td", { class: "imported-pot", "data-label": t("imports.col.pot") }, h("bdi", null, moneyText(hand.pot, unit))),
    h("td", { class: "imported-rake", "data-label": t("imports.col.rake") }, h("bdi", null, hand.rake ? moneyText(hand.rake, unit) : "—")),
  );
}

function pager(page) {
  const first = page.results.length ? (imports.page - 1) * pageSize(page) + 1 : 0;
  const last = first ? first + page.results.length - 1 : 0;
  return h(
    "nav",
    { class: "pager", "aria-label": t("imports.pages.label") },
    h("button", { type: "button", "data-action": "previous-page", disabled: !page.previous || imports.loadingHands, onClick: () => goToPage(imports.page - 1) }, t("imports.pages.previous")),
    h("span", { class: "pager-where", role: "status" }, t("imports.pages.where", { first, last, count: page.count })),
    h("button", { type: "button", "data-action": "next-page", disabled: !page.next || imports.loadingHands, onClick: () => goToPage(imports.page + 1) }, t("imports.pages.next")),
  );
}

// The server's page size, as its first page shows it (a later page may be shorter).
let knownPageSize = null;
function pageSize(page) {
  if (imports.page === 1 || !knownPageSize) knownPageSize = Math.max(knownPageSize || 0, page.results.length);
  return knownPageSize || page.results.length || 1;
}

function handsCard() {
  const page = imports.hands;
  let body;
  if (page === null) body = h("p", { class: "loading", "aria-busy": "true" }, t("replay.loading"));
  else if (!page.results.length) body = h("p", { class: "empty" }, page.count === 0 && !anyFilter() ? t("imports.list.empty") : t("imports.list.none_match"));
  else {
    body = [
      h(
        "div",
        { key: "table", class: "table-scroll" },
        h(
          "table",
          { class: "hands imported", "aria-busy": imports.loadingHands ? "true" : "false" },
          h(
            "thead",
            null,
            h(
              "tr",
              null,
              ["hand", "room", "date", "table", "stakes", "players", "pot", "rake"].map((col) =>
                h("th", { key: col, scope: "col", class: `col-${col}` }, t(`imports.col.${col}`)),
              ),
            ),
          ),
          h("tbody", null, page.results.map(handRow)),
        ),
      ),
      h("div", { key: "pager" }, pager(page)),
    ];
  }
  return h(
    "section",
    { class: "study-card imported-hands", "aria-labelledby": "imported-title" },
    h("h3", { id: "imported-title" }, t("imports.list.title")),
    filterForm(),
    body,
  );
}

const anyFilter = () => Object.values(imports.filters).some((value) => value);

export function importsView() {
  return h(
    "div",
    { class: "study study-imports" },
    h(
      "div",
      { class: "study-head" },
      h("h2", null, t("imports.title")),
      h("nav", { class: "study-nav", "aria-label": t("replay.nav.label") }, h("a", { class: "button", href: "#/stats" }, t("replay.nav.stats"))),
    ),
    uploadCard(),
    handsCard(),
  );
}
