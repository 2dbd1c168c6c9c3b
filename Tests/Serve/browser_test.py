#!/usr/bin/env python3
"""Drives the playground page (`GET /` of `chatpayloads serve`) in headless Chromium.

Usage: browser_test.py URL SCREENSHOT.png [--chromium PATH] [--chromedriver PATH] [--timeout S]
                       [--checks NAME,...] [--expect-profile P]

Starts no server: URL is one already listening (PlaygroundBrowserTests starts
`chatpayloads-store serve --port 0` and passes its address). Needs Selenium (PyPI) and Debian's
`chromium` + `chromium-driver`. Checks, in order:

  page          the page loads from the server alone (no resource from another origin)
  controls      every control has a label; the verdict is an aria-live region
  invalid       an invalid message typed in (Schemas/examples/message-invalid.json) gets the
                verdict "invalid" with its errors listed at 1:1 and 7:16 and those gutter lines
                marked (.ln[data-line=N] with class "error"), other lines not; typing sends few
                requests (debounced), not one per key; a problem's 7:16 button moves the caret there
  abort         a newer request aborts the one in flight; the newer answer wins
  profile       a user without `type` with a null field: valid under compat, invalid under strict
  tabs          the result tabs by keyboard (arrows, Home, End; Tab into the panel); the canonical
                and record forms appear
  copy          "copy as curl" gives a command that, run, returns the same verdict; "copy as
                NDJSON" gives one line holding the same JSON
  refusal       a schema the server refuses (400): its message is the verdict, nothing marked
  phone         at 375 px wide nothing overflows sideways
  screenshot    at 1280 px wide, the page as it opens (the invalid message with its errors marked),
                saved to SCREENSHOT.png
  console       no script error in the browser console

Run only with --checks (issue 38, finding 11; PlaygroundBrowserTests runs them against a server
started with --profile strict):

  server-profile  a fresh page opens with the profile picker on --expect-profile (the server's
                  --profile) and its first verdict is under that profile
  emoji-caret     a problem's location button puts the caret before the offending value on lines
                  holding emoji, flags and other characters outside the BMP (the server counts
                  columns in Unicode scalars, the editor in UTF-16 code units), and on plain lines
  json-array      a pasted top-level array is sent as format=json-array: each element is a
                  payload with its own verdict and marked line; the canonical form lists each
                  element; "copy as curl" says format=json-array; an element that is not an
                  object is advised with the page's controls (no CLI flag, no API parameter)

Prints a JSON summary ({"passed": bool, "checks": [{"name", "passed", "detail"}], ...}) and
exits 1 when any check failed (2 when the browser could not start).
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import traceback

from selenium import webdriver
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
INVALID_MESSAGE = os.path.join(ROOT, "Schemas", "examples", "message-invalid.json")
# Valid under compat (a missing User `type` means "default", null means unset), invalid under
# strict (and standard): `type` is required and `email` may not be null.
USER_COMPAT_ONLY = (
    '{\n  "id": "user-ana-lima",\n  "name": "Ana Lima",\n  "email": null,\n'
    '  "updated": "2024-03-05T14:48:00.123Z"\n}\n'
)
CONTROLS = ["payload", "schema", "profile", "example", "share-output"]
TABS = ["tab-problems", "tab-canonical", "tab-record"]


class CheckFailed(Exception):
    pass


def expect(condition, message):
    if not condition:
        raise CheckFailed(message)


class Playground:
    def __init__(self, driver, url, timeout):
        self.driver = driver
        self.url = url.rstrip("/")
        self.timeout = timeout

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def wait(self, predicate, what):
        try:
            return WebDriverWait(self.driver, self.timeout, poll_frequency=0.05).until(lambda d: predicate())
        except TimeoutException:
            raise CheckFailed("timed out waiting for " + what + "; verdict: " + repr(self.verdict()))

    def verdict(self):
        return self.js(
            "var v = document.getElementById('verdict');"
            "return {state: v.getAttribute('data-verdict'), text: v.textContent};")

    def count_fetches(self):
        """Wraps fetch to record each call (URL, and whether its signal was aborted later)."""
        self.js(
            "window.__calls = [];"
            "if (!window.__fetch) { window.__fetch = window.fetch; }"
            "window.fetch = function (url, options) {"
            "  window.__calls.push({url: String(url), options: options || {}});"
            "  return window.__fetch.apply(this, arguments); };")

    def calls(self, path):
        return self.js(
            "var path = arguments[0];"
            "return (window.__calls || []).filter(function (c) { return c.url.indexOf(path) === 0; })"
            ".map(function (c) { return {url: c.url, aborted: !!(c.options.signal && c.options.signal.aborted)}; });",
            path)

    def paste(self, text):
        """Replaces the editor's text as a paste does: one input event."""
        self.js(
            "var e = document.getElementById('payload'); e.focus(); e.select();"
            "document.execCommand('insertText', false, arguments[0]);", text)
        expect(self.js("return document.getElementById('payload').value") == text, "the editor did not take the text")

    def settle(self, state):
        """Waits until the verdict is `state` and no validation is in flight."""
        self.wait(lambda: self.verdict()["state"] == state
                  and self.js("return document.getElementById('busy').textContent") == "",
                  "verdict " + state)
        return self.verdict()

    def choose(self, control, value):
        Select(self.driver.find_element(By.ID, control)).select_by_value(value)

    def marked_lines(self):
        return self.js(
            "return Array.prototype.map.call(document.querySelectorAll('#gutter .ln.error'),"
            " function (l) { return Number(l.getAttribute('data-line')); });")

    def problems(self):
        return self.js(
            "return Array.prototype.map.call(document.querySelectorAll('#problems .problem'), function (p) {"
            " return {line: p.getAttribute('data-line'), location: p.querySelector('.loc').textContent,"
            " message: p.querySelector('.msg .text').textContent, pointer: p.querySelector('.pointer').textContent,"
            " rule: p.querySelector('.rule').textContent}; });")

    def active_id(self):
        return self.js("return document.activeElement ? document.activeElement.id : null")

    def press(self, key):
        self.driver.switch_to.active_element.send_keys(key)

    def selected_tab(self):
        return self.js(
            "var t = document.querySelector('[role=tab][aria-selected=true]'); return t ? t.id : null")

    def visible_panels(self):
        return self.js(
            "return Array.prototype.filter.call(document.querySelectorAll('[role=tabpanel]'),"
            " function (p) { return !p.hidden && p.offsetParent !== null; }).map(function (p) { return p.id; });")


def check_page(p):
    p.driver.get(p.url + "/")
    expect(p.driver.title == "ChatPayloads playground", "title is " + repr(p.driver.title))
    p.wait(lambda: p.verdict()["state"] not in ("idle", None), "the first verdict")
    foreign = p.js(
        "return performance.getEntriesByType('resource').map(function (r) { return r.name; })"
        ".filter(function (n) { return n.indexOf(location.origin + '/') !== 0; });")
    expect(foreign == [], "resources from elsewhere: " + repr(foreign))
    return "loaded; first verdict " + p.verdict()["state"]


def check_controls(p):
    missing = p.js(
        "return arguments[0].filter(function (id) {"
        " var c = document.getElementById(id);"
        " return !c || !document.querySelector('label[for=\"' + id + '\"]') || c.labels.length === 0; });",
        CONTROLS)
    expect(missing == [], "controls without a label: " + repr(missing))
    live = p.js("return document.getElementById('verdict').getAttribute('aria-live')")
    expect(live == "polite", "the verdict's aria-live is " + repr(live))
    return "labelled: " + ", ".join(CONTROLS)


def check_invalid(p):
    with open(INVALID_MESSAGE, encoding="utf-8") as f:
        text = f.read()
    p.choose("schema", "auto")
    p.choose("profile", "standard")
    editor = p.driver.find_element(By.ID, "payload")
    editor.send_keys(Keys.CONTROL, "a")
    editor.send_keys(Keys.DELETE)
    p.settle("idle")
    p.count_fetches()
    editor.send_keys(text)  # typed key by key: each key an input event
    expect(editor.get_attribute("value") == text, "the typed text differs from the file")
    verdict = p.settle("invalid")
    p.wait(lambda: len(p.problems()) >= 2, "the problems list")
    sent = p.calls("/v1/validate")
    # Debounced: a request per pause in the typing, not per key (a loaded machine may pause often).
    expect(1 <= len(sent) <= len(text) // 4, "%d validate requests for %d keys typed (not debounced?)" % (len(sent), len(text)))
    problems = p.problems()
    by_location = {q["location"]: q for q in problems}
    expect("7:16" in by_location, "no problem at 7:16: " + repr(problems))
    created = by_location["7:16"]
    expect(created["pointer"] == "/createdAt" and created["rule"] == "type" and "must be a string" in created["message"],
           "the 7:16 problem reads " + repr(created))
    expect("1:1" in by_location and by_location["1:1"]["rule"] == "required", "no required problem at 1:1: " + repr(problems))
    lines = sorted(p.marked_lines())
    expect(lines == [1, 7], "marked gutter lines are %r, not [1, 7]" % lines)
    severity = p.js("return document.querySelector('#gutter .ln[data-line=\"7\"]').getAttribute('data-severity')")
    expect(severity == "error", "line 7's data-severity is " + repr(severity))
    overlay = p.js("return document.querySelectorAll('#marks .mark[data-line=\"7\"]').length")
    expect(overlay == 1, "no overlay mark on line 7")
    expect("message" in verdict["text"] and "2 errors" in verdict["text"], "verdict text: " + repr(verdict["text"]))
    # A problem's location button puts the caret there (line 7, column 16: just before 1709650330000).
    p.driver.find_element(By.CSS_SELECTOR, '#problems .problem[data-line="7"] .loc').click()
    caret = p.js("var e = document.getElementById('payload');"
                 "return [document.activeElement === e, e.value.slice(0, e.selectionStart).split('\\n').length,"
                 " e.value.slice(e.selectionStart, e.selectionStart + 13)];")
    expect(caret == [True, 7, "1709650330000"], "the 7:16 button put the caret at " + repr(caret))
    return "%s; %d validate requests for %d keys; lines %r marked" % (verdict["text"], len(sent), len(text), lines)


def check_abort(p):
    p.count_fetches()
    # Two changes in one task: the first request cannot have been answered when the second starts.
    p.js(
        "var s = document.getElementById('profile');"
        "s.value = 'strict'; s.dispatchEvent(new Event('change'));"
        "s.value = 'compat'; s.dispatchEvent(new Event('change'));")
    verdict = p.settle("invalid")
    sent = p.calls("/v1/validate")
    expect(len(sent) == 2, "expected 2 validate requests, got " + repr(sent))
    expect(sent[0]["aborted"] and "profile=strict" in sent[0]["url"], "the first request was not aborted: " + repr(sent))
    expect(not sent[1]["aborted"] and "profile=compat" in sent[1]["url"], "the second request was aborted: " + repr(sent))
    expect("compat" in verdict["text"], "the verdict is not the newer request's: " + repr(verdict["text"]))
    return "first aborted, verdict from the second: " + verdict["text"]


def check_profile(p):
    p.choose("schema", "auto")
    p.choose("profile", "compat")
    p.paste(USER_COMPAT_ONLY)
    compat = p.settle("valid")
    expect(p.marked_lines() == [], "lines marked on a valid payload: %r" % p.marked_lines())
    p.choose("profile", "strict")
    strict = p.settle("invalid")
    expect("strict" in strict["text"] and "compat" in compat["text"], "verdicts: %r / %r" % (compat, strict))
    expect(any(q["rule"] == "required" for q in p.problems()), "strict does not report the missing type")
    p.choose("profile", "compat")
    back = p.settle("valid")
    return "compat: %s | strict: %s | compat again: %s" % (compat["text"], strict["text"], back["text"])


def check_tabs(p):
    expect(p.js("return document.getElementById('profile').value") == "compat", "profile is not compat")
    p.driver.find_element(By.ID, "tab-problems").click()
    expect(p.active_id() == "tab-problems", "clicking the tab did not focus it")
    p.press(Keys.ARROW_RIGHT)
    expect(p.active_id() == "tab-canonical" and p.selected_tab() == "tab-canonical", "ArrowRight: focus on " + repr(p.active_id()))
    expect(p.visible_panels() == ["panel-canonical"], "visible panels: %r" % p.visible_panels())
    p.wait(lambda: '"id": "user-ana-lima"' in p.js("return document.getElementById('canonical-output').textContent"),
           "the canonical form")
    canonical = p.js("return document.getElementById('canonical-output').textContent")
    p.press(Keys.ARROW_RIGHT)
    expect(p.active_id() == "tab-record" and p.visible_panels() == ["panel-record"], "ArrowRight to the record tab")
    p.wait(lambda: "user-ana-lima" in p.js("return document.getElementById('record-output').textContent"), "the record form")
    p.press(Keys.ARROW_RIGHT)
    expect(p.active_id() == "tab-problems", "ArrowRight does not wrap to the first tab")
    p.press(Keys.ARROW_LEFT)
    expect(p.active_id() == "tab-record", "ArrowLeft does not wrap to the last tab")
    p.press(Keys.HOME)
    expect(p.active_id() == "tab-problems" and p.visible_panels() == ["panel-problems"], "Home")
    p.press(Keys.END)
    expect(p.active_id() == "tab-record", "End")
    tabindexes = p.js("return arguments[0].map(function (id) { return document.getElementById(id).tabIndex; })", TABS)
    expect(tabindexes == [-1, -1, 0], "roving tabindex: %r" % tabindexes)
    p.press(Keys.TAB)
    expect(p.active_id() == "panel-record", "Tab from the tab goes to " + repr(p.active_id()))
    p.press(Keys.SHIFT + Keys.TAB)
    p.press(Keys.HOME)
    expect(p.selected_tab() == "tab-problems", "back on Problems")
    return "canonical form: " + " ".join(canonical.split())[:80]


def check_copy(p):
    p.driver.find_element(By.ID, "copy-curl").click()
    command = p.js("return document.getElementById('share-output').value")
    prefix = "curl -sS -X POST '" + p.url + "/v1/validate?schema=auto&profile=compat&format=json'"
    expect(command.startswith(prefix), "curl command starts " + repr(command[:120]))
    run = subprocess.run(["bash", "-c", command], capture_output=True, text=True, timeout=p.timeout)
    expect(run.returncode == 0, "the curl command failed: " + run.stderr[:300])
    report = json.loads(run.stdout)
    outcomes = [r.get("outcome") for r in report.get("results", [])]
    expect(outcomes == ["valid"], "curl's verdict %r differs from the page's (valid)" % outcomes)
    p.driver.find_element(By.ID, "copy-ndjson").click()
    ndjson = p.js("return document.getElementById('share-output').value")
    lines = ndjson.splitlines()
    expect(len(lines) == 1 and json.loads(lines[0]) == json.loads(USER_COMPAT_ONLY), "NDJSON copy: " + repr(ndjson))
    # The clipboard answers asynchronously: the status follows (copied, or "copy it from there").
    p.wait(lambda: "NDJSON" in p.js("return document.getElementById('copy-status').textContent"), "the NDJSON copy status")
    return "curl answered %r; NDJSON %d bytes" % (outcomes, len(lines[0]))


def check_refusal(p):
    # A schema the server does not know (added to the picker here): its 400 answer is the verdict.
    p.js("var o = document.createElement('option'); o.value = 'no-such-schema'; o.textContent = 'x';"
         "document.getElementById('schema').appendChild(o);")
    p.choose("schema", "no-such-schema")
    verdict = p.settle("error")
    expect("HTTP 400" in verdict["text"] and "no-such-schema" in verdict["text"], "verdict: " + repr(verdict["text"]))
    expect(p.marked_lines() == [] and p.problems() == [], "a refused request left marks or problems")
    p.choose("schema", "auto")
    p.js("var s = document.getElementById('schema'); s.removeChild(s.lastChild);")
    p.settle("valid")
    return verdict["text"]


def check_phone(p):
    p.driver.set_window_size(375, 812)
    p.wait(lambda: p.js("return window.innerWidth") <= 375, "a 375 px viewport")
    width = p.js("return [window.innerWidth, document.documentElement.scrollWidth]")
    expect(width[1] <= width[0], "the page is %d px wide in a %d px viewport" % (width[1], width[0]))
    editor = p.js("var r = document.getElementById('payload').getBoundingClientRect(); return [r.width, r.height]")
    expect(editor[0] >= 200 and editor[1] >= 150, "the editor is %r at 375 px" % editor)
    return "viewport %d px, page %d px, editor %dx%d" % (width[0], width[1], editor[0], editor[1])


def check_screenshot(p, path):
    p.driver.set_window_size(1280, 1000)
    p.wait(lambda: p.js("return window.innerWidth") >= 1200, "a desktop viewport")
    p.driver.get(p.url + "/")  # a fresh page: it opens on the invalid message, auto, standard
    expect(p.js("return [document.getElementById('schema').value, document.getElementById('profile').value]")
           == ["auto", "standard"], "the pickers do not open on auto and standard")
    p.settle("invalid")
    p.wait(lambda: sorted(p.marked_lines()) == [1, 7], "lines 1 and 7 marked")
    expect(p.driver.save_screenshot(path), "the screenshot was not saved")
    with open(path, "rb") as f:
        expect(f.read(8) == b"\x89PNG\r\n\x1a\n", "the screenshot is not a PNG")
    return "%s (%d bytes)" % (path, os.path.getsize(path))


def check_server_profile(p, expected):
    p.driver.get(p.url + "/")
    picked = p.js("return document.getElementById('profile').value")
    expect(picked == expected, "the profile picker opens on %r, not the server's %r" % (picked, expected))
    verdict = p.settle("invalid")
    expect(expected in verdict["text"], "the first verdict is not under %s: %r" % (expected, verdict["text"]))
    sent = p.js("return performance.getEntriesByType('resource').map(function (r) { return r.name; })"
                ".filter(function (n) { return n.indexOf('/v1/validate') >= 0; })")
    expect(sent and all(("profile=" + expected) in url for url in sent), "validate requests: %r" % sent)
    return "picker %s; %s" % (picked, verdict["text"])


# Each line holds one mistake; the token the caret must be put before, after characters that
# take two UTF-16 code units (emoji, a flag of two regional indicators, a skin tone) or one
# (é, a combining accent), or none.
EMOJI_PAYLOAD = (
    '{\n'
    '  "id": "\U0001F600\U0001F600-ana", "name": 5,\n'
    '  "type": "\U0001F1F5\U0001F1F9 \U0001F44D\U0001F3FD", "email": 7,\n'
    '  "externalId": "e\u0301\u00e9", "profileUrl": 8,\n'
    '  "status": true\n'
    '}\n'
)
EMOJI_TOKENS = {2: "5,", 3: "7,", 4: "8,", 5: "true"}


def check_emoji_caret(p):
    p.choose("schema", "user")
    p.paste(EMOJI_PAYLOAD)
    p.wait(lambda: any(q["line"] == "5" for q in p.problems()), "the problems of the pasted payload")
    p.settle("invalid")
    located = {}
    for problem in p.problems():
        if problem["line"] is not None:
            located.setdefault(int(problem["line"]), problem)
    expect(sorted(located) == sorted(EMOJI_TOKENS), "problems on lines %r, not %r: %r" % (sorted(located), sorted(EMOJI_TOKENS), p.problems()))
    carets = []
    for line, token in sorted(EMOJI_TOKENS.items()):
        p.driver.find_element(By.CSS_SELECTOR, '#problems .problem[data-line="%d"] .loc' % line).click()
        caret = p.js("var e = document.getElementById('payload');"
                     "return [document.activeElement === e, e.value.slice(0, e.selectionStart).split('\\n').length,"
                     " e.value.slice(e.selectionStart, e.selectionStart + arguments[0])];", len(token))
        expect(caret == [True, line, token],
               "the %s button (line %d) put the caret at %r, not before %r" % (located[line]["location"], line, caret, token))
        carets.append("%s->%r" % (located[line]["location"], token))
    p.choose("schema", "auto")
    return "; ".join(carets)


ARRAY_PAYLOAD = (
    '[\n'
    '  {"id": "user-ana-lima", "name": "Ana Lima", "type": "moderator", "updated": "2024-03-05T14:48:00.123Z"},\n'
    '  {"id": "user-bo", "name": 5, "type": "moderator"}\n'
    ']\n'
)


def check_json_array(p):
    p.choose("schema", "user")
    p.count_fetches()
    p.paste(ARRAY_PAYLOAD)
    p.wait(lambda: "2 payloads" in p.verdict()["text"]
           and p.js("return document.getElementById('busy').textContent") == "", "the array's verdict")
    verdict = p.settle("invalid")
    sent = p.calls("/v1/validate")
    expect(sent and "format=json-array" in sent[-1]["url"], "the array was not sent as json-array: %r" % sent)
    expect("2 payloads" in verdict["text"] and "1 valid" in verdict["text"] and "1 invalid" in verdict["text"],
           "verdict: %r" % verdict["text"])
    problems = p.problems()
    expect(len(problems) == 1 and problems[0]["line"] == "3" and problems[0]["pointer"] == "/name",
           "problems: %r" % problems)
    expect(p.marked_lines() == [3], "marked lines %r, not [3]" % p.marked_lines())
    shown = verdict["text"] + " ".join(q["message"] for q in problems)
    expect("--" not in shown, "the page's advice names a CLI flag: %r" % shown)
    p.driver.find_element(By.ID, "tab-canonical").click()
    p.wait(lambda: "// payload 2 ([1])" in p.js("return document.getElementById('canonical-output').textContent"),
           "the canonical form of each element")
    canonical = p.js("return document.getElementById('canonical-output').textContent")
    expect('"id": "user-ana-lima"' in canonical, "canonical form: %r" % canonical[:300])
    p.driver.find_element(By.ID, "tab-problems").click()
    p.driver.find_element(By.ID, "copy-curl").click()
    command = p.js("return document.getElementById('share-output').value")
    expect("format=json-array" in command, "curl command: %r" % command[:200])
    run = subprocess.run(["bash", "-c", command], capture_output=True, text=True, timeout=p.timeout)
    outcomes = [r.get("outcome") for r in json.loads(run.stdout).get("results", [])]
    expect(outcomes == ["valid", "invalid"], "curl's verdict %r" % outcomes)
    # An element that is not an object, under auto: the advice names the page's controls.
    p.choose("schema", "auto")
    p.paste('[\n  {"id": "user-bo", "name": "Bo", "type": "moderator"},\n  7\n]\n')
    p.wait(lambda: any(q["line"] == "3" and q["rule"] == "auto" for q in p.problems()), "the problem of the element 7")
    advice = [q["message"] for q in p.problems() if q["line"] == "3" and q["rule"] == "auto"][0]
    expect("--" not in advice and "schema=" not in advice and "Schema picker" in advice, "advice: %r" % advice)
    return "%s; curl %r; %s" % (verdict["text"], outcomes, advice)


def check_console(p):
    errors = [e for e in p.driver.get_log("browser")
              if e.get("level") == "SEVERE" and "/v1/" not in e.get("message", "")]
    expect(errors == [], "console errors: " + repr(errors[:5]))
    return "no script errors"


def main():
    parser = argparse.ArgumentParser(description="Drive the playground page in headless Chromium.")
    parser.add_argument("url", help="the server, e.g. http://127.0.0.1:8080")
    parser.add_argument("screenshot", help="where to write the desktop-width screenshot (PNG)")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--chromedriver", default="/usr/bin/chromedriver")
    parser.add_argument("--timeout", type=float, default=30.0, help="seconds to wait for one thing")
    parser.add_argument("--checks", default="", help="run only these checks (comma-separated names)")
    parser.add_argument("--expect-profile", default="standard", help="the server's --profile (server-profile)")
    args = parser.parse_args()

    summary = {"url": args.url, "screenshot": os.path.abspath(args.screenshot), "checks": []}
    options = webdriver.ChromeOptions()
    options.binary_location = args.chromium
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                 "--window-size=1280,1000", "--hide-scrollbars", "--force-device-scale-factor=1",
                 "--no-first-run", "--disable-extensions", "--lang=en-US"):
        options.add_argument(flag)
    profile_dir = tempfile.TemporaryDirectory(prefix="playground-chromium-")
    options.add_argument("--user-data-dir=" + profile_dir.name)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    try:
        driver = webdriver.Chrome(service=Service(executable_path=args.chromedriver), options=options)
    except Exception as error:  # noqa: BLE001 - reported, not hidden
        summary.update(passed=False, error="the browser did not start: %s" % error)
        print(json.dumps(summary, indent=2))
        profile_dir.cleanup()
        return 2
    try:
        driver.set_window_size(1280, 1000)
        driver.set_script_timeout(args.timeout)
        page = Playground(driver, args.url, args.timeout)
        steps = [
            ("page", check_page), ("controls", check_controls), ("invalid", check_invalid),
            ("abort", check_abort), ("profile", check_profile), ("tabs", check_tabs), ("copy", check_copy), ("refusal", check_refusal),
            ("phone", check_phone), ("screenshot", lambda p: check_screenshot(p, args.screenshot)),
            ("console", check_console),
        ]
        if args.checks:
            extra = {"server-profile": lambda p: check_server_profile(p, args.expect_profile),
                     "emoji-caret": check_emoji_caret, "json-array": check_json_array}
            known = dict(steps, **extra)
            names = [n for n in args.checks.split(",") if n]
            unknown = [n for n in names if n not in known]
            if unknown:
                raise SystemExit("unknown checks: %s" % ", ".join(unknown))
            steps = [(n, known[n]) for n in names]
        for name, step in steps:
            try:
                detail = step(page)
                summary["checks"].append({"name": name, "passed": True, "detail": detail})
            except CheckFailed as failure:
                summary["checks"].append({"name": name, "passed": False, "detail": str(failure)})
            except Exception:  # noqa: BLE001 - a broken step is a failed check, and the rest still run
                summary["checks"].append({"name": name, "passed": False, "detail": traceback.format_exc(limit=3)})
    finally:
        driver.quit()
        profile_dir.cleanup()
    summary["passed"] = all(c["passed"] for c in summary["checks"]) and len(summary["checks"]) > 0
    print(json.dumps(summary, indent=2))
    return 0 if summary["passed"] else 1


if __name__ == "__main__":
    sys.exit(main())
