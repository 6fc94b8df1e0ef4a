// A player's side of listening along (docs/FORMAT.md §15.2): plays the owner's events through the same audio
// engine, each at its server time mapped into this page's audio clock. A layer whose start is
// already past (a late join, a reconnect, a slow download) starts at its current phase: the engine
// wraps a loop's offset into the loop. Loops are checked every few seconds and brought back to their
// phase (`correctLoops`, which the owner's page uses too) when this page's audio clock has drifted
// from the server's. No DOM code.
import { centsToRate } from "./audio-engine.js";
import { correctLoops, loopPhaseError } from "./listen-drift.js";

/// s: a late layer starts this far ahead of the clock, at the phase it has then (the owner's page
/// restarts a loop that far ahead too).
export const margin = 0.03;
const oneShotLateLimit = 0.1; // s: a live one-shot later than this is not played (it would be out of time)
const delayWindow = 64; // the last events' delays kept for the p95 the page reports
export class Follower {
  /// engine: an AudioEngine; clock: a ServerClock; map: an AudioClockMap; audioURL(item, take).
  constructor(engine, clock, map, audioURL) {
    this.engine = engine;
    this.clock = clock;
    this.map = map;
    this.audioURL = audioURL;
    this.layers = new Map(); // layer id → {event, layer (engine Layer, once it sounds)}
    this.onChange = () => {};
    this.timer = null;
    this.late = []; // s each start came after its time (0: on time), for the test mode
    this.dropped = []; // s each live one-shot would have been late by, not played
    this.delays = []; // ms from the server getting each event to this page getting it
    this.starts = []; // the machine time (performance.now() ms) each layer was heard from
    // The output's timing changed: every loop is checked against the new line at once.
    map.onStep.push(() => this.correctDrift());
  }

  /// The context time an event of server time `serverMs` is heard at.
  contextTime(serverMs) {
    return this.map.contextTime(this.clock.toPerformance(serverMs));
  }

  /// The first message of a stream (a join or a reconnect): what plays now.
  snapshot(state) {
    const running = new Set(state.layers.map((event) => event.layer));
    for (const [id, entry] of this.layers) {
      if (!running.has(id)) this.drop(id, entry, 0.3);
    }
    for (const [kind, volume] of Object.entries(state.kinds || {})) this.engine.setKindVolume(kind, volume);
    // What the owner played or announced lately will likely play: loaded now, it starts on time then.
    this.loadAhead(state.recent);
    for (const event of state.layers) {
      const known = this.layers.get(event.layer);
      if (known && known.event.at === event.at) {
        if (known.layer && event.volume !== undefined) known.layer.setVolume(event.volume);
      } else {
        if (known) this.drop(event.layer, known, 0.05);
        this.start(event);
      }
    }
  }

  /// How late events reach this page: `?delay=MS` (p95 of the last 64, from the server getting each
  /// to this page getting it), which the clock's round trips carry, so the owner's page can give
  /// every start lead enough for the slowest player. Empty before any event.
  delayQuery() {
    if (this.delays.length === 0) return "";
    const sorted = [...this.delays].sort((a, b) => a - b);
    const p95 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))];
    return `?delay=${Math.max(0, Math.round(p95))}`;
  }

  /// An event as it arrives (before the ones ahead of it are handled): how late it came, from the
  /// server getting it (`posted`) to now.
  arrived(event) {
    if (this.clock.offset === null) return;
    // A one-shot whose cue itself came too late is not played (see start); a slow file is not its fault.
    if (event.type === "start" && !event.loop && typeof event.at === "number" && this.map.line) {
      event.lateOnArrival = this.engine.now + margin - this.contextTime(event.at);
    }
    if (typeof event.posted !== "number") return;
    this.delays.push(this.clock.now() - event.posted);
    if (this.delays.length > delayWindow) this.delays.shift();
  }

  /// The files a snapshot will play or may play soon, fetched at once (while the clocks settle).
  prefetch(state) {
    this.loadAhead(state.recent);
    this.loadAhead((state.layers || []).map((event) => Object.assign({ take: event.take || 0 }, event)));
  }

  /// One event the owner's page played, handled in order.
  handle(event) {
    const entry = this.layers.get(event.layer);
    const at = event.at !== undefined ? this.contextTime(event.at) : 0;
    switch (event.type) {
      case "start":
        if (entry) this.drop(event.layer, entry, 0.05);
        this.start(event, true);
        break;
      case "stop":
        if (entry) this.drop(event.layer, entry, event.fade || 0, at);
        break;
      case "volume":
        if (entry) {
          entry.event.volume = event.volume;
          if (entry.layer) entry.layer.setVolume(event.volume);
        }
        break;
      case "kind":
        this.engine.setKindVolume(event.kind, event.volume);
        break;
      case "stopAll":
        for (const [id, one] of this.layers) this.drop(id, one, event.fade || 0, at);
        this.engine.stopAll(event.fade || 0, Math.max(at, this.engine.now));
        break;
      case "load":
        this.loadAhead(event.files);
        break;
    }
    this.onChange();
  }

  /// Fetches and decodes `files` ([{item, take, url?, sha256?}]) in the background, once each
  /// (through a relay, from where the catalog publishes them when the file says so).
  loadAhead(files) {
    for (const file of files || []) this.engine.load(this.audioURL(file.item, file.take || 0), file).catch(() => {});
  }

  drop(id, entry, fade, at = 0) {
    this.layers.delete(id);
    entry.stopped = { fade, at };
    if (entry.layer) entry.layer.stop(fade, Math.max(at, this.engine.now));
  }

  /// Starts `event`'s layer once its file is loaded. `live` (an event just played, not a snapshot's):
  /// a one-shot whose cue arrived more than 100 ms after its time is not played at all (out of
  /// time: only its tail would be heard); one late because its file was still loading starts at
  /// its phase, as a loop does.
  async start(event, live = false) {
    const entry = { event, layer: null, stopped: null };
    this.layers.set(event.layer, entry);
    const url = this.audioURL(event.item, event.take || 0);
    const loading = this.engine.load(url, event);
    // The item's other takes: a repeat or the next trigger may draw any of them.
    const others = Array.from({ length: event.takes || 1 }, (_, take) => ({ item: event.item, take }));
    this.loadAhead(others.filter((file) => file.take !== (event.take || 0)));
    try {
      await loading; // fetched and decoded once; the timing below is after it
    } catch (error) {
      this.layers.delete(event.layer);
      return;
    }
    if (entry.stopped) return;
    if (live && !event.loop && event.lateOnArrival > oneShotLateLimit) {
      this.layers.delete(event.layer);
      this.dropped.push(event.lateOnArrival);
      this.onChange();
      return;
    }
    entry.layer = await this.play(event, url, event.fade || 0);
    this.starts.push(this.map.performanceTime(entry.layer.startedAt));
    // A loop started late was placed by the clocks of a page just joined: checked again soon.
    if (event.loop && entry.layer.offset > 0) setTimeout(() => this.correctDrift(), 800);
    if (entry.stopped) entry.layer.stop(entry.stopped.fade, Math.max(entry.stopped.at, this.engine.now));
    this.onChange();
  }

  /// Starts `event`'s layer at its time, or at its current phase when that time is past.
  play(event, url, fade, restart = false) {
    const rate = centsToRate(event.cents);
    let when = this.contextTime(event.at);
    const earliest = this.engine.now + margin;
    let offset = 0;
    if (!restart) this.late.push(Math.max(0, earliest - when));
    if (when < earliest) {
      offset = (earliest - when) * rate;
      if (!restart) fade = Math.max(0, fade - (earliest - when));
      when = earliest;
    }
    return this.engine.play({
      url,
      kind: event.kind,
      gain: event.gain || 0,
      volume: event.volume ?? 1,
      fade,
      loop: event.loop || false,
      sampleRate: event.sampleRate,
      cents: event.cents || 0,
      at: when,
      offset,
      onEnded: (layer) => {
        const entry = this.layers.get(event.layer);
        if (entry && entry.layer === layer) this.layers.delete(event.layer);
        this.onChange();
      },
    });
  }

  /// How far (s) a loop's phase is from where the server's clock puts it (+: late).
  phaseError(entry) {
    return loopPhaseError(entry.layer, entry.event.cents, this.contextTime(entry.event.at));
  }

  /// Checks the loops every `every` ms: a loop off its phase by more than 3 ms is nudged back to
  /// it, or, off by more than 20 ms, restarted there (up to 1 s off; `correctLoops`).
  watchDrift(every = 2000) {
    this.timer = setInterval(() => this.correctDrift(), every);
  }

  /// Brings this page's loops back to their phase; `corrections` counts each one's nudges and restarts.
  correctDrift() {
    return correctLoops(this.layers, ([id, entry]) => {
      if (!entry.layer || !entry.event.loop || entry.layer.stopping) return null;
      return {
        layer: entry.layer,
        error: this.phaseError(entry),
        cents: entry.event.cents,
        restart: (fade) => this.play(entry.event, this.audioURL(entry.event.item, entry.event.take || 0), fade, true),
        replace: (fresh) => {
          if (this.layers.get(id) !== entry) return false;
          entry.layer = fresh;
          return true;
        },
        corrected: () => (entry.corrections = (entry.corrections || 0) + 1),
      };
    });
  }
}
