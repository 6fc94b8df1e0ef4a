#!/usr/bin/env python3
"""The web soundboard's finish, on a phone (390×844) and a laptop (1280×800), in headless Chromium.

    polish_test.py --url http://127.0.0.1:PORT/ --screenshots DIR [--short campfire]

For each size, fresh pages (no ?test hooks, a browser profile of its own, scrollbars shown):
  (a) Packs: a pack not installed shows its size; an installed one says "Installed" once and shows no
      bar; an install never reads "0 B of 0 B"; Uninstall asks in the page (not window.confirm), says
      what it frees, and uninstalls only once confirmed (the pack installed here is uninstalled again);
  (b) Players: on a loopback link the panel says phones cannot open it and how (--host 0.0.0.0), not
      "scan its code"; a Copy button beside the link and each listed one copies it; no "Link 1";
  (c) Music: each entry links to its playlist on music.apple.com (the id from /api/items/{id}); the ♫
      dialog never asks for a terminal command;
  (d) the listen page hides Volume and Mute before Join and, after it, names what plays (two
      atmospheres played on the soundboard in another tab);
  (e) Scenes: an empty scene offers no Play; the library shows one scrollbar at a time, and its list
      and chips keep their place when the page's scrollbar comes or goes (--short; a 4000 px window).
The new states (Uninstall asked, Players with a link, the ♫ dialog) are measured by layout_measure.js.

Prints each problem with its size and figures, saves <size>-<state>.png in DIR, exits 1 on any. Only
127.0.0.1 is asked (driver given explicitly, no Selenium Manager, SE_AVOID_STATS=true).
"""

import os
import re
import sys
import time
import urllib.parse

os.environ.setdefault("SE_AVOID_STATS", "true")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
# layout_test.py: beside this file in Tests/Browser, or where SOUNDSHELF_BROWSER_TESTS says
sys.path.insert(0, os.environ.get("SOUNDSHELF_BROWSER_TESTS", os.path.dirname(os.path.abspath(__file__))))

from layout_test import MEASURE, Failed, common_arguments, each_size  # noqa: E402
from polish_pages import SCROLLBARS, Page, browser  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402

SIZE_TEXT = re.compile(r"\b\d+(\.\d+)? (B|KB|MB|GB)\b")


class Polish(Page):
    def measure(self, state):
        """layout_measure.js on a new state: no word broken, no control clipped or overlapped."""
        for problem in self.js(MEASURE + "\nreturn measure();")["problems"]:
            self.fail(f"{state}: {problem}")

    # (a) Packs ---------------------------------------------------------------------------------
    def packs(self, pack_id):
        self.open("packs")
        self.wait("the packs", lambda: self.visible("#packs li[data-pack]"))
        listing = {p["id"]: p for p in self.api("packs")["packs"]}
        for card in self.visible("#packs li[data-pack]"):
            pack, text = listing.get(card.get_attribute("data-pack"), {}), card.text
            if pack.get("kind") == "music":
                continue
            bars = [b for b in card.find_elements(By.TAG_NAME, "progress") if b.is_displayed()]
            if pack.get("state") == "downloaded":
                if text.count("Installed") > 1 or bars:
                    self.fail(f"installed pack “{pack['title']}”: 'Installed' {text.count('Installed')}×,"
                              f" {len(bars)} progress bar(s) shown: {text!r}")
            elif not SIZE_TEXT.search(text) and (pack.get("bytesTotal") or "once it starts" not in text):
                # /api/packs knows a pack's size only once an install started: the card says so.
                self.fail(f"pack “{pack.get('title')}” ({pack.get('state')}) shows no size and no word on it: {text!r}"
                          f" (/api/packs gives bytesTotal={pack.get('bytesTotal')})")
        print(f"  {self.size}: packs listed ({self.shot('packs')})")
        pack_id = pack_id or next((p["id"] for p in listing.values() if p["kind"] != "music"
                                   and p["state"] == "not_downloaded"), "(none: give --pack)")
        card = f"#packs [data-pack='{pack_id}']"
        self.js("window.__seen = []; new MutationObserver(() => { const c = document.querySelector(arguments[0]);"
                " if (c) __seen.push(c.innerText); }).observe(document.getElementById('packs'),"
                " {subtree: true, childList: true, characterData: true});", card)
        self.driver.find_element(By.CSS_SELECTOR, f"[data-install='{pack_id}']").click()
        self.wait("the install", lambda: self.js(f"const c = document.querySelector(\"{card}\");"
                                                 " return c && c.dataset.state === 'downloaded'"), 60)
        seen = list(dict.fromkeys(t.replace("\n", " | ") for t in self.js("return __seen")))
        print(f"  {self.size}: the install read {seen[:6]}")
        for text in seen:
            if re.search(r"\b0 B of 0 B|NaN|undefined", text):
                self.fail(f"an install read {text!r}")
        self.js("window.__confirms = 0; window.confirm = () => { __confirms += 1; return false; };")
        self.driver.find_element(By.CSS_SELECTOR, f"[data-uninstall='{pack_id}']").click()
        time.sleep(0.6)
        asked = self.visible("[role=alertdialog], dialog[open]")
        state = next(p["state"] for p in self.api("packs")["packs"] if p["id"] == pack_id)
        text = asked[0].text if asked else ""
        print(f"  {self.size}: Uninstall asked {text!r}, window.confirm ×{self.js('return __confirms')},"
              f" state {state} ({self.shot('packs uninstall asked')})")
        self.measure("Uninstall asked")
        if self.js("return __confirms"):
            self.fail("Uninstall asks with window.confirm, not in the page")
        if state != "downloaded":
            self.fail(f"Uninstall uninstalled without asking (state {state})")
        if not asked or not SIZE_TEXT.search(text):
            self.fail(f"Uninstall does not ask in the page what it frees: {text!r}")
        sure = [b for a in asked for b in a.find_elements(By.TAG_NAME, "button") if b.text.startswith("Uninstall")]
        if sure:
            sure[0].click()
            self.wait("the uninstall", lambda: self.js(f"const c = document.querySelector(\"{card}\");"
                                                       " return c && c.dataset.state === 'not_downloaded'"), 30)
        elif state == "downloaded":
            self.api(f"packs/{pack_id}", "DELETE")

    # (b) Players -------------------------------------------------------------------------------
    def players(self):
        self.open("library")
        origin = self.url.rstrip("/")
        self.driver.execute_cdp_cmd("Browser.grantPermissions", {
            "origin": origin, "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})
        self.driver.find_element(By.ID, "players-button").click()
        self.driver.find_element(By.ID, "players-new").click()
        self.wait("a listen link", lambda: self.js("return document.getElementById('players-url').value"))
        self.wait("the links listed", lambda: self.visible("#players-list li[data-listener]"))
        link = self.js("return document.getElementById('players-url').value")
        text = self.driver.find_element(By.ID, "players-dialog").text
        print(f"  {self.size}: Players with {link}: {text!r} ({self.shot('players')})")
        self.measure("Players with a link")
        if re.match(r"https?://(127\.|localhost|\[::1\])", link):
            if "scan its code" in text or "--host 0.0.0.0" not in text or not re.search(r"phones? (can ?not|can't)", text, re.I):
                self.fail(f"a link on 127.0.0.1: the panel does not say phones cannot open it and how (--host 0.0.0.0): {text!r}")
        names = [li.text for li in self.visible("#players-list li[data-listener]")]
        if any(re.search(r"\bLink \d+\b", name) for name in names):
            self.fail(f"the links are named by number: {names}")
        copies = [b for b in self.visible("#players-link button, #players-list li[data-listener] button")
                  if b.text.strip().startswith("Cop")]
        if len(copies) < 1 + len(names):
            self.fail(f"{len(copies)} Copy button(s) for the shown link and {len(names)} listed")
        if copies:
            copies[0].click()
            time.sleep(0.3)
            copied = self.driver.execute_async_script(
                "const done = arguments[0]; navigator.clipboard.readText().then(done, (e) => done('(unreadable: ' + e + ')'))")
            said = copies[0].text
            print(f"  {self.size}: Copy → clipboard {copied!r}, the button says {said!r}")
            if copied != link and not (copied.startswith("(unreadable") and said.startswith("Copied")):
                self.fail(f"Copy put {copied!r} on the clipboard, not {link!r}")
        for listener in self.api("listeners")["listeners"]:
            self.api(f"listeners/{urllib.parse.quote(listener['token'])}", "DELETE")

    # (c) Music ---------------------------------------------------------------------------------
    def music(self):
        self.open("library")
        self.driver.find_element(By.CSS_SELECTOR, "#kind-tabs [data-kind='music']").click()
        self.wait("music entries", lambda: self.visible("#items button[data-tracks]"))
        time.sleep(0.5)
        ids = [b.get_attribute("data-tracks") for b in self.visible("#items button[data-tracks]")[:4]]
        missing = []
        for item_id in ids:
            row = self.driver.find_element(By.CSS_SELECTOR, f"#items li.item[data-item='{item_id}']")
            detail = self.api(f"items/{item_id}")
            playlist = detail.get("appleMusicPlaylistId")
            hrefs = [a.get_attribute("href") for a in row.find_elements(By.CSS_SELECTOR, "a[href*='music.apple.com']")]
            if not playlist:
                missing.append(detail["title"])
            elif not any(re.match(r"https://music\.apple\.com/[a-z]{2}/playlist/[^/]+/" + re.escape(playlist) + "$", h)
                         for h in hrefs):
                self.fail(f"“{detail['title']}” (playlist {playlist}) has no link to it: {hrefs}")
        if missing:
            self.fail(f"/api/items/{{id}} gives no appleMusicPlaylistId for {len(missing)} of {len(ids)} music entries"
                      f" ({', '.join(missing)}): the page cannot open their playlists")
        self.driver.find_element(By.CSS_SELECTOR, f"#items button[data-tracks='{ids[0]}']").click()
        self.wait("the tracks", lambda: self.js("const t = document.getElementById('tracks-body').innerText;"
                                                " return t && !/Loading/.test(t)"))
        text = self.driver.find_element(By.ID, "tracks-body").text
        print(f"  {self.size}: ♫ says {text[:160]!r} ({self.shot('music tracks')})")
        self.measure("the ♫ dialog")
        if re.search(r"client |music refresh|terminal|\brun\b", text, re.I):
            self.fail(f"the ♫ dialog asks for a terminal command: {text!r}")
        self.driver.find_element(By.CSS_SELECTOR, "body").send_keys(Keys.ESCAPE)

    # (d) the listen page -----------------------------------------------------------------------
    def listen(self):
        link = self.api("listeners", "POST")
        owner = self.driver.current_window_handle
        self.open("library")
        self.driver.switch_to.new_window("tab")
        listener = self.driver.current_window_handle
        try:
            self.driver.get(link["url"])
            self.wait("the listen page", lambda: self.visible("#listen-join"))
            early = [i for i in ("listen-volume", "listen-mute") if self.driver.find_element(By.ID, i).is_displayed()]
            print(f"  {self.size}: before Join {early or 'nothing'} shown ({self.shot('listen before join')})")
            if early:
                self.fail(f"the listen page shows {early} before Join")
            self.driver.find_element(By.ID, "listen-join").click()
            self.wait("Join", lambda: self.visible("#listen-playing"))
            self.driver.switch_to.window(owner)
            self.driver.find_element(By.CSS_SELECTOR, "#kind-tabs [data-kind='atmosphere']").click()
            self.wait("playable atmospheres", lambda: len(self.visible("#items button[data-play]")) >= 2)
            titles = []
            for button in self.visible("#items button[data-play]")[:2]:
                titles.append(button.find_element(By.XPATH, "ancestor::li[1]").find_element(By.CSS_SELECTOR, ".title").text)
                self.js("arguments[0].scrollIntoView({block: 'center'}); arguments[0].click()", button)
            self.driver.switch_to.window(listener)
            now = lambda: self.driver.find_element(By.ID, "listen-playing").text  # noqa: E731
            try:  # both playing there (up to 20 s), their titles 3 s later at most
                self.wait("both playing on the listen page", lambda: re.match(r"(Playing )?2 sounds", now()), 20)
                self.wait("their titles", lambda: all(t in now() for t in titles), 3)
            except Failed:
                pass
            said = self.driver.find_element(By.ID, "listen-playing").text
            print(f"  {self.size}: played {titles}; the listen page says {said!r} ({self.shot('listen playing')})")
            if not all(t in said for t in titles):
                self.fail(f"after Join, with {titles} playing, the listen page says {said!r}")
        finally:
            self.driver.switch_to.window(listener)
            self.driver.close()
            self.driver.switch_to.window(owner)
            self.js("document.getElementById('stop-all') && document.getElementById('stop-all').click()")
            self.api(f"listeners/{urllib.parse.quote(link['token'])}", "DELETE")

    # (e) Scenes and scrollbars -----------------------------------------------------------------
    def scenes(self, short):
        self.open("scenes")
        title = f"Polish check {self.size}"
        field = self.driver.find_element(By.ID, "new-scene-title")
        field.send_keys(title, Keys.ENTER)
        try:
            self.wait("the empty scene", lambda: self.js("const h = document.querySelector('#scene-board h2');"
                                                         " return h && h.textContent") == title)
            play = [b for b in self.visible("#scene-board button") if re.search(r"\bPlay\b", b.text) and b.is_enabled()]
            print(f"  {self.size}: an empty scene offers {[b.text for b in play]} ({self.shot('scene empty')})")
            if play:
                self.fail(f"an empty scene offers {[b.text for b in play]}")
        finally:
            for scene in self.api("scenes")["scenes"]:
                if scene["title"] == title:
                    self.api(f"scenes/{scene['sceneId']}", "DELETE")
        self.open("library")
        self.wait("the list", lambda: self.visible("#items li.item"))
        first = self.js(SCROLLBARS)
        states = [("opened", first)]
        for name, query in ((f"searched “{short}”", short), ("search cleared", "")):
            search = self.driver.find_element(By.ID, "search")
            search.send_keys(Keys.CONTROL, "a", Keys.DELETE, query)
            time.sleep(0.8)
            states.append((name, self.js(SCROLLBARS)))
        self.shot("library scrollbars")
        if self.size != "phone":  # a window too tall to scroll: the page's scrollbar goes away
            size = self.driver.get_window_size()
            self.driver.set_window_size(size["width"], 4000)
            time.sleep(0.5)
            states.append(("in a window 4000 px high", self.js(SCROLLBARS)))
            self.driver.set_window_size(size["width"], size["height"])
        for name, figures in states:
            print(f"  {self.size}: library {name}: scrollbars {figures['bars']}, list {figures['items']},"
                  f" chips {figures['facets']}")
            if len(figures["bars"]) > 1:
                self.fail(f"library {name}: {len(figures['bars'])} scrollbars at once: {figures['bars']}")
            for part in ("items", "facets"):
                if any(abs(a - b) > 0.5 for a, b in zip(figures[part], first[part])):
                    self.fail(f"library {name}: #{part} moved from {first[part]} to {figures[part]} (left, width)")


def main():
    parser = common_arguments(__doc__)
    parser.add_argument("--pack", help="a pack not installed to install and uninstall (default: the first)")
    parser.add_argument("--short", default="campfire", help="a search that leaves the page too short to scroll")
    args = parser.parse_args()
    url = args.url.rstrip("/") + "/"
    return each_size(
        args, lambda driver, size, phone: Polish(driver, size, url, args.screenshots),
        lambda test, phone: [lambda: test.packs(args.pack), test.players, test.music, test.listen,
                             lambda: test.scenes(args.short)],
        "polish", "packs, players, music, the listen page and scenes are finished, at every size", make_browser=browser)


if __name__ == "__main__":
    sys.exit(main())
