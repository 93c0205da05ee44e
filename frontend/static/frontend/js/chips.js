// Chips that move: when a betting round ends the bets in front of the seats slide into the pot,
// and when a pot is paid its chips slide to the winners.
//
// The flying chips live in a layer of their own (fixed over the page, outside the tree preact
// draws), so the table's layout never changes for them, and they move with the Web Animations
// API on transform and opacity only (the compositor's work: no reflow). Nothing is written as a
// style attribute, which the page's Content-Security-Policy forbids. The controller calls none
// of this under prefers-reduced-motion.

const LAYER_ID = "chip-flights";
const CHIPS_PER_FLIGHT = 3;
// A flight's share of the pause that follows its event, so it lands before the next move.
const SHARE_OF_PAUSE = 0.75;
const LONGEST_MS = 650;
const SHORTEST_MS = 120;

function centre(rect) {
  return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
}

function rectOf(element) {
  if (!element) return null;
  const rect = element.getBoundingClientRect();
  return rect.width || rect.height ? rect : null;
}

function layer() {
  let found = document.getElementById(LAYER_ID);
  if (!found) {
    found = document.createElement("div");
    found.id = LAYER_ID;
    found.className = "chip-flights";
    found.setAttribute("aria-hidden", "true");
    document.body.append(found);
  }
  return found;
}

// Where the chips are on the table as drawn now (each seat's bet, the pots), relative to the
// felt: the page may scroll or grow between this look and the flight (the betting bar goes away,
// the page gets shorter), and the felt moves with it.
export function chipPositions() {
  const felt = document.querySelector(".stage .felt");
  if (!felt) return null;
  const origin = felt.getBoundingClientRect();
  const onFelt = (rect) => {
    const point = centre(rect);
    return { x: point.x - origin.left, y: point.y - origin.top };
  };
  const bets = [];
  for (const bet of felt.querySelectorAll(".seat[data-seat] .seat-bet")) {
    const rect = rectOf(bet.querySelector(".chip-icon") || bet);
    if (rect) bets.push({ seat: Number(bet.closest(".seat").dataset.seat), from: onFelt(rect) });
  }
  const pots = [...felt.querySelectorAll(".pot")].map(rectOf).filter(Boolean).map(onFelt);
  return { bets, pots };
}

// Felt-relative points back to the viewport, from where the felt is now.
function toViewport(point, origin) {
  return { x: point.x + origin.left, y: point.y + origin.top };
}

function seatTarget(seat) {
  const element = document.querySelector(
    `.stage .felt .seat[data-seat="${seat}"] .seat-stack, .stage .felt .seat[data-seat="${seat}"]`,
  );
  const rect = rectOf(element);
  return rect ? centre(rect) : null;
}

// A small stack of chips flying from one point to another; removed when it lands.
function fly(from, to, { kind, seat, duration, delay }) {
  const flight = document.createElement("span");
  flight.className = `chip-flight chip-flight-${kind}`;
  flight.dataset.kind = kind;
  flight.dataset.seat = String(seat);
  for (let i = 0; i < CHIPS_PER_FLIGHT; i += 1) {
    const chip = document.createElement("span");
    chip.className = "chip-icon";
    flight.append(chip);
  }
  layer().append(flight);
  // Physical coordinates on purpose: getBoundingClientRect() is physical in either direction.
  const animation = flight.animate(
    [
      { transform: `translate(${from.x}px, ${from.y}px) scale(1)`, opacity: 1 },
      { transform: `translate(${to.x}px, ${to.y}px) scale(0.85)`, opacity: 0.9, offset: 0.85 },
      { transform: `translate(${to.x}px, ${to.y}px) scale(0.7)`, opacity: 0 },
    ],
    { duration, delay, easing: "cubic-bezier(0.3, 0, 0.2, 1)", fill: "both" },
  );
  const remove = () => flight.remove();
  animation.finished.then(remove, remove);
  return animation;
}

function flightTime(pause) {
  return Math.round(Math.min(LONGEST_MS, Math.max(SHORTEST_MS, pause * SHARE_OF_PAUSE)));
}

// After an event was drawn: move the chips it moved. ``before`` is chipPositions() from just
// before the event; ``pause`` the wait that follows it (the flights fit within it).
export function moveChips(kind, payload, before, pause) {
  const felt = document.querySelector(".stage .felt");
  if (!before || !before.pots.length || !felt) return 0;
  const origin = felt.getBoundingClientRect();
  const time = flightTime(pause);
  const mainPot = toViewport(before.pots[0], origin);
  // The main pot, or the side pot being paid when the table shows it apart.
  const paid = kind === "pot_awarded" && before.pots[payload.pot];
  const pot = paid ? toViewport(paid, origin) : mainPot;
  let flights = 0;
  let betsTime = 0;
  if ((kind === "board_dealt" || kind === "pot_awarded") && before.bets.length) {
    // The round's bets go into the pot (at a pot's payment: the last round's, first).
    betsTime = kind === "pot_awarded" ? Math.round(time * 0.45) : time;
    for (const bet of before.bets) {
      fly(toViewport(bet.from, origin), mainPot, { kind: "bet", seat: bet.seat, duration: betsTime, delay: 0 });
      flights += 1;
    }
  }
  if (kind === "pot_awarded") {
    const winTime = Math.max(SHORTEST_MS, time - betsTime);
    for (const seat of payload.winners || []) {
      const to = seatTarget(seat);
      if (!to) continue;
      fly(pot, to, { kind: "win", seat, duration: winTime, delay: betsTime });
      flights += 1;
    }
  }
  return flights;
}
