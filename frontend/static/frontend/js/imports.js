// Imported hands (#/imports, loaded with the study pages): hand histories from other rooms
// uploaded by file picker or drag and drop (one POST /api/imports/ per file), each import's
// progress read from its resource until it is done, its result (imported, already there,
// refused with each hand's line and reason, or the whole file refused), and the imported hands
// themselves, filtered by room, date and player, a page at a time. A hand opens in the
// replayer at #/match/<id>/hand/1 (an imported hand is a match of one hand).

import * as api from "./api.js";

const POLL_MS = 600;
// How many of the earlier imports the page lists under the ones in progress.
const KEPT = 12;

let redraw = () => {};
let fail = () => {};

export const imports = {
  jobs: null, // the imports, newest first: [{key, file_name, size, resource, error, uploading}]
  hands: null, // a page of imported hands: {count, next, previous, results}
  rooms: null, // [{room, count}]
  filters: { room: "", player: "", date_from: "", date_to: "" },
  page: 1,
  loadingHands: false,
  dragging: false,
};

export function connect(requestRedraw, onError) {
  redraw = requestRedraw;
  fail = onError;
}

const FINISHED = new Set(["done", "failed"]);
export const finished = (job) => Boolean(job.error) || Boolean(job.resource && FINISHED.has(job.resource.status));

// The list endpoint may answer a bare list or a page of one.
function listOf(body, name) {
  if (Array.isArray(body)) return body;
  if (body && Array.isArray(body[name])) return body[name];
  return body && Array.isArray(body.results) ? body.results : [];
}

let counter = 0;
const fromResource = (resource) => ({ key: resource.id, file_name: resource.file_name, size: resource.size, resource, error: null, uploading: false });

/** The page opens: the earlier imports (following any still running), the rooms and the hands. */
export async function open() {
  await Promise.all([loadRooms(), loadHands(), loadJobs()]);
}

// Read afresh at each visit (another tab may have imported, another account signed in); the
// files sent while the list was read stay at the top, those refused whole too (the server
// keeps no import of them), unless the list holds them already.
async function loadJobs() {
  const first = counter + 1; // the first upload sent after this read began
  try {
    const listed = listOf(await api.imports(), "imports").slice(0, KEPT);
    const ids = new Set(listed.map((resource) => resource.id));
    const sentMeanwhile = (imports.jobs || []).filter(
      (job) => job.uploading || (job.sent >= first && !(job.resource && ids.has(job.resource.id))),
    );
    imports.jobs = [...sentMeanwhile, ...listed.map(fromResource)];
    listed.filter((resource) => !FINISHED.has(resource.status)).forEach((resource) => follow(resource.id));
  } catch (error) {
    imports.jobs = imports.jobs || [];
    fail(error);
  }
  redraw();
}

export async function loadRooms() {
  try {
    imports.rooms = listOf(await api.importedRooms(), "rooms");
  } catch (error) {
    imports.rooms = imports.rooms || [];
    fail(error);
  }
  redraw();
}

// The imported hands listed so far, by match id: an opened hand's source when its replay does
// not carry one.
const rows = new Map();

/** An imported hand's row of the list ({room, hand_id, unit, scale, players, ...}), if read. */
export const importedRow = (matchId) => rows.get(matchId) || null;

let handsRequest = 0;

export async function loadHands() {
  const request = ++handsRequest;
  imports.loadingHands = true;
  redraw();
  try {
    const body = await api.importedHands({ ...imports.filters, page: imports.page > 1 ? imports.page : "" });
    if (request === handsRequest) imports.hands = body;
    for (const hand of body.results || []) rows.set(hand.id, hand);
  } catch (error) {
    if (request !== handsRequest) return;
    // A page past the end (the list shrank): back to the first.
    if (error instanceof api.ApiError && error.status === 404 && imports.page > 1) {
      imports.page = 1;
      loadHands();
      return;
    }
    imports.hands = imports.hands || { count: 0, next: null, previous: null, results: [] };
    fail(error);
  } finally {
    if (request === handsRequest) imports.loadingHands = false;
    redraw();
  }
}

/** Upload every file given (the picker's or a drop's), one request each, side by side. */
export function upload(files) {
  const list = Array.from(files || []);
  if (!list.length) return;
  imports.jobs = imports.jobs || [];
  for (const file of list) {
    counter += 1;
    const job = { key: `upload-${counter}`, sent: counter, file_name: file.name, size: file.size, resource: null, error: null, uploading: true };
    imports.jobs = [job, ...imports.jobs];
    send(job, file);
  }
  redraw();
}

async function send(job, file) {
  try {
    job.resource = await api.uploadImport(file);
  } catch (error) {
    if (!(error instanceof api.ApiError)) throw error;
    // The whole file refused (not a hand history, too large, a compressed bomb): its error.
    job.error = { code: error.code, params: error.params, message: error.text };
  } finally {
    job.uploading = false;
    redraw();
  }
  if (job.resource) {
    job.key = job.resource.id;
    // The list read meanwhile may hold this import already: one entry for it.
    imports.jobs = imports.jobs.filter((each) => each === job || !(each.resource && each.resource.id === job.key));
    if (FINISHED.has(job.resource.status)) settled();
    else follow(job.resource.id);
  }
}

const following = new Set();

// Read the import's resource until it is done or failed: its progress bar moves meanwhile.
async function follow(id) {
  if (following.has(id)) return;
  following.add(id);
  try {
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      let resource;
      try {
        resource = await api.importStatus(id);
      } catch (error) {
        fail(error);
        return;
      }
      const job = (imports.jobs || []).find((each) => each.resource && each.resource.id === id);
      if (job) job.resource = resource;
      redraw();
      if (FINISHED.has(resource.status)) {
        settled();
        return;
      }
    }
  } finally {
    following.delete(id);
  }
}

// An import ended: the hands and the rooms it may have added.
function settled() {
  loadRooms();
  loadHands();
}

export function setFilter(name, value) {
  imports.filters = { ...imports.filters, [name]: value };
}

export function applyFilters() {
  imports.page = 1;
  loadHands();
}

export function clearFilters() {
  imports.filters = { room: "", player: "", date_from: "", date_to: "" };
  applyFilters();
}

export function goToPage(page) {
  imports.page = Math.max(1, page);
  loadHands();
}

export function setDragging(value) {
  if (imports.dragging === value) return;
  imports.dragging = value;
  redraw();
}
