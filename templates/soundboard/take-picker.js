// Which take of an item plays on each trigger, and the gain and pitch drawn for it, by the item's
// `playback` rules: `shuffle` (default: a random take that is none of the last `avoidRepeat`
// played, `avoidRepeat` defaulting to min(takes − 1, 1) and at most takes − 1), `sequence`
// (authored order, wrapping) or `random` (independent draws); `gain: [min, max]` dB and
// `pitch: [min, max]` cents drawn per trigger; `interval: [min, max]` seconds between the
// triggers of a repeating item. No DOM code.

/// The rules of `playback` for an item of `takes` takes, with every default filled in.
export function playbackRules(playback, takes) {
  const rules = playback && typeof playback === "object" ? playback : {};
  const count = Math.max(1, Math.floor(takes) || 1);
  const order = ["shuffle", "sequence", "random"].includes(rules.order) ? rules.order : "shuffle";
  const defaultAvoid = Math.min(count - 1, 1);
  const avoid = Number.isInteger(rules.avoidRepeat) ? rules.avoidRepeat : defaultAvoid;
  const range = (value) =>
    Array.isArray(value) && value.length === 2 && value.every((n) => typeof n === "number") ? value : null;
  return {
    order,
    avoidRepeat: Math.max(0, Math.min(avoid, count - 1)),
    interval: range(rules.interval),
    gain: range(rules.gain),
    pitch: range(rules.pitch),
    takes: count,
  };
}

/// A seeded random source (mulberry32): the same seed gives the same draws, for tests.
export function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class TakePicker {
  /// `rules` from playbackRules; `random` returns numbers in [0, 1).
  constructor(rules, random = Math.random) {
    this.rules = rules;
    this.random = random;
    this.history = []; // takes played, oldest first
  }

  /// The next trigger: {take, gain (dB), cents}.
  next() {
    const { order, takes, avoidRepeat } = this.rules;
    let take;
    if (order === "sequence") {
      const last = this.history.length ? this.history[this.history.length - 1] : -1;
      take = (last + 1) % takes;
    } else if (order === "random") {
      take = Math.floor(this.random() * takes);
    } else {
      const recent = avoidRepeat > 0 ? this.history.slice(-avoidRepeat) : [];
      const allowed = [];
      for (let candidate = 0; candidate < takes; candidate += 1) {
        if (!recent.includes(candidate)) allowed.push(candidate);
      }
      take = allowed[Math.floor(this.random() * allowed.length)];
    }
    this.history.push(take);
    if (this.history.length > takes) this.history.shift();
    return { take, gain: this.draw(this.rules.gain), cents: this.draw(this.rules.pitch) };
  }

  /// Seconds to wait before a repeating item triggers again; null when it has no interval.
  wait() {
    return this.rules.interval ? this.draw(this.rules.interval) : null;
  }

  draw(range) {
    if (!range) return 0;
    return range[0] + (range[1] - range[0]) * this.random();
  }
}
