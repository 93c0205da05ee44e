// The table's layout around your turn: the picture settings fold away when the table opens (and
// open again where there is room when you leave it), and the page scrolls to your cards and
// controls when your turn comes. The CSS keeps them on screen otherwise (.page-table .my-area
// is sticky at the viewport's bottom).

import { WIDE_SCREEN } from "./views/settings.js";

// Whether the route shows a match's table (not the lobby, the rules or the study pages).
export function onTable(route) {
  return route.tab === "table" && Boolean(route.matchId);
}

// The picture settings' disclosure for a new route: folded on the table, where the table needs
// the room; elsewhere open where the header has room for the sliders. Unchanged while the
// route stays on (or off) the table, so a choice made there is kept.
export function pictureOpenFor(route, previousRoute, open) {
  const table = onTable(route);
  if (previousRoute && onTable(previousRoute) === table) return open;
  return table ? false : window.matchMedia(WIDE_SCREEN).matches;
}

let turnShown = false;

// After a draw: whether the player's turn has just come; if so, scroll the page (at once) so that
// their area, where it lies in the page under the felt, ends at the viewport's bottom: the header
// scrolls away, the felt above stays in view. Sticky, the area shows anyway; this puts the
// board beside it and brings it back when the page was scrolled past the table.
export function keepTurnInView(myTurn) {
  const came = myTurn && !turnShown;
  if (came) {
    const area = document.querySelector(".page-table .my-area");
    const felt = area && area.previousElementSibling;
    if (felt) {
      const top = felt.getBoundingClientRect().bottom + parseFloat(getComputedStyle(area).marginTop);
      const bottom = top + area.offsetHeight;
      // Never so far that the board (the felt's centre) leaves the top: on a short window the
      // sticky area lies over your seat instead, and the board stays in sight.
      const centre = felt.querySelector(".felt-center");
      const boardTop = centre ? centre.getBoundingClientRect().top - 4 : Infinity;
      if (bottom > window.innerHeight) window.scrollBy(0, Math.max(0, Math.min(bottom - window.innerHeight, boardTop)));
      else if (top < 0) window.scrollBy(0, top);
    }
  }
  turnShown = myTurn;
  return came;
}
