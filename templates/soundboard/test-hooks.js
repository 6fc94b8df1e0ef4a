// The page's test mode (loaded only with ?test in the URL): `window.soundshelfTest` lets a
// browser test record the master output through an AudioWorklet (capture-worklet.js), give items
// keys their server does not send yet (loudness, loop, takes, peaks…), and read the layers.
import { setItemExtras } from "./api.js";
import { setStreamLimit, streamLimitBytes } from "./audio-engine.js";
import * as player from "./player.js";
import { settings, update } from "./settings.js";

export const extrasKey = "soundshelf.test.extras";
let recorder = null;
let chunks = [];
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
      else chunks.push(event.data);
    };
  }
  chunks = [];
  recorder.port.postMessage("start");
  return { sampleRate: context.sampleRate, time: context.currentTime };
}

/// The recording since startCapture, up to context time `until` at least (default: now):
/// {frame (of its first sample), sampleRate, samples (base64 of little-endian Float32)}.
async function stopCapture(until = 0) {
  const done = new Promise((resolve) => (stopped = resolve));
  const context = player.audioEngine().context;
  recorder.port.postMessage({ stopAt: Math.ceil(Math.max(until, context.currentTime) * context.sampleRate) });
  await done;
  // Each block at its own frame: a quantum the browser skipped stays a gap of silence in time.
  const first = chunks.length ? chunks[0].frame : 0;
  const last = chunks.length ? chunks[chunks.length - 1] : null;
  const all = new Float32Array(last ? last.frame + last.samples.length - first : 0);
  for (const chunk of chunks) all.set(chunk.samples, chunk.frame - first);
  const bytes = new Uint8Array(all.buffer);
  let text = "";
  for (let index = 0; index < bytes.length; index += 0x8000) {
    text += String.fromCharCode.apply(null, bytes.subarray(index, index + 0x8000));
  }
  return { frame: chunks.length ? chunks[0].frame : 0, sampleRate: context.sampleRate, samples: btoa(text) };
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
  }));
}

export function install() {
  window.soundshelfTest = {
    startCapture,
    stopCapture,
    layers,
    sounding: () => player.audioEngine().layers.size,
    // Layers still sounding (fading out included): when each started and falls silent.
    sounds: () => [...player.audioEngine().layers].map((layer) => ({ startedAt: layer.startedAt, stopAt: layer.stopAt })),
    now: () => player.audioEngine().context.currentTime,
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
