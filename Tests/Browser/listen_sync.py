#!/usr/bin/env python3
"""Players listening along, measured in headless Chromium (docs/FORMAT.md §15.2): one owner page and listeners, each in a
browser process of its own, one listener behind 80 ms of emulated network latency (DevTools network conditions).
Every page records its own output (an AudioWorklet recorder of the engine's master) with, every 25 ms, a
getOutputTimestamp() pair placed on the machine's clock (performance.timeOrigin + performanceTime); a least-squares
line through the pairs puts every recorded frame on the machine's clock, so onsets of different pages compare.

    listen_sync.py --url http://127.0.0.1:PORT/ --expected expected.json [--long] [--report FILE]

expected.json (written by listen_catalog.sh): the packs, the bed (loops a short burst at its start: an onset every
loop), the blip (a one-shot burst), the draws item (three takes told apart by their tone, gain, pitch and wait drawn on
every trigger) and a scene's two steady beds. The owner first opens a scene board of them, which announces their files:
the players load them ahead. The short run (in scripts/test): two listeners, the owner's bed, 10 blips, one listener
joining late, then the draws and a scene crossfade (listen_draws.py); the long run adds 50 blips, a 10-minute bed (drift,
measured in windows) and 50 listener streams while the owner's API is timed. Prints the figures; exits 1 when a limit
is passed.
"""

import argparse
import json
import os
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(__file__))
import listen_draws  # noqa: E402
from listen_api import api_under_streams  # noqa: E402
from listen_behaviour import bed_layers, behaviour, wait  # noqa: E402
from listen_signal import machine_times, onsets, p95, pitch, skews  # noqa: E402
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

    def open_scene(self, title, item_ids):
        """Makes a scene of `item_ids` and opens the scene board, which announces its sounds to the players."""
        call(self.driver, """fetch('/api/scenes', {method: 'POST', body: JSON.stringify({title: arguments[0]}),
              headers: {'X-Soundshelf': '1', 'Content-Type': 'application/json'}}).then(r => r.json())
            .then(made => fetch('/api/scenes/' + made.sceneId, {method: 'PUT', body: JSON.stringify({items: arguments[1]}),
              headers: {'X-Soundshelf': '1', 'Content-Type': 'application/json'}})).then(r => r.status)""", title, item_ids)
        self.driver.execute_script("location.hash = '#scenes'")


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
        # Before Join a player sees Join alone: no Volume or Mute for sounds not yet heard.
        if self.driver.find_element(By.ID, "listen-controls").is_displayed():
            raise AssertionError("the listen page shows Volume and Mute before Join")

    def join(self):
        """Presses Join; returns the machine time (ms) it was pressed."""
        pressed = self.driver.execute_script(
            "const t = performance.timeOrigin + performance.now(); document.getElementById('listen-join').click(); return t")
        wait("the listen page's test hooks", lambda: self.driver.execute_script("return document.body.dataset.test") == "ready")
        wait("Volume and Mute after Join", lambda: self.driver.find_element(By.ID, "listen-controls").is_displayed())
        call(self.driver, "soundshelfListen.startCapture()")
        return pressed

    def recording(self):
        return call(self.driver, "soundshelfListen.stopCapture()")

    def hooks(self, script):
        return call(self.driver, "soundshelfListen." + script)


NAMES = ("owner", "listener", "listener+80ms", "late joiner")


def recordings(owner, players, names=NAMES):
    """Stops every page's recording: by page name, its samples, their machine times and the timestamp fit."""
    named = [("owner", owner.recording())] + [(name, player.recording()) for name, player in zip(names[1:], players)]
    return {name: machine_times(result) for name, result in named}


def analyse(owner, players, names=NAMES):
    """Stops every page's recording; the onsets of each on the machine's clock, and every pair's skews."""
    placed = recordings(owner, players, names)
    for name, (_, _, fit) in placed.items():
        steps = ", ".join(f"{moved:+.1f} ms" for _, moved in fit["steps"])
        print(f"  {name}: getOutputTimestamp residual {fit['rms']:.2f} ms rms" + (f", steps placed apart: {steps}" if steps else ""))
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


def drift_window(owner, players, bed_started, minutes, names=NAMES):
    """The bed's onsets on every page in a 12 s window `minutes` after it started: how far apart the pages are."""
    time.sleep(max(0, bed_started + minutes * 60 - 12 - time.time()))
    owner.test("syncStart()")
    for player in players:
        player.hooks("startCapture()")
    time.sleep(12)
    found, _, all_skews = analyse(owner, players, names)
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
        # The scene board announces its sounds: the players load them ahead, the one 80 ms away too, so a first play
        # starts on time there (a sound outside the open scene pays the latency on its first play).
        sounds = [bed["id"], blip["id"], expected["draws"]["id"], expected["scene"]["from"]["id"], expected["scene"]["to"]["id"]]
        owner.open_scene("Listen along", sounds)
        for player in players:
            wait("the scene's sounds loaded ahead on a player", lambda: len(player.hooks("fetched()")) >= len(sounds) + 2)
        time.sleep(1)
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
        for name, player in zip(NAMES[1:], players):
            late_ms = [round(x * 1000, 1) for x in player.hooks("late()")]
            print(f"  {name}: starts after their time (ms): {late_ms}")
            # The late joiner's first start is late by design (it joins a running bed); every other start had its
            # file loaded ahead (the scene board announced it), also behind 80 ms.
            if max(late_ms[1:] if player is late else late_ms, default=0) > 20:
                raise StepFailed(f"{name} started a sound {max(late_ms)} ms after its time: its file was not loaded ahead")
        clocks = [player.hooks("clock()") for player in players]
        # The server's clock less the machine's (timeOrigin + now) as each page has it: the pages' estimates apart.
        apart = [clock["best"] - clock["origin"] for clock in clocks]
        shown = ", ".join(f"{value - apart[0]:+.2f}" for value in apart)
        trips = ", ".join(f"{clock['rtt']:.1f}" for clock in clocks)
        print(f"clock offsets (ms): {clocks}; server less machine time by page, from the first's: {shown} ms "
              f"(round trips {trips} ms)")
        fetched = late.hooks("fetched()")
        figures["audioFetchesLateJoiner"] = len(fetched)
        figures["audioFetchedTwiceLateJoiner"] = len(fetched) - len(set(fetched))
        print(f"late joiner fetched {len(fetched)} audio file(s) ({len(set(fetched))} different) for "
              f"{len(found['late joiner'])} onsets")
        if args.long:
            token = link.split("token=")[1]
            figures.update(api_under_streams(args.url, token))
            for minutes in (5, 10):
                figures[f"driftMs{minutes}min"] = drift_window(owner, players, bed_started, minutes)
        figures.update(listen_draws.run(owner, players, NAMES[:len(players) + 1], expected,
                                        lambda: recordings(owner, players), args.skew_limit))
        owner.test(f"trigger('{bed['id']}')")
        for player in players:
            wait("the bed again on a player", lambda: any(layer["sounding"] for layer in bed_layers(player, bed)), timeout=5)
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
    parser.add_argument("--phase-limit", type=float, default=10.0)
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
    if figures["audioFetchedTwiceLateJoiner"] > 0:
        problems.append(f"the late joiner fetched {figures['audioFetchedTwiceLateJoiner']} audio file(s) a second time")
    if args.long and not figures["driftMs10min"] <= args.drift_limit:
        problems.append(f"pages {figures['driftMs10min']:.2f} ms apart after 10 minutes > {args.drift_limit} ms")
    if args.long and not figures["ownerApiP95Ms"] <= args.api_limit:
        problems.append(f"owner's API p95 {figures['ownerApiP95Ms']:.2f} ms with 50 players > {args.api_limit} ms")
    for problem in problems:
        print(f"FAILED: {problem}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
