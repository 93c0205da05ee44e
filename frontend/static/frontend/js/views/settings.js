// The page's header: the title, the language picker, the picture settings in a disclosure (the
// sliders Contrast, Grain, Color temperature: 0–100 from 50, remembered, with a reset; the
// four-colour deck), and the Table / Full rules tabs.

import { h } from "../../vendor/preact-11.2.0/preact.js";
import { percent, t } from "../i18n.js";

export const SLIDERS = ["contrast", "grain", "temperature"];
// The width from which the header has room for the sliders in a row (the CSS's breakpoint).
export const WIDE_SCREEN = "(min-width: 721px)";
export const DEFAULT_SETTINGS = { contrast: 50, grain: 50, temperature: 50, fourColor: false };
const STORAGE_KEY = "cardavia.settings";

export function loadSettings() {
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) || "{}");
    const settings = { ...DEFAULT_SETTINGS };
    for (const name of SLIDERS) {
      const value = Number(stored[name]);
      if (Number.isFinite(value) && value >= 0 && value <= 100) settings[name] = value;
    }
    settings.fourColor = stored.fourColor === true;
    return settings;
  } catch {
    return { ...DEFAULT_SETTINGS };
  }
}

export function saveSettings(settings) {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(settings));
  } catch {
    // Without storage the settings last for this page.
  }
}

// The sliders as CSS custom properties on the table: contrast as a real contrast() filter
// (0.5× to 1.5×), grain as a noise layer's opacity (none at 0), temperature as a tint from
// blue (0) through none (50) to amber (100).
export function pictureStyle(settings) {
  const warmth = (settings.temperature - 50) / 50;
  return {
    "--picture-contrast": String(0.5 + settings.contrast / 100),
    "--grain-opacity": String((settings.grain / 100) * 0.5),
    "--tint-color": warmth >= 0 ? "255, 150, 40" : "60, 130, 255",
    "--tint-opacity": String(Math.abs(warmth) * 0.28),
  };
}

function slider(ctrl, name) {
  const id = `slider-${name}`;
  const value = ctrl.settings[name];
  return h(
    "div",
    { class: "slider" },
    h("label", { for: id }, t(`ui.settings.${name}`)),
    h("input", {
      type: "range",
      id,
      name,
      min: 0,
      max: 100,
      step: 1,
      value,
      "aria-valuetext": percent(value / 100),
      onInput: (event) => ctrl.setSetting(name, Number(event.currentTarget.value)),
    }),
    h("output", { for: id, class: "slider-value" }, percent(value / 100)),
  );
}

function tabs(ctrl) {
  const onRules = ctrl.route.tab === "rules";
  // An imported hand's replay belongs to the imported hands (it has no table to go back to).
  const imported = Boolean(ctrl.route.matchId) && ctrl.route.matchId === ctrl.importedHand;
  const onImports = ctrl.route.page === "imports" || (imported && ctrl.route.tab === "study");
  const onTable = !onRules && !onImports;
  const match = imported ? ctrl.lastMatchId : ctrl.route.matchId || ctrl.lastMatchId;
  const tableHref = match ? `#/match/${match}` : "#/";
  const tab = (name, href, current, label) =>
    h("a", { href, class: `tab ${current ? "current" : ""}`, "aria-current": current ? "page" : null, "data-tab": name }, label);
  return h(
    "nav",
    { class: "tabs", "aria-label": t("ui.tabs.label") },
    tab("table", tableHref, onTable, t("ui.tabs.table")),
    tab("imports", "#/imports", onImports, t("imports.nav")),
    tab("rules", "#/rules", onRules, t("ui.tabs.rules")),
  );
}

export function headerView(ctrl) {
  return h(
    "header",
    { class: "page-header" },
    h(
      "div",
      { class: "brand-row" },
      h("h1", { class: "brand" }, h("a", { href: "#/", class: "brand-link" }, t("game.brand"))),
      h(
        "div",
        { class: "language" },
        h("label", { for: "language-picker" }, t("ui.settings.language")),
        h(
          "select",
          {
            id: "language-picker",
            value: ctrl.languageCode,
            onChange: (event) => ctrl.setLanguage(event.currentTarget.value),
          },
          ctrl.languages.map((lang) =>
            h("option", { value: lang.code, lang: lang.code, dir: lang.direction }, lang.name),
          ),
        ),
      ),
    ),
    // The picture settings fold away (a native disclosure: keyboard and screen readers know
    // it); open by default on a wide screen, closed on a phone so the table shows more.
    h(
      "details",
      {
        class: "picture-settings",
        open: ctrl.pictureOpen,
        onToggle: (event) => ctrl.setPictureOpen(event.currentTarget.open),
        onKeyDown: (event) => {
          if (event.key !== "Escape" || !event.currentTarget.open) return;
          event.preventDefault();
          ctrl.setPictureOpen(false);
          event.currentTarget.querySelector("summary").focus();
        },
      },
      h("summary", { class: "picture-summary" }, t("ui.settings.picture")),
      h(
        "div",
        { class: "sliders", role: "group", "aria-label": t("ui.settings.picture") },
        SLIDERS.map((name) => slider(ctrl, name)),
        h(
          "div",
          { class: "four-colour" },
          h("input", {
            type: "checkbox",
            id: "four-colour",
            checked: ctrl.settings.fourColor,
            onChange: (event) => ctrl.setSetting("fourColor", event.currentTarget.checked),
          }),
          h("label", { for: "four-colour" }, t("ui.settings.four_colour")),
        ),
        h(
          "button",
          { type: "button", class: "reset", onClick: () => ctrl.resetSettings() },
          t("ui.settings.reset"),
        ),
        // The sliders change the card table's picture (the page around it stays as it is).
        h("p", { class: "picture-note" }, t("controls.picture.table_only")),
      ),
    ),
    tabs(ctrl),
  );
}
