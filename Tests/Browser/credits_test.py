#!/usr/bin/env python3
"""Checks the Credits view of the `client serve` soundboard in headless Chromium (selenium + Debian's chromedriver).

    credits_test.py --url http://127.0.0.1:PORT/ --expected expected.json --screenshots DIR

expected.json (written by the Swift test from the CLI's --json output):
    {"all": <client credits --json>, "installed": <client credits --installed --json>,
     "nonCommercial": {"id", "title"} (an sfx item under a non-commercial license),
     "commercial": {"id", "title"} (an sfx item that is not)}

Prints one line per step; on a failure prints what was expected and what the page showed, saves a
screenshot named failed-credits.png, and exits 1. No traffic leaves 127.0.0.1.
"""

import argparse
import json
import os
import sys

os.environ.setdefault("SE_AVOID_STATS", "true")

from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

CHROMEDRIVER = "/usr/bin/chromedriver"
CHROMIUM = "/usr/bin/chromium"
WAIT = 15

# What the page shows, read in the browser: per license block its id, heading and items.
READ = """
return [...document.querySelectorAll('#credits article.credit-license')].map(a => ({
  license: a.dataset.license,
  heading: a.querySelector('h2').textContent,
  items: [...a.querySelectorAll('li[data-item]')].map(li => ({
    id: li.dataset.item,
    title: li.querySelector('.credit-title').textContent,
    names: (li.querySelector('.credit-names') || {textContent: ''}).textContent,
  })),
}));
"""


def shown(document):
    """What the page should show for a credits JSON document, in the same shape as READ."""
    result = []
    for section in document["licenses"]:
        items = []
        for item in section["items"]:
            names = ", ".join(
                " ".join(part for part in (c["name"], c["role"] and f"({c['role']})", c["url"]) if part)
                for c in item["credits"]
            )
            items.append({"id": item["id"], "title": item["title"], "names": f" — {names}" if names else ""})
        heading = section["name"] + ("NC" if section["commercialUse"] is False else "")
        result.append({"license": section["license"] or "", "heading": heading, "items": items})
    return result


def wait_equal(driver, what, getter, want):
    last = [None]

    def check(_):
        last[0] = getter()
        return last[0] == want

    try:
        WebDriverWait(driver, WAIT).until(check)
    except Exception:
        raise AssertionError(f"{what}:\n  expected {json.dumps(want, ensure_ascii=False)}\n  page shows {json.dumps(last[0], ensure_ascii=False)}")
    print(f"ok: {what}")


def run(driver, url, expected):
    driver.get(url + "#credits")
    wait_equal(driver, "the Credits view lists what `client credits` lists", lambda: driver.execute_script(READ), shown(expected["all"]))
    driver.find_element(By.ID, "credits-installed").click()
    wait_equal(
        driver, "installed only lists what `client credits --installed` lists",
        lambda: driver.execute_script(READ), shown(expected["installed"]),
    )
    driver.get(url + "#library")
    WebDriverWait(driver, WAIT).until(lambda d: d.find_elements(By.CSS_SELECTOR, 'button[data-kind="sfx"]'))
    driver.find_element(By.CSS_SELECTOR, 'button[data-kind="sfx"]').click()
    marked = expected["nonCommercial"]
    plain = expected["commercial"]

    def badges():
        return driver.execute_script(
            "return [arguments[0], arguments[1]].map(id => { const row = document.querySelector(`li.item[data-item=\"${id}\"]`);"
            " return row ? !!row.querySelector('.nc') : null; });",
            marked["id"], plain["id"],
        )

    wait_equal(driver, f"'{marked['title']}' is marked NC in the library, '{plain['title']}' is not", badges, [True, False])
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", required=True)
    parser.add_argument("--expected", required=True)
    parser.add_argument("--screenshots", required=True)
    args = parser.parse_args()
    with open(args.expected, encoding="utf-8") as handle:
        expected = json.load(handle)
    os.makedirs(args.screenshots, exist_ok=True)
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                 "--disable-extensions", "--disable-background-networking", "--disable-component-update",
                 "--window-size=1280,800", "--mute-audio"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    try:
        driver.set_page_load_timeout(WAIT)
        return run(driver, args.url.rstrip("/") + "/", expected)
    except AssertionError as failure:
        print(f"FAILED: {failure}")
        driver.save_screenshot(os.path.join(args.screenshots, "failed-credits.png"))
        return 1
    finally:
        driver.quit()


if __name__ == "__main__":
    sys.exit(main())
