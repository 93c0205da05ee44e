// Shared hands' views: the owner's "Share" panel under the replayer, the list of their links
// (#/shares), and what a shared hand shows above its replayer instead of the owner's tools.

import { h } from "../../vendor/preact-11.2.0/preact.js";
import { t } from "../i18n.js";
import { copyLink, linkFor, linkOf, revoke, setShowName, share, sharing } from "../share.js";
import { gameName } from "./common.js";
import { importedTitle } from "./imports.js";

const handTitle = (game, number) =>
  game === "holdem" ? t("ui.table.hand_number", { number }) : t("updown.deal", { number });

function linkField(token) {
  return h("input", {
    type: "text",
    class: "share-link",
    readOnly: true,
    dir: "ltr",
    value: linkOf(token),
    "aria-label": t("share.link.label"),
    onFocus: (event) => event.currentTarget.select(),
  });
}

function linkButtons(token) {
  return [
    h("button", { key: "copy", type: "button", class: "share-copy", "data-action": "share-copy", onClick: () => copyLink(token) }, sharing.copied === token ? t("share.link.copied") : t("share.link.copy")),
    h("button", { key: "revoke", type: "button", class: "share-revoke", "data-action": "share-revoke", disabled: sharing.busy, onClick: () => revoke(token) }, t("share.revoke")),
  ];
}

/** The owner's panel: share this hand (optionally signed with their name), or its live link. */
export function sharePanel(study, session) {
  const link = sharing.links ? linkFor(study.matchId, study.hand.number) : null;
  const canSign = Boolean(session && session.user);
  return h(
    "section",
    { class: "study-card share-panel", "aria-labelledby": "share-title" },
    h("h3", { id: "share-title" }, t("share.title")),
    link
      ? [
          h("p", { key: "hint", class: "study-hint" }, link.show_owner_name ? t("share.live_named") : t("share.live")),
          h("div", { key: "link", class: "share-row" }, linkField(link.token), linkButtons(link.token)),
        ]
      : [
          h("p", { key: "hint", class: "study-hint" }, t("share.hint")),
          canSign
            ? h(
                "label",
                { key: "name", class: "share-name" },
                h("input", { type: "checkbox", checked: sharing.showName, onChange: (event) => setShowName(event.currentTarget.checked) }),
                " ",
                t("share.show_name", { name: session.user }),
              )
            : null,
          h(
            "button",
            { key: "share", type: "button", class: "primary share-button", "data-action": "share", disabled: sharing.busy || !sharing.links, onClick: () => share(study.matchId, study.hand.number) },
            t("share.button"),
          ),
        ],
    h("p", { class: "share-all" }, h("a", { href: "#/shares" }, t("share.list.link"))),
  );
}

/** Above a shared hand's replayer: whose hand it is (if they said), and that it is read-only. */
export function sharedHead(study) {
  const game = study.body.game;
  const owner = study.shared.owner;
  return h(
    "div",
    { class: "study-head shared-head" },
    h("h2", null, study.source ? importedTitle(study.source) : t("replay.title", { hand: handTitle(game, study.hand.number), game: gameName(game) })),
    h("p", { class: "study-hint shared-by" }, owner ? t("share.shared_by", { owner }) : t("share.shared_anonymous")),
    h("nav", { class: "study-nav" }, h("a", { class: "button", href: "#/" }, t("share.play_here"))),
  );
}

/** #/shares: the owner's live links, each with its hand, copy and revoke. */
export function sharesView() {
  const links = sharing.links;
  return h(
    "div",
    { class: "study study-shares" },
    h("div", { class: "study-head" }, h("h2", null, t("share.list.title"))),
    links === null
      ? h("p", { class: "loading", "aria-busy": "true" }, t("replay.loading"))
      : links.length === 0
        ? h("p", { class: "study-hint" }, t("share.list.empty"))
        : h(
            "ul",
            { class: "share-list" },
            links.map((link) =>
              h(
                "li",
                { key: link.token, class: "study-card share-item", "data-token": link.token },
                h(
                  "a",
                  { href: `#/match/${link.match_id}/hand/${link.hand_number}`, class: "share-hand" },
                  t("replay.title", { hand: handTitle(link.game, link.hand_number), game: gameName(link.game) }),
                ),
                link.show_owner_name ? h("span", { class: "share-signed" }, t("share.list.signed")) : null,
                h("div", { class: "share-row" }, linkField(link.token), linkButtons(link.token)),
              ),
            ),
          ),
  );
}
