// Loops kept on the server's clock, on every page that plays them (the players' `Follower` and the
// owner's `watchLoops` in listen-share.js): how far a loop is from its phase, a nudge back that is
// not heard, or a restart at its phase. No DOM code.
import { centsToRate } from "./audio-engine.js";

const driftLimit = 0.003; // s: a loop closer than this to its phase is left as it is
const nudgeLimit = 0.02; // s: a loop closer than this (and past driftLimit) is nudged back, not restarted
const driftIgnored = 1; // s: a loop further than this from its phase is left as it is
const restartFade = 0.02; // s: the crossfade from a loop to its copy restarted at its phase

/// How far (s, +: late) a looping layer's phase is from that of a loop started at context time
/// `target` (which may be long past), within ± half a loop.
export function loopPhaseError(layer, cents, target) {
  const rate = centsToRate(cents);
  const source = layer.source;
  const start = source.loopEnd > source.loopStart ? source.loopStart : 0;
  const end = source.loopEnd > source.loopStart ? source.loopEnd : source.buffer.duration;
  const length = (end - start) / rate; // s of context time per loop
  // Where the layer is in the file at its start, against where a start at `target` would be then.
  const error = target + layer.offset / rate - layer.startedAt;
  // error > 0: this layer is further into the file than it should be, i.e. early; late is +.
  const wrapped = ((((-error + length / 2) % length) + length) % length) - length / 2;
  return wrapped;
}

/// Brings a loop `error` s (+: late) back to its phase without a seam: a few ms by playing up to
/// 0.3 % faster or slower for up to 1.9 s (5 cents: not heard), recorded in its offset. Returns
/// false when the error is too large for that (the caller restarts the layer instead). One nudge at
/// a time: its offset counts it whole from the start, and a second one begun before it ends would
/// be cut short by the first's return to normal speed, leaving the offset wrong by the difference.
export function nudge(layer, error, cents) {
  if (Math.abs(error) > nudgeLimit || !layer.source.playbackRate) return false;
  const speed = 0.003;
  const seconds = Math.min(Math.abs(error) / speed, 1.9);
  const factor = error > 0 ? 1 + speed : 1 - speed;
  const now = layer.engine.context.currentTime;
  if (layer.nudgedUntil > now) return true; // the one running is counted already
  layer.nudgedUntil = now + seconds;
  const param = layer.source.playbackRate;
  param.setValueAtTime(factor, now);
  param.setValueAtTime(1, now + seconds);
  layer.offset += (factor - 1) * seconds * centsToRate(cents);
  return true;
}

/// Brings the loops among `entries` back to their phase, one after another, on every page (the
/// players' `Follower.correctDrift`, the owner's `watchLoops` in listen-share.js). `loop(entry)`
/// gives null for an entry to skip, else {layer, error (s, +: late: `loopPhaseError`), cents,
/// restart(fade) (resolves to a copy of the layer playing at its phase), replace(fresh) (puts the
/// copy in the layer's place; false when the entry stopped or changed meanwhile), corrected()
/// (optional: hears a nudge, or a restart that took)}. A loop within `driftLimit` (3 ms) of its phase,
/// or further than `driftIgnored` (1 s), is left as it is; one off by up to `nudgeLimit` (20 ms) is
/// nudged back (`nudge`; one already running counts); further, it restarts at its phase with a
/// `restartFade` (20 ms) crossfade (a copy whose entry stopped or changed while it loaded stops at once).
export async function correctLoops(entries, loop) {
  for (const entry of entries) {
    const one = loop(entry);
    if (!one) continue;
    const { layer, error } = one;
    const corrected = one.corrected || (() => {});
    if (Math.abs(error) <= driftLimit || Math.abs(error) > driftIgnored) continue;
    if (nudge(layer, error, one.cents)) {
      corrected();
      continue;
    }
    const fresh = await one.restart(restartFade);
    if (!one.replace(fresh)) {
      fresh.stop(0);
      continue;
    }
    corrected();
    layer.stop(restartFade, fresh.startedAt);
  }
}
