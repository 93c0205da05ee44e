// Small SVG charts for the study pages: a line chart (stacks by hand, equity by street), bars
// (rates per level) and intervals (chips won per 100 hands with its 95% interval). Geometry is
// in SVG attributes and colours in the stylesheet's classes, so the page's CSP (no inline
// style) holds. Charts read left to right in every language, as a time axis does; their words
// come from the caller (already translated).

import { h } from "../../vendor/preact-11.2.0/preact.js";

// A phone draws the charts on a narrower canvas, so their words keep a readable size.
const narrow = () => window.matchMedia("(max-width: 720px)").matches;
let W = 820;
let H = 240;
const PAD = { top: 14, right: 16, bottom: 30, left: 52 };

function canvas() {
  W = narrow() ? 380 : 820;
  H = narrow() ? 220 : 240;
}

const scale = (value, from0, from1, to0, to1) =>
  from1 === from0 ? (to0 + to1) / 2 : to0 + ((value - from0) * (to1 - to0)) / (from1 - from0);

// A few round values between lo and hi for the y axis.
export function ticks(lo, hi, count = 4) {
  if (hi <= lo) return [lo];
  const raw = (hi - lo) / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= raw) || raw;
  const out = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi + 1e-9; v += step) out.push(Number(v.toFixed(6)));
  return out;
}

/**
 * A line chart. ``series``: [{key, label, cls, points: [{x, y, href?, title?, marker?}]}], x an
 * index into ``xLabels``. A point with ``href`` is a link (the stack chart opens that hand); a
 * point with ``marker: "out"`` is drawn as a cross (an elimination).
 */
export function lineChart({ series, xLabels, yMin = 0, yMax, label, formatY = String, className = "" }) {
  canvas();
  const top = yMax === undefined ? Math.max(1, ...series.flatMap((s) => s.points.map((p) => p.y))) : yMax;
  const x = (i) => scale(i, 0, Math.max(1, xLabels.length - 1), PAD.left, W - PAD.right);
  const y = (v) => scale(v, yMin, top, H - PAD.bottom, PAD.top);
  const spread = sharedSpread(series);
  const px = (p) => x(p.x) + (spread.get(p) || 0);
  const linked = series.some((s) => s.points.some((p) => p.href));
  const every = Math.max(1, Math.ceil(xLabels.length / (narrow() ? 6 : 12)));
  return h(
    "svg",
    // A chart of links is a group of them (an image may hold nothing interactive).
    { class: `chart line-chart ${className}`, viewBox: `0 0 ${W} ${H}`, role: linked ? "group" : "img", "aria-label": label, dir: "ltr" },
    h("title", null, label),
    ticks(yMin, top).map((v) =>
      h(
        "g",
        { class: "chart-grid", key: `y${v}` },
        h("line", { x1: PAD.left, x2: W - PAD.right, y1: y(v), y2: y(v) }),
        h("text", { x: PAD.left - 6, y: y(v) + 4, "text-anchor": "end" }, formatY(v)),
      ),
    ),
    xLabels.map((text, i) =>
      i % every === 0 || i === xLabels.length - 1
        ? h("text", { class: "chart-x", key: `x${i}`, x: x(i), y: H - 10, "text-anchor": xAnchor(i, xLabels.length) }, text)
        : null,
    ),
    // The links' large touch targets lie under every dot: a dot is always its own player's
    // link, whatever series is drawn after it.
    linked
      ? h(
          "g",
          { class: "chart-targets", "aria-hidden": "true" },
          series.flatMap((s) => s.points.filter((p) => p.href).map((p) => pointTarget(p, px(p), y(p.y), s))),
        )
      : null,
    series.map((s) =>
      h(
        "g",
        { class: `chart-series ${s.cls}`, key: s.key, "data-series": s.key },
        h("polyline", { points: s.points.map((p) => `${px(p)},${y(p.y)}`).join(" ") }),
        s.points.map((p) => pointMark(p, px(p), y(p.y), s.key)),
      ),
    ),
  );
}

// Crosses and links on the same spot (players knocked out by the same hand, players left with
// the same stack) are fanned out sideways, this far apart, so each stays visible and its own link.
const OUT_SPREAD = 14;

/** Per linked point sharing its spot with others: how far to move it along x (a Map). */
function sharedSpread(series) {
  const bySpot = new Map();
  for (const p of series.flatMap((s) => s.points)) {
    if (!p.href && p.marker !== "out") continue;
    const spot = `${p.x}:${p.y}`;
    if (!bySpot.has(spot)) bySpot.set(spot, []);
    bySpot.get(spot).push(p);
  }
  const shift = new Map();
  for (const points of bySpot.values()) {
    points.forEach((p, i) => shift.set(p, (i - (points.length - 1) / 2) * OUT_SPREAD));
  }
  return shift;
}

// The first and last labels of the x axis stay inside the chart.
const xAnchor = (i, count) => (count > 1 && i === 0 ? "start" : count > 1 && i === count - 1 ? "end" : "middle");

function pointMark(point, cx, cy, key) {
  const shape =
    point.marker === "out"
      ? h("path", { class: "chart-out", d: `M${cx - 6},${cy - 6}L${cx + 6},${cy + 6}M${cx - 6},${cy + 6}L${cx + 6},${cy - 6}` })
      : h("circle", { cx, cy, r: 4.5 });
  const title = point.title ? h("title", null, point.title) : null;
  if (!point.href) return h("g", { key: `${key}-${point.x}`, class: "chart-point" }, title, shape);
  return h(
    "a",
    {
      key: `${key}-${point.x}`,
      class: "chart-point chart-link",
      href: point.href,
      "aria-label": point.title,
      "data-x": point.x,
      ...point.data,
    },
    title,
    shape,
  );
}

// A larger, invisible target than the dot, easy to hit with a finger: the same link, out of the
// tab order (the dot's link is the one the keyboard and screen readers meet).
function pointTarget(point, cx, cy, s) {
  return h(
    "a",
    { key: `${s.key}-${point.x}`, class: "chart-target-link", href: point.href, tabindex: "-1", "data-x": point.x, ...point.data },
    h("circle", { class: `chart-target ${s.cls}`, cx, cy, r: 12 }),
  );
}

// Room for the row labels: about 8.5 units a character (15 px on a phone), at most half the canvas.
const labelRoom = (rows, width) =>
  Math.round(Math.min(width / 2, Math.max(80, 12 + 8.5 * Math.max(...rows.map((row) => String(row.label).length)))));

/** Horizontal bars: [{key, label, value, text}] with values in 0..max. */
export function bars({ rows, max = 1, label, className = "" }) {
  // Bars sit in a level's card: a canvas of their own, about the card's width.
  const width = narrow() ? 380 : 520;
  const rowH = 26;
  const height = rows.length * rowH + 6;
  const left = labelRoom(rows, width);
  const right = 120;
  return h(
    "svg",
    { class: `chart bar-chart ${className}`, viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": label, dir: "ltr" },
    h("title", null, label),
    rows.map((row, i) => {
      const fill = Math.max(0, Math.min(1, (row.value || 0) / (max || 1))) * (width - left - right);
      const y = 4 + i * rowH;
      return h(
        "g",
        { class: `bar ${row.cls || ""}`, key: row.key, "data-key": row.key },
        h("text", { class: "bar-label", x: left - 8, y: y + 15, "text-anchor": "end" }, row.label),
        h("rect", { class: "bar-track", x: left, y: y + 3, width: width - left - right, height: rowH - 10, rx: 3 }),
        h("rect", { class: "bar-fill", x: left, y: y + 3, width: fill, height: rowH - 10, rx: 3 }),
        h("text", { class: "bar-value", x: width - right + 8, y: y + 15 }, row.text),
      );
    }),
  );
}

/** Intervals around zero: [{key, label, value, lo, hi, text}] (chips per 100 hands). */
export function intervals({ rows, label }) {
  const width = narrow() ? 380 : 600;
  const rowH = 30;
  const height = rows.length * rowH + 10;
  const left = labelRoom(rows, width);
  const right = 90;
  const extent = Math.max(1, ...rows.flatMap((r) => [Math.abs(r.lo), Math.abs(r.hi), Math.abs(r.value)]));
  const x = (v) => scale(v, -extent, extent, left, width - right);
  return h(
    "svg",
    { class: "chart interval-chart", viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": label, dir: "ltr" },
    h("title", null, label),
    h("line", { class: "interval-zero", x1: x(0), x2: x(0), y1: 0, y2: height }),
    rows.map((row, i) => {
      const y = 8 + i * rowH + 10;
      return h(
        "g",
        { class: `interval ${row.value >= 0 ? "interval-up" : "interval-down"}`, key: row.key, "data-key": row.key },
        h("text", { class: "bar-label", x: left - 8, y: y + 4, "text-anchor": "end" }, row.label),
        h("line", { class: "interval-range", x1: x(row.lo), x2: x(row.hi), y1: y, y2: y }),
        h("circle", { cx: x(row.value), cy: y, r: 5 }),
        h("text", { class: "bar-value", x: width - right + 8, y: y + 4 }, row.text),
      );
    }),
  );
}
