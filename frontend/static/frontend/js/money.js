// Amounts of an imported hand: integers in the hand's minor units (cents at a $0.05/$0.10
// table, chips at a tournament's), shown in its major units with `scale` minor units to one
// major ("USD", 100: 5 reads "$0.05"). The decimal is cut from the integer's digits and handed
// to Intl.NumberFormat as a string, which formats it exactly: no float ever holds a dollar.

const formats = new Map();

/** How many decimal digits a scale gives (100: 2), or null when it is not a power of ten. */
export function decimals(scale) {
  const text = String(scale);
  return /^10*$/.test(text) ? text.length - 1 : null;
}

/** ``minor`` (an integer) as an exact decimal string in major units: 5, 100 gives "0.05". */
export function majorText(minor, scale) {
  const digits = decimals(scale);
  if (!Number.isSafeInteger(minor) || digits === null) return null;
  const sign = minor < 0 ? "-" : "";
  const whole = String(Math.abs(minor));
  if (!digits) return sign + whole;
  const padded = whole.padStart(digits + 1, "0");
  return `${sign}${padded.slice(0, -digits)}.${padded.slice(-digits)}`;
}

// A three-letter unit is taken for an ISO 4217 currency ("USD", "EUR"); anything else counts
// (chips, or a room's own play money) as a plain number.
const isCurrency = (unit) => typeof unit === "string" && /^[A-Z]{3}$/.test(unit);

function formatFor(locale, unit, digits) {
  const key = `${locale}|${unit}|${digits}`;
  if (!formats.has(key)) {
    const options = { minimumFractionDigits: digits, maximumFractionDigits: digits };
    let format = null;
    if (isCurrency(unit)) {
      try {
        format = new Intl.NumberFormat(locale, { ...options, style: "currency", currency: unit });
      } catch {
        format = null; // a code Intl does not know: counted as a number
      }
    }
    formats.set(key, format || new Intl.NumberFormat(locale, options));
  }
  return formats.get(key);
}

/**
 * An amount of the hand's unit as the language writes it: "$0.05" for 5 at USD/100, "1,500"
 * for 1500 chips at scale 1. A scale that is not a power of ten shows the minor units as they
 * are (no rounding ever).
 */
export function formatAmount(minor, { unit, scale }, locale) {
  const exact = majorText(minor, scale || 1);
  if (exact === null) return new Intl.NumberFormat(locale).format(minor);
  return formatFor(locale, unit, decimals(scale || 1)).format(exact);
}

/** Whether amounts of this unit read as money (not as the table's own chips). */
export function isMoney(money) {
  return Boolean(money) && ((money.scale || 1) !== 1 || isCurrency(money.unit));
}
