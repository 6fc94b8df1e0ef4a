#!/usr/bin/env python3
"""The web soundboard's layout on a phone (390×844) and a laptop (1280×800), in headless Chromium.

    layout_test.py --url http://127.0.0.1:PORT/ --screenshots DIR

For each size a fresh page (no ?test hooks, a browser profile of its own) visits every view the top
menu offers, every tab of the library's kinds, the library's Filters (on the phone), the now-playing
bar with two layers, a status message and the header's dialogs, and measures each state from the
elements' boxes (Tests/Browser/layout_measure.js). It fails when
  (a) the page scrolls sideways (documentElement.scrollWidth > the viewport's width + 1);
  (b) a word of visible text wraps over two lines (a Range per word, its client rects on one line),
      or text overlaps other text;
  (c) a visible control (button, link, field, summary, tab) lies partly outside the viewport sideways,
      is clipped by an ancestor (overflow hidden or clip; a scrolling ancestor sideways), or its
      placeholder is cut;
  (d) two visible controls overlap by more than 1 px² (a control and its own ancestors aside; a
      fixed bar's controls are compared among themselves);
and on the phone when the open Filters push the results (or a "Show N results" button) below the first
screen, or when a status message changes the header's height.

Prints each problem with its size, state, element and figures; saves <size>-<state>.png for each
state in DIR; exits 1 when anything failed. No traffic leaves 127.0.0.1: the driver is given
explicitly (no Selenium Manager) and SE_AVOID_STATS=true.
"""

import argparse
import os
import re
import signal
import sys
import time

os.environ.setdefault("SE_AVOID_STATS", "true")

from selenium import webdriver  # noqa: E402
from selenium.common.exceptions import TimeoutException, WebDriverException  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

CHROMEDRIVER = "/usr/bin/chromedriver"
CHROMIUM = "/usr/bin/chromium"
WAIT = 15
MEASURE = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "layout_measure.js"), encoding="utf-8").read()
PHONE_AGENT = (
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
    "Chrome/120.0 Mobile Safari/537.36"
)
SIZES = [("phone", 390, 844, True), ("laptop", 1280, 800, False)]


class Failed(Exception):
    pass


class Layout:
    def __init__(self, driver, size, screenshots):
        self.driver = driver
        self.size = size
        self.screenshots = screenshots
        self.failures = []
        self.states = 0
        self.menu_measured = False

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def wait(self, what, condition, timeout=WAIT):
        try:
            return WebDriverWait(self.driver, timeout, poll_frequency=0.1).until(lambda _: condition())
        except TimeoutException:
            raise Failed(f"[{self.size}] timed out after {timeout}s waiting for {what}")

    def settle(self):
        """Waits until nothing is busy and the layout stands still for 0.3 s."""
        last, steady = None, 0
        deadline = time.time() + WAIT
        while time.time() < deadline:
            now = self.js(
                "return [document.querySelectorAll('[aria-busy=true]').length, document.body.scrollHeight,"
                " document.body.getElementsByTagName('*').length, document.documentElement.scrollWidth].join()"
            )
            steady = steady + 1 if now == last and now.startswith("0,") else 0
            last = now
            if steady >= 3:
                return
            time.sleep(0.1)

    def measure(self, state, check_results=False, header=None, keep_scroll=False):
        self.settle()
        if not keep_scroll:
            self.js("window.scrollTo(0, 0)")
        figures = self.js(MEASURE + "\nreturn measure();")
        self.states += 1
        name = re.sub(r"[^a-z0-9]+", "-", state.lower()).strip("-")
        path = os.path.join(self.screenshots, f"{self.size}-{name}.png")
        try:
            self.driver.save_screenshot(path)
        except WebDriverException:
            path = "(no screenshot)"
        problems = list(figures["problems"])
        vh = figures["viewport"][1]
        if check_results:
            top, button = figures["resultsTop"], figures["toResults"]
            if (top is None or top > vh) and (button is None or button > vh):
                problems.append(
                    f"with Filters open the results start at y {top} (the screen is {vh} high)"
                    + (f" and the Show-results button ends at y {button}" if button else " and no 'Show N results' button is on screen")
                )
        if header is not None and abs(figures["header"] - header) > 1:
            problems.append(f"a status message changed the header's height from {header} to {figures['header']} px")
        for problem in problems:
            self.failures.append(f"[{self.size} {figures['viewport'][0]}×{vh}] {state}: {problem}")
        print(f"  {self.size} / {state}: {'ok' if not problems else f'{len(problems)} problem(s)'} ({path})")
        return figures

    # --- the page ------------------------------------------------------------------------------
    def views(self):
        return self.js(
            "return [...document.querySelectorAll('header nav a[data-view]')].map(a => a.dataset.view)"
        )

    def go(self, view):
        """Opens `view` from the top menu, through its menu button when the menu is folded away."""
        link = self.driver.find_element(By.CSS_SELECTOR, f"header nav a[data-view='{view}']")
        if not link.is_displayed():
            toggle = self.js(
                "const nav = document.querySelector('header nav');"
                "return document.querySelector(`[aria-controls='${nav.id}']`)"
            )
            if toggle is None or not toggle.is_displayed():
                raise Failed(f"[{self.size}] the menu link to {view} is hidden and no menu button shows it")
            toggle.click()
            self.wait(f"the menu link to {view}", link.is_displayed, 5)
            if not self.menu_measured:
                self.menu_measured = True
                self.measure("menu open", keep_scroll=True)
        link.click()
        self.wait(f"the {view} view", lambda: self.js("return document.body.dataset.view") == view)

    def visible(self, css):
        return [e for e in self.driver.find_elements(By.CSS_SELECTOR, css) if e.is_displayed()]

    def click_first(self, css, what):
        found = [e for e in self.visible(css) if e.is_enabled()]
        if not found:
            raise Failed(f"[{self.size}] no {what} ({css}) on the page")
        self.js("arguments[0].scrollIntoView({block: 'center'})", found[0])
        found[0].click()
        return found[0]

    def run(self, phone):
        self.wait("the library", lambda: self.js(
            "return document.body.dataset.view === 'library' && document.querySelectorAll('#items > li').length > 0"))
        views = self.views()
        print(f"{self.size}: views {', '.join(views)}")
        header = None
        for view in views:
            self.go(view)
            if view == "library":
                tabs = self.visible("#view-library [role=tablist] [role=tab]")
                for index in range(len(tabs)):
                    tab = self.visible("#view-library [role=tablist] [role=tab]")[index]
                    label = tab.text.strip()
                    tab.click()
                    self.wait(f"the {label} tab", lambda: tab.get_attribute("aria-selected") == "true")
                    self.measure(f"library {label}")
                if phone:
                    self.click_first("#view-library .filters summary", "Filters button")
                    self.measure("library filters open", check_results=True)
                    self.click_first("#view-library .filters summary", "Filters button")
                # Two atmospheres looping, so the now-playing bar stays while every view is measured.
                self.visible("#view-library [role=tab][data-kind=atmosphere]")[0].click()
                self.settle()
                playable = [e for e in self.visible("#items button[data-play]") if e.is_enabled()]
                for button in playable[:2]:
                    self.js("arguments[0].scrollIntoView({block: 'center'})", button)
                    button.click()
                self.wait("the now-playing bar", lambda: self.visible("#now"))
                self.measure("library now playing")
                header = self.measure("library now playing, header")["header"]
            else:
                self.measure(view)
            if view == "scenes":
                names = self.visible("#scenes .scene-name")
                if names:
                    names[0].click()
                    self.measure("scenes board")
                field = self.visible("#new-scene-title")[0]
                field.send_keys(f"Tavern brawl at the Prancing Pony ({self.size}, {time.strftime('%H:%M:%S')})")
                field.send_keys(Keys.ENTER)
                self.wait("a status message", lambda: self.js("return document.getElementById('live').textContent"))
                self.measure("scenes status message", header=header)
        for button in self.visible("header .top-tools button"):
            label = button.get_attribute("aria-label")
            button.click()
            self.wait(f"the {label} dialog", lambda: self.js("return !!document.querySelector('dialog[open]')"), 5)
            self.measure(f"dialog {label}")
            self.js("document.querySelector('dialog[open]').close()")


def browser(width, height, phone):
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
        f"--window-size={width},{height}",
        "--force-device-scale-factor=1",
        "--hide-scrollbars",
        "--autoplay-policy=no-user-gesture-required",
        "--mute-audio",
        "--disable-audio-output",
    ):
        options.add_argument(flag)
    if phone:
        options.add_experimental_option(
            "mobileEmulation",
            {"deviceMetrics": {"width": width, "height": height, "pixelRatio": 2, "touch": True}, "userAgent": PHONE_AGENT},
        )
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(WAIT)
    if not phone:
        # The window's frame aside: the page's viewport is width × height.
        inner = driver.execute_script("return [innerWidth, innerHeight]")
        driver.set_window_size(2 * width - inner[0], 2 * height - inner[1])
    return driver


def common_arguments(description):
    """The parser every soundboard browser check starts from: --url, --screenshots, --size."""
    parser = argparse.ArgumentParser(description=description.splitlines()[0])
    parser.add_argument("--url", required=True)
    parser.add_argument("--screenshots", required=True)
    parser.add_argument("--size", choices=[s[0] for s in SIZES], help="only this size")
    return parser


def each_size(args, make, checks, what, passed, make_browser=None, summary=lambda test: ""):
    """Runs one browser check at each size (or --size only) and returns the exit status: a fresh headless
    Chromium per size, `make(driver, size, phone)` the check (an object with a `failures` list), then each
    of `checks(test, phone)` in turn (a Failed or a WebDriverException is that size's problem and the next
    check still runs), then the console's errors. Prints each size's count and, at the end, every problem."""
    signal.signal(signal.SIGTERM, lambda *_: sys.exit("stopped by SIGTERM (time limit)"))
    os.makedirs(args.screenshots, exist_ok=True)
    for path in (CHROMEDRIVER, CHROMIUM):
        if not os.path.exists(path):
            print(f"{path} is missing: run scripts/bootstrap (Debian packages chromium, chromium-driver)", file=sys.stderr)
            return 1
    failures = []
    for size, width, height, phone in SIZES:
        if args.size and size != args.size:
            continue
        driver = (make_browser or browser)(width, height, phone)
        try:
            test = make(driver, size, phone)
            for check in checks(test, phone):
                try:
                    check()
                except Failed as error:
                    test.failures.append(str(error))
                except WebDriverException as error:
                    test.failures.append(f"[{size}] {type(error).__name__}: {error.msg}")
            severe = [e["message"] for e in driver.get_log("browser") if e.get("level") == "SEVERE"]
            test.failures += [f"[{size}] console: {message}" for message in severe]
            print(f"{size}: {summary(test)}{len(test.failures)} problem(s)")
            failures += test.failures
        finally:
            driver.quit()
    if failures:
        print(f"FAILED: {len(failures)} {what} problem(s):", file=sys.stderr)
        for failure in failures:
            print(f"  {failure}", file=sys.stderr)
        return 1
    print(passed)
    return 0


def main():
    args = common_arguments(__doc__).parse_args()
    url = args.url.rstrip("/") + "/"

    def make(driver, size, phone):
        driver.get(url)
        return Layout(driver, size, args.screenshots)

    return each_size(args, make, lambda test, phone: [lambda: test.run(phone)], "layout", "the layout holds at every size",
                     summary=lambda test: f"{test.states} states measured, ")


if __name__ == "__main__":
    sys.exit(main())
