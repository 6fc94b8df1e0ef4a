"""What players hear of the owner's draws and fades (docs/FORMAT.md §15.2), judged on every page's recorded output placed
on the machine's clock (listen_sync.machine_times): an item with three takes told apart by their tone, a gain and a
pitch drawn on every trigger and repeated after a drawn wait, then a scene crossfade between two steady tones. A
player must play the take the owner drew, at the owner's gain and pitch, at the owner's times (a page drawing its own
would pick other takes, pitches, levels and waits), and fade the scenes in and out when and as long as the owner."""

import time

import numpy as np

from listen_signal import onsets, skews
from soundboard_test import StepFailed


def frequency(samples, times, onset, span_ms=150.0, skip_ms=10.0):
    """The strongest frequency (Hz) in the `span_ms` after `onset` (machine ms): a Hann-windowed FFT, zero-padded, its
    peak refined by a parabola through the three bins around it."""
    part, rate = window(samples, times, onset + skip_ms, span_ms)
    size = 1 << 17
    spectrum = np.abs(np.fft.rfft(part * np.hanning(len(part)), size))
    peak = int(np.argmax(spectrum[1:-1])) + 1
    left, middle, right = np.log(spectrum[peak - 1:peak + 2] + 1e-12)
    shift = 0.5 * (left - right) / (left - 2 * middle + right)
    return (peak + shift) * rate / size


def level(samples, times, onset, span_ms=150.0, skip_ms=10.0):
    """The RMS level (dB) of the `span_ms` after `onset`."""
    part, _ = window(samples, times, onset + skip_ms, span_ms)
    return 20 * np.log10(max(float(np.sqrt(np.mean(np.square(part)))), 1e-9))


def window(samples, times, start_ms, span_ms):
    """The samples heard from `start_ms` for `span_ms` on the machine's clock, and their rate on that clock (Hz)."""
    first, last = np.searchsorted(times, [start_ms, start_ms + span_ms])
    if last - first < 64:
        raise StepFailed(f"the recording has no audio at {start_ms:.0f} ms")
    return samples[first:last], (last - first) / ((times[last - 1] - times[first]) / 1000)


def envelope(samples, times, hz, frame_ms=20.0):
    """The amplitude of `hz` in each `frame_ms` frame: (machine ms of each frame's middle, amplitudes)."""
    rate = len(times) / ((times[-1] - times[0]) / 1000)
    size = int(rate * frame_ms / 1000)
    count = len(samples) // size
    frames = samples[:count * size].reshape(count, size)
    hann = np.hanning(size)
    phase = np.exp(-2j * np.pi * hz * np.arange(size) / rate)
    amplitude = 2 * np.abs((frames * hann) @ phase) / np.sum(hann)
    middles = times[np.arange(count) * size + size // 2]
    return middles, amplitude


def crossings(middles, amplitude, plateau, rising):
    """The machine times (ms) an envelope passes 10 %, 50 % and 90 % of the way through a fade from or to `plateau`
    (interpolated): a rise's first passage, a fall's last (a loop nudged back to its phase can dip before)."""
    found = []
    for share in (0.1, 0.5, 0.9):
        target = plateau * (share if rising else 1 - share)
        above = amplitude >= target
        turns = [i for i in np.flatnonzero(above[1:] != above[:-1]) if above[i + 1] == rising]
        if not turns:
            raise StepFailed(f"the tone never {'rose' if rising else 'fell'} through {share:.0%} of its fade")
        i = turns[0] if rising else turns[-1]
        a, b = amplitude[i], amplitude[i + 1]
        found.append(middles[i] + (target - a) / (b - a) * (middles[i + 1] - middles[i]))
    return found


def run(owner, players, names, expected, placed_of, skew_limit):
    """Plays the draws and the scenes with every page recording; `placed_of()` stops the recordings and gives each
    page's (samples, machine times) by name. Returns the figures; raises StepFailed for what a player would notice."""
    draws, scene = expected["draws"], expected["scene"]
    print("step: a repeating item of three takes with gain and pitch draws, then a scene crossfade", flush=True)
    owner.test("stopAll(false)")
    for player in players:
        deadline = time.time() + 5
        while player.hooks("layers()") and time.time() < deadline:
            time.sleep(0.1)
    owner.test("syncStart()")
    for player in players:
        player.hooks("startCapture()")
    time.sleep(0.5)
    owner.test(f"trigger('{draws['id']}')")
    owner.test(f"setRepeating('{draws['id']}', true)")
    time.sleep(7)
    owner.test(f"setRepeating('{draws['id']}', false)")
    time.sleep(1.5)
    scene_from = owner.driver.execute_script("return performance.timeOrigin + performance.now()")
    owner.test(f"playScene(['{scene['from']['id']}'])")
    time.sleep(3)
    owner.test(f"playScene(['{scene['to']['id']}'])")
    time.sleep(3.5)
    placed = placed_of()
    figures = takes(placed, names, draws, scene_from, skew_limit)
    figures.update(crossfade(placed, names, scene, scene_from, skew_limit))
    owner.test("stopAll(false)")
    return figures


def takes(placed, names, draws, until, skew_limit):
    """Each trigger of the owner's repeating item against every player's: its time, its take, pitch and gain."""
    bands = np.array(draws["takes"], dtype=float)

    def heard(name):
        samples, times, _ = placed[name]
        found = [t for t in onsets(samples, times) if t < until - 200]
        rows = []
        for onset in found:
            hz = frequency(samples, times, onset)
            take = int(np.argmin(np.abs(np.log(hz / bands))))
            rows.append((onset, take, 1200 * np.log2(hz / bands[take]), level(samples, times, onset)))
        return rows

    owner = heard("owner")
    if len(owner) < 5:
        raise StepFailed(f"the owner's page played the repeating item {len(owner)} times in 7 s, not 5 or more")
    owner_times = np.array([row[0] for row in owner])
    gaps = np.diff(owner_times)
    print(f"  owner: {len(owner)} triggers, takes {[row[1] for row in owner]}, pitch "
          f"{' '.join(f'{row[2]:+.0f}' for row in owner)} cents, level {' '.join(f'{row[3]:.1f}' for row in owner)} dB, "
          f"apart {' '.join(f'{g:.0f}' for g in gaps)} ms")
    cents = [row[2] for row in owner]
    levels = [row[3] for row in owner]
    if len({row[1] for row in owner}) < 2 or np.ptp(cents) < 50 or np.ptp(levels) < 2 or np.ptp(gaps) < 50:
        raise StepFailed("the owner's draws hardly varied (takes, pitch, gain or wait): a player's own draws could not be told apart")
    worst = {"skew": 0.0, "cents": 0.0, "dB": 0.0}
    for name in names[1:]:
        mine = heard(name)
        mine_times = np.array([row[0] for row in mine])
        pair = skews(owner_times, mine_times)
        if len(pair) != len(owner) or len(mine) != len(owner):
            raise StepFailed(f"{name} played the repeating item {len(mine)} times, {len(pair)} of them with the owner's "
                             f"{len(owner)}: the repeats' waits are not the owner's")
        matched = [mine[int(np.argmin(np.abs(mine_times - row[0])))] for row in owner]
        wrong = [(o[1], m[1]) for o, m in zip(owner, matched) if o[1] != m[1]]
        if wrong:
            raise StepFailed(f"{name} played other takes than the owner's (owner, player): {wrong}")
        pitch = np.array([m[2] - o[2] for o, m in zip(owner, matched)])
        gain = np.array([m[3] - o[3] for o, m in zip(owner, matched)])
        gain -= np.median(gain)  # the page's own volume and normalization move every trigger alike
        print(f"  {name}: skew p95 {np.percentile(np.abs(pair), 95):.2f} ms (max {np.max(np.abs(pair)):.2f}), pitch off by "
              f"≤ {np.max(np.abs(pitch)):.1f} cents, gain off by ≤ {np.max(np.abs(gain)):.2f} dB", flush=True)
        worst = {"skew": max(worst["skew"], float(np.max(np.abs(pair)))), "cents": max(worst["cents"], float(np.max(np.abs(pitch)))),
                 "dB": max(worst["dB"], float(np.max(np.abs(gain))))}
        if np.max(np.abs(pitch)) > 15:
            raise StepFailed(f"{name} played the takes at other pitches than the owner's: {np.round(pitch, 1)} cents")
        if np.max(np.abs(gain)) > 1.5:
            raise StepFailed(f"{name} played the takes at other gains than the owner's: {np.round(gain, 2)} dB")
        if np.percentile(np.abs(pair), 95) > skew_limit:
            raise StepFailed(f"{name} played the repeats {np.round(pair, 1)} ms from the owner's (limit {skew_limit} ms)")
    return {"drawsTriggers": len(owner), "drawsSkewMaxMs": worst["skew"], "drawsPitchOffCents": worst["cents"],
            "drawsGainOffDb": worst["dB"]}


def crossfade(placed, names, scene, since, skew_limit):
    """The first scene's tone fading in, then out while the second's fades in: when each passes 10, 50 and 90 % of its
    level on every page, against the owner's."""
    def fades(name):
        samples, times, _ = placed[name]
        later = times >= since
        low_t, low = envelope(samples[later], times[later], scene["from"]["hz"])
        high_t, high = envelope(samples[later], times[later], scene["to"]["hz"])
        plateau_low = float(np.percentile(low, 90))
        plateau_high = float(np.percentile(high[-20:], 50))
        rise = crossings(low_t, low, plateau_low, True)
        top = np.flatnonzero(low >= 0.95 * plateau_low)
        after = low_t > (low_t[top[0]] if len(top) else rise[2])
        fall = crossings(low_t[after], low[after], plateau_low, False)
        fade_in = crossings(high_t, high, plateau_high, True)
        return {"fade in": rise, "fade out": fall, "crossfade in": fade_in}

    owner = fades("owner")
    print("  owner: " + ", ".join(f"{key} {v[2] - v[0]:.0f} ms from 10 to 90 %" for key, v in owner.items()))
    for key, (a, _, c) in owner.items():
        if not 1520 <= c - a <= 1680:
            raise StepFailed(f"the owner's {key} took {c - a:.0f} ms from 10 to 90 %, not the 1.6 s of a 2 s fade")
    worst = 0.0
    for name in names[1:]:
        mine = fades(name)
        middle = {key: mine[key][1] - owner[key][1] for key in owner}
        length = {key: (mine[key][2] - mine[key][0]) - (owner[key][2] - owner[key][0]) for key in owner}
        print(f"  {name}: halfway " + ", ".join(f"{key} {value:+.1f}" for key, value in middle.items()) + " ms from the owner's; "
              "10-90 % " + ", ".join(f"{key} {value:+.1f}" for key, value in length.items()) + " ms longer", flush=True)
        worst = max(worst, max(abs(value) for value in middle.values()))
        if max(abs(value) for value in middle.values()) > max(skew_limit, 25.0):
            raise StepFailed(f"{name} faded the scenes at other times than the owner's: halfway points off by {middle} ms")
        if max(abs(value) for value in length.values()) > 100:
            raise StepFailed(f"{name}'s fades took other lengths than the owner's: {length} ms longer")
    return {"sceneFadeOffMs": worst}
