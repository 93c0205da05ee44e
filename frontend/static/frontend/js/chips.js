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

// Where the chips are on the table as drawn now: each seat's bet and the pot.
export function chipPositions() {
  const felt = document.querySelector(".stage .felt");
  if (!felt) return null;
  const bets = [];
  for (const bet of felt.querySelectorAll(".seat[data-seat] .seat-bet")) {
    const rect = rectOf(bet.querySelector(".chip-icon") || bet);
    if (rect) bets.push({ seat: Number(bet.closest(".seat").dataset.seat), from: centre(rect) });
  }
  const pots = [...felt.querySelectorAll(".pot")].map(rectOf).filter(Boolean).map(centre);
  return { bets, pots };
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
  if (!before || !before.pots.length) return 0;
  const time = flightTime(pause);
  // The main pot, or the side pot being paid when the table shows it apart.
  const pot = (kind === "pot_awarded" && before.pots[payload.pot]) || before.pots[0];
  let flights = 0;
  let betsTime = 0;
  if ((kind === "board_dealt" || kind === "pot_awarded") && before.bets.length) {
    // The round's bets go into the pot (at a pot's payment: the last round's, first).
    betsTime = kind === "pot_awarded" ? Math.round(time * 0.45) : time;
    for (const bet of before.bets) {
      fly(bet.from, before.pots[0], { kind: "bet", seat: bet.seat, duration: betsTime, delay: 0 });
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
