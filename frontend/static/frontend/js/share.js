// Shared hands (loaded with the study pages): the owner's "Share" panel in the replayer, the
// list of their links with revoke (#/shares), and a shared hand opened by anyone from its link
// (#/shared/<token>, where /shared/<token> lands): the replayer, read-only, with no tool that
// needs the match's owner (no analysis, no downloads, no hand list).

import * as api from "./api.js";

let redraw = () => {};
let fail = () => {};

export const sharing = {
  links: null, // the owner's live links, [{token, match_id, hand_number, ...}]
  showName: false,
  busy: false,
  copied: null, // the token whose link was just copied
};

export function connect(requestRedraw, onError) {
  redraw = requestRedraw;
  fail = onError;
}

/** The link anyone can open (the server renders its preview for chat apps). */
export const linkOf = (token) => `${location.origin}/shared/${token}`;

export async function loadLinks() {
  try {
    sharing.links = (await api.shares()).shares;
  } catch (error) {
    fail(error);
  }
  redraw();
}

export function linkFor(matchId, number) {
  return (sharing.links || []).find((link) => link.match_id === matchId && link.hand_number === number) || null;
}

async function command(run) {
  if (sharing.busy) return;
  sharing.busy = true;
  redraw();
  try {
    await run();
    sharing.links = (await api.shares()).shares;
  } catch (error) {
    fail(error);
  } finally {
    sharing.busy = false;
    redraw();
  }
}

export const share = (matchId, number) => command(() => api.shareHand(matchId, number, sharing.showName));
export const revoke = (token) => command(() => api.revokeShare(token));

export function setShowName(value) {
  sharing.showName = value;
  redraw();
}

export async function copyLink(token) {
  try {
    await navigator.clipboard.writeText(linkOf(token));
    sharing.copied = token;
  } catch {
    sharing.copied = null; // no clipboard (an insecure page): the link stays selectable
  }
  redraw();
}

/** A shared hand's body as the replayer draws a match's: the owner's seat is not "you". */
export async function loadShared(token) {
  const body = await api.sharedHand(token);
  return {
    id: null,
    game: body.game,
    level: null,
    status: "finished",
    watching: false,
    seq: 0,
    players: body.players,
    owner: body.owner,
    view: { ...body.view, shared: true },
    replay: body.replay,
  };
}
