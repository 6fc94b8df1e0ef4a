// The soundboard's side of listening along (docs/FORMAT.md §15.2): the server's clock (round trips to
// /api/clock), a small lead on every start and stop so players' pages, which get the event over
// the network, play it at the same moment, and the events posted to /api/listen/events for the
// server to relay. No DOM code.
import { api } from "./api.js";
import { centsToRate } from "./audio-engine.js";
import { AudioClockMap, ServerClock } from "./listen-clock.js";
import { correctLoops, loopPhaseError } from "./listen-drift.js";
import { margin } from "./listen-follower.js";

/// Seconds between a trigger and its sound, on every page (the owner's too): time for the event
/// to reach the players. 0.12, or what the server says the slowest player needs (`lead` of
/// GET /api/listeners: its reported delay + 80 ms, at most 1.5 s), asked every 10 s and with every post.
let leadSeconds = 0.12;
export const lead = () => leadSeconds;

// Who listens and the lead they need (GET /api/listeners), from the page's start and every 10 s.
function askListeners() {
  api
    .listeners()
    .then((answer) => {
      players = answer.players || 0;
      learnLead(answer.lead);
    })
    .catch(() => {});
}

// The lead (ms) the server asks for, in /api/listeners' answer and each post's.
function learnLead(lead) {
  if (typeof lead === "number" && lead > 0) leadSeconds = Math.min(lead, 1500) / 1000;
}

let clock = null;
let map = null;
let players = 0; // the players' streams the last event went to
// Events made before the server's clock was known ({event, at: their context time or null, made:
// machine ms}), sent in order with their server time once it is: a loop started by the page's
// first click lands on its phase.
const waiting = [];
const waitingLimit = 256;
let outbox = Promise.resolve(); // events are posted one after another, in the order they were made

/// Starts the server's clock (once): the page calls it as it loads, so the clock is usually known
/// before the first click. A clock route that does not answer is asked again every 2 s.
export function startClock() {
  if (clock) return;
  askListeners();
  setInterval(askListeners, 10000);
  clock = new ServerClock("/api/clock");
  const begin = () => clock.start().then(flush, () => setTimeout(begin, 2000));
  begin();
}

/// Starts the clocks for `engine` (once): the server's, if the page has not yet, and the map of
/// the engine's audio clock onto the machine's.
export function startSharing(engine) {
  startClock();
  if (map) return;
  map = new AudioClockMap(engine.context).start();
  flush();
}

/// Whether the server's clock and the audio clock's map are known (until then the page plays at
/// once and keeps its events to send once they are).
export const synced = () => Boolean(map && clockKnown());

const clockKnown = () => Boolean(clock && clock.offset !== null);

/// When something starts or stops: {at (context time), server (ms, null while not synced)}. With
/// `at` given (a repeat planned on the audio clock), that moment; else `lead` from now.
export function schedule(at = 0) {
  if (!synced()) return { at, server: null };
  if (at > 0) return { at, server: toServer(at) };
  const server = clock.now() + leadSeconds * 1000;
  return { at: map.contextTime(clock.toPerformance(server)), server };
}

/// The server time (ms) context time `at` is heard.
export function toServer(at) {
  return synced() ? clock.toServer(map.performanceTime(at)) : null;
}

/// Keeps the owner's loops on the server's clock while players listen (the last event reached
/// one), as the players' pages keep theirs (`correctLoops`: every 2 s, a loop whose phase is off
/// by more than 3 ms is nudged back or, more than 20 ms off, restarted at its phase; its audio
/// clock runs off the machine's). Who listens is asked every 10 s (`askListeners`). `entries()`
/// gives the player's entries ({layer, shared, playOptions}); `swap(entry, fresh)` puts a
/// restarted layer in place of the old one.
export function watchLoops(engine, entries, swap) {
  setInterval(() => {
    if (!synced() || players === 0) return; // nobody listens: the owner's own pace is the one
    correctLoops(entries(), (entry) => {
      const layer = entry.layer;
      if (!layer || layer.stopping || !entry.playOptions || !entry.shared || !entry.shared.loop) return null;
      if (!(layer.source instanceof AudioBufferSourceNode)) return null; // a stream keeps its own pace
      const rate = centsToRate(entry.shared.cents);
      const target = map.contextTime(clock.toPerformance(entry.shared.at));
      return {
        layer,
        error: loopPhaseError(layer, entry.shared.cents, target),
        cents: entry.shared.cents,
        restart: (fade) => {
          const at = engine.now + margin;
          const offset = (at - target) * rate;
          return engine.play(
            Object.assign({}, entry.playOptions, { gain: layer.gainDb, volume: layer.volume, fade, at, offset }),
          );
        },
        replace: (fresh) => {
          if (entry.layer !== layer) return false;
          swap(entry, fresh);
          layer.onEnded = null;
          return true;
        },
      };
    });
  }, 2000);
}

/// Tells the players' pages which files may play soon (every take of `items`: the open scene's
/// sounds), so they load them ahead and a first play starts on time there too; sent also before
/// the clock is known (it has no time), and kept by the server for players who join later.
export function announce(items) {
  const files = [];
  for (const item of items) {
    if (item.kind === "music" || item.available !== true) continue;
    const takes = Math.max(1, Number(item.takes) || 1);
    for (let take = 0; take < takes; take += 1) files.push({ item: item.id, take });
  }
  if (files.length) send({ type: "load", files: files.slice(0, 64) });
}

/// Posts an event for the players; `at` is the context time it happens on this page (null for an
/// event of no sound, such as a stop-all before anything played: then the moment it was made).
/// Made before the server's clock is known, it waits (with up to 255 others) and is sent once the
/// clock is, at the server time of that moment; a `load` has no time and goes at once. Dropped
/// while the server is away.
export function send(event, at = null) {
  if (event.type === "load" || synced() || (clockKnown() && at === null)) {
    if (event.at === null || event.at === undefined) event.at = clockKnown() ? clock.now() : null;
    post(event);
    return;
  }
  waiting.push({ event, at, made: performance.now() });
  if (waiting.length > waitingLimit) waiting.shift();
}

// Sends what waited for the clock, in order, each at the server time of the moment it was made.
function flush() {
  if (!clockKnown()) return;
  while (waiting.length > 0) {
    const { event, at, made } = waiting[0];
    if (at !== null && !map) return; // a sound's moment needs the audio clock's map
    waiting.shift();
    if (event.at === null || event.at === undefined) event.at = at !== null ? toServer(at) : clock.toServer(made);
    post(event);
  }
}

function post(event) {
  const body = JSON.parse(JSON.stringify(event)); // as it is now (a start's `shared` changes later: its volume)
  outbox = outbox
    .then(() => api.listenEvent(body))
    .then((answer) => {
      players = answer.delivered || 0;
      learnLead(answer.lead);
    })
    .catch((error) => {
      // Refused (an HTTP error: the event reached nobody); dropped while the server is away (status 0).
      if (error instanceof api.APIError && error.status > 0) players = 0;
    });
}
