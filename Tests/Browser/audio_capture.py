"""What the soundboard audio test needs besides the browser: loudness figures measured by ffmpeg's EBU R128
filter, peaks as the catalog publishes them, the recorder of the page's test mode (soundshelfTest.startCapture /
stopCapture) with levels and tones of what it captured, and the judge of a recorded loop (`LoopCheck`), which tells
what the browser did to a recording from a gap the page's engine made."""

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


QUANTUM = 128  # frames in a Web Audio render quantum
MAX_BROWSER_EVENTS = 3  # times the browser may lose audio in one checked loop; more, and the recording is useless


def place(clock, lengths):
    """The context frame of each render quantum the recorder copied, from the `currentFrame` each read.

    Chromium's worklet scope has a copy of the context's clock, updated after each quantum only when the render
    thread gets the graph's lock (BaseAudioContext::UpdateWorkletGlobalScopeOnRenderingThread, a try-lock); while the
    main thread connects, disconnects or disposes of nodes the copy stands still, so a quantum can read the frame of
    the one before it. It is never ahead, and it only changes to the true frame. So a reading that differs from the
    one before is true, a reading equal to it is stale, and every quantum is placed by counting the frames of the
    quanta before it from the first true reading. Returns (frames, stale, missed): stale = [(frame, quanta)] where
    the clock stood still, missed = [(frame, count)] where the recorder was not called for `count` frames (the
    reading jumped past the count: a quantum the browser never gave it)."""
    n = len(clock)
    if n == 0:
        return [], [], []
    if len(lengths) != n:
        raise StepFailed(f"the recorder sent {n} clock readings for {len(lengths)} quanta")
    first_true = next((i for i in range(1, n) if clock[i] != clock[i - 1]), None)
    if first_true is None:
        if n > 2:
            raise StepFailed(f"the recorder's clock read {clock[0]} in all of its {n} quanta")
        first_true = 0
    frames = [0] * n
    frames[first_true] = clock[first_true]
    for index in range(first_true - 1, -1, -1):
        frames[index] = frames[index + 1] - lengths[index]
    missed = []
    for index in range(first_true + 1, n):
        counted = frames[index - 1] + lengths[index - 1]
        if clock[index] == clock[index - 1] or clock[index] == counted:
            frames[index] = counted
        elif clock[index] > counted:
            frames[index] = clock[index]
            missed.append((counted, clock[index] - counted))
        else:
            raise StepFailed(f"the recorder's clock moved to {clock[index]} in quantum {index}, behind the "
                             f"{counted} its quanta count: not a clock standing still (readings {clock[max(0, index - 3):index + 2]})")
    stale = []
    for index in range(n):
        if clock[index] != frames[index] and (index == 0 or clock[index - 1] == frames[index - 1]):
            run = next((k for k in range(index, n) if clock[k] == frames[k]), n) - index
            stale.append((frames[index], run))
    return frames, stale, missed


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
        capture = Capture.placed(samples, result["clock"], result["lengths"], result["sampleRate"])
        print(f"  (capture: frame {capture.first_frame}, {len(capture.samples)} samples, asked until {until:.4f} s)")
        if capture.stale:
            times = ", ".join(f"{frame / capture.rate:.4f} s" for frame, _ in capture.stale[:3])
            print(f"  browser: the recorder's clock stood still {len(capture.stale)} time(s), "
                  f"{sum(quanta for _, quanta in capture.stale)} quanta in all (at {times}"
                  f"{', …' if len(capture.stale) > 3 else ''}): Chromium's worklet clock while the page changes its "
                  "audio graph; every quantum placed by count")
        for frame, count in capture.missed:
            print(f"  browser: the recorder was not called for {count} frames at {frame / capture.rate:.4f} s (not heard)")
        return capture


class Capture:
    def __init__(self, samples, start, rate, known=None):
        self.samples, self.start, self.rate = samples, start, rate
        self.known = np.ones(len(samples), dtype=bool) if known is None else known
        self.first_frame = int(round(start * rate))
        self.stale, self.missed = [], []

    @classmethod
    def placed(cls, samples, clock, lengths, rate):
        """The recorder's quanta, each at its frame (`place`); frames it never got are silence and not `known`."""
        frames, stale, missed = place(clock, lengths)
        if sum(lengths) != len(samples):
            raise StepFailed(f"the recorder sent {len(samples)} samples for quanta of {sum(lengths)} frames")
        first = frames[0] if frames else 0
        total = frames[-1] + lengths[-1] - first if frames else 0
        timeline = np.zeros(total, dtype=np.float32)
        known = np.zeros(total, dtype=bool)
        offset = 0
        for frame, length in zip(frames, lengths):
            timeline[frame - first:frame - first + length] = samples[offset:offset + length]
            known[frame - first:frame - first + length] = True
            offset += length
        capture = cls(timeline, first / rate, rate, known)
        capture.stale, capture.missed = stale, missed
        return capture

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


class Schedule:
    """What the engine asked the browser to play for one layer, in context frames: `spans` [(start, end)] in the
    order started (the chunks of a streamed layer; one open-ended span for a decoded one) and `seams`, the frames
    where the audio passes from one piece of the file to another (chunk boundaries, loop wraps)."""

    def __init__(self, spans, seams, chunks=None):
        self.spans, self.seams, self.chunks = spans, sorted(seams), chunks or []

    @classmethod
    def streamed(cls, chunks):
        spans = [(chunk["start"], chunk["start"] + chunk["frames"]) for chunk in chunks if chunk["start"] is not None]
        return cls(spans, [edge for span in spans for edge in span], chunks)

    @classmethod
    def looped(cls, started, loop_start, loop_end, rate, until):
        """A decoded layer started at context time `started`, looping loop_start…loop_end (seconds of the file)."""
        seams, wrap = [], started + loop_end
        while wrap * rate < until + QUANTUM:
            seams.append(int(round(wrap * rate)))
            wrap += loop_end - loop_start
        return cls([(int(math.ceil(started * rate)), math.inf)], seams)

    def gaps(self):
        """The engine's own mistakes, from what it scheduled alone: a chunk that does not start where the one before
        ends (a gap, or an overlap), and why when the engine knew (it fell behind and started it later than planned)."""
        problems = []
        for index, chunk in enumerate(self.chunks):
            if chunk["start"] is None:
                problems.append(f"chunk {index + 1} was never started")
            elif index and self.chunks[index - 1]["start"] is not None:
                previous = self.chunks[index - 1]
                end = previous["start"] + previous["frames"]
                if chunk["start"] != end:
                    what = "after" if chunk["start"] > end else "before"
                    late = (f" (planned for frame {chunk['planned']}, scheduled only at frame {chunk['at']}: it fell behind)"
                            if chunk["planned"] != chunk["start"] else "")
                    problems.append(f"chunk {index + 1} starts at frame {chunk['start']}, {abs(chunk['start'] - end)} "
                                    f"frames {what} chunk {index} ends ({end}){late}")
        return problems

    def where(self, frame):
        """Where `frame` lies in what was scheduled, and whether that makes a fault there the engine's."""
        near = min(self.seams, key=lambda seam: abs(seam - frame), default=None)
        if near is not None and abs(near - frame) <= QUANTUM:
            ends = [i + 1 for i, (_, end) in enumerate(self.spans) if end == near]
            starts = [i + 1 for i, (start, _) in enumerate(self.spans) if start == near]
            if ends or starts:
                name = (f"where chunk {ends[0]} ends and chunk {starts[0]} starts" if ends and starts
                        else f"where chunk {(ends or starts)[0]} {'ends' if ends else 'starts'}")
            else:
                name = "where the loop wraps to its start"
            late = [i for i in ends if self.chunks and self.chunks[i - 1]["start"] - self.chunks[i - 1]["at"] < 8 * QUANTUM]
            if late:
                chunk = self.chunks[late[0] - 1]
                name += (f" (chunk {late[0]} was started only {chunk['start'] - chunk['at']} frames ahead of the clock: begun "
                         "late by the browser, it runs on into the next chunk, which keeps to the plan)")
            return True, f"{frame - near:+d} frames from the seam at frame {near}, {name}"
        inside = [i + 1 for i, (start, end) in enumerate(self.spans) if start <= frame < end]
        if not inside:
            before = max((end for _, end in self.spans if end <= frame), default=None)
            after = min((start for start, _ in self.spans if start > frame), default=None)
            return True, f"where nothing was scheduled (audio scheduled up to frame {before}, again from {after})"
        start, end = self.spans[inside[0] - 1]
        where = f"{frame - start} frames into chunk {inside[0]}" if self.chunks else f"{frame - start} frames after its start"
        return False, where + (" (also inside chunk(s) " + ", ".join(map(str, inside[1:])) + ": overlapping)" if inside[1:] else "")


def sine_fit(samples, positions, frequency, rate):
    """Least-squares sine of `frequency` through samples at `positions` (frames): a function of positions."""
    basis = lambda at: np.stack([np.cos(2 * np.pi * frequency * at / rate), np.sin(2 * np.pi * frequency * at / rate)], axis=1)  # noqa: E731
    coefficients, *_ = np.linalg.lstsq(basis(positions), samples, rcond=None)
    return lambda at: basis(np.asarray(at, dtype=np.float64)) @ coefficients


class LoopCheck:
    """Judges a recording of a loop of a pure sine (whole periods) between frames `begin` and `end` of `capture`: no
    step larger than the sine's own, nothing louder than the sine, no run of near-silent samples. A fault is either
    the browser's or the engine's:

    - the browser's: a render quantum the recorder never got (`Capture.missed`), or whole render quanta of exact
      silence on the context's quantum grid, inside what the engine scheduled and more than a quantum from any seam,
      after which the sine goes on in phase as if it had sounded (the source played on in time; the browser rendered
      nothing for it). Reported and left out of the check; more than MAX_BROWSER_EVENTS of them fail it.
    - every other fault fails, and where it lies in the schedule says whose it is: at a seam or where nothing was
      scheduled, the engine's (the pieces it scheduled do not join); inside a chunk, the audio of that chunk itself.
      What a streamed layer scheduled must also join up on its own, chunk after chunk (`Schedule.gaps`)."""

    def __init__(self, capture, begin, end, frequency, schedule):
        self.capture, self.begin, self.end = capture, begin, end
        self.frequency, self.schedule = frequency, schedule
        offset = begin - capture.first_frame
        if offset < 0 or end - capture.first_frame > len(capture.samples):
            raise StepFailed(f"the capture (frames {capture.first_frame}…{capture.first_frame + len(capture.samples)}) "
                             f"does not cover frames {begin}…{end}")
        self.samples = capture.samples[offset:offset + end - begin].astype(np.float64)
        self.known = capture.known[offset:offset + end - begin].copy()
        self.browser, self.faults = [], []
        # The sine's amplitude: the median of the peaks of 10 ms windows, so that a stretch of two copies
        # overlapping (louder) cannot raise the bar the steps are judged by.
        window = int(capture.rate // 100)
        peaks_ = [float(np.max(np.abs(self.samples[i:i + window]))) for i in range(0, len(self.samples) - window + 1, window)
                  if self.known[i:i + window].all()]
        self.amplitude = float(np.median(peaks_)) if peaks_ else 0.0
        self.largest = self.amplitude * 2 * math.sin(math.pi * frequency / capture.rate)
        self.jump = 0.0
        self.run_length = 0
        self._judge()

    def seconds(self, frame):
        return (frame - self.begin) / self.capture.rate

    def _judge(self):
        rate = self.capture.rate
        for frame, count in self.capture.missed:
            if frame < self.end and frame + count > self.begin:
                self.browser.append(f"{self.seconds(frame):.4f} s: {count} frames the recorder was never given")
        self.faults += [f"the engine scheduled it wrong: {problem}" for problem in self.schedule.gaps()]
        # Whole quanta of exact silence on the quantum grid, merged into runs.
        grid = -self.begin % QUANTUM
        silent = [q for q in range(grid, len(self.samples) - QUANTUM + 1, QUANTUM)
                  if self.known[q:q + QUANTUM].all() and not self.samples[q:q + QUANTUM].any()]
        runs = []
        for q in silent:
            if runs and runs[-1][1] == q:
                runs[-1][1] = q + QUANTUM
            else:
                runs.append([q, q + QUANTUM])
        for first, last in runs:
            engines, where = self.schedule.where(self.begin + first)
            engines_end, where_end = self.schedule.where(self.begin + last - 1)
            before = np.arange(max(0, first - 300), first)
            after = np.arange(last, min(len(self.samples), last + 300))
            before, after = before[self.known[before]], after[self.known[after]]
            if engines or engines_end or len(before) < 100 or len(after) < 100:
                continue  # left to the checks below, which fail on it
            fit = sine_fit(self.samples[before], before, self.frequency, rate)
            error = float(np.sqrt(np.mean(np.square(fit(after) - self.samples[after]))))
            if error > 0.02 * self.amplitude:
                continue  # the sine does not go on in phase: not a quantum the browser dropped
            self.browser.append(f"{self.seconds(self.begin + first):.4f} s: {last - first} frames of exact silence, "
                                f"{(last - first) // QUANTUM} render quantum(s) on the context's grid, {where}, "
                                f"the sine going on in phase after it (off by {error / self.amplitude:.1%})")
            self.known[first:last] = False
        lost = len(self.browser)
        if lost > MAX_BROWSER_EVENTS:
            self.faults.append(f"the recording is not usable: the browser lost audio {lost} times, more than "
                               f"{MAX_BROWSER_EVENTS} (first at {self.browser[0]})")
        # Steps larger than the sine's own between neighbours both known, samples louder than the sine (two
        # copies overlapping), runs of near-silent known samples; each kind in stretches (at most three each).
        both = self.known[:-1] & self.known[1:]
        steps = np.where(both, np.abs(np.diff(self.samples)), 0.0)
        self.jump = float(np.max(steps)) if len(steps) else 0.0
        for stretch in self._stretches(np.flatnonzero(steps > self.largest * 1.05) + 1):
            largest = float(np.max(steps[stretch - 1]))
            self.faults.append(self._fault(stretch, f"{len(stretch)} jump(s) up to {largest:.4f} (the sine's own step is at "
                                           f"most {self.largest:.4f})"))
        for stretch in self._stretches(np.flatnonzero((np.abs(self.samples) > self.amplitude * 1.02) & self.known)):
            peak = float(np.max(np.abs(self.samples[stretch])))
            self.faults.append(self._fault(stretch, f"{stretch[-1] - stretch[0] + 1} frames louder than the sine (peak "
                                           f"{peak:.4f}, the sine's {self.amplitude:.4f}: two copies overlapping)"))
        quiet = (np.abs(self.samples) < self.amplitude * 0.01) & self.known
        edges = np.flatnonzero(np.diff(np.concatenate([[0], quiet.astype(np.int8), [0]])))
        runs = [(int(first), int(last)) for first, last in zip(edges[::2], edges[1::2])]
        self.run_length = max((last - first for first, last in runs), default=0)
        for first, last in [run for run in runs if run[1] - run[0] >= 2][:3]:
            self.faults.append(self._fault(np.arange(first, last), f"a run of {last - first} near-silent samples"))

    @staticmethod
    def _stretches(indices):
        """`indices` (sorted) in stretches no more than a quantum apart, the first three."""
        if not len(indices):
            return []
        return np.split(indices, np.flatnonzero(np.diff(indices) > QUANTUM) + 1)[:3]

    def _fault(self, stretch, what):
        """A fault over the indices `stretch`, placed in the schedule: at a seam or where nothing was scheduled it is
        the engine's."""
        index = int(stretch[0])
        engines, where = self.schedule.where(self.begin + index)
        whose = ("so the engine's: the pieces it scheduled do not join there" if engines
                 else "inside what the engine scheduled and not whole quanta of silence the browser dropped, so the audio itself is wrong")
        return f"{what} {self.seconds(self.begin + index):.4f} s into the loop, {where}, {whose}"
