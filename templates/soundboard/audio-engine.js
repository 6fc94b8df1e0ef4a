// The soundboard's sound, through the Web Audio API. One AudioContext; each playing layer is
//   source → level (normalization gain × layer volume) → fade → kind bus → master → destination
// with one bus per kind (atmosphere, sfx) under the master volume. No DOM code: the page
// (player.js) decides what plays.
//
// Loops are sample-accurate: an AudioBufferSourceNode loops between loopStart and loopEnd
// (seconds = loop frames / the file's own sample rate, read from its header: decoding resamples
// to the context's rate, so the decoded buffer's rate is not the file's). A sound whose decoded
// size would pass
// `streamLimitBytes` (60 s of 48 kHz stereo Float32, about 23 MB) and is a PCM WAV is not decoded
// whole: it streams in chunks scheduled back to back (wav-stream.js: gapless, at its loop points).
// Every other format is decoded whole whatever its length (memory grows with it: 10 minutes of
// stereo take about 230 MB), because a media element looping the file leaves a gap at the seam.
import { fileSampleRate, loopSeconds } from "./audio-format.js";
import { fetchAudio } from "./verified-fetch.js";
import { WavStream } from "./wav-stream.js";

export const streamLimitBytes = 60 * 48000 * 2 * 4;
const limits = { stream: streamLimitBytes };

/// Changes the streaming limit (bytes); the browser tests lower it to stream short files.
export function setStreamLimit(bytes) {
  limits.stream = bytes;
}

/// Whether an item of `seconds` should stream rather than decode (its decoded 48 kHz stereo
/// Float32 size passes the limit).
export function shouldStream(seconds) {
  return typeof seconds === "number" && seconds * 48000 * 2 * 4 > limits.stream;
}

const quick = 0.01; // seconds: "at once" still ramps this long, so a stop never clicks

/// The speed a layer detuned by `cents` (1200 to the octave; missing: 0) plays at: seconds of the
/// file per second of context time. The one place the page turns cents into a rate (the listen
/// page imports it from here too: this module is among the files it may fetch).
export const centsToRate = (cents) => Math.pow(2, (cents || 0) / 1200);

export class AudioEngine {
  // 48 kHz, the rate game audio is made at: such files decode without resampling, so their loops
  // are exact to the frame (the browser converts to the device's rate on output).
  constructor(context = new AudioContext({ latencyHint: "interactive", sampleRate: 48000 })) {
    this.context = context;
    this.master = context.createGain();
    this.master.connect(context.destination);
    this.buses = {};
    this.kindVolumes = {}; // the volume each kind's bus is set to (its gain may still be gliding there)
    for (const kind of ["atmosphere", "sfx"]) {
      const bus = context.createGain();
      bus.connect(this.master);
      this.buses[kind] = bus;
    }
    this.buffers = new Map(); // url → Promise<AudioBuffer>
    this.layers = new Set();
  }

  get now() {
    return this.context.currentTime;
  }

  /// Lets the context run (a context made before any user gesture starts suspended).
  resume() {
    return this.context.state === "suspended" ? this.context.resume().catch(() => {}) : Promise.resolve();
  }

  setMasterVolume(volume) {
    glide(this.master.gain, volume, this.context);
  }

  setKindVolume(kind, volume) {
    const bus = this.buses[kind];
    if (!bus) return;
    this.kindVolumes[kind] = volume;
    glide(bus.gain, volume, this.context);
  }

  /// The decoded audio of `url` (fetched and decoded once, then shared by every layer); with
  /// `source` ({url, sha256}: where the catalog publishes it), fetched there and checked first.
  load(url, source) {
    if (!this.buffers.has(url)) {
      const loading = fetchAudio(url, source)
        .then((bytes) => {
          const rate = fileSampleRate(new DataView(bytes)); // before decoding detaches the bytes
          return this.context.decodeAudioData(bytes).then((buffer) => {
            buffer.fileSampleRate = rate || buffer.sampleRate;
            return buffer;
          });
        });
      loading.catch(() => this.buffers.delete(url));
      this.buffers.set(url, loading);
    }
    return this.buffers.get(url);
  }

  /// Starts a layer and resolves with it once it sounds. Options: url, kind, gain (dB),
  /// volume (0…), fade (seconds in), loop (false, true = whole file, or {start, end} frames),
  /// sampleRate (of the file, for the loop frames; default the decoded buffer's), cents (detune),
  /// stream (not decoded whole), at (context time to start, default now), offset (seconds into the
  /// file to start from; a loop wraps it into its loop, so a late start lands at the loop's phase),
  /// onEnded (called once it is silent).
  async play(options) {
    await this.resume();
    const context = this.context;
    let source;
    let length = null;
    if (options.stream) source = await WavStream.open(context, options.url, options.loop);
    if (source) {
      // a PCM WAV, streamed in chunks (wav-stream.js)
    } else {
      // Decoded whole (any other format, however long: a media element would leave a gap at the seam).
      const buffer = await this.load(options.url);
      source = context.createBufferSource();
      source.buffer = buffer;
      if (options.loop) {
        source.loop = true;
        const rate = options.sampleRate || buffer.fileSampleRate;
        const points = loopSeconds(options.loop, rate, buffer.duration);
        if (points) {
          source.loopStart = points.start;
          source.loopEnd = points.end;
        }
      } else length = buffer.duration;
      if (options.cents) source.detune.value = options.cents;
    }
    const layer = new Layer(this, source, options, length);
    this.layers.add(layer);
    return layer;
  }

  /// Stops every layer, each fading out over `fade` seconds (0: at once), all from the same moment.
  stopAll(fade = 0, at = this.context.currentTime) {
    for (const layer of [...this.layers]) layer.stop(fade, at);
  }
}

export class Layer {
  constructor(engine, source, options, length) {
    this.engine = engine;
    this.source = source;
    this.kind = options.kind === "sfx" ? "sfx" : "atmosphere";
    this.gainDb = options.gain || 0;
    this.volume = options.volume ?? 1;
    const context = engine.context;
    this.level = context.createGain();
    this.level.gain.value = this.levelValue();
    this.fader = context.createGain();
    source.connect(this.level).connect(this.fader).connect(engine.buses[this.kind]);
    const fade = Math.max(0, options.fade || 0);
    // A stream plans each chunk from the first one's start, so that start needs a small lead: the
    // browser may take a start up a few quanta late, and a late first chunk would overlap the next.
    this.startedAt = Math.max(options.at || 0, context.currentTime + (source.startLead || 0));
    // Where in the file it starts: start(when, offset) clamps past the end, so a loop's offset is
    // wrapped here into [loopStart, loopEnd).
    this.offset = source.buffer ? wrapOffset(options.offset || 0, source) : 0;
    this.stopAt = null; // context time the layer falls silent, once stopped
    this.fadedIn = this.startedAt + fade; // the fader's last event until a stop: 1 from then on
    if (fade > 0) {
      this.fader.gain.setValueAtTime(0, this.startedAt);
      this.fader.gain.linearRampToValueAtTime(1, this.startedAt + fade);
    }
    const rate = centsToRate(options.cents);
    this.naturalEnd = length === null ? null : this.startedAt + Math.max(0, length - this.offset) / rate;
    this.ended = new Promise((resolve) => (this.resolveEnded = resolve));
    this.onEnded = options.onEnded || null;
    if (source.media) {
      source.media.addEventListener("ended", () => this.finish());
      source.media.addEventListener("error", () => this.finish(new Error("the file could not be streamed")));
      source.media.play().catch((error) => this.finish(error));
    } else {
      source.onended = () => this.finish();
      source.start(this.startedAt, this.offset);
    }
  }

  levelValue() {
    return Math.pow(10, this.gainDb / 20) * this.volume;
  }

  /// The layer's own volume (0…): the normalization gain stays, this scales it.
  setVolume(volume) {
    this.volume = volume;
    glide(this.level.gain, this.levelValue(), this.engine.context);
  }

  /// Fades out over `fade` seconds (0: at once) from `at` (default now, never earlier) and stops;
  /// returns the context time it is silent. A second stop only shortens the fade.
  stop(fade = 0, at = 0) {
    const context = this.engine.context;
    const now = Math.max(at, context.currentTime);
    const end = now + Math.max(quick, fade);
    if (this.stopAt !== null && this.stopAt <= end) return this.stopAt;
    const first = this.stopAt === null;
    this.stopAt = end;
    const gain = this.fader.gain;
    if (gain.cancelAndHoldAtTime) {
      gain.cancelAndHoldAtTime(now);
      // With no ramp running at `now` nothing is held, and the ramp below would run from the fader's
      // last event (the fade-in's end, long before): a drop at once, then a fade over what is left.
      if (first && now >= this.fadedIn) gain.setValueAtTime(1, now);
    } else {
      gain.cancelScheduledValues(now);
      gain.setValueAtTime(gain.value, now);
    }
    gain.linearRampToValueAtTime(0, end);
    if (this.source.media) setTimeout(() => this.finish(), (end - now) * 1000);
    else {
      try {
        this.source.stop(end);
      } catch (error) {
        this.finish(); // it had already ended
      }
    }
    return end;
  }

  /// Seconds heard so far: from its start to now, to its stop (with the fade), or to its end.
  heard() {
    const now = this.engine.context.currentTime;
    const ends = [now, this.stopAt, this.naturalEnd].filter((time) => time !== null);
    return Math.max(0, Math.min(...ends) - this.startedAt);
  }

  get stopping() {
    return this.stopAt !== null;
  }

  finish(error = null) {
    if (!this.engine.layers.has(this)) return;
    this.engine.layers.delete(this);
    if (this.source.media) {
      this.source.media.pause();
      this.source.media.removeAttribute("src");
      this.source.media.load();
    }
    this.fader.disconnect();
    this.endedAt = this.engine.context.currentTime;
    this.resolveEnded(error);
    if (this.onEnded) this.onEnded(this, error);
  }
}

/// An offset (seconds into the buffer) a source can start from: a looping source's offset past its
/// loop's end wraps into the loop (the phase it would be at had it played from 0); a one-shot's
/// stays (past its end it plays nothing).
export function wrapOffset(offset, source) {
  if (!(offset > 0)) return 0;
  const duration = source.buffer.duration;
  if (!source.loop) return Math.min(offset, duration);
  const start = source.loopEnd > source.loopStart ? source.loopStart : 0;
  const end = source.loopEnd > source.loopStart ? source.loopEnd : duration;
  if (offset < end || end <= start) return offset;
  return start + ((offset - start) % (end - start));
}

/// Moves an AudioParam to `value` without a click (a 15 ms glide).
function glide(param, value, context) {
  const now = context.currentTime;
  param.cancelScheduledValues(now);
  param.setTargetAtTime(value, now, 0.015);
}
