// Clocks for listening along (docs/FORMAT.md §15.2). No DOM code.
//  - ServerClock: the server's time (ms) from NTP-style round trips to a clock route, several at
//    once, redone every `refresh` ms while the page runs. Each bounds the offset (server − machine
//    time) both ways: the server read its time after the request left and before the answer came,
//    so the offset lies between `now − received` and `now − sent`. Times the server pushes
//    (`observe`) bound it from below too (read before this page got them). The offset used is the
//    middle of the tightest bounds of the last minute, which need not come from one exchange: when
//    the answers' way is slow and the requests' is not (a link whose delay is on one side), the
//    pushed times give the lower bound and the requests the upper one, and the middle of one round
//    trip would be half its delay off.
//  - AudioClockMap: the machine's time (performance.now(), ms) ↔ the AudioContext's time at the
//    output (what is heard), a least-squares line through many getOutputTimestamp() pairs (one pair
//    jitters by several ms), falling back on currentTime less the output latency. The pairs step
//    when the output's timing changes (another output route; Chromium moving its rendering onto an
//    AudioWorklet's thread moved them 9–17 ms): once the newest `settle` pairs all sit off the ones
//    before them the same way, those before are moved by the step, so the line follows within
//    `settle` pairs (200 ms), not once most of a minute's pairs have come after the step.
// A page plays an event of server time S at map.contextTime(clock.toPerformance(S)).

export class ServerClock {
  /// `report`, when set: a function giving a query string (`?delay=…`) the round trips carry.
  /// `firstWave`: how many round trips the first sync makes at a time (the listen page: 4, so a
  /// player far away hears sooner after Join; the owner's page, whose clock starts as it loads: 1).
  constructor(url, { rounds = 8, refresh = 10000, firstWave = 1 } = {}) {
    this.url = url;
    this.rounds = rounds;
    this.firstWave = firstWave;
    this.refresh = refresh;
    this.offset = null; // server ms − performance ms
    this.rtt = null; // of the sample kept
    this.samples = []; // recent {rtt, offset (its middle), lower, upper (its bounds), at}
    this.lower = []; // recent {offset, at}: server time pushed − machine time received
    this.waiting = []; // `settled` calls to answer on the next pushed time
    this.timer = null;
  }

  /// A server time `serverMs` pushed to the page, received now.
  observe(serverMs) {
    const at = performance.now();
    this.lower = this.lower.filter((bound) => bound.at > at - 60000).slice(-120);
    this.lower.push({ offset: serverMs - at, at });
    for (const check of this.waiting.slice()) check();
  }

  /// How far (ms) the offset in use may be off: half the gap between its bounds.
  get uncertainty() {
    if (this.offset === null || this.samples.length === 0) return Infinity;
    const lower = Math.max(...this.lower.map((one) => one.offset), ...this.samples.map((sample) => sample.lower));
    const upper = Math.min(...this.samples.map((sample) => sample.upper));
    return Math.max(0, (upper - lower) / 2);
  }

  /// Resolves once the offset is known within `within` ms (pushed times narrow it), or after
  /// `limit` ms.
  settled(within = 5, limit = 1000) {
    return new Promise((resolve) => {
      const done = () => {
        this.waiting = this.waiting.filter((one) => one !== check);
        clearTimeout(timer);
        resolve(this.uncertainty);
      };
      const check = () => this.uncertainty <= within && done();
      const timer = setTimeout(done, limit);
      this.waiting.push(check);
      check();
    });
  }

  /// The offset in use: the middle of the highest lower bound and the lowest upper bound; should
  /// they cross (the clocks ran apart over the minute), the best round trip's, raised to the pushed
  /// times' bound.
  get best() {
    if (this.offset === null) return 0;
    const pushed = Math.max(...this.lower.map((one) => one.offset));
    const lower = Math.max(pushed, ...this.samples.map((sample) => sample.lower));
    const upper = Math.min(...this.samples.map((sample) => sample.upper));
    if (lower <= upper) return (lower + upper) / 2;
    return this.lower.length > 0 && pushed > this.offset ? pushed : this.offset;
  }

  /// Several round trips (`together` at a time: with a first wave of 4, a far link's first sync
  /// takes two or three of its round trips, not eight); keeps the best of the recent ones. Resolves
  /// with the offset.
  async sync(rounds = this.rounds, together = 1) {
    let answered = 0;
    let round = 0;
    if (this.offset === null && this.firstWave > 1) {
      // One trip first: on a near link (under 50 ms) the rest go one by one as before; on a far one,
      // `firstWave` at a time.
      const sent = performance.now();
      if (await this.trip()) answered += 1;
      round = 1;
      if (performance.now() - sent > 50) together = this.firstWave;
    }
    for (; round < rounds; round += together) {
      const wave = Array.from({ length: Math.min(together, rounds - round) }, () => this.trip());
      answered += (await Promise.all(wave)).filter(Boolean).length;
    }
    if (answered === 0 && this.offset === null) throw new Error("the clock route did not answer");
    // The lowest round trip of the last minute (older ones may predate a clock change).
    const recent = this.samples.filter((sample) => sample.at > performance.now() - 60000);
    this.samples = recent.slice(-64);
    const best = this.samples.reduce((a, b) => (b.rtt < a.rtt ? b : a), this.samples[0]);
    if (best) {
      this.offset = best.offset;
      this.rtt = best.rtt;
    }
    return this.offset;
  }

  /// One round trip; its sample is kept. Resolves false when the route did not answer.
  async trip() {
    const sent = performance.now();
    let now;
    try {
      const url = this.report ? this.url + this.report() : this.url;
      const response = await fetch(url, { cache: "no-store", headers: { Accept: "application/json" } });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      now = (await response.json()).now;
    } catch (error) {
      return false;
    }
    const received = performance.now();
    const middle = now - (sent + received) / 2;
    this.samples.push({ rtt: received - sent, offset: middle, lower: now - received, upper: now - sent, at: received });
    return true;
  }

  /// Syncs now and then every `refresh` ms.
  async start() {
    await this.sync();
    this.timer = setInterval(() => this.sync(3).catch(() => {}), this.refresh);
    return this;
  }

  stop() {
    clearInterval(this.timer);
  }

  /// The server's time now (ms).
  now() {
    return performance.now() + this.best;
  }

  toPerformance(serverMs) {
    return serverMs - this.best;
  }

  toServer(performanceMs) {
    return performanceMs + this.best;
  }
}

export class AudioClockMap {
  constructor(context, { every = 25, keep = 2400, settle = 8 } = {}) {
    this.context = context;
    this.every = every;
    this.keep = keep; // pairs: 60 s at 25 ms
    this.settle = settle; // pairs in a row off those before them the same way that make a step
    this.pairs = [];
    this.line = null; // {perf0, ctx0, slope, spread}: ctx = ctx0 + slope × (perf − perf0)
    this.steps = []; // {at (performance ms), by (s the pairs moved)}
    this.onStep = []; // called with the step once the line has followed it
    this.timer = null;
  }

  start() {
    this.sample();
    this.timer = setInterval(() => this.sample(), this.every);
    return this;
  }

  stop() {
    clearInterval(this.timer);
  }

  /// One getOutputTimestamp() pair, and the line through the recent ones.
  sample() {
    const context = this.context;
    if (context.state !== "running" || !context.getOutputTimestamp) return;
    const stamp = context.getOutputTimestamp();
    if (!(stamp.performanceTime > 0) || !(stamp.contextTime > 0)) return;
    this.pairs.push([stamp.performanceTime, stamp.contextTime]);
    if (this.pairs.length > this.keep) this.pairs.splice(0, this.pairs.length - this.keep);
    // After a step the pairs before it are moved by it: the line keeps its slope and is on the new
    // timing at once.
    const step = this.line ? stepIn(this.pairs, this.line.slope, this.settle) : 0;
    if (step) for (const pair of this.pairs.slice(0, -this.settle)) pair[1] += step;
    if (this.pairs.length >= 8) this.line = fitLine(this.pairs);
    if (step) {
      const found = { at: stamp.performanceTime, by: step };
      this.steps.push(found);
      for (const listener of this.onStep) listener(found);
    }
  }

  /// The context time heard at machine time `performanceMs`.
  contextTime(performanceMs) {
    if (this.line) return this.line.ctx0 + this.line.slope * (performanceMs - this.line.perf0);
    const context = this.context;
    const latency = (context.outputLatency || 0) + (context.baseLatency || 0);
    return context.currentTime - latency + (performanceMs - performance.now()) / 1000;
  }

  /// The machine time (ms) context time `seconds` is heard.
  performanceTime(seconds) {
    if (this.line) return this.line.perf0 + (seconds - this.line.ctx0) / this.line.slope;
    const context = this.context;
    const latency = (context.outputLatency || 0) + (context.baseLatency || 0);
    return performance.now() + (seconds - context.currentTime + latency) * 1000;
  }
}

/// How far (s) the newest `count` pairs all sit from the `2 × count` before them, the same way and
/// beyond what those jitter (at least 2 ms), or 0 when they do not. Each pair is taken less
/// `slope` × its machine time, so a clock running off the machine's does not look like a step.
export function stepIn(pairs, slope, count) {
  if (pairs.length < 3 * count) return 0;
  const offsets = pairs.slice(-3 * count).map(([p, c]) => c - slope * p);
  const median = (values) => values.slice().sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const before = offsets.slice(0, 2 * count);
  const newest = offsets.slice(2 * count);
  const reference = median(before);
  const limit = Math.max(0.002, 4 * median(before.map((value) => Math.abs(value - reference))));
  const off = newest.map((value) => value - reference);
  if (off.every((value) => value > limit) || off.every((value) => value < -limit)) return median(off);
  return 0;
}

/// The least-squares line ctx = ctx0 + slope × (perf − perf0) through [perf, ctx] pairs, fitted
/// again without the pairs far off it (read while the context started up, or while the page was
/// busy between the two clocks); the slope is kept at 1/1000 when the pairs span too short a time
/// to tell it. `spread`: the median distance (s) of the pairs from it.
export function fitLine(pairs) {
  let line = fitPairs(pairs);
  let spread = 0;
  for (let round = 0; round < 3; round++) {
    const residuals = pairs.map(([p, c]) => Math.abs(c - (line.ctx0 + line.slope * (p - line.perf0))));
    spread = residuals.slice().sort((a, b) => a - b)[Math.floor(residuals.length / 2)];
    if (round === 2) break;
    const kept = pairs.filter((_, index) => residuals[index] <= spread * 3 + 0.001);
    if (kept.length < 8) break;
    line = fitPairs(kept);
  }
  return Object.assign(line, { spread });
}

function fitPairs(pairs) {
  const n = pairs.length;
  const perf0 = pairs.reduce((sum, [p]) => sum + p, 0) / n;
  const ctx0 = pairs.reduce((sum, [, c]) => sum + c, 0) / n;
  let sxx = 0;
  let sxy = 0;
  for (const [p, c] of pairs) {
    sxx += (p - perf0) * (p - perf0);
    sxy += (p - perf0) * (c - ctx0);
  }
  let slope = sxx > 0 ? sxy / sxx : 0.001;
  // Audio clocks run off the machine's by up to a few 0.1 % (a fake output device more): the line's
  // own slope, once the pairs span long enough to tell it.
  const span = pairs[n - 1][0] - pairs[0][0];
  if (span < 5000 || !(Math.abs(slope * 1000 - 1) < 0.01)) slope = 0.001;
  return { perf0, ctx0, slope };
}
