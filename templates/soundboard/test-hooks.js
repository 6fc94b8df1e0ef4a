// The page's test mode (loaded only with ?test in the URL): `window.soundshelfTest` lets a
// browser test record the master output through an AudioWorklet (capture-worklet.js), give items
// keys their server does not send yet (loudness, loop, takes, peaks…), read the layers, and read
// what a streamed layer scheduled (each chunk's start and length, noted as the engine starts it).
import { setItemExtras } from "./api.js";
import { setStreamLimit, streamLimitBytes } from "./audio-engine.js";
import { syncCapture } from "./listen-test-hooks.js";
import * as player from "./player.js";
import { settings, update } from "./settings.js";
import { WavStream } from "./wav-stream.js";

export const extrasKey = "soundshelf.test.extras";
let recorder = null;
let blocks = []; // the recorder's messages since startCapture
let stopped = null;

async function startCapture() {
  const engine = player.audioEngine();
  await engine.resume();
  const context = engine.context;
  if (!recorder) {
    await context.audioWorklet.addModule("capture-worklet.js");
    recorder = new AudioWorkletNode(context, "soundshelf-capture", {
      numberOfInputs: 1,
      numberOfOutputs: 1,
      outputChannelCount: [1],
    });
    engine.master.connect(recorder);
    recorder.connect(context.destination); // pulled by the graph; its output is silence
    recorder.port.onmessage = (event) => {
      if (event.data.done) stopped && stopped();
      else blocks.push(event.data);
    };
  }
  blocks = [];
  recorder.port.postMessage("start");
  return { sampleRate: context.sampleRate, time: context.currentTime };
}

/// The recording since startCapture, up to context time `until` at least (default: now):
/// {sampleRate, samples (base64 of little-endian Float32, one render quantum after the other),
/// clock (the `currentFrame` each quantum read), lengths (its frames)}. The reader places the
/// quanta (audio_capture.py, `place`): the worklet's clock can lag behind the audio.
async function stopCapture(until = 0) {
  const done = new Promise((resolve) => (stopped = resolve));
  const context = player.audioEngine().context;
  recorder.port.postMessage({ stopAt: Math.ceil(Math.max(until, context.currentTime) * context.sampleRate) });
  await done;
  const all = new Float32Array(blocks.reduce((sum, block) => sum + block.samples.length, 0));
  let offset = 0;
  for (const block of blocks) {
    all.set(block.samples, offset);
    offset += block.samples.length;
  }
  const bytes = new Uint8Array(all.buffer);
  let text = "";
  for (let index = 0; index < bytes.length; index += 0x8000) {
    text += String.fromCharCode.apply(null, bytes.subarray(index, index + 0x8000));
  }
  return {
    sampleRate: context.sampleRate,
    samples: btoa(text),
    clock: blocks.flatMap((block) => block.clock),
    lengths: blocks.flatMap((block) => block.lengths),
  };
}

// What a streamed layer asked the browser to play: every chunk as it was started, in context
// frames — {start (frame it starts at), frames, planned (where it was meant to start: later than
// `start` never, earlier when the engine was late), from (its first frame in the file), at (the
// context frame when it was scheduled)}. Read from the engine's own calls, not worked out again.
function noteStarts() {
  const start = AudioBufferSourceNode.prototype.start;
  AudioBufferSourceNode.prototype.start = function (when = 0, ...rest) {
    this.soundshelfWhen = when;
    return start.call(this, when, ...rest);
  };
  const nextChunk = WavStream.prototype.nextChunk;
  WavStream.prototype.nextChunk = async function () {
    const buffer = await nextChunk.call(this);
    if (buffer) buffer.soundshelfFrom = this.position - Math.round(buffer.duration * this.layout.sampleRate);
    return buffer;
  };
  const schedule = WavStream.prototype.schedule;
  WavStream.prototype.schedule = function (buffer) {
    const rate = this.context.sampleRate;
    const planned = this.nextTime;
    const at = this.context.currentTime;
    const before = new Set(this.sources);
    schedule.call(this, buffer);
    const source = [...this.sources].find((node) => !before.has(node));
    this.soundshelfChunks = this.soundshelfChunks || [];
    this.soundshelfChunks.push({
      start: source ? Math.round(source.soundshelfWhen * rate) : null,
      frames: buffer.length,
      planned: Math.round(planned * rate),
      from: buffer.soundshelfFrom ?? null,
      at: Math.round(at * rate),
    });
  };
}

function layers() {
  return player.entries().map((entry) => ({
    item: entry.item.id,
    state: entry.state,
    take: entry.take ?? null,
    gainDb: entry.layer ? entry.layer.gainDb : null,
    level: entry.layer ? entry.layer.level.gain.value : null,
    startedAt: entry.layer ? entry.layer.startedAt : null,
    loopStart: entry.layer && entry.layer.source.loop ? entry.layer.source.loopStart : null,
    loopEnd: entry.layer && entry.layer.source.loop ? entry.layer.source.loopEnd : null,
    streaming: entry.layer ? !(entry.layer.source instanceof AudioBufferSourceNode) : null,
    chunks: entry.layer && entry.layer.source.soundshelfChunks ? entry.layer.source.soundshelfChunks : null,
  }));
}

// Listening along: the owner's output with machine times, and triggers by item id.
let sync = null;
const syncHooks = {
  syncStart: () => (sync = sync || syncCapture(player.audioEngine(), "capture-worklet.js")).start(),
  syncStop: () => sync.stop(),
  trigger: (itemID) =>
    fetch(`/api/items/${itemID}`)
      .then((response) => response.json())
      .then((item) => player.start(item)),
  stopItem: (itemID, fade) => player.stop(itemID, fade),
  setMine: (itemID, on) => player.setMine(itemID, on),
  setVolume: (itemID, volume) => player.setVolume(itemID, volume),
  stopAll: (withFade) => player.stopAll(withFade),
  setRepeating: (itemID, on) => player.setRepeating(itemID, on),
  playScene: (itemIDs) =>
    Promise.all(itemIDs.map((itemID) => fetch(`/api/items/${itemID}`).then((response) => response.json()))).then(
      (items) => player.playScene(items),
    ),
};

export function install() {
  noteStarts();
  window.soundshelfTest = {
    startCapture,
    stopCapture,
    layers,
    sounding: () => player.audioEngine().layers.size,
    // Layers still sounding (fading out included): when each started and falls silent.
    sounds: () =>
      [...player.audioEngine().layers].map((layer) => ({ startedAt: layer.startedAt, stopAt: layer.stopAt })),
    now: () => player.audioEngine().context.currentTime,
    ...syncHooks,
    settings,
    update,
    streamFrom: (bytes) => setStreamLimit(bytes ?? streamLimitBytes),
    setExtras(map) {
      sessionStorage.setItem(extrasKey, JSON.stringify(map));
      setItemExtras(map);
    },
  };
  document.body.dataset.test = "ready";
}
