// What a sound file says of itself before and after decoding: the sample rate its header declares
// and its loop points in seconds. No DOM code.

/// Loop points in seconds, or null for the whole file (missing, reversed or outside the file).
export function loopSeconds(loop, sampleRate, duration) {
  if (!loop || typeof loop !== "object" || !(sampleRate > 0)) return null;
  const start = Number(loop.start) / sampleRate;
  const end = Number(loop.end) / sampleRate;
  if (!isFinite(start) || !isFinite(end) || start < 0 || end <= start || end > duration + 1e-6) return null;
  return { start, end };
}

/// The sample rate a file's header declares (WAV, FLAC, Ogg Vorbis; Opus counts at 48 kHz), or
/// null for a format it does not know (the decoded buffer's rate is used then).
export function fileSampleRate(view) {
  const text = (offset, length) =>
    offset + length <= view.byteLength
      ? String.fromCharCode(...new Uint8Array(view.buffer, view.byteOffset + offset, length))
      : "";
  if (text(0, 4) === "RIFF" && text(8, 4) === "WAVE") {
    for (let offset = 12; offset + 8 <= view.byteLength; ) {
      const size = view.getUint32(offset + 4, true);
      if (text(offset, 4) === "fmt " && offset + 16 <= view.byteLength) return view.getUint32(offset + 12, true);
      offset += 8 + size + (size % 2);
    }
    return null;
  }
  if (text(0, 4) === "fLaC" && view.byteLength >= 21) {
    const at = 8; // STREAMINFO's data, after its 4-byte block header
    return (view.getUint8(at + 10) << 12) | (view.getUint8(at + 11) << 4) | (view.getUint8(at + 12) >> 4);
  }
  if (text(0, 4) === "OggS" && view.byteLength > 27) {
    const packet = 27 + view.getUint8(26);
    if (text(packet, 8) === "OpusHead") return 48000;
    if (text(packet, 7) === "\x01vorbis" && packet + 16 <= view.byteLength) return view.getUint32(packet + 12, true);
  }
  return null;
}
