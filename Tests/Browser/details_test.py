#!/usr/bin/env python3
"""An item's details, where a row's "+" adds, "Install pack" on a row and a pack's size before its install,
on a phone (390×844) and a laptop (1280×800), in headless Chromium.

    details_test.py --url http://127.0.0.1:PORT/ --screenshots DIR

For each size, from a fresh page load (no ?test hooks; a browser profile of its own):
  (a) a click on an installed effect's title opens its details: the tags, pack title, license and loudness
      (integrated LUFS) that /api/items/{id} and /api/packs give, a waveform when it has peaks, a ▶ Play that
      plays it (its row's ▶ turns ■); the dialog fits the screen (no sideways scroll); Escape closes it;
  (b) beside the list "+ adds to the scene" names the scene a row's "+" adds to and lists every scene of
      /api/scenes; a click on a row's "+" turns it into ✓ (pressed, its label naming the scene) and the
      scene holds the item; choosing the other scene turns it back to "+" naming that scene;
  (c) the Packs view shows each not-installed pack's size before any install ("N MB to download", the
      figure of /api/packs/sizes);
  (d) "Installed only" lists only playable sounds of a kind that has both (the total of /api/items?installed=1) and the chips count
      as /api/facets?installed=1; unticked, every effect again;
  (e) on the phone, a not-installed atmosphere's row offers "Install pack": one click installs its pack (state
      downloaded in /api/packs) and the row's ▶ becomes playable (before (d), which the laptop then checks
      on the effects).

Prints every problem with its size and figures, saves <size>-<state>.png in DIR, exits 1 when anything failed.
No traffic leaves 127.0.0.1.
"""

import json
import os
import sys
import time
import urllib.request

os.environ.setdefault("SE_AVOID_STATS", "true")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from layout_test import Failed, common_arguments, each_size  # noqa: E402
from polish_pages import Page  # noqa: E402
from selenium.common.exceptions import StaleElementReferenceException  # noqa: E402
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import Select  # noqa: E402


def size_text(count):
    """packs.js's bytes(): 1000-based units, one decimal under 100."""
    units, value, unit = ["B", "KB", "MB", "GB"], float(count), 0
    while value >= 1000 and unit < len(units) - 1:
        value /= 1000
        unit += 1
    return f"{value:.{0 if unit == 0 or value >= 100 else 1}f} {units[unit]}"


def decibels(value):
    return f"{'+' if value > 0 else '−' if value < 0 else ''}{abs(value):.1f}"


class Details(Page):
    def post(self, path, body):
        request = urllib.request.Request(f"{self.url}api/{path}", data=json.dumps(body).encode(), method="POST",
                                         headers={"X-Soundshelf": "1", "Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=15) as response:
            return json.load(response)

    def effects(self, kind="sfx"):
        """The library on the tab of `kind` (Effects), as a user opens it."""
        self.open("library")
        tab = self.driver.find_element(By.CSS_SELECTOR, f"#kind-tabs [data-kind='{kind}']")
        tab.click()
        self.wait(f"the {kind} tab", lambda: self.js(
            "return document.querySelector('#kind-tabs [aria-selected=true]').dataset.kind === arguments[0]"
            " && document.querySelectorAll('#items > li.item').length > 0", kind))
        time.sleep(0.5)

    def row(self, item_id):
        return self.driver.find_element(By.CSS_SELECTOR, f"#items li.item[data-item='{item_id}']")

    def details(self, item):
        want = self.api(f"items/{item['id']}")
        pack = next(p for p in self.api("packs")["packs"] if p["id"] == want["packId"])
        title = self.row(item["id"]).find_element(By.CSS_SELECTOR, "button.title")
        self.js("arguments[0].scrollIntoView({block: 'center'})", title)
        title.click()
        self.wait("the details dialog", lambda: self.js(
            "const d = document.getElementById('item-dialog'); return d.open"
            " && !document.getElementById('item-body').textContent.includes('Loading')"))
        time.sleep(0.3)
        text = self.js("return document.getElementById('item-dialog').innerText")
        stray = [word for word in ("null", "undefined", "NaN", "[object") if word in text]
        if stray:
            self.fail(f"the details show {stray}: {text!r}")
        shown = self.js("return document.getElementById('item-title').textContent")
        if shown != want["title"]:
            self.fail(f"the details say “{shown}”, not the item's title “{want['title']}”")
        names = [v["name"] for values in (want.get("tags") or {}).values() for v in values]
        missing = [name for name in names if name not in text]
        if not names or missing:
            self.fail(f"the details of {want['title']} miss tags {missing} of {names}")
        if pack["title"] not in text:
            self.fail(f"the details do not name the pack “{pack['title']}”")
        if want.get("license") and want["license"] not in text:
            self.fail(f"the details do not show the license {want['license']}")
        loudness = want.get("loudness") or {}
        if isinstance(loudness.get("integrated"), (int, float)) and f"{decibels(loudness['integrated'])} LUFS" not in text:
            self.fail(f"the details do not show {decibels(loudness['integrated'])} LUFS integrated: {text!r}")
        if want.get("peaks") and not self.js("return !!document.querySelector('#item-body svg.wave')"):
            self.fail("the details show no waveform for an item with peaks")
        sideways = self.js("const d = document.getElementById('item-dialog'), r = d.getBoundingClientRect();"
                           "return [d.scrollWidth - d.clientWidth, r.right - innerWidth, -r.left]")
        if max(sideways) > 1:
            self.fail(f"the details dialog does not fit the screen (overflow, right, left: {sideways})")
        print(f"  {self.size}: details of “{want['title']}”: {len(names)} tags, pack “{pack['title']}”,"
              f" license {want.get('license')}, {decibels(loudness['integrated']) if loudness.get('integrated') is not None else 'no'}"
              f" LUFS ({self.shot('details')})")
        play = self.driver.find_element(By.ID, "item-play")
        if not play.is_displayed():
            self.fail("the details of an installed item offer no ▶ Play")
        else:
            play.click()
            self.wait("the row's ▶ to turn ■ after the details' Play", lambda: self.js(
                "const b = document.querySelector(`#items li.item[data-item='${arguments[0]}'] button.play`);"
                "return b && b.getAttribute('aria-pressed') === 'true'", item["id"]))
        ActionChains(self.driver).send_keys(Keys.ESCAPE).perform()
        self.wait("Escape to close the details", lambda: not self.js("return document.getElementById('item-dialog').open"))
        ActionChains(self.driver).send_keys(Keys.ESCAPE).perform()  # and stop what it played

    def scene_target(self, item, scenes):
        box = self.driver.find_element(By.ID, "scene-target-box")
        if not box.is_displayed():
            return self.fail("nothing beside the list says which scene “+” adds to")
        select = Select(self.driver.find_element(By.ID, "scene-target"))
        listed = [o.text for o in select.options]
        if listed != [s["title"] for s in scenes]:
            self.fail(f"the scene chooser lists {listed}, /api/scenes {[s['title'] for s in scenes]}")
        current = select.first_selected_option.text
        button = self.row(item["id"]).find_element(By.CSS_SELECTOR, "button.add")
        label = button.get_attribute("aria-label")
        if current not in label or button.text != "+":
            self.fail(f"the row's “{button.text}” ({label}) does not add to the scene shown, “{current}”")
        self.row(item["id"]).find_element(By.CSS_SELECTOR, "button.add").click()  # the row as it is now
        self.wait("the “+” to turn ✓", lambda: self.js(
            "const b = document.querySelector(`#items li.item[data-item='${arguments[0]}'] button.add`);"
            "return b && b.textContent === '✓' && b.getAttribute('aria-pressed') === 'true'", item["id"]))
        scene = next(s for s in scenes if s["title"] == current)
        held = [i["id"] for i in self.api(f"scenes/{scene['sceneId']}")["items"]]
        if item["id"] not in held:
            self.fail(f"the scene “{current}” does not hold the item after its ✓: {held}")
        other = next(s for s in scenes if s["title"] != current)
        # The add's save reloads the scenes: choose once it is done, on the chooser as it is now.
        self.wait("the scene's save", lambda: self.js(
            "return !document.getElementById('scene-board').hasAttribute('aria-busy')"))
        for attempt in range(3):
            try:
                Select(self.driver.find_element(By.ID, "scene-target")).select_by_visible_text(other["title"])
                break
            except StaleElementReferenceException:
                time.sleep(0.2)
        self.wait("the ✓ to turn back into “+” for the other scene", lambda: self.js(
            "const b = document.querySelector(`#items li.item[data-item='${arguments[0]}'] button.add`);"
            "return b && b.textContent === '+' && b.getAttribute('aria-label').includes(arguments[1])",
            item["id"], other["title"]))
        print(f"  {self.size}: “+” added to “{current}” and showed ✓; “{other['title']}” chosen: “+” again"
              f" ({self.shot('scene target')})")

    def sizes(self):
        sizes = {p["id"]: p["archiveBytes"] for p in self.api("packs/sizes")["packs"]}
        waiting = [p for p in self.api("packs")["packs"] if p["state"] == "not_downloaded" and p["kind"] != "music"]
        self.open("packs")
        for pack in waiting:
            meta = self.js("return document.querySelector(`[data-pack='${arguments[0]}'] .meta`).textContent", pack["id"])
            want = f"{size_text(sizes[pack['id']])} to download" if sizes.get(pack["id"]) else "size shown once it starts"
            if want not in meta:
                self.fail(f"the pack “{pack['title']}” says “{meta}”, not “{want}”")
        print(f"  {self.size}: {len(waiting)} packs not installed show their size before an install"
              f" ({', '.join(str(sizes.get(p['id'])) for p in waiting)} bytes) ({self.shot('pack sizes')})")
        if not waiting:
            self.fail("no pack is left to install: the demo library should leave some")

    def install_from_row(self, kind):
        self.effects(kind)
        rows = self.driver.find_elements(By.CSS_SELECTOR, "#items li.item.unavailable")
        if not rows:
            return self.fail(f"no {kind} item is shown as not installed")
        item_id = rows[0].get_attribute("data-item")
        pack_id = self.api(f"items/{item_id}")["packId"]
        button = rows[0].find_element(By.CSS_SELECTOR, "button[data-install-pack]")
        self.js("arguments[0].scrollIntoView({block: 'center'})", button)
        button.click()
        self.wait("the pack installed from the row", lambda: next(
            p for p in self.api("packs")["packs"] if p["id"] == pack_id)["state"] == "downloaded", timeout=60)
        self.wait("the row's ▶ to become playable", lambda: self.js(
            "const b = document.querySelector(`#items li.item[data-item='${arguments[0]}'] button.play`);"
            "return !!b && !b.disabled", item_id))
        print(f"  {self.size}: “Install pack” on a row installed {pack_id} and its ▶ plays ({self.shot('installed from row')})")

    def installed_only(self):
        # A kind with sounds installed and sounds not (each size's run installs a pack).
        kind = next((k for k in ("sfx", "atmosphere") if 0 < self.api_query("items", kind=k, installed=1, limit=1)["total"]
                     < self.api_query("items", kind=k, limit=1)["total"]), None)
        if kind is None:
            return self.fail("no kind has both installed sounds and sounds not installed: nothing to tell apart")
        self.effects(kind)
        box = self.driver.find_element(By.ID, "installed-only")
        if not box.is_displayed():
            return self.fail("no “Installed only” choice beside the list")
        want = self.api_query("items", kind=kind, installed=1, limit=1)["total"]
        everything = self.api_query("items", kind=kind, limit=1)["total"]
        box.click()
        self.wait("the list of installed effects", lambda: self.js(
            "return document.getElementById('summary').dataset.total === arguments[0]"
            " && !document.getElementById('items').hasAttribute('aria-busy')", str(want)))
        greyed = self.js("return document.querySelectorAll('#items li.item.unavailable').length")
        if greyed:
            self.fail(f"“Installed only” still lists {greyed} sounds that are not installed")
        counts = self.api_query("facets", kind=kind, installed=1)["facets"]
        want_chips = {f"{d}/{v['name']}": str(v["count"]) for d, values in counts.items() for v in values}
        chips = {c["key"]: c["count"] for c in self.js(
            "return [...document.querySelectorAll('#facets .chip')].map(c => ({key: c.dataset.dimension + '/'"
            " + c.dataset.value, count: c.querySelector('.count').textContent.trim()}))") if c["count"] != "0"}
        if chips != want_chips:
            self.fail(f"with “Installed only” the chips count {sorted(set(chips.items()) ^ set(want_chips.items()))[:6]}"
                      " unlike /api/facets?installed=1")
        print(f"  {self.size}: “Installed only”: {want} of {everything} {kind} items listed, chips as /api/facets?installed=1"
              f" ({self.shot('installed only')})")
        box.click()
        self.wait("every sound again", lambda: self.js(
            "return document.getElementById('summary').dataset.total === arguments[0]", str(everything)))

    def api_query(self, path, **params):
        query = "&".join(f"{k}={v}" for k, v in params.items())
        return self.api(f"{path}?{query}")

    def run(self, install):
        scenes = self.api("scenes")["scenes"]
        for title in ("Tavern brawl", "Crypt")[: max(0, 2 - len(scenes))]:
            self.post("scenes", {"title": title})
        scenes = self.api("scenes")["scenes"]
        self.sizes()
        self.effects()
        # Installed, and not yet in the scene "+" adds to (an earlier size's run added one).
        installed = self.js("return [...document.querySelectorAll('#items li.item')].filter(r =>"
                            " r.querySelector('button.play[data-play]') && r.querySelector('button.add')?.textContent === '+')"
                            ".map(r => r.dataset.item)")
        if not installed:
            raise Failed(f"[{self.size}] no installed effect outside the scene in the list")
        item = {"id": installed[0]}
        self.details(item)
        self.scene_target(item, scenes)
        if install:
            self.install_from_row("atmosphere")
        self.installed_only()


def main():
    args = common_arguments(__doc__).parse_args()
    url = args.url.rstrip("/") + "/"
    return each_size(args, lambda driver, size, phone: Details(driver, size, url, args.screenshots),
                     lambda test, phone: [lambda: test.run(install=phone)], "details",
                     "details, the scene “+” adds to, install from a row and pack sizes work at every size")


if __name__ == "__main__":
    sys.exit(main())
