// Following a match live: one EventSource per tab on the match's stream (/api/matches/ID/stream/),
// behind the same calls the table used to poll the feed with. events(id, after) answers what
// api.events(id, after) would — {seq, events, status, awaiting_ai} — from what the stream has
// pushed, without a request, and match(id, seq) what api.match(id) would, from the body the
// stream pushes when the match waits on its human; wait(id, ms) waits until the stream brings
// something new instead of sleeping ms. When the stream cannot be opened, drops or is not caught up yet, both fall back
// to the feed: events() asks it and wait() sleeps, as polling did. A hidden tab closes its stream
// and catches up when shown again (the first events() call reopens it after the last seq shown).

import * as api from "./api.js";

const GIVE_UP_AFTER_ERRORS = 3; // failed (re)connections in a row before the feed takes over
const POLL_ONLY_MS = 15000; // how long the feed alone is used after that, before trying again
const CATCH_UP_MS = 1000; // how long events() waits for a stream behind the table's seq
const LONGEST_WAIT_MS = 20000; // a wait() on a live stream (heartbeats come every 15 s)

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));

let current = null; // the tab's one stream: {matchId, source, from, seq, events, state, ...}
let pollOnlyUntil = 0;

function wakeAll(stream) {
  for (const wake of [...stream.waiters]) wake();
}

function open(matchId, after) {
  close();
  if (typeof EventSource === "undefined" || Date.now() < pollOnlyUntil) return null;
  if (document.visibilityState === "hidden") return null;
  const source = new EventSource(`/api/matches/${matchId}/stream/?after=${after}`);
  // `from`: the stream holds every event after it; `state`: null until the stream is live.
  const stream = { matchId, source, from: after, seq: after, events: [], state: null, errors: 0 };
  stream.view = null; // the last match body pushed (sent whenever the match waits on its human)
  stream.waiters = new Set();
  source.onmessage = (message) => {
    const record = JSON.parse(message.data);
    if (record.seq > stream.seq) {
      stream.events.push(record);
      stream.seq = record.seq;
    }
    wakeAll(stream);
  };
  source.addEventListener("view", (message) => {
    stream.view = JSON.parse(message.data);
    wakeAll(stream);
  });
  source.addEventListener("match", (message) => {
    stream.state = JSON.parse(message.data);
    stream.errors = 0;
    wakeAll(stream);
  });
  // The browser reconnects by itself, resuming after the last id (nothing is lost); until the
  // stream is live again the feed is asked. After repeated failures (a proxy that blocks it, a
  // refusal) the stream is closed and the feed alone is used for a while.
  source.onerror = () => {
    stream.state = null;
    stream.errors += 1;
    if (source.readyState === EventSource.CLOSED || stream.errors >= GIVE_UP_AFTER_ERRORS) {
      pollOnlyUntil = Date.now() + POLL_ONLY_MS;
      close();
    }
    wakeAll(stream);
  };
  current = stream;
  return stream;
}

// The stream of matchId, opened after `after` unless one is open already.
function streamFor(matchId, after) {
  if (current && current.matchId === matchId) return current;
  return open(matchId, after);
}

function until(stream, ready, ms) {
  if (ready()) return Promise.resolve();
  return new Promise((resolve) => {
    let timedOut = false;
    const done = () => {
      if (!ready() && stream.source.readyState !== EventSource.CLOSED && !timedOut) return;
      stream.waiters.delete(done);
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      timedOut = true;
      done();
    }, ms);
    stream.waiters.add(done);
  });
}

// What the feed would answer after `after`: from the stream when it is live and holds every
// event since `after`, else from the feed itself.
export async function events(matchId, after) {
  const stream = streamFor(matchId, after);
  if (stream && stream.state && stream.from <= after) {
    // The table may be ahead (a command's own answer): let the stream catch up first.
    await until(stream, () => !stream.state || stream.seq >= after, CATCH_UP_MS);
    if (current === stream && stream.state && stream.seq >= after) {
      // As a request's answer would: the table as drawn so far is painted before what follows
      // (the player's own move, then the AIs' first one, never in the same frame).
      await nextFrame();
      stream.events = stream.events.filter((record) => record.seq > after); // the rest is shown
      const { status, awaiting_ai } = stream.state;
      return { seq: stream.seq, events: [...stream.events], status, awaiting_ai };
    }
  }
  return api.events(matchId, after);
}

// What api.match(matchId) would answer, from the stream when it pushed the body at or past
// `seq` (and past every event it sent), else read.
export async function match(matchId, seq) {
  const stream = current && current.matchId === matchId && current.state ? current : null;
  if (stream) {
    const fresh = () => stream.view && stream.view.seq >= seq && stream.view.seq >= stream.seq;
    // The body comes right after the events and state of the same read.
    await until(stream, () => fresh() || !stream.state || stream.state.awaiting_ai, CATCH_UP_MS);
    if (current === stream && fresh()) return stream.view;
  }
  return api.match(matchId);
}

// Until the stream of matchId brings something new (at most LONGEST_WAIT_MS); without a live
// stream, `ms`, as a poll would wait.
export function wait(matchId, ms) {
  const stream = current && current.matchId === matchId && current.state ? current : null;
  if (!stream) return sleep(ms);
  const seq = stream.seq;
  const state = stream.state;
  return until(stream, () => stream.seq !== seq || stream.state !== state, LONGEST_WAIT_MS);
}

export function close() {
  if (!current) return;
  const stream = current;
  current = null;
  stream.source.close();
  wakeAll(stream);
}

// A hidden tab holds no stream; shown again, the table's next look reopens it after its seq.
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "hidden") close();
});
