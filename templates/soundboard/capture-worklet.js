// The browser tests' recorder (loaded only in the page's test mode): an AudioWorklet processor
// that copies what reaches it (the master output, first channel), one render quantum per
// process() call, and posts blocks of up to 8,192 frames to the page while recording, until the
// frame the page asked it to stop at has been recorded.
//
// It does not place the samples itself. With each quantum it notes the `currentFrame` it read, and
// the reader (Tests/Browser/audio_capture.py, `place`) puts quantum i at the frame of the calls
// before it: Chromium updates the worklet scope's `currentFrame` only when the render thread gets
// the graph's lock, so while the main thread connects, disconnects or disposes of nodes (the
// streaming engine does every second) a quantum can read the frame of the one before it. Placed
// by that reading, one quantum would land on its predecessor and leave a silent quantum behind it:
// a gap the page never played.
class Capture extends AudioWorkletProcessor {
  constructor() {
    super();
    this.recording = false;
    this.block = new Float32Array(8192);
    this.filled = 0;
    this.clock = []; // the `currentFrame` each quantum of the block read
    this.lengths = []; // and its frames (128)
    this.port.onmessage = (event) => {
      if (event.data === "start") {
        this.recording = true;
        this.filled = 0;
        this.clock = [];
        this.lengths = [];
      } else if (event.data.stopAt !== undefined) {
        this.stopAt = event.data.stopAt; // a context frame: recording goes on until it has passed
      }
    };
  }

  flush() {
    if (this.filled === 0) return;
    const samples = this.block.slice(0, this.filled);
    this.port.postMessage({ clock: this.clock, lengths: this.lengths, samples }, [samples.buffer]);
    this.filled = 0;
    this.clock = [];
    this.lengths = [];
  }

  process(inputs) {
    if (!this.recording) return true;
    // A stale `currentFrame` is only ever behind: at worst this records a quantum more.
    if (this.stopAt !== undefined && currentFrame >= this.stopAt) {
      this.recording = false;
      this.stopAt = undefined;
      this.flush();
      this.port.postMessage({ done: true });
      return true;
    }
    const channel = inputs[0] && inputs[0][0];
    const frames = channel ? channel.length : 128;
    if (this.filled + frames > this.block.length) this.flush();
    this.clock.push(currentFrame);
    this.lengths.push(frames);
    if (channel) this.block.set(channel, this.filled);
    else this.block.fill(0, this.filled, this.filled + frames);
    this.filled += frames;
    return true;
  }
}

registerProcessor("soundshelf-capture", Capture);
