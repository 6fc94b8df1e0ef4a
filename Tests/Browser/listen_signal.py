"""The signal side of the listen-along measurements (Tests/Browser/listen_sync.py): a page's recording placed on the
machine's clock through its getOutputTimestamp() pairs, the onsets of the sounds in it, and how far apart two pages'
onsets are."""

import base64

import numpy as np

from audio_capture import Capture
from soundboard_test import StepFailed


def machine_times(result):
    """The recording's samples, the machine time (ms) of each through its getOutputTimestamp pairs, and how well the
    pairs fit ({"rms": ms, "steps": [(machine ms, ms moved)]}). The pairs lie on a line until the output's timing
    changes (the audio stalled while the machine's clock went on): the line's slope is fitted over them all, and each
    stretch between steps gets its own offset, so the samples on either side of a step are placed by their own pairs."""
    samples = np.frombuffer(base64.b64decode(result["samples"]), dtype="<f4")
    capture = Capture.placed(samples, result["clock"], result["lengths"], result["sampleRate"])
    stamps = np.array(result["stamps"], dtype=np.float64)
    if len(stamps) < 20:
        raise StepFailed(f"only {len(stamps)} output timestamps were read")
    # machine ms = slope × context s + intercept; pairs far off a first line (a context starting up, a page busy
    # between the two readings, the far side of a step) are left out of the second.
    keep = np.ones(len(stamps), dtype=bool)
    for _ in range(3):
        slope, intercept = np.polyfit(stamps[keep, 1], stamps[keep, 0], 1)
        residual = stamps[:, 0] - (slope * stamps[:, 1] + intercept)
        spread = np.median(np.abs(residual[keep])) * 3 + 1.0
        keep = np.abs(residual) <= spread
    machine, ctx = stamps[:, 0], stamps[:, 1]
    for _ in range(2):
        # The stretches between steps, then one slope through them all (each stretch about its own means) and the
        # offset of each.
        starts = output_steps(residual)
        stretch = np.searchsorted(starts, np.arange(len(stamps)), side="right") - 1
        inside = [stretch == index for index in range(len(starts))]
        dc = np.concatenate([ctx[part] - ctx[part].mean() for part in inside])
        dm = np.concatenate([machine[part] - machine[part].mean() for part in inside])
        slope = float(np.sum(dc * dm) / np.sum(dc * dc)) if np.sum(dc * dc) > 0 else slope
        offsets = np.array([np.median(machine[part] - slope * ctx[part]) for part in inside])
        intercept = 0.0
        residual = machine - slope * ctx - offsets[0]
    left = machine - slope * ctx - offsets[stretch]
    context = capture.start + np.arange(len(capture.samples)) / capture.rate
    # A sample takes the offset of the stretch its context time falls in.
    where = np.searchsorted(ctx[starts], context, side="right") - 1
    times = intercept + slope * context + offsets[np.clip(where, 0, len(starts) - 1)]
    steps = [(float(stamps[start, 0]), float(offsets[index] - offsets[index - 1])) for index, start in enumerate(starts) if index]
    return capture.samples, times, {"rms": float(np.std(left[np.abs(left) <= 1.0 + 3 * np.median(np.abs(left))])), "steps": steps}


def output_steps(residual, count=8, least=1.0):
    """Where the pairs' distance from their line (ms) steps: the indices that start each stretch (0 first). A step is
    `count` pairs in a row all beyond `least` ms and four times the jitter from the median of the `2 × count` before."""
    starts = [0]
    index = 2 * count
    while index + count <= len(residual):
        before = residual[max(starts[-1], index - 2 * count):index]
        reference = np.median(before)
        limit = max(least, 4 * np.median(np.abs(before - reference)))
        off = residual[index:index + count] - reference
        if len(before) >= count and (np.all(off > limit) or np.all(off < -limit)):
            starts.append(index)
            index += 2 * count
        else:
            index += 1
    return np.array(starts)


def onsets(samples, times, quiet_ms=150, threshold=0.02):
    """Machine times (ms) of each sound's first sample after at least `quiet_ms` of silence."""
    loud = np.flatnonzero(np.abs(samples) > threshold)
    if len(loud) == 0:
        return np.array([])
    gaps = np.diff(times[loud]) > quiet_ms
    starts = np.concatenate(([loud[0]], loud[1:][gaps]))
    # A sound already playing when the recording began has no onset in it.
    if times[starts[0]] - times[0] < quiet_ms:
        starts = starts[1:]
    return times[starts]


def pitch(samples, times, onset, span=0.01):
    """The frequency (Hz) of the `span` s after the onset at machine time `onset`, by zero crossings."""
    start = int(np.searchsorted(times, onset))
    rate = len(times) / ((times[-1] - times[0]) / 1000) if len(times) > 1 else 48000
    part = samples[start:start + int(span * rate)]
    crossings = np.count_nonzero(np.diff(np.signbit(part)))
    return crossings / 2 / span


def skews(reference, other, window=100.0):
    """For each onset of `reference`, the other page's nearest onset minus it (ms), when within `window`."""
    found = []
    for onset in reference:
        if len(other) == 0:
            continue
        nearest = other[np.argmin(np.abs(other - onset))]
        if abs(nearest - onset) <= window:
            found.append(nearest - onset)
    return np.array(found)


def p95(values):
    return float(np.percentile(np.abs(values), 95)) if len(values) else float("nan")
