#!/usr/bin/env python3
"""The owner's very first action on a fresh soundboard page reaches the players (docs/FORMAT.md §15.2), driven as a game
master would: the page opened without test hooks, nothing opened or played before, the first click or key the action
itself. Each case loads the owner's page anew. The players' pages (listen hooks) report what they hear.

    listen_first_play.py --url http://127.0.0.1:PORT/ --expected expected.json [--through RELAY]

With --through (a server started with `client serve --relay RELAY`), every listen link must open on the relay, so
the players' pages never reach the game master's server.

Cases: a looping atmosphere's ▶ in the library list before any player joined (players joining then hear it, at its
phase); the same with players joined, then a late joiner; the same on a page whose requests take 200 ms each way, so
the first click comes before the page knows the server's clock; an effect's ▶ (a one-shot, and a looping effect); Escape
and Space (stop all) as the first key while the players still hear an earlier page's loop; a scene's ▶ Play scene; a
hotkey (1); a favorite's ▶; the atmosphere volume in ⚙ Settings. Exits 1 on the first case that fails.
"""

import argparse
import json
import os
import sys
import time
import urllib.request

sys.path.insert(0, os.path.dirname(__file__))
from listen_behaviour import wait  # noqa: E402
from listen_sync import Player, browser  # noqa: E402
from soundboard_test import StepFailed  # noqa: E402
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402

PHASE_LIMIT = 0.03  # s: a loop heard further than this from the owner's phase is off


class Server:
    """The soundboard's API, as the page would call it, for what a user did on an earlier day (a scene, a favorite) and to
    end what a case left playing."""

    def __init__(self, url):
        self.url = url.rstrip("/")

    def call(self, method, path, body=None):
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.url + path, data=data, method=method,
                                         headers={"X-Soundshelf": "1", "Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=10) as response:
            text = response.read()
        return json.loads(text) if text else None

    def silence(self):
        """Stops what an earlier case left playing for the players (as the owner's Stop all would)."""
        self.call("POST", "/api/listen/events", {"type": "stopAll", "fade": 0, "at": 0})


class OwnerPage:
    """The game master's soundboard in a browser of its own, opened anew for each case, without test hooks."""

    def __init__(self, url):
        self.url = url
        self.driver = browser()

    def fresh(self, view, latency_ms=0):
        """A new page at `#view`: nothing of the last one is left (its scripts, its audio, its clock)."""
        self.driver.get("about:blank")
        self.driver.execute_cdp_cmd("Network.enable", {})
        self.driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
            "offline": False, "latency": latency_ms, "downloadThroughput": -1, "uploadThroughput": -1})
        self.driver.get(self.url + "#" + view)

    def click(self, selector, what):
        wait(what, lambda: self.driver.find_element(By.CSS_SELECTOR, selector).is_displayed())
        self.driver.find_element(By.CSS_SELECTOR, selector).click()

    def play_in_library(self, kind, item):
        """Opens the `kind` tab (when it is not the one shown) and presses the item's ▶: the first click on it."""
        self.open_kind(kind)
        self.click(f'#items [data-play="{item}"]', f"the ▶ of {item} in the library list")

    def open_kind(self, kind):
        tab = f'#kind-tabs [data-kind="{kind}"]'
        # The page has shown its first list (as a user waits to see it): the tabs act from then on.
        wait("the library's first list", lambda: self.driver.find_element(By.ID, "summary").text != "")
        if self.driver.find_element(By.CSS_SELECTOR, tab).get_attribute("aria-selected") != "true":
            self.driver.find_element(By.CSS_SELECTOR, tab).click()

    def key(self, key):
        wait("the soundboard", lambda: self.driver.find_element(By.ID, "items").is_displayed()
             or self.driver.find_element(By.ID, "scene-board").is_displayed())
        ActionChains(self.driver).send_keys(key).perform()

    def clock_requests(self):
        """How many of the page's round trips to the server's clock have finished (the browser's own resource timing)."""
        return self.driver.execute_script(
            "return performance.getEntriesByType('resource').filter(e => e.name.includes('/api/clock')).length")


def layers_of(player, item):
    return [layer for layer in player.hooks("layers()") if layer["item"] == item]


def hears_loop(players, item, case):
    """Every player hears `item` looping, at the owner's phase."""
    for index, player in enumerate(players):
        wait(f"player {index + 1} to hear {item} ({case})",
             lambda: any(layer["sounding"] for layer in layers_of(player, item)), timeout=8)
    errors = [max(abs(layer["phaseError"] or 0) for layer in layers_of(player, item)) for player in players]
    print(f"  {case}: every player hears it; phase off by {', '.join(f'{e * 1000:.2f}' for e in errors)} ms", flush=True)
    if max(errors) > PHASE_LIMIT:
        raise StepFailed(f"{case}: a player hears {item} {max(errors) * 1000:.1f} ms off the owner's phase")


def hears_nothing(players, case):
    for index, player in enumerate(players):
        wait(f"player {index + 1} to stop ({case})", lambda: not player.hooks("layers()"), timeout=8)
    print(f"  {case}: every player stopped", flush=True)


class Cases:
    """The cases, in order; each starts with the players silent (but Escape's and Space's, which stop what the case
    before left playing) and a fresh owner page."""

    def __init__(self, url, expected):
        self.server = Server(url)
        self.link = self.server.call("POST", "/api/listeners")["url"]
        self.owner = OwnerPage(url)
        self.players = []
        self.bed, self.blip = expected["bed"]["id"], expected["blip"]["id"]
        self.low, self.high = expected["scene"]["from"]["id"], expected["scene"]["to"]["id"]

    def quiet(self):
        self.server.silence()
        hears_nothing(self.players, "before the case")

    def before_join(self):
        """a looping atmosphere's ▶ in the library list before any player joined; players joining then hear it"""
        self.owner.fresh("library")
        self.owner.play_in_library("atmosphere", self.low)
        time.sleep(1)
        self.players = [Player(self.link), Player(self.link)]
        for player in self.players:
            player.join()
        hears_loop(self.players, self.low, "players who join after the first play")

    def escape(self):
        """Escape (stop all at once) while the players still hear the last page's loop"""
        self.owner.fresh("library")
        self.owner.key("\ue00c")
        hears_nothing(self.players, "Escape on a fresh page")

    def joined(self):
        """a looping atmosphere's ▶ with the players joined, then a player joining 2 s later"""
        self.quiet()
        self.owner.fresh("library")
        self.owner.play_in_library("atmosphere", self.high)
        hears_loop(self.players, self.high, "players already joined")
        time.sleep(2)
        late = Player(self.link)
        self.players.append(late)
        late.join()
        hears_loop([late], self.high, "a player joining 2 s later")

    def space(self):
        """Space (stop all with a fade) while the players still hear the last page's loop"""
        self.owner.fresh("library")
        self.owner.key(" ")
        hears_nothing(self.players, "Space on a fresh page")

    def slow_clock(self):
        """a ▶ clicked before the page knows the server's clock (its requests take 200 ms each way)"""
        self.quiet()
        self.owner.fresh("library", latency_ms=200)
        self.owner.open_kind("atmosphere")
        wait("the ▶", lambda: self.owner.driver.find_element(By.CSS_SELECTOR, f'#items [data-play="{self.low}"]'))
        trips = self.owner.clock_requests()
        clicked = self.server.call("GET", "/api/clock")["now"]
        self.owner.click(f'#items [data-play="{self.low}"]', "the ▶")
        print(f"  clock round trips finished at the click: {trips} (a first sync takes 8)")
        if trips >= 8:
            raise StepFailed("the page knew the server's clock before the click: the case does not test what it should")
        hears_loop(self.players, self.low, "a click before the clock was known")
        # Sent late, the start keeps the server time it was heard from on the owner's page: its file loaded (two
        # round trips of 400 ms) after the click, not once the clock was known (8 round trips after the page opened).
        started = layers_of(self.players[0], self.low)[0]["at"]
        print(f"  the start's server time: {started - clicked:.0f} ms after the click "
              f"(the clock's {8 - trips} remaining round trips took at least {(8 - trips) * 400} ms)")
        if not 0 <= started - clicked < (8 - trips) * 400:
            raise StepFailed(f"the start sent late says it began {started - clicked:.0f} ms after the click, not when the "
                             "owner's page played it")

    def effects(self):
        """an effect's ▶ (a one-shot), then a looping effect's"""
        self.quiet()
        self.owner.fresh("library")
        before = [len(player.hooks("late()")) for player in self.players]
        self.owner.play_in_library("sfx", self.blip)
        for index, player in enumerate(self.players):
            wait(f"player {index + 1} to play the one-shot", lambda: len(player.hooks("late()")) > before[index], timeout=8)
        late_ms = [round(player.hooks("late()")[-1] * 1000, 1) for player in self.players]
        print(f"  the one-shot started on every player ({late_ms} ms after its time)", flush=True)
        self.owner.play_in_library("sfx", self.bed)
        hears_loop(self.players, self.bed, "a looping effect")

    def scene(self):
        """a scene's ▶ Play scene (the scene made on an earlier day)"""
        self.quiet()
        title = f"First play {int(time.time())}"
        scene = self.server.call("POST", "/api/scenes", {"title": title})["sceneId"]
        self.server.call("PUT", f"/api/scenes/{scene}", {"title": title, "items": [self.low, self.blip, self.bed]})
        self.owner.fresh("scenes")
        self.owner.click("#play-scene", "the scene's ▶ Play scene")
        hears_loop(self.players, self.low, "Play scene")

    def hotkey(self):
        """the hotkey 1 (the open scene's first sound)"""
        self.quiet()
        self.owner.fresh("scenes")
        wait("the scene's tiles", lambda: self.owner.driver.find_element(By.ID, "tiles").is_displayed())
        self.owner.key("1")
        hears_loop(self.players, self.low, "the hotkey 1")

    def favorite(self):
        """a favorite's ▶ (favorited on an earlier day)"""
        self.quiet()
        self.server.call("PUT", f"/api/favorites/{self.high}")
        self.owner.fresh("favorites")
        self.owner.click(f'#favorite-items [data-play="{self.high}"]', "the favorite's ▶")
        hears_loop(self.players, self.high, "a favorite's ▶")

    def volume(self):
        """the atmosphere volume in ⚙ Settings"""
        self.owner.fresh("library")
        self.owner.click("#settings-button", "the ⚙ button")
        wait("the atmosphere volume", lambda: self.owner.driver.find_element(By.ID, "set-atmosphere").is_displayed())
        self.owner.driver.execute_script("""const slider = document.getElementById('set-atmosphere');
            slider.value = '0.3'; slider.dispatchEvent(new Event('input', {bubbles: true}));""")
        for index, player in enumerate(self.players):
            wait(f"player {index + 1}'s atmosphere volume",
                 lambda: abs(player.hooks("kinds()")["atmosphere"] - 0.3) < 1e-9, timeout=8)
        print("  every player's atmosphere volume is 0.3", flush=True)

    order = ("before_join", "escape", "joined", "space", "slow_clock", "effects", "scene", "hotkey", "favorite", "volume")


def run(url, expected, screenshots=None, through=None):
    """Runs every case (a failed one does not stop the others); returns the failures."""
    cases = Cases(url, expected)
    failures = []
    if through:
        if not cases.link.startswith(through.rstrip("/") + "/s/"):
            return [f"the listen link {cases.link} is not on the relay {through}"]
        print(f"players listened through {through.rstrip('/')}", flush=True)
    try:
        for name in Cases.order:
            case = getattr(cases, name)
            print(f"case: a fresh page's first action is {case.__doc__.splitlines()[0]}", flush=True)
            try:
                case()
            except StepFailed as failure:
                print(f"  FAILED: {failure}", flush=True)
                failures.append(f"{name}: {failure}")
                if screenshots:
                    cases.owner.driver.save_screenshot(os.path.join(screenshots, f"listen-first-play-{name}.png"))
                if not cases.players:
                    break  # the players never joined: nothing else can be heard
    finally:
        for driver in [cases.owner.driver] + [player.driver for player in cases.players]:
            try:
                driver.quit()
            except Exception:  # noqa: BLE001
                pass
    return failures


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", required=True)
    parser.add_argument("--expected", required=True)
    parser.add_argument("--screenshots", help="a folder for the owner's page when a case fails")
    parser.add_argument("--through", help="the relay every listen link must open on")
    args = parser.parse_args()
    failures = run(args.url, json.load(open(args.expected)), args.screenshots, args.through)
    for failure in failures:
        print(f"FAILED: {failure}")
    if not failures:
        print("every first action reached the players")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
