// The Full rules view: every rules.<anchor>.title/body message of the catalog, in the order of
// the rules document (the page's boot data lists its sections), with a table of contents and
// an anchor per section. Bodies are a Markdown subset: paragraphs, "- " lists, **bold**.

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

// Sections as [{anchor, level}]: the document's order first, then any other section the
// catalog has, in its order.
export function sections(order) {
  const anchors = [];
  for (const key of keysUnder("rules.")) {
    if (!key.endsWith(".title")) continue;
    anchors.push(key.slice("rules.".length, -".title".length));
  }
  const known = new Set(anchors);
  const listed = (order || []).filter((section) => known.has(section.anchor));
  const listedAnchors = new Set(listed.map((section) => section.anchor));
  return [
    ...listed,
    ...anchors.filter((anchor) => !listedAnchors.has(anchor)).map((anchor) => ({ anchor, level: 2 })),
  ];
}

export const sectionId = (anchor) => `rules-${anchor}`;

export function rulesView(ctrl) {
  const list = sections(ctrl.rulesOrder);
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
