// Playback gain from an item's loudness figures, for the user's targets: an atmosphere plays at
// `target − integrated`, an effect at `target − momentaryMax` (short sounds are matched on their
// loudest moment), either capped so that `truePeak + gain ≤ −1 dBTP`. No DOM code.

/// The catalog's default targets (LUFS); the settings panel lets the user choose others.
export const defaultTargets = Object.freeze({ atmosphere: -23, sfx: -16 });

/// The gain in dB for `figures` ({integrated, momentaryMax, truePeak}) of an item of `kind`;
/// null when the figure it needs is missing (unmeasured, or digital silence).
export function gainFor(figures, kind, targets = defaultTargets) {
  if (!figures || typeof figures !== "object") return null;
  const measured = kind === "sfx" ? figures.momentaryMax : figures.integrated;
  const target = targets[kind] ?? defaultTargets[kind];
  if (typeof measured !== "number" || typeof target !== "number") return null;
  let gain = target - measured;
  if (typeof figures.truePeak === "number") gain = Math.min(gain, -1 - figures.truePeak);
  return gain;
}

/// The gain in dB an item (or one of its takes) plays at: from its loudness figures when it has
/// them; else its published `gain` (made for the default targets) moved by how far the user's
/// target is from the default; else 0 (unity).
export function itemGain(item, take, targets = defaultTargets) {
  const kind = item.kind;
  const figures = (take && take.loudness) || item.loudness;
  const measured = gainFor(figures, kind, targets);
  if (measured !== null) return measured;
  const published = take && typeof take.gain === "number" ? take.gain : item.gain;
  if (typeof published === "number") {
    const shift = (targets[kind] ?? defaultTargets[kind] ?? 0) - (defaultTargets[kind] ?? 0);
    return published + shift;
  }
  return 0;
}

/// dB → linear amplitude.
export const dbToGain = (db) => Math.pow(10, db / 20);
