#!/usr/bin/env python3
"""The web soundboard's search and facet chips, on a phone (390×844) and a laptop (1280×800), in headless Chromium.

    search_test.py --url http://127.0.0.1:PORT/ --screenshots DIR [--elsewhere door] [--counted tavern]

For each size, from a fresh page load (no ?test hooks, nothing prepared, a browser profile of its own),
in the kind tab the page opens with:
  (a) without a search the chips' counts are /api/facets's; a click on the chip with the fewest items
      keeps every chip in place (same chips, same order, the chip under the pointer unchanged), a
      chip whose count drops to 0 stays, disabled;
  (b) with a search (--counted, matching some items of the open kind) each chip's count is the number
      of matching items carrying its value, counted from /api/items?q= and each item's tags in
      /api/items/{id} (chips with none: 0 and disabled), and no chip comes or goes;
  (c) a search with no match in the open kind but matches in another (--elsewhere) names the search,
      not the filters, and offers "N in <Kind>" for each kind with matches (N from /api/items?q=); a
      click on it opens that tab with the search kept and the N items listed.

Prints every problem with its size and figures, saves <size>-<state>.png in DIR, exits 1 when anything
failed. No traffic leaves 127.0.0.1 (the API is asked at --url; the driver is given explicitly, no
Selenium Manager, SE_AVOID_STATS=true).
"""

import json
import os
import re
import sys
import time
import urllib.parse
import urllib.request

os.environ.setdefault("SE_AVOID_STATS", "true")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from layout_test import WAIT, Failed, common_arguments, each_size  # noqa: E402
from selenium.common.exceptions import TimeoutException, WebDriverException  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

TAB_NAMES = {"atmosphere": "Atmosphere", "sfx": "Effects", "music": "Music"}
CHIPS_EXPR = """[...document.querySelectorAll('#facets .chip')].map(c => ({
  key: c.dataset.dimension + '/' + c.dataset.value, count: c.querySelector('.count').textContent.trim(),
  disabled: c.disabled || c.getAttribute('aria-disabled') === 'true', on: c.getAttribute('aria-pressed') === 'true'}))"""
CHIPS_JS = "return " + CHIPS_EXPR


class Search:
    def __init__(self, driver, size, url, screenshots):
        self.driver, self.size, self.url, self.screenshots = driver, size, url, screenshots
        self.failures = []

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def api(self, path, **params):
        query = urllib.parse.urlencode({k: v for k, v in params.items() if v is not None}, doseq=True)
        with urllib.request.urlopen(f"{self.url}api/{path}?{query}", timeout=WAIT) as response:
            return json.load(response)

    def wait(self, what, condition, timeout=WAIT):
        try:
            return WebDriverWait(self.driver, timeout, poll_frequency=0.1).until(lambda _: condition())
        except TimeoutException:
            raise Failed(f"[{self.size}] timed out after {timeout}s waiting for {what}")

    def fail(self, text):
        self.failures.append(f"[{self.size}] {text}")

    def shot(self, state):
        path = os.path.join(self.screenshots, f"{self.size}-{re.sub(r'[^a-z0-9]+', '-', state.lower()).strip('-')}.png")
        try:
            self.driver.save_screenshot(path)
        except WebDriverException:
            return "(no screenshot)"
        return path

    def settle(self):
        last, steady, deadline = None, 0, time.time() + WAIT
        while time.time() < deadline and steady < 4:
            now = self.js("return [document.querySelectorAll('[aria-busy=true]').length, document.getElementById('summary')"
                          ".textContent, document.getElementById('items').textContent.length, JSON.stringify("
                          + CHIPS_EXPR + ")].join('|')")
            steady = steady + 1 if now == last and now.startswith("0|") else 0
            last = now
            time.sleep(0.1)

    def kind(self):
        return self.js("return document.querySelector('#kind-tabs [aria-selected=true]').dataset.kind")

    def chips(self):
        return self.js(CHIPS_JS)

    def type(self, query):
        field = self.driver.find_element(By.ID, "search")
        field.send_keys(Keys.CONTROL, "a")
        field.send_keys(Keys.DELETE)
        if query:
            field.send_keys(query)
        time.sleep(0.3)
        self.settle()

    def filters(self, open_):
        """On the phone the chips live in the folded Filters; opens or folds them."""
        summary = self.driver.find_element(By.CSS_SELECTOR, "#filter-box > summary")
        if summary.is_displayed() and self.js("return document.getElementById('filter-box').open") != open_:
            summary.click()
            time.sleep(0.3)

    def expected_counts(self, kind, query):
        """(dimension/name → count) from the matching items' own tags."""
        ids, after = [], None
        while True:
            page = self.api("items", kind=kind, q=query, limit=100, after=after)
            ids += [item["id"] for item in page["items"]]
            after = page.get("nextCursor")
            if not after:
                break
        counts = {}
        for item_id in ids:
            for dimension, values in (self.api(f"items/{item_id}").get("tags") or {}).items():
                for value in values:
                    key = f"{dimension}/{value['name']}"
                    counts[key] = counts.get(key, 0) + 1
        return len(ids), counts

    def run(self, elsewhere, counted):
        self.driver.get(self.url)
        self.wait("the library", lambda: self.js(
            "return document.body.dataset.view === 'library' && document.querySelectorAll('#items > li').length > 0"))
        self.settle()
        kind = self.kind()
        self.filters(True)
        # (a) counts without a search, and a click that leaves the chips in place.
        facets = self.api("facets", kind=kind)["facets"]
        want = {f"{d}/{v['name']}": str(v["count"]) for d, values in facets.items() for v in values}
        before = self.chips()
        got = {c["key"]: c["count"] for c in before}
        if got != want:
            self.fail(f"{kind} without a search: chips {sorted(set(got.items()) ^ set(want.items()))[:6]} differ from /api/facets")
        target = min(before, key=lambda c: int(c["count"]))
        chip = self.driver.find_element(By.CSS_SELECTOR, f"#facets .chip[data-dimension='{target['key'].split('/')[0]}']"
                                        f"[data-value='{target['key'].split('/', 1)[1]}']")
        self.js("arguments[0].scrollIntoView({block: 'center'})", chip)
        r = chip.rect
        x, y = r["x"] + r["width"] / 2, r["y"] + r["height"] / 2
        x, y = self.js("return [arguments[0] - scrollX, arguments[1] - scrollY]", x, y)
        chip.click()
        self.settle()
        after = self.chips()
        under = self.js("const e = document.elementFromPoint(arguments[0], arguments[1]);"
                        "const c = e && e.closest('.chip'); return c && c.dataset.dimension + '/' + c.dataset.value", x, y)
        zero = [c for c in after if c["count"] == "0"]
        print(f"  {self.size}: {kind}, a click on '{target['key']}' ({target['count']}): {len(before)} chips before,"
              f" {len(after)} after, {len(zero)} at 0 ({sum(c['disabled'] for c in zero)} disabled);"
              f" under the pointer: {under} ({self.shot('search chip clicked')})")
        if [c["key"] for c in after] != [c["key"] for c in before]:
            gone = [c["key"] for c in before if c["key"] not in {a["key"] for a in after}]
            self.fail(f"a click on the chip '{target['key']}' changed the chips: {len(before)} → {len(after)}"
                      f" (gone: {', '.join(gone[:8]) or 'none'}; or reordered)")
        if under != target["key"]:
            self.fail(f"after a click on '{target['key']}' the chip under the pointer is {under}")
        for c in after:
            if c["count"] == "0" and not c["disabled"] and not c["on"]:
                self.fail(f"the chip '{c['key']}' counts 0 but is not disabled")
        self.filters(False)
        if self.js("return !document.getElementById('clear-filters').hidden"):
            self.driver.find_element(By.ID, "clear-filters").click()
        self.settle()
        # (b) counts with a search.
        self.type(counted)
        self.filters(True)
        total, counts = self.expected_counts(kind, counted)
        with_query = self.chips()
        wrong = [f"{c['key']} {c['count']} (want {counts.get(c['key'], 0)})" for c in with_query
                 if c["count"] != str(counts.get(c["key"], 0))]
        not_off = [c["key"] for c in with_query if c["count"] == "0" and not c["disabled"]]
        print(f"  {self.size}: “{counted}” ({total} in {kind}): {len(with_query) - len(wrong)} of {len(with_query)}"
              f" chip counts right, {len(not_off)} zero chips enabled ({self.shot('search counted')})")
        if not total:
            self.fail(f"the search “{counted}” has no match in {kind}: choose another --counted")
        if wrong:
            self.fail(f"with the search “{counted}” ({total} items) {len(wrong)} of {len(with_query)} chip counts"
                      f" ignore it: {', '.join(wrong[:6])}{' …' if len(wrong) > 6 else ''}")
        if not_off:
            self.fail(f"with the search “{counted}” chips at 0 are not disabled: {', '.join(not_off[:6])}")
        if [c["key"] for c in with_query] != [c["key"] for c in before]:
            self.fail(f"the search “{counted}” changed the chips: {len(before)} → {len(with_query)}")
        # (c) a search with matches only elsewhere.
        self.filters(False)
        self.type(elsewhere)
        here = self.api("items", kind=kind, q=elsewhere, limit=1)["total"]
        others = {k: self.api("items", kind=k, q=elsewhere, limit=1)["total"] for k in TAB_NAMES if k != kind}
        if here or not any(others.values()):
            raise Failed(f"[{self.size}] “{elsewhere}” matches {here} in {kind} and {others} elsewhere: choose another --elsewhere")
        text = self.js("return document.getElementById('items').innerText.trim()")
        path = self.shot("search elsewhere")
        print(f"  {self.size}: “{elsewhere}” on {kind}: {text!r} (API: {others}) ({path})")
        if re.search(r"filter", text, re.I):
            self.fail(f"“{elsewhere}” with no filter set: the message blames the filters: {text!r}")
        if elsewhere.lower() not in text.lower():
            self.fail(f"“{elsewhere}”: the message does not name the search: {text!r}")
        for other, count in others.items():
            label = f"{count} in {TAB_NAMES[other]}"
            found = [b for b in self.driver.find_elements(By.CSS_SELECTOR, "#items a, #items button")
                     if b.text.strip() == label and b.is_displayed()]
            if count and not found:
                self.fail(f"“{elsewhere}” on {kind}: no link or button '{label}' in {text!r}")
            elif found:
                found[0].click()
                self.settle()
                listed = self.js("return document.querySelectorAll('#items > li.item').length")
                value = self.js("return document.getElementById('search').value")
                print(f"  {self.size}: '{label}' opens {self.kind()} with “{value}”, {listed} items ({self.shot('search switched')})")
                if self.kind() != other or value != elsewhere or listed != count:
                    self.fail(f"'{label}' opened {self.kind()} with the search “{value}” and {listed} items")
                break


def main():
    parser = common_arguments(__doc__)
    parser.add_argument("--elsewhere", default="door", help="a search with no match in the opening tab")
    parser.add_argument("--counted", default="tavern", help="a search with matches in the opening tab")
    args = parser.parse_args()
    url = args.url.rstrip("/") + "/"
    return each_size(args, lambda driver, size, phone: Search(driver, size, url, args.screenshots),
                     lambda test, phone: [lambda: test.run(args.elsewhere, args.counted)], "search",
                     "search finds across kinds and the chips count it, at every size")


if __name__ == "__main__":
    sys.exit(main())
