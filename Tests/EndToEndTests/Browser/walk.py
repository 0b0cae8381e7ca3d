#!/usr/bin/python3
"""A real headless Chromium through the pages of `loans serve`, driven by Selenium (run by
ServeBrowserTests with a deadline; every wait here has its own).

usage: walk.py BASE LINK LOANS_BINARY [--screenshots DIR]

BASE is the server's origin (http://127.0.0.1:PORT), LINK the one-time sign-in link it printed,
LOANS_BINARY the loans the test runs (its environment names the same database). Prints one line
per step; exits 0 when every check held, 1 with the failed check on the last line.
"""
import http.server
import json
import os
import re
import socket
import subprocess
import sys
import threading
import time
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

PATIENCE = 20


class Failed(Exception):
    pass


def check(condition, what):
    if not condition:
        raise Failed(what)
    print("ok:", what, flush=True)


def loans(binary, *arguments):
    """Runs the test's loans (same database) and returns its stdout."""
    run = subprocess.run([binary, *arguments], capture_output=True, text=True, timeout=60)
    if run.returncode != 0:
        raise Failed(f"loans {' '.join(arguments)} exited {run.returncode}: {run.stderr}")
    return run.stdout


def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,800",
                     "--no-first-run", "--disable-extensions", "--lang=en-US"]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.set_page_load_timeout(PATIENCE)
    driver.set_script_timeout(PATIENCE)
    return driver


def wait(driver, condition, what):
    """Waits for `condition`; a page in the middle of loading (an element gone stale) is asked again."""
    try:
        WebDriverWait(driver, PATIENCE).until(lambda d: _asked(d, condition))
    except Exception:
        raise Failed(f"{what} (waited {PATIENCE} s; at {driver.current_url})")
    print("ok:", what, flush=True)


def flash(driver):
    found = driver.find_elements(By.CSS_SELECTOR, "p.flash")
    return found[0].text if found else ""


def fill(driver, field_id, text):
    element = driver.find_element(By.ID, field_id)
    element.clear()
    element.send_keys(text)


def submit(driver, form_action):
    """Sends the form and waits until the answer is a new, loaded page: a check made sooner
    (axe injected, a field read) would land on the page that is being left."""
    driver.execute_script("window.loansLeaving = true;")
    driver.find_element(By.CSS_SELECTOR, f'form[action="{form_action}"] button[type="submit"]').click()
    left = lambda d: d.execute_script("return window.loansLeaving === undefined && document.readyState === 'complete'")
    try:
        WebDriverWait(driver, PATIENCE).until(lambda d: _asked(d, left))
    except Exception:
        raise Failed(f"the answer to {form_action} loads (waited {PATIENCE} s; at {driver.current_url})")


def _asked(driver, condition):
    try:
        return condition(driver)
    except Exception:
        return False


def stream_answered(driver):
    """Whether the browser has had the answer to the page's `/events` since the performance log
    was last read: a write made before that would happen before the page listens."""
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message.get("method") == "Network.responseReceived" and message["params"]["response"]["url"].endswith("/events"):
            return True
    return False


def multipart(driver, base, binary):
    """The add form sent as multipart/form-data, as the browser makes it for a form of that
    enctype (the token one part among the others): the server takes it like the plain form."""
    driver.get(base + "/loans/new")
    driver.execute_script("document.querySelector('form[action=\"/loans\"]').enctype = 'multipart/form-data';")
    fill(driver, "add-title", "Tent, sent in parts")
    driver.find_element(By.CSS_SELECTOR, 'input[name="direction"][value="borrowed"]').click()
    fill(driver, "add-counterparty", "Priya")
    fill(driver, "add-due", "+3d")
    driver.get_log("performance")
    submit(driver, "/loans")
    wait(driver, lambda d: "Added loan #" in flash(d), "a multipart form is taken")
    sent = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message.get("method") == "Network.requestWillBeSent" and message["params"]["request"]["url"] == base + "/loans":
            sent.append(message["params"]["request"]["headers"].get("Content-Type", ""))
    check(any(kind.startswith("multipart/form-data; boundary=") for kind in sent), f"the browser sent it in parts: {sent}")
    check("Tent, sent in parts" in loans(binary, "list") and "borrowed from Priya" in loans(binary, "list"), "the store has it")


def severe_console(driver):
    """The console's errors since last asked, but the answers the walk asks for on purpose
    (a missing loan's 404, a refused form's 422 or 403, the live stream refused once signed out)."""
    expected = ("the server responded with a status of 4", "EventSource's response has a status of 401")
    return [entry["message"] for entry in driver.get_log("browser")
            if entry.get("level") == "SEVERE" and not any(words in entry["message"] for words in expected)]


def axe_check(driver, base, paths):
    from axe_selenium_python import Axe
    for path in paths:
        driver.get(base + path)
        axe = Axe(driver)
        axe.inject()
        results = axe.run()
        bad = [v for v in results["violations"] if v.get("impact") in ("serious", "critical")]
        check(not bad, f"axe finds no serious or critical violation on {path}: " + json.dumps([(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3]) for v in bad]))


def hostile(driver, base, binary):
    """Titles and notes that would run if they were markup: they show as text, run nothing."""
    payloads = [
        '"><script>window.pwned="script"</script>',
        "<img src=x onerror=\"window.pwned='img'\">",
        "javascript:window.pwned='link'",
        "\u202egnp.exe\u202c <svg onload=window.pwned='svg'>",
    ]
    ids = [loans(binary, "add", title, "--to", "javascript:window.pwned='to'", "--due", "+1d", "--note", "</textarea><script>window.pwned='note'</script>").strip() for title in payloads]
    driver.get_log("browser")
    for path in ["/", "/all", "/search?q=script", "/loans/" + ids[0], "/loans/" + ids[1], "/loans/" + ids[3], "/loans/" + ids[0] + "/remove"]:
        driver.get(base + path)
        check(driver.execute_script("return window.pwned === undefined"), f"no payload ran on {path}")
    driver.get(base + "/")
    shown = [element.text for element in driver.find_elements(By.CSS_SELECTOR, "li.loan .loan-title bdi")]
    for title in payloads:
        check(title.replace("\u202e", "").replace("\u202c", "") in [t.replace("\u202e", "").replace("\u202c", "") for t in shown], f"the title {title!r} shows as text")
    links = [a.get_attribute("href") for a in driver.find_elements(By.TAG_NAME, "a")]
    check(not any(h and h.lower().startswith("javascript") for h in links), "no link leads to javascript:")
    driver.get(base + "/loans/" + ids[0])
    check(driver.find_element(By.CSS_SELECTOR, "dd.note-text").text.startswith("</textarea><script>"), "a note shows its markup as text")
    errors = severe_console(driver)
    check(not errors, f"the console has no error: {errors}")
    for loan in ids:
        loans(binary, "remove", loan)


def cross_origin(driver, base, binary):
    """A form on another local origin posts to the server: 403, and nothing is written."""
    target = loans(binary, "add", "Kept", "--to", "Rita", "--due", "+5d").strip()
    before = loans(binary, "history")
    page = f"""<!doctype html><html lang="en"><head><title>Elsewhere</title></head><body>
<form id="f" method="post" action="{base}/loans/{target}/remove"><input type="hidden" name="csrf" value="{'0' * 64}"></form>
<script>document.getElementById("f").submit();</script></body></html>""".encode()

    class Other(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(page)))
            self.end_headers()
            self.wfile.write(page)

        def log_message(self, *arguments):
            pass

    other = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Other)
    threading.Thread(target=other.serve_forever, daemon=True).start()
    try:
        driver.get(f"http://127.0.0.1:{other.server_address[1]}/")
        wait(driver, lambda d: d.current_url.startswith(base), "the other origin's form was sent to the server")
        wait(driver, lambda d: "Refused" in d.find_element(By.TAG_NAME, "h1").text, "the server refused it")
    finally:
        other.shutdown()
    check(loans(binary, "history") == before, "nothing was written")
    check("Kept" in loans(binary, "show", target), "the loan is still there")


def axe_here(driver, what):
    """axe-core on the page the browser shows now (one a form led to, which a GET cannot show again)."""
    from axe_selenium_python import Axe
    axe = Axe(driver)
    axe.inject()
    bad = [(v["id"], v["impact"]) for v in axe.run()["violations"] if v.get("impact") in ("serious", "critical")]
    check(not bad, f"axe finds no serious or critical violation on {what}: {bad}")


def share_page(driver, base, binary):
    """A share link, as the person it was made for opens it: no sign-in, their loans in their
    words, no form and no script, no Referer sent for what it loads, axe content, no sideways
    scrolling at 320 px; its feed answers too."""
    link = loans(binary, "share", "Alice").strip()
    check(link.startswith(base + "/s/"), f"loans share prints a link of this server: {link}")
    driver.get_log("performance")
    driver.get(link)
    wait(driver, lambda d: d.find_elements(By.TAG_NAME, "h1") and d.execute_script("return document.readyState") == "complete", "the share page loads")
    text = driver.find_element(By.TAG_NAME, "main").text
    check("You borrowed The Hobbit from " in text and "3 days overdue" in text, f"the share page speaks to Alice: {text!r}")
    check("Dune" not in text and "City Library" not in text, "and shows nothing that is not hers")
    check(not driver.find_elements(By.TAG_NAME, "form") and not driver.find_elements(By.TAG_NAME, "script"), "no form, no script")
    sent = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message.get("method") == "Network.requestWillBeSent" and "/static/" in message["params"]["request"]["url"]:
            sent.append({k.lower(): v for k, v in message["params"]["request"]["headers"].items()})
    check(sent and not any(headers.get("referer") for headers in sent), f"the stylesheet was asked for without a Referer: {sent}")
    axe_here(driver, "the share page")
    feed = driver.find_element(By.CSS_SELECTOR, 'a[href$="/calendar.ics"]:not([href^="webcal"])').get_attribute("href")
    with urllib.request.urlopen(feed, timeout=PATIENCE) as answer:
        check(answer.status == 200 and answer.headers["Content-Type"].startswith("text/calendar"), "its feed answers with no cookie")
    return link


def feed_page(driver, base):
    """The agenda's button makes the account's private feed; the page shows its address once, as
    text to select, and a calendar app (no cookie) reads it."""
    driver.get(base + "/")
    submit(driver, "/feeds")
    wait(driver, lambda d: "webcal://" in d.find_element(By.CSS_SELECTOR, "p.secret code").text, "the feed's address is shown")
    address = driver.find_element(By.CSS_SELECTOR, "p.secret code").text
    selected = driver.execute_script(
        "const code = document.querySelector('p.secret code'); const range = document.createRange(); range.selectNodeContents(code);"
        " const selection = window.getSelection(); selection.removeAllRanges(); selection.addRange(range); return selection.toString();")
    check(selected == address, "the address can be selected as text, without a script of the page's")
    axe_here(driver, "the feed's page")
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 320, "height": 640, "deviceScaleFactor": 1, "mobile": True})
    scroll = driver.execute_script("return document.documentElement.scrollWidth")
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    check(scroll <= 320, f"no horizontal scrolling on the feed's page at 320 px ({scroll})")
    with urllib.request.urlopen("http://" + address[len("webcal://"):], timeout=PATIENCE) as answer:
        check(answer.status == 200 and b"BEGIN:VCALENDAR" in answer.read(), "the private feed answers with no cookie")


def keyboard_walk(driver, base, binary):
    """Tab and Enter only: from the agenda to the add form, a loan added, focus always visible."""
    driver.get(base + "/")
    wait(driver, lambda d: d.execute_script("return document.readyState") == "complete", "the agenda is loaded for the keyboard")

    def press(key, times=1):
        for _ in range(times):
            driver.switch_to.active_element.send_keys(key)

    def focused():
        return driver.switch_to.active_element

    def outline_visible():
        return driver.execute_script(
            "const s = getComputedStyle(document.activeElement); return s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0;")

    # Tab until the "Add a loan" link has the focus, checking that each stop shows it.
    for _ in range(30):
        press(Keys.TAB)
        check(outline_visible(), f"the focus on {focused().tag_name} {focused().text[:30]!r} is visible")
        if focused().tag_name == "a" and focused().text == "Add a loan":
            break
    else:
        raise Failed("Tab never reached 'Add a loan'")
    press(Keys.ENTER)
    wait(driver, lambda d: d.current_url.endswith("/loans/new"), "Enter follows the link")
    for _ in range(40):
        if focused().get_attribute("id") == "add-title":
            break
        press(Keys.TAB)
    check(focused().get_attribute("id") == "add-title", "Tab reaches the title field")
    focused().send_keys("Keyboard ladder")
    press(Keys.TAB)
    check(focused().get_attribute("name") == "direction", "then the direction")
    focused().send_keys(Keys.SPACE)
    for _ in range(4):
        press(Keys.TAB)
        if focused().get_attribute("id") == "add-counterparty":
            break
    check(focused().get_attribute("id") == "add-counterparty", "then who")
    focused().send_keys("Quinn")
    press(Keys.TAB)
    focused().send_keys("+4d")
    press(Keys.ENTER)
    wait(driver, lambda d: "Added loan #" in flash(d), "Enter sends the form")
    check("Keyboard ladder" in loans(binary, "list"), "the loan added by keyboard is in the store")


def narrow(driver, base, paths):
    """The narrowest phone (320 px): no page scrolls sideways, a title of one long word included."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 320, "height": 640, "deviceScaleFactor": 1, "mobile": True})
    for path in paths:
        driver.get(base + path)
        wait(driver, lambda d: d.find_elements(By.TAG_NAME, "h1"), f"{path} at 320 px")
        scroll = driver.execute_script("return document.documentElement.scrollWidth")
        check(scroll <= 320, f"no horizontal scrolling on {path} at 320 px ({scroll})")
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def screenshots(driver, base, folder):
    for width, height in [(375, 812), (1280, 800)]:
        for scheme in ["light", "dark"]:
            driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
            driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})
            driver.get(base + "/")
            wait(driver, lambda d: d.find_elements(By.TAG_NAME, "h1"), f"the agenda at {width}×{height}, {scheme}")
            scroll = driver.execute_script("return document.documentElement.scrollWidth")
            check(scroll <= width, f"no horizontal scrolling at {width} px ({scroll})")
            if folder:
                driver.save_screenshot(os.path.join(folder, f"agenda-{width}x{height}-{scheme}.png"))
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


def people_walk(driver, base, binary):
    """The people's pages as a household uses them: from a name in the agenda to the person's
    page, an address kept by its form (the store agrees), a share link made there and shown once
    (it opens the person's own page; theirs shows it no more); axe on each page, and none scrolls
    sideways at 320 px."""
    driver.get(base + "/")
    driver.find_element(By.CSS_SELECTOR, 'a[href="/people/Alice"]').click()
    wait(driver, lambda d: d.current_url == base + "/people/Alice" and d.find_element(By.TAG_NAME, "h1").text == "Alice", "a name leads to the person's page")
    check("The Hobbit" in driver.find_element(By.TAG_NAME, "main").text, "which shows what is between you")
    axe_here(driver, "a person's page")
    fill(driver, "person-email", "alice@example.org")
    submit(driver, "/people/Alice")
    wait(driver, lambda d: "alice@example.org" in flash(d), "the address is kept")
    check("alice@example.org" in loans(binary, "person", "Alice"), "the store agrees")
    submit(driver, "/people/Alice/share")
    wait(driver, lambda d: "/s/" in d.find_element(By.CSS_SELECTOR, "p.secret code").text, "a share link is shown")
    link = driver.find_element(By.CSS_SELECTOR, "p.secret code").text
    check(link.startswith(base + "/s/"), f"a link of this server: {link}")
    axe_here(driver, "the page of a new share link")
    driver.get(base + "/people/Alice")
    wait(driver, lambda d: d.find_elements(By.TAG_NAME, "h1"), "the person's page again")
    check(link[len(base):] not in driver.page_source, "the link is shown once")
    check(re.search(r"Share link\s+made ", driver.find_element(By.TAG_NAME, "main").text), "the page says one exists")
    driver.get(link)
    wait(driver, lambda d: "You borrowed The Hobbit from " in d.find_element(By.TAG_NAME, "main").text, "the link opens Alice's page")
    axe_check(driver, base, ["/people", "/people/Nobody"])
    narrow(driver, base, ["/people", "/people/Alice"])


def main():
    base, link, binary = sys.argv[1], sys.argv[2], sys.argv[3]
    folder = sys.argv[5] if len(sys.argv) > 5 and sys.argv[4] == "--screenshots" else None
    driver = browser()
    try:
        # Sign in with the one-time link.
        driver.get(link)
        submit(driver, "/login")
        wait(driver, lambda d: d.current_url == base + "/", "the one-time link signs in")
        # Read the agenda: the text front's words.
        text = driver.find_element(By.TAG_NAME, "main").text
        check("Overdue (1)" in text and "3 days overdue" in text and "lent to Alice" in text, "the agenda reads as the text front's")
        check("Due soon" in text and "due in 2 days" in text, "due soon follows overdue")
        # Add, renew, return, undo.
        driver.get(base + "/loans/new")
        fill(driver, "add-title", "Ladder")
        driver.find_element(By.CSS_SELECTOR, 'input[name="direction"][value="lent"]').click()
        fill(driver, "add-counterparty", "Sam")
        fill(driver, "add-due", "fri")
        submit(driver, "/loans")
        wait(driver, lambda d: "Added loan #" in flash(d), "a loan is added")
        loan = driver.current_url.rsplit("/", 1)[1]
        fill(driver, "renew-by", "+1w")
        submit(driver, f"/loans/{loan}/renew")
        wait(driver, lambda d: "Renewed loan #" + loan in flash(d), "renewed")
        submit(driver, f"/loans/{loan}/return")
        wait(driver, lambda d: "Returned loan #" + loan in flash(d), "returned")
        submit(driver, "/undo")
        wait(driver, lambda d: flash(d).startswith("Undid: returned #" + loan), "the return is undone")
        check("not yet" in loans(binary, "show", loan), "the store agrees: open again")
        # A refused slip: 422, the input kept, the command line's words.
        driver.get(base + "/loans/new")
        fill(driver, "add-title", "Rope")
        fill(driver, "add-counterparty", "Kim")
        fill(driver, "add-due", "someday")
        submit(driver, "/loans")
        wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".problems"), "a refused form comes back")
        check(driver.find_element(By.ID, "add-due").get_attribute("value") == "someday", "with the input kept")
        check('"someday" is not a date' in driver.find_element(By.ID, "add-due-error").text, "and the command line's message")
        multipart(driver, base, binary)
        # Live: a write by the command line appears on the open page without a reload.
        driver.get_log("performance")
        driver.get(base + "/")
        wait(driver, lambda d: d.execute_script("return document.readyState") == "complete", "the agenda is loaded")
        wait(driver, lambda d: stream_answered(d), "the page's live stream is open")
        driver.execute_script("window.loansMarker = 'same page';")
        started = time.monotonic()
        loans(binary, "add", "Live from the CLI", "--from", "Pat", "--due", "+1d")
        wait(driver, lambda d: "Live from the CLI" in d.find_element(By.TAG_NAME, "main").text, "a CLI write appears on the open page")
        print(f"live: {time.monotonic() - started:.2f} s", flush=True)
        check(driver.execute_script("return window.loansMarker") == "same page", "without a reload")
        keyboard_walk(driver, base, binary)
        hostile(driver, base, binary)
        cross_origin(driver, base, binary)
        # axe-core on every page.
        open_id = loans(binary, "add", "Axe check", "--to", "Lee", "--due", "+2d").strip()
        axe_check(driver, base, ["/", "/all", "/returned", "/search?q=ladder", "/search", f"/loans/{open_id}", f"/loans/{loan}", "/loans/new",
                                 f"/loans/{open_id}/remove", "/loans/999999", "/?group=overdue&after=2026-01-01.1"])
        long_id = loans(binary, "add", "Supercalifragilisticexpialidocious" * 3, "--to", "Maximiliana-Wilhelmina", "--due", "+2d").strip()
        narrow(driver, base, ["/", "/all", "/returned", "/search?q=ladder", f"/loans/{open_id}", f"/loans/{long_id}", "/loans/new",
                              f"/loans/{open_id}/remove"])
        people_walk(driver, base, binary)
        share = share_page(driver, base, binary)
        feed_page(driver, base)
        narrow(driver, base, [share[len(base):]])
        driver.get(base + "/loans/new")
        submit(driver, "/loans")
        from axe_selenium_python import Axe
        axe = Axe(driver)
        axe.inject()
        bad = [v["id"] for v in axe.run()["violations"] if v.get("impact") in ("serious", "critical")]
        check(not bad, f"axe finds no serious or critical violation on a refused form: {bad}")
        screenshots(driver, base, folder)
        # Sign out.
        driver.get(base + "/")
        submit(driver, "/logout")
        wait(driver, lambda d: d.current_url == base + "/login", "signed out")
        driver.get(base + "/")
        check(driver.current_url == base + "/login", "a page asks to sign in again")
        axe_check(driver, base, ["/login", "/login?once=" + "0" * 64])
        errors = severe_console(driver)
        check(not errors, f"the console has no error: {errors}")
        print("walk: every check held", flush=True)
        return 0
    except Failed as failure:
        print("FAILED:", failure, flush=True)
        return 1
    finally:
        driver.quit()


if __name__ == "__main__":
    sys.exit(main())
