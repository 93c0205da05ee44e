// The study pages, loaded on first use (main.js imports this module dynamically, so the table's
// first load stays small): a match's hands with its stack chart, the replayer with the shuffle
// check, the settlement and the analysis, and the player's statistics.
//
// Routes (main.js hands them over as {page, matchId, parts}):
//   #/match/<id>/hands                   the hand list and the stack chart
//   #/match/<id>/hand/<n>[/step/<k>]     the replayer at step k (0: before the first event)
//   #/stats                              your statistics
//   #/shares                             your shared hands' links (share.js)
//   #/shared/<token>[/step/<k>]          a hand shared with you, read-only (share.js)
//   #/imports                            hands imported from other rooms (imports.js); each
//                                        opens as #/match/<id>/hand/1, its replay's `source`
//                                        saying where it came from and in which unit it counts

import { h } from "../vendor/preact-11.2.0/preact.js";
import * as api from "./api.js";
import { fromView } from "./display.js";
import { holeCardsFromSeed, verifyDeal, verifyHoldem } from "./proof.js";
import { t } from "./i18n.js";
import { handListView, segmentOpening } from "./views/replay_list.js";
import { replayView } from "./views/replay.js";
import { buildSteps, startingStacks } from "./views/replay_steps.js";
import { statsView } from "./views/stats.js";
import { connect as connectSharing, loadLinks, loadShared } from "./share.js";
import { sharesView } from "./views/share.js";
import { connect as connectImports, importedRow, open as openImports } from "./imports.js";
import { importsView } from "./views/imports.js";

const PLAY_MS = 800;
const ANALYSIS_POLL_MS = 1000;
// A task that never answers (its worker down) is given up after this many polls.
const ANALYSIS_POLLS = 180;

let redraw = () => {};
let ctrl = null;

// Everything the study pages show; one match and one hand at a time.
export const study = {
  page: null,
  matchId: null,
  body: null, // the match's view (players, viewer, game)
  table: null, // fromView(body): names and seats for the views
  hands: null,
  feed: null, // the match's whole event feed, when a chart or an Up & Down proof needs it
  start: null, // the stacks the current segment started with (the chart's first point)
  filter: "all",
  hand: null, // {number, replay, steps, events, step, playing}
  proof: null, // null | "running" | [result, ...]
  analysis: null, // null | {status: "pending" | "ready" | "unavailable", data}
  stats: null,
  statsSource: "played", // the statistics' source: played, imported or one room
  statsRooms: null, // the rooms of the imported hands, for the statistics' source picker
  shared: null, // a shared hand's link: {token, owner}; null on the owner's own pages
  source: null, // an imported hand's origin: {room, hand_id, played_at, table, unit, scale, file_name, line}
  loading: false,
};

// --- reading the API ---------------------------------------------------------------------------

// A GET of a study endpoint: {status, body}; a refusal is thrown as api.ApiError.
async function getJson(path) {
  const response = await fetch(path, {
    headers: { Accept: "application/json" },
    credentials: "same-origin",
    cache: "no-store",
  });
  let body = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  if (!response.ok) throw new api.ApiError(response.status, body);
  return { status: response.status, body };
}

const matchPath = (id) => `/api/matches/${encodeURIComponent(id)}`;

function fail(error) {
  if (!(error instanceof api.ApiError)) throw error;
  ctrl.error = { code: error.code, params: error.params };
  redraw();
}

async function loadMatch(matchId) {
  if (study.matchId === matchId && study.body) return;
  study.matchId = matchId;
  study.body = null;
  study.hands = null;
  // The hand list's filter belongs to the match it was chosen on.
  study.filter = "all";
  study.feed = null;
  study.hand = null;
  const body = await api.match(matchId);
  if (study.matchId !== matchId) return;
  study.body = body;
  study.table = fromView(body);
}

async function loadHands(matchId) {
  const { body } = await getJson(`${matchPath(matchId)}/hands/`);
  if (study.matchId === matchId) study.hands = body.hands;
}

// Read afresh each time: the match may have moved on since (a shoe revealed, hands played).
export async function loadFeed(matchId) {
  const feed = await api.events(matchId, 0);
  if (study.matchId === matchId) study.feed = feed.events;
  return feed.events;
}

// The stacks the chart starts from: those the current segment's first hand started with.
async function loadStart(matchId) {
  study.start = null;
  const opening = segmentOpening(study.hands);
  if (opening === null) return;
  const { body: replay } = await getJson(`${matchPath(matchId)}/hands/${opening}/`);
  if (study.matchId === matchId) study.start = startingStacks(study.body, replay.events);
}

async function loadHand(matchId, number, given = null) {
  const replay = given || (await getJson(`${matchPath(matchId)}/hands/${number}/`)).body;
  // An imported hand says where it came from (room, hand id, file and line) and its unit; its
  // players are named as in its file, and it has no seed to check.
  const imported = Boolean(replay.source) || (study.body && study.body.level === "imported");
  study.source = imported ? { ...(importedRow(matchId) || {}), ...(replay.source || {}) } : null;
  if (study.source) study.body = importedBody(study.body, study.source);
  if (ctrl) ctrl.importedHand = study.source && matchId ? matchId : null;
  const revealed = study.body.game === "holdem" ? await holeCardsFromSeed(replay).catch(() => ({})) : {};
  const { steps, events } = buildSteps(study.body, replay, revealed);
  study.hand = { number, replay, steps, events, step: 0, playing: false };
  study.proof = null;
  study.analysis = null;
}

/** The unit the page's amounts count in: an imported hand's own ({unit, scale}), else null. */
export function money() {
  if (!study.hand || !study.source || (study.page !== "hand" && study.page !== "shared")) return null;
  return { unit: study.source.unit, scale: study.source.scale || 1 };
}

// An imported hand's match as the replayer draws it: every seat named as in its file (the
// source's names where the match has none), no seat drawn as "you".
function importedBody(body, source) {
  const names = source.players || [];
  const players = body.view.seats.map((_, seat) => ({ ...((body.players || [])[seat] || {}), name: ((body.players || [])[seat] || {}).name || names[seat] || null }));
  return { ...body, players, view: { ...body.view, imported: true } };
}

// --- opening a route -------------------------------------------------------------------------

export async function open(controller, route, requestRedraw) {
  ctrl = controller;
  redraw = requestRedraw;
  stopPlaying();
  study.page = route.page;
  connectSharing(redraw, fail);
  connectImports(redraw, fail);
  try {
    if (route.page === "imports") {
      study.loading = false;
      await openImports();
      return;
    }
    if (route.page === "shares") {
      study.loading = false;
      await loadLinks();
      return;
    }
    if (route.page === "shared") {
      await openShared(route);
      return;
    }
    study.shared = null;
    if (route.page === "stats") {
      study.loading = study.stats === null;
      redraw();
      await Promise.all([loadStats(), loadStatsRooms()]);
      return;
    }
    const matchId = route.matchId;
    study.loading = true;
    redraw();
    await loadMatch(matchId);
    if (route.page === "hands") {
      await loadHands(matchId);
      if (!study.hands.some((hand) => hand.stacks_after)) await loadFeed(matchId);
      await loadStart(matchId);
      return;
    }
    const number = Number(route.hand);
    if (!study.hand || study.hand.number !== number) {
      // The list too (read afresh: the match may have played on), for "Next hand".
      await Promise.all([loadHand(matchId, number), loadHands(matchId)]);
    }
    setStep(Number.isFinite(route.step) ? route.step : 0, { url: false });
    // The analysis is computed on demand (a Celery task): asked for when the player does.
    if (study.analysis === null && study.body.game === "holdem") study.analysis = { status: "idle", data: null };
    loadLinks();
  } catch (error) {
    fail(error);
  } finally {
    study.loading = false;
    redraw();
  }
}

// A shared hand: read once per link; no match of the viewer's behind it.
async function openShared(route) {
  if (!study.shared || study.shared.token !== route.token) {
    study.loading = true;
    study.shared = { token: route.token, owner: null };
    study.matchId = null;
    study.hand = null;
    redraw();
    const body = await loadShared(route.token);
    if (!study.shared || study.shared.token !== route.token) return;
    study.body = body;
    study.table = fromView(body);
    study.shared.owner = body.owner;
    await loadHand(null, body.replay.hand_number, body.replay);
  }
  setStep(Number.isFinite(route.step) ? route.step : 0, { url: false });
}

// --- statistics by source: the hands played here, the imported ones, or one room's ---------------

async function loadStats() {
  const source = study.statsSource;
  const body = await api.stats(source);
  if (study.statsSource === source) study.stats = body;
}

async function loadStatsRooms() {
  try {
    const body = await api.importedRooms();
    study.statsRooms = Array.isArray(body) ? body : body.rooms || body.results || [];
  } catch (error) {
    study.statsRooms = [];
    if (!(error instanceof api.ApiError)) throw error;
  }
}

export async function setStatsSource(source) {
  if (study.statsSource === source) return;
  study.statsSource = source;
  study.stats = null;
  redraw();
  try {
    await loadStats();
  } catch (error) {
    fail(error);
  }
  redraw();
}

// --- the replayer's commands -------------------------------------------------------------------

function stepUrl(k) {
  if (study.shared) return `#/shared/${study.shared.token}/step/${k}`;
  return `#/match/${study.matchId}/hand/${study.hand.number}/step/${k}`;
}

export function setStep(k, { url = true } = {}) {
  const hand = study.hand;
  if (!hand) return;
  hand.step = Math.max(0, Math.min(hand.steps.length - 1, k));
  if (hand.step === hand.steps.length - 1) stopPlaying();
  // Each step has its own address, without filling the history with one entry per step.
  if (url) history.replaceState(null, "", stepUrl(hand.step));
  redraw();
  // Once drawn, the log scrolls (itself, not the page) to keep the current line in sight.
  requestAnimationFrame(() => requestAnimationFrame(scrollLog));
}

function scrollLog() {
  const log = document.querySelector(".replay-log");
  const line = log && log.querySelector("li.current");
  if (!line) return;
  const top = line.offsetTop - log.clientHeight / 2 + line.clientHeight / 2;
  log.scrollTop = Math.max(0, top);
}

let timer = null;

function stopPlaying() {
  if (timer) clearInterval(timer);
  timer = null;
  if (study.hand) study.hand.playing = false;
}

export function togglePlay() {
  const hand = study.hand;
  if (!hand) return;
  if (hand.playing) {
    stopPlaying();
    redraw();
    return;
  }
  if (hand.step >= hand.steps.length - 1) setStep(0);
  hand.playing = true;
  timer = setInterval(() => setStep(study.hand.step + 1), PLAY_MS);
  redraw();
}

/** The step that shows the event ``seq`` done (the log highlights it). */
export function stepOfSeq(seq) {
  const index = study.hand ? study.hand.events.findIndex((record) => record.seq === seq) : -1;
  return index < 0 ? null : index + 1;
}

export function jumpToSeq(seq) {
  const step = stepOfSeq(seq);
  if (step === null) return;
  stopPlaying();
  setStep(step);
}

// The costly spots (analysis) as steps, in order; the next one after (or before) the step shown.
export function costlySteps() {
  const costly = study.analysis && study.analysis.status === "ready" ? study.analysis.data.costly || [] : [];
  return costly.map(stepOfSeq).filter((step) => step !== null).sort((a, b) => a - b);
}

export function nextCostly(direction) {
  const steps = costlySteps();
  const here = study.hand.step;
  const target = direction > 0 ? steps.find((s) => s > here) : [...steps].reverse().find((s) => s < here);
  if (target !== undefined) {
    stopPlaying();
    setStep(target);
  }
}

export function setFilter(filter) {
  study.filter = filter;
  redraw();
}

// --- verify the shuffle ------------------------------------------------------------------------

export async function verify() {
  const hand = study.hand;
  if (!hand || study.proof === "running") return;
  study.proof = "running";
  redraw();
  try {
    if (study.body.game === "holdem") {
      study.proof = [await verifyHoldem(hand.replay)];
    } else {
      study.proof = await verifyDeal(hand.replay, await loadFeed(study.matchId));
    }
  } catch (error) {
    study.proof = null;
    fail(error);
  }
  redraw();
}

// --- analysis (Hold'em): 202 while the task runs, then the figures -------------------------------

async function fetchAnalysis() {
  const hand = study.hand;
  const path = `${matchPath(study.matchId)}/hands/${hand.number}/analysis/`;
  try {
    const { status, body } = await getJson(path);
    if (study.hand !== hand) return null;
    study.analysis = status === 202 ? { status: "pending", data: null } : { status: "ready", data: body };
  } catch (error) {
    if (!(error instanceof api.ApiError)) throw error;
    if (study.hand !== hand) return null;
    study.analysis =
      error.status === 404 && error.code !== "match_not_found"
        ? { status: "unavailable", data: null, code: error.code }
        : { status: "failed", data: null, code: error.code };
  }
  redraw();
  return study.analysis.status;
}

export async function analyse() {
  const hand = study.hand;
  if (!hand || (study.analysis && study.analysis.status === "pending")) return;
  study.analysis = { status: "pending", data: null };
  redraw();
  for (let poll = 0; study.hand === hand && (await fetchAnalysis()) === "pending"; poll += 1) {
    if (poll >= ANALYSIS_POLLS) {
      study.analysis = { status: "failed", data: null };
      redraw();
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, ANALYSIS_POLL_MS));
  }
}

// --- the keyboard: ←/→ a step, Home/End, space plays or pauses ----------------------------------

// The replayer's controls are a media player's: like a time axis they read left to right in
// every language (the scrubber too), so → is always forward.
function onKey(event) {
  if (!ctrl || ctrl.route.tab !== "study" || (study.page !== "hand" && study.page !== "shared") || !study.hand) return;
  if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
  const target = event.target;
  const tag = target && target.tagName;
  if (tag === "SELECT" || tag === "TEXTAREA" || (tag === "INPUT" && target.type !== "range")) return;
  const hand = study.hand;
  const moves = {
    ArrowRight: () => setStep(hand.step + 1),
    ArrowLeft: () => setStep(hand.step - 1),
    Home: () => setStep(0),
    End: () => setStep(hand.steps.length - 1),
  };
  if (moves[event.key]) {
    event.preventDefault();
    stopPlaying();
    moves[event.key]();
  } else if (event.key === " " && tag !== "BUTTON" && tag !== "A" && tag !== "SUMMARY") {
    event.preventDefault();
    togglePlay();
  }
}

document.addEventListener("keydown", onKey);

// --- the page --------------------------------------------------------------------------------

export function view(controller) {
  ctrl = controller;
  if (study.loading) return h("p", { class: "loading", "aria-busy": "true" }, t("replay.loading"));
  if (study.page === "stats") return statsView(study);
  if (study.page === "shares") return sharesView(study);
  if (study.page === "imports") return importsView();
  if (study.page === "shared" && !study.hand) {
    const missing = ctrl.error && ctrl.error.code === "not_found";
    return missing ? h("p", { class: "study-hint shared-missing" }, t("share.missing")) : null;
  }
  if (!study.body) return null;
  if (study.page === "hands") return handListView(study);
  if (!study.hand) return null;
  return replayView(study, ctrl);
}
