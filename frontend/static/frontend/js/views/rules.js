// The Full rules view: every rules.<anchor>.title/body message of the catalog, in the order of
// the rules document (the catalog's rules.toc and rules.<anchor>.sections), with a table of
// contents and an anchor per section. Bodies are a Markdown subset: paragraphs, "- " lists, **bold**.

import { h } from "../../vendor/preact-11.2.0/preact.js";
import { has, keysUnder, t } from "../i18n.js";

// "**bold**" runs inside a line of text.
export function inline(text) {
  const parts = text.split(/(\*\*[^*]+\*\*)/g).filter((part) => part !== "");
  return parts.map((part) =>
    part.startsWith("**") && part.endsWith("**") && part.length > 4
      ? h("strong", null, part.slice(2, -2))
      : part,
  );
}

export function markdown(source) {
  const blocks = [];
  let list = null;
  let paragraph = [];
  const flushParagraph = () => {
    if (paragraph.length) blocks.push(h("p", null, inline(paragraph.join(" "))));
    paragraph = [];
  };
  const flushList = () => {
    if (list) blocks.push(h("ul", null, list.map((item) => h("li", null, inline(item)))));
    list = null;
  };
  for (const raw of source.split("\n")) {
    const line = raw.trim();
    if (!line) {
      flushParagraph();
      flushList();
    } else if (/^[-*] /.test(line)) {
      flushParagraph();
      list = list || [];
      list.push(line.slice(2));
    } else if (list && /^\s+/.test(raw)) {
      list[list.length - 1] += ` ${line}`;
    } else {
      flushList();
      paragraph.push(line);
    }
  }
  flushParagraph();
  flushList();
  return blocks;
}

const split = (text) => text.split(/[\s,]+/).filter(Boolean);

// Sections as [{anchor, level}] in the rules document's order: the catalog lists the top-level
// anchors in rules.toc and each section's subsections in rules.<anchor>.sections (structure,
// not words). Any other rules.<anchor>.title the catalog has follows, in its order.
export function sections() {
  const titled = keysUnder("rules.")
    .filter((key) => key.endsWith(".title"))
    .map((key) => key.slice("rules.".length, -".title".length));
  const known = new Set(titled);
  const listed = [];
  const seen = new Set();
  const walk = (anchors, level) => {
    for (const anchor of anchors) {
      if (seen.has(anchor) || !known.has(anchor)) continue;
      seen.add(anchor);
      listed.push({ anchor, level });
      const children = `rules.${anchor}.sections`;
      if (has(children)) walk(split(t(children)), level + 1);
    }
  };
  if (has("rules.toc")) walk(split(t("rules.toc")), 0);
  for (const anchor of titled) if (!seen.has(anchor)) listed.push({ anchor, level: 0 });
  return listed;
}

export const sectionId = (anchor) => `rules-${anchor}`;

export function rulesView(ctrl) {
  const list = sections();
  const top = Math.min(...list.map((section) => section.level));
  return h(
    "div",
    { class: "rules" },
    h(
      "nav",
      { class: "toc", "aria-labelledby": "toc-title" },
      h("h2", { id: "toc-title" }, t("ui.rules.contents")),
      h(
        "ol",
        null,
        list.map((section) =>
          h(
            "li",
            { class: `toc-level-${section.level - top}` },
            h("a", { href: `#/rules/${section.anchor}` }, t(`rules.${section.anchor}.title`)),
          ),
        ),
      ),
    ),
    h(
      "article",
      { class: "rules-text" },
      list.map((section) => {
        const depth = Math.min(4, 2 + section.level - top);
        const bodyKey = `rules.${section.anchor}.body`;
        return h(
          "section",
          { id: sectionId(section.anchor), class: `rules-section rules-level-${section.level - top}`, tabindex: "-1" },
          h(`h${depth}`, null, t(`rules.${section.anchor}.title`)),
          has(bodyKey) ? markdown(t(bodyKey)) : null,
        );
      }),
    ),
  );
}
