// The one module that talks to the API: the session and its CSRF token, expected_seq, an
// Idempotency-Key per command (kept across retries, so a command whose answer was lost is never
// applied twice), retries while the connection is down, and refusals as ApiError {code, params}.

let csrfToken = null;
let connectionListener = () => {};

export class ApiError extends Error {
  constructor(status, body) {
    const code = (body && body.code) || "error";
    super(code);
    this.status = status;
    this.code = code;
    this.params = (body && body.params) || {};
    // The server's own sentence, for a code the catalog may not have yet.
    this.text = (body && body.message) || null;
  }
}

// Told true while requests fail for want of a connection (or a server error), false once one
// gets through again: the page shows a banner meanwhile.
export function onConnectionChange(listener) {
  connectionListener = listener;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function newKey() {
  if (crypto.randomUUID) return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

class Unreachable extends Error {}

async function once(method, path, body, key) {
  const headers = { Accept: "application/json" };
  if (method !== "GET") {
    headers["Content-Type"] = "application/json";
    if (csrfToken) headers["X-CSRFToken"] = csrfToken;
    if (key) headers["Idempotency-Key"] = key;
  }
  let response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
      cache: "no-store",
    });
  } catch {
    throw new Unreachable();
  }
  if (response.status >= 500) throw new Unreachable();
  if (response.status === 204) return null;
  let data = null;
  try {
    data = await response.json();
  } catch {
    if (!response.ok) throw new Unreachable();
  }
  if (!response.ok) throw new ApiError(response.status, data);
  return data;
}

// Retried until it gets an answer: a lost connection or a server error waits and tries again
// with the same Idempotency-Key; a refusal (4xx) is thrown at once. A CSRF refusal (an expired
// token, a new session after logging in) fetches a fresh token and retries once.
async function request(method, path, body) {
  const key = method === "GET" ? null : newKey();
  let refreshedToken = false;
  for (let attempt = 0; ; attempt += 1) {
    try {
      const data = await once(method, path, body, key);
      if (attempt > 0) connectionListener(false);
      return data;
    } catch (error) {
      if (error instanceof ApiError) {
        if (attempt > 0) connectionListener(false);
        if (error.code === "csrf_failed" && !refreshedToken) {
          refreshedToken = true;
          await session();
          continue;
        }
        throw error;
      }
      connectionListener(true);
      await sleep(Math.min(400 * 2 ** attempt, 4000));
    }
  }
}

export async function session() {
  const data = await request("GET", "/api/session/");
  csrfToken = data.csrf_token;
  return data;
}

// The signed-in account's language (the session's "language"), kept for every device.
export const saveLanguage = (language) => request("POST", "/api/session/language/", { language });

// ``language``: the page's, kept as the account's if it has none yet.
export const signUp = (username, password, language) =>
  request("POST", "/api/auth/signup/", { username, password, language });
export const logIn = (username, password, language) =>
  request("POST", "/api/auth/login/", { username, password, language });
export const logOut = () => request("POST", "/api/auth/logout/", {});

export const matches = () => request("GET", "/api/matches/");
// `blinds` ("fixed" or "rising") only for a game that offers the choice; otherwise left out.
export const startMatch = (game, level, blinds) => request("POST", "/api/matches/", { game, level, blinds });
export const match = (id) => request("GET", `/api/matches/${id}/`);
export const hands = (id) => request("GET", `/api/matches/${id}/hands/`);
export const events = (id, after) => request("GET", `/api/matches/${id}/events/?after=${after}`);
export const act = (id, command, expectedSeq) =>
  request("POST", `/api/matches/${id}/actions/`, { ...command, expected_seq: expectedSeq });
export const restart = (id, expectedSeq) =>
  request("POST", `/api/matches/${id}/restart/`, { expected_seq: expectedSeq });
export const watch = (id, expectedSeq) =>
  request("POST", `/api/matches/${id}/watch/`, { expected_seq: expectedSeq });

// Shared hands: the owner's links (share, list, revoke), and a link's hand for anyone.
export const shareHand = (id, number, showOwnerName) =>
  request("POST", `/api/matches/${id}/hands/${number}/share/`, { show_owner_name: showOwnerName });
export const shares = () => request("GET", "/api/shares/");
export const revokeShare = (token) => request("DELETE", `/api/shares/${encodeURIComponent(token)}/`);
export const sharedHand = (token) => request("GET", `/api/shared/${encodeURIComponent(token)}/`);

// Imported hand histories (issue 29): one upload per file (multipart, field "file"), the
// import's progress and result as a resource, the imported hands and their rooms.
export async function uploadImport(file) {
  const form = new FormData();
  form.append("file", file, file.name);
  const headers = { Accept: "application/json" };
  if (csrfToken) headers["X-CSRFToken"] = csrfToken;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    let response;
    try {
      response = await fetch("/api/imports/", { method: "POST", headers, body: form, credentials: "same-origin", cache: "no-store" });
    } catch {
      throw new ApiError(0, { code: "service_unavailable", params: {} });
    }
    let data = null;
    try {
      data = await response.json();
    } catch {
      data = null;
    }
    if (response.ok) return data;
    const error = new ApiError(response.status, data || { code: response.status === 413 ? "request_too_large" : "service_unavailable" });
    if (error.code !== "csrf_failed" || attempt) throw error;
    await session();
    if (csrfToken) headers["X-CSRFToken"] = csrfToken;
  }
  return null;
}

export const imports = () => request("GET", "/api/imports/");
export const importStatus = (id) => request("GET", `/api/imports/${encodeURIComponent(id)}/`);
export function importedHands(filters = {}) {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) {
    if (value !== null && value !== undefined && value !== "") query.set(name, value);
  }
  const text = query.toString();
  return request("GET", `/api/imported-hands/${text ? `?${text}` : ""}`);
}
export const importedRooms = () => request("GET", "/api/imported-hands/rooms/");
export const stats = (source) => request("GET", `/api/stats/${source ? `?source=${encodeURIComponent(source)}` : ""}`);
