// The table's recent events: the feed from the start of the hand before the one in play (the
// match body's recent_seq) to the seq the table shows. What the table draws beyond the view —
// the seats' last actions, the last hand's result, Up & Down's reveal, the action log — is a
// fold of them (display.annotateFrom), so a page that watched every event and a page opened
// afresh at the same seq draw the same table.

import * as api from "./api.js";
import { annotateFrom, fromView, shortType } from "./display.js";
import { narrate } from "./narrate.js";

const OPENINGS = new Set(["hand_started", "deal_started"]);
const LOG_LINES = 40;

const opens = (record) => OPENINGS.has(shortType(record));

// ``records`` with ``record`` added, trimmed to start at the hand before the one in play (the
// window the server's recent_seq names).
export function keepRecent(records, record) {
  if (records.length && record.seq <= records[records.length - 1].seq) return records;
  const kept = [...records, record];
  if (!opens(record)) return kept;
  const starts = kept.map((each, index) => (opens(each) ? index : -1)).filter((index) => index >= 0);
  return kept.slice(starts[Math.max(0, starts.length - 2)]);
}

// More than one new hand in ``records``: quicker to open the table afresh than to show them all.
export const farBehind = (records) => records.filter(opens).length > 1;

// The table at the server's latest seq: the match body's view and its recent events.
export async function readTable(matchId) {
  const body = await api.match(matchId);
  const recent = await api.events(matchId, Math.max(0, body.recent_seq - 1));
  const records = recent.events.filter((record) => record.seq <= body.seq);
  return { display: annotateFrom(fromView(body), records), records };
}

// The action log: one line per narrated event of the recent ones, oldest first.
export function logLines(display, records) {
  const lines = [];
  for (const record of records) {
    if (record.seq > display.seq) break;
    const text = narrate(display, record);
    if (text) lines.push({ seq: record.seq, text, kind: shortType(record), seat: record.payload.seat });
  }
  return lines.slice(-LOG_LINES);
}
