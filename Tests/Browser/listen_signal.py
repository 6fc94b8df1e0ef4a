"""The signal side of the listen-along measurements (Tests/Browser/listen_sync.py): a page's recording placed on the
machine's clock through its getOutputTimestamp() pairs, the onsets of the sounds in it, and how far apart two pages'
onsets are."""

import base64

import numpy as np

from audio_capture import Capture
from soundboard_test import StepFailed


def machine_times(result):
    """The recording's samples and the machine time (ms) of each, through the fitted getOutputTimestamp line."""
    samples = np.frombuffer(base64.b64decode(result["samples"]), dtype="<f4")
    capture = Capture.placed(samples, result["clock"], result["lengths"], result["sampleRate"])
    stamps = np.array(result["stamps"], dtype=np.float64)
    if len(stamps) < 20:
        raise StepFailed(f"only {len(stamps)} output timestamps were read")
    # machine ms = slope × context s + intercept; pairs far off a first line (a context starting up, a page busy
    # between the two readings) are left out of the second.
    keep = np.ones(len(stamps), dtype=bool)
    for _ in range(3):
        slope, intercept = np.polyfit(stamps[keep, 1], stamps[keep, 0], 1)
        residual = stamps[:, 0] - (slope * stamps[:, 1] + intercept)
        spread = np.median(np.abs(residual[keep])) * 3 + 1.0
        keep = np.abs(residual) <= spread
    residual = residual[keep]
    times = intercept + slope * (capture.start + np.arange(len(capture.samples)) / capture.rate)
    return capture.samples, times, float(np.std(residual))


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
