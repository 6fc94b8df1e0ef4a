// Streams a long PCM WAV file without decoding it whole, and loops it without a gap: the file is
// read in chunks of 5 s by HTTP Range requests, each chunk decoded on its own (a WAV header before
// its frames) and scheduled to start exactly where the previous one ends, a few seconds ahead of
// the clock; after the loop's end it goes on from the loop's start. It stands in for an
// AudioBufferSourceNode (connect, start, stop, onended). No DOM code.

const chunkSeconds = 5;
const aheadSeconds = 8; // scheduled audio kept ahead of the clock
const headerBytes = 65536; // the part of the file read to find `fmt ` and `data`

/// The WAV layout of `view` (the file's first bytes): {format, channels, sampleRate, bits,
/// dataOffset, dataBytes}; null when it is not PCM (format 1) or float (format 3) WAV.
export function wavLayout(view) {
  const text = (offset) => String.fromCharCode(...new Uint8Array(view.buffer, view.byteOffset + offset, 4));
  if (view.byteLength < 12 || text(0) !== "RIFF" || text(8) !== "WAVE") return null;
  let format = null;
  for (let offset = 12; offset + 8 <= view.byteLength; ) {
    const id = text(offset);
    const size = view.getUint32(offset + 4, true);
    if (id === "fmt " && offset + 24 <= view.byteLength) {
      format = {
        format: view.getUint16(offset + 8, true),
        channels: view.getUint16(offset + 10, true),
        sampleRate: view.getUint32(offset + 12, true),
        bits: view.getUint16(offset + 22, true),
      };
    } else if (id === "data" && format) {
      const known = format.format === 1 || format.format === 3 || format.format === 0xfffe;
      return known ? Object.assign(format, { dataOffset: offset + 8, dataBytes: size }) : null;
    }
    offset += 8 + size + (size % 2);
  }
  return null;
}

// A WAV file of the frames in `bytes`, with `layout`'s format.
function wavFile(layout, bytes) {
  const header = new DataView(new ArrayBuffer(44));
  const put = (offset, text) => [...text].forEach((char, index) => header.setUint8(offset + index, char.charCodeAt(0)));
  const blockAlign = layout.channels * (layout.bits / 8);
  put(0, "RIFF");
  header.setUint32(4, 36 + bytes.byteLength, true);
  put(8, "WAVE");
  put(12, "fmt ");
  header.setUint32(16, 16, true);
  header.setUint16(20, layout.format === 3 ? 3 : 1, true);
  header.setUint16(22, layout.channels, true);
  header.setUint32(24, layout.sampleRate, true);
  header.setUint32(28, layout.sampleRate * blockAlign, true);
  header.setUint16(32, blockAlign, true);
  header.setUint16(34, layout.bits, true);
  put(36, "data");
  header.setUint32(40, bytes.byteLength, true);
  const file = new Uint8Array(44 + bytes.byteLength);
  file.set(new Uint8Array(header.buffer), 0);
  file.set(new Uint8Array(bytes), 44);
  return file.buffer;
}

async function range(url, first, last) {
  const response = await fetch(url, { headers: { Range: `bytes=${first}-${last}` } });
  if (response.status !== 206 && response.status !== 200) throw new Error(`HTTP ${response.status}`);
  const bytes = await response.arrayBuffer();
  return response.status === 206 ? bytes : bytes.slice(first, last + 1);
}

export class WavStream {
  /// Opens `url`; null when it is not a PCM WAV (the caller plays it another way).
  static async open(context, url, loop) {
    const head = await range(url, 0, headerBytes - 1);
    const layout = wavLayout(new DataView(head));
    if (!layout) return null;
    const stream = new WavStream(context, url, layout, loop);
    stream.first = await stream.nextChunk(); // decoded before start, so the start is on time
    return stream;
  }

  constructor(context, url, layout, loop) {
    this.context = context;
    this.url = url;
    this.layout = layout;
    this.frameBytes = layout.channels * (layout.bits / 8);
    this.frames = Math.floor(layout.dataBytes / this.frameBytes);
    this.output = context.createGain();
    const points = loop && typeof loop === "object" ? loop : null;
    const valid = points && points.start >= 0 && points.end > points.start && points.end <= this.frames;
    this.loop = Boolean(loop);
    this.loopFrames = valid ? { start: points.start, end: points.end } : { start: 0, end: this.frames };
    this.loopStart = this.loopFrames.start / layout.sampleRate;
    this.loopEnd = this.loopFrames.end / layout.sampleRate;
    this.position = 0; // the next frame of the file to schedule
    this.sources = new Set();
    this.onended = null;
    this.stopTime = null;
    this.busy = false;
  }

  connect(node) {
    return this.output.connect(node);
  }

  // Seconds ahead of the clock a start must be planned, so the first chunk is taken up on time.
  get startLead() {
    return 0.03;
  }

  start(when) {
    this.nextTime = this.onFrame(Math.max(when, this.context.currentTime));
    if (this.first) this.schedule(this.first);
    this.first = null;
    this.timer = setInterval(() => this.fill(), 500);
    this.fill();
  }

  // `time` moved up to the next frame of the context's clock.
  onFrame(time) {
    const rate = this.context.sampleRate;
    return Math.ceil(time * rate) / rate;
  }

  // The next chunk of the file (wrapping to the loop's start): {buffer, count}, or null at the end.
  async nextChunk() {
    const end = this.loop ? this.loopFrames.end : this.frames;
    if (this.position >= end) {
      if (!this.loop) return null;
      this.position = this.loopFrames.start;
    }
    const count = Math.min(end - this.position, Math.round(chunkSeconds * this.layout.sampleRate));
    const first = this.layout.dataOffset + this.position * this.frameBytes;
    const bytes = await range(this.url, first, first + count * this.frameBytes - 1);
    const buffer = await this.context.decodeAudioData(wavFile(this.layout, bytes));
    this.position += count;
    return buffer;
  }

  schedule(buffer) {
    // Late (the clock passed the planned start): a gap cannot be helped, an overlap can.
    if (this.nextTime < this.context.currentTime) this.nextTime = this.onFrame(this.context.currentTime + 0.02);
    const source = this.context.createBufferSource();
    source.buffer = buffer;
    source.connect(this.output);
    source.start(this.nextTime);
    source.onended = () => {
      this.sources.delete(source);
      this.endedCheck();
    };
    this.sources.add(source);
    this.nextTime += buffer.length / this.context.sampleRate;
  }

  // Schedules chunks until `aheadSeconds` are queued (one fetch at a time).
  async fill() {
    if (this.busy || this.stopTime !== null) return;
    this.busy = true;
    try {
      while (this.stopTime === null && this.nextTime - this.context.currentTime < aheadSeconds) {
        const buffer = await this.nextChunk();
        if (!buffer || this.stopTime !== null) break;
        this.schedule(buffer);
      }
    } catch (error) {
      this.error = error;
      this.stop(this.context.currentTime);
    } finally {
      this.busy = false;
    }
    this.endedCheck();
  }

  endedCheck() {
    const done = this.sources.size === 0 && !this.busy;
    const finished = this.stopTime !== null || (!this.loop && this.position >= this.frames);
    if (done && finished && !this.ended) {
      this.ended = true;
      clearInterval(this.timer);
      if (this.onended) this.onended();
    }
  }

  stop(when = 0) {
    this.stopTime = when;
    clearInterval(this.timer);
    for (const source of this.sources) {
      if (source.buffer) {
        try {
          source.stop(Math.max(when, this.context.currentTime));
        } catch (error) {
          // not started or already stopped
        }
      }
    }
    this.endedCheck();
  }
}
