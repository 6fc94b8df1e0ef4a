#!/usr/bin/env python3
"""Drives the web soundboard of `client serve` in headless Chromium (selenium + Debian's chromedriver).

    soundboard_test.py --url http://127.0.0.1:PORT/ --expected expected.json --screenshots DIR

expected.json (written by the Swift test from the CLI's --json output):
    {"kind": "sfx", "location": "Underdark",
     "before": <client facets --kind K --json>, "after": <client facets --kind K --location L --json>,
     "afterTitles": [titles of client list --kind K --location L --json],
     "play": {"id", "title"}, "install": {"id", "title"}, "favorite": {"id", "title"},
     "scene": {"title", "renamed", "items": [{"id", "title"}, x3]}, "atmosphere": {"id", "title"},
     "chartTop": {"target", "title", "plays"}, "liveFavorite": {"id", "title"},
     "secondAtmosphere": {"id", "title"}, "search": {"query", "titles"},
     "client": path of the built client, "root": the data root the server serves}

Prints one line per step; on a failed step prints what was expected and what the page showed, saves
a screenshot named failed-<step>.png, and exits 1. No traffic leaves 127.0.0.1: the driver is given
explicitly (no Selenium Manager) and SE_AVOID_STATS=true.
"""

import argparse
import json
import os
import re
import signal
import subprocess
import sys
import time
import traceback

os.environ.setdefault("SE_AVOID_STATS", "true")

from selenium import webdriver  # noqa: E402
from selenium.common.exceptions import (  # noqa: E402
    StaleElementReferenceException,
    TimeoutException,
    WebDriverException,
)
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

CHROMEDRIVER = "/usr/bin/chromedriver"
CHROMIUM = "/usr/bin/chromium"
WAIT = 15
STEP = ["start"]


class StepFailed(Exception):
    pass


class Page:
    def __init__(self, driver, url, screenshots):
        self.driver = driver
        self.url = url.rstrip("/") + "/"
        self.screenshots = screenshots

    # --- helpers -------------------------------------------------------------------------------
    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def wait(self, what, condition, timeout=WAIT):
        """Waits until condition() is truthy; fails naming `what` and the last value seen."""
        last = [None]

        def check(_):
            last[0] = condition()
            return last[0]

        try:
            return WebDriverWait(self.driver, timeout, poll_frequency=0.1).until(check)
        except TimeoutException:
            raise StepFailed(f"timed out after {timeout}s waiting for {what} (last seen: {last[0]!r})")

    def wait_equal(self, what, getter, want, timeout=WAIT):
        """Waits until getter() == want; fails showing both."""
        last = [None]

        def check(_):
            last[0] = getter()
            return last[0] == want

        try:
            WebDriverWait(self.driver, timeout, poll_frequency=0.1).until(check)
        except TimeoutException:
            raise StepFailed(f"timed out after {timeout}s waiting for {what}: expected {want!r}, page shows {last[0]!r}")

    def one(self, css):
        found = self.driver.find_elements(By.CSS_SELECTOR, css)
        if not found:
            raise StepFailed(f"no element matches {css}")
        return found[0]

    def click(self, css):
        """Clicks the first visible, enabled match; tries again when a redraw replaced it meanwhile."""
        for attempt in range(3):
            element = self.wait(f"a clickable {css}", lambda: self.clickable(css))
            try:
                self.js("arguments[0].scrollIntoView({block: 'center'})", element)
                element.click()
                return element
            except StaleElementReferenceException:
                if attempt == 2:
                    raise

    def clickable(self, css):
        try:
            for element in self.driver.find_elements(By.CSS_SELECTOR, css):
                if element.is_displayed() and element.is_enabled():
                    return element
        except StaleElementReferenceException:
            pass  # redrawn while looking: the next poll finds the new one
        return None

    def go(self, view):
        self.js("location.hash = arguments[0]", view)
        self.wait(f"the {view} view", lambda: self.js("return document.body.dataset.view") == view)

    def watch_audio(self):
        """Records every layer that reaches `playing` in the now-playing bar (a short effect may end
        before a poll sees it playing): the item, whether it loops, and which others were playing."""
        self.js(
            """
            window.__plays = [];
            new MutationObserver((changes) => {
              for (const change of changes) {
                const row = change.target;
                if (change.attributeName !== 'data-state' || row.dataset.state !== 'playing') continue;
                const others = [...document.querySelectorAll('#now-list [data-now][data-state=playing]')]
                  .map((other) => other.dataset.now).filter((item) => item !== row.dataset.now);
                __plays.push({item: row.dataset.now, loop: row.dataset.loop === 'true', others});
              }
            }).observe(document.getElementById('now-list'), {subtree: true, attributes: true, attributeFilter: ['data-state']});
            """
        )

    def plays(self):
        return self.js("return window.__plays || []")

    def viewport(self, width, height, mobile=False):
        self.driver.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile},
        )

    def screenshot(self, name):
        path = os.path.join(self.screenshots, f"{name}.png")
        self.js("document.activeElement && document.activeElement.blur()")
        time.sleep(0.2)
        self.driver.save_screenshot(path)
        print(f"  screenshot {path}")

    def total(self):
        return self.js("const s = document.getElementById('summary'); return s.dataset.total ?? null;")

    def chips(self):
        """{dimension: {name: count}} as the page shows them."""
        return self.js(
            """
            const result = {};
            for (const chip of document.querySelectorAll('#facets .chip')) {
              const dimension = chip.dataset.dimension;
              const count = Number(chip.querySelector('.count').textContent);
              if (count === 0) continue; // kept in place, disabled; `client facets` leaves it out
              (result[dimension] = result[dimension] || {})[chip.dataset.value] =
                Number(chip.querySelector('.count').textContent);
            }
            return result;
            """
        )

    def titles(self, list_id):
        return self.js(
            "return [...document.querySelectorAll(`#${arguments[0]} .item .title`)].map(n => n.textContent)",
            list_id,
        )

    def saved_order(self):
        """The scene order the server confirmed, once the board is no longer busy saving."""
        return self.js(
            "const b = document.getElementById('scene-board'); return b.hasAttribute('aria-busy') ? null : b.dataset.saved"
        )

    def tile_order(self):
        return self.js("return [...document.querySelectorAll('#tiles [data-scene-item]')].map(n => n.dataset.sceneItem)")


def expected_chips(facets):
    """{dimension: {name: count}} from a `client facets --json` document (zero counts are left out)."""
    return {
        dimension: {value["name"]: value["count"] for value in values}
        for dimension, values in facets["facets"].items()
        if values
    }


def run(page, expected):
    kind = expected["kind"]
    location = expected["location"]
    before, after = expected["before"], expected["after"]

    def step(name):
        print(f"step: {name}", flush=True)
        step.current = name
        STEP[0] = name

    step.current = "start"
    try:
        step("open the page at 1280x800")
        page.viewport(1280, 800)
        page.driver.get(page.url + "#library")
        page.wait("the library list", lambda: page.total() is not None)
        page.watch_audio()

        step(f"choose the kind tab '{kind}'")
        page.click(f'#kind-tabs [data-kind="{kind}"]')
        shown = lambda: {"total": page.total(), "chips": page.chips()}  # noqa: E731
        page.wait_equal(
            f"the total and counts of `client facets --kind {kind}`",
            shown,
            {"total": str(before["total"]), "chips": expected_chips(before)},
        )
        page.screenshot("library-start")

        step(f"click the location chip '{location}'")
        page.click(f'#facets .chip[data-dimension="locations"][data-value="{location}"]')
        want = expected_chips(after)
        # A selected value stays on screen so it can be unselected; its count is as the CLI says.
        page.wait_equal(
            f"the total and counts of `client facets --kind {kind} --location {location}`",
            shown,
            {"total": str(after["total"]), "chips": want},
        )
        titles = page.titles("items")
        if sorted(titles) != sorted(expected["afterTitles"]):
            raise StepFailed(f"list after the chip: expected {sorted(expected['afterTitles'])}, page shows {titles}")
        pressed = page.one(f'#facets .chip[data-value="{location}"]').get_attribute("aria-pressed")
        if pressed != "true":
            raise StepFailed(f"the chip '{location}' is not shown as selected (aria-pressed={pressed})")

        play = expected["play"]
        step(f"play the installed sound '{play['title']}'")
        page.click(f'button.play[data-play="{play["id"]}"]')
        page.wait(
            "the sound to reach 'playing' in the now-playing bar",
            lambda: any(entry["item"] == play["id"] for entry in page.plays()),
        )
        stop = f'[data-now="{play["id"]}"] [data-stop]'
        if (play.get("duration") or 99) > 10:
            page.click(stop)  # a long sound: stop it by hand (the page records the seconds played)
        page.wait("the sound to end and leave the now-playing bar", lambda: page.clickable(stop) is None, timeout=20)

        favorite = expected["favorite"]
        step(f"favorite '{favorite['title']}'")
        page.click(f'button[data-favorite="{favorite["id"]}"]')
        page.wait(
            "the star to turn on",
            lambda: page.js(
                "const b = document.querySelector(`button[data-favorite='${arguments[0]}']`); return b && b.getAttribute('aria-pressed')",
                favorite["id"],
            )
            == "true",
        )
        page.go("favorites")
        page.wait(f"'{favorite['title']}' among the favorites", lambda: favorite["title"] in page.titles("favorite-items"))

        live = expected["liveFavorite"]
        step(f"a favorite made by another process ('{live['title']}' by `client favorite`) shows up live")
        done = subprocess.run(
            [expected["client"], "favorite", live["id"], "--root", expected["root"]], capture_output=True, text=True
        )
        if done.returncode != 0:
            raise StepFailed(f"client favorite failed: {done.stderr.strip()}")
        page.wait(f"'{live['title']}' among the favorites without a reload", lambda: live["title"] in page.titles("favorite-items"))

        install = expected["install"]
        step(f"install the pack '{install['title']}' and watch its progress bar")
        page.go("packs")
        page.click(f'button[data-install="{install["id"]}"]')
        page.wait(
            "the pack installed, its progress bar gone and 'Installed' said once",
            lambda: page.js(
                """
                const card = document.querySelector(`[data-pack='${arguments[0]}']`);
                if (!card) return null;
                const bar = card.querySelector('progress');
                return card.dataset.state + ' ' + (bar.offsetParent !== null) + ' ' + card.innerText.split('Installed').length;
                """,
                install["id"],
            )
            == "downloaded false 2",
            timeout=30,
        )
        page.screenshot("packs")

        scene = expected["scene"]
        step(f"create the scene '{scene['title']}'")
        page.go("scenes")
        field = page.one("#new-scene-title")
        field.send_keys(scene["title"])
        field.send_keys(Keys.ENTER)
        page.wait(
            "the new scene's board",
            lambda: page.js("const h = document.querySelector('#scene-board h2'); return h && h.textContent")
            == scene["title"],
        )

        step("clear the filters and add three sounds to the scene from the library")
        page.go("library")
        page.click("#clear-filters")
        page.wait(f"{before['total']} items again", lambda: page.total() == str(before["total"]))
        ids = [item["id"] for item in scene["items"]]
        for item in scene["items"]:
            page.click(f'button[data-add="{item["id"]}"]')
            page.wait(f"'{item['title']}' saved in the scene", lambda: item["id"] in (page.saved_order() or ""))
        page.go("scenes")
        page.wait_equal("the tiles in the order added", page.tile_order, ids)

        step("reorder the scene by dragging the last tile onto the first")
        page.js(
            """
            const [from, to] = [arguments[0], arguments[1]].map(id => document.querySelector(`[data-scene-item='${id}']`));
            const data = new DataTransfer();
            from.dispatchEvent(new DragEvent('dragstart', {bubbles: true, dataTransfer: data}));
            to.dispatchEvent(new DragEvent('dragover', {bubbles: true, cancelable: true, dataTransfer: data}));
            to.dispatchEvent(new DragEvent('drop', {bubbles: true, cancelable: true, dataTransfer: data}));
            from.dispatchEvent(new DragEvent('dragend', {bubbles: true, dataTransfer: data}));
            """,
            ids[2],
            ids[0],
        )
        dragged = [ids[2], ids[0], ids[1]]
        saved = page.saved_order
        page.wait_equal("the dragged order saved", saved, ",".join(dragged))

        step("move a tile with the keyboard (Enter on 'Move later')")
        page.js("arguments[0].focus()", page.one(f'[data-scene-item="{ids[2]}"] [data-move="later"]'))
        ActionChains(page.driver).send_keys(Keys.ENTER).perform()  # to whatever has the focus
        final = [ids[0], ids[2], ids[1]]
        page.wait_equal("the order saved after the keyboard move", saved, ",".join(final))

        step("reload: the server kept the order")
        page.driver.refresh()
        page.wait_equal("the tiles after a reload", page.tile_order, final)
        page.watch_audio()

        renamed = scene["renamed"]
        step(f"rename the scene to '{renamed}' (Rename, type, Enter)")
        page.click("#rename-scene")
        field = page.one("#rename-title")
        field.clear()
        field.send_keys(renamed, Keys.ENTER)
        page.wait_equal(
            "the new title on the board and in the list of scenes",
            lambda: page.js(
                "const h = document.querySelector('#scene-board h2'); const b = document.querySelector('#scenes .scene-name.on span');"
                "return [h && h.textContent, b && b.textContent]"
            ),
            [renamed, renamed],
        )

        atmosphere = expected["atmosphere"]
        step(f"add the atmosphere '{atmosphere['title']}' (from the pack just installed) to the scene")
        page.go("library")
        page.click('#kind-tabs [data-kind="atmosphere"]')
        page.click(f'button[data-add="{atmosphere["id"]}"]')
        final = final + [atmosphere["id"]]
        page.wait_equal("the atmosphere saved at the end of the scene", saved, ",".join(final))

        step("layer: the atmosphere loops while an effect plays over it; then stop all")
        page.go("scenes")
        page.wait_equal("the scene board", page.tile_order, final)
        playing = (
            "return [...document.querySelectorAll('#now-list [data-now][data-state=playing]')]"
            ".map(a => a.dataset.now + (a.dataset.loop === 'true' ? ':loop' : ''))"
        )
        page.click(f'[data-scene-item="{atmosphere["id"]}"] .pad')
        page.wait_equal("the atmosphere playing in a loop", lambda: page.js(playing), [atmosphere["id"] + ":loop"])
        page.click(f'[data-scene-item="{final[0]}"] .pad')
        page.wait(
            "the effect starting while the atmosphere plays",
            lambda: any(entry["item"] == final[0] and atmosphere["id"] in entry["others"] for entry in page.plays()),
        )
        page.wait_equal("the effect to end while the atmosphere goes on", lambda: page.js(playing),
                        [atmosphere["id"] + ":loop"], timeout=20)
        page.screenshot("scene-board")

        second = expected["secondAtmosphere"]
        step(f"a second atmosphere ('{second['title']}') layered from the filtered library; stop one, then all")
        page.go("library")
        page.click(f'#facets .chip[data-dimension="locations"][data-value="{expected["search"]["location"]}"]')
        page.wait("a location chosen", lambda: page.clickable('#facets .chip.on[data-dimension="locations"]'))
        page.click(f'button.play[data-play="{second["id"]}"]')
        both = sorted([atmosphere["id"] + ":loop", second["id"] + ":loop"])
        page.wait_equal("two atmospheres looping at once", lambda: sorted(page.js(playing)), both)
        page.screenshot("library")
        page.click(f'[data-now="{second["id"]}"] [data-stop]')
        page.wait_equal("only the first after its own stop button", lambda: page.js(playing), [atmosphere["id"] + ":loop"])
        page.click("#stop-all")
        page.wait_equal("nothing playing after Stop all", lambda: page.js(playing), [])

        search = expected["search"]
        step(f"search for '{search['query']}'")
        page.js("arguments[0].value = ''", page.one("#search"))
        page.one("#search").send_keys(search["query"])
        page.wait_equal(
            f"the titles of `client search {search['query']} --kind atmosphere` (with the location chosen)",
            lambda: sorted(page.titles("items")),
            sorted(search["titles"]),
        )
        page.js("const s = arguments[0]; s.value = ''; s.dispatchEvent(new Event('input'))", page.one("#search"))

        top = expected["chartTop"]
        step("open the chart (all time)")
        page.go("charts")
        page.click('#period-tabs [data-period="all"]')
        page.wait(
            f"'{top['title']}' first in the all-time chart with {top['plays']} plays",
            lambda: page.js(
                """
                const row = document.querySelector('#chart[data-period="all"] tbody tr');
                return row && [row.dataset.target, row.querySelector('.plays').textContent,
                               row.querySelector('.move').textContent];
                """
            )
            == [top["target"], str(top["plays"]), "NEWnew entry"],
        )
        page.screenshot("chart")

        step("a music entry's tracks (none cached: the dialog says they are not fetched yet, no command)")
        page.go("library")
        page.click('#kind-tabs [data-kind="music"]')
        page.click("button[data-tracks]")
        page.wait(
            "the tracks dialog saying the track list is not fetched yet",
            lambda: (page.js(
                "const d = document.getElementById('tracks-dialog'); return d.open && d.querySelector('#tracks-body').textContent"
            ) or "").startswith("This playlist’s track list has not been fetched yet"),
        )
        ActionChains(page.driver).send_keys(Keys.ESCAPE).perform()
        page.wait("the dialog to close on Escape", lambda: not page.js("return document.getElementById('tracks-dialog').open"))

        step("the phone-sized window (390x844)")
        page.viewport(390, 844, mobile=True)
        page.go("library")
        page.click('#kind-tabs [data-kind="atmosphere"]')
        page.wait("the list on a phone", lambda: page.total() is not None and len(page.titles("items")) > 0)
        overflow = page.js("return document.documentElement.scrollWidth - window.innerWidth")
        if overflow > 0:
            raise StepFailed(f"the page is {overflow}px wider than a 390px phone screen")
        page.screenshot("phone-library")
        page.go("scenes")
        page.wait_equal("the scene board on a phone", page.tile_order, final)
        page.screenshot("phone-scene-board")

        step(f"uninstall the pack '{install['title']}'")
        page.go("packs")
        page.click(f'button[data-uninstall="{install["id"]}"]')
        page.click(f'button[data-confirm-uninstall="{install["id"]}"]')  # asked in the card: what it frees
        page.wait_equal(
            "the pack not installed",
            lambda: page.js("const c = document.querySelector(`[data-pack='${arguments[0]}']`); return c && c.dataset.state", install["id"]),
            "not_downloaded",
        )
    except (StepFailed, WebDriverException, AssertionError) as error:
        name = re.sub(r"[^a-z0-9]+", "-", step.current.lower()).strip("-")[:40]
        path = os.path.join(page.screenshots, f"failed-{name}.png")
        try:
            page.driver.save_screenshot(path)
        except WebDriverException:
            path = "(no screenshot)"
        if isinstance(error, StepFailed):
            message = str(error).strip()
        else:
            frames = [f for f in traceback.extract_tb(error.__traceback__) if f.name == "run"]
            where = f" (soundboard_test.py line {frames[-1].lineno}: {frames[-1].line})" if frames else ""
            message = f"{type(error).__name__}: {getattr(error, 'msg', None) or error}{where}"
        print(f"FAILED at step '{step.current}': {message}\nscreenshot: {path}", file=sys.stderr)
        for entry in page.driver.get_log("browser")[-10:]:
            print(f"  console: {entry.get('level')} {entry.get('message')}", file=sys.stderr)
        return 1
    # A script error or a failed request anywhere along the way fails the run too.
    severe = [entry["message"] for entry in page.driver.get_log("browser") if entry.get("level") == "SEVERE"]
    if severe:
        print("FAILED: the browser console reported errors:\n  " + "\n  ".join(severe), file=sys.stderr)
        return 1
    print("all steps passed")
    return 0


def browser():
    """Headless Chromium that may play sound without a gesture (its output muted), logging the console."""
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--no-first-run",
        "--no-default-browser-check",
        "--disable-extensions",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--window-size=1280,800",
        "--force-device-scale-factor=1",
        "--hide-scrollbars",
        "--autoplay-policy=no-user-gesture-required",
        "--mute-audio",
        "--disable-audio-output",
    ):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(WAIT)
    return driver


def main():
    # Stopped by the test's time limit: still close the browser (driver.quit in the finally below).
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(f"stopped by SIGTERM (time limit) at step '{STEP[0]}'"))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", required=True)
    parser.add_argument("--expected", required=True)
    parser.add_argument("--screenshots", required=True)
    args = parser.parse_args()
    with open(args.expected, encoding="utf-8") as handle:
        expected = json.load(handle)
    os.makedirs(args.screenshots, exist_ok=True)
    for path in (CHROMEDRIVER, CHROMIUM):
        if not os.path.exists(path):
            print(f"{path} is missing: run scripts/bootstrap (Debian packages chromium, chromium-driver)", file=sys.stderr)
            return 1

    driver = browser()
    try:
        return run(Page(driver, args.url, args.screenshots), expected)
    finally:
        driver.quit()


if __name__ == "__main__":
    sys.exit(main())
