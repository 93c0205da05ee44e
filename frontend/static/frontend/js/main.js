// The controller (Lichess-style): one state object, commands that change it, redraw() that
// renders the page from it with pure view functions. The table's state is the server's view;
// AI moves arrive on the event feed and are replayed one at a time at a human pace.

import { h, render } from "../vendor/preact-11.2.0/preact.js";
import * as api from "./api.js";
import { chipPositions, moveChips } from "./chips.js";
import { annotateFrom, apply, fromView, shortType } from "./display.js";
import { keepTurnInView, onTable, pictureOpenFor } from "./layout.js";
import { has, language, loadCatalog, loadLanguages, preferredLanguage, setAmountUnit, setMoney, t } from "./i18n.js";
import * as live from "./live.js";
import { narrate } from "./narrate.js";
import { holdBefore, loadSpeed, nextHand, onNextHandKey, pauseFor, speedControl } from "./pace.js";
import { preselect, stillMeant, takeDue } from "./preactions.js";
import { farBehind, keepRecent, logLines, readTable } from "./recent.js";
import { listenForFirstGesture, play, soundOf } from "./sounds.js";
import { amountUnit, loadPrefs, savePrefs, tableOptionsView } from "./tableprefs.js";
import { outSummary, skipButton } from "./watch.js";
import { canBetOrRaise, clampAmount, quickSizes, shortcut } from "./views/betting.js";
import { blindsFacts } from "./views/blinds.js";
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

const IDLE_POLL_MS = 3000;
const AI_POLL_MS = 300;
// Events whose chips move on the table: a round's bets into the pot, a pot to its winners.
const CHIP_MOVES = new Set(["board_dealt", "pot_awarded"]);

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
// Bumped when the table stops following its feed at once (a restart while watching).
let epoch = 0;
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
  prefs: loadPrefs(),
  preaction: null,
  confirmAllIn: null,
  // The picture settings' disclosure: open where the header has room for the sliders.
  pictureOpen: window.matchMedia(WIDE_SCREEN).matches,
  // The table speed (pace.js), a result holding the table, skipping to the end of the match.
  speed: loadSpeed(),
  held: null,
  skipping: false,
  lobby: { matches: null, levels: { holdem: "medium", updown: "medium" }, blinds: { holdem: "fixed" }, username: "", password: "" },
  display: null,
  loading: false,
  following: false,
  busy: false,
  amount: null,
  selectedCard: null,
  confirmRestart: false,
  error: null,
  offline: false,
  // The feed from the hand before the one in play (recent.js): the log and results come from it.
  records: [],
  announcement: "",
  announcementLang: null,
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
  setAmountUnit(onTable(ctrl.route) ? amountUnit(ctrl) : null);
  // An imported hand's replay counts in its own unit (cents of a dollar, a room's chips).
  setMoney(ctrl.route.tab === "study" && studyPage ? studyPage.money() : null);
  render(ctrl.ready ? pageView() : h("div", { class: "booting", "aria-busy": "true" }), root);
  root.setAttribute("aria-busy", ctrl.ready ? "false" : "true");
  const display = ctrl.display;
  if (keepTurnInView(Boolean(onTable(ctrl.route) && display && display.live && display.legal && !ctrl.busy))) {
    play("turn", ctrl.prefs.sound);
  }
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
    { class: onTable(ctrl.route) ? "page page-table" : "page" },
    headerView(ctrl),
    ctrl.offline ? h("div", { class: "banner", role: "status" }, t("ui.banner.offline")) : null,
    h(
      "main",
      { id: "main", class: `main main-${ctrl.route.tab}` },
      h("div", { class: "error-slot", role: "alert" }, ctrl.error ? errorView() : null),
      content,
    ),
    h("div", { class: "visually-hidden", "aria-live": "polite", "aria-atomic": "true", id: "announcer", lang: ctrl.announcementLang }, ctrl.announcement),
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
          game === "holdem" ? blindsFacts(display) : null,
          game === "updown" && display.ante ? h("span", null, t("updown.ante_amount", { amount: display.ante })) : null,
        ),
        h("a", { class: "button hands-link", href: `#/match/${display.id}/hands` }, t("replay.nav.hands")),
        h("div", { class: "table-menu" }, speedControl(ctrl, redraw), tableOptionsView(ctrl), restartControl(), h("a", { class: "button", href: "#/" }, t("ui.table.lobby"))),
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
  const lines = logLines(ctrl.display, ctrl.records);
  if (!lines.length) return null;
  return h(
    "section",
    { class: "log", "aria-labelledby": "log-title" },
    h("h3", { id: "log-title" }, t("ui.log.title")),
    // Newest first: the latest move is always in sight. The whole hand may overflow the box, so
    // the list scrolls and takes the keyboard's focus to be scrolled.
    h(
      "ul",
      { tabindex: "0", "aria-labelledby": "log-title" },
      [...lines].reverse().map((line) =>
        h("li", { key: line.seq, "data-seq": line.seq, "data-kind": line.kind, "data-seat": line.seat }, line.text),
      ),
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
      outSummary(ctrl, redraw),
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
      skipButton(ctrl, redraw, follow),
      h("button", { type: "button", class: "restart-out", disabled: ctrl.restarting, onClick: () => restartMatch() }, t("ui.out.restart")),
    ),
    outSummary(ctrl, redraw),
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

ctrl.chooseBlinds = (game, blinds) => {
  ctrl.lobby.blinds[game] = blinds;
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

ctrl.setPref = (name, value) => {
  ctrl.prefs = { ...ctrl.prefs, [name]: value };
  savePrefs(ctrl.prefs);
  redraw();
};

ctrl.choosePreaction = (choice) => {
  ctrl.preaction = preselect(ctrl.display, choice);
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
  // Spoken in the language it was written in (a line keeps its language after a switch).
  ctrl.announcementLang = language().code;
}


// --- the table: reading the view, following the feed ---------------------------------------

function aiToAct(display) {
  if (display.status !== "active") return false;
  if (display.to_act !== null && display.to_act !== undefined && display.to_act !== display.viewer) {
    return true;
  }
  return display.watching && display.phase !== "match_over";
}

// Show the feed's events one at a time on the table as drawn.
async function replay(records, matchId) {
  const started = epoch;
  const gone = () => !ctrl.display || ctrl.display.id !== matchId || epoch !== started;
  for (const record of records) {
    if (gone()) return false;
    if (ctrl.skipping) return true;
    if (record.seq <= ctrl.display.seq) continue;
    await holdBefore(ctrl, record, redraw);
    if (gone()) return false;
    if (ctrl.skipping) return true;
    const line = narrate(ctrl.display, record);
    const pause = pauseFor(ctrl.display, record, ctrl.speed);
    const kind = shortType(record);
    // Where the chips were, so the ones this event moves can fly (none under reduced motion).
    const chipsBefore = pause && CHIP_MOVES.has(kind) && !reducedMotion() ? chipPositions() : null;
    apply(ctrl.display, record);
    ctrl.preaction = stillMeant(ctrl.preaction, ctrl.display);
    play(soundOf(kind, record.payload, ctrl.display.viewer), ctrl.prefs.sound);
    ctrl.records = keepRecent(ctrl.records, record);
    if (line) announce(line);
    redraw();
    // Queued after the redraw's frame callback: the flights start from the table as drawn.
    if (chipsBefore) requestAnimationFrame(() => moveChips(kind, record.payload, chipsBefore, pause));
    if (pause) await sleep(pause);
  }
  return true;
}

function takeView(body) {
  const previous = ctrl.display;
  ctrl.display = annotateFrom(fromView(body), ctrl.records);
  if (!previous || !previous.live || previous.legal === null || ctrl.display.legal === null) {
    ctrl.amount = null;
    ctrl.selectedCard = null;
    ctrl.confirmAllIn = null;
  }
  ctrl.preaction = stillMeant(ctrl.preaction, ctrl.display);
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
      // Far behind (another tab played on, the connection came back) or skipping to the end:
      // the table is read afresh at the latest seq instead of showing every move.
      if (ctrl.skipping || farBehind(fresh)) {
        if (!(await catchUp(matchId))) return;
        if (aiToAct(ctrl.display)) {
          await sleep(AI_POLL_MS);
          continue;
        }
        ctrl.skipping = false;
        return;
      }
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
    // A pre-action chosen while the AIs acted plays now that the turn is the player's.
    const chosen = takeDue(ctrl);
    if (chosen) ctrl.act(chosen);
  }
}

// The table at the server's latest seq, read afresh (recent.js); false if another match opened.
async function catchUp(matchId) {
  const table = await readTable(matchId);
  if (!ctrl.display || ctrl.display.id !== matchId) return false;
  ctrl.display = table.display;
  ctrl.records = table.records;
  ctrl.amount = null;
  ctrl.selectedCard = null;
  redraw();
  return true;
}

async function openMatch(matchId) {
  ctrl.display = null;
  ctrl.records = [];
  ctrl.skipping = false;
  ctrl.loading = true;
  ctrl.confirmRestart = false;
  redraw();
  try {
    const table = await readTable(matchId);
    if (ctrl.route.matchId !== matchId) return;
    ctrl.display = table.display;
    ctrl.records = table.records;
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
  const started = epoch;
  ctrl.busy = true;
  ctrl.error = null;
  ctrl.confirmRestart = false;
  ctrl.confirmAllIn = null;
  redraw();
  try {
    const answer = await send(display);
    // Watching starts with the answer: its moves come at the watching pace.
    if (answer && ctrl.display === display) display.watching = answer.watching;
    if (answer && answer.events) await replay(answer.events, display.id);
  } catch (error) {
    if (!(error instanceof api.ApiError)) throw error;
    ctrl.error = { code: error.code, params: error.params };
  } finally {
    // A restart while the answer was shown took the table over (restartWhileFollowing).
    if (epoch === started) ctrl.busy = false;
    redraw();
  }
  if (epoch === started) follow();
}

ctrl.act = (move) => {
  if (!ctrl.display || !ctrl.display.live || !ctrl.display.legal) return;
  command((display) => api.act(display.id, move, display.seq));
};

function restartMatch() {
  if ((ctrl.following || ctrl.busy) && ctrl.display) {
    restartWhileFollowing(ctrl.display.id);
    return;
  }
  command((display) => api.restart(display.id, display.seq));
}

// Restart stays available while the AIs' moves are shown (watching): the replay stops, the
// restart goes without a seq (the table shows an older one), and the table is read afresh.
async function restartWhileFollowing(matchId) {
  if (ctrl.restarting) return;
  ctrl.restarting = true;
  epoch += 1;
  following = null;
  ctrl.following = false;
  ctrl.skipping = false;
  nextHand();
  ctrl.busy = true;
  redraw();
  try {
    await api.restart(matchId);
    await catchUp(matchId);
  } catch (error) {
    if (!(error instanceof api.ApiError)) throw error;
    ctrl.error = { code: error.code, params: error.params };
  } finally {
    ctrl.restarting = false;
    ctrl.busy = false;
    redraw();
  }
  follow();
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
    const body = await api.startMatch(game, ctrl.lobby.levels[game], ctrl.lobby.blinds[game]);
    ctrl.records = (body.events || []).reduce(keepRecent, []);
    ctrl.skipping = false;
    ctrl.display = annotateFrom(fromView(body), ctrl.records);
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
  if (first === "shares") return { tab: "study", page: "shares", matchId: null, anchor: null };
  if (first === "imports") return { tab: "study", page: "imports", matchId: null, anchor: null };
  if (first === "shared" && rest[0]) {
    const at = rest[1] === "step" && /^\d+$/.test(rest[2] || "") ? Number(rest[2]) : null;
    return { tab: "study", page: "shared", token: rest[0], step: at, matchId: null, anchor: null };
  }
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

let previousRoute = null;

function onRoute() {
  ctrl.route = parseRoute();
  ctrl.pictureOpen = pictureOpenFor(ctrl.route, previousRoute, ctrl.pictureOpen);
  previousRoute = ctrl.route;
  const { tab, matchId, anchor } = ctrl.route;
  if (tab === "study") openStudy(ctrl.route);
  if (tab === "table" && matchId && (!ctrl.display || ctrl.display.id !== matchId)) {
    openMatch(matchId);
  } else if (tab === "table" && matchId) {
    follow(); // back on the table (back / forward): catch up with the server at once
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
  // The keyboard's all-in asks first: A again (or Enter) shoves; any other key lets it go.
  if (ctrl.confirmAllIn && key !== "Shift") {
    const move = ctrl.confirmAllIn;
    ctrl.confirmAllIn = null;
    redraw();
    if (key === "a" || key === "A" || key === "Enter") {
      event.preventDefault();
      ctrl.act(move);
    } else if (key === "Escape") {
      event.preventDefault();
    }
    return;
  }
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
    if (key === "a" || key === "A") {
      ctrl.confirmAllIn = move;
      redraw();
      return;
    }
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
  // A shared hand's link (/shared/<token>, whose preview the server wrote) opens in the client.
  const shared = location.pathname.match(/^\/shared\/([^/]+)$/);
  if (shared && !location.hash) history.replaceState(null, "", `/#/shared/${shared[1]}`);
  listenForFirstGesture();
  window.addEventListener("hashchange", onRoute);
  document.addEventListener("keydown", onKey);
  document.addEventListener("keydown", (event) => onNextHandKey(ctrl, event));
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") idlePoll();
  });
  setInterval(idlePoll, IDLE_POLL_MS);
  onRoute();
}

// For the browser tests and the benchmark: the catalog in use, without reaching into modules.
window.cardavia = { language, has, narrate };

start();
