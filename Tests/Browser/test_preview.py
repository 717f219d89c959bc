#!/usr/bin/env python3
"""Browser tests of `stackc preview` in headless Chromium (Playwright for
Python, driving the system's chromium). Run by scripts/browser-tests.sh,
which skips them with a message when Playwright or Chromium is missing.

Each test starts the real `stackc preview` on a free port and checks the
page against the command line: rows where `stackc layout --format json`
puts them, a tap ending where `stackc layout --tap` ends, a state change
animating through intermediate frames, a save reloading the page in place
(and an error showing #diagnostics over the last good rows), a 100,000-row
screen scrolling with a bounded number of rows in the DOM, and no console
errors anywhere. Screenshots go to $SHOTS (default: /tmp/stackc-preview-shots).
"""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

from playwright.sync_api import sync_playwright

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
STACKC = os.environ.get("STACKC", os.path.join(ROOT, ".build", "debug", "stackc"))
SHOTS = os.environ.get("SHOTS", "/tmp/stackc-preview-shots")
CHROMIUM = os.environ.get("CHROMIUM", shutil.which("chromium") or "/usr/bin/chromium")
MEASURED = {}


class Preview:
    """A running `stackc preview FILE` and its URL."""

    def __init__(self, path):
        self.process = subprocess.Popen([STACKC, "preview", path], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.process.stdout.readline()
        match = re.search(r"http://\S+", line)
        if not match:
            raise RuntimeError("the preview did not start: " + line + self.process.stderr.read())
        self.url = match.group(0)
        self.pages = []

    def close(self):
        # Pages first: an open page would try to reconnect to a stopped server.
        for page in self.pages:
            page.close()
        self.process.terminate()
        self.process.wait(timeout=10)


def layout(path, *arguments):
    """`stackc layout --format json`'s rows by the page's keys: id, else #place."""
    out = subprocess.run([STACKC, "layout", path, "--format", "json", "--viewport", "390x844", *arguments],
                         capture_output=True, text=True, check=True).stdout
    # With --tap each step is a line and the layout the last; without, one document.
    document = json.loads(out.strip().split("\n")[-1] if arguments else out)
    rows = {}

    def walk(items, path):
        for index, row in enumerate(items, start=1):
            place = path + [index]
            key = row["id"] or "#" + ".".join(map(str, place))
            if row["visibility"] != "hidden":
                rows[key] = row["frame"]
            walk(row["rows"], place)

    walk(document["rows"], [])
    return rows


def drawn(page):
    """The page's rows: key → [left, top, width, height] in points."""
    return page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('#content > [data-row]')].map(e =>
        [e.dataset.row, [parseFloat(e.style.left), parseFloat(e.style.top), parseFloat(e.style.width), parseFloat(e.style.height)]]))""")


def close_enough(a, b):
    return all(abs(x - y) < 0.01 for x, y in zip(a, b))


def open_page(browser, preview, errors, viewport="390x844"):
    page = browser.new_page(viewport={"width": 1100, "height": 1000})
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    preview.pages.append(page)
    page.goto(preview.url + "?viewport=" + viewport)
    page.wait_for_selector("body[data-ready=true]")
    return page


def wait_still(page, ms=900):
    """Lets a tap's or change's animation finish (the longest sample runs 1 s)."""
    page.wait_for_timeout(ms)


def test_rows_and_tap(browser, errors):
    preview = Preview("samples/hotel.stack")
    try:
        page = open_page(browser, preview, errors)
        assert page.get_attribute("#screen", "data-viewport") == "390x844"
        rows, expected = drawn(page), layout("samples/hotel.stack")
        assert rows, "no rows drawn"
        for key, frame in rows.items():
            assert key in expected and close_enough(frame, expected[key]), (key, frame, expected.get(key))
        assert set(expected) <= set(rows), set(expected) - set(rows)
        page.screenshot(path=os.path.join(SHOTS, "hotel-before-tap.png"))
        box = page.locator("#screen").bounding_box()
        started = time.monotonic()
        page.mouse.click(box["x"] + 20, box["y"] + 150)
        page.wait_for_function("() => document.querySelector('#events [data-event=\"emit\"]') !== null")
        MEASURED["tap → first response drawn (ms)"] = round((time.monotonic() - started) * 1000, 1)
        page.wait_for_timeout(40)
        page.screenshot(path=os.path.join(SHOTS, "hotel-mid-animation.png"))
        wait_still(page)
        MEASURED["tap released → first animation frame drawn, in the page (ms)"] = round(page.evaluate("() => window.previewStats.tapToFrame"), 1)
        page.screenshot(path=os.path.join(SHOTS, "hotel-after-tap.png"))
        rows, expected = drawn(page), layout("samples/hotel.stack", "--tap", "20,150")
        for key, frame in rows.items():
            assert key in expected and close_enough(frame, expected[key]), ("after tap", key, frame, expected.get(key))
        events = page.locator("#events > [data-event]").evaluate_all("l => l.map(e => e.dataset.event)")
        assert "emit" in events and "layout" in events, events
    finally:
        preview.close()


def test_quick_tap_waits_for_its_press(browser, errors):
    # The press answered late (held 300 ms in the page): the release must
    # still follow it to the server, or the tap runs nothing.
    preview = Preview("samples/hotel.stack")
    try:
        page = open_page(browser, preview, errors)
        page.evaluate("""() => {
            const fetch = window.fetch;
            window.fetch = (url, options) => String(url).endsWith('/press')
                ? new Promise(done => setTimeout(done, 300)).then(() => fetch(url, options))
                : fetch(url, options);
        }""")
        box = page.locator("#screen").bounding_box()
        page.mouse.click(box["x"] + 20, box["y"] + 150)
        page.wait_for_function("() => document.querySelector('#events [data-event=\"emit\"]') !== null", timeout=10000)
    finally:
        preview.close()


def test_state_animates(browser, errors):
    preview = Preview("samples/settings.stack")
    try:
        page = open_page(browser, preview, errors)
        page.screenshot(path=os.path.join(SHOTS, "settings-before.png"))
        control = page.locator("[data-state] input[type=checkbox]").first
        name = control.evaluate("e => e.parentElement.dataset.state")
        before = drawn(page)
        # Sample every row's top at each display frame while the change plays.
        samples = page.evaluate("""(name) => new Promise(done => {
            const tops = [];
            const input = document.querySelector(`[data-state="${name}"] input`);
            input.click();
            const start = performance.now();
            const step = () => {
                tops.push(Object.fromEntries([...document.querySelectorAll('#content > [data-row]')].map(e => [e.dataset.row, parseFloat(e.style.top)])));
                if (performance.now() - start < 900) requestAnimationFrame(step); else done(tops);
            };
            requestAnimationFrame(step);
        })""", name)
        page.screenshot(path=os.path.join(SHOTS, "settings-after.png"))
        after = drawn(page)
        # And a tap, mid-animation and after: the switch row toggles notifications back.
        switch = page.locator('[data-row] >> text=SwitchCell').first
        if switch.count():
            box = switch.bounding_box()
            page.mouse.click(box["x"] + 5, box["y"] + 5)
            page.wait_for_timeout(60)
            page.screenshot(path=os.path.join(SHOTS, "settings-tap-mid-animation.png"))
            wait_still(page)
            page.screenshot(path=os.path.join(SHOTS, "settings-after-tap.png"))
        moved = [k for k in before if k in after and abs(before[k][1] - after[k][1]) > 1]
        assert moved, "changing %s moved no row" % name
        key = moved[0]
        low, high = sorted([before[key][1], after[key][1]])
        between = [s[key] for s in samples if key in s and low + 0.5 < s[key] < high - 0.5]
        assert between, "no frame between %s and %s for %s" % (low, high, key)
    finally:
        preview.close()


def test_reload_on_save(browser, errors):
    directory = tempfile.mkdtemp()
    for name in ("hotel.stack", "components.stack", "Localizable.xcstrings"):
        shutil.copy(os.path.join(ROOT, "samples", name), directory)
    path = os.path.join(directory, "hotel.stack")
    preview = Preview(path)
    try:
        page = open_page(browser, preview, errors, viewport="390x400")
        page.evaluate("() => document.querySelector('#screen').scrollTop = 40")
        page.wait_for_function("() => document.querySelector('#screen').dataset.offset === '40'")
        source = open(path).read()
        # (The sample is localized: a new text that is no key of its catalog is verbatim.)
        edited = source.replace('"Welcome to Hotel Paradise"', 'verbatim("Welcome to Hotel Edited")')
        assert edited != source
        # Save atomically, as editors do, and time until the page shows it.
        started = time.monotonic()
        with open(path + ".tmp", "w") as f:
            f.write(edited)
        os.replace(path + ".tmp", path)
        page.wait_for_function("() => document.querySelector('[data-row=\"welcome\"] text')?.textContent.includes('Edited')", timeout=5000)
        elapsed = (time.monotonic() - started) * 1000
        MEASURED["save → page updated (ms)"] = round(elapsed, 1)
        assert elapsed < 500, elapsed
        assert page.get_attribute("#screen", "data-offset") == "40", "the offset survives a reload"
        rows = page.locator("[data-row]").count()
        with open(path + ".tmp", "w") as f:
            f.write(edited.replace("font: title2", "font: title2  hiden: true"))
        os.replace(path + ".tmp", path)
        page.wait_for_selector("#diagnostics:not([hidden])", timeout=5000)
        assert "hiden" in page.inner_text("#diagnostics")
        assert page.locator("[data-row]").count() == rows, "the last good rows stay"
        page.screenshot(path=os.path.join(SHOTS, "hotel-diagnostics.png"))
        with open(path + ".tmp", "w") as f:
            f.write(source)
        os.replace(path + ".tmp", path)
        page.wait_for_selector("#diagnostics[hidden]", state="attached", timeout=5000)
    finally:
        preview.close()
        shutil.rmtree(directory)


def test_long_screen_scrolls_with_bounded_rows(browser, errors):
    directory = tempfile.mkdtemp()
    path = os.path.join(directory, "long.stack")
    with open(path, "w") as f:
        f.write("screen Long {\n")
        for i in range(100_000):
            f.write('    Text { text: "row %d"  size: %d }\n' % (i, 20 + i % 3 * 10))
        f.write("}\n")
    preview = Preview(path)
    try:
        page = open_page(browser, preview, errors)
        height = float(page.evaluate("() => parseFloat(document.querySelector('#content').style.height)"))
        assert height > 2_000_000, height
        largest, times = 0, []
        # Top to bottom in 120 jumps, then 60 small steps as a finger would.
        offsets = [height * i / 120 for i in range(121)] + [height / 2 + 7 * i for i in range(60)]
        for offset in offsets:
            started = time.monotonic()
            page.evaluate("(o) => { const s = document.querySelector('#screen'); s.scrollTop = o; }", offset)
            page.wait_for_function("(o) => Math.abs(parseFloat(document.querySelector('#screen').dataset.offset) - Math.min(o, %f)) < 1" % (height - 844), arg=offset)
            times.append((time.monotonic() - started) * 1000)
            largest = max(largest, page.locator("[data-row]").count())
        assert largest < 120, "rows in the DOM: %d" % largest
        small = sorted(times[121:])
        MEASURED["100k rows: scroll step → drawn, as Playwright sees it, median (ms)"] = round(small[len(small) // 2], 1)
        inside = sorted(page.evaluate("() => window.previewStats.scrollToDrawn"))
        MEASURED["100k rows: scroll event → pass drawn, in the page, median / max (ms)"] = (round(inside[len(inside) // 2], 1), round(inside[-1], 1))
        MEASURED["100k rows: largest number of rows in the DOM"] = largest
    finally:
        preview.close()
        shutil.rmtree(directory)


def main():
    os.makedirs(SHOTS, exist_ok=True)
    os.chdir(ROOT)
    errors, failures = [], 0
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        for test in (
            test_rows_and_tap, test_quick_tap_waits_for_its_press, test_state_animates, test_reload_on_save,
            test_long_screen_scrolls_with_bounded_rows,
        ):
            try:
                test(browser, errors)
                print("PASS", test.__name__)
            except Exception as error:  # noqa: BLE001 — report and go on
                failures += 1
                print("FAIL", test.__name__, repr(error))
        browser.close()
    if errors:
        failures += 1
        print("FAIL console errors:", errors)
    for name, value in MEASURED.items():
        print("measured:", name, value)
    print("screenshots in", SHOTS)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
