// The listen page (docs/FORMAT.md §15.2): a player joins with one button (browsers start audio only after a
// gesture), then hears what the game master's soundboard plays, in sync: the server's clock from
// round trips (listen-clock.js), the owner's events from /listen/events (listen-follower.js), the
// same audio engine as the soundboard. A player has a volume and a mute of their own, nothing else.
import { AudioEngine } from "./audio-engine.js";
import { AudioClockMap, ServerClock } from "./listen-clock.js";
import { Follower } from "./listen-follower.js";

const $ = (id) => document.getElementById(id);
const testing = new URLSearchParams(location.search).has("test");
const status = (text) => ($("listen-status").textContent = text);
const audioURL = (item, take) =>
  take > 0 ? `listen/audio/${encodeURIComponent(item)}/${take}` : `listen/audio/${encodeURIComponent(item)}`;
const stored = (key, fallback) => {
  try {
    const value = JSON.parse(localStorage.getItem(key));
    return value === null ? fallback : value;
  } catch (error) {
    return fallback;
  }
};

export const state = { engine: null, clock: null, map: null, follower: null, clocks: null, source: null, reconnect };

// A new stream (the test mode's "connection lost"): its snapshot brings the page up to date.
function reconnect() {
  if (state.source) state.source.close();
  connect();
}

async function join() {
  $("listen-join").disabled = true;
  status("Joining…");
  const engine = new AudioEngine();
  await engine.resume();
  // The test mode's recorder goes in first: adding it moves the output timestamps (listen-test-hooks.js).
  const hooks = testing ? await import("./listen-test-hooks.js") : null;
  const capture = hooks ? await hooks.prepare(engine) : null;
  // The round trips, the audio clock's line (a few hundred ms of output timestamps) and the stream
  // start together; the stream's snapshot is played once the clocks are known.
  const map = new AudioClockMap(engine.context).start();
  const clock = new ServerClock("listen/clock", { firstWave: 4 });
  const clocks = clock.start().then(async () => {
    for (let waited = 0; !map.line && waited < 1000; waited += 50) await new Promise((done) => setTimeout(done, 50));
  });
  const follower = new Follower(engine, clock, map, audioURL);
  clock.report = () => follower.delayQuery(); // how late events reach this page, for the owner's lead
  Object.assign(state, { engine, clock, map, follower, clocks });
  connect();
  try {
    await clocks;
  } catch (error) {
    state.source.close();
    status("The soundboard is not answering: the link may have been revoked, or the server stopped.");
    $("listen-join").disabled = false;
    return;
  }
  follower.watchDrift();
  applyVolume();
  follower.onChange = () => $("listen-playing").replaceChildren(...playing(follower.layers));
  follower.onChange();
  $("listen-join").hidden = true;
  $("listen-controls").hidden = false;
  if (hooks) hooks.install(state, capture);
}

// What plays, by title (the start events carry the sound's title): "Playing:" and one line each;
// layers of the same sound are counted ("Rain ×2"), layers without a title as "N more".
function playing(layers) {
  if (layers.size === 0) return ["Nothing playing right now."];
  const sounds = layers.size === 1 ? "1 sound" : `${layers.size} sounds`;
  const counts = new Map();
  for (const { event } of layers.values()) {
    if (event.title) counts.set(event.title, (counts.get(event.title) || 0) + 1);
  }
  if (counts.size === 0) return [`${sounds} playing.`]; // a server that does not pass the titles on
  const list = document.createElement("ul");
  list.className = "listen-titles";
  for (const [title, count] of counts) {
    const line = document.createElement("li");
    line.textContent = count > 1 ? `${title} ×${count}` : title;
    list.append(line);
  }
  const untitled = layers.size - [...counts.values()].reduce((sum, count) => sum + count, 0);
  if (untitled > 0) list.append(Object.assign(document.createElement("li"), { textContent: `${untitled} more` }));
  return [`Playing ${sounds}:`, list];
}

// The stream: a snapshot first (on every connection: a reconnecting page catches up), then events,
// handled in order. A clock whose round trips are slow one way is off by up to half of them until
// the server's pushed times bound it (a few come soon after the stream opens): the running loops
// are placed once it is known within 5 ms (or after 0.6 s: on a far link the bounds stay a round
// trip apart whatever the wait, and the last early pushed time comes 0.5 s after the stream opens).
function connect() {
  const source = new EventSource("listen/events");
  state.source = source;
  let ready = Promise.resolve();
  const then = (step) => (ready = ready.then(step).catch(() => {}));
  source.addEventListener("snapshot", (message) => {
    const snapshot = JSON.parse(message.data);
    state.follower.prefetch(snapshot); // its files load while the clocks settle
    then(async () => {
      await state.clocks;
      await state.clock.settled(5, 600);
      status("Listening along.");
      state.follower.snapshot(snapshot);
    });
  });
  source.addEventListener("listen", (message) => {
    const event = JSON.parse(message.data);
    state.follower.arrived(event);
    then(() => {
      state.follower.handle(event);
      reportDelay();
    });
  });
  source.addEventListener("clock", (message) => state.clock.observe(JSON.parse(message.data).now));
  source.onerror = () => {
    if (source.readyState === EventSource.CLOSED) {
      status("This listen link no longer works (revoked, or the server stopped). Ask the game master for a new one.");
    } else status("Reconnecting…");
  };
}

// How late events reach this page goes to the server with the clock's round trips (every 10 s);
// a new figure also at once (at most every 2 s), so the owner's lead grows before the next sound.
let reported = { query: "", at: 0 };
function reportDelay() {
  const query = state.follower.delayQuery();
  if (!query || query === reported.query || performance.now() - reported.at < 2000) return;
  reported = { query, at: performance.now() };
  fetch("listen/clock" + query, { cache: "no-store" }).catch(() => {});
}

function applyVolume() {
  const volume = stored("soundshelf.listen.volume", 1);
  const muted = stored("soundshelf.listen.muted", false);
  $("listen-volume").value = volume;
  $("listen-mute").setAttribute("aria-pressed", String(muted));
  $("listen-mute").textContent = muted ? "Unmute" : "Mute";
  if (state.engine) state.engine.setMasterVolume(muted ? 0 : volume);
}

// A page kept by the browser after the player leaves it (the back/forward cache) lets its stream
// go, as the soundboard does; coming back reconnects, and the snapshot brings it up to date.
window.addEventListener("pagehide", () => state.source && state.source.close());
window.addEventListener("pageshow", (event) => {
  if (event.persisted && state.follower) reconnect();
});

$("listen-join").addEventListener("click", join);
$("listen-volume").addEventListener("input", (event) => {
  localStorage.setItem("soundshelf.listen.volume", JSON.stringify(Number(event.target.value)));
  applyVolume();
});
$("listen-mute").addEventListener("click", () => {
  localStorage.setItem("soundshelf.listen.muted", JSON.stringify(!stored("soundshelf.listen.muted", false)));
  applyVolume();
});
applyVolume();
