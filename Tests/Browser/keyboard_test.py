#!/usr/bin/env python3
"""The web soundboard by keyboard alone, on a phone (390×844) and a laptop (1280×800), in headless Chromium.

    keyboard_test.py --url http://127.0.0.1:PORT/ --screenshots DIR

For each size, from a fresh page load (no ?test hooks, nothing prepared, a browser profile of its own):
  (a) the first playable ▶ of the library (the first enabled play button of an installed item in the
      open tab) is reached within 5 Tab presses from the top: Tab alone, or Tab to a skip link
      ("Skip to …") and Enter on it, then Tab (Enter on a skip link is not counted as a Tab press);
  (b) Enter on that focused ▶ plays it: its row shows the playing state (aria-pressed, ■, and a row
      in the now-playing bar);
  (c) no Tab stop is hidden under a fixed bar: for each stop over the first 40 Tab presses from the
      top, then 40 Tab and 40 Shift+Tab presses from the playing ▶ (the now-playing bar on screen),
      document.elementFromPoint at the centre of the focused element, once the browser has scrolled
      it into view, is the element itself (or inside it), not the header or the now-playing bar;
  (d) every facet chip's accessible name reads "<name>, 1 item" or "<name>, N items".

Prints every problem with its size and figures, saves <size>-<state>.png in DIR (and one per hidden
stop), exits 1 when anything failed. No traffic leaves 127.0.0.1: the driver is given explicitly (no
Selenium Manager) and SE_AVOID_STATS=true.
"""

import os
import re
import sys
import time

os.environ.setdefault("SE_AVOID_STATS", "true")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from layout_test import WAIT, Failed, common_arguments, each_size  # noqa: E402
from selenium.common.exceptions import TimeoutException, WebDriverException  # noqa: E402
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

MAX_TABS = 5
SCAN = 40
FIND = 80
# Run in the page: what has the focus, whether it is the first playable ▶, and what covers its centre.
FOCUS_JS = r"""
const describe = (e) => {
  if (!e || !e.tagName) return String(e);
  let name = e.tagName.toLowerCase() + (e.id ? `#${e.id}` : "") + [...e.classList].map((c) => `.${c}`).join("");
  const label = (e.getAttribute("aria-label") || e.textContent || e.placeholder || "").trim().replace(/\s+/g, " ");
  return label ? `${name} "${label.slice(0, 40)}"` : name;
};
const e = document.activeElement;
const first = document.querySelector("#items button[data-play]:not(:disabled)");
const info = { desc: describe(e), body: !e || e === document.body || e === document.documentElement,
  first: !!first && e === first, skip: e.tagName === "A" && /^\s*skip\b/i.test(e.textContent || ""), covered: null };
if (info.body) return info;
const r = e.getBoundingClientRect();
const vw = document.documentElement.clientWidth, vh = document.documentElement.clientHeight;
const x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;
const box = `x ${Math.round(r.left)}…${Math.round(r.right)}, y ${Math.round(r.top)}…${Math.round(r.bottom)}`;
if (r.width < 1 && r.height < 1) info.covered = "has no box on screen";
else if (x < 0 || y < 0 || x >= vw || y >= vh) info.covered = `its centre (${Math.round(x)}, ${Math.round(y)}) is off the ${vw}×${vh} screen (${box})`;
else {
  const hit = document.elementFromPoint(x, y);
  if (hit && hit !== e && !e.contains(hit) && !(hit.tagName === "LABEL" && hit.control === e)) {
    const bar = hit.closest("#now, header, .filter-actions, .filter-box > summary, [role=status]") || hit;
    info.covered = `its centre (${Math.round(x)}, ${Math.round(y)}; ${box}) is under ${describe(bar).slice(0, 60)}`;
  }
}
return info;
"""


class Keyboard:
    def __init__(self, driver, size, url, screenshots):
        self.driver, self.size, self.url, self.screenshots = driver, size, url, screenshots
        self.failures = []
        self.shots = 0

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def wait(self, what, condition, timeout=WAIT):
        try:
            return WebDriverWait(self.driver, timeout, poll_frequency=0.1).until(lambda _: condition())
        except TimeoutException:
            raise Failed(f"[{self.size}] timed out after {timeout}s waiting for {what}")

    def fail(self, text):
        self.failures.append(f"[{self.size}] {text}")

    def shot(self, state):
        name = re.sub(r"[^a-z0-9]+", "-", state.lower()).strip("-")
        path = os.path.join(self.screenshots, f"{self.size}-{name}.png")
        try:
            self.driver.save_screenshot(path)
        except WebDriverException:
            return "(no screenshot)"
        return path

    def fresh(self):
        """A fresh load of the page, its library listed, the focus at the top."""
        self.driver.get(self.url)
        self.wait("the library", lambda: self.js(
            "return document.body.dataset.view === 'library' && !document.querySelector('#items[aria-busy]')"
            " && document.querySelectorAll('#items > li.item').length > 0"))
        time.sleep(0.3)
        first = self.js("const b = document.querySelector('#items button[data-play]:not(:disabled)');"
                        "return b && b.getAttribute('aria-label')")
        if not first:
            raise Failed(f"[{self.size}] the open tab lists no playable ▶ (install a pack with items of this kind)")
        return first

    def key(self, *keys):
        ActionChains(self.driver).send_keys(*keys).perform()
        time.sleep(0.05)
        return self.js(FOCUS_JS)

    def check(self, info, where, press):
        if info["covered"]:
            path = self.shot(f"hidden {where} {press}")
            self.fail(f"{where}, press {press}: the focused {info['desc']} {info['covered']} ({path})")
            return 1
        return 0

    def tabs_to_first(self, via_skip=None):
        """Tab presses to the first playable ▶ (None beyond FIND), Tab alone or via the via_skip-th skip link."""
        self.fresh()
        tabs, skips, hidden = 0, 0, 0
        while tabs < FIND:
            info = self.key(Keys.TAB)
            tabs += 1
            if via_skip is None and tabs <= SCAN:
                hidden += self.check(info, "from the top", tabs)
            if info["first"]:
                return tabs, hidden
            if info["skip"] and via_skip is not None:
                skips += 1
                if skips == via_skip:
                    info = self.key(Keys.ENTER)
                    if info["first"]:
                        return tabs, hidden
        return None, hidden

    def run(self):
        first = self.fresh()
        skip_links = self.js("return [...document.querySelectorAll('a')].filter(a => /^\\s*skip\\b/i.test(a.textContent))"
                             ".map(a => a.textContent.trim())")
        counts = {}
        counts["Tab alone"], hidden = self.tabs_to_first()
        for index, name in enumerate(skip_links, 1):
            counts[f"Tab to '{name}', Enter, Tab"] = self.tabs_to_first(index)[0]
        found = [n for n in counts.values() if n is not None]
        figures = "; ".join(f"{how}: {n if n is not None else f'not within {FIND}'}" for how, n in counts.items())
        print(f"  {self.size}: first playable '{first}' — {figures}; {hidden} of the first {SCAN} stops hidden")
        if not found or min(found) > MAX_TABS:
            self.fail(f"the first playable ▶ ('{first}') takes {min(found) if found else f'more than {FIND}'} Tab"
                      f" presses, not at most {MAX_TABS} ({figures})")
        if not found:
            return
        # Back to the quickest way, then Enter on the focused ▶.
        best = min((n, how) for how, n in counts.items() if n is not None)[1]
        index = 0 if best == "Tab alone" else list(counts).index(best)
        self.tabs_to_first(index or None)
        self.shot("keyboard first play button")
        item = self.js("return document.activeElement.dataset.play")
        info = self.key(Keys.ENTER)
        try:
            self.wait("the row to show it playing", lambda: self.js(
                "const b = document.querySelector(`#items button[data-play='${arguments[0]}']`);"
                "return b && b.getAttribute('aria-pressed') === 'true' && b.textContent.includes('■')"
                " && !!document.querySelector(`#now:not([hidden]) [data-now='${arguments[0]}']`)", item), 5)
        except Failed as error:
            self.fail(f"Enter on the focused ▶ ('{first}') did not play it: {error}")
            return
        print(f"  {self.size}: Enter on '{first}' plays it ({self.shot('keyboard playing')})")
        if not self.js("return document.activeElement && document.activeElement.dataset.play === arguments[0]", item):
            self.fail(f"after Enter the focus left the ▶ of '{first}' for {self.js(FOCUS_JS)['desc']}")
        hidden = forward = back = 0
        for press in range(1, SCAN + 1):
            forward += 1
            hidden += self.check(self.key(Keys.TAB), "Tab from the playing ▶", press)
        for press in range(1, SCAN + 1):
            back += 1
            hidden += self.check(self.key(Keys.SHIFT, Keys.TAB), "Shift+Tab back", press)
        print(f"  {self.size}: {hidden} of {forward + back} stops around the playing ▶ hidden under a bar")
        self.chip_names()

    def chip_names(self):
        summary = [e for e in self.driver.find_elements(By.CSS_SELECTOR, "#filter-box > summary") if e.is_displayed()]
        if summary and not self.js("return document.getElementById('filter-box').open"):
            self.js("arguments[0].scrollIntoView({block: 'center'})", summary[0])  # not under the sticky header
            summary[0].click()
            time.sleep(0.3)
        chips = self.driver.find_elements(By.CSS_SELECTOR, "#facets .chip")
        if not chips:
            self.fail("no facet chips on the page")
        wrong = []
        for chip in chips:
            name = chip.accessible_name
            value = chip.get_attribute("data-value")
            count = chip.find_element(By.CSS_SELECTOR, ".count").text.strip()
            want = f"{value}, {count} {'item' if count == '1' else 'items'}"
            if name != want:
                wrong.append(f"'{name}' (want '{want}')")
        print(f"  {self.size}: {len(chips) - len(wrong)} of {len(chips)} chip names read naturally ({self.shot('keyboard chips')})")
        self.chip_keys()
        if wrong:
            self.fail(f"{len(wrong)} of {len(chips)} chips' accessible names do not read '<name>, N items': "
                      + ", ".join(wrong[:6]) + (" …" if len(wrong) > 6 else ""))

    def chip_keys(self):
        """One Tab stop per chip group; the arrow keys move within it."""
        groups, stops = self.js("return [document.querySelectorAll('#facets .chips').length,"
                                " [...document.querySelectorAll('#facets .chip')].filter(c => c.tabIndex >= 0).length]")
        if stops != groups:
            self.fail(f"the chips are {stops} Tab stops for {groups} groups (want one per group, arrow keys within)")
            return
        self.js("document.querySelector('#facets .chip[tabindex=\"0\"]').focus()")
        before = self.js(FOCUS_JS)["desc"]
        after = self.key(Keys.ARROW_RIGHT)["desc"]
        same = self.js("const a = document.activeElement, s = document.querySelector('#facets .chips');"
                       "return a.classList.contains('chip') && s.contains(a) && a.tabIndex === 0"
                       " && [...s.querySelectorAll('.chip')].filter(c => c.tabIndex === 0).length === 1")
        left = self.key(Keys.TAB)
        out = self.js("return !document.querySelector('#facets .chips').contains(document.activeElement)")
        print(f"  {self.size}: {groups} chip groups, {stops} Tab stops; ArrowRight {before} → {after}; Tab → {left['desc']}")
        if before == after or not same:
            self.fail(f"ArrowRight on the chip {before} did not move to the next chip of its group (focus: {after})")
        if not out:
            self.fail(f"Tab from a chip stayed in its group ({left['desc']})")


def main():
    args = common_arguments(__doc__).parse_args()
    url = args.url.rstrip("/") + "/"
    return each_size(args, lambda driver, size, phone: Keyboard(driver, size, url, args.screenshots),
                     lambda test, phone: [test.run], "keyboard",
                     "the keyboard reaches, plays and sees everything at every size")


if __name__ == "__main__":
    sys.exit(main())
