#!/usr/bin/env python3
"""Players listening along, measured in headless Chromium (docs/FORMAT.md §15.2): one owner page and listeners, each in a
browser process of its own, one listener behind 80 ms of emulated network latency (DevTools network conditions).
Every page records its own output (an AudioWorklet recorder of the engine's master) with, every 25 ms, a
getOutputTimestamp() pair placed on the machine's clock (performance.timeOrigin + performanceTime); a least-squares
line through the pairs puts every recorded frame on the machine's clock, so onsets of different pages compare.

    listen_sync.py --url http://127.0.0.1:PORT/ --expected expected.json [--long] [--report FILE]

expected.json: {"bed": {"id", "loop": seconds}, "blip": {"id"}} — the bed loops a short burst at its start (an onset
every loop), the blip is a one-shot burst. The short run (in scripts/test): two listeners, the owner's bed, 10 blips,
one listener joining late; the long run adds 50 blips, a 10-minute bed (drift, measured in windows) and 50 listener
streams while the owner's API is timed. Prints the figures; exits 1 when a limit is passed.
"""

import argparse
import base64
import json
import os
import sys
import threading
import time
import urllib.request

import numpy as np

sys.path.insert(0, os.path.dirname(__file__))
from audio_capture import Capture  # noqa: E402
from soundboard_test import CHROMEDRIVER, CHROMIUM, StepFailed  # noqa: E402
from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402

WAIT = 20


def browser():
    """A headless Chromium of its own; its timers keep running while other browsers have the machine."""
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                 "--no-default-browser-check", "--disable-extensions", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--window-size=800,700",
                 "--autoplay-policy=no-user-gesture-required", "--mute-audio", "--disable-audio-output",
                 "--disable-background-timer-throttling", "--disable-renderer-backgrounding",
                 "--disable-backgrounding-occluded-windows"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(WAIT)
    driver.set_script_timeout(60)
    return driver


def wait(what, condition, timeout=WAIT):
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            if condition():
                return
        except Exception:  # noqa: BLE001 — a page still loading
            pass
        time.sleep(0.1)
    raise StepFailed(f"timed out waiting for {what}")


def call(driver, script, *args):
    """Runs `script` (an expression giving a promise) in the page and returns its value."""
    result = driver.execute_async_script(
        "const done = arguments[arguments.length - 1]; Promise.resolve(" + script + ")"
        ".then(v => done({value: v === undefined ? null : v}), e => done({error: String(e && e.stack || e)}))", *args)
    if "error" in result:
        raise StepFailed(f"{script}: {result['error']}")
    return result["value"]


class Owner:
    def __init__(self, url):
        self.driver = browser()
        self.driver.get(url + "?test#library")
        wait("the soundboard's test hooks", lambda: self.driver.execute_script("return document.body.dataset.test") == "ready")
        self.test = lambda script, *args: call(self.driver, "soundshelfTest." + script, *args)  # noqa: E731
        self.test("syncStart()")  # makes the engine (and its clock) and records from now
        wait("the owner's clock", lambda: self.driver.execute_script(
            "return fetch('/api/clock').then(() => true)") and self.test("trigger && true"))

    def link(self):
        return call(self.driver, "fetch('/api/listeners', {method: 'POST', headers: {'X-Soundshelf': '1'}}).then(r => r.json())")

    def recording(self):
        return self.test("syncStop()")


class Player:
    def __init__(self, url, latency_ms=0):
        self.driver = browser()
        self.latency = latency_ms
        if latency_ms:
            self.driver.execute_cdp_cmd("Network.enable", {})
            self.driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
                "offline": False, "latency": latency_ms, "downloadThroughput": -1, "uploadThroughput": -1})
        self.driver.get(url + "&test")
        wait("the Join button", lambda: self.driver.find_element(By.ID, "listen-join").is_displayed())

    def join(self):
        """Presses Join; returns the machine time (ms) it was pressed."""
        pressed = self.driver.execute_script(
            "const t = performance.timeOrigin + performance.now(); document.getElementById('listen-join').click(); return t")
        wait("the listen page's test hooks", lambda: self.driver.execute_script("return document.body.dataset.test") == "ready")
        call(self.driver, "soundshelfListen.startCapture()")
        return pressed

    def recording(self):
        return call(self.driver, "soundshelfListen.stopCapture()")

    def hooks(self, script):
        return call(self.driver, "soundshelfListen." + script)


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


def bed_layers(player, bed):
    return [layer for layer in player.hooks("layers()") if layer["item"] == bed["id"]]


def behaviour(owner, players, bed, docs):
    """"Only I hear this", a stop, and the Players panel's link and QR code (decoded by zbarimg)."""
    print("step: only I hear this: the bed goes silent for every player, and comes back at its phase", flush=True)
    owner.test(f"setMine('{bed['id']}', true)")
    for player in players:
        wait("the bed to stop for a player", lambda: not bed_layers(player, bed), timeout=5)
    owner.test(f"setMine('{bed['id']}', false)")
    for player in players:
        wait("the bed to play again for a player", lambda: any(layer["sounding"] for layer in bed_layers(player, bed)), timeout=5)
    errors = [abs(bed_layers(player, bed)[0]["phaseError"] or 0) * 1000 for player in players]
    print(f"  phase error of the bed back on each player: {', '.join(f'{e:.2f}' for e in errors)} ms (computed by each page)")
    if max(errors) > 30:
        raise StepFailed(f"the bed came back off its phase by {max(errors):.1f} ms")
    if docs:
        listener = players[-1].driver
        listener.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
        listener.save_screenshot(os.path.join(docs, "listen-phone.png"))
    print("step: a layer's volume reaches every player; a player that reconnects keeps the bed, once, at its phase", flush=True)
    owner.test(f"setVolume('{bed['id']}', 0.4)")
    for player in players:
        wait("the volume on a player", lambda: bed_layers(player, bed)[0]["volume"] == 0.4, timeout=5)
    players[0].hooks("reconnect()")
    time.sleep(2.5)
    again = bed_layers(players[0], bed)
    if len(again) != 1 or not again[0]["sounding"] or abs(again[0]["phaseError"]) > 0.03:
        raise StepFailed(f"after reconnecting the player has the bed as {again}")
    print("step: stop all on the owner's page stops every player", flush=True)
    owner.test("stopAll(true)")
    for player in players:
        wait("every player to stop", lambda: not player.hooks("layers()"), timeout=5)
    owner.test(f"trigger('{bed['id']}')")
    for player in players:
        wait("the bed again on a player", lambda: any(layer["sounding"] for layer in bed_layers(player, bed)), timeout=5)
    print("step: the owner stops the bed: every player stops it", flush=True)
    owner.test(f"stopItem('{bed['id']}', 0)")
    for player in players:
        wait("the players' beds to stop", lambda: not bed_layers(player, bed) and player.hooks("sounding()") == 0, timeout=5)
    print("step: the Players panel shows a listen link whose QR code reads back as the link", flush=True)
    driver = owner.driver
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
    driver.execute_script("document.getElementById('players-button').click()")
    wait("the Players panel", lambda: driver.execute_script("return document.getElementById('players-dialog').open"))
    driver.execute_script("document.getElementById('players-new').click()")
    wait("a new listen link", lambda: driver.execute_script("return document.getElementById('players-url').value") != "")
    url = driver.execute_script("return document.getElementById('players-url').value")
    wait("the links and their players", lambda: driver.execute_script(
        "return document.querySelectorAll('#players-list [data-listener]').length") >= 2)
    path = driver.execute_script("return document.querySelector('#players-qr path').getAttribute('d')")
    decoded = decode_qr(path)
    if decoded != url:
        raise StepFailed(f"the QR code reads {decoded!r}, not the link {url!r}")
    counts = driver.execute_script("return [...document.querySelectorAll('#players-list .players-count')].map(n => n.textContent)")
    print(f"  QR code reads back as {url}; links: {counts}")
    if docs:
        driver.save_screenshot(os.path.join(docs, "players-panel.png"))
    print("step: revoking a link ends its players' streams", flush=True)
    token = players[0].driver.execute_script("return location.search.match(/token=([^&]+)/)[1]")
    driver.execute_script(f"document.querySelector('[data-revoke=\"{token}\"]').click()")
    wait("the listen page to say its link no longer works", lambda: "no longer works" in players[0].driver.execute_script(
        "return document.getElementById('listen-status').textContent"), timeout=10)


def decode_qr(path):
    """The text of a QR code drawn as `M{x} {y}h1v1h-1z` squares (qr.js), read by zbarimg from a PGM image."""
    import re
    import subprocess
    import tempfile
    cells = [(int(x), int(y)) for x, y in re.findall(r"M(\d+) (\d+)h1v1h-1z", path)]
    size = max(max(x, y) for x, y in cells) + 5
    scale = 6
    image = np.full((size * scale, size * scale), 255, dtype=np.uint8)
    for x, y in cells:
        image[y * scale:(y + 1) * scale, x * scale:(x + 1) * scale] = 0
    with tempfile.NamedTemporaryFile(suffix=".pgm", delete=False) as handle:
        handle.write(f"P5 {size * scale} {size * scale} 255\n".encode() + image.tobytes())
    run = subprocess.run(["zbarimg", "-q", "--raw", handle.name], capture_output=True, text=True)
    os.unlink(handle.name)
    return run.stdout.strip()


def analyse(owner, players):
    """Stops every page's recording; the onsets of each on the machine's clock, and every pair's skews."""
    recordings = [("owner", owner.recording())] + [
        (name, player.recording()) for name, player in zip(("listener", "listener+80ms", "late joiner"), players)]
    placed = {name: machine_times(result) for name, result in recordings}
    for name, (_, _, fit) in placed.items():
        print(f"  {name}: getOutputTimestamp residual {fit:.2f} ms rms")
    found = {name: onsets(samples, times) for name, (samples, times, _) in placed.items()}
    zero = found["owner"][0] if len(found["owner"]) else 0
    for name, times in found.items():
        print(f"  {name}: {len(times)} onsets (ms after the owner's first): "
              f"{' '.join(f'{t - zero:.1f}' for t in times[-12:])}")
    names = list(found)
    all_skews = []
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            pair = skews(found[a], found[b])
            all_skews.extend(pair.tolist())
            print(f"  {a} vs {b}: {len(pair)} onsets matched, median {np.median(pair) if len(pair) else float('nan'):+.2f} ms, "
                  f"p95 |skew| {p95(pair):.2f} ms, max {np.max(np.abs(pair)) if len(pair) else float('nan'):.2f} ms")
    return found, placed, all_skews


def api_under_streams(url, token, streams=50, requests=300):
    """The owner's API timed (p50, p95 ms over `requests`) while `streams` listener streams are connected."""
    import http.client
    from urllib.parse import urlparse
    where = urlparse(url)
    stop = threading.Event()
    connected = []

    def listen():
        connection = http.client.HTTPConnection(where.hostname, where.port, timeout=5)
        connection.request("GET", "/listen/events", headers={"Authorization": f"Bearer {token}"})
        response = connection.getresponse()
        connected.append(response.status)
        while not stop.is_set():
            try:
                response.fp.readline()
            except Exception:  # noqa: BLE001 — a read timing out between ticks
                pass
        connection.close()

    threads = [threading.Thread(target=listen, daemon=True) for _ in range(streams)]
    for thread in threads:
        thread.start()
    wait(f"{streams} listener streams", lambda: len(connected) >= streams, timeout=30)
    owner = http.client.HTTPConnection(where.hostname, where.port, timeout=5)
    players = json.loads(urllib.request.urlopen(url + "api/listeners").read())["players"]
    calls = [("GET", "/api/items?kind=sfx&limit=20", None), ("GET", "/api/listeners", None),
             ("POST", "/api/listen/events", json.dumps({"type": "kind", "kind": "x-bench", "volume": 1}))]
    times = []
    for index in range(requests):
        method, path, body = calls[index % len(calls)]
        headers = {"X-Soundshelf": "1", "Content-Type": "application/json"} if body else {}
        began = time.perf_counter()
        owner.request(method, path, body=body, headers=headers)
        response = owner.getresponse()
        response.read()
        times.append((time.perf_counter() - began) * 1000)
        if response.status >= 300:
            raise StepFailed(f"{method} {path} answered {response.status}")
    stop.set()
    for index, (method, path, _) in enumerate(calls):
        mine = times[index::len(calls)]
        print(f"  {method} {path}: p50 {np.percentile(mine, 50):.2f} ms, p95 {np.percentile(mine, 95):.2f} ms")
    p50, p95_ = float(np.percentile(times, 50)), float(np.percentile(times, 95))
    print(f"owner's API with {players} players connected: p50 {p50:.2f} ms, p95 {p95_:.2f} ms over {requests} requests",
          flush=True)
    return {"playersConnected": players, "ownerApiP50Ms": p50, "ownerApiP95Ms": p95_}


def drift_window(owner, players, bed_started, minutes):
    """The bed's onsets on every page in a 12 s window `minutes` after it started: how far apart the pages are."""
    time.sleep(max(0, bed_started + minutes * 60 - 12 - time.time()))
    owner.test("syncStart()")
    for player in players:
        player.hooks("startCapture()")
    time.sleep(12)
    found, _, all_skews = analyse(owner, players)
    drift = float(np.max(np.abs(all_skews))) if all_skews else float("nan")
    print(f"after {minutes} minutes of the bed: pages apart by at most {drift:.2f} ms, p95 {p95(np.array(all_skews)):.2f} ms "
          f"({len(all_skews)} onset pairs)", flush=True)
    return drift


def run(args):
    expected = json.load(open(args.expected))
    bed, blip = expected["bed"], expected["blip"]
    figures = {}
    owner = Owner(args.url)
    players = []
    try:
        link = owner.link()["url"]
        print(f"listen link: {link}", flush=True)
        early = Player(link)
        delayed = Player(link, latency_ms=80)
        players = [early, delayed]
        early.join()
        delayed.join()
        time.sleep(2)
        owner.test(f"trigger('{bed['id']}')")
        bed_started = time.time()
        print("the bed plays; blips follow", flush=True)
        loop = bed["loop"]
        triggers = 50 if args.long else 10
        started = time.time()
        late = None
        for index in range(triggers):
            # Halfway between the bed's bursts, so every onset is told apart.
            target = started + loop * (index + 1) + loop / 2
            time.sleep(max(0, target - time.time()))
            owner.test(f"trigger('{blip['id']}')")
            if index == triggers // 2 and late is None:
                late = Player(link)
                late.pressed = late.join()
                players.append(late)
        time.sleep(loop + 1)
        found, placed, all_skews = analyse(owner, players)
        figures["onsetSkewP95"] = p95(np.array(all_skews))
        figures["onsetsMatched"] = len(all_skews)
        # The late joiner: how soon after Join it played, and its bed's first onsets against the owner's (the
        # loop's phase; the blips, one-shots, are in the skews above).
        first = late.hooks("firstStart()")
        if first is None:
            raise StepFailed("the late joiner never started a layer")
        figures["lateJoinAudibleMs"] = float(first - late.pressed)
        samples, times, _ = placed["late joiner"]
        beds = [t for t in found["late joiner"] if t > late.pressed and pitch(samples, times, t) < 1300][:3]
        phase = skews(np.array(beds), found["owner"])
        figures["lateJoinPhaseMs"] = float(np.max(np.abs(phase))) if len(phase) else float("nan")
        print(f"late joiner: the bed heard {figures['lateJoinAudibleMs']:.0f} ms after Join; its first loop onsets off the "
              f"owner's by {', '.join(f'{p:+.2f}' for p in phase)} ms", flush=True)
        print(f"onset skew p95 over {len(all_skews)} pairs: {figures['onsetSkewP95']:.2f} ms", flush=True)
        for name, player in zip(("listener", "listener+80ms", "late joiner"), players):
            late_ms = [round(x * 1000, 1) for x in player.hooks("late()")]
            print(f"  {name}: starts after their time (ms): {late_ms}")
        clocks = [player.hooks("clock()") for player in players]
        print(f"clock offsets (ms): {clocks}")
        fetched = late.hooks("fetched()")
        figures["audioFetchesLateJoiner"] = fetched
        print(f"late joiner fetched {fetched} audio file(s) for {len(found['late joiner'])} onsets")
        if args.long:
            token = link.split("token=")[1]
            figures.update(api_under_streams(args.url, token))
            for minutes in (5, 10):
                figures[f"driftMs{minutes}min"] = drift_window(owner, players, bed_started, minutes)
        behaviour(owner, players, bed, args.docs)
    finally:
        for driver in [owner.driver] + [player.driver for player in players]:
            try:
                driver.quit()
            except Exception:  # noqa: BLE001
                pass
    return figures


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", required=True)
    parser.add_argument("--expected", required=True)
    parser.add_argument("--long", action="store_true")
    parser.add_argument("--report")
    parser.add_argument("--docs", help="also save the documentation's screenshots in this folder")
    parser.add_argument("--skew-limit", type=float, default=40.0)
    parser.add_argument("--phase-limit", type=float, default=40.0)
    parser.add_argument("--audible-limit", type=float, default=1500.0)
    parser.add_argument("--drift-limit", type=float, default=5.0)
    parser.add_argument("--api-limit", type=float, default=10.0)
    args = parser.parse_args()
    try:
        figures = run(args)
    except StepFailed as failure:
        print(f"FAILED: {failure}")
        return 1
    if args.report:
        json.dump(figures, open(args.report, "w"), indent=2)
    problems = []
    if not figures["onsetSkewP95"] <= args.skew_limit:
        problems.append(f"onset skew p95 {figures['onsetSkewP95']:.2f} ms > {args.skew_limit} ms")
    if not figures["lateJoinPhaseMs"] <= args.phase_limit:
        problems.append(f"late join phase {figures['lateJoinPhaseMs']:.2f} ms > {args.phase_limit} ms")
    if not figures["lateJoinAudibleMs"] <= args.audible_limit:
        problems.append(f"late joiner audible after {figures['lateJoinAudibleMs']:.0f} ms > {args.audible_limit} ms")
    if figures["audioFetchesLateJoiner"] > 2:
        problems.append(f"the late joiner fetched {figures['audioFetchesLateJoiner']} audio files for 2 sounds")
    if args.long and not figures["driftMs10min"] <= args.drift_limit:
        problems.append(f"pages {figures['driftMs10min']:.2f} ms apart after 10 minutes > {args.drift_limit} ms")
    if args.long and not figures["ownerApiP95Ms"] <= args.api_limit:
        problems.append(f"owner's API p95 {figures['ownerApiP95Ms']:.2f} ms with 50 players > {args.api_limit} ms")
    for problem in problems:
        print(f"FAILED: {problem}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
