"""What the soundboard audio test needs besides the browser: loudness figures measured by ffmpeg's EBU R128
filter, peaks as the catalog publishes them, and the recorder of the page's test mode (soundshelfTest.startCapture /
stopCapture) with levels and tones of what it captured."""

import base64
import math
import re
import subprocess
import wave

import numpy as np

from soundboard_test import StepFailed

SILENT_DB = -60.0


def measure(path):
    """Integrated loudness and true peak by ffmpeg's ebur128 filter: {integrated, truePeak, momentaryMax}."""
    run = subprocess.run(
        ["ffmpeg", "-hide_banner", "-nostats", "-i", path, "-af", "aresample=48000,ebur128=peak=true", "-f", "null", "-"],
        capture_output=True, text=True)
    summary = run.stderr[run.stderr.rfind("Summary:"):]
    integrated = float(re.search(r"I:\s+(-?[\d.]+) LUFS", summary).group(1))
    peak = float(re.search(r"Peak:\s+(-?[\d.]+) dBFS", summary).group(1))
    return {"integrated": integrated, "truePeak": peak, "momentaryMax": integrated, "range": 0.0}


def peaks(path):
    """The file's waveform as the catalog publishes it: base64 of 256 peak bytes."""
    with wave.open(path) as handle:
        frames = np.frombuffer(handle.readframes(handle.getnframes()), dtype="<i2").astype(np.float64) / 32768
    parts = np.array_split(np.abs(frames), 256)
    return base64.b64encode(bytes(min(255, int(round(part.max() * 255))) for part in parts)).decode()


def db(value):
    return 20 * math.log10(max(value, 1e-12))


def rms(samples):
    return float(np.sqrt(np.mean(np.square(samples)))) if len(samples) else 0.0


def tone(samples, frequency, rate):
    """The amplitude of `frequency` in `samples` (a single-bin DFT, Hann window)."""
    n = len(samples)
    window = np.hanning(n)
    phase = np.exp(-2j * np.pi * frequency * np.arange(n) / rate)
    return float(2 * abs(np.sum(samples * window * phase)) / np.sum(window))


class Listener:
    def __init__(self, page):
        self.page = page

    def start(self):
        return self.page.driver.execute_async_script(
            "const done = arguments[arguments.length - 1]; soundshelfTest.startCapture().then(done, e => done({error: String(e)}))")

    def stop(self, until=0):
        """The capture up to context time `until` at least: samples, context time of the first one, rate."""
        result = self.page.driver.execute_async_script(
            "const [until, done] = arguments; soundshelfTest.stopCapture(until).then(done, e => done({error: String(e)}))", until)
        if "error" in result:
            raise StepFailed(f"the recorder failed: {result['error']}")
        samples = np.frombuffer(base64.b64decode(result["samples"]), dtype="<f4")
        print(f"  (capture: frame {result['frame']}, {len(samples)} samples, asked until {until:.4f} s)")
        rate = result["sampleRate"]
        return Capture(samples, result["frame"] / rate, rate)


class Capture:
    def __init__(self, samples, start, rate):
        self.samples, self.start, self.rate = samples, start, rate

    def between(self, begin, end):
        first = max(0, int(round((begin - self.start) * self.rate)))
        last = max(first, int(round((end - self.start) * self.rate)))
        if last > len(self.samples):
            raise StepFailed(f"the capture ({self.start:.4f} s + {len(self.samples)} samples) ends at "
                             f"{self.start + len(self.samples) / self.rate:.4f} s, before {end:.4f} s")
        return self.samples[first:last]

    def levels(self, begin, end, block=0.01):
        """(time, dBFS) per `block` seconds between begin and end."""
        result = []
        time_ = begin
        while time_ + block <= end + 1e-9:
            result.append((time_, db(rms(self.between(time_, time_ + block)) * math.sqrt(2))))
            time_ += block
        return result
