// A small ICU MessageFormat formatter: {x}, {x, number}, {x, number, percent},
// {x, plural, =0 {…} one {# chip} other {# chips}}, {x, selectordinal, …} and
// {x, select, a {…} other {…}}, nested, with ICU's default apostrophe quoting ('' is an
// apostrophe; '{ starts a quoted run; a lone apostrophe, as in "Hold'em", is literal).
// Plural categories and numbers come from Intl.PluralRules / Intl.NumberFormat of the language,
// so Arabic's six plural forms and each language's digits need no code here.

const BRANCHING = new Set(["plural", "selectordinal", "select"]);

export function parse(source) {
  let i = 0;

  function fail(what) {
    throw new SyntaxError(`${what} at ${i} in ${JSON.stringify(source)}`);
  }

  function skipSpace() {
    while (i < source.length && /\s/.test(source[i])) i += 1;
  }

  function word() {
    skipSpace();
    const start = i;
    while (i < source.length && !/[\s,{}]/.test(source[i])) i += 1;
    if (start === i) fail("a name is missing");
    return source.slice(start, i);
  }

  function expect(ch) {
    skipSpace();
    if (source[i] !== ch) fail(`'${ch}' expected`);
    i += 1;
  }

  // A message up to the closing brace of its branch (depth > 0) or the end.
  function message(inPlural, depth) {
    const parts = [];
    let text = "";
    const flush = () => {
      if (text) parts.push(text);
      text = "";
    };
    while (i < source.length) {
      const ch = source[i];
      if (ch === "'") {
        const next = source[i + 1];
        if (next === "'") {
          text += "'";
          i += 2;
        } else if (next === "{" || next === "}" || (inPlural && next === "#")) {
          i += 1;
          while (i < source.length) {
            if (source[i] === "'") {
              if (source[i + 1] === "'") {
                text += "'";
                i += 2;
                continue;
              }
              i += 1;
              break;
            }
            text += source[i];
            i += 1;
          }
        } else {
          text += ch;
          i += 1;
        }
      } else if (ch === "{") {
        flush();
        parts.push(argument(inPlural, depth));
      } else if (ch === "}") {
        if (depth === 0) fail("unmatched '}'");
        break;
      } else if (ch === "#" && inPlural) {
        flush();
        parts.push({ type: "#" });
        i += 1;
      } else {
        text += ch;
        i += 1;
      }
    }
    flush();
    return parts;
  }

  function argument(inPlural, depth) {
    i += 1; // {
    const name = word();
    skipSpace();
    if (source[i] === "}") {
      i += 1;
      return { type: "arg", name };
    }
    expect(",");
    const kind = word();
    skipSpace();
    if (source[i] === "}") {
      i += 1;
      return { type: kind, name };
    }
    expect(",");
    if (!BRANCHING.has(kind)) {
      const style = word();
      expect("}");
      return { type: kind, name, style };
    }
    const options = {};
    let offset = 0;
    for (;;) {
      skipSpace();
      if (source[i] === "}") {
        i += 1;
        break;
      }
      if (i >= source.length) fail("unclosed argument");
      const selector = word();
      if (selector.startsWith("offset:")) {
        offset = Number(selector.slice(7));
        continue;
      }
      expect("{");
      options[selector] = message(kind !== "select" || inPlural, depth + 1);
      expect("}");
    }
    if (!("other" in options)) fail(`'${name}' has no 'other' branch`);
    return { type: kind, name, options, offset };
  }

  const parts = message(false, 0);
  if (i < source.length) fail("unexpected '}'");
  return parts;
}

// A value the caller has already written out in words (an amount of money, "$0.05"): it is
// substituted as its text wherever the message says {x} or {x, number}, and counts as its
// number in a plural.
export class Formatted {
  constructor(text, value) {
    this.text = text;
    this.value = value;
  }

  toString() {
    return this.text;
  }

  valueOf() {
    return this.value;
  }
}

const numberFormats = new Map();
const pluralRules = new Map();

function numberFormat(locale, style) {
  const key = `${locale}|${style || ""}`;
  if (!numberFormats.has(key)) {
    numberFormats.set(
      key,
      new Intl.NumberFormat(locale, style === "percent" ? { style: "percent" } : {}),
    );
  }
  return numberFormats.get(key);
}

function pluralRule(locale, type) {
  const key = `${locale}|${type}`;
  if (!pluralRules.has(key)) pluralRules.set(key, new Intl.PluralRules(locale, { type }));
  return pluralRules.get(key);
}

export function formatNumber(locale, value, style) {
  return numberFormat(locale, style).format(value);
}

// ``wrap`` decorates each substituted value (the client isolates them in right-to-left text).
export function format(parts, params, locale, wrap = (text) => text, pluralValue = null) {
  let out = "";
  for (const part of parts) {
    if (typeof part === "string") {
      out += part;
      continue;
    }
    if (part.type === "#") {
      out += pluralValue === null ? "#" : wrap(formatNumber(locale, pluralValue));
      continue;
    }
    const value = params[part.name];
    if (value === undefined || value === null) {
      out += `{${part.name}}`;
      continue;
    }
    if (part.type === "arg") {
      out += wrap(typeof value === "number" ? formatNumber(locale, value) : String(value));
    } else if (part.type === "number") {
      out += wrap(value instanceof Formatted ? value.text : formatNumber(locale, Number(value), part.style));
    } else if (part.type === "select") {
      const branch = part.options[String(value)] || part.options.other;
      out += format(branch, params, locale, wrap, pluralValue);
    } else if (part.type === "plural" || part.type === "selectordinal") {
      const n = Number(value) - part.offset;
      const exact = part.options[`=${Number(value)}`];
      const type = part.type === "plural" ? "cardinal" : "ordinal";
      const branch =
        exact || part.options[pluralRule(locale, type).select(n)] || part.options.other;
      out += format(branch, params, locale, wrap, n);
    } else {
      out += wrap(String(value));
    }
  }
  return out;
}
