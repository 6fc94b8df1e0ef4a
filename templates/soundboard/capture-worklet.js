// The browser tests' recorder (loaded only in the page's test mode): an AudioWorklet processor
// that copies what reaches it (the master output, first channel) in blocks of 8,192 frames, each
// with the context frame it starts at, and posts them to the page while recording, until the
// frame the page asked it to stop at has been recorded.
class Capture extends AudioWorkletProcessor {
  constructor() {
    super();
    this.recording = false;
    this.block = new Float32Array(8192);
    this.filled = 0;
    this.blockFrame = 0;
    this.port.onmessage = (event) => {
      if (event.data === "start") {
        this.recording = true;
        this.filled = 0;
      } else if (event.data.stopAt !== undefined) {
        this.stopAt = event.data.stopAt; // a context frame: recording goes on until it has passed
      }
    };
  }

  flush() {
    if (this.filled === 0) return;
    const samples = this.block.slice(0, this.filled);
    this.port.postMessage({ frame: this.blockFrame, samples }, [samples.buffer]);
    this.filled = 0;
  }

  process(inputs) {
    if (!this.recording) return true;
    if (this.stopAt !== undefined && currentFrame >= this.stopAt) {
      this.recording = false;
      this.stopAt = undefined;
      this.flush();
      this.port.postMessage({ done: true });
      return true;
    }
    const channel = inputs[0] && inputs[0][0];
    const frames = channel ? channel.length : 128;
    // A render quantum the browser skipped (a busy machine) starts a new block, so every block's
    // frame stays true and the page can place it in time.
    if (this.filled > 0 && currentFrame !== this.blockFrame + this.filled) this.flush();
    for (let index = 0; index < frames; index += 1) {
      if (this.filled === 0) this.blockFrame = currentFrame + index;
      this.block[this.filled] = channel ? channel[index] : 0;
      this.filled += 1;
      if (this.filled === this.block.length) this.flush();
    }
    return true;
  }
}

registerProcessor("soundshelf-capture", Capture);
