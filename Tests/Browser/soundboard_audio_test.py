#!/usr/bin/env python3
"""Listens to the web soundboard of `client serve` in headless Chromium: the page's test mode (?test)
routes the master output into an AudioWorklet recorder and this script checks the captured samples.

    soundboard_audio_test.py --url http://127.0.0.1:PORT/ --expected expected.json --screenshots DIR

expected.json (written by the Swift test):
    {"sineLoop": {"id", "title", "file", "loop": {"start", "end"}, "frequency"},
     "loud": {"id", "title", "file"}, "quiet": {"id", "title", "file"},
     "low": {"id", "title", "frequency"}, "high": {"id", "title", "frequency"}, "drone": {"id", "title"},
     "chime": {"id", "title", "file", "frequency"}}

The loudness figures of "loud" and "quiet" are measured here by ffmpeg's EBU R128 filter on the
same files and given to the page as the items' `loudness`; the sine loop gets its `loop` frames;
every item gets `peaks` computed from its file. Prints one line per step; fails like
soundboard_test.py (message, screenshot failed-<step>.png, exit 1).
"""

import argparse
import json
import os
import re
import sys
import time

import numpy as np

from audio_capture import SILENT_DB, Listener, LoopCheck, Schedule, db, measure, peaks, rms, tone  # noqa: E402
from soundboard_test import CHROMEDRIVER, CHROMIUM, Page, StepFailed, browser  # noqa: E402
from selenium.common.exceptions import WebDriverException  # noqa: E402
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402


def run(page, expected, docs):
    listen = Listener(page)
    test = lambda script, *args: page.js("return soundshelfTest." + script, *args)  # noqa: E731

    def step(name):
        print(f"step: {name}", flush=True)
        step.current = name

    def now():
        return test("now()")

    def wait_until(time_):
        while now() < time_:
            time.sleep(0.05)

    def layer(item_id):
        return next((entry for entry in test("layers()") if entry["item"] == item_id and entry["state"] == "playing"), None)

    def playing_ids():
        return sorted(entry["item"] for entry in test("layers()"))

    step.current = "start"
    try:
        step("open the page in its test mode and give the items their figures")
        page.viewport(1280, 800)
        page.driver.get(page.url + "?test#library")
        page.wait("the test hooks", lambda: page.js("return document.body.dataset.test") == "ready")
        # The figures the page plays by are the catalog's (packer's analysis, from the server);
        # ffmpeg's own measurement of the same files must agree with them.
        ffmpeg = {key: measure(expected[key]["file"]) for key in ("loud", "quiet")}
        figures = {
            key: page.driver.execute_async_script(
                "const [id, done] = arguments; fetch('/api/items/' + id).then(r => r.json()).then(j => done(j.loudness))",
                expected[key]["id"])
            for key in ("loud", "quiet")
        }
        print(f"  catalog: loud {figures['loud']}, quiet {figures['quiet']}; ffmpeg: loud {ffmpeg['loud']}, quiet {ffmpeg['quiet']}")
        for key in ("loud", "quiet"):
            if not figures[key] or abs(figures[key]["integrated"] - ffmpeg[key]["integrated"]) > 0.15:
                raise StepFailed(f"the catalog's figures for '{key}' {figures[key]} differ from ffmpeg's {ffmpeg[key]}")
        extras = {expected[key]["id"]: {"peaks": peaks(expected[key]["file"])} for key in ("sineLoop", "loud", "quiet", "low", "high")}
        extras[expected["sineLoop"]["id"]]["loop"] = expected["sineLoop"]["loop"]
        extras[expected["chime"]["id"]] = {"playback": {"gain": [-6, -6], "pitch": [1200, 1200], "interval": [0.4, 0.4]}}
        for key in ("loud", "quiet"):
            extras[expected[key]["id"]]["loudness"] = figures[key]
        test("setExtras(arguments[0])", extras)
        page.driver.refresh()
        page.wait("the test hooks after the reload", lambda: page.js("return document.body.dataset.test") == "ready")
        page.click('#kind-tabs [data-kind="atmosphere"]')
        page.wait("waveforms on the rows", lambda: page.js(
            "return document.querySelectorAll('#items .item .wave').length") >= 5)
        test("update({fade: 0})")

        sine = expected["sineLoop"]

        def check_loop(streaming):
            listen.start()
            page.click(f'button.play[data-play="{sine["id"]}"]')
            page.wait("the loop playing", lambda: layer(sine["id"]))
            playing = layer(sine["id"])
            if playing["streaming"] != streaming:
                raise StepFailed(f"the layer {'does not stream' if streaming else 'streams'}: {playing}")
            loop_start = sine["loop"]["start"] / 48000
            loop_length = (sine["loop"]["end"] - sine["loop"]["start"]) / 48000
            if abs(playing["loopStart"] - loop_start) > 1e-6 or abs(playing["loopEnd"] - loop_start - loop_length) > 1e-6:
                raise StepFailed(f"loop points {playing['loopStart']}…{playing['loopEnd']} s, expected {loop_start}…{loop_start + loop_length} s")
            began = playing["startedAt"]
            wait_until(began + loop_start + 3 * loop_length + 0.3)
            capture = listen.stop(began + loop_start + 3 * loop_length + 0.3)
            scheduled = layer(sine["id"]) or playing  # what the engine asked the browser to play, read before the stop
            ActionChains(page.driver).send_keys(Keys.ESCAPE).perform()
            page.wait("the loop stopped", lambda: not playing_ids())
            # The sound starts when the first non-silent sample comes (a streamed one may start a
            # little after its layer); from there, past three passes of the loop and its seams.
            rate = capture.rate
            recorded = capture.between(began, began + loop_start + 3 * loop_length + 0.1)
            onset = capture.first_frame + int(round((began - capture.start) * rate)) + int(np.argmax(np.abs(recorded) > 0.01))
            end = onset + int((3 * loop_length + 0.05) * rate)
            if streaming:
                schedule = Schedule.streamed(scheduled["chunks"] or [])
                chunks = schedule.chunks
                print(f"  engine: {len(chunks)} chunks scheduled, frames {chunks[0]['start']}…"
                      f"{chunks[-1]['start'] + chunks[-1]['frames']} (file frames from {[c['from'] for c in chunks[:4]]}…)"
                      if chunks else "  engine: no chunk scheduled")
                if not chunks:
                    raise StepFailed("the streamed layer reported no chunk it scheduled")
            else:
                schedule = Schedule.looped(began, scheduled["loopStart"], scheduled["loopEnd"], rate, end)
            check = LoopCheck(capture, onset + 8, end, sine["frequency"], schedule)
            amplitude, largest = check.amplitude, check.largest
            print(f"  rate {rate} Hz, amplitude {amplitude:.4f}, largest jump {check.jump:.5f} (the sine's own step {largest:.5f}), "
                  f"longest near-silent run {check.run_length} samples, {end - onset - 8} samples ({(end - onset - 8) / rate:.2f} s) checked")
            for event in check.browser:
                print(f"  browser underrun (not the engine's; left out of the check): {event}")
            # The sine is written at 0.5 of full scale and plays at its layer's gain (the catalog's
            # figures bring it to the atmosphere target).
            want = 0.5 * 10 ** (playing["gainDb"] / 20)
            if abs(amplitude - want) > 0.02 * want:
                raise StepFailed(f"the loop's peak is {amplitude}, not the sine's {want:.4f} at {playing['gainDb']} dB "
                                 "(silent, or two copies overlapping)")
            if check.faults:
                raise StepFailed(f"'{sine['title']}' ({'streamed' if streaming else 'decoded whole'}): " + "; ".join(check.faults))

        step(f"'{sine['title']}' loops at its loop points three times without a click or a gap")
        check_loop(False)

        step(f"'{sine['title']}' streamed in chunks (as a long atmosphere is) loops the same way")
        test("streamFrom(0)")
        check_loop(True)
        test("streamFrom(null)")

        loud, quiet_item = expected["loud"], expected["quiet"]
        step(f"'{loud['title']}' and '{quiet_item['title']}' ({figures['loud']['integrated'] - figures['quiet']['integrated']:.1f} LU apart) play within 1 LU")
        heard = {}
        for item in (loud, quiet_item):
            listen.start()
            page.click(f'button.play[data-play="{item["id"]}"]')
            page.wait(f"'{item['title']}' playing", lambda: layer(item["id"]))
            playing = layer(item["id"])
            wait_until(playing["startedAt"] + 1.2)
            capture = listen.stop(playing["startedAt"] + 1.2)
            page.click(f'button.play[data-play="{item["id"]}"]')
            page.wait(f"'{item['title']}' stopped", lambda: not playing_ids())
            heard[item["id"]] = db(rms(capture.between(playing["startedAt"] + 0.2, playing["startedAt"] + 1.2)))
            figure = figures["loud" if item is loud else "quiet"]
            want = min(-23 - figure["integrated"], -1 - figure["truePeak"])
            print(f"  {item['title']}: gain {playing['gainDb']:.2f} dB (computed {want:.2f}), heard at {heard[item['id']]:.2f} dBFS RMS")
            if abs(playing["gainDb"] - want) > 0.05:
                raise StepFailed(f"'{item['title']}' plays at {playing['gainDb']} dB, the loudness figures give {want} dB")
        difference = abs(heard[loud["id"]] - heard[quiet_item["id"]])
        if difference > 1.0:
            raise StepFailed(f"the two play {difference:.2f} dB apart, not within 1 LU")

        chime = expected["chime"]
        step(f"'{chime['title']}' plays its gain (-6 dB) and pitch (+1200 cents) draws, and repeats after its interval (0.4 s)")
        listen.start()
        page.click(f'button.play[data-play="{chime["id"]}"]')
        page.wait("the chime playing", lambda: layer(chime["id"]))
        began, chime_gain = layer(chime["id"])["startedAt"], layer(chime["id"])["gainDb"]
        # Its level: the catalog's gain toward the effects' target, plus the -6 dB draw.
        catalog_gain = page.driver.execute_async_script(
            "const [id, done] = arguments; fetch('/api/items/' + id).then(r => r.json()).then(j => done(j.gain))",
            chime["id"]) or 0
        if abs(chime_gain - (catalog_gain - 6)) > 0.05:
            raise StepFailed(f"the chime plays at {chime_gain} dB, not its gain {catalog_gain} dB with the -6 dB draw")
        page.click(f'[data-now="{chime["id"]}"] [data-repeat]')
        page.wait("repeat switched on", lambda: page.js(
            "const b = document.querySelector(`[data-now='${arguments[0]}'] [data-repeat]`); return b && b.getAttribute('aria-pressed')",
            chime["id"]) == "true")
        wait_until(began + 4.0)
        capture = listen.stop(began + 4.0)
        page.click(f'[data-now="{chime["id"]}"] [data-stop]')
        page.wait("the chime stopped", lambda: not playing_ids())
        levels = capture.levels(began, began + 4.0)
        bursts, start = [], None
        for time_, level in levels:
            if level > -40 and start is None:
                start = time_
            elif level <= -40 and start is not None:
                bursts.append((start - began, time_ - began))
                start = None
        lengths = [round(end - begin, 2) for begin, end in bursts]
        gaps = [round(bursts[i + 1][0] - bursts[i][1], 2) for i in range(len(bursts) - 1)]
        part = capture.between(began + 0.2, began + 0.8)
        peak, octave, written = float(np.max(np.abs(part))), db(tone(part, 2 * chime["frequency"], capture.rate)), db(
            tone(part, chime["frequency"], capture.rate))
        print(f"  bursts {bursts}: lengths {lengths} s, gaps {gaps} s; peak {peak:.3f}; "
              f"{2 * chime['frequency']} Hz at {octave:.1f} dBFS, {chime['frequency']} Hz at {written:.1f} dBFS")
        if len(bursts) < 2 or not all(abs(length - 1.0) <= 0.05 for length in lengths[:2]):
            raise StepFailed(f"expected bursts of 1.0 s (2 s played an octave up), heard {lengths}")
        if not gaps or not all(abs(gap - 0.4) <= 0.03 for gap in gaps):
            raise StepFailed(f"expected 0.4 s between repeats, heard {gaps}")
        want = 0.3 * 10 ** (chime_gain / 20)
        if abs(peak - want) > 0.03 * want + 0.002:
            raise StepFailed(f"peak {peak:.3f}, not the file's 0.3 at {chime_gain:.1f} dB ({want:.3f})")
        if not (octave > written + 40):
            raise StepFailed(f"the chime should sound an octave up: {octave:.1f} vs {written:.1f} dBFS")

        knock = expected["knock"]
        step(f"'{knock['title']}' plays its three takes in turn (sequence) and wraps to the first")
        pitches, takes = [], []
        for _ in range(4):
            listen.start()
            page.click(f'button.play[data-play="{knock["id"]}"]')
            page.wait("the knock playing", lambda: layer(knock["id"]) and layer(knock["id"])["startedAt"] is not None)
            playing = layer(knock["id"])
            takes.append(playing["take"])
            wait_until(playing["startedAt"] + 0.6)
            capture = listen.stop(playing["startedAt"] + 0.6)
            page.wait("the knock ended", lambda: not playing_ids(), timeout=10)
            part = capture.between(playing["startedAt"] + 0.1, playing["startedAt"] + 0.5)
            strengths = {f: tone(part, f, capture.rate) for f in knock["frequencies"]}
            pitches.append(max(strengths, key=strengths.get))
        print(f"  takes {takes}, heard {pitches} Hz")
        want = knock["frequencies"] + knock["frequencies"][:1]
        if pitches != want or takes != [0, 1, 2, 0]:
            raise StepFailed(f"expected the takes 0, 1, 2, 0 ({want} Hz), played {takes} and heard {pitches} Hz")

        low, high = expected["low"], expected["high"]
        step("a 2 s fade-out (Space: stop all) reaches silence in 2 s ± 10 %, and every layer stops")
        test("update({fade: 2})")
        for item in (low, high):
            page.click(f'button.play[data-play="{item["id"]}"]')
        page.wait("both beds playing", lambda: layer(low["id"]) and layer(high["id"]))
        wait_until(max(layer(low["id"])["startedAt"], layer(high["id"])["startedAt"]) + 2.2)
        page.screenshot("layers-playing")
        if docs:
            page.driver.save_screenshot(os.path.join(docs, "layers-playing.png"))
        listen.start()
        time.sleep(0.3)
        before = now()
        page.js("document.activeElement && document.activeElement.blur()")
        ActionChains(page.driver).send_keys(" ").perform()
        stops = [sound["stopAt"] for sound in test("sounds()")]
        if len(stops) != 2 or None in stops or max(stops) - min(stops) > 0.05:
            raise StepFailed(f"Space should fade both layers out together: {test('sounds()')}")
        before = max(stops) - 2.0  # the fade began here, when the page handled the key
        wait_until(before + 2.5)
        capture = listen.stop(before + 2.5)
        levels = capture.levels(before - 0.25, before + 2.45)
        loud_before = max(level for time_, level in levels if time_ < before)
        silent_from = None
        for index, (time_, level) in enumerate(levels):
            if all(later < SILENT_DB for _, later in levels[index:]):
                silent_from = time_
                break
        if silent_from is None:
            raise StepFailed(f"the capture never stays below {SILENT_DB} dBFS after Space: {levels[-5:]}")
        fade_time = silent_from - before
        print(f"  level before {loud_before:.1f} dBFS; below {SILENT_DB} dBFS {fade_time:.3f} s after the fade began")
        if loud_before < -30:
            raise StepFailed(f"the beds were hardly audible before the fade ({loud_before:.1f} dBFS)")
        if not (1.8 <= fade_time <= 2.2):
            raise StepFailed(f"silence came {fade_time:.3f} s after Space, not 2 s ± 10 %")
        if test("sounding()") != 0 or playing_ids():
            raise StepFailed(f"layers still sound after the fade: {test('layers()')}")

        step("Escape stops every layer at once")
        for item in (low, high):
            page.click(f'button.play[data-play="{item["id"]}"]')
        page.wait("both beds playing", lambda: layer(low["id"]) and layer(high["id"]))
        wait_until(layer(high["id"])["startedAt"] + 2.2)
        listen.start()
        ActionChains(page.driver).send_keys(Keys.ESCAPE).perform()
        pressed = now()
        # "At once" is after the page's lead (120 ms, so players listening along stop with it) and a 10 ms ramp.
        wait_until(pressed + 0.45)
        capture = listen.stop(pressed + 0.45)
        after = max(level for _, level in capture.levels(pressed + 0.2, pressed + 0.44))
        print(f"  after Escape: loudest 10 ms block {after:.1f} dBFS")
        if after >= SILENT_DB or test("sounding()") != 0:
            raise StepFailed(f"still {after:.1f} dBFS after Escape")

        step("scenes: hotkeys, a crossfade from one scene to the next")
        created = {}
        for title, ids in (("Cellar", [low["id"]]), ("Storm", [high["id"], loud["id"]])):
            created[title] = page.driver.execute_async_script(
                """
                const [title, items, done] = arguments;
                const headers = {'Content-Type': 'application/json', 'X-Soundshelf': '1'};
                fetch('/api/scenes', {method: 'POST', headers, body: JSON.stringify({title})})
                  .then(r => r.json())
                  .then(s => fetch(`/api/scenes/${s.sceneId}`, {method: 'PUT', headers, body: JSON.stringify({title, items})})
                  .then(() => done(s.sceneId)));
                """, title, ids)
        page.go("scenes")
        page.click(f'#scenes [data-scene="{created["Cellar"]}"]')
        page.wait_equal("the Cellar board", page.tile_order, [low["id"]])
        page.click("#play-scene")
        page.wait("the Cellar's bed playing", lambda: layer(low["id"]))
        wait_until(layer(low["id"])["startedAt"] + 2.1)
        page.click(f'#scenes [data-scene="{created["Storm"]}"]')
        page.wait_equal("the Storm board", page.tile_order, [high["id"], loud["id"]])
        listen.start()
        time.sleep(0.2)
        page.click("#play-scene")
        page.wait("the Storm's bed playing", lambda: layer(high["id"]))
        switched = layer(high["id"])["startedAt"]  # its fade-in begins here
        wait_until(switched + 2.8)
        capture = listen.stop(switched + 2.8)
        if playing_ids() != sorted([high["id"], loud["id"]]):
            raise StepFailed(f"after the crossfade expected the Storm's two atmospheres, playing: {playing_ids()}")
        rate = capture.rate

        def tones(begin):
            part = capture.between(begin, begin + 0.2)
            return db(tone(part, low["frequency"], rate)), db(tone(part, high["frequency"], rate))

        first, middle, last = tones(switched - 0.25), tones(switched + 0.9), tones(switched + 2.4)
        print(f"  low/high bed in dBFS: before {first[0]:.1f}/{first[1]:.1f}, mid-fade {middle[0]:.1f}/{middle[1]:.1f}, "
              f"after {last[0]:.1f}/{last[1]:.1f}")
        if not (first[0] > -20 and first[1] < SILENT_DB):
            raise StepFailed(f"before the switch only the Cellar's bed should sound: {first}")
        if not (middle[0] > -30 and middle[1] > -30):
            raise StepFailed(f"in the middle of the crossfade both beds should sound: {middle}")
        if not (last[0] < SILENT_DB and last[1] > -20):
            raise StepFailed(f"after the crossfade only the Storm's bed should sound: {last}")

        step("hotkeys: Escape, 2 and 1 play the scene's second and first sounds, 2 again stops it")
        ActionChains(page.driver).send_keys(Keys.ESCAPE).perform()
        page.wait("nothing playing after Escape", lambda: not playing_ids())
        ActionChains(page.driver).send_keys("2").perform()
        page.wait_equal("the second sound playing after '2'", playing_ids, [loud["id"]])
        ActionChains(page.driver).send_keys("1").perform()
        page.wait_equal("both after '1'", playing_ids, sorted([loud["id"], high["id"]]))
        ActionChains(page.driver).send_keys("2").perform()
        page.wait_equal("only the first after '2' again", playing_ids, [high["id"]])
        page.screenshot("scene-playing")

        step("Space on a focused button stops all (and does not press it); digits typed in a field are text")
        page.js("document.getElementById('play-scene').focus()")
        ActionChains(page.driver).send_keys(" ").perform()
        page.wait("nothing playing after Space", lambda: not playing_ids(), timeout=5)
        time.sleep(0.3)
        if playing_ids():
            raise StepFailed(f"Space also pressed the focused Play scene button: {playing_ids()}")
        field = page.one("#new-scene-title")
        field.send_keys("1")
        time.sleep(0.3)
        if playing_ids() or field.get_attribute("value") != "1":
            raise StepFailed(f"typing 1 in a field played {playing_ids()} / the field holds {field.get_attribute('value')!r}")
        page.js("arguments[0].value = ''; arguments[0].blur()", field)
        wait_until(now() + 2.2)

        step("'?' opens the keyboard help, '?' again closes it")
        ActionChains(page.driver).send_keys("?").perform()
        page.wait("the help overlay", lambda: page.js("return document.getElementById('help-dialog').open"))
        page.screenshot("hotkey-help")
        if docs:
            page.driver.save_screenshot(os.path.join(docs, "hotkey-help.png"))
        ActionChains(page.driver).send_keys("?").perform()
        page.wait("the help overlay closed", lambda: not page.js("return document.getElementById('help-dialog').open"))

        step("settings: change them in the panel, reload, they are kept")
        page.click("#settings-button")
        page.wait("the settings panel", lambda: page.js("return document.getElementById('settings-dialog').open"))
        for slider in ("set-master", "set-atmosphere"):
            page.js("const m = document.getElementById(arguments[0]); m.value = '0.5'; m.dispatchEvent(new Event('input', {bubbles: true}))",
                    slider)
        for field_id, value in (("set-fade", "3.5"), ("set-target-atmosphere", "-20")):
            field = page.one(f"#{field_id}")
            field.clear()
            field.send_keys(value)
        page.js("document.getElementById('set-sfx').focus()")
        page.screenshot("settings")
        if docs:
            page.driver.save_screenshot(os.path.join(docs, "settings.png"))
        want = {"master": 0.5, "atmosphere": 0.5, "sfx": 1, "targets": {"atmosphere": -20, "sfx": -16}, "fade": 3.5}
        page.wait_equal("the settings applied", lambda: test("settings()"), want)
        page.driver.refresh()
        page.wait("the test hooks after the reload", lambda: page.js("return document.body.dataset.test") == "ready")
        page.click("#settings-button")
        shown = lambda: page.js(  # noqa: E731
            "return ['set-master', 'set-atmosphere', 'set-fade', 'set-target-atmosphere', 'set-target-sfx']"
            ".map(id => document.getElementById(id).value)")
        page.wait_equal("the panel after a reload", shown, ["0.5", "0.5", "3.5", "-20", "-16"])
        page.wait_equal("the settings after a reload", lambda: test("settings()"), want)
        page.js("document.getElementById('settings-dialog').close()")

        step(f"the kept settings are heard: '{loud['title']}' 3 dB louder (target -20), 12 dB down (master and atmospheres at 50 %)")
        page.go("library")
        page.click('#kind-tabs [data-kind="atmosphere"]')
        listen.start()
        page.click(f'button.play[data-play="{loud["id"]}"]')
        page.wait(f"'{loud['title']}' playing", lambda: layer(loud["id"]))
        playing = layer(loud["id"])
        began = playing["startedAt"]
        wait_until(began + 4.2)  # after its 3.5 s fade-in
        capture = listen.stop(began + 4.2)
        ActionChains(page.driver).send_keys(Keys.ESCAPE).perform()
        page.wait("nothing playing", lambda: not playing_ids())
        level = db(rms(capture.between(began + 3.7, began + 4.2)))
        want_level = heard[loud["id"]] + 3 + 2 * db(0.5)
        print(f"  gain {playing['gainDb']:.2f} dB; heard at {level:.2f} dBFS RMS (expected {want_level:.2f})")
        if abs(playing["gainDb"] - (min(-20 - figures["loud"]["integrated"], -1 - figures["loud"]["truePeak"]))) > 0.05:
            raise StepFailed(f"gain {playing['gainDb']} dB does not follow the new target")
        if abs(level - want_level) > 0.5:
            raise StepFailed(f"heard at {level:.2f} dBFS, expected {want_level:.2f}")
        page.click("#settings-button")
        page.click("#settings-reset")
        page.wait_equal("the defaults after Reset", shown, ["1", "1", "2", "-23", "-16"])
        page.js("document.getElementById('settings-dialog').close()")

        step("the page's take picker: shuffle avoids the last takes, sequence wraps, random draws stay in range")
        picks = page.driver.execute_async_script(
            """
            const done = arguments[arguments.length - 1];
            import('/take-picker.js').then(({TakePicker, playbackRules, seededRandom}) => {
              const run = (playback, takes, count) => {
                const picker = new TakePicker(playbackRules(playback, takes), seededRandom(7));
                return Array.from({length: count}, () => picker.next());
              };
              done({
                defaults: playbackRules(undefined, 3), single: playbackRules({avoidRepeat: 4}, 1),
                shuffle: run({avoidRepeat: 2}, 3, 60), shuffleDefault: run({}, 4, 60),
                sequence: run({order: 'sequence'}, 3, 7),
                random: run({order: 'random', gain: [-3, 0], pitch: [-100, 100]}, 3, 300),
              });
            }, (error) => done({error: String(error)}));
            """)
        if "error" in picks:
            raise StepFailed(f"take-picker.js did not load: {picks['error']}")
        takes = lambda key: [pick["take"] for pick in picks[key]]  # noqa: E731
        if (picks["defaults"]["order"], picks["defaults"]["avoidRepeat"], picks["single"]["avoidRepeat"]) != ("shuffle", 1, 0):
            raise StepFailed(f"defaults: {picks['defaults']}, one take: {picks['single']}")
        for key, avoid, count in (("shuffle", 2, 3), ("shuffleDefault", 1, 4)):
            order = takes(key)
            repeats = [i for i in range(len(order)) if order[i] in order[max(0, i - avoid):i]]
            if repeats or sorted(set(order)) != list(range(count)):
                raise StepFailed(f"{key}: {order} repeats one of the last {avoid} takes at {repeats} or misses a take")
        if takes("sequence") != [0, 1, 2, 0, 1, 2, 0]:
            raise StepFailed(f"sequence: {takes('sequence')}")
        drawn = picks["random"]
        if not all(-3 <= pick["gain"] <= 0 and -100 <= pick["cents"] <= 100 for pick in drawn):
            raise StepFailed(f"random draws outside their ranges: {drawn[:5]}")
        order = takes("random")
        if sorted(set(order)) != [0, 1, 2] or not any(a == b for a, b in zip(order, order[1:])):
            raise StepFailed(f"random order: every take, independent draws (some repeat at once): {order[:30]}")

        drone = expected["drone"]
        step(f"the tab closes while '{drone['title']}' plays: its play is still recorded (pagehide, keepalive)")
        page.go("library")
        page.click('#kind-tabs [data-kind="atmosphere"]')
        page.click(f'button.play[data-play="{drone["id"]}"]')
        page.wait("the drone playing", lambda: layer(drone["id"]))
        wait_until(layer(drone["id"])["startedAt"] + 5.0)  # a 4 s sound counts once heard for 4 s
        page.driver.get("about:blank")
        time.sleep(1.0)
    except (StepFailed, WebDriverException, AssertionError, KeyError, TypeError) as error:
        name = re.sub(r"[^a-z0-9]+", "-", step.current.lower()).strip("-")[:40]
        path = os.path.join(page.screenshots, f"failed-{name}.png")
        try:
            page.driver.save_screenshot(path)
        except WebDriverException:
            path = "(no screenshot)"
        print(f"FAILED at step '{step.current}': {type(error).__name__}: {error}\nscreenshot: {path}", file=sys.stderr)
        for entry in page.driver.get_log("browser")[-10:]:
            print(f"  console: {entry.get('level')} {entry.get('message')}", file=sys.stderr)
        return 1
    severe = [entry["message"] for entry in page.driver.get_log("browser") if entry.get("level") == "SEVERE"]
    if severe:
        print("FAILED: the browser console reported errors:\n  " + "\n  ".join(severe), file=sys.stderr)
        return 1
    print("all steps passed")
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", required=True)
    parser.add_argument("--expected", required=True)
    parser.add_argument("--screenshots", required=True)
    parser.add_argument("--docs", help="also save the documentation's screenshots in this folder")
    args = parser.parse_args()
    with open(args.expected, encoding="utf-8") as handle:
        expected = json.load(handle)
    os.makedirs(args.screenshots, exist_ok=True)
    for path in (CHROMEDRIVER, CHROMIUM):
        if not os.path.exists(path):
            print(f"{path} is missing: run scripts/bootstrap", file=sys.stderr)
            return 1
    driver = browser()
    try:
        return run(Page(driver, args.url, args.screenshots), expected, args.docs)
    finally:
        driver.quit()


if __name__ == "__main__":
    sys.exit(main())
