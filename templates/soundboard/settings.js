// The player's settings, kept in the browser (localStorage "soundshelf.settings"): master volume,
// a volume per kind, the two loudness targets (LUFS) and the fade length (seconds, atmospheres).
import { defaultTargets } from "./loudness.js";

const storageKey = "soundshelf.settings";
export const defaults = Object.freeze({
  master: 1,
  atmosphere: 1,
  sfx: 1,
  targets: defaultTargets,
  fade: 2,
});
const listeners = [];

const clamp = (value, low, high, fallback) =>
  typeof value === "number" && isFinite(value) ? Math.min(high, Math.max(low, value)) : fallback;

/// Settings from anything (stored JSON, a form), every value checked and in range.
export function normalize(value) {
  const given = value && typeof value === "object" ? value : {};
  const targets = given.targets && typeof given.targets === "object" ? given.targets : {};
  return {
    master: clamp(given.master, 0, 1, defaults.master),
    atmosphere: clamp(given.atmosphere, 0, 1, defaults.atmosphere),
    sfx: clamp(given.sfx, 0, 1, defaults.sfx),
    targets: {
      atmosphere: clamp(targets.atmosphere, -60, 0, defaults.targets.atmosphere),
      sfx: clamp(targets.sfx, -60, 0, defaults.targets.sfx),
    },
    fade: clamp(given.fade, 0, 30, defaults.fade),
  };
}

function read() {
  try {
    return normalize(JSON.parse(localStorage.getItem(storageKey) || "{}"));
  } catch (error) {
    return normalize({});
  }
}

let current = read();

export function settings() {
  return current;
}

/// Merges `changes` ({master: 0.5} or {targets: {sfx: -18}}), stores and announces the result.
export function update(changes) {
  const targets = Object.assign({}, current.targets, (changes && changes.targets) || {});
  current = normalize(Object.assign({}, current, changes, { targets }));
  try {
    localStorage.setItem(storageKey, JSON.stringify(current));
  } catch (error) {
    // private mode or full storage: the settings hold for this page only
  }
  for (const listener of listeners) listener(current);
  return current;
}

export function reset() {
  return update(JSON.parse(JSON.stringify(defaults)));
}

export function onSettings(listener) {
  listeners.push(listener);
}

/// The fade (seconds) for a layer of `kind`: the setting for atmospheres, none for effects.
export function fadeFor(kind) {
  return kind === "atmosphere" ? current.fade : 0;
}
