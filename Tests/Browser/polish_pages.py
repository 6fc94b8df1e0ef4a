"""Helpers of polish_test.py: a headless Chromium with its scrollbars shown (the scrollbar check counts
them, so unlike layout_test.py's browser it does not hide them), the scrollbar and box figures, and a
page's shared helpers (script, API, waits, failures, screenshots, views)."""

import json
import os
import re
import sys
import time
import urllib.request

os.environ.setdefault("SE_AVOID_STATS", "true")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
# layout_test.py: beside this file in Tests/Browser, or where SOUNDSHELF_BROWSER_TESTS says
sys.path.insert(0, os.environ.get("SOUNDSHELF_BROWSER_TESTS", os.path.dirname(os.path.abspath(__file__))))

from layout_test import CHROMEDRIVER, CHROMIUM, PHONE_AGENT, WAIT, Failed  # noqa: E402
from selenium import webdriver  # noqa: E402
from selenium.common.exceptions import TimeoutException, WebDriverException  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

SCROLLBARS = """const bars = [...document.querySelectorAll('body *')].filter(e => {
  const s = getComputedStyle(e); return e.scrollHeight > e.clientHeight + 1 && /auto|scroll/.test(s.overflowY)
    && e.offsetWidth - e.clientWidth - parseFloat(s.borderLeftWidth) - parseFloat(s.borderRightWidth) > 0
    && e.getClientRects().length > 0}).map(e => '#' + (e.id || e.className));
const d = document.documentElement;
if (d.scrollHeight > d.clientHeight && innerWidth > d.clientWidth) bars.push('the page');
const box = (id) => { const r = document.getElementById(id).getBoundingClientRect(); return [r.left, r.width]; };
return {bars, items: box('items'), facets: box('facets')};"""


class Page:
    """A page in one browser at one size, with the helpers the checks share."""

    def __init__(self, driver, size, url, screenshots):
        self.driver, self.size, self.url, self.screenshots = driver, size, url, screenshots
        self.failures = []

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def api(self, path, method="GET"):
        request = urllib.request.Request(f"{self.url}api/{path}", method=method, headers={"X-Soundshelf": "1"})
        with urllib.request.urlopen(request, timeout=WAIT) as response:
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

    def open(self, view):
        self.driver.get("about:blank")  # a fresh page: no dialog or search left from the last check
        self.driver.get(f"{self.url}#{view}")
        self.wait(f"the {view} view", lambda: self.js("return document.body.dataset.view") == view)
        time.sleep(0.5)

    def visible(self, css):
        return [e for e in self.driver.find_elements(By.CSS_SELECTOR, css) if e.is_displayed()]


def browser(width, height, phone):
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                 "--no-default-browser-check", "--disable-extensions", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", f"--window-size={width},{height}",
                 "--force-device-scale-factor=1", "--autoplay-policy=no-user-gesture-required", "--mute-audio"):
        options.add_argument(flag)  # scrollbars shown: (e) counts them
    if phone:
        options.add_experimental_option("mobileEmulation", {
            "deviceMetrics": {"width": width, "height": height, "pixelRatio": 2, "touch": True}, "userAgent": PHONE_AGENT})
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(WAIT)
    driver.set_script_timeout(WAIT)
    if not phone:
        driver.set_window_size(width, height)
    return driver
