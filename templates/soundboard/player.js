// Plays layers (atmospheres under effects) through the audio engine: asks an item's details once
// (loop points, loudness, takes, playback rules), picks the take, computes its gain for the user's
// targets, fades, crossfades scenes, repeats items with an interval, and records each play with
// the seconds actually heard (POST /api/plays), also when the tab closes.
import { api } from "./api.js";
import { AudioEngine, shouldStream } from "./audio-engine.js";
import * as share from "./listen-share.js";
import { startEvent } from "./listen-event.js";
import { detail, knownDetail, takeCount } from "./item-details.js";
import { itemGain } from "./loudness.js";
import { settings, onSettings, fadeFor } from "./settings.js";
import { TakePicker, playbackRules } from "./take-picker.js";

export { forgetDetails } from "./item-details.js";

const playing = new Map(); // itemID → entry {item, layer, state, volume, repeating, timer, heard, mine}
const pickers = new Map(); // itemID → TakePicker (kept across plays: avoidRepeat spans triggers)
const listeners = [];
const problems = [];
let engine = null;
let triggers = 0; // numbers each trigger's layer for the players' pages

/// The engine, made on first use (one AudioContext for the page's life).
export function audioEngine() {
  if (!engine) {
    engine = new AudioEngine();
    share.startSharing(engine);
    share.watchLoops(engine, () => [...playing.values()], (entry, fresh) => {
      entry.heard += entry.layer.heard();
      fresh.onEnded = (ended, error) => layerEnded(entry, ended, error);
      entry.layer = fresh;
    });
    applySettings(settings());
  }
  return engine;
}

function applySettings(values) {
  // The players hear the kinds' volumes also before this page has played anything.
  for (const kind of ["atmosphere", "sfx"]) share.send({ type: "kind", kind, volume: values[kind], at: 0 });
  if (!engine) return;
  engine.setMasterVolume(values.master);
  engine.setKindVolume("atmosphere", values.atmosphere);
  engine.setKindVolume("sfx", values.sfx);
  // New targets move the layers already playing to their new gains.
  for (const entry of playing.values()) {
    if (!entry.layer) continue;
    entry.layer.gainDb = itemGain(entry.item, entry.takeInfo, values.targets) + entry.pickGain;
    entry.layer.setVolume(entry.volume);
  }
}
onSettings(applySettings);

function changed(entry = null) {
  for (const listener of listeners) listener(entry);
}

function fail(message) {
  for (const problem of problems) problem(message);
}

export function onChange(listener) {
  listeners.push(listener);
}

/// `listener(message)` hears what the page should tell the user (a file that will not play).
export function onProblem(listener) {
  problems.push(listener);
}

export function canPlay(item) {
  return item.kind !== "music" && item.available === true;
}

/// Whether an item loops: its `loopable` (from its details once known); until then atmospheres do.
export function isLoopable(item) {
  if (typeof item.loopable === "boolean") return item.loopable;
  const known = knownDetail(item.id);
  if (typeof known?.loopable === "boolean") return known.loopable;
  return item.kind === "atmosphere";
}

export async function start(item, options = {}) {
  if (playing.has(item.id) || !canPlay(item)) return;
  const entry = {
    item,
    layer: null,
    state: "loading",
    volume: options.volume ?? 1,
    repeating: false,
    timer: null,
    heard: 0,
  };
  playing.set(item.id, entry);
  changed(entry);
  const full = await detail(item);
  if (playing.get(item.id) !== entry) return; // stopped while asking
  entry.item = Object.assign(item, full);
  entry.rules = playbackRules(full.playback, takeCount(full));
  if (!pickers.has(item.id)) pickers.set(item.id, new TakePicker(entry.rules));
  await trigger(entry, options.fade ?? fadeFor(full.kind));
}

// One trigger of an entry: the picker's take, gain and pitch, at context time `at` (default now).
async function trigger(entry, fade, at = 0) {
  const item = entry.item;
  const pick = pickers.get(item.id).next();
  const takes = Array.isArray(item.takes) ? item.takes : [];
  const take = takes.find((one) => one.take === pick.take) || null;
  const loop = isLoopable(item) ? (pick.take === 0 && item.loop) || true : false;
  const seconds = (take && take.duration) || item.duration;
  const stream = Boolean(loop) && shouldStream(seconds);
  const url = api.audioURL(item.id, pick.take);
  entry.state = "loading";
  let layer;
  let when = { at, server: null };
  try {
    // Loaded first, then timed: every page starts it `share.lead()` from now on the server's clock.
    if (!stream) await audioEngine().load(url);
    when = share.schedule(at);
    entry.playOptions = {
      url,
      kind: item.kind,
      gain: itemGain(item, take, settings().targets) + pick.gain,
      volume: entry.volume,
      fade,
      loop,
      sampleRate: item.sampleRate,
      cents: pick.cents,
      stream,
    };
    layer = await audioEngine().play(
      Object.assign({}, entry.playOptions, {
        at: when.at,
        onEnded: (ended, error) => layerEnded(entry, ended, error),
      }),
    );
  } catch (error) {
    if (playing.get(item.id) === entry) {
      playing.delete(item.id);
      changed(entry);
      fail(`“${item.title}” could not be played: its file is missing, not installed or not audio.`);
    }
    return;
  }
  if (playing.get(item.id) !== entry) {
    layer.stop(0); // stopped while loading
    return;
  }
  entry.layer = layer;
  entry.take = pick.take;
  entry.takeInfo = take;
  entry.pickGain = pick.gain;
  entry.state = "playing";
  entry.sharedAt = layer.startedAt; // its start on this page's audio clock
  entry.shared = startEvent({
    layer: `${item.id}~${++triggers}`,
    item: item.id,
    title: item.title, // the listen page names what plays
    take: pick.take,
    kind: item.kind,
    gain: layer.gainDb,
    cents: pick.cents || 0,
    volume: entry.volume,
    fade,
    loop,
    sampleRate: item.sampleRate || undefined,
    duration: seconds || undefined,
    takes: takes.length > 1 ? takes.length : undefined, // players load the others ahead
    at: when.server,
  });
  if (!entry.mine) share.send(entry.shared, entry.sharedAt);
  changed(entry);
}

function layerEnded(entry, layer, error) {
  entry.heard += layer.heard();
  if (playing.get(entry.item.id) !== entry || entry.layer !== layer) return record(entry);
  entry.layer = null;
  if (error) fail(`“${entry.item.title}” stopped: ${error.message || "its file could not be played"}.`);
  const wait = entry.repeating && !error ? pickers.get(entry.item.id).wait() : null;
  if (wait !== null) {
    // The next trigger starts `wait` after this one's end on the audio clock; it is prepared a
    // little before, so timer delays do not move it.
    entry.state = "waiting";
    const now = audioEngine().now;
    const at = Math.max(now, layer.naturalEnd ?? now) + wait;
    entry.timer = setTimeout(() => trigger(entry, 0, at), Math.max(0, at - now - 0.15) * 1000);
    changed(entry);
    return;
  }
  playing.delete(entry.item.id);
  record(entry);
  changed(entry);
}

function record(entry, keepalive = false) {
  if (entry.recorded) return;
  // Every heard stretch is sent (a click of 0.3 s heard whole is a play); the server's counting rule
  // decides whether it counts.
  const played = Math.round(entry.heard * 100) / 100;
  if (played <= 0) return;
  entry.recorded = true;
  api.play(entry.item.id, played, keepalive).catch((error) => fail(error.message));
}

/// Stops an item, fading out over `fade` seconds (default: its kind's fade) from context time `at`
/// (default now).
export function stop(itemID, fade = null, at = 0) {
  const entry = playing.get(itemID);
  if (!entry) return;
  playing.delete(itemID);
  clearTimeout(entry.timer);
  const when = share.schedule(at);
  fade = fade ?? fadeFor(entry.item.kind);
  if (entry.shared && !entry.mine) {
    share.send({ type: "stop", layer: entry.shared.layer, fade, at: when.server }, when.at || audioEngine().now);
  }
  if (entry.layer) entry.layer.stop(fade, when.at);
  else record(entry);
  changed(entry);
}

/// One moment for changing every layer at once, just ahead of the clock: the players' lead once
/// the server's clock is known.
function together() {
  if (!engine) return 0;
  return share.schedule().at || engine.now + 0.03;
}

/// Stops everything: with the settings' fade (Space, the Stop all button), or at once (Escape).
export function stopAll(withFade = true) {
  const fade = withFade ? settings().fade : 0;
  const at = together();
  // Sent also from a page that has played nothing yet: the players may still hear an earlier page's.
  share.send({ type: "stopAll", fade, at: share.toServer(at) }, engine ? at : null);
  for (const itemID of [...playing.keys()]) stop(itemID, fade, at);
  if (engine) engine.stopAll(fade, at); // layers still fading out from before, too
}

export function toggle(item) {
  if (playing.has(item.id)) stop(item.id);
  else start(item);
}

/// Plays a scene: layers not in it fade out, its atmospheres fade in (over the settings' fade).
export function playScene(items) {
  const fade = settings().fade;
  const at = together();
  const ids = new Set(items.map((item) => item.id));
  for (const itemID of [...playing.keys()]) if (!ids.has(itemID)) stop(itemID, fade, at);
  for (const item of items) {
    if (item.kind === "atmosphere" && canPlay(item) && !playing.has(item.id)) start(item, { fade });
  }
}

export function setVolume(itemID, volume) {
  const entry = playing.get(itemID);
  if (!entry) return;
  entry.volume = volume;
  if (entry.layer) entry.layer.setVolume(volume);
  if (entry.shared && !entry.mine) {
    entry.shared.volume = volume;
    share.send({ type: "volume", layer: entry.shared.layer, volume, at: share.schedule().server }, engine.now);
  }
}

/// "Only I hear this": the players stop hearing a layer (or hear it again, at its phase).
export function setMine(itemID, on) {
  const entry = playing.get(itemID);
  if (!entry || entry.mine === on) return;
  entry.mine = on;
  if (entry.shared && on) {
    share.send({ type: "stop", layer: entry.shared.layer, fade: 0.5, at: share.schedule().server }, engine.now);
  }
  // Back at its phase: the start's own moment (a copy made before that was sent has none yet).
  if (entry.shared && !on) share.send(Object.assign({}, entry.shared, { fade: 0.5 }), entry.sharedAt);
  changed(entry);
}

/// Whether an item re-triggers after its `interval` (an effect with an interval in its playback).
export function setRepeating(itemID, on) {
  const entry = playing.get(itemID);
  if (entry) entry.repeating = on;
  changed(entry);
}


export const isPlaying = (itemID) => playing.has(itemID);
export const entries = () => [...playing.values()];

// The tab closes: what was heard is sent with keepalive, so the request outlives the page.
window.addEventListener("pagehide", () => {
  for (const entry of playing.values()) {
    if (entry.layer) entry.heard += entry.layer.heard();
    record(entry, true);
  }
});
