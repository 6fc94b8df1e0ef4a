// Test mode of listening along (loaded only with ?test): records a page's output with, for every
// few render quanta, the machine time it is heard (getOutputTimestamp() + performance.timeOrigin),
// so a browser test can place each page's onsets on one clock. `install(state)` is the listen
// page's; the soundboard's test-hooks.js uses `syncCapture` on its own engine.

/// A recorder of `engine`'s master output: start() and stop() → {sampleRate, samples (base64
/// Float32), clock, lengths (as capture-worklet.js), stamps ([machine ms, context s] pairs)}.
export function syncCapture(engine, workletURL) {
  let recorder = null;
  let blocks = [];
  let stamps = [];
  let timer = null;
  let stopped = null;
  const context = engine.context;
  return {
    /// Adds the recorder to the graph (once). Chromium moves the rendering onto the AudioWorklet's
    /// thread when the first one is added, which moves getOutputTimestamp()'s pairs by 10–17 ms:
    /// a page under test adds it before its clocks start, as a page without it never sees that step.
    async attach() {
      await engine.resume();
      if (recorder) return;
      await context.audioWorklet.addModule(workletURL);
      recorder = new AudioWorkletNode(context, "soundshelf-capture", {
        numberOfInputs: 1,
        numberOfOutputs: 1,
        outputChannelCount: [1],
      });
      engine.master.connect(recorder);
      recorder.connect(context.destination);
      recorder.port.onmessage = (event) => {
        if (event.data.done) stopped && stopped();
        else blocks.push(event.data);
      };
    },
    async start() {
      await this.attach();
      blocks = [];
      stamps = [];
      const stamp = () => {
        const { contextTime, performanceTime } = context.getOutputTimestamp();
        if (performanceTime > 0) stamps.push([performance.timeOrigin + performanceTime, contextTime]);
      };
      timer = setInterval(stamp, 25);
      recorder.port.postMessage("start");
      return { sampleRate: context.sampleRate, time: context.currentTime };
    },
    async stop() {
      const done = new Promise((resolve) => (stopped = resolve));
      recorder.port.postMessage({ stopAt: Math.ceil(context.currentTime * context.sampleRate) });
      await done;
      clearInterval(timer);
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
        stamps,
      };
    },
  };
}

/// The listen page's recorder, added to `engine` before the page's clocks start (see `attach`).
export async function prepare(engine) {
  const capture = syncCapture(engine, "listen/capture-worklet.js");
  await capture.attach();
  return capture;
}

export function install(state, capture) {
  window.soundshelfListen = {
    startCapture: () => capture.start(),
    stopCapture: () => capture.stop(),
    layers: () =>
      [...state.follower.layers.entries()].map(([id, entry]) => ({
        id,
        item: entry.event.item,
        at: entry.event.at, // the server time (ms) the owner's page started it
        take: entry.event.take ?? 0,
        cents: entry.event.cents ?? 0,
        gain: entry.event.gain ?? 0,
        volume: entry.layer ? entry.layer.volume : null,
        sounding: Boolean(entry.layer),
        offset: entry.layer ? entry.layer.offset : null,
        phaseError: entry.layer ? state.follower.phaseError(entry) : null,
        corrections: entry.corrections || 0,
      })),
    sounding: () => state.engine.layers.size,
    // The volume each kind's bus is set to (the owner's ⚙ Settings reach it); 1 until set.
    kinds: () =>
      Object.fromEntries(Object.keys(state.engine.buses).map((kind) => [kind, state.engine.kindVolumes[kind] ?? 1])),
    late: () => state.follower.late,
    // The live one-shots not played (s they would have been late by), and the delay this page reports.
    dropped: () => state.follower.dropped,
    delay: () => state.follower.delayQuery(),
    // The machine time (ms, as performance.timeOrigin + now()) the first layer was heard from.
    firstStart: () => (state.follower.starts.length ? performance.timeOrigin + state.follower.starts[0] : null),
    reconnect: () => state.reconnect(),
    // The page's audio stops for `ms` (its context suspended, as a phone's call would), then goes on.
    interrupt: (ms) =>
      state.engine.context
        .suspend()
        .then(() => new Promise((done) => setTimeout(done, ms)))
        .then(() => state.engine.context.resume()),
    steps: () => state.map.steps.length,
    clock: () => ({
      offset: state.clock.offset,
      best: state.clock.best,
      rtt: state.clock.rtt,
      origin: performance.timeOrigin,
    }),
    // The audio files fetched, one URL per fetch (a file fetched twice is listed twice).
    fetched: () =>
      performance
        .getEntriesByType("resource")
        .filter((entry) => entry.name.includes("/audio/"))
        .map((entry) => entry.name),
  };
  document.body.dataset.test = "ready";
}
