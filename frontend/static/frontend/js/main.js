// The controller (Lichess-style): one state object, commands that change it, redraw() that
// renders the page from it with pure view functions. The table's state is the server's view;
// AI moves arrive on the event feed and are replayed one at a time at a human pace.

import { h, render } from "../vendor/preact-11.2.0/preact.js";
import * as api from "./api.js";
import { chipPositions, moveChips } from "./chips.js";
import { annotate, apply, fromView, shortType } from "./display.js";
import { has, language, loadCatalog, loadLanguages, preferredLanguage, t } from "./i18n.js";
import * as live from "./live.js";
import { narrate } from "./narrate.js";
import { canBetOrRaise, clampAmount, quickSizes, shortcut } from "./views/betting.js";
import { errorText, gameName, headerLine, playerName, subjectOf } from "./views/common.js";
import { holdemTable } from "./views/holdem.js";
import { lobbyView } from "./views/lobby.js";
import { rulesView, sectionId } from "./views/rules.js";
import {
  DEFAULT_SETTINGS,
  headerView,
  loadSettings,
  pictureStyle,
  saveSettings,
  WIDE_SCREEN,
} from "./views/settings.js";
import { updownTable } from "./views/updown.js";

// Pauses between replayed moves (ms): a player's pace, quicker while watching the AIs, quicker
// still at the fast pace; none at all under prefers-reduced-motion.
const PACE = { normal: 900, watching: 450, fast: 110 };
const IDLE_POLL_MS = 3000;
const AI_POLL_MS = 300;
const RECENT_EVENTS = 80;
const LOG_LINES = 40;
const PLAYER_ACTIONS = new Set(["folded", "checked", "called", "bet", "raised", "card_locked"]);
// Events whose chips move on the table: a round's bets into the pot, a pot to its winners.
const CHIP_MOVES = new Set(["board_dealt", "pot_awarded"]);

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const reducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

const ctrl = {
  ready: false,
  failed: false,
  route: { tab: "table", matchId: null, anchor: null },
  lastMatchId: null,
  session: null,
  languages: [],
  languageCode: "en",
  settings: loadSettings(),
  // The picture settings' disclosure: open where the header has room for the sliders.
  pictureOpen: window.matchMedia(WIDE_SCREEN).matches,
  fastPace: false,
  lobby: { matches: null, levels: { holdem: "medium", updown: "medium" }, username: "", password: "" },
  display: null,
  loading: false,
  following: false,
  busy: false,
  amount: null,
  selectedCard: null,
  confirmRestart: false,
  error: null,
  offline: false,
  log: [],
  announcement: "",
};

// --- drawing ------------------------------------------------------------------------------

let drawPending = false;

function redraw() {
  if (drawPending) return;
  drawPending = true;
  requestAnimationFrame(() => {
    drawPending = false;
    draw();
  });
}

function draw() {
  const root = document.getElementById("app");
  render(ctrl.ready ? pageView() : h("div", { class: "booting", "aria-busy": "true" }), root);
  root.setAttribute("aria-busy", ctrl.ready ? "false" : "true");
  document.documentElement.classList.toggle("four-colour", ctrl.settings.fourColor);
}

function pageView() {
  let content;
  if (ctrl.route.tab === "rules") content = rulesView(ctrl);
  else if (ctrl.route.tab === "study") content = studyPage ? studyPage.view(ctrl) : h("p", { class: "loading", "aria-busy": "true" }, t("ui.table.loading"));
  else if (ctrl.route.matchId) content = tableView();
  else content = lobbyView(ctrl);
  return h(
    "div",
    { class: "page" },
    headerView(ctrl),
    ctrl.offline ? h("div", { class: "banner", role: "status" }, t("ui.banner.offline")) : null,
    h(
      "main",
      { id: "main", class: `main main-${ctrl.route.tab}` },
      h("div", { class: "error-slot", role: "alert" }, ctrl.error ? errorView() : null),
      content,
    ),
    h("div", { class: "visually-hidden", "aria-live": "polite", "aria-atomic": "true", id: "announcer" }, ctrl.announcement),
  );
}

function errorView() {
  return h(
    "div",
    { class: "error" },
    h("span", { class: "error-text" }, errorText(ctrl.error)),
    h(
      "button",
      { type: "button", class: "dismiss", onClick: () => setError(null) },
      t("ui.error.dismiss"),
    ),
  );
}

function tableView() {
  const display = ctrl.display;
  if (!display) {
    return h("p", { class: "loading", "aria-busy": "true" }, t("ui.table.loading"));
  }
  const game = display.game;
  const number = game === "holdem" ? display.hand_number : display.deal_number;
  return h(
    "div",
    {
      class: `stage stage-${game}`,
      style: pictureStyle(ctrl.settings),
      "data-game": game,
      // What the table shows, for tests and tools: the seq drawn, and whether it is the
      // server's view at rest (not a replay, no command in flight).
      "data-seq": display.seq,
      "data-settled": display.live && !ctrl.busy && !ctrl.following ? "true" : "false",
    },
    h("div", { class: "stage-grain", "aria-hidden": "true" }),
    h("div", { class: "stage-tint", "aria-hidden": "true" }),
    h(
      "div",
      { class: "stage-content" },
      h(
        "div",
        { class: "table-header" },
        h(
          "div",
          { class: "table-title" },
          h("h2", null, gameName(game)),
          h("p", { class: "header-line" }, headerLine(game)),
        ),
        h(
          "p",
          { class: "table-facts" },
          number ? h("span", null, t(game === "holdem" ? "ui.table.hand_number" : "updown.deal", { number })) : null,
          h("span", null, t("ui.table.level", { level: t(`level.${display.level}.name`) })),
          game === "holdem" && display.blinds
            ? h("span", null, t("blind.blinds", { small: display.blinds.small, big: display.blinds.big }))
            : null,
          game === "updown" && display.ante ? h("span", null, t("updown.ante_amount", { amount: display.ante })) : null,
        ),
        h("a", { class: "button hands-link", href: `#/match/${display.id}/hands` }, t("replay.nav.hands")),
        h("div", { class: "table-menu" }, restartControl(), h("a", { class: "button", href: "#/" }, t("ui.table.lobby"))),
      ),
      game === "holdem" ? holdemTable(ctrl) : updownTable(ctrl),
      logView(),
    ),
  );
}

function restartControl() {
  if (!ctrl.confirmRestart) {
    return h(
      "button",
      { type: "button", class: "restart", disabled: ctrl.busy || ctrl.following, onClick: () => setConfirmRestart(true) },
      t("ui.table.restart"),
    );
  }
  return h(
    "span",
    { class: "confirm-restart", role: "group", "aria-label": t("ui.table.restart_question") },
    h("span", null, t("ui.table.restart_question")),
    h("button", { type: "button", class: "danger", onClick: () => restartMatch() }, t("ui.table.restart_yes")),
    h("button", { type: "button", onClick: () => setConfirmRestart(false) }, t("ui.table.restart_no")),
  );
}

function logView() {
  if (!ctrl.log.length) return null;
  return h(
    "section",
    { class: "log", "aria-labelledby": "log-title" },
    h("h3", { id: "log-title" }, t("ui.log.title")),
    // Newest first: the latest move is always in sight.
    h(
      "ul",
      null,
      [...ctrl.log].reverse().map((line) => h("li", { key: line.seq, "data-seq": line.seq }, line.text)),
    ),
  );
}

// When the player is out, or the match is over: watch, restart, the final places.
ctrl.outPanel = () => {
  const display = ctrl.display;
  const me = display.seats[display.viewer];
  if (display.phase === "match_over" || display.status === "finished") {
    const won = display.winner === display.viewer;
    let places = null;
    if (display.game === "holdem") {
      const order = display.seats
        .map((seat, index) => ({ index, place: index === display.winner ? 1 : seat.place || 0 }))
        .sort((a, b) => a.place - b.place);
      places = h(
        "ol",
        { class: "final-places" },
        order.map((entry) =>
          h(
            "li",
            { "data-seat": entry.index },
            t("ui.out.final_place", { place: entry.place, player: playerName(display, entry.index) }),
          ),
        ),
      );
    }
    return h(
      "section",
      { class: "out-panel match-over", "aria-labelledby": "out-title" },
      h("h3", { id: "out-title" }, won
          ? t("ui.out.you_won")
          : t("ui.out.match_over", {
              subject: subjectOf(display, display.winner),
              player: playerName(display, display.winner),
            })),
      places,
      h(
        "div",
        { class: "out-buttons" },
        h(
          "button",
          { type: "button", class: "primary", disabled: ctrl.busy || ctrl.following, onClick: () => restartMatch() },
          t("ui.out.restart"),
        ),
        h("a", { class: "button", href: "#/" }, t("ui.table.lobby")),
      ),
    );
  }
  if (display.game !== "holdem" || me.in_match) return null;
  return h(
    "section",
    { class: "out-panel", "aria-labelledby": "out-title" },
    h("h3", { id: "out-title" }, t("ui.out.you_are_out", { place: me.place || 0 })),
    display.watching
      ? h("p", null, t("ui.out.watching"))
      : h("p", null, t("ui.out.choice")),
    h(
      "div",
      { class: "out-buttons" },
      display.watching
        ? null
        : h("button", { type: "button", class: "primary watch", disabled: ctrl.busy || ctrl.following, onClick: () => watchMatch() }, t("ui.out.watch")),
      h(
        "label",
        { class: "fast-pace" },
        h("input", { type: "checkbox", checked: ctrl.fastPace, onChange: (event) => setFastPace(event.currentTarget.checked) }),
        h("span", null, t("ui.out.fast_pace")),
      ),
      h("button", { type: "button", class: "restart-out", disabled: ctrl.busy || ctrl.following, onClick: () => restartMatch() }, t("ui.out.restart")),
    ),
  );
};

// --- small state changes ------------------------------------------------------------------

function setError(error) {
  ctrl.error = error;
  redraw();
}

function setConfirmRestart(value) {
  ctrl.confirmRestart = value;
  redraw();
}

function setFastPace(value) {
  ctrl.fastPace = value;
  redraw();
}

ctrl.setAmount = (value, clamp) => {
  const legal = ctrl.display && ctrl.display.legal;
  ctrl.amount = legal && clamp ? clampAmount(legal, value) : value;
  redraw();
};

ctrl.selectCard = (card) => {
  ctrl.selectedCard = ctrl.selectedCard === card ? null : card;
  redraw();
};

ctrl.chooseLevel = (game, level) => {
  ctrl.lobby.levels[game] = level;
  redraw();
};

ctrl.setCredential = (field, value) => {
  ctrl.lobby[field] = value;
};

ctrl.setSetting = (name, value) => {
  ctrl.settings = { ...ctrl.settings, [name]: value };
  saveSettings(ctrl.settings);
  redraw();
};

ctrl.setPictureOpen = (open) => {
  if (ctrl.pictureOpen === open) return;
  ctrl.pictureOpen = open;
  redraw();
};

ctrl.resetSettings = () => {
  ctrl.settings = { ...DEFAULT_SETTINGS };
  saveSettings(ctrl.settings);
  redraw();
};

// A signed-in account keeps its language on the server (the session's "language", null until
// one is chosen); a guest's choice stays in this browser.
function accountKeepsLanguage() {
  return Boolean(ctrl.session && ctrl.session.user);
}

async function saveAccountLanguage(code) {
  if (!accountKeepsLanguage() || ctrl.session.language === code) return;
  try {
    await api.saveLanguage(code);
    ctrl.session = { ...ctrl.session, language: code };
  } catch (error) {
    if (!(error instanceof api.ApiError)) throw error;
    setError({ code: error.code, params: error.params });
  }
}

ctrl.setLanguage = async (code, { save = true } = {}) => {
  try {
    if (!(await loadCatalog(code))) return; // a later choice is on its way
    ctrl.languageCode = code;
    // Lines already narrated stay in the language they were spoken in; the table redraws.
  } catch {
    ctrl.error = { code: "catalog_unavailable", params: {} };
    redraw();
    return;
  }
  redraw();
  if (save) await saveAccountLanguage(code);
};

function announce(text) {
  ctrl.announcement = text;
}

function pushLog(seq, text) {
  if (!text) return;
  ctrl.log = [...ctrl.log, { seq, text }].slice(-LOG_LINES);
  announce(text);
}

// --- the table: reading the view, following the feed ---------------------------------------

function aiToAct(display) {
  if (display.status !== "active") return false;
  if (display.to_act !== null && display.to_act !== undefined && display.to_act !== display.viewer) {
    return true;
  }
  return display.watching && display.phase !== "match_over";
}

function pauseFor(record) {
  if (reducedMotion()) return 0;
  const kind = shortType(record);
  const seat = record.payload.seat;
  const display = ctrl.display;
  if (seat === display.viewer && PLAYER_ACTIONS.has(kind)) return 0;
  const base = display.watching ? (ctrl.fastPace ? PACE.fast : PACE.watching) : PACE.normal;
  if (PLAYER_ACTIONS.has(kind)) return base;
  if (kind === "board_dealt" || kind === "locked_cards_revealed") return base;
  if (kind === "pot_awarded") return base * 2;
  if (kind === "hand_started" || kind === "deal_started") return base / 2;
  return 0;
}

// Show the feed's events one at a time on the table as drawn.
async function replay(records, matchId) {
  for (const record of records) {
    if (!ctrl.display || ctrl.display.id !== matchId) return false;
    if (record.seq <= ctrl.display.seq) continue;
    const line = narrate(ctrl.display, record);
    const pause = pauseFor(record);
    const kind = shortType(record);
    // Where the chips were, so the ones this event moves can fly (none under reduced motion).
    const chipsBefore = pause && CHIP_MOVES.has(kind) && !reducedMotion() ? chipPositions() : null;
    apply(ctrl.display, record);
    pushLog(record.seq, line);
    redraw();
    // Queued after the redraw's frame callback: the flights start from the table as drawn.
    if (chipsBefore) requestAnimationFrame(() => moveChips(kind, record.payload, chipsBefore, pause));
    if (pause) await sleep(pause);
  }
  return true;
}

function takeView(body) {
  const previous = ctrl.display;
  ctrl.display = fromView(body, previous);
  if (!previous || !previous.live || previous.legal === null || ctrl.display.legal === null) {
    ctrl.amount = null;
    ctrl.selectedCard = null;
  }
  ctrl.lastMatchId = body.id;
  redraw();
}

// Follow the match until it waits for the player (or is over): replay new events, then read
// the view; while an AI is to act (its move runs outside our request), poll for it. One loop per
// match: opening another match starts a new loop and the old one stops.
let following = null;

async function follow() {
  if (!ctrl.display) return;
  const matchId = ctrl.display.id;
  if (ctrl.following && following === matchId) return;
  following = matchId;
  ctrl.following = true;
  const current = () => ctrl.display && ctrl.display.id === matchId && following === matchId;
  try {
    for (;;) {
      if (!current()) return;
      const feed = await live.events(matchId, ctrl.display.seq);
      if (!current()) return;
      const fresh = feed.events.filter((record) => record.seq > ctrl.display.seq);
      // While the AIs think the feed alone tells when to look again: the view is read once,
      // when they are done — as soon as a feed says so, not after one more read of it.
      if (fresh.length) {
        if (!(await replay(fresh, matchId))) return;
        if (feed.awaiting_ai) continue;
      } else if (feed.awaiting_ai) {
        await live.wait(matchId, AI_POLL_MS);
        continue;
      }
      const body = await live.match(matchId, ctrl.display.seq);
      if (!current()) return;
      if (body.seq > ctrl.display.seq) continue;
      takeView(body);
      if (!aiToAct(ctrl.display)) return;
      await live.wait(matchId, AI_POLL_MS);
    }
  } catch (error) {
    if (error instanceof api.ApiError) setError({ code: error.code, params: error.params });
    else throw error;
  } finally {
    if (following === matchId) {
      following = null;
      ctrl.following = false;
    }
    redraw();
  }
}

async function openMatch(matchId) {
  ctrl.display = null;
  ctrl.log = [];
  ctrl.loading = true;
  ctrl.confirmRestart = false;
  redraw();
  try {
    const body = await api.match(matchId);
    if (ctrl.route.matchId !== matchId) return;
    const display = fromView(body);
    // The labels the view does not carry (last actions, the last showdown) from the recent feed.
    const recent = await api.events(matchId, Math.max(0, body.seq - RECENT_EVENTS));
    for (const record of recent.events) {
      if (record.seq <= body.seq) annotate(display, record);
    }
    ctrl.display = display;
    ctrl.lastMatchId = matchId;
    ctrl.amount = null;
    ctrl.selectedCard = null;
  } catch (error) {
    if (!(error instanceof api.ApiError)) throw error;
    ctrl.error = { code: error.code, params: error.params };
    location.hash = "#/";
    return;
  } finally {
    ctrl.loading = false;
    redraw();
  }
  follow();
}

// A command from the table: the answer's events are replayed (ours at once, then the rest at
// a human pace), then the feed is followed. A stale view (409) is refreshed from the feed.
async function command(send) {
  if (ctrl.busy || ctrl.following || !ctrl.display) return;
  const display = ctrl.display;
  ctrl.busy = true;
  ctrl.error = null;
  ctrl.confirmRestart = false;
  redraw();
  try {
    const answer = await send(display);
    if (answer && answer.events) await replay(answer.events, display.id);
  } catch (error) {
    if (!(error instanceof api.ApiError)) throw error;
    ctrl.error = { code: error.code, params: error.params };
  } finally {
    ctrl.busy = false;
    redraw();
  }
  follow();
}

ctrl.act = (move) => {
  if (!ctrl.display || !ctrl.display.live || !ctrl.display.legal) return;
  command((display) => api.act(display.id, move, display.seq));
};

function restartMatch() {
  command((display) => api.restart(display.id, display.seq));
}

function watchMatch() {
  command((display) => api.watch(display.id, display.seq));
}

// Another tab (or a worker) may move the match while we wait for the player: look now and then,
// only while its table is shown (from the lobby, after a log-out, it may no longer be ours).
async function idlePoll() {
  const display = ctrl.display;
  if (!display || ctrl.busy || ctrl.following || document.visibilityState !== "visible") return;
  if (ctrl.route.tab !== "table" || ctrl.route.matchId !== display.id) return;
  const seq = display.seq;
  try {
    const feed = await live.events(display.id, seq);
    if (ctrl.display === display && display.seq === seq && !ctrl.busy && feed.events.length) {
      follow();
    }
  } catch {
    // The next poll tries again.
  }
}

// --- lobby and accounts --------------------------------------------------------------------

async function refreshLobby() {
  try {
    const list = await api.matches();
    ctrl.lobby.matches = list.matches;
  } catch (error) {
    // Refused, the lists are empty; unreachable, the lobby is drawn without them all the same.
    ctrl.lobby.matches = error instanceof api.ApiError ? [] : ctrl.lobby.matches || [];
    if (!(error instanceof api.ApiError)) throw error;
  } finally {
    redraw();
  }
}

ctrl.start = async (game) => {
  if (ctrl.busy) return;
  ctrl.busy = true;
  ctrl.error = null;
  redraw();
  try {
    const body = await api.startMatch(game, ctrl.lobby.levels[game]);
    ctrl.log = [];
    ctrl.display = fromView(body);
    ctrl.lastMatchId = body.id;
    ctrl.route = { tab: "table", matchId: body.id, anchor: null };
    location.hash = `#/match/${body.id}`;
  } catch (error) {
    if (!(error instanceof api.ApiError)) throw error;
    ctrl.error = { code: error.code, params: error.params };
  } finally {
    ctrl.busy = false;
    redraw();
  }
  follow();
};

async function accountCommand(call) {
  ctrl.error = null;
  try {
    // The page's language goes with the credentials: the server keeps it as the account's if
    // the account has none yet.
    await call(ctrl.lobby.username, ctrl.lobby.password, ctrl.languageCode);
    ctrl.lobby.password = "";
    ctrl.session = await api.session();
    // Signed in: the account's language wins.
    const account = ctrl.session.user ? ctrl.session.language : null;
    if (account && account !== ctrl.languageCode && ctrl.languages.some((l) => l.code === account)) {
      await ctrl.setLanguage(account, { save: false });
    }
    await refreshLobby();
  } catch (error) {
    if (!(error instanceof api.ApiError)) throw error;
    ctrl.error = { code: error.code, params: error.params };
  }
  redraw();
}

ctrl.logIn = () => accountCommand(api.logIn);
ctrl.signUp = () => accountCommand(api.signUp);
ctrl.logOut = () =>
  accountCommand(async () => {
    await api.logOut();
  });

// --- routes and keys ------------------------------------------------------------------------

function parseRoute() {
  const [first, ...rest] = location.hash.replace(/^#\/?/, "").split("/");
  if (first === "rules") return { tab: "rules", matchId: null, anchor: rest.join("/") || null };
  const study = studyRoute(first, rest);
  if (study) return study;
  if (first === "match" && rest[0]) return { tab: "table", matchId: rest[0], anchor: null };
  return { tab: "table", matchId: null, anchor: null };
}

// The study pages (study.js, loaded on first use): a match's hands, a hand's replay at a step,
// your statistics.
let studyPage = null;

function studyRoute(first, rest) {
  if (first === "stats") return { tab: "study", page: "stats", matchId: null, anchor: null };
  if (first !== "match" || !rest[0]) return null;
  if (rest[1] === "hands") return { tab: "study", page: "hands", matchId: rest[0], anchor: null };
  if (rest[1] !== "hand" || !/^\d+$/.test(rest[2] || "")) return null;
  const step = rest[3] === "step" && /^\d+$/.test(rest[4] || "") ? Number(rest[4]) : null;
  return { tab: "study", page: "hand", matchId: rest[0], hand: Number(rest[2]), step, anchor: null };
}

async function openStudy(route) {
  studyPage = studyPage || (await import("./study.js"));
  if (ctrl.route === route) studyPage.open(ctrl, route, redraw);
}

function onRoute() {
  ctrl.route = parseRoute();
  const { tab, matchId, anchor } = ctrl.route;
  if (tab === "study") openStudy(ctrl.route);
  if (tab === "table" && matchId && (!ctrl.display || ctrl.display.id !== matchId)) {
    openMatch(matchId);
  } else if (tab === "table" && !matchId) {
    refreshLobby();
  }
  redraw();
  if (tab === "rules") {
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        const target = anchor ? document.getElementById(sectionId(anchor)) : null;
        if (target) {
          target.scrollIntoView();
          target.focus({ preventScroll: true });
        } else {
          window.scrollTo(0, 0);
        }
      }),
    );
  }
}

function onKey(event) {
  if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
  const target = event.target;
  const tag = target && target.tagName;
  if (tag === "SELECT" || tag === "TEXTAREA") return;
  if (tag === "INPUT" && target.type !== "range" && target.type !== "checkbox" && target.type !== "radio") return;
  const display = ctrl.display;
  if (ctrl.route.tab !== "table" || !display || !display.live || !display.legal || ctrl.busy) return;
  const legal = display.legal;
  const key = event.key;
  if (legal.can_lock) {
    const cards = display.seats[display.viewer].cards || [];
    if (key === "1" || key === "2") {
      const card = cards[Number(key) - 1];
      if (card && legal.lockable.includes(card)) ctrl.selectCard(card);
      event.preventDefault();
    } else if ((key === "l" || key === "L") && ctrl.selectedCard) {
      ctrl.act({ action: "lock", card: ctrl.selectedCard });
      event.preventDefault();
    }
    return;
  }
  if (/^[1-5]$/.test(key) && canBetOrRaise(legal)) {
    ctrl.setAmount(quickSizes(legal, display)[Number(key) - 1].value, true);
    event.preventDefault();
    return;
  }
  const move = shortcut(key, legal, display, ctrl.amount);
  if (move) {
    event.preventDefault();
    ctrl.act(move);
  }
}

// --- start ---------------------------------------------------------------------------------

async function start() {
  api.onConnectionChange((down) => {
    ctrl.offline = down;
    redraw();
  });
  try {
    const [session, languages] = await Promise.all([api.session(), loadLanguages()]);
    ctrl.session = session;
    ctrl.languages = languages;
    ctrl.languageCode = preferredLanguage(languages, session.user ? session.language : null);
    await loadCatalog(ctrl.languageCode);
    // An account signed in before it kept a language (or whose language was disabled) takes
    // the page's, so its other devices follow.
    if (session.user && !session.language) saveAccountLanguage(ctrl.languageCode);
  } catch {
    ctrl.failed = true;
    document.getElementById("app").classList.add("boot-failed");
    return;
  }
  ctrl.ready = true;
  window.addEventListener("hashchange", onRoute);
  document.addEventListener("keydown", onKey);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") idlePoll();
  });
  setInterval(idlePoll, IDLE_POLL_MS);
  onRoute();
}

// For the browser tests and the benchmark: the catalog in use, without reaching into modules.
window.cardavia = { language, has, narrate };

start();
