// Short sounds at the table — your turn, a bet, a pot you won — made in the page with WebAudio
// (a few sine tones, no sound files). The audio starts on the player's first tap or key, as
// browsers require; until then, and when muted, nothing plays.

const TONES = {
  // [frequency (Hz), start (s), length (s)]
  turn: [
    [660, 0, 0.12],
    [880, 0.13, 0.16],
  ],
  bet: [[300, 0, 0.08]],
  win: [
    [523, 0, 0.1],
    [659, 0.1, 0.1],
    [784, 0.2, 0.24],
  ],
};
const VOLUME = 0.12;
const BETS = new Set(["called", "bet", "raised"]);

let context = null;

function wake() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return;
  if (!context) context = new Context();
  if (context.state === "suspended") context.resume().catch(() => {});
}

export function listenForFirstGesture() {
  window.addEventListener("pointerdown", wake, { capture: true });
  window.addEventListener("keydown", wake, { capture: true });
}

export function play(name, enabled) {
  if (!enabled || !context || !TONES[name]) return;
  const now = context.currentTime;
  for (const [frequency, at, length] of TONES[name]) {
    const tone = context.createOscillator();
    const gain = context.createGain();
    tone.type = "sine";
    tone.frequency.value = frequency;
    const start = now + at;
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(VOLUME, start + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + length);
    tone.connect(gain).connect(context.destination);
    tone.start(start);
    tone.stop(start + length + 0.02);
  }
}

// The sound an event on the feed makes, or null: any bet or call, a pot the viewer won.
export function soundOf(kind, payload, viewer) {
  if (BETS.has(kind)) return "bet";
  if (kind === "pot_awarded" && (payload.winners || []).includes(viewer)) return "win";
  return null;
}
