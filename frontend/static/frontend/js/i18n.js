// Every word the client shows comes from the translation catalog (GET /api/i18n/{code}/):
// t(key, params) formats the language's ICU message. The catalog is served with an ETag and
// "no-cache", so the browser revalidates it on every load and an admin's edit shows at once.

import { Formatted, format, formatNumber, parse } from "./icu.js";
import { formatAmount } from "./money.js";

const STORAGE_KEY = "cardavia.language";
const FIRST_STRONG_ISOLATE = "\u2068";
const POP_DIRECTIONAL_ISOLATE = "\u2069";

let current = { code: "en", direction: "ltr", messages: {} };
const parsed = new Map();

export function language() {
  return current;
}

export function isRtl() {
  return current.direction === "rtl";
}

export function has(key) {
  return Object.hasOwn(current.messages, key);
}

// In right-to-left text each substituted value (a name, an amount, a card) is isolated, so a
// Latin name or a number never reorders the sentence around it.
function isolate(text) {
  return FIRST_STRONG_ISOLATE + text + POP_DIRECTIONAL_ISOLATE;
}

// At a Hold'em table the player may count in big blinds: every {amount} then reads "2.5 BB"
// (the unit is the big blind of the table's view; null counts chips).
let bigBlind = null;

export function setAmountUnit(unit) {
  bigBlind = unit;
}

function inBigBlinds(value) {
  const count = new Intl.NumberFormat(current.code, { maximumFractionDigits: 2 }).format(value / bigBlind);
  return t("controls.amount.big_blinds", { count });
}

// An imported hand counts in its own unit ({unit, scale}: cents of a dollar, chips): every
// {amount} of its replay then reads "$0.05" (money.js); null counts the table's chips.
let money = null;

export function setMoney(unit) {
  money = unit && unit.scale ? unit : null;
}

export function moneyText(value, unit = money) {
  return unit ? formatAmount(value, unit, current.code) : number(value);
}

// An amount of chips as the table counts them.
export function amountText(value) {
  if (money) return moneyText(value);
  return bigBlind ? inBigBlinds(value) : number(value);
}

export function t(key, params = {}) {
  if (money && typeof params.amount === "number") {
    params = { ...params, amount: new Formatted(moneyText(params.amount), params.amount) };
  } else if (bigBlind && typeof params.amount === "number") {
    params = { ...params, amount: inBigBlinds(params.amount) };
  }
  const source = current.messages[key];
  if (source === undefined) return key;
  let parts = parsed.get(key);
  if (parts === undefined) {
    try {
      parts = parse(source);
    } catch {
      parts = [source];
    }
    parsed.set(key, parts);
  }
  return format(parts, params, current.code, isRtl() ? isolate : undefined);
}

export function number(value) {
  return formatNumber(current.code, value);
}

export function percent(fraction) {
  return formatNumber(current.code, fraction, "percent");
}

// Keys under ``prefix`` in the catalog's order, e.g. every "rules." key.
export function keysUnder(prefix) {
  return Object.keys(current.messages).filter((key) => key.startsWith(prefix));
}

// Catalogs asked for so far: when choices overlap (a quick second pick in the picker), only the
// latest one is applied, whichever answer arrives last.
let requested = 0;

// The language's catalog, now in use; null when a later choice was made meanwhile (nothing
// applied).
export async function loadCatalog(code) {
  const request = ++requested;
  const response = await fetch(`/api/i18n/${encodeURIComponent(code)}/`, {
    headers: { Accept: "application/json" },
    credentials: "same-origin",
  });
  if (!response.ok) throw new Error(`catalog ${code}: HTTP ${response.status}`);
  const catalog = await response.json();
  if (request !== requested) return null;
  current = catalog;
  parsed.clear();
  try {
    localStorage.setItem(STORAGE_KEY, catalog.code);
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
  const root = document.documentElement;
  root.lang = catalog.code;
  root.dir = catalog.direction === "rtl" ? "rtl" : "ltr";
  return catalog;
}

export async function loadLanguages() {
  const response = await fetch("/api/i18n/languages/", {
    headers: { Accept: "application/json" },
    credentials: "same-origin",
  });
  if (!response.ok) throw new Error(`languages: HTTP ${response.status}`);
  return (await response.json()).languages;
}

// The signed-in account's language if it has one (and it is enabled); else the choice kept in
// this browser; else the browser's first preferred language we have (exact, then by its primary
// subtag: "de-AT" gives "de"); else English.
export function preferredLanguage(languages, accountLanguage = null) {
  const codes = languages.map((lang) => lang.code);
  if (accountLanguage && codes.includes(accountLanguage)) return accountLanguage;
  let stored = null;
  try {
    stored = localStorage.getItem(STORAGE_KEY);
  } catch {
    stored = null;
  }
  if (stored && codes.includes(stored)) return stored;
  for (const wanted of navigator.languages || [navigator.language]) {
    if (!wanted) continue;
    const lower = wanted.toLowerCase();
    if (codes.includes(lower)) return lower;
    const primary = lower.split("-")[0];
    if (codes.includes(primary)) return primary;
  }
  return codes.includes("en") ? "en" : codes[0];
}
