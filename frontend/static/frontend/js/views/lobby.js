// The lobby: start a match of either game at a level, resume an unfinished one, sign up or log
// in to keep the matches.

import { h } from "../../vendor/preact-11.2.0/preact.js";
import { has, language, t } from "../i18n.js";
import { BLINDS } from "./blinds.js";
import { gameName, headerLine } from "./common.js";

export const GAMES = ["holdem", "updown"];
export const LEVELS = ["easy", "medium", "hard"];

// A fieldset of radio buttons, each a name in bold over a one-line description.
function radioChoice({ legend, className, name, options, chosen, onChoose }) {
  return h(
    "fieldset",
    { class: className },
    h("legend", null, legend),
    options.map(({ value, id, label, description }) =>
      h(
        "div",
        { class: "level" },
        h("input", { type: "radio", id, name, value, checked: chosen === value, onChange: () => onChoose(value) }),
        h("label", { for: id }, h("strong", null, label), h("span", { class: "level-description" }, description)),
      ),
    ),
  );
}

function levelChoice(ctrl, game) {
  return radioChoice({
    legend: t("ui.lobby.level"),
    className: "levels",
    name: `level-${game}`,
    chosen: ctrl.lobby.levels[game],
    onChoose: (level) => ctrl.chooseLevel(game, level),
    options: LEVELS.map((level) => ({
      value: level,
      id: `level-${game}-${level}`,
      label: t(`level.${level}.name`),
      description: has(`level.${game}.${level}.description`)
        ? t(`level.${game}.${level}.description`)
        : t(`level.${level}.description`),
    })),
  });
}

// Hold'em's choice of blinds: fixed (the default) or a sit & go whose blinds rise
// (docs/rules.md#holdem-rising-blinds).
function blindsChoice(ctrl, game) {
  return radioChoice({
    legend: t("blinds.lobby.legend"),
    className: "levels blinds-choice",
    name: `blinds-${game}`,
    chosen: ctrl.lobby.blinds[game],
    onChoose: (blinds) => ctrl.chooseBlinds(game, blinds),
    options: BLINDS.map((blinds) => ({
      value: blinds,
      id: `blinds-${blinds}`,
      label: t(`blinds.lobby.${blinds}.name`),
      description: t(`blinds.lobby.${blinds}.description`),
    })),
  });
}

function gameCard(ctrl, game) {
  return h(
    "article",
    { class: `game-card game-${game}`, "data-game": game },
    h("h2", null, gameName(game)),
    h("p", { class: "header-line" }, headerLine(game)),
    h("p", { class: "game-summary" }, t(`ui.game.${game}.summary`)),
    levelChoice(ctrl, game),
    game in ctrl.lobby.blinds ? blindsChoice(ctrl, game) : null,
    h(
      "button",
      {
        type: "button",
        class: "primary start",
        "data-start": game,
        disabled: ctrl.busy,
        onClick: () => ctrl.start(game),
      },
      t("ui.lobby.start", { game: gameName(game) }),
    ),
  );
}

function formatDate(iso) {
  try {
    return new Intl.DateTimeFormat(language().code, {
      dateStyle: "medium",
      timeStyle: "short",
    }).format(new Date(iso));
  } catch {
    return iso;
  }
}

// One of the lobby's lists of the player's matches: a line each (game, level, date) and a link.
function matchList({ matches, className, title, link, href }) {
  if (!matches.length) return null;
  const titleId = `${className}-title`;
  return h(
    "section",
    { class: className, "aria-labelledby": titleId },
    h("h2", { id: titleId }, title),
    h(
      "ul",
      null,
      matches.slice(0, 8).map((match) =>
        h(
          "li",
          { "data-match": match.id },
          h(
            "span",
            { class: "resume-what" },
            t("ui.lobby.resume_line", {
              game: gameName(match.game),
              level: t(`level.${match.level}.name`),
              date: formatDate(match.updated_at),
            }),
          ),
          h("a", { class: "button", href: href(match) }, link),
        ),
      ),
    ),
  );
}

function resumeList(ctrl) {
  return matchList({
    matches: (ctrl.lobby.matches || []).filter((match) => match.status === "active"),
    className: "resume",
    title: t("ui.lobby.resume_title"),
    link: t("ui.lobby.resume"),
    href: (match) => `#/match/${match.id}`,
  });
}

// Finished matches stay studyable: each links to its hand history (replays, exports, the chart).
function finishedList(ctrl) {
  return matchList({
    matches: (ctrl.lobby.matches || []).filter((match) => match.status === "finished"),
    className: "finished",
    title: t("ui.lobby.finished_title"),
    link: t("replay.nav.hands"),
    href: (match) => `#/match/${match.id}/hands`,
  });
}

function account(ctrl) {
  const session = ctrl.session;
  if (session && session.user) {
    return h(
      "section",
      { class: "account", "aria-labelledby": "account-title" },
      h("h2", { id: "account-title" }, t("ui.account.title")),
      h("p", null, t("ui.account.signed_in", { name: session.user })),
      h(
        "button",
        { type: "button", onClick: () => ctrl.logOut() },
        t("ui.account.log_out"),
      ),
    );
  }
  return h(
    "section",
    { class: "account", "aria-labelledby": "account-title" },
    h("h2", { id: "account-title" }, t("ui.account.title")),
    h("p", null, t("ui.account.guest")),
    h(
      "form",
      {
        class: "account-form",
        onSubmit: (event) => {
          event.preventDefault();
          ctrl.logIn();
        },
      },
      h(
        "label",
        null,
        h("span", null, t("ui.account.username")),
        h("input", {
          type: "text",
          name: "username",
          autocomplete: "username",
          value: ctrl.lobby.username,
          onInput: (event) => ctrl.setCredential("username", event.currentTarget.value),
        }),
      ),
      h(
        "label",
        null,
        h("span", null, t("ui.account.password")),
        h("input", {
          type: "password",
          name: "password",
          autocomplete: "current-password",
          value: ctrl.lobby.password,
          onInput: (event) => ctrl.setCredential("password", event.currentTarget.value),
        }),
      ),
      h(
        "div",
        { class: "account-buttons" },
        h("button", { type: "submit" }, t("ui.account.log_in")),
        h("button", { type: "button", onClick: () => ctrl.signUp() }, t("ui.account.sign_up")),
      ),
    ),
  );
}

export function lobbyView(ctrl) {
  // Not drawn until the player's matches are known: their lists, arriving later, would push
  // everything below them down from under a pointer already on its way there.
  if (ctrl.lobby.matches === null) return h("p", { class: "loading", "aria-busy": "true" }, t("ui.table.loading"));
  return h(
    "div",
    { class: "lobby" },
    h("div", { class: "game-cards" }, GAMES.map((game) => gameCard(ctrl, game))),
    resumeList(ctrl),
    finishedList(ctrl),
    h("p", { class: "lobby-stats" }, h("a", { class: "button", href: "#/stats" }, t("replay.nav.stats"))),
    account(ctrl),
  );
}
